"""The table's side of the rules: what a move crosses (Movement A-E), whether its path is
clear, the cover a unit has from a point (Method of fire; Hand to hand B), the line of
fire (Missile fire B), and the faces of defences; built on :mod:`ancients.tabletop`.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterable, Sequence

import shapely

from ancients.burgess.missiles import Cover
from ancients.burgess.movement import Crossing
from ancients.burgess.state import Piece, State, Work
from ancients.tabletop import (
    EPSILON,
    Block,
    Point,
    Terrain,
    angle_difference,
    bearing,
    heading,
)

__all__ = ["along", "cover", "crossings", "face_toward", "keeps_off", "line_of_fire",
           "measured_crossings", "move_allowance", "path_clear", "placed", "rear_bearing",
           "steps", "turned"]

_AREA_CROSSINGS = {Terrain.WOODS: Crossing.WOODS, Terrain.MARSH: Crossing.MARSH,
                   Terrain.SWAMP: Crossing.SWAMP}
_LINE_CROSSINGS = {Terrain.HEDGE: Crossing.HEDGE, Terrain.WALL: Crossing.WALL,
                   Terrain.FENCE: Crossing.FENCE}
_SHELTER = {Terrain.HEDGE: Cover.HEDGE, Terrain.WALL: Cover.WALL, Terrain.FENCE: Cover.FENCE}
#: a slope climbed this steeply (the cosine of the heading to the fall line) is uphill
UPHILL = 0.25
#: a move keeps to a road when both ends are this near it
ON_ROAD = 1.0


def move_allowance(state: State, piece: Piece) -> float:
    """The inches of one move of the piece's class on open ground (Movement)."""
    return float(state.rules.troops[piece.troop].move)


def rear_bearing(state: State, side: str) -> float:
    """The bearing to a side's own table edge: the first side's is the south edge."""
    return 180.0 if side == state.sides[0] else 0.0


def turned(block: Block, facing: float) -> Block:
    """The block turned in place (about its centre) to ``facing``: a turn costs nothing
    (the text gives none)."""
    fx, fy = heading(facing)
    cx, cy = block.centre
    half = block.depth / 2.0
    return block.derived(cx + fx * half, cy + fy * half, facing, block.files, block.ranks)


def placed(block: Block, centre: Point, facing: float | None = None) -> Block:
    """The block with its centre at ``centre`` (facing kept, or ``facing``)."""
    face = block.facing if facing is None else facing
    fx, fy = heading(face)
    half = block.depth / 2.0
    return block.derived(centre[0] + fx * half, centre[1] + fy * half, face, block.files,
                         block.ranks)


def along(block: Block, towards: float, distance: float, facing: float | None = None) -> Block:
    """The block's centre moved ``distance`` inches on the bearing ``towards``."""
    r = math.radians(towards)
    cx, cy = block.centre
    return placed(block, (cx + distance * math.sin(r), cy + distance * math.cos(r)), facing)


def steps(start: Block, end: Block, step: float) -> list[Block]:
    """The blocks a move passes through, every ``step`` inches or less: turned in place
    to the end's facing, then straight to the end."""
    first = turned(start, end.facing) if abs(end.facing - start.facing) > EPSILON else start
    (x0, y0), (x1, y1) = first.centre, end.centre
    n = max(1, math.ceil(math.hypot(x1 - x0, y1 - y0) / step))
    out = [start] if first is start else [start, first]
    for i in range(1, n + 1):
        t = i / n
        out.append(placed(first, (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)))
    return out


def _bounds(blocks: Sequence[Block]) -> tuple[float, float, float, float]:
    x0 = min(b.bounds[0] for b in blocks)
    y0 = min(b.bounds[1] for b in blocks)
    x1 = max(b.bounds[2] for b in blocks)
    y1 = max(b.bounds[3] for b in blocks)
    return x0, y0, x1, y1


