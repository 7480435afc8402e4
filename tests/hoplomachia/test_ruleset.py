"""The ruleset and the workbench's hooks: the entry point, the scenarios, the
parameters (every number of the data files, variants through the spec, a saved battle
and compare), the standing (Arete points), the duels."""

from __future__ import annotations

import pytest

import ancients
from ancients.errors import OptionError, RulesetError
from ancients.hoplomachia import Hoplomachia
from ancients.hoplomachia.pieces import Status

from .play import fielded, ruleset


def test_the_ruleset_is_installed_and_plays_its_default_scenario() -> None:
    assert "hoplomachia" in ancients.rulesets()
    rs = ancients.ruleset("hoplomachia")
    assert isinstance(rs, Hoplomachia) and rs.revision >= 1
    assert rs.default_scenario == "poteidaia-432bc"
    assert {"poteidaia-432bc", "generated"} <= set(rs.scenarios())
    assert rs.fields_oob
    outcome = rs.new_battle(seed=3).run()
    assert outcome.reason and outcome.turns >= 1


def test_every_number_of_the_data_is_a_parameter_with_its_provenance() -> None:
    params = ancients.ruleset("hoplomachia").parameters()
    spear = params["cards.card.spartiates.spear"]
    assert spear.value == 6 and spear.source == "reconstructed" and spear.reason
    horse = params["belos.limits.hippeus"]
    assert horse.value == 2 and horse.source == "printed"
    assert params["play.battle.turn_limit"].value == 15
    assert params["epidromos.chart.hoplite.rows.5.distance"].value == 7.0
    assert all("." in name for name in params) and len(params) > 500


def test_a_variant_round_trips_through_its_spec_a_saved_battle_and_compare() -> None:
    rs = ancients.ruleset("hoplomachia").with_parameters(
        {"cards.card.spartiates.spear": 9, "play.battle.turn_limit": 3})
    assert str(rs) == ("hoplomachia(cards.card.spartiates.spear=9, "
                       "play.battle.turn_limit=3)")
    again = ruleset(str(rs))
    assert again == rs and again.rules().cards["spartiates"].spear == 9
    assert ruleset().rules().cards["spartiates"].spear == 6
    sc = rs.scenario("generated-4")
    b = rs.new_battle(sc, seed=2)
    b.run()
    assert b.turn <= 3
    restored = again.restore(b.to_dict())
    assert restored.fingerprint() == b.fingerprint()
    cmp = ancients.compare(["hoplomachia(play.battle.turn_limit=3)", str(rs)], "generated-4",
                           runs=4, seed=1)
    assert len(cmp.differences()) > 0


def test_a_bad_value_is_refused_before_any_battle() -> None:
    with pytest.raises(OptionError, match="hoplomachia has no parameter"):
        ancients.ruleset("hoplomachia(cards.card.spartiates.spearr=9)")
    where = r"epidromos.toml \(variant\), at chart.hoplite.rows\[0\].distance"
    with pytest.raises(OptionError, match=where):
        ancients.ruleset("hoplomachia(epidromos.chart.hoplite.rows.0.distance=-2.0)")


def test_the_standing_is_each_armys_arete_read_from_the_state() -> None:
    rs = ancients.ruleset("hoplomachia")
    b = fielded(rs.new_battle(seed=5))
    b.step()
    before = len(b.log)
    standing = b.standing()
    assert standing == {s: float(b.state.armies[s].arete.points) for s in b.sides}
    assert len(b.log) == before
    b.run()
    assert len(b.standings) >= 2


def test_duels_of_every_card() -> None:
    rs = ancients.ruleset("hoplomachia")
    assert "spartiates" in rs.duel_types() and len(rs.duel_types()) == 27
    sc = rs.duel("spartiates", "psiloi")
    assert sc.sides == ("first", "second")
    b = rs.new_battle(sc, seed=1)
    b.run()
    m = ancients.matchups("hoplomachia", ["spartiates", "ataktes"], runs=6, seed=1)
    assert m.rate.shape == (2, 2)
    with pytest.raises(RulesetError, match=r"no duel type \(card\) 'x'"):
        rs.duel("x", "psiloi")
    assert Status.READY.on_table
