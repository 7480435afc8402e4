"""Epidromos in play: the core charges on the Charge signal, straight ahead; chargers
and their targets within double the longest charge take Andreia checks; the chart's
distance, disarray and momentum (only after an approach); a charge that falls short
costs 3 disarray if repeated next turn; opposing chargers meet in the middle; who may
charge whom; troops that cannot charge evade; the Sphagia at the first charge."""

from __future__ import annotations

from typing import Any

import pytest

from ancients.battle import Decision
from ancients.hoplomachia.charges import AHEAD, _meet, charge_options, epidromos_phase
from ancients.hoplomachia.command import Signal
from ancients.hoplomachia.decisions import NO_CHARGE, Charge, Kind
from ancients.hoplomachia.geometry import advance
from ancients.hoplomachia.movement import Activity
from ancients.hoplomachia.pieces import Status

from .play import battle, div, division, drive, events, piece, scripted, side


def _doc(athens: list[dict[str, Any]], sparta: list[dict[str, Any]], arete: int = 12
         ) -> dict[str, Any]:
    s = side("sparta", "spartan", sparta)
    s["arete"] = arete
    return {"name": "t", "title": "t", "table": {"width": 72.0, "depth": 48.0},
            "sides": [side("athens", "athenian", athens), s]}


def _first_charge(d: Any) -> Any:
    return next((o for o in d.options if isinstance(o, Charge) and o.target), d.options[0])


def test_the_core_charges_only_on_the_signal_straight_ahead() -> None:
    b = battle(_doc([division("a", "athenian", 36.0, 20.0, 1)],
                    [division("s", "peloponnesian", 36.0, 25.0, 1)]))
    st = b.state
    st.armies["athens"].signal = Signal.BEGIN_APPROACH
    asked: list[Decision] = []
    drive(epidromos_phase(st), None, asked)
    assert not [d for d in asked if d.side == "athens"]
    st.armies["athens"].signal = Signal.CHARGE
    assert charge_options(st, div(b, "a")) == [NO_CHARGE, AHEAD]


def test_chargers_and_targets_test_and_the_chart_gives_distance_and_momentum() -> None:
    b = battle(_doc([division("a", "athenian", 36.0, 20.0, 1)],
                    [division("s", "peloponnesian", 36.0, 25.0, 1)]))
    st = b.state
    st.armies["athens"].signal = Signal.CHARGE
    div(b, "a").approached = True
    scripted(b, Andreia_check=[2, 2], epidromos=[5])  # both pass; 6", momentum 2
    drive(epidromos_phase(st), _first_charge)
    checks = [(e.data["division"], e.data["trigger"]) for e in events(b, "andreia")]
    assert checks == [("a", "charging"), ("s", "charged")]
    a, s = piece(b, "a"), piece(b, "s")
    assert a.block.distance(s.block) == pytest.approx(0.0, abs=1e-6)
    assert a.charged_turn == st.turn and a.momentum == 2
    assert div(b, "a").activity is Activity.CHARGE
    b = battle(_doc([division("a", "athenian", 36.0, 20.0, 1)],
                    [division("s", "peloponnesian", 36.0, 25.0, 1)]))
    b.state.armies["athens"].signal = Signal.CHARGE
    scripted(b, Andreia_check=[2, 2], epidromos=[5])
    drive(epidromos_phase(b.state), _first_charge)
    assert piece(b, "a").momentum == 0  # momentum only after an approach


def test_a_charge_that_falls_short_costs_three_disarray_if_repeated() -> None:
    b = battle(_doc([division("a", "athenian", 36.0, 20.0, 1)],
                    [division("s", "peloponnesian", 36.0, 30.0, 1)]))
    st = b.state
    st.armies["athens"].signal = Signal.CHARGE
    scripted(b, Andreia_check=[2, 2, 2, 2], epidromos=[4, 4])  # 5": short of 10
    drive(epidromos_phase(st), _first_charge)
    assert div(b, "a").failed_charge_turn == 1 and events(b, "charge")[0].data["target"] is None
    st.turn = 2
    from ancients.hoplomachia.state import TurnRecord

    st.record = TurnRecord()
    drive(epidromos_phase(st), _first_charge)
    assert st.record.tallies["a"].total == 3  # the chart's 0 and the repeat's 3
    assert not piece(b, "a").disarrayed  # 3 is not over the Athenians' qualifier 3


