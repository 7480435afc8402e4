"""E. Elephants, as printed and tempered."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ancients.burgess.chariots import Course, Duel
from ancients.burgess.elephants import (
    Harm,
    HarmKind,
    attack_check,
    attack_odds,
    cavalry_stand,
    crew,
    elephant_duel,
    hand_weapon_rolls,
    hurt,
    infantry_fight,
    infantry_fight_odds,
    kill_odds,
    load_elephants,
    missile_table,
    mounted_fight,
    mounted_fight_odds,
    roll_attack,
    stampede,
    stampede_odds,
    stand_check,
)
from ancients.burgess.troops import Armour, Crew, TroopClass
from ancients.dice import Dice
from ancients.errors import RuleError

from .helpers import TROOPS, horse, legio

PRINTED = load_elephants()
TEMPERED = load_elephants("tempered")
SURUS = TROOPS.unit("Surus", TroopClass.ELEPHANTS, 1, 1)
K = HarmKind


def test_the_elephant_attack_check_by_the_infantrys_depth() -> None:
    # Elephants 1: 3 ranks or deeper 1/6, 2 ranks 1/3/6, 1 rank or unformed no roll
    def faces(files: int, ranks: int) -> object:
        check = attack_check(legio(files, ranks))
        assert check is not None, (files, ranks)
        return check.faces.values

    assert faces(8, 3) == {1, 6}
    assert faces(8, 4) == {1, 6}
    assert faces(8, 2) == {1, 3, 6}
    assert attack_check(legio(8, 1)) is None
    assert attack_check(legio(8, 3, formed=False)) is None
    with pytest.raises(RuleError, match="for infantry"):
        attack_check(horse())


def test_the_after_start_table() -> None:
    # Elephants 1: 1/2 home, 3 right, 4 left, 5 stops midway, 6 stampede
    t = PRINTED.after_start
    assert list(t.rows) == [Course.HOME, Course.HOME, Course.SWERVE_RIGHT, Course.SWERVE_LEFT,
                            Course.STOPS, Course.STAMPEDE]
    one_rank = attack_odds(legio(8, 1))
    assert one_rank[None] == 0 and one_rank[Course.HOME] == Fraction(1, 3)
    deep = attack_odds(legio(8, 3))
    assert deep[None] == Fraction(2, 3) and deep[Course.STAMPEDE] == Fraction(1, 18)
    assert sum(deep.values()) == 1


def test_a_rolled_attack_follows_its_dice() -> None:
    dice = Dice(6, record=True)
    got = roll_attack(SURUS, legio(8, 3), dice)
    rolls = dice.take_rolls()
    if rolls[0].total not in (1, 6):
        assert got is None and len(rolls) == 1
    else:
        assert got is PRINTED.after_start.result(rolls[1].total)
    assert rolls[0].reason == "elephant attack: Surus at Legio II"


def test_a_stampede_in_flank_or_rear_routs_and_head_on_turns() -> None:
    # Elephants 2: flank or rear routed; head on 1/2 right, 3/4 left, 5/6 (read) home;
    # the volley group struck rolls 4/5/6 to survive
    flank = stampede_odds(legio(), head_on=False)
    assert all(routed for (_, routed, _) in flank)
    assert flank[(Course.HOME, True, 3)] == Fraction(1, 8)
    head = stampede_odds(legio(), head_on=True)
    assert head[(Course.SWERVE_RIGHT, False, 0)] == Fraction(1, 3)
    assert head[(Course.SWERVE_LEFT, False, 0)] == Fraction(1, 3)
    assert sum(p for (c, r, _), p in head.items() if c is Course.HOME and not r) == \
        Fraction(1, 3)
    assert sum(head.values()) == 1
    loose = stampede_odds(legio(formed=False), head_on=True)  # "a formed unit head on"
    assert loose == flank
    assert stampede(SURUS, legio(formed=False), True, Dice(3)).routed
    got = stampede(SURUS, legio(), False, Dice(3))
    assert got.routed and got.course is Course.HOME and 0 <= got.lost <= 3


def test_infantry_stand_by_depth_the_cut_four_rank_number_read_3_4_5_6() -> None:
    # Elephants 3: 4 ranks "3/4/" (cut), 3 ranks 4/5/6, 2 or 1 ranks 5/6
    assert [str(stand_check(legio(8, r))) for r in (1, 2, 3, 4, 5)] == \
        ["5/6", "5/6", "4/5/6", "3/4/5/6", "3/4/5/6"]
    assert PRINTED.stand_runs == 1


def test_infantry_that_stand_fight_by_volley_group() -> None:
    # Elephants 3: a die per volley group, 5/6 kills with the loss of a figure; else the
    # elephant kills a figure per point of a die
    assert kill_odds(1) == Fraction(1, 3) and kill_odds(4) == 1 - Fraction(2, 3) ** 4
    odds = infantry_fight_odds(legio(6, 2))  # 12 fighting figures: 4 groups
    assert odds[(True, 1)] == kill_odds(4)
    assert all(odds[(False, k)] == (1 - kill_odds(4)) / 6 for k in range(1, 7))
    assert infantry_fight_odds(legio(2, 1))[(False, 2)] == (1 - 0) * Fraction(5, 6)
    killed, lost = infantry_fight(SURUS, legio(6, 2), Dice(8))
    assert (killed and lost == 1) or (not killed and 1 <= lost <= 6)


def test_harms_and_three_wounds_kill() -> None:
    fresh = crew()
    assert fresh == Crew(3)
    once = hurt(fresh, Harm(K.WOUNDED))
    twice = hurt(once.crew, Harm(K.WOUNDED))
    thrice = hurt(twice.crew, Harm(K.WOUNDED))
    assert not once.dead and not twice.dead and thrice.dead
    assert hurt(fresh, Harm(K.DRIVER_KILLED)).stampede
    assert hurt(fresh, Harm(K.COMBATANTS_KILLED, 2)).crew.combatants == 1
    assert hurt(fresh, Harm(K.ALL_COMBATANTS_KILLED)).crew.combatants == 0
    lone = Crew(0)
    assert hurt(lone, Harm(K.CREWMAN_KILLED)).stampede  # no combatant left: the driver
    assert hurt(fresh, Harm(K.CREWMAN_KILLED)).crew.combatants == 2
    assert hurt(fresh, Harm(K.KILLED_WITH_CREW)).dead
    assert hurt(fresh, Harm(K.STOPS)).stops and hurt(fresh, Harm(K.STAMPEDES)).stampede


def test_elephant_against_elephant() -> None:
    # Elephants 4: 1 killed, 2 driver (stampede), 3 one combatant, 4 two, 5 all, 6 wounded
    t = PRINTED.against_elephant
    assert [h.kind for h in t.rows] == [K.KILLED, K.DRIVER_KILLED, K.COMBATANTS_KILLED,
                                        K.COMBATANTS_KILLED, K.ALL_COMBATANTS_KILLED,
                                        K.WOUNDED]
    assert (t.rows[2].count, t.rows[3].count) == (1, 2)
    result, harm = elephant_duel(SURUS, SURUS, Dice(1))
    assert (harm is None) == (result is Duel.TIE)
    with pytest.raises(RuleError):
        elephant_duel(SURUS, legio(), Dice(1))


def test_elephants_against_cavalry() -> None:
    # Elephants 5: 4/5/6 to stand unless stabled with elephants; 4:1, a die a side;
    # cavalry losing 1/3/6 to survive; the elephant losing rolls its table
    assert str(cavalry_stand(horse())) == "4/5/6"
    assert cavalry_stand(horse(stabled_with_elephants=True)) is None
    assert PRINTED.cavalry_figures == 4 and str(PRINTED.cavalry_survive) == "1/3/6"
    t = PRINTED.against_cavalry
    assert [h.kind for h in t.rows] == [K.KILLED, K.KILLED, K.COMBATANTS_KILLED,
                                        K.DRIVER_KILLED, K.WOUNDED, K.STAMPEDES]
    assert mounted_fight_odds()[Duel.TIE] == Fraction(1, 6)
    dice = Dice(4, record=True)
    result, harm, lost = mounted_fight(SURUS, horse(), dice)
    assert (harm is not None) == (result is Duel.LOST)
    assert (result is Duel.WON) or lost == 0
    assert 0 <= lost <= 4


def test_elephants_against_chariots_use_the_cavalry_chart() -> None:
    # Elephants 7
    chariots = TROOPS.unit("chariots", TroopClass.CHARIOTS, 2, 1,
                           armour=Armour.UNARMOURED_CAVALRY)
    for seed in range(20):
        _, harm, lost = mounted_fight(SURUS, chariots, Dice(seed))
        assert lost <= 1 and (harm is None or harm in PRINTED.against_cavalry.rows)
    with pytest.raises(RuleError):
        mounted_fight(SURUS, legio(), Dice(0))


def test_missile_fire_on_elephants() -> None:
    # Elephants 6
    light = [h.kind for h in missile_table("light").rows]
    heavy = [h.kind for h in missile_table("heavy").rows]
    hand = [h.kind for h in missile_table("hand").rows]
    assert light == [K.WOUNDED, K.WOUNDED, K.CREWMAN_KILLED, K.CREWMAN_KILLED, K.KILLED,
                     K.STAMPEDES]
    assert heavy == [K.KILLED_WITH_CREW] * 3 + [K.KILLED, K.CREWMAN_KILLED, K.STAMPEDES]
    assert hand == [K.COMBATANTS_KILLED, K.DRIVER_KILLED, K.WOUNDED, K.KILLED, K.STOPS,
                    K.STAMPEDES]
    assert [hand_weapon_rolls(h) for h in (2, 3, 8, 10)] == [0, 1, 2, 2]


def test_the_tempered_variant_is_milder_at_every_changed_point() -> None:
    assert (PRINTED.variant, TEMPERED.variant) == ("burgess", "tempered")
    for ranks in (2, 3, 4):
        p, t = attack_odds(legio(8, ranks)), attack_odds(legio(8, ranks), TEMPERED)
        assert t[Course.HOME] > p[Course.HOME]
        assert t.get(Course.STAMPEDE, 0) < p[Course.STAMPEDE]
        assert stand_check(legio(8, ranks), TEMPERED).probability() < \
            stand_check(legio(8, ranks)).probability()
    assert kill_odds(4, TEMPERED) == 1 - Fraction(5, 6) ** 4 < kill_odds(4)
    assert TEMPERED.cavalry_stand.probability() < PRINTED.cavalry_stand.probability()
    printed_kill = missile_table("hand").odds()[Harm(K.KILLED)]
    assert missile_table("hand", TEMPERED).odds().get(Harm(K.KILLED), 0) < printed_kill
    # what the variant does not change
    assert TEMPERED.against_elephant.rows == PRINTED.against_elephant.rows
    assert TEMPERED.missiles["heavy"].rows == PRINTED.missiles["heavy"].rows
    assert TEMPERED.wounds_kill == PRINTED.wounds_kill
    with pytest.raises(RuleError, match="elephants is one of"):
        load_elephants("kind")


@given(st.sampled_from([PRINTED, TEMPERED]), st.integers(1, 5), st.booleans())
def test_every_elephant_distribution_sums_to_one(rules: object, ranks: int,
                                                 head_on: bool) -> None:
    from ancients.burgess.elephants import ElephantRules
    assert isinstance(rules, ElephantRules)
    unit = legio(6, ranks)
    assert sum(attack_odds(unit, rules).values()) == 1
    assert sum(stampede_odds(unit, head_on, rules).values()) == 1
    assert sum(infantry_fight_odds(unit, rules=rules).values()) == 1


@given(st.sampled_from(["burgess", "tempered"]), st.integers(1, 5))
def test_attack_odds_match_icepool(variant: str, ranks: int) -> None:
    import icepool

    from .helpers import exact
    rules = load_elephants(variant)
    unit = legio(6, ranks)
    need = attack_check(unit, rules)
    courses = list(dict.fromkeys(rules.after_start.rows))

    def where(a: int, b: int) -> int:
        if need is not None and a not in need.faces:
            return -1
        return courses.index(rules.after_start.result(b))
    oracle = exact(icepool.map(where, icepool.d6, icepool.d6))
    got = attack_odds(unit, rules)
    assert got[None] == oracle.get(-1, Fraction(0))
    for i, c in enumerate(courses):
        assert got[c] == oracle.get(i, Fraction(0))
