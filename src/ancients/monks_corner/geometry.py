"""Fast legality for candidate moves, built on :mod:`ancients.tabletop`.

The tabletop's :class:`~ancients.tabletop.Move` sweeps with shapely; Monk's Corner asks
for legality of some dozen candidate moves per unit, so most are settled here by bounding
boxes and the tabletop's closed-form block measures, and shapely (through the tabletop's
swept areas) is consulted only when another unit or a rough area is near the path.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from typing import Any

import attrs
import shapely

from ancients.tabletop import EPSILON, Block, BlockIndex, Move, Table, union

#: The margin by which a closed-form bound must clear a threshold to settle a test that
#: shapely would otherwise answer (far above float error, far below any rule's inches).
SURE = 1e-9

__all__ = ["SURE", "Path", "bounds_meet", "hull_gap", "hull_gaps", "path_blocked",
           "path_crosses", "path_in_rough", "paths_blocked", "paths_blocked_among",
           "start_in_rough"]


@attrs.frozen
class Path:
    """How a block gets from its start to its end: the footprints it passes through in
    order (each consecutive pair is joined by their convex hull), or a tabletop move
    (wheels and column marches) whose swept area is exact."""

    steps: tuple[Block, ...]
    move: Move | None = None
    # min x, min y, max x, max y of the swept area (of a move: a box holding it, see
    # Move.bounds): nearly every path is measured, so
    # worked out at once. Not functools.cached_property: on a slotted attrs class it adds
    # a class ``__getattr__`` that slows every attribute read (measured: a Path made and
    # read twice over costs twice as much).
    bounds: tuple[float, float, float, float] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if self.move is None:
            box = self._step_bounds()
        else:
            box = self.move.bounds  # a bound: the swept area is built only if asked for
        object.__setattr__(self, "bounds", box)

    @property
    def end(self) -> Block:
        return self.move.end if self.move is not None else self.steps[-1]

    def _step_bounds(self) -> tuple[float, float, float, float]:
        steps = self.steps
        x0, y0, x1, y1 = steps[0].bounds
        for b in steps[1:]:  # as min()/max() of each: the first of equals
            bx0, by0, bx1, by1 = b.bounds
            if bx0 < x0:
                x0 = bx0
            if by0 < y0:
                y0 = by0
            if bx1 > x1:
                x1 = bx1
            if by1 > y1:
                y1 = by1
        return (x0, y0, x1, y1)

    def swept(self) -> Any:
        if self.move is not None:
            return self.move.swept
        return _hulls(self.steps)


def hull_gap(path: Path, other: Block, core: bool = False) -> float:
    """A lower bound on the inches between the swept area of a path of footprints (not
    a tabletop move) and ``other``: the least, over the hulls of consecutive steps, of
    the widest gap between projections on the axes of ``other``, of the steps and across
    the move (any axis's gap bounds the distance from below; > 0 proves them apart).
    ``core``: to ``other``'s core (its footprint shrunk by EPSILON: what touching may
    not enter)."""
    return hull_gaps(path, other, core)[0]


def hull_gaps(path: Path, other: Block, core: bool = False,
              enough: float = math.inf) -> tuple[float, float]:
    """:func:`hull_gap`, and the same least gap over only the hulls whose axes are
    complete (``inf`` if none): a step to itself, or a straight shift of one footprint
    (same axes and size) by more than EPSILON. The separating axes of two convex
    polygons are among their edge normals, and those of such a hull are the
    footprint's two and the normal of the shift; so on them a gap below -SURE proves
    that hull and ``other`` overlap (closed form: no shapely needed).

    ``enough``: a hull's axes are tried only until one gap reaches it (that hull then
    counts at least ``enough``, not its widest gap): both values compare with any
    threshold up to ``enough`` as the exact ones would."""
    steps = path.steps
    pairs = [(steps[0], steps[0])] if len(steps) == 1 else itertools.pairwise(steps)
    ocx, ocy, orx, ory, ofx, ofy, ohw, ohd = other.frame
    if core:
        ohw, ohd = ohw - EPSILON, ohd - EPSILON
    worst = complete = math.inf
    for a, b in pairs:
        acx, acy, arx, ary, afx, afy, ahw, ahd = a.frame
        # A block's half extent across a unit axis u is hw |r.u| + hd |f.u|; between
        # two blocks' axes |r.r'| = |f.f'| (the cosine of the turn) and |r.f'| =
        # |f.r'| (the sine), so every extent on the blocks' own axes follows from
        # those (exact up to rounding, far below SURE). Each axis: (u, the half extent
        # of other, of a, of b).
        ca, sa = abs(orx * arx + ory * ary), abs(orx * afx + ory * afy)
        if b is a:
            bcx, bcy, bhw, bhd = acx, acy, ahw, ahd
            same, exact, n = True, True, 0.0
        else:
            bcx, bcy, brx, bry, bfx, bfy, bhw, bhd = b.frame
            same = (brx == arx and bry == ary and bfx == afx and bfy == afy
                    and bhw == ahw and bhd == ahd)
            mx, my = bcx - acx, bcy - acy  # the hull's sides along the move
            n = math.hypot(mx, my)
            exact = same and n > EPSILON
        if same:
            axes = [(orx, ory, ohw, ahw * ca + ahd * sa, ahw * ca + ahd * sa),
                    (ofx, ofy, ohd, ahw * sa + ahd * ca, ahw * sa + ahd * ca),
                    (arx, ary, ohw * ca + ohd * sa, ahw, ahw),
                    (afx, afy, ohw * sa + ohd * ca, ahd, ahd)]
        else:
            cb, sb = abs(orx * brx + ory * bry), abs(orx * bfx + ory * bfy)
            cab, sab = abs(arx * brx + ary * bry), abs(arx * bfx + ary * bfy)
            axes = [(orx, ory, ohw, ahw * ca + ahd * sa, bhw * cb + bhd * sb),
                    (ofx, ofy, ohd, ahw * sa + ahd * ca, bhw * sb + bhd * cb),
                    (arx, ary, ohw * ca + ohd * sa, ahw, bhw * cab + bhd * sab),
                    (afx, afy, ohw * sa + ohd * ca, ahd, bhw * sab + bhd * cab),
                    (brx, bry, ohw * cb + ohd * sb, ahw * cab + ahd * sab, bhw),
                    (bfx, bfy, ohw * sb + ohd * cb, ahw * sab + ahd * cab, bhd)]
        if n > EPSILON:
            ux, uy = -my / n, mx / n
            axes.append((ux, uy,
                         ohw * abs(orx * ux + ory * uy) + ohd * abs(ofx * ux + ofy * uy),
                         ahw * abs(arx * ux + ary * uy) + ahd * abs(afx * ux + afy * uy),
                         bhw * abs(brx * ux + bry * uy) + bhd * abs(bfx * ux + bfy * uy)
                         if not same else
                         ahw * abs(arx * ux + ary * uy) + ahd * abs(afx * ux + afy * uy)))
        best = -math.inf
        for ux, uy, eo, ea, eb in axes:
            co = ocx * ux + ocy * uy
            pa = acx * ux + acy * uy
            pb = bcx * ux + bcy * uy
            lo, hi = pa - ea, pa + ea
            if pb - eb < lo:
                lo = pb - eb
            if pb + eb > hi:
                hi = pb + eb
            g = co - eo - hi
            if lo - co - eo > g:
                g = lo - co - eo
            if g > best:
                best = g
                if best >= enough:
                    break
        if best < worst:
            worst = best
        if exact and best < complete:
            complete = best
    return worst, complete


def _hulls(steps: tuple[Block, ...]) -> Any:
    if len(steps) == 1:
        return steps[0].polygon
    parts = [shapely.convex_hull(shapely.multipoints([*a.corners, *b.corners]))
             for a, b in itertools.pairwise(steps)]
    return parts[0] if len(parts) == 1 else union(parts)


def bounds_meet(a: tuple[float, float, float, float], b: tuple[float, float, float, float],
                margin: float = 0.0) -> bool:
    return not (a[0] >= b[2] + margin or b[0] >= a[2] + margin
                or a[1] >= b[3] + margin or b[1] >= a[3] + margin)


def paths_blocked(table: Table, paths: Sequence[Path], others: Sequence[Block]) -> list[bool]:
    """:func:`path_blocked` for many paths at once, the bounding-box cut against the
    other blocks done for all of them together."""
    if not paths:
        return []
    if not others:
        return [path_blocked(table, p, ()) for p in paths]
    # bounds_meet(p.bounds, o.bounds, -EPSILON) for every pair, with its arithmetic (the
    # far sides less EPSILON, once each); pure Python: for a menu's dozen paths against
    # a score of blocks ~2.5x faster than numpy's fixed cost per call
    theirs = [(o, q[0], q[1], q[2] - EPSILON, q[3] - EPSILON)
              for o in others for q in (o.bounds,)]
    w, d = table.width + EPSILON, table.depth + EPSILON
    out = []
    for p in paths:
        x0, y0, x1, y1 = p.bounds
        xe, ye = x1 - EPSILON, y1 - EPSILON
        n = [o for o, q0, q1, q2, q3 in theirs
             if not (x0 >= q2 or q0 >= xe or y0 >= q3 or q1 >= ye)]
        if n or x0 < -EPSILON or y0 < -EPSILON or x1 > w or y1 > d:
            out.append(path_blocked(table, p, n, near=True))
        else:  # on the table with room to spare and near nobody: as path_blocked
            out.append(not table.contains(p.end))
    return out


def paths_blocked_among(table: Table, paths: Sequence[Path], index: BlockIndex,
                        mover: int) -> list[bool]:
    """:func:`paths_blocked` against every block of ``index`` but slot ``mover``: only
    the blocks the index finds near the paths are looked at."""
    if not paths:
        return []
    x0, y0, x1, y1 = paths[0].bounds
    for p in paths[1:]:
        q = p.bounds
        x0, y0 = min(x0, q[0]), min(y0, q[1])
        x1, y1 = max(x1, q[2]), max(y1, q[3])
    others = [b for i in index.candidates((x0, y0, x1, y1))
              if i != mover and (b := index[i]) is not None]
    return paths_blocked(table, paths, others)


def path_blocked(table: Table, path: Path, others: Iterable[Block], near: bool = False) -> bool:
    """The path leaves the table, ends overlapping another block or sweeps through one
    (``near``: ``others`` are already cut to those whose bounds meet the path's)."""
    end = path.end
    if not table.contains(end):
        return True
    box = path.bounds
    outside = (box[0] < -EPSILON or box[1] < -EPSILON or box[2] > table.width + EPSILON
               or box[3] > table.depth + EPSILON)
    if outside and not table.contains(path.swept()):
        return True
    if not near:
        others = [o for o in others if bounds_meet(box, o.bounds, -EPSILON)]
    near_ones = list(others)
    if not near_ones:
        return False
    if any(end.overlaps(o) for o in near_ones):
        return True
    if path.move is None:  # what the separating axes leave in doubt goes to shapely
        doubtful = []
        for o in near_ones:
            gap, complete = hull_gaps(path, o, core=True, enough=2.0 * SURE)
            if complete < -SURE:  # overlaps on every axis of a complete set: enters it
                return True
            if gap <= SURE:
                doubtful.append(o)
        if not doubtful:
            return False
        if any(path_crosses(path, o) for o in doubtful):
            return True
        near_ones = doubtful
    swept = path.swept()
    return any(bool(shapely.intersects(swept, o.core)) for o in near_ones)


def path_crosses(path: Path, other: Block) -> bool:
    """A sufficient test, closed form, that the swept area of a path of footprints
    enters ``other``'s core: one of the segments joining a step's centre or corners to
    the next step's (each inside their hull) meets ``other`` shrunk by EPSILON + SURE.
    False: not proven (ask shapely). Settles most of the turning moves whose hull the
    separating axes leave in doubt (their axes are not complete): ~1.5 us when the
    centre segment proves it, against ~17 us to build the hull and ask shapely."""
    ocx, ocy, orx, ory, ofx, ofy, ohw, ohd = other.frame
    hw, hd = ohw - EPSILON - SURE, ohd - EPSILON - SURE
    if hw <= 0.0 or hd <= 0.0:
        return False
    for a, b in itertools.pairwise(path.steps):
        for p, q in ((a.centre, b.centre), *zip(a.corners, b.corners, strict=True)):
            dx, dy = p[0] - ocx, p[1] - ocy
            u0, v0 = dx * orx + dy * ory, dx * ofx + dy * ofy
            dx, dy = q[0] - ocx, q[1] - ocy
            u1, v1 = dx * orx + dy * ory, dx * ofx + dy * ofy
            if _clips(u0, u1, v0, v1, hw, hd):
                return True
    return False


def _clips(u0: float, u1: float, v0: float, v1: float, hw: float, hd: float) -> bool:
    """The segment (u0, v0)-(u1, v1) meets the box |u| <= hw, |v| <= hd (Liang-Barsky)."""
    t0, t1 = 0.0, 1.0
    for a, b, h in ((u0, u1, hw), (v0, v1, hd)):
        d = b - a
        if d == 0.0:
            if a > h or a < -h:
                return False
            continue
        lo, hi = (-h - a) / d, (h - a) / d
        if lo > hi:
            lo, hi = hi, lo
        if lo > t0:
            t0 = lo
        if hi < t1:
            t1 = hi
        if t0 > t1:
            return False
    return True


def start_in_rough(table: Table, block: Block) -> bool:
    """Any part of the block stands in rough ground (every area of a Monk's Corner table
    is rough)."""
    return _near_areas(table, block.bounds) and bool(table.terrain_crossed(block))


def _near_areas(table: Table, box: tuple[float, float, float, float]) -> bool:
    """Some area's bounds meet ``box`` (``bounds_meet`` with margin -EPSILON)."""
    x0, y0, x1, y1 = box
    for a in table.areas:
        q = a.bounds
        if not (x0 >= q[2] - EPSILON or q[0] >= x1 - EPSILON or y0 >= q[3] - EPSILON
                or q[1] >= y1 - EPSILON):
            return True
    return False


def path_in_rough(table: Table, path: Path) -> bool:
    """The path (start, sweep or end) enters rough ground."""
    if not table.areas or not _near_areas(table, path.bounds):
        return False
    return bool(table.terrain_crossed(path.swept()))


def sequence_blocks(blocks: Sequence[Block]) -> tuple[Block, ...]:
    """Drop consecutive duplicates."""
    out: list[Block] = []
    for b in blocks:
        if not out:
            out.append(b)
            continue
        a = out[-1]  # a != b, as attrs compares them (field by field; never NaN)
        if a is not b and (a.x != b.x or a.y != b.y or a.facing != b.facing
                           or a.files != b.files or a.ranks != b.ranks
                           or a.base_width != b.base_width or a.base_depth != b.base_depth
                           or type(a) is not type(b)):
            out.append(b)
    return tuple(out)
