"""The docs' examples run as doctests; they use the test suite's toy ruleset so they run
wherever the test suite does."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from ancients.ruleset import register, unregister  # noqa: E402


@pytest.fixture(autouse=True, scope="session")
def _toy() -> Iterator[None]:
    register("toy", "toy:Toy")
    yield
    unregister("toy")
