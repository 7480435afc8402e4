"""The table: its size and terrain, queried by point, segment, footprint or move; line of
sight; and the one legality check for every kind of move."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any, TypeGuard

import attrs
import numpy as np
import shapely
from shapely.ops import substring

from ancients.errors import GeometryError
from ancients.tabletop.block import Block
from ancients.tabletop.geometry import EPSILON, Point, clip_segment, clip_span
from ancients.tabletop.movement import Move
from ancients.tabletop.overlay import union
from ancients.tabletop.terrain import LineCrossing, Terrain, TerrainArea, TerrainLine

#: What a table query accepts: a point, a polyline (a segment is two points), a block's
#: footprint, a move's swept area, or any shapely geometry.
Where = Block | Move | Point | Sequence[Point] | Any

#: Margin of the bounding-box cuts before exact tests (inches: far above float error).
_BOX = 1e-6

#: The least stretch (inches) over which a sight line must run beside two units at once,
#: within float error of each, to run along a seam between them: well above the few
#: EPSILON a line passing the point where two units touch corner to corner spends near both.
_SEAM = 10 * EPSILON

#: Terrain that hides what lies beyond it by default.
SIGHT_BLOCKING = frozenset({Terrain.WOODS, Terrain.BUILDING})


def _positive(_: Any, attribute: attrs.Attribute[float], value: float) -> None:
    if not (value > 0.0 and math.isfinite(value)):
        raise GeometryError(f"Table.{attribute.name} must be positive inches, got {value!r}")


def _areas(value: Iterable[TerrainArea]) -> tuple[TerrainArea, ...]:
    areas = tuple(value)
    for a in areas:
        if not isinstance(a, TerrainArea):
            raise GeometryError(f"Table.areas holds TerrainArea, got {a!r}")
    return areas


def _lines(value: Iterable[TerrainLine]) -> tuple[TerrainLine, ...]:
    lines = tuple(value)
    for f in lines:
        if not isinstance(f, TerrainLine):
            raise GeometryError(f"Table.lines holds TerrainLine, got {f!r}")
    return lines


@attrs.frozen
class Table:
    """A ``width`` x ``depth`` inch table: x from 0 at the west end of the first side's
    (south) edge, y from 0 on that edge to ``depth`` on the far (north) edge. Later
    ``areas`` lie on top of earlier ones."""

    width: float = attrs.field(default=72.0, validator=_positive)
    depth: float = attrs.field(default=48.0, validator=_positive)
    areas: tuple[TerrainArea, ...] = attrs.field(default=(), converter=_areas)
    lines: tuple[TerrainLine, ...] = attrs.field(default=(), converter=_lines)

    # -- where things are ----------------------------------------------------------------

    def contains(self, where: Where) -> bool:
        """``where`` lies wholly on the table (its edge included, within EPSILON)."""
        if isinstance(where, Block):
            x0, y0, x1, y1 = where.bounds
        elif isinstance(where, Move):  # its bound first: the area is built only if it
            x0, y0, x1, y1 = where.bounds  # reaches over an edge
            if not (x0 >= -EPSILON and y0 >= -EPSILON
                    and x1 <= self.width + EPSILON and y1 <= self.depth + EPSILON):
                x0, y0, x1, y1 = where.swept.bounds
        else:
            x0, y0, x1, y1 = _geometry(where).bounds
        return (
            x0 >= -EPSILON and y0 >= -EPSILON
            and x1 <= self.width + EPSILON and y1 <= self.depth + EPSILON
        )

    def areas_at(self, point: Point) -> tuple[TerrainArea, ...]:
        """Every area covering ``point`` (edges included), bottom first."""
        if not self.areas:
            return ()
        hits = shapely.intersects_xy(_polygons(self.areas), point[0], point[1])
        return tuple(a for a, hit in zip(self.areas, hits, strict=True) if hit)

    def terrain_at(self, point: Point) -> Terrain:
        """The kind of the topmost area at ``point``, CLEAR where there is none."""
        found = self.areas_at(point)
        return found[-1].kind if found else Terrain.CLEAR

    def terrain_crossed(self, where: Where) -> tuple[TerrainArea, ...]:
        """Areas whose inside (by more than EPSILON) a point, path, footprint or move's
        swept area enters, in table order."""
        if _is_point(where):
            return self.areas_at(where)
        geom = _geometry(where)
        if not self.areas:
            return ()
        hits = shapely.intersects(geom, np.array([a.core for a in self.areas], dtype=object))
        return tuple(a for a, hit in zip(self.areas, hits, strict=True) if hit)

    def lines_crossed(self, where: Where) -> tuple[LineCrossing, ...]:
        """Linear features a path, footprint or move's swept area crosses (touching one is
        not crossing), and whether it crosses each wholly at a ford."""
        return _line_crossings(where, self.lines)

    def kinds_crossed(self, where: Where) -> frozenset[Terrain]:
        """Kinds of the areas and features crossed (a river crossed at a ford is FORD)."""
        kinds = {a.kind for a in self.terrain_crossed(where)}
        kinds.update(c.kind for c in self.lines_crossed(where))
        return frozenset(kinds)

    def length_in(self, path: Sequence[Point] | Move, kinds: Iterable[Terrain]) -> float:
        """Inches of a path (or of a move's front-centre path) inside areas of ``kinds``."""
        points = path.path if isinstance(path, Move) else path
        wanted = set(kinds)
        polys = [a.polygon for a in self.areas if a.kind in wanted]
        if len(points) < 2 or not polys:
            return 0.0
        return float(shapely.LineString(points).intersection(union(polys)).length)

    def gradient(self, point: Point, heading_deg: float) -> float:
        """Slope met going ``heading_deg`` from ``point`` on the topmost hill there: +1
        straight uphill, -1 straight downhill, 0 across the slope or off hills."""
        for area in reversed(self.areas_at(point)):
            if area.kind is Terrain.HILL:
                down = area.downhill_at(point)
                return 0.0 if down is None else -math.cos(math.radians(heading_deg - down))
        return 0.0

    # -- sight and legality --------------------------------------------------------------

    def line_of_sight(
        self,
        observer: Block | Point,
        target: Block | Point,
        units: Iterable[Block] = (),
        *,
        blocking: Iterable[Terrain] = SIGHT_BLOCKING,
        hills_block: bool = True,
        see_into: float = 0.0,
    ) -> bool:
        """Whether the sight line is clear: from a point, or a block's front-centre, to a
        point, or the nearest point of a target block. Blocked by the other units as
        :meth:`sight_blockers` finds them, by more than ``see_into`` inches of one
        ``blocking`` area, and (if ``hills_block``) by a hill that neither end stands on."""
        p, q = sight_ends(observer, target)
        box = _box(p, q)
        if _blockers(p, q, box, observer, target, units, first=True):
            return False
        x0, y0, x1, y1 = box
        if math.hypot(q[0] - p[0], q[1] - p[1]) <= EPSILON:
            return True
        sight = shapely.LineString([p, q])
        kinds = frozenset(blocking)
        cut = see_into + EPSILON >= 0.0  # (an area the line misses blocks nothing)
        for area in self.areas:
            ax0, ay0, ax1, ay1 = area.bounds
            if cut and (ax0 > x1 or ax1 < x0 or ay0 > y1 or ay1 < y0):
                continue
            if area.kind in kinds:
                if sight.intersection(area.polygon).length > see_into + EPSILON:
                    return False
            elif (
                hills_block and area.kind is Terrain.HILL and sight.intersects(area.core)
                and not area.covers(p) and not area.covers(q)
            ):
                return False
        return True

    def sight_blockers(self, observer: Block | Point, target: Block | Point,
                       units: Iterable[Block] = ()) -> list[Block]:
        """The ``units`` (other than ``observer`` and ``target``) that block the sight line
        of :meth:`line_of_sight`, in their order: each one the line passes through, and
        both of two units the line runs between along the seam where they touch (two
        bodies of troops side by side leave no gap to see through, though neither alone
        is crossed); a line that only grazes one unit's edge passes."""
        p, q = sight_ends(observer, target)
        return _blockers(p, q, _box(p, q), observer, target, units, first=False)

    def move_is_legal(
        self,
        move: Move,
        others: Iterable[Block] = (),
        impassable: Iterable[Terrain] = (),
    ) -> bool:
        """A move is legal if its swept area stays on the table, enters no other unit (a
        block equal to the mover's start is skipped) and crosses no ``impassable`` area or
        feature (a river crossed at a ford counts as FORD)."""
        if not self.contains(move) or move.collisions(others):
            return False
        banned = frozenset(impassable)
        if not banned:
            return True
        areas = [a.core for a in self.areas if a.kind in banned]
        if areas and shapely.intersects(move.swept, np.array(areas, dtype=object)).any():
            return False
        lines = [
            f for f in self.lines
            if f.kind in banned or (Terrain.FORD in banned and f.fords)
        ]
        return not any(c.kind in banned for c in _line_crossings(move, lines))


def _geometry(where: Where) -> Any:
    if isinstance(where, Block):
        return where.polygon
    if isinstance(where, Move):
        return where.swept
    if _is_point(where):
        return shapely.Point(where)
    if isinstance(where, Sequence):
        if len(where) < 2:
            raise GeometryError(f"a path needs at least two points, got {where!r}")
        return shapely.LineString(where)
    if isinstance(where, shapely.Geometry):
        return where
    raise GeometryError(f"cannot locate {where!r} on the table")


def _is_point(where: Where) -> TypeGuard[Point]:
    return isinstance(where, tuple) and len(where) == 2 and not isinstance(where[0], Sequence)


def _core(where: Where) -> Any:
    """``where`` less an EPSILON margin: touching a feature does not cross it."""
    if isinstance(where, Block):
        return where.core
    geom = _geometry(where)
    if geom.geom_type in ("Polygon", "MultiPolygon"):
        return geom.buffer(-EPSILON, join_style="mitre")
    if geom.geom_type == "LineString":
        if geom.length <= 2.0 * EPSILON:
            return shapely.LineString()
        return substring(geom, EPSILON, geom.length - EPSILON)
    return geom


def _line_crossings(where: Where, lines: Sequence[TerrainLine]) -> tuple[LineCrossing, ...]:
    if not lines:
        return ()
    geom = _geometry(where)
    x0, y0, x1, y1 = geom.bounds
    near = [
        f for f in lines
        if not (f.bounds[0] > x1 or f.bounds[2] < x0 or f.bounds[1] > y1 or f.bounds[3] < y0)
        and geom.intersects(f.line)
    ]
    if not near:
        return ()
    core = _core(where)
    if core.is_empty:
        return ()
    return tuple(
        LineCrossing(f, _at_ford(f, core)) for f in near if core.intersects(f.line)
    )


def _at_ford(feature: TerrainLine, core: Any) -> bool:
    if not feature.fords:
        return False
    crossing = core.intersection(feature.line)
    parts = getattr(crossing, "geoms", [crossing])
    for part in parts:
        along = [feature.line.project(shapely.Point(c)) for c in part.coords]
        if not along or not feature.ford_covers(min(along), max(along)):
            return False
    return True


def _polygons(areas: Sequence[TerrainArea]) -> Any:
    return np.array([a.polygon for a in areas], dtype=object)


def sight_ends(observer: Block | Point, target: Block | Point) -> tuple[Point, Point]:
    """A sight line's ends: a point, or a block's front-centre, to a point, or the point of
    a target block nearest to it."""
    p = observer.front_centre if isinstance(observer, Block) else observer
    q = target.nearest_points(p)[0] if isinstance(target, Block) else target
    return p, q


def _box(p: Point, q: Point) -> tuple[float, float, float, float]:
    """The segment's bounding box with a margin far above float error: a unit or area whose
    box it misses cannot block it."""
    x0, x1 = (p[0], q[0]) if p[0] <= q[0] else (q[0], p[0])
    y0, y1 = (p[1], q[1]) if p[1] <= q[1] else (q[1], p[1])
    return x0 - _BOX, y0 - _BOX, x1 + _BOX, y1 + _BOX


def _blockers(p: Point, q: Point, box: tuple[float, float, float, float],
              observer: Block | Point, target: Block | Point, units: Iterable[Block], *,
              first: bool) -> list[Block]:
    """The units blocking the segment ``p``-``q`` whose :func:`_box` is ``box`` (see
    :meth:`Table.sight_blockers`; with ``first``, no more than the first found)."""
    x0, y0, x1, y1 = box
    dx, dy = q[0] - p[0], q[1] - p[1]
    length = math.hypot(dx, dy)
    hits: list[tuple[Block, bool]] = []  # (unit, the line goes through it), in order
    along: list[tuple[Block, float, float, bool]] = []  # (unit, t0, t1, on the left)
    for unit in units:
        ux0, uy0, ux1, uy1 = unit.bounds
        if ux0 > x1 or ux1 < x0 or uy0 > y1 or uy1 < y0:
            continue
        if unit in (observer, target):
            continue
        if clip_segment(p, q, unit.corners, grow=-EPSILON) >= 0.0:
            if first:
                return [unit]
            hits.append((unit, True))
            continue
        span = clip_span(p, q, unit.corners, grow=EPSILON)
        if span is not None and (span[1] - span[0]) * length > _SEAM:  # along its edge
            cx, cy = unit.centre
            along.append((unit, span[0], span[1], dx * (cy - p[1]) - dy * (cx - p[0]) > 0.0))
            hits.append((unit, False))
    # along a seam: beside a unit on its left and one on its right over the same stretch
    seams: set[int] = set()
    for i, (a, a0, a1, left) in enumerate(along):
        for b, b0, b1, other in along[i + 1:]:
            if left != other and (min(a1, b1) - max(a0, b0)) * length > _SEAM:
                if first:
                    return [a, b]
                seams.update((id(a), id(b)))
    return [u for u, through in hits if through or id(u) in seams]
