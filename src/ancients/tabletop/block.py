"""A unit on the table: a rectangular block of figures in ranks and files, its edges,
zones and arcs, and the measurements between blocks (closed forms, see ``geometry``)."""

from __future__ import annotations

import enum
import math
from collections.abc import Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import attrs
import numpy as np
import shapely
from numpy.typing import NDArray

from ancients.errors import GeometryError
from ancients.tabletop.geometry import (
    EPSILON,
    Corners,
    Frame,
    Point,
    angle_difference,
    arc_points,
    clip_band,
    clip_segment,
    heading,
    matrix_frame,
    normalise_angle,
    overlapping,
    rotate_point,
    separation,
)
from ancients.tabletop.movement import (
    march,
    pivot,
    translate,
    translated_end,
    turn,
    turned_end,
    wheel,
)

if TYPE_CHECKING:
    from ancients.tabletop.movement import Move

#: Stand-in for an unlimited reach when an arc must be drawn as a polygon (inches).
FAR: float = 10_000.0


class Aspect(enum.Enum):
    """An edge of a block, clockwise from the front; its flank or rear."""

    FRONT = "front"
    RIGHT = "right"
    REAR = "rear"
    LEFT = "left"

    @property
    def index(self) -> int:
        """0 front, 1 right, 2 rear, 3 left (clockwise, as the corners)."""
        return _ASPECT_INDEX[self]

    @property
    def opposite(self) -> Aspect:
        return _ASPECTS[(self.index + 2) % 4]


_ASPECTS = (Aspect.FRONT, Aspect.RIGHT, Aspect.REAR, Aspect.LEFT)
_ASPECT_INDEX = MappingProxyType({a: i for i, a in enumerate(_ASPECTS)})


class Formation(enum.Enum):
    """Line (at least as wide as deep in figures) or column (more ranks than files)."""

    LINE = "line"
    COLUMN = "column"


def _check_half_angle(_: Any, attribute: attrs.Attribute[float], value: float) -> None:
    if not 0.0 <= value <= 90.0:
        raise GeometryError(f"Arc.{attribute.name} must be in [0, 90] degrees, got {value}")


def _check_reach(_: Any, attribute: attrs.Attribute[float], value: float) -> None:
    if not value > 0.0:
        raise GeometryError(f"Arc.{attribute.name} must be positive, got {value}")


@attrs.frozen
class Arc:
    """An arc in front of an edge (per ruleset: fire arcs, charge arcs...).

    ``half_angle`` is measured each side of straight ahead (0: straight out from the edge
    only, 90: the whole half plane). The arc's sides start at the edge's two ends, or at
    its midpoint when ``from_centre`` (a single weapon). ``reach`` is measured from the
    edge (or the midpoint).
    """

    half_angle: float = attrs.field(validator=_check_half_angle)
    reach: float = attrs.field(default=math.inf, validator=_check_reach)
    from_centre: bool = False


@attrs.frozen
class Overlap:
    """How many of a block's files (and inches) extend beyond the other's edge, each side."""

    left: int
    right: int
    left_inches: float
    right_inches: float


