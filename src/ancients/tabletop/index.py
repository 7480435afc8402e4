"""A spatial index of blocks: which blocks lie near a box, which lie within a distance of
a block, which is nearest; in time that grows with the neighbours found, not with the
blocks on the table.

:class:`BlockIndex` is a uniform grid of square cells over the blocks' bounding boxes
(each block listed in every cell its bounds meet). It answers exactly as the brute-force
oracles below (:func:`brute_near`, :func:`brute_within`, :func:`brute_nearest`) answer
over the same blocks, in the same order (ascending index, the order the blocks were
given): the grid only decides which blocks are measured, never what a measure says. The
cell size changes the speed, never an answer.

Why a grid and not shapely's ``STRtree``: an STRtree is immutable (a block that moves
means building it again) and each query goes through shapely geometries built for the
purpose; the grid updates one block in place in a few dict operations and its queries
are plain Python on the bounds every :class:`~ancients.tabletop.Block` already carries
(``benchmarks/bench_index.py`` measures both).
"""

from __future__ import annotations

import abc
import bisect
import math
from collections.abc import Callable, Iterable, Sequence

from ancients.errors import GeometryError
from ancients.tabletop.block import Block
from ancients.tabletop.geometry import EPSILON, separation

__all__ = [
    "BlockIndex",
    "Box",
    "Contacts",
    "Measure",
    "Sweep",
    "box_gap",
    "boxes_meet",
    "brute_near",
    "brute_nearest",
    "brute_pairs_within",
    "brute_within",
    "edge_distance",
    "matrix_distance",
    "pairs_within",
]

Box = tuple[float, float, float, float]
#: How two blocks are measured: edge-to-edge inches.
Measure = Callable[[Block, Block], float]

#: Slack of the cell ranges (inches): a box grown by a margin is looked up this much
#: wider, so that rounding in a caller's own comparison never loses a block.
_SLACK = EPSILON


def edge_distance(a: Block, b: Block) -> float:
    """``a.distance(b)``: edge-to-edge inches (0 if they touch or overlap)."""
    return separation(a.corners, a.frame, b.corners, b.frame)[1]


def matrix_distance(a: Block, b: Block) -> float:
    """Edge-to-edge inches as :func:`~ancients.tabletop.distance_matrix` gives them, bit
    for bit (the frames it derives from the corners)."""
    return separation(a.corners, a.matrix_frame, b.corners, b.matrix_frame)[1]


def boxes_meet(a: Box, b: Box, margin: float = 0.0) -> bool:
    """The boxes come within ``margin`` of each other (touching counts)."""
    return not (a[0] > b[2] + margin or b[0] > a[2] + margin
                or a[1] > b[3] + margin or b[1] > a[3] + margin)


def box_gap(a: Box, b: Box) -> float:
    """The widest gap between the boxes along an axis (<= 0 where they meet): a lower
    bound on the distance between anything inside them."""
    return max(b[0] - a[2], a[0] - b[2], b[1] - a[3], a[1] - b[3])


# -- the oracles: every block measured ------------------------------------------------------
def brute_near(blocks: Sequence[Block | None], box: Box, margin: float = 0.0) -> list[int]:
    """Indices of the blocks whose bounds come within ``margin`` of ``box``."""
    return [i for i, b in enumerate(blocks) if b is not None and boxes_meet(b.bounds, box, margin)]


def brute_within(blocks: Sequence[Block | None], block: Block, reach: float,
                 measure: Measure = edge_distance) -> list[tuple[int, float]]:
    """(index, distance) of the blocks at most ``reach`` inches from ``block``."""
    out = []
    for i, b in enumerate(blocks):
        if b is not None:
            d = measure(block, b)
            if d <= reach:
                out.append((i, d))
    return out


