"""What every ruleset's units have in common: sides, a shared troop taxonomy, a shared
set of conditions, and :class:`UnitView`, the read-only view all rulesets give."""

from __future__ import annotations

import enum
from typing import TypeAlias

import attrs

__all__ = ["Condition", "Position", "Side", "TroopKind", "UnitView"]

Side: TypeAlias = str
"""A side is named by a plain string of its ruleset's choosing (``"ptolemaic"``, ``"spartan"``)."""

Position: TypeAlias = "tuple[int, int] | tuple[float, float] | None"
"""Where a unit is: a hex ``(q, r)`` on hex boards, ``(x, y)`` inches on a table, or None
when it is off the field (eliminated, captured, left)."""


class TroopKind(enum.StrEnum):
    """The shared troop taxonomy; each ruleset maps its own troop types onto it."""

    LEADER = "leader"
    LIGHT_INFANTRY = "light infantry"
    MISSILE_INFANTRY = "missile infantry"
    MEDIUM_INFANTRY = "medium infantry"  # semi-heavy infantry, peltasts, thureophoroi
    HEAVY_INFANTRY = "heavy infantry"  # phalanx and hoplites
    LIGHT_CAVALRY = "light cavalry"
    HEAVY_CAVALRY = "heavy cavalry"
    CHARIOTS = "chariots"
    ELEPHANTS = "elephants"
    WAR_ENGINES = "war engines"

    @property
    def mounted(self) -> bool:
        return self in _MOUNTED

    @property
    def foot(self) -> bool:
        return self in _FOOT


_MOUNTED = frozenset({TroopKind.LIGHT_CAVALRY, TroopKind.HEAVY_CAVALRY, TroopKind.CHARIOTS,
                      TroopKind.ELEPHANTS})
_FOOT = frozenset({TroopKind.LIGHT_INFANTRY, TroopKind.MISSILE_INFANTRY,
                   TroopKind.MEDIUM_INFANTRY, TroopKind.HEAVY_INFANTRY})


class Condition(enum.StrEnum):
    """The shared unit conditions; rulesets map their states onto these."""

    GOOD_ORDER = "good order"  # formed
    DISORDERED = "disordered"  # unformed
    SHAKEN = "shaken"
    ROUTED = "routed"
    PURSUING = "pursuing"
    ELIMINATED = "eliminated"
    CAPTURED = "captured"
    LEFT_FIELD = "left the field"

    # aliases used by the miniatures rules
    FORMED = "good order"
    UNFORMED = "disordered"

    @property
    def lost(self) -> bool:
        """Gone for good: eliminated, captured or left the field."""
        return self in _LOST

    @property
    def on_field(self) -> bool:
        return self not in _LOST


_LOST = frozenset({Condition.ELIMINATED, Condition.CAPTURED, Condition.LEFT_FIELD})


@attrs.frozen
class UnitView:
    """A read-only picture of one unit, the same shape in every ruleset.

    ``strength`` and ``starting_strength`` are in the ruleset's own measure (figures,
    men, combat factors, counters); losses are reported as fractions of them.
    ``facing`` is the ruleset's own (a hex direction or corner, or degrees).
    """

    id: str
    name: str
    side: Side
    kind: TroopKind
    condition: Condition
    strength: float
    starting_strength: float
    position: Position = None
    facing: float | None = None

    @property
    def lost(self) -> bool:
        return self.condition.lost
