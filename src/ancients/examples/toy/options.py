"""The toy's options: each an attrs field with a one-line help text."""

from __future__ import annotations

from typing import Literal

import attrs

__all__ = ["ToyOptions"]


def _non_negative(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if value < 0:
        raise ValueError(f"{attribute.name} must be >= 0, got {value}")


@attrs.frozen
class ToyOptions:
    """``toy(turn_limit=4, defender_bonus=true, stance=cautious)``."""

    turn_limit: int = attrs.field(
        default=0, validator=_non_negative,
        metadata={"help": "turns before the battle is scored; 0: the scenario's own"})
    defender_bonus: bool = attrs.field(
        default=False, metadata={"help": "the defender adds 1 to its combat total"})
    stance: Literal["bold", "cautious"] = attrs.field(
        default="bold",
        metadata={"help": "bold: the loser of an attack loses a point, attacker or not; "
                          "cautious: an attack that fails costs the attacker nothing"})
