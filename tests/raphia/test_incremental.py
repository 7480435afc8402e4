"""The caches updated in place after a change (the table of possible attacks, the
occupancy of the hexes) equal ones made afresh, and the shortcuts equal the rules
functions they stand for, at every decision of a few battles."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import ancients
from ancients.battle import Battle, Decision, RandomCommander
from ancients.raphia.combat import _possible_attacks, attack_table, may_attack, type_forbids
from ancients.raphia.commander import DoctrineCommander
from ancients.raphia.counters import TroopClass
from ancients.raphia.movement import _no_contact
from ancients.raphia.state import State, Status

SIDES = ("ptolemaic", "seleucid")


def _table(state: State, side: str) -> Any:
    attacks, pairs = _possible_attacks(state, side)
    return sorted(((a.sid, t.sid, o) for a, t, o in attacks), key=repr), {
        o: (None if f is None else f.sid, [t.sid for t in ts]) for o, (f, ts) in pairs.items()}


def _fresh(state: State, side: str) -> Any:
    kept = state.kept(("possible attacks", side))
    state.keep(("possible attacks", side), None)
    try:
        return _table(state, side)
    finally:
        state.keep(("possible attacks", side), kept)


class _Checking:
    """Checks the table at every decision, then lets ``inner`` decide."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.checked = 0

    def decide(self, battle: Battle, decision: Decision) -> Hashable:
        state: State = battle.state  # type: ignore[attr-defined]
        for side in SIDES:
            assert _table(state, side) == _fresh(state, side)
            attacks, _ = _possible_attacks(state, side)
            # the pairs are those may_attack allows (checked at every 8th decision)
            assert self.checked % 16 > 1 or {(a.sid, t.sid, o.fire) for a, t, o in attacks} == {
                (a.sid, t.sid, fire) for a in state.stacks if a.side == side
                for t in state.stacks for fire in (False, True)
                if may_attack(state, a, t, fire)}
            table = list(attack_table(state, side).items())
            kept = state.kept(("attacks", side))
            state.keep(("attacks", side), None)
            assert table == list(attack_table(state, side).items())  # as made afresh
            state.keep(("attacks", side), kept)
            self.checked += 1
        fresh: dict[object, list[object]] = {}
        for s in state.stacks:
            fresh.setdefault(s.hex, []).append(s)
        assert state.occupancy() == fresh
        assert state.occupied_cells() == state.board.bits.bits(fresh)  # type: ignore[arg-type]
        for side in SIDES:  # the cells no mover may end next to, decided per enemy
            for mover in (TroopClass.CAVALRY, TroopClass.ELEPHANT):
                banned = {h for e in state.stacks if e.side != side
                          and e.status is Status.GOOD and not state.leader_alone(e)
                          for h in state.board.neighbors(e.hex)
                          if type_forbids(state, mover, e, h)}
                assert _no_contact(state, side, mover) == state.board.bits.bits(banned)
        choice: Hashable = self.inner.decide(battle, decision)
        return choice


def test_caches_updated_in_place_equal_fresh_ones() -> None:
    checked = 0
    for spec, seed, random in (("raphia", 1, False), ("raphia(edition=1990)", 2, False),
                               ("raphia", 3, True), ("raphia(edition=1990)", 4, True)):
        commanders: dict[str, Any] = {
            s: _Checking(RandomCommander() if random else DoctrineCommander(s)) for s in SIDES}
        ancients.ruleset(spec).new_battle(seed=seed, commanders=commanders).run()
        checked += sum(c.checked for c in commanders.values())
    assert checked > 1000
