"""The core's die tables (:mod:`ancients.dietables`) and data-file reading
(:mod:`ancients.rulesdata`) that the tabletop rulesets share."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ancients.dice import DiceSpec, pmf
from ancients.dietables import (
    Better,
    DieChart,
    DieTable,
    read_dice_spec,
    read_die_chart,
    read_die_table,
)
from ancients.errors import RuleError, ScenarioError
from ancients.rulesdata import Provenance, load_document
from ancients.scenario import Field


def test_a_chart_reads_a_total_and_its_ends_hold_beyond_them() -> None:
    chart = DieChart(DiceSpec(2, 6), tuple(range(2, 13)))
    assert chart(7) == 7 and chart(1) == 2 and chart(15) == 12
    assert chart.odds() == pmf("2d6")
    assert chart.odds(+20) == {12: Fraction(1)}
    with pytest.raises(RuleError, match="needs 11 values"):
        DieChart(DiceSpec(2, 6), (1, 2, 3))


def test_a_table_and_a_chart_read_from_a_document_name_the_bad_field() -> None:
    doc = Field.root({"reconstructed": True, "reason": "a test", "dice": "1d6",
                      "faces": {"1-3": "low", "4-6": "high"}, "chart": [1, 2, 3]},
                     source="test.toml")
    table = read_die_table(doc, "t", 6, lambda f: f.as_str(), Better.HIGH)
    assert table.rows == ("low",) * 3 + ("high",) * 3 and table.reconstructed
    assert table.odds(+1) == {"low": Fraction(1, 3), "high": Fraction(2, 3)}
    assert isinstance(table, DieTable)
    with pytest.raises(ScenarioError, match=r"test.toml, at chart: needs 6 values"):
        read_die_chart(doc["chart"], read_dice_spec(doc["dice"]), lambda f: f.as_int())
    bad = Field.root({"faces": {"1-3": "low", "3-6": "high"}, "reconstructed": False,
                      "reason": ""}, source="bad.toml")
    with pytest.raises(ScenarioError, match=r"bad.toml.*given twice"):
        read_die_table(bad, "t", 6, lambda f: f.as_str())


def test_a_variant_document_is_read_as_the_built_in_file_of_its_name() -> None:
    doc = load_document("ancients.burgess.data", "flank.toml",
                        {"reconstructed": False, "reason": "printed"})
    assert doc.source == "ancients.burgess.data/flank.toml (variant)"
    assert Provenance.of(doc) == Provenance(False, "printed")


def test_every_table_stating_its_provenance_is_found_with_its_path() -> None:
    from ancients.rulesdata import provenances

    doc = {"reconstructed": False, "reason": "printed",
           "class": {"HV war engine": {"move": 6, "reconstructed": True, "reason": "r"}},
           "rows": [{"reconstructed": True, "reason": "s"}, {"x": 1}]}
    assert list(provenances(doc)) == [("", False, "printed"),
                                      ('class."HV war engine"', True, "r"),
                                      ("rows[0]", True, "s")]
