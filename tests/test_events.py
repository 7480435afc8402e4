from __future__ import annotations

import io
from pathlib import Path

import pytest

from ancients.dice import Roll
from ancients.errors import AncientsError
from ancients.events import BattleLog, Event


def _log() -> BattleLog:
    return BattleLog([
        Event(1, "movement", "phase", "turn 1: movement", side="red"),
        Event(1, "combat", "combat", "A attacks B", side="red", units=("a", "b"),
              data={"ratio": "2/1", "result": "X"},
              rolls=(Roll("2d6", (3, 4), 7, "combat"),)),
        Event(2, "rout", "rout", "B routs", side="blue", units=("b",)),
    ])


def test_jsonl_round_trip_via_text_path_and_file(tmp_path: Path) -> None:
    log = _log()
    text = log.to_jsonl()
    assert len(text.splitlines()) == 3
    assert BattleLog.from_jsonl(text) == log
    path = tmp_path / "battle.jsonl"
    log.to_jsonl(path)
    assert BattleLog.from_jsonl(path) == log
    assert BattleLog.from_jsonl(str(path)) == log
    buf = io.StringIO()
    log.to_jsonl(buf)
    buf.seek(0)
    assert BattleLog.from_jsonl(buf) == log


def test_events_are_immutable_and_readable() -> None:
    e = _log()[1]
    with pytest.raises(AttributeError):
        e.turn = 3  # type: ignore[misc]
    assert "A attacks B" in str(e) and "3+4 = 7 (combat)" in str(e)


def test_filter_and_slices() -> None:
    log = _log()
    assert [e.kind for e in log.filter(side="red")] == ["phase", "combat"]
    assert len(log.filter(unit="b")) == 2
    assert len(log.filter(kind="rout", where=lambda e: e.turn == 2)) == 1
    assert isinstance(log[1:], BattleLog) and len(log[1:]) == 2


def test_bad_lines_name_the_line() -> None:
    with pytest.raises(AncientsError, match="line 2"):
        BattleLog.from_jsonl('{"turn": 1, "phase": "x", "kind": "y", "message": "z"}\n{oops}\n')
    with pytest.raises(AncientsError, match="line 1"):
        BattleLog.from_jsonl('{"turn": 1}\n')
