"""Duels for :func:`ancients.matchups`: one division of each card face to face on open
ground."""

from __future__ import annotations

from typing import Any

from ancients.errors import RulesetError
from ancients.hoplomachia.rules import HoplomachiaRules

__all__ = ["duel_document"]


def duel_document(rules: HoplomachiaRules, first: str, second: str) -> dict[str, Any]:
    """A scenario document: a division of ``first`` (side ``first``) against one of
    ``second``, 12 inches apart on a 36 by 30 inch table; Firm armies of the standard
    track, no preparation."""
    for key in (first, second):
        if key not in rules.cards:
            raise RulesetError(f"hoplomachia has no duel type (card) {key!r}; the cards: "
                               f"{', '.join(rules.cards.cards)}")
    sides = []
    for i, (name, key) in enumerate((("first", first), ("second", second))):
        card = rules.cards[key]
        org = rules.cards.organisation[card.category]
        units = min(2, org.group_size[1])
        sides.append({
            "name": name, "title": f"{card.name} ({name})", "nation": "peloponnesian",
            "arete": 12, "preparation": False,
            "strategoi": [{"id": f"{name}-strategos", "character": "fellow hoplite",
                           "hegemon": True, "with": f"{name}-{key}"}],
            "divisions": [{"id": f"{name}-{key}", "name": card.name, "card": key,
                           "units": units, "x": 18.0, "y": 9.0 if i == 0 else 21.0,
                           "facing": 0.0 if i == 0 else 180.0}]})
    return {"name": f"duel {first} v {second}", "title": f"{first} against {second}",
            "turn_limit": 8, "table": {"width": 36.0, "depth": 30.0}, "sides": sides}
