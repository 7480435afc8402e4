"""Shared helpers: the built-in rules, data files copied for editing, brute-force odds."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Iterable
from fractions import Fraction
from pathlib import Path
from typing import TypeVar

import ancients
from ancients.hoplomachia.rules import HoplomachiaRules, default_rules

DATA = Path(ancients.__file__).parent / "hoplomachia" / "data"
DOC = Path(__file__).parents[2] / "docs" / "rulesets" / "hoplomachia.md"
RULES: HoplomachiaRules = default_rules()

K = TypeVar("K", bound=Hashable)


def replaced(tmp: Path, name: str, old: str, new: str, count: int = 1) -> Path:
    """A copy of a built-in data file with ``old`` replaced by ``new`` (which must occur)."""
    text = (DATA / name).read_text()
    assert old in text, f"{old!r} not in {name}"
    path = tmp / name
    path.write_text(text.replace(old, new, count))
    return path


def enumerate_dice(counts: Iterable[int], event: Callable[..., K]) -> dict[K, Fraction]:
    """Brute force: every combination of the given numbers of d6 faces, each equally
    likely, fed to ``event`` as separate tuples of faces."""
    counts = list(counts)
    groups = [list(itertools.product(range(1, 7), repeat=n)) for n in counts]
    total = 1
    for g in groups:
        total *= len(g)
    out: dict[K, Fraction] = {}
    for combo in itertools.product(*groups):
        k = event(*combo)
        out[k] = out.get(k, Fraction(0)) + Fraction(1, total)
    return out
