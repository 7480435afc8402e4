"""The toy ruleset: what the registry finds, reading scenarios, the doctrine, invariants."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from ancients.battle import Battle
from ancients.errors import AncientsError
from ancients.examples.toy.battle import ToyBattle
from ancients.examples.toy.commander import ToyCommander
from ancients.examples.toy.options import ToyOptions
from ancients.ruleset import Ruleset
from ancients.scenario import Field, Scenario
from ancients.units import Condition, TroopKind

__all__ = ["SIDES", "Toy", "ToySetup", "UnitSetup"]

SIDES = ("red", "blue")


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

    def doctrine_commander(self, side: str) -> ToyCommander:
        return ToyCommander()

    def invariants(self, battle: Battle) -> Iterable[str]:
        if not isinstance(battle, ToyBattle):
            raise AncientsError(f"not a toy battle: {type(battle).__name__}")
        for u in battle.pieces:
            if u.condition is Condition.GOOD_ORDER and u.strength <= 0:
                yield f"{u.id} is in good order with no strength"
