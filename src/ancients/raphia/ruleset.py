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
    pass_through: Literal["rout", "any"] = attrs.field(
        default="rout", metadata={"help": "§7/§10: only a rout passes through its own side's "
                                          "units (1990 §10: 'the only means of making "
                                          "stacks interpenetrate'; the addendum's §7), or "
                                          "any unit may, not ending there (a looser reading "
                                          "of 1990, whose §7 does not forbid it)"})
    rout_multiplier: Literal["edition", "x4"] = attrs.field(
        default="edition", metadata={"help": "§8: the attacker of a rout multiplies its "
                                             "strength as the edition has it (1990 x2, "
                                             "1991 x4), or x4 in both (the 1990 sentence's "
                                             "'unless already quadrupled' presumes x4)"})
    morale_tests: Literal["phase", "each_combat"] = attrs.field(
        default="phase", metadata={"help": "§3/§8: the defender tests in the morale-test "
                                           "phase, after every attack (the addendum's "
                                           "sequence), or right after each combat, so that "
                                           "a top counter put to rout exposes the second "
                                           "rank at once (the addendum's 'by elimination "
                                           "or rout'; phalanxes that test once still wait)"})
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
    revision: ClassVar[int] = 4
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

    @functools.cached_property
    def edition_rules(self) -> EditionRules:
        """The edition's rules, as the options that choose between readings have them."""
        rules, o = EDITIONS[self.options.edition], self.options
        changes: dict[str, Any] = {}
        if o.pass_through == "any":
            changes["pass_through_friends"] = True
        if o.rout_multiplier == "x4":
            changes["rout_multiplier"] = 4
        if o.morale_tests == "each_combat":
            changes["tests_after_each_combat"] = True
        return attrs.evolve(rules, **changes) if changes else rules

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
