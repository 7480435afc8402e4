"""The Burgess ruleset: its options and rules revision, the tables under a variant's
parameters, scenarios, the doctrine commander, invariants, duels and the translator of
orders of battle."""

from __future__ import annotations

import copy
import re
import tomllib
from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

import attrs

from ancients.burgess._data import DATA_PACKAGE
from ancients.burgess.battle import BurgessBattle
from ancients.burgess.options import BurgessOptions
from ancients.burgess.rules import FILES, BurgessRules, build_rules, file_of
from ancients.burgess.scenario import parse_scenario
from ancients.dataruleset import DataRuleset
from ancients.parameters import NAME, Parameter, Value
from ancients.rulesdata import data_path
from ancients.ruleset import Translation
from ancients.scenario import Scenario

if TYPE_CHECKING:
    from ancients.oob import OrderOfBattle

__all__ = ["FROM_OOB", "Burgess"]

#: the built-in scenarios read straight from ``ancients.battles()`` by the translator
FROM_OOB = ("zama-202bc",)


@cache
def _raw(name: str) -> dict[str, Any]:
    """A built-in data file as read (never changed: overrides are applied to a copy)."""
    text = resources.files(DATA_PACKAGE).joinpath(name).read_text(encoding="utf-8")
    return tomllib.loads(text)


_META = frozenset({"reconstructed", "reason", "note", "notes", "title", "description",
                   "source", "sources", "variant"})
_UNSAFE = re.compile(r"[,()=\s'\"]")
Leaf = tuple[tuple[str, ...], Value, bool, str]


@cache
def _leaves(name: str, prefix: str) -> dict[str, Leaf]:
    """The parameters of a built-in data file: name -> (the path to the leaf, its value,
    reconstructed, the reason), a key's spaces written ``_`` in the name."""
    out: dict[str, Leaf] = {}

    def walk(node: Any, path: tuple[str, ...], prov: tuple[bool, str]) -> None:
        if isinstance(node, dict):
            if "reconstructed" in node:
                prov = (bool(node["reconstructed"]), str(node.get("reason", "")))
            for key, value in node.items():
                if key not in _META:
                    walk(value, (*path, str(key)), prov)
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, (*path, str(i)), prov)
        elif isinstance(node, int | float | str) and not isinstance(node, bool):
            pname = ".".join((prefix, *(part.replace(" ", "_") for part in path)))
            if NAME.match(pname) and not (isinstance(node, str) and _UNSAFE.search(node)):
                out[pname] = (path, node, prov[0], prov[1])

    walk(_raw(name), (), (False, ""))
    return out


def _put(raw: dict[str, Any], path: tuple[str, ...], value: Value) -> None:
    """Set the leaf at ``path`` of a raw document."""
    node: Any = raw
    for key in path[:-1]:
        node = node[int(key)] if isinstance(node, list) else node[key]
    if isinstance(node, list):
        node[int(path[-1])] = value
    else:
        node[path[-1]] = value


class Burgess(DataRuleset[BurgessRules]):
    """The Burgess ancient and medieval miniatures rules (inches, figures)."""

    name = "burgess"
    title = "Burgess ancient and medieval miniatures rules"
    Options = BurgessOptions
    battle_class = BurgessBattle
    default_scenario = "zama-202bc"
    #: the rules revision (what each one changed: docs/rulesets/burgess.md, "Rules revisions")
    revision = 1
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
            for pname, (path, value, reconstructed, reason) in _leaves(name, prefix).items():
                out[pname] = Parameter(value, "reconstructed" if reconstructed else "printed",
                                       f"{where}, {'.'.join(path)}",
                                       reason if reconstructed else "")
        return out

    def build_rules(self) -> BurgessRules:
        """Every table in force in this variant (its options and parameters)."""
        documents: dict[str, Mapping[str, Any]] = {}
        for prefix in FILES:
            mine = {k: v for k, v in self.overrides.items() if k.split(".", 1)[0] == prefix}
            if mine:
                name = file_of(prefix, self.options)
                raw = copy.deepcopy(_raw(name))
                leaves = _leaves(name, prefix)
                for pname, value in mine.items():
                    _put(raw, leaves[pname][0], value)
                documents[prefix] = raw
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
    def duel_types(self) -> Sequence[str]:
        from ancients.burgess.duels import TYPES

        return tuple(TYPES)

    def duel(self, first: str, second: str) -> Scenario:
        from ancients.burgess.duels import duel

        return self.parse_scenario(duel(first, second), source=f"burgess duel {first} v "
                                                               f"{second}")