def brute_nearest(blocks: Sequence[Block | None], block: Block,
                  accept: Callable[[int], bool] | None = None,
                  measure: Measure = edge_distance) -> tuple[float, int] | None:
    """(distance, index) of the nearest block that ``accept`` takes (the first of
    equals), or None if there is none."""
    found = [(measure(block, b), i) for i, b in enumerate(blocks)
             if b is not None and (accept is None or accept(i))]
    return min(found) if found else None


# -- the index ------------------------------------------------------------------------------
class _Queries(abc.ABC):
    """The queries of an index that follow from its :meth:`candidates` (a superset of
    the blocks near a box) and its ``_blocks``: :class:`BlockIndex` and :class:`Sweep`."""

    __slots__ = ("_blocks",)

    _blocks: list[Block | None]

    @abc.abstractmethod
    def candidates(self, box: Box, margin: float = 0.0) -> list[int]:
        """Indices, ascending, of a superset of the blocks whose bounds come within
        ``margin`` of ``box`` (each index its own way)."""

    def near(self, box: Box, margin: float = 0.0) -> list[int]:
        """Indices, ascending, of the blocks whose bounds come within ``margin`` of
        ``box`` (touching counts): as :func:`brute_near`."""
        blocks = self._blocks
        out = []
        for i in self.candidates(box, margin):
            b = blocks[i]
            assert b is not None
            if boxes_meet(b.bounds, box, margin):
                out.append(i)
        return out

    def within(self, block: Block, reach: float,
               measure: Measure = edge_distance) -> list[tuple[int, float]]:
        """(index, distance), ascending index, of the blocks at most ``reach`` inches
        from ``block`` by ``measure``: as :func:`brute_within`."""
        blocks = self._blocks
        x0, y0, x1, y1 = box = block.bounds
        r = reach + _SLACK
        out = []
        for i in self.candidates(box, reach):
            b = blocks[i]
            assert b is not None
            q = b.bounds  # a gap between the boxes wider than the reach: too far
            if q[0] - x1 > r or x0 - q[2] > r or q[1] - y1 > r or y0 - q[3] > r:
                continue
            d = measure(block, b)
            if d <= reach:
                out.append((i, d))
        return out


