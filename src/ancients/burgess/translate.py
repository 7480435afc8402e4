"""The translator of orders of battle (``Burgess.from_oob``): a contingent becomes a unit of
figures at the scale of ``data/translation.toml`` (an elephant a unit of its own), with
its troop class, armour class, weapon, depth, officer and standard; the general stands
with his contingent's unit as the C-in-C, the other commanders as staff officers; the
lines are drawn up facing each other, screen, first, second, third line and reserve,
with the ground's features placed by their sector and zone. Everything dropped or
adjusted is a note (the core warns of each)."""

from __future__ import annotations

import math
import tomllib
from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources
from typing import Any

import attrs

from ancients.burgess._data import DATA_PACKAGE
from ancients.burgess.rules import BurgessRules
from ancients.burgess.scenario import TABLE_MOST
from ancients.burgess.troops import Armour, TroopClass, Weapon
from ancients.errors import ScenarioError
from ancients.oob import OrderOfBattle
from ancients.oob.model import Contingent, Feature, FeatureKind, Line, Sector, Shield, Zone
from ancients.ruleset import Translation
from ancients.units import TroopKind

__all__ = ["LINES", "translate"]

#: the lines drawn up, from the front back (an ambush stands at the first line's end)
LINES = (Line.SCREEN, Line.FIRST, Line.SECOND, Line.THIRD, Line.RESERVE)
_ORDER = {Line.SCREEN: 0, Line.FIRST: 1, Line.SECOND: 2, Line.THIRD: 3, Line.RESERVE: 4}


@cache
def _data() -> dict[str, Any]:
    text = resources.files(DATA_PACKAGE).joinpath("translation.toml").read_text("utf-8")
    return tomllib.loads(text)


@attrs.define
class _Unit:
    entry: dict[str, Any]
    contingent: Contingent
    frontage: float
    depth: float


def _troop(c: Contingent, d: Mapping[str, Any]) -> TroopClass:
    kinds = d["kinds"]
    if c.kind is TroopKind.LEADER:
        return TroopClass(kinds["leader mounted" if c.mounted else "leader foot"])
    if c.kind is TroopKind.WAR_ENGINES:
        heavy = str(c.missile) == kinds["heavy_engine"]
        return TroopClass.HV_ENGINE if heavy else TroopClass(kinds["war engines"])
    if c.kind is TroopKind.MEDIUM_INFANTRY and c.formation is not None and \
            str(c.formation) in kinds["loose"]:
        return TroopClass.LT_INF
    return TroopClass(kinds[str(c.kind)])


def _armour(c: Contingent, troop: TroopClass, rules: BurgessRules,
            d: Mapping[str, Any]) -> Armour | None:
    arm = rules.troops[troop].armour
    if arm is None:
        return None
    table = d["armour"][arm.value]
    armour = Armour(table[str(c.armour)])
    if arm.value == "infantry" and d["armour"]["large_shield_better"] and \
            c.shield is Shield.LARGE:
        ladder = [Armour.UNARMOURED_INFANTRY, Armour.PARTIAL_INFANTRY, Armour.FULL_INFANTRY]
        armour = ladder[min(ladder.index(armour) + 1, 2)]
    return armour


def _weapon(c: Contingent, troop: TroopClass, rules: BurgessRules, d: Mapping[str, Any],
            notes: list[str]) -> Weapon | None:
    data = rules.troops[troop]
    if data.weapon is not None:
        return data.weapon
    missile = str(c.missile)
    if missile == "none":
        return None
    wanted = Weapon(d["missiles"][missile])
    if wanted in data.weapons:
        return wanted
    if Weapon.JAVELIN in data.weapons and not wanted.engine:
        notes.append(f"{c.name}: {troop} carry no {wanted}; javelins instead")
        return Weapon.JAVELIN
    notes.append(f"{c.name}: {troop} carry no missile weapon"
                 + (" (an elephant's crew fights by the elephant rules, Elephants 3-7)"
                    if troop is TroopClass.ELEPHANTS else "") + f"; its {missile} dropped")
    return None


def _ranks(c: Contingent, troop: TroopClass, figures: int, d: Mapping[str, Any]) -> int:
    ranks = int(d["ranks"][troop.value])
    deep = (c.depth is not None and c.depth.best >= d["ranks"]["deep_from"]) or \
        str(c.weapon) == "pike" or "deep" in c.tags
    if deep and troop in (TroopClass.HV_INF, TroopClass.LT_INF):
        ranks = int(d["ranks"]["deep"])
    return max(1, min(ranks, figures))


