"""Monk's Corner's pinned battles: the seeded logs of :data:`CASES` stay byte-identical
(:mod:`ancients.testing.regression`), regenerated with
``python tests/monks_corner/test_regression.py --write``."""

from __future__ import annotations

import sys
from pathlib import Path

from ancients.monks_corner.ruleset import MonksCorner
from ancients.testing.regression import Case, Regression

CASES = (
    Case("monks_corner", "mantinea-418bc", range(10)),
    Case("monks_corner(charge_horse_unformed=false, single_rank_in_melee=true)",
         "mantinea-418bc", range(10, 16)),
    Case("monks_corner(spartan_retry=false, tie_melees=false, shoot_from_melee=false, "
         "turn_limit=20)", "mantinea-418bc", range(16, 22)),
    Case("monks_corner", "phalanx-duel", range(8)),
    # doctrine against doctrine (the scenario's default commanders): pins the AI's
    # decisions too, so an optimisation of the geometry it reads must leave them alone
    Case("monks_corner", "mantinea-418bc", range(6), doctrine=True),
    Case("monks_corner", "phalanx-duel", range(4), doctrine=True),
    # random commanders seldom touch two enemies at once; the doctrine often does
    Case("monks_corner(melee_opponents=contact)", "mantinea-418bc", range(6, 9),
         doctrine=True),
    # its strike decisions (melee_opponents=choose)
    Case("monks_corner(melee_opponents=choose)", "mantinea-418bc", range(9, 12),
         doctrine=True),
)
REGRESSION = Regression("monks_corner", MonksCorner.revision, Path(__file__).parent, cases=CASES)
(test_random_battle_logs_unchanged, test_doctrine_battle_logs_unchanged,
 test_rules_revision_follows_the_replays,
 test_docs_list_every_rules_revision) = REGRESSION.tests()


if __name__ == "__main__":
    REGRESSION.main(sys.argv[1:])
