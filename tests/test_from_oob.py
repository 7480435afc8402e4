"""The core's side of fielding an order of battle: Ruleset.from_oob, simulate/compare's
``battle=``, the CLI's --battle and OOBWarning. Tested with a translator for the example
ruleset, written here."""

from __future__ import annotations

import math
import warnings
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import ancients
from ancients.cli import main
from ancients.errors import OOBWarning, RulesetError, ScenarioError, SimulationError
from ancients.examples.toy import Toy
from ancients.oob import OrderOfBattle
from ancients.ruleset import Translation, register, unregister
from ancients.units import TroopKind


class FieldingToy(Toy):
    """The toy with a translator: a unit per contingent, 1 strength per 1,000 men (at
    least 1, at most 10); elephants, chariots and war engines it has no rules for."""

    name = "fielding_toy"

    def translate_oob(self, oob: OrderOfBattle, **choices: Any) -> Translation:
        per = int(choices.pop("men_per_strength", 1000))
        if choices:
            raise ScenarioError(f"unknown choices {sorted(choices)}")
        units, notes = [], []
        for colour, side in zip(("red", "blue"), oob.sides, strict=True):
            for c in side.contingents:
                if c.kind in (TroopKind.ELEPHANTS, TroopKind.CHARIOTS, TroopKind.WAR_ENGINES):
                    notes.append(f"{c.name}: no {c.kind} in the toy, dropped")
                    continue
                strength = min(10, max(1, math.ceil(c.men.best / per)))
                units.append({"id": f"{colour}-{c.id}", "side": colour, "name": c.name,
                              "kind": str(c.kind), "strength": strength, "morale": 7})
        return Translation({"name": oob.name, "title": oob.title, "turn_limit": 6,
                            "units": units}, notes)


@pytest.fixture
def fielding() -> Iterator[type[FieldingToy]]:
    register(FieldingToy)
    yield FieldingToy
    unregister("fielding_toy")


def test_a_ruleset_without_a_translator_says_so(toy: type[Toy]) -> None:
    rs = ancients.ruleset("toy")
    assert not rs.fields_oob
    with pytest.raises(RulesetError, match="toy cannot field an order of battle"):
        rs.from_oob("mantinea-418bc")


def test_from_oob_takes_a_name_a_battle_or_a_file(fielding: type[FieldingToy],
                                                  tmp_path: Path) -> None:
    rs = ancients.ruleset("fielding_toy")
    assert rs.fields_oob
    by_name = rs.from_oob("mantinea-418bc")
    oob = ancients.battles()["mantinea-418bc"]
    assert rs.from_oob(oob) == by_name
    assert by_name.name == "mantinea-418bc" and by_name.notes == ()
    assert by_name.source == "mantinea-418bc fielded by fielding_toy"
    names = {u.name for u in by_name.parsed.units}
    assert names == {c.name for c in oob.contingents()}
    text = resources.files("ancients.oob.data").joinpath("mantinea-418bc.toml").read_text()
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    assert rs.from_oob(path) == by_name
    assert rs.from_oob(str(path)) == by_name
    with pytest.raises(ScenarioError, match="no built-in battle 'mantinea'"):
        rs.from_oob("mantinea")


def test_what_cannot_be_fielded_is_warned_of_and_noted(fielding: type[FieldingToy]) -> None:
    rs = ancients.ruleset("fielding_toy")
    with pytest.warns(OOBWarning, match=r"fielding_toy, raphia-217bc: .*elephants.*dropped"):
        sc = rs.from_oob("raphia-217bc")
    assert sc.notes and all("dropped" in n for n in sc.notes)
    assert not any(u.kind is TroopKind.ELEPHANTS for u in sc.parsed.units)


def test_a_fielded_battle_saves_and_restores(fielding: type[FieldingToy]) -> None:
    rs = ancients.ruleset("fielding_toy")
    battle = rs.new_battle(rs.from_oob("delium-424bc"), seed=4)
    battle.run()
    again = rs.restore(battle.to_dict())
    assert again.log == battle.log or list(again.log) == list(battle.log)


def test_simulate_and_compare_play_a_battle(fielding: type[FieldingToy], toy: type[Toy]
                                            ) -> None:
    results = ancients.simulate("fielding_toy", battle="mantinea-418bc", runs=6, seed=2)
    assert results.scenario == "mantinea-418bc" and len(results) == 6
    with pytest.raises(SimulationError, match="not both"):
        ancients.simulate("fielding_toy", "duel", battle="mantinea-418bc", runs=2)
    with warnings.catch_warnings():
        warnings.simplefilter("error", OOBWarning)
        cmp = ancients.compare(["fielding_toy", "fielding_toy(defender_bonus=true)"],
                               battle="poteidaia-432bc", runs=4, seed=1)
    assert all(r.scenario == "poteidaia-432bc" for r in cmp.results.values())
    # a ruleset that cannot field the battle is refused before anything is played
    with pytest.raises(RulesetError, match="toy cannot field"):
        ancients.compare(["fielding_toy", "toy"], battle="poteidaia-432bc", runs=4)


