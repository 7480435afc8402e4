"""Missile fire: ranges, volleys and single figures, engines, cover, arcs."""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ancients.burgess.missiles import (
    Band,
    Cover,
    EngineEffect,
    aim,
    engine_against_engine,
    engine_points,
    fire_arc,
    load_missiles,
    may_fire_over,
)
from ancients.burgess.troops import TroopClass, Weapon
from ancients.dice import Dice
from ancients.errors import RuleError

from .helpers import TROOPS, archers, d6_where, exact, horse, legio

RULES = load_missiles()


def test_the_range_table() -> None:
    bands = {w: {b: RULES.ranges[w].get(b) for b in Band} for w in Weapon}
    assert bands[Weapon.LONGBOW] == bands[Weapon.SLING] == \
        {Band.LONG: 24, Band.MEDIUM: 12, Band.CLOSE: 6}
    assert bands[Weapon.CROSSBOW] == {Band.LONG: 18, Band.MEDIUM: 12, Band.CLOSE: 6}
    assert bands[Weapon.JAVELIN] == {Band.LONG: 9, Band.MEDIUM: 6, Band.CLOSE: 3}
    assert bands[Weapon.PILUM] == {Band.LONG: None, Band.MEDIUM: None, Band.CLOSE: 3}
    assert bands[Weapon.LIGHT_ENGINE] == {Band.LONG: 18, Band.MEDIUM: 12, Band.CLOSE: 6}
    assert bands[Weapon.HEAVY_ENGINE] == {Band.LONG: 24, Band.MEDIUM: 18, Band.CLOSE: 12}


def test_a_band_reaches_its_printed_distance_exactly() -> None:
    assert [RULES.band(Weapon.LONGBOW, d) for d in (0, 6, 6.1, 12, 12.5, 24, 24.1)] == \
        [Band.CLOSE, Band.CLOSE, Band.MEDIUM, Band.MEDIUM, Band.LONG, Band.LONG, None]
    assert RULES.band(Weapon.PILUM, 3) is Band.CLOSE and RULES.band(Weapon.PILUM, 4) is None
    with pytest.raises(RuleError, match="beyond"):
        aim(legio(), "Carthaginians", 4)
    with pytest.raises(RuleError, match="no missile"):
        aim(horse(), "Carthaginians", 4)


@pytest.mark.parametrize(("distance", "deduct"), [(20, 3), (10, 2), (5, 1)])
def test_volleys_of_three_one_die_less_3_2_1(distance: int, deduct: int) -> None:
    # Method of fire: 6 figures are 2 volley groups
    shot = aim(archers(3, 2), "Legio II", distance)
    assert (shot.groups, shot.singles, shot.deduct) == (2, 0, deduct)
    oracle = exact(2 @ icepool.d6.map(lambda x: max(x - deduct, 0)))
    assert shot.odds() == oracle


@pytest.mark.parametrize(("distance", "faces"), [(20, {6}), (10, {5, 6}), (5, {4, 5, 6})])
def test_single_figures_hit_on_6_then_5_6_then_4_5_6(distance: int, faces: set[int]) -> None:
    # Method of fire: 2 figures are no volley group
    shot = aim(archers(2, 1), "Legio II", distance)
    assert (shot.groups, shot.singles) == (0, 2)
    assert shot.odds() == exact(2 @ d6_where(faces))


def test_only_the_first_two_ranks_fire() -> None:
    # Missile fire B: 4 files x 4 ranks fire as 8 figures
    shot = aim(archers(4, 4), "Legio II", 5)
    assert (shot.groups, shot.singles) == (2, 2)
    assert aim(archers(4, 4), "Legio II", 5, figures=3).groups == 1
    with pytest.raises(RuleError, match="only the 8"):
        aim(archers(4, 4), "Legio II", 5, figures=9)


