"""The error a Burgess rule function raises when asked for something the rules forbid."""

from __future__ import annotations

from ancients.errors import AncientsError

__all__ = ["RuleError"]


class RuleError(AncientsError, ValueError):
    """A rules request the Burgess rules forbid or that makes no sense (cavalry into woods,
    a double move two moves running, a volley at a target out of range): says what and
    where, before any dice are rolled."""
