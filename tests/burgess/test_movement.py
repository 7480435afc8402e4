"""Movement A-F and Chariots & Cavalry 4: allowances by class and what a move crosses."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ancients.burgess.movement import Crossing, allowance, forbidden, load_movement
from ancients.burgess.troops import Armour, TroopClass, Unit, Weapon
from ancients.errors import RuleError

from .helpers import TROOPS, archers, horse, legio

C = Crossing


def inches(unit: Unit, *crossings: Crossing, double: bool = False) -> Fraction:
    return allowance(unit, crossings, double=double).inches


def test_open_ground_moves_each_class_its_printed_distance() -> None:
    assert inches(legio()) == 6 and inches(archers()) == 9
    assert inches(horse(TroopClass.HV_CAV)) == 12 and inches(horse()) == 15


def test_uphill_woods_marsh_light_full_heavy_half() -> None:
    # Movement A
    for ground in (C.UPHILL, C.WOODS, C.MARSH):
        assert inches(archers(), ground) == 9
        assert inches(legio(), ground) == 3
    assert inches(horse(TroopClass.HV_CAV), C.MARSH) == 6 and inches(horse(), C.MARSH) == 15
    assert inches(legio(), C.UPHILL, C.WOODS) == 3  # halved once, not twice
    elephant = TROOPS.unit("Surus", TroopClass.ELEPHANTS, 1, 1)
    assert inches(elephant, C.WOODS) == Fraction(9, 2)


def test_swamp_is_for_light_infantry_only_at_half() -> None:
    # Movement B
    assert inches(archers(), C.SWAMP) == Fraction(9, 2)
    for unit in (legio(), horse()):
        assert "only LT INF" in (forbidden(unit, [C.SWAMP]) or "")
        with pytest.raises(RuleError, match="swamp"):
            allowance(unit, [C.SWAMP])


def test_a_road_adds_3_inches() -> None:
    # Movement C
    assert inches(legio(), C.ROAD) == 9 and inches(horse(), C.ROAD) == 18


def test_the_double_move_every_other_move_with_its_limits() -> None:
    # Movement D
    run = allowance(archers(), [], double=True)
    assert run.inches == 18 and not run.may_fight and not run.may_fire
    walk = allowance(archers(), [])
    assert walk.may_fight and walk.may_fire
    assert "every other move" in (forbidden(archers(), [], True, ran_last_move=True) or "")
    assert forbidden(archers(), [], False, ran_last_move=True) is None
    for broken in (C.WOODS, C.MARSH, C.SWAMP):
        assert "broken ground" in (forbidden(archers(), [broken], True) or "")
    assert inches(legio(), C.UPHILL, double=True) == 6  # a slope is not broken ground
    engine = TROOPS.unit("bolt", TroopClass.LT_ENGINE, 1, 1)
    assert forbidden(engine, [], True) is not None


def test_rivers_cost_6_and_3_inches_and_stop_fire() -> None:
    # Movement E
    big = allowance(horse(), [C.LARGE_RIVER])
    small = allowance(horse(), [C.SMALL_RIVER])
    assert (big.inches, small.inches) == (Fraction(9), Fraction(12))
    assert not big.may_fire and not small.may_fire
    assert inches(legio(), C.LARGE_RIVER) == 0  # never below nothing


def test_hedges_walls_and_fences_cost_3_inches_each_time() -> None:
    # Movement E
    for obstacle in (C.HEDGE, C.WALL, C.FENCE):
        assert inches(archers(), obstacle) == 6
    assert inches(archers(), C.HEDGE, C.HEDGE) == 3
    assert allowance(archers(), {C.HEDGE: 2}).inches == 3


def test_war_engines_move_6_and_8_and_may_not_fire_after_moving() -> None:
    # Movement F
    heavy = allowance(TROOPS.unit("onager", TroopClass.HV_ENGINE, 1, 1), [])
    light = allowance(TROOPS.unit("bolt", TroopClass.LT_ENGINE, 1, 1), [])
    assert (heavy.inches, light.inches) == (Fraction(6), Fraction(8))
    assert not heavy.may_fire and not light.may_fire


def test_cavalry_never_in_woods_and_3_inches_less_uphill() -> None:
    # Chariots & Cavalry 4
    for troop in (TroopClass.HV_CAV, TroopClass.LT_CAV):
        assert "may not enter woods" in (forbidden(horse(troop), [C.WOODS]) or "")
    assert inches(horse(TroopClass.HV_CAV), C.UPHILL) == 9  # -3, not halved
    assert inches(horse(), C.UPHILL) == 12


def test_light_cavalry_jump_hedges_and_fences_not_walls() -> None:
    # Chariots & Cavalry 4
    assert inches(horse(), C.HEDGE) == 15 and inches(horse(), C.FENCE) == 15
    assert inches(horse(), C.WALL) == 12
    assert inches(horse(TroopClass.HV_CAV), C.HEDGE) == 9


def test_mounted_bowmen_may_fire_on_the_move_unless_they_run() -> None:
    # Missile fire C
    bowmen = horse(weapon=Weapon.LONGBOW)
    assert allowance(bowmen, []).fire_while_moving
    assert not allowance(bowmen, [], double=True).fire_while_moving
    assert not allowance(horse(weapon=Weapon.JAVELIN), []).fire_while_moving


def test_unknown_crossings_are_refused() -> None:
    with pytest.raises(RuleError, match="not a crossing"):
        allowance(legio(), ["lava"])  # type: ignore[list-item]


@given(st.sampled_from(sorted(TroopClass)),
       st.lists(st.sampled_from(sorted(Crossing)), max_size=5), st.booleans())
def test_an_allowance_is_never_negative_nor_more_than_double_plus_a_road(
        troop: TroopClass, crossings: list[Crossing], double: bool) -> None:
    armour = {TroopClass.HV_INF: Armour.PARTIAL_INFANTRY, TroopClass.LT_INF:
              Armour.UNARMOURED_INFANTRY}.get(troop)
    if TROOPS[troop].armour is not None and armour is None:
        armour = Armour.MAILED_CAVALRY
    unit = TROOPS.unit("u", troop, 2, 2, armour=armour)
    if forbidden(unit, crossings, double) is not None:
        with pytest.raises(RuleError):
            allowance(unit, crossings, double)
        return
    got = allowance(unit, crossings, double).inches
    rules = load_movement()
    top = TROOPS[troop].move * (rules.double_factor if double else 1) + 3
    assert 0 <= got <= top
