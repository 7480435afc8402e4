"""Scenarios: the table with its ground, its lines (hedges, walls, fences, rivers, roads)
and its buildings, the two sides with their C-in-C and staff officers, and the units, each
a block of figures with its officer and standard; read from TOML through
:class:`ancients.scenario.Field`, so that every error names the file and the field.

The format is documented in ``docs/rulesets/burgess.md`` (*Scenarios*).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import attrs

from ancients.burgess.defences import Defence, Face
from ancients.burgess.rules import BurgessRules
from ancients.burgess.troops import Armour, Crew, TroopClass, Unit, Weapon
from ancients.errors import GeometryError, RuleError
from ancients.scenario import Field, Scenario
from ancients.tabletop import Block, Table, Terrain, TerrainArea, TerrainLine

__all__ = ["AREA_KINDS", "LINE_KINDS", "Setup", "SideSetup", "UnitSetup", "WorkSetup",
           "parse_scenario"]

#: the ground a scenario's areas may be (Movement A, B)
AREA_KINDS = ("hill", "woods", "marsh", "swamp")
#: the lines it may draw (Movement C, E; Method of fire; value of defences: walls)
LINE_KINDS = ("hedge", "wall", "fence", "river", "road")
RIVER_SIZES = ("large", "small")
BUILT = tuple(d.value for d in Defence if d is not Defence.WALL)
#: the largest table a scenario may lay out, each way (inches)
TABLE_MOST = 1000.0


@attrs.frozen
class SideSetup:
    name: str
    title: str
    c_in_c: str  # the id of the unit the C-in-C stands with ("" for none)
    staff_officers: tuple[str, ...]


@attrs.frozen
class UnitSetup:
    id: str
    side: str
    unit: Unit
    block: Block
    note: str = ""


@attrs.frozen
class WorkSetup:
    """A defence: a wall (``line``) or a building, bastion or fortified section (``area``)."""

    id: str
    name: str
    defence: Defence
    area: TerrainArea | None
    line: TerrainLine | None

    def faces(self, rules: BurgessRules) -> tuple[Face, ...]:
        if self.area is None:
            return (Face(self.defence, rules=rules.defences),)
        edges = len(self.area.polygon.exterior.coords) - 1
        return tuple(Face(self.defence, rules=rules.defences) for _ in range(edges))


@attrs.frozen
class Setup:
    table: Table
    works: tuple[WorkSetup, ...]
    sides: tuple[SideSetup, ...]
    units: tuple[UnitSetup, ...]
    scale: str
    turn_limit: int  # 0: the option's, else the rules'
    first: str  # the side taking the first player turn


def _area(a: Field, kind: Terrain, props: dict[str, Any]) -> TerrainArea:
    downhill = a.get("downhill")
    try:
        return TerrainArea(kind, a["polygon"].as_points(3), name=a.get("name").as_str(""),
                           downhill=None if downhill.missing else downhill.as_float(),
                           props=props)
    except GeometryError as e:
        raise a["polygon"].error(str(e)) from None


def _table(doc: Field) -> tuple[Table, tuple[WorkSetup, ...]]:
    t = doc.get("table")
    if t.missing:
        return Table(), ()
    t.check_keys(["width", "depth", "terrain", "buildings", "lines"])
    width = t.get("width").as_float(72.0, min=6.0, max=TABLE_MOST)
    depth = t.get("depth").as_float(48.0, min=6.0, max=TABLE_MOST)
    areas: list[TerrainArea] = []
    works: list[WorkSetup] = []
    terr, blds, lns = t.get("terrain"), t.get("buildings"), t.get("lines")
    for a in ([] if terr.missing else terr.items()):
        a.check_keys(["kind", "name", "polygon", "downhill"])
        kind = Terrain(a["kind"].choice(AREA_KINDS))
        if kind is not Terrain.HILL and not a.get("downhill").missing:
            raise a["downhill"].error("only a hill has a downhill bearing")
        areas.append(_area(a, kind, {}))
    ids: set[str] = set()
    for b in ([] if blds.missing else blds.items()):
        b.check_keys(["id", "name", "defence", "polygon"])
        wid = b["id"].as_str(pattern=r"[A-Za-z0-9_.-]+")
        if wid in ids:
            raise b["id"].error(f"duplicate defence id {wid!r}")
        ids.add(wid)
        defence = Defence(b["defence"].choice(BUILT))
        area = _area(b, Terrain.BUILDING, {"defence": defence.value})
        areas.append(area)
        works.append(WorkSetup(wid, b.get("name").as_str(wid), defence, area, None))
    lines: list[TerrainLine] = []
    for i, f in enumerate([] if lns.missing else lns.items()):
        f.check_keys(["id", "kind", "name", "points", "size"])
        kind = Terrain(f["kind"].choice(LINE_KINDS))
        props: dict[str, Any] = {}
        if kind is Terrain.RIVER:
            props["size"] = f["size"].choice(RIVER_SIZES)
        elif not f.get("size").missing:
            raise f["size"].error("only a river has a size (large or small)")
        try:
            line = TerrainLine(kind, f["points"].as_points(2), name=f.get("name").as_str(""),
                               props=props)
        except GeometryError as e:
            raise f["points"].error(str(e)) from None
        lines.append(line)
        if kind is Terrain.WALL:
            wid = f.get("id").as_str(f"wall-{i}", pattern=r"[A-Za-z0-9_.-]+")
            if wid in ids:
                raise f["id"].error(f"duplicate defence id {wid!r}")
            ids.add(wid)
            works.append(WorkSetup(wid, line.name or wid, Defence.WALL, None, line))
        elif not f.get("id").missing:
            raise f["id"].error("only a wall is a defence with an id")
    return Table(width, depth, tuple(areas), tuple(lines)), tuple(works)


def _file(f: Field, files: int, default: int | None) -> int | None:
    """An officer's or standard's file: ``true`` (where the tables put him), ``false``
    (none) or a file number from 1 at the left."""
    if f.missing:
        return default
    if isinstance(f.value, bool):
        return default if f.value else None
    n = f.as_int(min=1, max=files)
    return int(n) - 1


_UNIT_KEYS = ["id", "name", "side", "troop", "armour", "weapon", "figures", "ranks", "files",
              "x", "y", "facing", "guards", "spearmen", "stabled_with_elephants", "officer",
              "standard", "note"]


def _unit(u: Field, sides: Mapping[str, SideSetup], rules: BurgessRules,
          table: Table) -> UnitSetup:
    u.check_keys(_UNIT_KEYS)
    uid = u["id"].as_str(pattern=r"[A-Za-z0-9_-]+")
    side = u["side"].choice(list(sides))
    troop = u["troop"].enum(TroopClass)
    data = rules.troops[troop]
    armour_f, weapon_f = u.get("armour"), u.get("weapon")
    armour = None if armour_f.missing else armour_f.enum(Armour)
    weapon = None if weapon_f.missing else weapon_f.enum(Weapon)
    figures = u["figures"].as_int(min=1, max=500)
    if troop is TroopClass.ELEPHANTS and figures != 1:
        raise u["figures"].error("a unit of elephants is one elephant (Elephants 4: '1 die "
                                 "per unit'); give each its own unit")
    ranks = u.get("ranks").as_int(1, min=1, max=figures)
    files = u.get("files").as_int(math.ceil(figures / ranks), min=1, max=figures)
    rear = figures - files * (ranks - 1)
    if not 1 <= rear <= files:
        raise u["figures"].error(f"{figures} figures cannot stand {files} files by {ranks} "
                                 "ranks (only the rear rank may be short)")
    name = u["name"].as_str()
    where = rules.troops.officer_file(files)
    officer = _file(u.get("officer"), files, where)
    standard = _file(u.get("standard"), files, min(where + 1, files - 1))
    if troop in (TroopClass.ELEPHANTS, TroopClass.HV_ENGINE, TroopClass.LT_ENGINE):
        if (not u.get("officer").missing and officer is not None) or \
                (not u.get("standard").missing and standard is not None):
            raise u["officer"].error(f"{troop} have no officer or standard figure")
        officer = standard = None
    guards = u.get("guards").as_bool(False)
    spearmen = u.get("spearmen").as_bool(False)
    stabled = u.get("stabled_with_elephants").as_bool(False)
    if stabled and rules.troops[troop].arm.value != "cavalry":
        raise u["stabled_with_elephants"].error("only cavalry are stabled with elephants")
    crew = Crew(rules.elephants.combatants) if troop is TroopClass.ELEPHANTS else None
    if weapon is None and data.weapon is not None:
        weapon = data.weapon
    try:
        unit = rules.troops.check(Unit.block(
            name, troop, files, ranks, rear, armour=armour, weapon=weapon, officer=officer,
            standard=standard, guards=guards, spearmen=spearmen,
            stabled_with_elephants=stabled, crew=crew))
    except RuleError as e:
        raise u["troop"].error(str(e)) from None
    width, deep = rules.table.bases[troop]
    default_facing = 0.0 if side == next(iter(sides)) else 180.0
    try:
        block = Block(u["x"].as_float(), u["y"].as_float(),
                      u.get("facing").as_float(default_facing), files, unit.ranks, width, deep)
    except GeometryError as e:
        raise u["x"].error(str(e)) from None
    if not table.contains(block):
        raise u["x"].error(f"unit {uid} does not lie wholly on the {table.width:g} x "
                           f"{table.depth:g} inch table")
    return UnitSetup(uid, side, unit, block, u.get("note").as_str(""))


def parse_scenario(data: Mapping[str, Any], rules: BurgessRules,
                   source: str | None = None) -> Scenario:
    """Validate a Burgess scenario document under ``rules`` (their troop classes and
    bases)."""
    doc = Field.root(data, source)
    doc.check_keys(["name", "title", "description", "scale", "turn_limit", "first", "table",
                    "sides", "units", "notes"])
    table, works = _table(doc)
    side_items = list(doc["sides"].items())
    if len(side_items) != 2:
        raise doc["sides"].error(f"a battle has exactly two sides, got {len(side_items)}")
    sides: dict[str, SideSetup] = {}
    for s in side_items:
        s.check_keys(["name", "title", "c_in_c", "staff_officers"])
        name = s["name"].as_str(pattern=r"[a-z][a-z0-9_-]*")
        if name in sides:
            raise s["name"].error(f"duplicate side {name!r}")
        staff = s.get("staff_officers")
        sides[name] = SideSetup(name, s.get("title").as_str(name), s.get("c_in_c").as_str(""),
                                tuple(x.as_str() for x in ([] if staff.missing
                                                           else staff.items())))
    units: list[UnitSetup] = []
    for u in doc["units"].items():
        unit = _unit(u, sides, rules, table)
        for other in units:
            if other.id == unit.id:
                raise u["id"].error(f"duplicate unit id {unit.id!r}")
            if other.block.overlaps(unit.block):
                raise u["x"].error(f"unit {unit.id} overlaps unit {other.id}")
        for w in works:
            if w.area is not None and w.area.covers(unit.block.centre) and \
                    unit.unit.troop not in rules.table.enter_buildings:
                allowed = ", ".join(sorted(rules.table.enter_buildings))
                raise u["x"].error(f"unit {unit.id}: {unit.unit.troop} may not stand in the "
                                   f"{w.name} (only {allowed})")
        units.append(unit)
    by_id = {u.id: u for u in units}
    for i, s in enumerate(side_items):
        side = sides[s["name"].value]
        if not any(u.side == side.name for u in units):
            raise doc["units"].error(f"side {side.name!r} has no units")
        for key, wanted in (("c_in_c", (side.c_in_c,) if side.c_in_c else ()),
                            ("staff_officers", side.staff_officers)):
            for uid in wanted:
                found = by_id.get(uid)
                if found is None or found.side != side.name:
                    raise s[key].error(f"no unit {uid!r} of side {side.name!r} (sides[{i}])")
                if found.unit.troop in (TroopClass.ELEPHANTS, TroopClass.HV_ENGINE,
                                        TroopClass.LT_ENGINE):
                    raise s[key].error(f"{uid}: a {key.replace('_', ' ')} does not stand "
                                       f"with {found.unit.troop}")
        if len(set(side.staff_officers)) != len(side.staff_officers):
            raise s["staff_officers"].error("a unit has at most one staff officer")
    fixed: list[UnitSetup] = []
    for made in units:
        side = sides[made.side]
        value = made.unit
        if made.id == side.c_in_c:
            where = value.officer if value.officer is not None else \
                rules.troops.officer_file(value.files)
            value = attrs.evolve(value, c_in_c=max(where - 1, 0))
        if made.id in side.staff_officers:
            value = attrs.evolve(value, staff_officer=True)
        fixed.append(attrs.evolve(made, unit=value))
    first = doc.get("first").choice(list(sides), next(iter(sides)))
    notes = doc.get("notes")
    if not notes.missing:
        for n in notes.items():
            n.as_str()
    setup = Setup(table, works, tuple(sides.values()), tuple(fixed),
                  doc.get("scale").as_str(""), doc.get("turn_limit").as_int(0, min=0, max=1000),
                  first)
    return Scenario(name=doc["name"].as_str(), title=doc["title"].as_str(), sides=tuple(sides),
                    data=data, parsed=setup, description=doc.get("description").as_str(""),
                    source=source)
