"""Scenario generation: models, their 2D6 situations, sizes, formations, battle plans."""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ancients.dice import Dice
from ancients.errors import RuleError
from ancients.hoplomachia.situations import Objective, SetUp
from ancients.hoplomachia.vocabulary import ArmySize, Role

from .helpers import RULES

S = RULES.situations


def test_the_texts_models_situations_formations_and_plans() -> None:
    assert {m.name for m in S.models.values()} == {"Border Dispute", "Civil War", "Anabasis",
                                                   "Hegemonic War"}
    assert {s.name for s in S.situations.values()} == {
        "Raiders", "Forcing the Pass", "Dead End", "Sallying Forth", "Inside the Walls",
        "Fortified Camp", "Amphibious Assault", "Set Piece"}
    assert {f.name for f in S.formations.values()} == {"Battle Phalanx", "Divided Phalanx",
                                                       "Marching Square", "Dispersed"}
    assert {p.name for p in S.plans.values()} == {"Frontal Attack", "Envelope",
                                                  "Harass to Death", "Defend Works",
                                                  "Exit Board"}
    assert {s.setup for s in S.situations.values()} == set(SetUp)
    assert all(sum(s.terrain.values()) == 100 for s in S.situations.values())


@pytest.mark.parametrize("model", sorted(S.models))
def test_situation_odds_match_icepool(model: str) -> None:
    table = S.model(model).table
    expected: dict[str, Fraction] = {}
    for total, p in (icepool.d6 + icepool.d6).items():
        key = table(total)
        expected[key] = expected.get(key, Fraction(0)) + Fraction(p, 36)
    assert S.odds(model) == expected


@given(st.sampled_from(sorted(S.models)), st.integers(0, 2**32))
def test_rolling_a_situation(model: str, seed: int) -> None:
    dice = Dice(seed, record=True)
    rolled = S.roll(model, dice)
    (roll,) = dice.take_rolls()
    m = S.model(model)
    assert roll.reason == f"situation ({m.name})" and rolled.roll == roll.total
    assert rolled.situation.key == m.table(roll.total)
    sizes = list(S.sizes)
    for role in Role:
        step = sizes.index(m.size) + rolled.situation.sizes[role]
        assert rolled.sizes[role] is sizes[min(max(step, 0), len(sizes) - 1)]
    assert rolled.formations(S) and all(rolled.situation.setup in f.setups
                                        for f in rolled.formations(S))
    for role in Role:
        plans = rolled.plans(S, role)
        assert plans and all(rolled.situation.objectives[role] in p.objectives for p in plans)
    assert rolled == S.roll(model, Dice(seed))


def test_sizes_clamp_and_follow_the_model() -> None:
    border = S.model("border_dispute")
    raid = S.situation_of(border, 4)  # raiders: the raiders a step smaller
    assert raid.situation.key == "raiders"
    assert raid.sizes == {Role.ATTACKER: ArmySize.SMALL, Role.DEFENDER: ArmySize.SMALL}
    war = S.situation_of(S.model("hegemonic_war"), 5)
    assert war.situation.key == "raiders"
    assert war.sizes == {Role.ATTACKER: ArmySize.MEDIUM, Role.DEFENDER: ArmySize.LARGE}
    assert war.situation.objectives[Role.ATTACKER] is Objective.EXIT_BOARD
    with pytest.raises(RuleError, match="no strategic model"):
        S.model("peace")
