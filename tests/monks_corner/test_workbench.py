"""The workbench's hooks: each side's standing (its victory points, from the state only) and
the duels of ancients.matchups."""

from __future__ import annotations

import itertools

import pytest

import ancients
from ancients.battle import RandomCommander
from ancients.errors import RulesetError
from ancients.monks_corner import MonksCornerBattle
from ancients.monks_corner.victory import score

from .helpers import battle, phalanx, u


def test_standing_is_each_sides_victory_points() -> None:
    b = battle([phalanx("p", "south", 36, 10), phalanx("q", "north", 36, 30)])
    assert b.standing() == {"south": 0.0, "north": 0.0}
    u(b, "q").remove(4)
    assert b.standing() == {"south": 4.0, "north": 0.0} == score(b.state)
    u(b, "q").reform_failed, u(b, "q").formed = True, False  # out of action: 6 more
    assert b.standing() == {"south": 10.0, "north": 0.0}


def test_standing_reads_the_state_only_and_is_kept_per_turn() -> None:
    rs = ancients.ruleset("monks_corner")
    sides = rs.scenario("phalanx-duel").sides
    played = rs.new_battle("phalanx-duel", seed=5,
                           commanders={s: RandomCommander() for s in sides})
    watched = rs.new_battle("phalanx-duel", seed=5,
                            commanders={s: RandomCommander() for s in sides})
    assert isinstance(watched, MonksCornerBattle)
    while not watched.finished:
        before = watched.fingerprint()
        watched.standing()
        assert watched.fingerprint() == before  # no dice rolled, no event, no change
        watched.step()
    outcome = played.run()
    assert watched.log == played.log
    standings = played.standings
    assert len(standings) == outcome.turns + 1
    assert standings[0] == {"sparta": 0.0, "argos": 0.0}
    assert standings[-1] == outcome.score
    # points only grow: figures lost and phalanxes out of action stay lost
    for a, b in itertools.pairwise(standings):
        assert all(b[s] >= a[s] for s in sides)


def test_duel_types_and_their_set_up() -> None:
    rs = ancients.ruleset("monks_corner")
    assert rs.duel_types() == ("phalanx", "phalanx-2-deep", "spartans", "medium",
                               "javelinmen", "slingers", "archers", "horse")
    sc = rs.duel("spartans", "slingers")
    first, second = sc.parsed.units
    assert sc.sides == ("south", "north") and (first.side, second.side) == sc.sides
    assert (first.troop.value, first.figures, first.ranks, first.spartan) == \
        ("phalanx", 18, 3, True)
    assert (second.troop.value, second.missile.value, second.figures) == \
        ("light infantry", "sling", 6)
    assert (first.block.facing, second.block.facing) == (0.0, 180.0)
    assert first.block.y - sc.parsed.table.depth / 2 == -6.0  # fronts 12" apart
    assert second.block.y - first.block.y == 12.0
    assert not any(s.leader for s in sc.parsed.sides)  # no alliance to hold anyone back
    assert sc.parsed.turn_limit == 12
    far = ancients.ruleset("monks_corner(duel.table.gap=20.0)").duel("horse", "medium")
    assert far.parsed.units[1].block.y - far.parsed.units[0].block.y == 20.0
    with pytest.raises(RulesetError, match="no duel type 'hoplites'; its types: phalanx"):
        rs.duel("phalanx", "hoplites")


def test_matchups_play_the_duels() -> None:
    m = ancients.matchups("monks_corner", ["phalanx", "horse"], runs=6, seed=2, jobs=1)
    assert m.types == ("phalanx", "horse") and m.rate.shape == (2, 2)
    assert ((m.rate >= 0) & (m.rate + m.draws <= 1)).all()
    assert set(m.ratings()) == {"phalanx", "horse"}
