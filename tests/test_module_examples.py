"""The examples in every module's docstrings run (the core's, each ruleset's, the
testing helpers')."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import ancients

MODULES = sorted(m.name for m in pkgutil.walk_packages(ancients.__path__, "ancients."))


@pytest.mark.parametrize("name", MODULES)
def test_module_examples_run(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_every_package_is_walked() -> None:
    finder = doctest.DocTestFinder()
    with_examples = {n for n in MODULES
                     if any(t.examples for t in finder.find(importlib.import_module(n)))}
    assert {"ancients.versioned", "ancients.tabletop.placed", "ancients.testing.placement",
            "ancients.hoplomachia.belos", "ancients.raphia"} <= with_examples
