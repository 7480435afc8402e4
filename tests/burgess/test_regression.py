"""Burgess's pinned battles: the seeded logs of :data:`CASES` stay byte-identical
(:mod:`ancients.testing.regression`), regenerated with
``python tests/burgess/test_regression.py --write``."""

from __future__ import annotations

import sys
from pathlib import Path

from ancients.burgess.ruleset import Burgess
from ancients.testing.regression import Case, Regression

CASES = (
    Case("burgess", "zama-202bc", range(6)),
    Case("burgess(elephants=tempered, casualty_count=continue, outnumbered_rout=escape, "
         "engine_points=figures)", "zama-202bc", range(6, 10)),
    Case("burgess", "kadesh-1274bc", range(4)),
    Case("burgess", "assault", range(4)),
    # doctrine against doctrine: pins the AI's decisions too
    Case("burgess", "zama-202bc", range(3), doctrine=True),
    Case("burgess", "kadesh-1274bc", range(2), doctrine=True),
    Case("burgess", "assault", range(2), doctrine=True),
)
REGRESSION = Regression("burgess", Burgess.revision, Path(__file__).parent, cases=CASES)
(test_random_battle_logs_unchanged, test_doctrine_battle_logs_unchanged,
 test_rules_revision_follows_the_replays,
 test_docs_list_every_rules_revision) = REGRESSION.tests()


if __name__ == "__main__":
    REGRESSION.main(sys.argv[1:])
