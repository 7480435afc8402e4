"""The docs' examples run as doctests (the README's ``pytest`` collects ``docs/*.md``).
Each page starts with the registry a user's fresh process has (the example toy ruleset
not registered, whatever the tests registered) and leaves it as it found it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ancients.ruleset import register, ruleset_class, rulesets, unregister


@pytest.fixture(autouse=True)
def _registry_left_as_it_was() -> Iterator[None]:
    before = ruleset_class("toy") if "toy" in rulesets() else None
    unregister("toy")
    yield
    unregister("toy")
    if before is not None:
        register(before)
