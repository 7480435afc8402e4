"""The library's exception family: every error ``ancients`` raises on purpose is an
:class:`AncientsError`, and says what was wrong and where."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any


class AncientsError(Exception):
    """Root of every exception the library raises on purpose."""


class DiceSpecError(AncientsError, ValueError):
    """A dice spec such as ``"2d6+1"`` could not be parsed or is out of range."""


class GeometryError(AncientsError, ValueError):
    """A hex or tabletop geometry request that makes no sense (bad direction, shape...)."""


class RulesetError(AncientsError, LookupError):
    """An unknown ruleset, or a ruleset that failed to load."""


class OptionError(AncientsError, ValueError):
    """An unknown ruleset option or an illegal option value."""


class ScenarioError(AncientsError, ValueError):
    """A scenario document is malformed; names the file (``source``) and field path."""

    def __init__(self, message: str, *, source: str | None = None, field: str | None = None):
        self.source = source
        self.field = field
        self.detail = message
        where = ", ".join(
            part for part in (source and f"in {source}", field and f"at {field}") if part
        )
        super().__init__(f"{where}: {message}" if where else message)


class SimulationError(AncientsError, ValueError):
    """Bad arguments to :func:`ancients.simulate` or :func:`ancients.compare` (``runs``,
    ``seed``, ``jobs``, ``chunk_size``, commanders, a checkpoint of other arguments),
    refused before any battle is played; or a run given up because a chunk's worker kept
    dying, when ``results`` holds the battles played before it stopped."""

    results: Any = None


class CommanderError(AncientsError, ValueError):
    """A commander that cannot be made as asked: an unknown name in a commander spec
    (``"noisy:0.2"``, ``"search:8"``) or an argument out of range."""


class RuleError(AncientsError, ValueError):
    """A rules function was asked for something the rules forbid or that makes no sense
    (an unknown table or card, a modifier out of range, cavalry into woods, a volley at a
    target out of range, a rearguard larger than the stack): says what and where, before
    any dice are rolled, the state left unchanged."""


class PrecisionWarning(UserWarning):
    """A run to a precision (``simulate``/``compare`` with ``precision=`` or ``detect=``)
    stopped at its cap of battles before reaching it."""


class OOBWarning(UserWarning):
    """Something of an order of battle that a ruleset cannot field as it stands (dropped
    or adjusted to the nearest legal shape); the scenario's notes list it too."""


class IllegalDecision(AncientsError, ValueError):
    """An answer that is not among the pending decision's legal options.

    The battle is left exactly as it was. ``legal`` holds the legal options.
    """

    def __init__(self, message: str, *, option: Any = None, legal: Sequence[Any] = ()):
        self.option = option
        self.legal = tuple(legal)
        super().__init__(f"{message}; legal options: {_list(self.legal)}")


class BattleStateError(AncientsError, RuntimeError):
    """A battle was asked for something its state does not allow (e.g. run() while a
    side with no commander must decide, or decide() with nothing pending)."""


class ConformanceError(AncientsError, AssertionError):
    """A ruleset broke the conformance suite (see :func:`ancients.testing.check_ruleset`)."""


def _list(items: Iterable[Any], limit: int = 12) -> str:
    shown = [str(x) for x in items]
    if not shown:
        return "(none)"
    if len(shown) > limit:
        return ", ".join(shown[:limit]) + f", ... ({len(shown) - limit} more)"
    return ", ".join(shown)
