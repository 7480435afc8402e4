"""The Hoplomachia ruleset: its options, its tables (with a variant's parameters), its
scenarios (the built-in ones, a generated set piece, an order of battle fielded), the
doctrine commander, invariants and duels."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ancients.dataruleset import DataRuleset
from ancients.errors import RulesetError, ScenarioError
from ancients.hoplomachia._tables import DATA
from ancients.hoplomachia.battle import HoplomachiaBattle
from ancients.hoplomachia.generate import generated_stub
from ancients.hoplomachia.options import HoplomachiaOptions
from ancients.hoplomachia.rules import (
    FILES,
    HoplomachiaRules,
    default_rules,
    load_rules,
    raw_document,
)
from ancients.hoplomachia.scenario import parse_scenario
from ancients.hoplomachia.translate import overlaid
from ancients.parameters import Parameter, apply_overrides, document_parameters
from ancients.rulesdata import data_path
from ancients.ruleset import Translation
from ancients.scenario import Field, Scenario

if TYPE_CHECKING:
    from ancients.oob import OrderOfBattle

__all__ = ["GENERATED", "Hoplomachia", "duel_document"]

#: the scenario names the ruleset resolves itself: a set piece generated from the
#: battle's seed, or from the seed given (``generated-7``)
GENERATED = re.compile(r"^generated(?:-(\d+))?$")
#: a situation rolled on 2D6 on the strategic model's table, from the battle's seed or
#: from the seed given (``situation-7``)
ROLLED = re.compile(r"^situation(?:-(\d+))?$")


@cache
def _parameters() -> dict[str, Parameter]:
    out: dict[str, Parameter] = {}
    for name, file in FILES.items():
        found = document_parameters(raw_document(name), name, data_path(DATA, file))
        out.update(found)
    return out


class Hoplomachia(DataRuleset[HoplomachiaRules]):
    """The Perfect Captain's Hoplomachia (Greek hoplite warfare, miniatures, inches)."""

    name = "hoplomachia"
    title = "Hoplomachia (The Perfect Captain)"
    Options = HoplomachiaOptions
    battle_class = HoplomachiaBattle
    default_scenario = "poteidaia-432bc"
    #: the rules revision (what each changed: docs/rulesets/hoplomachia.md, "Rules revisions")
    revision = 5
    scenario_package = "ancients.hoplomachia.scenarios"
    doctrine = "ancients.hoplomachia.commander:DoctrineCommander"
    invariant_checks = "ancients.hoplomachia.invariants:invariants"

    # -- the tables -------------------------------------------------------------------------
    def build_rules(self) -> HoplomachiaRules:
        """Every table, with this variant's parameters."""
        if not self.overrides:
            return default_rules()
        touched = {n.split(".", 1)[0] for n in self.overrides}
        return load_rules(**{name: apply_overrides(raw_document(name), name, self.overrides)
                             for name in sorted(touched)})

    def parameters(self) -> dict[str, Parameter]:
        """Every number (and dice spec, and word) of the data files, named
        ``<table set>.<path>`` (``cards.card.spartiates.spear``,
        ``epidromos.chart.hoplite.rows.0.distance``), with its provenance."""
        return dict(_parameters())

    # -- scenarios ----------------------------------------------------------------------------
    def parse_scenario(self, data: Mapping[str, Any], source: str | None = None) -> Scenario:
        """A scenario document laid out in full, one built on an order of battle
        (``from_oob``), or a set piece to generate (``generate``)."""
        rules = self.rules()
        if "from_oob" in data:
            return parse_scenario(overlaid(Field.root(data, source), rules), source, rules,
                                  original=data)
        if "generate" in data:
            return generated_stub(Field.root(data, source), rules, data)
        return parse_scenario(data, source, rules)

    def scenarios(self) -> dict[str, Scenario]:
        found = super().scenarios()
        found.setdefault("generated", self.scenario("generated"))
        found.setdefault("situation", self.scenario("situation"))
        return found

    def scenario(self, name: str | Path | Scenario | None = None) -> Scenario:
        """A built-in scenario by name, a file, or ``generated`` (a set piece generated
        from the battle's seed) or ``generated-N`` (from seed N), or ``situation`` /
        ``situation-N`` (a situation rolled on 2D6 on the strategic model's table)."""
        if isinstance(name, str):
            m = GENERATED.match(name)
            rolled = ROLLED.match(name)
            if m is not None or rolled is not None:
                doc: dict[str, Any] = {"name": name, "title": "Generated set piece",
                                       "generate": {}}
                if rolled is not None:
                    doc["title"] = "Generated situation"
                    doc["generate"]["situation"] = "roll"
                found = m or rolled
                assert found is not None
                if found.group(1) is not None:
                    doc["generate"]["seed"] = int(found.group(1))
                return self.parse_scenario(doc, source=f"hoplomachia {name}")
        return super().scenario(name)

    def translate_oob(self, oob: OrderOfBattle, **choices: Any) -> Translation:
        """An order of battle at Hoplomachia's scale (:mod:`.translate`)."""
        from ancients.hoplomachia.translate import translate

        unknown = sorted(set(choices) - {"scale"})
        if unknown:
            raise ScenarioError(f"hoplomachia's translator has no choice {', '.join(unknown)};"
                                " its choice: scale (men to a figure)")
        return translate(oob, self.rules(), scale=choices.get("scale"))

    # -- duels for ancients.matchups -----------------------------------------------------------
    def tuned_parameters(self) -> Sequence[str]:
        """What ``ancients sensitivity hoplomachia`` varies by default: the hoplites'
        Andreia, the belos charge and moving archers, the charge's check range and
        disarray in melee."""
        return ("cards.card.athenian.andreia", "cards.card.peloponnesian.andreia",
                "belos.intensity.belos_charge", "belos.intensity.moving_archers",
                "epidromos.charge.check_range", "melee.attack.disarray_divisor")

    def duel_types(self) -> Sequence[str]:
        """Every unit card."""
        return tuple(self.rules().cards.cards)

    def duel(self, first: str, second: str) -> Scenario:
        """One division of each card face to face on open ground, 12 inches apart."""
        return self.parse_scenario(duel_document(self.rules(), first, second),
                                   source=f"hoplomachia duel {first} v {second}")


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
