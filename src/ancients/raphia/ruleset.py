"""The Raphia ruleset: options, data, scenarios, the doctrine commander, invariants."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, Literal

import attrs

from ancients.battle import Battle, Commander
from ancients.dice import Dice
from ancients.events import Event
from ancients.raphia.battle import RaphiaBattle
from ancients.raphia.board import Board, load_board
from ancients.raphia.counters import CounterSet, load_counters
from ancients.raphia.deployment import parse_scenario
from ancients.raphia.edition import EDITIONS, EditionRules
from ancients.raphia.tables import Tables, load_tables
from ancients.ruleset import Ruleset
from ancients.scenario import Scenario

__all__ = ["Raphia", "RaphiaData", "RaphiaOptions"]


@attrs.frozen
class RaphiaOptions:
    """Options of ``raphia(...)``; table options name a TOML file replacing the built-in."""

    edition: Literal[1990, 1991] = attrs.field(
        default=1991, metadata={"help": "1990 rules alone, or with the 1991 addendum and the "
                                        "French combat chapter"})
    egyptian_morale: Literal["roll", "championship"] = attrs.field(
        default="roll", metadata={"help": "§11: roll the Egyptian morale table, or reveal each "
                                          "'?' counter at its first combat"})
    pass_through: Literal["edition", "rout"] = attrs.field(
        default="edition", metadata={"help": "§7/§10: units pass through their own side's "
                                             "units as the edition has it (1990: any unit, "
                                             "not ending there; addendum: only a rout), or "
                                             "only a rout in either edition (1990 §10: 'a "
                                             "rout is the only means of making stacks "
                                             "interpenetrate')"})
    combat_table: str = attrs.field(default="", metadata={"help": "combat table TOML file"})
    modifiers_table: str = attrs.field(default="",
                                       metadata={"help": "combat modifiers TOML file"})
    egyptian_table: str = attrs.field(default="",
                                      metadata={"help": "Egyptian morale table TOML file"})
    stacking_table: str = attrs.field(default="", metadata={"help": "stacking TOML file"})
    victory_table: str = attrs.field(default="", metadata={"help": "victory points TOML file"})
    counters: str = attrs.field(default="", metadata={"help": "counter sheet TOML file"})
    map: str = attrs.field(default="", metadata={"help": "map TOML file"})


@attrs.frozen
class RaphiaData:
    board: Board
    counters: CounterSet
    tables: Tables


_DATA_FILES = ("map", "counters", "combat_table", "modifiers_table", "egyptian_table",
               "stacking_table", "victory_table")
# The built-in data files and scenarios, read and checked once per process and shared by
# every Raphia ruleset that uses them (they are never mutated: battles copy what they
# change). A ruleset given replacement files reads them itself, every time.
_BUILTIN_DATA: list[RaphiaData] = []
_BUILTIN_SCENARIOS: dict[int, dict[str, Scenario]] = {}  # by edition


def _no_event(*args: Any, **kwargs: Any) -> Event:
    raise AssertionError("no events while reading a scenario")


class Raphia(Ruleset):
    """*La bataille de Raphia* (1990, with the 1991 Casus Belli #61 addendum)."""

    name: ClassVar[str] = "raphia"
    title: ClassVar[str] = "La bataille de Raphia (217 BC)"
    Options: ClassVar[type[Any]] = RaphiaOptions
    battle_class: ClassVar[type[Battle]] = RaphiaBattle
    default_scenario: ClassVar[str] = "raphia-217bc"
    #: the rules revision (what each one changed: docs/rulesets/raphia.md, "Rules revisions")
    revision: ClassVar[int] = 3
    scenario_package: ClassVar[str | None] = "ancients.raphia.scenarios"

    def __init__(self, options: Any = None, *, given: Iterable[str] | None = None) -> None:
        super().__init__(options, given=given)
        _ = self.data  # load (and check) the data files now: bad files fail here

    @property
    def builtin_data(self) -> bool:
        """Whether this ruleset plays with the built-in data files only."""
        return not any(getattr(self.options, name) for name in _DATA_FILES)

    @functools.cached_property
    def data(self) -> RaphiaData:
        """The map, counters and tables this ruleset plays with (read and checked once)."""
        if self.builtin_data and _BUILTIN_DATA:
            return _BUILTIN_DATA[0]
        o = self.options
        data = RaphiaData(load_board(o.map), load_counters(o.counters),
                          load_tables(o.combat_table, o.modifiers_table, o.egyptian_table,
                                      o.stacking_table, o.victory_table))
        if self.builtin_data:
            _BUILTIN_DATA.append(data)
        return data

    def scenarios(self) -> dict[str, Scenario]:
        """The built-in scenarios, parsed once per edition when the data is built-in."""
        if not self.builtin_data:
            return super().scenarios()
        shared = _BUILTIN_SCENARIOS.get(self.options.edition)
        if shared is None:
            shared = _BUILTIN_SCENARIOS[self.options.edition] = super().scenarios()
        return dict(shared)

    @property
    def edition_rules(self) -> EditionRules:
        rules = EDITIONS[self.options.edition]
        if self.options.pass_through == "rout" and rules.pass_through_friends:
            return attrs.evolve(rules, pass_through_friends=False)  # §10 (1990) read strictly
        return rules

    def parse_scenario(self, data: Mapping[str, Any], source: str | None = None) -> Scenario:
        from ancients.raphia.stacking import stack_problem
        from ancients.raphia.state import State

        d = self.data
        probe = State(d.board, d.counters, d.tables, self.edition_rules, Dice(0), _no_event)
        return parse_scenario(data, source, d.board, d.counters,
                              lambda ids: stack_problem(probe, list(ids)))

    def doctrine_commander(self, side: str) -> Commander:
        from ancients.raphia.commander import DoctrineCommander

        return DoctrineCommander(side)

    def invariants(self, battle: Battle) -> Iterable[str]:
        from ancients.raphia.invariants import check

        assert isinstance(battle, RaphiaBattle)
        return check(battle)
