"""The state's spatial fast paths against what they replace, measured afresh: who touches
whom kept up to date per piece (``State.contacts`` against ``_compute_contacts``), the
pieces on the table, the pieces near a box, the nearest enemy, a firer's targets, and the
doctrine commander's nearest enemy, flank points and threats; on zama-202bc's state through random
sequences of moves, charges into contact, routs, losses and new pieces (hypothesis); and
what a move crosses, against every area and line of each table measured."""

from __future__ import annotations

import copy
import math
import warnings

import attrs
from hypothesis import given
from hypothesis import strategies as st

import ancients
from ancients.burgess import charges, fire, ground
from ancients.burgess import moves as moves_
from ancients.burgess.battle import BurgessBattle
from ancients.burgess.commander import (
    DoctrineCommander,
    _flank_points,
    _near,
    _Points,
    melee_chance,
)
from ancients.burgess.decisions import Shoot
from ancients.burgess.moves import _nearest as every_nearest
from ancients.burgess.moves import nearest_enemies
from ancients.burgess.state import Piece, State
from ancients.burgess.troops import TroopClass
from ancients.scenario import Scenario
from ancients.tabletop import Block
from ancients.tabletop.index import boxes_meet
from ancients.testing import placement
from ancients.units import Condition

RS = ancients.ruleset("burgess")
ZAMA = RS.scenario("zama-202bc")
CONDITIONS = [Condition.GOOD_ORDER, Condition.SHAKEN, Condition.ROUTED,
              Condition.ELIMINATED]

#: one step on piece ``i`` (modulo the pieces): a shift (dx, dy, turn), a charge home on
#: enemy ``j``'s front (touching it, ``off`` inches along), a new condition, a part split
#: off it (a new piece beside it), or a change that moves nothing
steps = st.lists(st.one_of(
    placement.shifts(60), placement.charges(60),
    st.tuples(st.just("condition"), st.integers(0, 60), st.sampled_from(CONDITIONS)),
    st.tuples(st.just("split"), st.integers(0, 60), st.floats(-8, 8)),
    st.tuples(st.just("note"), st.integers(0, 60))), min_size=1, max_size=25)


def _scaled(k: int) -> Scenario:
    """zama-202bc with each side's units ``k`` times side by side on a table ``k`` times
    as wide (enough pieces for the index's cells)."""
    doc = copy.deepcopy(dict(ZAMA.data))
    width = float(doc["table"]["width"])
    doc["table"]["width"] = width * k
    doc["units"] = [{**u, "id": f"{u['id']}-{i}" if i else u["id"],
                     "x": float(u["x"]) + width * i}
                    for i in range(k) for u in ZAMA.data["units"]]
    return RS.parse_scenario(doc, source=f"zama x{k}")


SCENARIOS = {1: ZAMA, 3: _scaled(3)}


def _state(k: int = 1) -> State:
    battle = RS.new_battle(SCENARIOS[k], seed=0)
    assert isinstance(battle, BurgessBattle)
    return battle.state


def _played(moves: list[tuple[object, ...]], k: int) -> State:
    """The state of scenario ``k`` after ``moves``."""
    state = _state(k)
    for step in moves:
        _apply(state, step)
    return state


def _apply(state: State, step: tuple[object, ...]) -> None:
    kind = step[0]
    p = state.pieces[int(step[1]) % len(state.pieces)]  # type: ignore[call-overload]
    b = p.block
    if kind == "shift":
        p.block = placement.moved(b, step)
    elif kind == "charge":
        foes = [e for e in state.pieces if e.side != p.side]
        e = foes[int(step[2]) % len(foes)]  # type: ignore[call-overload]
        p.block = placement.moved(b, step, e.block)
    elif kind == "condition":
        p.condition = step[2]  # type: ignore[assignment]
    elif kind == "split":
        new = attrs.evolve(p, id=f"{p.id}.{len(state.pieces)}",
                           block=b.derived(b.x + float(step[2]), b.y, b.facing,  # type: ignore[arg-type]
                                           b.files, b.ranks))
        state.add(new)
    else:
        p.ran = not p.ran  # touched, nothing on the table changes


def _nearest(state: State, piece: Piece, block: Block, running: bool) -> tuple[object, float]:
    """What ``nearest_enemy`` measured before the index: every enemy, the first of
    equals in table order."""
    best: tuple[Piece | None, float] = (None, float("inf"))
    for e in state.pieces:
        if e.side == piece.side or not e.on_table or (not running and e.running):
            continue
        d = block.distance(e.block)
        if d < best[1]:
            best = (e, d)
    return best


