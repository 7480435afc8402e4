"""Belos in play: targets straight ahead first, else the nearest within 22 degrees, not
through other units; intensity from the geometry (the shield ignored on an unshielded
flank); the check and the reaction carried out at once, the worst taxis-level one for
the whole taxis; belos charges and their limits; ekdromoi; the Defensive Belos phase;
fire never removes a figure."""

from __future__ import annotations

from typing import Any

import pytest

from ancients.hoplomachia.decisions import HOLD_FIRE, NO, Fire, Kind
from ancients.hoplomachia.fire import belos_phase, shoot, targets
from ancients.hoplomachia.pieces import Status
from ancients.hoplomachia.vocabulary import Arrangement

from .play import battle, division, drive, events, piece, scripted, side


def _doc(athens: list[dict[str, Any]], sparta: list[dict[str, Any]]) -> dict[str, Any]:
    return {"name": "t", "title": "t", "table": {"width": 72.0, "depth": 48.0},
            "sides": [side("athens", "athenian", athens), side("sparta", "spartan", sparta)]}


ARCHERS = [division("x", "toxotai", 36.0, 30.0, 1, stands=3, facing=180.0)]


def test_fire_goes_straight_ahead_first_else_to_the_nearest_within_22_degrees() -> None:
    b = battle(_doc([division("a", "athenian", 36.0, 24.0, 1),
                     division("c", "athenian", 41.0, 26.0, 1)], ARCHERS))
    st = b.state
    assert [t.id for t in targets(st, piece(b, "x"))] == ["a"]  # c is off to the side
    b = battle(_doc([division("c", "athenian", 42.5, 22.0, 1),
                     division("d", "athenian", 47.5, 21.0, 1)], ARCHERS))
    found = [t.id for t in targets(b.state, piece(b, "x"))]
    assert found == ["c"]  # nothing ahead: the nearest within 22 degrees
    b = battle(_doc([division("a", "athenian", 36.0, 20.0, 1)],
                    [*ARCHERS, division("s", "peloponnesian", 36.0, 26.0, 1)]))
    assert targets(b.state, piece(b, "x")) == []  # not through their own phalanx


def test_intensity_is_belos_less_shield_and_the_check_reads_the_chart() -> None:
    b = battle(_doc([division("a", "athenian", 36.0, 24.0, 2)], ARCHERS))
    st = b.state
    scripted(b, belos_check=[6])  # 6 + 3 = 9 over the Athenians' 4: failed
    drive(shoot(st, piece(b, "x"), piece(b, "a.1")))
    shot = events(b, "belos")[0]
    # toxotai Belos 4 - Athenian shield 3 + 2 extra stands = 3; Firm, failed: evade
    assert shot.data["intensity"] == 3 and not shot.data["passed"]
    assert shot.data["reaction"] == "evade"
    assert events(b, "move")[0].data["move"] == "march back"  # hoplites march back
    assert "athens" in st.record.retreat and "a.1" in st.record.under_fire
    assert all(p.figures == 8 and p.status is Status.READY for p in st.members("a"))


def test_no_shield_on_an_unshielded_flank() -> None:
    b = battle(_doc([division("a", "athenian", 36.0, 24.0, 1, facing=270.0)], ARCHERS))
    scripted(b, belos_check=[1])
    drive(shoot(b.state, piece(b, "x"), piece(b, "a")), lambda d: NO)
    shot = events(b, "belos")[0]
    assert shot.data["aspect"] == "unshielded flank" and shot.data["intensity"] == 6


def test_a_taxis_level_reaction_applies_once_the_worst_first() -> None:
    b = battle(_doc([division("a", "athenian", 36.0, 24.0, 2)],
                    [*ARCHERS, division("y", "toxotai", 33.0, 30.0, 1, stands=1,
                                        facing=180.0)]))
    st = b.state
    st.record.reacted.clear()
    scripted(b, belos_check=[6, 6])
    drive(shoot(st, piece(b, "y"), piece(b, "a.1")))  # intensity 1, failed: formation
    assert [e.kind for e in b.log].count("close files") == 1
    assert all(p.arrangement is Arrangement.CLOSE_FILES for p in st.members("a"))
    drive(shoot(st, piece(b, "y"), piece(b, "a.2")))
    assert [e.kind for e in b.log].count("close files") == 1  # not again this phase