def path_clear(state: State, piece: Piece, blocks: Sequence[Block],
               ignore: Iterable[Piece] = ()) -> bool:
    """The piece's way through ``blocks`` stays on the table and enters no other piece:
    from each block to the next it turns in place (if their facings differ) and goes
    straight; the straight part's swept area (the hull of the two footprints) is checked
    exactly, by separating axes. ``ignore``: the enemies it is leaving, which it may
    pass over as it turns and goes; it may only not end in them."""
    table = state.table
    if not all(table.contains(b) for b in blocks):
        return False
    leaving = {id(p) for p in ignore}
    legs: list[tuple[Block, Block, bool]] = []  # (from, to, a turn in place)
    for a, b in itertools.pairwise(blocks) if len(blocks) > 1 else [(blocks[0], blocks[0])]:
        if abs(angle_difference(a.facing, b.facing)) > EPSILON:
            t = turned(a, b.facing)
            if not table.contains(t):
                return False
            legs += [(t, t, True), (t, b, False)]
        else:
            legs.append((a, b, False))
    x0, y0, x1, y1 = _bounds([b for leg in legs for b in leg[:2]])
    near = [(o, ob) for o in state.near((x0, y0, x1, y1))  # what the index finds near
            for ob in (o.block,) for q in (ob.bounds,) if o is not piece and not (
                q[0] >= x1 or x0 >= q[2] or q[1] >= y1 or y0 >= q[3])]
    if not near:
        return True
    for a, b, turning in legs:
        bx0 = min(a.bounds[0], b.bounds[0])
        by0 = min(a.bounds[1], b.bounds[1])
        bx1 = max(a.bounds[2], b.bounds[2])
        by1 = max(a.bounds[3], b.bounds[3])
        for o, ob in near:
            if id(o) in leaving:  # turning over it, then only where it ends counts
                if not turning and b.overlaps(ob):
                    return False
                continue
            q = ob.bounds
            if bx0 >= q[2] or q[0] >= bx1 or by0 >= q[3] or q[1] >= by1:
                continue
            if _sweep_enters(a, b, ob):
                return False
    return True


def _sweep_enters(a: Block, b: Block, other: Block) -> bool:
    """The hull of ``a`` and ``b`` (one footprint moved straight, its facing kept)
    enters ``other`` by more than EPSILON: no separating axis among the footprint's two,
    the other's two and the normal of the move (the hull's edges lie along these)."""
    ocx, ocy, orx, ory, ofx, ofy, ohw, ohd = other.frame
    acx, acy, arx, ary, afx, afy, ahw, ahd = a.frame
    bcx, bcy = b.frame[0], b.frame[1]
    axes = [(orx, ory), (ofx, ofy), (arx, ary), (afx, afy)]
    mx, my = bcx - acx, bcy - acy
    n = math.hypot(mx, my)
    if n > EPSILON:
        axes.append((-my / n, mx / n))
    for ux, uy in axes:
        eo = ohw * abs(orx * ux + ory * uy) + ohd * abs(ofx * ux + ofy * uy)
        ea = ahw * abs(arx * ux + ary * uy) + ahd * abs(afx * ux + afy * uy)
        co = ocx * ux + ocy * uy
        pa, pb = acx * ux + acy * uy, bcx * ux + bcy * uy
        lo, hi = min(pa, pb) - ea, max(pa, pb) + ea
        if co - eo >= hi - EPSILON or lo >= co + eo - EPSILON:
            return False
    return True


def keeps_off(state: State, piece: Piece, end: Block) -> bool:
    """``end`` is at least ``keep_off`` inches from every enemy (contact is by charge)."""
    gap = state.rules.table.keep_off
    foes = state.foe_index(piece.side)
    b = end.bounds
    for k in foes.candidates(b, gap):  # only those the index finds near
        eb = foes[k]
        assert eb is not None
        q = eb.bounds
        if b[0] > q[2] + gap or q[0] > b[2] + gap or b[1] > q[3] + gap or q[1] > b[3] + gap:
            continue
        if end.distance(eb) < gap - EPSILON:
            return False
    return True


def crossings(state: State, start: Block, end: Block) -> Counter[Crossing]:
    """What a move from ``start`` to ``end`` crosses (Movement A-E): the ground its end or
    the path of its centre enters (woods, marsh, swamp; a hill climbed), the hedges,
    walls, fences and rivers the centre's path crosses (each time), a road it keeps to.
    The areas and lines are measured only if one of them comes near the move's bounds
    (:func:`measured_crossings`, which measures them all, gives the same)."""
    table = state.table
    x0, y0, x1, y1 = end.bounds
    cx, cy = start.centre
    box = (min(x0, cx), min(y0, cy), max(x1, cx), max(y1, cy))
    areas = any(_meet(a.bounds, box, EPSILON) for a in table.areas)
    lines = any(_meet(f.bounds, box, ON_ROAD + EPSILON) for f in table.lines)
    return measured_crossings(state, start, end, areas, lines)


def _meet(a: tuple[float, float, float, float], b: tuple[float, float, float, float],
          margin: float) -> bool:
    """Two bounds come within ``margin`` of each other."""
    return not (a[0] > b[2] + margin or b[0] > a[2] + margin or
                a[1] > b[3] + margin or b[1] > a[3] + margin)


