"""The state's spatial fast paths against the full scans they cut: every question the
rules and the doctrine put to ``State.near`` (the pieces whose bounds come within a
margin of a box) answered instead with every piece on the table (``full_scan``), so that
only the exact tests decide. A move's menu, the drift of a body, the bounce of belos
units and whole battles come out the same, at every decision of played battles and on
random layouts (hypothesis)."""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterator
from contextlib import contextmanager
from typing import Any
from unittest.mock import patch

from hypothesis import assume, given
from hypothesis import strategies as st

import ancients
from ancients.battle import Battle, Commander, Decision, RandomCommander
from ancients.errors import ScenarioError
from ancients.hoplomachia import charges, flight, manoeuvre
from ancients.hoplomachia.command import Signal
from ancients.hoplomachia.commander import (
    DoctrineCommander,
    _horse_score,
    _lights_score,
    _phalanx_score,
)
from ancients.hoplomachia.state import State
from ancients.hoplomachia.troops import Flight
from ancients.hoplomachia.vocabulary import Category
from ancients.tabletop import Block, heading
from ancients.tabletop.index import Box, edge_distance

from .play import battle, doc, fielded


def _every_piece(self: State, box: Box, margin: float = 0.0,
                 side: str | None = None) -> list[Any]:
    return self.present(side)


def _every_nearest(self: State, block: Block, side: str, accept: Any = None,
                   measure: Any = edge_distance) -> tuple[Any, float]:
    best: tuple[Any, float] = (None, math.inf)
    for p in self.present(side):  # the first of equals in table order
        if accept is None or accept(p):
            d = measure(block, p.block)
            if d < best[1]:
                best = (p, d)
    return best


def _afresh(self: State, side: str, key: Hashable, compute: Any) -> Any:
    return compute()


@contextmanager
def full_scan() -> Iterator[None]:
    """``State.near`` gives every piece on the table (of the side), ``State.nearest``
    measures every one, and nothing is kept by side (``of_side``): the full scan."""
    with patch.object(State, "near", _every_piece), \
            patch.object(State, "nearest", _every_nearest), \
            patch.object(State, "of_side", _afresh):
        yield


def _score_of(d: Any) -> Any:
    if d.core:
        return _phalanx_score
    return _horse_score if d.category is Category.HIPPEUS else _lights_score


def _compare_menus(state: State) -> int:
    """Every division's menu and drift, and every piece's charge targets ahead, by the
    index and by the full scan; how many plans were compared."""
    compared = 0
    for p in state.present():
        fast_ahead = charges.targets_ahead(state, p, 30.0)
        with full_scan():
            assert charges.targets_ahead(state, p, 30.0) == fast_ahead
    for d in state.divisions.values():
        fast = manoeuvre.menu(state, d)
        with full_scan():
            slow = manoeuvre.menu(state, d)
        assert fast == slow, d.id
        compared += len(fast)
        score = _score_of(d)
        for plan in fast:
            kept = score(state, d, plan)
            with full_scan():
                assert score(state, d, plan) == kept, (d.id, plan.order)
        members = state.members(d)
        if members:
            shift = state.rules.movement.drift.approach_drift(9) or 0.5
            fast_drift = manoeuvre.drifted(state, members, shift)
            with full_scan():
                assert manoeuvre.drifted(state, members, shift) == fast_drift
    return compared


class _Checking:
    """A commander that compares the fast paths with the full scans at every decision,
    then decides as ``inner`` does."""

    def __init__(self, inner: Commander) -> None:
        self.inner = inner
        self.compared = 0

    def decide(self, b: Battle, decision: Decision) -> Hashable:
        self.compared += _compare_menus(fielded(b).state)
        return self.inner.decide(b, decision)


def test_menus_and_drift_by_the_index_are_the_full_scans_at_every_decision() -> None:
    rs = ancients.ruleset("hoplomachia")
    compared = 0
    for seed, inner in ((0, DoctrineCommander), (1, RandomCommander)):
        commanders = {s: _Checking(inner()) for s in ("athens", "corinth")}
        rs.new_battle("poteidaia-432bc", seed=seed, commanders=commanders).run()
        compared += sum(c.compared for c in commanders.values())
    assert compared > 1000


def _log(spec: str, seed: int, doctrine: bool) -> list[tuple[object, ...]]:
    rs = ancients.ruleset(spec)
    sc = rs.scenario("poteidaia-432bc")
    commanders = None if doctrine else {s: RandomCommander() for s in sc.sides}
    b = rs.new_battle(sc, seed=seed, commanders=commanders)
    b.run()
    return [(e.turn, e.phase, e.kind, e.message, e.data) for e in b.log]


def test_battles_played_with_the_full_scan_are_the_same() -> None:
    for seed, doctrine in ((2, True), (3, False)):
        fast = _log("hoplomachia(incline=true)", seed, doctrine)
        with full_scan():
            assert _log("hoplomachia(incline=true)", seed, doctrine) == fast