def test_cover_takes_points_off_every_die_and_woods_halve() -> None:
    base = aim(archers(4, 2), "Legio II", 5)
    hedge = aim(archers(4, 2), "Legio II", 5, cover=Cover.HEDGE)
    house = aim(archers(4, 2), "Legio II", 5, cover=Cover.BUILDING)
    assert (hedge.less, house.less) == (1, 2)
    volley = 2 @ icepool.d6.map(lambda x: max(x - 2, 0))
    assert hedge.odds() == exact(volley + 2 @ d6_where({5, 6}))
    woods = aim(archers(4, 2), "Legio II", 5, cover=Cover.WOODS)
    halved: dict[int, Fraction] = {}
    for k, p in base.odds().items():
        halved[k // 2] = halved.get(k // 2, Fraction(0)) + p
    assert woods.odds() == halved
    assert hedge.mean() < base.mean() and house.mean() < hedge.mean()


def test_mounted_bowmen_firing_on_the_move_lose_a_further_point() -> None:
    # Missile fire C
    bowmen = horse(weapon=Weapon.LONGBOW, files=3)
    assert aim(bowmen, "Legio II", 5, moving=True).less == 1
    assert aim(bowmen, "Legio II", 5, moving=True, cover=Cover.WALL).less == 2
    with pytest.raises(RuleError, match="only mounted bowmen"):
        aim(archers(), "Legio II", 5, moving=True)


@pytest.mark.parametrize(("distance", "faces"), [(20, {6}), (15, {5, 6}), (10, {4, 5, 6})])
def test_engines_hit_on_6_5_6_4_5_6_for_2_or_3_points(distance: int, faces: set[int]) -> None:
    # War Engine fire
    heavy = TROOPS.unit("onagers", TroopClass.HV_ENGINE, 3, 1)
    shot = aim(heavy, "Legio II", distance)
    assert shot.engine and shot.odds() == exact(3 @ d6_where(faces))
    assert engine_points(Weapon.LIGHT_ENGINE) == 2 and engine_points(Weapon.HEAVY_ENGINE) == 3
    with pytest.raises(RuleError):
        engine_points(Weapon.JAVELIN)


def test_an_engine_hit_on_an_engine_by_size() -> None:
    # War Engine fire: heavier destroys, same size out 2 turns, smaller out 1 turn
    light, heavy = Weapon.LIGHT_ENGINE, Weapon.HEAVY_ENGINE
    assert engine_against_engine(heavy, light).effect is EngineEffect.DESTROYED
    assert engine_against_engine(light, light).turns == 2
    assert engine_against_engine(heavy, heavy).turns == 2
    assert engine_against_engine(light, heavy).turns == 1
    assert str(engine_against_engine(light, heavy)) == "out of action 1 turn"


def test_arcs_of_fire_and_indirect_fire() -> None:
    bow, engine = fire_arc(Weapon.LONGBOW), fire_arc(Weapon.HEAVY_ENGINE)
    assert (bow.half_angle, bow.reach, bow.from_centre) == (45, 24, False)
    assert (engine.half_angle, engine.reach, engine.from_centre) == (15, 24, True)
    assert may_fire_over(3) and not may_fire_over(2.9)


def test_every_volley_die_has_a_reason_naming_firer_and_target() -> None:
    dice = Dice(7, record=True)
    aim(archers(4, 2), "Legio II", 5).roll(dice)
    reasons = [r.reason or "" for r in dice.take_rolls()]
    assert len(reasons) == 4
    assert all("Cretans at Legio II" in r for r in reasons)


@given(st.integers(1, 8), st.integers(1, 3), st.sampled_from([1.0, 7.0, 13.0]),
       st.sampled_from(sorted(Cover)), st.integers(0, 2**32))
def test_rolled_hits_are_always_possible_outcomes(files: int, ranks: int, distance: float,
                                                  cover: Cover, seed: int) -> None:
    shot = aim(archers(files, ranks), "Legio II", distance, cover=cover)
    odds = shot.odds()
    assert sum(odds.values()) == 1
    assert shot.roll(Dice(seed)) in odds


def test_engine_hits_on_troops_as_hits_or_as_figure_values() -> None:
    from ancients.burgess.missiles import engine_damage
    from ancients.burgess.troops import Armour
    target = legio(armour=Armour.PARTIAL_INFANTRY)
    assert engine_damage(Weapon.HEAVY_ENGINE, 2, target).hits == 6
    assert engine_damage(Weapon.LIGHT_ENGINE, 1, target, cover=Cover.WOODS).hits == 1
    as_figures = engine_damage(Weapon.HEAVY_ENGINE, 2, target, reading="figures")
    assert (as_figures.hits, as_figures.figures) == (0, 3)  # 6 points of 2
    assert engine_damage(Weapon.LIGHT_ENGINE, 1, target, reading="figures").figures == 1
    with pytest.raises(RuleError):
        engine_damage(Weapon.LONGBOW, 1, target)
