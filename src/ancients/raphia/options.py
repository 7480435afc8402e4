"""The answers a Raphia decision offers: small, hashable, each with a readable str."""

from __future__ import annotations

import enum
from collections.abc import Hashable, Iterable
from typing import Any

import attrs

from ancients.battle import Decision
from ancients.hexgrid import Hex

__all__ = [
    "ADVANCE",
    "CONTINUE_PURSUIT",
    "END_ATTACKS",
    "EVADE_NOT",
    "HOLD",
    "MOVE_ON",
    "NO_PURSUIT",
    "PURSUE",
    "RALLY",
    "STAY",
    "STAY_IN_ROUT",
    "Attack",
    "DisengageTo",
    "Evade",
    "Face",
    "Kind",
    "MoveTo",
    "Plain",
    "ShiftTo",
    "SplitTo",
    "Turn",
    "ask",
    "corner_name",
]

class Kind(enum.StrEnum):
    """What a Raphia decision is about (``Decision.kind``: a ``str`` for the core and for
    saved battles)."""

    MOVE = "move"  # §5–§7 a stack in good order: where to, how to face, split, disengage
    LEADER = "leader"  # §11 a leader joins or leaves a stack
    ATTACK = "attack"  # §8 the next attack or fire, or no more
    EVADE = "evade"  # §8 the defender evades, or stands
    ADVANCE = "advance"  # §8 advance after combat into the vacated hex
    PURSUE = "pursue"  # §10 elephants and light troops choose to pursue
    BACK_ATTACK = "back attack"  # §10 a pursuer's free attack on a rout in contact
    RALLY = "rally"  # §3, §9–§10 attempt to rally (a rout; a pursuer in contact)
    FACING = "facing"  # §6 addendum: a rallied phalanx picks its facing
    ELEPHANT_BUMPED = "elephant bumped"  # §9 (1990) let a routing elephant move on, or shift it
    ROUT_SHIFT = "rout shift"  # §10 (1990) the free hex a rout is shifted to


def ask(side: str, kind: Kind, options: Iterable[Hashable], **context: Any) -> Decision:
    """A Decision for ``side`` (a typed front door to the core's converter)."""
    opts: Any = tuple(options)
    return Decision(side, kind, opts, **context)


_CORNER_NAMES = {1: "NNE", 2: "E", 3: "SSE", 4: "SSW", 5: "W", 6: "NNW"}


def corner_name(corner: int | None) -> str:
    return _CORNER_NAMES.get(corner or 0, "-")


@attrs.frozen
class Plain:
    word: str

    def __str__(self) -> str:
        return self.word


HOLD = Plain("hold")
END_ATTACKS = Plain("no more attacks")
EVADE_NOT = Plain("stand and fight")
ADVANCE = Plain("advance into the vacated hex")
STAY = Plain("stay")
PURSUE = Plain("pursue")
NO_PURSUIT = Plain("do not pursue")
#: §3, §9–§10: the decision ``rally``: a rout, or a pursuer still in contact with the unit
#: it pursues, attempts to rally or (a failure's outcome, without the dice) stays as it is
RALLY = Plain("attempt to rally")
STAY_IN_ROUT = Plain("stay in rout")
CONTINUE_PURSUIT = Plain("continue the pursuit")
#: §9 (1990): a unit bumped by a routing elephant lets it move on as §10 would have it
MOVE_ON = Plain("let the elephant move on")


# The hexes an option names are carried alongside their labels, so that the rules need
# not parse labels back; they are not part of the option's identity (equality, order, hash).
@attrs.frozen(order=True, cache_hash=True)
class MoveTo:
    """Move the stack to hex ``to`` (a "CCRR" label), facing corner ``facing`` (phalanx)."""

    to: str
    facing: int | None = None
    at: Hex | None = attrs.field(default=None, eq=False, order=False, repr=False,
                                   kw_only=True)

    def __str__(self) -> str:
        return f"move to {self.to}" + (f" facing {corner_name(self.facing)}"
                                       if self.facing else "")


@attrs.frozen(order=True, cache_hash=True)
class SplitTo(MoveTo):
    """§5: break off the top counter and move it to ``to``."""

    def __str__(self) -> str:
        return "split off the top counter to " + super().__str__()[len("move to "):]


@attrs.frozen(order=True, cache_hash=True)
class DisengageTo(MoveTo):
    """§7: leave the bottom ``rearguard`` counters (at least one) as rearguard and move the
    rest to ``to``."""

    rearguard: int = 1

    def __str__(self) -> str:
        guard = "a rearguard" if self.rearguard == 1 else f"a rearguard of {self.rearguard}"
        return f"leave {guard} and move to " + super().__str__()[len("move to "):]


@attrs.frozen(order=True, cache_hash=True)
class ShiftTo(MoveTo):
    """Shift a rout one hex, to ``to``: §9 (1990) a routing elephant, by the unit it
    bumped; §10 (1990) a rout that may not end among other units, by its player."""

    def __str__(self) -> str:
        return "shift to " + super().__str__()[len("move to "):]


@attrs.frozen
class Turn:
    """§6: a phalanx in contact turns 60° (all its movement and a morale test)."""

    steps: int

    def __str__(self) -> str:
        return f"turn {'right' if self.steps > 0 else 'left'} in contact (morale test)"


@attrs.frozen(order=True, cache_hash=True)
class Attack:
    """The stack in ``attacker`` attacks (or fires at) the stack in ``target``."""

    attacker: str
    target: str
    fire: bool = False
    attacker_at: Hex | None = attrs.field(default=None, eq=False, order=False, repr=False,
                                   kw_only=True)
    target_at: Hex | None = attrs.field(default=None, eq=False, order=False, repr=False,
                                   kw_only=True)

    def __str__(self) -> str:
        return f"{self.attacker} {'fires at' if self.fire else 'attacks'} {self.target}"


@attrs.frozen(order=True)
class Evade:
    to: str
    at: Hex | None = attrs.field(default=None, eq=False, order=False, repr=False,
                                   kw_only=True)

    def __str__(self) -> str:
        return f"evade to {self.to}"


@attrs.frozen(order=True)
class Face:
    corner: int

    def __str__(self) -> str:
        return f"face {corner_name(self.corner)}"
