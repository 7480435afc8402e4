"""IV. Special conditions: flank and rear attacks, defences, fire arrows."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ancients.burgess.defences import (
    Defence,
    Face,
    batter,
    blaze_odds,
    burn_odds,
    burn_time,
    burns_on,
    fire_arrows,
    hits_to_breach,
    load_defences,
)
from ancients.burgess.flank import attack_odds, attacked, load_flank
from ancients.burgess.missiles import Cover
from ancients.burgess.reactions import Action, Fate, Reaction
from ancients.burgess.troops import Weapon
from ancients.dice import Dice
from ancients.errors import RuleError

from .helpers import archers, legio

FLANK = load_flank()
DEFENCES = load_defences()


def actions(table_odds: dict[Reaction, Fraction]) -> dict[tuple[Action, ...], Fraction]:
    out: dict[tuple[Action, ...], Fraction] = {}
    for r, p in table_odds.items():
        key = tuple(part.action for part in r.parts)
        out[key] = out.get(key, Fraction(0)) + p
    return {k: v for k, v in out.items() if v}


def test_the_flank_attack_table() -> None:
    unit = legio(8, 2)
    assert actions(attack_odds(unit, FLANK.flank)) == {
        (Action.FIGHT,): Fraction(1, 3), (Action.FIGHT, Action.RUN): Fraction(1, 6),
        (Action.RUN,): Fraction(1, 6), (Action.SURRENDER,): Fraction(1, 6),
        (Action.CUT_DOWN,): Fraction(1, 6)}
    cut = FLANK.flank.table.result(1).parts[0]
    assert (str(cut.save), cut.saved, cut.failed) == ("5/6", Fate.CAPTIVE, Fate.KILLED)


def test_the_rear_attack_table() -> None:
    unit = legio(8, 2)
    assert actions(attack_odds(unit, FLANK.rear)) == {
        (Action.FIGHT,): Fraction(1, 6), (Action.FIGHT, Action.RUN): Fraction(1, 3),
        (Action.SURRENDER,): Fraction(1, 3), (Action.CUT_DOWN,): Fraction(1, 6)}
    assert FLANK.rear.table.result(6).parts[0].facing is not None  # turns to fight


def test_flank_and_rear_rolls_take_the_morale_modifiers_and_guards_never_rout() -> None:
    deep = legio(8, 3)  # +1
    assert actions(attack_odds(deep, FLANK.rear))[(Action.FIGHT,)] == Fraction(1, 3)
    guards = legio(8, 2, guards=True)
    assert not any(r.rout for r, p in attack_odds(guards, FLANK.flank).items() if p)
    dice = Dice(9, record=True)
    attacked(legio(), FLANK.flank, dice, "Numidians")
    assert dice.take_rolls()[0].reason == "flank attack: Legio II (attacked by Numidians)"


def test_the_values_of_defences() -> None:
    values = {d: DEFENCES.defences[d].value for d in Defence}
    assert list(values.values()) == [6, 12, 18, 24, 30, 36, 40, 60]
    assert Face(Defence.LARGE_BUILDING).cover is Cover.BUILDING
    assert Face(Defence.WALL).cover is Cover.WALL


def test_a_face_that_has_lost_half_its_value_loses_its_defensive_factor() -> None:
    house = Face(Defence.SMALL_BUILDING)
    once = batter(house, Weapon.HEAVY_ENGINE, 1)
    assert (once.value, once.cover) == (9, Cover.BUILDING)
    twice = batter(once, Weapon.HEAVY_ENGINE, 1)
    assert (twice.value, twice.cover, twice.breached) == (6, Cover.OPEN, True)
    assert batter(house, Weapon.LIGHT_ENGINE, 2).cover is Cover.BUILDING  # 4 of 12
    assert batter(house, Weapon.LIGHT_ENGINE, 3).cover is Cover.OPEN
    assert hits_to_breach(Defence.SMALL_BUILDING, Weapon.LIGHT_ENGINE) == 3
    assert hits_to_breach(Defence.WALL, Weapon.HEAVY_ENGINE) == 1
    assert hits_to_breach(Defence.FORTIFIED_SECTION, Weapon.HEAVY_ENGINE) == 10
    assert batter(house, Weapon.HEAVY_ENGINE, 9).value == 0
    with pytest.raises(RuleError):
        batter(house, Weapon.LONGBOW, 1)


def test_fire_arrows_one_die_a_volley_group_a_blaze_on_6() -> None:
    assert blaze_odds(1) == Fraction(1, 6)
    assert blaze_odds(2) == 1 - Fraction(25, 36)
    dice = Dice(3, record=True)
    fire_arrows(archers(4, 2), "onager", dice)  # 8 figures: 2 volley groups
    reasons = [r.reason or "" for r in dice.take_rolls()]
    assert len(reasons) == 2 and all(r.startswith("fire arrows: Cretans at onager") for r in
                                     reasons)
    with pytest.raises(RuleError, match="fire arrows"):
        fire_arrows(legio(), "onager", dice)


def test_the_blaze_burns_until_a_6_stops_it() -> None:
    assert burn_time(Weapon.LIGHT_ENGINE) == 3 and burn_time(Weapon.HEAVY_ENGINE) == 5
    assert [burn_time(d) for d in (Defence.SMALL_BUILDING, Defence.MEDIUM_BUILDING,
                                   Defence.LARGE_BUILDING)] == [2, 3, 4]
    with pytest.raises(RuleError, match="does not burn"):
        burn_time(Defence.SMALL_BASTION)
    heavy = burn_odds(Weapon.HEAVY_ENGINE)
    assert sum(heavy.values()) == 1 and heavy[5] == Fraction(5, 6) ** 4
    assert burn_odds(Defence.SMALL_BUILDING) == {1: Fraction(1, 6), 2: Fraction(5, 6)}
    with pytest.raises(RuleError):
        burns_on("onager", 1, Dice(0))


@given(st.integers(0, 2**32))
def test_a_rolled_blaze_lasts_as_its_odds_allow(seed: int) -> None:
    dice = Dice(seed)
    turn = 1
    while turn < burn_time(Weapon.HEAVY_ENGINE) and burns_on("onager", turn + 1, dice):
        turn += 1
    assert burn_odds(Weapon.HEAVY_ENGINE)[turn] > 0
