"""The tables read from raw documents (a variant's, its parameters applied), every table
built on them, and the table play's own numbers (``data/table.toml``)."""

from __future__ import annotations

import copy
import tomllib
from importlib import resources
from typing import Any

import pytest

from ancients.burgess.missiles import Band
from ancients.burgess.options import BurgessOptions
from ancients.burgess.rules import FILES, build_rules, file_of, load_rules
from ancients.burgess.tablerules import load_table
from ancients.burgess.troops import TroopClass, Weapon
from ancients.errors import ScenarioError


def raw(name: str) -> dict[str, Any]:
    text = resources.files("ancients.burgess.data").joinpath(name).read_text("utf-8")
    return tomllib.loads(text)


def test_a_raw_document_replaces_its_file_and_the_tables_built_on_it() -> None:
    missiles = raw("missiles.toml")
    missiles["ranges"]["longbow"]["long"] = 20
    troops = raw("troops.toml")
    troops["class"]["HV INF"]["move"] = 5
    rules = build_rules(BurgessOptions(), {"missiles": missiles, "troops": troops})
    assert rules.fire.ranges[Weapon.LONGBOW][Band.LONG] == 20
    assert rules.troops[TroopClass.HV_INF].move == 5
    # the tables that read the troops read these troops
    for table in (rules.movement.troops, rules.fire.troops, rules.melee.troops,
                  rules.casualties.troops, rules.chariots.troops, rules.elephants.troops):
        assert table[TroopClass.HV_INF].move == 5
    plain = load_rules()
    assert plain.fire.ranges[Weapon.LONGBOW][Band.LONG] == 24
    assert build_rules(BurgessOptions(), {}) is plain


def test_a_bad_document_is_refused_naming_the_file_and_field() -> None:
    missiles = copy.deepcopy(raw("missiles.toml"))
    missiles["ranges"]["longbow"]["long"] = 2
    with pytest.raises(ScenarioError, match=r"missiles\.toml \(variant\).*ranges\.longbow"):
        build_rules(BurgessOptions(), {"missiles": missiles})
    with pytest.raises(ValueError, match="no Burgess data file"):
        build_rules(BurgessOptions(), {"nonsense": {}})


def test_the_elephant_prefix_is_the_file_of_the_option() -> None:
    assert file_of("elephants", BurgessOptions()) == "elephants.toml"
    assert file_of("elephants", BurgessOptions(elephants="tempered")) == \
        "elephants_tempered.toml"
    assert "table" in FILES and file_of("table", BurgessOptions()) == "table.toml"


def test_the_table_plays_numbers() -> None:
    t = load_table()
    assert t.bases[TroopClass.LT_CAV] == (0.75, 1.5)
    assert t.charge_arc.half_angle == 45.0 and t.keep_off == 0.25
    assert t.enter_buildings == {TroopClass.HV_INF, TroopClass.LT_INF}
    assert t.crew_save.probability() == pytest.approx(1 / 6)
    assert t.provenance.reconstructed
    doc = raw("table.toml")
    doc["bases"]["chariots"] = [1.5]
    with pytest.raises(ScenarioError, match=r"bases\.chariots"):
        load_table(doc)
