"""The examples in the Burgess modules' docstrings run."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import ancients.burgess

MODULES = sorted(m.name for m in pkgutil.iter_modules(ancients.burgess.__path__,
                                                       "ancients.burgess."))


@pytest.mark.parametrize("name", MODULES)
def test_module_examples_run(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