def test_opposing_chargers_meet_in_the_middle() -> None:
    b = battle(_doc([division("a", "hippeis", 36.0, 10.0, 1)],
                    [division("s", "hippeis", 36.0, 30.0, 1)], arete=16))
    st = b.state
    # the Athenian horse charges; the Spartan horse, Eager, fails its check: it charges
    scripted(b, Andreia_check=[2, 12], epidromos=[2, 2])  # 9" each, 20 apart
    drive(epidromos_phase(st), lambda d: next((o for o in d.options if
                                               isinstance(o, Charge) and o.target),
                                              d.options[0]) if d.side == "athens"
          else NO_CHARGE)
    assert events(b, "countercharge")
    a, s = piece(b, "a"), piece(b, "s")
    # 20 inches front to front, each running 9 less the inch of closing files: 8 and 8
    # do not meet; at 12 (11) they meet in the middle, 10 each
    assert a.block.distance(s.block) > 1.0
    b = battle(_doc([division("a", "hippeis", 36.0, 10.0, 1)],
                    [division("s", "hippeis", 36.0, 30.0, 1)], arete=16))
    scripted(b, Andreia_check=[2, 12], epidromos=[6, 6])
    drive(epidromos_phase(b.state), lambda d: next((o for o in d.options if isinstance(
        o, Charge) and o.target), d.options[0]) if d.side == "athens" else NO_CHARGE)
    a, s = piece(b, "a"), piece(b, "s")
    assert a.block.distance(s.block) == pytest.approx(0.0, abs=1e-6)
    assert a.block.y == pytest.approx(20.0, abs=0.01) and s.block.y == \
        pytest.approx(20.0, abs=0.01)


def test_who_may_charge_whom_and_belos_troops_evade() -> None:
    b = battle(_doc([division("h", "hippeis", 36.0, 20.0, 1)],
                    [division("s", "peloponnesian", 36.0, 26.0, 1),
                     division("x", "toxotai", 40.0, 26.0, 1, stands=2)]))
    st = b.state
    options = charge_options(st, div(b, "h"))
    assert Charge("s") not in options  # not through a hoplite's shielded front
    piece(b, "s").disarrayed = True
    assert Charge("s") in charge_options(st, div(b, "h"))  # unless disordered
    assert charge_options(st, div(b, "x")) == []  # other belos troops never charge
    scripted(b, Andreia_check=[2])
    drive(epidromos_phase(st), lambda d: Charge("x") if Charge("x") in d.options
          else d.options[0])
    assert events(b, "evades")[0].data["unit"] == "x"  # they evade, with no check
    assert [e.data["trigger"] for e in events(b, "andreia")] == ["charging"]


def test_units_that_cannot_charge_their_threat_evade_without_a_check() -> None:
    """Who may charge: "units that cannot charge evade when threatened": psiloi may not
    charge hoplites through their shielded front, so charged by a taxis they evade;
    charged by a disarrayed taxis, which they could charge, they test."""
    def charged(spec: str = "hoplomachia", disarrayed: bool = False) -> Any:
        b = battle(_doc([division("a", "athenian", 36.0, 20.0, 1)],
                        [division("p", "psiloi", 36.0, 25.0, 1, stands=2, facing=180.0)]),
                   spec=spec)
        st = b.state
        st.armies["athens"].signal = Signal.CHARGE
        piece(b, "a").disarrayed = disarrayed
        scripted(b, Andreia_check=[2, 2])
        drive(epidromos_phase(st), lambda d: AHEAD if AHEAD in d.options else d.options[0])
        return b
    b = charged()
    assert [e.data["unit"] for e in events(b, "evades")] == ["p"]
    assert events(b, "evades")[0].data["reason"] == "cannot charge"
    assert [e.data["trigger"] for e in events(b, "andreia")] == ["charging"]
    b = charged(disarrayed=True)  # they may charge a disordered taxis: they test
    assert [e.data["trigger"] for e in events(b, "andreia")] == ["charging", "charged"]
    assert not events(b, "evades")
    # the other reading: only troops that never charge evade untested
    b = charged("hoplomachia(evade_threatened=never)")
    assert [e.data["trigger"] for e in events(b, "andreia")] == ["charging", "charged"]


def test_a_charged_taxis_failing_to_a_halt_holds_where_a_pass_may_still_move() -> None:
    """Andreia: a charged unit's Halt is a halt, as a charger's and the Katastrophe's
    are: it makes no march or approach this turn; a unit that passed (maintain) may."""
    from ancients.hoplomachia.manoeuvre import menu

    def charged(roll: int) -> Any:
        b = battle(_doc([division("a", "athenian", 36.0, 20.0, 1)],
                        [division("s", "peloponnesian", 36.0, 32.0, 1, facing=180.0)]))
        st = b.state
        st.armies["sparta"].signal = Signal.CHARGE
        st.armies["athens"].signal = Signal.BEGIN_APPROACH
        # the Spartans pass and run 3": short of the 12; the Athenians (Firm) roll
        scripted(b, Andreia_check=[2, roll], epidromos=[1])
        drive(epidromos_phase(st), lambda d: AHEAD if AHEAD in d.options else d.options[0])
        return b
    passed = charged(2)
    check = next(e for e in events(passed, "andreia") if e.data["trigger"] == "charged")
    assert check.data["result"] == "maintain"
    assert len(menu(passed.state, div(passed, "a"))) > 1
    failed = charged(12)
    check = next(e for e in events(failed, "andreia") if e.data["trigger"] == "charged")
    assert check.data["result"] == "halt"
    plans = menu(failed.state, div(failed, "a"))
    assert [str(p.order) for p in plans] == ["hold"]


