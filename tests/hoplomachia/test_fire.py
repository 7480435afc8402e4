"""Belos in play: targets straight ahead first, else the nearest within 22 degrees, not
through other units; intensity from the geometry (the shield ignored on an unshielded
flank); the check and the reaction carried out at once, the worst taxis-level one for
the whole taxis; belos charges and their limits; ekdromoi; the Defensive Belos phase;
fire never removes a figure."""

from __future__ import annotations

import math
from typing import Any

import pytest

from ancients.battle import Decision
from ancients.errors import IllegalDecision
from ancients.hoplomachia.decisions import HOLD_FIRE, NO, Fire, Kind
from ancients.hoplomachia.fire import (
    Volley,
    _march_back,
    _sight,
    belos_phase,
    front_stands,
    shoot,
    stand_targets,
    targets,
    volleys,
    weighed,
)
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
                    [*ARCHERS, division("s", "peloponnesian", 36.75, 26.0, 2)]))
    assert targets(b.state, piece(b, "x")) == []  # not through their own phalanx


def test_intensity_is_belos_less_shield_and_the_check_reads_the_chart() -> None:
    b = battle(_doc([division("a", "athenian", 36.0, 24.0, 2)], ARCHERS))
    st = b.state
    scripted(b, belos_check=[6])  # 6 + 2 = 8 over the Athenians' 4: failed
    drive(shoot(st, piece(b, "x"), piece(b, "a.1")))
    shot = events(b, "belos")[0]
    # toxotai Belos 4 - Athenian shield 3, +1 for the third stand beyond the lochos's
    # two = 2; Firm, failed: close files
    assert shot.data["intensity"] == 2 and not shot.data["passed"]
    assert shot.data["reaction"] == "formation" and shot.data["stands"] == 3
    assert "a.1" in st.record.under_fire
    # one stand to a unit (spread_fire=unit): both stands beyond the first concentrate
    b = battle(_doc([division("a", "athenian", 36.0, 24.0, 2)], ARCHERS),
               spec="hoplomachia(spread_fire=unit)")
    st = b.state
    scripted(b, belos_check=[6])  # 6 + 3 = 9 over the Athenians' 4: failed
    drive(shoot(st, piece(b, "x"), piece(b, "a.1")))
    shot = events(b, "belos")[0]
    # 4 - 3 + 2 extra stands = 3; Firm, failed: evade
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
    asked: list[Decision] = []
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
    # the general procedure (turn and move back): hippeis turning as every other belos
    # charger does (their printed wheels: the test after this one)
    b = battle(_doc([division("a", "athenian", 36.0, 20.0, 1)],
                    [division("h", "hippeis", 36.0, 30.0, 1, facing=180.0)]),
               spec="hoplomachia(hippeis_wheel=turn)")
    st = b.state
    h = piece(b, "h")
    asked: list[Decision] = []
    drive(belos_phase(st), lambda d: next(o for o in d.options if isinstance(o, Fire)
                                          and o.belos_charge), asked)
    assert events(b, "belos charge") and events(b, "belos")[0].data["belos_charge"]
    assert h.belos_charges == 1 and h.block.distance(piece(b, "a").block) > 4.0
    h.belos_charges = 2  # Hippeis: 2 a game
    st.turn = 2
    asked = []
    drive(belos_phase(st), None, asked)
    assert not any(isinstance(o, Fire) and o.belos_charge for d in asked for o in d.options)


