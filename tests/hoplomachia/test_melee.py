"""Melee arithmetic: spear against shield, strength and the Arete threshold; the
modifiers; the Melee Resolution Chart; the othismos shove; One Step More!; flank and
rear; horse."""

from __future__ import annotations

from fractions import Fraction

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ancients.dice import Dice
from ancients.errors import RuleError
from ancients.hoplomachia.melee import (
    Engaged,
    GroundGiven,
    Level,
    LoserFate,
    MeleeKind,
    MeleeOutcome,
    MeleeResult,
    attack_total,
    defence_total,
    exchange,
    melee_odds,
    penetration,
    shield_momentum,
)
from ancients.hoplomachia.vocabulary import AreteLevel, Aspect

from .helpers import RULES, enumerate_dice

M = RULES.melee
C = RULES.cards
FIRM = AreteLevel.FIRM


def test_excess_passes_from_shield_to_strength_to_threshold() -> None:
    target = Engaged(C["athenian"], FIRM)  # strength 3, threshold 3
    shield = 3
    assert [penetration(M, shield + x, target, shield) for x in range(-1, 9)] == [
        Level.NONE, Level.NONE, Level.SHIELD, Level.SHIELD, Level.SHIELD, Level.STRENGTH,
        Level.STRENGTH, Level.STRENGTH, Level.THRESHOLD, Level.THRESHOLD]


def test_unshielded_flank_or_rear_strikes_the_threshold_alone() -> None:
    for aspect in (Aspect.UNSHIELDED_FLANK, Aspect.REAR):
        target = Engaged(C["athenian"], FIRM, aspect=aspect)
        assert penetration(M, 4, target, 3) is Level.THRESHOLD  # 4 > threshold 3
        assert penetration(M, 3, target, 3) is M.flank_short
    assert M.flank_short is Level.STRENGTH


def test_shielded_flank_no_defensive_modifiers_and_no_penetration_back() -> None:
    struck = Engaged(C["athenian"], FIRM, aspect=Aspect.SHIELDED_FLANK, gap=True,
                     terrain=("uphill",), ground_given=GroundGiven.PUSHED_BACK)
    assert defence_total(M, struck).value == C["athenian"].shield
    front = attrs.evolve(struck, aspect=Aspect.FRONT)
    assert defence_total(M, front).value == 3 - 1 + 1 - 1
    attacker = Engaged(C["peloponnesian"], FIRM)
    out = exchange(M, attacker, struck, MeleeKind.OTHISMOS, (3, 3))
    assert out.levels[1] is Level.NONE  # the struck side scores nothing
    assert out.levels[0] is not Level.NONE and out.loser == 1


def test_attack_modifiers_by_kind_of_melee() -> None:
    hop = Engaged(C["athenian"], AreteLevel.EAGER, stands=4)
    epi = attack_total(M, hop, MeleeKind.EPIDROMOS, bonus=2)
    assert epi.value == 5 + 1 + 2  # spear, Arete, momentum: no depth in an epidromos melee
    oth = attack_total(M, hop, MeleeKind.OTHISMOS, bonus=2)
    assert oth.value == 5 + 1 + 2 + 2  # shove and depth (+2 for 4 stands)
    three = attack_total(M, attrs.evolve(hop, stands=3), MeleeKind.OTHISMOS, bonus=0)
    two = attack_total(M, attrs.evolve(hop, stands=2), MeleeKind.OTHISMOS, bonus=0)
    assert (three.value, two.value) == (7, 6)
    shaken = attack_total(M, Engaged(C["athenian"], AreteLevel.SHAKEN), MeleeKind.OTHISMOS)
    assert shaken.value == 5 - 2


def test_disarray_halves_the_attack_total_rounding_down() -> None:
    hop = Engaged(C["athenian"], AreteLevel.EAGER, disarrayed=True)
    assert attack_total(M, hop, MeleeKind.EPIDROMOS, bonus=1).value == (5 + 1 + 1) // 2


def test_hamippoi_count_in_othismos_only_and_ride_with_hippeis() -> None:
    ile = Engaged(C["hippeis"], FIRM, hamippoi=RULES.cards.hamippoi)
    assert attack_total(M, ile, MeleeKind.OTHISMOS).value == 4 + 2
    assert attack_total(M, ile, MeleeKind.EPIDROMOS).value == 4
    ile3 = Engaged(C["hippeis"], FIRM, stands=3)
    assert attack_total(M, ile3, MeleeKind.OTHISMOS).value == 4  # depth is for lochoi
    with pytest.raises(RuleError):
        attack_total(M, Engaged(C["athenian"], FIRM, hamippoi=RULES.cards.hamippoi),
                     MeleeKind.OTHISMOS)


