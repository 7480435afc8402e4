"""III. Morale: triggers, the shaken table, the post-contact roll, rallying, modifiers."""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ancients.burgess.casualties import removal
from ancients.burgess.morale import (
    Trigger,
    bonus,
    c_in_c_lost,
    load_morale,
    modifiers,
    odds,
    precontact_triggers,
    rally_table,
    take_test,
)
from ancients.burgess.reactions import Action, Facing, ReactionTable
from ancients.burgess.troops import TroopClass
from ancients.dice import Dice
from ancients.errors import RuleError

from .helpers import exact, horse, legio

RULES = load_morale()


def by_action(table: ReactionTable, bonus: int = 0, guards: bool = False
              ) -> dict[tuple[Action, ...], Fraction]:
    out: dict[tuple[Action, ...], Fraction] = {}
    for r, p in table.odds(bonus, guards).items():
        key = tuple(part.action for part in r.parts)
        out[key] = out.get(key, Fraction(0)) + p
    return {k: v for k, v in out.items() if v}


def test_the_modifiers_staff_officer_three_rank_infantry_guards() -> None:
    assert bonus(legio(8, 2)) == 0
    assert bonus(legio(8, 3)) == 1 and bonus(legio(8, 4)) == 1
    assert bonus(horse(ranks=3)) == 0  # infantry only
    assert bonus(legio(8, 2, staff_officer=True)) == 1
    assert bonus(legio(8, 3, staff_officer=True, guards=True)) == 3
    assert [m.reason for m in modifiers(legio(8, 3, guards=True))] == \
        ["infantry in 3 ranks", "guards"]


def test_a_staff_officer_turns_6_into_5_6() -> None:
    # Morale: "6 becomes 5/6, 5/6 becomes 4/5/6"
    third = rally_table(3)
    alone, helped = legio(8, 2), legio(8, 2, staff_officer=True)
    rallied = {k: v for k, v in odds(alone, third).items() if k.action is Action.RALLY}
    assert list(rallied.values()) == [Fraction(1, 6)]
    assert [v for k, v in odds(helped, third).items() if k.action is Action.RALLY] == \
        [Fraction(1, 3)]
    assert [v for k, v in odds(helped, rally_table(2)).items()
            if k.action is Action.RALLY] == [Fraction(1, 2)]


def test_precontact_triggers() -> None:
    start = legio(6, 2)
    assert precontact_triggers(start, start) == ()
    half = removal(start, [1] * 6).unit
    assert Trigger.HALF_STRENGTH in precontact_triggers(half, start)
    assert precontact_triggers(removal(start, [1] * 5).unit, start) == ()
    assert precontact_triggers(start, start, flank_gave_way=True) == (Trigger.FLANK_GAVE_WAY,)
    no_officer = removal(start, [3]).unit  # the officer's figure, file 2
    assert precontact_triggers(no_officer, start) == ()
    neither = removal(no_officer, [4]).unit  # the standard bearer, file 3
    assert neither.officer is None and neither.standard is None
    assert precontact_triggers(neither, start) == (Trigger.OFFICER_AND_STANDARD,)
    never = legio(6, 2, officer=False, standard=False)
    assert precontact_triggers(never, never) == ()


def test_the_precontact_test_1_2_is_shaken() -> None:
    assert by_action(RULES.precontact) == {(Action.SHAKEN,): Fraction(1, 3),
                                           (Action.STEADY,): Fraction(2, 3)}
    # a unit in three ranks is shaken on a 1 only
    shaken = [p for r, p in odds(legio(8, 3), RULES.precontact).items()
              if r.action is Action.SHAKEN]
    assert shaken == [Fraction(1, 6)]


@given(st.integers(-3, 4))
def test_morale_odds_match_icepool(b: int) -> None:
    die = (icepool.d6 + b).clip(1, 6)
    rallies = exact(die.map(lambda x: 1 if x >= 5 else 0)).get(1, Fraction(0))
    assert by_action(RULES.shaken, b).get((Action.RALLY,), Fraction(0)) == rallies
    stays = exact(die.map(lambda x: 1 if x >= 5 else 0)).get(1, Fraction(0))
    assert by_action(RULES.post_contact, b).get((Action.FIGHT,), Fraction(0)) == stays


