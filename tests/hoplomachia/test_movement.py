"""Movement arithmetic: drift, spacing and bounce, arrangements, flight distances,
terrain disarray against the qualifier."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ancients.dice import Dice
from ancients.errors import RuleError
from ancients.hoplomachia.movement import Activity, DisarrayTally
from ancients.hoplomachia.troops import Flight
from ancients.hoplomachia.vocabulary import Arrangement

from .helpers import RULES

MV = RULES.movement
C = RULES.cards


def test_drift_of_phalanxes_over_eight_lochoi() -> None:
    d = MV.drift
    assert d.approach_drift(8) == 0 and d.approach_drift(9) == 0.5
    assert d.approach_drift(12, moves=3) == 1.5
    row = RULES.epidromos.chart("hoplite").row(1)
    assert d.epidromos_drift(row, 9) == row.drift > 0 and d.epidromos_drift(row, 8) == 0
    assert d.may_incline("spartan") and d.may_incline("theban") and d.may_incline("mercenary")
    assert not d.may_incline("athenian") and d.incline == 1.0


def test_spacing_and_bounce() -> None:
    s = MV.spacing
    assert s.hoplites_too_close(2.5, charging=False)
    assert not s.hoplites_too_close(2.5, charging=True)
    assert not s.hoplites_too_close(3.0, charging=False)
    assert s.bounced(room=2.0) and not s.bounced(room=3.0)


def test_what_each_arrangement_may_do() -> None:
    a = MV.arrangement
    assert a.wheel_limit(Arrangement.OPEN_FILES) == 90
    assert a.wheel_limit(Arrangement.CLOSE_FILES) == 45
    assert a.wheel_limit(Arrangement.NO_FILES) is None  # at will
    assert a.may_turn(Arrangement.OPEN_FILES, 90) and a.may_turn(Arrangement.OPEN_FILES, -180)
    assert not a.may_turn(Arrangement.CLOSE_FILES, 90)
    assert a.may_turn(Arrangement.NO_FILES, 37)
    assert a.change == 1.0 and a.turn == 1.0


def test_flight_distances_are_the_cards_plus_1d6_less_the_turn() -> None:
    f = MV.flight
    ath = C["athenian"]
    assert f.distance_odds(ath, Flight.ROUT) == {ath.rout + t - 1: Fraction(1, 6)
                                                 for t in range(1, 7)}
    assert f.distance_odds(ath, Flight.PURSUIT) == {ath.pursuit + t: Fraction(1, 6)
                                                    for t in range(1, 7)}
    dice = Dice(6, record=True)
    d = f.distance(C["psiloi"], Flight.EVADE, dice, "psiloi 2")
    (roll,) = dice.take_rolls()
    assert d == C["psiloi"].evade + roll.total - 1 and roll.reason == "evade distance: psiloi 2"


def test_outdistanced_by_twice_the_of_move() -> None:
    f = MV.flight
    assert f.outdistanced(C["hippeis"], 24.0) and not f.outdistanced(C["hippeis"], 23.9)
    assert f.outdistanced(C["psiloi"], 16.0)  # NF 8
    assert f.hoplite_pursuit_moves == 1


def test_disarray_points_of_a_turn_against_the_qualifier() -> None:
    t = MV.terrain
    tally = DisarrayTally().crossing(t["wheatfield"]).crossing(t["ford"])
    assert tally.total == 2 and not tally.disarrays(2) and tally.disarrays(1)
    charge = tally.adding("epidromos", RULES.epidromos.chart("hoplite").row(1).disarray)
    assert charge.total == 4 and charge.disarrays(3)
    assert DisarrayTally().crossing(t["woods"]).disarrays(10)  # automatic
    assert not DisarrayTally().crossing(t["woods"]).disarrays(None)  # No Files: never
    assert DisarrayTally().disarrays(0) is False
    assert DisarrayTally().crossing(t["clear"]).total == 0


def test_horse_wheels_freely_by_ile_in_open_files_by_hipparchy_in_close() -> None:
    a = MV.arrangement
    assert a.wheel_limit(Arrangement.OPEN_FILES, horse=True) is None
    assert a.wheel_limit(Arrangement.CLOSE_FILES, horse=True) == 90


def test_only_psiloi_pass_through_stationary_open_files_without_harm() -> None:
    i = MV.interpenetration
    psi, pel = C["psiloi"], C["peltastes"]
    assert not i.disarrays(psi, Arrangement.OPEN_FILES, stationary=True)
    assert i.disarrays(psi, Arrangement.OPEN_FILES, stationary=False)
    assert i.disarrays(psi, Arrangement.CLOSE_FILES, stationary=True)
    assert i.disarrays(pel, Arrangement.OPEN_FILES, stationary=True)


def test_recovery_from_disarray_by_what_the_unit_was_doing() -> None:
    r = MV.recovery
    assert r.recovers(Activity.MARCH, halted_turns=1)
    assert not r.recovers(Activity.MARCH, halted_turns=0)
    assert not r.recovers(Activity.APPROACH, halted_turns=3)
    assert r.recovers(Activity.APPROACH, halt_signal=True)
    assert not r.recovers(Activity.CHARGE, halted_turns=1, halt_signal=True)
    assert r.recovers(Activity.CHARGE, halted_turns=1, routed_opponents=True)
    assert r.arrangement is Arrangement.OPEN_FILES


def test_only_horse_that_outdistanced_its_pursuers_may_rally() -> None:
    f = MV.flight
    assert f.may_rally(C["hippeis"], outdistanced=True)
    assert not f.may_rally(C["hippeis"], outdistanced=False)
    assert not f.may_rally(C["psiloi"], outdistanced=True)
    assert not f.may_rally(C["athenian"], outdistanced=True)


def test_terrain_by_name() -> None:
    assert MV.terrain_named("ford").disarray == 1
    with pytest.raises(RuleError, match="no terrain 'lava'"):
        MV.terrain_named("lava")
