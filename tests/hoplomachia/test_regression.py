"""Hoplomachia's pinned battles: the seeded logs of :data:`CASES` stay byte-identical
(:mod:`ancients.testing.regression`), regenerated with
``python tests/hoplomachia/test_regression.py --write``."""

from __future__ import annotations

import sys
from pathlib import Path

from ancients.hoplomachia import Hoplomachia
from ancients.testing.regression import Case, Regression

CASES = (
    Case("hoplomachia", "poteidaia-432bc", range(8)),
    Case("hoplomachia(crafty_precedence=point, shield_momentum=attacker, incline=true, "
         "ekdromoi_signals=true, count_arrows=true, spread_fire=unit)", "poteidaia-432bc",
         range(8, 12)),
    Case("hoplomachia(precedence_flank=choose, turn_limit=8)", "poteidaia-432bc",
         range(12, 15)),
    Case("hoplomachia", "generated", range(4)),
    # doctrine against doctrine: pins the AI's decisions too
    Case("hoplomachia", "poteidaia-432bc", range(4), doctrine=True),
    Case("hoplomachia", "generated", range(4, 7), doctrine=True),
)
REGRESSION = Regression("hoplomachia", Hoplomachia.revision, Path(__file__).parent, cases=CASES)
(test_random_battle_logs_unchanged, test_doctrine_battle_logs_unchanged,
 test_rules_revision_follows_the_replays,
 test_docs_list_every_rules_revision) = REGRESSION.tests()


if __name__ == "__main__":
    REGRESSION.main(sys.argv[1:])
