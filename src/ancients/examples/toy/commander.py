"""The toy's doctrine: attack the weakest enemy, rally whenever possible."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping

from ancients.battle import Battle, Decision
from ancients.errors import AncientsError
from ancients.examples.toy.battle import ToyBattle
from ancients.examples.toy.decisions import HOLD, RALLY, Attack, DecisionKind
from ancients.units import Condition

__all__ = ["ToyCommander"]

Handler = Callable[[ToyBattle, Decision], Hashable]


def _order(battle: ToyBattle, decision: Decision) -> Hashable:
    """Attack a routed enemy first, else the weakest; hold with no target."""
    attacks = [o for o in decision.options if isinstance(o, Attack)]
    if not attacks:
        return HOLD
    by_id = {u.id: u for u in battle.pieces}
    return min(attacks, key=lambda a: (by_id[a.target].condition is Condition.GOOD_ORDER,
                                       by_id[a.target].strength, a.target))


def _rally(battle: ToyBattle, decision: Decision) -> Hashable:
    return RALLY


_HANDLERS: Mapping[DecisionKind, Handler] = {
    DecisionKind.ORDER: _order,
    DecisionKind.RALLY: _rally,
}


class ToyCommander:
    """The toy's doctrine commander: one handler per decision kind."""

    def decide(self, battle: Battle, decision: Decision) -> Hashable:
        if not isinstance(battle, ToyBattle):
            raise AncientsError(f"ToyCommander plays toy battles, not {type(battle).__name__}")
        return _HANDLERS[DecisionKind(decision.kind)](battle, decision)

    def __repr__(self) -> str:
        return "ToyCommander()"
