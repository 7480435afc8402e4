"""The toy ruleset: what the registry finds, reading scenarios and its rules' numbers (its
parameters), the doctrine, invariants, duels for matchups."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from importlib import resources
from typing import Any

import attrs

from ancients.battle import Battle
from ancients.dice import parse
from ancients.errors import AncientsError, DiceSpecError
from ancients.examples.toy.battle import ToyBattle
from ancients.examples.toy.commander import ToyCommander
from ancients.examples.toy.options import ToyOptions
from ancients.parameters import Parameter, apply_overrides, document_parameters
from ancients.rulesdata import data_path
from ancients.ruleset import Ruleset
from ancients.scenario import Field, Scenario, read_toml
from ancients.units import Condition, TroopKind

__all__ = ["SIDES", "Toy", "ToyRules", "ToySetup", "UnitSetup"]

SIDES = ("red", "blue")
DATA = "ancients.examples.toy.data"
RULES = "rules.toml"


@attrs.frozen
class ToyRules:
    """The numbers of the toy's rules (``data/rules.toml``, with a variant's parameters)."""

    die: str
    defender_bonus: int
    loss: int
    morale_dice: str
    rally_modifier: int
    duel_turn_limit: int
    types: Mapping[str, tuple[TroopKind, int, int]]  # name: (kind, strength, morale)


def _dice(field: Field) -> str:
    """A dice spec of the rules, checked (its canonical spelling)."""
    try:
        return str(parse(field.as_str()))
    except DiceSpecError as e:
        raise field.error(str(e)) from None


def _raw_rules() -> dict[str, Any]:
    with resources.as_file(resources.files(DATA).joinpath(RULES)) as path:
        return read_toml(path)


@attrs.frozen
class UnitSetup:
    """One unit as the scenario gives it."""

    id: str
    side: str
    name: str
    kind: TroopKind
    strength: int
    morale: int


@attrs.frozen
class ToySetup:
    """A toy scenario, parsed: its turn limit and its units (``Scenario.parsed``)."""

    turn_limit: int
    units: tuple[UnitSetup, ...]


class Toy(Ruleset):
    """Toy skirmish: two warbands, attacks, morale tests and rallies."""

    name = "toy"
    title = "Toy skirmish (an example ruleset)"
    Options = ToyOptions
    battle_class = ToyBattle
    default_scenario = "duel"
    scenario_package = "ancients.examples.toy.scenarios"
    revision = 1

    def parse_scenario(self, data: Mapping[str, Any], source: str | None = None) -> Scenario:
        doc = Field.root(data, source)
        doc.check_keys(["name", "title", "description", "turn_limit", "units"])
        units: list[UnitSetup] = []
        for u in doc["units"].items():
            u.check_keys(["id", "side", "name", "kind", "strength", "morale"])
            uid = u["id"].as_str()
            if any(known.id == uid for known in units):
                raise u["id"].error(f"duplicate unit id {uid!r}")
            units.append(UnitSetup(
                uid, u["side"].choice(SIDES), u["name"].as_str(), u["kind"].enum(TroopKind),
                u["strength"].as_int(min=1), u["morale"].as_int(min=2, max=12)))
        for side in SIDES:
            if not any(u.side == side for u in units):
                raise doc["units"].error(f"side {side!r} has no unit")
        setup = ToySetup(doc["turn_limit"].as_int(min=1), tuple(units))
        return Scenario(name=doc["name"].as_str(), title=doc["title"].as_str(), sides=SIDES,
                        data=data, parsed=setup, description=doc.get("description").as_str(""),
                        source=source)

    # -- the numbers of the rules --------------------------------------------------------
    def parameters(self) -> dict[str, Parameter]:
        """Every number of ``data/rules.toml``, as ``rules.<table>.<key>``."""
        found = document_parameters(_raw_rules(), "rules", data_path(DATA, RULES))
        bounds: dict[str, dict[str, Any]] = {
            "rules.combat.loss": {"low": 1}, "rules.combat.defender_bonus": {"low": 0},
            "rules.duel.turn_limit": {"low": 1}}
        for name in found:
            if name.endswith((".strength", ".morale")):
                bounds[name] = {"low": 1} if name.endswith(".strength") else {"low": 2,
                                                                              "high": 12}
        return {n: attrs.evolve(p, **bounds.get(n, {})) for n, p in found.items()}

    def rules(self) -> ToyRules:
        """The rules' numbers in force in this variant (parsed once per ruleset)."""
        rules = self._cache.get("rules")
        if rules is None:
            raw = apply_overrides(_raw_rules(), "rules", self.overrides)
            doc = Field.root(raw, source=data_path(DATA, RULES))
            combat, morale, duel = doc["combat"], doc["morale"], doc["duel"]
            types = {name: (t["kind"].enum(TroopKind), t["strength"].as_int(min=1),
                            t["morale"].as_int(min=2, max=12))
                     for name, t in duel["types"].entries()}
            rules = ToyRules(
                die=_dice(combat["die"]), defender_bonus=combat["defender_bonus"].as_int(),
                loss=combat["loss"].as_int(min=1), morale_dice=_dice(morale["dice"]),
                rally_modifier=morale["rally_modifier"].as_int(),
                duel_turn_limit=duel["turn_limit"].as_int(min=1), types=types)
            self._cache["rules"] = rules
        assert isinstance(rules, ToyRules)
        return rules

    # -- duels for ancients.matchups ----------------------------------------------------------
    def duel_types(self) -> Sequence[str]:
        return tuple(self.rules().types)

    def duel(self, first: str, second: str) -> Scenario:
        """One unit of each type, red ``first`` against blue ``second``."""
        types = self.rules().types
        for name in (first, second):
            if name not in types:
                raise AncientsError(f"toy has no unit type {name!r}; its types: "
                                    f"{', '.join(types)}")
        units = [{"id": f"{side}-1", "side": side, "name": f"{side.title()} {name}",
                  "kind": str(types[name][0]), "strength": types[name][1],
                  "morale": types[name][2]} for side, name in zip(SIDES, (first, second),
                                                                  strict=True)]
        data = {"name": f"duel {first} v {second}", "title": f"{first} against {second}",
                "turn_limit": self.rules().duel_turn_limit, "units": units}
        return self.parse_scenario(data, source=f"toy duel {first} v {second}")

    def doctrine_commander(self, side: str) -> ToyCommander:
        return ToyCommander()

    def invariants(self, battle: Battle) -> Iterable[str]:
        if not isinstance(battle, ToyBattle):
            raise AncientsError(f"not a toy battle: {type(battle).__name__}")
        for u in battle.pieces:
            if u.condition is Condition.GOOD_ORDER and u.strength <= 0:
                yield f"{u.id} is in good order with no strength"
