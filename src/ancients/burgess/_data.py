"""Reading the package's tables (``ancients.burgess.data``, or a user's replacement)
through the core's :mod:`ancients.rulesdata` and :mod:`ancients.dietables` (faces, checks
and die tables), with the value types the tables share."""

from __future__ import annotations

from fractions import Fraction

from ancients.dietables import read_check as check
from ancients.dietables import read_die_table as die_table
from ancients.dietables import read_faces as faces
from ancients.rulesdata import Provenance, Source, load_document
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


def document(name: str, override: Source = "") -> Field:
    """The root of one of the package's data files (or of ``override``: a user's file, or
    a raw document, read as the built-in file of that name)."""
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
