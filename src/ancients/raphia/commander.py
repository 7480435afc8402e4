"""The doctrine commander: how a Hellenistic general plays Raphia.

The phalanx advances in line keeping its facing; elephants and cavalry lead on the
wings and seek the enemy's horse, light troops and flanks; light troops screen and shoot.
Every attack worth making is made (an attack costs the attacker nothing but the risk of
a forced pursuit), the best first; a unit ends its move where what it can inflict
outweighs what it risks; evasion when the blow would hurt; pursuit only when compelled,
and pursuers rally as soon as they can.
"""

from __future__ import annotations

import functools
from collections.abc import Hashable
from fractions import Fraction
from typing import Any

import numpy as np

from ancients.battle import Battle, Decision
from ancients.hexgrid import Corner, Hex
from ancients.morale import MoraleTest
from ancients.raphia.combat import assess, may_attack
from ancients.raphia.counters import TroopClass
from ancients.raphia.morale import modifiers as morale_modifiers
from ancients.raphia.options import (
    ADVANCE,
    EVADE_NOT,
    HOLD,
    NO_PURSUIT,
    STAY,
    Attack,
    Evade,
    Face,
    MoveTo,
)
from ancients.raphia.state import Stack, State, Status

__all__ = ["DoctrineCommander", "attack_value"]

_FORWARD = {"ptolemaic": 2, "seleucid": 5}  # the corner facing the enemy (E / W)


def _value(state: State, cids: list[str]) -> float:
    pts = state.tables.victory.points
    # elephants score nothing at the end but fight: value them like cavalry
    return float(sum(pts[state.counter(c).troop_class] or 3 for c in cids))


def _pass_probability(state: State, stack: Stack) -> float:
    top = state.top(stack)
    if state.counter(top).leader:
        return 1.0
    morale = state.morale(top) if state.counter(top).morale is not None or \
        top in state.morale_override else 8
    return _pass(morale, sum(v for _, v in morale_modifiers(state, stack)))


@functools.lru_cache(maxsize=256)
def _pass(morale: int, modifier: int) -> float:
    return MoraleTest(morale, modifiers=[("modifiers", modifier)]).probability()


def attack_value(state: State, att: Stack, tgt: Stack, fire: bool = False) -> float:
    """Expected victory points taken from the enemy by this attack."""
    a = assess(state, att, tgt, fire)
    p = a.probabilities(state)
    fighters = state.combatants(tgt) or tgt.counters
    if tgt.status is Status.ROUTED:
        return float(p["X"]) * _value(state, fighters[:1]) * 0.5
    fail = 1.0 - _pass_probability(state, tgt)
    whole = _value(state, tgt.counters)
    ev = float(p["X"]) * (_value(state, fighters[:1]) + fail * (whole - _value(
        state, fighters[:1]))) + float(p["T"]) * fail * whole
    if tgt.side == att.side:
        return 0.1  # one's own routed elephants: clear them away
    return ev


