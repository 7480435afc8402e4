"""Helpers for the Raphia tests: a fresh battle with a cleared map to stage positions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ancients
from ancients.battle import RandomCommander
from ancients.hexgrid import Hex
from ancients.raphia.battle import RaphiaBattle
from ancients.raphia.state import Stack, State, Status


class Stage:
    """A battle whose map has been cleared, for placing stacks by hand."""

    def __init__(self, spec: str = "raphia") -> None:
        rs = ancients.ruleset(spec)
        b = rs.new_battle(seed=7, commanders={s: RandomCommander() for s in
                                              ("ptolemaic", "seleucid")})
        assert isinstance(b, RaphiaBattle)
        self.battle = b
        self.state: State = b.state
        for s in list(self.state.stacks):
            self.state.discard(s)
        for c in b.state.counters.counters.values():
            if c.egyptian:
                self.state.morale_override[c.id] = 8
        self.events: list[Any] = []

    def hex(self, label: str) -> Hex:
        return self.state.board.hex(label)

    def put(self, side: str, label: str, counters: list[str], facing: int | None = None,
            status: Status = Status.GOOD) -> Stack:
        return self.state.new_stack(side, self.hex(label), counters, facing=facing,
                                    status=status)


def drive(gen: Any, answer: Callable[[Any], Any] | None = None) -> list[Any]:
    """Run a rules generator, answering each decision (default: the first option)."""
    asked = []
    try:
        d = next(gen)
        while True:
            asked.append(d)
            d = gen.send(answer(d) if answer else d.options[0])
    except StopIteration:
        pass
    return asked


def own_scenario(**changes: Any) -> dict[str, Any]:
    """A scenario with its own map (12 x 9 plain hexes), counters and sides: Athens in
    the west facing east, Sparta in the east facing west; ``changes`` replace keys."""
    def counter(cid: str, side: str, type_: str, factors: tuple[int | str, ...],
                **extra: Any) -> dict[str, Any]:
        combat, morale, movement = factors
        return {"id": cid, "name": cid.title(), "side": side, "type": type_,
                "combat": combat, "morale": morale, "movement": movement,
                "reconstructed": True, "reason": "a test counter", **extra}

    doc: dict[str, Any] = {
        "name": "skirmish", "title": "A skirmish", "sides": ["athens", "sparta"],
        "map": {"reconstructed": True, "reason": "a test map", "layout": "odd-q",
                "columns": 12, "rows": 9, "terrain": "\n".join(["." * 12] * 9),
                "deployment": {
                    "athens": {"column": 5, "facing": "east", "first_row": 2, "last_row": 8,
                               "colour": "blue"},
                    "sparta": {"column": 8, "facing": "west", "first_row": 2, "last_row": 8,
                               "colour": "red"}}},
        "counter": [counter("pericles", "athens", "leader", (1, "L", 5)),
                    counter("hoplites", "athens", "phalanx_other", (4, 7, 2), count=4),
                    counter("archers", "athens", "light_missile", (2, 8, 3), missile=True),
                    counter("levy", "athens", "phalanx_normal", (4, "?", 2), count=2),
                    counter("agis", "sparta", "leader", (1, "L", 5)),
                    counter("spartiates", "sparta", "phalanx_other", (5, 6, 2), count=4),
                    counter("horse", "sparta", "cavalry", (3, 8, 5), count=2)],
        "championship": [{"id": "levy-8", "name": "Levy", "combat": 4, "morale": 8,
                          "movement": 2, "count": 2, "reconstructed": True,
                          "reason": "a test counter"}],
        "stack": [
            {"side": "athens", "hex": "0505", "facing": "E",
             "counters": ["hoplites1", "hoplites2", "pericles"]},
            {"side": "athens", "hex": "0506", "facing": "E",
             "counters": ["hoplites3", "hoplites4"]},
            {"side": "athens", "hex": "0504", "facing": "E", "counters": ["levy1", "levy2"]},
            {"side": "athens", "hex": "0607", "counters": ["archers"]},
            {"side": "sparta", "hex": "0805", "facing": "W",
             "counters": ["spartiates1", "spartiates2", "agis"]},
            {"side": "sparta", "hex": "0806", "facing": "W",
             "counters": ["spartiates3", "spartiates4"]},
            {"side": "sparta", "hex": "0803", "counters": ["horse1", "horse2"]}],
    }
    doc.update(changes)
    return doc
