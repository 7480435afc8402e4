"""The ``ancients`` command: its commands, one error style, output paths checked before
any battle, and output that is neither wrapped nor cut when it is not a terminal."""

from __future__ import annotations

import json
import os
from pathlib import Path

import attrs
import click
import pytest
from click.testing import CliRunner, Result

import ancients
from ancients.cli import main
from ancients.ruleset import Ruleset, describe_option, ruleset_class

pytestmark = pytest.mark.usefixtures("toy")


def _run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def _is_one_error_line(result: Result, text: str) -> bool:
    return (result.exit_code == 2 and result.stdout == ""
            and result.stderr.count("\n") == 1 and result.stderr.startswith("error: ")
            and text in result.stderr and "Traceback" not in result.output)


def test_list() -> None:
    result = _run("list")
    assert result.exit_code == 0, result.output
    assert "toy" in result.output and "duel" in result.output


def test_play_writes_log_and_svg(tmp_path: Path) -> None:
    log, svg = tmp_path / "b.jsonl", tmp_path / "b.svg"
    result = _run("play", "toy", "--seed", "3", "--log", str(log), "--svg", str(svg))
    assert result.exit_code == 0, result.output
    assert "Turn 1" in result.output and ("wins" in result.output or "draw" in result.output)
    assert json.loads(log.read_text().splitlines()[-1])["kind"] == "end"
    assert svg.read_text().startswith("<svg")


def test_simulate_with_csv(tmp_path: Path) -> None:
    csv = tmp_path / "rows.csv"
    result = _run("simulate", "toy", "-n", "40", "--jobs", "2", "--seed", "4", "--csv",
                  str(csv), "-c", "blue=random", "--no-progress")
    assert result.exit_code == 0, result.output
    assert "red wins" in result.output and "40 battles" in result.output
    assert "Student's t" in result.output  # the note on the intervals
    assert len(csv.read_text().splitlines()) == 41


def test_simulate_with_no_runs_plays_to_five_points() -> None:
    """The quickstart: ``simulate`` given neither --runs nor --precision stops at +-5
    points (and says so); given --runs it plays exactly that many."""
    quick = _run("simulate", "toy", "--jobs", "1", "--no-progress")
    assert quick.exit_code == 0, quick.output
    assert "known to +-5.0% (95 %)" in quick.output and "1000 battles" not in quick.output
    sized = _run("simulate", "toy", "-n", "40", "--jobs", "1", "--no-progress")
    assert "40 battles" in sized.output and "known to" not in sized.output


