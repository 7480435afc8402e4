"""A comparison played under a family of commanders, and whether each difference holds
under all of them (``compare(under=...)``, ``Comparison.robustness``)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import ancients
from ancients.errors import SimulationError
from ancients.workbench.comparison import Difference
from ancients.workbench.robustness import Robustness

pytestmark = pytest.mark.usefixtures("toy")

STRONG = "toy(rules.combat.defender_bonus=4)"


def test_every_variant_is_played_under_each_commander_on_every_side() -> None:
    cmp = ancients.compare(["toy", STRONG], runs=60, seed=3, under=["doctrine", "random"])
    assert list(cmp.under) == ["doctrine", "random"]
    alone = ancients.compare(["toy", STRONG], runs=60, seed=3,
                             commanders={"red": "random", "blue": "random"})
    assert np.array_equal(cmp.under["random"]["toy"].winner, alone["toy"].winner)
    assert np.array_equal(cmp["toy"].winner, cmp.under["doctrine"]["toy"].winner)
    assert cmp.under["random"]["toy"].commanders == {"red": "random", "blue": "random"}


def test_a_rules_effect_holds_under_every_commander_and_is_said_so() -> None:
    cmp = ancients.compare(["toy", STRONG], runs=200, seed=1,
                           under=["doctrine", "noisy:0.3", "random"])
    rows = {(r.metric, r.side): r for r in cmp.robustness()}
    red = rows[("wins", "red")]
    assert list(red.under) == ["doctrine", "noisy:0.3", "random"]
    deltas = [d.delta for d in red.under.values()]
    # the defender's bonus is the rules' own: the same sign whoever commands
    assert len({np.sign(x) for x in deltas}) == 1
    assert red.holds == all(d.significant for d in red.under.values())
    lines = cmp.robustness_lines()
    assert lines[0] == "under doctrine, noisy:0.3, random:"
    assert any("red wins" in line and "noisy:0.3" in line for line in lines)
    assert "under doctrine, noisy:0.3, random:" in str(cmp)


def _d(delta: float, p: float) -> Difference:
    return Difference("wins", "red", "v", "b", delta, delta - 0.05, delta + 0.05, p, p)


@pytest.mark.parametrize(("under", "holds", "sign", "words"), [
    ({"a": _d(0.1, 0.01), "b": _d(0.08, 0.02)}, True, True, "holds under every commander"),
    ({"a": _d(0.1, 0.01), "b": _d(0.02, 0.4)}, False, True, "significant under a only"),
    ({"a": _d(0.1, 0.01), "b": _d(-0.05, 0.3)}, False, False, "changes sign"),
    ({"a": _d(0.01, 0.6), "b": _d(0.02, 0.4)}, False, True, "significant under none"),
    ({"a": _d(0.0, 1.0), "b": _d(0.02, 0.4)}, False, False, "no sign that holds"),
])
def test_the_verdict_in_words(under: dict[str, Difference], holds: bool, sign: bool,
                              words: str) -> None:
    r = Robustness("v", "b", "wins", "red", under)
    assert (r.holds, r.sign_holds) == (holds, sign)
    assert words in r.verdict() and "a +" in r.verdict()


def test_bad_families_are_refused_before_any_battle() -> None:
    with pytest.raises(SimulationError, match="not both"):
        ancients.compare(["toy", STRONG], runs=5, under=["doctrine"],
                         commanders={"red": "random"})
    with pytest.raises(SimulationError, match="twice"):
        ancients.compare(["toy", STRONG], runs=5, under=["random", "random"])
    with pytest.raises(SimulationError, match="unknown commander 'clever'"):
        ancients.compare(["toy", STRONG], runs=5, under=["doctrine", "clever"])
    with pytest.raises(SimulationError, match="a list of commanders"):
        ancients.compare(["toy", STRONG], runs=5, under="doctrine")
    with pytest.raises(SimulationError, match="several commanders"):
        ancients.compare(["toy", STRONG], runs=5).robustness()


def test_commanders_by_name_in_a_run() -> None:
    r = ancients.simulate("toy", runs=20, seed=2, commanders={"red": "noisy:0.5"})
    assert r.commanders["red"] == "noisy:0.5"
    with pytest.raises(SimulationError, match=r"commander for 'red'.*noisy needs"):
        ancients.simulate("toy", runs=5, commanders={"red": "noisy"})


def test_the_command_line_takes_commanders_by_name_and_a_family(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from ancients.cli import main

    runner = CliRunner()
    out = runner.invoke(main, ["play", "monks_corner", "-s", "phalanx-duel",
                               "-c", "argos=noisy:0.2", "-c", "sparta=random"])
    assert out.exit_code == 0, out.output
    bad = runner.invoke(main, ["play", "monks_corner", "-c", "argos=noisy:2"])
    assert bad.exit_code == 2 and "epsilon is a probability in [0, 1]" in bad.output
    both = ["monks_corner", "monks_corner(melee_opponents=choose)", "-s", "phalanx-duel",
            "-n", "20", "--no-progress"]
    out = runner.invoke(main, ["compare", *both, "--commanders", "doctrine,random"])
    assert out.exit_code == 0, out.output
    assert "robustness, under doctrine, random:" in out.output
    lone = runner.invoke(main, ["compare", *both, "--commanders", "doctrine"])
    assert lone.exit_code == 2 and "two or more commanders" in lone.output
    page = tmp_path / "r.html"
    out = runner.invoke(main, ["report", *both, "--commanders", "doctrine,noisy:0.3",
                               "-o", str(page)])
    assert out.exit_code == 0, out.output
    html = page.read_text(encoding="utf-8")
    assert "<h2>Robustness</h2>" in html and "--commanders doctrine,noisy:0.3" in html