def test_ground_given_penalises_the_next_othismos_shield() -> None:
    for given_, value in ((GroundGiven.PUSHED_BACK, -1), (GroundGiven.BROKEN_INTO, -2)):
        assert defence_total(M, Engaged(C["athenian"], FIRM, ground_given=given_)).value \
            == 3 + value
        assert M.results[MeleeResult(str(given_))].ground_given is given_
    assert defence_total(M, Engaged(C["athenian"], FIRM, gap=True)).value == 2
    with pytest.raises(RuleError, match="no terrain modifier"):
        defence_total(M, Engaged(C["athenian"], FIRM, terrain=("swamp",)))


def test_depth_counts_in_the_othismos_or_with_the_option_in_every_melee() -> None:
    """Melee: depth is named among the spear modifiers and with the othismos's; read as
    the othismos's (default), or in every melee (``depth="every"``)."""
    from ancients.hoplomachia.combat import engaged_side

    from .play import battle, division, piece, side

    deep = Engaged(C["theban"], FIRM, stands=4)
    epidromos = attack_total(M, deep, MeleeKind.EPIDROMOS, 0).value
    othismos = attack_total(M, deep, MeleeKind.OTHISMOS, 0).value
    assert othismos - epidromos == M.depth[4] > 0
    always = attrs.evolve(deep, depth_always=True)
    assert attack_total(M, always, MeleeKind.EPIDROMOS, 0).value == othismos
    data = {"name": "t", "title": "t", "table": {"width": 72.0, "depth": 48.0},
            "sides": [side("athens", "athenian", [division("a", "athenian", 36.0, 20.0, 1,
                                                           stands=4)]),
                      side("sparta", "spartan", [division("s", "spartiates", 36.0, 21.0, 1,
                                                          facing=180.0)])]}
    for spec, counts in (("hoplomachia", False), ("hoplomachia(depth=every)", True)):
        b = battle(data, spec=spec)
        e = engaged_side(b.state, piece(b, "a"), piece(b, "s"), MeleeKind.EPIDROMOS)
        assert e.depth_always is counts and e.stands == 4


def test_chart_is_symmetric_and_the_lower_level_loses() -> None:
    for a in Level:
        for b in Level:
            result, loser = M.resolve(a, b)
            assert M.resolve(b, a) == (result, None if loser is None else 1 - loser)
            if a is b:
                assert loser is None
                assert result in (MeleeResult.NO_EFFECT, MeleeResult.BOTH_DISORDERED)
            else:
                assert loser == (0 if a.rank < b.rank else 1)
    assert M.resolve(Level.NONE, Level.NONE)[0] is MeleeResult.NO_EFFECT
    assert M.resolve(Level.THRESHOLD, Level.NONE)[0] is MeleeResult.SLAUGHTERED


def test_exceeding_the_threshold_breaks_the_lochos_even_both() -> None:
    a = Engaged(C["spartiates"], AreteLevel.EAGER)
    b = Engaged(C["ataktes"], FIRM)
    out = exchange(M, a, b, MeleeKind.OTHISMOS, (3, 0))
    assert out.levels[0] is Level.THRESHOLD and out.broken == (False, True)
    assert out.result in (MeleeResult.BROKEN, MeleeResult.SLAUGHTERED)
    both = exchange(M, attrs.evolve(b, card=C["spartiates"], level=AreteLevel.EAGER), a,
                    MeleeKind.OTHISMOS, (10, 10))
    assert both.levels == (Level.THRESHOLD, Level.THRESHOLD) and both.broken == (True, True)


def test_follow_ups_of_the_results() -> None:
    pushed, broken_into = M.results[MeleeResult.PUSHED_BACK], M.results[MeleeResult.BROKEN_INTO]
    assert pushed.continues and pushed.melee_check and pushed.push == 1
    assert pushed.loser is LoserFate.PUSHED_BACK
    assert broken_into.continues and broken_into.melee_check
    assert M.results[MeleeResult.BROKEN].loser is LoserFate.ROUTS
    assert M.results[MeleeResult.SLAUGHTERED].loser is LoserFate.DESTROYED
    assert M.results[MeleeResult.BOTH_DISORDERED].both_disarrayed


def test_the_shove_is_rolled_on_1d6() -> None:
    assert sum(M.shove_odds().values()) == 1 and set(M.shove_odds()) == set(M.shove.values)
    dice = Dice(8, record=True)
    value = M.roll_shove(dice, "Theban lochos 1")
    (roll,) = dice.take_rolls()
    assert value == M.shove(roll.total) and roll.reason == "othismos shove: Theban lochos 1"


def test_spartans_against_athenians_in_othismos() -> None:
    odds = melee_odds(M, Engaged(C["spartiates"], FIRM), Engaged(C["athenian"], FIRM),
                      MeleeKind.OTHISMOS)
    athens_loses = sum((p for o, p in odds.items() if o.loser == 1), Fraction(0))
    sparta_loses = sum((p for o, p in odds.items() if o.loser == 0), Fraction(0))
    assert (athens_loses, sparta_loses) == (Fraction(25, 36), Fraction(1, 36))


