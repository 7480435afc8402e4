"""Raphia §2 — scenarios: the deployment read from TOML and checked against the rules; a
scenario may bring its own map, counters and tie rule (a translated order of battle, a
duel)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from ancients.dice import Dice
from ancients.errors import GeometryError
from ancients.events import Event
from ancients.hexgrid import Hex
from ancients.raphia.board import Board, parse_board
from ancients.raphia.counters import CounterSet, TroopClass, scenario_counters
from ancients.raphia.edition import EditionRules
from ancients.raphia.options import corner_name
from ancients.raphia.stacking import stack_problem
from ancients.raphia.state import State
from ancients.raphia.tables import Tables
from ancients.scenario import Field, Scenario

__all__ = ["RaphiaSetup", "StackSpec", "parse_scenario"]

_CORNERS = {corner_name(c): c for c in range(1, 7)}


@attrs.frozen
class StackSpec:
    side: str
    hex: Hex
    counters: tuple[str, ...]
    facing: int | None


@attrs.frozen
class RaphiaSetup:
    """A scenario, parsed: its stacks, its own map and counters if it gives them (None:
    the ruleset's), and the side that wins a tie of victory points (None: a draw)."""

    stacks: tuple[StackSpec, ...]
    board: Board | None = None
    counters: CounterSet | None = None
    tie: str | None = None


def _zones_allowed(cls: TroopClass) -> set[str]:
    """§2: phalanx stacks stand in the row behind the line; cavalry, elephants and light
    infantry up to two hexes in front of it; anything but phalanxes in reserve."""
    if cls is TroopClass.PHALANX:
        return {"line"}
    if cls in (TroopClass.CAVALRY, TroopClass.ELEPHANT, TroopClass.LIGHT):
        return {"line", "front1", "front2", "reserve"}
    return {"line", "reserve"}


def _no_event(*args: Any, **kwargs: Any) -> Event:
    raise AssertionError("no events while reading a scenario")


def parse_scenario(data: Mapping[str, Any], source: str | None, board: Board,
                   counters: CounterSet, tables: Tables, edition: EditionRules) -> Scenario:
    """Read and check a deployment on ``board`` with ``counters`` (the ruleset's, unless
    the scenario gives its own ``[map]`` and ``[[counter]]`` list); ScenarioError names
    the file and the field."""
    doc = Field.root(data, source)
    doc.check_keys(["name", "title", "description", "sides", "tie", "map", "counter",
                    "championship", "stack"])
    name = doc["name"].as_str(pattern=r"[\w.-]+")
    own_board = parse_board(doc["map"]) if not doc.get("map").missing else None
    board = own_board or board
    sides = board.sides
    sides_f = doc.get("sides")
    if not sides_f.missing:
        given = tuple(s.as_str() for s in sides_f.items())
        if given != sides:
            raise sides_f.error(f"the map deploys the sides {list(sides)}: a scenario on it "
                                "has those sides, in that order")
    own_counters = None
    if not doc.get("counter").missing:
        own_counters = scenario_counters(doc, sides)
    elif not doc.get("championship").missing:
        raise doc["championship"].error("championship counters come with the scenario's "
                                        "own [[counter]] list")
    counters = own_counters or counters
    tie = _tie(doc.get("tie"), sides, tables)
    probe = State(board, counters, tables, edition, Dice(0), _no_event)
    used: set[str] = set()
    hexes: set[Hex] = set()
    specs: list[StackSpec] = []
    for sf in doc["stack"].items():
        sf.check_keys(["side", "hex", "facing", "counters", "note"])
        side = sf["side"].choice(list(sides))
        hf = sf["hex"]
        try:
            h = board.hex(hf.as_str(pattern=r"\d{4}"))
        except GeometryError as e:
            raise hf.error(str(e)) from None
        if not board.passable(h):
            raise hf.error(f"hex {board.label(h)} is {board.terrain_at(h).name.lower()}, "
                           "impassable (§1)")
        if h in hexes:
            raise hf.error(f"hex {board.label(h)} already holds a stack")
        hexes.add(h)
        ids: list[str] = []
        for cf in sf["counters"].items():
            cid = cf.as_str()
            if cid not in counters:
                raise cf.error(f"no counter {cid!r}")
            if counters[cid].side != side:
                raise cf.error(f"{cid} is a {counters[cid].side} counter")
            if cid in used:
                raise cf.error(f"{cid} is deployed twice")
            used.add(cid)
            ids.append(cid)
        if not ids:
            raise sf["counters"].error("a stack needs at least one counter")
        problem = stack_problem(probe, ids)
        if problem:
            raise sf["counters"].error(f"illegal stack (§5): {problem}")
        fighters = [counters[c] for c in ids if not counters[c].leader]
        if fighters and any(c.leader for c in (counters[x] for x in ids[:1])):
            raise sf["counters"].error("list the leader below the combat counters")
        cls = fighters[0].troop_class if fighters else TroopClass.LEADER
        line = board.lines[side]
        zone = line.zone(board.column(h))
        allowed = _zones_allowed(cls)
        if zone not in allowed:
            raise hf.error(f"{cls.words} may not deploy in {board.label(h)} ({zone}); §2 allows "
                           + ", ".join(sorted(allowed)))
        if not line.first_row <= board.row(h) <= line.last_row:
            raise hf.error(f"hex {board.label(h)} is outside the deployment rows "
                           f"{line.first_row + 1}..{line.last_row + 1}")
        ff = sf.get("facing")
        facing = None
        if cls is TroopClass.PHALANX:
            facing = _CORNERS.get(ff.as_str()) if not ff.missing else None
            if facing is None:
                raise ff.error("a phalanx faces a hex corner (§6): one of "
                               + ", ".join(_CORNERS))
        elif not ff.missing:
            raise ff.error("only phalanxes have a facing (§6)")
        specs.append(StackSpec(side, h, tuple(ids), facing))
    for side in sides:
        if not any(s.side == side for s in specs):
            raise doc["stack"].error(f"no {side} troops deployed")
    return Scenario(name=name, title=doc["title"].as_str(), sides=sides, data=data,
                    parsed=RaphiaSetup(tuple(specs), own_board, own_counters, tie),
                    description=doc.get("description").as_str(""), source=source)


def _tie(f: Field, sides: tuple[str, ...], tables: Tables) -> str | None:
    """§13: who wins a tie of victory points: the scenario's ``tie`` (a side, or "draw"),
    by default the victory table's (the Seleucid player), if it is one of the sides."""
    if f.missing:
        return tables.victory.tie if tables.victory.tie in sides else None
    tie = f.choice([*sides, "draw"])
    return None if tie == "draw" else str(tie)
