"""Moves of a block: the new block, the distance spent and the area swept on the way.

Every kind of move yields the same :class:`Move`, so one legality check
(:meth:`Move.legal` / ``Table.move_is_legal``) serves them all: the swept area must stay
on the table, cross no other unit and no impassable terrain.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

import attrs
import numpy as np
import shapely

from ancients.errors import GeometryError
from ancients.tabletop.geometry import (
    EPSILON,
    Point,
    angle_difference,
    arc_points,
    bearing,
    heading,
)
from ancients.tabletop.overlay import union

if TYPE_CHECKING:
    from ancients.tabletop.block import Block
    from ancients.tabletop.table import Table
    from ancients.tabletop.terrain import Terrain


Box = tuple[float, float, float, float]


@attrs.frozen
class Lazy:
    """A swept area built only when first asked for: ``build()`` makes it, and ``bounds``
    is a box known to hold it (min x, min y, max x, max y), worked out without it."""

    build: Callable[[], Any]
    bounds: Box


@attrs.frozen
class Move:
    """A block's move: ``start`` and ``end`` blocks, inches ``distance`` spent, the
    ``swept`` shapely polygon covered on the way (both footprints included) and the
    ``path`` its front-centre followed.

    The swept area may be given as a :class:`Lazy` (the moves of :class:`Block` do so):
    it is then built on first use of :attr:`swept`, and :attr:`bounds` answers the quick
    overlap cuts without it. Most candidate moves of an AI are thrown away after those
    cuts."""

    kind: str
    start: Block
    end: Block
    distance: float
    _swept: Any = attrs.field(eq=False, repr=False, alias="swept")
    path: tuple[Point, ...] = attrs.field(repr=False)

    bounds: Box = attrs.field(init=False, eq=False, repr=False)
    """A box holding :attr:`swept`: its bounds if it was given built, else the
    :class:`Lazy`'s bound (at least as large, and the same whether or not the area has
    been built since), for the cuts before an exact test."""

    def __attrs_post_init__(self) -> None:
        given = self._swept
        if isinstance(given, Lazy):
            box = given.bounds
        else:
            x0, y0, x1, y1 = given.bounds
            box = (float(x0), float(y0), float(x1), float(y1))
        object.__setattr__(self, "bounds", box)

    @property
    def swept(self) -> Any:
        """The area covered on the way, a shapely polygon (built on first use)."""
        found = self._swept
        if isinstance(found, Lazy):
            found = found.build()
            object.__setattr__(self, "_swept", found)
        return found

    def then(self, following: Move) -> Move:
        """This move followed by ``following`` (which must start where this one ends)."""
        if not following.start.isclose(self.end):
            raise GeometryError(
                f"cannot chain {following.kind} after {self.kind}: it starts at "
                f"{following.start.front_centre}, not at {self.end.front_centre}"
            )
        return Move(
            f"{self.kind}+{following.kind}",
            self.start,
            following.end,
            self.distance + following.distance,
            Lazy(lambda: union([self.swept, following.swept]),
                 _cover(self.bounds, following.bounds)),
            self.path + following.path[1:],
        )

    def collisions(self, others: Iterable[Block]) -> tuple[int, ...]:
        """Indices of the ``others`` whose footprint the swept area enters by more than
        :data:`EPSILON` (a block equal to ``start``, the mover itself, is skipped)."""
        x0, y0, x1, y1 = self.bounds
        near: list[int] = []
        cores: list[Any] = []
        for i, other in enumerate(others):
            if other == self.start:
                continue
            ox0, oy0, ox1, oy1 = other.bounds
            if ox0 >= x1 or ox1 <= x0 or oy0 >= y1 or oy1 <= y0:
                continue
            near.append(i)
            cores.append(other.core)
        if not near:
            return ()
        hits = shapely.intersects(self.swept, np.array(cores, dtype=object))
        return tuple(i for i, hit in zip(near, hits, strict=True) if hit)

    def legal(
        self,
        table: Table,
        others: Iterable[Block] = (),
        impassable: Iterable[Terrain] = (),
    ) -> bool:
        """See :meth:`Table.move_is_legal`."""
        return table.move_is_legal(self, others, impassable)


def _still(block: Block, kind: str) -> Move:
    return Move(kind, block, block, 0.0, block.polygon, (block.front_centre,))


def translate(block: Block, forward: float, right: float, kind: str) -> Move:
    """Shift without turning: ``forward`` and ``right`` inches in the block's own frame."""
    cost = math.hypot(forward, right)
    if cost <= EPSILON:
        return _still(block, kind)
    end = translated_end(block, forward, right)
    swept = Lazy(lambda: shapely.convex_hull(shapely.multipoints([*block.corners,
                                                                  *end.corners])),
                 _cover(block.bounds, end.bounds))
    return Move(kind, block, end, cost, swept, (block.front_centre, end.front_centre))


def translated_end(block: Block, forward: float, right: float) -> Block:
    """The end block of :func:`translate` alone (no swept area: the hot path of AIs)."""
    if math.hypot(forward, right) <= EPSILON:
        return block
    x, y = block.world(right, forward)
    return block.derived(x, y, block.facing, block.files, block.ranks)


def turned_end(block: Block, quarters: int) -> Block:
    """The end block of a turn by ``quarters`` quarter turns, alone (see :func:`turn`)."""
    if quarters % 4 == 0:
        return block
    files, ranks = (block.ranks, block.files) if quarters % 2 else (block.files, block.ranks)
    facing = block.facing + 90.0 * quarters
    fx, fy = heading(facing)
    cx, cy = block.centre
    half = ranks * block.base_depth / 2.0
    return block.derived(cx + fx * half, cy + fy * half, facing, files, ranks)


