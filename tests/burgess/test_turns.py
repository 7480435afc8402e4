"""The sequence of play asking its decisions (turns): withdrawing from a melee (Hand to
hand II B), the victor following a rout for its standard (II C), reinforcements and their
impetus (II A), and the stampede striking the first unit in its path (Elephants 2)."""

from __future__ import annotations

import pytest

from ancients.battle import Decision
from ancients.burgess import beasts, charges, moves, turns
from ancients.burgess.battle import BurgessBattle
from ancients.burgess.decisions import NO, YES, Kind
from ancients.burgess.melee import ChargeResponse
from ancients.burgess.options import BurgessOptions
from ancients.units import Condition

from .helpers import Loaded, battle, cavalry, entry, foot, kinds, staged


def _until(b: BurgessBattle, kind: str) -> Decision:
    while b.pending is None or b.pending.kind != kind:
        assert not b.finished
        if b.pending is not None:
            b.decide(b.pending.options[-1] if b.pending.kind == Kind.CHARGE else
                     b.pending.options[0])
        else:
            b.step()
    return b.pending


def test_a_unit_in_melee_may_withdraw_and_rolls_the_withdrawal_table() -> None:
    b = battle([foot("a", "south", 30, 10), foot("e", "north", 30, 10)])
    for uid in ("a", "e"):
        b.state.by_id[uid].melee_rounds = 1  # after the initial shock
    decision = _until(b, Kind.WITHDRAW)
    assert decision.unit == "a" and set(decision.options) == {YES, NO}
    b.decide(YES)
    rolled = next(e for e in b.log if e.kind == "morale" and e.data["table"] == "withdrawal")
    assert rolled.data["unit"] == "a" and not b.state.in_melee(b.state.by_id["a"])


def test_the_victor_may_follow_a_rout_to_take_its_standard() -> None:
    # outnumbered after the first round, the north unit rolls a 2: routed, and (the
    # escape reading) its figures rolling 4/5/6 get away with it; the victor follows
    state, log = staged([foot("a", "south", 30, 10, figures=16), foot("e", "north", 30, 10,
                                                                     figures=6)],
                        options=BurgessOptions(outnumbered_rout="escape"),
                        dice=Loaded([2] + [6] * 6 + [6], then=3))
    state.by_id["a"].melee_rounds = state.by_id["e"].melee_rounds = 1
    steps = turns.morale(state)
    decision = next(steps)
    assert isinstance(decision, Decision)
    assert decision.kind == Kind.FOLLOW and decision.unit == "a" and decision.target == "e"
    with pytest.raises(StopIteration):
        steps.send(YES)
    assert "follow" in kinds(log) and state.by_id["e"].running
    standard = next(e for e in log if e.kind == "standard")
    assert standard.data["taken"] and state.by_id["e"].unit.standard is None


def test_reinforcements_have_impetus_only_for_the_initial_contact() -> None:
    units = [foot("a", "south", 30, 10), foot("e", "north", 30, 10),
             cavalry("r", "south", 44, 6, facing=270.0)]
    for rounds, wanted in ((0, True), (1, False)):
        state, log = staged(units)
        state.by_id["e"].melee_rounds = rounds
        charges.charge(state, state.by_id["r"], state.by_id["e"], ChargeResponse.FIXED)
        contact = next(x for x in log if x.kind == "contact")
        assert contact.data["impetus"] is wanted


def test_a_stampede_strikes_the_first_unit_in_its_path() -> None:
    # the elephant stampedes north, to its own rear, into the rear of a friend: routed
    state, log = staged([entry("el", "north", "elephants", 1, 30, 20, facing=180.0),
                         foot("f", "north", 30, 26, facing=0.0),
                         foot("s", "south", 30, 4)], dice=Loaded([1, 1, 1], then=6))
    beasts.stampede(state, state.by_id["el"], "test")
    struck = next(e for e in log if e.kind == "stampede strikes")
    assert struck.data["unit"] == "f" and not struck.data["head_on"] and struck.data["routed"]
    assert state.by_id["f"].running and "casualties" in kinds(log)
    assert state.by_id["el"].running
    assert state.by_id["s"].condition is Condition.GOOD_ORDER


def test_the_target_of_mounted_bowmen_may_return_their_fire() -> None:
    state, log = staged([cavalry("m", "south", 30, 10, weapon="longbow"),
                         entry("t", "north", "LT INF", 6, 30, 34, 2,
                               armour="unarmoured infantry", weapon="longbow")],
                        dice=Loaded([], then=4))
    m = state.by_id["m"]
    plan = next(p for p in moves.menu(state, m) if p.order.kind == "skirmish")
    steps = turns.skirmish(state, m, plan)
    decision = next(steps)
    assert isinstance(decision, Decision)
    assert decision.kind == Kind.RETURN_FIRE and decision.unit == "t"
    with pytest.raises(StopIteration):
        steps.send(YES)
    volleys = [e for e in log if e.kind == "volley"]
    assert [v.data["shooter"] for v in volleys] == ["m", "t"]
    assert volleys[0].data["moving"] and volleys[0].data["less"] == 1
    assert m.block.centre == plan.end.centre and not m.may_fire


def test_a_unit_that_lost_its_standard_in_its_rout_rallies_shaken() -> None:
    # Hand to hand II C: "loss of standard equals shaken": the routed unit whose standard
    # the victor took is shaken when it rallies (it cannot be while it runs)
    from ancients.burgess.nerve import rally_phase

    for take in (True, False):
        state, log = staged([foot("a", "south", 30, 10), foot("e", "north", 30, 18)],
                            dice=Loaded([1 if take else 3, 6]))
        a, e = state.by_id["a"], state.by_id["e"]
        e.condition = Condition.ROUTED
        turns.follow(state, a, e)
        assert next(x for x in log if x.kind == "standard").data["taken"] is take
        assert e.running
        rally_phase(state, "north")  # the first attempt: a 6 rallies
        assert e.condition is (Condition.SHAKEN if take else Condition.GOOD_ORDER), take
    # a unit followed in good order is shaken at once
    state, log = staged([foot("a", "south", 30, 10), foot("e", "north", 30, 18)],
                        dice=Loaded([6]))
    turns.follow(state, state.by_id["a"], state.by_id["e"])
    assert state.by_id["e"].shaken and state.by_id["e"].unit.standard is None
