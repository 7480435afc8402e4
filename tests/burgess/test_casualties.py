"""Deciding casualties and removing them (Hand to hand C)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ancients.burgess.casualties import (
    casualties,
    casualty_dice,
    losses_odds,
    removal,
    remove,
    save,
)
from ancients.burgess.missiles import Band
from ancients.burgess.troops import Armour, TroopClass, Unit, Weapon
from ancients.dice import Dice
from ancients.errors import RuleError

from .helpers import TROOPS, horse, legio


def test_one_die_per_five_hits_remainders_of_1_2_down_3_4_up() -> None:
    assert [casualty_dice(h) for h in range(13)] == [0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2]


@pytest.mark.parametrize(("armour", "faces"), [
    (Armour.UNARMOURED_INFANTRY, {6}), (Armour.PARTIAL_INFANTRY, {5, 6}),
    (Armour.FULL_INFANTRY, {4, 5, 6}), (Armour.UNARMOURED_CAVALRY, {6}),
    (Armour.MAILED_CAVALRY, {5, 6}), (Armour.ARMOURED_CAVALRY, {4, 5, 6})])
def test_each_armour_saves_on_its_number(armour: Armour, faces: set[int]) -> None:
    troop = TroopClass.HV_INF if "infantry" in armour else TroopClass.HV_CAV
    unit = TROOPS.unit("u", troop, 4, 2, armour=armour)
    assert save(unit).faces.values == faces
    fail = 1 - Fraction(len(faces), 6)
    assert losses_odds(unit, 10) == {0: (1 - fail) ** 2, 1: 2 * fail * (1 - fail), 2: fail**2}


def test_pilum_and_crossbow_at_close_range_save_only_on_6() -> None:
    mailed = horse(TroopClass.HV_CAV, armour=Armour.ARMOURED_CAVALRY)
    for weapon in (Weapon.PILUM, Weapon.CROSSBOW):
        assert save(mailed, weapon, Band.CLOSE).faces.values == {6}
    assert save(mailed, Weapon.CROSSBOW, Band.MEDIUM).faces.values == {4, 5, 6}
    assert save(mailed, Weapon.LONGBOW, Band.CLOSE).faces.values == {4, 5, 6}


def test_saves_are_rolled_with_reasons() -> None:
    dice = Dice(5, record=True)
    lost = casualties(legio(), 13, dice, weapon=Weapon.LONGBOW, band=Band.CLOSE)
    rolls = dice.take_rolls()
    assert len(rolls) == 3 and lost == sum(r.total < 4 for r in rolls)
    assert all("casualty save: Legio II (13 hits" in (r.reason or "") for r in rolls)


def test_removal_counts_off_from_the_left_of_the_first_rank() -> None:
    # Hand to hand C: the die's figure goes, the one behind steps up
    u = legio(6, 2)
    r = removal(u, [2, 2, 2])
    assert r.removed == ((1, 0), (1, 1), (2, 0))  # file 1 emptied: its place closed up
    assert r.unit.depths == (2, 1, 2, 2, 2) and r.unit.figures == 9
    assert removal(u, [8]).removed == ((1, 0),)  # round again past the right end


def test_the_continue_reading_counts_on_from_the_last_figure_removed() -> None:
    u = legio(6, 2)
    assert removal(u, [2, 2, 2], "continue").removed == ((1, 0), (3, 0), (5, 0))
    assert removal(u, [6, 1], "continue").removed == ((5, 0), (0, 0))
    with pytest.raises(RuleError):
        removal(u, [1], "sideways")  # type: ignore[arg-type]


def test_losing_the_officer_or_standard_figure() -> None:
    u = legio(6, 2)  # officer file 2, standard file 3
    r = removal(u, [3])
    assert r.officer_lost and not r.standard_lost
    assert r.unit.officer is None and r.unit.standard == 3
    r = removal(u, [1, 1])  # file 0 emptied: the standard's file shifts left
    assert (r.unit.officer, r.unit.standard) == (1, 2)
    assert not removal(u, [1]).officer_lost


def test_removing_more_than_the_unit_has_destroys_it() -> None:
    dice = Dice(2, record=True)
    r = remove(legio(2, 1), 5, dice)
    assert r.unit.destroyed and len(r.removed) == 2 and len(dice.take_rolls()) == 2


@given(st.lists(st.integers(1, 6), min_size=1, max_size=8),
       st.lists(st.integers(1, 6), max_size=40), st.sampled_from(["restart", "continue"]))
def test_removal_takes_one_figure_a_die_and_never_adds_any(depths: list[int],
                                                           rolls: list[int],
                                                           count: str) -> None:
    u = Unit("u", TroopClass.HV_INF, tuple(depths), armour=Armour.FULL_INFANTRY, officer=0,
             standard=len(depths) - 1)
    r = removal(u, rolls, count)  # type: ignore[arg-type]
    assert r.unit.figures == u.figures - len(r.removed) == max(u.figures - len(rolls), 0)
    assert len(set(r.removed)) == len(r.removed)
    assert all(0 <= f < u.files and 0 <= k < u.depths[f] for f, k in r.removed)
    assert r.officer_lost == ((0, 0) in r.removed)


@given(st.integers(0, 60), st.sampled_from(sorted(Armour)), st.integers(0, 2**32))
def test_casualties_never_exceed_the_dice_the_hits_allow(hits: int, armour: Armour,
                                                         seed: int) -> None:
    troop = TroopClass.HV_INF if "infantry" in armour else TroopClass.HV_CAV
    unit = TROOPS.unit("u", troop, 3, 2, armour=armour)
    lost = casualties(unit, hits, Dice(seed))
    assert 0 <= lost <= min(casualty_dice(hits), unit.figures)
    assert lost in losses_odds(unit, hits)


def test_the_c_in_c_is_a_figure_of_the_first_rank_beside_the_officer() -> None:
    u = legio(6, 2, c_in_c=True)  # officer file 2, the C-in-C on his left
    assert (u.officer, u.standard, u.c_in_c) == (2, 3, 1)
    r = removal(u, [2])
    assert r.c_in_c_lost and not r.officer_lost and r.unit.c_in_c is None
    assert not removal(u, [4]).c_in_c_lost
    assert legio(6, 2).c_in_c is None


@given(st.integers(0, 40), st.sampled_from(sorted(Armour)))
def test_losses_odds_match_icepool(hits: int, armour: Armour) -> None:
    import icepool

    from .helpers import d6_where, exact
    troop = TroopClass.HV_INF if "infantry" in armour else TroopClass.HV_CAV
    unit = TROOPS.unit("u", troop, 10, 3, armour=armour)
    fails = set(range(1, 7)) - set(save(unit).faces.values)
    n = casualty_dice(hits)
    oracle = exact(n @ d6_where(fails)) if n else {0: Fraction(1)}
    assert losses_odds(unit, hits) == oracle
    del icepool
