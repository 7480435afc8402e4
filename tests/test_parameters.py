"""Parameters: the numbers of the rules by name, variants that round-trip through their
spec, a saved battle and compare; sweeps, sensitivity, variants for hypothesis, matchups."""

from __future__ import annotations

import json
import pickle
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings

import ancients
from ancients.errors import OptionError, RulesetError
from ancients.examples.toy import Toy
from ancients.parameters import Parameter, apply_overrides, document_parameters
from ancients.testing.strategies import seeds, variants
from ancients.workbench import matchups, sensitivity, step_values, sweep

pytestmark = pytest.mark.usefixtures("toy")


def test_the_toy_lists_its_numbers_with_their_provenance() -> None:
    params = ancients.ruleset("toy").parameters()
    loss = params["rules.combat.loss"]
    assert (loss.value, loss.source, loss.low) == (1, "printed", 1)
    assert "rules.toml" in loss.where and "combat.loss" in loss.where
    assert params["rules.combat.die"].value == "1d6"
    assert "rules.duel.types.horse.strength" in params
    assert not any(n.endswith(".kind") for n in params)  # words with spaces: not in a spec


def test_a_variant_round_trips_through_its_spec_a_pickle_and_a_saved_battle() -> None:
    rs = ancients.ruleset("toy(stance=cautious)")
    v = rs.with_parameters({"rules.combat.loss": "2", "rules.morale.dice": "3d6"})
    assert str(v) == "toy(stance=cautious, rules.combat.loss=2, rules.morale.dice=3d6)"
    assert ancients.ruleset(str(v)) == v and v != rs
    assert pickle.loads(pickle.dumps(v)) == v
    assert v.parameter("rules.combat.loss") == 2 and rs.parameter("rules.combat.loss") == 1
    battle = v.new_battle(seed=4)
    battle.run()
    saved = json.loads(json.dumps(battle.to_dict()))
    assert saved["ruleset"] == str(v)
    assert ancients.ruleset("toy").restore(saved).log == battle.log
    assert v.with_options(turn_limit=2).overrides == v.overrides


def test_a_parameter_changes_the_rules() -> None:
    base = ancients.ruleset("toy")
    heavy = base.with_parameters({"rules.combat.loss": 3})
    battle = heavy.new_battle(seed=1)
    battle.run()
    combats = battle.log.filter(kind="combat")
    losers = [e.data["loser"] for e in combats]
    start = {u.id: u.starting_strength for u in battle.units()}
    # every unit that lost an attack lost three points (or what it had left)
    for u in battle.units():
        lost_attacks = losers.count(u.id)
        assert u.strength == max(0, start[u.id] - 3 * lost_attacks) or u.lost
    assert base.with_parameters({"rules.combat.loss": 1}) == base  # the rules' own value


def test_bad_names_and_values_are_refused_before_any_battle() -> None:
    rs = ancients.ruleset("toy")
    with pytest.raises(OptionError, match=r"did you mean 'rules\.combat\.loss'"):
        rs.with_parameters({"rules.combat.los": 2})
    with pytest.raises(OptionError, match="below its least value"):
        rs.with_parameters({"rules.combat.loss": 0})
    with pytest.raises(OptionError, match="not an integer"):
        ancients.ruleset("toy(rules.combat.loss=1.5)")
    with pytest.raises(OptionError, match="did you mean"):
        ancients.simulate("toy(rules.combat.lss=2)", runs=5)
    with pytest.raises(OptionError, match="has no parameter"):
        ancients.ruleset("monks_corner(rules.x=1)")


def test_document_helpers_list_and_apply_leaves() -> None:
    doc: dict[str, Any] = {"reconstructed": True, "reason": "rows 2-4 missing",
           "rows": [{"hits": 2}, {"hits": 3}], "factor": 1.5,
           "printed": {"reconstructed": False, "reason": "", "cap": 6}}
    found = document_parameters(doc, "table", "my.toml")
    assert set(found) == {"table.rows.0.hits", "table.rows.1.hits", "table.factor",
                          "table.printed.cap"}
    assert found["table.factor"] == Parameter(1.5, "reconstructed", "my.toml, factor",
                                              "rows 2-4 missing")
    assert found["table.printed.cap"].source == "printed"
    changed = apply_overrides(doc, "table", {"table.rows.1.hits": 9, "other.x": 1})
    assert changed["rows"][1]["hits"] == 9 and doc["rows"][1]["hits"] == 3


def test_a_key_with_spaces_names_a_parameter_with_the_spaces_written_as_asked() -> None:
    doc: dict[str, Any] = {"class": {"HV INF": {"move": 6}, "LT_CAV": {"move": 12}},
                           "variant": "mine"}
    assert set(document_parameters(doc, "troops", "t.toml")) == {"troops.class.LT_CAV.move",
                                                                 "troops.variant"}
    found = document_parameters(doc, "troops", "t.toml", space="_",
                                skip=frozenset({"variant"}))
    assert set(found) == {"troops.class.HV_INF.move", "troops.class.LT_CAV.move"}
    assert found["troops.class.HV_INF.move"].where == "t.toml, class.HV INF.move"
    changed = apply_overrides(doc, "troops", {"troops.class.HV_INF.move": 7,
                                              "troops.class.LT_CAV.move": 10}, space="_")
    assert changed["class"] == {"HV INF": {"move": 7}, "LT_CAV": {"move": 10}}
    assert doc["class"]["HV INF"] == {"move": 6}