def _units(c: Contingent, side: str, rules: BurgessRules, d: Mapping[str, Any],
           scale: Mapping[str, float], stabled: bool, notes: list[str]) -> list[_Unit]:
    troop = _troop(c, d)
    apart = c.kind in (TroopKind.ELEPHANTS, TroopKind.CHARIOTS, TroopKind.WAR_ENGINES)
    per = scale["beasts"] if apart else scale["men"]
    figures = max(1, round(c.men.best / per))
    if c.men.best / per < 0.5:
        notes.append(f"{c.name}: {c.men.best:,} {'beasts' if apart else 'men'} is less than "
                     f"half a {'model' if apart else 'figure'}; fielded as one")
    largest = int(d["scale"]["largest"])
    if figures > largest and troop is not TroopClass.ELEPHANTS:
        notes.append(f"{c.name}: {figures} figures cut to the largest unit, {largest}")
        figures = largest
    armour = _armour(c, troop, rules, d)
    weapon = _weapon(c, troop, rules, d, notes)
    width, deep = rules.table.bases[troop]
    base: dict[str, Any] = {"side": side, "troop": troop.value}
    if armour is not None:
        base["armour"] = armour.value
    if weapon is not None and rules.troops[troop].weapon is None:
        base["weapon"] = weapon.value
    if "guard" in c.tags:
        base["guards"] = True
    arm = rules.troops[troop].arm.value
    if arm == "infantry" and str(c.weapon) in d["spearmen"]["weapons"]:
        base["spearmen"] = True
    if arm == "cavalry" and stabled:
        base["stabled_with_elephants"] = True
    note = c.note or ""
    if troop is TroopClass.ELEPHANTS:
        out = []
        for k in range(figures):
            entry = {"id": f"{c.id}-{k + 1}", "name": f"{c.name} {k + 1}", **base,
                     "figures": 1, "note": note}
            out.append(_Unit(entry, c, width, deep))
        return out
    ranks = _ranks(c, troop, figures, d)
    files = math.ceil(figures / ranks)
    if figures - files * (ranks - 1) < 1:
        ranks = max(1, figures // files)
        files = math.ceil(figures / ranks)
    entry = {"id": c.id, "name": c.name, **base, "figures": figures, "ranks": ranks,
             "files": files, "note": note}
    return [_Unit(entry, c, files * width, ranks * deep)]


def _line_key(c: Contingent) -> tuple[int, int]:
    wings = {"left": 0, "centre": 1, "right": 2}
    return (wings[str(c.place.wing)], c.place.order)


def _ambush_left(key: tuple[str, str]) -> bool:
    """An ambush of the left wing stands beyond the first line's left end; one of the
    centre or the right wing beyond its right end (the centre's nearer the line)."""
    return key[1] == "left"


def translate(oob: OrderOfBattle, rules: BurgessRules, **choices: Any) -> Translation:
    """The Burgess scenario document of ``oob``; ``men_per_figure`` and
    ``beasts_per_model`` set the scale (translation.toml's by default)."""
    d = _data()
    mpf = choices.pop("men_per_figure", d["scale"]["men_per_figure"])
    bpm = choices.pop("beasts_per_model", d["scale"]["beasts_per_model"])
    if choices:
        raise ScenarioError(f"the Burgess translator takes men_per_figure and "
                            f"beasts_per_model, not {', '.join(sorted(choices))}",
                            source=oob.name)
    for name, v in (("men_per_figure", mpf), ("beasts_per_model", bpm)):
        if isinstance(v, bool) or not isinstance(v, int | float) or v <= 0:
            raise ScenarioError(f"{name} must be a positive number, got {v!r}",
                                source=oob.name)
    scale = {"men": float(mpf), "beasts": float(bpm)}
    notes: list[str] = []
    lay = d["layout"]
    sides_units: list[dict[Line | tuple[str, str], list[_Unit]]] = []
    for side in oob.sides:
        stabled = any(c.kind is TroopKind.ELEPHANTS for c in side.contingents)
        lines: dict[Line | tuple[str, str], list[_Unit]] = {}
        for c in sorted(side.contingents, key=_line_key):
            line: Line | tuple[str, str] = c.place.line
            if c.place.line is Line.AMBUSH:
                line = ("ambush", str(c.place.wing))
            lines.setdefault(line, []).extend(_units(c, side.name, rules, d, scale, stabled,
                                                     notes))
        sides_units.append(lines)
    gap = float(lay["gap"])

    def width(units: Sequence[_Unit]) -> float:
        return sum(u.frontage for u in units) + gap * max(len(units) - 1, 0)

    def line_depth(units: Sequence[_Unit]) -> float:
        return max((u.depth for u in units), default=0.0)

    widest = 0.0
    for lines in sides_units:
        present = [line for line in LINES[1:] if line in lines]
        for key, units in lines.items():
            if not isinstance(key, tuple):
                widest = max(widest, width(units))
        # the ambushes stand beyond the ends of the first line (or of the centre where
        # there is none), one after another: the table is twice the wider half
        first_w = width(lines[present[0]]) if present else 0.0
        reach = {True: 0.0, False: 0.0}
        for key, units in lines.items():
            if isinstance(key, tuple):
                reach[_ambush_left(key)] += 4 * gap + width(units)
        widest = max(widest, first_w + 2 * max(reach.values()))
    margin = float(lay["margin"])
    table_w = max(float(lay["least_width"]), widest + 2 * margin)
    behind = []
    for lines in sides_units:
        total = 0.0
        for line in LINES[1:]:
            if line in lines:
                total += line_depth(lines[line]) + float(lay["line_gap"])
        behind.append(total)
    screens = [line_depth(lines.get(Line.SCREEN, [])) + float(lay["screen"])
               if Line.SCREEN in lines else 0.0 for lines in sides_units]
    apart = max(float(lay["apart"]), sum(screens) + 4.0)
    table_d = max(float(lay["least_depth"]), apart + 2 * (max(behind) + margin))
    if max(table_w, table_d) > TABLE_MOST:  # said of the battle, not of our document
        raise ScenarioError(
            f"its armies need a table of {table_w:.0f} x {table_d:.0f} inches at "
            f"{mpf:g} men a figure, and a Burgess table is at most {TABLE_MOST:g} inches "
            f"each way: field it at more men a figure (from_oob(..., men_per_figure=N))",
            source=oob.name)
    units_out: list[dict[str, Any]] = []
    for i, (side, lines) in enumerate(zip(oob.sides, sides_units, strict=True)):
        sign = 1.0 if i == 0 else -1.0  # the first side faces north (+y)
        facing = 0.0 if i == 0 else 180.0
        front = table_d / 2.0 - sign * apart / 2.0  # the first line's front edge
        # the first line present stands at the front, the others behind it in order
        ordered = [line for line in LINES[1:] if line in lines]
        fronts: dict[Line, float] = {}
        y = front
        for k, line in enumerate(ordered):
            if k:
                y = y - sign * (line_depth(lines[ordered[k - 1]]) + float(lay["line_gap"]))
            fronts[line] = y
        if Line.SCREEN in lines:
            fronts[Line.SCREEN] = front + sign * (float(lay["screen"]) +
                                                  line_depth(lines[Line.SCREEN]))
        for line, units in lines.items():
            if isinstance(line, tuple):
                continue
            w = width(units)
            x = table_w / 2.0 - sign * w / 2.0
            for u in units:
                cx = x + sign * u.frontage / 2.0
                u.entry |= {"x": round(cx, 3), "y": round(fronts[line], 3), "facing": facing}
                x += sign * (u.frontage + gap)
                units_out.append(u.entry)
        first_w = width(lines[ordered[0]]) if ordered else 0.0
        ends = {True: first_w / 2.0, False: first_w / 2.0}  # how far out each end is taken
        for key, units in lines.items():
            if not isinstance(key, tuple):
                continue
            left = _ambush_left(key)
            step = (-1 if left else 1) * sign
            x = table_w / 2.0 + step * (ends[left] + 4 * gap)
            for u in units:
                cx = x + step * u.frontage / 2.0
                u.entry |= {"x": round(cx, 3), "y": round(front, 3), "facing": facing}
                x += step * (u.frontage + gap)
                units_out.append(u.entry)
            ends[left] += 4 * gap + width(units)
            notes.append(f"{side.title}: the ambush on its {key[1]} stands at the end "
                         "of its first line (Burgess has no hidden troops)")
    # the commanders
    sides_out = []
    ids_of: dict[str, list[dict[str, Any]]] = {}
    for placed in units_out:
        cid = placed["id"].rsplit("-", 1)[0] if placed["troop"] == "elephants" \
            else placed["id"]
        ids_of.setdefault(cid, []).append(placed)
    barred = {TroopClass.ELEPHANTS.value, TroopClass.HV_ENGINE.value,
              TroopClass.LT_ENGINE.value}
    for side in oob.sides:
        mine = [u for u in units_out if u["side"] == side.name and u["troop"] not in barred]
        general = side.general
        cic = next((u for u in ids_of.get(general.contingent, []) if u["troop"] not in barred),
                   None)
        if cic is None and mine:
            cic = max(mine, key=lambda u: u["figures"])
            notes.append(f"{side.title}: the C-in-C ({general.name}) stands with "
                         f"{cic['name']} (the order of battle places the general with no "
                         "unit that has figures)")
        staff: list[str] = []
        for cmd in side.commanders:
            if cmd is general:
                continue
            unit = next((u for u in ids_of.get(cmd.contingent, []) if u["troop"] not in barred
                         and (cic is None or u["id"] != cic["id"]) and u["id"] not in staff),
                        None)
            if unit is None:
                notes.append(f"{side.title}: {cmd.name} ({cmd.role}) has no unit to serve "
                             "with as a staff officer; left out")
                continue
            staff.append(unit["id"])
        entry: dict[str, Any] = {"name": side.name, "title": side.title}
        if cic is not None:
            entry["c_in_c"] = cic["id"]
        if staff:
            entry["staff_officers"] = staff
        sides_out.append(entry)
    terrain, lines_out = _features(oob, table_w, table_d, apart, notes, lay)
    notes.append("quality (levy, trained, veteran, elite) has no Burgess rule: not fielded")
    doc: dict[str, Any] = {
        "name": oob.name, "title": oob.title,
        "description": oob.description or oob.title,
        "scale": f"1 figure = {_num(mpf)} men; 1 model = {_num(bpm)} elephants, chariots "
                 "or war engines",
        "table": {"width": round(table_w, 3), "depth": round(table_d, 3),
                  "terrain": terrain, "lines": lines_out},
        "sides": sides_out, "units": units_out,
    }
    unique = list(dict.fromkeys(notes))
    return Translation(doc, unique)


def _num(x: float | int) -> str:
    return f"{x:g}" if isinstance(x, float) else str(x)


def _features(oob: OrderOfBattle, width: float, depth: float, apart: float,
              notes: list[str], lay: Mapping[str, Any]
              ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The ground's features as areas and lines, each in its sector and zone as its side
    sees them."""
    areas: list[dict[str, Any]] = []
    lines: list[dict[str, Any]] = []
    fw, fd = (float(x) for x in lay["feature"])
    first = oob.sides[0].name
    kinds = {FeatureKind.HILL: "hill", FeatureKind.SLOPE: "hill", FeatureKind.WOODS: "woods",
             FeatureKind.MARSH: "marsh"}
    for f in oob.terrain.features:
        who = "the first side" if f.side == first else "the second side"
        sign = 1.0 if f.side == first else -1.0
        xs = {Sector.LEFT: width * 0.2, Sector.CENTRE: width * 0.5, Sector.RIGHT: width * 0.8,
              Sector.ALL: width * 0.5}
        x = xs[f.sector] if sign > 0 else width - xs[f.sector]
        mid = depth / 2.0
        ys = {Zone.FRONT: mid, Zone.LINE: mid - sign * apart / 2.0,
              Zone.BEHIND: mid - sign * (apart / 2.0 + fd)}
        y = ys[f.zone]
        w = width - 2.0 if f.sector is Sector.ALL else fw
        label = f.name or str(f.kind)
        if f.kind in kinds:
            kind = kinds[f.kind]
            if kind != "hill" and f.zone is Zone.LINE:
                y = ys[Zone.FRONT]
                notes.append(f"{label}: the {kind} under {who}'s line stands in front of it "
                             "(troops may not deploy in it)")
            h = min(fd, apart - 4.0) if f.zone is Zone.FRONT else fd
            x0, x1 = max(x - w / 2.0, 0.5), min(x + w / 2.0, width - 0.5)
            y0, y1 = max(y - h / 2.0, 0.5), min(y + h / 2.0, depth - 0.5)
            area: dict[str, Any] = {"kind": kind, "name": label,
                                    "polygon": [[round(x0, 3), round(y0, 3)],
                                                [round(x1, 3), round(y0, 3)],
                                                [round(x1, 3), round(y1, 3)],
                                                [round(x0, 3), round(y1, 3)]]}
            if kind == "hill":
                area["downhill"] = 0.0 if sign > 0 else 180.0
            areas.append(area)
        elif f.kind in (FeatureKind.RIVER, FeatureKind.STREAM):
            size = "large" if f.kind is FeatureKind.RIVER else "small"
            lines.append({"kind": "river", "name": label, "size": size,
                          "points": [[0.0, round(y, 3)], [round(width, 3), round(y, 3)]]})
        elif f.kind is FeatureKind.ROAD:
            lines.append({"kind": "road", "name": label,
                          "points": [[round(x, 3), 0.0], [round(x, 3), round(depth, 3)]]})
        else:
            notes.append(_dropped(f, who))
    for wing, flank in (("left", oob.terrain.left), ("right", oob.terrain.right)):
        if str(flank.anchor) != "none":
            notes.append(f"the {wing} flank's {flank.anchor} (as the first side sees it) is "
                         "the table's edge")
    return areas, lines


def _dropped(f: Feature, who: str) -> str:
    why = {FeatureKind.CAMP: "camps lie off the table", FeatureKind.TOWN: "the town lies "
           "off the table", FeatureKind.SEA: "the table's edge stands for the sea",
           FeatureKind.RAVINE: "Burgess has no rule for ravines",
           FeatureKind.DUNES: "Burgess has no rule for dunes",
           FeatureKind.ROUGH: "Burgess's broken ground is woods, marsh and swamp"}
    return f"{f.name or f.kind} ({who}): not fielded, {why.get(f.kind, 'no rule for it')}"

