from __future__ import annotations

from fractions import Fraction

import icepool
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ancients.dice import Dice, DiceSpec, derive_seed, parse, pmf
from ancients.errors import AncientsError, DiceSpecError
from ancients.testing.strategies import dice_specs


@pytest.mark.parametrize(
    ("text", "spec"),
    [("2d6", DiceSpec(2, 6)), ("d6", DiceSpec(1, 6)), ("3D6-2", DiceSpec(3, 6, -2)),
     (" 1d20 + 4 ", DiceSpec(1, 20, 4)), ("5", DiceSpec(0, 1, 5))],
)
def test_parse(text: str, spec: DiceSpec) -> None:
    assert parse(text) == spec


@pytest.mark.parametrize("bad", ["", "2x6", "d", "2d", "2d6+", "1d0", "d6*2", "2d6+1+1"])
def test_parse_errors_are_clear(bad: str) -> None:
    with pytest.raises(DiceSpecError, match="dice"):
        parse(bad)
    assert issubclass(DiceSpecError, AncientsError)


@given(dice_specs())
def test_str_round_trips(spec: DiceSpec) -> None:
    assert parse(str(spec)) == spec


@given(dice_specs(max_count=4))
def test_pmf_is_exact_and_matches_icepool(spec: DiceSpec) -> None:
    dist = pmf(spec)
    assert sum(dist.values()) == 1
    assert min(dist) == spec.minimum and max(dist) == spec.maximum
    reference = icepool.d(spec.sides).pool(spec.count).sum() + spec.modifier
    assert dist == {int(k): Fraction(v, reference.denominator())
                    for k, v in reference.items()}


def test_pmf_2d6() -> None:
    assert pmf("2d6")[7] == Fraction(6, 36)
    assert pmf("2d6")[2] == Fraction(1, 36)


@given(st.integers(0, 2**63), dice_specs(max_count=3))
def test_rolls_in_range_and_deterministic(seed: int, spec: DiceSpec) -> None:
    a, b = Dice(seed), Dice(seed)
    rolls = [a.roll(spec) for _ in range(20)]
    assert rolls == [b.roll(spec) for _ in range(20)]
    assert all(spec.minimum <= r <= spec.maximum for r in rolls)


def test_seed_kinds_agree() -> None:
    seq = [Dice(7).d6() for _ in range(1)]
    assert Dice(np.random.SeedSequence(7)).d6() == seq[0]
    gen = np.random.Generator(np.random.PCG64(7))
    assert Dice(gen).d6() == seq[0]
    with pytest.raises(DiceSpecError):
        Dice(-1)
    with pytest.raises(DiceSpecError):
        Dice("seven")  # type: ignore[arg-type]


def test_recording_does_not_change_the_stream() -> None:
    plain, recorded = Dice(3), Dice(3, record=True)
    assert [plain.roll("2d6") for _ in range(50)] == [
        recorded.roll("2d6", "why") for _ in range(50)]
    rolls = recorded.take_rolls()
    assert len(rolls) == 50 and rolls[0].reason == "why"
    assert rolls[0].total == sum(rolls[0].faces)
    assert recorded.take_rolls() == ()


def test_sample_distribution_matches_pmf() -> None:
    totals = Dice(11).sample("2d6", 200_000)
    assert totals.shape == (200_000,)
    freq = np.bincount(totals, minlength=13)[2:] / len(totals)
    exact = np.array([float(pmf("2d6")[t]) for t in range(2, 13)])
    assert np.abs(freq - exact).max() < 0.005
    assert Dice(1).sample("1d6+2", (3, 4)).shape == (3, 4)
    assert (Dice(1).sample("3", 5) == 3).all()


def test_spawn_is_deterministic_and_independent() -> None:
    a = [d.sample("1d6", 10).tolist() for d in Dice(5).spawn(3)]
    b = [d.sample("1d6", 10).tolist() for d in Dice(5).spawn(3)]
    assert a == b
    assert a[0] != a[1]


def test_choice_and_faces() -> None:
    d = Dice(2)
    assert {d.choice(3) for _ in range(200)} == {0, 1, 2}
    assert d.choice(1) == 0
    with pytest.raises(DiceSpecError):
        d.choice(0)
    assert len(d.faces("4d6")) == 4


def test_derive_seed_depends_only_on_seed_and_index() -> None:
    assert derive_seed(1, 5) == derive_seed(1, 5)
    assert len({derive_seed(1, i) for i in range(1000)}) == 1000
    assert derive_seed(1, 0) != derive_seed(2, 0)


# -- keyed dice ------------------------------------------------------------------------------
def test_keyed_rolls_depend_only_on_seed_scope_key_and_count() -> None:
    a, b = Dice(7, keyed=True), Dice(7, keyed=True)
    a.scope = b.scope = "3:combat:red"
    first = [a.roll("2d6", "combat A") for _ in range(5)]
    # b rolls other keys in between, and unkeyed dice: the key's own stream is untouched
    mixed = []
    for _ in range(5):
        b.roll("2d6", "combat B")
        b.d6()
        mixed.append(b.roll("2d6", "combat A"))
    assert first == mixed


def test_keyed_rolls_differ_by_key_scope_and_seed() -> None:
    def rolls(seed: int, scope: str, key: str) -> list[int]:
        d = Dice(seed, keyed=True)
        d.scope = scope
        return [d.roll("1d1000", key=key) for _ in range(4)]

    base = rolls(1, "1:move:red", "k")
    assert rolls(1, "1:move:red", "k") == base
    assert rolls(2, "1:move:red", "k") != base
    assert rolls(1, "2:move:red", "k") != base
    assert rolls(1, "1:move:red", "j") != base


def test_a_keyed_roll_records_its_reason_and_key_defaults_to_it() -> None:
    d = Dice(3, record=True, keyed=True)
    faces = d.faces("3d6", "volley: Cretans")
    again = Dice(3, record=True, keyed=True)
    assert again.faces("3d6", reason="other words", key="volley: Cretans") == faces
    (roll,) = d.take_rolls()
    assert roll.reason == "volley: Cretans" and roll.faces == faces


def test_keyed_draws_are_uniform() -> None:
    d = Dice(5, keyed=True)
    counts = np.bincount([d.d6(key=f"k{i}") for i in range(6000)], minlength=7)[1:]
    assert counts.sum() == 6000
    assert all(850 < c < 1150 for c in counts), counts  # 1000 each, sd about 29
    sums = [d.roll("2d6", key=f"t{i}") for i in range(3600)]
    assert min(sums) >= 2 and max(sums) == 12
    assert abs(np.mean(sums) - 7) < 0.15


def test_rejection_limit_makes_the_modulo_exact() -> None:
    from ancients.dice import _limit

    for n in (1, 2, 6, 36, 1000, 7**5):
        assert _limit(n) % n == 0 and 0 <= (1 << 64) - _limit(n) < n


def test_unkeyed_dice_ignore_keys_and_spawned_dice_stay_keyed() -> None:
    plain, other = Dice(9), Dice(9)
    assert [plain.d6(key="x") for _ in range(6)] == [other.d6(key="y") for _ in range(6)]
    assert not plain.keyed
    assert all(child.keyed for child in Dice(9, keyed=True).spawn(2))
