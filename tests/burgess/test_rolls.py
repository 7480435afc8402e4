"""The die-face tables and counting rules every Burgess roll is built on."""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ancients.burgess.counting import PerDie, round_half_down, split
from ancients.dice import Dice
from ancients.dietables import Better, Check, DieTable, Faces, binomial, convolve
from ancients.errors import AncientsError, DiceSpecError, RuleError

from .helpers import exact


def test_faces_are_read_as_the_text_writes_them() -> None:
    assert Faces.parse("5/6", 6).values == {5, 6}
    assert Faces.parse("1/3/6", 6).values == {1, 3, 6}
    assert Faces.parse("4-6", 6).values == {4, 5, 6}
    assert str(Faces.parse("6/4/5", 6)) == "4/5/6"
    for bad in ("", "5/", "7", "0/1", "a"):
        with pytest.raises(DiceSpecError):
            Faces.parse(bad, 6)


def test_a_bonus_moves_the_roll_one_face_a_point() -> None:
    # Morale: "6 becomes 5/6, 5/6 becomes 4/5/6"
    six = Check(Faces.parse("6", 6))
    assert six.probability(+1) == Check(Faces.parse("5/6", 6)).probability()
    assert Check(Faces.parse("5/6", 6)).probability(+1) == Fraction(1, 2)
    assert six.probability(+6) == 1 and six.probability(-1) == 0
    low = Check(Faces.parse("1/2", 6), Better.LOW)
    assert low.passes(3, +1) and not low.passes(3)


@given(st.sets(st.integers(1, 6)), st.integers(-7, 7))
def test_check_odds_match_icepool(faces: set[int], modifier: int) -> None:
    check = Check(Faces(frozenset(faces), 6))
    oracle = exact((icepool.d6 + modifier).clip(1, 6).map(lambda x: 1 if x in faces else 0))
    assert check.probability(modifier) == oracle.get(1, Fraction(0))


def test_die_table_reads_bonuses_its_own_way_and_refuses_them_where_it_takes_none() -> None:
    table = DieTable("t", ("a", "a", "b", "b", "c", "c"), Better.HIGH)
    assert table.odds() == {"a": Fraction(1, 3), "b": Fraction(1, 3), "c": Fraction(1, 3)}
    assert table.odds(+1) == {"a": Fraction(1, 6), "b": Fraction(1, 3), "c": Fraction(1, 2)}
    assert table.result(6, +3) == "c" and table.result(1, -3) == "a"
    flipped = DieTable("t", table.rows, Better.LOW)
    assert flipped.odds(+1) == {"a": Fraction(1, 2), "b": Fraction(1, 3), "c": Fraction(1, 6)}
    plain = DieTable("plain", table.rows)
    with pytest.raises(DiceSpecError, match="takes no bonus"):
        plain.result(3, 1)
    assert plain.faces_of("b").values == {3, 4}
    assert plain.replaced({1: "c"}).rows[0] == "c"


def test_rolls_name_their_reason() -> None:
    dice = Dice(3, record=True)
    DieTable("t", tuple("abcdef")).roll(dice, "shaken: Legio II")
    Check(Faces.parse("6", 6)).roll(dice, "rally: Legio II")
    assert [r.reason for r in dice.take_rolls()] == ["shaken: Legio II", "rally: Legio II"]


def test_binomial_and_convolve_are_distributions() -> None:
    b = binomial(3, Fraction(1, 3))
    assert b == {0: Fraction(8, 27), 1: Fraction(12, 27), 2: Fraction(6, 27), 3: Fraction(1, 27)}
    c = convolve(b, {0: Fraction(1, 2), 1: Fraction(1, 2)})
    assert sum(c.values()) == 1 and max(c) == 4


# -- counting --------------------------------------------------------------------------

def test_one_die_per_five_with_the_remainder_rule() -> None:
    # Deciding casualties: "1 or 2 - down, 3 or 4 - up"
    rule = PerDie(5, 3)
    assert [rule.dice(n) for n in range(16)] == \
        [0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3]
    assert PerDie(5, 3, minimum=1).dice(1) == 1 and PerDie(5, 3, minimum=1).dice(0) == 0
    with pytest.raises(RuleError):
        PerDie(5, 6)
    with pytest.raises(AncientsError):
        rule.dice(-1)


@given(st.integers(0, 500))
def test_the_remainder_rule_rounds_to_the_nearest_die(n: int) -> None:
    dice = PerDie(5, 3).dice(n)
    assert abs(Fraction(n, 5) - dice) <= Fraction(1, 2)


def test_rounding_half_down_and_splitting_a_unit() -> None:
    assert [round_half_down(Fraction(k, 2)) for k in range(6)] == [0, 0, 1, 1, 2, 2]
    assert round_half_down(Fraction(7, 3)) == 2 and round_half_down(Fraction(8, 3)) == 3
    assert split(7, [Fraction(1, 2), Fraction(1, 2)]) == (3, 4)
    assert split(10, [Fraction(3, 4), Fraction(1, 4)]) == (7, 3)
    with pytest.raises(RuleError):
        split(4, [Fraction(1, 2)])


@given(st.integers(0, 200), st.integers(1, 8), st.integers(1, 8))
def test_split_keeps_every_figure(figures: int, a: int, b: int) -> None:
    parts = split(figures, [Fraction(a, a + b), Fraction(b, a + b)])
    assert sum(parts) == figures and min(parts) >= 0
