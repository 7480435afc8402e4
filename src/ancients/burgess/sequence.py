"""The sequence of play (reconstructed: the text gives none): alternate player turns, as
Hand to hand II implies, each of six phases.

>>> rules = load_sequence()
>>> [p.name for p in rules.phases]
['rally', 'charges', 'movement', 'missiles', 'hand to hand', 'morale']
>>> player_turns(("rome", "carthage"), first="carthage")
(('carthage', 'rome'), ('rome', 'carthage'))
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from functools import cache

import attrs

from ancients.burgess._data import Provenance, Source, document
from ancients.errors import RuleError

__all__ = ["Acting", "Phase", "SequenceRules", "load_sequence", "player_turns"]


class Acting(enum.StrEnum):
    """Who acts in a phase."""

    PHASING = "phasing"
    OTHER = "other"
    BOTH = "both"


@attrs.frozen
class Phase:
    name: str
    side: Acting
    what: str
    provenance: Provenance


@attrs.frozen
class SequenceRules:
    """The sequence of play (``data/sequence.toml``)."""

    first: str  # "scenario": the scenario names the side that takes the first player turn
    phases: tuple[Phase, ...]
    provenance: Provenance

    def phase(self, name: str) -> Phase:
        for p in self.phases:
            if p.name == name:
                return p
        raise RuleError(f"no phase {name!r}; the phases are "
                        f"{', '.join(p.name for p in self.phases)}")


def player_turns(sides: Sequence[str], first: str) -> tuple[tuple[str, str], ...]:
    """The player turns of a game turn as (phasing side, other side), ``first`` first."""
    if len(sides) != 2 or first not in sides:
        raise RuleError(f"two sides and the first of them, got {list(sides)} and {first!r}")
    other = sides[1] if first == sides[0] else sides[0]
    return ((first, other), (other, first))


def load_sequence(path: Source = "") -> SequenceRules:
    """The sequence of play: the built-in ``sequence.toml`` or a user's file at ``path``."""
    return _read_sequence(path) if path else _builtin_sequence()


@cache
def _builtin_sequence() -> SequenceRules:
    return _read_sequence("")


def _read_sequence(path: Source) -> SequenceRules:
    doc = document("sequence.toml", path)
    doc.check_keys(["reconstructed", "reason", "first", "phase"])
    phases = []
    for f in doc["phase"].items():
        f.check_keys(["name", "side", "what", "reconstructed", "reason"])
        phases.append(Phase(f["name"].as_str(), f["side"].enum(Acting), f["what"].as_str(),
                            Provenance.of(f)))
    names = [p.name for p in phases]
    if len(set(names)) != len(names) or not names:
        raise doc["phase"].error("phases need distinct names")
    return SequenceRules(doc["first"].choice(["scenario"]), tuple(phases), Provenance.of(doc))