def wheel(block: Block, degrees: float) -> Move:
    """Wheel about the inner front corner; the outer corner's arc is the cost."""
    if abs(degrees) > 180.0 + EPSILON:
        raise GeometryError(f"a wheel turns at most 180 degrees, got {degrees}")
    if abs(degrees) <= EPSILON:
        return _still(block, "wheel")
    pivot = block.corners[1] if degrees > 0 else block.corners[0]
    end = block.rotated(degrees, about=pivot)
    cost = math.radians(abs(degrees)) * block.frontage
    far = block.corners[3] if degrees > 0 else block.corners[2]  # the diagonal corner
    return Move("wheel", block, end, cost, _rotation_swept(block, end, pivot, degrees, (far,)),
                _arc_path(pivot, block.front_centre, degrees))


def pivot(block: Block, degrees: float) -> Move:
    """Rigid rotation about the centre."""
    if abs(degrees) > 180.0 + EPSILON:
        raise GeometryError(f"a pivot turns at most 180 degrees, got {degrees}")
    if abs(degrees) <= EPSILON:
        return _still(block, "pivot")
    centre = block.centre
    end = block.rotated(degrees, about=centre)
    swept = _rotation_swept(block, end, centre, degrees, block.corners)
    return Move("pivot", block, end, 0.0, swept,
                _arc_path(centre, block.front_centre, degrees))


def turn(block: Block, degrees: float) -> Move:
    """Figures face about in place by quarter turns; the centre stays."""
    quarters = round(degrees / 90.0)
    if abs(degrees - 90.0 * quarters) > EPSILON:
        raise GeometryError(f"a turn is a multiple of 90 degrees, got {degrees}")
    kind = "about face" if quarters % 4 == 2 else "turn"
    if quarters % 4 == 0:
        return _still(block, kind)
    end = turned_end(block, quarters)
    swept = block.polygon if end.corners == block.corners else Lazy(
        lambda: union([block.polygon, end.polygon]), _cover(block.bounds, end.bounds))
    return Move(kind, block, end, 0.0, swept, (block.front_centre, end.front_centre))


def march(block: Block, waypoints: Sequence[Point]) -> Move:
    """The head follows the polyline; the body follows the head's path."""
    if len(waypoints) == 0:
        raise GeometryError("a march needs at least one waypoint")
    path: list[Point] = [block.front_centre]
    for p in waypoints:
        q = (float(p[0]), float(p[1]))
        if math.hypot(q[0] - path[-1][0], q[1] - path[-1][1]) > EPSILON:
            path.append(q)
    if len(path) == 1:
        return _still(block, "march")
    cost = sum(math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in itertools.pairwise(path))
    end = attrs.evolve(block, x=path[-1][0], y=path[-1][1], facing=bearing(path[-2], path[-1]))
    half = block.frontage / 2.0
    turns = abs(angle_difference(block.facing, bearing(path[0], path[1]))) > EPSILON

    def build() -> Any:
        parts = [
            block.polygon,
            end.polygon,
            shapely.LineString(path).buffer(half, cap_style="flat", join_style="round"),
        ]
        if turns:
            parts.append(shapely.Point(path[0]).buffer(half))  # the head turns where it stands
        return union(parts)

    # the buffer of the head's path lies within half the frontage of its points
    xs, ys = [p[0] for p in path], [p[1] for p in path]
    box = _cover(_cover(block.bounds, end.bounds),
                 (min(xs) - half, min(ys) - half, max(xs) + half, max(ys) + half))
    return Move("march", block, end, cost, Lazy(build, box), tuple(path))


def _rotation_swept(
    block: Block, end: Block, centre: Point, degrees: float, corners: Sequence[Point]
) -> Lazy:
    """Area swept by a rectangle turning rigidly about a point inside or on it: both
    footprints plus the sector swept by each corner farthest from the point in its
    neighbourhood (all four about an inner point, the diagonal one about a corner). The
    distance from the point to the rectangle's edge, by direction, peaks only at those
    corners, so this is exact up to the circumscribed arcs. Built on first use; its
    bound is the footprints' and the sectors' points'."""
    sectors = []
    box = _cover(block.bounds, end.bounds)
    for corner in corners:
        r = math.hypot(corner[0] - centre[0], corner[1] - centre[1])
        if r > EPSILON:
            points = [centre, *arc_points(centre, r, bearing(centre, corner), degrees)]
            sectors.append(points)
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            box = _cover(box, (min(xs), min(ys), max(xs), max(ys)))

    def build() -> Any:
        return union([block.polygon, end.polygon, *(shapely.Polygon(p) for p in sectors)])

    return Lazy(build, box)


def _cover(a: Box, b: Box) -> Box:
    """The least box holding both."""
    return (a[0] if a[0] < b[0] else b[0], a[1] if a[1] < b[1] else b[1],
            a[2] if a[2] > b[2] else b[2], a[3] if a[3] > b[3] else b[3])


def _arc_path(centre: Point, start: Point, degrees: float) -> tuple[Point, ...]:
    r = math.hypot(start[0] - centre[0], start[1] - centre[1])
    if r <= EPSILON:
        return (start,)
    b0 = bearing(centre, start)
    n = max(1, math.ceil(abs(degrees) / 3.0))
    pts = []
    for k in range(n + 1):
        s, c = heading(b0 + degrees * k / n)
        pts.append((centre[0] + r * s, centre[1] + r * c))
    return tuple(pts)
