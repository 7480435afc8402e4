"""The Katastrophe and the end of the battle: strategos casualty rolls and their
consequences, the taxeis' checks and their triggers, the per-turn Arete, withdrawal
below zero Arete, possession of the slain, the herald and the trophy, the truce, the
turn limit; each end's ``Outcome.reason``."""

from __future__ import annotations

from typing import Any

import pytest

from ancients.battle import Decision
from ancients.hoplomachia.andreia import Trigger
from ancients.hoplomachia.decisions import FIGHT_ON, STAND_DOWN, YES, Kind
from ancients.hoplomachia.katastrophe import END_REASONS, katastrophe, nike, possessor
from ancients.hoplomachia.pieces import CasualtyCounter, Status

from .play import battle, div, division, doc, drive, events, piece, scripted, side


def _doc(**kw: Any) -> dict[str, Any]:
    return {"name": "t", "title": "t", "table": {"width": 72.0, "depth": 48.0},
            "sides": [side("athens", "athenian", [division("a", "athenian", 30.0, 20.0, 2),
                                                   division("b", "athenian", 40.0, 20.0, 2)],
                           **kw),
                      side("sparta", "spartan", [division("s", "peloponnesian", 36.0, 30.0,
                                                          2)])]}


def test_a_strategos_in_the_thick_of_it_rolls_and_a_killed_one_costs_two_arete() -> None:
    promachos = [{"id": "p", "character": "promachos", "hegemon": True, "with": "a"}]
    b = battle(_doc(strategoi=promachos))
    st = b.state
    hegemon = st.hegemon("athens")
    assert hegemon is not None
    st.record.in_melee.add(hegemon.piece)
    scripted(b, strategos_casualty=[9])  # 9 + 2 (Promachos) = 11: killed in melee
    drive(katastrophe(st))
    roll = events(b, "casualty roll")[0]
    assert roll.data["occasion"] == "melee" and roll.data["fate"] == "killed"
    assert not hegemon.alive and st.armies["athens"].hegemon_lost == st.turn
    assert [(e.side, e.data["points"]) for e in events(b, "arete")][:2] == \
        [("athens", -2), ("sparta", 2)]
    taxis = [e for e in events(b, "andreia") if e.data["division"] == "a"]
    assert taxis and taxis[0].data["trigger"] == "strategos_lost"


def test_the_worst_occasion_counts_and_an_unhurt_strategos_rolls_nothing_more() -> None:
    b = battle(_doc())
    st = b.state
    h = st.hegemon("athens")
    assert h is not None
    st.record.under_fire.add(h.piece)
    st.record.pursued.add(h.piece)
    scripted(b, strategos_casualty=[2])
    drive(katastrophe(st))
    assert events(b, "casualty roll")[0].data["occasion"] == "pursued"
    assert h.alive


def test_taxeis_test_once_for_their_triggers_and_allies_when_a_home_taxis_routs() -> None:
    data = _doc()
    data["sides"][0]["divisions"][1]["allied"] = True
    b = battle(data)
    st = b.state
    st.record.trigger("a", Trigger.LOCHOI_ROUTED)
    st.record.trigger("a", Trigger.PASSED_THROUGH)
    st.record.home_routed.add("athens")
    scripted(b, Andreia_check=[12, 12])
    drive(katastrophe(st))
    tests = [(e.data["division"], e.data["trigger"]) for e in events(b, "andreia")]
    assert tests == [("a", "lochoi_routed"), ("b", "home_taxis_routed")]
    # failed at Firm on the Katastrophe line: disarray for the hoplite chart
    assert all(p.disarrayed for p in st.members("a"))


def test_the_per_turn_arete_changes() -> None:
    b = battle(_doc())
    st = b.state
    st.record.under_fire.add("a.1")
    st.record.retreat.add("athens")
    s = piece(b, "s.1")
    a = piece(b, "a.2")
    import attrs

    # an enemy on the Athenian lochos's flank: enveloped
    s.block = attrs.evolve(s.block, x=a.block.x + a.block.frontage / 2.0,
                           y=a.block.centre[1], facing=270.0)
    assert s in st.contacts(a)
    drive(katastrophe(st))
    reasons = [e.data["reason"] for e in events(b, "arete") if e.side == "athens"]
    assert {"flank enveloped", "phalanx in retreat", "phalanx under fire"} <= set(reasons)
    assert all(e.data["points"] == -2 for e in events(b, "arete") if e.side == "athens")


