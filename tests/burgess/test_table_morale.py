"""A unit's nerve on the table (III. Morale): the rally phase (the shaken table, the rally
attempts), and the morale phase (the outnumbered rule after the first round, the officer
lost, the post-contact roll after two rounds, the pre-contact triggers once each, the
C-in-C lost)."""

from __future__ import annotations

from ancients.burgess import losses, nerve
from ancients.burgess.nerve import morale_phase, rally_phase
from ancients.events import Event
from ancients.units import Condition

from .helpers import Loaded, foot, kinds, staged


def rolls(log: list[Event], table: str) -> list[Event]:
    return [e for e in log if e.kind == "morale" and e.data["table"] == table]


def test_outnumbered_after_the_first_round_only() -> None:
    state, log = staged([foot("a", "south", 30, 10, figures=6), foot("b", "north", 30, 10,
                                                                     figures=12)],
                        dice=Loaded([6, 6]))
    a = state.by_id["a"]
    a.melee_rounds = state.by_id["b"].melee_rounds = 1
    morale_phase(state)
    assert len(rolls(log, "outnumbered")) == 1 and a.outnumbered
    assert rolls(log, "outnumbered")[0].data["result"] == "continues to fight"
    a.melee_rounds = 2
    morale_phase(state)  # neither again, nor the post-contact roll (unless outnumbered)
    assert len(rolls(log, "outnumbered")) == 1 and not rolls(log, "post-contact")


def test_the_post_contact_roll_after_two_rounds() -> None:
    state, log = staged([foot("a", "south", 30, 10), foot("b", "north", 30, 10)],
                        dice=Loaded([6, 1]))
    for uid in ("a", "b"):
        state.by_id[uid].melee_rounds = 2
    morale_phase(state)
    got = {e.data["unit"]: e.data["result"] for e in rolls(log, "post-contact")}
    assert got == {"a": "stays and fights", "b": "falls back 1 move, back to enemy"}
    assert not state.in_melee(state.by_id["a"])


def test_a_unit_that_lost_its_officer_in_melee_rolls() -> None:
    state, log = staged([foot("a", "south", 30, 10), foot("b", "north", 30, 10)],
                        dice=Loaded([6]))
    a = state.by_id["a"]
    a.officer_fell = True
    a.melee_rounds = 1
    morale_phase(state)
    got = rolls(log, "officer lost")
    assert got and got[0].data["result"] == "the unit withdraws 1 move facing front"
    assert not a.officer_fell and not state.in_melee(a)


def test_pre_contact_triggers_are_tested_once_each() -> None:
    state, log = staged([foot("a", "south", 30, 10, figures=12), foot("b", "north", 30, 30)],
                        dice=Loaded([1, 1, 1, 1, 1, 1], then=6))
    a = state.by_id["a"]
    losses.remove_figures(state, a, 6, "test")  # half strength
    morale_phase(state)
    assert [e.data["result"] for e in rolls(log, "pre-contact test")] == ["not shaken"]
    morale_phase(state)
    assert len(rolls(log, "pre-contact test")) == 1


def test_the_unit_on_the_flank_giving_way() -> None:
    state, log = staged([foot("a", "south", 30, 10), foot("n", "south", 36, 10),
                         foot("b", "north", 30, 40)], dice=Loaded([2]))
    nerve.run(state, state.by_id["n"])
    morale_phase(state)
    got = rolls(log, "pre-contact test")
    assert got[0].data["unit"] == "a" and "gave way" in got[0].message
    assert state.by_id["a"].condition is Condition.SHAKEN


def test_the_c_in_c_lost_every_unit_tests() -> None:
    state, log = staged([foot("a", "south", 30, 10), foot("c", "south", 40, 10),
                         foot("b", "north", 30, 40)],
                        sides=[{"name": "south", "c_in_c": "a"}, {"name": "north"}],
                        dice=Loaded([1, 6]))
    losses.lose(state, state.by_id["a"], Condition.CAPTURED, "test")
    assert state.c_in_c_lost["south"]
    morale_phase(state)
    assert state.c_in_c_tested["south"] == 1 and state.c_in_c_failed["south"] == 1
    assert "c-in-c test" in kinds(log)


def test_rally_phase_the_shaken_table_and_the_rally_attempts() -> None:
    state, log = staged([foot("a", "south", 30, 20), foot("r", "south", 45, 20),
                         foot("b", "north", 30, 40)], dice=Loaded([5, 3, 4]))
    a, r = state.by_id["a"], state.by_id["r"]
    a.condition = Condition.SHAKEN
    r.condition = Condition.ROUTED
    rally_phase(state, "south")
    assert a.condition is Condition.GOOD_ORDER  # 5/6 rallies
    assert r.running and r.rally_attempts == 1  # the first attempt needs 4/5/6: a 3
    # the second attempt needs 5/6: a 4 fails; the third needs 6
    state.dice = Loaded([4, 6])  # type: ignore[assignment]  # fake dice
    rally_phase(state, "south")
    assert r.running and r.rally_attempts == 2
    rally_phase(state, "south")
    assert r.condition is Condition.GOOD_ORDER and "rallied" in kinds(log)