def test_compare_side_by_side() -> None:
    result = CliRunner().invoke(main, ["compare", "toy", "toy(defender_bonus=true)", "-n", "20",
                                       "--jobs", "1", "--seed", "4", "--no-progress"],
                                env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "20 battles each, seed 4" in result.output
    header = next(line for line in result.output.splitlines() if "defender_bonus" in line)
    assert header.index("toy") < header.index("toy(defender_bonus=true)")
    assert "red wins" in result.output and "blue wins" in result.output


@pytest.mark.parametrize(("args", "text"), [
    (["play", "nosuch"], "unknown ruleset 'nosuch'"),
    (["simulate", "toy(turn_limit=x)"], "is not an integer"),
    (["play", "toy", "-s", "nope"], "no scenario 'nope'"),
    (["simulate", "toy", "-c", "blue=genius"], "unknown commander 'genius'; the commanders are"),
    (["simulate", "toy", "-c", "blue"], "expected SIDE=NAME (doctrine, random, noisy:0.2"),
    (["simulate", "toy", "-c", "green=random"], "an unknown side 'green'"),
    (["play", "toy", "-c", "green=random"], "an unknown side 'green'"),
    (["compare", "toy"], "two or more"),
    (["compare", "toy", "toy(turn_limit=0)"], "same variant"),
    (["compare", "toy", "nosuch"], "unknown ruleset 'nosuch'"),
    (["options", "toy(stance=reckless)"], "is not one of bold, cautious"),
    # click's own usage errors, in the same style
    (["nosuch"], "no such command 'nosuch'"),
    (["compare"], "missing argument 'SPECS...'"),
    (["simulate", "toy", "-n", "0"], "0 is not in the range x>=1"),
    (["simulate", "toy", "--bogus"], "no such option"),
    (["play", "toy", "--seed", "-1"], "'--seed'"),
    (["options"], "missing argument 'SPEC'"),
])
def test_every_error_is_one_line_and_exit_status_2(args: list[str], text: str) -> None:
    result = _run(*args)
    assert _is_one_error_line(result, text), (result.exit_code, result.output)


# -- output paths ----------------------------------------------------------------------------
@pytest.fixture
def no_battle(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any battle played fails the test: the paths must be refused before."""
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a battle was played before the output path was checked")

    monkeypatch.setattr(Ruleset, "new_battle", refuse)


def _unwritable_paths(tmp_path: Path) -> list[tuple[Path, str]]:
    cases = [(tmp_path / "missing" / "out.txt", "there is no directory"),
             (tmp_path, "it is a directory"),
             (tmp_path / "file.txt" / "out.txt", "is not a directory")]
    (tmp_path / "file.txt").write_text("x")
    if os.geteuid() != 0:
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o500)
        cases.append((locked / "out.txt", "permission denied"))
    elif Path("/sys").is_dir():  # root may write anywhere but here
        cases.append((Path("/sys/ancients-out.txt"), "permission denied"))
    return cases


@pytest.mark.usefixtures("no_battle")
@pytest.mark.parametrize("command", [
    ["simulate", "toy", "-n", "50", "--jobs", "1", "--no-progress", "--csv"],
    ["play", "toy", "--log"],
    ["play", "toy", "--svg"],
])
def test_unwritable_output_paths_are_refused_before_any_battle(
        tmp_path: Path, command: list[str]) -> None:
    for path, why in _unwritable_paths(tmp_path):
        result = _run(*command, str(path))
        assert _is_one_error_line(result, f"cannot write '{path}': "), result.output
        assert why in result.stderr
        assert not (tmp_path / "missing").exists()


def test_a_writable_path_is_left_as_it_was(tmp_path: Path) -> None:
    from ancients.cli import unwritable

    new, old = tmp_path / "new.csv", tmp_path / "old.csv"
    old.write_text("kept")
    assert unwritable(new) is None and not new.exists()
    assert unwritable(old) is None and old.read_text() == "kept"


# -- options ---------------------------------------------------------------------------------
def test_options_of_a_name_and_of_a_spec() -> None:
    plain = _run("options", "toy")
    assert plain.exit_code == 0, plain.output
    assert "*" not in plain.output and "value " not in plain.output
    spec = _run("options", "toy(stance=cautious, turn_limit=4)")
    assert spec.exit_code == 0, spec.output
    rows = {line.split()[1]: line for line in spec.output.splitlines()
            if line.startswith("│")}
    assert "cautious *" in rows["stance"] and "4 *" in rows["turn_limit"]
    assert "false" in rows["defender_bonus"] and "*" not in rows["defender_bonus"]
    assert "* differs from the default" in spec.output
    assert spec.output.startswith("toy(turn_limit=4, stance=cautious): Toy skirmish")


def test_every_option_of_every_installed_ruleset_has_help() -> None:
    missing = [f"{name}.{f.name}" for name in ancients.rulesets()
               for f in attrs.fields(ruleset_class(name).Options)
               if not describe_option(ruleset_class(name).Options, f.name)[3].strip()]
    assert missing == []


# -- not a terminal --------------------------------------------------------------------------
def test_list_and_options_are_not_cut_when_piped() -> None:
    listing = _run("list").output
    for name in ancients.rulesets():
        options = attrs.fields(ruleset_class(name).Options)
        line = next(line for line in listing.splitlines() if f" {name} " in line)
        assert ", ".join(f.name for f in options) in line  # whole, on the ruleset's line
        described = _run("options", name).output
        for f in options:
            helptext = describe_option(ruleset_class(name).Options, f.name)[3]
            assert any(helptext in line for line in described.splitlines()), f.name


@pytest.mark.parametrize(("spec", "scenario"), [("raphia", "raphia-217bc"),
                                                ("monks_corner", "mantinea-418bc")])
def test_the_narrative_is_not_wrapped_when_piped(spec: str, scenario: str) -> None:
    result = _run("play", spec, "-s", scenario, "--seed", "2")
    assert result.exit_code == 0, result.output
    lines = set(result.output.splitlines())
    battle = ancients.ruleset(spec).new_battle(scenario, seed=2)
    battle.run()
    messages = [e.message for e in battle.log if e.kind not in ("phase", "end")]
    assert max(len(m) for m in messages) > 80  # something a terminal's width would wrap
    assert all(f"    {m}" in lines for m in messages)


def test_help_texts_have_no_markup() -> None:
    commands = [[], *([name] for name in main.commands)]
    for command in commands:
        text = _run(*command, "--help").output
        assert "``" not in text and "\b" not in text and ":meth:" not in text, command
    group = main
    assert isinstance(group, click.Group)
    for name, sub in group.commands.items():
        for param in sub.params:
            if isinstance(param, click.Option) and param.name != "help":
                assert param.help, f"{name} {param.opts}"


# -- play -------------------------------------------------------------------------------------
def test_play_takes_commanders_like_simulate() -> None:
    doctrine = _run("play", "toy", "--seed", "5")
    random = _run("play", "toy", "--seed", "5", "-c", "red=random", "-c", "blue=random")
    explicit = _run("play", "toy", "--seed", "5", "-c", "red=doctrine")
    assert doctrine.exit_code == random.exit_code == explicit.exit_code == 0
    assert random.output != doctrine.output and explicit.output == doctrine.output


def test_play_explains_each_term_once_where_it_first_appears() -> None:
    from ancients.examples.toy.battle import GLOSSARY

    result = _run("play", "toy", "--seed", "3")
    lines = result.output.splitlines()
    for term, text in GLOSSARY.items():
        explanation = f"      {term}: {text}"
        assert lines.count(explanation) == 1, term
        at = lines.index(explanation)
        used = [i for i, line in enumerate(lines) if line.startswith("    ")
                and not line.startswith("      ") and term in line]
        assert used and used[0] == at - 1 - sum(  # right under the first line using it
            1 for line in lines[used[0] + 1:at] if line.startswith("      "))
