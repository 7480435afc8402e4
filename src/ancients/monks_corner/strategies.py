"""Hypothesis strategies for Monk's Corner: phalanx shapes, units (as scenario entries and
as live units) and mid-battle positions. Needs the ``test`` extra (hypothesis)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from ancients.battle import Battle
from ancients.monks_corner.troops import LEGAL_SHAPES, Missile, Troop, Unit
from ancients.scenario import Scenario
from ancients.tabletop import Block
from ancients.testing.strategies import battles

__all__ = ["phalanx_shapes", "phalanxes", "positions", "unit_entries"]

_MISSILES = {
    Troop.MEDIUM: (Missile.NONE, Missile.JAVELIN),
    Troop.LIGHT: (Missile.JAVELIN, Missile.BOW, Missile.SLING),
    Troop.HORSE: (Missile.NONE, Missile.JAVELIN),
}


def phalanx_shapes() -> st.SearchStrategy[tuple[int, int]]:
    """(figures, ranks) of every legal phalanx (Monk's Corner, Phalanxes 1)."""
    return st.sampled_from([(n, r) for n, shapes in LEGAL_SHAPES.items() for r, _ in shapes])


@st.composite
def unit_entries(draw: st.DrawFn, side: str = "south", x: float = 24.0, y: float = 10.0,
                 facing: float = 0.0, uid: str = "u") -> dict[str, Any]:
    """A scenario ``[[units]]`` entry: a legal phalanx or another troop type."""
    troop = draw(st.sampled_from(list(Troop)))
    entry: dict[str, Any] = {"id": uid, "name": uid, "side": side, "troop": troop.value,
                             "x": x, "y": y, "facing": facing}
    if troop is Troop.PHALANX:
        figures, ranks = draw(phalanx_shapes())
        entry |= {"figures": figures, "ranks": ranks, "spartan": draw(st.booleans())}
    else:
        entry |= {"figures": draw(st.integers(1, 12)), "ranks": 1,
                  "missile": draw(st.sampled_from(_MISSILES[troop])).value}
    return entry


@st.composite
def phalanxes(draw: st.DrawFn, max_losses: int | None = None) -> Unit:
    """A live phalanx of a legal shape, with some casualties taken off its rear rank."""
    figures, ranks = draw(phalanx_shapes())
    files = figures // ranks
    block = Block(36.0, 24.0, draw(st.sampled_from([0.0, 90.0, 180.0, 270.0])), files, ranks,
                  0.75, 0.75)
    unit = Unit("p", "phalanx", "south", "south", Troop.PHALANX, Missile.NONE,
                draw(st.booleans()), block, files, ranks, files, figures, ranks, formed=True)
    unit.remove(draw(st.integers(0, figures if max_losses is None else max_losses)))
    return unit


def positions(scenario: str | Path | Scenario | None = None,
              max_decisions: int = 150) -> st.SearchStrategy[Battle]:
    """A Monk's Corner battle played with random legal decisions to a random point."""
    return battles("monks_corner", scenario, max_decisions=max_decisions)