def test_hippeis_wheel_90_degrees_to_fire_and_again_to_return() -> None:
    """Belos charges: "Hippeis ilai wheel 90 degrees to fire and wheel again to return"
    (``hippeis_wheel="wheel"``, the default): the ile wheels after its run-up, fires,
    wheels again (each wheel its outer flank's arc) and rides back what is left of its
    move; with ``"turn"`` it turns instead (the inch of a turn), as every other belos
    charger does."""
    import math

    def charge(spec: str) -> Any:
        b = battle(_doc([division("a", "athenian", 36.0, 20.0, 1)],
                        [division("h", "hippeis", 36.0, 26.0, 1, facing=180.0)]), spec=spec)
        st = b.state
        scripted(b, belos_check=[1])
        drive(belos_phase(st), lambda d: next(o for o in d.options if isinstance(o, Fire)
                                              and o.belos_charge) if d.unit == "h"
              else NO if NO in d.options else d.options[0])  # no ekdromoi chase them
        return b
    turned, wheeled = charge("hoplomachia(hippeis_wheel=turn)"), charge("hoplomachia")
    h = piece(wheeled, "h")
    rate = h.card.movement.of
    run = events(wheeled, "belos charge")[0].data["distance"]
    wheels = events(wheeled, "belos charge wheel")
    assert len(wheels) == 2 and {abs(w.data["angle"]) for w in wheels} == {90.0}
    arc = math.pi / 2.0 * h.block.frontage  # the outer flank of a 90 degree wheel
    assert all(w.data["distance"] == pytest.approx(arc, abs=1e-3) for w in wheels)
    back = events(wheeled, "belos charge back")[0].data["distance"]
    assert back == pytest.approx(max(0.0, rate - run - 2.0 * arc), abs=0.06)
    assert not events(turned, "belos charge wheel")
    turn = turned.state.rules.belos.fire.turn
    back = events(turned, "belos charge back")[0].data["distance"]
    run = events(turned, "belos charge")[0].data["distance"]
    assert back == pytest.approx(rate - run - turn, abs=0.06)
    assert events(wheeled, "belos")[0].data["belos_charge"]


def test_defensive_belos_only_by_those_that_held_fire_and_only_at_chargers() -> None:
    b = battle(_doc([division("a", "athenian", 36.0, 24.0, 1),
                     division("c", "athenian", 30.0, 24.0, 1)], ARCHERS))
    st = b.state
    asked: list[Decision] = []
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


# -- spreading fire: one stand per stand unless impossible -----------------------------------
def _hits(b: Any) -> dict[str, tuple[int, int]]:
    """Each unit shot at: (stands firing at it, intensity)."""
    return {e.data["target"]: (e.data["stands"], e.data["intensity"])
            for e in events(b, "belos")}


def test_stands_spread_their_fire_over_two_units_within_their_arc() -> None:
    """Two archer stands, nothing directly ahead, two lochoi within both stands' 22
    degrees, a the nearer to both: one stand at each, one check each."""
    b = battle(_doc([division("a", "athenian", 32.9, 24.0, 1),
                     division("c", "athenian", 39.1, 23.0, 1)],
                    [division("x", "toxotai", 36.0, 30.0, 1, stands=2, facing=180.0)]))
    st = b.state
    x = piece(b, "x")
    assert [[t.id for t in stand_targets(st, x, s)] for s in front_stands(x.block)] == \
        [["a", "c"], ["a", "c"]]  # both within both arcs, a the nearer
    assert volleys(st, x) == {"a": Volley((("a", 1), ("c", 1)))}  # no choice is left
    asked: list[Decision] = []
    drive(belos_phase(st), None, asked)
    assert asked[0].options == (Fire("a"), HOLD_FIRE)
    # toxotai Belos 4 - Athenian shield 3 = 1 on each, no stand concentrating
    assert _hits(b) == {"a": (1, 1), "c": (1, 1)}
    assert {"a", "c"} <= st.record.under_fire


def test_surplus_stands_concentrate_on_the_unit_the_commander_names() -> None:
    """Three archer stands, two single psiloi stands within every stand's arc: one stand
    at each, the third concentrating (+1) on the one the commander names."""
    b = battle(_doc([division("a", "psiloi", 32.9, 21.0, 1, stands=1),
                     division("c", "psiloi", 39.1, 21.0, 1, stands=1)], ARCHERS))
    st = b.state
    x = piece(b, "x")
    assert volleys(st, x) == {"a": Volley((("a", 2), ("c", 1))),
                              "c": Volley((("a", 1), ("c", 2)))}
    scripted(b, belos_check=[1, 1])
    drive(belos_phase(st), lambda d: Fire("c") if d.unit == "x" else HOLD_FIRE)
    # toxotai Belos 4 - psiloi shield 0 = 4; +1 for the stand concentrating on c
    assert _hits(b) == {"a": (1, 4), "c": (2, 5)}


