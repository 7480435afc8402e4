"""Shared helpers for the table play: small scenario documents and battles."""

from __future__ import annotations

import copy
from collections.abc import Callable, Generator
from typing import Any

import ancients
from ancients.battle import Battle, Decision
from ancients.dice import Dice
from ancients.hoplomachia.battle import HoplomachiaBattle
from ancients.hoplomachia.pieces import Division, Piece
from ancients.hoplomachia.ruleset import Hoplomachia


def division(did: str, card: str, x: float, y: float, units: int = 1, **kw: Any
             ) -> dict[str, Any]:
    return {"id": did, "name": kw.pop("name", did), "card": card, "units": units, "x": x,
            "y": y, **kw}


def side(name: str, nation: str, divisions: list[dict[str, Any]],
         strategoi: list[dict[str, Any]] | None = None, **kw: Any) -> dict[str, Any]:
    heads = strategoi or [{"id": f"{name}-hegemon", "character": "fellow hoplite",
                           "hegemon": True, "with": divisions[0]["id"]}]
    return {"name": name, "title": name.title(), "nation": nation, "arete": 12,
            "preparation": False, "strategoi": heads, "divisions": divisions, **kw}


SMALL: dict[str, Any] = {
    "name": "small", "title": "A small battle", "turn_limit": 12,
    "table": {"width": 48.0, "depth": 36.0},
    "sides": [
        side("athens", "athenian", [
            division("a-taxis1", "athenian", 16.0, 10.0, 3, senior=True),
            division("a-taxis2", "athenian", 26.0, 10.0, 3),
            division("a-psiloi", "psiloi", 21.0, 14.0, 1, stands=3),
            division("a-horse", "hippeis", 36.0, 10.0, 2)]),
        side("sparta", "spartan", [
            division("s-taxis1", "spartiates", 32.0, 26.0, 3, senior=True),
            division("s-taxis2", "peloponnesian", 22.0, 26.0, 3),
            division("s-psiloi", "toxotai", 27.0, 22.0, 1, stands=3),
            division("s-horse", "hippeis", 12.0, 26.0, 2)]),
    ]}


def doc(**changes: Any) -> dict[str, Any]:
    out = copy.deepcopy(SMALL)
    out.update(changes)
    return out


def battle(data: dict[str, Any] | None = None, seed: int = 0, spec: str = "hoplomachia",
           hand: bool = False) -> HoplomachiaBattle:
    rs = ancients.ruleset(spec)
    sc = rs.parse_scenario(data or doc(), source="test")
    commanders = dict.fromkeys(sc.sides) if hand else None
    b = rs.new_battle(sc, seed=seed, commanders=commanders)
    assert isinstance(b, HoplomachiaBattle)
    b.state.turn = 1  # as in the battle's first turn (play() sets it again)
    return b


def ruleset(spec: str = "hoplomachia") -> Hoplomachia:
    """``ancients.ruleset(spec)``, checked to be Hoplomachia."""
    rs = ancients.ruleset(spec)
    assert isinstance(rs, Hoplomachia)
    return rs


def fielded(b: Battle) -> HoplomachiaBattle:
    """``b``, checked to be a Hoplomachia battle."""
    assert isinstance(b, HoplomachiaBattle)
    return b


def piece(b: HoplomachiaBattle, pid: str) -> Piece:
    return b.state.by_id[pid]


def div(b: HoplomachiaBattle, did: str) -> Division:
    return b.state.divisions[did]


class Scripted(Dice):
    """Keyed dice that give the totals a test names, by the start of their reason,
    and roll the rest."""

    def __init__(self, script: dict[str, list[int]] | None = None, seed: int = 0) -> None:
        super().__init__(seed, record=True, keyed=True)
        self.script = {k: list(v) for k, v in (script or {}).items()}
        self.asked: list[str] = []

    def roll(self, spec: Any = "1d6", reason: str | None = None, *,
             key: str | None = None) -> int:
        self.asked.append(reason or "")
        for prefix, values in self.script.items():
            if reason is not None and reason.startswith(prefix) and values:
                return values.pop(0)
        return super().roll(spec, reason, key=key)


def scripted(b: HoplomachiaBattle, **script: list[int]) -> Scripted:
    """Give the battle's state scripted dice (keyword: the reason's start, with
    underscores for spaces)."""
    dice = Scripted({k.replace("_", " "): v for k, v in script.items()})
    b.state.dice = dice
    return dice


def drive(gen: Generator[Any, Any, Any], answer: Callable[[Decision], Any] | None = None,
          asked: list[Decision] | None = None) -> Any:
    """Run a phase's generator to its end, answering its decisions (default: the first
    option); returns what it returns."""
    try:
        item = next(gen)
        while True:
            if isinstance(item, Decision):
                if asked is not None:
                    asked.append(item)
                item = gen.send(answer(item) if answer else item.options[0])
            else:
                item = gen.send(None)
    except StopIteration as stop:
        return stop.value


def events(b: HoplomachiaBattle, kind: str) -> list[Any]:
    return [e for e in b.log if e.kind == kind]
