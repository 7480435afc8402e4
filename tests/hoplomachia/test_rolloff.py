"""Roll-offs: the highest total wins, ties rolled again; exact odds."""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ancients.dice import Dice, parse
from ancients.errors import RuleError
from ancients.hoplomachia.rolloff import roll_off, roll_off_odds

TWO_D6 = parse("2d6")


@pytest.mark.parametrize(("a", "b"), [(0, 0), (1, 0), (2, 0), (2, 1), (0, 3)])
def test_two_candidates_match_the_closed_form(a: int, b: int) -> None:
    da, db = icepool.d6 + icepool.d6 + a, icepool.d6 + icepool.d6 + b
    win = Fraction((da - db).probability(">", 0))
    tie = Fraction((da - db).probability("==", 0))
    assert roll_off_odds([a, b], TWO_D6) == (win / (1 - tie), 1 - win / (1 - tie))


@given(st.lists(st.integers(-2, 3), min_size=1, max_size=4))
def test_odds_sum_to_one_and_follow_the_modifiers(mods: list[int]) -> None:
    odds = roll_off_odds(mods, TWO_D6)
    assert sum(odds) == 1
    for i in range(len(mods)):
        for j in range(len(mods)):
            if mods[i] > mods[j]:
                assert odds[i] > odds[j]
            if mods[i] == mods[j]:
                assert odds[i] == odds[j]


def test_three_candidates_agree_with_many_rolls() -> None:
    mods = [1, 2, 0]
    odds = roll_off_odds(mods, TWO_D6)
    dice = Dice(2024)
    n = 40_000
    wins = [0, 0, 0]
    for _ in range(n):
        wins[roll_off(mods, TWO_D6, dice, ["a", "b", "c"])] += 1
    for w, p in zip(wins, odds, strict=True):
        assert abs(w / n - float(p)) < 0.01


def test_roll_off_rolls_for_each_candidate_with_its_name() -> None:
    dice = Dice(3, record=True)
    roll_off([0, 0], TWO_D6, dice, ["Kleon", "Nikias"])
    reasons = [r.reason for r in dice.take_rolls()]
    assert reasons[:2] == ["Kleon", "Nikias"] and len(reasons) % 2 == 0
    assert roll_off([5], TWO_D6, Dice(1), ["alone"]) == 0
    with pytest.raises(RuleError):
        roll_off([], TWO_D6, Dice(1), [])