def test_one_stand_to_each_unit_reading_counts_every_stand_beyond_the_first() -> None:
    """spread_fire=unit: a unit takes one stand before any takes a second, and every
    stand beyond the first on a unit concentrates; by default a lochos's two stands
    each take one."""
    layout = _doc([division("a", "athenian", 34.0, 24.0, 1),
                   division("c", "athenian", 38.5, 24.0, 1)], ARCHERS)
    hits = {}
    for spec in ("hoplomachia", "hoplomachia(spread_fire=unit)"):
        b = battle(layout, spec=spec)
        x = piece(b, "x")
        assert list(volleys(b.state, x).values()) == [Volley((("a", 2), ("c", 1)))]
        drive(belos_phase(b.state), None)
        hits[spec] = _hits(b)
    # a is directly ahead of two stands, c of the third: 4 - 3 = 1, +1 under the unit
    # reading for a's second stand
    assert hits == {"hoplomachia": {"a": (2, 1), "c": (1, 1)},
                    "hoplomachia(spread_fire=unit)": {"a": (2, 2), "c": (1, 1)}}


def test_a_stand_fires_at_the_unit_directly_ahead_not_a_nearer_one_off_axis() -> None:
    b = battle(_doc([division("a", "athenian", 36.0, 22.0, 1),
                     division("c", "athenian", 39.0, 25.0, 1)],
                    [division("x", "toxotai", 36.0, 30.0, 1, stands=1, facing=180.0)]))
    st = b.state
    x = piece(b, "x")
    (stand,) = front_stands(x.block)
    assert stand.distance(piece(b, "c").block) < stand.distance(piece(b, "a").block)
    assert [t.id for t in stand_targets(st, x, stand)] == ["a"]
    assert volleys(st, x) == {"a": Volley((("a", 1),))}



def test_no_shot_along_the_seam_of_two_units_side_by_side_nor_through_woods() -> None:
    """Belos: not through other units. Two psiloi stands touching side by side leave no
    gap straight ahead of the archers' stand (though the line only grazes each); half an
    inch apart they do. Woods hide what lies beyond them, whatever else is on the table."""
    def sight(q_x: float) -> bool:
        b = battle(_doc([division("a", "athenian", 36.0, 18.0, 1),
                         division("p", "psiloi", 35.25, 24.0, 1, stands=1),  # x 34.5..36
                         division("q", "psiloi", q_x, 24.0, 1, stands=1)],
                        [division("x", "toxotai", 36.0, 30.0, 1, stands=1, facing=180.0)]))
        return _sight(b.state, piece(b, "x"), piece(b, "a"))
    assert not sight(36.75)  # x 36..37.5: the seam is at x = 36, straight ahead
    assert sight(37.25)
    doc = _doc([division("a", "athenian", 36.0, 18.0, 1)],
               [division("x", "toxotai", 36.0, 30.0, 1, stands=1, facing=180.0)])
    doc["table"]["terrain"] = [{"kind": "woods", "name": "w",
                                "polygon": [[30, 22], [42, 22], [42, 26], [30, 26]]}]
    b = battle(doc)
    assert not _sight(b.state, piece(b, "x"), piece(b, "a"))


def test_with_one_unit_in_reach_every_stand_concentrates_on_it() -> None:
    """Unless impossible: three archer stands and one psiloi stand, directly ahead of
    the middle one and within the others' arcs: all three at it, two concentrating."""
    b = battle(_doc([division("a", "psiloi", 36.0, 24.0, 1, stands=1)], ARCHERS))
    st = b.state
    x = piece(b, "x")
    reach = [[t.id for t in stand_targets(st, x, s)] for s in front_stands(x.block)]
    assert reach == [["a"], ["a"], ["a"]]
    assert volleys(st, x) == {"a": Volley((("a", 3),))}
    drive(belos_phase(st), lambda d: d.options[0] if d.unit == "x" else HOLD_FIRE)
    assert _hits(b) == {"a": (3, 6)}  # 4 - 0 + 2 stands concentrating


