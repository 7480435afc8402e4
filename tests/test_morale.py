from __future__ import annotations

from fractions import Fraction

import icepool
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ancients.dice import Dice
from ancients.errors import DiceSpecError
from ancients.morale import Modifier, MoraleTest
from ancients.testing.strategies import morale_tests


def test_design_example() -> None:
    assert MoraleTest(target=7).probability() == 21 / 36
    assert MoraleTest(target=7, dice="2d6").exact_probability() == Fraction(21, 36)


def test_modifiers_and_at_most() -> None:
    t = MoraleTest(target=9, modifiers=[("leader in the stack", +2), Modifier("pursuing", -2)])
    assert t.total_modifier == 0
    # needs a natural 12
    assert t.with_modifier("army leader killed", -3).exact_probability() == Fraction(1, 36)
    assert MoraleTest(4, dice="1d6", passes="at_most").exact_probability() == Fraction(4, 6)
    with pytest.raises(DiceSpecError):
        MoraleTest(7, passes="sometimes")
    with pytest.raises(DiceSpecError):
        MoraleTest(7, modifiers=[3])  # type: ignore[list-item]


@given(morale_tests())
def test_probability_matches_icepool(test: MoraleTest) -> None:
    d = test.dice
    die = icepool.d(d.sides).pool(d.count).sum() + d.modifier + test.total_modifier
    if test.passes == "at_least":
        expected = die.probability(">=", test.target)
    else:
        expected = die.probability("<=", test.target)
    assert test.exact_probability() == Fraction(expected)


@given(morale_tests(), st.integers(0, 2**32))
def test_roll_result_is_consistent(test: MoraleTest, seed: int) -> None:
    result = test.roll(Dice(seed))
    assert result.total == result.natural + test.total_modifier
    assert result.passed == (result.margin >= 0)
    assert result.modifiers == test.modifiers
    if test.passes == "at_least":
        assert result.margin == result.total - test.target
    else:
        assert result.margin == test.target - result.total
    assert ("passed" if result.passed else "failed") in str(result)


def test_batched_sample_agrees_with_exact_probability() -> None:
    t = MoraleTest(8, modifiers=[("leader within 2 hexes", 1)])
    passed = t.sample(Dice(4), 100_000)
    assert abs(passed.mean() - t.probability()) < 0.01
    at_most = MoraleTest(5, dice="1d6", passes="at_most")
    assert abs(at_most.sample(Dice(4), 60_000).mean() - 5 / 6) < 0.01
