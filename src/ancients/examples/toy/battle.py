"""A small test-only ruleset ("toy") that exercises the whole core: registry, options,
scenarios from TOML, the run loop with phases and decisions, dice and morale tests,
outcomes, replay, SVG, simulate, the conformance suite and the CLI. Not shipped."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any, Literal

import attrs

from ancients.battle import Battle, Decision, Engine, Outcome, Phase
from ancients.morale import MoraleTest
from ancients.ruleset import Ruleset
from ancients.scenario import Field, Scenario
from ancients.units import Condition, TroopKind, UnitView

SIDES = ("red", "blue")


@attrs.frozen
class ToyOptions:
    turn_limit: int = attrs.field(default=0, metadata={"help": "0: the scenario's own"})
    defender_bonus: bool = attrs.field(default=False, metadata={"help": "+1 to the defender"})
    stance: Literal["bold", "cautious"] = attrs.field(default="bold")

    @turn_limit.validator
    def _check(self, attribute: Any, value: int) -> None:
        if value < 0:
            raise ValueError("turn_limit must be >= 0")


@attrs.frozen
class Attack:
    target: str

    def __str__(self) -> str:
        return f"attack {self.target}"


@attrs.frozen
class Plain:
    word: str

    def __str__(self) -> str:
        return self.word


HOLD, RALLY, FLEE = Plain("hold"), Plain("rally"), Plain("flee")


@attrs.define
class ToyUnit:
    id: str
    side: str
    name: str
    kind: TroopKind
    strength: int
    start: int
    morale: int
    slot: int
    condition: Condition = Condition.GOOD_ORDER

    def view(self) -> UnitView:
        on = self.condition.on_field
        return UnitView(self.id, self.name, self.side, self.kind, self.condition,
                        self.strength, self.start,
                        (self.slot, SIDES.index(self.side)) if on else None)


@attrs.frozen
class ToySetup:
    turn_limit: int
    units: tuple[tuple[str, str, str, TroopKind, int, int], ...]


class ToyBattle(Battle):
    def __init__(self, ruleset: Ruleset, scenario: Scenario, seed: int = 0,
                 commanders: Mapping[str, Any] | None = None) -> None:
        super().__init__(ruleset, scenario, seed, commanders)
        setup: ToySetup = scenario.parsed
        opts: ToyOptions = ruleset.options
        self.turn_limit = opts.turn_limit or setup.turn_limit
        self.pieces = [ToyUnit(uid, side, name, kind, s, s, m, i)
                       for i, (uid, side, name, kind, s, m) in enumerate(setup.units)]

    def units(self) -> Sequence[UnitView]:
        return [u.view() for u in self.pieces]

    def _of(self, side: str, *conditions: Condition) -> list[ToyUnit]:
        return [u for u in self.pieces if u.side == side and u.condition in conditions]

    def play(self) -> Engine:
        while True:
            self.turn += 1
            for side in self.sides:
                yield Phase("orders", side)
                enemy = self._enemy(side)
                for unit in self._of(side, Condition.GOOD_ORDER):
                    if unit.condition is not Condition.GOOD_ORDER:
                        continue
                    targets = self._of(enemy, Condition.GOOD_ORDER, Condition.ROUTED)
                    options: list[Hashable] = [Attack(t.id) for t in targets]
                    choice = yield Decision(side, "order", [*options, HOLD], unit=unit.id)
                    if isinstance(choice, Attack):
                        self._attack(unit, next(u for u in targets if u.id == choice.target))
                yield Phase("rally", side)
                for unit in self._of(side, Condition.ROUTED):
                    choice = yield Decision(side, "rally", [RALLY, FLEE], unit=unit.id)
                    self._rally(unit, choice == RALLY)
                done = self._result()
                if done is not None:
                    return done

    def _enemy(self, side: str) -> str:
        return SIDES[1 - SIDES.index(side)]

    def _attack(self, attacker: ToyUnit, defender: ToyUnit) -> None:
        bonus = 1 if self.ruleset.options.defender_bonus else 0
        a = self.dice.d6("attack") + attacker.strength
        d = self.dice.d6("defence") + defender.strength + bonus
        loser = defender if a > d else attacker
        loser.strength -= 1
        self.emit("combat", f"{attacker.name} attacks {defender.name}: {a} vs {d}",
                  side=attacker.side, units=(attacker.id, defender.id), loser=loser.id)
        if loser.strength <= 0:
            loser.condition = Condition.ELIMINATED
            self.emit("eliminated", f"{loser.name} is destroyed", side=loser.side,
                      units=(loser.id,))
        elif loser.condition is Condition.GOOD_ORDER:
            result = MoraleTest(loser.morale).roll(self.dice, "morale after combat")
            if not result.passed:
                loser.condition = Condition.ROUTED
            self.emit("morale", f"{loser.name} {result}", side=loser.side, units=(loser.id,),
                      passed=result.passed)

    def _rally(self, unit: ToyUnit, rally: bool) -> None:
        if not rally:
            unit.condition = Condition.LEFT_FIELD
            self.emit("flee", f"{unit.name} leaves the field", side=unit.side, units=(unit.id,))
            return
        result = MoraleTest(unit.morale, modifiers=[("rallying", -1)]).roll(self.dice, "rally")
        if result.passed:
            unit.condition = Condition.GOOD_ORDER
        self.emit("rally", f"{unit.name} rally {result}", side=unit.side, units=(unit.id,))

    def _result(self) -> Outcome | None:
        standing = {s: self._of(s, Condition.GOOD_ORDER) for s in self.sides}
        score = {s: float(sum(u.strength for u in standing[s])) for s in self.sides}
        broken = [s for s in self.sides if not standing[s]]
        if broken:
            winner = None if len(broken) == 2 else self._enemy(broken[0])
            reason = "army broken"
        elif self.turn >= self.turn_limit:
            winner = (None if score["red"] == score["blue"]
                      else max(self.sides, key=score.__getitem__))
            reason = "turn limit"
        else:
            return None
        return Outcome.from_units(winner=winner, reason=reason, turns=self.turn,
                                  sides=self.sides, units=self.units(), score=score)

    def to_svg(self) -> str:
        rects = "".join(
            f'<rect x="{u.slot * 30}" y="{SIDES.index(u.side) * 30}" width="25" height="25" '
            f'fill="{u.side}"><title>{u.name}</title></rect>'
            for u in self.pieces if u.condition.on_field
        )
        return f'<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60">{rects}</svg>'


class ToyCommander:
    """Attacks the weakest enemy in good order, always rallies."""

    def decide(self, battle: Battle, decision: Decision) -> Hashable:
        if decision.kind == "rally":
            return RALLY
        assert isinstance(battle, ToyBattle)
        attacks = [o for o in decision.options if isinstance(o, Attack)]
        if not attacks:
            return HOLD
        by_id = {u.id: u for u in battle.pieces}
        return min(attacks, key=lambda a: (by_id[a.target].condition is Condition.GOOD_ORDER,
                                           by_id[a.target].strength, a.target))


class Toy(Ruleset):
    name = "toy"
    title = "Toy skirmish (test-only)"
    Options = ToyOptions
    battle_class = ToyBattle
    default_scenario = "duel"
    scenario_package = "toy.scenarios"

    def parse_scenario(self, data: Mapping[str, Any], source: str | None = None) -> Scenario:
        doc = Field.root(data, source)
        doc.check_keys(["name", "title", "description", "turn_limit", "units"])
        units = []
        ids: set[str] = set()
        for u in doc["units"].items():
            u.check_keys(["id", "side", "name", "kind", "strength", "morale"])
            uid = u["id"].as_str()
            if uid in ids:
                raise u["id"].error(f"duplicate unit id {uid!r}")
            ids.add(uid)
            units.append((uid, u["side"].choice(SIDES), u["name"].as_str(),
                          u["kind"].enum(TroopKind), u["strength"].as_int(min=1),
                          u["morale"].as_int(min=2, max=12)))
        setup = ToySetup(doc["turn_limit"].as_int(min=1), tuple(units))
        return Scenario(name=doc["name"].as_str(), title=doc["title"].as_str(), sides=SIDES,
                        data=data, parsed=setup, description=doc.get("description").as_str(""),
                        source=source)

    def doctrine_commander(self, side: str) -> ToyCommander:
        return ToyCommander()

    def invariants(self, battle: Battle) -> Iterable[str]:
        assert isinstance(battle, ToyBattle)
        for u in battle.pieces:
            if u.condition is Condition.GOOD_ORDER and u.strength <= 0:
                yield f"{u.id} is in good order with no strength"
