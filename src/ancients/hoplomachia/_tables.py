"""Reading Hoplomachia's data files through the core's :mod:`ancients.rulesdata`
(provenance) and :mod:`ancients.dietables` (dice-indexed charts, dice specs): enum
values and tables keyed by them, each error naming the file and the field.

Rules functions refuse a request the rules do not allow with the library's
:class:`~ancients.errors.RuleError` (:func:`require`).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from typing import TypeVar

from ancients.dietables import DieChart
from ancients.dietables import read_dice_spec as dice_spec
from ancients.dietables import read_die_chart as die_chart
from ancients.errors import RuleError
from ancients.hoplomachia.vocabulary import AreteLevel
from ancients.rulesdata import Provenance, Source, load_document
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
    "lookup",
    "members",
    "require",
]

DATA = "ancients.hoplomachia.data"

V = TypeVar("V")
K = TypeVar("K")
E = TypeVar("E", bound=enum.Enum)


def lookup(table: Mapping[K, V], key: K, what: str, listing: str) -> V:
    """``table[key]``, or a :class:`RuleError` naming ``what`` is missing and listing the
    keys there are (``"no Andreia chart 'x'; the charts are: hoplite, ..."``)."""
    found = table.get(key)
    if found is None:
        raise RuleError(f"no {what} {key!r}; {listing}: {', '.join(map(str, table))}")
    return found


def require(condition: bool, message: str) -> None:
    """Raise :class:`RuleError` with ``message`` unless ``condition`` holds."""
    if not condition:
        raise RuleError(message)


def document(name: str, override: Source = "") -> Field:
    """The root field of one of the package's data files, of a user's replacement file, or
    of a raw document (a variant's: read as the built-in file, its values changed)."""
    return load_document(DATA, name, override)


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
