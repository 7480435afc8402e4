"""The geometry of the table play, on :mod:`ancients.tabletop`: a division moved as a
body (advance, sidestep, wheel, turn about), whether a move is clear (on the table,
through no enemy, ending on no one, hoplites 3 inches from enemy hoplites), a move to
contact, the aspect a unit is struck on, and the order of divisions along the line.

A move's path is checked at its end and at steps of at most :data:`STEP` inches (and
:data:`WHEEL_STEP` degrees) along the way: a unit's stands are larger than a step, so no
unit is passed through unseen.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import attrs

from ancients.hoplomachia.pieces import Piece
from ancients.hoplomachia.vocabulary import Aspect
from ancients.tabletop import EPSILON, Block, Table, bearing, heading, normalise_angle
from ancients.tabletop import Aspect as Edge
from ancients.tabletop.index import Box

__all__ = ["STEP", "WHEEL_STEP", "Clearance", "advance", "aspect_struck", "bearing_to",
           "bounds_of", "box_gap", "centre_of", "clearance", "contact_distance",
           "edge_aspect", "face", "front_corners", "line_order", "moved_towards",
           "sidestep", "straight_path", "turn_about", "wheel", "wheel_path"]

STEP = 0.5  # inches between the checked points of a move's path
WHEEL_STEP = 15.0  # degrees between the checked points of a wheel
_EDGE_ASPECT = {Edge.FRONT: Aspect.FRONT, Edge.LEFT: Aspect.SHIELDED_FLANK,
                Edge.RIGHT: Aspect.UNSHIELDED_FLANK, Edge.REAR: Aspect.REAR}


def edge_aspect(edge: Edge) -> Aspect:
    """Hoplomachia's aspect of a block's edge: the left is the shielded flank."""
    return _EDGE_ASPECT[edge]


def aspect_struck(target: Block, attacker: Block | tuple[float, float]) -> Aspect:
    """Where ``target`` is struck by ``attacker``: the edge it touches (a block in
    contact), else the side of the target it lies on (a point, or a block apart)."""
    if isinstance(attacker, Block):
        edge = target.contact_edge(attacker)
        if edge is not None:
            return edge_aspect(edge)
        return edge_aspect(target.aspect_of(attacker.centre))
    return edge_aspect(target.aspect_of(attacker))


# -- moving a body ---------------------------------------------------------------------------
def advance(blocks: Sequence[Block], distance: float, facing: float | None = None
            ) -> list[Block]:
    """Every block moved ``distance`` inches along ``facing`` (default: each block's own
    facing; negative: backwards)."""
    out = []
    for b in blocks:
        fx, fy = heading(b.facing if facing is None else facing)
        out.append(b.derived(b.x + fx * distance, b.y + fy * distance, b.facing, b.files,
                             b.ranks))
    return out


def sidestep(blocks: Sequence[Block], distance: float, facing: float | None = None
             ) -> list[Block]:
    """Every block moved ``distance`` inches to the right of ``facing`` (a drift)."""
    f = blocks[0].facing if facing is None else facing
    return advance(blocks, distance, normalise_angle(f + 90.0)) if blocks else []


def front_corners(blocks: Sequence[Block]) -> tuple[tuple[float, float], tuple[float, float]]:
    """The front-left and front-right corners of a line of blocks facing alike."""
    f = blocks[0].facing
    fx, fy = heading(f)
    rx, ry = fy, -fx
    pts = [c for b in blocks for c in b.corners[:2]]
    left = min(pts, key=lambda p: p[0] * rx + p[1] * ry)
    right = max(pts, key=lambda p: p[0] * rx + p[1] * ry)
    front = max(p[0] * fx + p[1] * fy for p in pts)

    def onto(p: tuple[float, float]) -> tuple[float, float]:
        v = p[0] * fx + p[1] * fy
        return (p[0] + fx * (front - v), p[1] + fy * (front - v))
    return onto(left), onto(right)


def wheel(blocks: Sequence[Block], degrees: float) -> tuple[list[Block], float]:
    """The line wheeled about its front corner (clockwise about the right, positive) and
    the inches its outer end travels."""
    left, right = front_corners(blocks)
    pivot = right if degrees > 0 else left
    width = math.hypot(right[0] - left[0], right[1] - left[1])
    return [b.rotated(degrees, pivot) for b in blocks], abs(math.radians(degrees)) * width


def turn_about(blocks: Sequence[Block], degrees: float) -> list[Block]:
    """Each block turned in place about its own centre (lochoi turning 90 or 180)."""
    return [b.rotated(degrees, b.centre) for b in blocks]


def face(blocks: Sequence[Block], facing: float) -> list[Block]:
    """The body turned about its centre to face ``facing`` (troops free to turn)."""
    if not blocks:
        return []
    turn = normalise_angle(facing - blocks[0].facing)
    if abs(turn) < 1e-9 or abs(turn - 360.0) < 1e-9:
        return list(blocks)
    xs = [b.centre[0] for b in blocks]
    ys = [b.centre[1] for b in blocks]
    centre = (sum(xs) / len(xs), sum(ys) / len(ys))
    return [b.rotated(turn, centre) for b in blocks]


def moved_towards(blocks: Sequence[Block], bearing_deg: float, distance: float) -> list[Block]:
    """The body faced along ``bearing_deg`` and moved ``distance`` inches that way."""
    return advance(face(blocks, bearing_deg), distance)


# -- is a move clear? ------------------------------------------------------------------------
@attrs.frozen
class Clearance:
    """Whether a move is clear, and the friends it passes through (interpenetration)."""

    ok: bool
    through: tuple[str, ...] = ()
    why: str = ""


def _box(blocks: Sequence[Block], margin: float) -> tuple[float, float, float, float]:
    x0 = min(b.bounds[0] for b in blocks) - margin
    y0 = min(b.bounds[1] for b in blocks) - margin
    x1 = max(b.bounds[2] for b in blocks) + margin
    y1 = max(b.bounds[3] for b in blocks) + margin
    return x0, y0, x1, y1


def _meets(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return not (a[0] > b[2] or b[0] > a[2] or a[1] > b[3] or b[1] > a[3])


def clearance(table: Table, movers: Sequence[Piece], path: Sequence[Sequence[Block]],
              others: Sequence[Piece], keep: Sequence[tuple[Piece, float]] = ()
              ) -> Clearance:
    """Is a move of ``movers`` clear? ``path`` lists the bodies it passes through, the
    last its end. It must stay on the table, pass through no enemy, end overlapping no
    one, and end no closer to each piece of ``keep`` than the inches given with it (nor
    closer than it began). Friends passed through are listed."""
    end = path[-1]
    side = movers[0].side
    everything = [b for body in path for b in body]
    most = max((k for _, k in keep), default=0.0)
    box = _box(everything, EPSILON)
    for i, b in enumerate(end):
        if not table.contains(b):
            return Clearance(False, why="off the table")
        if any(b.overlaps(c) for c in end[i + 1:]):
            return Clearance(False, why="its own pieces would overlap")
    through: list[str] = []
    for o in others:
        ob = o.block
        if not _meets(box, ob.bounds):
            continue
        for b in end:
            if b.overlaps(ob):
                return Clearance(False, why=f"ends on {o.id}")
        for body in path[:-1]:
            if any(b.overlaps(ob) for b in body):
                if o.side != side:
                    return Clearance(False, why=f"through {o.id}")
                if o.id not in through:
                    through.append(o.id)
                break
    if keep:
        wide = _box(list(end), most + EPSILON)
        start = [p.block for p in movers]
        for o, inches in keep:
            if not _meets(wide, o.block.bounds):
                continue
            now = min(b.distance(o.block) for b in end)
            if now < inches - EPSILON:
                before = min(b.distance(o.block) for b in start)
                if now < min(before, inches) - EPSILON:
                    return Clearance(False, why=f"within {inches:g} inches of {o.id}")
    return Clearance(True, tuple(through))


def straight_path(blocks: Sequence[Block], distance: float, facing: float | None = None
                  ) -> list[list[Block]]:
    """The bodies along a straight move, at most :data:`STEP` apart, ending at the end
    (the body moves as one, along ``facing``: default its first block's)."""
    steps = max(1, math.ceil(abs(distance) / STEP - 1e-9))
    f = blocks[0].facing if facing is None else facing
    return [advance(blocks, distance * k / steps, f) for k in range(1, steps + 1)]


def straight_sweep(block: Block, distance: float) -> list[Block]:
    """The ground one block covers on a straight move of ``distance`` inches ahead, as
    the bodies :func:`straight_path` checks: one block stretched from the first step's
    rear to the end's front where those bodies overlap one another (the block at least
    a step deep), so that it meets what they meet and bounds what they bound; else the
    bodies themselves."""
    steps = max(1, math.ceil(abs(distance) / STEP - 1e-9))
    step = distance / steps
    depth = block.ranks * block.base_depth
    if distance < 0.0 or step > depth:
        return [b[0] for b in straight_path([block], distance)]
    end = advance([block], distance)[0]
    return [Block(end.x, end.y, block.facing, block.files, 1, block.base_width,
                  depth + distance - step)]


def wheel_path(blocks: Sequence[Block], degrees: float) -> list[list[Block]]:
    steps = max(1, math.ceil(abs(degrees) / WHEEL_STEP - 1e-9))
    return [wheel(blocks, degrees * k / steps)[0] for k in range(1, steps + 1)]


def contact_distance(block: Block, target: Block, limit: float,
                     facing: float | None = None) -> float | None:
    """How far ``block`` moves along ``facing`` (default its own) before it first touches
    ``target`` (None if not within ``limit`` inches, or never)."""
    f = block.facing if facing is None else facing
    if block.distance(target) <= EPSILON:
        return 0.0
    steps = max(1, math.ceil(limit / STEP))
    prev = 0.0
    for k in range(1, steps + 1):
        d = limit * k / steps
        b = advance([block], d, f)[0]
        if b.distance(target) <= EPSILON or b.overlaps(target):
            lo, hi = prev, d
            for _ in range(30):
                mid = (lo + hi) / 2.0
                if advance([block], mid, f)[0].distance(target) <= EPSILON:
                    hi = mid
                else:
                    lo = mid
            return hi
        prev = d
    return None


# -- the order along the line ------------------------------------------------------------------
def line_order(bodies: Sequence[tuple[str, Sequence[Block]]], facing: float
               ) -> list[str]:
    """Ids of ``bodies`` from the right flank of an army facing ``facing`` to its left
    (by their centres across that facing)."""
    fx, fy = heading(facing)
    rx, ry = fy, -fx

    def across(body: tuple[str, Sequence[Block]]) -> tuple[float, str]:
        bs = body[1]
        cx = sum(b.centre[0] for b in bs) / len(bs)
        cy = sum(b.centre[1] for b in bs) / len(bs)
        return (-(cx * rx + cy * ry), body[0])
    return [k for k, _ in sorted(bodies, key=across)]


def bearing_to(a: Block, b: Block) -> float:
    """The bearing from ``a``'s centre to ``b``'s."""
    return bearing(a.centre, b.centre)


def centre_of(blocks: Sequence[Block]) -> tuple[float, float]:
    """The mean of the blocks' centres."""
    return (sum(b.centre[0] for b in blocks) / len(blocks),
            sum(b.centre[1] for b in blocks) / len(blocks))


def box_gap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> float:
    """The gap between two bounding boxes (0 when they meet): never more than the
    distance between what they bound, so a quick way to pass over the far ones."""
    dx = max(a[0] - b[2], b[0] - a[2], 0.0)
    dy = max(a[1] - b[3], b[1] - a[3], 0.0)
    return math.hypot(dx, dy)


# -- boxes ------------------------------------------------------------------------------------
def bounds_of(blocks: Iterable[Block]) -> Box:
    """The box around the blocks' bounds."""
    boxes = [b.bounds for b in blocks]
    return (min(q[0] for q in boxes), min(q[1] for q in boxes),
            max(q[2] for q in boxes), max(q[3] for q in boxes))
