"""The conformance suite passes the toy ruleset and catches broken ones."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

import pytest

from ancients.battle import Battle, Engine, Outcome
from ancients.errors import ConformanceError
from ancients.examples.toy import Toy, ToyBattle
from ancients.ruleset import register, unregister
from ancients.testing import check_ruleset

pytestmark = pytest.mark.usefixtures("toy")


def test_toy_passes() -> None:
    report = check_ruleset("toy", battles=15, seed=1)
    assert report.battles == 15 and report.decisions > 0
    assert report.illegal_checked > 0 and report.replays_checked > 0
    assert sum(report.winners.values()) == 15
    assert "15 battles" in str(report)
    check_ruleset("toy(defender_bonus=true, turn_limit=2)", battles=5, scenario="melee")


class _Nondeterministic(ToyBattle):
    def _attack(self, attacker: Any, defender: Any) -> None:
        if random.random() < 0.5:  # randomness outside the battle's dice
            self.emit("noise", "a gust of wind")
        super()._attack(attacker, defender)


class _WrongLosses(ToyBattle):
    def _result(self) -> Outcome | None:
        o = super()._result()
        return None if o is None else Outcome(o.winner, o.reason, o.turns, o.score,
                                              dict.fromkeys(self.sides, 0.5), o.losses_by_kind)


class _Endless(ToyBattle):
    def play(self) -> Engine:
        yield from super().play()
        while True:  # pragma: no cover - never reached
            yield from ()


class _TupleData(ToyBattle):
    def _rally(self, unit: Any, rally: bool) -> None:
        self.emit("note", "a tuple in the data", where=(unit.slot, unit.row))
        super()._rally(unit, rally)


class _IntKeys(ToyBattle):
    def _rally(self, unit: Any, rally: bool) -> None:
        self.emit("note", "an int key in the data", strengths={1: unit.strength})
        super()._rally(unit, rally)


class _NotJson(ToyBattle):
    def _rally(self, unit: Any, rally: bool) -> None:
        self.emit("note", "a set in the data", units_seen={unit.id})
        super()._rally(unit, rally)


class _NaN(ToyBattle):
    def _rally(self, unit: Any, rally: bool) -> None:
        self.emit("note", "not a number", ratio=float("nan"))
        super()._rally(unit, rally)


class _PlaysToTheLimit(ToyBattle):
    """Ends only at the turn limit, even when a side has no unit left on the field."""

    def _result(self) -> Outcome | None:
        o = super()._result()
        return o if o is not None and self.turn >= self.turn_limit else None


class _Invariant(Toy):
    def invariants(self, battle: Battle) -> Iterable[str]:
        if battle.turn >= 2:
            yield "nobody may reach turn 2"


def _variant(battle_class: type[ToyBattle] | None = None,
             base: type[Toy] = Toy) -> type[Toy]:
    attrs: dict[str, Any] = {"name": "variant"}
    if battle_class is not None:
        attrs["battle_class"] = battle_class
    return type("Variant", (base,), attrs)


@pytest.mark.parametrize(
    ("cls", "message"),
    [(_variant(_Nondeterministic), "not deterministic|differs"),
     (_variant(_WrongLosses), "do not match the units"),
     (_variant(base=_Invariant), "nobody may reach turn 2"),
     (_variant(_TupleData), "event 'note' .* does not read back from JSON lines"),
     (_variant(_IntKeys), "event 'note' .* does not read back from JSON lines"),
     (_variant(_NotJson), "event 'note' .* is not plain JSON .*set"),
     (_variant(_NaN), "event 'note' .* is not plain JSON"),
     (_variant(_PlaysToTheLimit), "nothing left able to fight since turn")],
)
def test_broken_rulesets_are_caught(cls: type[Toy], message: str) -> None:
    register(cls)
    try:
        with pytest.raises(ConformanceError, match=message) as err:
            check_ruleset("variant", battles=10, seed=0)
        assert "seed=" in str(err.value)
    finally:
        unregister("variant")


def test_step_limit() -> None:
    with pytest.raises(ConformanceError, match="not finished after 3 steps"):
        check_ruleset("toy", battles=1, max_steps=3)


def test_every_unit_on_the_field_is_able_to_fight() -> None:
    # the check counts a routed unit as still in the fight (it may rally), a unit
    # eliminated, captured or gone from the field as not
    from ancients.testing.conformance import able_to_fight
    from ancients.units import Condition, TroopKind, UnitView
    def view(condition: Condition) -> UnitView:
        return UnitView("u", "u", "red", TroopKind.HEAVY_INFANTRY, condition, 1.0, 1.0)
    assert [c for c in Condition if able_to_fight(view(c))] == [
        c for c in Condition if c.on_field]
    assert able_to_fight(view(Condition.ROUTED))
    assert not able_to_fight(view(Condition.LEFT_FIELD))
