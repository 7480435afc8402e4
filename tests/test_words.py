"""The English the core builds from counts and reasons."""

from __future__ import annotations

import pytest

from ancients._words import count, names
from ancients.battle import Outcome
from ancients.testing.conformance import CheckReport


def test_count_and_names() -> None:
    assert [count(n, "turn") for n in (0, 1, 2)] == ["0 turns", "1 turn", "2 turns"]
    assert count(1, "army", "armies") == "1 army" and count(3, "army", "armies") == "3 armies"
    assert names([]) == "" and names(["a"]) == "'a'"
    assert names(["a", "b"]) == "'a' and 'b'" and names("abc", "or") == "'a', 'b' or 'c'"


@pytest.mark.parametrize(("turns", "text"), [(1, "after 1 turn;"), (8, "after 8 turns;")])
def test_outcome_counts_its_turns(turns: int, text: str) -> None:
    o = Outcome("red", "army withdrew", turns, {"red": 1.0})
    assert f"red wins (army withdrew) {text}" in str(o)


def test_conformance_report_counts() -> None:
    report = CheckReport("toy", "duel", battles=1, steps=1, decisions=1, illegal_checked=1,
                         replays_checked=1)
    assert str(report) == ("toy / duel: 1 battle, 1 step, 1 decision, 1 illegal answer "
                           "refused, 1 replay matched; results: none")
