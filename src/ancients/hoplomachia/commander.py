"""The doctrine commander (to come)."""

from __future__ import annotations

from collections.abc import Hashable

from ancients.battle import Battle, Decision

__all__ = ["DoctrineCommander"]


class DoctrineCommander:
    def decide(self, battle: Battle, decision: Decision) -> Hashable:
        return decision.options[0]