def measured_crossings(state: State, start: Block, end: Block, areas: bool = True,
                       lines: bool = True) -> Counter[Crossing]:
    """:func:`crossings`, every area (``areas``) and line (``lines``) of the table
    measured."""
    table = state.table
    out: Counter[Crossing] = Counter()
    path = [start.centre, end.centre] if math.dist(start.centre, end.centre) > EPSILON \
        else None
    if areas and table.areas:
        seen: set[Crossing] = set()
        where = shapely.union(end.polygon, shapely.LineString(path)) if path else end.polygon
        for area in table.terrain_crossed(where):
            c = _AREA_CROSSINGS.get(area.kind)
            if c is not None:
                seen.add(c)
        if path is not None:
            way = bearing(start.centre, end.centre)
            for point in (start.centre, end.centre):
                if table.gradient(point, way) > UPHILL:
                    seen.add(Crossing.UPHILL)
        out.update(seen)
    if path is not None and lines and table.lines:
        for crossing in table.lines_crossed(path):
            line = crossing.line
            if line.kind in _LINE_CROSSINGS:
                work = state.wall_of(line)
                if work is None or not work.destroyed:
                    out[_LINE_CROSSINGS[line.kind]] += 1
            elif line.kind is Terrain.RIVER:
                big = line.prop("size", "large") == "large"
                out[Crossing.LARGE_RIVER if big else Crossing.SMALL_RIVER] += 1
        for line in table.lines:
            if line.kind is Terrain.ROAD and all(
                    line.line.distance(shapely.Point(p)) <= ON_ROAD for p in path):
                out[Crossing.ROAD] = 1
                break
    return out


def face_toward(work: Work, point: Point) -> int:
    """The face of ``work`` that ``point`` is in front of: a wall's only face, or the edge
    of an area that the line from ``point`` to the area's centre crosses (else the
    nearest)."""
    if work.area is None or len(work.faces) == 1:
        return 0
    coords = list(work.area.polygon.exterior.coords)
    c = work.area.polygon.centroid
    ray = shapely.LineString([point, (c.x, c.y)])
    best, found = math.inf, 0
    for i in range(len(coords) - 1):
        edge = shapely.LineString([coords[i], coords[i + 1]])
        if ray.intersects(edge):
            return i
        d = edge.distance(shapely.Point(point))
        if d < best:
            best, found = d, i
    return found


def cover(state: State, target: Piece, origin: Point) -> Cover:
    """The cover ``target`` has against fire or a charge from ``origin`` (Method of fire;
    Hand to hand B): a building it stands in (unless the face toward ``origin`` has lost
    its defensive factor), woods it stands in, or a hedge, wall or fence between, near it."""
    block = target.block
    work = state.work_at(block)
    if work is not None:
        face = work.faces[face_toward(work, origin)]
        return face.cover
    table = state.table
    for area in table.areas_at(block.centre):
        if area.kind is Terrain.WOODS:
            return Cover.WOODS
    reach = state.rules.table.cover_reach
    if table.lines and math.dist(origin, block.centre) > EPSILON:
        best: Cover = Cover.OPEN
        for c in table.lines_crossed([origin, block.centre]):
            kind = c.line.kind
            if kind not in _SHELTER or block.distance(c.line.line) > reach:
                continue
            work = state.wall_of(c.line)
            if work is not None:
                shelter = work.faces[0].cover
                if shelter is Cover.OPEN or work.destroyed:
                    continue
                return shelter
            best = _SHELTER[kind]
        return best
    return Cover.OPEN


def line_of_fire(state: State, firer: Piece, target: Piece) -> bool:
    """The firer sees the target (Missile fire B): no enemy between, no woods or building
    beyond the first inches of sight, and friends between only if the firer stands at
    least the indirect-fire distance behind them."""
    behind = float(state.rules.fire.indirect_behind)
    fb, tb = firer.block.bounds, target.block.bounds
    x0, y0 = min(fb[0], tb[0]), min(fb[1], tb[1])
    x1, y1 = max(fb[2], tb[2]), max(fb[3], tb[3])
    blocks = []
    for p in state.near((x0, y0, x1, y1)):  # (what lies outside the sight line's bounds
        if p is firer or p is target:       # cannot be in its way)
            continue
        pb = p.block
        if p.side == firer.side and firer.block.distance(pb) >= behind - EPSILON:
            continue  # Missile fire B: indirect fire over friends 3 IN in front
        blocks.append(pb)
    return state.table.line_of_sight(firer.block, target.block, blocks,
                                     hills_block=False,
                                     see_into=state.rules.table.sight_into)
