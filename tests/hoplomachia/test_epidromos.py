"""Epidromos: who may charge whom, the Andreia checks' range, the Epidromos chart,
momentum only after an approach, the repeated failed charge."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ancients.dice import Dice
from ancients.errors import RuleError
from ancients.hoplomachia.vocabulary import Arrangement, Aspect

from .helpers import RULES

E = RULES.epidromos
C = RULES.cards


def test_chart_rows_and_charge_distance() -> None:
    chart = E.chart("hoplite")
    assert len(chart.rows) == 6 and chart.row(1).roll == 1 and chart.row(6).roll == 6
    assert chart.row(0) is chart.row(1) and chart.row(9) is chart.row(6)
    assert E.check_range(chart) == 2 * max(r.distance for r in chart.rows)
    assert chart.reach_odds(5.0) == Fraction(4, 6)
    assert sum(chart.distance_odds().values()) == 1
    dice = Dice(4, record=True)
    row = chart.roll(dice, "Athenian taxis 1")
    (roll,) = dice.take_rolls()
    assert row is chart.row(roll.total) and roll.reason == "epidromos: Athenian taxis 1"


def test_momentum_only_after_an_approach() -> None:
    chart = E.chart("spartan")
    assert all(r.momentum_value(approached=False) == 0 for r in chart.rows)
    assert chart.momentum_odds(approached=False) == {0: 1}
    assert chart.row(6).momentum_value(approached=True) == chart.row(6).value > 0
    hoplite = E.chart("hoplite")
    assert not hoplite.row(1).momentum and hoplite.row(1).momentum_value(True) == 0


def test_troops_that_charge_have_a_chart_and_others_never_charge() -> None:
    for card in C:
        assert E.charges_at_all(card) == (card.charts.epidromos is not None)
    with pytest.raises(RuleError, match="never charge"):
        E.card_chart(C["toxotai"])
    assert not E.may_charge(C["toxotai"], C["psiloi"])
    assert not E.may_charge(C["sparabara"], C["psiloi"])


def test_hoplites_may_charge_anything() -> None:
    for target in C:
        for aspect in Aspect:
            assert E.may_charge(C["athenian"], target, aspect=aspect)


def test_horse_and_peltastes_not_through_hoplites_shielded_sides_unless_disordered() -> None:
    hop = C["athenian"]
    for charger in ("hippeis", "peltastes", "thracian_peltastes", "psiloi"):
        for aspect in (Aspect.FRONT, Aspect.SHIELDED_FLANK):
            assert not E.may_charge(C[charger], hop, aspect=aspect)
            assert E.may_charge(C[charger], hop, aspect=aspect, disarrayed=True)
        for aspect in (Aspect.UNSHIELDED_FLANK, Aspect.REAR):
            assert E.may_charge(C[charger], hop, aspect=aspect)
    for exempt in ("iphikrateans", "triballoi"):
        assert E.may_charge(C[exempt], hop, aspect=Aspect.FRONT)


def test_psiloi_will_not_charge_close_order_peltastes_or_hippeis() -> None:
    psi = C["psiloi"]
    for target in ("peltastes", "hippeis"):
        assert not E.may_charge(psi, C[target], arrangement=Arrangement.CLOSE_FILES)
        assert E.may_charge(psi, C[target], arrangement=Arrangement.OPEN_FILES)
        assert E.may_charge(psi, C[target], arrangement=Arrangement.CLOSE_FILES,
                            disarrayed=True)
        assert E.may_charge(C["peltastes"], C[target], arrangement=Arrangement.CLOSE_FILES)
    assert E.may_charge(psi, C["toxotai"], arrangement=Arrangement.NO_FILES)


def test_a_failed_charge_repeated_costs_three_disarray() -> None:
    assert E.repeat_disarray(failed_last_turn=True) == 3
    assert E.repeat_disarray(failed_last_turn=False) == 0
