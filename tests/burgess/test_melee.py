"""C. Hand to hand combat: points, dice, bonuses, losses, the outnumbered rule, charges,
withdrawing, the standard and the officer."""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ancients.burgess.counting import round_half_down
from ancients.burgess.melee import (
    ChargeResponse,
    Fighter,
    MeleeRules,
    bout_odds,
    capture_standard,
    charge_responses,
    fight,
    fighter,
    has_impetus,
    load_melee,
    losses,
    officer_lost,
    outnumbered,
    outnumbered_table,
    outnumbering_ratio,
    win_odds,
)
from ancients.burgess.missiles import Cover
from ancients.burgess.morale import odds
from ancients.burgess.reactions import Action, Fate
from ancients.burgess.troops import Armour, TroopClass
from ancients.dice import Dice
from ancients.errors import RuleError

from .helpers import TROOPS, archers, exact, horse, legio

RULES = load_melee()
T = TroopClass


@pytest.mark.parametrize(("armour", "value"), [
    (Armour.UNARMOURED_INFANTRY, 1), (Armour.UNARMOURED_CAVALRY, 2),
    (Armour.PARTIAL_INFANTRY, 2), (Armour.MAILED_CAVALRY, 5), (Armour.FULL_INFANTRY, 3),
    (Armour.ARMOURED_CAVALRY, 8)])
def test_the_first_two_ranks_fight_by_figure_value(armour: Armour, value: int) -> None:
    # Hand to hand 1
    troop = T.HV_INF if "infantry" in armour else T.HV_CAV
    unit = TROOPS.unit("u", troop, 5, 3, armour=armour)
    side = fighter(unit)
    assert side.points == 10 * value and side.value == value
    assert fighter(unit, figures=4).points == 4 * value
    with pytest.raises(RuleError, match="only the 10"):
        fighter(unit, figures=11)


def test_one_die_per_5_points_with_the_remainder_rule_and_one_at_least_as_a_variant(
        ) -> None:
    # Hand to hand 1, "one die per 5 PTS", with the remainder rule Deciding casualties
    # prints for the same count (1 or 2 down, 3 or 4 up): 1-2 points roll no die
    def dice(figures: int, rules: MeleeRules | None = None) -> int:
        return fighter(legio(figures, 1, armour=Armour.UNARMOURED_INFANTRY),
                       rules=rules).dice
    assert [dice(n) for n in (1, 2, 3, 5, 7, 8, 10)] == [0, 0, 1, 1, 1, 2, 2]
    # the variant melee.dice.minimum = 1: a remnant rolls one die at least
    from .helpers import ruleset

    rules = ruleset("burgess(melee.dice.minimum=1)").rules().melee
    assert [dice(n, rules) for n in (1, 2, 3, 5, 7, 8, 10)] == [1, 1, 1, 1, 1, 2, 2]


def test_the_bonuses() -> None:
    # 1: impetus; A: downhill; B: hedges/walls/fences +1, buildings +2; II: +1 a volley group
    assert fighter(legio(), impetus=True).bonus == 1
    assert fighter(legio(), impetus=True, downhill=True).bonus == 2
    for cover in (Cover.HEDGE, Cover.WALL, Cover.FENCE):
        assert fighter(legio(), cover=cover).bonus == 1
    assert fighter(legio(), cover=Cover.BUILDING).bonus == 2
    assert fighter(legio(), cover=Cover.WOODS).bonus == 0
    assert fighter(legio(8, 3), occupied_ground=True).bonus == 5  # 16 figures: 5 groups


def test_impetus_is_for_attackers_that_closed_without_their_full_move() -> None:
    assert has_impetus(4, 6, attacking=True)
    assert not has_impetus(6, 6, attacking=True)
    assert not has_impetus(2, 6, attacking=False)
    # A: reinforcements, if they arrive in time for the initial contact
    assert has_impetus(3, 6, attacking=False, reinforcing=True)
    assert not has_impetus(3, 6, attacking=False, reinforcing=True, initial_contact=False)


