"""Small helpers for the English the core writes: counts with their nouns, lists of names."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

__all__ = ["count", "names"]


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``count(1, "turn")`` → ``"1 turn"``; ``count(8, "turn")`` → ``"8 turns"``."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def names(items: Iterable[object], conjunction: str = "and") -> str:
    """``'a'``, ``'a' and 'b'``, ``'a', 'b' and 'c'`` (each quoted as ``repr`` does)."""
    quoted = [repr(str(x)) for x in items]
    if len(quoted) <= 1:
        return "".join(quoted)
    return f"{', '.join(quoted[:-1])} {conjunction} {quoted[-1]}"


def did_you_mean(name: str, known: Iterable[str]) -> str:
    """``"did you mean 'x'? "`` for the closest of ``known`` to a misspelt name, or ``""``."""
    close = difflib.get_close_matches(name, list(known), n=1)
    return f"did you mean {close[0]!r}? " if close else ""
