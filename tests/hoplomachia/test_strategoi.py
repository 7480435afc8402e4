"""Strategoi: number and characters, the casualty chart, allied stances and the stance
test, the Hegemon's vote."""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ancients.dice import Dice
from ancients.hoplomachia.strategoi import CasualtyOccasion, Character, Fate, Stance
from ancients.hoplomachia.vocabulary import ArmySize

from .helpers import RULES

S = RULES.strategoi
TWO_D6 = icepool.d6 + icepool.d6


@pytest.mark.parametrize("occasion", list(CasualtyOccasion))
@pytest.mark.parametrize("character", list(Character))
def test_casualty_odds_match_icepool(occasion: CasualtyOccasion, character: Character) -> None:
    mod = S.effect(character).casualty
    p = Fraction((TWO_D6 + mod).probability(">=", S.killed[occasion]))
    assert S.casualty_odds(occasion, character) == p


def test_promachos_adds_two_to_the_casualty_roll() -> None:
    for occasion in CasualtyOccasion:
        n = S.killed[occasion]
        assert S.casualty_odds(occasion, Character.PROMACHOS) == Fraction(
            TWO_D6.probability(">=", n - 2))
        assert S.casualty_odds(occasion, Character.PROMACHOS) > S.casualty_odds(
            occasion, Character.FELLOW_HOPLITE)


@given(st.integers(0, 2**32), st.sampled_from(list(CasualtyOccasion)),
       st.sampled_from(list(Character)))
def test_a_casualty_roll(seed: int, occasion: CasualtyOccasion, character: Character) -> None:
    dice = Dice(seed, record=True)
    fate = S.casualty(occasion, character, dice, "Kleon")
    (roll,) = dice.take_rolls()
    assert roll.reason == f"strategos casualty ({occasion}): Kleon"
    killed = roll.total + S.effect(character).casualty >= S.killed[occasion]
    assert fate is (Fate.KILLED if killed else Fate.UNHURT)


def test_stance_test_obeys_equal_or_under_the_number() -> None:
    assert S.stance_odds(Stance.SYMMACHOS, "charge") == Fraction(30, 36)  # 9
    assert S.stance_odds(Stance.AUTOMOLOS, "charge") == Fraction(15, 36)  # 6
    assert S.stance_odds(Stance.AUTOMOLOS, "march") == Fraction(33, 36)  # 10
    assert S.stance_number(Stance.AUTOMOLOS, "halt") is None  # not a tested order
    assert S.stance_odds(Stance.AUTOMOLOS, "halt") == 1
    dice = Dice(5, record=True)
    assert S.stance_test(Stance.AUTOMOLOS, "halt", dice, "Alkibiades") and not dice.take_rolls()
    obeys = S.stance_test(Stance.AUTOMOLOS, "charge", dice, "Alkibiades")
    (roll,) = dice.take_rolls()
    assert obeys == (roll.total <= 6) and roll.reason == "stance test (charge): Alkibiades"


def test_the_vote_favours_crafty_and_more_the_demagogue() -> None:
    crafty, fellow, demagogue = (S.vote_odds([Character.CRAFTY, Character.FELLOW_HOPLITE])[0],
                                 S.vote_odds([Character.FELLOW_HOPLITE,
                                              Character.FELLOW_HOPLITE])[0],
                                 S.vote_odds([Character.DEMAGOGUE,
                                              Character.FELLOW_HOPLITE])[0])
    assert fellow == Fraction(1, 2) < crafty < demagogue
    a, b = TWO_D6 + 1, TWO_D6
    win, tie = Fraction((a - b).probability(">", 0)), Fraction((a - b).probability("==", 0))
    assert crafty == win / (1 - tie)
    names = ["s1", "s2", "s3"]
    dice = Dice(12, record=True)
    w = S.vote([Character.CRAFTY, Character.PROMACHOS, Character.DEMAGOGUE], dice, names)
    assert 0 <= w < 3 and all(r.reason and r.reason.startswith("Hegemon vote: ")
                              for r in dice.take_rolls())


def test_number_and_characters_are_rolled() -> None:
    dice = Dice(3, record=True)
    for size in ArmySize:
        n = S.roll_count(size, dice, "Athens")
        assert n in S.count[size].values
    c = S.roll_character("athenian", dice, "Athens s1")
    assert c in S.character_chart("athenian").values
    assert S.character_chart("thessalian") is S.characters["default"]
    assert S.roll_stance(dice, "ally") in Stance
    reasons = [r.reason for r in dice.take_rolls()]
    assert reasons[0] == "strategoi: Athens" and reasons[-1] == "stance: ally"
    assert S.hegemon_replaced_after == 1
