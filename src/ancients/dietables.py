"""Die tables with their exact odds: the shapes nearly every tabletop roll takes.

One die read against a list of faces or a table of results, as the rulebooks write them
("must roll a 5/6", "1/2 Routed ..., 5/6 Fall back in good order"): :class:`Faces` is
such a list, :class:`Check` a pass/fail roll against one, :class:`DieTable` a result for
every face. A bonus moves the roll one face per point in the direction the table calls
better ("6 becomes 5/6"), never past the die's ends. A chart read by the total of several
dice (2d6 and the like) is a :class:`DieChart`, one value per total. Each gives its exact
odds; :func:`binomial`, :func:`convolve` and :func:`distribution` combine them. The
``*_from`` readers build them from a data file's fields (:mod:`ancients.rulesdata`), each
error naming the file and the field.

>>> check = Check(Faces.parse("5/6", 6))
>>> check.probability(), check.probability(+1)
(Fraction(1, 3), Fraction(1, 2))
>>> DieChart(DiceSpec(2, 6), tuple(range(2, 13))).odds()[7]
Fraction(1, 6)
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Hashable, Iterable, Mapping
from fractions import Fraction
from math import comb
from typing import Generic, TypeVar

import attrs

from ancients.dice import Dice, DiceSpec, parse, pmf
from ancients.errors import DiceSpecError, RuleError
from ancients.rulesdata import Provenance
from ancients.scenario import Field

__all__ = [
    "Better",
    "Check",
    "DieChart",
    "DieTable",
    "Faces",
    "Rolled",
    "binomial",
    "convolve",
    "distribution",
    "read_check",
    "read_dice_spec",
    "read_die_chart",
    "read_die_table",
    "read_faces",
]

R = TypeVar("R", bound=Hashable)
K = TypeVar("K", bound=Hashable)
T = TypeVar("T", bound=Hashable)

_FACES = re.compile(r"^\s*\d+(\s*[/-]\s*\d+)*\s*$")


class Better(enum.StrEnum):
    """Which way a table's bonus moves the roll."""

    HIGH = "high"  # the high faces are the good results: +1 turns a 5 into a 6
    LOW = "low"  # the low faces are the good results: +1 turns a 2 into a 1


@attrs.frozen
class Faces:
    """A set of faces of one die of ``sides`` faces, as the text writes it: ``"5/6"``,
    ``"1/3/6"``, ``"4-6"``."""

    values: frozenset[int]
    sides: int

    def __attrs_post_init__(self) -> None:
        if self.sides < 1:
            raise DiceSpecError(f"a die needs at least one face, got {self.sides}")
        bad = sorted(v for v in self.values if not 1 <= v <= self.sides)
        if bad:
            raise DiceSpecError(f"faces {bad} are not on a {self.sides}-sided die")

    @classmethod
    def parse(cls, text: str, sides: int) -> Faces:
        """``"5/6"`` or ``"4-6"`` (a range) on a die of ``sides`` faces."""
        if not isinstance(text, str) or not _FACES.match(text):
            raise DiceSpecError(f"faces must be written like '5/6' or '4-6', got {text!r}")
        values: set[int] = set()
        for part in text.replace(" ", "").split("/"):
            lo, _, hi = part.partition("-")
            values.update(range(int(lo), int(hi or lo) + 1))
        return cls(frozenset(values), sides)

    def __contains__(self, face: object) -> bool:
        return face in self.values

    def __len__(self) -> int:
        return len(self.values)

    def __str__(self) -> str:
        return "/".join(map(str, sorted(self.values))) or "none"

    @property
    def probability(self) -> Fraction:
        """The chance that one die shows one of these faces."""
        return Fraction(len(self.values), self.sides)


def _read(sides: int, natural: int, modifier: int, better: Better) -> int:
    """The face a natural roll is read as after a bonus (clamped to the die's faces)."""
    if not 1 <= natural <= sides:
        raise DiceSpecError(f"a {sides}-sided die cannot show {natural}")
    moved = natural + modifier if better is Better.HIGH else natural - modifier
    return min(max(moved, 1), sides)


