"""Counting rules the text uses in several places: one die per so many hits or points with
its remainder rule, fractions of figures rounded, a unit split into parts.

>>> rule = PerDie(per=5, up_from=3)
>>> [rule.dice(n) for n in (0, 2, 3, 5, 7, 8, 10)]
[0, 0, 1, 1, 1, 2, 2]
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import attrs

from ancients.errors import RuleError

__all__ = ["PerDie", "round_half_down", "split"]


@attrs.frozen
class PerDie:
    """One die per ``per`` hits or points. A remainder of ``up_from`` or more rounds up to
    one more die, a smaller one rounds down (Deciding casualties: "1 or 2 - down, 3 or 4 -
    up"); a remainder of 0 is exact. Anything at all gives at least ``minimum`` dice."""

    per: int
    up_from: int
    minimum: int = 0

    def __attrs_post_init__(self) -> None:
        if self.per < 1:
            raise RuleError(f"one die per {self.per}: needs a positive count")
        if not 1 <= self.up_from <= self.per:
            raise RuleError(f"a remainder rounds up from 1..{self.per}, got {self.up_from}")
        if self.minimum < 0:
            raise RuleError(f"a minimum of {self.minimum} dice")

    def dice(self, n: int) -> int:
        """The dice rolled for ``n`` hits or points."""
        if n < 0:
            raise RuleError(f"cannot roll for {n} hits or points")
        if n == 0:
            return 0
        whole, remainder = divmod(n, self.per)
        return max(whole + (remainder >= self.up_from), self.minimum)


def round_half_down(x: Fraction) -> int:
    """The nearest whole number, an exact half rounding down (the text never rounds a
    half up: of five, 1-2 go down and only 3-4 up)."""
    down = x.numerator // x.denominator
    return down + (x - down > Fraction(1, 2))


def split(figures: int, fractions: Sequence[Fraction]) -> tuple[int, ...]:
    """``figures`` shared out in ``fractions`` (which add up to 1): every part but the last
    by :func:`round_half_down`, the last part the rest ("half stays and fights, half falls
    back": 7 figures are 3 and 4)."""
    if sum(fractions, Fraction(0)) != 1 or any(f < 0 for f in fractions):
        raise RuleError(f"parts of a unit must add up to the whole, got {list(fractions)}")
    parts = [min(round_half_down(f * figures), figures) for f in fractions[:-1]]
    rest = figures - sum(parts)
    if rest < 0:
        raise RuleError(f"cannot split {figures} figures in {list(fractions)}")
    return (*parts, rest)
