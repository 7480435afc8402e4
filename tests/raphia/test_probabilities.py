"""Exact combat odds, and the docs page's table is generated from the current data."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from ancients.raphia.probabilities import MODIFIERS, markdown, odds
from ancients.raphia.tables import load_tables

TABLE = load_tables().combat
DOC = Path(__file__).parents[2] / "docs" / "rulesets" / "raphia.md"


def test_odds_sum_to_one_and_are_monotone() -> None:
    for c in range(len(TABLE.columns)):
        prev = None
        for m in MODIFIERS:
            o = odds(TABLE, c, m)
            assert sum(o.values()) == 1
            hurt = (o["T"] + o["X"], o["X"])
            if prev is not None:
                assert hurt[0] >= prev[0] and hurt[1] >= prev[1]
            prev = hurt


def test_known_values() -> None:
    o = odds(TABLE, TABLE.columns.index("1/1"), 0)
    assert o == {"-": Fraction(21, 36), "T": Fraction(12, 36), "X": Fraction(3, 36)}
    assert odds(TABLE, 7, 0, x_to_t=True)["X"] == 0


def test_docs_table_is_current() -> None:
    assert markdown(TABLE) in DOC.read_text()
