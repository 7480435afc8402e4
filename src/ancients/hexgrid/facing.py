"""Facing: hex corners and the front/flank/rear arcs round a unit."""

from __future__ import annotations

from enum import IntEnum, StrEnum
from typing import NamedTuple

from ancients.errors import GeometryError
from ancients.hexgrid.coords import _DIRECTIONS, Direction, Hex


class Corner(IntEnum):
    """Corners of a flat-topped hex; corner ``k`` lies between directions ``k`` and ``k+1``.

    Named by where the corner points: NNE (upper right), E, SSE, SSW, W, NNW (upper left).
    """

    NNE = 1
    E = 2
    SSE = 3
    SSW = 4
    W = 5
    NNW = 6

    def front_directions(self) -> tuple[Direction, Direction]:
        """The two directions beside this corner, clockwise: ``(k, k+1)``."""
        return _DIRECTIONS[self - 1], _DIRECTIONS[self % 6]

    def opposite(self) -> Corner:
        """The corner 180° round."""
        return _CORNERS[(self + 2) % 6]

    def turn(self, steps: int) -> Corner:
        """Rotate by ``steps`` × 60°, clockwise for positive ``steps``."""
        return _CORNERS[(self - 1 + steps) % 6]

    @classmethod
    def between(cls, a: int, b: int) -> Corner:
        """The corner shared by two adjacent directions (in either order)."""
        da, db = _direction(a), _direction(b)
        if db == da.turn(1):
            return _CORNERS[da - 1]
        if da == db.turn(1):
            return _CORNERS[db - 1]
        raise GeometryError(f"directions {da.name} and {db.name} share no corner")


_CORNERS: tuple[Corner, ...] = tuple(Corner)


def _direction(d: int) -> Direction:
    try:
        return _DIRECTIONS[d - 1] if 1 <= d <= 6 else Direction(d)
    except (ValueError, TypeError):
        raise GeometryError(f"direction must be 1..6, got {d!r}") from None


class Arc(StrEnum):
    """Which part of a unit's surroundings a neighbouring hex lies in."""

    FRONT = "front"
    FLANK = "flank"
    REAR = "rear"


class Arcs(NamedTuple):
    """The six directions round a unit split into front, flank and rear."""

    front: tuple[Direction, ...]
    flank: tuple[Direction, ...]
    rear: tuple[Direction, ...]


class ArcHexes(NamedTuple):
    """The six hexes round a unit split into front, flank and rear."""

    front: tuple[Hex, ...]
    flank: tuple[Hex, ...]
    rear: tuple[Hex, ...]


def arcs(facing: Direction | Corner) -> Arcs:
    """Front/flank/rear directions for a unit facing a hex side or a hex corner.

    Facing a **corner** ``k`` (e.g. Raphia phalanxes): front = the two directions beside
    it ``(k, k+1)``; flank = the two adjacent to the front pair ``(k-1, k+2)`` (left,
    right); rear = the two opposite the front pair ``(k+3, k+4)``.

    Facing a **side** ``d`` (a :class:`Direction`): front = the faced side and its two
    neighbours ``(d-1, d, d+1)``; flank = ``(d-2, d+2)``; rear = the opposite side
    ``(d+3,)``.  Rulesets with other arcs can build them with :meth:`Direction.turn`.
    """
    if isinstance(facing, Corner):
        k = _DIRECTIONS[facing - 1]
        return Arcs((k, k.turn(1)), (k.turn(-1), k.turn(2)), (k.turn(3), k.turn(4)))
    if isinstance(facing, Direction):
        return Arcs(
            (facing.turn(-1), facing, facing.turn(1)),
            (facing.turn(-2), facing.turn(2)),
            (facing.turn(3),),
        )
    raise GeometryError(f"facing must be a Direction or a Corner, got {facing!r}")


def arc_of(facing: Direction | Corner, direction: int) -> Arc:
    """The :class:`Arc` that ``direction`` falls in for a unit with ``facing``."""
    d = _direction(direction)
    a = arcs(facing)
    if d in a.front:
        return Arc.FRONT
    return Arc.FLANK if d in a.flank else Arc.REAR


def arc_hexes(center: Hex, facing: Direction | Corner) -> ArcHexes:
    """The hexes round ``center`` in each arc of ``facing`` (see :func:`arcs`)."""
    a = arcs(facing)
    return ArcHexes(
        tuple(center.neighbor(d) for d in a.front),
        tuple(center.neighbor(d) for d in a.flank),
        tuple(center.neighbor(d) for d in a.rear),
    )


def corner_front(center: Hex, corner: int) -> tuple[Hex, Hex]:
    """The two front hexes of a unit in ``center`` facing ``corner`` (clockwise order)."""
    try:
        c = _CORNERS[corner - 1] if 1 <= corner <= 6 else Corner(corner)
    except (ValueError, TypeError):
        raise GeometryError(f"corner must be 1..6, got {corner!r}") from None
    a, b = c.front_directions()
    return center.neighbor(a), center.neighbor(b)
