"""What a stack could inflict and risk in a hex next to the enemy, for the doctrine AI.

The same values as :func:`ancients.raphia.commander.attack_value` over
:func:`ancients.raphia.combat.may_attack`, with what depends on the moving stack alone
worked out once per decision and what depends on an enemy stack once per state of the
enemy, so that a candidate hex costs only its own tests (§6 fronts, §8 bans, §9 morale).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import attrs

from ancients.hexgrid import Hex
from ancients.raphia.counters import TroopClass
from ancients.raphia.state import Stack, State, Status

__all__ = ["Exchange", "enemy_parts"]

AttackValue = Callable[[State, Stack, Stack, bool, int], float]


@attrs.frozen(eq=False)
class _Enemy:
    """An enemy stack's part of the tests and of the memo keys."""

    stack: Stack
    counters: tuple[str, ...]
    troop_class: TroopClass
    good: bool
    front: frozenset[Hex] | None  # a phalanx in good order: its §6 front (else all round)
    modifier: int  # its §9 morale modifier


def enemy_parts(state: State, side: str, morale_modifier: Callable[[State, Stack], int]
                ) -> dict[int, _Enemy]:
    """The parts of the stacks of ``side``'s enemy, per sid (the commander keeps them
    while the enemy does not change)."""
    out = {}
    for e in state.stacks:
        if e.side == side or state.leader_alone(e):
            continue
        phalanx = state.is_phalanx(e) and e.status is Status.GOOD
        out[e.sid] = _Enemy(e, e.counters, state.stack_class(e), e.status is Status.GOOD,
                            frozenset(state.front(e)) if phalanx else None,
                            morale_modifier(state, e))
    return out


@attrs.define(eq=False)
class Exchange:
    """The moving ``stack``'s exchanges in candidate hexes (one decision)."""

    state: State
    stack: Stack
    value: AttackValue  # the commander's _attack_value (on a memo miss)
    memo: dict[Hashable, float]  # the commander's attack values, shared
    enemies: dict[int, _Enemy]  # enemy_parts
    counters: tuple[str, ...] = attrs.field(init=False)
    troop_class: TroopClass = attrs.field(init=False)
    phalanx: bool = attrs.field(init=False)
    may_attack: bool = attrs.field(init=False)
    leader_dead: bool = attrs.field(init=False)
    has_leader: bool = attrs.field(init=False)
    leader_hex: Hex | None = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        st, s = self.state, self.stack
        self.counters = s.counters
        self.troop_class = st.stack_class(s)
        self.phalanx = st.is_phalanx(s)
        self.may_attack = s.status is Status.GOOD and not st.leader_alone(s)
        self.leader_dead = s.side in st.leader_dead
        self.has_leader = not st.leaders.isdisjoint(s.counters)
        self.leader_hex = st.leader_hex(s.side)

    def _modifier(self, h: Hex) -> int:
        """The §9 morale modifier of the stack in ``h`` (as commander._morale_modifier)."""
        t = self.state.tables.morale
        m = (t.leader_killed if self.leader_dead else 0) + (
            t.pursuing if self.stack.status is Status.PURSUING else 0)
        if not self.leader_dead and self.has_leader:
            return m + t.leader_in_stack
        lh = self.leader_hex
        return m + t.leader_near if lh is not None and lh.distance(h) <= t.leader_radius \
            else m

    def __call__(self, h: Hex, facing: int | None) -> tuple[float, float]:
        """The best attack the stack could make from ``h`` facing ``facing`` and the sum of
        the attacks the enemies next to it could make on it there."""
        st, me = self.state, self.stack
        board, edition = st.board, st.edition
        occ = st.occupancy()
        enemies = self.enemies
        # §6: the stack's front in h (a phalanx faces a corner; others face all round)
        front = board.corner_front(h, facing) if facing is not None and self.phalanx \
            else None
        good = me.status is Status.GOOD
        mine, status, cls = self.counters, me.status, self.troop_class
        memo = self.memo
        ghost: Stack | None = None
        my_modifier: int | None = None
        gain = threat = 0.0
        for n in board.neighbors(h):
            for e in occ.get(n, ()):
                data = enemies.get(e.sid)
                if data is None or data.stack is not e:
                    continue  # our own, or a leader alone
                if self.may_attack and (front is None or n in front) \
                        and not _forbids(st, cls, data, h):
                    # §8 ×2 on a phalanx's flank, ×4 against a rout
                    flank = e.status is Status.ROUTED or (
                        data.front is not None and h not in data.front)
                    key = (mine, status, data.counters, e.status, False, False, flank,
                           data.modifier)
                    v = memo.get(key)
                    if v is None:
                        ghost = ghost or self._ghost(h, facing)
                        v = memo[key] = self.value(st, ghost, e, False, data.modifier)
                    gain = max(gain, v)
                if not data.good:
                    continue
                if data.front is not None and h not in data.front:
                    continue  # §6: a phalanx attacks only into its front
                c = data.troop_class
                # §8: cavalry never attack elephants; elephants and phalanxes per edition
                if c is TroopClass.CAVALRY and cls is TroopClass.ELEPHANT:
                    continue
                if c is TroopClass.ELEPHANT and cls is TroopClass.PHALANX and (
                        edition.elephants_vs_phalanx == "never"
                        or (good and (front is None or n in front))):
                    continue
                flank = status is Status.ROUTED or (
                    self.phalanx and good and front is not None and n not in front)
                if my_modifier is None:
                    my_modifier = self._modifier(h)
                key = (data.counters, e.status, mine, status, False, False, flank,
                       my_modifier)
                v = memo.get(key)
                if v is None:
                    ghost = ghost or self._ghost(h, facing)
                    v = memo[key] = self.value(st, e, ghost, False, my_modifier)
                threat += v
        return gain, threat

    def _ghost(self, h: Hex, facing: int | None) -> Stack:
        s = self.stack
        return Stack(-1, s.side, h, s.counters, facing, s.status)


def _forbids(state: State, attacker: TroopClass, target: _Enemy, from_hex: Hex) -> bool:
    """:func:`ancients.raphia.combat.type_forbids` on an enemy's parts (§8)."""
    defender = target.troop_class
    if attacker is TroopClass.CAVALRY and defender is TroopClass.ELEPHANT:
        return True
    if attacker is TroopClass.ELEPHANT and defender is TroopClass.PHALANX:
        if state.edition.elephants_vs_phalanx == "never":
            return True
        return target.good and from_hex in (
            target.front if target.front is not None else state.front(target.stack))
    return False
