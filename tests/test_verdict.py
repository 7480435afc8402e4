"""A comparison's verdict in words (``Comparison.verdict``), the battles a difference
needs (``Comparison.battles_needed``) and a comparison played until a difference would
be detected (``compare(detect=)``, ``--detect``)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from click.testing import CliRunner

from ancients.cli import main
from ancients.errors import SimulationError
from ancients.simulate import compare
from ancients.workbench.power import paired_battles_needed, paired_detectable
from ancients.workbench.results import PrecisionWarning
from ancients.workbench.stats import wilson
from ancients.workbench.verdict import cautious_rate, change_text, changed_share

pytestmark = pytest.mark.usefixtures("toy")


def test_the_verdict_names_what_changed_beyond_chance() -> None:
    cmp = compare(["toy", "toy(stance=cautious)"], runs=400, seed=1)
    (v,) = cmp.verdict().variants
    expected = [d for d in cmp.differences() if d.significant]
    assert list(v.changed) == expected and expected
    base, other = cmp["toy"], cmp["toy(stance=cautious)"]
    flipped = int(np.count_nonzero(base.winner != other.winner))
    text = str(v)
    assert v.winners_changed == flipped and f"{flipped} of the 400 battles" in text
    assert "changed beyond chance" in text and "Holm" in text
    turns = next(d for d in expected if d.metric == "turns")
    assert change_text(turns) in text and f"{turns.low:+.2f}" in text
    assert str(v) in str(cmp)  # print(comparison) says it too


def test_no_change_says_what_these_battles_could_have_seen() -> None:
    cmp = compare(["toy", "toy(defender_bonus=true)"], runs=400, seed=1)
    (v,) = cmp.verdict().variants
    assert not any(d.metric == "wins" for d in v.changed)
    base, other = cmp["toy"], cmp["toy(defender_bonus=true)"]
    flips = int(np.count_nonzero((base.winner == 0) != (other.winner == 0)))
    changed = wilson(flips, 400)[2]  # cautiously: the top of its interval
    assert changed == max(changed_share(base, other, s) for s in base.sides)
    assert v.detectable == pytest.approx(paired_detectable(400, changed))
    text = str(v)
    assert "no win rate changed beyond chance" in text
    assert f"would detect a change of {100 * v.detectable:.1f} points" in text
    assert "80 % power" in text and "5 % two-sided" in text
    delta, n = v.smaller or (0.0, 0)
    assert n == paired_battles_needed(delta, changed) == cmp.battles_needed(delta)
    assert f"about {n:,} battles" in text and f"--detect {delta:g}" in text


def test_a_variant_that_changes_nothing() -> None:
    cmp = compare(["toy", "toy(turn_limit=6)"], "duel", runs=200, seed=2)  # duel's own
    text = str(cmp.verdict())
    assert "no change beyond chance" in text and "no battle changed winner" in text


def test_a_rate_is_taken_where_a_difference_is_hardest_to_see() -> None:
    cmp = compare(["toy", "toy(defender_bonus=true)"], runs=4, seed=1)
    r = cmp["toy"]
    for side in r.sides:
        _, low, high = r.win_rate(side)
        assert low <= cautious_rate(r, side) <= high
        assert cautious_rate(r, side) == (0.5 if low <= 0.5 <= high else
                                          low if low > 0.5 else high)


def test_battles_needed_grows_as_the_difference_shrinks() -> None:
    cmp = compare(["toy", "toy(defender_bonus=true)"], runs=300, seed=1)
    assert cmp.battles_needed(0.02) > cmp.battles_needed(0.05) > cmp.battles_needed(0.1)
    for bad in (0, 1.5, -0.1, True):
        with pytest.raises(SimulationError, match="between 0 and 1"):
            cmp.battles_needed(bad)


def test_detect_plays_until_the_difference_would_be_found() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error", PrecisionWarning)
        cmp = compare(["toy", "toy(defender_bonus=true)"], runs=20_000, seed=1,
                      detect=0.05, block=100)
    n = len(cmp["toy"])
    assert n % 100 == 0 and n < 20_000
    assert max(cmp.detectable().values()) <= 0.05 and cmp.detect_reached
    fewer = compare(["toy", "toy(defender_bonus=true)"], runs=n - 100, seed=1)
    assert max(fewer.detectable().values()) > 0.05
    assert any("would detect a change of 5 points" in note for note in cmp.table().notes)
    assert "a change of 5 points would need about" in str(cmp.verdict())
    assert cmp.provenance()["detect"] == 0.05


def test_detect_cut_short_by_the_cap_says_so() -> None:
    with pytest.warns(PrecisionWarning, match="not the 1 asked"):
        cmp = compare(["toy", "toy(defender_bonus=true)"], runs=200, seed=1, detect=0.01)
    assert cmp.detect_reached is False
    with pytest.raises(SimulationError, match="not both"):
        compare(["toy", "toy(defender_bonus=true)"], runs=200, detect=0.05, precision=0.05)
    with pytest.raises(SimulationError, match="detect"):
        compare(["toy", "toy(defender_bonus=true)"], runs=200, detect=3)


def test_compare_prints_the_verdict_and_takes_detect() -> None:
    result = CliRunner().invoke(main, ["compare", "toy", "toy(defender_bonus=true)",
                                       "--detect", "0.05", "-n", "20000", "-j", "1",
                                       "--no-progress"])
    assert result.exit_code == 0, result.output
    assert "verdict:" in result.output
    assert "toy(defender_bonus=true) against toy, paired on the same" in result.output
    assert "would detect a change of 5 points" in result.output
    bad = CliRunner().invoke(main, ["compare", "toy", "toy(stance=cautious)", "--detect",
                                    "2"])
    assert bad.exit_code == 2 and "--detect" in bad.stderr
