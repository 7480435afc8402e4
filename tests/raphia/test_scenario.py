"""§2 deployment: the historical scenario and the legality checks at load time."""

from __future__ import annotations

import re
import tomllib
from importlib import resources
from typing import Any

import pytest

import ancients
from ancients.battle import RandomCommander
from ancients.errors import ScenarioError
from ancients.raphia.battle import RaphiaBattle
from ancients.raphia.ruleset import Raphia

from .helpers import own_scenario


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


# -- a scenario's own map, counters, sides and tie ------------------------------------
def test_a_scenario_may_bring_its_own_map_counters_and_sides() -> None:
    rs = ancients.ruleset("raphia")
    sc = rs.parse_scenario(own_scenario(), "skirmish.toml")
    assert sc.sides == ("athens", "sparta")
    for commanders in ({}, {s: RandomCommander() for s in sc.sides}):
        battle = rs.new_battle(sc, seed=3, commanders=commanders)
        outcome = battle.run()
        assert battle.sides == ("athens", "sparta") and outcome.turns == 8
        assert outcome.winner in ("athens", "sparta", None)
        assert {u.side for u in battle.units()} == {"athens", "sparta"}
        assert {e.side for e in battle.log if e.side} <= {"athens", "sparta"}
        assert list(rs.invariants(battle)) == []
    first = next(e for e in battle.log if e.kind == "initiative")
    assert first.message.startswith("initiative: athens rolls")
    svg = battle.to_svg()
    assert "Athens army" in svg and "Sparta army" in svg
    # the built-in counter sheet and map are left alone
    assert isinstance(rs, Raphia) and "hoplites1" not in rs.data.counters
    again = rs.restore(battle.to_dict(), commanders={s: RandomCommander() for s in sc.sides})
    assert again.log.to_jsonl() == battle.log.to_jsonl()


def test_the_tie_of_victory_points() -> None:
    rs = ancients.ruleset("raphia")
    # by default the victory table's (the Seleucid player), if the scenario has that
    # side; else a tie is a draw
    assert rs.scenario().parsed.tie == "seleucid"
    assert rs.parse_scenario(own_scenario(), "a").parsed.tie is None
    assert rs.parse_scenario(own_scenario(tie="sparta"), "b").parsed.tie == "sparta"
    assert rs.parse_scenario(own_scenario(tie="draw"), "c").parsed.tie is None
    doc = _doc() | {"tie": "draw"}
    assert rs.parse_scenario(doc, "d").parsed.tie is None
    with pytest.raises(ScenarioError, match="'rome' is not one of") as e:
        rs.parse_scenario(own_scenario(tie="rome"), "e")
    assert e.value.field == "tie"
    # a drawn battle is logged and has no winner
    battle = rs.new_battle(rs.parse_scenario(own_scenario(tie="draw", stack=[
        {"side": "athens", "hex": "0502", "facing": "E", "counters": ["hoplites1"]},
        {"side": "sparta", "hex": "0808", "facing": "W", "counters": ["spartiates1"]}]),
        "f"), seed=1,
        commanders={"athens": None, "sparta": None})
    # (the two stacks never meet if no one moves)
    while not battle.finished:
        if battle.pending is not None:
            options = battle.pending.options
            battle.decide(next((o for o in options if str(o) in ("hold", "no more attacks",
                                                                  "stay in rout")),
                               options[0]))
        else:
            battle.step()
    assert battle.outcome is not None and battle.outcome.winner is None
    end = next(e for e in battle.log if e.kind == "victory")
    assert "a draw" in end.message and end.data["winner"] is None


def test_the_egyptian_rule_follows_the_counters_side() -> None:
    rs = ancients.ruleset("raphia")
    battle = rs.new_battle(rs.parse_scenario(own_scenario(), "s"), seed=2)
    battle.run()
    egyptian = next(e for e in battle.log if e.kind == "egyptian morale")
    assert egyptian.side == "athens" and egyptian.message.startswith("Levy: morale")
    rs = ancients.ruleset("raphia(egyptian_morale=championship)")
    battle = rs.new_battle(rs.parse_scenario(own_scenario(), "s"), seed=2)
    assert isinstance(battle, RaphiaBattle)
    state = battle.state
    for _ in range(400):
        if battle.finished or state.replaced:
            break
        battle.step()
    revealed = list(state.replaced)
    assert revealed and all(state.counter(c).side == "athens" and
                            state.counter(c).morale == 8 for c in revealed)


@pytest.mark.parametrize(("change", "field", "words"), [
    ({"sides": ["sparta", "athens"]}, "sides", "in that order"),
    ({"sides": ["ptolemaic", "seleucid"]}, "sides", "athens"),
    ({"championship": [], "counter": None}, "championship", "own [[counter]]"),
    ({"counter": "more leaders"}, "counter", "more than one leader"),
    ({"map": "three sides"}, "map.deployment", "two sides"),
    ({"counter": "a stranger"}, "counter[7].side", "'thebes'"),
])
def test_a_bad_own_scenario_names_the_field(change: dict[str, Any], field: str,
                                            words: str) -> None:
    doc = own_scenario()
    for key, value in change.items():
        if value is None:
            del doc[key]
        elif value == "more leaders":
            doc["counter"].append(dict(doc["counter"][0], id="cleon"))
        elif value == "three sides":
            doc["map"]["deployment"]["thebes"] = dict(doc["map"]["deployment"]["athens"])
        elif value == "a stranger":
            doc["counter"].append(dict(doc["counter"][1], side="thebes", id="x"))
        else:
            doc[key] = value
    with pytest.raises(ScenarioError, match=re.escape(words)) as e:
        ancients.ruleset("raphia").parse_scenario(doc, "mine.toml")
    assert e.value.source == "mine.toml" and e.value.field == field
