"""How a ruleset's fielding of an order of battle warns of what it dropped or adjusted:
each :class:`~ancients.errors.OOBWarning` once a process (under Python's default
filter), as one line of text, ``OOBWarning: raphia, mantinea-418bc: ...``, never with a
line of Python source under it."""

from __future__ import annotations

import warnings
from typing import Any

from ancients.errors import OOBWarning

__all__ = ["warn_fielding"]

#: the registry of warnings already shown (so that each is shown once, wherever from)
_SHOWN: dict[Any, Any] = {}
_formatwarning = warnings.formatwarning


def _format(message: Warning | str, category: type[Warning], filename: str, lineno: int,
            line: str | None = None) -> str:
    if isinstance(category, type) and issubclass(category, OOBWarning):
        return f"{category.__name__}: {message}\n"
    return _formatwarning(message, category, filename, lineno, line)


def _install() -> None:
    """Format OOBWarnings as one line (other warnings as before), once."""
    if getattr(warnings.formatwarning, "__module__", None) != __name__:
        global _formatwarning
        _formatwarning = warnings.formatwarning
        warnings.formatwarning = _format


def warn_fielding(text: str) -> None:
    """Warn of ``text`` (what a ruleset dropped or adjusted) as an OOBWarning."""
    _install()
    warnings.warn_explicit(OOBWarning(text), OOBWarning, "ancients.oob", 1,
                           module="ancients.oob", registry=_SHOWN)
