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
from ancients.monks_corner import commander
from ancients.monks_corner.commander import DoctrineCommander
from ancients.monks_corner.decisions import Kind
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
from ancients.monks_corner.troops import Troop
from ancients.tabletop import EPSILON, BlockIndex, corners_array, distance_matrix
from ancients.tabletop.geometry import separation

from . import helpers

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


# -- the doctrine's scores: what each end is scored on, near against every enemy ----------
def _brute_sights(state: State, unit: Any, ends: list[Any], foes: list[Any], aim: str
                  ) -> list[tuple[list[tuple[int, float]], tuple[float, int]]]:
    """What the doctrine's scores read off the rows of every end against every enemy
    (one matrix of the whole table): the enemies within the reach, and the nearest of the
    kind each score closes on (for horse the least weighted distance), the first of
    equals."""
    _, corners, frames_ = state.foes(unit.side)
    rows = distance_matrix(corners_array(ends), corners, frames_).tolist()
    reach = commander._reach(state.rules)
    near = [[(j, d) for j, d in enumerate(row) if d <= reach] for row in rows]
    if aim == commander._RIDE:
        leads = [min((commander._aim(unit, end, e), j) for j, e in enumerate(foes))
                 for end in ends]
    else:
        every = list(range(len(foes)))
        if aim == commander._DRESS:
            columns = ([j for j, e in enumerate(foes) if e.is_phalanx]
                       or [j for j, e in enumerate(foes) if e.troop is not Troop.HORSE]
                       or every)
        elif aim == commander._SOFT:
            columns = [j for j, e in enumerate(foes) if e.unformed] or every
        else:
            columns = every
        leads = [min((row[j], j) for j in columns) for row in rows]
    return list(zip(near, leads, strict=True))


_AIMS = (commander._DRESS, commander._RIDE, commander._ANY, commander._SOFT)


def _check_sights(battle: Any, decision: Any, monkeypatch: pytest.MonkeyPatch) -> int:
    """At a move decision: every score's view of every end (whichever troop's it is) as
    the whole-table rows give it, and the doctrine's choice the same with them."""
    state = battle.state
    unit = state.by_id[decision.unit]
    plans = [p for o in decision.options if isinstance(p := state.menu.get(o), Plan)]
    foes = state.foes(unit.side)[0]
    if not plans or not foes:
        return 0
    ends = [p.end for p in plans]
    for aim in _AIMS:
        assert commander._sights(state, unit, ends, foes, aim) == _brute_sights(
            state, unit, ends, foes, aim), (aim, unit.id)
    doctrine = DoctrineCommander()
    fast = doctrine.decide(battle, decision)
    with monkeypatch.context() as m:
        m.setattr(commander, "_sights", _brute_sights)
        assert doctrine.decide(battle, decision) == fast
    return 1


#: a variant whose contact moves reach farther (9", horse 16"): the scores look farther
_LONG_REACH = "monks_corner(melee.contact.reach=9,melee.contact.horse_reach=16)"


@pytest.mark.parametrize("prefetch", [True, False])
@pytest.mark.parametrize(("spec", "wide"), [("monks_corner", False), ("monks_corner", True),
                                            (_LONG_REACH, True)])
def test_the_doctrine_scores_each_end_as_against_every_enemy(
        spec: str, wide: bool, prefetch: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """At every move decision of doctrine battles (mantinea-418bc, and on a table twice as
    wide through the index's cells, also with longer reaches) the scores see the enemies
    near each end and the one it closes on as one matrix of every end against every
    enemy gives them, and the doctrine chooses the same move: reading the rows the
    side's prefetch measured (but at a phase's first decision, checked before the
    doctrine asks for them), and without the prefetch (measured near each menu)."""
    monkeypatch.setattr(BlockIndex, "FEW", 0)  # the cells always
    if not prefetch:
        monkeypatch.setattr(State, "prefetch_gaps", lambda self, side, blocks: None)
    if wide:
        rs, sc = _scenario(spec)
    else:
        rs = ancients.ruleset(spec)
        sc = rs.scenario("mantinea-418bc")
    doctrine = DoctrineCommander()
    checked = 0
    for seed in range(2):
        b = rs.new_battle(sc, seed=seed, commanders=dict.fromkeys(sc.sides))
        for _ in range(5000):
            if b.finished:
                break
            b.step()
            d = b.pending
            if d is not None:
                if Kind(d.kind) is Kind.MOVE:
                    checked += _check_sights(b, d, monkeypatch)
                b.decide(doctrine.decide(b, d))
        assert b.finished
    assert checked > 50, checked


#: where a block stands: near the middle of the table (the cases where the search's
#: bound is tight are those where the enemies crowd the horse), square or askew
_SPOT = st.tuples(st.floats(28.0, 44.0), st.floats(16.0, 32.0), st.sampled_from(
    [0.0, 90.0, 180.0, 270.0, 35.0]))


@settings(max_examples=300)
@given(horse=_SPOT, enemies=st.lists(st.tuples(_SPOT, st.sampled_from(
    ["phalanx", "unformed", "horse", "light infantry"])), min_size=1, max_size=8))
def test_the_horse_aim_is_the_least_over_every_enemy(
        horse: tuple[float, float, float],
        enemies: list[tuple[tuple[float, float, float], str]]) -> None:
    """Horse making for the rears of phalanxes and for unformed troops: the least weighted
    distance the search near the unit finds is the least over every enemy (whatever
    stands where: overlapping blocks too, placed by hand)."""
    units = [helpers.unit("h", "south", "horse", 4, 36.0, 4.0)]
    for k, (_, troop) in enumerate(enemies):
        if troop == "phalanx" or troop == "unformed":
            units.append(helpers.phalanx(f"e{k}", "north", 10.0 * k + 5, 40.0, figures=12, ranks=2))
        else:  # horse as strong and stronger
            units.append(helpers.unit(f"e{k}", "north", troop, 4 + 2 * (k % 2), 10.0 * k + 5, 40.0))
    b = helpers.battle(units, width=96.0)
    few, BlockIndex.FEW = BlockIndex.FEW, 0  # the cells always (put back below)
    try:
        helpers.place(b, "h", x=horse[0], y=horse[1], facing=horse[2])
        for k, ((x, y, facing), troop) in enumerate(enemies):
            helpers.place(b, f"e{k}", x=x, y=y, facing=facing)
            if troop == "unformed":
                helpers.u(b, f"e{k}").formed = False
        state = b.state
        h = helpers.u(b, "h")
        foes = state.foes(h.side)[0]
        for ends in ([h.block], [h.block, *(h.block.translated(dx, dy)
                                             for dx, dy in ((0, 6), (5, 3)))]):
            assert [lead for _, lead in commander._sights(state, h, ends, foes, commander._RIDE)
                    ] == [lead for _, lead in _brute_sights(state, h, ends, foes, commander._RIDE)]
    finally:
        BlockIndex.FEW = few