def test_an_army_below_zero_arete_withdraws_and_the_enemy_wins() -> None:
    b = battle(_doc())
    st = b.state
    st.armies["athens"].arete = st.armies["athens"].arete.add(-13, "test")
    out = drive(nike(st))
    assert out.winner == "sparta" and out.reason == "army withdrew"
    assert all(p.status is Status.OFF for p in st.pieces_of("athens"))
    assert events(b, "herald")[0].side == "athens" and events(b, "trophy")[0].side == "sparta"
    assert out.score == {"athens": -1.0, "sparta": 12.0}


def test_both_below_zero_the_side_possessing_the_slain_wins() -> None:
    b = battle(_doc())
    st = b.state
    for s in st.sides:
        st.armies[s].arete = st.armies[s].arete.add(-13, "test")
    out = drive(nike(st))
    assert out.reason == "both armies withdrew" and out.winner is None


def test_possession_of_the_slain() -> None:
    b = battle(_doc())
    st = b.state
    assert possessor(st) is None  # no slain
    st.counters.append(CasualtyCounter("sparta", "x", 36.0, 22.0))
    assert possessor(st) == "athens"  # nearer the Athenians
    st.counters.append(CasualtyCounter("athens", "y", 36.0, 29.0))
    assert possessor(st) is None


def test_neither_fighting_on_the_holder_of_the_slain_wins_the_herald_asks() -> None:
    b = battle(_doc())
    st = b.state
    st.counters.append(CasualtyCounter("sparta", "x", 36.0, 22.0))
    asked: list[Decision] = []
    out = drive(nike(st), lambda d: STAND_DOWN, asked)
    assert [d.kind for d in asked] == [Kind.FIGHT_ON, Kind.FIGHT_ON]
    assert out.winner == "athens" and out.reason == "possession of the slain"
    assert events(b, "herald")[0].side == "sparta"
    quiet = battle(_doc())
    assert drive(nike(quiet.state)) is None  # no slain: not asked
    b = battle(_doc())
    b.state.counters.append(CasualtyCounter("sparta", "x", 36.0, 22.0))
    assert drive(nike(b.state), lambda d: FIGHT_ON) is None  # one fights on: it goes on


def test_neither_holding_all_the_slain_a_side_may_ask_for_a_truce() -> None:
    b = battle(_doc())
    st = b.state
    st.counters += [CasualtyCounter("sparta", "x", 36.0, 22.0),
                    CasualtyCounter("athens", "y", 36.0, 29.0)]
    out = drive(nike(st), lambda d: YES if d.kind == Kind.TRUCE else STAND_DOWN)
    assert out.winner is None and out.reason == "truce"


def test_the_turn_limit_judges_as_if_neither_would_fight_on() -> None:
    b = battle(doc(turn_limit=2))
    from ancients.battle import RandomCommander

    b.commanders = {s: RandomCommander() for s in b.sides}
    outcome = b.run()
    assert outcome.turns <= 2
    assert outcome.reason in END_REASONS
    b = battle(_doc())
    st = b.state
    out = drive(nike(st, final=True))
    assert out.reason == "turn limit" and out.winner is None
    st.counters.append(CasualtyCounter("sparta", "x", 36.0, 22.0))
    out = drive(nike(st, final=True))
    assert out.reason == "possession of the slain" and out.winner == "athens"


def test_an_army_with_nothing_left_able_to_fight_is_broken_that_turn() -> None:
    """End of battle: a side with nothing left able to fight (every piece routing or
    gone, or marching off with a contingent that withdrew) has lost at once, not at the
    turn limit; a reinforcement still to come keeps it in the battle."""
    b = battle(_doc())
    st = b.state
    for p in st.pieces_of("sparta"):
        p.status = Status.ROUTING
    out = drive(nike(st))
    assert out is not None and out.winner == "athens" and out.reason == "army broken"
    b = battle(_doc())
    st = b.state
    div(b, "s").withdrawing = True  # its allied strategos withdrew his troops
    out = drive(nike(st))
    assert out is not None and out.winner == "athens" and out.reason == "army broken"
    b = battle(_doc())
    st = b.state
    for p in st.pieces_of("sparta"):
        p.status = Status.WAITING
    assert drive(nike(st)) is None  # its reinforcements may still come


def test_an_army_with_nothing_left_on_the_field_is_broken() -> None:
    b = battle(_doc())
    st = b.state
    for p in st.pieces_of("sparta"):
        p.status = Status.OFF
    out = drive(nike(st))
    assert out.winner == "athens" and out.reason == "army broken"
    assert out.losses["sparta"] == pytest.approx(1.0)
    assert div(b, "s").id == "s"
