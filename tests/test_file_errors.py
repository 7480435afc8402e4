"""Errors about files say what the user gave: the option that names a file, and the
ruleset a scenario file of another ruleset belongs to."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import ancients
from ancients.cli import main
from ancients.errors import ScenarioError

SRC = Path(ancients.__file__).resolve().parent


@pytest.mark.parametrize("command", ["options", "play"])
def test_a_missing_file_of_an_option_names_the_option(command: str) -> None:
    result = CliRunner().invoke(main, [command, "raphia(map=/nope.toml)"])
    assert result.exit_code == 2
    assert result.stderr == ("error: raphia option map=/nope.toml: in /nope.toml: no such "
                             "file\n")


def test_a_bad_file_of_an_option_names_the_option(tmp_path: Path) -> None:
    bad = tmp_path / "map.toml"
    bad.write_text("x = [\n")
    with pytest.raises(ScenarioError, match=r"^raphia option map=.*map\.toml: in .*not valid"):
        ancients.ruleset(f"raphia(map={bad})")
    with pytest.raises(ScenarioError, match=r"^raphia option map=") as caught:
        ancients.ruleset("raphia").with_options(map=str(bad))
    assert caught.value.source == str(bad)  # the file, as before


def test_a_scenario_of_another_ruleset_says_whose_it_is() -> None:
    path = SRC / "monks_corner" / "scenarios" / "mantinea-418bc.toml"
    with pytest.raises(ScenarioError) as caught:
        ancients.ruleset("raphia").scenario(path)
    text = str(caught.value)
    assert "a scenario of monks_corner, not of raphia" in text
    assert f"ancients play monks_corner -s {path}" in text
    assert text.startswith(f"in {path}, at scale: a scenario of monks_corner")
    assert "raphia reads: unknown field" in text and caught.value.field == "scale"


def test_a_scenario_no_ruleset_reads_gets_the_error_alone(tmp_path: Path) -> None:
    path = tmp_path / "odd.toml"
    path.write_text('name = "odd"\nwhat = 1\n')
    with pytest.raises(ScenarioError) as caught:
        ancients.ruleset("raphia").scenario(path)
    assert "a scenario of" not in str(caught.value)