#: per division of the small battle: a shift (dx, dy) of where it stands
shifts = st.lists(st.tuples(st.floats(-8.0, 8.0), st.floats(-6.0, 6.0)), min_size=8,
                  max_size=8)
#: pieces put before enemy hoplites, facing them: (a piece, a hoplite piece, inches
#: before its front; belos units only, if ``light``), around the spacing rules' inches
before = st.lists(st.tuples(st.integers(0, 50), st.integers(0, 50), st.floats(0.0, 9.0)),
                  max_size=3)


def _layout(moves: list[tuple[float, float]], signal: Signal, seed: int) -> Any:
    data = doc()
    divisions = [d for s in data["sides"] for d in s["divisions"]]
    for d, (dx, dy) in zip(divisions, moves, strict=True):
        d["x"] += dx
        d["y"] += dy
    try:
        b = battle(data, seed=seed)
    except ScenarioError:  # divisions on each other or off the table
        assume(False)
    for army in b.state.armies.values():
        army.signal = signal
    return b


def _put_before(state: State, which: int, hoplite: int, inches: float,
                light: bool = False) -> None:
    movers = [p for p in state.pieces if p.belos_troops or not light]
    e = movers[which % len(movers)]
    hoplites = [p for p in state.pieces if p.hoplite and p.side != e.side]
    h = hoplites[hoplite % len(hoplites)]
    fx, fy = heading(h.block.facing)
    b = e.block
    e.block = b.derived(h.block.x + fx * inches, h.block.y + fy * inches,
                        (h.block.facing + 180.0) % 360.0, b.files, b.ranks)


@given(shifts, st.sampled_from(list(Signal)), before, st.integers(0, 3))
def test_menus_and_drift_on_random_layouts_are_the_full_scans(
        moves: list[tuple[float, float]], signal: Signal,
        lights: list[tuple[int, int, float]], seed: int) -> None:
    b = _layout(moves, signal, seed)
    for light, hoplite, inches in lights:
        _put_before(b.state, light, hoplite, inches)
    _compare_menus(b.state)


def _bounced(moves: list[tuple[float, float]], lights: list[tuple[int, int, float]],
             slow: bool) -> list[tuple[object, ...]]:
    b = _layout(moves, Signal.MARCH, 0)
    state = b.state
    for light, hoplite, inches in lights:
        _put_before(state, light, hoplite, inches / 6.0, light=True)
    for d in state.divisions.values():
        members = state.members(d)
        if members and members[0].hoplite:
            if slow:
                with full_scan():
                    manoeuvre.bounce(state, members)
            else:
                manoeuvre.bounce(state, members)
    return [p.state() for p in state.pieces]


@given(shifts, before.filter(bool))
def test_the_bounce_by_the_index_is_the_full_scans(
        moves: list[tuple[float, float]], lights: list[tuple[int, int, float]]) -> None:
    assert _bounced(moves, lights, slow=False) == _bounced(moves, lights, slow=True)


def test_the_reach_is_the_widest_spacing() -> None:
    b = battle()
    state = b.state
    spacing = state.rules.movement.spacing
    hoplites = [p for p in state.pieces if p.hoplite][:1]
    lights = [p for p in state.pieces if p.belos_troops][:1]
    assert manoeuvre._reach(state, hoplites) == max(spacing.hoplites, manoeuvre._UP_TO_BELOS)
    assert manoeuvre._reach(state, lights) == spacing.belos
    # each kept distance is within the reach of the pieces that keep it
    for movers in (hoplites, lights):
        for _, inches in manoeuvre._keep(state, movers, state.present()):
            assert inches <= manoeuvre._reach(state, movers)


def _fled(moves: list[tuple[float, float]], lights: list[tuple[int, int, float]],
          runner: int, bearing: float, kind: Flight, slow: bool
          ) -> list[tuple[object, ...]]:
    b = _layout(moves, Signal.MARCH, 0)
    state = b.state
    for which, hoplite, inches in lights:
        _put_before(state, which, hoplite, inches)
    p = state.pieces[runner % len(state.pieces)]
    p.flee_bearing = bearing
    if slow:
        with full_scan():
            flight.flee(state, p, kind)
    else:
        flight.flee(state, p, kind)
    return [q.state() for q in state.pieces]


@given(shifts, before, st.integers(0, 50), st.floats(0.0, 359.0),
       st.sampled_from([Flight.ROUT, Flight.EVADE]))
def test_a_flight_by_the_index_is_the_full_scans(
        moves: list[tuple[float, float]], lights: list[tuple[int, int, float]], runner: int,
        bearing: float, kind: Flight) -> None:
    assert _fled(moves, lights, runner, bearing, kind, slow=False) == \
        _fled(moves, lights, runner, bearing, kind, slow=True)
