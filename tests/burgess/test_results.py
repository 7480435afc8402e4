"""What results do to a unit on the table: casualties counted off (Hand to hand C), routs
and falling back (Morale; Hand to hand II B), a unit split into the parts a table names,
surrender and being cut down with the captives' saves (Hand to hand D)."""

from __future__ import annotations

from ancients.burgess import losses, nerve
from ancients.burgess.reactions import Facing
from ancients.units import Condition

from .helpers import Loaded, foot, kinds, staged


def test_casualties_come_off_the_first_rank_and_the_block_closes_up() -> None:
    state, log = staged([foot("a", "south", 30, 10, figures=8, ranks=2),
                         foot("b", "north", 30, 30)], dice=Loaded([1, 1, 1, 1], then=1))
    a = state.by_id["a"]
    assert a.unit.depths == (2, 2, 2, 2) and a.unit.officer == 1
    losses.remove_figures(state, a, 4, "test", melee=True)
    a = state.by_id["a"]  # the same piece (so mypy forgets what it narrowed a.unit to above)
    # Hand to hand C: the die counts from the left: the first file empties, the next too
    assert a.unit.depths == (2, 2) and a.block.files == 2 and a.block.ranks == 2
    assert a.officer_fell and a.unit.officer is None  # the officer was in the second file
    event = log[-1]
    assert event.kind == "casualties" and event.data["figures"] == 4
    assert event.data["removed"] == [[0, 0], [0, 1], [1, 0], [1, 1]]
    losses.remove_figures(state, a, 10, "test")
    assert a.condition is Condition.ELIMINATED and not a.on_table


def test_a_rout_runs_to_its_own_edge_and_off_it() -> None:
    state, log = staged([foot("a", "south", 30, 16), foot("b", "north", 30, 30)])
    a = state.by_id["a"]
    nerve.run(state, a, why="test")
    assert a.running and a.block.facing == 180.0  # back to the enemy, towards its edge
    assert a.block.centre[1] == 15.25 - 6.0  # a move (6 IN) to the rear
    while a.on_table:
        nerve.run(state, a)
    assert a.condition is Condition.LEFT_FIELD and "lost" in kinds(log)
    b = state.by_id["b"]
    nerve.run(state, b)
    assert b.block.y > 30.0 and b.block.facing == 0.0  # the north side runs north


def test_a_rout_goes_round_what_blocks_it_and_never_through() -> None:
    state, _ = staged([foot("a", "south", 30, 12), foot("f", "south", 30, 9),
                       foot("b", "north", 30, 30)])
    a = state.by_id["a"]
    start = a.block
    nerve.run(state, a)
    assert not any(a.block.overlaps(p.block) for p in state.others(a))
    assert a.block.centre != start.centre


def test_falling_back_faces_the_enemy_or_turns_its_back() -> None:
    state, _ = staged([foot("a", "south", 30, 10), foot("b", "north", 30, 16)])
    a = state.by_id["a"]
    nerve.fall_back(state, a, 1, False, Facing.ENEMY)
    assert a.block.facing == 0.0 and a.block.y == 4.0  # 6 IN back from b, facing it
    nerve.fall_back(state, a, 1, False, Facing.AWAY)
    assert a.block.facing == 180.0
    assert state.table.contains(a.block)


def test_a_table_of_parts_splits_the_unit_and_conserves_its_figures() -> None:
    state, log = staged([foot("a", "south", 30, 10, figures=12, ranks=2),
                         foot("b", "north", 30, 30)])
    a = state.by_id["a"]
    table = state.rules.flank.flank
    half = table.result(4)  # 1/2 fights, 1/2 runs 1 move
    nerve.apply(state, a, half, "test")
    part = state.by_id["a.1"]
    assert a.figures == 6 and part.figures == 6 and part.running and not a.running
    assert a.start_figures + part.start_figures == 12 and not part.original
    assert "split" in kinds(log) and "run" in kinds(log)
    assert a.unit.officer is not None  # the officer stays with the part that fights


def test_cut_down_and_surrender_take_their_captives() -> None:
    # Hand to hand D, 1: the whole unit cut down, each figure saving as a captive on 5/6
    state, log = staged([foot("a", "south", 30, 10, figures=4, ranks=1),
                         foot("b", "north", 30, 30)], dice=Loaded([5, 1, 6, 2]))
    a = state.by_id["a"]
    table = state.rules.outnumbered
    nerve.apply(state, a, table.result(1), "test")
    captives = next(e for e in log if e.kind == "captives")
    assert captives.data["captive"] == 2 and captives.data["killed"] == 2
    assert a.condition is Condition.CAPTURED
    state, log = staged([foot("a", "south", 30, 10), foot("b", "north", 30, 30)])
    a = state.by_id["a"]
    nerve.apply(state, a, state.rules.flank.rear.result(2), "test")  # surrenders
    assert a.condition is Condition.CAPTURED


def test_falling_back_to_supports_or_surrendering() -> None:
    state, _ = staged([foot("a", "south", 30, 10), foot("s", "south", 30, 4),
                       foot("b", "north", 30, 30)])
    table_row = state.rules.outnumbered.result(3)
    nerve.apply(state, state.by_id["a"], table_row, "test")
    assert state.by_id["a"].on_table  # its supports 6 IN behind it
    state, _ = staged([foot("a", "south", 30, 10), foot("b", "north", 30, 30)])
    nerve.apply(state, state.by_id["a"], table_row, "test")
    assert state.by_id["a"].condition is Condition.CAPTURED


def test_outnumbered_2_routs_the_unit_with_its_saved_figures_by_default() -> None:
    # Hand to hand D, 2: "unit is routed, 4/5/6 will save captives": by default the
    # figures rolling 4/5/6 run with the unit, the rest are taken (outnumbered_rout)
    state, log = staged([foot("a", "south", 30, 10, figures=4, ranks=1),
                         foot("b", "north", 30, 30)], dice=Loaded([4, 1, 6, 2], then=1))
    a = state.by_id["a"]
    assert state.opts.outnumbered_rout == "escape"
    nerve.apply(state, a, state.rules.outnumbered.result(2), "test")
    captives = next(e for e in log if e.kind == "captives")
    assert (captives.data["escaped"], captives.data["captive"]) == (2, 2)
    assert a.running and a.figures == 2 and "run" in kinds(log)
    # the other reading: the figures rolling 4/5/6 are taken, the rest killed
    from ancients.burgess.options import BurgessOptions

    state, log = staged([foot("a", "south", 30, 10, figures=4, ranks=1),
                         foot("b", "north", 30, 30)], dice=Loaded([4, 1, 6, 2], then=1),
                        options=BurgessOptions(outnumbered_rout="captured"))
    a = state.by_id["a"]
    nerve.apply(state, a, state.rules.outnumbered.result(2), "test")
    assert a.condition is Condition.CAPTURED