def test_the_shaken_table() -> None:
    t = RULES.shaken.table
    assert t.result(6).action is t.result(5).action is Action.RALLY
    four = t.result(4)
    assert [(p.action, p.fraction) for p in four.parts] == \
        [(Action.RUN, Fraction(3, 4)), (Action.HOLD, Fraction(1, 4))]
    assert four.split(10) == (7, 3)
    assert [(p.action, p.fraction) for p in t.result(3).parts] == \
        [(Action.RUN, Fraction(1, 2)), (Action.HOLD, Fraction(1, 2))]
    assert t.result(2).parts[0].facing is Facing.ENEMY
    assert t.result(1).parts[0].facing is Facing.AWAY and t.result(1).rout


def test_post_contact_after_two_rounds() -> None:
    assert RULES.post_contact_rounds == 2
    t = RULES.post_contact.table
    assert t.result(5).action is Action.FIGHT
    assert (t.result(3).action, t.result(3).parts[0].facing) == (Action.FALL_BACK, Facing.ENEMY)
    assert (t.result(1).action, t.result(1).parts[0].facing) == (Action.FALL_BACK, Facing.AWAY)


def test_rally_4_5_6_then_5_6_then_6() -> None:
    def p(attempt: int) -> Fraction:
        return rally_table(attempt).odds()[
            next(r for r in rally_table(attempt).table.rows if r.action is Action.RALLY)]
    assert [p(n) for n in (1, 2, 3, 4, 9)] == [Fraction(1, 2), Fraction(1, 3)] + \
        [Fraction(1, 6)] * 3
    assert rally_table(1).table.result(1).action is Action.RUN
    with pytest.raises(RuleError):
        rally_table(0)


def test_guards_never_rout() -> None:
    guards = legio(8, 2, guards=True)
    for table in (RULES.shaken, RULES.post_contact, RULES.precontact):
        assert not any(r.rout for r, p in odds(guards, table).items() if p)
    assert any(r.rout for r in RULES.shaken.table.rows)  # the others do


def test_every_unit_tests_when_the_c_in_c_is_lost() -> None:
    dice = Dice(11, record=True)
    army = [legio(), horse(TroopClass.HV_CAV)]
    results = c_in_c_lost(army, dice)
    assert set(results) == {"Legio II", "Numidians"}
    reasons = [r.reason or "" for r in dice.take_rolls()]
    assert len(reasons) == 2 and all("C-in-C" in r for r in reasons)
    assert RULES.c_in_c_test is RULES.precontact


def test_a_test_rolls_with_the_bonus_and_names_its_unit() -> None:
    dice = Dice(0, record=True)
    rolled = take_test(legio(8, 3), RULES.shaken, dice, "half strength")
    roll = dice.take_rolls()[0]
    assert roll.reason == "shaken: Legio II (half strength)"
    assert rolled.face == min(roll.total + 1, 6)


def _all_tables() -> list[ReactionTable]:
    from ancients.burgess.flank import load_flank
    from ancients.burgess.melee import load_melee, outnumbered_table
    melee, flank = load_melee(), load_flank()
    return [RULES.precontact, RULES.shaken, RULES.post_contact, *RULES.rally,
            outnumbered_table("captured"), outnumbered_table("escape"), melee.withdrawal,
            melee.officer, flank.flank, flank.rear]


@given(st.sampled_from(_all_tables()), st.integers(-2, 4), st.booleans())
def test_every_reaction_table_matches_icepool(table: ReactionTable, b: int,
                                              guards: bool) -> None:
    bonus_ = table.modifier(b)
    sign = 1 if table.table.better is None or table.table.better == "high" else -1
    face = (icepool.d6 + sign * bonus_).clip(1, 6)
    odds = table.odds(b, guards)
    for reaction in odds:
        wanted = {f for f in range(1, 7) if table.result(f, 0, guards) == reaction}
        got = exact(face.map(lambda x, w=wanted: 1 if x in w else 0)).get(1, Fraction(0))
        assert odds[reaction] == got
    assert sum(odds.values()) == 1
