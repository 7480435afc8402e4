"""Offset coordinates (``"odd-q"`` / ``"even-q"`` column layouts) and ``"CCRR"`` labels."""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from ancients.errors import GeometryError
from ancients.hexgrid.coords import Hex


class OffsetLayout(StrEnum):
    """Column-offset layouts for flat-topped hexes (Red Blob naming)."""

    ODD_Q = "odd-q"  # odd columns shoved half a hex down
    EVEN_Q = "even-q"  # even columns shoved half a hex down


class Offset(NamedTuple):
    """0-based offset coordinate: ``col`` (= q) and ``row`` (growing southwards)."""

    col: int
    row: int


def _layout(layout: OffsetLayout | str) -> OffsetLayout:
    try:
        return OffsetLayout(layout)
    except ValueError:
        raise GeometryError(
            f"unknown offset layout {layout!r}; expected 'odd-q' or 'even-q'"
        ) from None


def to_offset(h: tuple[int, int], layout: OffsetLayout | str = OffsetLayout.ODD_Q) -> Offset:
    """Axial -> offset coordinates."""
    q, r = h
    if _layout(layout) is OffsetLayout.ODD_Q:
        return Offset(q, r + (q - (q & 1)) // 2)
    return Offset(q, r + (q + (q & 1)) // 2)


def from_offset(col: int, row: int, layout: OffsetLayout | str = OffsetLayout.ODD_Q) -> Hex:
    """Offset -> axial coordinates."""
    if _layout(layout) is OffsetLayout.ODD_Q:
        return Hex(col, row - (col - (col & 1)) // 2)
    return Hex(col, row - (col + (col & 1)) // 2)


def parse_label(label: str) -> Offset:
    """Parse a 4-digit ``"CCRR"`` label (1-based column, row) into a 0-based :class:`Offset`.

    >>> parse_label("0312")
    Offset(col=2, row=11)
    """
    if not isinstance(label, str):
        raise GeometryError(f"hex label must be a string, got {type(label).__name__}")
    if len(label) != 4 or not (label.isascii() and label.isdigit()):
        raise GeometryError(f"bad hex label {label!r}: expected 4 digits 'CCRR', e.g. '0312'")
    col, row = int(label[:2]), int(label[2:])
    if col == 0 or row == 0:
        raise GeometryError(f"bad hex label {label!r}: column and row are numbered from 01")
    return Offset(col - 1, row - 1)


def format_label(offset: tuple[int, int]) -> str:
    """Format a 0-based offset ``(col, row)`` as a ``"CCRR"`` label (``(2, 11)`` -> ``"0312"``)."""
    col, row = offset
    if not (0 <= col <= 98 and 0 <= row <= 98):
        raise GeometryError(f"offset {tuple(offset)!r} has no 'CCRR' label (needs 0..98 each)")
    return f"{col + 1:02d}{row + 1:02d}"


def hex_from_label(label: str, layout: OffsetLayout | str = OffsetLayout.ODD_Q) -> Hex:
    """The axial hex of a ``"CCRR"`` label."""
    col, row = parse_label(label)
    return from_offset(col, row, layout)


def hex_label(h: tuple[int, int], layout: OffsetLayout | str = OffsetLayout.ODD_Q) -> str:
    """The ``"CCRR"`` label of an axial hex."""
    return format_label(to_offset(h, layout))