def test_guards_never_rout() -> None:
    state, _ = staged([foot("g", "south", 30, 20, guards=True), foot("b", "north", 30, 40)],
                      dice=Loaded([1]))
    g = state.by_id["g"]
    g.condition = Condition.SHAKEN
    rally_phase(state, "south")  # a 1 (read 2 with the guards' +1): runs, but guards hold
    assert g.condition is Condition.SHAKEN and not g.running


def test_pre_contact_tests_are_not_taken_in_melee() -> None:
    # Morale, pre-contact: a unit in melee at half strength does not take the test; out
    # of contact again, it does
    state, log = staged([foot("a", "south", 30, 10), foot("b", "north", 30, 10)],
                        dice=Loaded([], then=6))
    a = state.by_id["a"]
    losses.remove_figures(state, a, 6, "test")  # half strength
    a.melee_rounds = state.by_id["b"].melee_rounds = 3  # (no outnumbered, no post-contact)
    morale_phase(state)
    assert state.in_melee(a) and not rolls(log, "pre-contact test")
    state.by_id["b"].condition = Condition.LEFT_FIELD
    morale_phase(state)
    assert [e.data["unit"] for e in rolls(log, "pre-contact test")] == ["a"]


def test_a_units_own_part_running_is_not_the_unit_on_its_flank_giving_way() -> None:
    # "1/2 fights, 1/2 runs 1 move": the half that runs is not "a unit on the immediate
    # flank" of the half that stays; a neighbour beside the runners is
    state, log = staged([foot("a", "south", 30, 10), foot("n", "south", 36, 10),
                         foot("b", "north", 30, 40)], dice=Loaded([], then=6))
    nerve.apply(state, state.by_id["a"], state.rules.flank.flank.result(4), "test")
    assert any(p.running and p.id.startswith("a.") for p in state.present("south"))
    morale_phase(state)
    assert [e.data["unit"] for e in rolls(log, "pre-contact test")] == ["n"]


def test_the_post_contact_roll_every_second_round_and_not_between() -> None:
    # Morale, post contact: "after two rounds of melee": rolled after the 2nd round (and,
    # the melee going on, after the 4th), never after the 1st or the 3rd
    for rounds, rolled in ((1, False), (2, True), (3, False), (4, True)):
        state, log = staged([foot("a", "south", 30, 10), foot("b", "north", 30, 10)],
                            dice=Loaded([], then=6))
        for uid in ("a", "b"):  # (equal: neither is outnumbered after the 1st round)
            state.by_id[uid].melee_rounds = rounds
        morale_phase(state)
        assert bool(rolls(log, "post-contact")) is rolled, rounds


def test_a_failed_rally_runs_on_to_the_rear() -> None:
    # Morale, attempt to rally: "1/2/3 continue to move to the rear": the unit runs a
    # move towards its own table edge (the south's is the south)
    state, log = staged([foot("r", "south", 30, 20), foot("b", "north", 30, 40)],
                        dice=Loaded([1]))
    r = state.by_id["r"]
    r.condition = Condition.ROUTED
    y = r.block.y
    rally_phase(state, "south")
    assert r.running and r.rally_attempts == 1
    ran = [e for e in log if e.kind == "run" and e.data["unit"] == "r"]
    assert ran and ran[0].data["distance"] == 6.0 and r.block.y < y - 5.0


def test_outnumbered_counts_every_enemy_in_contact() -> None:
    # Hand to hand D: outnumbered 2:1 by the enemy touching it: 12 in front and 4 on its
    # flank against 8, though neither alone has twice its figures
    state, log = staged([foot("a", "south", 30, 10, figures=8),
                         foot("b", "north", 30, 10, figures=12),
                         foot("c", "north", 31.5, 9.25, figures=4, facing=270.0)],
                        dice=Loaded([6], then=6))
    a = state.by_id["a"]
    assert {e.id for e in state.contacts(a)} == {"b", "c"}
    for p in state.present():
        p.melee_rounds = 1
    morale_phase(state)
    assert "a" in [e.data["unit"] for e in rolls(log, "outnumbered")] and a.outnumbered
    # the flank unit gone, 12 against 8 is not 2:1
    state, log = staged([foot("a", "south", 30, 10, figures=8),
                         foot("b", "north", 30, 10, figures=12)], dice=Loaded([], then=6))
    for p in state.present():
        p.melee_rounds = 1
    morale_phase(state)
    assert not rolls(log, "outnumbered")


def test_the_post_contact_roll_only_once_as_an_option() -> None:
    # post_contact=once: "after two rounds of melee" read as one roll, after the second
    from ancients.burgess.options import BurgessOptions

    for rounds, rolled in ((2, True), (4, False), (6, False)):
        state, log = staged([foot("a", "south", 30, 10), foot("b", "north", 30, 10)],
                            dice=Loaded([], then=6),
                            options=BurgessOptions(post_contact="once"))
        for uid in ("a", "b"):
            state.by_id[uid].melee_rounds = rounds
        morale_phase(state)
        assert bool(rolls(log, "post-contact")) is rolled, rounds
