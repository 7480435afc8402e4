"""The kinds of decision a Hoplomachia battle asks a side (``Decision.kind``, a ``str``
enum, so the core and saved battles see plain strings) and the options they offer."""

from __future__ import annotations

import enum

import attrs

from ancients.hoplomachia.command import Signal

__all__ = ["FIGHT_ON", "HOLD_FIRE", "KEEP", "NO", "NO_CHARGE", "NO_LAP", "NO_ORDER",
           "STAND_DOWN", "YES", "Charge", "Fire", "Kind", "Lap", "Move", "Order", "Points",
           "SignalChoice", "Word"]


class Kind(enum.StrEnum):
    """What a side is asked to decide."""

    SIGNAL = "signal"  # Command Strophe: the Salpinx signal placed (or none)
    SWITCH = "switch"  # Salpinx: answer the enemy's revealed charge with a charge
    ORDER = "order"  # Commands: the Hegemon's one verbal order, sent by runner
    FLANK = "flank"  # Arete sequence (precedence_flank=choose): the flank events start on
    FIRE = "fire"  # Belos: a belos unit's target, a belos charge, or holding fire
    EKDROMOI = "ekdromoi"  # Ekdromoi: a lochos under fire releases them, or not
    CHARGE = "charge"  # Epidromos: a division's charge, or none
    MOVE = "move"  # marches and approaches: a division's move, from its menu
    LAP = "lap"  # Melee: a lochos overlapping the enemy line laps the end lochos
    ONE_STEP_MORE = "one step more"  # Othismos: a Crafty hegemon's call, and its cost
    EPILEKTOI = "epilektoi"  # Epilektoi: an adjustment of a roll, declared before it
    PURSUIT = "pursuit"  # Pursuit: horse or lights that outdistanced their prey stop
    FIGHT_ON = "fight on"  # End of battle: fight on, or will not
    TRUCE = "truce"  # End of battle: ask for a truce when neither holds all the slain


@attrs.frozen
class Word:
    """A plain answer (yes, no, fight on, ...)."""

    word: str

    def __str__(self) -> str:
        return self.word


YES, NO = Word("yes"), Word("no")
FIGHT_ON, STAND_DOWN = Word("fight on"), Word("will not fight on")


@attrs.frozen
class SignalChoice:
    """A Salpinx signal placed, or none (the signal in force stays)."""

    signal: Signal | None

    def __str__(self) -> str:
        return f"signal {self.signal}" if self.signal is not None else "no signal"


KEEP = SignalChoice(None)


@attrs.frozen
class Order:
    """A verbal order to a division: act as ``signal`` would have it, or march to a
    ``flank`` (left or right: an action outside the salpinx's set procedures); neither:
    follow the salpinx again; or no order at all (``division`` empty)."""

    division: str
    signal: Signal | None = None
    flank: str = ""

    @property
    def what(self) -> str:
        """The order as the runner carries it."""
        if self.flank:
            return f"flank march {self.flank}"
        return f"act on {self.signal}" if self.signal else "follow the salpinx"

    def __str__(self) -> str:
        if not self.division:
            return "no verbal order"
        return f"order {self.division}: {self.what}"


NO_ORDER = Order("")


@attrs.frozen
class Fire:
    """Shoot, the stands left free by the spreading of fire at ``target`` (or make a
    belos charge at it); no target: hold fire."""

    target: str
    belos_charge: bool = False

    def __str__(self) -> str:
        if not self.target:
            return "hold fire"
        return f"{'belos charge at' if self.belos_charge else 'shoot at'} {self.target}"


HOLD_FIRE = Fire("")


@attrs.frozen
class Charge:
    """Charge a target (a taxis charges what stands ahead: target ``"ahead"``); no
    target: no charge."""

    target: str

    def __str__(self) -> str:
        if not self.target:
            return "no charge"
        return "charge ahead" if self.target == "ahead" else f"charge {self.target}"


NO_CHARGE = Charge("")


@attrs.frozen
class Move:
    """A move from a division's menu. ``kind``: hold, advance, approach, wheel, about
    face, turn (lochoi turned 90 degrees), arrangement, towards, withdraw, face, flank
    march, face front; ``distance`` inches; ``angle`` degrees (a wheel or a turn, a
    bearing off the line to the nearest enemy, or the flank of a flank march);
    ``arrangement`` for a change of arrangement; ``incline`` inches (the optional
    deliberate incline)."""

    kind: str
    distance: float = 0.0
    angle: float = 0.0
    arrangement: str = ""
    incline: float = 0.0

    def __str__(self) -> str:
        d = f"{self.distance:g}\""
        match self.kind:
            case "hold":
                return "hold"
            case "advance":
                return f"advance {d}"
            case "approach":
                side = "" if not self.incline else \
                    f" inclining {abs(self.incline):g}\" {'right' if self.incline > 0 else 'left'}"
                return f"approach {d}{side}"
            case "wheel":
                turn = "right" if self.angle > 0 else "left"
                return f"wheel {abs(self.angle):g} degrees {turn} and advance {d}"
            case "about face":
                return f"about face and advance {d}"
            case "turn":
                turn = "right" if self.angle > 0 else "left"
                return f"turn {abs(self.angle):g} degrees {turn} and advance {d}"
            case "arrangement":
                return f"form {self.arrangement}"
            case "face":
                return "face the nearest enemy"
            case "withdraw":
                return f"withdraw {d}"
            case "flank march":
                turn = "right" if self.angle > 0 else "left"
                return f"march {d} to the {turn} flank"
            case "face front":
                return "turn the lochoi to face front"
            case _:
                if self.angle == 0.0:
                    return f"move {d} towards the nearest enemy"
                if abs(self.angle) == 180.0:
                    return f"move {d} away from the nearest enemy"
                turn = "right" if self.angle > 0 else "left"
                return f"move {d}, {abs(self.angle):g} degrees {turn} of the nearest enemy"


@attrs.frozen
class Lap:
    """Wheel to lap the end lochos ``target`` (none: stay)."""

    target: str

    def __str__(self) -> str:
        return f"lap {self.target}" if self.target else "do not lap"


NO_LAP = Lap("")


@attrs.frozen
class Points:
    """A number: One Step More!'s cost in Arete (0: not called), an Epilektoi adjustment."""

    value: int
    what: str = ""

    def __str__(self) -> str:
        if self.what == "one step more":
            return "no call" if not self.value else f"One Step More! for {self.value} Arete"
        return "no adjustment" if not self.value else f"adjust the roll by {self.value:+d}"
