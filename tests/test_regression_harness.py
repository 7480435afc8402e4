"""The regression harness every ruleset's ``tests/<ruleset>/test_regression.py`` builds
on (:mod:`ancients.testing.regression`): it pins the logs, and refuses a new replay under
the old revision."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ancients.testing.regression import Case, Regression, digest

pytestmark = pytest.mark.usefixtures("toy")

CASES = (Case("toy", "duel", range(3)), Case("toy", None, range(2), doctrine=True,
                                              key="doctrine: toy"))


def _harness(folder: Path, revision: int = 1) -> Regression:
    docs = folder / "toy.md"
    docs.write_text("## Rules revisions\n\n| revision | what |\n|---|---|\n| 1 | first |\n")
    return Regression("toy", revision, folder, cases=CASES, docs=docs)


def test_write_pins_every_log_and_a_changed_one_is_found(tmp_path: Path) -> None:
    harness = _harness(tmp_path)
    harness.main(["--write", "--dump", str(tmp_path / "logs")])
    fixture = json.loads((tmp_path / "regression_logs.json").read_text())
    assert sorted(fixture) == ["doctrine: toy", "toy / duel"]
    assert fixture["toy / duel"]["1"] == digest(harness.log(CASES[0], 1))
    assert (tmp_path / "logs" / "duel-1.jsonl").exists()
    assert harness.changed(CASES[0]) == [] and harness.revision_problem() is None
    assert harness.listed_revisions() == [1]
    fixture["toy / duel"]["2"] = "0" * 64
    (tmp_path / "regression_logs.json").write_text(json.dumps(fixture))
    assert harness.changed(CASES[0]) == [2]
    with pytest.raises(AssertionError, match=r"seeds \[2\] changed"):
        harness.check(CASES[0])


def test_a_new_replay_under_the_old_revision_is_refused(tmp_path: Path) -> None:
    harness = _harness(tmp_path)
    harness.main(["--write"])
    record = tmp_path / "rules_revision.json"
    record.write_text(json.dumps({"revision": 1, "digest": "0" * 64}))
    problem = harness.revision_problem()
    assert problem is not None and "raise toy's Ruleset.revision to 2" in problem
    with pytest.raises(SystemExit):
        harness.main(["--write"])
    assert _harness(tmp_path, revision=2).revision_problem() is not None  # regenerate
    _harness(tmp_path, revision=2).main(["--write"])
    assert json.loads(record.read_text())["revision"] == 2


def test_the_tests_it_gives_a_module() -> None:
    tests = Regression("toy", 1, Path("tests/toy"), cases=CASES).tests()
    assert [t.__name__ for t in tests] == [
        "test_random_battle_logs_unchanged", "test_doctrine_battle_logs_unchanged",
        "test_rules_revision_follows_the_replays", "test_docs_list_every_rules_revision"]
