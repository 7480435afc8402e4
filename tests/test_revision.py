"""ancients.testing.revision: the replay digest and the record kept beside a revision."""

from __future__ import annotations

from pathlib import Path

import pytest

from ancients.dice import Roll
from ancients.errors import AncientsError
from ancients.events import Event
from ancients.testing.revision import (
    check_record,
    listed_revisions,
    replay_digest,
    write_record,
)


def _log(message: str = "red: advance", reason: str = "move", faces: tuple[int, ...] = (3,),
         data: int = 1) -> list[Event]:
    roll = Roll("1d6", faces, sum(faces), reason)
    return [Event(1, "movement", "move", message, "red", ("a",), {"n": data}, (roll,))]


def test_the_digest_ignores_words_not_play() -> None:
    base = replay_digest([_log()])
    assert replay_digest([_log(message="red: advances")]) == base
    assert replay_digest([_log(reason="movement die")]) == base
    assert replay_digest([_log(faces=(4,))]) != base
    assert replay_digest([_log(data=2)]) != base
    assert replay_digest([_log(), _log()]) != replay_digest([_log() + _log()])


def test_a_new_digest_needs_a_new_revision(tmp_path: Path) -> None:
    path = tmp_path / "rules_revision.json"
    write_record(path, "toy", 1, "aaa")
    assert check_record(path, "toy", 1, "aaa") is None
    problem = check_record(path, "toy", 1, "bbb")
    assert problem is not None and "raise toy's Ruleset.revision to 2" in problem
    with pytest.raises(AncientsError, match="still 1"):
        write_record(path, "toy", 1, "bbb")
    assert check_record(path, "toy", 1, "aaa") is None  # the refused write left it alone
    assert "regenerate" in (check_record(path, "toy", 2, "bbb") or "")
    write_record(path, "toy", 2, "bbb")
    assert check_record(path, "toy", 2, "bbb") is None


def test_listed_revisions_reads_the_docs_table() -> None:
    page = ("# X\n\n## Rules revisions\n\ntext\n\n| revision | what changed |\n|---|---|\n"
            "| 1 | first |\n| 2 | second |\n\n## Next\n\n| 3 | not this one |\n")
    assert listed_revisions(page) == [1, 2]
