"""The core's conformance suite, with the ruleset's own invariants plugged in."""

from __future__ import annotations

import os

import pytest

from ancients.testing import check_ruleset

BATTLES = 20 if os.environ.get("ANCIENTS_SLOW") else 3


@pytest.mark.parametrize("spec", ["raphia", "raphia(edition=1990)",
                                  "raphia(egyptian_morale=championship)"])
def test_check_ruleset(spec: str) -> None:
    report = check_ruleset(spec, battles=BATTLES, seed=11)
    assert report.battles == BATTLES and report.illegal_checked > 0
