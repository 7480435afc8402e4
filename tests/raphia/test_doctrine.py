"""The doctrine commander beats RandomCommander in at least 90 % of seeded battles from
either side (200 each with ANCIENTS_SLOW=1, 20 each otherwise)."""

from __future__ import annotations

import os

import pytest

import ancients
from ancients.battle import RandomCommander
from ancients.raphia.commander import DoctrineCommander

N = 200 if os.environ.get("ANCIENTS_SLOW") else 20


@pytest.mark.parametrize("side", ["ptolemaic", "seleucid"])
def test_doctrine_beats_random(side: str) -> None:
    other = "seleucid" if side == "ptolemaic" else "ptolemaic"
    rs = ancients.ruleset("raphia")
    wins = 0
    for seed in range(N):
        battle = rs.new_battle(seed=seed, commanders={side: DoctrineCommander(side),
                                                      other: RandomCommander()})
        wins += battle.run().winner == side
    assert wins >= 0.9 * N


def test_doctrine_battles_are_reproducible() -> None:
    rs = ancients.ruleset("raphia")
    a, b = rs.new_battle(seed=4), rs.new_battle(seed=4)
    assert a.run() == b.run() and a.log == b.log