def test_the_sphagia_is_rolled_at_the_armys_first_charge() -> None:
    b = battle(_doc([division("a", "athenian", 36.0, 20.0, 1)],
                    [division("s", "peloponnesian", 36.0, 25.0, 1)]))
    st = b.state
    st.armies["athens"].signal = Signal.CHARGE
    st.armies["athens"].mantis = True
    scripted(b, Sphagia=[6], Andreia_check=[12])  # the charge fails its check
    drive(epidromos_phase(st), _first_charge)
    assert [e.data["points"] for e in events(b, "sphagia")] == [2]
    st.turn = 2
    asked: list[Decision] = []
    drive(epidromos_phase(st), _first_charge, asked)
    # the army charges again, and rolls no second Sphagia
    assert [d.kind for d in asked if d.side == "athens"] == [Kind.CHARGE]
    assert len(events(b, "epidromos declared")) == 2
    assert len(events(b, "sphagia")) == 1
    assert piece(b, "a").status is Status.READY


def test_a_taxis_drifting_farther_than_its_right_neighbour_is_blocked() -> None:
    def two(left_roll: int, right_roll: int) -> Any:
        data = _doc([division("l", "athenian", 28.75, 20.0, 5),
                     division("r", "athenian", 43.75, 20.0, 5)],
                    [division("s", "peloponnesian", 36.0, 30.0, 3)])
        b = battle(data)
        st = b.state
        st.armies["athens"].signal = Signal.CHARGE
        # ten lochoi: the phalanx drifts; rolls 2 (1") and 3 (1/2") drift differently
        from .play import Scripted

        st.dice = Scripted({"Andreia check": [2, 2, 2, 2], "epidromos: l": [left_roll],
                            "epidromos: r": [right_roll]})
        drive(epidromos_phase(st), lambda d: AHEAD if AHEAD in d.options else d.options[0])
        return b
    b = two(2, 3)  # the left drifts 1", its neighbour 1/2": it runs into it
    assert piece(b, "l.5").disarrayed and "drifted into a friend" in \
        events(b, "disarray")[0].data["reason"]
    assert not piece(b, "r.1").disarrayed
    b = two(3, 2)  # the left drifts less: a gap opens, nobody halts
    assert not any(p.disarrayed for p in b.state.pieces if p.side == "athens")
    gap = piece(b, "r.1").block.corners[0][0] - piece(b, "l.5").block.corners[1][0]
    assert gap == pytest.approx(0.5, abs=0.01)  # 1" against 1/2"


def test_a_countercharger_at_an_angle_runs_to_the_contact_and_never_into_the_charger() -> None:
    """Meeting in the middle: the countercharger runs its share along its own facing,
    stopping at the contact (or short of anyone in its way), never overlapping."""
    b = battle(_doc([division("a", "hippeis", 36.0, 10.0, 1)],
                    [division("s", "hippeis", 37.0, 16.0, 1, facing=200.0)]))
    st = b.state
    a, s = piece(b, "a"), piece(b, "s")
    share = 7.0
    assert advance([s.block], share)[0].overlaps(a.block)  # its whole share runs into a
    run = _meet(st, s, a.block, share)
    end = advance([s.block], run)[0]
    assert 0.0 < run < share and not end.overlaps(a.block)
    assert end.distance(a.block) == pytest.approx(0.0, abs=1e-6)  # they meet


def test_two_declared_charges_at_each_other_meet_in_the_middle() -> None:
    """Epidromos: "opposing chargers meet in the middle", not only a countercharge: two
    declared charges at each other run together (20" apart, both rolling 12": 11" each
    after closing files, they meet at 10 each; run one after the other, the precedence
    side would fall short and the second run the whole way)."""
    b = battle(_doc([division("a", "hippeis", 36.0, 10.0, 1)],
                    [division("s", "hippeis", 36.0, 30.0, 1)], arete=16))
    st = b.state
    div(b, "a").approached = div(b, "s").approached = True
    # each declares and passes; each, charged, passes its check and holds (no reply)
    scripted(b, Andreia_check=[2, 2, 2, 2], epidromos=[6, 6])
    drive(epidromos_phase(st), _first_charge)
    assert len(events(b, "epidromos declared")) == 2 and not events(b, "countercharge")
    a, s = piece(b, "a"), piece(b, "s")
    assert a.block.distance(s.block) == pytest.approx(0.0, abs=1e-6)
    assert a.block.y == pytest.approx(20.0, abs=0.01)
    assert s.block.y == pytest.approx(20.0, abs=0.01)
    assert not [e for e in events(b, "charge") if e.data["target"] is None]
    # the second side ran its charge too: its momentum and its charge's disarray count
    assert a.momentum == s.momentum > 0
    assert div(b, "s").activity is Activity.CHARGE and div(b, "s").moved_turn == st.turn