class BlockIndex(_Queries):
    """Blocks by position on a grid of ``cell``-inch squares; block ``i`` is the ``i``-th
    given (or added); ``few``: up to this many slots, :meth:`candidates` gives every
    block (no cells looked up). A slot can be emptied (:meth:`remove`) or given a new block
    (:meth:`update`, a unit that moved) in place; indices never shift."""

    __slots__ = ("_cells", "_extent", "_live", "_ranges", "cell", "few")

    #: the default ``few``: up to this many slots, the caller's own exact test of every
    #: block costs less than looking up cells (the cells are not even built)
    FEW: int = 16

    def __init__(self, blocks: Iterable[Block | None] = (), cell: float = 12.0,
                 few: int | None = None) -> None:
        if not (cell > 0.0 and math.isfinite(cell)):
            raise GeometryError(f"BlockIndex cell must be positive inches, got {cell!r}")
        self.cell = float(cell)
        self.few = type(self).FEW if few is None else few
        self._blocks: list[Block | None] = list(blocks)
        # the cells, built on the first query that needs them (None until then)
        self._cells: dict[tuple[int, int], list[int]] | None = None
        self._ranges: list[tuple[int, int, int, int] | None] = []
        self._extent: list[int] | None = None  # least and greatest cell columns and rows
        self._live: list[int] | None = None  # the slots in use (None: to be listed)

    def __len__(self) -> int:
        return len(self._blocks)

    def __getitem__(self, i: int) -> Block | None:
        return self._blocks[i]

    @property
    def blocks(self) -> list[Block | None]:
        """The blocks by index (None: an emptied slot); a fresh list."""
        return list(self._blocks)

    def _range(self, box: Box, grow: float) -> tuple[int, int, int, int]:
        c = self.cell
        return (math.floor((box[0] - grow) / c), math.floor((box[1] - grow) / c),
                math.floor((box[2] + grow) / c), math.floor((box[3] + grow) / c))

    def add(self, block: Block | None) -> int:
        """Put ``block`` in a new slot (None: an empty one); its index."""
        i = len(self._blocks)
        self._blocks.append(None)
        if self._cells is not None:
            self._ranges.append(None)
        if block is not None:
            self._put(i, block)
        return i

    def update(self, i: int, block: Block | None) -> None:
        """Slot ``i`` holds ``block`` now (None: empty it)."""
        old = self._blocks[i]
        if old is block:
            return
        if old is not None and block is not None and old.bounds == block.bounds:
            self._blocks[i] = block  # same cells
            return
        self._take(i)
        if block is not None:
            self._put(i, block)

    def remove(self, i: int) -> None:
        """Empty slot ``i``."""
        self._take(i)

    def _live_slots(self) -> list[int]:
        live = self._live
        if live is None:
            live = self._live = [i for i, b in enumerate(self._blocks) if b is not None]
        return live

    def _grid(self) -> dict[tuple[int, int], list[int]]:
        """The cells, built now if they are not yet."""
        cells = self._cells
        if cells is None:
            cells = self._cells = {}
            self._ranges = [None] * len(self._blocks)
            for i, b in enumerate(self._blocks):
                if b is not None:
                    self._register(i, b)
        return cells

    def _put(self, i: int, block: Block) -> None:
        self._live = None
        self._blocks[i] = block
        if self._cells is not None:
            self._register(i, block)

    def _register(self, i: int, block: Block) -> None:
        r = self._range(block.bounds, 0.0)
        self._ranges[i] = r
        cells = self._cells
        assert cells is not None
        for cx in range(r[0], r[2] + 1):
            for cy in range(r[1], r[3] + 1):
                found = cells.get((cx, cy))
                if found is None:
                    cells[(cx, cy)] = [i]
                elif found[-1] < i:
                    found.append(i)
                else:  # kept in order (a block that moved keeps its index)
                    bisect.insort(found, i)
        e = self._extent
        if e is None:
            self._extent = list(r)
        else:
            e[0], e[1] = min(e[0], r[0]), min(e[1], r[1])
            e[2], e[3] = max(e[2], r[2]), max(e[3], r[3])

    def _take(self, i: int) -> None:
        self._live = None
        self._blocks[i] = None
        cells = self._cells
        if cells is None:
            return
        r = self._ranges[i]
        self._ranges[i] = None
        if r is None:
            return
        for cx in range(r[0], r[2] + 1):
            for cy in range(r[1], r[3] + 1):
                found = cells[(cx, cy)]
                found.remove(i)
                if not found:
                    del cells[(cx, cy)]

    # -- queries --------------------------------------------------------------------------
    def candidates(self, box: Box, margin: float = 0.0) -> list[int]:
        """Indices, ascending, of a superset of the blocks whose bounds come within
        ``margin`` of ``box`` (those listed in the cells the grown box meets; every block
        while there are at most :attr:`few` slots): for a caller with its own exact
        test."""
        if len(self._blocks) <= self.few:
            return list(self._live_slots())
        cells = self._grid()
        e = self._extent
        if e is None:
            return []
        c = self.cell
        grow = (margin if margin > 0.0 else 0.0) + _SLACK
        floor = math.floor
        x0 = floor((box[0] - grow) / c)
        y0 = floor((box[1] - grow) / c)
        x1 = floor((box[2] + grow) / c)
        y1 = floor((box[3] + grow) / c)
        if x0 < e[0]:
            x0 = e[0]
        if y0 < e[1]:
            y0 = e[1]
        if x1 > e[2]:
            x1 = e[2]
        if y1 > e[3]:
            y1 = e[3]
        if x0 > x1 or y0 > y1:
            return []
        if x0 == x1 and y0 == y1:  # one cell: its list is kept in order
            held = cells.get((x0, y0))
            return list(held) if held is not None else []
        if (x1 - x0 + 1) * (y1 - y0 + 1) > len(cells):  # a box wider than what is listed
            found = [i for (cx, cy), held in cells.items()
                     if x0 <= cx <= x1 and y0 <= cy <= y1 for i in held]
        else:
            found = []
            get = cells.get
            for cx in range(x0, x1 + 1):
                for cy in range(y0, y1 + 1):
                    held = get((cx, cy))
                    if held is not None:
                        found += held
        if len(found) > 1:
            found = sorted(set(found))
        return found

    def nearest(self, block: Block, accept: Callable[[int], bool] | None = None,
                measure: Measure = edge_distance) -> tuple[float, int] | None:
        """(distance, index) of the nearest block ``accept`` takes, the first of equals
        (None if there is none): as :func:`brute_nearest`. Searches ring after ring of
        cells outward from the block's own, and stops once no block unseen can be as
        near as the best found (every block, while there are at most :attr:`few`)."""
        if len(self._blocks) <= self.few:
            return _scan_nearest(self._blocks, block, accept, measure)
        cells = self._grid()
        e = self._extent
        if e is None:
            return None
        box = block.bounds
        bx0, by0, bx1, by1 = self._range(box, 0.0)
        blocks = self._blocks
        seen: set[int] = set()
        best_d, best_i = math.inf, -1
        # rings beyond this one hold nothing (the extent of every cell used)
        last = max(bx0 - e[0], by0 - e[1], e[2] - bx1, e[3] - by1, 0)
        r = 0
        while True:
            for key in _ring(bx0, by0, bx1, by1, r):
                held = cells.get(key)
                if held is None:
                    continue
                for i in held:
                    if i in seen:
                        continue
                    seen.add(i)
                    if accept is not None and not accept(i):
                        continue
                    b = blocks[i]
                    assert b is not None
                    if box_gap(box, b.bounds) > best_d + _SLACK:
                        continue
                    d = measure(block, b)
                    if d < best_d or (d == best_d and i < best_i):
                        best_d, best_i = d, i
            # a block listed only in rings beyond r is more than r cells away
            if best_i >= 0 and best_d < r * self.cell - _SLACK:
                break
            if r >= last:
                break
            r += 1
        return None if best_i < 0 else (best_d, best_i)


