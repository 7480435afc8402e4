"""Scenario generation: the Strategic Models (Border Dispute, Civil War, Anabasis,
Hegemonic War), their 2D6 tables of Situations (Raiders ... Set Piece) giving army
sizes, set-up type, terrain percentages and objectives; the army formations and the
battle plans that frame how signals are read. Loaded from ``data/situations.toml``.

>>> from ancients.dice import Dice
>>> from ancients.hoplomachia.rules import default_rules
>>> s = default_rules().situations
>>> rolled = s.roll("hegemonic_war", Dice(3))
>>> rolled.situation.name, rolled.sizes[Role.ATTACKER]
('Inside the Walls', <ArmySize.LARGE: 'large'>)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from fractions import Fraction

import attrs

from ancients.dice import Dice
from ancients.hoplomachia._tables import (
    DieChart,
    Provenance,
    Source,
    dice_spec,
    die_chart,
    document,
    enum_of,
    keyed,
    lookup,
)
from ancients.hoplomachia.command import Signal
from ancients.hoplomachia.vocabulary import ArmySize, Role
from ancients.scenario import Field

__all__ = ["BattlePlan", "Formation", "Model", "Objective", "RolledSituation", "SetUp",
           "Situation", "Situations", "Station", "load_situations"]


class SetUp(enum.StrEnum):
    AMBUSH = "ambush"
    ENCOUNTER = "encounter"
    ARRAYED = "arrayed"


class Objective(enum.StrEnum):
    BREAK = "break"  # break the enemy army
    EXIT_BOARD = "exit_board"
    HOLD = "hold"  # hold a position
    STORM_WORKS = "storm_works"
    DEFEND_WORKS = "defend_works"


class Station(enum.StrEnum):
    """Where lights and horse keep station under a battle plan."""

    FRONT = "front"
    FLANKS = "flanks"
    REAR = "rear"
    WITH_CORE = "with_core"
    ENEMY_FLANK = "enemy_flank"
    SKIRMISH = "skirmish"


class CorePlan(enum.StrEnum):
    """What the core (usually the phalanx) does under a battle plan."""

    APPROACH = "approach"
    HOLD = "hold"
    MARCH = "march"


TERRAIN = ("open", "broken", "hills", "woods", "water", "works")


@attrs.frozen
class Situation:
    key: str
    name: str
    setup: SetUp
    sizes: Mapping[Role, int]  # steps from the model's size
    terrain: Mapping[str, int]  # percentages of the table
    objectives: Mapping[Role, Objective]
    provenance: Provenance


@attrs.frozen
class Model:
    key: str
    name: str
    size: ArmySize
    table: DieChart[str]  # 2D6 -> situation key
    provenance: Provenance


@attrs.frozen
class Formation:
    key: str
    name: str
    phalanx: str
    setups: frozenset[SetUp]
    provenance: Provenance


@attrs.frozen
class BattlePlan:
    key: str
    name: str
    core: CorePlan
    lights: Station
    horse: Station
    objectives: frozenset[Objective]
    signals: tuple[Signal, ...]
    provenance: Provenance


@attrs.frozen
class RolledSituation:
    """A model's roll: the total, the situation, each side's army size."""

    model: Model
    roll: int
    situation: Situation
    sizes: Mapping[Role, ArmySize]

    def formations(self, situations: Situations) -> tuple[Formation, ...]:
        """The formations that suit the situation's set-up."""
        # Hoplomachia, Scenarios (formations)
        return tuple(f for f in situations.formations.values()
                     if self.situation.setup in f.setups)

    def plans(self, situations: Situations, role: Role) -> tuple[BattlePlan, ...]:
        """The battle plans that serve a side's objective."""
        # Hoplomachia, Scenarios (battle plans)
        goal = self.situation.objectives[role]
        return tuple(p for p in situations.plans.values() if goal in p.objectives)


