"""The Raphia ruleset: options, data, scenarios, the doctrine commander, invariants."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Literal

import attrs

from ancients._words import did_you_mean
from ancients.battle import Battle, Commander
from ancients.errors import OptionError, RulesetError, ScenarioError
from ancients.parameters import Parameter, Value
from ancients.raphia.battle import RaphiaBattle
from ancients.raphia.board import Board, load_board
from ancients.raphia.counters import CounterSet, parse_counters
from ancients.raphia.deployment import parse_scenario
from ancients.raphia.documents import FAMILIES, apply, family_parameters, read
from ancients.raphia.duels import DuelTable, duel_document, load_duels
from ancients.raphia.edition import EDITIONS, EditionRules
from ancients.raphia.tables import (
    Tables,
    parse_combat_table,
    parse_egyptian_table,
    parse_force_table,
    parse_modifier_table,
    parse_morale_table,
    parse_stacking_table,
    parse_victory_table,
)
from ancients.raphia.translation import translate
from ancients.ruleset import Ruleset, Translation
from ancients.scenario import Field, Scenario

if TYPE_CHECKING:
    from ancients.oob import OrderOfBattle

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
    morale_table: str = attrs.field(default="",
                                    metadata={"help": "morale modifiers TOML file"})
    force_table: str = attrs.field(default="", metadata={
        "help": "§8 force ratio, fire and evasion numbers TOML file"})
    counters: str = attrs.field(default="", metadata={"help": "counter sheet TOML file"})
    map: str = attrs.field(default="", metadata={"help": "map TOML file"})


_DATA_FILES = ("map", "counters", "combat_table", "modifiers_table", "egyptian_table",
               "stacking_table", "victory_table", "morale_table", "force_table")


@attrs.frozen
class RaphiaData:
    board: Board
    counters: CounterSet
    tables: Tables


# The built-in data files are read and checked once per process, and parsed once per
# variant (the parameters it changes), shared by every Raphia ruleset of that variant;
# so are the built-in scenarios, per edition. They are never mutated (battles copy what
# they change). A ruleset given replacement files reads them itself, every time.
_BUILTIN_DOCUMENTS: dict[str, Field] = {}
_BUILTIN_DATA: dict[tuple[tuple[str, Value], ...], RaphiaData] = {}
_BUILTIN_SCENARIOS: dict[tuple[int, tuple[tuple[str, Value], ...]], dict[str, Scenario]] = {}
_BUILTIN_PARAMETERS: dict[int, dict[str, Parameter]] = {}
_KEPT = 32  # variants' data kept at most (then the cache starts afresh)
#: the parameters that are not in a data document: the editions' numbers (§3)
_EDITION = "edition."


class Raphia(Ruleset):
    """*La bataille de Raphia* (1990, with the 1991 Casus Belli #61 addendum)."""

    name: ClassVar[str] = "raphia"
    title: ClassVar[str] = "La bataille de Raphia (217 BC)"
    Options: ClassVar[type[Any]] = RaphiaOptions
    battle_class: ClassVar[type[Battle]] = RaphiaBattle
    default_scenario: ClassVar[str] = "raphia-217bc"
    #: the rules revision (what each one changed: docs/rulesets/raphia.md, "Rules revisions")
    revision: ClassVar[int] = 5
    scenario_package: ClassVar[str | None] = "ancients.raphia.scenarios"

    def __init__(self, options: Any = None, *, given: Iterable[str] | None = None,
                 parameters: Mapping[str, Any] | None = None) -> None:
        super().__init__(options, given=given, parameters=parameters)
        _ = self.data  # load (and check) the data files now: bad files fail here

    def _set_overrides(self, parameters: Mapping[str, Any]) -> None:
        super()._set_overrides(parameters)
        self._scenarios = None
        _ = self.data

    @property
    def builtin_data(self) -> bool:
        """Whether this ruleset plays with the built-in data files only."""
        return not any(getattr(self.options, name) for name in _DATA_FILES)

    # -- the data, and its parameters ----------------------------------------------------
    def _documents(self) -> dict[str, Field]:
        """The raw data documents the options choose, by family (the built-in ones read
        once per process)."""
        docs: dict[str, Field] | None = self._cache.get("documents")
        if docs is None:
            docs = {}
            for family in FAMILIES:
                path = getattr(self.options, family.option)
                if path:
                    docs[family.prefix] = read(family, path)
                else:
                    if family.prefix not in _BUILTIN_DOCUMENTS:
                        _BUILTIN_DOCUMENTS[family.prefix] = read(family)
                    docs[family.prefix] = _BUILTIN_DOCUMENTS[family.prefix]
            self._cache["documents"] = docs
        return docs

    def _parse(self, docs: Mapping[str, Field], ordered: bool, board: Board | None = None
               ) -> RaphiaData:
        """The data of the documents, on ``board`` (the map has no parameters; default:
        the map the options choose)."""
        tables = Tables(parse_combat_table(docs["combat_table"], ordered),
                        parse_modifier_table(docs["modifiers"]),
                        parse_egyptian_table(docs["egyptian_morale"]),
                        parse_stacking_table(docs["stacking"]),
                        parse_victory_table(docs["victory"]),
                        parse_morale_table(docs["morale"]),
                        parse_force_table(docs["force"]))
        return RaphiaData(board or load_board(self.options.map),
                          parse_counters(docs["counters"]), tables)

    def _files_data(self) -> RaphiaData:
        """The data as the files give it, checked (a variant's values apply on top)."""
        if self.builtin_data:
            if () not in _BUILTIN_DATA:
                _BUILTIN_DATA[()] = self._parse(self._documents(), True)
            return _BUILTIN_DATA[()]
        data: RaphiaData | None = self._cache.get("files data")
        if data is None:
            data = self._cache["files data"] = self._parse(self._documents(), True)
        return data

    @property
    def data(self) -> RaphiaData:
        """The map, counters and tables this ruleset plays with: the files' (built-in or
        the options') with this variant's parameters (read and checked once)."""
        data: RaphiaData | None = self._cache.get("data")
        if data is None:
            data = self._cache["data"] = self._variant_data()
        return data

    def _data_key(self) -> tuple[tuple[str, Value], ...]:
        return tuple((n, v) for n, v in sorted(self.overrides.items())
                     if not n.startswith(_EDITION))

    def _variant_data(self) -> RaphiaData:
        key = self._data_key()
        files = self._files_data()
        if not key:
            return files
        if self.builtin_data and key in _BUILTIN_DATA:
            return _BUILTIN_DATA[key]
        values = dict(key)
        docs = self._documents()
        try:  # a cell of the combat table may take any result in a variant
            data = self._parse({f.prefix: apply(f, docs[f.prefix], values) for f in FAMILIES},
                               False, files.board)
        except ScenarioError as e:
            raise OptionError(f"{self}: {e}") from None
        if self.builtin_data:
            if len(_BUILTIN_DATA) > _KEPT:
                base = _BUILTIN_DATA[()]
                _BUILTIN_DATA.clear()
                _BUILTIN_DATA[()] = base
            _BUILTIN_DATA[key] = data
        return data

    def parameters(self) -> dict[str, Parameter]:
        """Every number and result of the tables and the counter sheet in force (the
        built-in files' or the options'), and the edition's turns: see the docs page's
        "Parameters"."""
        edition = self.options.edition
        if self.builtin_data and edition in _BUILTIN_PARAMETERS:
            return dict(_BUILTIN_PARAMETERS[edition])
        self._files_data()  # the files are checked first
        docs = self._documents()
        found: dict[str, Parameter] = {}
        for family in FAMILIES:
            found.update(family_parameters(family, docs[family.prefix]))
        rules = EDITIONS[edition]
        found[f"{_EDITION}turns"] = Parameter(
            rules.turns, "printed", f"§3; the {edition} edition",
            low=1, high=40, help="the game turns (§4: then the first player's extra rally)")
        found[f"{_EDITION}rout_multiplier"] = Parameter(
            rules.rout_multiplier, "printed", f"§8; the {edition} edition", low=1, high=8,
            help="the attacker's force multiplier against a unit in rout (option "
                 "rout_multiplier=x4 sets it to 4)")
        found[f"{_EDITION}evasion_cavalry_hexes"] = Parameter(
            rules.evasion_cavalry_hexes, "printed", f"§8; the {edition} edition", low=0,
            high=3, help="the hexes cavalry may evade by (1 to this many)")
        if self.builtin_data:
            _BUILTIN_PARAMETERS[edition] = dict(found)
        return found

    def scenarios(self) -> dict[str, Scenario]:
        """The built-in scenarios, parsed once per edition and variant when the data is
        built-in."""
        if not self.builtin_data:
            return super().scenarios()
        key = (self.options.edition, self._data_key())
        shared = _BUILTIN_SCENARIOS.get(key)
        if shared is None:
            if len(_BUILTIN_SCENARIOS) > _KEPT:
                _BUILTIN_SCENARIOS.clear()
            shared = _BUILTIN_SCENARIOS[key] = super().scenarios()
        return dict(shared)

    @property
    def edition_rules(self) -> EditionRules:
        """The edition's rules, as the options that choose between readings have them
        and the variant's ``edition.`` parameters."""
        rules: EditionRules | None = self._cache.get("edition")
        if rules is not None:
            return rules
        rules, o = EDITIONS[self.options.edition], self.options
        changes: dict[str, Any] = {}
        if o.pass_through == "any":
            changes["pass_through_friends"] = True
        if o.rout_multiplier == "x4":
            changes["rout_multiplier"] = 4
        if o.morale_tests == "each_combat":
            changes["tests_after_each_combat"] = True
        for name, value in self.overrides.items():
            if name.startswith(_EDITION):
                changes[name[len(_EDITION):]] = value
        rules = attrs.evolve(rules, **changes) if changes else rules
        self._cache["edition"] = rules
        return rules

    def parse_scenario(self, data: Mapping[str, Any], source: str | None = None) -> Scenario:
        d = self.data
        return parse_scenario(data, source, d.board, d.counters, d.tables, self.edition_rules)

    # -- duels for ancients.matchups -----------------------------------------------------
    def _duels(self) -> DuelTable:
        table: DuelTable | None = self._cache.get("duels")
        if table is None:
            table = self._cache["duels"] = load_duels(self.data.counters)
        return table

    def tuned_parameters(self) -> Sequence[str]:
        """What ``ancients sensitivity raphia`` varies by default: the combat modifiers
        of horse and phalanx, the flank and inferiority multipliers, the leader's loss
        and the rout multiplier."""
        return ("modifiers.cavalry.light", "modifiers.phalanx.cavalry", "force.flank_multiplier",
                "force.inferiority_attack", "morale.leader_killed", "edition.rout_multiplier")

    def duel_types(self) -> Sequence[str]:
        """The types of the magazine's key (§1), each fought by its example counter."""
        return tuple(self._duels().types)

    def duel(self, first: str, second: str) -> Scenario:
        """One counter of type ``first`` (Ptolemaic) against one of ``second`` (Seleucid)
        on open ground (``data/duels.toml``)."""
        table = self._duels()
        for name in (first, second):
            if name not in table.types:
                raise RulesetError(f"raphia has no duel type {name!r}; "
                                   f"{did_you_mean(name, table.types)}its types: "
                                   f"{', '.join(table.types)}")
        return self.parse_scenario(duel_document(table, self.data.counters, first, second),
                                   source=f"raphia duel {first} v {second}")

    # -- orders of battle ------------------------------------------------------------------
    def translate_oob(self, oob: OrderOfBattle, **choices: Any) -> Translation:
        """The battle at Raphia's scale (``data/oob.toml``; the docs page's "From an order
        of battle"): ``scale`` (foot a counter) and ``map`` (``game`` or ``generated``)."""
        d = self.data
        document, notes = translate(oob, choices, sheet=d.counters, stacking=d.tables.stacking,
                                    game_board=d.board, game=self.default_scenario)
        # (Translation's converter=tuple types its notes as Iterable[_T_co] for mypy)
        return Translation(document, notes)

    def doctrine_commander(self, side: str) -> Commander:
        from ancients.raphia.commander import DoctrineCommander

        return DoctrineCommander(side)

    def invariants(self, battle: Battle) -> Iterable[str]:
        from ancients.raphia.invariants import check

        assert isinstance(battle, RaphiaBattle)
        return check(battle)
