"""Moves of a block: the new block, the distance spent and the area swept on the way.

Every kind of move yields the same :class:`Move`, so one legality check
(:meth:`Move.legal` / ``Table.move_is_legal``) serves them all: the swept area must stay
on the table, cross no other unit and no impassable terrain.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
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


@attrs.frozen
class Move:
    """A block's move: ``start`` and ``end`` blocks, inches ``distance`` spent, the
    ``swept`` shapely polygon covered on the way (both footprints included) and the
    ``path`` its front-centre followed."""

    kind: str
    start: Block
    end: Block
    distance: float
    swept: Any = attrs.field(eq=False, repr=False)
    path: tuple[Point, ...] = attrs.field(repr=False)

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
            union([self.swept, following.swept]),
            self.path + following.path[1:],
        )

    def collisions(self, others: Iterable[Block]) -> tuple[int, ...]:
        """Indices of the ``others`` whose footprint the swept area enters by more than
        :data:`EPSILON` (a block equal to ``start``, the mover itself, is skipped)."""
        x0, y0, x1, y1 = self.swept.bounds
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
    swept = shapely.convex_hull(shapely.multipoints([*block.corners, *end.corners]))
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
    swept = block.polygon if end.corners == block.corners else union(
        [block.polygon, end.polygon]
    )
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
    parts = [
        block.polygon,
        end.polygon,
        shapely.LineString(path).buffer(half, cap_style="flat", join_style="round"),
    ]
    if abs(angle_difference(block.facing, bearing(path[0], path[1]))) > EPSILON:
        parts.append(shapely.Point(path[0]).buffer(half))  # the head turns where it stands
    return Move("march", block, end, cost, union(parts), tuple(path))


def _rotation_swept(
    block: Block, end: Block, centre: Point, degrees: float, corners: Sequence[Point]
) -> Any:
    """Area swept by a rectangle turning rigidly about a point inside or on it: both
    footprints plus the sector swept by each corner farthest from the point in its
    neighbourhood (all four about an inner point, the diagonal one about a corner). The
    distance from the point to the rectangle's edge, by direction, peaks only at those
    corners, so this is exact up to the circumscribed arcs."""
    parts = [block.polygon, end.polygon]
    for corner in corners:
        r = math.hypot(corner[0] - centre[0], corner[1] - centre[1])
        if r > EPSILON:
            parts.append(
                shapely.Polygon([centre, *arc_points(centre, r, bearing(centre, corner), degrees)])
            )
    return union(parts)


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
