"""Reading Hoplomachia's data files through the core's :mod:`ancients.rulesdata`:
provenance, dice-indexed charts, enum values and dice specs, each error naming the file
and the field.

Rules functions refuse a request the rules do not allow with the library's
:class:`~ancients.errors.RuleError` (:func:`require`).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Hashable, Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any, Generic, TypeAlias, TypeVar

import attrs

from ancients.dice import Dice, DiceSpec, parse, pmf
from ancients.errors import DiceSpecError, RuleError
from ancients.hoplomachia.vocabulary import AreteLevel
from ancients.rulesdata import data_path, load_document, provenance
from ancients.scenario import Field

__all__ = [
    "DATA",
    "DieChart",
    "Provenance",
    "Source",
    "by_level",
    "dice_spec",
    "die_chart",
    "document",
    "enum_of",
    "keyed",
    "members",
    "require",
]

DATA = "ancients.hoplomachia.data"

T = TypeVar("T", bound=Hashable)
V = TypeVar("V")
E = TypeVar("E", bound=enum.Enum)


def require(condition: bool, message: str) -> None:
    """Raise :class:`RuleError` with ``message`` unless ``condition`` holds."""
    if not condition:
        raise RuleError(message)


@attrs.frozen
class Provenance:
    """Whether a table, row or value is as printed or reconstructed, and why."""

    reconstructed: bool
    reason: str

    @classmethod
    def of(cls, field: Field) -> Provenance:
        rec, reason = provenance(field)
        return cls(rec, reason)


#: where a table set is read from: the built-in file (""), a replacement file, or a raw
#: document already in memory (the built-in one with a variant's parameters applied)
Source: TypeAlias = "str | Path | Mapping[str, Any]"


def document(name: str, override: Source = "") -> Field:
    """The root field of one of the package's data files, of a user's replacement file, or
    of a raw document (a variant's: read as the built-in file, its values changed)."""
    if isinstance(override, Mapping):
        return Field.root(override, source=f"{data_path(DATA, name)} (variant)")
    return load_document(DATA, name, override)


def dice_spec(field: Field) -> DiceSpec:
    """A dice spec (``"2d6"``) read from a field."""
    text = field.as_str()
    try:
        return parse(text)
    except DiceSpecError as e:
        raise field.error(str(e)) from None


def enum_of(field: Field, kind: type[E]) -> E:
    """An enum member named by a field's string value."""
    member: E = field.enum(kind)
    return member


def members(field: Field, kind: type[E], complete: bool = True) -> dict[E, Field]:
    """The entries of a table keyed by an enum's values (every member, if ``complete``);
    ``reconstructed`` and ``reason`` are skipped."""
    out: dict[E, Field] = {}
    names = {str(m.value): m for m in kind}
    for key, value in field.entries():
        if key in ("reconstructed", "reason"):
            continue
        if key not in names:
            raise value.error(f"unknown key; expected one of: {', '.join(names)}")
        out[names[key]] = value
    if complete and len(out) != len(names):
        missing = [n for n, m in names.items() if m not in out]
        raise field.error(f"missing {', '.join(missing)}")
    return out


def keyed(field: Field, kind: type[E], read: Callable[[Field], V],
          complete: bool = True) -> dict[E, V]:
    """A table keyed by an enum's values, each value read by ``read``."""
    return {m: read(f) for m, f in members(field, kind, complete).items()}


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
        out: dict[T, Fraction] = {}
        for total, p in pmf(self.dice).items():
            v = self(total + modifier)
            out[v] = out.get(v, Fraction(0)) + p
        return out


def die_chart(field: Field, dice: DiceSpec, read: Callable[[Field], T]) -> DieChart[T]:
    """A :class:`DieChart` from an array field, one value per total of ``dice``."""
    values = tuple(read(v) for v in field.items())
    totals = dice.maximum - dice.minimum + 1
    if len(values) != totals:
        raise field.error(f"needs {totals} values, one per total {dice.minimum}..{dice.maximum}"
                          f" of {dice}, got {len(values)}")
    return DieChart(dice, values)


def by_level(field: Field, read: Callable[[Field], V]) -> dict[AreteLevel, V]:
    """Cells by Arete level: an array in the order eager, firm, unsteady, shaken, or a
    table keyed by level."""
    if isinstance(field.value, list):
        cells = list(field.items())
        if len(cells) != len(AreteLevel):
            raise field.error(f"needs {len(AreteLevel)} cells, one per Arete level "
                              f"({', '.join(AreteLevel)}), got {len(cells)}")
        return {level: read(cell) for level, cell in zip(AreteLevel, cells, strict=True)}
    return keyed(field, AreteLevel, read)
