"""The docs' examples run as doctests (the README's ``pytest`` collects ``docs/*.md``).
A page that registers the example toy ruleset leaves the registry as it found it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ancients.ruleset import unregister


@pytest.fixture(autouse=True)
def _registry_left_clean() -> Iterator[None]:
    yield
    unregister("toy")
