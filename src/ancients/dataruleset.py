"""A ruleset whose rules are tables read from data files: what such a ruleset would
otherwise write again for itself.

A :class:`DataRuleset` builds its rules once (:meth:`~DataRuleset.build_rules`, under its
options and parameters) and keeps them (:meth:`~DataRuleset.rules`); a variant whose
parameters make no rules is refused when it is made, naming the parameters, not in a
battle; its doctrine commander and its invariants are named by where they live
(``"package.module:Name"``) and imported only when asked for::

    class MyRules(DataRuleset[Tables]):
        name = "myrules"
        ...
        doctrine = "ancients.myrules.commander:DoctrineCommander"
        invariant_checks = "ancients.myrules.invariants:invariants"  # f(battle.state)

        def build_rules(self) -> Tables:
            return load_tables(self.options, self.overrides)
"""

from __future__ import annotations

import importlib
from abc import abstractmethod
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from ancients.errors import AncientsError, OptionError, RuleError, ScenarioError
from ancients.ruleset import Ruleset

if TYPE_CHECKING:
    from ancients.battle import Battle, Commander

__all__ = ["DataRuleset", "load"]

R = TypeVar("R")


def load(where: str) -> Any:
    """The object at ``"package.module:Name"``."""
    module, _, name = where.partition(":")
    return getattr(importlib.import_module(module), name)


class DataRuleset(Ruleset, Generic[R]):
    """A :class:`~ancients.ruleset.Ruleset` whose rules (of type ``R``) are built from data
    files; subclasses set :attr:`doctrine` (and :attr:`invariant_checks`) and implement
    :meth:`build_rules` and :meth:`~ancients.ruleset.Ruleset.parse_scenario`."""

    #: where the doctrine commander's class is, ``"package.module:Class"``; the class is
    #: made with no arguments, one for each side
    doctrine: ClassVar[str]
    #: where the function yielding the ruleset's broken invariants of a battle's state
    #: is (``""``: none of its own)
    invariant_checks: ClassVar[str] = ""

    @abstractmethod
    def build_rules(self) -> R:
        """Every table in force under this ruleset's options and parameters."""

    def rules(self) -> R:
        """The rules in force in this variant (built once per ruleset)."""
        if "rules" not in self._cache:
            self._cache["rules"] = self.build_rules()
        found: R = self._cache["rules"]
        return found

    def _set_overrides(self, parameters: Mapping[str, Any]) -> None:
        super()._set_overrides(parameters)
        try:  # a bad value is refused now, naming the parameter, before any battle
            self.rules()
        except OptionError:  # (already says which variant and why)
            self._cache = {}
            raise
        except (ScenarioError, RuleError, ValueError) as e:
            self._cache = {}
            bad = ", ".join(f"{k}={v}" for k, v in self._overrides.items())
            raise OptionError(f"{self.name}({bad}): {e}") from None

    def doctrine_commander(self, side: str) -> Commander:
        commander: Commander = load(self.doctrine)()
        return commander

    def invariants(self, battle: Battle) -> Iterable[str]:
        if not self.invariant_checks:
            return ()
        if not isinstance(battle, self.battle_class):
            raise AncientsError(f"not a {self.battle_class.__name__}: {type(battle).__name__}")
        check: Callable[[Any], Iterable[str]] = load(self.invariant_checks)
        return check(battle.state)  # type: ignore[attr-defined]
