"""One exception family: the rules error every ruleset raises for a request its rules
forbid is one class, :class:`ancients.errors.RuleError`."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import ancients.burgess
from ancients.burgess.counting import PerDie
from ancients.errors import AncientsError, RuleError
from ancients.hoplomachia._tables import require


def test_the_rules_error_is_one_class_of_the_family() -> None:
    assert issubclass(RuleError, AncientsError) and issubclass(RuleError, ValueError)
    assert ancients.burgess.RuleError is RuleError


@pytest.mark.parametrize("bad", [lambda: PerDie(per=0, up_from=1),
                                 lambda: require(False, "no such chart")],
                         ids=["burgess", "hoplomachia"])
def test_each_tabletop_ruleset_raises_it(bad: Callable[[], object]) -> None:
    with pytest.raises(RuleError):
        bad()


def test_raphia_refuses_a_rearguard_the_stack_lacks_with_it() -> None:
    from ancients.raphia.battle import RaphiaBattle
    from ancients.raphia.stacking import split_rearguard

    battle = ancients.ruleset("raphia").new_battle(seed=0)
    assert isinstance(battle, RaphiaBattle)
    state = battle.state
    stack = next(s for s in state.stacks if state.combatants(s))
    with pytest.raises(RuleError, match="rearguard"):
        split_rearguard(state, stack, rearguard=len(state.combatants(stack)))