@attrs.frozen
class Situations:
    sizes: tuple[ArmySize, ...]
    models: Mapping[str, Model]
    situations: Mapping[str, Situation]
    formations: Mapping[str, Formation]
    plans: Mapping[str, BattlePlan]
    provenance: Provenance
    source: str | None = None

    def model(self, key: str) -> Model:
        return lookup(self.models, key, "strategic model", "the models are")

    def size(self, model: Model, step: int) -> ArmySize:
        """The model's size moved ``step`` steps (clamped to the smallest and largest)."""
        # Hoplomachia, Scenarios
        i = min(max(self.sizes.index(model.size) + step, 0), len(self.sizes) - 1)
        return self.sizes[i]

    def situation_of(self, model: Model, roll: int) -> RolledSituation:
        situation = self.situations[model.table(roll)]
        sizes = {role: self.size(model, situation.sizes[role]) for role in Role}
        return RolledSituation(model, roll, situation, sizes)

    def roll(self, model: str, dice: Dice) -> RolledSituation:
        """Hoplomachia, Scenarios: roll 2D6 on the chosen Strategic Model's table."""
        m = self.model(model)
        total, _ = m.table.roll(dice, f"situation ({m.name})")
        return self.situation_of(m, total)

    def odds(self, model: str) -> dict[str, Fraction]:
        """Exact probability of each situation under a model."""
        return self.model(model).table.odds()


def _role_map(f: Field) -> dict[Role, int]:
    return keyed(f, Role, lambda v: int(v.as_int(min=-2, max=2)))


def load_situations(override: Source = "") -> Situations:
    """Read the scenario-generation tables (``situations.toml`` or a replacement)."""
    doc = document("situations.toml", override)
    doc.check_keys(["reconstructed", "reason", "sizes", "model", "situation", "formation",
                    "plan"])
    sizes = tuple(enum_of(v, ArmySize) for v in doc["sizes"].items())
    if sorted(sizes) != sorted(ArmySize) or len(sizes) != len(ArmySize):
        raise doc["sizes"].error(f"list each of {', '.join(ArmySize)} once")
    situations = {}
    for key, f in doc["situation"].entries():
        f.check_keys(["name", "setup", "sizes", "terrain", "objectives", "reconstructed",
                      "reason"])
        terrain = {}
        for k, v in f["terrain"].check_keys(list(TERRAIN)).entries():
            terrain[k] = int(v.as_int(min=0, max=100))
        if sum(terrain.values()) != 100:
            raise f["terrain"].error("percentages must sum to 100")
        situations[key] = Situation(key, f["name"].as_str(), enum_of(f["setup"], SetUp),
                                    _role_map(f["sizes"]), terrain,
                                    keyed(f["objectives"], Role, lambda v: v.enum(Objective)),
                                    Provenance.of(f))
    models = {}
    for key, f in doc["model"].entries():
        f.check_keys(["name", "size", "dice", "situations", "reconstructed", "reason"])
        table = die_chart(f["situations"], dice_spec(f["dice"]),
                          lambda v: v.choice(list(situations)))
        models[key] = Model(key, f["name"].as_str(), enum_of(f["size"], ArmySize), table,
                            Provenance.of(f))
    formations = {}
    for key, f in doc["formation"].entries():
        f.check_keys(["name", "phalanx", "setups", "reconstructed", "reason"])
        formations[key] = Formation(key, f["name"].as_str(), f["phalanx"].as_str(),
                                    frozenset(enum_of(v, SetUp) for v in f["setups"].items()),
                                    Provenance.of(f))
    plans = {}
    for key, f in doc["plan"].entries():
        f.check_keys(["name", "core", "lights", "horse", "objectives", "signals",
                      "reconstructed", "reason"])
        plans[key] = BattlePlan(
            key, f["name"].as_str(), enum_of(f["core"], CorePlan), enum_of(f["lights"], Station),
            enum_of(f["horse"], Station),
            frozenset(enum_of(v, Objective) for v in f["objectives"].items()),
            tuple(enum_of(v, Signal) for v in f["signals"].items()), Provenance.of(f))
    for s in situations.values():
        for role, goal in s.objectives.items():
            if not any(goal in p.objectives for p in plans.values()):
                raise doc["situation"][s.key]["objectives"][role].error(
                    f"no battle plan serves {goal}")
        if not any(s.setup in fm.setups for fm in formations.values()):
            raise doc["situation"][s.key]["setup"].error(f"no formation suits {s.setup}")
    return Situations(sizes, models, situations, formations, plans, Provenance.of(doc),
                      doc.source)
