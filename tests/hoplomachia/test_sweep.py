"""The fast paths of the doctrine's charge ways against the bodies they stand for: one
stretched block for a straight move's bodies, and the reach that rules out enemies a
charge cannot touch."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ancients.hoplomachia.geometry import (
    advance,
    bounds_of,
    contact_distance,
    straight_path,
    straight_sweep,
)
from ancients.tabletop import EPSILON, Block

blocks = st.builds(Block, x=st.floats(0, 40), y=st.floats(0, 40),
                   facing=st.floats(0, 359), files=st.integers(1, 8),
                   ranks=st.integers(1, 8), base_width=st.sampled_from([0.5, 0.75, 1.0]),
                   base_depth=st.sampled_from([0.25, 0.5, 0.75, 1.0]))


@settings(max_examples=300, deadline=None)
@given(blocks, st.floats(0, 24), st.lists(blocks, min_size=1, max_size=6))
def test_a_straight_sweep_meets_and_bounds_what_the_bodies_do(
        block: Block, distance: float, others: list[Block]) -> None:
    bodies = [b[0] for b in straight_path([block], distance)]
    sweep = straight_sweep(block, distance)
    for o in others:
        assert any(b.overlaps(o) for b in bodies) == any(s.overlaps(o) for s in sweep)
    assert bounds_of(sweep) == bounds_of(bodies) or all(
        abs(a - b) < 1e-9 for a, b in zip(bounds_of(sweep), bounds_of(bodies), strict=True))


@settings(max_examples=300, deadline=None)
@given(blocks, st.floats(1, 24), blocks)
def test_an_enemy_out_of_the_charges_reach_is_never_touched(
        block: Block, longest: float, enemy: Block) -> None:
    end = advance([block], longest)[0]
    reach = Block(end.x, end.y, block.facing, block.files, 1, block.base_width,
                  block.ranks * block.base_depth + longest)
    if reach.distance(enemy) > EPSILON:
        assert contact_distance(block, enemy, longest) is None
