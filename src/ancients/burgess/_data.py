"""Reading the package's tables (``ancients.burgess.data``, or a user's replacement)
through the core's :mod:`ancients.rulesdata`, with the value types the tables share."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any, TypeAlias, TypeVar

import attrs

from ancients.burgess.rolls import Better, Check, DieTable, Faces
from ancients.errors import DiceSpecError
from ancients.rulesdata import data_path, load_document, provenance
from ancients.scenario import Field

__all__ = [
    "DATA_PACKAGE",
    "Provenance",
    "Source",
    "check",
    "die_table",
    "document",
    "faces",
    "fraction",
    "inches",
    "sides",
]

DATA_PACKAGE = "ancients.burgess.data"

R = TypeVar("R")

#: where a table comes from: the built-in file (``""``), a user's file, or a raw document
#: already read (a variant's, with its parameters applied)
Source: TypeAlias = str | Path | Mapping[str, Any]


@attrs.frozen
class Provenance:
    """Whether a table (or a row) is as printed or a reconstruction, and why."""

    reconstructed: bool
    reason: str

    @classmethod
    def of(cls, field: Field) -> Provenance:
        return cls(*provenance(field))


def document(name: str, override: Source = "") -> Field:
    """The root of one of the package's data files (or of ``override``: a user's file, or
    a raw document, read as the built-in file of that name)."""
    if isinstance(override, Mapping):
        return Field.root(override, source=f"{data_path(DATA_PACKAGE, name)} (variant)")
    return load_document(DATA_PACKAGE, name, override)


def sides(doc: Field) -> int:
    """The faces of the die a document's rolls use (its root ``sides``)."""
    return int(doc["sides"].as_int(min=1, max=100))


def fraction(field: Field, *, low: Fraction | None = None,
             high: Fraction | None = None) -> Fraction:
    """A number given as an integer or as a fraction written ``"1/2"``."""
    value = field.value
    if isinstance(value, int) and not isinstance(value, bool):
        out = Fraction(value)
    else:
        text = field.as_str(pattern=r"\s*-?\d+(\s*/\s*\d+)?\s*")
        num, _, den = text.partition("/")
        if den and int(den) == 0:
            raise field.error("a fraction cannot have 0 below the line")
        out = Fraction(int(num), int(den or 1))
    if low is not None and out < low:
        raise field.error(f"{out} is below the minimum {low}")
    if high is not None and out > high:
        raise field.error(f"{out} is above the maximum {high}")
    return out


def inches(field: Field) -> Fraction:
    """A distance in inches (an integer or a fraction such as ``"3/2"``)."""
    return fraction(field)


def faces(field: Field, die: int) -> Faces:
    try:
        return Faces.parse(field.as_str(), die)
    except DiceSpecError as e:
        raise field.error(str(e)) from None


def check(field: Field, die: int, better: Better = Better.HIGH) -> Check:
    return Check(faces(field, die), better)


def die_table(field: Field, name: str, die: int, result: Callable[[Field], R],
              better: Better | None = None, *, faces: Field | None = None) -> DieTable[R]:
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
