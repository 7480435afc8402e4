"""What a ruleset drops or adjusts to field an order of battle is told once, as one line
of text: from Python and on the command line."""

from __future__ import annotations

import subprocess
import sys
import warnings

import pytest
from click.testing import CliRunner

import ancients
from ancients.cli import main
from ancients.errors import OOBWarning


def test_each_warning_once_as_one_line_of_text() -> None:
    code = ("import ancients\n"
            "ancients.compare(['raphia', 'raphia(edition=1990)'], battle='mantinea-418bc', "
            "runs=2)\n"
            "ancients.simulate('raphia', battle='mantinea-418bc', runs=2)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, timeout=300)
    lines = done.stderr.splitlines()
    assert lines and all(x.startswith("OOBWarning: raphia, mantinea-418bc: ") for x in lines)
    assert len(lines) == len(set(lines))  # each once, though fielded three times
    assert "from_oob" not in done.stderr and ".py:" not in done.stderr


def test_a_warning_is_still_caught_each_time_it_is_asked_for() -> None:
    for _ in range(2):
        with pytest.warns(OOBWarning, match="mantinea-418bc"):
            ancients.ruleset("raphia").from_oob("mantinea-418bc")
    other = warnings.formatwarning("other", UserWarning, "f.py", 3)  # as Python does
    assert other.startswith("f.py:3: UserWarning: other")


def test_the_command_line_tells_each_once() -> None:
    result = CliRunner().invoke(main, ["compare", "raphia", "raphia(edition=1990)", "-b",
                                       "mantinea-418bc", "-n", "2", "-j", "1",
                                       "--no-progress"])
    assert result.exit_code == 0, result.output
    told = [x for x in result.stderr.splitlines() if x.startswith("warning: ")]
    assert told and len(told) == len(set(told))