@attrs.frozen
class Rolled(Generic[R]):
    """One roll on a table: the die's face, the face it was read as, and the result."""

    natural: int
    face: int
    result: R


@attrs.frozen
class Check:
    """Pass on one of ``faces``; a bonus moves the roll towards ``better`` first."""

    faces: Faces
    better: Better = Better.HIGH

    @property
    def sides(self) -> int:
        return self.faces.sides

    def passes(self, natural: int, modifier: int = 0) -> bool:
        return _read(self.sides, natural, modifier, self.better) in self.faces

    def probability(self, modifier: int = 0) -> Fraction:
        """The exact chance of passing with this bonus."""
        wins = sum(1 for n in range(1, self.sides + 1) if self.passes(n, modifier))
        return Fraction(wins, self.sides)

    def roll(self, dice: Dice, reason: str, modifier: int = 0) -> Rolled[bool]:
        natural = dice.roll(DiceSpec(1, self.sides), reason)
        face = _read(self.sides, natural, modifier, self.better)
        return Rolled(natural, face, face in self.faces)

    def __str__(self) -> str:
        return str(self.faces)


@attrs.frozen
class DieTable(Generic[R]):
    """A result for every face of one die (``rows[0]`` for a 1). ``better`` says which way
    a bonus moves the roll; None: the table takes no bonus."""

    name: str
    rows: tuple[R, ...]
    better: Better | None = None
    reconstructed: bool = False
    reason: str = ""

    def __attrs_post_init__(self) -> None:
        if not self.rows:
            raise DiceSpecError(f"table {self.name!r} has no rows")

    @property
    def sides(self) -> int:
        return len(self.rows)

    @property
    def results(self) -> tuple[R, ...]:
        """The distinct results, in the order of the faces first giving them."""
        return tuple(dict.fromkeys(self.rows))

    def face(self, natural: int, modifier: int = 0) -> int:
        """The face a natural roll is read on."""
        if modifier and self.better is None:
            raise DiceSpecError(f"table {self.name!r} takes no bonus, got {modifier:+d}")
        return _read(self.sides, natural, modifier, self.better or Better.HIGH)

    def result(self, natural: int, modifier: int = 0) -> R:
        return self.rows[self.face(natural, modifier) - 1]

    def faces_of(self, result: R) -> Faces:
        """The faces giving ``result`` (with no bonus)."""
        return Faces(frozenset(i + 1 for i, r in enumerate(self.rows) if r == result),
                     self.sides)

    def odds(self, modifier: int = 0) -> dict[R, Fraction]:
        """The exact chance of each result with this bonus (results in table order)."""
        out: dict[R, Fraction] = dict.fromkeys(self.results, Fraction(0))
        for n in range(1, self.sides + 1):
            out[self.result(n, modifier)] += Fraction(1, self.sides)
        return out

    def roll(self, dice: Dice, reason: str, modifier: int = 0) -> Rolled[R]:
        natural = dice.roll(DiceSpec(1, self.sides), reason)
        face = self.face(natural, modifier)
        return Rolled(natural, face, self.rows[face - 1])

    def replaced(self, changes: Mapping[int, R]) -> DieTable[R]:
        """The same table with the results of some faces replaced."""
        rows = list(self.rows)
        for face, result in changes.items():
            rows[face - 1] = result
        return attrs.evolve(self, rows=tuple(rows))


