"""A toy battle: its pieces, its turn sequence (:meth:`ToyBattle.play`) and its picture."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING

import attrs

from ancients.battle import Battle, Commander, Decision, Engine, Outcome, Phase
from ancients.events import Event
from ancients.examples.toy.decisions import FLEE, HOLD, RALLY, Attack, DecisionKind
from ancients.morale import MoraleTest
from ancients.units import Condition, TroopKind, UnitView

if TYPE_CHECKING:
    from ancients.examples.toy.options import ToyOptions
    from ancients.examples.toy.ruleset import ToyRules, ToySetup
    from ancients.ruleset import Ruleset
    from ancients.scenario import Scenario

__all__ = ["GLOSSARY", "ToyBattle", "ToyUnit"]

#: the terms of the toy's messages a reader may not know (see :meth:`ToyBattle.explain`)
GLOSSARY: Mapping[str, str] = {
    "rout": "a routed unit fights no more; in its side's rally phase it rallies or flees",
    "morale test": "2d6 against the unit's morale: at least the morale passes",
}


@attrs.define
class ToyUnit:
    """One unit on the field: its strength falls as it loses attacks."""

    id: str
    side: str
    name: str
    kind: TroopKind
    strength: int
    start: int
    morale: int
    slot: int  # its place in its side's line, from the left
    row: int  # its side's line: 0 or 1
    condition: Condition = Condition.GOOD_ORDER

    def view(self) -> UnitView:
        on = self.condition.on_field
        return UnitView(self.id, self.name, self.side, self.kind, self.condition,
                        self.strength, self.start, (self.slot, self.row) if on else None)


class ToyBattle(Battle):
    """The toy's battle: the pieces are plain attrs objects changed by the rules below."""

    def __init__(self, ruleset: Ruleset, scenario: Scenario, seed: int = 0,
                 commanders: Mapping[str, Commander | None] | None = None) -> None:
        super().__init__(ruleset, scenario, seed, commanders)
        setup: ToySetup = scenario.parsed
        self.options: ToyOptions = ruleset.options
        self.rules: ToyRules = ruleset.rules()  # type: ignore[attr-defined]
        self.turn_limit = self.options.turn_limit or setup.turn_limit
        self.pieces = [
            ToyUnit(u.id, u.side, u.name, u.kind, u.strength, u.strength, u.morale, slot,
                    self.sides.index(u.side))
            for slot, u in enumerate(setup.units)
        ]

    # -- the hooks of Battle ---------------------------------------------------------------
    def units(self) -> Sequence[UnitView]:
        return [u.view() for u in self.pieces]

    def play(self) -> Engine:
        """Each turn, each side in turn: orders, then rally; then see if the battle is over."""
        while True:
            self.turn += 1
            for side in self.sides:
                yield Phase("orders", side)
                for unit in self._of(side, Condition.GOOD_ORDER):
                    if unit.condition is not Condition.GOOD_ORDER:
                        continue  # lost an attack earlier this phase
                    targets = self._of(self.enemy_of(side), Condition.GOOD_ORDER,
                                       Condition.ROUTED)
                    options: list[Hashable] = [Attack(t.id) for t in targets]
                    choice = yield Decision(side, DecisionKind.ORDER, [*options, HOLD],
                                            unit=unit.id)
                    if isinstance(choice, Attack):
                        self._attack(unit, next(u for u in targets if u.id == choice.target))
                yield Phase("rally", side)
                for unit in self._of(side, Condition.ROUTED):
                    choice = yield Decision(side, DecisionKind.RALLY, [RALLY, FLEE],
                                            unit=unit.id)
                    self._rally(unit, choice == RALLY)
                done = self._result()
                if done is not None:
                    return done

    def explain(self, event: Event) -> Mapping[str, str]:
        """The glossary's terms that ``event``'s message uses."""
        return {term: text for term, text in GLOSSARY.items() if term in event.message}

    def to_svg(self) -> str:
        cells = "".join(
            f'<rect x="{u.slot * 30}" y="{u.row * 30}" width="25" height="25" '
            f'fill="{escape(u.side)}"><title>{escape(u.name)}</title></rect>'
            for u in self.pieces if u.condition.on_field
        )
        width = 30 * max(len(self.pieces), 1)
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="60">'
                f"{cells}</svg>")

    # -- the rules -------------------------------------------------------------------------
    def enemy_of(self, side: str) -> str:
        return self.sides[1 - self.sides.index(side)]

    def _of(self, side: str, *conditions: Condition) -> list[ToyUnit]:
        return [u for u in self.pieces if u.side == side and u.condition in conditions]

    def _attack(self, attacker: ToyUnit, defender: ToyUnit) -> None:
        """Each rolls 1d6 (``rules.combat.die``) and adds its strength; the lower total
        loses (a tie: the attacker). The loser loses a point (``rules.combat.loss``), then is
        destroyed at 0 or takes a morale test."""
        rules = self.rules
        bonus = rules.defender_bonus if self.options.defender_bonus else 0
        a = self.dice.roll(rules.die, "attack") + attacker.strength
        d = self.dice.roll(rules.die, "defence") + defender.strength + bonus
        won = a > d
        loser = defender if won else attacker
        self.emit("combat", f"{attacker.name}: attack on {defender.name}, {a} against {d}",
                  side=attacker.side, units=(attacker.id, defender.id),
                  attacker=attacker.id, defender=defender.id, attack=a, defence=d,
                  loser=loser.id)
        if not won and self.options.stance == "cautious":
            return
        loser.strength = max(0, loser.strength - rules.loss)
        if loser.strength <= 0:
            loser.condition = Condition.ELIMINATED
            self.emit("eliminated", f"{loser.name}: destroyed", side=loser.side,
                      units=(loser.id,))
        elif loser.condition is Condition.GOOD_ORDER:
            result = MoraleTest(loser.morale, dice=rules.morale_dice).roll(
                self.dice, "morale after combat")
            if not result.passed:
                loser.condition = Condition.ROUTED
            outcome = "hold" if result.passed else "rout"
            self.emit("morale", f"{loser.name}: {outcome}, morale test {result}",
                      side=loser.side, units=(loser.id,), passed=result.passed,
                      total=result.total, target=result.test.target)

    def _rally(self, unit: ToyUnit, rally: bool) -> None:
        """A routed unit rallies on the morale test at -1 (``rules.morale.rally_modifier``),
        or flees the field."""
        if not rally:
            unit.condition = Condition.LEFT_FIELD
            self.emit("flee", f"{unit.name}: flight from the field", side=unit.side,
                      units=(unit.id,))
            return
        result = MoraleTest(unit.morale, dice=self.rules.morale_dice,
                            modifiers=[("rallying", self.rules.rally_modifier)]).roll(
            self.dice, "rally")
        if result.passed:
            unit.condition = Condition.GOOD_ORDER
        outcome = "rallied" if result.passed else "still in rout"
        self.emit("rally", f"{unit.name}: {outcome}, morale test {result}", side=unit.side,
                  units=(unit.id,), passed=result.passed, total=result.total,
                  target=result.test.target)

    def _result(self) -> Outcome | None:
        """A side with no unit in good order is broken; at the turn limit, strength wins."""
        standing = {s: self._of(s, Condition.GOOD_ORDER) for s in self.sides}
        score = {s: float(sum(u.strength for u in standing[s])) for s in self.sides}
        broken = [s for s in self.sides if not standing[s]]
        winner: str | None
        if broken:
            winner = None if len(broken) == 2 else self.enemy_of(broken[0])
            reason = "army broken"
        elif self.turn >= self.turn_limit:
            a, b = self.sides
            winner = None if score[a] == score[b] else max(self.sides, key=score.__getitem__)
            reason = "turn limit"
        else:
            return None
        return Outcome.from_units(winner=winner, reason=reason, turns=self.turn,
                                  sides=self.sides, units=self.units(), score=score)
