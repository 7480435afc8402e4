"""The examples in the modules' docstrings run."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["andreia", "arete", "armies", "belos", "command", "epidromos", "melee",
           "movement", "rituals", "rules", "situations", "strategoi"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"ancients.hoplomachia.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
