"""Raphia's pinned battles: the seeded logs of :data:`CASES` stay byte-identical
(:mod:`ancients.testing.regression`), regenerated with
``python tests/raphia/test_regression.py --write``."""

from __future__ import annotations

import sys
from pathlib import Path

from ancients.raphia.ruleset import Raphia
from ancients.testing.regression import Case, Regression

#: the default scenario; the fixture keys the random battles by spec and the doctrine
#: battles by "doctrine: SPEC"
CASES = (
    *(Case(spec, None, range(30), key=spec)
      for spec in ("raphia", "raphia(edition=1990)", "raphia(egyptian_morale=championship)")),
    *(Case(spec, None, range(10), doctrine=True, key=f"doctrine: {spec}")
      for spec in ("raphia", "raphia(edition=1990)")),
)
REGRESSION = Regression("raphia", Raphia.revision, Path(__file__).parent, cases=CASES)
(test_random_battle_logs_unchanged, test_doctrine_battle_logs_unchanged,
 test_rules_revision_follows_the_replays,
 test_docs_list_every_rules_revision) = REGRESSION.tests()


if __name__ == "__main__":
    REGRESSION.main(sys.argv[1:])
