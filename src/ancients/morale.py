"""Morale tests: dice against a target, with modifiers that carry their reasons.

>>> MoraleTest(target=7).probability() == 21 / 36
True
>>> t = MoraleTest(target=7, modifiers=[("leader in the stack", +2)])
>>> t.total_modifier
2
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Literal, TypeAlias

import attrs
import numpy as np
import numpy.typing as npt

from ancients.dice import Dice, DiceSpec, parse
from ancients.errors import DiceSpecError

__all__ = ["Modifier", "MoraleResult", "MoraleTest", "Passes"]

Passes: TypeAlias = Literal["at_least", "at_most"]


@attrs.frozen
class Modifier:
    """A value added to the roll, and why (``Modifier("leader within 2 hexes", +1)``)."""

    reason: str
    value: int

    def __str__(self) -> str:
        return f"{self.value:+d} {self.reason}"


def _modifiers(items: Iterable[Modifier | tuple[str, int]]) -> tuple[Modifier, ...]:
    out = []
    given: Iterable[object] = items  # whatever the caller passed: checked here
    for m in given:
        if isinstance(m, Modifier):
            out.append(m)
        elif isinstance(m, tuple) and len(m) == 2:
            out.append(Modifier(str(m[0]), int(m[1])))
        else:
            raise DiceSpecError(f"a modifier must be Modifier(reason, value) or a pair, got {m!r}")
    return tuple(out)


def _dice(value: str | DiceSpec) -> DiceSpec:
    return parse(value)


def _passes(value: str) -> Passes:
    if value not in ("at_least", "at_most"):
        raise DiceSpecError(f"passes must be 'at_least' or 'at_most', got {value!r}")
    return value  # type: ignore[return-value]


@attrs.frozen
class MoraleResult:
    """What a morale test roll gave."""

    test: MoraleTest
    passed: bool
    natural: int  # the dice total before modifiers
    total: int  # natural + modifiers
    margin: int  # by how much it passed (>= 0) or failed (< 0)

    @property
    def modifiers(self) -> tuple[Modifier, ...]:
        return self.test.modifiers

    def __str__(self) -> str:
        mods = "".join(f" {m}" for m in self.modifiers)
        word = "passed" if self.passed else "failed"
        op = ">=" if self.test.passes == "at_least" else "<="
        return (f"{word}: {self.test.dice} rolled {self.natural}{mods} = {self.total} "
                f"({op} {self.test.target})")


@attrs.frozen
class MoraleTest:
    """Roll ``dice``, add the modifiers; pass if the total is at least (or at most) ``target``."""

    target: int
    dice: DiceSpec = attrs.field(default=DiceSpec(2, 6), converter=_dice)
    passes: Passes = attrs.field(default="at_least", converter=_passes)
    modifiers: tuple[Modifier, ...] = attrs.field(default=(), converter=_modifiers)

    @property
    def total_modifier(self) -> int:
        return sum(m.value for m in self.modifiers)

    def with_modifier(self, reason: str, value: int) -> MoraleTest:
        """The same test with one more modifier."""
        return attrs.evolve(self, modifiers=(*self.modifiers, Modifier(reason, value)))

    def margin(self, total: int) -> int:
        """How far a modified total is on the passing side of the target (negative: failed)."""
        return total - self.target if self.passes == "at_least" else self.target - total

    def roll(self, dice: Dice, reason: str | None = "morale test") -> MoraleResult:
        """Roll the test with the battle's dice."""
        natural = dice.roll(self.dice, reason)
        total = natural + self.total_modifier
        margin = self.margin(total)
        return MoraleResult(self, margin >= 0, natural, total, margin)

    def exact_probability(self) -> Fraction:
        """Exact probability of passing."""
        mod = self.total_modifier
        return sum(
            (p for total, p in self.dice.pmf().items() if self.margin(total + mod) >= 0),
            Fraction(0),
        )

    def probability(self) -> float:
        """Probability of passing, as the float nearest the exact value."""
        return float(self.exact_probability())

    def sample(self, dice: Dice, size: int) -> npt.NDArray[np.bool_]:
        """Pass/fail of ``size`` independent tests at once (numpy, for Monte Carlo)."""
        totals = dice.sample(self.dice, size)
        if self.passes == "at_least":
            return totals >= self.target - self.total_modifier
        return totals <= self.target - self.total_modifier
