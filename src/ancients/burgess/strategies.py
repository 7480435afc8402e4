"""Hypothesis strategies for Burgess: units (as scenario entries of every troop class, with
a legal armour class and weapon), whole scenario documents (a table with hills, woods,
marsh, hedges, walls, rivers and a building, two armies facing each other) and
mid-battle positions. Needs the ``test`` extra (hypothesis)."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from ancients.battle import Battle
from ancients.burgess.rules import load_rules
from ancients.burgess.troops import Arm, Armour, TroopClass
from ancients.scenario import Scenario
from ancients.testing.strategies import battles

__all__ = ["positions", "scenario_documents", "unit_entries"]

_ARMOUR = {Arm.INFANTRY: [Armour.UNARMOURED_INFANTRY, Armour.PARTIAL_INFANTRY,
                          Armour.FULL_INFANTRY],
           Arm.CAVALRY: [Armour.UNARMOURED_CAVALRY, Armour.MAILED_CAVALRY,
                         Armour.ARMOURED_CAVALRY]}


@st.composite
def unit_entries(draw: st.DrawFn, side: str = "south", x: float = 24.0, y: float = 10.0,
                 facing: float = 0.0, uid: str = "u") -> dict[str, Any]:
    """A scenario ``[[units]]`` entry: any troop class with an armour class and a weapon
    it may carry, a few to two dozen figures in one to three ranks (an elephant alone)."""
    rules = load_rules()
    troop = draw(st.sampled_from(list(TroopClass)))
    data = rules.troops[troop]
    entry: dict[str, Any] = {"id": uid, "name": uid, "side": side, "troop": troop.value,
                             "x": x, "y": y, "facing": facing}
    if data.armour is not None:
        entry["armour"] = draw(st.sampled_from(_ARMOUR[data.armour])).value
    if data.weapon is None and data.weapons:
        weapon = draw(st.sampled_from([None, *sorted(data.weapons)]))
        if weapon is not None:
            entry["weapon"] = str(weapon)
    if troop is TroopClass.ELEPHANTS:
        entry["figures"] = 1
    elif data.arm is Arm.WAR_ENGINES:
        entry["figures"] = draw(st.integers(1, 2))
    else:
        figures = draw(st.integers(2, 24))
        ranks = draw(st.integers(1, min(3, figures)))
        files = math.ceil(figures / ranks)
        while figures - files * (ranks - 1) < 1:  # only the rear rank may be short
            ranks -= 1
            files = math.ceil(figures / ranks)
        entry |= {"figures": figures, "ranks": ranks}
    if data.arm is Arm.INFANTRY:
        entry["spearmen"] = draw(st.booleans())
        entry["guards"] = draw(st.booleans())
    if data.arm is Arm.CAVALRY:
        entry["stabled_with_elephants"] = draw(st.booleans())
    return entry


def _extent(entry: dict[str, Any]) -> tuple[float, float]:
    """(frontage, depth) in inches of an entry's block."""
    width, deep = load_rules().table.bases[TroopClass(entry["troop"])]
    ranks = int(entry.get("ranks", 1))
    files = math.ceil(entry["figures"] / ranks)
    return files * width, ranks * deep


@st.composite
def scenario_documents(draw: st.DrawFn, max_units: int = 3) -> dict[str, Any]:
    """A small scenario document (the TOML as a dict) that loads: a table of any size
    with up to two areas of hill, woods or marsh, a hedge, wall or river across its
    middle and perhaps a building, and two sides of one to ``max_units`` units each
    (:func:`unit_entries`) in lines facing each other, a little askew; a C-in-C each;
    a turn limit of 2 to 6."""
    width = draw(st.floats(40.0, 72.0))
    depth = draw(st.floats(36.0, 48.0))
    terrain = []
    for i in range(draw(st.integers(0, 2))):
        x0 = draw(st.floats(0.0, width - 8.0))
        y0 = draw(st.floats(depth * 0.4, depth * 0.55))
        w, d = draw(st.floats(3.0, 12.0)), draw(st.floats(2.0, depth * 0.1))
        kind = draw(st.sampled_from(["hill", "woods", "marsh"]))
        area: dict[str, Any] = {"kind": kind, "name": f"area {i}",
                                "polygon": [[x0, y0], [x0 + w, y0], [x0 + w * 0.8, y0 + d],
                                            [x0, y0 + d * 0.9]]}
        if kind == "hill":
            area["downhill"] = draw(st.sampled_from([0.0, 180.0]))
        terrain.append(area)
    lines: list[dict[str, Any]] = []
    if draw(st.booleans()):
        kind = draw(st.sampled_from(["hedge", "wall", "fence", "river", "road"]))
        y = depth * draw(st.floats(0.45, 0.55))
        line: dict[str, Any] = {"kind": kind, "name": kind,
                                "points": [[0.0, y], [width, y + draw(st.floats(-2, 2))]]}
        if kind == "river":
            line["size"] = draw(st.sampled_from(["large", "small"]))
        lines.append(line)
    buildings = []
    if draw(st.booleans()):
        x0 = draw(st.floats(2.0, width - 10.0))
        y0 = depth * 0.47
        buildings.append({"id": "house", "defence": draw(st.sampled_from(
            ["small building", "medium building", "large building", "small bastion"])),
            "polygon": [[x0, y0], [x0 + 6.0, y0], [x0 + 6.0, y0 + 3.0], [x0, y0 + 3.0]]})
    units: list[dict[str, Any]] = []
    sides = []
    for side, y, facing in (("south", depth * 0.25, 0.0), ("north", depth * 0.75, 180.0)):
        left = 1.0
        line_units: list[dict[str, Any]] = []
        for i in range(draw(st.integers(1, max_units))):
            entry = draw(unit_entries(side=side, y=y, uid=f"{side}-{i}",
                                      facing=facing + draw(st.floats(-20.0, 20.0))))
            frontage, deep = _extent(entry)
            reach = frontage + 0.5 * deep + 1.5  # room for the tilt, and a gap
            if line_units and left + reach > width - 1.0:
                break
            entry["x"] = left + reach / 2.0
            left += reach
            line_units.append(entry)
        commanders = [e for e in line_units if e["troop"] not in
                      ("elephants", "HV war engine", "LT war engine")]
        entry_side: dict[str, Any] = {"name": side}
        with_c_in_c: bool = draw(st.booleans())
        if commanders and with_c_in_c:
            entry_side["c_in_c"] = commanders[0]["id"]
        sides.append(entry_side)
        units += line_units
    return {"name": "generated", "title": "Generated", "turn_limit": draw(st.integers(2, 6)),
            "table": {"width": width, "depth": depth, "terrain": terrain, "lines": lines,
                      "buildings": buildings},
            "sides": sides, "units": units}


def positions(scenario: str | Path | Scenario | None = None,
              max_decisions: int = 150) -> st.SearchStrategy[Battle]:
    """A Burgess battle played with random legal decisions to a random point."""
    return battles("burgess", scenario, max_decisions=max_decisions)
