"""Shared test set-up: registers the test-only toy ruleset; hypothesis profiles."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

from ancients.ruleset import register, unregister

settings.register_profile("ci", max_examples=60, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("long", max_examples=2000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=30, deadline=None)
# ANCIENTS_SLOW=1 runs the long property runs; HYPOTHESIS_PROFILE picks any profile
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE",
                                     "long" if os.environ.get("ANCIENTS_SLOW") else "ci"))


@pytest.fixture(autouse=True, scope="session")
def toy_ruleset() -> Iterator[None]:
    register("toy", "toy:Toy")
    yield
    unregister("toy")