def test_toxotes_second_rank_adds_one_and_is_no_extra_stand() -> None:
    b = battle(_doc([division("a", "athenian", 36.0, 24.0, 1)],
                    [division("x", "toxotai", 36.0, 30.0, 1, stands=4, facing=180.0)]))
    st = b.state
    x = piece(b, "x")
    x.block = x.block.reformed(2, 2)  # two stands abreast, a second rank behind
    assert len(front_stands(x.block)) == 2
    assert volleys(st, x) == {"a": Volley((("a", 2),))}
    drive(belos_phase(st), None)
    assert _hits(b) == {"a": (2, 2)}  # 4 - 3, no stand concentrating, +1 second rank


def test_a_fire_decision_refuses_an_illegal_answer_and_keeps_the_state() -> None:
    b = battle(_doc([division("a", "psiloi", 32.9, 21.0, 1, stands=1),
                     division("c", "psiloi", 39.1, 21.0, 1, stands=1)], ARCHERS), hand=True)
    while b.pending is None or (b.pending.kind, b.pending.unit) != (Kind.FIRE, "x"):
        if b.pending is None:
            b.step()
        else:
            b.decide(HOLD_FIRE if b.pending.kind == Kind.FIRE else b.pending.options[0])
    decision = b.pending
    assert decision is not None and decision.unit == "x"
    assert decision.options == (Fire("a"), Fire("c"), HOLD_FIRE)
    before, log = b.state.fingerprint(), len(b.log)
    with pytest.raises(IllegalDecision, match="not a legal answer"):
        b.decide(Fire("c", True))  # toxotai make no belos charges
    assert b.state.fingerprint() == before and len(b.log) == log and b.pending is decision
    b.decide(Fire("c"))
    assert _hits(b)["c"][0] == 2


def test_a_wide_unit_weighs_fewer_targets_a_stand_so_its_ways_stay_few() -> None:
    assert weighed([1, 2, 1]) == 6  # (few ways: every target weighed)
    assert weighed([6, 6, 6, 6]) == 6  # 1,296 ways
    assert weighed([6] * 8) == 2  # 6 ** 8 would be 1.7 million; 2 ** 8 = 256
    assert weighed([9] * 20) == 1  # one target a stand, the nearest
    for reach in ([6] * 5, [3, 6, 6, 6, 6, 2], [6] * 12):
        k = weighed(reach)
        assert math.prod(min(n, k) for n in reach) <= 4096 or k == 1


def _with_a_lochos_turned_aside(b: Any) -> None:
    """Division a's four lochoi in line facing north, but for the third, turned to face
    a flank and standing slanted before the line's gap (as after a lap in melee)."""
    at = {"a.1": (25.25, 39.75, 0.0), "a.2": (28.25, 39.75, 0.0),
          "a.3": (33.328, 36.856, 76.107), "a.4": (34.25, 39.75, 0.0)}
    for pid, (x, y, facing) in at.items():
        p = piece(b, pid)
        p.block = p.block.derived(x, y, facing, p.block.files, p.block.ranks)


def test_hoplites_marching_back_from_fire_go_as_one_body() -> None:
    # Hoplomachia, Belos (Evade): the taxis marches back one move; a lochos turned aside
    # goes back with the body, not along its own facing into its neighbour
    b = battle(_doc([division("a", "athenian", 29.75, 39.0, 4, facing=0.0)],
                    [division("x", "toxotai", 36.0, 12.0, 1, stands=3, facing=0.0)]))
    _with_a_lochos_turned_aside(b)
    st = b.state
    before = {p.id: p.block.centre for p in st.members("a")}
    _march_back(st, st.divisions["a"])
    moved = events(b, "move")[0]
    assert moved.data["move"] == "march back" and moved.data["distance"] > 0
    shifts = {(round(p.block.centre[0] - before[p.id][0], 6),
               round(p.block.centre[1] - before[p.id][1], 6)) for p in st.members("a")}
    assert shifts == {(0.0, -moved.data["distance"])}  # all straight back together
    assert list(b.ruleset.invariants(b)) == []


