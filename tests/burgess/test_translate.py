"""The translator of orders of battle (``Burgess.from_oob``): every built-in battle fields
(elephants, chariots and war engines have rules here), the scale and the mappings of
``data/translation.toml``, the C-in-C and staff officers, and any valid order of battle
gives a scenario or a clear ScenarioError."""

from __future__ import annotations

import tomllib
import warnings
from importlib.resources import files
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

import ancients
from ancients.burgess.translate import translate
from ancients.errors import OOBWarning, ScenarioError
from ancients.oob import OrderOfBattle
from ancients.oob.loader import parse_oob
from ancients.oob.strategies import orders_of_battle
from ancients.units import TroopKind

from .helpers import ruleset

RS = ruleset()


@pytest.mark.parametrize("name", sorted(ancients.battles()))
def test_every_built_in_battle_translates_whole(name: str) -> None:
    oob = ancients.battles()[name]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", OOBWarning)
        sc = RS.from_oob(name)
    units = sc.parsed.units
    fielded = {u.id.rsplit("-", 1)[0] if u.unit.troop == "elephants" else u.id for u in units}
    assert fielded == {c.id for c in oob.contingents()}  # nothing dropped
    assert all(isinstance(n, str) and n for n in sc.notes)
    for side in sc.parsed.sides:
        assert side.c_in_c, f"{name}: {side.name} has no C-in-C"
    assert sc.parsed.table.width >= 72.0


def test_zama_at_the_default_scale() -> None:
    sc = RS.scenario("zama-202bc")  # the built-in scenario is the translation
    units = {u.id: u.unit for u in sc.parsed.units}
    elephants = [u for u in units.values() if u.troop == "elephants"]
    assert len(elephants) == 8  # 80 elephants, a model for 10
    assert units["hastati"].figures == 33 and units["hastati"].weapon == "pilum"
    assert units["hastati"].armour == "full armour infantry"  # medium armour, scutum
    assert units["velites"].troop == "LT INF" and units["velites"].weapon == "javelin"
    assert units["numidian-horse"].troop == "LT CAV"
    assert units["italian-horse"].troop == "HV CAV"
    assert units["carthaginian-horse"].stabled_with_elephants  # its army has elephants
    assert units["triarii"].spearmen and not units["hastati"].spearmen
    sides = {s.name: s for s in sc.parsed.sides}
    assert sides["rome"].c_in_c == "hastati" and units["hastati"].c_in_c is not None
    assert set(sides["rome"].staff_officers) == {"italian-horse", "numidian-horse"}
    assert units["italian-horse"].staff_officer
    assert any("javelin dropped" in n for n in sc.notes)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert sc == RS.from_oob("zama-202bc")  # the same document
    assert any("burgess, zama-202bc: quality" in str(w.message) for w in caught)


def test_the_scale_is_a_choice() -> None:
    oob = ancients.battles()["zama-202bc"]
    doc = translate(oob, RS.rules(), men_per_figure=100, beasts_per_model=20).document
    units = {u["id"]: u for u in doc["units"]}
    assert units["hastati"]["figures"] == 66 and units["elephants-4"]
    assert "elephants-5" not in units
    with pytest.raises(ScenarioError, match="men_per_figure and beasts_per_model, not"):
        translate(oob, RS.rules(), scale=3)
    with pytest.raises(ScenarioError, match="men_per_figure must be a positive number"):
        translate(oob, RS.rules(), men_per_figure=0)


def test_troop_kinds_and_weapons_map_to_burgess_classes() -> None:
    oob = ancients.battles()["raphia-217bc"]
    doc = translate(oob, RS.rules()).document
    troops = {u["troop"] for u in doc["units"]}
    assert {"HV INF", "LT INF", "HV CAV", "elephants"} <= troops
    for u in doc["units"]:
        sc_unit = next(c for c in oob.contingents() if u["id"].startswith(c.id))
        if sc_unit.kind is TroopKind.MEDIUM_INFANTRY and sc_unit.formation is not None \
                and str(sc_unit.formation) in ("open order", "skirmish"):
            assert u["troop"] == "LT INF"


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(orders_of_battle())
def test_any_order_of_battle_gives_a_scenario_or_a_clear_error(oob: OrderOfBattle) -> None:
    try:
        tr = RS.translate_oob(oob)
        sc = RS.parse_scenario(tr.document, source="drawn")
    except ScenarioError:
        return
    assert sc.sides == oob.side_names
    assert sum(u.unit.figures for u in sc.parsed.units) >= len(oob.contingents())


def _delium_with_ambush_of(men: int) -> OrderOfBattle:
    raw = tomllib.loads((files("ancients.oob.data") / "delium-424bc.toml").read_text())
    for side in raw["sides"]:
        for c in side["contingents"]:
            if c["id"] == "squadrons-behind-the-hill":  # the left wing's ambush
                c["men"] = {"low": men, "best": men, "high": men}
    return parse_oob(raw, source="delium with a big ambush")


def test_an_ambush_wider_than_its_first_line_stays_on_the_table() -> None:
    # the ambush stands beyond one end of the first line: the table must hold that half
    doc = RS.translate_oob(_delium_with_ambush_of(12_000)).document
    sc = RS.parse_scenario(doc, source="translated")
    assert "squadrons-behind-the-hill" in {u.id for u in sc.parsed.units}
    assert sc.parsed.table.width > 72.0


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(orders_of_battle(max_contingents=4))
def test_a_translated_document_is_never_refused(oob: OrderOfBattle) -> None:
    # the translator lays every unit out on its own table, and refuses a battle too
    # big for the largest one itself: what it writes, the parser accepts
    try:
        doc = RS.translate_oob(oob).document
    except ScenarioError as e:
        refused = e
    else:
        RS.parse_scenario(doc, source="drawn")
        return
    assert refused.source == oob.name, refused  # said of the battle, not of a document


def _delium_with_more_boeotians(copies: int) -> OrderOfBattle:
    raw = tomllib.loads((files("ancients.oob.data") / "delium-424bc.toml").read_text())
    side = raw["sides"][0]
    extra: list[dict[str, Any]] = []
    for k in range(copies):
        for c in side["contingents"][:2]:
            extra.append(dict(c, id=f"{c['id']}-{k}",
                              place=dict(c["place"], order=100 + len(extra), wing="right")))
    side["contingents"] += extra
    return parse_oob(raw, source="delium with more Boeotians")


def test_a_battle_too_wide_for_the_largest_table_is_refused_by_name_before_parsing() -> None:
    # an order of battle whose first line needs more than the largest table is refused
    # as the battle's, with the scale that would field it, not at the document's width
    big = _delium_with_more_boeotians(120)
    with pytest.raises(ScenarioError, match=r"at most 1000 inches.*men_per_figure") as e:
        RS.translate_oob(big)
    assert e.value.source == "delium-424bc"
    doc = RS.translate_oob(big, men_per_figure=400).document
    sc = RS.parse_scenario(doc, source="translated")
    assert 72.0 < sc.parsed.table.width <= 1000.0
