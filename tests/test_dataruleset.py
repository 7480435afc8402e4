"""The ruleset base of the rulesets whose rules are data tables
(:mod:`ancients.dataruleset`): Monk's Corner, Burgess and Hoplomachia."""

from __future__ import annotations

import pytest

import ancients
from ancients.burgess.commander import DoctrineCommander as BurgessDoctrine
from ancients.dataruleset import DataRuleset, load
from ancients.errors import AncientsError, OptionError
from ancients.hoplomachia.commander import DoctrineCommander as HoplomachiaDoctrine
from ancients.monks_corner.commander import DoctrineCommander as MonksCornerDoctrine


@pytest.mark.parametrize(("spec", "doctrine"), [("burgess", BurgessDoctrine),
                                                ("hoplomachia", HoplomachiaDoctrine),
                                                ("monks_corner", MonksCornerDoctrine)])
def test_rules_are_built_once_and_the_doctrine_and_invariants_found(spec: str,
                                                                   doctrine: type) -> None:
    rs = ancients.ruleset(spec)
    assert isinstance(rs, DataRuleset)
    assert rs.rules() is rs.rules()
    assert isinstance(rs.doctrine_commander("any"), doctrine)
    battle = rs.new_battle(seed=0)
    assert list(rs.invariants(battle)) == []
    other = ancients.ruleset("raphia").new_battle(seed=0)
    with pytest.raises(AncientsError, match="not a"):
        list(rs.invariants(other))


def test_a_variant_that_makes_no_rules_is_refused_naming_its_parameters() -> None:
    with pytest.raises(OptionError, match=r"^hoplomachia\(epidromos\.chart\.hoplite\.rows\.0"
                                          r"\.distance=-2\.0\): .*epidromos\.toml \(variant\)"):
        ancients.ruleset("hoplomachia(epidromos.chart.hoplite.rows.0.distance=-2.0)")
    assert load("ancients.burgess.commander:DoctrineCommander") is BurgessDoctrine