def _check_count(_: Any, attribute: attrs.Attribute[int], value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise GeometryError(f"Block.{attribute.name} must be a whole number >= 1, got {value!r}")


def _check_size(_: Any, attribute: attrs.Attribute[float], value: float) -> None:
    if not (value > 0.0 and math.isfinite(value)):
        raise GeometryError(f"Block.{attribute.name} must be positive inches, got {value!r}")


def _check_finite(_: Any, attribute: attrs.Attribute[float], value: float) -> None:
    if not math.isfinite(value):
        raise GeometryError(f"Block.{attribute.name} must be finite, got {value!r}")


@attrs.frozen
class Block:
    """A unit: ``files`` figures wide and ``ranks`` deep on bases ``base_width`` x
    ``base_depth`` inches, its front-centre at (``x``, ``y``) facing ``facing`` degrees
    (0 = north, +y, clockwise). Immutable: moves return a :class:`Move` with a new block.
    """

    x: float = attrs.field(validator=_check_finite)
    y: float = attrs.field(validator=_check_finite)
    facing: float = attrs.field(converter=normalise_angle, validator=_check_finite)
    files: int = attrs.field(validator=_check_count)
    ranks: int = attrs.field(validator=_check_count)
    base_width: float = attrs.field(validator=_check_size)
    base_depth: float = attrs.field(validator=_check_size)

    # What every block is measured by, worked out when it is made (nearly every block
    # is measured: a lazy cache would cost more than it saves here); outside
    # comparison, hashing and repr.
    corners: Corners = attrs.field(init=False, eq=False, repr=False)
    """Front-left, front-right, rear-right, rear-left (clockwise)."""
    bounds: tuple[float, float, float, float] = attrs.field(init=False, eq=False, repr=False)
    """min x, min y, max x, max y of the footprint."""
    centre: Point = attrs.field(init=False, eq=False, repr=False)
    frame: Frame = attrs.field(init=False, eq=False, repr=False)
    """Centre, unit right and forward vectors, half frontage and half depth."""

    # Built on first use (None until then). Not functools.cached_property: on a slotted
    # attrs class it adds a class ``__getattr__``, which slows every attribute read of
    # every block (measured: a tenth of a Monk's Corner battle).
    _matrix_frame: Frame | None = attrs.field(init=False, default=None, eq=False, repr=False)
    _polygon: Any = attrs.field(init=False, default=None, eq=False, repr=False)
    _core: Any = attrs.field(init=False, default=None, eq=False, repr=False)
    # contact_edge's answers so far, by the other block itself (kept beside the answer)
    _edges: dict[int, tuple[Block, Aspect | None]] | None = attrs.field(
        init=False, default=None, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        _measure(self)

    # -- construction --------------------------------------------------------------------

    @classmethod
    def at(
        cls,
        front_centre: Point,
        facing: float,
        files: int,
        ranks: int,
        base_width: float,
        base_depth: float,
    ) -> Block:
        """A block by its front-centre point."""
        return cls(front_centre[0], front_centre[1], facing, files, ranks, base_width, base_depth)

    @classmethod
    def centred(
        cls,
        centre: Point,
        facing: float,
        files: int,
        ranks: int,
        base_width: float,
        base_depth: float,
    ) -> Block:
        """A block by its centre point."""
        fx, fy = heading(facing)
        half = ranks * base_depth / 2.0
        return cls(
            centre[0] + fx * half, centre[1] + fy * half, facing, files, ranks,
            base_width, base_depth,
        )

    def derived(self, x: float, y: float, facing: float, files: int, ranks: int) -> Block:
        """A block on the same bases with ``files`` and ``ranks`` taken from this one's
        (possibly swapped): as the constructor, without re-checking what this block
        already has (the hot path of moves); a position or facing that is not finite
        still goes through the constructor and fails there."""
        cls = type(self)
        if not (math.isfinite(x) and math.isfinite(y) and math.isfinite(facing)):
            return cls(x, y, facing, files, ranks, self.base_width, self.base_depth)
        new = object.__new__(cls)
        put = object.__setattr__
        put(new, "x", x)
        put(new, "y", y)
        put(new, "facing", normalise_angle(facing))
        put(new, "files", files)
        put(new, "ranks", ranks)
        put(new, "base_width", self.base_width)
        put(new, "base_depth", self.base_depth)
        _measure(new)
        return new

    # -- shape ---------------------------------------------------------------------------

    @property
    def front_centre(self) -> Point:
        return (self.x, self.y)

    @property
    def frontage(self) -> float:
        """Width in inches: files x base width."""
        return self.files * self.base_width

    @property
    def depth(self) -> float:
        """Depth in inches: ranks x base depth."""
        return self.ranks * self.base_depth

    @property
    def figures(self) -> int:
        return self.files * self.ranks

    @property
    def formation(self) -> Formation:
        return Formation.COLUMN if self.ranks > self.files else Formation.LINE

    @property
    def is_column(self) -> bool:
        return self.ranks > self.files

    @property
    def forward(self) -> Point:
        """Unit vector of the facing."""
        return heading(self.facing)

    @property
    def right(self) -> Point:
        """Unit vector to the block's right."""
        fx, fy = heading(self.facing)
        return (fy, -fx)

    @property
    def rear_centre(self) -> Point:
        fx, fy = heading(self.facing)
        return (self.x - fx * self.depth, self.y - fy * self.depth)

    @property
    def matrix_frame(self) -> Frame:
        """The frame as :func:`~ancients.tabletop.distance_matrix` derives it from the
        corners (:func:`~ancients.tabletop.geometry.matrix_frame`): ``separation`` with
        these frames equals the matrix's entries bit for bit."""
        found = self._matrix_frame
        if found is None:
            found = matrix_frame(self.corners)
            object.__setattr__(self, "_matrix_frame", found)
        return found

    @property
    def polygon(self) -> Any:
        """The footprint as a shapely polygon."""
        found = self._polygon
        if found is None:
            found = shapely.Polygon(self.corners)
            object.__setattr__(self, "_polygon", found)
        return found

    @property
    def core(self) -> Any:
        """The footprint shrunk by :data:`EPSILON` each side: what touching may not enter."""
        found = self._core
        if found is None:
            found = shapely.Polygon(self._rectangle(EPSILON))
            object.__setattr__(self, "_core", found)
        return found

    def _rectangle(self, shrink: float) -> Corners:
        fx, fy = heading(self.facing)
        rx, ry = fy, -fx
        half = max(self.frontage / 2.0 - shrink, EPSILON / 4.0)
        depth = max(self.depth - 2.0 * shrink, EPSILON / 2.0)
        x, y = self.x - fx * shrink, self.y - fy * shrink
        flx, fly = x - rx * half, y - ry * half
        frx, fry = x + rx * half, y + ry * half
        return (
            (flx, fly), (frx, fry),
            (frx - fx * depth, fry - fy * depth), (flx - fx * depth, fly - fy * depth),
        )

    def edge(self, aspect: Aspect) -> tuple[Point, Point]:
        """The ends of an edge, clockwise (the front runs left to right)."""
        i = aspect.index
        return self.corners[i], self.corners[(i + 1) % 4]

    def edge_facing(self, aspect: Aspect) -> float:
        """The bearing straight out from an edge."""
        return normalise_angle(self.facing + 90.0 * aspect.index)

    def local(self, point: Point) -> Point:
        """``point`` as (right, forward) inches from the front-centre."""
        fx, fy = heading(self.facing)
        dx, dy = point[0] - self.x, point[1] - self.y
        return (dx * fy - dy * fx, dx * fx + dy * fy)

    def world(self, right: float, forward: float) -> Point:
        """The table point ``right`` and ``forward`` inches from the front-centre."""
        fx, fy = heading(self.facing)
        return (self.x + right * fy + forward * fx, self.y - right * fx + forward * fy)

    # -- transforms and comparison -------------------------------------------------------

    def translated(self, dx: float, dy: float) -> Block:
        return attrs.evolve(self, x=self.x + dx, y=self.y + dy)

    def rotated(self, degrees: float, about: Point = (0.0, 0.0)) -> Block:
        """Turned rigidly clockwise by ``degrees`` about a table point."""
        x, y = rotate_point(self.front_centre, degrees, about)
        return attrs.evolve(self, x=x, y=y, facing=self.facing + degrees)

    def reformed(self, files: int, ranks: int) -> Block:
        """The same unit re-formed in place (front-centre kept)."""
        return attrs.evolve(self, files=files, ranks=ranks)

    def isclose(self, other: Block, tol: float = EPSILON) -> bool:
        """Same formation and bases, position within ``tol`` inches, facing within ``tol``
        degrees."""
        return (
            (self.files, self.ranks, self.base_width, self.base_depth)
            == (other.files, other.ranks, other.base_width, other.base_depth)
            and abs(self.x - other.x) <= tol
            and abs(self.y - other.y) <= tol
            and abs(angle_difference(self.facing, other.facing)) <= tol
        )

    # -- measuring -----------------------------------------------------------------------

    def distance(self, other: Block | Point | Any) -> float:
        """Edge-to-edge inches to another block, a point or a shapely geometry (0 if they
        touch or overlap)."""
        if isinstance(other, Block):
            return separation(self.corners, self.frame, other.corners, other.frame)[1]
        if isinstance(other, tuple):
            u, v = self.local(other)
            du = max(abs(u) - self.frontage / 2.0, 0.0)
            dv = max(v, -self.depth - v, 0.0)
            return math.hypot(du, dv)
        return float(shapely.distance(self.polygon, other))

    def nearest_points(self, other: Block | Point | Any) -> tuple[Point, Point]:
        """The closest point of this block to ``other`` and of ``other`` to it."""
        geom = other.polygon if isinstance(other, Block) else _as_geometry(other)
        (ax, ay), (bx, by) = shapely.shortest_line(self.polygon, geom).coords
        return (ax, ay), (bx, by)

    def in_contact(self, other: Block) -> bool:
        """Touching (or overlapping): distance within :data:`EPSILON`."""
        return self.distance(other) <= EPSILON

    def overlaps(self, other: Block) -> bool:
        """The footprints overlap by more than :data:`EPSILON` (touching is not)."""
        return overlapping(self.corners, self.frame, other.corners, other.frame, EPSILON)

    def contact_edge(self, other: Block) -> Aspect | None:
        """The edge of this block that ``other`` touches (the longest contact), or None."""
        memo = self._edges
        if memo is None:
            memo = {}
            object.__setattr__(self, "_edges", memo)
        known = memo.get(id(other))
        if known is not None and known[0] is other:
            return known[1]
        if len(memo) >= 64:
            memo.clear()
        found = self._contact_edge(other)
        memo[id(other)] = (other, found)
        return found

    def _contact_edge(self, other: Block) -> Aspect | None:
        best, found = -1.0, None
        for aspect in _ASPECTS:
            a, b = self.edge(aspect)
            length = clip_segment(a, b, other.corners, grow=EPSILON)
            if length > best + EPSILON:
                best, found = length, aspect
        return found if best >= 0.0 else None

    def aspect_of(self, point: Point) -> Aspect:
        """Which side of the block ``point`` lies on, by the block's diagonals extended.
        A point on a diagonal (within :data:`EPSILON` of it) counts as front or rear: a
        flank is only where it is clearly off the front and rear (a charge or a shot
        from exactly the corner's diagonal is not one at the flank)."""
        u, v = self.local(point)
        w = v + self.depth / 2.0
        # |w| / half depth against |u| / half frontage, as a distance to the diagonal
        frontage, depth = self.frontage, self.depth
        if abs(w) * frontage - abs(u) * depth >= -EPSILON * math.hypot(frontage, depth):
            return Aspect.FRONT if w >= 0.0 else Aspect.REAR
        return Aspect.RIGHT if u > 0.0 else Aspect.LEFT

    def overlap(self, other: Block, aspect: Aspect = Aspect.FRONT) -> Overlap:
        """Files of this block extending beyond ``other``'s ``aspect`` edge on each side,
        measured along this block's front (e.g. two blocks meeting front to front)."""
        (flx, fly) = self.corners[0]
        rx, ry = self.right
        a, b = other.edge(aspect)
        ua = (a[0] - flx) * rx + (a[1] - fly) * ry
        ub = (b[0] - flx) * rx + (b[1] - fly) * ry
        left_in = max(0.0, min(ua, ub))
        right_in = max(0.0, self.frontage - max(ua, ub))
        left = min(self.files, math.floor((left_in + EPSILON) / self.base_width))
        right = min(self.files, math.floor((right_in + EPSILON) / self.base_width))
        return Overlap(left, right, left_in, right_in)

    # -- zones and arcs ------------------------------------------------------------------

    def zone(self, aspect: Aspect, depth: float) -> Any:
        """The polygon reaching ``depth`` inches straight out from an edge."""
        if not depth > 0.0:
            raise GeometryError(f"zone depth must be positive, got {depth}")
        a, b = self.edge(aspect)
        nx, ny = heading(self.edge_facing(aspect))
        return shapely.Polygon(
            [a, b, (b[0] + nx * depth, b[1] + ny * depth), (a[0] + nx * depth, a[1] + ny * depth)]
        )

    def zone_distance(self, target: Block | Point, aspect: Aspect = Aspect.FRONT) -> float:
        """How far ``target`` is straight out from an edge: the least distance from the
        edge of the part of ``target`` lying squarely in front of it; ``inf`` if none does
        (0 if it touches or overlaps the edge). A block must enter the band in front of
        the edge by more than EPSILON; a point on the band's side counts."""
        a, b = self.edge(aspect)
        tx, ty = b[0] - a[0], b[1] - a[1]
        length = math.hypot(tx, ty)
        tx, ty = tx / length, ty / length
        nx, ny = -ty, tx
        if isinstance(target, Block):  # the part of it squarely in front of the edge
            clipped = clip_band([_edge_frame(p, a, tx, ty, nx, ny) for p in target.corners],
                                length)
            return min((v for _, v in clipped), default=math.inf)
        u, v = _edge_frame(target, a, tx, ty, nx, ny)
        if -EPSILON <= u <= length + EPSILON and v >= -EPSILON:
            return max(v, 0.0)
        return math.inf

    def in_zone(self, target: Block | Point, aspect: Aspect, depth: float) -> bool:
        """``target`` is closer than ``depth`` inches straight out from an edge (exactly
        ``depth`` is not closer)."""
        return self.zone_distance(target, aspect) < depth - EPSILON

    def arc_polygon(self, arc: Arc, aspect: Aspect = Aspect.FRONT) -> Any:
        """The arc as a polygon (an unlimited reach is drawn :data:`FAR` inches out; a
        zero-width arc from the centre is a line)."""
        reach = min(arc.reach, FAR)
        a, b = self.edge(aspect)
        out = self.edge_facing(aspect)
        h = arc.half_angle
        if arc.from_centre:
            m = ((a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0)
            if h == 0.0:
                nx, ny = heading(out)
                return shapely.LineString([m, (m[0] + nx * reach, m[1] + ny * reach)])
            return shapely.Polygon([m, *arc_points(m, reach, out - h, 2.0 * h)])
        if h == 0.0:
            return self.zone(aspect, reach)
        right = arc_points(b, reach, out + h, -h)
        left = arc_points(a, reach, out, -h)
        return shapely.Polygon([a, b, *right, *left])

    def in_arc(
        self,
        target: Block | Point,
        arc: Arc,
        aspect: Aspect = Aspect.FRONT,
        *,
        whole: bool = False,
    ) -> bool:
        """``target`` lies in the arc: a point; a block with any part in it by more than
        :data:`EPSILON`, or with all of it in when ``whole``."""
        if not isinstance(target, Block):
            return self._point_in_arc(target, arc, aspect)
        if whole:
            return all(self._point_in_arc(p, arc, aspect) for p in target.corners)
        if not arc.from_centre and arc.reach == math.inf:
            settled = self._block_in_wedge(target, arc, aspect)
            if settled is not None:
                return settled
        return bool(shapely.intersects(self.arc_polygon(arc, aspect), target.core))

    def _block_in_wedge(self, target: Block, arc: Arc, aspect: Aspect) -> bool | None:
        """:meth:`in_arc` of a block for an unlimited arc from an edge, in closed form
        where it is clear by a margin: the arc polygon lies within three half planes (in
        front of the edge, inside either side); a target wholly outside one of them by
        the margin misses it, one with a corner inside all of them by the margin (well
        short of :data:`FAR`) meets it. None: too close to call, ask shapely."""
        margin = 1e-5  # well above the EPSILON the core is shrunk by
        a, b = self.edge(aspect)
        half = math.hypot(b[0] - a[0], b[1] - a[1]) / 2.0
        nx, ny = heading(self.edge_facing(aspect))
        mx, my = (a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0
        sin_h, cos_h = heading(arc.half_angle)
        front = right = left = True  # every corner outside that half plane
        for px, py in target.corners:
            dx, dy = px - mx, py - my
            s, v = dx * ny - dy * nx, dx * nx + dy * ny
            fv = -v  # <= 0 inside
            fr = (s - half) * cos_h - v * sin_h
            fl = (-s - half) * cos_h - v * sin_h
            if fv < -margin and fr < -margin and fl < -margin and \
                    abs(s) + abs(v) < FAR / 4.0:
                return True
            front = front and fv > margin
            right = right and fr > margin
            left = left and fl > margin
        if front or right or left:
            return False
        return None

    def _point_in_arc(self, p: Point, arc: Arc, aspect: Aspect) -> bool:
        a, b = self.edge(aspect)
        half = 0.0 if arc.from_centre else math.hypot(b[0] - a[0], b[1] - a[1]) / 2.0
        nx, ny = heading(self.edge_facing(aspect))
        dx, dy = p[0] - (a[0] + b[0]) / 2.0, p[1] - (a[1] + b[1]) / 2.0
        u, v = abs(dx * ny - dy * nx), dx * nx + dy * ny
        if v < -EPSILON:
            return False
        sin_h, cos_h = heading(arc.half_angle)
        if (u - half) * cos_h - v * sin_h > EPSILON:
            return False
        return math.hypot(max(u - half, 0.0), max(v, 0.0)) <= arc.reach + EPSILON

    # -- moves (each returns a Move: new block, distance spent, swept area) --------------

    def advance(self, distance: float) -> Move:
        """Straight ahead (negative: straight back, still facing the same way)."""
        return translate(self, distance, 0.0, "advance")

    def advanced(self, distance: float) -> Block:
        """``self.advance(distance).end`` without building the swept area."""
        return translated_end(self, distance, 0.0)

    def faced(self, degrees: float) -> Block:
        """``self.turn(degrees).end`` without building the swept area."""
        quarters = round(degrees / 90.0)
        if abs(degrees - 90.0 * quarters) > EPSILON:
            raise GeometryError(f"a turn is a multiple of 90 degrees, got {degrees}")
        return turned_end(self, quarters)

    def sidestep(self, distance: float) -> Move:
        """Straight sideways, to the right if positive (a drift)."""
        return translate(self, 0.0, distance, "sidestep")

    def incline(self, forward: float, right: float) -> Move:
        """Obliquely, keeping the facing; costs the straight-line distance."""
        return translate(self, forward, right, "incline")

    def wheel(self, degrees: float) -> Move:
        """Wheel about a front corner: clockwise (right wheel, pivot on the right front
        corner) if positive, anticlockwise on the left corner if negative; costs the outer
        corner's arc, radians x frontage. At most 180 degrees."""
        return wheel(self, degrees)

    def turn(self, degrees: float) -> Move:
        """Every figure faces about by a multiple of 90 degrees (clockwise positive) in
        place: files and ranks swap on a quarter turn, the centre stays. Costs 0."""
        return turn(self, degrees)

    def about_face(self) -> Move:
        return turn(self, 180.0)

    def pivot(self, degrees: float) -> Move:
        """Rotate the whole block rigidly about its centre (at most 180 degrees). Costs 0."""
        return pivot(self, degrees)

    def march(self, waypoints: Sequence[Point]) -> Move:
        """Column move: the head (front-centre) follows the polyline through ``waypoints``
        and the body follows its path; ends facing along the last leg; costs its length."""
        return march(self, waypoints)


def _measure(block: Block) -> None:
    """Set a new block's corners, bounds, centre and frame, and its lazy caches to None
    (the constructor and :meth:`Block.derived`)."""
    x, y, facing = block.x, block.y, block.facing
    frontage, depth = block.files * block.base_width, block.ranks * block.base_depth
    c = _corners(x, y, facing, frontage, depth)
    fx, fy = heading(facing)
    half = depth / 2.0
    cx, cy = x - fx * half, y - fy * half
    put = object.__setattr__
    put(block, "corners", c)
    put(block, "bounds", _box(c))
    put(block, "centre", (cx, cy))
    put(block, "frame", (cx, cy, fy, -fx, fx, fy, frontage / 2.0, half))
    put(block, "_matrix_frame", None)
    put(block, "_polygon", None)
    put(block, "_core", None)
    put(block, "_edges", None)


def _corners(x: float, y: float, facing: float, frontage: float, depth: float) -> Corners:
    """:attr:`Block.corners`: ``Block._rectangle(0.0)`` spelled out, the same arithmetic
    (a hot path: every new block of a move; a test pins the two together)."""
    fx, fy = heading(facing)
    half = frontage / 2.0 - 0.0
    if half < EPSILON / 4.0:  # max(half, EPSILON / 4.0)
        half = EPSILON / 4.0
    depth = depth - 2.0 * 0.0
    if depth < EPSILON / 2.0:
        depth = EPSILON / 2.0
    x, y = x - fx * 0.0, y - fy * 0.0
    flx, fly = x - fy * half, y + fx * half  # rx, ry = fy, -fx
    frx, fry = x + fy * half, y - fx * half
    return (
        (flx, fly), (frx, fry),
        (frx - fx * depth, fry - fy * depth), (flx - fx * depth, fly - fy * depth),
    )


def _edge_frame(p: Point, a: Point, tx: float, ty: float, nx: float, ny: float) -> Point:
    """``p`` in an edge's frame for :meth:`Block.zone_distance`: (along the edge from its
    first end ``a``, straight out from it). A function, not a closure in the method:
    a module function rather than a closure in the method, for speed."""
    dx, dy = p[0] - a[0], p[1] - a[1]
    return (dx * tx + dy * ty, dx * nx + dy * ny)


def _box(corners: Corners) -> tuple[float, float, float, float]:
    """:attr:`Block.bounds` of these corners: as min()/max() of the four (the first of
    equals)."""
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = corners
    xmin = x1 if x1 < x0 else x0
    xmin = x2 if x2 < xmin else xmin
    xmin = x3 if x3 < xmin else xmin
    ymin = y1 if y1 < y0 else y0
    ymin = y2 if y2 < ymin else ymin
    ymin = y3 if y3 < ymin else ymin
    xmax = x1 if x1 > x0 else x0
    xmax = x2 if x2 > xmax else xmax
    xmax = x3 if x3 > xmax else xmax
    ymax = y1 if y1 > y0 else y0
    ymax = y2 if y2 > ymax else ymax
    ymax = y3 if y3 > ymax else ymax
    return (xmin, ymin, xmax, ymax)


def corners_array(blocks: Sequence[Block]) -> NDArray[np.float64]:
    """The corners of many blocks as an (n, 4, 2) array, for :func:`distance_matrix`."""
    flat: list[float] = []  # one flat list: numpy reads it ~3x faster than nested tuples
    for b in blocks:
        (x0, y0), (x1, y1), (x2, y2), (x3, y3) = b.corners
        flat += (x0, y0, x1, y1, x2, y2, x3, y3)
    return np.array(flat, dtype=np.float64).reshape(len(blocks), 4, 2)


def _as_geometry(x: Point | Any) -> Any:
    return shapely.Point(x) if isinstance(x, tuple) else x
