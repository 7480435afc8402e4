"""The Burgess ruleset: its options and rules revision, the tables under a variant's
parameters, scenarios, the doctrine commander, invariants, duels and the translator of
orders of battle."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from ancients.burgess._data import DATA_PACKAGE
from ancients.burgess.battle import BurgessBattle
from ancients.burgess.options import BurgessOptions
from ancients.burgess.rules import FILES, BurgessRules, build_rules, file_of
from ancients.burgess.scenario import parse_scenario
from ancients.dataruleset import DataRuleset
from ancients.parameters import Parameter, apply_overrides, document_parameters
from ancients.rulesdata import builtin_document, data_path
from ancients.ruleset import Translation
from ancients.scenario import Scenario

if TYPE_CHECKING:
    from ancients.oob import OrderOfBattle

__all__ = ["FROM_OOB", "Burgess"]

#: the built-in scenarios read straight from ``ancients.battles()`` by the translator
FROM_OOB = ("zama-202bc",)
#: the keys of a data file that are no rule (a variant file's name of its variant)
_NOT_RULES = frozenset({"variant"})


class Burgess(DataRuleset[BurgessRules]):
    """The Burgess ancient and medieval miniatures rules (inches, figures)."""

    name = "burgess"
    title = "Burgess ancient and medieval miniatures rules"
    Options = BurgessOptions
    battle_class = BurgessBattle
    default_scenario = "zama-202bc"
    #: the rules revision (what each one changed: docs/rulesets/burgess.md, "Rules revisions")
    revision = 3
    scenario_package = "ancients.burgess.scenarios"
    doctrine = "ancients.burgess.commander:DoctrineCommander"
    invariant_checks = "ancients.burgess.invariants:invariants"

    # -- the tables ---------------------------------------------------------------------
    def parameters(self) -> dict[str, Parameter]:
        """Every number (and face list, and word) of the data files, as
        ``<file>.<table>.<key>``, a key's spaces written ``_`` (``troops.class.HV_INF.move``;
        ``elephants.``: the file of the ``elephants`` option)."""
        out: dict[str, Parameter] = {}
        for prefix in FILES:
            name = file_of(prefix, self.options)
            where = data_path(DATA_PACKAGE, name)
            out.update(document_parameters(builtin_document(DATA_PACKAGE, name), prefix, where,
                                           skip=_NOT_RULES, space="_"))
        return out

    def build_rules(self) -> BurgessRules:
        """Every table in force in this variant (its options and parameters)."""
        documents: dict[str, Mapping[str, Any]] = {}
        for prefix in FILES:
            mine = {k: v for k, v in self.overrides.items() if k.split(".", 1)[0] == prefix}
            if mine:
                raw = builtin_document(DATA_PACKAGE, file_of(prefix, self.options))
                documents[prefix] = apply_overrides(raw, prefix, mine, space="_")
        return build_rules(self.options, documents)

    # -- scenarios ------------------------------------------------------------------------
    def scenarios(self) -> dict[str, Scenario]:
        """The built-in scenarios: the TOML files of ``ancients.burgess.scenarios`` and
        the battles of :data:`FROM_OOB`, fielded from the shared orders of battle by the
        translator at its default scale (their notes in ``Scenario.notes``)."""
        if self._scenarios is None:
            from ancients.oob import battles

            found = super().scenarios()
            for name in FROM_OOB:
                tr = self.translate_oob(battles()[name])
                source = f"{name} fielded by {self}"
                sc = self.parse_scenario(tr.document, source=source)
                found[name] = attrs.evolve(sc, notes=tr.notes, source=source)
            self._scenarios = found
        return dict(self._scenarios)

    def parse_scenario(self, data: Mapping[str, Any], source: str | None = None) -> Scenario:
        return parse_scenario(data, self.rules(), source)

    def translate_oob(self, oob: OrderOfBattle, **choices: Any) -> Translation:
        """An order of battle at the Burgess scale (``men_per_figure``, default 200;
        ``beasts_per_model``, default 10): see docs/rulesets/burgess.md, *From an order
        of battle*."""
        from ancients.burgess.translate import translate

        return translate(oob, self.rules(), **choices)

    # -- duels --------------------------------------------------------------------------
    def tuned_parameters(self) -> Sequence[str]:
        """What ``ancients sensitivity burgess`` varies by default: the melee's points
        per die, impetus and outnumbering, the close volley and deep infantry's morale."""
        return ("melee.dice.per", "melee.bonus.impetus", "melee.outnumbered.similar",
                "missiles.volley.deduct.close", "morale.modifiers.deep_infantry")

    def duel_types(self) -> Sequence[str]:
        from ancients.burgess.duels import TYPES

        return tuple(TYPES)

    def duel(self, first: str, second: str) -> Scenario:
        from ancients.burgess.duels import duel

        return self.parse_scenario(duel(first, second), source=f"burgess duel {first} v "
                                                               f"{second}")


