"""Axial hex coordinates (:class:`Hex`), the six side directions and pixel conversions.

Axial ``(q, r)`` with implied cube ``s = -q - r``; flat-topped hexes in columns, north is
decreasing ``r``; directions 1..6 clockwise from north (see :mod:`ancients.hexgrid`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from enum import IntEnum
from typing import NamedTuple, cast

from ancients.errors import GeometryError

_SQRT3 = math.sqrt(3.0)


class Hex(NamedTuple):
    """An axial hex coordinate: immutable, hashable, ordered by ``(q, r)``.

    ``+``/``-`` add and subtract coordinates, ``h * k`` scales.  Being a tuple, a
    ``Hex`` compares and hashes equal to the plain tuple ``(q, r)``.
    """

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate, ``-q - r``."""
        return -self[0] - self[1]

    def __add__(self, other: tuple[int, int]) -> Hex:  # type: ignore[override]
        return _new_hex(Hex, (self[0] + other[0], self[1] + other[1]))

    def __sub__(self, other: tuple[int, int]) -> Hex:
        return _new_hex(Hex, (self[0] - other[0], self[1] - other[1]))

    def __neg__(self) -> Hex:
        return _new_hex(Hex, (-self[0], -self[1]))

    def __mul__(self, k: int) -> Hex:  # type: ignore[override]
        return _new_hex(Hex, (self[0] * k, self[1] * k))

    def __rmul__(self, k: int) -> Hex:  # type: ignore[override]
        return _new_hex(Hex, (self[0] * k, self[1] * k))

    def neighbor(self, direction: int) -> Hex:
        """The adjacent hex in ``direction`` (a :class:`Direction` or 1..6)."""
        try:
            dq, dr = _DIR_VECTORS[direction]
        except (KeyError, TypeError):
            raise GeometryError(f"direction must be 1..6, got {direction!r}") from None
        return _new_hex(Hex, (self[0] + dq, self[1] + dr))

    def neighbors(self) -> tuple[Hex, Hex, Hex, Hex, Hex, Hex]:
        """The six adjacent hexes, in direction order N, NE, SE, S, SW, NW."""
        q, r = self
        new = _new_hex
        return (
            new(Hex, (q, r - 1)),
            new(Hex, (q + 1, r - 1)),
            new(Hex, (q + 1, r)),
            new(Hex, (q, r + 1)),
            new(Hex, (q - 1, r + 1)),
            new(Hex, (q - 1, r)),
        )

    def distance(self, other: tuple[int, int]) -> int:
        """Hex (step) distance to ``other``."""
        dq = self[0] - other[0]
        dr = self[1] - other[1]
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def direction_to(self, adjacent: tuple[int, int]) -> Direction:
        """The :class:`Direction` of an adjacent hex; :class:`GeometryError` otherwise."""
        d = _VECTOR_DIRS.get((adjacent[0] - self[0], adjacent[1] - self[1]))
        if d is None:
            raise GeometryError(f"{adjacent!r} is not adjacent to {self!r}")
        return d

    def ring(self, radius: int) -> list[Hex]:
        """The ``6 * radius`` hexes at exactly ``radius``, clockwise from the north one."""
        if radius < 0:
            raise GeometryError(f"ring radius must be >= 0, got {radius}")
        if radius == 0:
            return [self]
        q, r = self[0], self[1] - radius
        out: list[Hex] = []
        for dq, dr in _RING_WALK:
            for _ in range(radius):
                out.append(_new_hex(Hex, (q, r)))
                q += dq
                r += dr
        return out

    def range(self, radius: int) -> list[Hex]:
        """All ``3 * radius * (radius + 1) + 1`` hexes within ``radius``, in (q, r) order."""
        if radius < 0:
            raise GeometryError(f"range radius must be >= 0, got {radius}")
        q0, r0 = self
        out: list[Hex] = []
        for dq in range(-radius, radius + 1):
            for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
                out.append(_new_hex(Hex, (q0 + dq, r0 + dr)))
        return out


# tuple.__new__ skips the namedtuple's Python-level __new__: about twice as fast.
_new_hex = cast(Callable[[type[Hex], tuple[int, int]], Hex], tuple.__new__)


def hex_round(q: float, r: float) -> Hex:
    """The hex containing the fractional axial point ``(q, r)`` (Red Blob cube rounding)."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))


def hex_to_pixel(h: tuple[int, int], size: float = 1.0) -> tuple[float, float]:
    """Centre of a flat-topped hex of circumradius ``size``; ``y`` grows southwards."""
    q, r = h
    return 1.5 * size * q, _SQRT3 * size * (r + q / 2)


def pixel_to_hex(x: float, y: float, size: float = 1.0) -> Hex:
    """The flat-topped hex (circumradius ``size``) containing pixel ``(x, y)``."""
    q = (2.0 / 3.0) * x / size
    r = (-x / 3.0 + _SQRT3 / 3.0 * y) / size
    return hex_round(q, r)


class Direction(IntEnum):
    """Hex-side directions of a flat-topped hex, 1..6 clockwise from north."""

    N = 1
    NE = 2
    SE = 3
    S = 4
    SW = 5
    NW = 6

    @property
    def vector(self) -> Hex:
        """The axial offset of the neighbour in this direction."""
        return _DIR_HEXES[self - 1]

    def opposite(self) -> Direction:
        """The direction 180° round (N <-> S)."""
        return _DIRECTIONS[(self + 2) % 6]

    def turn(self, steps: int) -> Direction:
        """Rotate by ``steps`` × 60°, clockwise for positive ``steps``."""
        return _DIRECTIONS[(self - 1 + steps) % 6]


_DIRECTIONS: tuple[Direction, ...] = tuple(Direction)
_DIR_HEXES: tuple[Hex, ...] = (
    Hex(0, -1),
    Hex(1, -1),
    Hex(1, 0),
    Hex(0, 1),
    Hex(-1, 1),
    Hex(-1, 0),
)
_DIR_VECTORS: dict[int, Hex] = {d.value: v for d, v in zip(Direction, _DIR_HEXES, strict=True)}
_VECTOR_DIRS: dict[tuple[int, int], Direction] = {
    (v[0], v[1]): d for d, v in zip(Direction, _DIR_HEXES, strict=True)
}
# Walking a ring clockwise from its north hex: SE, S, SW, NW, N, NE.
_RING_WALK: tuple[Hex, ...] = tuple(_DIR_HEXES[(i + 2) % 6] for i in range(6))
