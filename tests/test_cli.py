from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ancients.cli import main

pytestmark = pytest.mark.usefixtures("toy")


def test_list() -> None:
    result = CliRunner().invoke(main, ["list"])
    assert result.exit_code == 0, result.output
    assert "toy" in result.output and "duel" in result.output


def test_play_writes_log_and_svg(tmp_path: Path) -> None:
    log, svg = tmp_path / "b.jsonl", tmp_path / "b.svg"
    result = CliRunner().invoke(main, ["play", "toy", "--seed", "3", "--log", str(log),
                                       "--svg", str(svg)])
    assert result.exit_code == 0, result.output
    assert "Turn 1" in result.output and ("wins" in result.output or "draw" in result.output)
    assert json.loads(log.read_text().splitlines()[-1])["kind"] == "end"
    assert svg.read_text().startswith("<svg")


def test_simulate_with_csv(tmp_path: Path) -> None:
    csv = tmp_path / "rows.csv"
    result = CliRunner().invoke(main, ["simulate", "toy", "-n", "40", "--jobs", "2", "--seed",
                                       "4", "--csv", str(csv), "-c", "blue=random",
                                       "--no-progress"])
    assert result.exit_code == 0, result.output
    assert "red wins" in result.output and "40 battles" in result.output
    assert len(csv.read_text().splitlines()) == 41


def test_compare_side_by_side() -> None:
    result = CliRunner().invoke(main, ["compare", "toy", "toy(defender_bonus=true)", "-n", "20",
                                       "--jobs", "1", "--seed", "4", "--no-progress"],
                                env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "20 battles each, seed 4" in result.output
    header = next(line for line in result.output.splitlines() if "defender_bonus" in line)
    assert header.index("toy") < header.index("toy(defender_bonus=true)")
    assert "red wins" in result.output and "blue wins" in result.output


def test_errors_are_one_clean_line() -> None:
    for args, text in ((["play", "nosuch"], "unknown ruleset 'nosuch'"),
                       (["simulate", "toy(turn_limit=x)"], "is not an integer"),
                       (["play", "toy", "-s", "nope"], "no scenario 'nope'")):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 2
        assert text in result.output and "Traceback" not in result.output
    bad = CliRunner().invoke(main, ["simulate", "toy", "-c", "blue=genius"])
    assert bad.exit_code == 2 and "SIDE=doctrine" in bad.output
    for args, text in ((["compare", "toy"], "two or more"),
                       (["compare", "toy", "toy(turn_limit=0)"], "same variant"),
                       (["compare", "toy", "nosuch"], "unknown ruleset 'nosuch'")):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 2, result.output
        assert text in result.output and "Traceback" not in result.output
