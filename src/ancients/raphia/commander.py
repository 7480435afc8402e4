"""The doctrine commander: how a Hellenistic general plays Raphia.

The phalanx advances in line keeping its facing; elephants and cavalry lead on the
wings and seek the enemy's horse, light troops and flanks; light troops screen and shoot.
Every attack worth making is made (an attack costs the attacker nothing but the risk of
a forced pursuit), the best first; a unit ends its move where what it can inflict
outweighs what it risks; evasion when the blow would hurt; pursuit only when compelled;
routs always try to rally, pursuers in contact pursue on only while their next free
attack is worth more than the risk of standing in disorder.
"""

from __future__ import annotations

import functools
import heapq
import operator
from collections.abc import Callable, Hashable, Iterable, Sequence
from fractions import Fraction
from itertools import repeat
from typing import Any, TypeVar, cast

import attrs
import numpy as np

from ancients.battle import Battle, Decision
from ancients.hexgrid import Corner, Hex
from ancients.morale import MoraleTest
from ancients.raphia.combat import (
    AttackTable,
    assess,
    find_pair,
    float_odds,
    is_flank,
    kept_attacks,
    type_forbids,
)
from ancients.raphia.counters import TroopClass
from ancients.raphia.exchange import Exchange, enemy_parts
from ancients.raphia.morale import modifiers as morale_modifiers
from ancients.raphia.options import (
    ADVANCE,
    CONTINUE_PURSUIT,
    EVADE_NOT,
    HOLD,
    NO_PURSUIT,
    RALLY,
    STAY,
    Attack,
    Evade,
    Face,
    Kind,
    MoveTo,
    ShiftTo,
)
from ancients.raphia.rally import pursued_rout
from ancients.raphia.rout import rout_path
from ancients.raphia.state import Stack, State, Status

__all__ = ["HANDLERS", "DoctrineCommander", "Memo", "attack_value", "shared_values"]



def _value(state: State, cids: Sequence[str]) -> float:
    pts = state.tables.victory.points
    # elephants score nothing at the end but fight: value them like cavalry
    return float(sum(pts[state.counter(c).troop_class] or 3 for c in cids))


def _pass_probability(state: State, stack: Stack, modifier: int | None = None) -> float:
    top = state.top(stack)
    if state.counter(top).leader:
        return 1.0
    morale = state.morale(top) if state.counter(top).morale is not None or \
        top in state.morale_override else 8
    if modifier is None:
        modifier = sum(v for _, v in morale_modifiers(state, stack))
    return _pass(morale, modifier)


@functools.lru_cache(maxsize=256)
def _pass(morale: int, modifier: int) -> float:
    return MoraleTest(morale, modifiers=[("modifiers", modifier)]).probability()


_SHARED: dict[Hashable, tuple[object, object, object, dict[Hashable, float]]] = {}
_MAX_VALUES = 1 << 17  # a memo holding more starts afresh
T = TypeVar("T")


def shared_values(state: State) -> dict[Hashable, float]:
    """The memo of attack values for ``state``: shared by every battle of the process
    played with the same tables, counters and edition, the same Egyptian morale and
    the same §11 replacements, on which a value depends beyond its key."""
    key = (id(state.tables), id(state.counters), id(state.edition),
           tuple(sorted(state.morale_override.items())),
           tuple(sorted(state.replaced.items())))
    hit = _SHARED.get(key)
    # the entry holds the objects whose ids it names, so no other can take them
    if hit is not None and hit[0] is state.tables and hit[1] is state.counters \
            and hit[2] is state.edition and len(hit[3]) < _MAX_VALUES:
        return hit[3]
    if len(_SHARED) >= 64:
        _SHARED.clear()
    memo: dict[Hashable, float] = {}
    _SHARED[key] = (state.tables, state.counters, state.edition, memo)
    return memo


class Memo:
    """What a commander works out from one battle's state, kept by the commander (never
    in the state's own caches): a value under its name while its key holds; asked
    about another state, it starts afresh."""

    def __init__(self) -> None:
        self._state: State | None = None
        self._held: dict[Hashable, tuple[Hashable, Any]] = {}

    def get(self, state: State, name: Hashable, key: Hashable, make: Callable[[], T]) -> T:
        if state is not self._state:
            self._state, self._held = state, {}
        hit = self._held.get(name)
        if hit is not None and hit[0] == key:
            return cast(T, hit[1])
        value = make()
        self._held[name] = (key, value)
        return value


