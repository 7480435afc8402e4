"""The core's conformance suite, with the ruleset's own invariants plugged in."""

from __future__ import annotations

import os

import pytest

from ancients.testing import check_ruleset

BATTLES = 20 if os.environ.get("ANCIENTS_SLOW") else 3


@pytest.mark.parametrize("spec", ["raphia", "raphia(edition=1990)",
                                  "raphia(egyptian_morale=championship)",
                                  "raphia(edition=1990,pass_through=any)",
                                  "raphia(morale_tests=each_combat,rout_multiplier=x4)"])
def test_check_ruleset(spec: str) -> None:
    report = check_ruleset(spec, battles=BATTLES, seed=11)
    assert report.battles == BATTLES and report.illegal_checked > 0


@pytest.mark.parametrize(("spec", "seed"), [
    # 1990: a pursuer rallied where part of its stack had rallied the turn before, and
    # left two stacks in good order in one hex (found by a long conformance run)
    ("raphia(edition=1990)", 161542576938106375),
    ("raphia(edition=1990,egyptian_morale=championship)", 13723373517422946203),
])
def test_battles_that_once_broke_an_invariant(spec: str, seed: int) -> None:
    import ancients
    from ancients.battle import RandomCommander

    rs = ancients.ruleset(spec)
    battle = rs.new_battle(seed=seed, commanders={s: RandomCommander()
                                                  for s in ("ptolemaic", "seleucid")})
    while not battle.finished:
        battle.step()
        assert list(rs.invariants(battle)) == [], (battle.turn, battle.phase)
