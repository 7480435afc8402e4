"""The doctrine AI's exchange values equal what may_attack and attack_value give."""

from __future__ import annotations

import ancients
from ancients.battle import Battle
from ancients.raphia.battle import RaphiaBattle
from ancients.raphia.combat import may_attack
from ancients.raphia.commander import DoctrineCommander, attack_value
from ancients.raphia.state import Stack, State, Status


def _reference(state: State, stack: Stack, h: object, facing: int | None
               ) -> tuple[float, float]:
    gain = threat = 0.0
    ghost = Stack(-1, stack.side, h, stack.counters, facing,  # type: ignore[arg-type]
                  stack.status)
    occ = state.occupancy()
    for n in state.board.neighbors(ghost.hex):
        for e in occ.get(n, ()):
            if e.side == stack.side or state.leader_alone(e):
                continue
            if may_attack(state, ghost, e):
                gain = max(gain, attack_value(state, ghost, e))
            if e.status is Status.GOOD and may_attack(state, e, ghost):
                threat += attack_value(state, e, ghost)
    return gain, threat


def test_exchange_matches_the_rules_functions() -> None:
    checked = 0
    for spec in ("raphia", "raphia(edition=1990)"):
        battle: Battle = ancients.ruleset(spec).new_battle(
            seed=3, commanders={"ptolemaic": None})
        assert isinstance(battle, RaphiaBattle)
        state: State = battle.state
        ai = DoctrineCommander("ptolemaic")
        while not battle.finished and battle.turn < 6:
            d = battle.pending
            if d is not None and d.kind == "move" and d.side == "ptolemaic":
                stack = state.stack_of(d.unit or "")
                assert stack is not None
                ex = ai._exchange(state, stack)
                for h in ai._near_enemy(state):
                    for facing in ({stack.facing, 1, 4} if state.is_phalanx(stack)
                                   else {stack.facing}):
                        assert ex(h, facing) == _reference(state, stack, h, facing)
                        checked += 1
            if d is not None and d.side == "ptolemaic":
                battle.decide(ai.decide(battle, d))
            else:
                battle.step()
    assert checked > 100