class Sweep(_Queries):
    """Blocks sorted by their west edge, for one-off queries (built in a sort, no cells:
    cheaper than a :class:`BlockIndex` to make for a few queries, and not updatable).
    The blocks whose bounds come near a box lie in one run of that order: from the box's
    west edge less the widest block to its east edge. The answers are the oracles'."""

    __slots__ = ("_order", "_starts", "_widest")

    def __init__(self, blocks: Sequence[Block | None]) -> None:
        self._blocks = list(blocks)
        keyed = sorted((b.bounds[0], i) for i, b in enumerate(self._blocks) if b is not None)
        self._starts = [x for x, _ in keyed]
        self._order = [i for _, i in keyed]
        self._widest = max((b.bounds[2] - b.bounds[0] for b in self._blocks if b is not None),
                           default=0.0)

    def __getitem__(self, i: int) -> Block | None:
        return self._blocks[i]

    def candidates(self, box: Box, margin: float = 0.0) -> list[int]:
        """As :meth:`BlockIndex.candidates`: indices, ascending, of a superset of the
        blocks whose bounds come within ``margin`` of ``box``."""
        grow = (margin if margin > 0.0 else 0.0) + _SLACK
        lo = bisect.bisect_left(self._starts, box[0] - grow - self._widest - _SLACK)
        hi = bisect.bisect_right(self._starts, box[2] + grow)
        found = self._order[lo:hi]
        found.sort()
        return found