def _check(state: State) -> None:
    full = state._compute_contacts()
    for p in state.pieces:
        assert state.contacts(p) == full.get(p.id, ()), p.id
        assert state.in_melee(p) == (p.id in full)
    for side in (None, *state.sides):
        assert state.present(side) == [p for p in state.pieces if p.on_table and (
            side is None or p.side == side)]
    probe = state.pieces[len(state.pieces) // 2].block
    for margin in (0.0, 3.0, 12.0):
        for side in (None, *state.sides):
            assert state.near(probe.bounds, margin, side) == [
                p for p in state.present(side) if boxes_meet(p.block.bounds, probe.bounds,
                                                             margin)]
    for p in state.pieces:
        for block in (p.block, probe):
            for running in (True, False):
                assert state.nearest_enemy(p, block, running) == _nearest(
                    state, p, block, running)


@given(steps, st.integers(1, 4), st.sampled_from(sorted(SCENARIOS)))
def test_contacts_and_the_index_are_the_full_recompute(moves: list[tuple[object, ...]],
                                                       every: int, k: int) -> None:
    placement.checked_along(_state(k), moves, _apply, _check, every)


@given(steps, st.sampled_from(sorted(SCENARIOS)))
def test_targets_are_every_enemy_in_reach(moves: list[tuple[object, ...]], k: int) -> None:
    state = _played(moves, k)
    ids = set(state.by_id)
    for p in state.present():
        if p.unit.weapon is None:
            continue
        shots = [s for s in fire.targets(state, p) if s.how == "shoot" and s.target in ids]
        assert shots == [Shoot(e.id) for e in state.present(state.enemy_of(p.side))
                         if not state.in_melee(e) and fire.in_reach(state, p, e)]


points = st.lists(st.tuples(st.tuples(st.floats(-50, 300), st.floats(-50, 300)),
                            st.sampled_from([1.0, 0.8, 0.6, 0.48])), max_size=60)
many = st.lists(st.tuples(st.tuples(st.floats(-50, 300), st.floats(-50, 300)),
                          st.sampled_from([1.0, 0.8, 0.6, 0.48])), min_size=17, max_size=80)


@given(points | many, st.floats(-100, 400), st.floats(-100, 400))
def test_flank_points_least_is_every_point_measured(
        found: list[tuple[tuple[float, float], float]], x: float, y: float) -> None:
    least = min((math.hypot(x - px, y - py) * w for (px, py), w in found), default=math.inf)
    assert _Points(found).least(x, y) == least


@given(steps, st.sampled_from(sorted(SCENARIOS)))
def test_the_commanders_nearest_is_the_first_of_the_nearest(
        moves: list[tuple[object, ...]], k: int) -> None:
    state = _played(moves, k)
    me = next((p for p in state.present(state.sides[0])), None)
    foes = state.present(state.sides[1])
    if me is None or not foes:
        return
    cmd = DoctrineCommander()
    cmd._side, cmd._foes = me.side, foes

    def first(among: list[Piece], block: Block) -> Piece:
        return min(among, key=lambda e: (block.distance(e.block), foes.index(e)))

    odd = [e for i, e in enumerate(foes) if i % 2]
    cmd._elephants = [e for e in foes if e.troop is TroopClass.ELEPHANTS]
    cmd._elephant_reach = max((float(state.rules.troops[e.troop].move)
                               for e in cmd._elephants), default=0.0) + 1.0
    for block in (me.block, foes[-1].block, state.pieces[3].block, *(
            attrs.evolve(e.block, x=e.block.x + 4.0) for e in cmd._elephants)):
        assert cmd._danger(state, me, block) == 8.0 * sum(
            block.distance(e.block) < float(state.rules.troops[e.troop].move) + 1.0
            for e in foes if e.troop is TroopClass.ELEPHANTS)
        assert cmd._nearest(state, block) is first(foes, block)
        formed = [e for e in foes if not e.running] or foes
        assert cmd._nearest(state, block, lambda e: not e.running) is first(formed, block)
        assert cmd._nearest(state, block, lambda e: e in odd) is first(odd, block)
        none = cmd._nearest(state, block, lambda e: False)
        assert none is first(foes, block)


@given(steps, st.integers(1, 3))
def test_the_commanders_kept_flank_points_are_worked_out_afresh(
        moves: list[tuple[object, ...]], every: int) -> None:
    state = _state()
    commanders = {side: DoctrineCommander() for side in state.sides}  # one a side
    hits = 0
    for n, step in enumerate([("note", 0), *moves]):
        _apply(state, step)
        if n % every:
            continue
        for me in (state.pieces[0], state.pieces[-1]):  # one of each side
            foes = state.present(state.enemy_of(me.side))
            cmd = commanders[me.side]
            kept = cmd._kept_points
            elephants, points = cmd._enemy_points(state, me, foes)
            hits += kept is not None and points is kept[4]
            assert points.points == _flank_points(state, me, foes)
            assert elephants == [e for e in foes if e.troop is TroopClass.ELEPHANTS]


@given(steps, st.sampled_from(sorted(SCENARIOS)), st.integers(1, 4))
def test_the_nearest_enemies_of_a_menu_are_those_of_every_enemy(
        moves: list[tuple[object, ...]], k: int, n: int) -> None:
    state = _played(moves, k)
    for p in state.pieces[::5]:
        foes = state.present(state.enemy_of(p.side))
        for b in (p.block, state.pieces[-1].block):
            assert nearest_enemies(state, p, b, n) == every_nearest(b, foes, n)


@given(steps, st.sampled_from(sorted(SCENARIOS)))
def test_charges_are_planned_at_every_enemy_that_may_be_charged(
        moves: list[tuple[object, ...]], k: int) -> None:
    state = _played(moves, k)
    arc = state.rules.table.charge_arc
    for p in state.present():
        expected = [] if not charges.can_charge(state, p) else [
            plan for e in state.present(state.enemy_of(p.side))
            if (plan := charges._plan(state, p, e, arc)) is not None]
        assert charges.plans(state, p) == expected


def _threat_afresh(state: State, local: list[Piece], p: Piece, end: Block) -> float:
    """What the doctrine's threat to ``p`` at ``end`` sums, every enemy near looked at."""
    risk = 0.0
    for e in local:
        if e.running or e.engine or state.in_melee(e):
            continue
        reach = float(state.rules.troops[e.troop].move) + 0.5
        if not _near(end, e.block, reach) or end.distance(e.block) > reach:
            continue
        if not e.block.in_arc(end, state.rules.table.charge_arc):
            continue
        risk += 1.0 + (1.0 - melee_chance(state, p, e)) if p.unit.armour is not None \
            else 1.5
    return risk


@given(steps, st.sampled_from(sorted(SCENARIOS)), st.integers(1, 3))
def test_the_doctrines_threats_are_every_enemy_near_looked_at(
        moves: list[tuple[object, ...]], k: int, every: int) -> None:
    state = _state(k)
    cmd = DoctrineCommander()
    for n, step in enumerate([("note", 0), *moves]):
        _apply(state, step)
        if n % every:
            continue
        for me in (state.pieces[0], state.pieces[-1], state.pieces[n % len(state.pieces)]):
            if not me.on_table:
                continue
            enemy = state.enemy_of(me.side)
            local = state.near(me.block.bounds, 30.0, enemy)
            cmd._local = local  # as a decision to move sets it
            ends = [me.block, *(e.block for e in local[:3]),
                    *(pl.end for pl in moves_.menu(state, me)[:6])]
            for end in ends:
                plan = moves_.Plan(moves_.HOLD, end)
                assert cmd._threat(state, me, plan, []) == _threat_afresh(state, local, me,
                                                                           end)


def _tables() -> dict[str, State]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        mantinea = RS.from_oob("mantinea-418bc")
    out = {}
    for name, sc in [*RS.scenarios().items(), ("mantinea-418bc", mantinea)]:
        battle = RS.new_battle(sc, seed=0)
        assert isinstance(battle, BurgessBattle)
        out[name] = battle.state
    return out


TABLES = _tables()


@given(st.sampled_from(sorted(TABLES)), st.integers(0, 200), st.floats(0, 360),
       st.floats(0, 40), st.floats(-90, 90), st.booleans())
def test_crossings_are_every_area_and_line_measured(name: str, i: int, towards: float,
                                                    inches: float, turn: float,
                                                    anywhere: bool) -> None:
    state = TABLES[name]
    start = state.pieces[i % len(state.pieces)].block
    if anywhere:  # from a point of the table, to reach its every area and line
        t = state.table
        start = ground.placed(start, ((i * 7.3) % t.width, (i * 3.1) % t.depth))
    end = ground.along(start, towards, inches, start.facing + turn)
    assert ground.crossings(state, start, end) == ground.measured_crossings(state, start, end)
