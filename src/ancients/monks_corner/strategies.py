"""Hypothesis strategies for Monk's Corner: phalanx shapes, units (as scenario entries and
as live units), whole scenario documents and mid-battle positions. Needs the ``test``
extra (hypothesis)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from ancients.battle import Battle
from ancients.monks_corner.troops import LEGAL_SHAPES, Missile, Troop, Unit
from ancients.scenario import Scenario
from ancients.tabletop import Block
from ancients.testing.strategies import battles

__all__ = ["phalanx_shapes", "phalanxes", "positions", "scenario_documents", "unit_entries"]

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


@st.composite
def scenario_documents(draw: st.DrawFn, max_units: int = 3) -> dict[str, Any]:
    """A small scenario document (the TOML as a dict) that loads: a table of any size with
    up to two areas of rough ground, woods or marsh, bases of any shape, and two sides of
    one to ``max_units`` units each (:func:`unit_entries`) in lines facing each other,
    a little askew, each side an alliance when it has a phalanx; a turn limit of 2 to 12.
    For properties of the whole battle on tables other than the built-in ones."""
    width = draw(st.floats(36.0, 72.0))
    depth = draw(st.floats(30.0, 48.0))
    bases = {"foot": [draw(st.floats(0.5, 1.2)), draw(st.floats(0.5, 1.2))],
             "horse": [draw(st.floats(0.5, 1.2)), draw(st.floats(1.0, 2.0))]}
    terrain = []
    for i in range(draw(st.integers(0, 2))):
        x0, y0 = draw(st.floats(0.0, width - 6.0)), draw(st.floats(0.0, depth - 6.0))
        w, d = draw(st.floats(2.0, 12.0)), draw(st.floats(2.0, 12.0))
        terrain.append({"kind": draw(st.sampled_from(["rough", "woods", "marsh"])),
                        "name": f"area {i}",
                        "polygon": [[x0, y0], [x0 + w, y0], [x0 + w * 0.8, y0 + d],
                                    [x0, y0 + d * 0.9]]})
    units: list[dict[str, Any]] = []
    sides = []
    for side, y, facing in (("south", depth * 0.25, 0.0), ("north", depth * 0.75, 180.0)):
        left = 1.0  # where the next unit's footprint may begin
        line: list[dict[str, Any]] = []
        for i in range(draw(st.integers(1, max_units))):
            entry = draw(unit_entries(side=side, y=y, uid=f"{side}-{i}",
                                      facing=facing + draw(st.floats(-20.0, 20.0))))
            base = bases["horse" if entry["troop"] == Troop.HORSE.value else "foot"]
            files = entry["figures"] // entry["ranks"] + (entry["figures"] % entry["ranks"] > 0)
            frontage, deep = files * base[0], entry["ranks"] * base[1]
            reach = frontage + 0.5 * deep + 1.0  # room for the tilt, and a gap
            if line and left + reach > width - 1.0:
                break
            entry["x"] = left + reach / 2.0
            entry["contingent"] = draw(st.sampled_from(["a", "b"]))
            left += reach
            line.append(entry)
        phalanxes = [e for e in line if e["troop"] == Troop.PHALANX.value]
        sides.append({"name": side, "leader": phalanxes[0]["contingent"] if phalanxes else ""})
        units += line
    return {"name": "generated", "title": "Generated", "turn_limit": draw(st.integers(2, 12)),
            "table": {"width": width, "depth": depth, "terrain": terrain}, "bases": bases,
            "sides": sides, "units": units}


def positions(scenario: str | Path | Scenario | None = None,
              max_decisions: int = 150) -> st.SearchStrategy[Battle]:
    """A Monk's Corner battle played with random legal decisions to a random point."""
    return battles("monks_corner", scenario, max_decisions=max_decisions)
