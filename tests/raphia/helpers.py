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
        self.state.stacks.clear()
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
