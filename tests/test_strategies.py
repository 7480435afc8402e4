from __future__ import annotations

import pytest
from hypothesis import given

from ancients.battle import Battle
from ancients.dice import DiceSpec, parse
from ancients.morale import MoraleTest
from ancients.testing import check_battle
from ancients.testing.strategies import battles, dice_specs, morale_tests, seeds

pytestmark = pytest.mark.usefixtures("toy")


@given(dice_specs(), morale_tests(), seeds())
def test_core_strategies(spec: DiceSpec, test: MoraleTest, seed: int) -> None:
    assert parse(str(spec)) == spec
    assert 0 <= test.probability() <= 1
    assert 0 <= seed < 2**64


@given(battles("toy", max_decisions=30))
def test_mid_battle_states_are_valid_and_resumable(battle: Battle) -> None:
    check_battle(battle)
    restored = battle.ruleset.restore(battle.to_dict(), commanders=dict.fromkeys(battle.sides))
    assert restored.fingerprint() == battle.fingerprint()
    battle.commanders = {s: battle.ruleset.doctrine_commander(s) for s in battle.sides}
    battle.run()
    check_battle(battle)
