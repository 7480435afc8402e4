"""The map's cells as bits: steps, fronts and neighbours agree with the hex geometry, and
the order of the bits is the order of the labels (the options' order)."""

from __future__ import annotations

import pytest

from ancients.hexgrid import HexBoard
from ancients.raphia.bitboard import BitBoard, members
from ancients.raphia.board import load_board


@pytest.mark.parametrize("layout", ["odd-q", "even-q"])
def test_steps_fronts_and_neighbours_match_the_geometry(layout: str) -> None:
    grid = HexBoard(9, 7, layout)
    bb = BitBoard.of(grid)
    for h in grid.hexes:
        x = 1 << bb.bit[h]
        assert bb.dilate(x) & bb.valid == bb.bits(set(h.neighbors()))
        for d in range(1, 7):
            assert bb.step(x, d) & bb.valid == bb.bits({h.neighbor(d)})
        for c in range(1, 7):
            a, b = bb.fronts[c - 1]
            assert bb.front(x, c) & bb.valid == bb.bits({h.neighbor(a), h.neighbor(b)})
    # a whole set moves at once
    some = set(grid.hexes[::5])
    assert bb.dilate(bb.bits(some)) & bb.valid == bb.bits(
        {n for h in some for n in h.neighbors()})


def test_bit_order_is_label_order() -> None:
    board = load_board()
    bb = board.bits
    by_label = sorted(board.grid.hexes, key=board.label)
    assert [bb.bit[h] for h in by_label] == sorted(bb.bit.values())
    assert [bb.hexes[b] for b in members(bb.valid)] == by_label
    assert bb.bits(board.passable_hexes) == board.passable_bits
