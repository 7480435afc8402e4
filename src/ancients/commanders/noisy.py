"""A commander that errs: its base commander's choice, or now and then a random one."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

import attrs

from ancients.errors import CommanderError

if TYPE_CHECKING:
    from ancients.battle import Battle, Commander, Decision

__all__ = ["Noisy"]

_FACES = 1000  # two draws of 1000 faces: epsilon to a millionth


def _epsilon(_: object, __: object, value: float) -> None:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
        raise CommanderError(f"a noisy commander's epsilon is a probability in [0, 1], "
                             f"got {value!r}")


@attrs.frozen
class Noisy:
    """``base``'s answer, except that with probability ``epsilon`` a legal option drawn
    uniformly at random. Both draws come from the battle's commander stream for the
    deciding side (never the game dice), so the battle replays from its decisions and the
    same seed gives the same errors. ``Noisy(doctrine, 0.2)`` models a commander who
    follows the doctrine four times in five; ``epsilon=1`` plays uniformly at random, ``0``
    as the base itself."""

    base: Commander
    epsilon: float = attrs.field(validator=_epsilon)

    def decide(self, battle: Battle, decision: Decision) -> Hashable:
        dice = battle.commander_dice(decision.side)
        key = f"noisy:{decision.kind}:{decision.unit}:{decision.target}"
        draw = dice.choice(_FACES, key=key) * _FACES + dice.choice(_FACES, key=key)
        if draw < round(self.epsilon * _FACES * _FACES):
            return decision.options[dice.choice(len(decision.options), key=f"{key}:any")]
        return self.base.decide(battle, decision)

    def __repr__(self) -> str:
        return f"Noisy({self.base!r}, {self.epsilon:g})"