def test_opposing_chargers_6_inches_apart_each_run_half() -> None:
    """At 6" apart both run 3" and both charge with their momentum (run one after the
    other, the second had no move and momentum 0)."""
    b = battle(_doc([division("a", "hippeis", 36.0, 17.0, 1)],
                    [division("s", "hippeis", 36.0, 23.0, 1)], arete=16))
    st = b.state
    div(b, "a").approached = div(b, "s").approached = True
    scripted(b, Andreia_check=[2, 2, 2, 2], epidromos=[6, 6])
    drive(epidromos_phase(st), _first_charge)
    a, s = piece(b, "a"), piece(b, "s")
    assert a.block.y == pytest.approx(20.0, abs=0.01)
    assert s.block.y == pytest.approx(20.0, abs=0.01)
    assert a.momentum == s.momentum > 0
    assert a.charged_turn == s.charged_turn == st.turn


def test_horse_that_rode_towards_the_enemy_has_momentum_in_its_charge() -> None:
    """Epidromos: "momentum requires a prior approach move": for troops that move
    freely (horse, peltastes, lights) a move towards the enemy is their approach."""
    from ancients.hoplomachia.manoeuvre import execute, menu

    b = battle(_doc([division("a", "thessalian", 36.0, 4.0, 1)],
                    [division("s", "hippeis", 36.0, 40.0, 1)]))
    st = b.state
    towards = next(p for p in menu(st, div(b, "a")) if p.order.kind == "towards"
                   and p.order.angle == 0.0)
    execute(st, div(b, "a"), towards)
    assert div(b, "a").approached
    st.turn = 2
    scripted(b, Andreia_check=[2, 2], epidromos=[6])
    drive(epidromos_phase(st), lambda d: _first_charge(d) if d.side == "athens"
          else NO_CHARGE)
    assert piece(b, "a").charged_turn == 2 and piece(b, "a").momentum > 0


def test_the_approach_is_spent_by_the_charge_and_lost_by_a_move_away() -> None:
    """The momentum of a charge needs an approach before it: a second charge without
    a new approach has none, and a move away from the enemy spends the approach."""
    from ancients.hoplomachia.manoeuvre import execute, menu

    b = battle(_doc([division("a", "hippeis", 36.0, 10.0, 1)],
                    [division("s", "hippeis", 36.0, 30.0, 1)]))
    st = b.state
    div(b, "a").approached = True
    scripted(b, Andreia_check=[2, 2], epidromos=[2])  # 9": falls short of 20
    drive(epidromos_phase(st), lambda d: _first_charge(d) if d.side == "athens"
          else NO_CHARGE)
    assert events(b, "charge") and not div(b, "a").approached  # the charge spent it
    b = battle(_doc([division("a", "hippeis", 36.0, 10.0, 1)],
                    [division("s", "peloponnesian", 36.0, 40.0, 1)]))
    st = b.state
    div(b, "a").approached = True
    away = next(p for p in menu(st, div(b, "a")) if p.order.kind == "towards"
                and p.order.angle == 180.0)
    execute(st, div(b, "a"), away)
    assert not div(b, "a").approached


def test_epilektoi_may_adjust_their_epidromos_roll() -> None:
    """Epilektoi "may once per turn add or subtract 1 to any roll": the Epidromos roll
    too (declared before it): 2 adjusted +1 reads the chart's row 3."""
    from ancients.hoplomachia.decisions import Points

    b = battle(_doc([division("a", "hippeis", 36.0, 10.0, 1, epilektoi=True)],
                    [division("s", "hippeis", 36.0, 30.0, 1)]))
    st = b.state
    scripted(b, Andreia_check=[2, 2], epidromos=[2])
    asked: list[Decision] = []

    def answer(d: Decision) -> Any:
        if d.kind == Kind.EPILEKTOI:
            return Points(1) if "Epidromos" in d.prompt else Points(0)
        return _first_charge(d) if d.side == "athens" else NO_CHARGE
    drive(epidromos_phase(st), answer, asked)
    assert [d.prompt for d in asked if d.kind == Kind.EPILEKTOI] == [
        "Epilektoi: adjust a's Andreia check", "Epilektoi: adjust a's Epidromos roll"]
    assert events(b, "epidromos")[0].data["roll"] == 3
