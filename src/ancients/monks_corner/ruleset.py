"""The Monk's Corner ruleset: options, scenarios, the doctrine commander, invariants."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from ancients.battle import Battle, Commander
from ancients.monks_corner.battle import MonksCornerBattle
from ancients.monks_corner.options import MonksCornerOptions
from ancients.monks_corner.scenario import parse_scenario
from ancients.ruleset import Ruleset
from ancients.scenario import Scenario

__all__ = ["MonksCorner"]


class MonksCorner(Ruleset):
    """The Monk's Corner phalanx rules (miniatures, inches, figures)."""

    name: ClassVar[str] = "monks_corner"
    title: ClassVar[str] = "Monk's Corner phalanx rules"
    Options: ClassVar[type[Any]] = MonksCornerOptions
    battle_class: ClassVar[type[Battle]] = MonksCornerBattle
    default_scenario: ClassVar[str] = "mantinea-418bc"
    #: the rules revision (what each one changed: docs/rulesets/monks_corner.md, "Rules revisions")
    revision: ClassVar[int] = 4
    scenario_package: ClassVar[str | None] = "ancients.monks_corner.scenarios"

    def parse_scenario(self, data: Mapping[str, Any], source: str | None = None) -> Scenario:
        return parse_scenario(data, source)

    def doctrine_commander(self, side: str) -> Commander:
        from ancients.monks_corner.commander import DoctrineCommander

        return DoctrineCommander()

    def invariants(self, battle: Battle) -> Iterable[str]:
        from ancients.monks_corner.invariants import invariants

        assert isinstance(battle, MonksCornerBattle)
        return invariants(battle.state)
