"""The tabletop's spatial index against its brute-force oracles: the same answers, in the
same order, on random layouts, whatever the cell size, through moves and removals."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ancients.errors import GeometryError
from ancients.tabletop import Block
from ancients.tabletop.index import (
    BlockIndex,
    Measure,
    Sweep,
    brute_near,
    brute_nearest,
    brute_pairs_within,
    brute_within,
    edge_distance,
    matrix_distance,
    pairs_within,
)

coords = st.floats(-30.0, 100.0, allow_nan=False)
angles = st.sampled_from([0.0, 90.0, 180.0, 270.0]) | st.floats(0.0, 359.9)
sizes = st.sampled_from([0.5, 0.75, 1.0])
blocks = st.builds(Block, coords, coords, angles, st.integers(1, 12), st.integers(1, 6),
                   sizes, sizes)
layouts = st.lists(st.none() | blocks, max_size=30)
cells = st.sampled_from([0.5, 3.0, 12.0, 50.0, 500.0])
few = st.sampled_from([0, 16])  # 0: the grid always (16: small layouts skip it)
measures = st.sampled_from([edge_distance, matrix_distance])


def _touching(b: Block, gap: float) -> Block:
    """A block ``gap`` inches in front of ``b``, facing it (0: touching)."""
    return Block(b.x, b.y + gap, 180.0, b.files, 2, b.base_width, b.base_depth) \
        if b.facing == 0.0 else b


@given(layouts, blocks, st.floats(0.0, 30.0), cells, few)
def test_near_is_the_oracle(layout: list[Block | None], probe: Block, margin: float,
                            cell: float, small: int) -> None:
    index = BlockIndex(layout, cell=cell, few=small)
    assert index.near(probe.bounds, margin) == brute_near(layout, probe.bounds, margin)
    assert set(index.candidates(probe.bounds, margin)) >= set(
        brute_near(layout, probe.bounds, margin))


@given(layouts, blocks, st.floats(0.0, 30.0), measures)
def test_the_sweep_is_the_oracle(layout: list[Block | None], probe: Block, reach: float,
                                 measure: Measure) -> None:
    sweep = Sweep(layout)
    assert sweep.near(probe.bounds, reach) == brute_near(layout, probe.bounds, reach)
    assert set(sweep.candidates(probe.bounds, reach)) >= set(
        brute_near(layout, probe.bounds, reach))
    assert sweep.within(probe, reach, measure) == brute_within(
        layout, probe, reach, measure)


@given(layouts, blocks, st.floats(0.0, 30.0), cells, measures, few)
def test_within_is_the_oracle(layout: list[Block | None], probe: Block, reach: float,
                              cell: float, measure: Measure, small: int) -> None:
    index = BlockIndex(layout, cell=cell, few=small)
    assert index.within(probe, reach, measure) == brute_within(
        layout, probe, reach, measure)


@given(layouts, blocks, cells, measures, st.integers(1, 4))
def test_nearest_is_the_oracle(layout: list[Block | None], probe: Block, cell: float,
                               measure: Measure, every: int) -> None:
    index = BlockIndex(layout, cell=cell)

    def accept(i: int) -> bool:
        return i % every == 0

    assert index.nearest(probe, measure=measure) == brute_nearest(
        layout, probe, measure=measure)
    assert index.nearest(probe, accept, measure) == brute_nearest(
        layout, probe, accept, measure)


@given(layouts, st.lists(st.tuples(st.integers(0, 40), st.none() | blocks), max_size=20),
       blocks, st.floats(0.0, 20.0), cells, few)
def test_updates_keep_the_oracle(layout: list[Block | None],
                                 changes: list[tuple[int, Block | None]], probe: Block,
                                 reach: float, cell: float, small: int) -> None:
    index = BlockIndex(layout, cell=cell, few=small)
    mirror = list(layout)
    for i, block in changes:
        if i >= len(mirror):
            mirror.append(block)
            assert index.add(block) == len(mirror) - 1
        elif block is None:
            mirror[i] = None
            index.remove(i)
        else:
            mirror[i] = block
            index.update(i, block)
    assert index.blocks == mirror
    assert index.near(probe.bounds, reach) == brute_near(mirror, probe.bounds, reach)
    assert index.within(probe, reach) == brute_within(mirror, probe, reach)
    assert set(index.candidates(probe.bounds, reach)) >= set(
        brute_near(mirror, probe.bounds, reach))
    assert index.nearest(probe) == brute_nearest(mirror, probe)


@given(st.lists(blocks, max_size=20), st.lists(blocks, max_size=20),
       st.sampled_from([0.0, 1e-6, 0.5, 6.0]), few)
def test_pairs_within_is_the_oracle(a: list[Block], b: list[Block], reach: float,
                                    small: int) -> None:
    saved, BlockIndex.FEW = BlockIndex.FEW, small
    try:
        assert pairs_within(a, b, reach) == brute_pairs_within(a, b, reach)
    finally:
        BlockIndex.FEW = saved


def test_touching_pairs_are_found() -> None:
    south = [Block(4.0 + 7.0 * i, 10.0, 0.0, 8, 2, 0.75, 0.75) for i in range(30)]
    north = [Block(4.0 + 7.0 * i, 10.0, 180.0, 8, 2, 0.75, 0.75) for i in range(30)]
    found = pairs_within(south, north)
    assert [(i, j) for i, j, _ in found] == [(i, i) for i in range(30)]
    assert found == brute_pairs_within(south, north)


def test_nearest_breaks_ties_by_index_and_finds_far_blocks() -> None:
    here = Block(0.0, 0.0, 0.0, 4, 2, 1.0, 1.0)
    a = Block(-50.0, 300.0, 0.0, 4, 2, 1.0, 1.0)
    b = Block(50.0, 300.0, 0.0, 4, 2, 1.0, 1.0)  # as far as a
    index = BlockIndex([None, b, a], cell=2.0)
    d, i = index.nearest(here) or (0.0, -1)
    assert (d, i) == brute_nearest([None, b, a], here)
    assert i == 1 and d == pytest.approx(here.distance(b))
    assert index.nearest(here, lambda j: j == 2) == (here.distance(a), 2)
    assert index.nearest(here, lambda j: False) is None
    assert BlockIndex().nearest(here) is None


def test_touching_counts_within_zero() -> None:
    b = Block(10.0, 10.0, 0.0, 4, 2, 1.0, 1.0)
    facing = _touching(b, 0.0)
    index = BlockIndex([facing], cell=1.0)
    assert index.within(b, 0.0) == [(0, 0.0)]
    assert index.near(b.bounds, 0.0) == [0]
    assert index.within(b, 0.0) == brute_within([facing], b, 0.0)


def test_bad_cell_is_a_geometry_error() -> None:
    with pytest.raises(GeometryError, match="cell"):
        BlockIndex(cell=0.0)