def test_cli_battle_option_and_warnings(fielding: type[FieldingToy]) -> None:
    runner = CliRunner()
    out = runner.invoke(main, ["simulate", "fielding_toy", "--battle", "zama-202bc", "-n",
                               "3", "--no-progress", "-j", "1"])
    assert out.exit_code == 0, out.output
    assert "warning: fielding_toy, zama-202bc:" in out.stderr
    assert "elephants" in out.stderr and "zama-202bc" in out.stdout
    out = runner.invoke(main, ["play", "fielding_toy", "-b", "delium-424bc", "--seed", "1"])
    assert out.exit_code == 0, out.output
    assert "Delium" in out.stdout
    out = runner.invoke(main, ["battles"])
    assert out.exit_code == 0 and "mantinea-418bc" in out.stdout
    assert "fielding_toy" in out.stdout



def test_plausibility_report(fielding: type[FieldingToy], toy: type[Toy]) -> None:
    from ancients.workbench.plausibility import history_losses

    report = ancients.plausibility(["mantinea-418bc", "raphia-217bc"],
                                   ["fielding_toy", "toy"], runs=10, seed=3)
    assert [(r.battle, r.ruleset) for r in report.rows] == [
        ("mantinea-418bc", "fielding_toy"), ("raphia-217bc", "fielding_toy")]
    assert ("mantinea-418bc", "toy", "no translator") in report.skipped
    row = report.rows[0]
    assert row.historical_winner == "sparta" and row.runs == 10
    assert row.p_winner is not None and row.p_winner[1] <= row.p_winner[0] <= row.p_winner[2]
    # history: Argives 1,100 of 8,900 men killed, Lacedaemonians 300 of 9,984
    best, low, high = history_losses(ancients.battles()["mantinea-418bc"])["argos"]
    assert best == pytest.approx(1100 / 8900) and low <= best <= high
    assert row.history["sparta"][0] == pytest.approx(300 / 9984)
    assert row.history_ratio == pytest.approx((300 / 9984) / (1100 / 8900))
    # Zama: Carthage's killed and captured (up to 40,000) may pass its fewest men counted
    zama = history_losses(ancients.battles()["zama-202bc"])["carthage"]
    assert zama[2] == 1.0 and zama[1] <= zama[0] <= 1.0
    # the toy fields them as red and blue, not the battle's sides: the mapping is checked
    assert set(row.sides) == {"sparta", "argos"}
    assert any("elephants" in n for n in report.rows[1].notes)
    text = report.to_markdown()
    assert "| mantinea-418bc | fielding_toy (rev. 1) |" in text and "Not fielded:" in text


def test_plausibility_command(fielding: type[FieldingToy], tmp_path: Path) -> None:
    page = tmp_path / "plausibility.md"
    out = CliRunner().invoke(main, ["plausibility", "-b", "poteidaia-432bc", "-r",
                                    "fielding_toy", "-n", "4", "-j", "1", "--no-progress",
                                    "--markdown", str(page)])
    assert out.exit_code == 0, out.output
    assert "poteidaia-432bc" in out.stdout and "athens" in out.stdout
    text = page.read_text()
    assert text.startswith("# Plausibility") and "ancients plausibility" in text
    assert "fielding_toy 1" in text  # its rules revision


def test_plausibility_page_keeps_what_is_written_around_the_report(
        fielding: type[FieldingToy], tmp_path: Path) -> None:
    from ancients.workbench.plausibility import BEGIN, END

    page = tmp_path / "plausibility.md"
    page.write_text(f"# Mine\n\nIntro.\n\n{BEGIN}\nold table\n{END}\n\n## Reading\n\nKept.\n")
    out = CliRunner().invoke(main, ["plausibility", "-b", "poteidaia-432bc", "-r",
                                    "fielding_toy", "-n", "2", "-j", "1", "--no-progress",
                                    "--markdown", str(page)])
    assert out.exit_code == 0, out.output
    text = page.read_text()
    assert text.startswith("# Mine\n\nIntro.\n\n" + BEGIN)
    assert text.endswith(END + "\n\n## Reading\n\nKept.\n")
    assert "old table" not in text and "| poteidaia-432bc | fielding_toy (rev. 1) |" in text