_HOPLITES = st.sampled_from(sorted(c.key for c in C))
_SIDES = st.builds(
    Engaged, card=_HOPLITES.map(lambda k: C[k]), level=st.sampled_from(list(AreteLevel)),
    aspect=st.sampled_from(list(Aspect)), stands=st.sampled_from([2, 3, 4]),
    disarrayed=st.booleans(), gap=st.booleans(),
    ground_given=st.sampled_from(list(GroundGiven)))


@given(_SIDES, _SIDES)
def test_othismos_odds_match_brute_force_over_both_shoves(a: Engaged, b: Engaged) -> None:
    if a.aspect is not Aspect.FRONT and b.aspect is not Aspect.FRONT:
        b = attrs.evolve(b, aspect=Aspect.FRONT)

    def fight(fa: tuple[int], fb: tuple[int]) -> MeleeOutcome:
        return exchange(M, a, b, MeleeKind.OTHISMOS, (M.shove(fa[0]), M.shove(fb[0])))
    assert melee_odds(M, a, b, MeleeKind.OTHISMOS) == enumerate_dice([1, 1], fight)


@given(_SIDES, _SIDES, st.integers(0, 3), st.integers(0, 3))
def test_penetration_never_falls_as_the_attack_rises(a: Engaged, b: Engaged, x: int,
                                                     y: int) -> None:
    b = attrs.evolve(b, aspect=Aspect.FRONT)
    lo = exchange(M, attrs.evolve(a, aspect=Aspect.FRONT), b, MeleeKind.OTHISMOS, (x, y))
    hi = exchange(M, attrs.evolve(a, aspect=Aspect.FRONT), b, MeleeKind.OTHISMOS, (x + 1, y))
    assert hi.levels[0].rank >= lo.levels[0].rank and hi.levels[1] is lo.levels[1]


def test_epidromos_odds_with_the_charts_momentum() -> None:
    chart = RULES.epidromos.chart("hoplite")
    a, b = Engaged(C["athenian"], FIRM), Engaged(C["boiotian"], FIRM)
    bonus = (chart.momentum_odds(approached=True), {0: Fraction(1)})
    odds = melee_odds(M, a, b, MeleeKind.EPIDROMOS, bonus)
    assert sum(odds.values()) == 1
    # the charger with momentum against a standing target never loses
    assert all(o.loser != 0 for o in odds)


def test_one_step_more() -> None:
    osm = M.one_step_more
    assert osm.may_call(crafty_hegemon=True, in_othismos=6, hoplites=10)
    assert not osm.may_call(crafty_hegemon=True, in_othismos=5, hoplites=10)  # not over half
    assert not osm.may_call(crafty_hegemon=False, in_othismos=10, hoplites=10)
    assert not osm.may_call(crafty_hegemon=True, in_othismos=10, hoplites=10, used=1)
    assert (osm.shove_bonus(1), osm.shove_bonus(2)) == (1, 2)
    with pytest.raises(RuleError):
        osm.shove_bonus(3)
    side = Engaged(C["athenian"], FIRM, one_step_more=osm.shove_bonus(2))
    assert attack_total(M, side, MeleeKind.OTHISMOS).value == 7
    with pytest.raises(RuleError):
        attack_total(M, side, MeleeKind.EPIDROMOS)


def test_horse_rules() -> None:
    h = M.horse
    assert not h.retreat_from_horse(1) and h.retreat_from_horse(2)
    broke_in = MeleeOutcome((Level.STRENGTH, Level.NONE), MeleeResult.BROKEN_INTO, 1,
                            (False, False))
    pushed = MeleeOutcome((Level.SHIELD, Level.NONE), MeleeResult.PUSHED_BACK, 1,
                          (False, False))
    assert not h.retreat_from_foot(broke_in, horse=0)
    assert h.retreat_from_foot(pushed, horse=0)
    assert h.retreat_from_foot(broke_in, horse=1)  # the horse lost


def test_gaps_and_routers_caught_from_two_sides() -> None:
    assert M.gap_applies(0.75, overlapped=True, exposed_unshielded=False)
    assert not M.gap_applies(0.5, overlapped=True, exposed_unshielded=False)
    assert not M.gap_applies(2.0, overlapped=False, exposed_unshielded=False)
    assert M.gap_applies(0.0, overlapped=False, exposed_unshielded=True)
    assert not M.routers_slaughtered(1) and M.routers_slaughtered(2)


def test_shield_momentum_by_reading() -> None:
    assert shield_momentum("own", own=2, attacker=3) == 2
    assert shield_momentum("attacker", own=2, attacker=3) == -3
    with pytest.raises(RuleError):
        shield_momentum("both", own=2, attacker=3)
    braced = Engaged(C["athenian"], FIRM, shield_momentum=shield_momentum("own", 2, 3))
    assert defence_total(M, braced).value == 5
    struck = Engaged(C["athenian"], FIRM, shield_momentum=shield_momentum("attacker", 2, 3))
    assert defence_total(M, struck).value == 0