@attrs.frozen
class DieChart(Generic[T]):
    """A chart read by the total of ``dice``: ``values[0]`` for the lowest total, one
    value per total. Totals beyond either end (after modifiers) read the end rows."""

    dice: DiceSpec
    values: tuple[T, ...]

    def __attrs_post_init__(self) -> None:
        totals = self.dice.maximum - self.dice.minimum + 1
        if len(self.values) != totals:
            raise RuleError(f"a {self.dice} chart needs {totals} values, got "
                            f"{len(self.values)}")

    def __call__(self, total: int) -> T:
        """The value for a (modified) total."""
        i = min(max(total - self.dice.minimum, 0), len(self.values) - 1)
        return self.values[i]

    def roll(self, dice: Dice, reason: str, modifier: int = 0) -> tuple[int, T]:
        """Roll the chart's dice: the total and the value it reads."""
        total = dice.roll(self.dice, reason)
        return total, self(total + modifier)

    def odds(self, modifier: int = 0) -> dict[T, Fraction]:
        """Exact probability of each value (``modifier`` added to the total)."""
        return distribution((self(total + modifier), p) for total, p in pmf(self.dice).items())


def binomial(n: int, p: Fraction) -> dict[int, Fraction]:
    """The exact distribution of successes in ``n`` independent tries of chance ``p``."""
    if n < 0:
        raise DiceSpecError(f"cannot make {n} tries")
    q = 1 - p
    return {k: comb(n, k) * p**k * q ** (n - k) for k in range(n + 1)}


def convolve(a: Mapping[int, Fraction], b: Mapping[int, Fraction]) -> dict[int, Fraction]:
    """The distribution of the sum of two independent integer quantities."""
    out: dict[int, Fraction] = {}
    for x, px in a.items():
        for y, py in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + px * py
    return dict(sorted(out.items()))


def distribution(items: Iterable[tuple[K, Fraction]]) -> dict[K, Fraction]:
    """Add up the probability of equal outcomes (dropping impossible ones)."""
    out: dict[K, Fraction] = {}
    for key, p in items:
        if p:
            out[key] = out.get(key, Fraction(0)) + p
    return out


# -- read from a data file -----------------------------------------------------------------
def read_faces(field: Field, die: int) -> Faces:
    """Faces written like ``"5/6"`` or ``"4-6"`` in a field, on a die of ``die`` faces."""
    try:
        return Faces.parse(field.as_str(), die)
    except DiceSpecError as e:
        raise field.error(str(e)) from None


def read_check(field: Field, die: int, better: Better = Better.HIGH) -> Check:
    """A :class:`Check` on the faces a field writes."""
    return Check(read_faces(field, die), better)


def read_die_table(field: Field, name: str, die: int, result: Callable[[Field], R],
                   better: Better | None = None, *, faces: Field | None = None
                   ) -> DieTable[R]:
    """A table of ``faces = result`` pairs (under ``field.faces``, or ``faces``) covering
    the die exactly once, with ``field``'s provenance."""
    rows_f = field["faces"] if faces is None else faces
    rows: dict[int, R] = {}
    for key, value in rows_f.entries():
        try:
            covered = Faces.parse(key, die)
        except DiceSpecError as e:
            raise value.error(str(e)) from None
        twice = sorted(covered.values & rows.keys())
        if twice:
            raise value.error(f"faces {twice} are given twice")
        got = result(value)
        rows.update(dict.fromkeys(covered.values, got))
    missing = sorted(set(range(1, die + 1)) - rows.keys())
    if missing:
        raise rows_f.error(f"no result for faces {missing}")
    prov = Provenance.of(field)
    return DieTable(name, tuple(rows[f] for f in range(1, die + 1)), better,
                    prov.reconstructed, prov.reason)


def read_dice_spec(field: Field) -> DiceSpec:
    """A dice spec (``"2d6"``) read from a field."""
    text = field.as_str()
    try:
        return parse(text)
    except DiceSpecError as e:
        raise field.error(str(e)) from None


def read_die_chart(field: Field, dice: DiceSpec, read: Callable[[Field], T]) -> DieChart[T]:
    """A :class:`DieChart` from an array field, one value per total of ``dice``."""
    values = tuple(read(v) for v in field.items())
    totals = dice.maximum - dice.minimum + 1
    if len(values) != totals:
        raise field.error(f"needs {totals} values, one per total {dice.minimum}..{dice.maximum}"
                          f" of {dice}, got {len(values)}")
    return DieChart(dice, values)
