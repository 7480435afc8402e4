"""The neutral order of battle: the model, the loader's errors, the JSON Schema, the public
names. The built-in battles' facts are in tests/oob/test_battles.py, the hypothesis
properties in tests/oob/test_properties.py."""

from __future__ import annotations

import copy
import warnings
from pathlib import Path
from typing import Any

import pytest

import ancients
from ancients.errors import OOBWarning, ScenarioError
from ancients.oob import (
    Basis,
    Estimate,
    Line,
    OrderOfBattle,
    Wing,
    battle,
    battles,
    load_oob,
    parse_oob,
    total,
)
from ancients.units import TroopKind


def doc() -> dict[str, Any]:
    """A fresh copy of a real document to break."""
    return copy.deepcopy(battles()["mantinea-418bc"].to_dict())


def error(d: dict[str, Any]) -> ScenarioError:
    with pytest.raises(ScenarioError) as e:
        parse_oob(d, source="my-battle.toml")
    assert e.value.source == "my-battle.toml"
    return e.value


def contingent(d: dict[str, Any], side: int, cid: str) -> dict[str, Any]:
    return next(c for c in d["sides"][side]["contingents"] if c["id"] == cid)


# -- public names ---------------------------------------------------------------------------

def test_public_names() -> None:
    battles()                     # reading the package data must not shadow the function
    assert callable(ancients.oob.battles)
    assert ancients.battles is battles and ancients.load_oob is load_oob
    assert ancients.OrderOfBattle is OrderOfBattle
    assert issubclass(ancients.OOBWarning, UserWarning)
    assert not issubclass(OOBWarning, ancients.AncientsError)
    with pytest.warns(ancients.OOBWarning, match="elephants"):
        warnings.warn("elephants dropped", OOBWarning, stacklevel=1)


def test_battles_is_a_fresh_dict_of_the_builtins() -> None:
    found = battles()
    assert set(found) == {"delium-424bc", "mantinea-418bc", "poteidaia-432bc",
                          "raphia-217bc", "zama-202bc"}
    found.clear()
    assert len(battles()) == 5
    assert battles()["zama-202bc"] is battles()["zama-202bc"]  # loaded once


def test_battle_by_name() -> None:
    oob = battle("delium-424bc")
    assert battle(oob) is oob
    with pytest.raises(ScenarioError, match="did you mean 'delium-424bc'"):
        battle("delium-424")


def test_load_oob_reads_a_file(tmp_path: Path) -> None:
    path = tmp_path / "x.toml"
    path.write_bytes(
        (Path(ancients.oob.__file__).parent / "data" / "poteidaia-432bc.toml").read_bytes())
    assert load_oob(path) == battles()["poteidaia-432bc"]
    assert load_oob(str(path)) == battles()["poteidaia-432bc"]


