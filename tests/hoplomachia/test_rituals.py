"""The rituals: Breakfast, Hieres, Rhetoria; the Paean or Grim Resolve, the Sphagia."""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ancients.dice import Dice
from ancients.errors import RuleError
from ancients.hoplomachia.strategoi import Character
from ancients.hoplomachia.vocabulary import Role

from .helpers import RULES

R = RULES.rituals


def test_breakfast() -> None:
    assert R.breakfast.points_for("athenian") == 2
    assert R.breakfast.points_for("thracian") == 4


def test_hieres_target_by_situation_and_side() -> None:
    h = R.hieres
    assert h.target(None, Role.ATTACKER) == h.default_target
    assert h.target("forcing_the_pass", Role.DEFENDER) < h.target("forcing_the_pass",
                                                                   Role.ATTACKER)
    with pytest.raises(RuleError, match="no Hieres target"):
        h.target("siege of troy", Role.ATTACKER)


@pytest.mark.parametrize("target", [2, 6, 7, 8, 12, 13])
def test_hieres_tries_set_the_points_exactly(target: int) -> None:
    h = R.hieres
    hit = Fraction((icepool.d6 + icepool.d6).probability(">=", target))
    expected: dict[int, Fraction] = {}
    for n, points in enumerate(h.points):
        expected[points] = expected.get(points, Fraction(0)) + (1 - hit) ** n * hit
    expected[h.failed] = expected.get(h.failed, Fraction(0)) + (1 - hit) ** len(h.points)
    odds = h.odds(target)
    assert {k: v for k, v in odds.items() if v} == {k: v for k, v in expected.items() if v}
    assert sum(odds.values()) == 1


@given(st.integers(0, 2**32), st.integers(2, 12))
def test_hieres_roll_stops_at_the_first_success(seed: int, target: int) -> None:
    h = R.hieres
    dice = Dice(seed, record=True)
    result = h.roll(target, dice, "Athens")
    rolls = dice.take_rolls()
    assert tuple(r.total for r in rolls) == result.rolls
    assert all(r.reason == f"Hieres try {i}: Athens" for i, r in enumerate(rolls, 1))
    if result.tries is None:
        assert len(result.rolls) == len(h.points) and max(result.rolls) < target
        assert result.points == h.failed
    else:
        assert result.rolls[-1] >= target and all(t < target for t in result.rolls[:-1])
        assert result.points == h.points[result.tries - 1]


def test_rhetoria_column_by_nation_or_character() -> None:
    rh = R.rhetoria
    effects = RULES.strategoi.effects
    assert rh.column("athenian", None) == "athenian"
    assert rh.column("athenian", effects[Character.FELLOW_HOPLITE]) == "athenian"
    assert rh.column("athenian", effects[Character.PROMACHOS]) == "athenian"
    assert rh.column("athenian", effects[Character.CRAFTY]) == "crafty"
    assert rh.column("spartan", effects[Character.DEMAGOGUE]) == "demagogue"
    # the Demagogue's oratory is erratic: the widest spread of any column
    spread = {n: max(c.values) - min(c.values) for n, c in rh.columns.items()}
    assert spread["demagogue"] == max(spread.values())
    assert rh.odds("athenian", effects[Character.CRAFTY]) == rh.columns["crafty"].odds()
    with pytest.raises(RuleError):
        rh.column("atlantean", None)


def test_paean_grim_resolve_and_sphagia() -> None:
    assert R.song("athenian") is R.paean
    assert R.song("spartan") is R.grim_resolve  # instead of the paean
    assert R.song("persian") is None
    assert all(v <= 0 for v in R.grim_resolve.chart.values)  # drains the enemy
    dice = Dice(2, record=True)
    assert R.paean.roll(dice, "Athens") in R.paean.chart.values
    assert R.grim_resolve.roll(dice, "Sparta") in R.grim_resolve.chart.values
    assert R.sphagia.roll(dice, "Athens") in R.sphagia.chart.values
    assert [r.reason for r in dice.take_rolls()] == ["Paean: Athens", "Grim Resolve: Sparta",
                                                     "Sphagia: Athens"]
