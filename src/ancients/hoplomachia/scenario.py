"""Scenarios: the table and its terrain, the two armies (nation, base Arete, battle plan,
formation, strategoi) and their divisions laid out on the table, read from TOML through
:class:`ancients.scenario.Field` so that every error names the file and the field.

A scenario may also be an order of battle fielded by the translator with a few fields
added or changed (``from_oob``, :mod:`.translate`), or a set piece generated from a seed
(``generate``, :mod:`.generate`).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

import attrs

from ancients.errors import GeometryError
from ancients.hoplomachia.command import Signal
from ancients.hoplomachia.pieces import Reinforcement
from ancients.hoplomachia.rules import HoplomachiaRules
from ancients.hoplomachia.strategoi import Character, Stance
from ancients.hoplomachia.vocabulary import Arrangement, GroupKind, Role, UnitKind
from ancients.scenario import Field, Scenario
from ancients.tabletop import Block, Table, Terrain, TerrainArea, heading

__all__ = ["TERRAIN", "DivisionSetup", "GenerateSpec", "Setup", "SideSetup", "StrategosSetup",
           "UnitSetup", "lay_out", "parse_scenario"]

#: the tabletop kind each Hoplomachia terrain is drawn as (the rules read its own name)
TERRAIN = {"wheatfield": Terrain.FIELD, "sand": Terrain.SAND, "ford": Terrain.FORD,
           "vineyard": Terrain.ROUGH, "stream": Terrain.RIVER, "broken": Terrain.ROUGH,
           "surf": Terrain.SURF, "marsh": Terrain.MARSH, "woods": Terrain.WOODS,
           "hill": Terrain.HILL, "works": Terrain.PALISADE}


@attrs.frozen
class UnitSetup:
    id: str
    name: str
    stands: int
    figures: int
    block: Block
    epilektoi: bool = False
    hamippoi: bool = False


@attrs.frozen
class DivisionSetup:
    id: str
    name: str
    side: str
    card: str
    kind: GroupKind
    contingent: str
    allied: bool
    senior: bool
    attached: str
    arrangement: Arrangement
    units: tuple[UnitSetup, ...]
    reinforcement: Reinforcement | None = None
    note: str = ""


@attrs.frozen
class StrategosSetup:
    id: str
    name: str
    side: str
    contingent: str
    character: Character
    stance: Stance | None
    hegemon: bool
    piece: str


@attrs.frozen
class SideSetup:
    name: str
    title: str
    nation: str
    arete: int | None  # None: rolled on the nation's base dice
    plan: str
    formation: str
    role: Role
    preparation: bool  # Breakfast, Hieres and Rhetoria before the battle
    predesignated: tuple[str, Signal] | None = None


@attrs.frozen
class GenerateSpec:
    """A set piece to generate (:mod:`.generate`): from ``seed``, or from the battle's
    seed if None; ``situation``: ``roll`` (2D6 on the model's table), or a situation
    (None: the Set Piece)."""

    seed: int | None
    model: str | None
    situation: str | None = None


@attrs.frozen
class Setup:
    table: Table
    sides: tuple[SideSetup, ...]
    divisions: tuple[DivisionSetup, ...]
    strategoi: tuple[StrategosSetup, ...]
    scale: str
    turn_limit: int
    situation: str | None
    title: str
    generate: GenerateSpec | None = None


def _table(doc: Field, rules: HoplomachiaRules) -> Table:
    t = doc.get("table")
    width, depth = rules.play.table
    if t.missing:
        return Table(width, depth)
    t.check_keys(["width", "depth", "terrain"])
    width = t.get("width").as_float(width, min=12.0, max=1000.0)
    depth = t.get("depth").as_float(depth, min=12.0, max=1000.0)
    areas = []
    terr = t.get("terrain")
    names = [*rules.movement.terrain, "hill", "works"]
    for a in ([] if terr.missing else terr.items()):
        a.check_keys(["kind", "name", "polygon"])
        kind = a["kind"].choice(names)
        points = a["polygon"].as_points(3)
        try:
            areas.append(TerrainArea(TERRAIN.get(kind, Terrain.ROUGH), points,
                                     name=a.get("name").as_str(kind),
                                     props={"hoplomachia": kind}))
        except GeometryError as e:
            raise a["polygon"].error(str(e)) from None
    return Table(width, depth, tuple(areas))


def lay_out(x: float, y: float, facing: float, shapes: list[tuple[int, int]],
            base: tuple[float, float], between: float = 0.0) -> list[Block]:
    """Blocks of stands side by side, left to right, the line's front-centre at (x, y)
    facing ``facing``: ``shapes`` are each unit's (files, ranks) of stands."""
    w, d = base
    fx, fy = heading(facing)
    rx, ry = fy, -fx
    total = sum(f * w for f, _ in shapes) + between * max(0, len(shapes) - 1)
    left = -total / 2.0
    out = []
    for files, ranks in shapes:
        mid = left + files * w / 2.0
        out.append(Block(x + rx * mid, y + ry * mid, facing, files, ranks, w, d))
        left += files * w + between
    return out


def _division(f: Field, side: str, first: bool, rules: HoplomachiaRules,
              table: Table) -> DivisionSetup:
    f.check_keys(["id", "name", "card", "units", "stands", "epilektoi", "hamippoi",
                  "contingent", "allied", "senior", "attached", "x", "y", "facing",
                  "arrangement", "arrives", "note"])
    did = f["id"].as_str(pattern=r"[A-Za-z0-9_-]+")
    card_key = f["card"].choice(list(rules.cards.cards))
    card = rules.cards[card_key]
    org = rules.cards.organisation[card.category]
    lo, hi = org.group_size
    units = f.get("units").as_int(1, min=1, max=50)
    if not lo <= units <= hi:
        raise f["units"].error(f"a {org.group} has {lo} to {hi} {org.unit}s, got {units}")
    stands = f.get("stands").as_int(org.stands[0], min=1, max=12)
    if stands not in org.stands:
        raise f["stands"].error(f"a {card.category} {org.unit} has "
                                f"{' or '.join(map(str, org.stands))} stands, got {stands}")
    hamippoi = f.get("hamippoi").as_int(0, min=0, max=units)
    if hamippoi and org.unit is not UnitKind.ILE:
        raise f["hamippoi"].error("hamippoi ride behind ilai of hippeis")
    arrangements = [str(a) for a in card.movement.arrangements]
    default = str(Arrangement.OPEN_FILES) if card.disciplined else str(Arrangement.NO_FILES)
    arrangement = Arrangement(f.get("arrangement").choice(arrangements, default))
    facing = f.get("facing").as_float(0.0 if first else 180.0)
    base = rules.play.base(card.category)
    shape = rules.play.shape(card.category, stands)
    blocks = lay_out(f["x"].as_float(), f["y"].as_float(), facing, [shape] * units, base)
    name = f.get("name").as_str(did)
    unit_setups = []
    for n, block in enumerate(blocks, 1):
        if not table.contains(block):
            raise f["x"].error(f"division {did} does not lie wholly on the "
                               f"{table.width:g} x {table.depth:g} inch table")
        unit_setups.append(UnitSetup(
            f"{did}.{n}" if units > 1 else did, f"{name} {n}" if units > 1 else name,
            stands, stands * org.figures, block, f.get("epilektoi").as_bool(False),
            n <= hamippoi))
    reinforcement = None
    af = f.get("arrives")
    if not af.missing:
        af.check_keys(["first", "last", "roll"])
        first_turn = af["first"].as_int(min=1, max=1000)
        last = af.get("last").as_int(first_turn, min=first_turn, max=1000)
        dice = rules.play.reinforcement_dice
        reinforcement = Reinforcement(first_turn, last, af["roll"].as_int(
            min=dice.minimum, max=dice.maximum))
    return DivisionSetup(
        did, name, side, card_key, org.group, f.get("contingent").as_str(side),
        f.get("allied").as_bool(False), f.get("senior").as_bool(False),
        f.get("attached").as_str(""), arrangement, tuple(unit_setups), reinforcement,
        f.get("note").as_str(""))


def _strategos(f: Field, side: str, divisions: dict[str, DivisionSetup]) -> StrategosSetup:
    f.check_keys(["id", "name", "character", "stance", "hegemon", "with", "contingent"])
    sid = f["id"].as_str(pattern=r"[A-Za-z0-9_.-]+")
    mine = {k: d for k, d in divisions.items() if d.side == side}
    where = f["with"].choice(list(mine) or ["(none)"])
    division = mine[where]
    stance = f.get("stance").enum(Stance, None)
    hegemon = f.get("hegemon").as_bool(False)
    if hegemon and (stance is not None or division.allied):
        raise f["hegemon"].error("the Hegemon is a strategos of his own state (no stance, "
                                 "with a home division)")
    if division.allied and stance is None:
        raise f.get("stance").error(f"an allied strategos (with {where}) has a stance: "
                                f"{', '.join(Stance)}")
    if not division.allied and stance is not None:
        raise f["stance"].error("only allied strategoi have a stance (Philoi always obey)")
    # Hoplomachia, Strategoi: he stands in a lochos; the rightmost of his division
    return StrategosSetup(sid, f.get("name").as_str(sid), side,
                          f.get("contingent").as_str(division.contingent),
                          f["character"].enum(Character), stance, hegemon,
                          division.units[-1].id)


def _side(s: Field, first: bool, rules: HoplomachiaRules) -> SideSetup:
    name = s["name"].as_str(pattern=r"[a-z][a-z0-9_-]*")
    nation = s["nation"].choice(list(rules.arete.tracks))
    arete = s.get("arete")
    points = None if arete.value == "roll" else arete.as_int(min=0, max=60)
    plan = s.get("plan").choice(list(rules.situations.plans), "frontal_attack")
    formation = s.get("formation").choice(list(rules.situations.formations),
                                          "battle_phalanx")
    role = s.get("role").enum(Role, str(Role.ATTACKER if first else Role.DEFENDER))
    pre = None
    pf = s.get("predesignated")
    if not pf.missing:
        pf.check_keys(["division", "signal"])
        pre = (pf["division"].as_str(), pf["signal"].enum(Signal))
    return SideSetup(name, s.get("title").as_str(name), nation, points, plan, formation,
                     Role(role), s.get("preparation").as_bool(True), pre)


_SIDE_KEYS = ["name", "title", "nation", "arete", "plan", "formation", "role", "preparation",
              "predesignated", "strategoi", "divisions"]


def parse_scenario(data: Mapping[str, Any], source: str | None, rules: HoplomachiaRules,
                   original: Mapping[str, Any] | None = None) -> Scenario:
    """Validate a Hoplomachia scenario document laid out in full (``original``: the
    document it was built from, kept as the scenario's data). The ruleset's
    ``parse_scenario`` first fields an order of battle or marks a set piece to generate."""
    return _parsed(Field.root(data, source), rules, data if original is None else original)


def _parsed(doc: Field, rules: HoplomachiaRules, data: Mapping[str, Any]) -> Scenario:
    doc.check_keys(["name", "title", "description", "scale", "turn_limit", "situation",
                    "table", "sides", "reconstructed"])
    for r in doc.get("reconstructed").items() if not doc.get("reconstructed").missing else ():
        r.check_keys(["what", "reason"])  # the reasons of a scenario's reconstructed values
        r["what"].as_str()
        r["reason"].as_str()
    table = _table(doc, rules)
    items = list(doc["sides"].items())
    if len(items) != 2:
        raise doc["sides"].error(f"a battle has exactly two sides, got {len(items)}")
    sides: list[SideSetup] = []
    divisions: dict[str, DivisionSetup] = {}
    for i, s in enumerate(items):
        s.check_keys(_SIDE_KEYS)
        side = _side(s, i == 0, rules)
        if any(o.name == side.name for o in sides):
            raise s["name"].error(f"duplicate side {side.name!r}")
        sides.append(side)
        found = list(s["divisions"].items())
        if not found:
            raise s["divisions"].error(f"side {side.name!r} has no divisions")
        for f in found:
            d = _division(f, side.name, i == 0, rules, table)
            if d.id in divisions:
                raise f["id"].error(f"duplicate division id {d.id!r}")
            _check_overlaps(f, d, divisions.values())
            divisions[d.id] = d
    for i, s in enumerate(items):
        _check_side(s, sides[i], list(divisions.values()))
    every = list(with_senior(tuple(divisions.values())))
    divisions = {d.id: d for d in every}
    strategoi: list[StrategosSetup] = []
    for i, s in enumerate(items):
        found = list(s["strategoi"].items())
        mine = [_strategos(f, sides[i].name, divisions) for f in found]
        heads = [g for g in mine if g.hegemon]
        if len(heads) != 1:
            raise s["strategoi"].error(f"side {sides[i].name!r} needs exactly one Hegemon "
                                       f"(hegemon = true), got {len(heads)}")
        for f, g in zip(found, mine, strict=True):
            if any(o.id == g.id for o in strategoi):
                raise f["id"].error(f"duplicate strategos id {g.id!r}")
            strategoi.append(g)
    situation = doc.get("situation").choice(list(rules.situations.situations), None)
    setup = Setup(table, tuple(sides), tuple(every), tuple(strategoi),
                  doc.get("scale").as_str(""),
                  doc.get("turn_limit").as_int(rules.play.turn_limit, min=1, max=1000),
                  situation, doc["title"].as_str())
    return Scenario(name=doc["name"].as_str(), title=setup.title,
                    sides=tuple(s.name for s in sides), data=data, parsed=setup,
                    description=doc.get("description").as_str(""), source=doc.source)


def _check_overlaps(f: Field, d: DivisionSetup, placed: Any) -> None:
    for other in placed:
        for u in d.units:
            for o in other.units:
                if u.block.overlaps(o.block):
                    raise f["x"].error(f"division {d.id} overlaps division {other.id}")


def _check_side(s: Field, side: SideSetup, every: list[DivisionSetup]) -> None:
    mine = [d for d in every if d.side == side.name]
    ids = {d.id for d in mine}
    for d, f in zip(mine, s["divisions"].items(), strict=True):
        if d.attached and d.attached not in ids:
            raise f["attached"].error(f"no division {d.attached!r} on side {side.name!r}")
        if d.senior and (d.allied or d.kind is not GroupKind.TAXIS):
            raise f["senior"].error("the senior taxis is a home taxis")
    if sum(d.senior for d in mine) > 1:
        raise s["divisions"].error(f"side {side.name!r} has more than one senior taxis")
    if side.predesignated is not None and side.predesignated[0] not in ids:
        raise s["predesignated"]["division"].error(
            f"no division {side.predesignated[0]!r} on side {side.name!r}")
    if not any(d.reinforcement is None for d in mine):
        raise s["divisions"].error(f"side {side.name!r} has no division on the table at "
                                   "the start")


def with_senior(divisions: tuple[DivisionSetup, ...]) -> tuple[DivisionSetup, ...]:
    """The divisions with a senior taxis for each side that named none: its first home
    taxis of hoplites (the right of the line by custom goes to it)."""
    out = list(divisions)
    for side in dict.fromkeys(d.side for d in divisions):
        mine = [i for i, d in enumerate(out) if d.side == side]
        if any(out[i].senior for i in mine):
            continue
        for i in mine:
            d = out[i]
            if d.kind is GroupKind.TAXIS and not d.allied:
                out[i] = attrs.evolve(d, senior=True)
                break
    return tuple(out)


def deep_merge(base: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    """``base`` with ``over``'s keys put in (tables merged key by key, anything else
    replaced)."""
    out = copy.deepcopy(dict(base))
    for k, v in over.items():
        if isinstance(v, Mapping) and isinstance(out.get(k), Mapping):
            out[k] = deep_merge(out[k], v)
        else:
            out[k] = copy.deepcopy(v)
    return out