def test_load_oob_file_errors(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="no such scenario file") as e:
        load_oob(tmp_path / "nowhere.toml")
    assert e.value.source == str(tmp_path / "nowhere.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "x\n')
    with pytest.raises(ScenarioError, match=r"bad\.toml.*not valid TOML"):
        load_oob(bad)
    bad.write_text('name = "x"\n')
    with pytest.raises(ScenarioError, match=r"bad\.toml, at title: required field"):
        load_oob(bad)


# -- the model ------------------------------------------------------------------------------

def test_estimate() -> None:
    e = Estimate(9000, 8000, 10000, note="modern", basis=Basis.MODERN)
    assert e.range == (8000, 10000) and not e.exact_value
    assert str(e) == "9,000 (8,000-10,000)" and str(Estimate(600)) == "600"
    s = e + Estimate(600)
    assert (s.low, s.best, s.high, s.basis) == (8600, 9600, 10600, Basis.MODERN)
    assert total([]) == Estimate(0)
    assert (total([Estimate(1), Estimate(2, basis=Basis.RECONSTRUCTED, note="x")]).basis
            is Basis.RECONSTRUCTED)
    assert Estimate(5).to_dict() == 5
    assert Estimate(5, 4).to_dict() == {"best": 5, "low": 4}
    with pytest.raises(ScenarioError, match="low <= best <= high"):
        Estimate(5, 6)
    with pytest.raises(ScenarioError, match="negative"):
        Estimate(5, -1)


def test_totals_per_side_and_kind() -> None:
    raphia = battles()["raphia-217bc"]
    ptolemy = raphia.side("ptolemaic")
    kinds = ptolemy.by_kind()
    assert kinds[TroopKind.ELEPHANTS].best == 73
    # elephants are counted apart from the men
    assert ptolemy.men.best == sum(e.best for k, e in kinds.items()
                                   if k is not TroopKind.ELEPHANTS)
    assert raphia.men() == {"ptolemaic": ptolemy.men, "seleucid": raphia.side("seleucid").men}
    assert raphia.by_kind()["seleucid"][TroopKind.ELEPHANTS].best == 102
    assert ptolemy.men.low <= ptolemy.men.best <= ptolemy.men.high


def test_lookups_and_the_line() -> None:
    m = battles()["mantinea-418bc"]
    assert m.side_names == ("sparta", "argos")
    assert m.contingent("sciritae").men.best == 600
    assert m.side_of("sciritae").name == "sparta"
    assert m.side("sparta").general.name == "Agis"
    assert m.source("thuc").passage == "5.64-74"
    first = [c.id for c in m.side("sparta").line(Line.FIRST)]
    assert first[:3] == ["sparta-horse-left", "sciritae", "brasidians"]
    assert [c.id for c in m.side("sparta").line(Line.SCREEN)] == ["helots"]
    for missing in (m.side, m.contingent, m.side_of, m.source, m.side("argos").contingent):
        with pytest.raises(KeyError):
            missing("nobody")


def test_flanks_are_seen_the_other_way_round_by_the_second_side() -> None:
    r = battles()["raphia-217bc"]
    assert r.flank("ptolemaic", "left") is r.terrain.left
    assert r.flank("ptolemaic", Wing.RIGHT) is r.terrain.right
    assert r.flank("seleucid", "right") is r.terrain.left
    assert r.flank("seleucid", "left") is r.terrain.right
    assert str(r.terrain.left.anchor) != str(r.terrain.right.anchor)
    with pytest.raises(ValueError, match="flank"):
        r.flank("seleucid", "centre")


def test_date_and_source_text() -> None:
    r = battles()["raphia-217bc"]
    assert str(r.date) == "summer 217 BC" and r.date.astronomical_year == -216
    assert str(r.sources[0]).startswith("Polybius, Histories 5.")
    order = sorted(battles().values(), key=lambda b: b.date.astronomical_year)
    assert [b.name for b in order] == ["poteidaia-432bc", "delium-424bc", "mantinea-418bc",
                                       "raphia-217bc", "zama-202bc"]


def test_mounted_follows_the_troop_kind_by_default() -> None:
    d = doc()
    c = contingent(d, 0, "sciritae")
    c["kind"] = "leader"
    c["mounted"] = True
    assert parse_oob(d).contingent("sciritae").mounted
    assert "mounted" in parse_oob(d).contingent("sciritae").to_dict()
    del c["mounted"]
    assert not parse_oob(d).contingent("sciritae").mounted
    assert battles()["zama-202bc"].contingent("numidian-horse").mounted


# -- the loader's errors ---------------------------------------------------------------------

def test_unknown_keys_are_refused_with_a_did_you_mean() -> None:
    d = doc()
    c = contingent(d, 0, "sciritae")
    c["mne"] = c.pop("men")
    e = error(d)
    assert e.field == "sides[0].contingents[1].mne"
    assert "unknown field 'mne'; did you mean 'men'?" in str(e)
    d = doc()
    d["terain"] = d.pop("terrain")
    assert "did you mean 'terrain'" in str(error(d))


def test_missing_and_mistyped_fields_name_the_file_and_field() -> None:
    d = doc()
    del contingent(d, 1, "athenians")["quality"]
    e = error(d)
    assert e.field == "sides[1].contingents[1].quality"
    assert str(e) == ("in my-battle.toml, at sides[1].contingents[1].quality: required "
                      "field is missing")
    d = doc()
    contingent(d, 0, "sciritae")["men"] = "600"
    e = error(d)
    assert e.field == "sides[0].contingents[1].men"
    assert "expected an integer or a table" in e.detail
    d = doc()
    d["date"]["year"] = 418.0
    assert "expected an integer, got a number" in str(error(d))
    d = doc()
    d["sides"][0]["name"] = "Sparta!"
    assert error(d).field == "sides[0].name"


def test_ranges_must_be_ordered_and_men_not_negative() -> None:
    d = doc()
    contingent(d, 0, "tegeans")["men"] = {"best": 2000, "low": 2500}
    e = error(d)
    assert e.field == "sides[0].contingents[6].men"
    assert "expected low <= best <= high, got low 2500, best 2000, high 2000" in e.detail
    d = doc()
    contingent(d, 0, "tegeans")["men"] = {"best": 2000, "high": 1999}
    assert "low <= best <= high" in error(d).detail
    d = doc()
    contingent(d, 0, "sciritae")["men"] = -600
    e = error(d)
    assert e.field == "sides[0].contingents[1].men" and "below the minimum" in e.detail
    d = doc()
    contingent(d, 0, "sciritae")["men"] = {"best": 600, "low": -1}
    assert error(d).field == "sides[0].contingents[1].men.low"
    d = doc()
    contingent(d, 0, "sciritae")["men"] = 0
    assert "below the minimum 1" in error(d).detail
    d = doc()
    d["outcome"]["losses"]["sparta"]["killed"] = 0       # no losses is a figure
    assert parse_oob(d).outcome is not None


def test_reconstructed_figures_need_a_reason() -> None:
    d = doc()
    del contingent(d, 0, "tegeans")["men"]["note"]
    e = error(d)
    assert e.field == "sides[0].contingents[6].men.note"
    assert "reconstructed figure needs a note" in e.detail


def test_unknown_troop_kind_quality_and_other_choices() -> None:
    d = doc()
    contingent(d, 0, "sciritae")["kind"] = "heavy infantery"
    e = error(d)
    assert e.field == "sides[0].contingents[1].kind"
    assert "'heavy infantery' is not one of:" in e.detail
    assert "did you mean 'heavy infantry'?" in e.detail
    d = doc()
    contingent(d, 0, "sciritae")["quality"] = "superb"
    e = error(d)
    assert e.field == "sides[0].contingents[1].quality"
    assert "'levy', 'trained', 'veteran', 'elite'" in e.detail
    d = doc()
    contingent(d, 0, "sciritae")["place"]["line"] = "fourth"
    assert error(d).field == "sides[0].contingents[1].place.line"


def test_duplicate_ids_are_refused() -> None:
    d = doc()
    contingent(d, 1, "cleonae-orneae")["id"] = "sciritae"
    e = error(d)
    assert e.field == "sides[1].contingents[2].id"
    assert "duplicate contingent id 'sciritae' (first at sides[0].contingents[1].id)" in e.detail
    d = doc()
    d["sources"][1]["id"] = "thuc"
    assert "duplicate source id 'thuc'" in error(d).detail
    d = doc()
    d["sides"][1]["name"] = "sparta"
    e = error(d)
    assert e.field == "sides[1].name" and "both sides" in e.detail


def test_two_contingents_cannot_share_a_place_in_the_line() -> None:
    d = doc()
    contingent(d, 0, "heraeans")["place"]["order"] = 4
    e = error(d)
    assert e.field == "sides[0].contingents[4].place"
    assert ("first line, order 4 is already 'lacedaemonians''s (sides[0].contingents[3])"
            in e.detail)
    d = doc()
    contingent(d, 0, "heraeans")["place"]["line"] = "second"
    contingent(d, 0, "heraeans")["place"]["order"] = 4
    assert parse_oob(d).contingent("heraeans").place.line is Line.SECOND


def test_wings_run_left_centre_right() -> None:
    d = doc()
    contingent(d, 0, "sciritae")["place"]["wing"] = "right"
    e = error(d)
    assert e.field == "sides[0].contingents[2].place.wing"
    assert "'brasidians' on the left stands right of 'sciritae' on the right" in e.detail


def test_mounted_must_agree_with_foot_and_cavalry_kinds() -> None:
    d = doc()
    contingent(d, 0, "sciritae")["mounted"] = True
    e = error(d)
    assert e.field == "sides[0].contingents[1].mounted"
    assert "heavy infantry are never mounted" in e.detail
    d = doc()
    contingent(d, 1, "athenian-horse")["mounted"] = False
    assert "always mounted" in error(d).detail


def test_references_must_exist() -> None:
    d = doc()
    contingent(d, 0, "tegeans")["men"]["sources"] = ["thucc"]
    e = error(d)
    assert e.field == "sides[0].contingents[6].men.sources[0]"
    assert "no source 'thucc'; did you mean 'thuc'?" in e.detail
    d = doc()
    d["outcome"]["winner"] = "spartans"
    e = error(d)
    assert e.field == "outcome.winner" and "did you mean 'sparta'?" in e.detail
    d = doc()
    d["outcome"]["losses"]["athens"] = {"killed": 200}
    assert error(d).field == "outcome.losses.athens"
    d = doc()
    d["sides"][1]["commanders"][1]["contingent"] = "sciritae"   # the other side's
    e = error(d)
    assert e.field == "sides[1].commanders[1].contingent"
    assert "no contingent on this side 'sciritae'" in e.detail
    d = doc()
    d["terrain"]["features"][0]["side"] = "athens"
    assert error(d).field == "terrain.features[0].side"


def test_structure_errors() -> None:
    d = doc()
    d["sides"].append(copy.deepcopy(d["sides"][0]))
    e = error(d)
    assert e.field == "sides" and "exactly two sides, got 3" in e.detail
    d = doc()
    d["sides"][0]["contingents"] = []
    assert "at least one contingent" in error(d).detail
    d = doc()
    d["sides"][0]["commanders"] = []
    assert "at least one commander" in error(d).detail
    d = doc()
    d["sources"] = []
    assert "at least one source" in error(d).detail
    d = doc()
    d["format"] = 2
    e = error(d)
    assert e.field == "format" and "reads format 1, not 2" in e.detail
    d = doc()
    d["name"] = "Mantinea 418"
    assert "does not match the expected form" in error(d).detail
    d = doc()
    d["title"] = ""
    assert error(d).detail == "expected a non-empty string"
    with pytest.raises(ScenarioError, match="expected a table"):
        parse_oob([])  # type: ignore[arg-type]


def test_optional_parts_have_defaults() -> None:
    d = doc()
    del d["outcome"], d["terrain"]["left"], d["terrain"]["width"], d["format"]
    del d["terrain"]["features"][0]["side"]
    oob = parse_oob(d)
    assert oob.outcome is None and oob.terrain.width is None
    assert str(oob.terrain.left.anchor) == "none"
    assert oob.terrain.features[0].side == "sparta"   # the first side's view
    assert parse_oob(oob.to_dict()) == oob
