"""Belos: intensity, the belos check (1D6 + intensity against the card's number), the
reaction by Arete level on the Pass or Fail side; belos-charge limits; Ekdromoi."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ancients.dice import Dice
from ancients.errors import RuleError
from ancients.hoplomachia.belos import BelosReaction, BelosSupply, belos_check, intensity
from ancients.hoplomachia.vocabulary import AreteLevel, Aspect, Category

from .helpers import RULES, enumerate_dice

B = RULES.belos
C = RULES.cards


def test_intensity_is_belos_less_shield_with_its_modifiers() -> None:
    tox, ath = C["toxotai"], C["athenian"]  # Belos 4, shield 3
    assert intensity(B, tox, ath).value == 1
    assert intensity(B, tox, ath, extra_stands=2).value == 3
    assert intensity(B, tox, ath, moving=True).value == 0
    assert intensity(B, tox, ath, cover=True).value == 0
    assert intensity(B, tox, ath, second_rank=True).value == 2
    psi = C["psiloi"]
    assert psi.belos is not None
    plain = psi.belos.number - ath.shield
    assert intensity(B, psi, ath, belos_charge=True).value == plain + 1
    assert intensity(B, psi, ath, moving=True).value == plain  # only moving archers lose 1
    assert intensity(B, psi, ath, belos_number=1).value == -2  # spent peltast strength


def test_no_shield_on_an_unshielded_flank_or_rear() -> None:
    tox, ath = C["toxotai"], C["athenian"]
    assert intensity(B, tox, ath, aspect=Aspect.SHIELDED_FLANK).value == 1
    assert intensity(B, tox, ath, aspect=Aspect.UNSHIELDED_FLANK).value == 4
    assert intensity(B, tox, ath, aspect=Aspect.REAR).value == 4


def test_who_may_fire_what_way() -> None:
    with pytest.raises(RuleError, match="no Belos"):
        intensity(B, C["athenian"], C["psiloi"])
    with pytest.raises(RuleError, match="second rank"):
        intensity(B, C["psiloi"], C["athenian"], second_rank=True)
    with pytest.raises(RuleError, match="no belos charges"):
        intensity(B, C["toxotai"], C["athenian"], belos_charge=True)


def test_zero_intensity_has_no_effect_and_rolls_nothing() -> None:
    shot = intensity(B, C["psiloi"], C["spartiates"])  # 3 - 4
    assert not shot.effective
    check = belos_check(B, C["spartiates"], shot, AreteLevel.FIRM)
    assert check.odds() == {None: 1}
    dice = Dice(1, record=True)
    out = check.roll(dice, "Spartiates")
    assert not out.checked and out.reaction is None and dice.take_rolls() == ()


def test_belos_check_passes_equal_or_under_its_number() -> None:
    ath = C["athenian"]  # belos check 4
    for i in range(1, 7):
        shot = intensity(B, C["toxotai"], ath, extra_stands=i - 1)
        check = belos_check(B, ath, shot, AreteLevel.FIRM)
        assert check.probability() == Fraction(max(0, min(6, 4 - i)), 6)


def test_reaction_read_on_the_pass_or_fail_side_by_level() -> None:
    chart = B.chart("hoplite")
    assert chart.reaction(1, True, AreteLevel.FIRM) is BelosReaction.MAINTAIN
    assert chart.reaction(5, False, AreteLevel.SHAKEN) is BelosReaction.ROUT
    assert chart.reaction(9, False, AreteLevel.SHAKEN) is chart.reaction(5, False,
                                                                          AreteLevel.SHAKEN)
    with pytest.raises(RuleError):
        chart.reaction(0, True, AreteLevel.FIRM)


@given(st.sampled_from([c.key for c in C if c.belos]), st.sampled_from(sorted(C.cards)),
       st.sampled_from(list(Aspect)), st.integers(0, 3), st.sampled_from(list(AreteLevel)),
       st.sampled_from([-1, 0, 1]))
def test_reaction_odds_match_brute_force(firer: str, target: str, aspect: Aspect, extra: int,
                                         level: AreteLevel, adjust: int) -> None:
    shot = intensity(B, C[firer], C[target], aspect=aspect, extra_stands=extra)
    check = belos_check(B, C[target], shot, level, epilektoi=RULES.cards.epilektoi,
                        adjust=adjust)
    chart = B.chart(C[target].charts.belos)
    if not shot.effective:
        assert check.odds() == {None: 1}
        return

    def react(faces: tuple[int]) -> BelosReaction:
        passed = faces[0] + shot.value + adjust <= C[target].belos_check
        return chart.reaction(shot.value, passed, level)
    expected = enumerate_dice([1], react)
    assert check.odds() == expected


@given(st.integers(0, 2**32))
def test_a_belos_roll_gives_a_reaction_and_never_a_kill(seed: int) -> None:
    shot = intensity(B, C["toxotai"], C["athenian"], extra_stands=1)
    check = belos_check(B, C["athenian"], shot, AreteLevel.UNSTEADY)
    dice = Dice(seed, record=True)
    out = check.roll(dice, "Athenian lochos 3")
    (roll,) = dice.take_rolls()
    assert roll.reason == "belos check (intensity 2): Athenian lochos 3"
    assert out.checked and out.passed == (roll.total + 2 <= 4)
    assert isinstance(out.reaction, BelosReaction)  # a reaction: fire breaks will, it never kills


def test_belos_charge_limits_per_game() -> None:
    hip = BelosSupply(C["hippeis"])
    assert hip.may_belos_charge(B)
    hip = hip.after_belos_charge(B).after_belos_charge(B)
    assert not hip.may_belos_charge(B)
    with pytest.raises(RuleError):
        hip.after_belos_charge(B)
    pel = BelosSupply(C["peltastes"])
    peltastes, psiloi = C["peltastes"].belos, C["psiloi"].belos
    assert peltastes is not None and psiloi is not None
    for _ in range(3):
        assert pel.belos_number(B, C["psiloi"]) == peltastes.number
        pel = pel.after_belos_charge(B)
    assert pel.may_belos_charge(B)  # still, at psiloi strength
    assert pel.belos_number(B, C["psiloi"]) == psiloi.number
    assert pel.belos_number(B, C["psiloi"], defending=True) == 3
    psi = BelosSupply(C["psiloi"])
    for _ in range(20):
        psi = psi.after_belos_charge(B)
    assert psi.may_belos_charge(B)
    tox = BelosSupply(C["toxotai"])
    assert not tox.may_belos_charge(B)  # belos troops other than psiloi shoot in place
    assert not BelosSupply(C["athenian"]).may_belos_charge(B)
    for _ in range(12):
        assert tox.may_shoot(B, records=True)
        tox = tox.after_shot()
    assert not tox.may_shoot(B, records=True) and tox.may_shoot(B, records=False)


def test_spent_peltastes_fall_to_psiloi_strength_and_never_rise_to_it() -> None:
    """Belos charges: peltastes make 3 "at printed strength (then psiloi strength)":
    a fall, so the javelin-men's printed Belos is above the psiloi's; a peltast card
    weaker than psiloi (the long-spear Triballoi) keeps its own."""
    psiloi = C["psiloi"]
    assert B.limits.peltast_then == "psiloi" and psiloi.belos is not None
    fell = 0
    for card in C.by_category[Category.PELTAST]:
        if card.belos is None:
            continue
        spent = BelosSupply(card, charges=B.limits.charges[Category.PELTAST])
        number = spent.belos_number(B, psiloi)
        assert number == min(card.belos.number, psiloi.belos.number), card.name
        assert spent.belos_number(B, psiloi, defending=True) == card.belos.number
        fell += number < card.belos.number
    peltastes = C["peltastes"].belos
    assert peltastes is not None and peltastes.number > psiloi.belos.number
    assert fell >= 1


def test_ekdromoi_chart() -> None:
    e = B.ekdromoi
    assert e.kill_odds(Category.PSILOS) == Fraction(5, 6)
    assert e.kill_odds(Category.PELTAST) == Fraction(3, 6)
    assert e.kill_odds(Category.HIPPEUS) == Fraction(2, 6)
    assert e.reach_odds(4) == Fraction(3, 6) and e.reach_odds(7) == 0
    dice = Dice(9, record=True)
    moved = e.roll_move(dice, "Athenian lochos 1")
    kill = e.roll_attack(Category.PELTAST, dice, "Athenian lochos 1")
    rolls = dice.take_rolls()
    assert 1 <= moved <= 6 and kill == (rolls[1].total <= 3)
    assert [r.reason for r in rolls] == ["ekdromoi move: Athenian lochos 1",
                                         "ekdromoi attack: Athenian lochos 1"]
    assert e.arete_lost == -1
    with pytest.raises(RuleError):
        e.kill_odds(Category.HOPLITE)


def test_fire_range_arc_and_the_belos_charges_return() -> None:
    f = B.fire
    psi = C["psiloi"]  # range 4"
    assert f.range_of(psi) == 4.0
    assert f.range_of(psi, belos_charge=True) == 5.0
    assert f.range_of(psi, belos_charge=True, higher=True) == 6.0
    with pytest.raises(RuleError):
        f.range_of(C["athenian"])
    assert f.in_arc(22.0) and f.in_arc(-10.0) and not f.in_arc(23.0)
    assert f.may_fire_over(uphill=True, shooter_moved=False, phalanx_moved=False)
    assert not f.may_fire_over(uphill=False, shooter_moved=False, phalanx_moved=False)
    assert not f.may_fire_over(uphill=True, shooter_moved=True, phalanx_moved=False)
    assert not f.may_fire_over(uphill=True, shooter_moved=False, phalanx_moved=True)
    assert f.return_move(allowance=8.0, used=3.0) == 4.0  # 1" to turn
    assert f.return_move(allowance=8.0, used=3.0, chased=True) == 5.0
    assert f.return_move(allowance=3.0, used=3.0) == 0.0


def test_taxis_level_reactions_take_precedence_and_the_worst_applies() -> None:
    r = B.reactions
    m, f, e, d, rout, k = (BelosReaction.MAINTAIN, BelosReaction.FORMATION,
                           BelosReaction.EVADE, BelosReaction.DISARRAY, BelosReaction.ROUT,
                           BelosReaction.EKDROMOI)
    assert r.worst([m, f, d]) is d
    # one lochos evades: the whole taxis marches back; the lochos that routs still routs
    assert r.resolve([f, e, rout, None]) == (e, (None, None, rout, None))
    # no taxis-level reaction: each lochos keeps its own
    assert r.resolve([k, m, None]) == (None, (k, m, None))
    # a lochos-level reaction milder than the taxis's is swallowed by it
    assert r.resolve([k, BelosReaction.CHARGE]) == (BelosReaction.CHARGE, (None, None))
    assert B.fire.hippeis_wheel == 90
