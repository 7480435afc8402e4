"""Shared test set-up: the example toy ruleset registered for the tests that ask for it
(``pytestmark = pytest.mark.usefixtures("toy")``); hypothesis profiles."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

from ancients.examples.toy import Toy
from ancients.ruleset import register, unregister

settings.register_profile("ci", max_examples=60, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("long", max_examples=2000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=30, deadline=None)
# ANCIENTS_SLOW=1 runs the long property runs; HYPOTHESIS_PROFILE picks any profile
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE",
                                     "long" if os.environ.get("ANCIENTS_SLOW") else "ci"))


@pytest.fixture(scope="session")
def toy() -> Iterator[type[Toy]]:
    """``ancients.examples.toy`` registered as ``"toy"`` (it is not by default)."""
    register(Toy)
    yield Toy
    unregister("toy")
