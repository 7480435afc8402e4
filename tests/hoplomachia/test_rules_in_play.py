"""Rules the play must apply, each checked by breaking it: a charged unit's check adds
the charger's Phobos; a belos charge's +1 and moving archers' -1 to the intensity; the
higher shooter's +1 inch of range; the ekdromoi kill equal to or under the chart's
number; evaders a charge reaches rout; a charge from Open Files pays the inch of
closing files; a Katastrophe Halt holds the taxis the next turn; the Phobos difference
only for the checks of a direct interaction with an enemy unit; the Melee Resolution
Chart by the levels' margin."""

from __future__ import annotations

from typing import Any

import pytest

from ancients.hoplomachia.andreia import AndreiaLine, Trigger, check_for, phobos_difference
from ancients.hoplomachia.charges import AHEAD, charge_options, epidromos_phase
from ancients.hoplomachia.command import Signal
from ancients.hoplomachia.decisions import NO, Charge, Fire
from ancients.hoplomachia.fire import belos_phase, shoot, targets
from ancients.hoplomachia.flight import evade
from ancients.hoplomachia.katastrophe import katastrophe
from ancients.hoplomachia.manoeuvre import menu
from ancients.hoplomachia.melee import Level, MeleeResult
from ancients.hoplomachia.pieces import Status
from ancients.hoplomachia.vocabulary import AreteLevel, Category

from .helpers import RULES
from .play import battle, div, division, drive, events, piece, scripted, side

C = RULES.cards


def _doc(athens: list[dict[str, Any]], sparta: list[dict[str, Any]], *,
         athens_arete: int = 12, terrain: list[dict[str, Any]] | None = None
         ) -> dict[str, Any]:
    a = side("athens", "athenian", athens)
    a["arete"] = athens_arete
    return {"name": "t", "title": "t",
            "table": {"width": 72.0, "depth": 48.0, "terrain": terrain or []},
            "sides": [a, side("sparta", "spartan", sparta)]}


def _check(b: Any, division_id: str, trigger: str) -> Any:
    return next(e for e in events(b, "andreia") if e.data["division"] == division_id
                and e.data["trigger"] == trigger)


# -- Phobos ---------------------------------------------------------------------------------
def test_a_charged_unit_adds_the_chargers_phobos_to_its_roll() -> None:
    """Phobos: being charged by an enemy unit is a direct interaction: the charger's
    Phobos over the tester's is added to the charged unit's roll."""
    b = battle(_doc([division("a", "athenian", 36.0, 20.0, 1)],
                    [division("s", "spartiates", 36.0, 25.0, 1, facing=180.0)]))
    st = b.state
    st.armies["sparta"].signal = Signal.CHARGE
    scripted(b, Andreia_check=[2, 4])
    drive(epidromos_phase(st), lambda d: AHEAD if AHEAD in d.options else d.options[0])
    charged = _check(b, "a", "charged")
    difference = phobos_difference(C["spartiates"], C["athenian"])
    assert difference > 0
    assert charged.data["total"] == charged.data["roll"] + difference
    assert charged.data["enemy"] == "s"


def test_the_phobos_difference_counts_only_for_a_direct_interaction_with_an_enemy() -> None:
    """Phobos: stopping pursuit of, charging or being charged by, or in melee with an
    enemy unit; never the Katastrophe's checks nor a rally."""
    direct = {Trigger.STOPPING_PURSUIT, Trigger.CHARGING, Trigger.CHARGED,
              Trigger.MELEE_RESULT}
    difference = phobos_difference(C["spartiates"], C["athenian"])
    for t in Trigger:
        check = check_for(RULES.andreia, C["athenian"], t, AreteLevel.FIRM,
                          enemy=C["spartiates"])
        assert check.roll_modifier == (difference if t in direct else 0), t
        if check.line is AndreiaLine.KATASTROPHE:
            assert t not in direct


# -- Belos ----------------------------------------------------------------------------------
def test_a_belos_charge_adds_one_to_the_intensity_in_play() -> None:
    b = battle(_doc([division("a", "athenian", 36.0, 20.0, 1)],
                    [division("h", "hippeis", 36.0, 30.0, 1, facing=180.0)]))
    drive(belos_phase(b.state), lambda d: next(o for o in d.options if isinstance(o, Fire)
                                               and o.belos_charge))
    shot = events(b, "belos")[0]
    belos = C["hippeis"].belos
    assert belos is not None and shot.data["belos_charge"]
    plain = belos.number - C["athenian"].shield
    assert shot.data["intensity"] == plain + RULES.belos.intensity.belos_charge
    assert RULES.belos.intensity.belos_charge > 0


def test_archers_that_moved_this_turn_shoot_at_one_less_in_play() -> None:
    def shot(moved: bool) -> int:
        b = battle(_doc([division("a", "athenian", 36.0, 24.0, 1)],
                        [division("x", "toxotai", 36.0, 30.0, 1, stands=2, facing=180.0)]))
        st = b.state
        if moved:  # they evade a threat, then shoot (defensive belos, say)
            x = piece(b, "x")
            scripted(b, evade_distance=[1])
            evade(st, x, None, "a test")
            x.disarrayed = False
            assert x.moved_turn == st.turn
        scripted(b, belos_check=[1])
        drive(shoot(st, piece(b, "x"), piece(b, "a")), lambda d: NO)
        return int(events(b, "belos")[0].data["intensity"])
    assert shot(True) == shot(False) + RULES.belos.intensity.moving_archers
    assert RULES.belos.intensity.moving_archers < 0


