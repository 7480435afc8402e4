"""Fixtures for the Raphia tests."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from .helpers import Stage


@pytest.fixture
def stage() -> Callable[..., Stage]:
    return Stage
