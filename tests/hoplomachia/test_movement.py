"""Movement arithmetic: drift, spacing and bounce, arrangements, flight distances,
terrain disarray against the qualifier."""

from __future__ import annotations

from fractions import Fraction

from ancients.dice import Dice
from ancients.hoplomachia.movement import DisarrayTally
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
