"""Raphia §13 — victory points of the troops in good order on the map at the end."""

from __future__ import annotations

from ancients.raphia.state import State, Status

__all__ = ["victory_points", "winner"]


def victory_points(state: State) -> dict[str, int]:
    """§13: points per counter in good order on the map; routs, unrallied pursuers, lost
    and eliminated counters count nothing."""
    points = dict.fromkeys(state.sides, 0)
    table = state.tables.victory.points
    for s in state.stacks:
        if s.status is Status.GOOD:
            points[s.side] += sum(table[state.counter(c).troop_class] for c in s.counters)
    return points


def winner(state: State, points: dict[str, int], tie: str | None) -> str | None:
    """§13: the most points wins; a tie goes to ``tie`` (the scenario's: by default the
    victory table's, the Seleucid player), or is a draw (None)."""
    a, b = state.sides
    if points[a] == points[b]:
        return tie
    return a if points[a] > points[b] else b
