"""Sets of map cells as bits of a Python int, for whole-set searches (§7 movement).

Cells are numbered column by column, ``bit = col * (rows + 1) + row``, so that the
order of the bits is the order of the hexes' "CCRR" labels; the spare bit closing each
column keeps a step north or south from wrapping into the next column. A step in one
direction is one or two shifts (the offset of a side neighbour depends on the parity of
the column), so a whole frontier moves at once.
"""

from __future__ import annotations

from collections.abc import Collection
from itertools import repeat

import attrs

from ancients.hexgrid import Hex, HexBoard, to_offset
from ancients.hexgrid.facing import Corner

__all__ = ["BitBoard", "members"]


def _shift(x: int, offset: int) -> int:
    return x << offset if offset >= 0 else x >> -offset


@attrs.frozen(eq=False)
class BitBoard:
    """The bit layout of one board: hexes to bits and back, steps and fronts as shifts."""

    stride: int
    bit: dict[Hex, int]
    hexes: tuple[Hex | None, ...]  # per bit (None for the spare bits)
    valid: int
    up: int  # the bits of the columns whose side neighbours are at rows (row - 1, row)
    steps: tuple[tuple[int, int], ...]  # per direction 1..6: offsets (up, down columns)
    fronts: tuple[tuple[int, int], ...] = attrs.field(init=False)  # per corner 1..6
    single: dict[Hex, int] = attrs.field(init=False, repr=False)  # hex -> 1 << bit

    # the side steps as two adjacent shifts per kind of column and way: (left, right)
    _sides: tuple[int, int, int, int] = attrs.field(init=False, repr=False)
    # per corner, the offsets of its two front directions (up columns, then down)
    _front_steps: tuple[tuple[int, int, int, int], ...] = attrs.field(init=False,
                                                                      repr=False)

    def __attrs_post_init__(self) -> None:
        assert self.steps[0] == (-1, -1) and self.steps[3] == (1, 1)  # north, south
        sides = []
        for column in (0, 1):  # up, down
            offsets = sorted(self.steps[d][column] for d in (1, 2, 4, 5))
            left, right = offsets[2:], [-o for o in offsets[1::-1]]
            assert left[1] == left[0] + 1 and right[1] == right[0] + 1
            sides += [left[0], right[0]]
        object.__setattr__(self, "_sides", tuple(sides))
        object.__setattr__(self, "fronts", tuple(
            tuple(int(d) for d in Corner(c).front_directions()) for c in range(1, 7)))
        object.__setattr__(self, "_front_steps", tuple(
            (self.steps[a - 1][0], self.steps[b - 1][0], self.steps[a - 1][1],
             self.steps[b - 1][1]) for a, b in self.fronts))
        object.__setattr__(self, "single", {h: 1 << b for h, b in self.bit.items()})

    @classmethod
    def of(cls, grid: HexBoard) -> BitBoard:
        stride = grid.rows + 1
        bit = {h: int(c) * stride + int(r) for h, c, r in
               zip(grid.hexes, grid.col.tolist(), grid.row.tolist(), strict=True)}
        hexes: list[Hex | None] = [None] * (grid.cols * stride)
        for h, b in bit.items():
            hexes[b] = h
        # a column is "up" when its north-east neighbour is one row up
        up_cols = {to_offset(h, grid.layout)[0] for h in grid.hexes
                   if to_offset(h.neighbor(2), grid.layout)[1]
                   == to_offset(h, grid.layout)[1] - 1}
        up = 0
        for c in up_cols:
            up |= ((1 << stride) - 1) << (c * stride)
        steps: list[tuple[int, int]] = []
        for d in range(1, 7):
            offsets: dict[bool, set[int]] = {True: set(), False: set()}
            for h, b in bit.items():
                n = h.neighbor(d)
                if n in bit:
                    offsets[bool(up >> b & 1)].add(bit[n] - b)
            (ou,), (od,) = offsets[True] or {0}, offsets[False] or {0}
            steps.append((ou, od))
        return cls(stride, bit, tuple(hexes), sum(1 << b for b in bit.values()), up,
                   tuple(steps))

    def bits(self, hexes: Collection[Hex]) -> int:
        """The set of ``hexes``, each given once (those off the map are left out)."""
        return sum(map(self.single.get, hexes, repeat(0)))

    def step(self, x: int, direction: int) -> int:
        """Every cell of ``x`` moved one hex in ``direction`` (off-map bits may remain:
        intersect with a set of cells)."""
        ou, od = self.steps[direction - 1]
        u = x & self.up
        return _shift(u, ou) | _shift(x ^ u, od)

    def front(self, x: int, corner: int) -> int:
        """The front hexes (§6) of phalanxes facing ``corner`` in every cell of ``x``."""
        au, bu, ad, bd = self._front_steps[corner - 1]
        u = x & self.up
        d = x ^ u
        return (u << au if au >= 0 else u >> -au) | (u << bu if bu >= 0 else u >> -bu) \
            | (d << ad if ad >= 0 else d >> -ad) | (d << bd if bd >= 0 else d >> -bd)

    def dilate(self, x: int) -> int:
        """Every neighbour of the cells of ``x`` (off-map bits may remain)."""
        u = x & self.up
        d = x ^ u
        ul, ur, dl, dr = self._sides
        # north and south are the same in every column; each side pair is two shifts
        # one apart (a column's two neighbours in the next column are one row apart)
        return (x << 1) | (x >> 1) | ((u | u << 1) << ul) | ((u | u >> 1) >> ur) \
            | ((d | d << 1) << dl) | ((d | d >> 1) >> dr)


def members(x: int) -> list[int]:
    """The bits set in ``x``, lowest first (the order of the hexes' labels)."""
    out = []
    while x:  # from the top: no negation of the whole set per bit
        b = x.bit_length() - 1
        out.append(b)
        x ^= 1 << b
    out.reverse()
    return out
