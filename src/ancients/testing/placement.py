"""Moves of tabletop pieces for property tests of what a state keeps about where they
stand (a spatial index, who touches whom) against the brute measures: a shift and turn,
and a charge home on another block's front, drawn by hypothesis as small tuples.

>>> from ancients.tabletop import Block
>>> b = Block(10.0, 10.0, 0.0, 4, 2, 1.0, 1.0)
>>> moved(b, ("shift", 0, 1.0, -2.0, 90.0)).facing
90.0
>>> home = moved(b, ("charge", 0, 1, 0.0), Block(10.0, 20.0, 180.0, 4, 2, 1.0, 1.0))
>>> home.contact_edge(Block(10.0, 20.0, 180.0, 4, 2, 1.0, 1.0)) is not None
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TypeVar

from hypothesis import strategies as st

from ancients.tabletop import Block

__all__ = ["charges", "checked_along", "moved", "shifts"]

S = TypeVar("S")


def shifts(pieces: int = 80) -> st.SearchStrategy[tuple[object, ...]]:
    """``("shift", i, dx, dy, turn)``: piece ``i`` (modulo the pieces) moved by up to 6
    inches each way and turned (often not at all, or square)."""
    return st.tuples(st.just("shift"), st.integers(0, pieces), st.floats(-6, 6),
                     st.floats(-6, 6), st.sampled_from([0.0, 0.0, 90.0, 180.0, 33.0]))


def charges(pieces: int = 80) -> st.SearchStrategy[tuple[object, ...]]:
    """``("charge", i, j, off)``: piece ``i`` put face to face with piece ``j``'s front,
    touching it, ``off`` inches along it (exactly in line, a little off, a hair off)."""
    return st.tuples(st.just("charge"), st.integers(0, pieces), st.integers(0, pieces),
                     st.sampled_from([0.0, 0.0, 1.0, -2.5, 1e-7]))


def moved(block: Block, step: tuple[object, ...], target: Block | None = None) -> Block:
    """``block`` after a step of :func:`shifts` or :func:`charges` (``target``: the block
    a charge goes home on)."""
    if step[0] == "shift":
        _, _, dx, dy, turn = step
        return block.derived(block.x + float(dx), block.y + float(dy),  # type: ignore[arg-type]
                             (block.facing + float(turn)) % 360.0,  # type: ignore[arg-type]
                             block.files, block.ranks)
    if step[0] == "charge" and target is not None:
        rx, ry = math.cos(math.radians(target.facing)), -math.sin(math.radians(target.facing))
        off = float(step[3])  # type: ignore[arg-type]
        return block.derived(target.x + rx * off, target.y + ry * off,
                             (target.facing + 180.0) % 360.0, block.files, block.ranks)
    raise ValueError(f"not a shift or a charge (with its target): {step!r}")


def checked_along(state: S, steps: Sequence[tuple[object, ...]],
                  apply: Callable[[S, tuple[object, ...]], None],
                  check: Callable[[S], None], every: int = 1) -> None:
    """``check(state)`` before the steps, after every ``every``-th (so that sometimes
    several pieces have changed since the last question) and after the last."""
    check(state)
    for n, step in enumerate(steps):
        apply(state, step)
        if n % every == 0:
            check(state)
    check(state)
