"""Command: the Salpinx signals (one a turn, placed secretly, revealed in Arete
sequence, a charge answered by a charge) and what each permits the core units, and the
Hegemon's one verbal order a turn, carried by a runner at 8 inches a turn, never within
3 inches of the enemy, acted on the turn after receipt. Loaded from ``data/command.toml``.

>>> from ancients.hoplomachia.rules import default_rules
>>> runner = default_rules().command.runner
>>> runner.acted_turn(sent=3, distance=20.0)  # arrives in turn 5, acted on in turn 6
6
"""

from __future__ import annotations

import enum
import math
from collections.abc import Mapping

import attrs

from ancients.errors import RuleError
from ancients.hoplomachia._tables import (
    Provenance,
    Source,
    document,
    enum_of,
    members,
    require,
)
from ancients.hoplomachia.vocabulary import Arrangement
from ancients.scenario import Field

__all__ = ["CommandRules", "CoreAction", "Engagement", "RunnerRules", "Salpinx", "Signal",
           "SignalRule", "load_command"]


class Signal(enum.StrEnum):
    MUSTER = "muster"
    MARCH = "march"
    HALT = "halt"
    BEGIN_APPROACH = "begin approach"
    CHARGE = "charge"
    FORWARD_PSILOI = "forward psiloi"
    RECALL_PSILOI = "recall psiloi"
    GENERAL_WITHDRAWAL = "general withdrawal"
    RELEASE_EKDROMOI = "release ekdromoi"  # optional
    RECALL_EKDROMOI = "recall ekdromoi"  # optional
    PREDESIGNATED = "predesignated"  # one unit-specific signal named before the battle


class CoreAction(enum.StrEnum):
    """What a signal lets the core units (usually the phalanx) do."""

    FORM_UP = "form up"
    CHANGE_ARRANGEMENT = "change arrangement"
    MARCH = "march"
    HALT = "halt"
    RECOVER = "recover"  # approaching units recover from disarray on a Halt
    APPROACH = "approach"
    CHARGE = "charge"
    HOLD = "hold"
    WITHDRAW = "withdraw"
    RELEASE_EKDROMOI = "release ekdromoi"
    RECALL_EKDROMOI = "recall ekdromoi"
    PREDESIGNATED = "predesignated"


class Engagement(enum.StrEnum):
    """States in which the Hegemon may not send a verbal order."""

    MELEE = "melee"
    ROUT = "rout"
    PURSUIT = "pursuit"


@attrs.frozen
class SignalRule:
    """A signal: the actions it permits the core, the arrangement it forces (None: as
    they are), whether the paean is sung, whether it is an optional signal."""

    signal: Signal
    core: frozenset[CoreAction]
    arrangement: Arrangement | None
    paean: bool
    optional: bool
    provenance: Provenance

    def permits(self, action: CoreAction) -> bool:
        # Hoplomachia, Signals
        return action in self.core


@attrs.frozen
class Salpinx:
    """One signal a turn; the signals the second side may switch to once the first's is
    revealed (a charge answered by a charge); pre-designated signals per army."""

    per_turn: int
    switch_to: frozenset[Signal]
    predesignated: int
    provenance: Provenance

    def may_switch(self, first: Signal, to: Signal) -> bool:
        """Hoplomachia, Salpinx: if the first side revealed a charge, the other may
        switch to a charge."""
        return first in self.switch_to and to is first


@attrs.frozen
class RunnerRules:
    """Hoplomachia, Commands: one verbal order a turn, by a Hegemon not in melee, rout or
    pursuit; the runner travels ``speed`` inches a turn, never within ``keep_off`` inches
    of the enemy; the order is acted on ``delay`` turns after receipt."""

    speed: float
    keep_off: float
    delay: int
    per_turn: int
    not_in: frozenset[Engagement]
    provenance: Provenance

    def may_send(self, hegemon_state: Engagement | None, sent_this_turn: int = 0) -> bool:
        # Hoplomachia, Commands
        return hegemon_state not in self.not_in and sent_this_turn < self.per_turn

    def arrival_turn(self, sent: int, distance: float) -> int:
        """The turn in which a runner sent in turn ``sent`` over ``distance`` inches (its
        path, clear of the enemy) arrives."""
        # Hoplomachia, Commands (runner)
        require(distance >= 0, f"a runner's path is not {distance} inches long")
        return sent + max(0, math.ceil(distance / self.speed) - 1)

    def acted_turn(self, sent: int, distance: float) -> int:
        """The turn the order is acted on: the turn after its receipt."""
        # Hoplomachia, Commands (runner)
        return self.arrival_turn(sent, distance) + self.delay

    def clear(self, nearest_enemy: float) -> bool:
        """A runner's path is clear if it never comes within ``keep_off`` of the enemy."""
        # Hoplomachia, Commands (runner)
        return nearest_enemy >= self.keep_off


@attrs.frozen
class CommandRules:
    salpinx: Salpinx
    signals: Mapping[Signal, SignalRule]
    runner: RunnerRules
    provenance: Provenance
    source: str | None = None

    def signal(self, signal: Signal) -> SignalRule:
        return self.signals[signal]

    def in_use(self, ekdromoi_signals: bool) -> tuple[Signal, ...]:
        """The signals of a game (the optional ones only if chosen)."""
        # Hoplomachia, Signals
        return tuple(s for s, r in self.signals.items() if ekdromoi_signals or not r.optional)


def _signal(signal: Signal, f: Field) -> SignalRule:
    f.check_keys(["core", "arrangement", "paean", "optional", "reconstructed", "reason"])
    arrangement = f["arrangement"].as_str()
    return SignalRule(signal, frozenset(enum_of(v, CoreAction) for v in f["core"].items()),
                      enum_of(f["arrangement"], Arrangement) if arrangement else None,
                      f["paean"].as_bool(), f["optional"].as_bool(), Provenance.of(f))


def load_command(override: Source = "") -> CommandRules:
    """Read the signals and the runner's rules (``command.toml`` or a replacement)."""
    doc = document("command.toml", override)
    doc.check_keys(["reconstructed", "reason", "salpinx", "signal", "runner"])
    sf = doc["salpinx"].check_keys(["per_turn", "switch_to", "predesignated", "reconstructed",
                                    "reason"])
    salpinx = Salpinx(sf["per_turn"].as_int(min=1),
                      frozenset(enum_of(v, Signal) for v in sf["switch_to"].items()),
                      sf["predesignated"].as_int(min=0), Provenance.of(sf))
    signals = {s: _signal(s, f) for s, f in members(doc["signal"], Signal).items()}
    rf = doc["runner"].check_keys(["speed", "keep_off", "delay", "per_turn", "not_in",
                                   "reconstructed", "reason"])
    runner = RunnerRules(rf["speed"].as_float(min=0.1), rf["keep_off"].as_float(min=0.0),
                         rf["delay"].as_int(min=0), rf["per_turn"].as_int(min=0),
                         frozenset(enum_of(v, Engagement) for v in rf["not_in"].items()),
                         Provenance.of(rf))
    return CommandRules(salpinx, signals, runner, Provenance.of(doc), doc.source)


def order_signal(name: str) -> Signal:
    """A signal by its name (RuleError naming the signals otherwise)."""
    try:
        return Signal(name)
    except ValueError:
        raise RuleError(f"no signal {name!r}; the signals are: "
                        f"{', '.join(Signal)}") from None
