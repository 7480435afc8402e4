"""Andreia checks: 2D6 against the Andreia number plus the Arete modifier; the Phobos
difference, Promachos, Demagogue and Epilektoi on the roll; failures read by line and
level."""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ancients.dice import Dice
from ancients.errors import RuleError
from ancients.hoplomachia.andreia import (
    AndreiaLine,
    AndreiaResult,
    Trigger,
    andreia_check,
    check_for,
    phobos_difference,
)
from ancients.hoplomachia.strategoi import Character
from ancients.hoplomachia.vocabulary import AreteLevel

from .helpers import RULES

C = RULES.cards
EFFECTS = RULES.strategoi.effects


def test_target_is_the_andreia_number_plus_the_arete_modifier() -> None:
    card = C["peloponnesian"]
    for level in AreteLevel:
        check = andreia_check(RULES.andreia, card, AndreiaLine.KATASTROPHE, level)
        assert check.target == card.andreia + card.arete[level]
        assert check.roll_modifier == 0
    eager = andreia_check(RULES.andreia, card, AndreiaLine.MELEE, AreteLevel.EAGER)
    shaken = andreia_check(RULES.andreia, card, AndreiaLine.MELEE, AreteLevel.SHAKEN)
    assert eager.probability() > shaken.probability()


def test_equal_or_under_passes() -> None:
    card = C["athenian"]  # Andreia 8, Firm +0
    check = andreia_check(RULES.andreia, card, AndreiaLine.MELEE, AreteLevel.FIRM)
    assert check.probability() == Fraction(26, 36)  # 2D6 <= 8


def test_phobos_difference_is_added_only_when_positive() -> None:
    assert phobos_difference(C["spartiates"], C["athenian"]) == 2
    assert phobos_difference(C["athenian"], C["spartiates"]) == 0
    check = andreia_check(RULES.andreia, C["athenian"], AndreiaLine.CHARGING, AreteLevel.FIRM,
                          charged=True, enemy=C["spartiates"])
    assert check.roll_modifier == 2 and check.probability() == Fraction(15, 36)
    brave = andreia_check(RULES.andreia, C["spartiates"], AndreiaLine.CHARGING,
                          AreteLevel.FIRM, enemy=C["athenian"])
    assert brave.roll_modifier == 0


def test_promachos_helps_charge_rolls_only_and_demagogue_hurts_katastrophe_rolls() -> None:
    card = C["athenian"]
    promachos, demagogue = EFFECTS[Character.PROMACHOS], EFFECTS[Character.DEMAGOGUE]
    for line in AndreiaLine:
        p = andreia_check(RULES.andreia, card, line, AreteLevel.FIRM, strategos=promachos)
        d = andreia_check(RULES.andreia, card, line, AreteLevel.FIRM, strategos=demagogue)
        assert p.roll_modifier == (-1 if line is AndreiaLine.CHARGING else 0)
        assert d.roll_modifier == (1 if line is AndreiaLine.KATASTROPHE else 0)
    charged = andreia_check(RULES.andreia, card, AndreiaLine.CHARGING, AreteLevel.FIRM,
                            charged=True, strategos=promachos)
    assert charged.roll_modifier == -1


def test_epilektoi_adjust_their_roll_by_one_declared_before() -> None:
    card, rule = C["theban"], RULES.cards.epilektoi
    base = andreia_check(RULES.andreia, card, AndreiaLine.MELEE, AreteLevel.FIRM)
    down = andreia_check(RULES.andreia, card, AndreiaLine.MELEE, AreteLevel.FIRM,
                         epilektoi=rule, adjust=-1)
    up = andreia_check(RULES.andreia, card, AndreiaLine.MELEE, AreteLevel.FIRM,
                       epilektoi=rule, adjust=1)
    assert (down.roll_modifier, up.roll_modifier) == (-1, 1)
    assert down.probability() > base.probability() > up.probability()
    with pytest.raises(RuleError, match="only Epilektoi"):
        andreia_check(RULES.andreia, card, AndreiaLine.MELEE, AreteLevel.FIRM, adjust=-1)
    with pytest.raises(RuleError, match="-1, 0 or \\+1"):
        andreia_check(RULES.andreia, card, AndreiaLine.MELEE, AreteLevel.FIRM, epilektoi=rule,
                      adjust=-2)
    assert rule.allowed(0) and not rule.allowed(1)