class DoctrineCommander:
    """The Raphia doctrine AI for one side (see the module docstring)."""

    def __init__(self, side: str) -> None:
        self.side = side
        self._field: tuple[Any, Any] | None = None

    def __repr__(self) -> str:
        return f"DoctrineCommander({self.side!r})"

    def decide(self, battle: Battle, decision: Decision) -> Hashable:
        state: State = battle.state  # type: ignore[attr-defined]
        handler = getattr(self, "_" + decision.kind.replace(" ", "_"), None)
        if handler is None:
            return decision.options[0]
        choice: Hashable = handler(battle, state, decision)
        return choice if choice in decision.options else decision.options[0]

    # -- helpers -------------------------------------------------------------------------
    def _enemy_distance(self, battle: Battle, state: State) -> np.ndarray[Any, Any]:
        key = (id(battle), battle.turn, battle.phase, len(battle.log) if battle.phase
               != "movement" else 0)
        if self._field is None or self._field[0] != key:
            enemies = [s.hex for s in state.stacks if s.side != self.side
                       and s.status is not Status.ROUTED and not state.leader_alone(s)]
            field = state.board.grid.distance_field(enemies) if enemies else \
                np.zeros(state.board.grid.size)
            self._field = (key, field)
        return self._field[1]

    def _dist(self, battle: Battle, state: State, h: Hex) -> float:
        return float(self._enemy_distance(battle, state)[state.board.grid.index(h)])

    def _position_score(self, battle: Battle, state: State, stack: Stack, h: Hex,
                        facing: int | None) -> float:
        ghost = Stack(-1, stack.side, h, list(stack.counters), facing, stack.status)
        gain = threat = 0.0
        for n in state.board.neighbors(h):
            for e in state.stacks:
                if e.hex != n or e.side == self.side or state.leader_alone(e):
                    continue
                if may_attack(state, ghost, e):
                    gain = max(gain, attack_value(state, ghost, e))
                if e.status is Status.GOOD and may_attack(state, e, ghost):
                    threat += attack_value(state, e, ghost)
        cls = state.stack_class(stack)
        dist = self._dist(battle, state, h)
        eager = {TroopClass.PHALANX: 0.6, TroopClass.CAVALRY: 0.5, TroopClass.ELEPHANT: 0.5,
                 TroopClass.SEMI_HEAVY: 0.4, TroopClass.LIGHT: 0.2}.get(cls, 0.0)
        score = gain - threat * (1.2 if cls is TroopClass.LIGHT else 1.0) - eager * dist * 0.3
        if facing is not None and Corner(facing) not in (
                Corner(_FORWARD[self.side]), Corner(_FORWARD[self.side]).turn(1),
                Corner(_FORWARD[self.side]).turn(-1)):
            score -= 1.0
        return score

    # -- decisions -----------------------------------------------------------------------
    def _move(self, battle: Battle, state: State, d: Decision) -> Hashable:
        stack = next(s for s in state.stacks if d.unit in s.counters)
        best: Hashable = HOLD
        best_score = self._position_score(battle, state, stack, stack.hex, stack.facing) + 0.05
        for opt in d.options:
            if type(opt) is not MoveTo:
                continue
            h = state.board.hex(opt.to)
            if any(s.hex == h for s in state.stacks):
                continue  # keep stacks as deployed
            sc = self._position_score(battle, state, stack, h,
                                      opt.facing if opt.facing else stack.facing)
            if sc > best_score:
                best, best_score = opt, sc
        return best

    def _leader(self, battle: Battle, state: State, d: Decision) -> Hashable:
        return HOLD

    def _attack(self, battle: Battle, state: State, d: Decision) -> Hashable:
        from ancients.raphia.combat import find_pair

        best: Hashable = d.options[-1]
        best_ev = 0.02
        for opt in d.options:
            if not isinstance(opt, Attack):
                continue
            att, tgt = find_pair(state, opt, self.side)
            ev = attack_value(state, att, tgt, opt.fire)
            if ev > best_ev:
                best, best_ev = opt, ev
        return best

    def _evade(self, battle: Battle, state: State, d: Decision) -> Hashable:
        hexes = [o for o in d.options if isinstance(o, Evade)]
        me = next(s for s in state.stacks if d.unit in s.counters)
        attacker = next(s for s in state.stacks if d.target in s.counters)
        a = assess(state, attacker, me)
        p = a.probabilities(state)
        if p["X"] + p["T"] * Fraction(1, 2) < Fraction(1, 4) or not hexes:
            return EVADE_NOT
        return max(hexes, key=lambda o: self._dist(battle, state, state.board.hex(o.to)))

    def _advance(self, battle: Battle, state: State, d: Decision) -> Hashable:
        me = next(s for s in state.stacks if d.unit in s.counters)
        if state.stack_class(me) in (TroopClass.PHALANX, TroopClass.LIGHT):
            return STAY  # the line keeps its place
        return ADVANCE

    def _pursue(self, battle: Battle, state: State, d: Decision) -> Hashable:
        return NO_PURSUIT

    def _back_attack(self, battle: Battle, state: State, d: Decision) -> Hashable:
        return d.options[0]

    def _stop_pursuit(self, battle: Battle, state: State, d: Decision) -> Hashable:
        return NO_PURSUIT

    def _facing(self, battle: Battle, state: State, d: Decision) -> Hashable:
        me = next(s for s in state.stacks if d.unit in s.counters)
        from ancients.hexgrid import corner_front

        def near(o: Hashable) -> float:
            assert isinstance(o, Face)
            return min(self._dist(battle, state, h) if state.board.contains(h) else 99.0
                       for h in corner_front(me.hex, Corner(o.corner)))
        return min(d.options, key=near)
