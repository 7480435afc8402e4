"""The kinds of decision a Burgess battle asks a side (``Decision.kind``), as a ``str``
enum so the core and saved battles see plain strings, and the options they offer."""

from __future__ import annotations

import enum

import attrs

from ancients.burgess.melee import ChargeResponse

__all__ = ["HOLD_FIRE", "NO", "NO_CHARGE", "YES", "Charge", "Kind", "Order", "Respond",
           "Shoot", "Yes"]


class Kind(enum.StrEnum):
    """What a side is asked to decide."""

    CHARGE = "charge"  # Hand to hand II: a unit's charge, pointing out its target, or none
    RESPOND = "respond"  # Hand to hand II: a unit charged fires and evades, or holds
    MOVE = "move"  # Movement: a unit's move, from its menu
    WITHDRAW = "withdraw"  # Hand to hand II B: a unit in melee withdraws, or fights on
    SHOOT = "shoot"  # Missile fire: a shooter's target (troops, engine, defence), or none
    RETURN_FIRE = "return fire"  # Missile fire C: the target of mounted bowmen fires back
    FOLLOW = "follow"  # Hand to hand II C: the victor follows a routed unit, or halts


@attrs.frozen
class Charge:
    """Charge the enemy ``target`` (or, with none, make no charge)."""

    target: str

    def __str__(self) -> str:
        return f"charge {self.target}" if self.target else "no charge"


NO_CHARGE = Charge("")


@attrs.frozen
class Respond:
    """What a unit charged does."""

    response: ChargeResponse

    def __str__(self) -> str:
        return str(self.response)


@attrs.frozen
class Order:
    """A move: ``kind`` (hold, advance, turn, incline, back, run, skirmish), its inches,
    the bearing it turns to or moves on (degrees, relative to nothing: absolute), and
    the enemy it makes for or shoots at."""

    kind: str
    inches: float = 0.0
    bearing: float | None = None
    target: str = ""

    def __str__(self) -> str:
        at = f" at {self.target}" if self.target else ""
        if self.kind == "hold":
            return "hold"
        if self.kind == "turn":
            return f"turn to {self.bearing:.0f} degrees{at}"
        if self.kind == "skirmish":
            return f"ride {self.inches:.1f}\" at {self.target}, shoot and ride back"
        way = f" on {self.bearing:.0f} degrees" if self.bearing is not None else ""
        return f"{self.kind} {self.inches:.1f}\"{way}{at}"


@attrs.frozen
class Shoot:
    """Shoot at ``target`` (a unit, or a defence's id with ``face``), as ``how``: missiles
    (``"shoot"``) or fire arrows (``"fire arrows"``); with no target, hold fire."""

    target: str
    how: str = "shoot"
    face: int = -1

    def __str__(self) -> str:
        if not self.target:
            return "hold fire"
        face = f" (face {self.face + 1})" if self.face >= 0 else ""
        return f"{self.how} at {self.target}{face}"


HOLD_FIRE = Shoot("")


@attrs.frozen
class Yes:
    """A yes-or-no answer (return fire, withdraw, follow)."""

    yes: bool

    def __str__(self) -> str:
        return "yes" if self.yes else "no"


YES, NO = Yes(True), Yes(False)