def pairs_within(a: Sequence[Block], b: Sequence[Block], reach: float = EPSILON,
                 measure: Measure = edge_distance) -> list[tuple[int, int, float]]:
    """(i, j, distance) for every block ``a[i]`` and ``b[j]`` at most ``reach`` apart
    (by default: touching), ascending by i then j: ``b`` sorted once by west edge (as a
    :class:`Sweep`) and each of ``a`` measured against the run of it that can come that
    near (as :func:`brute_pairs_within`)."""
    if not a or not b:
        return []
    keyed = sorted((q.bounds[0], j) for j, q in enumerate(b))
    starts = [x for x, _ in keyed]
    order = [j for _, j in keyed]
    widest = max(q.bounds[2] - q.bounds[0] for q in b)
    r = reach + _SLACK
    left, right = bisect.bisect_left, bisect.bisect_right
    out = []
    for i, block in enumerate(a):
        x0, y0, x1, y1 = block.bounds
        found = []
        for j in order[left(starts, x0 - r - widest - _SLACK):right(starts, x1 + r)]:
            other = b[j]
            q = other.bounds
            if q[0] - x1 > r or x0 - q[2] > r or q[1] - y1 > r or y0 - q[3] > r:
                continue
            d = measure(block, other)
            if d <= reach:
                found.append((j, d))
        if found:
            found.sort()
            out += [(i, j, d) for j, d in found]
    return out


class Contacts:
    """Which blocks of two groups (two sides) come within ``reach`` of each other (by
    default: touch), kept up to date as blocks move. Slot ``i`` holds a block of group 0
    or 1, or nothing (:meth:`put`); each group's blocks stand in a :class:`BlockIndex`
    (:meth:`index`, slots numbered alike, the other group's empty). A slot given a new
    block is measured again, against the other group's blocks the index finds near it,
    when a contact is next asked for; every other slot's contacts are kept. The answers
    are :func:`pairs_within`'s over the blocks as they stand (:func:`brute_pairs_within`:
    a pair is measured ``measure(group 0's block, group 1's)``, whichever of them moved).
    ``few`` is each index's (by default twice :attr:`BlockIndex.FEW`: each index has a
    slot for every block of both groups, the other group's empty).
    """

    __slots__ = ("_changes", "_groups", "_indexes", "_of", "_stale", "_touching", "measure",
                 "reach")

    def __init__(self, reach: float = EPSILON, measure: Measure = edge_distance,
                 cell: float = 12.0, few: int | None = None) -> None:
        self.reach = reach
        self.measure = measure
        few = 2 * BlockIndex.FEW if few is None else few
        self._indexes = (BlockIndex(cell=cell, few=few), BlockIndex(cell=cell, few=few))
        self._groups: list[int] = []  # each slot's group (an empty slot keeps its last)
        self._touching: list[set[int]] = []
        self._of: list[tuple[int, ...] | None] = []  # each slot's, in order (None: to sort)
        self._stale: set[int] = set()  # slots given a new block since last measured
        self._changes = 0

    @property
    def changes(self) -> int:
        """A number that changes whenever a pair comes within reach or leaves it: the key
        of what is worked out from who touches whom."""
        if self._stale:
            self._measure()
        return self._changes

    def __len__(self) -> int:
        return len(self._groups)

    def index(self, group: int) -> BlockIndex:
        """The blocks of ``group`` (0 or 1) by slot (to read: :meth:`put` changes it)."""
        return self._indexes[group]

    def block(self, i: int) -> Block | None:
        """The block in slot ``i`` (None: empty)."""
        return self._indexes[self._groups[i]][i]

    def put(self, i: int, block: Block | None, group: int = 0) -> None:
        """Slot ``i`` holds ``block`` of ``group`` now (None: empty it); ``i`` may be
        :func:`len` (a new slot at the end)."""
        if group not in (0, 1):
            raise GeometryError(f"Contacts group must be 0 or 1, got {group!r}")
        n = len(self._groups)
        if i == n:
            for index in self._indexes:
                index.add(None)
            self._groups.append(group)
            self._touching.append(set())
            self._of.append(())
        elif not 0 <= i < n:
            raise GeometryError(f"Contacts slot {i} out of range (0..{n})")
        was = self._groups[i]
        if was != group:
            self._indexes[was].update(i, None)
            self._groups[i] = group
        elif self._indexes[group][i] is block:
            return
        self._indexes[group].update(i, block)
        self._stale.add(i)

    def of(self, i: int) -> tuple[int, ...]:
        """The slots of the other group within reach of slot ``i``, ascending (the same
        tuple until they change)."""
        if self._stale:
            self._measure()
        found = self._of[i]
        if found is None:
            found = self._of[i] = tuple(sorted(self._touching[i]))
        return found

    def pairs(self) -> list[tuple[int, int]]:
        """Every (slot of group 0, slot of group 1) within reach, ascending."""
        if self._stale:
            self._measure()
        groups = self._groups
        return [(i, j) for i, near in enumerate(self._touching) if groups[i] == 0
                for j in sorted(near)]

    def _measure(self) -> None:
        """The stale slots' contacts measured again (the index already holds every
        block where it stands now)."""
        touching, groups, indexes, of = self._touching, self._groups, self._indexes, self._of
        reach, measure = self.reach, self.measure
        r = reach + _SLACK
        for i in sorted(self._stale):
            near = touching[i]
            was = frozenset(near)
            for j in near:
                touching[j].discard(i)
                of[j] = None
            near.clear()
            of[i] = None
            g = groups[i]
            block = indexes[g][i]
            if block is not None:
                other = indexes[1 - g]
                x0, y0, x1, y1 = box = block.bounds
                for j in other.candidates(box, reach):
                    b = other[j]
                    assert b is not None
                    q = b.bounds
                    if q[0] - x1 > r or x0 - q[2] > r or q[1] - y1 > r or y0 - q[3] > r:
                        continue
                    d = measure(block, b) if g == 0 else measure(b, block)
                    if d <= reach:
                        near.add(j)
                        touching[j].add(i)
                        of[j] = None
            if near != was:
                self._changes += 1
        self._stale.clear()


