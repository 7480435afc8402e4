"""The translator: an order of battle fielded at a stated scale (the smallest that fits
the table, by default): cards from kind, nationality, arms, quality and tags; lochoi,
taxeis, ilai and groups from the men; the general as Hegemon; what has no card
dropped with a warning; any valid order of battle gives a scenario or a clear
ScenarioError."""

from __future__ import annotations

import json
import tomllib
import warnings
from importlib.resources import files
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings

import ancients
from ancients.errors import OOBWarning, ScenarioError
from ancients.hoplomachia.translate import SCALES, card_for, nation_for, translate
from ancients.oob import OrderOfBattle
from ancients.oob.loader import parse_oob
from ancients.oob.strategies import orders_of_battle
from ancients.testing import check_ruleset
from ancients.units import TroopKind

from .play import ruleset

RS = ruleset()
FIELDED = [TroopKind.HEAVY_INFANTRY, TroopKind.MEDIUM_INFANTRY, TroopKind.LIGHT_INFANTRY,
           TroopKind.MISSILE_INFANTRY, TroopKind.LIGHT_CAVALRY, TroopKind.HEAVY_CAVALRY]


@pytest.mark.parametrize("name", ["mantinea-418bc", "delium-424bc", "poteidaia-432bc"])
def test_the_greek_battles_translate(name: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", OOBWarning)
        sc = RS.from_oob(name)
    assert sc.sides == ancients.battles()[name].side_names
    cards = {d.card for d in sc.parsed.divisions}
    assert cards & {"spartiates", "lakonian", "athenian", "theban", "boiotian",
                    "peloponnesian", "arkadian", "ionian", "panhellenic"}
    assert sum(s.hegemon for s in sc.parsed.strategoi) == 2
    b = RS.new_battle(sc, seed=1)
    b.run(max_steps=2000)


def test_mantinea_fields_its_spartiates_and_its_allies() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", OOBWarning)
        sc = RS.from_oob("mantinea-418bc")
    by_id = {d.id: d for d in sc.parsed.divisions}
    assert by_id["lacedaemonians-1"].card == "spartiates"
    assert by_id["brasidians"].card == "lakonian" and by_id["tegeans"].allied
    assert "75 men" in sc.data["scale"]  # the smallest scale at which the lines fit
    senior = [d.id for d in sc.parsed.divisions if d.senior and d.side == "sparta"]
    assert senior and senior[0].startswith("lacedaemonians")


def test_what_has_no_card_is_dropped_with_the_warning() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", OOBWarning)
        sc = RS.from_oob("raphia-217bc")
    assert any("no cards for elephants" in str(w.message) for w in caught)
    assert any("elephants" in n for n in sc.notes)
    assert not any("eleph" in d.name.lower() for d in sc.parsed.divisions)


def test_the_scale_is_a_choice_and_a_bad_one_a_clear_error() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", OOBWarning)
        at_100 = RS.from_oob("poteidaia-432bc", scale=100)
    athenians = [d for d in at_100.parsed.divisions if d.id.startswith("athenian-hop")]
    assert sum(len(d.units) for d in athenians) == 4  # 3,000 at 800 men a lochos
    with pytest.raises(ScenarioError, match=r"does not fit|off the"):
        RS.from_oob("delium-424bc", scale=10)
    with pytest.raises(ScenarioError, match="whole number from 5 to 1000"):
        RS.from_oob("delium-424bc", scale=0)
    with pytest.raises(ScenarioError, match="translator has no choice men"):
        RS.from_oob("delium-424bc", men=3)
    assert SCALES[0] == 50


def test_cards_and_nations_from_the_contingents() -> None:
    oob = ancients.battles()["delium-424bc"]
    thebans = oob.contingent("thebans")
    assert card_for(thebans) == "theban"
    assert nation_for("Thessalian") == "thessalian"
    assert nation_for("Argive") == "peloponnesian"
    assert nation_for("Arcadian (Tegea)") == "arkadian"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", OOBWarning)
        sc = RS.from_oob("delium-424bc")
    deep = next(d for d in sc.parsed.divisions if d.id == "thebans")
    assert deep.units[0].stands == 4  # 25 deep: 4-stand lochoi


@given(orders_of_battle())
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_any_order_of_battle_gives_a_scenario_or_a_clear_error(oob: OrderOfBattle) -> None:
    try:
        translation = translate(oob, RS.rules())
        RS.parse_scenario(translation.document, source="drawn")
    except ScenarioError:
        pass


@given(orders_of_battle(kinds=FIELDED, max_contingents=3))
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_drawn_orders_of_battle_play_conformant_battles(oob: OrderOfBattle) -> None:
    short = ancients.ruleset("hoplomachia(turn_limit=4)")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", OOBWarning)
            sc = short.from_oob(oob)
    except ScenarioError:
        return
    check_ruleset(short, battles=1, seed=2, scenario=sc)


def test_a_side_all_in_ambush_starts_as_its_first_line() -> None:
    # every Boeotian contingent sent round: the side still starts on the table
    raw = tomllib.loads((files("ancients.oob.data") / "delium-424bc.toml").read_text())
    boeotia = next(s for s in raw["sides"] if s["name"] == "boeotia")
    wings = {"left": 0, "centre": 1, "right": 2}
    by_place = sorted(boeotia["contingents"], key=lambda c: (wings[c["place"]["wing"]],
                                                             c["place"]["order"]))
    for order, c in enumerate(by_place, 1):
        c["place"] |= {"line": "ambush", "order": order}
    oob = parse_oob(raw, source="delium all in ambush")
    translation = translate(oob, RS.rules())
    sc = RS.parse_scenario(translation.document, source="translated")
    mine = [d for d in sc.parsed.divisions if d.side == "boeotia"]
    assert mine and all(d.reinforcement is None for d in mine)
    assert any("all it fields was sent round in ambush" in n for n in translation.notes)


def _drawn(name: str) -> OrderOfBattle:
    """An order of battle the property below once drew, kept as a file."""
    raw = json.loads((Path(__file__).parent / name).read_text())
    return parse_oob(raw, source=name)


@given(orders_of_battle(max_contingents=4))
@example(_drawn("ambushes_on_two_wings.json"))  # 2,925 men round on the left, 225 centre
@example(_drawn("ambush_over_a_third_line.json"))  # horse round behind a third line
@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_a_translated_document_is_never_refused(oob: OrderOfBattle) -> None:
    # what the translator writes, the parser accepts: a ScenarioError from the
    # translator (nothing to field, too big) is its clear refusal; from the parser a bug
    try:
        translation = translate(oob, RS.rules())
    except ScenarioError:
        return
    RS.parse_scenario(translation.document, source="drawn")


def test_an_ambush_with_no_room_behind_the_enemy_is_refused_or_fielded_larger() -> None:
    # the second drawn case: the enemy's third line stands where the ambush comes on
    oob = _drawn("ambush_over_a_third_line.json")
    with pytest.raises(ScenarioError, match="in ambush has no room behind"):
        translate(oob, RS.rules(), scale=50)
    # by default a larger scale is tried, at which the ilai come on clear of the line
    translation = translate(oob, RS.rules())
    assert "1 figure = 50 men" not in translation.document["scale"]
    RS.parse_scenario(translation.document, source="translated")


def test_ambushes_on_two_wings_stand_at_their_wings_ends_clear_of_each_other() -> None:
    doc = translate(_drawn("ambushes_on_two_wings.json"), RS.rules()).document
    b = next(s for s in doc["sides"] if s["name"] == "b")
    left = [d for d in b["divisions"] if d["contingent"] == "b"]
    centre = next(d for d in b["divisions"] if d["contingent"] == "d")
    # the second side's left is the table's east: the left wing's ambush from its end
    assert max(d["x"] for d in left) > centre["x"]
    RS.parse_scenario(doc, source="translated")
