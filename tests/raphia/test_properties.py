"""Properties (hypothesis): stacking, sides per hex, every counter accounted for, victory
points, and the force-ratio column never better for the attacker than the exact ratio."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import ancients
from ancients.raphia.stacking import stack_problem
from ancients.raphia.state import Status
from ancients.raphia.strategies import counters, mid_battles, stacks
from ancients.raphia.tables import load_tables
from ancients.raphia.victory import victory_points

TABLE = load_tables().combat


@given(st.integers(1, 200), st.integers(1, 200))
def test_column_never_better_than_the_exact_ratio(a: int, d: int) -> None:
    col = TABLE.column(a, d)
    if col is None:
        assert Fraction(a, d) < TABLE.ratios[0]
    else:
        assert TABLE.ratios[col] <= Fraction(a, d)
        if col + 1 < len(TABLE.ratios):
            assert TABLE.ratios[col + 1] > Fraction(a, d)


@given(st.sampled_from(["ptolemaic", "seleucid"]).flatmap(stacks))
def test_generated_stacks_are_legal(ids: list[str]) -> None:
    b: Any = ancients.ruleset("raphia").new_battle(seed=0)
    assert stack_problem(b.state, ids) is None


@given(counters())
def test_counters_have_factors(c: Any) -> None:
    assert c.combat >= 1 and c.movement >= 1
    assert (c.morale is None) == (c.leader or c.egyptian)


@settings(max_examples=max(12, settings().max_examples // 8), deadline=None)
@given(mid_battles())
def test_mid_battle_invariants(battle: Any) -> None:
    s = battle.state
    per_hex: dict[Any, set[str]] = {}
    for stack in s.stacks:
        per_hex.setdefault(stack.hex, set()).add(stack.side)
        if stack.status is Status.GOOD:
            assert stack_problem(s, stack.counters) is None
    assert all(len(v) == 1 for v in per_hex.values())
    on_map = [c for stack in s.stacks for c in stack.counters]
    assert sorted(on_map + list(s.gone)) == sorted(battle.deployed)
    pts = s.tables.victory.points
    expect = {"ptolemaic": 0, "seleucid": 0}
    for u in battle.units():
        if u.condition.value == "good order":
            expect[u.side] += pts[s.counter(u.id).troop_class]
    assert victory_points(s) == expect
