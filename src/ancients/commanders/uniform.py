"""The uniformly random commander: the baseline every ruleset can be played against."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ancients.battle import Battle, Decision

__all__ = ["RandomCommander"]


class RandomCommander:
    """Uniformly random among the legal options.

    Draws from the battle's commander stream for the deciding side, never from the game
    dice, so replaying the decisions reproduces the battle whatever the commanders were.
    """

    def decide(self, battle: Battle, decision: Decision) -> Hashable:
        dice = battle.commander_dice(decision.side)
        key = f"{decision.kind}:{decision.unit}:{decision.target}"
        return decision.options[dice.choice(len(decision.options), key=key)]

    def __repr__(self) -> str:
        return "RandomCommander()"
