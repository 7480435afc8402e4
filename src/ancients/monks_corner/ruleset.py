"""The Monk's Corner ruleset: options, the rules' numbers as parameters, scenarios, duels for
matchups, the translator from an order of battle, the doctrine commander, invariants."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ancients.battle import Battle
from ancients.dataruleset import DataRuleset
from ancients.errors import RulesetError
from ancients.monks_corner.battle import MonksCornerBattle
from ancients.monks_corner.options import MonksCornerOptions
from ancients.monks_corner.rules import Rules, load_rules, parameters
from ancients.monks_corner.scenario import parse_scenario
from ancients.parameters import Parameter
from ancients.scenario import Scenario

if TYPE_CHECKING:
    from ancients.oob import OrderOfBattle
    from ancients.ruleset import Translation

__all__ = ["MonksCorner"]

#: the duel's two sides: the first along the south edge, facing north
DUEL_SIDES = ("south", "north")


class MonksCorner(DataRuleset[Rules]):
    """The Monk's Corner phalanx rules (miniatures, inches, figures)."""

    name: ClassVar[str] = "monks_corner"
    title: ClassVar[str] = "Monk's Corner phalanx rules"
    Options: ClassVar[type[Any]] = MonksCornerOptions
    battle_class: ClassVar[type[Battle]] = MonksCornerBattle
    default_scenario: ClassVar[str] = "mantinea-418bc"
    #: the rules revision (what each one changed: docs/rulesets/monks_corner.md, "Rules revisions")
    revision: ClassVar[int] = 7
    scenario_package: ClassVar[str | None] = "ancients.monks_corner.scenarios"
    doctrine: ClassVar[str] = "ancients.monks_corner.commander:DoctrineCommander"
    invariant_checks: ClassVar[str] = "ancients.monks_corner.invariants:invariants"

    # -- the numbers of the rules ------------------------------------------------------------
    def parameters(self) -> dict[str, Parameter]:
        """Every number of the rules (``data/*.toml``), as ``<file>.<table>.<key>``:
        ``missiles.sling.range``, ``melee.hit.need``, ``victory.turns.limit``, ..."""
        return parameters()

    def build_rules(self) -> Rules:
        """The rules' numbers in force in this variant (read once per ruleset)."""
        return load_rules(self.overrides)

    # -- scenarios -----------------------------------------------------------------------------
    def parse_scenario(self, data: Mapping[str, Any], source: str | None = None) -> Scenario:
        return parse_scenario(data, source, self.rules())

    # -- duels for ancients.matchups ---------------------------------------------------------
    def tuned_parameters(self) -> Sequence[str]:
        """What ``ancients sensitivity monks_corner`` varies by default: the melee's hit
        number and depth dice, the volley's hit number, re-forming, the rear rank's
        reorganisation and the line's move."""
        return ("melee.hit.need", "melee.dice.per_rank", "missiles.volley.need",
                "phalanx.reform.need", "morale.reorganise.over", "movement.line.move")

    def duel_types(self) -> Sequence[str]:
        """The unit types of ``data/duel.toml``: phalanxes three and two deep, Spartans,
        medium infantry, javelinmen, slingers, archers and horse."""
        return tuple(self.rules().duel_types)

    def duel(self, first: str, second: str) -> Scenario:
        """One unit of type ``first`` (side ``south``, facing north) against one of
        ``second`` (``north``), their fronts ``duel.table.gap`` inches apart across the
        middle of an open table."""
        rules = self.rules()
        types = rules.duel_types
        for name in (first, second):
            if name not in types:
                raise RulesetError(f"monks_corner has no duel type {name!r}; its types: "
                                    f"{', '.join(types)}")
        width, depth, gap = rules.duel_table
        units = []
        for side, name, facing in zip(DUEL_SIDES, (first, second), (0.0, 180.0), strict=True):
            t = types[name]
            # (x, y): the centre of the unit's front edge
            y = depth / 2.0 - gap / 2.0 if side == "south" else depth / 2.0 + gap / 2.0
            units.append({"id": side, "name": f"{side.title()} {name}", "side": side,
                          "contingent": side, "troop": t.troop, "missile": t.missile,
                          "spartan": t.spartan, "figures": t.figures, "ranks": t.ranks,
                          "x": width / 2.0, "y": y, "facing": facing,
                          "note": f"duel type {name}"})
        # no alliances: Movement 3 has no allies to hold back
        data = {"name": f"duel {first} v {second}", "title": f"{first} against {second}",
                "turn_limit": rules.duel_turn_limit,
                "table": {"width": width, "depth": depth},
                "sides": [{"name": s, "title": s.title()} for s in DUEL_SIDES],
                "units": units}
        return self.parse_scenario(data, source=f"monks_corner duel {first} v {second}")

    # -- orders of battle ------------------------------------------------------------------------
    def translate_oob(self, oob: OrderOfBattle, **choices: Any) -> Translation:
        """Figures at 1 : 100 (``scale``) in legal phalanx shapes on a table sized to the
        frontage (:mod:`.translate`; its choices: ``scale``, ``ranks``, ``gap``,
        ``merge``, ``estimate``)."""
        from ancients.monks_corner.translate import translate

        return translate(oob, self.rules(), **choices)
