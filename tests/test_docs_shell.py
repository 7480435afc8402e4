"""The docs' shell examples run as written, as their Python ones do: every line of a
``sh`` block of the pages below, in a fresh directory, ``export`` lines setting the
environment the later lines see."""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from ancients.cli import main
from ancients.ruleset import register, ruleset_class, rulesets, unregister

DOCS = Path(__file__).resolve().parent.parent / "docs"
#: the pages whose shell examples run in a test (the others need a cluster, or hours)
PAGES = ("workbench.md",)
_BLOCK = re.compile(r"^```sh\n(.*?)^```", re.S | re.M)


@pytest.fixture(autouse=True)
def _registry_left_as_it_was() -> Iterator[None]:
    before = ruleset_class("toy") if "toy" in rulesets() else None
    yield
    unregister("toy")
    if before is not None:
        register(before)


def shell_lines(page: Path) -> list[str]:
    """Every command of the page's ``sh`` blocks, in order."""
    return [line.strip() for block in _BLOCK.findall(page.read_text(encoding="utf-8"))
            for line in block.splitlines() if line.strip() and not line.startswith("#")]


@pytest.mark.parametrize("name", PAGES)
def test_the_shell_examples_run(name: str, tmp_path: Path,
                                monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("matplotlib")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ANCIENTS_PLUGINS", raising=False)
    unregister("toy")  # as a user's fresh shell: only what the page says is loaded
    lines = shell_lines(DOCS / name)
    assert lines, f"{name} has no shell examples"
    runner = CliRunner()
    for line in lines:
        words = shlex.split(line)
        if words[0] == "export":
            key, _, value = words[1].partition("=")
            monkeypatch.setenv(key, value)
            continue
        assert words[0] == "ancients", f"{name}: not a command of ancients: {line}"
        result = runner.invoke(main, words[1:])
        assert result.exit_code == 0, f"{name}: {line}\n{result.output}"


def test_a_ruleset_is_reached_by_plugin_or_environment(
        monkeypatch: pytest.MonkeyPatch) -> None:
    unregister("toy")
    monkeypatch.delenv("ANCIENTS_PLUGINS", raising=False)
    runner = CliRunner()
    gone = runner.invoke(main, ["parameters", "toy"])
    assert gone.exit_code == 2 and "unknown ruleset 'toy'" in gone.stderr
    found = runner.invoke(main, ["--plugin", "ancients.examples.toy:Toy", "parameters", "toy"])
    assert found.exit_code == 0 and "rules.combat.loss" in found.output
    unregister("toy")
    monkeypatch.setenv("ANCIENTS_PLUGINS", "ancients.examples.toy:Toy")
    assert runner.invoke(main, ["options", "toy"]).exit_code == 0
    monkeypatch.setenv("ANCIENTS_PLUGINS", "ancients.nothing:Here")
    bad = runner.invoke(main, ["list"])
    assert bad.exit_code == 2 and "$ANCIENTS_PLUGINS" in bad.stderr
    bad = runner.invoke(main, ["--plugin", "ancients.examples.toy", "list"])
    assert bad.exit_code == 2 and "expected MODULE:CLASS" in bad.stderr
