"""Hypothesis strategies for Hoplomachia: cards, divisions (as scenario entries), whole
scenario documents and mid-battle positions. Needs the ``test`` extra (hypothesis)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from ancients.battle import Battle
from ancients.hoplomachia.rules import default_rules
from ancients.scenario import Scenario
from ancients.testing.strategies import battles

__all__ = ["cards", "division_entries", "positions", "scenario_documents"]


def cards() -> st.SearchStrategy[str]:
    """The key of any unit card."""
    return st.sampled_from(sorted(default_rules().cards.cards))


@st.composite
def division_entries(draw: st.DrawFn, did: str = "d", x: float = 36.0, y: float = 10.0,
                     facing: float = 0.0) -> dict[str, Any]:
    """A scenario ``divisions`` entry of any card, with a legal number of units and
    stands (its front-centre at (x, y))."""
    rules = default_rules()
    key = draw(cards())
    card = rules.cards[key]
    org = rules.cards.organisation[card.category]
    lo, hi = org.group_size
    units = draw(st.integers(lo, min(hi, 3)))
    entry: dict[str, Any] = {"id": did, "name": did, "card": key, "units": units,
                             "stands": draw(st.sampled_from(org.stands)), "x": x, "y": y,
                             "facing": facing}
    if card.disciplined:
        entry["arrangement"] = draw(st.sampled_from([str(a) for a in
                                                     card.movement.arrangements]))
    return entry


def _frontage(entry: dict[str, Any]) -> float:
    rules = default_rules()
    card = rules.cards[entry["card"]]
    w, _ = rules.play.base(card.category)
    files, _ = rules.play.shape(card.category, entry["stands"])
    return float(entry["units"] * files * w)


@st.composite
def scenario_documents(draw: st.DrawFn, max_divisions: int = 3) -> dict[str, Any]:
    """A small scenario document that loads: a table of any size with up to two areas
    of terrain, two armies of any nation with one to ``max_divisions`` divisions each
    in lines facing each other, a little askew, and a turn limit of 2 to 6."""
    rules = default_rules()
    width = draw(st.floats(40.0, 72.0))
    depth = draw(st.floats(36.0, 48.0))
    terrain = []
    kinds = sorted([*rules.movement.terrain, "hill", "works"])
    for i in range(draw(st.integers(0, 2))):
        x0, y0 = draw(st.floats(0.0, width - 6.0)), draw(st.floats(0.0, depth - 6.0))
        w, d = draw(st.floats(2.0, 10.0)), draw(st.floats(2.0, 8.0))
        terrain.append({"kind": draw(st.sampled_from(kinds)), "name": f"area {i}",
                        "polygon": [[x0, y0], [x0 + w, y0], [x0 + w * 0.8, y0 + d],
                                    [x0, y0 + d * 0.9]]})
    sides = []
    nations = sorted(rules.arete.tracks)
    for name, y, facing in (("south", depth * 0.3, 0.0), ("north", depth * 0.7, 180.0)):
        left = 2.0
        entries: list[dict[str, Any]] = []
        for i in range(draw(st.integers(1, max_divisions))):
            tilt = draw(st.floats(-15.0, 15.0))
            entry = draw(division_entries(f"{name}-{i}", 0.0, y, facing + tilt))
            reach = _frontage(entry) + 4.0
            if entries and left + reach > width - 2.0:
                break
            entry["x"] = left + reach / 2.0
            left += reach
            entries.append(entry)
        sides.append({"name": name, "title": name.title(),
                      "nation": draw(st.sampled_from(nations)),
                      "arete": draw(st.one_of(st.integers(2, 20), st.just("roll"))),
                      "preparation": draw(st.booleans()),
                      "strategoi": [{"id": f"{name}-hegemon",
                                     "character": draw(st.sampled_from(
                                         ["crafty", "promachos", "demagogue",
                                          "fellow hoplite"])),
                                     "hegemon": True, "with": entries[0]["id"]}],
                      "divisions": entries})
    return {"name": "generated", "title": "Generated", "turn_limit": draw(st.integers(2, 6)),
            "table": {"width": width, "depth": depth, "terrain": terrain}, "sides": sides}


def positions(scenario: str | Path | Scenario | None = None,
              max_decisions: int = 150) -> st.SearchStrategy[Battle]:
    """A Hoplomachia battle played with random legal decisions to a random point."""
    return battles("hoplomachia", scenario, max_decisions=max_decisions)
