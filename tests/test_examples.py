"""The shipped example ruleset, ``ancients.examples.toy``: not registered by default, its
scenarios shipped as package data, and the house the real rulesets follow (decision kinds
as an enum, a commander dispatching through a table of handlers)."""

from __future__ import annotations

import itertools
import subprocess
import sys
from importlib import resources

import pytest

import ancients
from ancients.battle import Decision, RandomCommander
from ancients.errors import AncientsError
from ancients.examples.toy import HOLD, DecisionKind, Toy, ToyCommander
from ancients.examples.toy import commander as toy_commander
from ancients.ruleset import register, ruleset_class, unregister


def test_not_registered_by_default() -> None:
    code = "import ancients; print('toy' in ancients.rulesets())"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "False"


@pytest.mark.parametrize("how", ["class", "entry point target"])
def test_a_user_registers_it(how: str) -> None:
    was_registered = "toy" in ancients.rulesets()
    if how == "class":
        register(Toy)
    else:
        register("toy", "ancients.examples.toy:Toy")
    try:
        assert ruleset_class("toy") is Toy
        assert ancients.ruleset("toy").new_battle(seed=1).run().turns >= 1
    finally:
        unregister("toy")
        if was_registered:  # by the session's toy fixture: left as it was
            register(Toy)


def test_scenarios_are_package_data() -> None:
    files = {e.name for e in resources.files("ancients.examples.toy.scenarios").iterdir()}
    assert {"duel.toml", "melee.toml"} <= files
    assert set(Toy().scenarios()) == {"duel", "melee"}


@pytest.mark.usefixtures("toy")
def test_every_decision_kind_is_typed_and_handled() -> None:
    assert set(toy_commander._HANDLERS) == set(DecisionKind)
    seen: set[str] = set()
    for seed in range(5):
        battle = ancients.ruleset("toy").new_battle(seed=seed, commanders={"red": None,
                                                                           "blue": None})
        policy = RandomCommander()
        while not battle.finished:
            if battle.pending is None:
                battle.step()
                continue
            decision = battle.pending
            assert isinstance(decision.kind, DecisionKind)
            seen.add(decision.kind)
            assert ToyCommander().decide(battle, decision) in decision.options
            battle.decide(policy.decide(battle, decision))
    assert seen == set(DecisionKind)


def test_the_commander_refuses_another_rulesets_battle() -> None:
    battle = ancients.ruleset("monks_corner").new_battle("phalanx-duel", seed=1)
    with pytest.raises(AncientsError, match="plays toy battles"):
        ToyCommander().decide(battle, Decision("sparta", DecisionKind.ORDER, [HOLD]))


def _attackers_losses(spec: str) -> tuple[int, int]:
    """(attacks the attacker lost, of which it paid for with a point), over some battles:
    a point lost is followed at once by the loser's morale test or its destruction."""
    lost = paid = 0
    for seed in range(30):
        battle = ancients.ruleset(spec).new_battle(seed=seed)
        battle.run()
        for event, after in itertools.pairwise(battle.log):
            attacker = event.data.get("attacker")
            if event.kind == "combat" and event.data["loser"] == attacker:
                lost += 1
                paid += after.kind in ("morale", "eliminated") and after.units == (attacker,)
    return lost, paid


@pytest.mark.usefixtures("toy")
def test_stance_cautious_costs_a_failed_attacker_nothing() -> None:
    lost, paid = _attackers_losses("toy(stance=cautious)")
    assert lost > 0 and paid == 0
    lost, paid = _attackers_losses("toy")
    assert lost > 0 and paid == lost