def test_the_loser_loses_the_difference_the_winner_half_at_least_a_figure() -> None:
    a, b = fighter(legio()), fighter(legio(12, 2, armour=Armour.UNARMOURED_INFANTRY))
    assert losses(20, 12, a, b) == (1, 8)  # b: 8 points of 1; a: 4 points of 3 -> 1
    assert losses(12, 20, a, b) == (3, 4)  # a: 8 points of 3 -> 2.67 -> 3; b: 4 points
    assert losses(10, 10, a, b) == (1, 1)  # a tie: the minimum each
    assert losses(11, 10, a, b) == (1, 1)
    assert losses(60, 0, a, b) == (10, 24)  # never more than the unit has
    c = fighter(legio(armour=Armour.PARTIAL_INFANTRY))
    assert losses(10, 15, c, a) == (2, 1)  # 5 points of 2: 2.5 rounds half down


@given(st.integers(0, 60), st.integers(0, 60), st.sampled_from([1, 2, 3, 5, 8]),
       st.sampled_from([1, 2, 3, 5, 8]))
def test_points_lost_follow_the_difference_rule(sa: int, sb: int, va: int, vb: int) -> None:
    a = Fighter("a", 0, va, 100, 1, 6)
    b = Fighter("b", 0, vb, 100, 1, 6)
    la, lb = losses(sa, sb, a, b)
    diff = abs(sa - sb)
    loser, winner = ((la, va), (lb, vb)) if sa < sb else ((lb, vb), (la, va))
    if sa != sb:
        assert loser[0] == max(1, round_half_down(Fraction(diff, loser[1])))
        assert winner[0] == max(1, round_half_down(Fraction(diff, 2 * winner[1])))
    else:
        assert (la, lb) == (1, 1)


@given(st.integers(1, 4), st.integers(1, 4), st.integers(0, 3), st.integers(0, 3))
def test_melee_odds_match_icepool(da: int, db: int, ba: int, bb: int) -> None:
    bonus = (fighter(legio(), impetus=True, downhill=True, cover=Cover.BUILDING).bonuses)
    a = Fighter("a", 5 * da, 3, 20, da, 6, bonus[:ba])
    b = Fighter("b", 5 * db, 1, 20, db, 6, bonus[:bb])
    sa, sb = da @ icepool.d6 + a.bonus, db @ icepool.d6 + b.bonus
    win = exact(icepool.map(lambda x, y: 1 if x > y else 0, sa, sb)).get(1, Fraction(0))
    tie = exact(icepool.map(lambda x, y: 1 if x == y else 0, sa, sb)).get(1, Fraction(0))
    assert win_odds(a, b) == (win, tie, 1 - win - tie)
    total = bout_odds(a, b)
    assert sum(total.values()) == 1
    assert sum(p for (w, _, _), p in total.items() if w == 0) == win
    assert sum(p for (w, _, _), p in total.items() if w is None) == tie


@given(st.integers(0, 2**32))
def test_a_rolled_round_is_a_possible_outcome(seed: int) -> None:
    a, b = fighter(legio(), impetus=True), fighter(horse(T.HV_CAV, armour=Armour.MAILED_CAVALRY))
    dice = Dice(seed, record=True)
    bout = fight(a, b, dice)
    assert (bout.winner, *bout.figures_lost) in bout_odds(a, b)
    assert len(dice.take_rolls()) == a.dice + b.dice


def test_the_outnumbered_ratios() -> None:
    # D: 2:1 similar, 3:1 LT vs HV, 4:1 INF vs CAV
    assert outnumbering_ratio(T.HV_INF, T.HV_INF) == 2
    assert outnumbering_ratio(T.LT_INF, T.HV_INF) == 3
    assert outnumbering_ratio(T.HV_INF, T.LT_INF) == 2
    assert outnumbering_ratio(T.HV_INF, T.HV_CAV) == 4
    assert outnumbering_ratio(T.LT_INF, T.HV_CAV) == 4
    assert outnumbering_ratio(T.HV_CAV, T.HV_INF) == 2
    assert outnumbering_ratio(T.LT_CAV, T.HV_CAV) == 3
    assert outnumbered(T.HV_INF, 8, T.HV_INF, 16) and not outnumbered(T.HV_INF, 8, T.HV_INF, 15)
    assert not outnumbered(T.HV_CAV, 4, T.HV_INF, 15) and outnumbered(T.HV_CAV, 4, T.HV_INF, 16)
    with pytest.raises(RuleError, match="not elephants"):
        outnumbering_ratio(T.ELEPHANTS, T.HV_INF)