def test_results_of_a_pass_and_of_a_failure() -> None:
    card = C["athenian"]
    chart = RULES.andreia.chart("hoplite")
    for line in AndreiaLine:
        for level in AreteLevel:
            check = andreia_check(RULES.andreia, card, line, level)
            assert check.failed_result is chart.failure(line, level)
    charger = andreia_check(RULES.andreia, card, AndreiaLine.CHARGING, AreteLevel.FIRM)
    target = andreia_check(RULES.andreia, card, AndreiaLine.CHARGING, AreteLevel.FIRM,
                           charged=True)
    assert charger.passed_result is AndreiaResult.CHARGE
    assert target.passed_result is AndreiaResult.MAINTAIN
    recovering = andreia_check(RULES.andreia, card, AndreiaLine.RECOVERING, AreteLevel.FIRM)
    assert recovering.passed_result is AndreiaResult.RECOVER
    assert recovering.failed_result is AndreiaResult.PURSUE
    with pytest.raises(RuleError):
        andreia_check(RULES.andreia, card, AndreiaLine.MELEE, AreteLevel.FIRM, charged=True)
    shaken = andreia_check(RULES.andreia, card, AndreiaLine.MELEE, AreteLevel.SHAKEN)
    assert shaken.failed_result is AndreiaResult.ROUT


_CARDS = st.sampled_from(sorted(C.cards))


@given(_CARDS, st.sampled_from(list(AndreiaLine)), st.sampled_from(list(AreteLevel)),
       st.one_of(st.none(), _CARDS), st.booleans())
def test_odds_match_icepool(key: str, line: AndreiaLine, level: AreteLevel,
                            enemy: str | None, promachos: bool) -> None:
    card = C[key]
    check = andreia_check(RULES.andreia, card, line, level,
                          enemy=None if enemy is None else C[enemy],
                          strategos=EFFECTS[Character.PROMACHOS] if promachos else None)
    roll = icepool.d6 + icepool.d6 + check.roll_modifier
    p = Fraction(roll.probability("<=", card.andreia + card.arete[level]))
    assert check.probability() == p
    odds = check.odds()
    assert sum(odds.values()) == 1
    assert odds.get(check.failed_result, Fraction(0)) >= 1 - p


@given(st.integers(0, 2**32))
def test_a_roll_is_recorded_with_its_reason(seed: int) -> None:
    check = andreia_check(RULES.andreia, C["athenian"], AndreiaLine.CHARGING, AreteLevel.FIRM,
                          charged=True, enemy=C["spartiates"])
    dice = Dice(seed, record=True)
    out = check.roll(dice, "Athenian taxis 2")
    (roll,) = dice.take_rolls()
    assert roll.reason == "Andreia check, charging: Athenian taxis 2"
    assert out.total == out.natural + 2 and out.natural == roll.total
    assert out.passed == (out.total <= check.target)
    assert out.result is (AndreiaResult.MAINTAIN if out.passed else AndreiaResult.HALT)
    assert ("passed" if out.passed else "failed") in str(out)


def test_each_trigger_reads_its_line_and_phobos_only_for_an_enemy_unit() -> None:
    a = RULES.andreia
    lines = {t: a.triggers[t].line for t in Trigger}
    assert lines[Trigger.STOPPING_PURSUIT] is AndreiaLine.RECOVERING
    assert lines[Trigger.RALLYING] is AndreiaLine.RECOVERING
    assert lines[Trigger.CHARGING] is lines[Trigger.CHARGED] is AndreiaLine.CHARGING
    assert lines[Trigger.MELEE_RESULT] is AndreiaLine.MELEE
    for t in (Trigger.LOCHOI_ROUTED, Trigger.STRATEGOS_LOST, Trigger.NEIGHBOUR_ROUTED,
              Trigger.PASSED_THROUGH, Trigger.HOME_TAXIS_ROUTED):
        assert lines[t] is AndreiaLine.KATASTROPHE
    sparta, athens = C["spartiates"], C["athenian"]
    charged = check_for(a, athens, Trigger.CHARGED, AreteLevel.FIRM, enemy=sparta)
    assert charged.roll_modifier == 2 and charged.passed_result is AndreiaResult.MAINTAIN
    assert check_for(a, athens, Trigger.CHARGING, AreteLevel.FIRM,
                     enemy=sparta).passed_result is AndreiaResult.CHARGE
    assert check_for(a, athens, Trigger.STOPPING_PURSUIT, AreteLevel.FIRM,
                     enemy=sparta).roll_modifier == 2
    assert check_for(a, athens, Trigger.MELEE_RESULT, AreteLevel.FIRM,
                     enemy=sparta).roll_modifier == 2
    for t in (Trigger.RALLYING, Trigger.NEIGHBOUR_ROUTED, Trigger.PASSED_THROUGH):
        assert check_for(a, athens, t, AreteLevel.FIRM, enemy=sparta).roll_modifier == 0
