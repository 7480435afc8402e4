from __future__ import annotations

from ancients.units import Condition, TroopKind, UnitView


def test_conditions() -> None:
    lost = {c for c in Condition if c.lost}
    assert lost == {Condition.ELIMINATED, Condition.CAPTURED, Condition.LEFT_FIELD}
    assert Condition["FORMED"] is Condition.GOOD_ORDER  # aliases: one member each
    assert Condition["UNFORMED"] is Condition.DISORDERED
    assert Condition.ROUTED.on_field


def test_kinds_cover_all_rulesets() -> None:
    names = {k.value for k in TroopKind}
    for needed in ("leader", "light infantry", "missile infantry", "medium infantry",
                   "heavy infantry", "light cavalry", "heavy cavalry", "chariots", "elephants",
                   "war engines"):
        assert needed in names
    assert TroopKind.ELEPHANTS.mounted and TroopKind.HEAVY_INFANTRY.foot


def test_unit_view_is_frozen_and_hashable() -> None:
    u = UnitView("a", "Agema", "ptolemaic", TroopKind.HEAVY_INFANTRY, Condition.GOOD_ORDER,
                 3, 4, (1, 2))
    assert hash(u) == hash(UnitView("a", "Agema", "ptolemaic", TroopKind.HEAVY_INFANTRY,
                                    Condition.GOOD_ORDER, 3, 4, (1, 2)))
    assert not u.lost