def brute_pairs_within(a: Sequence[Block], b: Sequence[Block], reach: float = EPSILON,
                       measure: Measure = edge_distance) -> list[tuple[int, int, float]]:
    """The oracle of :func:`pairs_within`: every pair measured."""
    return [(i, j, d) for i, x in enumerate(a) for j, y in enumerate(b)
            if (d := measure(x, y)) <= reach]


def _scan_nearest(blocks: Sequence[Block | None], block: Block,
                  accept: Callable[[int], bool] | None, measure: Measure
                  ) -> tuple[float, int] | None:
    """:func:`brute_nearest`, measuring only the blocks whose boxes could beat the best
    so far."""
    box = block.bounds
    x0, y0, x1, y1 = box
    best_d, best_i = math.inf, -1
    for i, b in enumerate(blocks):
        if b is None or (accept is not None and not accept(i)):
            continue
        q = b.bounds
        r = best_d + _SLACK
        if q[0] - x1 > r or x0 - q[2] > r or q[1] - y1 > r or y0 - q[3] > r:
            continue
        d = measure(block, b)
        if d < best_d:
            best_d, best_i = d, i
    return None if best_i < 0 else (best_d, best_i)


def _ring(x0: int, y0: int, x1: int, y1: int, r: int) -> Iterable[tuple[int, int]]:
    """The cells ``r`` rings out from the rectangle of cells x0..x1, y0..y1 (ring 0: the
    rectangle itself)."""
    if r == 0:
        return [(cx, cy) for cx in range(x0, x1 + 1) for cy in range(y0, y1 + 1)]
    lx, hx, ly, hy = x0 - r, x1 + r, y0 - r, y1 + r
    out = [(cx, ly) for cx in range(lx, hx + 1)]
    out += [(cx, hy) for cx in range(lx, hx + 1)]
    out += [(lx, cy) for cy in range(ly + 1, hy)]
    out += [(hx, cy) for cy in range(ly + 1, hy)]
    return out
