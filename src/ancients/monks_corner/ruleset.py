"""The Monk's Corner ruleset: options, the rules' numbers as parameters, scenarios, the
doctrine commander, invariants."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from ancients.battle import Battle, Commander
from ancients.monks_corner.battle import MonksCornerBattle
from ancients.monks_corner.options import MonksCornerOptions
from ancients.monks_corner.rules import Rules, load_rules, parameters
from ancients.monks_corner.scenario import parse_scenario
from ancients.parameters import Parameter
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

    # -- the numbers of the rules ------------------------------------------------------------
    def parameters(self) -> dict[str, Parameter]:
        """Every number of the rules (``data/*.toml``), as ``<file>.<table>.<key>``:
        ``missiles.sling.range``, ``melee.hit.need``, ``victory.turns.limit``, ..."""
        return parameters()

    def _set_overrides(self, parameters: Mapping[str, Any]) -> None:
        super()._set_overrides(parameters)
        self.rules()  # a variant that makes no rules is refused now, not in a battle

    def rules(self) -> Rules:
        """The rules' numbers in force in this variant (read once per ruleset)."""
        rules = self._cache.get("rules")
        if rules is None:
            rules = self._cache["rules"] = load_rules(self.overrides)
        assert isinstance(rules, Rules)
        return rules

    # -- scenarios -----------------------------------------------------------------------------
    def parse_scenario(self, data: Mapping[str, Any], source: str | None = None) -> Scenario:
        return parse_scenario(data, source, self.rules())

    # -- battles ---------------------------------------------------------------------------------
    def doctrine_commander(self, side: str) -> Commander:
        from ancients.monks_corner.commander import DoctrineCommander

        return DoctrineCommander()

    def invariants(self, battle: Battle) -> Iterable[str]:
        from ancients.monks_corner.invariants import invariants

        assert isinstance(battle, MonksCornerBattle)
        return invariants(battle.state)
