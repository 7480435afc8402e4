"""HexBoard: a rectangular offset board as flat numpy arrays, with distance fields."""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable, Iterator
from typing import TypeAlias

import numpy as np
import numpy.typing as npt

from ancients.errors import GeometryError
from ancients.hexgrid.coords import _DIR_HEXES, Hex
from ancients.hexgrid.offsets import OffsetLayout, _layout, hex_from_label, hex_label

IntArray: TypeAlias = npt.NDArray[np.int32]
IndexArray: TypeAlias = npt.NDArray[np.intp]
FloatArray: TypeAlias = npt.NDArray[np.float64]
BoolArray: TypeAlias = npt.NDArray[np.bool_]


# Largest (scaled) integer entry cost handled by the bucketed search; above it, or for
# costs that are not multiples of 1/k for a small k, distance_field uses a heap.
_MAX_BUCKET_COST = 10
_COST_SCALES = (1, 2, 3, 4, 5, 6, 8, 10, 12)


def _readonly(a: npt.NDArray[np.generic]) -> None:
    a.flags.writeable = False


class HexBoard:
    """A ``cols`` × ``rows`` offset board of flat-topped hexes, as flat arrays.

    Cells are numbered row-major, ``index = row * cols + col`` (so a per-cell array
    reshapes to ``(rows, cols)``).  ``neighbors[i, d - 1]`` is the index of the neighbour
    of cell ``i`` in direction ``d``, or -1 off the board.  The board is immutable.
    """

    __slots__ = (
        "_nbits",
        "_nbytes",
        "_neighbor_lists",
        "_stride",
        "_up",
        "_valid",
        "col",
        "cols",
        "hexes",
        "layout",
        "neighbors",
        "q",
        "r",
        "row",
        "rows",
        "size",
    )

    cols: int
    rows: int
    size: int
    layout: OffsetLayout
    hexes: tuple[Hex, ...]
    q: IntArray
    r: IntArray
    col: IntArray
    row: IntArray
    neighbors: IntArray

    def __init__(self, cols: int, rows: int, layout: OffsetLayout | str = "odd-q") -> None:
        if not (isinstance(cols, int) and isinstance(rows, int) and cols > 0 and rows > 0):
            raise GeometryError(f"board needs positive int cols and rows, got {cols}x{rows}")
        self.cols, self.rows, self.size = cols, rows, cols * rows
        self.layout = _layout(layout)
        n = self.size
        idx = np.arange(n)
        col = (idx % cols).astype(np.int32)
        row = (idx // cols).astype(np.int32)
        odd = col & 1
        shift = (col - odd) // 2 if self.layout is OffsetLayout.ODD_Q else (col + odd) // 2
        q = col
        r = (row - shift).astype(np.int32)
        nbr = np.full((n, 6), -1, dtype=np.int32)
        for k, (dq, dr) in enumerate(_DIR_HEXES):
            nq, nr = q + dq, r + dr
            nodd = nq & 1
            nshift = (nq - nodd) // 2 if self.layout is OffsetLayout.ODD_Q else (nq + nodd) // 2
            ncol, nrow = nq, nr + nshift
            ok = (ncol >= 0) & (ncol < cols) & (nrow >= 0) & (nrow < rows)
            nbr[ok, k] = (nrow * cols + ncol)[ok]
        self.q, self.r, self.col, self.row, self.neighbors = q, r, col, row, nbr
        for a in (q, r, col, row, nbr):
            _readonly(a)
        self.hexes = tuple(Hex(int(a), int(b)) for a, b in zip(q, r, strict=True))
        self._neighbor_lists = tuple(tuple(j for j in row if j >= 0) for row in nbr.tolist())

        # Bitset layout for the bit-parallel searches: bit = row * (cols + 1) + col; the
        # spare bit closing each row stops sideways shifts wrapping into the next row.
        self._stride = cols + 1
        self._nbits = rows * self._stride
        self._nbytes = (self._nbits + 7) // 8
        self._valid = self._bits(np.ones(n, dtype=bool))
        # "Up" columns have their side neighbours at rows (row - 1, row); "down" columns
        # at (row, row + 1).  odd-q: even columns are up; even-q: odd columns are.
        up_parity = 0 if self.layout is OffsetLayout.ODD_Q else 1
        self._up = self._bits(odd == up_parity)

    # -- basic mapping ------------------------------------------------------------------

    def __repr__(self) -> str:
        return f"HexBoard({self.cols}, {self.rows}, layout={self.layout.value!r})"

    def __len__(self) -> int:
        return self.size

    def __iter__(self) -> Iterator[Hex]:
        return iter(self.hexes)

    def __contains__(self, item: object) -> bool:
        if not (isinstance(item, tuple) and len(item) == 2):
            return False
        q, r = item
        ints = (int, np.integer)
        return isinstance(q, ints) and isinstance(r, ints) and self.contains((int(q), int(r)))

    def _index_or_neg(self, q: int, r: int) -> int:
        if self.layout is OffsetLayout.ODD_Q:
            row = r + (q - (q & 1)) // 2
        else:
            row = r + (q + (q & 1)) // 2
        if 0 <= q < self.cols and 0 <= row < self.rows:
            return row * self.cols + q
        return -1

    def contains(self, h: tuple[int, int]) -> bool:
        """Whether hex ``h`` is on the board."""
        return self._index_or_neg(h[0], h[1]) >= 0

    def index(self, h: tuple[int, int]) -> int:
        """Flat index of hex ``h``; :class:`GeometryError` if it is off the board."""
        i = self._index_or_neg(h[0], h[1])
        if i < 0:
            raise GeometryError(f"{h!r} is off the {self.cols}x{self.rows} board")
        return i

    def hex_at(self, i: int) -> Hex:
        """The hex at flat index ``i``."""
        if not 0 <= i < self.size:
            raise GeometryError(f"index {i} is off the board (size {self.size})")
        return self.hexes[i]

    def indices(self, hexes: Iterable[tuple[int, int]]) -> IndexArray:
        """Flat indices of on-board ``hexes`` (:class:`GeometryError` for off-board ones)."""
        return np.fromiter((self.index(h) for h in hexes), dtype=np.intp)

    def mask(self, hexes: Iterable[tuple[int, int]]) -> BoolArray:
        """Boolean per-cell mask that is True on ``hexes``."""
        m = np.zeros(self.size, dtype=bool)
        m[self.indices(hexes)] = True
        return m

    def label(self, h: tuple[int, int]) -> str:
        """The ``"CCRR"`` label of hex ``h`` in this board's layout."""
        return hex_label(h, self.layout)

    def hex_from_label(self, label: str) -> Hex:
        """The hex with ``"CCRR"`` label ``label`` (:class:`GeometryError` if off board)."""
        h = hex_from_label(label, self.layout)
        if not self.contains(h):
            raise GeometryError(f"hex {label!r} is off the {self.cols}x{self.rows} board")
        return h

    # -- closed-form geometry -----------------------------------------------------------

    def distances_from(self, h: tuple[int, int]) -> IntArray:
        """Hex distance from ``h`` (on or off the board) to every cell, ignoring terrain."""
        dq = self.q - np.int32(h[0])
        dr = self.r - np.int32(h[1])
        out: IntArray = (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2
        return out

    def ring_indices(self, center: tuple[int, int], radius: int) -> IndexArray:
        """Indices (ascending) of the on-board cells at exactly ``radius`` from ``center``."""
        return np.flatnonzero(self.distances_from(center) == radius)

    def range_indices(self, center: tuple[int, int], radius: int) -> IndexArray:
        """Indices (ascending) of the on-board cells within ``radius`` of ``center``."""
        return np.flatnonzero(self.distances_from(center) <= radius)

    # -- distance fields ----------------------------------------------------------------

    def _cell_array(self, values: npt.ArrayLike, what: str, dtype: type[np.generic]) -> np.ndarray:
        a = np.asarray(values, dtype=dtype)
        if a.size != self.size:
            raise GeometryError(f"{what} must have one value per cell ({self.size}), got {a.shape}")
        return a.reshape(self.size)

    def _source_mask(
        self, sources: Iterable[tuple[int, int]] | npt.NDArray[np.generic]
    ) -> BoolArray:
        m = np.zeros(self.size, dtype=bool)
        if isinstance(sources, np.ndarray):
            if sources.dtype == np.bool_:
                return self._cell_array(sources, "source mask", np.bool_).copy()
            if not np.issubdtype(sources.dtype, np.integer):
                raise GeometryError("source arrays must be bool masks or integer indices")
            flat = sources.reshape(-1)
            if flat.size and (flat.min() < 0 or flat.max() >= self.size):
                raise GeometryError("source index off the board")
            m[flat] = True
            return m
        for h in sources:
            m[self.index(h)] = True
        return m

    def _bits(self, mask: BoolArray) -> int:
        """Pack a per-cell bool mask into a bitset (a Python int)."""
        buf = np.zeros((self.rows, self._stride), dtype=bool)
        buf[:, : self.cols] = mask.reshape(self.rows, self.cols)
        return int.from_bytes(np.packbits(buf, bitorder="little").tobytes(), "little")

    def _unbits(self, ints: list[int]) -> npt.NDArray[np.uint8]:
        """Unpack bitsets into a ``(len(ints), size)`` 0/1 array."""
        nb, k = self._nbytes, len(ints)
        raw = np.frombuffer(b"".join(x.to_bytes(nb, "little") for x in ints), dtype=np.uint8)
        bits = np.unpackbits(raw.reshape(k, nb), axis=1, count=self._nbits, bitorder="little")
        return bits.reshape(k, self.rows, self._stride)[:, :, : self.cols].reshape(k, self.size)

    def _dilate(self, x: int) -> int:
        """Bitset of all neighbours of the cells in bitset ``x`` (may include off-board bits)."""
        w = self._stride
        u = x & self._up
        d = x ^ u
        hu = (u << 1) | (u >> 1)  # up columns' side neighbours, same row ...
        hd = (d << 1) | (d >> 1)  # ... and down columns'
        return (x << w) | (x >> w) | hu | hd | (hu >> w) | (hd << w)

    def _collect(self, levels: list[tuple[int, int]], reached: int) -> FloatArray:
        """Distance array from ``(distance, bitset)`` levels; unreached cells are inf."""
        top = max((t for t, _ in levels), default=0)
        planes = [0] * top.bit_length()  # bit-sliced distances: plane b = bit b of t
        for t, bitset in levels:
            while t:
                low = t & -t
                planes[low.bit_length() - 1] |= bitset
                t ^= low
        bits = self._unbits([*planes, reached])
        if not planes:
            return np.where(bits[0] != 0, 0.0, np.inf)
        dist = (2.0 ** np.arange(len(planes))) @ bits[:-1]
        out: FloatArray = np.where(bits[-1] != 0, dist, np.inf)
        return out

    def distance_field(
        self,
        sources: Iterable[tuple[int, int]] | npt.NDArray[np.generic],
        cost: npt.ArrayLike | None = None,
        blocked: npt.ArrayLike | None = None,
        max_cost: float | None = None,
    ) -> FloatArray:
        """Cheapest cost from the nearest of ``sources`` to every cell (``inf`` if none).

        ``sources``: hexes, an index array or a bool mask; they cost 0 even if blocked.
        ``cost``: per-cell cost to ENTER the cell (default 1); ``inf`` = impassable,
        negative or NaN is an error.  ``blocked``: per-cell bool mask of impassable cells.
        ``max_cost``: cells costing more come back as ``inf`` (and the search stops early).

        Unit costs use a bit-parallel breadth-first search (the whole frontier expands
        at once as a bitset); costs that are small multiples of ``1/k`` use the same
        expansion bucketed by cost (Dial's algorithm); other costs fall back to
        a binary-heap Dijkstra.
        """
        src = self._source_mask(sources)
        passable = np.ones(self.size, dtype=bool)
        if blocked is not None:
            passable &= ~self._cell_array(blocked, "blocked", np.bool_)
        if max_cost is not None and math.isnan(max_cost):
            raise GeometryError("max_cost must not be NaN")
        limit = math.inf if max_cost is None else float(max_cost)
        if cost is None:
            out = self._bfs(src, self._valid if blocked is None else self._bits(passable), limit)
        else:
            c = self._cell_array(cost, "cost", np.float64)
            if np.isnan(c).any() or (c < 0).any():
                raise GeometryError("entry costs must be >= 0 (inf = impassable), not NaN")
            passable &= np.isfinite(c)
            scale = _integer_scale(c[passable])
            if scale is None:
                out = self._heap_dijkstra(src, passable, c, limit)
            else:
                scaled = np.rint(c * scale, out=np.zeros(self.size), where=passable)
                # (the slack keeps float rounding of limit * scale from losing a level)
                cutoff = limit * scale + 1e-9
                out = self._dial(src, passable, scaled.astype(np.int64), cutoff)
                if scale != 1:
                    out /= scale
        if limit < math.inf:
            out[out > limit] = np.inf
        return out

    def _bfs(self, src: BoolArray, passable: int, limit: float) -> FloatArray:
        frontier = self._bits(src)
        open_ = passable & ~frontier
        reached = frontier
        levels: list[tuple[int, int]] = []
        t = 0
        dilate = self._dilate
        while frontier and t + 1 <= limit:
            t += 1
            frontier = dilate(frontier) & open_
            open_ ^= frontier
            reached |= frontier
            levels.append((t, frontier))
        return self._collect(levels, reached)

    def _dial(
        self, src: BoolArray, passable: BoolArray, cost: npt.NDArray[np.int64], limit: float
    ) -> FloatArray:
        start = self._bits(src)
        open_ = self._bits(passable) & ~start
        classes = [(int(v), self._bits(passable & (cost == v))) for v in np.unique(cost[passable])]
        zero = next((b for v, b in classes if v == 0), 0)
        classes = [(v, b) for v, b in classes if v > 0]
        maxc = max((v for v, _ in classes), default=0)
        dilate = self._dilate

        def close(level: int) -> int:
            """Add the zero-cost cells reachable from ``level`` at no extra cost."""
            nonlocal open_
            while zero:
                more = dilate(level) & zero & open_
                if not more:
                    break
                open_ ^= more
                level |= more
            return level

        level = close(start)
        reached = level
        grown = {0: dilate(level)}
        levels: list[tuple[int, int]] = []
        t = last = 0
        while t - last < maxc and t + 1 <= limit:
            t += 1
            acc = 0
            for v, cls in classes:
                g = grown.get(t - v)
                if g:
                    acc |= g & cls
            grown.pop(t - maxc, None)
            acc &= open_
            if acc:
                open_ ^= acc
                acc = close(acc)
                reached |= acc
                levels.append((t, acc))
                grown[t] = dilate(acc)
                last = t
        return self._collect(levels, reached)

    def _heap_dijkstra(
        self, src: BoolArray, passable: BoolArray, cost: FloatArray, limit: float
    ) -> FloatArray:
        # Arbitrary float costs: a plain binary-heap Dijkstra over Python lists beats
        # vectorized relaxation here (which needs one full-board pass per path hop).
        nbrs = self._neighbor_lists
        enter = np.where(passable, cost, np.inf).tolist()
        dist = [math.inf] * self.size
        heap: list[tuple[float, int]] = []
        for i in np.flatnonzero(src).tolist():
            dist[i] = 0.0
            heap.append((0.0, i))
        pop, push = heapq.heappop, heapq.heappush
        while heap:
            d, i = pop(heap)
            if d > dist[i]:
                continue
            for j in nbrs[i]:
                nd = d + enter[j]
                if nd < dist[j] and nd <= limit:
                    dist[j] = nd
                    push(heap, (nd, j))
        return np.array(dist, dtype=np.float64)


def _integer_scale(costs: FloatArray) -> int | None:
    """Smallest ``k`` in :data:`_COST_SCALES` making all ``costs * k`` small integers."""
    if costs.size == 0:
        return 1
    top = float(costs.max())
    for k in _COST_SCALES:
        if top * k > _MAX_BUCKET_COST:
            return None
        scaled = costs * k
        if np.all(np.abs(scaled - np.rint(scaled)) <= 1e-9 * np.maximum(1.0, scaled)):
            return k
    return None