def test_the_outnumbered_table_and_its_captives() -> None:
    t = outnumbered_table("captured").table
    cut = t.result(1).parts[0]
    assert cut.action is Action.CUT_DOWN and str(cut.save) == "5/6"
    assert (cut.saved, cut.failed) == (Fate.CAPTIVE, Fate.KILLED)
    assert cut.fate_odds(3)[1] == 3 * Fraction(1, 3) * Fraction(2, 3) ** 2
    routed = t.result(2).parts[0]
    assert routed.rout and (routed.saved, routed.failed) == (Fate.CAPTIVE, Fate.KILLED)
    assert t.result(3).action is t.result(4).action is Action.SUPPORT_OR_SURRENDER
    assert t.result(5).action is t.result(6).action is Action.FIGHT
    escape = outnumbered_table("escape").table.result(2).parts[0]
    assert (escape.saved, escape.failed) == (Fate.ESCAPED, Fate.CAPTIVE)
    assert outnumbered_table("escape").table.result(1) == t.result(1)
    assert outnumbered_table() == outnumbered_table("escape")  # the default
    dice = Dice(4, record=True)
    fates = cut.fates(6, dice, "cut down: Boii")
    assert fates[Fate.KILLED] + fates[Fate.CAPTIVE] == 6 and len(dice.take_rolls()) == 6
    guards = legio(guards=True)
    assert not any(r.rout for r, p in odds(guards, outnumbered_table()).items() if p)


def test_charges_a_unit_that_moved_is_fixed() -> None:
    # II
    assert charge_responses(archers(), moved_in_its_turn=True) == (ChargeResponse.FIXED,)
    assert charge_responses(archers(), moved_in_its_turn=False) == \
        (ChargeResponse.FIRE_AND_EVADE, ChargeResponse.HOLD_AND_FIRE)
    assert charge_responses(horse(), moved_in_its_turn=False) == \
        (ChargeResponse.EVADE, ChargeResponse.HOLD)


def test_the_withdrawal_table() -> None:
    # B
    t = RULES.withdrawal
    rows = [t.table.result(n).parts[0] for n in range(1, 7)]
    assert [p.action for p in rows] == [Action.RUN] * 4 + [Action.FALL_BACK] * 2
    assert all(p.double for p in rows[:4]) and not rows[5].double
    assert not t.morale and t.odds(+2) == t.odds()  # not a morale throw
    assert not any(r.rout for r, p in t.odds(guards=True).items() if p)


def test_taking_the_standard_on_1_or_6() -> None:
    # C
    assert RULES.standard_capture.probability() == Fraction(1, 3)
    assert RULES.standard_capture.passes(1) and RULES.standard_capture.passes(6)
    assert not RULES.standard_capture.passes(3)
    dice = Dice(1, record=True)
    capture_standard(legio(), horse(), dice)
    assert dice.take_rolls()[0].reason == "standard: Legio II after Numidians"
    with pytest.raises(RuleError, match="no standard"):
        capture_standard(legio(), horse(standard=False), dice)


def test_losing_the_officer_low_rolls_are_good() -> None:
    # D: 1/2 stand and fight, 3/4 half stays, 5/6 withdraws; a bonus helps
    t = RULES.officer
    assert t.table.result(1).action is Action.FIGHT
    assert [p.fraction for p in t.table.result(3).parts] == [Fraction(1, 2)] * 2
    assert t.table.result(6).action is Action.FALL_BACK

    def stand(unit_bonus: int) -> Fraction:
        return sum((p for r, p in t.odds(unit_bonus).items() if r.action is Action.FIGHT
                    and len(r.parts) == 1), Fraction(0))
    assert (stand(0), stand(1)) == (Fraction(1, 3), Fraction(1, 2))
    dice = Dice(2, record=True)
    officer_lost(legio(8, 3), dice)
    assert dice.take_rolls()[0].reason == "officer lost: Legio II (its officer lost in melee)"
