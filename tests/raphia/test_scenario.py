"""§2 deployment: the historical scenario and the legality checks at load time."""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any

import pytest

import ancients
from ancients.errors import ScenarioError


def _doc() -> dict[str, Any]:
    f = resources.files("ancients.raphia.scenarios").joinpath("raphia-217bc.toml")
    return tomllib.loads(f.read_text())


def test_default_scenario_deploys_every_counter() -> None:
    rs = ancients.ruleset("raphia")
    sc = rs.scenario()
    assert sc.name == "raphia-217bc" and sc.sides == ("ptolemaic", "seleucid")
    b = rs.new_battle(sc, seed=1)
    assert len(b.units()) == 124


def _broken(change: Any) -> ScenarioError:
    doc = _doc()
    change(doc)
    with pytest.raises(ScenarioError) as e:
        ancients.ruleset("raphia").parse_scenario(doc, "mine.toml")
    assert e.value.source == "mine.toml"
    return e.value


def test_phalanx_must_stand_behind_the_line() -> None:
    def move(doc: dict[str, Any]) -> None:
        doc["stack"][9]["hex"] = "1310"  # a Phal. Mace stack one hex in front
    err = _broken(move)
    assert err.field == "stack[9].hex" and "phalanx" in str(err)


def test_semi_heavy_may_not_deploy_in_front() -> None:
    def move(doc: dict[str, Any]) -> None:
        doc["stack"][5]["hex"] = "1307"  # the Agema
    assert _broken(move).field == "stack[5].hex"


def test_light_troops_at_most_two_hexes_in_front() -> None:
    def move(doc: dict[str, Any]) -> None:
        doc["stack"][4]["hex"] = "1506"  # Cretans three hexes out
    assert _broken(move).field == "stack[4].hex"


def test_reserves_may_not_be_phalanxes_but_may_be_cavalry() -> None:
    def phal(doc: dict[str, Any]) -> None:
        doc["stack"][9]["hex"] = "1010"
    assert _broken(phal).field == "stack[9].hex"
    doc = _doc()
    doc["stack"][3]["hex"] = "0905"
    ancients.ruleset("raphia").parse_scenario(doc, "ok.toml")


def test_stacking_limit_checked() -> None:
    def big(doc: dict[str, Any]) -> None:
        doc["stack"][0]["counters"] += ["P-elephants5"]
        doc["stack"][19]["counters"].remove("P-elephants5")
    err = _broken(big)
    assert err.field == "stack[0].counters" and "§5" in str(err)


def test_unknown_counter_twice_deployed_and_wrong_side() -> None:
    def twice(doc: dict[str, Any]) -> None:
        doc["stack"][1]["counters"] = ["P-elephants1"]
    assert "twice" in str(_broken(twice))

    def wrong(doc: dict[str, Any]) -> None:
        doc["stack"][1]["counters"] = ["S-elephants1"]
    assert "seleucid" in str(_broken(wrong))


def test_phalanx_needs_a_corner_facing_and_others_none() -> None:
    def nofacing(doc: dict[str, Any]) -> None:
        del doc["stack"][9]["facing"]
    assert _broken(nofacing).field == "stack[9].facing"

    def facing(doc: dict[str, Any]) -> None:
        doc["stack"][0]["facing"] = "E"
    assert _broken(facing).field == "stack[0].facing"


def test_impassable_hex_and_typo() -> None:
    def dune(doc: dict[str, Any]) -> None:
        doc["stack"][0]["hex"] = "1302"
    assert "impassable" in str(_broken(dune))

    def typo(doc: dict[str, Any]) -> None:
        doc["stack"][0]["hexx"] = "1304"
    assert _broken(typo).field == "stack[0].hexx"
