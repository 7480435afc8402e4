"""The ruleset's own invariants, checked by the conformance suite after every step."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ancients.raphia.stacking import stack_problem
from ancients.raphia.state import Status
from ancients.raphia.victory import victory_points

if TYPE_CHECKING:
    from ancients.raphia.battle import RaphiaBattle

__all__ = ["check"]


def check(battle: RaphiaBattle) -> Iterator[str]:
    """Yield a message for each broken invariant."""
    st = battle.state
    seen: dict[str, int] = {}
    sides_at: dict[object, set[str]] = {}
    good_at: dict[object, int] = {}
    for s in st.stacks:
        if not s.counters:
            yield f"stack {s.sid} is empty"
        if not st.board.passable(s.hex):
            yield f"stack {s.sid} stands on impassable {st.board.label(s.hex)}"
        for c in s.counters:
            seen[c] = seen.get(c, 0) + 1
            if st.counter(c).side != s.side:
                yield f"{c} is in a {s.side} stack"
        sides_at.setdefault(s.hex, set()).add(s.side)
        if s.status is Status.GOOD:
            good_at[s.hex] = good_at.get(s.hex, 0) + 1
            problem = stack_problem(st, s.counters)
            if problem:  # §5 stacking limits
                yield f"stack in {st.board.label(s.hex)}: {problem}"
        if st.is_phalanx(s) and s.facing is None:
            yield f"phalanx stack in {st.board.label(s.hex)} has no facing"
        if s.status is Status.PURSUING and not s.pursued:
            yield f"pursuer in {st.board.label(s.hex)} pursues nobody"
    for cid in battle.deployed:
        on_map = seen.get(cid, 0)
        if on_map > 1:
            yield f"{cid} is in {on_map} stacks"
        if (on_map == 1) == (cid in st.gone):
            yield f"{cid} must be either on the map or eliminated/lost"
    for h, sides in sides_at.items():
        if len(sides) > 1:
            yield f"both sides' units share {st.board.label(h)}"  # type: ignore[arg-type]
    for h, n in good_at.items():
        if n > 1:
            yield f"{n} stacks in good order share {st.board.label(h)}"  # type: ignore[arg-type]
    if battle.finished:
        outcome = battle.outcome
        assert outcome is not None
        vp = victory_points(st)
        if {k: float(v) for k, v in vp.items()} != dict(outcome.score):
            yield f"score {dict(outcome.score)} is not the victory points {vp} (§13)"
