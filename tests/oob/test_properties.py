"""Hypothesis properties of the format: drawn documents validate and load, the model
round-trips, and a document broken in one place gives a ScenarioError naming that place
(never another exception), exactly when the JSON Schema refuses it too."""

from __future__ import annotations

import contextlib
import copy
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ancients.errors import ScenarioError
from ancients.oob import Line, battles, parse_oob, schema
from ancients.oob.strategies import (
    contingents,
    documents,
    figures,
    mutations,
    orders_of_battle,
    paths,
)
from ancients.units import TroopKind

VALIDATOR = jsonschema.Draft202012Validator(schema())


@given(documents())
def test_drawn_documents_validate_load_and_round_trip(doc: dict[str, Any]) -> None:
    VALIDATOR.validate(doc)
    oob = parse_oob(doc)
    assert len(oob.contingents()) == sum(len(s["contingents"]) for s in doc["sides"])
    d = oob.to_dict()
    VALIDATOR.validate(d)
    assert parse_oob(d) == oob


@settings(max_examples=5, suppress_health_check=[HealthCheck.too_slow,
                                                 HealthCheck.data_too_large])
@given(documents(min_contingents=20, max_contingents=30))
def test_large_documents(doc: dict[str, Any]) -> None:
    VALIDATOR.validate(doc)
    assert parse_oob(parse_oob(doc).to_dict()) == parse_oob(doc)


def _agree(broken: dict[str, Any], path: str) -> None:
    """The loader refuses ``broken`` exactly when the schema does, naming ``path``."""
    if VALIDATOR.is_valid(broken):
        parse_oob(broken, source="broken.toml")
        return
    with pytest.raises(ScenarioError) as e:
        parse_oob(broken, source="broken.toml")
    assert e.value.source == "broken.toml"
    assert e.value.field == path, f"{e.value} (mutated {path})"


def _mutated(doc: dict[str, Any], m: tuple[dict[str, Any], str, str]) -> None:
    _agree(m[0], m[1])


@given(st.data())
def test_a_broken_document_names_the_broken_field(data: st.DataObject) -> None:
    doc = data.draw(documents(max_contingents=3))
    _mutated(doc, data.draw(mutations(doc)))


def _every_field() -> dict[str, Any]:
    """Mantinea cut down to two contingents a side, with every kind of field present."""
    doc = battles()["mantinea-418bc"].to_dict()
    keep = {"lacedaemonians", "sciritae", "athenians", "athenian-horse"}
    for side in doc["sides"]:
        side["contingents"] = [c for c in side["contingents"] if c["id"] in keep]
    horse = doc["sides"][1]["contingents"][0]
    horse["mounted"] = True
    horse["men"] = {"best": 300, "low": 250, "high": 400, "basis": "modern", "note": "x"}
    doc["outcome"]["losses"]["argos"]["captured"] = {"best": 50, "high": 80}
    return doc


def test_every_single_break_names_the_broken_field() -> None:
    """Exhaustively: each key removed, each value retyped, one at a time."""
    doc = _every_field()
    for i, (path, _, key) in enumerate(paths(doc)):
        for op in ("removed", "retyped"):
            broken = copy.deepcopy(doc)
            _, parent, _ = paths(broken)[i]
            if op == "removed":
                if not isinstance(parent, dict):
                    continue
                del parent[key]
            else:
                parent[key] = 7 if isinstance(parent[key], str) else "seven"
            _agree(broken, path)


@given(st.data())
def test_a_broken_builtin_names_the_broken_field(data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(sorted(battles())))
    doc = battles()[name].to_dict()
    _mutated(doc, data.draw(mutations(doc)))


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner,
                                                                  max_size=4),
    max_leaves=20)


@given(st.data())
def test_garbage_anywhere_gives_a_scenario_error(data: st.DataObject) -> None:
    doc = battles()["mantinea-418bc"].to_dict()
    _, parent, key = data.draw(st.sampled_from(paths(doc)))
    parent[key] = data.draw(_JSON)
    with contextlib.suppress(ScenarioError):
        parse_oob(doc)


@given(_JSON)
def test_garbage_documents_give_a_scenario_error(value: Any) -> None:
    with contextlib.suppress(ScenarioError):
        parse_oob(value)


@settings(max_examples=15)
@given(orders_of_battle(kinds=[TroopKind.HEAVY_INFANTRY, TroopKind.LIGHT_CAVALRY],
                        lines=[Line.FIRST, Line.RESERVE], outcome=True))
def test_restricted_to_some_kinds_and_lines(oob: Any) -> None:
    assert {c.kind for c in oob.contingents()} <= {TroopKind.HEAVY_INFANTRY,
                                                   TroopKind.LIGHT_CAVALRY}
    assert {c.place.line for c in oob.contingents()} <= {Line.FIRST, Line.RESERVE}
    assert oob.outcome is not None


@given(st.data())
def test_pieces_compose(data: st.DataObject) -> None:
    n = data.draw(figures(minimum=5, max_value=50))
    best = n if isinstance(n, int) else n["best"]
    assert 5 <= best <= 50
    c = data.draw(contingents("x", ("left", "reserve", 3), kinds=[TroopKind.ELEPHANTS]))
    assert c["kind"] == "elephants" and c["place"] == {"wing": "left", "line": "reserve",
                                                       "order": 3}


def test_the_strategy_reaches_every_kind_line_and_range() -> None:
    seen_kinds: set[TroopKind] = set()
    seen_lines: set[Line] = set()
    ranged = False

    @settings(max_examples=40, database=None)
    @given(orders_of_battle(min_contingents=4))
    def collect(oob: Any) -> None:
        nonlocal ranged
        for c in oob.contingents():
            seen_kinds.add(c.kind)
            seen_lines.add(c.place.line)
            ranged = ranged or not c.men.exact_value

    collect()
    assert seen_kinds == set(TroopKind) and seen_lines == set(Line) and ranged