def attack_value(state: State, att: Stack, tgt: Stack, fire: bool = False,
                 values: dict[Hashable, float] | None = None) -> float:
    """Expected victory points taken from the enemy by this attack.

    Memoised (in ``values``, by default :func:`shared_values`) on what it depends on:
    both stacks' counters and status, the flank, and the target's morale modifiers (the
    counters' identities and morale, fixed until a §11 replacement or the Egyptian
    morale, choose the memo)."""
    memo = shared_values(state) if values is None else values
    flank = tgt.status is Status.ROUTED or is_flank(state, att.hex, tgt)
    modifier = _morale_modifier(state, tgt)
    key = (att.counters, att.status, tgt.counters, tgt.status,
           tgt.side == att.side, fire, flank, modifier)
    value = memo.get(key)
    if value is None:
        value = memo[key] = _attack_value(state, att, tgt, fire, modifier)
    return value


def _morale_modifier(state: State, stack: Stack) -> int:
    """The sum of :func:`ancients.raphia.morale.modifiers` for ``stack`` (§9), without
    building the list: a memo key."""
    t = state.tables.morale
    dead = stack.side in state.leader_dead
    m = (t.leader_killed if dead else 0) + (t.pursuing if stack.status is Status.PURSUING
                                            else 0)
    if not dead and not state.leaders.isdisjoint(stack.counters):
        return m + t.leader_in_stack
    lh = state.leader_hex(stack.side)
    return m + t.leader_near if lh is not None and lh.distance(stack.hex) <= \
        t.leader_radius else m


def _attack_value(state: State, att: Stack, tgt: Stack, fire: bool, modifier: int) -> float:
    p_x, p_t = float_odds(state, assess(state, att, tgt, fire))
    fighters = state.combatants(tgt) or tgt.counters
    if tgt.status is Status.ROUTED:
        return p_x * _value(state, fighters[:1]) * 0.5
    fail = 1.0 - _pass_probability(state, tgt, modifier)
    whole = _value(state, tgt.counters)
    ev = p_x * (_value(state, fighters[:1]) + fail * (whole - _value(
        state, fighters[:1]))) + p_t * fail * whole
    if tgt.side == att.side:
        return 0.1  # one's own routed elephants: clear them away
    return ev


_WORTH = 0.02  # an attack worth less than this is not made
_NEAR = 4  # DoctrineCommander._dist_near: how far it searches before making the field


@attrs.define(eq=False)
class _Ranking:
    """The values of the attacks on offer, kept per option while the values' other
    inputs hold (:meth:`DoctrineCommander._ranking_key`): after a change, only the
    options the table looked at again are valued again, and the best is the top of a
    heap ordered by value, then by option order (stale entries are dropped as they
    surface)."""

    table: AttackTable | None = None  # the table it follows ...
    stamp: int = 0  # ... and how far
    entries: dict[Attack, tuple[float, tuple[str, str, bool], Attack]] = \
        attrs.field(factory=dict)  # option -> its entry in the heap
    heap: list[tuple[float, tuple[str, str, bool], Attack]] = attrs.field(factory=list)

    def best(self, state: State, table: AttackTable, side: str,
             memo: dict[Hashable, float]) -> Attack | None:
        """The attack worth most (the first in option order of those worth most), if it
        is worth more than :data:`_WORTH`."""
        todo: Iterable[Attack]
        if table is not self.table:
            self.table, self.entries, self.heap = table, {}, []
            todo = table.options
        else:
            todo = table.changed_since(self.stamp)
        self.stamp = table.stamp
        pairs, entries, heap = table.pairs, self.entries, self.heap
        for opt in todo:
            if opt in pairs:
                att, tgt = pairs[opt]
                entry = (-attack_value(state, att, tgt, opt.fire, memo),
                         (opt.attacker, opt.target, opt.fire), opt)
                entries[opt] = entry
                heapq.heappush(heap, entry)
            else:
                entries.pop(opt, None)
        if len(heap) > 2 * len(entries) + 32:  # mostly stale: made again
            heap[:] = entries.values()
            heapq.heapify(heap)
        while heap and entries.get(heap[0][2]) is not heap[0]:
            heapq.heappop(heap)
        return heap[0][2] if heap and -heap[0][0] > _WORTH else None


_EAGER = {TroopClass.PHALANX: 0.6, TroopClass.CAVALRY: 0.5, TroopClass.ELEPHANT: 0.5,
          TroopClass.SEMI_HEAVY: 0.4, TroopClass.LIGHT: 0.2}


