"""The rules' numbers as data (``ancients/monks_corner/data/*.toml``) and as parameters:
every value printed with its part and clause or reconstructed with a reason; a variant
changes the rules it names, round-trips through its spec, a saved battle and compare,
and is refused when its numbers make no rules."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

import attrs
import pytest

import ancients
from ancients.errors import OptionError, ScenarioError
from ancients.monks_corner.melee import charge_plans, melee_dice
from ancients.monks_corner.missiles import targets, volley
from ancients.monks_corner.movement import candidate_moves
from ancients.monks_corner.phalanx import attempt_reform
from ancients.monks_corner.rules import FILES, RULES, load_rules, raw_document
from ancients.monks_corner.victory import score

from .helpers import FixedDice, battle, phalanx, place, ruleset, u, unit

_META = {"reconstructed", "reason", "source", "note"}


def _leaf_tables(data: Mapping[str, Any], path: str = "") -> Iterator[str]:
    """The paths of the tables of a document that hold numbers (leaves of their own)."""
    if any(not isinstance(v, Mapping) and k not in _META for k, v in data.items()):
        yield path
    for k, v in data.items():
        if isinstance(v, Mapping):
            yield from _leaf_tables(v, f"{path}.{k}" if path else k)


def test_every_table_is_printed_with_its_clause_or_reconstructed_with_a_reason() -> None:
    for name in FILES:
        doc = raw_document(name)
        for path in _leaf_tables(doc):
            # the innermost provenance on the way to the table (the document's own, else)
            node: Mapping[str, Any] = doc
            found = {k: doc[k] for k in _META & set(doc)}
            for key in path.split(".") if path else ():
                node = node[key]
                found |= {k: node[k] for k in _META & set(node)}
            where = f"{name}.toml [{path}]"
            assert "reconstructed" in found and found.get("source"), where
            if found["reconstructed"]:
                assert found.get("reason"), where


def test_every_number_is_a_parameter_with_its_provenance() -> None:
    params = ancients.ruleset("monks_corner").parameters()
    sling = params["missiles.sling.range"]
    assert (sling.value, sling.source, sling.low) == (18.0, "printed", 0)
    assert sling.where.startswith("Missiles 2;") and "missiles.toml" in sling.where
    limit = params["victory.turns.limit"]
    assert limit.source == "reconstructed" and "no turn limit" in limit.reason
    assert params["melee.hit.light"].value == 4 and params["phalanx.reform.need"].value == 4
    for name, p in params.items():
        assert p.where.split(";")[0], name
        assert p.source == "printed" or p.reason, name
    # the words of the duels' set-up are not numbers
    assert not any(n.endswith((".troop", ".missile")) for n in params)


def test_every_parameter_reaches_the_rules() -> None:
    """No number of the data is left unread: a step of any parameter changes the rules
    a battle is played with."""
    rs = ancients.ruleset("monks_corner")
    for name, p in rs.parameters().items():
        assert isinstance(p.value, int | float), name
        value = p.value + (1 if isinstance(p.value, int) else 0.5)
        if p.high is not None and value > p.high:
            value = p.value - (1 if isinstance(p.value, int) else 0.25)
        if name == "phalanx.shape.max_companies":
            value = p.value - 1  # one more company: the same shapes up to 6 x 6 ...
        try:
            changed = load_rules({name: value})
        except OptionError:
            changed = load_rules({name: p.value - (1 if isinstance(p.value, int) else 0.25)})
        assert changed != RULES, name


def test_the_printed_numbers_are_the_texts() -> None:
    r = RULES
    assert (r.keep_off, r.withdrawal, r.unformed_move, r.unformed_rough, r.phalanx_zone) == \
        (3.0, 6.0, 12.0, 6.0, 3.0)
    assert (r.line_move, r.column_move, r.column_then_move) == (6.0, 12.0, 6.0)
    assert (r.wheel_steps[-1], r.square, r.square_steps[-1]) == (9.0, 6, 6.0)
    assert dict(r.missile_range) == {"javelin": 6.0, "sling": 18.0, "bow": 18.0}
    assert (r.figures_per_die, r.volley_need, r.volley_need_rear, r.odd_need) == (2, 5, 4, 6)
    assert (r.contact_reach, r.horse_reach, r.contact_unformed_on) == (6.0, 12.0, 5)
    assert (r.dice_per_figure, r.double, r.overlap, r.per_rank, r.rank_counts) == \
        (1, 2, 1, 2, 0.5)
    assert (r.melee_need, r.melee_need_light, r.reform_need, r.spartan_bonus) == (5, 4, 4, 2)
    assert (r.reorganise_over, r.reform_ranks, r.rout_unforms, r.die) == (0.5, 2, 6.0, 6)
    # the menus of "up to" distances (readings)
    assert r.line_steps == (2.0, 4.0, 6.0) and r.column_steps == (0.0, 6.0, 12.0)
    assert r.wheels == (-90.0, -45.0, 45.0, 90.0) and r.wheel_steps == (3.0, 6.0, 9.0)
    assert r.unformed_steps == (1.0, 0.5)


# -- a variant plays by its numbers -------------------------------------------------------
def test_a_missile_range_parameter_moves_the_range() -> None:
    # Missiles 2: a sling target 15" away is in range at 18", out of it at 12"
    units = [unit("s", "south", "light infantry", 6, 42, 10, missile="sling"),
             phalanx("far", "north", 42, 25.0)]
    assert [t.id for t in targets(battle(units).state, u(battle(units), "s"))] == ["far"]
    short = battle(units, spec="monks_corner(missiles.sling.range=12)")
    assert targets(short.state, u(short, "s")) == []


def test_melee_and_missile_numbers_follow_the_variant() -> None:
    units = [phalanx("p", "south", 36, 10, 18, 3), phalanx("q", "north", 36, 10, 12, 2),
             unit("j", "north", "light infantry", 7, 30, 20, missile="javelin", facing=180.0)]
    b = battle(units)
    assert melee_dice(b.state.rules, u(b, "p"), u(b, "q")) == (6 + 2, 5)
    v = battle(units, spec="monks_corner(melee.dice.per_rank=3, melee.hit.need=4)")
    assert melee_dice(v.state.rules, u(v, "p"), u(v, "q")) == (6 + 3, 4)
    w = battle(units, spec="monks_corner(missiles.volley.figures_per_die=3)")
    got = volley(w.state.rules, u(w, "j"), u(w, "p"))
    assert (got.dice, got.odd) == (2, True)


def test_movement_numbers_follow_the_variant() -> None:
    units = [phalanx("p", "south", 36, 10), phalanx("q", "north", 36, 40)]
    b = battle(units, spec="monks_corner(movement.line.move=9.0)")
    advances = sorted(p.order.distance for p in candidate_moves(b.state, u(b, "p"))
                      if p.order.kind == "advance")
    assert advances == [3.0, 6.0, 9.0]
    c = battle([unit("h", "south", "horse", 3, 20, 10),
                unit("x", "north", "light infantry", 4, 20, 24.5, facing=180.0)],
               spec="monks_corner(melee.contact.horse_reach=15.0)")
    assert [p.target.id for p in charge_plans(c.state, u(c, "h"))] == ["x"]
    place(c, "x", y=27.5)
    assert charge_plans(c.state, u(c, "h")) == []


def test_reform_and_score_numbers_follow_the_variant() -> None:
    b = battle([phalanx("p", "south", 36, 10), phalanx("q", "north", 36, 30)],
               spec="monks_corner(phalanx.reform.need=6, victory.points.phalanx=10.0)")
    p = u(b, "p")
    p.formed = False
    b.state.dice = FixedDice([5])  # type: ignore[assignment]
    assert not attempt_reform(b.state, p)  # 5 no longer re-forms
    assert p.reform_failed
    assert score(b.state) == {"south": 0.0, "north": 10.0}


def test_phalanx_shapes_follow_the_variant_and_scenarios_are_checked_against_them() -> None:
    # Phalanxes 1 with companies of 4: 8 to 24 figures
    rs = ruleset("monks_corner(phalanx.shape.company=4)")
    shapes = rs.rules().legal_shapes
    assert list(shapes) == [8, 12, 16, 20, 24] and shapes[8] == ((2, 4),)
    with pytest.raises(ScenarioError, match=r"mantinea-418bc\.toml.*a phalanx is 2 to 6 "
                                            r"companies of 4 figures"):
        rs.scenario("mantinea-418bc")
    assert rs.parse_scenario({"name": "x", "title": "x", "sides": [
        {"name": "a"}, {"name": "b"}], "units": [
        phalanx("p", "a", 36, 10, 8, 2), phalanx("q", "b", 36, 30, 16, 2)]}).parsed


def test_bases_follow_the_variant() -> None:
    # a scenario's own bases, else the rules' (reconstructed) ones
    units = [phalanx("p", "south", 36, 10), unit("h", "north", "horse", 3, 36, 30)]
    b = battle(units, spec="monks_corner(troops.bases.foot_width=1.0)")
    assert (u(b, "p").block.base_width, u(b, "h").block.base_width) == (1.0, 0.75)
    assert u(b, "p").block.frontage == 6.0


# -- variants as specs ------------------------------------------------------------------------
def test_a_variant_round_trips_through_its_spec_a_saved_battle_and_compare() -> None:
    v = ancients.ruleset("monks_corner(missiles.sling.range=12)")
    assert str(v) == "monks_corner(missiles.sling.range=12.0)"
    assert ancients.ruleset(str(v)) == v != ancients.ruleset("monks_corner")
    assert v.parameter("missiles.sling.range") == 12.0
    b = v.new_battle("phalanx-duel", seed=3)
    b.run()
    saved = json.loads(json.dumps(b.to_dict()))
    assert saved["ruleset"] == str(v)
    again = ancients.ruleset("monks_corner").restore(saved)
    assert again.ruleset == v and again.log == b.log
    cmp = ancients.compare(["monks_corner", str(v)], "phalanx-duel", runs=4, seed=1, jobs=1)
    assert set(cmp.results) == {"monks_corner", str(v)}


@pytest.mark.parametrize(("values", "match"), [
    ({"missiles.sling.range": -1}, "below its least value"),
    ({"melee.hit.need": 7}, r"melee.hit.need.*above the maximum 6"),
    ({"phalanx.shape.min_companies": 7}, "more than max_companies"),
    ({"phalanx.shape.min_ranks": 7}, "no phalanx of these numbers has a legal shape"),
    ({"sequence.die.sides": 1}, "below its least value 2"),
    ({"melee.hit.nee": 4}, "did you mean 'melee.hit.need'"),
])
def test_a_variant_that_makes_no_rules_is_refused_at_once(values: dict[str, Any],
                                                          match: str) -> None:
    rs = ancients.ruleset("monks_corner")
    with pytest.raises(OptionError, match=match):
        rs.with_parameters(values)


def test_rules_are_read_once_per_variant() -> None:
    rs = ruleset("monks_corner(melee.hit.need=6)")
    assert rs.rules() is rs.rules()
    assert attrs.evolve(RULES, melee_need=6) == rs.rules()