def test_shooters_on_higher_ground_reach_an_inch_further_in_play() -> None:
    belos = C["toxotai"].belos
    assert belos is not None
    gap = belos.range + RULES.belos.fire.higher_range / 2  # beyond range, within +1"
    hill = [{"kind": "hill", "name": "hill", "polygon": [[20, 34], [52, 34], [52, 46],
                                                         [20, 46]]}]

    def reached(terrain: list[dict[str, Any]]) -> bool:
        x_y = 24.0 + gap  # the fronts, the lochos's at 24
        b = battle(_doc([division("a", "athenian", 36.0, 24.0, 1)],
                        [division("x", "toxotai", 36.0, x_y, 1, stands=2, facing=180.0)],
                        terrain=terrain))
        return [t.id for t in targets(b.state, piece(b, "x"))] == ["a"]
    assert not reached([])
    assert reached(hill)


def test_ekdromoi_kill_on_a_roll_equal_to_the_charts_number_and_die_above_it() -> None:
    most = RULES.belos.ekdromoi.kills[Category.TOXOTES]

    def killed(roll: int) -> bool:
        b = battle(_doc([division("a", "athenian", 36.0, 26.5, 1)],
                        [division("x", "toxotai", 36.0, 30.0, 1, stands=3, facing=180.0)]))
        scripted(b, belos_check=[1], ekdromoi_move=[6], ekdromoi_attack=[roll])
        drive(shoot(b.state, piece(b, "x"), piece(b, "a")))
        assert events(b, "ekdromoi")[0].data["reached"]
        return piece(b, "x").status is Status.DESTROYED
    assert killed(most)
    assert not killed(most + 1)


# -- Epidromos -------------------------------------------------------------------------------
def test_evaders_a_charge_still_reaches_are_routed() -> None:
    b = battle(_doc([division("h", "hippeis", 36.0, 20.0, 1)],
                    [division("x", "toxotai", 36.0, 23.0, 1, stands=2, facing=180.0)]))
    st = b.state
    # the archers never charge: they evade, 7 + 1 less the inch of turning; the horse
    # runs 12 less the inch of closing files and catches them
    scripted(b, Andreia_check=[2], evade_distance=[1], epidromos=[6])
    drive(epidromos_phase(st), lambda d: Charge("x") if Charge("x") in d.options
          else d.options[0])
    assert events(b, "evades")[0].data["unit"] == "x"
    assert events(b, "charge")[0].data["target"] == "x"
    assert piece(b, "x").status is not Status.READY
    assert any(e.data["unit"] == "x" and e.data["reason"] == "caught evading"
               for e in events(b, "routs"))


def test_a_charge_from_open_files_pays_the_inch_of_closing_files() -> None:
    def run(arrangement: str) -> float:
        b = battle(_doc([division("a", "athenian", 36.0, 20.0, 1, arrangement=arrangement)],
                        [division("s", "peloponnesian", 36.0, 32.0, 1, facing=180.0)]))
        st = b.state
        st.armies["athens"].signal = Signal.CHARGE
        scripted(b, Andreia_check=[2], epidromos=[5])
        drive(epidromos_phase(st), lambda d: AHEAD if AHEAD in d.options else d.options[0])
        charge = events(b, "charge")[0]
        assert charge.data["target"] is None  # 12 inches: it falls short
        return float(charge.data["distance"])
    change = RULES.movement.arrangement.change
    assert change > 0
    assert run("open files") == pytest.approx(run("close files") - change)


# -- Katastrophe ----------------------------------------------------------------------------
def test_a_katastrophe_halt_holds_the_taxis_the_next_turn() -> None:
    b = battle(_doc([division("a", "athenian", 36.0, 20.0, 2)],
                    [division("s", "peloponnesian", 36.0, 30.0, 2, facing=180.0)],
                    athens_arete=16))  # Eager: the Katastrophe line fails to Halt
    st = b.state
    st.record.trigger("a", Trigger.LOCHOI_ROUTED)
    scripted(b, Andreia_check=[12])
    drive(katastrophe(st))
    assert _check(b, "a", "lochoi_routed").data["result"] == "halt"
    st.turn += 1
    st.armies["athens"].signal = Signal.MARCH
    plans = menu(st, div(b, "a"))
    assert len(plans) == 1 and str(plans[0].order.kind) == "hold"
    st.armies["athens"].signal = Signal.CHARGE
    assert charge_options(st, div(b, "a")) == []
    st.turn += 1  # the turn after, it moves again
    assert charge_options(st, div(b, "a"))


# -- Melee -----------------------------------------------------------------------------------
def test_the_melee_chart_follows_the_margin_of_the_levels() -> None:
    """Melee Resolution Chart: exceeding the threshold breaks the lochos (slaughters it
    when it penetrated nothing back); below it, one level's margin pushes the loser
    back, two break into it; equal levels: no effect when neither penetrated, else
    both disordered."""
    for a in Level:
        for b in Level:
            result, _ = RULES.melee.resolve(a, b)
            high, low = (a, b) if a.rank >= b.rank else (b, a)
            if a is b:
                expected = MeleeResult.NO_EFFECT if a is Level.NONE \
                    else MeleeResult.BOTH_DISORDERED
            elif high is Level.THRESHOLD:
                expected = MeleeResult.SLAUGHTERED if low is Level.NONE else MeleeResult.BROKEN
            else:
                expected = {1: MeleeResult.PUSHED_BACK,
                            2: MeleeResult.BROKEN_INTO}[high.rank - low.rank]
            assert result is expected, (a, b)
