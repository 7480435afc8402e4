"""Properties of whole battles (hypothesis; ``ANCIENTS_SLOW=1`` runs the long profile):
figures never increase; casualties never exceed what the hits allow; the points lost in
melee follow the difference rule; no unit overlaps another or leaves the table but by
routing off; and the conformance suite on the built-in scenarios, on both elephant
variants, on generated scenarios and on drawn orders of battle."""

from __future__ import annotations

import os
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ancients
from ancients.battle import RandomCommander
from ancients.burgess.casualties import casualty_dice
from ancients.burgess.counting import round_half_down
from ancients.burgess.strategies import positions, scenario_documents
from ancients.errors import ScenarioError
from ancients.oob.strategies import orders_of_battle
from ancients.testing import check_ruleset
from ancients.testing.strategies import seeds
from ancients.units import Condition

SLOW = bool(os.environ.get("ANCIENTS_SLOW"))
SCENARIOS = ("zama-202bc", "kadesh-1274bc", "assault")


def stepped(spec: str, scenario: Any, seed: int) -> Any:
    """A battle between random commanders played step by step: yields it after each."""
    rs = ancients.ruleset(spec)
    sc = rs.scenario(scenario) if isinstance(scenario, str) else scenario
    b = rs.new_battle(sc, seed=seed, commanders={s: RandomCommander() for s in sc.sides})
    while not b.finished:
        b.step()
        yield b


@settings(max_examples=12 if not SLOW else 200, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SCENARIOS), seeds())
def test_figures_never_increase_and_nobody_overlaps_or_leaves_but_by_routing(
        scenario: str, seed: int) -> None:
    last: dict[str, int] = {}
    sides: dict[str, int] = {}
    b = None
    for b in stepped("burgess", scenario, seed):
        st_ = b.state
        for p in st_.pieces:
            if p.id in last:
                assert p.figures <= last[p.id] or not p.on_table, p.id
            last[p.id] = p.figures if p.on_table else 0
        for side in st_.sides:
            now = st_.figures(side)[1]
            assert now <= sides.get(side, now)
            sides[side] = now
        present = st_.present()
        for i, a in enumerate(present):
            assert st_.table.contains(a.block), a.id
            for other in present[i + 1:]:
                assert not a.block.overlaps(other.block), (a.id, other.id)
    assert b is not None
    # a piece that left the field ran (or stampeded) off it
    for p in b.state.pieces:
        if p.condition is Condition.LEFT_FIELD:
            lost = [e for e in b.log if e.kind == "lost" and e.data["unit"] == p.id]
            assert lost and lost[-1].data["condition"] == "left the field"
            assert "off the table" in lost[-1].data["reason"] or \
                "off its table edge" in lost[-1].data["reason"]


def _play(spec: str, scenario: str, seed: int) -> Any:
    rs = ancients.ruleset(spec)
    sides = rs.scenario(scenario).sides
    b = rs.new_battle(scenario, seed=seed, commanders={s: RandomCommander() for s in sides})
    b.run()
    return b


@settings(max_examples=10 if not SLOW else 200, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SCENARIOS), seeds())
def test_casualties_never_exceed_what_the_hits_allow(scenario: str, seed: int) -> None:
    b = _play("burgess", scenario, seed)
    log = list(b.log)
    for i, e in enumerate(log):
        if e.kind != "saves":
            continue
        assert e.data["lost"] <= e.data["dice"]
        assert sum(g[1] for g in e.data["groups"]) == e.data["hits"]
        for _save, hits, dice, lost in e.data["groups"]:
            assert dice == casualty_dice(hits) and 0 <= lost <= dice
        # the removal that follows these saves (a unit shot at twice in a turn has two)
        removed = [x for x in log[i + 1:] if x.kind == "casualties" and x.data["unit"] ==
                   e.data["unit"] and x.turn == e.turn and x.data["reason"] == "missiles"]
        if e.data["lost"]:
            assert removed and removed[0].data["figures"] <= e.data["lost"]


@settings(max_examples=10 if not SLOW else 200, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SCENARIOS), seeds())
def test_the_points_lost_in_melee_follow_the_difference_rule(scenario: str,
                                                             seed: int) -> None:
    b = _play("burgess", scenario, seed)
    share = b.state.rules.melee.winner_share
    for e in b.log:
        if e.kind != "melee":
            continue
        sa, sb = e.data["scores"]
        diff = Fraction(abs(sa - sb))
        for i in (0, 1):
            mine = diff if (sa < sb) == (i == 0) and sa != sb else diff * share
            if sa == sb:
                mine = Fraction(0)
            values, figures = e.data["values"][i], e.data["figures"][i]
            lost = e.data["lost"][i]
            if len(values) == 1:  # Hand to hand 1, exactly
                want = min(max(round_half_down(mine / values[0]), 1), figures[0])
                assert lost == [want], e.message
            else:  # shared by points: within half a figure a unit, one figure at least
                points = sum(n * v for n, v in zip(lost, values, strict=True))
                slack = sum(values) / 2 + max(values)
                assert sum(lost) >= 1
                assert points <= mine + slack or lost == figures, e.message


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_conformance_suite_on_the_built_in_scenarios(scenario: str) -> None:
    report = check_ruleset("burgess", battles=2 if not SLOW else 20, seed=1,
                           scenario=scenario)
    assert report.battles == (2 if not SLOW else 20) and report.replays_checked


def test_the_conformance_suite_with_tempered_elephants_and_the_other_readings() -> None:
    check_ruleset("burgess(elephants=tempered)", battles=2 if not SLOW else 20, seed=2)
    check_ruleset("burgess(casualty_count=continue, outnumbered_rout=captured, "
                  "engine_points=figures, turn_limit=6, post_contact=once, pivot=move)",
                  battles=1 if not SLOW else 10,
                  seed=3, scenario="assault")


@settings(max_examples=6 if not SLOW else 300, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(scenario_documents())
def test_generated_scenarios_pass_the_conformance_suite(doc: dict[str, Any]) -> None:
    rs = ancients.ruleset("burgess")
    sc = rs.parse_scenario(doc, source="generated")
    check_ruleset(rs, battles=1, seed=0, scenario=sc)


@settings(max_examples=3 if not SLOW else 60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(orders_of_battle(max_contingents=4))
def test_drawn_orders_of_battle_play_conforming_battles(oob: Any) -> None:
    rs = ancients.ruleset("burgess(turn_limit=4)")
    try:
        tr = rs.translate_oob(oob)
        sc = rs.parse_scenario(tr.document, source="drawn")
    except ScenarioError:
        return
    check_ruleset(rs, battles=1, seed=0, scenario=sc)


@settings(max_examples=10 if not SLOW else 100, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(positions("assault", max_decisions=60))
def test_the_invariants_hold_at_any_position(b: Any) -> None:
    assert list(b.ruleset.invariants(b)) == []