def test_step_values_respect_bounds() -> None:
    assert step_values(Parameter(1, low=1)) == (None, 2)
    assert step_values(Parameter(2.0)) == (1.8, 2.2)
    assert step_values(Parameter(5, step=2, high=6)) == (3, None)
    assert step_values(Parameter("1d6")) == (None, None)


def test_sweep_plays_each_point_on_the_same_battles() -> None:
    sw = sweep("toy", {"rules.combat.loss": [1, 2], "rules.morale.rally_modifier": [-1, 0]},
               runs=40, seed=2)
    assert [dict(p) for p in sw.points] == [
        {"rules.combat.loss": 1, "rules.morale.rally_modifier": -1},
        {"rules.combat.loss": 1, "rules.morale.rally_modifier": 0},
        {"rules.combat.loss": 2, "rules.morale.rally_modifier": -1},
        {"rules.combat.loss": 2, "rules.morale.rally_modifier": 0}]
    first = sw.comparison[sw.specs[0]]
    assert np.array_equal(first.winner, ancients.simulate("toy", runs=40, seed=2).winner)
    assert len(sw.win_rates("red")) == 4


def test_sensitivity_ranks_by_paired_effect() -> None:
    s = sensitivity("toy", ["rules.combat.loss", "rules.duel.turn_limit",
                            "rules.morale.rally_modifier"], runs=150, seed=1)
    effects = [r.effect for r in s.rows]
    assert effects == sorted(effects, reverse=True)
    by_name = {r.parameter: r for r in s.rows}
    # the duel's turn limit does not touch the default scenario: no battle changes
    assert by_name["rules.duel.turn_limit"].effect == 0
    loss = by_name["rules.combat.loss"]
    assert loss.down is None and loss.up is not None  # 0 is below its least value
    assert loss.up.variant == "toy(rules.combat.loss=2)"
    assert loss.up.low <= loss.up.delta <= loss.up.high


def test_matchups_give_a_win_rate_matrix() -> None:
    m = matchups("toy", ["spearmen", "slingers"], runs=60, seed=1)
    assert m.types == ("spearmen", "slingers") and m.rate.shape == (2, 2)
    assert m.rate[0, 1] > m.rate[1, 0]  # 4 strength against 2
    duel = ancients.ruleset("toy").duel("spearmen", "slingers")
    r = ancients.simulate("toy", duel, runs=60, seed=1)
    assert m.rate[0, 1] == r.win_rate("red")[0]
    ratings = m.ratings()
    assert ratings["spearmen"] > ratings["slingers"]
    with pytest.raises(RulesetError, match="sets up no duels"):
        matchups(_NoDuels())


class _NoDuels(Toy):
    """The toy without its duels: the core's default hooks."""

    name = "no_duels"
    duel_types = ancients.Ruleset.duel_types
    duel = ancients.Ruleset.duel


@settings(max_examples=10, deadline=None)
@given(variants(Toy(), ranges={"rules.combat.loss": (1, 3),
                               "rules.morale.dice": ["2d6", "1d12"]}), seeds())
def test_variants_draw_from_the_space(rs: ancients.Ruleset, seed: int) -> None:
    loss = rs.parameter("rules.combat.loss")
    assert isinstance(loss, int) and 1 <= loss <= 3
    assert rs.parameter("rules.morale.dice") in ("2d6", "1d12")
    assert rs.new_battle(seed=seed).run().turns >= 1


def test_variants_refuse_unknown_names() -> None:
    with pytest.raises(OptionError, match="did you mean"):
        variants("toy", ranges={"rules.combat.lose": (1, 2)})


def test_keyed_dice_keep_battles_deterministic_and_replay_exact(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from ancients.battle import Battle
    from ancients.testing import check_ruleset

    monkeypatch.setattr(Battle, "keyed_dice", True)
    variant = ancients.ruleset("toy(rules.combat.loss=2)")
    report = check_ruleset(variant, battles=15, seed=3)  # determinism, replay, invariants
    assert report.battles == 15 and report.replays_checked > 0
    battle = variant.new_battle(seed=11)
    battle.run()
    assert battle.dice.keyed
    saved = json.loads(json.dumps(battle.to_dict()))
    assert ancients.ruleset("toy").restore(saved).log == battle.log
    a = ancients.simulate(variant, runs=30, seed=2)
    b = ancients.simulate(variant, runs=30, seed=2, chunk_size=7)
    assert np.array_equal(a.winner, b.winner) and np.array_equal(a.turns, b.turns)


def test_keyed_dice_pair_a_variant_with_its_baseline(monkeypatch: pytest.MonkeyPatch) -> None:
    from ancients.battle import Battle

    monkeypatch.setattr(Battle, "keyed_dice", True)
    base = ancients.ruleset("toy")
    variant = base.with_parameters({"rules.morale.rally_modifier": 0})
    a = base.new_battle(seed=5)
    b = variant.new_battle(seed=5)
    a.run()
    b.run()
    # the first combat rolls the same dice under both (it comes before any rally)
    first_a = a.log.filter(kind="combat")[0]
    first_b = b.log.filter(kind="combat")[0]
    assert first_a.rolls == first_b.rolls
