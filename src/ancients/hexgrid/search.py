"""Reachability and cheapest paths on the unbounded grid (Dijkstra)."""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable
from typing import TypeAlias

from ancients.errors import GeometryError
from ancients.hexgrid.coords import Hex
from ancients.hexgrid.hexsets import HexSet, _as_predicate

#: Cost of stepping from the first hex into the second; ``None`` means impassable.
StepCost: TypeAlias = "Callable[[Hex, Hex], float | None]"


def _unit_step(_a: Hex, _b: Hex) -> float:
    return 1.0


def _dijkstra(
    start: Hex,
    budget: float,
    cost: StepCost | None,
    blocked: HexSet | None,
    in_bounds: HexSet | None,
    goal: Hex | None,
) -> tuple[dict[Hex, float], dict[Hex, Hex]]:
    if math.isinf(budget) and in_bounds is None:
        raise GeometryError("unbounded search: give a finite budget or an in_bounds set")
    if math.isnan(budget):
        raise GeometryError("budget must not be NaN")
    step = cost or _unit_step
    is_blocked = _as_predicate(blocked)
    inside = _as_predicate(in_bounds) if in_bounds is not None else None
    start = Hex(*start)
    best: dict[Hex, float] = {start: 0.0}
    parent: dict[Hex, Hex] = {}
    done: dict[Hex, float] = {}
    heap: list[tuple[float, Hex]] = [(0.0, start)]
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        d, h = pop(heap)
        if h in done:
            continue
        done[h] = d
        if h == goal:
            break
        for nb in h.neighbors():
            if nb in done or (inside is not None and not inside(nb)) or is_blocked(nb):
                continue
            c = step(h, nb)
            if c is None:
                continue
            if not c >= 0:
                raise GeometryError(f"step cost {h} -> {nb} must be >= 0 or None, got {c!r}")
            nd = d + c
            if nd <= budget and nd < best.get(nb, math.inf):
                best[nb] = nd
                parent[nb] = h
                push(heap, (nd, nb))
    return done, parent


def reachable(
    start: Hex,
    budget: float,
    cost: StepCost | None = None,
    *,
    blocked: HexSet | None = None,
    in_bounds: HexSet | None = None,
) -> dict[Hex, float]:
    """Every hex reachable from ``start`` within ``budget``, with its cheapest cost.

    Dijkstra over steps costing ``cost(from_hex, to_hex)`` (default 1; ``None`` =
    impassable, negative costs are an error).  ``blocked`` hexes can't be entered and
    hexes outside ``in_bounds`` (predicate or container, e.g. a :class:`HexBoard`) are
    ignored.  ``start`` is always included at cost 0.  An infinite budget needs
    ``in_bounds``.
    """
    done, _ = _dijkstra(start, budget, cost, blocked, in_bounds, None)
    return done


def path_to(
    start: Hex,
    goal: Hex,
    cost: StepCost | None = None,
    *,
    budget: float = math.inf,
    blocked: HexSet | None = None,
    in_bounds: HexSet | None = None,
) -> list[Hex] | None:
    """A cheapest path ``[start, ..., goal]`` within ``budget``, or ``None``.

    Same arguments as :func:`reachable`.  Ties are broken deterministically: hexes are
    settled in (cost, q, r) order and each keeps the first settled predecessor that
    reached it at its final cost.
    """
    goal = Hex(*goal)
    done, parent = _dijkstra(start, budget, cost, blocked, in_bounds, goal)
    if goal not in done:
        return None
    path = [goal]
    while path[-1] in parent:
        path.append(parent[path[-1]])
    path.reverse()
    return path
