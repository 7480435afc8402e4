"""Monk's Corner's uses of the tabletop's spatial index against the brute-force answers
they replace, checked at every step of random battles on a table twice as wide (so the
index's cells, not its few-blocks shortcut, decide what is looked at)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ancients
from ancients.battle import RandomCommander
from ancients.monks_corner.geometry import paths_blocked, paths_blocked_among
from ancients.monks_corner.movement import _menu, movable
from ancients.monks_corner.state import State
from ancients.tabletop import EPSILON, BlockIndex
from ancients.tabletop.geometry import separation

_TWICE: dict[str, Any] = {}


def _scenario() -> Any:
    """mantinea-418bc on a table twice as wide, its line of battle repeated."""
    if not _TWICE:
        import tomllib

        rs = ancients.ruleset("monks_corner")
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
        paths = [p.path for p in _menu(state, unit)]
        others = [o.block for o in state.others(unit)]
        assert paths_blocked_among(state.table, paths, grid, state.slot[unit.id]) == \
            paths_blocked(state.table, paths, others)


@settings(max_examples=3)
@given(st.integers(0, 2**32 - 1))
def test_the_index_answers_as_every_pair_does(seed: int) -> None:
    few, BlockIndex.FEW = BlockIndex.FEW, 0  # the cells always (put back below)
    try:
        _play(seed)
    finally:
        BlockIndex.FEW = few


def _play(seed: int) -> None:
    rs, sc = _scenario()
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
