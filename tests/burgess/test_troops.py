"""Troops: classes and moves, armour classes, and counting a unit's block of figures."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from ancients.burgess.troops import (
    Armour,
    Crew,
    TroopClass,
    Unit,
    Weapon,
    Weight,
    load_troops,
)
from ancients.errors import RuleError, ScenarioError
from ancients.units import TroopKind

from .helpers import TROOPS, archers, horse, legio

DATA = Path(__file__).parents[2] / "src" / "ancients" / "burgess" / "data"


def test_the_printed_moves() -> None:
    # Movement; Movement F
    moves = {t: TROOPS[t].move for t in TroopClass}
    assert moves == {
        TroopClass.HV_INF: 6, TroopClass.LT_INF: 9, TroopClass.HV_CAV: 12,
        TroopClass.LT_CAV: 15, TroopClass.CHARIOTS: 15, TroopClass.ELEPHANTS: 9,
        TroopClass.HV_ENGINE: 6, TroopClass.LT_ENGINE: 8}
    assert TROOPS[TroopClass.LT_CAV].weight is Weight.LIGHT
    assert TROOPS[TroopClass.HV_ENGINE].weight is Weight.HEAVY


def test_armour_classes_save_and_fight_as_printed() -> None:
    # Deciding casualties; Hand to hand combat 1
    table = {a: (str(TROOPS.armour[a].save), TROOPS.armour[a].value) for a in Armour}
    assert table == {
        Armour.UNARMOURED_INFANTRY: ("6", 1), Armour.UNARMOURED_CAVALRY: ("6", 2),
        Armour.PARTIAL_INFANTRY: ("5/6", 2), Armour.MAILED_CAVALRY: ("5/6", 5),
        Armour.FULL_INFANTRY: ("4/5/6", 3), Armour.ARMOURED_CAVALRY: ("4/5/6", 8)}


def test_a_unit_is_a_block_of_figures_in_files_and_ranks() -> None:
    u = legio(8, 3)
    assert (u.figures, u.files, u.ranks) == (24, 8, 3)
    assert TROOPS.fighting_figures(u) == TROOPS.firing_figures(u) == 16
    assert TROOPS.points(u) == 48  # 16 figures of full armour, 3 points each
    short = Unit.block("x", TroopClass.HV_INF, 6, 3, rear=2, armour=Armour.FULL_INFANTRY)
    assert short.depths == (3, 3, 2, 2, 2, 2) and short.rank_sizes() == (6, 6, 2)
    assert TROOPS.volley_groups(16) == (5, 1) and TROOPS.volley_groups(2) == (0, 2)
    one_rank = archers(5, 1)
    assert TROOPS.fighting_figures(one_rank) == 5
    assert archers().kind is TroopKind.MISSILE_INFANTRY and legio().kind is \
        TroopKind.HEAVY_INFANTRY


def test_a_thinned_rear_rank_counts_while_half_its_files_are_filled() -> None:
    assert TROOPS.depth(Unit.block("x", TroopClass.HV_INF, 6, 3, rear=3)) == 3
    assert TROOPS.depth(Unit.block("x", TroopClass.HV_INF, 6, 3, rear=2)) == 2
    assert TROOPS.depth(Unit("x", TroopClass.HV_INF, (2, 2, 2, 3))) == 2


def test_the_officer_and_standard_stand_in_the_centre_of_the_first_rank() -> None:
    u = legio(8, 3)
    assert (u.officer, u.standard) == (3, 4)
    assert (legio(5, 2).officer, legio(5, 2).standard) == (2, 3)
    lone = legio(1, 2)
    assert (lone.officer, lone.standard) == (0, 0)
    bare = legio(officer=False, standard=False)
    assert (bare.officer, bare.standard) == (None, None)


def test_bad_units_are_refused_with_what_and_where() -> None:
    with pytest.raises(RuleError, match="armour class"):
        horse(armour=Armour.FULL_INFANTRY)
    with pytest.raises(RuleError, match="cannot carry a pilum"):
        horse(weapon=Weapon.PILUM)
    with pytest.raises(RuleError, match="take no armour"):
        TROOPS.unit("e", TroopClass.ELEPHANTS, 1, 1, armour=Armour.FULL_INFANTRY)
    with pytest.raises(RuleError, match="heavy war engine"):
        TROOPS.unit("e", TroopClass.HV_ENGINE, 1, 1, weapon=Weapon.LIGHT_ENGINE)
    with pytest.raises(RuleError, match="only elephants"):
        legio(crew=Crew(3))
    with pytest.raises(RuleError, match="file 9"):
        Unit("x", TroopClass.HV_INF, (1, 1), officer=9)
    with pytest.raises(RuleError):
        Unit.block("x", TroopClass.HV_INF, 4, 2, rear=5)
    assert TROOPS.unit("bolt", TroopClass.LT_ENGINE, 2, 1).weapon is Weapon.LIGHT_ENGINE


def test_mounted_bowmen_are_cavalry_with_bows() -> None:
    assert horse(weapon=Weapon.LONGBOW).mounted_bowmen
    assert not horse(weapon=Weapon.JAVELIN).mounted_bowmen
    assert not archers().mounted_bowmen


def test_a_users_table_replaces_the_built_in_one(tmp_path: Path) -> None:
    text = (DATA / "troops.toml").read_text()
    mine = tmp_path / "troops.toml"
    mine.write_text(text.replace('[class."HV INF"]\nmove = 6', '[class."HV INF"]\nmove = 7'))
    assert load_troops(str(mine))[TroopClass.HV_INF].move == 7
    mine.write_text(text.replace('save = "5/6"', 'save = "5/7"', 1))
    with pytest.raises(ScenarioError, match=r"troops.toml.*armour\.partial armour infantry\.save"):
        load_troops(str(mine))
    mine.write_text(text.replace('officer_at = "1/2"', 'officer_at = "3/2"'))
    with pytest.raises(ScenarioError, match="above the maximum"):
        load_troops(str(mine))


def test_every_row_of_the_tables_says_where_it_comes_from() -> None:
    for data in TROOPS.classes.values():
        assert data.provenance.reason
    assert TROOPS.provenance.reconstructed
    assert TROOPS.rank_counts_from == Fraction(1, 2)
