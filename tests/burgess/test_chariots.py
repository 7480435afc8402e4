"""D. Chariots & Cavalry 1-3 and 5."""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ancients.burgess.chariots import (
    Course,
    Duel,
    broken_losses,
    broken_odds,
    cavalry_course,
    cavalry_course_odds,
    cavalry_dice,
    cavalry_fight,
    cavalry_fight_odds,
    chariot_duel,
    course,
    course_odds,
    duel_odds,
    group_fight,
    group_fight_odds,
    load_chariots,
    spearmen_check,
    stand_check,
)
from ancients.burgess.troops import Armour, TroopClass
from ancients.dice import Dice
from ancients.errors import RuleError

from .helpers import TROOPS, exact, horse, legio

RULES = load_chariots()
CHARIOTS = TROOPS.unit("Hittite chariots", TroopClass.CHARIOTS, 4, 1,
                       armour=Armour.UNARMOURED_CAVALRY)


def test_chariots_against_formed_infantry_in_two_ranks_charge_home_on_4_5_6() -> None:
    # Chariots & Cavalry 1
    two = course_odds(legio(8, 2))
    assert two == {Course.HOME: Fraction(1, 2), Course.SWERVE_RIGHT: Fraction(1, 4),
                   Course.SWERVE_LEFT: Fraction(1, 4)}
    assert course_odds(legio(8, 1))[Course.HOME] == 1  # one rank: no roll
    assert course_odds(legio(8, 3, formed=False))[Course.HOME] == 1
    with pytest.raises(RuleError, match="against infantry"):
        course_odds(horse())


def test_a_charge_that_does_not_go_home_swerves_right_on_1_2_3() -> None:
    dice = Dice(0, record=True)
    results = [course(CHARIOTS, i + 1, legio(8, 2), dice) for i in range(200)]
    rolls = dice.take_rolls()
    i = 0
    for got in results:
        home = rolls[i].total >= 4
        i += 1
        if home:
            assert got is Course.HOME
        else:
            assert got is (Course.SWERVE_RIGHT if rolls[i].total <= 3 else Course.SWERVE_LEFT)
            i += 1
    assert rolls[0].reason == "charge home: Hittite chariots chariot 1 at Legio II"


def test_the_infantry_stand_on_3_4_5_6_or_break_and_its_figures_save_on_4_5_6() -> None:
    assert stand_check().probability() == Fraction(2, 3)
    assert str(stand_check()) == "3/4/5/6"
    assert RULES.broken_moves == 1
    # two chariots home reach two volley groups: 6 figures, each lost on 1/2/3
    lost_on_1_2_3 = icepool.d6.map(lambda x: 1 if x <= 3 else 0)
    assert broken_odds(legio(8, 2), 2) == exact(6 @ lost_on_1_2_3)
    assert max(broken_odds(legio(2, 1), 3)) == 2  # never more than the unit's fighters
    lost = broken_losses(legio(8, 2), 1, Dice(5))
    assert 0 <= lost <= 3


def test_the_fight_by_groups_one_die_per_5_points_against_one_per_chariot() -> None:
    unarmoured = legio(8, 2, armour=Armour.UNARMOURED_INFANTRY)  # a group: 3 points, 1 die
    win, tie, loss = group_fight_odds(unarmoured)
    assert (win, tie, loss) == (Fraction(15, 36), Fraction(6, 36), Fraction(15, 36))
    full = group_fight_odds(legio(8, 2))  # 9 points: 2 dice
    oracle = exact(icepool.map(lambda c, i: 1 if c > i else 0, icepool.d6, 2 @ icepool.d6))
    assert full[0] == oracle[1]
    assert RULES.infantry_loses == 1
    dice = Dice(2, record=True)
    assert group_fight(CHARIOTS, 1, legio(8, 2), dice) in set(Duel)
    assert len(dice.take_rolls()) == 2


def test_each_chariot_fights_two_cavalry_figures() -> None:
    # Chariots & Cavalry 2
    assert cavalry_dice(horse(armour=Armour.UNARMOURED_CAVALRY)) == 1  # 4 points
    assert cavalry_dice(horse(TroopClass.HV_CAV, armour=Armour.MAILED_CAVALRY)) == 2
    assert cavalry_dice(horse(TroopClass.HV_CAV, armour=Armour.ARMOURED_CAVALRY)) == 3
    won, tie, lost = cavalry_fight_odds(horse(TroopClass.HV_CAV, armour=Armour.MAILED_CAVALRY))
    assert won == duel_odds(1, 2, sides=6)[Duel.WON] and won + tie + lost == 1
    assert cavalry_fight(CHARIOTS, 1, horse(), Dice(1)) in set(Duel)
    with pytest.raises(RuleError):
        cavalry_dice(legio())


def test_chariots_against_chariots_an_even_match() -> None:
    # Chariots & Cavalry 3
    assert duel_odds(1, 1, sides=6) == {Duel.WON: Fraction(15, 36), Duel.TIE: Fraction(1, 6),
                                        Duel.LOST: Fraction(15, 36)}
    assert chariot_duel(CHARIOTS, CHARIOTS, Dice(3)) in set(Duel)
    with pytest.raises(RuleError):
        chariot_duel(CHARIOTS, horse(), Dice(3))


def test_cavalry_charging_spearmen_by_their_depth() -> None:
    # Chariots & Cavalry 5: double rank 4/5/6, triple 5/6, deeper 6; else swerve
    def spear(ranks: int) -> Fraction:
        return cavalry_course_odds(legio(6, ranks, spearmen=True))[Course.HOME]
    assert [spear(r) for r in (1, 2, 3, 4, 5)] == \
        [1, Fraction(1, 2), Fraction(1, 3), Fraction(1, 6), Fraction(1, 6)]
    assert spearmen_check(legio(6, 3)) is None  # not spearmen: no roll
    swerve = cavalry_course_odds(legio(6, 3, spearmen=True))
    assert swerve[Course.SWERVE_RIGHT] == swerve[Course.SWERVE_LEFT] == Fraction(1, 3)
    dice = Dice(4, record=True)
    cavalry_course(horse(), legio(6, 3, spearmen=True), dice)
    assert dice.take_rolls()[0].reason == "charge home: Numidians at Legio II"


@given(st.integers(1, 5), st.integers(1, 5))
def test_duel_odds_match_icepool(a: int, b: int) -> None:
    got = duel_odds(a, b, sides=6)
    oracle = exact(icepool.map(lambda x, y: 1 if x > y else 0, a @ icepool.d6, b @ icepool.d6))
    assert got[Duel.WON] == oracle.get(1, Fraction(0)) and sum(got.values()) == 1


@given(st.integers(1, 4), st.booleans())
def test_course_odds_match_icepool(ranks: int, spear: bool) -> None:
    # two dice: the charge-home roll, then (if it fails) the swerve
    unit = legio(6, ranks, spearmen=spear)
    check = spearmen_check(unit) if spear else (RULES.home if ranks >= 2 else None)
    home = set(check.faces.values) if check is not None else set(range(1, 7))

    def where(a: int, b: int) -> int:
        return 0 if a in home else (1 if b <= 3 else 2)
    oracle = exact(icepool.map(where, icepool.d6, icepool.d6))
    got = cavalry_course_odds(unit) if spear else course_odds(unit)
    assert [got[c] for c in (Course.HOME, Course.SWERVE_RIGHT, Course.SWERVE_LEFT)] == \
        [oracle.get(k, Fraction(0)) for k in (0, 1, 2)]
