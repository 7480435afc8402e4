"""Arete: points on the nation's track give the level; the changes in play; withdrawal
below zero; the Arete sequence (precedence each phase)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ancients.dice import Dice
from ancients.errors import RuleError
from ancients.hoplomachia.arete import (
    AreteEvent,
    AreteTrack,
    CraftyPrecedence,
    arete_sequence,
    precedence_odds,
)
from ancients.hoplomachia.vocabulary import AreteLevel

from .helpers import RULES

A = RULES.arete
ZERO, ONE = Fraction(0), Fraction(1)


def test_points_give_the_nations_level() -> None:
    t = A.track("spartan")
    assert [t.level(p) for p in (t.eager, t.eager - 1, t.firm, t.firm - 1, t.unsteady,
                                 t.unsteady - 1, 0)] == [
        AreteLevel.EAGER, AreteLevel.FIRM, AreteLevel.FIRM, AreteLevel.UNSTEADY,
        AreteLevel.UNSTEADY, AreteLevel.SHAKEN, AreteLevel.SHAKEN]
    # the same points, another nation's track, another level
    ionian = A.track("ionian")
    assert t.level(12) is AreteLevel.FIRM and ionian.level(12) is AreteLevel.FIRM
    assert t.level(8) is AreteLevel.FIRM and ionian.level(8) is AreteLevel.UNSTEADY


def test_an_army_below_zero_withdraws() -> None:
    army = A.start("athenian", 1)
    assert not army.withdraws and army.level is AreteLevel.SHAKEN
    army = army.suffer(A, AreteEvent.LOCHOS_ROUTED)
    assert army.points == 0 and not army.withdraws
    army = army.suffer(A, AreteEvent.LOCHOS_ROUTED)
    assert army.points == -1 and army.withdraws


def test_changes_in_play_and_the_enemys_matching_gains() -> None:
    army = A.start("athenian", 20)
    assert army.suffer(A, AreteEvent.LOCHOS_ROUTED, 3).points == 17
    assert army.suffer(A, AreteEvent.SENIOR_TAXIS_ROUTED).points == 15
    assert army.suffer(A, AreteEvent.STRATEGOS_KILLED).points == 18
    for event in (AreteEvent.FLANK_ENVELOPED, AreteEvent.PHALANX_IN_RETREAT,
                  AreteEvent.PHALANX_UNDER_FIRE):
        assert army.suffer(A, event).points == 18
        assert army.enemy_suffered(A, event).points == 20  # not a loss: no gain
        assert A.changes[event].per_turn
    assert army.suffer(A, AreteEvent.EKDROMOI_LOST).points == 19
    assert army.enemy_suffered(A, AreteEvent.LOCHOS_ROUTED, 2).points == 22
    assert army.enemy_suffered(A, AreteEvent.SENIOR_TAXIS_ROUTED).points == 25
    assert army.enemy_suffered(A, AreteEvent.STRATEGOS_KILLED).points == 22
    later = army.suffer(A, AreteEvent.LOCHOS_ROUTED, 2).add(3, "Paean")
    assert [str(e) for e in later.history] == ["+20 base Arete", "-2 lochos routed x2",
                                               "+3 Paean"]
    with pytest.raises(RuleError):
        army.suffer(A, AreteEvent.LOCHOS_ROUTED, -1)


def test_base_arete_is_rolled_on_the_nations_dice() -> None:
    army = A.roll_base("spartan", Dice(5, record=True), "Sparta")
    assert 6 <= army.points <= 16  # 2d6+4
    odds = A.track("spartan").base_odds()
    assert sum(odds.values()) == 1
    assert odds[AreteLevel.SHAKEN] == 0  # 2d6+4 >= 6: never Shaken
    assert odds[AreteLevel.EAGER] == Fraction(6, 36)  # 2d6 >= 10
    with pytest.raises(RuleError, match="no Arete track"):
        A.start("atlantean", 5)


_EVENTS = st.lists(st.tuples(st.sampled_from(list(AreteEvent)), st.booleans(),
                             st.integers(0, 3)), max_size=30)


@given(st.sampled_from(sorted(A.tracks)), st.integers(0, 25), _EVENTS)
def test_the_level_always_matches_the_track_and_points(nation: str, start: int,
                                                       events: list[tuple[AreteEvent, bool,
                                                                          int]]) -> None:
    army = A.start(nation, start)
    expected = start
    for event, own, count in events:
        if own:
            army = army.suffer(A, event, count)
            expected += A.changes[event].own * count
        else:
            army = army.enemy_suffered(A, event, count)
            expected += A.changes[event].enemy * count
        t = army.track
        want = (AreteLevel.EAGER if army.points >= t.eager else AreteLevel.FIRM
                if army.points >= t.firm else AreteLevel.UNSTEADY
                if army.points >= t.unsteady else AreteLevel.SHAKEN)
        assert army.level is want
        assert army.withdraws == (army.points < 0)
    assert army.points == expected == sum(e.points for e in army.history)


def _two(a: AreteTrack, b: AreteTrack, crafty: tuple[bool, bool] = (False, False),
         reading: CraftyPrecedence = "tie") -> tuple[Fraction, ...]:
    return precedence_odds([a, b], list(crafty), A, reading)


def test_precedence_compares_level_then_points_then_crafty_then_a_roll() -> None:
    sparta, athens = A.start("spartan", 9), A.start("athenian", 15)
    assert sparta.level is athens.level is AreteLevel.FIRM
    assert _two(sparta, athens) == (ZERO, ONE)  # same level: more points
    eager = A.start("spartan", 14)
    assert _two(eager, athens) == (ONE, ZERO)  # a better level beats more points
    even = A.start("athenian", 10)
    even_s = A.start("spartan", 10)
    assert even.level is even_s.level is AreteLevel.FIRM
    assert _two(even_s, even) == (Fraction(1, 2), Fraction(1, 2))
    assert _two(even_s, even, (False, True)) == (ZERO, ONE)
    assert _two(even_s, even, (True, True)) == (Fraction(1, 2), Fraction(1, 2))
    names = ["Sparta", "Athens"]
    dice = Dice(11, record=True)
    assert arete_sequence([sparta, athens], [False, False], A, dice, names) == 1
    assert dice.take_rolls() == ()  # no roll needed
    winner = arete_sequence([even_s, even], [False, False], A, dice, names)
    rolls = dice.take_rolls()
    assert rolls and all(r.reason and "Arete sequence roll-off" in r.reason for r in rolls)
    assert winner == arete_sequence([even_s, even], [False, False], A, Dice(11), names)
    assert arete_sequence([even_s, even], [False, True], A, dice, names) == 1
    assert arete_sequence([even_s, even], [True, False], A, dice, names) == 0
    assert dice.take_rolls() == ()  # a Crafty hegemon settles it without a roll


def test_crafty_precedence_point_reading() -> None:
    """The 'point' reading: a Crafty hegemon counts a point more, so he also wins from a
    point behind at the same level (not across levels)."""
    sparta, athens = A.start("spartan", 9), A.start("athenian", 10)
    assert _two(sparta, athens, (True, False), "tie") == (ZERO, ONE)
    assert _two(sparta, athens, (True, False), "point") == (Fraction(1, 2), Fraction(1, 2))
    assert _two(A.start("spartan", 10), athens, (True, False), "point") == (ONE, ZERO)
    assert _two(A.start("spartan", 7), A.start("athenian", 10), (True, False), "point") \
        == (ZERO, ONE)  # Unsteady against Firm
    with pytest.raises(RuleError):
        _two(sparta, athens, (True, False), "always")  # type: ignore[arg-type]  # on purpose