def test_a_milder_lochos_reaction_gives_way_to_a_worse_taxis_reaction() -> None:
    """Belos: "Taxis-level reactions take precedence and the worst applies": once the
    taxis marches back (Evade, the taxis's), a lochos's milder own reaction (releasing
    ekdromoi) is not carried out; a worse one (disarray) still is."""
    from ancients.hoplomachia.belos import BelosReaction
    from ancients.hoplomachia.fire import _react

    b = battle(_doc([division("a", "athenian", 36.0, 24.0, 2)], ARCHERS))
    st = b.state
    st.record.reacted.clear()
    shooter = piece(b, "x")
    drive(_react(st, piece(b, "a.1"), BelosReaction.EVADE, shooter, True))
    assert [e.data["move"] for e in events(b, "move")] == ["march back"]
    drive(_react(st, piece(b, "a.2"), BelosReaction.EKDROMOI, shooter, True))
    assert not events(b, "ekdromoi") and not piece(b, "a.2").ekdromoi_lost
    drive(_react(st, piece(b, "a.2"), BelosReaction.DISARRAY, shooter, True))
    assert piece(b, "a.2").disarrayed
    st.record.reacted.clear()  # the next phase: the lochos's own reaction applies
    b2 = battle(_doc([division("a", "athenian", 36.0, 26.5, 1)], ARCHERS))
    scripted(b2, ekdromoi_move=[6], ekdromoi_attack=[2])
    drive(_react(b2.state, piece(b2, "a"), BelosReaction.EKDROMOI, piece(b2, "x"), True))
    assert events(b2, "ekdromoi")


def test_epilektoi_may_adjust_their_ekdromoi_rolls() -> None:
    """Epilektoi "may once per turn add or subtract 1 to any roll": the ekdromoi's run
    (a run of 3 adjusted +1 reaches shooters 3.5 inches off)."""
    from ancients.hoplomachia.decisions import Points

    b = battle(_doc([division("a", "athenian", 36.0, 26.5, 1, epilektoi=True)], ARCHERS))
    st = b.state
    scripted(b, belos_check=[1], ekdromoi_move=[3], ekdromoi_attack=[2])
    asked: list[Decision] = []
    drive(shoot(st, piece(b, "x"), piece(b, "a")), lambda d: (
        Points(1) if "ekdromoi run" in d.prompt else Points(0))
        if d.kind == Kind.EPILEKTOI else d.options[0], asked)
    prompts = [d.prompt for d in asked if d.kind == Kind.EPILEKTOI]
    assert "Epilektoi: adjust a's ekdromoi run" in prompts
    ekdromoi = events(b, "ekdromoi")
    assert ekdromoi[0].data["move"] == 4 and ekdromoi[0].data["reached"]
    assert piece(b, "x").status is Status.DESTROYED
    # once a turn: the attack roll is not offered after the run was adjusted
    assert "Epilektoi: adjust a's ekdromoi attack" not in prompts


def test_hoplites_marching_back_from_fire_lose_their_approach() -> None:
    """Epidromos: momentum needs a prior approach move; marching back (the Evade
    reaction) is a move away that spends it."""
    from ancients.hoplomachia.belos import BelosReaction
    from ancients.hoplomachia.fire import _react

    b = battle(_doc([division("a", "athenian", 36.0, 24.0, 2)], ARCHERS))
    st = b.state
    st.divisions["a"].approached = True
    drive(_react(st, piece(b, "a.1"), BelosReaction.EVADE, piece(b, "x"), True))
    assert events(b, "move") and not st.divisions["a"].approached