def test_ekdromoi_kill_shooters_they_reach_or_die_costing_arete() -> None:
    b = battle(_doc([division("a", "athenian", 36.0, 26.5, 1)], ARCHERS))
    st = b.state
    scripted(b, belos_check=[1], ekdromoi_move=[6], ekdromoi_attack=[2])
    # intensity 3, passed at Firm: ekdromoi; 3.5 inches off, they reach; 2 kills
    drive(shoot(st, piece(b, "x"), piece(b, "a")))
    assert piece(b, "x").status is Status.DESTROYED
    b = battle(_doc([division("a", "athenian", 36.0, 26.5, 1)], ARCHERS))
    st = b.state
    scripted(b, belos_check=[1], ekdromoi_move=[6], ekdromoi_attack=[6])
    drive(shoot(st, piece(b, "x"), piece(b, "a")))
    assert piece(b, "x").status is Status.READY and piece(b, "a").ekdromoi_lost
    assert any(e.data["points"] == -1 and "ekdromoi" in e.data["reason"]
               for e in events(b, "arete"))
    ekdromoi = events(b, "ekdromoi")
    assert ekdromoi[0].data["reached"] and ekdromoi[0].data["killed"] is False


def test_a_lochos_under_fire_may_send_ekdromoi_when_it_will() -> None:
    b = battle(_doc([division("a", "athenian", 36.0, 26.5, 1)],
                    [division("x", "psiloi", 36.0, 30.0, 1, stands=1, facing=180.0)]))
    st = b.state
    scripted(b, belos_check=[1])  # intensity 0: no effect, but the phalanx is under fire
    asked: list = []
    drive(shoot(st, piece(b, "x"), piece(b, "a")), lambda d: NO, asked)
    assert [d.kind for d in asked] == [Kind.EKDROMOI]
    assert "a" in st.record.under_fire
    b = battle(_doc([division("a", "athenian", 36.0, 26.5, 1)],
                    [division("x", "psiloi", 36.0, 30.0, 1, stands=1, facing=180.0)]),
               spec="hoplomachia(ekdromoi_signals=true)")
    asked = []
    drive(shoot(b.state, piece(b, "x"), piece(b, "a")), lambda d: NO, asked)
    assert asked == []  # with the optional signals, only under Release Ekdromoi


def test_belos_charges_run_up_to_range_fire_and_come_back_within_their_limits() -> None:
    b = battle(_doc([division("a", "athenian", 36.0, 20.0, 1)],
                    [division("h", "hippeis", 36.0, 30.0, 1, facing=180.0)]))
    st = b.state
    h = piece(b, "h")
    asked: list = []
    drive(belos_phase(st), lambda d: next(o for o in d.options if isinstance(o, Fire)
                                          and o.belos_charge), asked)
    assert events(b, "belos charge") and events(b, "belos")[0].data["belos_charge"]
    assert h.belos_charges == 1 and h.block.distance(piece(b, "a").block) > 4.0
    h.belos_charges = 2  # Hippeis: 2 a game
    st.turn = 2
    asked = []
    drive(belos_phase(st), None, asked)
    assert not any(isinstance(o, Fire) and o.belos_charge for d in asked for o in d.options)


def test_defensive_belos_only_by_those_that_held_fire_and_only_at_chargers() -> None:
    b = battle(_doc([division("a", "athenian", 36.0, 24.0, 1),
                     division("c", "athenian", 30.0, 24.0, 1)], ARCHERS))
    st = b.state
    asked: list = []
    drive(belos_phase(st, defensive=True), None, asked)
    assert asked == []  # nobody charged
    st.record.charged.add("c")
    drive(belos_phase(st, defensive=True), lambda d: d.options[0], asked)
    assert [o for o in asked[0].options if isinstance(o, Fire)] == [Fire("c"), HOLD_FIRE]
    asked = []
    st.turn = 2
    st.record.charged.add("c")
    piece(b, "x").fired_turn = 2  # it fired in the Offensive Belos phase
    drive(belos_phase(st, defensive=True), None, asked)
    assert asked == []


def test_fire_never_removes_a_figure() -> None:
    b = battle(_doc([division("a", "athenian", 36.0, 24.0, 3)], ARCHERS))
    st = b.state
    for turn in range(1, 30):
        st.turn = turn
        st.record.reacted.clear()
        for p in list(st.members("a")):
            if piece(b, "x").ready and p.ready:
                drive(shoot(st, piece(b, "x"), p), lambda d: NO)
    assert all(p.figures == 8 for p in st.members("a", present=False))
    assert all(p.status in (Status.READY, Status.ROUTING, Status.OFF)
               for p in st.members("a", present=False))
    assert pytest.approx(0) == len([e for e in events(b, "destroyed") if e.side == "athens"])