class DoctrineCommander:
    """The Raphia doctrine AI for one side (see the module docstring)."""

    def __init__(self, side: str) -> None:
        self.side = side
        self._memo = Memo()
        self._forward: tuple[object, frozenset[Corner]] | None = None  # see _forwards

    def __repr__(self) -> str:
        return f"DoctrineCommander({self.side!r})"

    def _forwards(self, state: State) -> frozenset[Corner]:
        """The corners a phalanx faces to face the enemy: east (2) or west (5) and the
        two beside it, as its side's deployment line faces (kept per map)."""
        kept = self._forward
        if kept is None or kept[0] is not state.board:
            forward = Corner(2 if state.board.lines[self.side].step > 0 else 5)
            kept = self._forward = (state.board, frozenset(
                {forward, forward.turn(1), forward.turn(-1)}))
        return kept[1]

    def decide(self, battle: Battle, decision: Decision) -> Hashable:
        state: State = battle.state  # type: ignore[attr-defined]
        choice = HANDLERS[Kind(decision.kind)](self, battle, state, decision)
        options = decision.options
        # the handlers answer with the options themselves: identity settles it without
        # calling the options' __eq__ one by one
        if any(map(operator.is_, options, repeat(choice))):
            return choice
        return choice if choice in options else options[0]

    # -- helpers -------------------------------------------------------------------------
    def _values(self, state: State) -> dict[Hashable, float]:
        """The attack values' memo (:func:`shared_values`) while the counters' identities
        and morale hold."""
        return self._memo.get(state, "attack values",
                              (len(state.replaced), len(state.morale_override)),
                              lambda: shared_values(state))

    def _enemy_distance(self, battle: Battle, state: State) -> list[float]:
        """Hex distance to the nearest enemy not in rout, per cell: one multi-source
        distance field per state of the enemy (which does not move during our
        movement)."""
        def make() -> list[float]:
            enemies = [s.hex for s in state.stacks if s.side != self.side
                       and s.status is not Status.ROUTED and not state.leader_alone(s)]
            field = state.board.grid.distance_field(enemies) if enemies else \
                np.zeros(state.board.grid.size)
            values: list[float] = field.tolist()
            return values
        return self._memo.get(state, "enemy distance", state.enemy_version(self.side), make)

    def _dist(self, battle: Battle, state: State, h: Hex) -> float:
        return self._enemy_distance(battle, state)[state.board.index(h)]

    def _dist_near(self, battle: Battle, state: State, h: Hex) -> float:
        """:meth:`_dist` for one hex next to the enemy, by a search outward from it over
        the map's cells (as the distance field spreads) up to :data:`_NEAR` hexes: the
        whole field is made only when no enemy is that near."""
        indices, occ, side = state.board.indices, state.occupancy(), self.side
        ring, seen = [h], {h}
        for d in range(_NEAR + 1):
            for c in ring:
                if any(s.side != side and s.status is not Status.ROUTED
                       and not state.leader_alone(s) for s in occ.get(c, ())):
                    return float(d)
            ring = list(dict.fromkeys(n for c in ring for n in state.board.neighbors(c)
                                      if n in indices and n not in seen))
            seen.update(ring)
        return self._dist(battle, state, h)

    def _near_enemy(self, state: State) -> set[Hex]:
        """Hexes next to an enemy combat unit (any status): only there can a stack attack
        or be attacked (kept until the enemy moves)."""
        def make() -> set[Hex]:
            result: set[Hex] = set()
            for e in state.stacks:
                if e.side != self.side and not state.leader_alone(e):
                    result.update(state.board.neighbors(e.hex))
            return result
        return self._memo.get(state, "near enemy", state.enemy_version(self.side), make)

    def _position_score(self, battle: Battle, state: State, stack: Stack, h: Hex,
                        facing: int | None,
                        exchange: Callable[[Hex, int | None], tuple[float, float]] | None
                        = None) -> float:
        """What ``stack`` in ``h`` could inflict less what it risks (only next to the
        enemy), less a pull towards the nearest enemy and a push to face forward."""
        gain, threat = (exchange or self._exchange(state, stack))(h, facing) \
            if h in self._near_enemy(state) else (0.0, 0.0)
        cls = state.stack_class(stack)
        dist = self._dist(battle, state, h)
        eager = _EAGER.get(cls, 0.0)
        score = gain - threat * (1.2 if cls is TroopClass.LIGHT else 1.0) - eager * dist * 0.3
        if facing is not None and facing not in self._forwards(state):
            score -= 1.0
        return score

    def _exchange(self, state: State, stack: Stack) -> Exchange:
        """The best attack ``stack`` could make from a hex and the sum of the attacks the
        enemies next to it could make on it there, per hex (see :class:`Exchange`)."""
        enemies = self._memo.get(
            state, "exchange enemies", (state.enemy_version(self.side), len(state.leader_dead)),
            lambda: enemy_parts(state, self.side, _morale_modifier))
        return Exchange(state, stack, _attack_value, self._values(state), enemies)

    # -- decisions -----------------------------------------------------------------------
    def _move(self, battle: Battle, state: State, d: Decision) -> Hashable:
        stack = state.stack_of(d.unit) if d.unit else None
        assert stack is not None
        best: Hashable = HOLD
        made: list[Exchange] = []

        def exchange(h: Hex, facing: int | None) -> tuple[float, float]:
            if not made:  # (made at the first hex next to the enemy)
                made.append(self._exchange(state, stack))
            return made[0](h, facing)
        best_score = self._position_score(battle, state, stack, stack.hex, stack.facing,
                                          exchange) + 0.05
        # _position_score, inlined for the many candidates away from the enemy
        occ, near = state.occupancy(), self._near_enemy(state)
        dist, index = self._enemy_distance(battle, state), state.board.indices
        cls = state.stack_class(stack)
        eager = _EAGER.get(cls, 0.0)
        k = 1.2 if cls is TroopClass.LIGHT else 1.0
        forward = self._forwards(state)
        for opt in d.options:
            if type(opt) is not MoveTo:
                continue
            h = opt.at if opt.at is not None else state.board.hex(opt.to)
            if h in occ:
                continue  # keep stacks as deployed
            facing = opt.facing if opt.facing else stack.facing
            gain, threat = exchange(h, facing) if h in near else (0.0, 0.0)
            sc = gain - threat * k - eager * dist[index[h]] * 0.3
            if facing is not None and facing not in forward:
                sc -= 1.0
            if sc > best_score:
                best, best_score = opt, sc
        return best

    def _leader(self, battle: Battle, state: State, d: Decision) -> Hashable:
        return HOLD

    def _attack(self, battle: Battle, state: State, d: Decision) -> Hashable:
        """§8: the attack worth most, the first of equal worth, while one is worth more
        than 0.02 (then "no more attacks", the last option)."""
        table = kept_attacks(state, self.side)
        if d.options is not table.menu():  # (a menu of another making: rank it all)
            return self._attack_ranked(state, d)
        ranking: _Ranking = self._memo.get(state, "attack ranking",
                                           self._ranking_key(state), _Ranking)
        best = ranking.best(state, table, self.side, self._values(state))
        return d.options[-1] if best is None else best

    def _ranking_key(self, state: State) -> Hashable:
        """What the attack values depend on beyond the stacks of the attack: the memo of
        values (the counters' identities and morale) and the targets' morale modifiers'
        leaders (§9)."""
        return (id(self._values(state)), frozenset(state.leader_dead),
                tuple(state.leader_hex(s) for s in state.sides))

    def _attack_ranked(self, state: State, d: Decision) -> Hashable:
        """:meth:`_attack` by valuing every attack offered, one pass in option order."""
        best: Hashable = d.options[-1]
        best_ev = _WORTH
        pairs = kept_attacks(state, self.side).pairs
        memo = self._values(state)
        for opt in d.options:
            if isinstance(opt, Attack):
                att, tgt = find_pair(state, opt, self.side, pairs)
                ev = attack_value(state, att, tgt, opt.fire, memo)
                if ev > best_ev:
                    best, best_ev = opt, ev
        return best

    def _evade(self, battle: Battle, state: State, d: Decision) -> Hashable:
        hexes = [o for o in d.options if isinstance(o, Evade)]
        me, attacker = state.stack_of(d.unit or ""), state.stack_of(d.target or "")
        assert me is not None and attacker is not None
        a = assess(state, attacker, me)
        p = a.probabilities(state)
        if p["X"] + p["T"] * Fraction(1, 2) < Fraction(1, 4) or not hexes:
            return EVADE_NOT
        # (the attacker is next to the evader: the nearest enemy is a few hexes away)
        return max(hexes, key=lambda o: self._dist_near(
            battle, state, o.at if o.at is not None else state.board.hex(o.to)))

    def _advance(self, battle: Battle, state: State, d: Decision) -> Hashable:
        me = next(s for s in state.stacks if d.unit in s.counters)
        if state.stack_class(me) in (TroopClass.PHALANX, TroopClass.LIGHT):
            return STAY  # the line keeps its place
        return ADVANCE

    def _pursue(self, battle: Battle, state: State, d: Decision) -> Hashable:
        return NO_PURSUIT

    def _back_attack(self, battle: Battle, state: State, d: Decision) -> Hashable:
        return d.options[0]

    def _rally(self, battle: Battle, state: State, d: Decision) -> Hashable:
        """§3, §9–§10: a rout always attempts to rally (a failure leaves it as it was). A
        pursuer in contact pursues on while its free attack on the rout next time is
        worth more than what the enemy in good order within reach could take from it in
        disorder; never in the last turn, as pursuers score nothing (§13), nor after a
        rout about to leave the map, which it would follow off (§10)."""
        if CONTINUE_PURSUIT not in d.options or battle.turn >= state.edition.turns:
            return RALLY
        p = state.stack_of(d.unit or "")
        assert p is not None
        rout = pursued_rout(state, p)
        if rout is None:
            return RALLY
        path, _ = rout_path(state, rout, state.occupancy())
        if path and path[-1] is None:
            return RALLY  # its rout would leave the map next time, dragging it along (§10)
        memo = self._values(state)
        gain = attack_value(state, p, rout, values=memo)
        risk = sum(attack_value(state, e, p, values=memo) for e in state.stacks
                   if e.side != p.side and e.status is Status.GOOD
                   and not state.leader_alone(e)
                   and e.hex.distance(p.hex) <= state.speed(e) + 1
                   and not type_forbids(state, state.stack_class(e), p, e.hex))
        return CONTINUE_PURSUIT if gain > risk else RALLY

    def _elephant_bumped(self, battle: Battle, state: State, d: Decision) -> Hashable:
        """§9 (1990): shift the elephant rather than let it roam at random, to the hex
        next to the fewest of our troops and the most of the enemy's."""
        def crowding(o: Hashable) -> tuple[int, float]:
            if not isinstance(o, ShiftTo) or o.at is None:
                return (99, 99.0)
            near = set(state.board.neighbors(o.at))
            mine = theirs = 0
            for s in state.stacks:
                if s.hex in near and not state.leader_alone(s):
                    if s.side == self.side:
                        mine += 1
                    else:
                        theirs += 1
            return (mine - theirs, self._dist(battle, state, o.at))
        return min(d.options, key=crowding)

    def _rout_shift(self, battle: Battle, state: State, d: Decision) -> Hashable:
        """§10 (1990): shift the rout to the free hex farthest from the enemy not in rout
        (out of contact it may rally, §9, and escapes free attacks); the first on ties."""
        best, far = d.options[0], -1.0
        for o in d.options:
            if isinstance(o, ShiftTo) and o.at is not None:
                dist = self._dist(battle, state, o.at)
                if dist > far:
                    best, far = o, dist
        return best

    def _facing(self, battle: Battle, state: State, d: Decision) -> Hashable:
        me = next(s for s in state.stacks if d.unit in s.counters)
        from ancients.hexgrid import corner_front

        def near(o: Hashable) -> float:
            assert isinstance(o, Face)
            return min(self._dist(battle, state, h) if state.board.contains(h) else 99.0
                       for h in corner_front(me.hex, Corner(o.corner)))
        return min(d.options, key=near)


Handler = Callable[[DoctrineCommander, Battle, State, Decision], Hashable]
#: the doctrine's answer to each kind of decision
HANDLERS: dict[Kind, Handler] = {
    Kind.MOVE: DoctrineCommander._move,
    Kind.LEADER: DoctrineCommander._leader,
    Kind.ATTACK: DoctrineCommander._attack,
    Kind.EVADE: DoctrineCommander._evade,
    Kind.ADVANCE: DoctrineCommander._advance,
    Kind.PURSUE: DoctrineCommander._pursue,
    Kind.BACK_ATTACK: DoctrineCommander._back_attack,
    Kind.RALLY: DoctrineCommander._rally,
    Kind.FACING: DoctrineCommander._facing,
    Kind.ELEPHANT_BUMPED: DoctrineCommander._elephant_bumped,
    Kind.ROUT_SHIFT: DoctrineCommander._rout_shift,
}
