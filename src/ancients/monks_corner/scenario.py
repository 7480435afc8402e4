"""Scenarios: the table, its terrain, the sides with their alliance leaders, and the units,
read from TOML through :class:`ancients.scenario.Field` so every error names the file and
the field (Monk's Corner, Phalanxes 1: only legal phalanx shapes deploy)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from ancients.errors import GeometryError
from ancients.monks_corner.rules import RULES, Rules
from ancients.monks_corner.troops import Missile, Troop, files_for
from ancients.scenario import Field, Scenario
from ancients.tabletop import Block, Table, Terrain, TerrainArea

__all__ = ["Setup", "SideSetup", "UnitSetup", "parse_scenario"]

#: Monk's Corner knows clear and rough ground; woods, marsh and the like count as rough.
TERRAIN_KINDS = ("rough", "woods", "marsh", "swamp", "hill")

# Monk's Corner, Sequence 3-4: who may carry which missiles.
_MISSILES = {
    Troop.PHALANX: (Missile.NONE,),
    Troop.MEDIUM: (Missile.NONE, Missile.JAVELIN),
    Troop.LIGHT: (Missile.NONE, Missile.JAVELIN, Missile.BOW, Missile.SLING),
    Troop.HORSE: (Missile.NONE, Missile.JAVELIN),
}


@attrs.frozen
class SideSetup:
    name: str
    title: str
    leader: str  # the contingent leading the alliance ("" if none)


@attrs.frozen
class UnitSetup:
    id: str
    name: str
    side: str
    contingent: str
    troop: Troop
    missile: Missile
    spartan: bool
    figures: int
    ranks: int
    files: int
    block: Block
    note: str = ""


@attrs.frozen
class Setup:
    table: Table
    sides: tuple[SideSetup, ...]
    units: tuple[UnitSetup, ...]
    scale: str
    turn_limit: int  # 0: the ruleset option's


def _table(doc: Field) -> Table:
    t = doc.get("table")
    if t.missing:
        return Table()
    t.check_keys(["width", "depth", "terrain"])
    width = t.get("width").as_float(72.0, min=6.0, max=1000.0)
    depth = t.get("depth").as_float(48.0, min=6.0, max=1000.0)
    areas = []
    terr = t.get("terrain")
    for a in ([] if terr.missing else terr.items()):
        a.check_keys(["kind", "name", "polygon"])
        kind = Terrain(a["kind"].choice(TERRAIN_KINDS))
        points = a["polygon"].as_points(3)
        try:
            areas.append(TerrainArea(kind, points, name=a.get("name").as_str("")))
        except GeometryError as e:
            raise a["polygon"].error(str(e)) from None
    return Table(width, depth, tuple(areas))


def _bases(doc: Field, rules: Rules) -> dict[str, tuple[float, float]]:
    bases = dict(rules.bases)  # the rules' reconstructed bases, unless the scenario's own
    b = doc.get("bases")
    if not b.missing:
        b.check_keys(["foot", "horse"])
        for key in ("foot", "horse"):
            f = b.get(key)
            if not f.missing:
                wd = list(f.items())
                if len(wd) != 2:
                    raise f.error("a base is [width, depth] in inches")
                bases[key] = (wd[0].as_float(min=0.1, max=6.0), wd[1].as_float(min=0.1, max=6.0))
    return bases


def _unit(u: Field, sides: dict[str, SideSetup], bases: dict[str, tuple[float, float]],
          table: Table, rules: Rules) -> UnitSetup:
    u.check_keys(["id", "name", "side", "contingent", "troop", "missile", "spartan",
                  "figures", "ranks", "x", "y", "facing", "note"])
    uid = u["id"].as_str(pattern=r"[A-Za-z0-9_.-]+")
    side = u["side"].choice(list(sides))
    troop = u["troop"].enum(Troop)
    missile = u.get("missile").enum(Missile, "none")
    if isinstance(missile, str):
        missile = Missile(missile)
    if missile not in _MISSILES[troop]:
        raise u["missile"].error(
            f"{troop.value} may not carry {missile.value}s; allowed: "
            + ", ".join(m.value for m in _MISSILES[troop]))
    spartan = u.get("spartan").as_bool(False)
    if spartan and troop is not Troop.PHALANX:
        raise u["spartan"].error("only a phalanx can be Spartan")
    figures = u["figures"].as_int(min=1, max=200)
    if troop is Troop.PHALANX:
        # Monk's Corner, Phalanxes 1: the legal shapes, and nothing else
        shapes = rules.legal_shapes
        if figures not in shapes:
            raise u["figures"].error(
                f"a phalanx is {rules.min_companies} to {rules.max_companies} companies of "
                f"{rules.company} figures ({rules.sizes_text()}), got {figures}; legal "
                f"shapes (ranks x files): {rules.legal_shapes_text()}")
        ranks = u["ranks"].as_int(min=1, max=figures)
        if not rules.legal_shape(figures, ranks):
            raise u["ranks"].error(
                f"a phalanx of {figures} cannot deploy {ranks} ranks deep; legal shapes "
                f"(ranks x files): " + " or ".join(f"{r}x{f}" for r, f in shapes[figures]))
        files = figures // ranks
    else:
        ranks = u.get("ranks").as_int(1, min=1, max=figures)
        files = files_for(figures, ranks)
    width, depth = bases["horse" if troop is Troop.HORSE else "foot"]
    facing = u.get("facing").as_float(0.0 if side == next(iter(sides)) else 180.0)
    block = Block(u["x"].as_float(), u["y"].as_float(), facing, files, ranks, width, depth)
    if not table.contains(block):
        raise u["x"].error(f"unit {uid} does not lie wholly on the "
                           f"{table.width:g} x {table.depth:g} inch table")
    return UnitSetup(uid, u["name"].as_str(), side, u.get("contingent").as_str(side), troop,
                     missile, spartan, figures, ranks, files, block, u.get("note").as_str(""))


def parse_scenario(data: Mapping[str, Any], source: str | None = None,
                   rules: Rules = RULES) -> Scenario:
    """Validate a Monk's Corner scenario document (under ``rules``, a variant's numbers:
    its phalanx shapes and bases)."""
    doc = Field.root(data, source)
    doc.check_keys(["name", "title", "description", "scale", "turn_limit", "table", "bases",
                    "sides", "units"])
    table = _table(doc)
    bases = _bases(doc, rules)
    sides: dict[str, SideSetup] = {}
    side_items = list(doc["sides"].items())
    if len(side_items) != 2:
        raise doc["sides"].error(f"a battle has exactly two sides, got {len(side_items)}")
    for s in side_items:
        s.check_keys(["name", "title", "leader"])
        name = s["name"].as_str(pattern=r"[a-z][a-z0-9_-]*")
        if name in sides:
            raise s["name"].error(f"duplicate side {name!r}")
        sides[name] = SideSetup(name, s.get("title").as_str(name), s.get("leader").as_str(""))
    units: list[UnitSetup] = []
    for u in doc["units"].items():
        unit = _unit(u, sides, bases, table, rules)
        for other in units:
            if other.id == unit.id:
                raise u["id"].error(f"duplicate unit id {unit.id!r}")
            if other.block.overlaps(unit.block):
                raise u["x"].error(f"unit {unit.id} overlaps unit {other.id}")
        units.append(unit)
    for i, s in enumerate(side_items):
        side = sides[s["name"].value]
        if side.leader and not any(u.side == side.name and u.contingent == side.leader
                                   and u.troop is Troop.PHALANX for u in units):
            raise s["leader"].error(f"the alliance leader {side.leader!r} has no phalanx "
                                    f"on side {side.name!r} (sides[{i}])")
    for name in sides:
        if not any(u.side == name for u in units):
            raise doc["units"].error(f"side {name!r} has no units")
    setup = Setup(table, tuple(sides.values()), tuple(units), doc.get("scale").as_str(""),
                  doc.get("turn_limit").as_int(0, min=0, max=1000))
    return Scenario(name=doc["name"].as_str(), title=doc["title"].as_str(),
                    sides=tuple(sides), data=data, parsed=setup,
                    description=doc.get("description").as_str(""), source=source)
