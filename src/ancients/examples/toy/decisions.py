"""What the toy asks its sides: the decision kinds and the options they offer."""

from __future__ import annotations

import enum

import attrs

__all__ = ["FLEE", "HOLD", "RALLY", "Attack", "DecisionKind", "Word"]


class DecisionKind(enum.StrEnum):
    """Every kind of decision a toy battle asks (``Decision.kind``)."""

    ORDER = "order"  # a unit in good order: attack an enemy unit or hold
    RALLY = "rally"  # a routed unit: try to rally or flee the field


@attrs.frozen
class Attack:
    """Order: attack the enemy unit ``target`` (its id)."""

    target: str

    def __str__(self) -> str:
        return f"attack {self.target}"


@attrs.frozen
class Word:
    """An option that is only a word: hold, rally, flee."""

    word: str

    def __str__(self) -> str:
        return self.word


HOLD, RALLY, FLEE = Word("hold"), Word("rally"), Word("flee")
