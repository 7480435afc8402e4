"""Monk's Corner's uses of the tabletop's spatial index against the brute-force answers
they replace, checked at every step of random battles on a table twice as wide (so the
index's cells, not its few-blocks shortcut, decide what is looked at)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ancients
from ancients.battle import RandomCommander
from ancients.monks_corner.geometry import paths_blocked, paths_blocked_among
from ancients.monks_corner.movement import (
    Plan,
    _menu,
    _path_keeps_off,
    allied_limit,
    clear_of_phalanx_zones,
    keep_rules,
    movable,
)
from ancients.monks_corner.state import State
from ancients.tabletop import EPSILON, BlockIndex
from ancients.tabletop.geometry import separation

_TWICE: dict[str, Any] = {}


def _scenario(spec: str = "monks_corner") -> Any:
    """mantinea-418bc on a table twice as wide, its line of battle repeated (under the
    variant ``spec``)."""
    if _TWICE.get("spec") != spec:
        import tomllib

        rs = ancients.ruleset(spec)
        _TWICE["spec"] = spec
        source = Path(ancients.monks_corner.__file__).parent / "scenarios" / "mantinea-418bc.toml"
        doc = tomllib.loads(source.read_text(encoding="utf-8"))
        width = doc["table"]["width"]
        doc["table"]["width"] = 2 * width
        doc["units"] = [{**x, "id": f"{x['id']}-{i}", "x": x["x"] + i * width}
                        for i in range(2) for x in doc["units"]]
        _TWICE["rs"], _TWICE["sc"] = rs, rs.parse_scenario(doc, source="twice")
    return _TWICE["rs"], _TWICE["sc"]


def _brute_contacts(state: State) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    a, b = state.present(state.sides[0]), state.present(state.sides[1])
    for x in a:
        for y in b:
            xb, yb = x.block, y.block
            if separation(xb.corners, xb.matrix_frame, yb.corners,
                          yb.matrix_frame)[1] <= EPSILON:
                out.setdefault(x.id, []).append(y.id)
                out.setdefault(y.id, []).append(x.id)
    return out


def _brute_keep_rules(state: State, unit: Any, plans: list[Plan]) -> list[Plan]:
    """Sequence 2, Movements 2 and 3 measured against every enemy on the table."""
    enemies = state.foes(unit.side)[0]
    if not plans or not enemies:
        return plans
    both = state.gaps(unit.side, [*(p.end for p in plans), unit.block])
    new, old = both[:-1], both[-1]
    floor = np.minimum(state.rules.keep_off, old) - EPSILON
    ok = np.all(new >= floor, axis=1)
    limit = allied_limit(state, unit)
    if limit is not None:
        ok &= new.min(axis=1) >= min(limit, float(old.min())) - EPSILON
    floors = floor.tolist()
    good = [bool(g) and _path_keeps_off(p.path, [
        (e.block, f, e.block.bounds) for e, f in zip(enemies, floors, strict=True) if f > 0.0])
        for p, g in zip(plans, ok.tolist(), strict=True)]
    near = (new < state.rules.phalanx_zone).tolist()
    return [p for i, p in enumerate(plans) if good[i] and (
        not unit.unformed or not any(near[i]) or clear_of_phalanx_zones(
            state, unit, p.end, [e for e, n in zip(enemies, near[i], strict=True) if n]))]


def _check_gaps_near(state: State, unit: Any, plans: list[Plan]) -> None:
    blocks = [*(p.end for p in plans), unit.block]
    reach = state.rules.phalanx_zone
    columns, near = state.gaps_near(unit.side, blocks, reach)
    full = state.gaps(unit.side, blocks)
    assert np.array_equal(near, full[:, columns])  # the same values, bit for bit
    within = {j for j in range(full.shape[1]) if full[:, j].min() <= reach}
    assert within <= set(columns) and columns == sorted(columns)


def _check(state: State) -> None:
    grid = state.grid()
    assert grid.blocks == [u.block if u.on_table else None for u in state.pieces]
    for side in state.sides:
        foes = state.foes(side)[0]
        assert state.foe_grid(side).blocks == [e.block for e in foes]
    every = {u.id for u in state.present()}
    contacts = {i: [e.id for e in state.contacts(state.by_id[i])] for i in every}
    assert {k: v for k, v in contacts.items() if v} == _brute_contacts(state)
    for unit in state.present():
        if not movable(state, unit) or state.in_melee(unit):
            continue
        menu = _menu(state, unit)
        assert keep_rules(state, unit, menu) == _brute_keep_rules(state, unit, menu)
        _check_gaps_near(state, unit, menu)
        paths = [p.path for p in menu]
        others = [o.block for o in state.others(unit)]
        assert paths_blocked_among(state.table, paths, grid, state.slot[unit.id]) == \
            paths_blocked(state.table, paths, others)


#: a variant whose unformed troops keep 15" off a phalanx (Movement 2), not 3": the
#: zone, not Sequence 2's 3", sets how far the rules look
_WIDE_ZONE = "monks_corner(movement.unformed.zone=15)"


@pytest.mark.parametrize("spec", ["monks_corner", _WIDE_ZONE])
@settings(max_examples=3)
@given(seed=st.integers(0, 2**32 - 1))
def test_the_index_answers_as_every_pair_does(seed: int, spec: str) -> None:
    few, BlockIndex.FEW = BlockIndex.FEW, 0  # the cells always (put back below)
    try:
        _play(seed, spec)
    finally:
        BlockIndex.FEW = few


def _play(seed: int, spec: str = "monks_corner") -> None:
    rs, sc = _scenario(spec)
    b = rs.new_battle(sc, seed=seed, commanders=dict.fromkeys(sc.sides))
    pick = RandomCommander()
    steps = 0
    while not b.finished and steps < 400:
        b.step()
        _check(b.state)
        if b.pending is not None:
            b.decide(pick.decide(b, b.pending))
        steps += 1


def test_a_scaled_doctrine_battle_plays_as_with_every_block_a_candidate(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The doctrine's and the rules' queries through the index's cells give the battle
    the events they give with every block a candidate everywhere (the brute force)."""
    rs, sc = _scenario()
    logs = []
    for few in (0, 10**9):  # the cells always; never
        monkeypatch.setattr(BlockIndex, "FEW", few)
        battle = rs.new_battle(sc, seed=5)
        battle.run()
        logs.append([(e.kind, e.data) for e in battle.log])
    assert logs[0] == logs[1]
