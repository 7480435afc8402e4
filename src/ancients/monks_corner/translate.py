"""From a neutral order of battle (:mod:`ancients.oob`) to a Monk's Corner scenario: figures
at 1 : 100 in legal phalanx shapes, each side's lines laid out from its contingents' places
on a table sized to the frontage, and the ground in broad strokes.

What the rules cannot field is dropped (elephants, chariots, war engines, leaders' parties,
slopes) and what they forbid is adjusted to the nearest legal form (a phalanx's size and
depth, a missile its troop type may not carry); each with a note. The docs page's "From an
order of battle" says how every troop type and quality maps.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from ancients.errors import OptionError, ScenarioError
from ancients.monks_corner.rules import Rules
from ancients.monks_corner.troops import Missile, Troop
from ancients.oob import (
    Anchor,
    Contingent,
    Feature,
    FeatureKind,
    Line,
    OrderOfBattle,
    Quality,
    Sector,
    Service,
    Side,
    Zone,
)
from ancients.ruleset import Translation
from ancients.units import TroopKind

__all__ = ["CHOICES", "translate"]

#: the translator's choices and their defaults (``rs.from_oob(battle, scale=200)``)
CHOICES: Mapping[str, Any] = {
    "scale": 100,  # men (or horse) to a figure
    "ranks": 3,  # the ranks a usual eight-deep phalanx stands in (Mantinea: 3 for 8)
    "gap": 20.0,  # inches between the two first lines
    "merge": True,  # a phalanx contingent too small for a phalanx joins a neighbour
    "estimate": "best",  # which of each figure's estimates: best, low or high
}

#: the usual depth of a phalanx in the sources, in ranks (what ``ranks`` stands for)
USUAL_DEPTH = 8
SPACING = 0.5  # inches between neighbouring units of a line
LINE_SPACING = 3.0  # inches between a line's rear and the next line's front
SCREEN_SPACING = 2.0  # inches between a screen's rear and the first line's front
MARGIN = 8.0  # inches of table beyond the widest line, each side
BACK = 6.0  # inches of table behind each army's last line
STRIP = 6.0  # width of the ground a flank rests on
MAX_TABLE = 1000.0  # what a scenario may be (scenario._table)
MAX_UNIT = 36  # figures of any one unit: a phalanx's most, and the most of any unit

_KINDS: Mapping[TroopKind, Troop] = {
    TroopKind.HEAVY_INFANTRY: Troop.PHALANX,
    TroopKind.MEDIUM_INFANTRY: Troop.MEDIUM,
    TroopKind.LIGHT_INFANTRY: Troop.LIGHT,
    TroopKind.MISSILE_INFANTRY: Troop.LIGHT,
    TroopKind.LIGHT_CAVALRY: Troop.HORSE,
    TroopKind.HEAVY_CAVALRY: Troop.HORSE,
}
_JAVELINS = frozenset({"javelin", "dart", "pilum"})
_SHOT = {"bow": Missile.BOW, "crossbow": Missile.BOW, "sling": Missile.SLING}
#: the ranks of a unit that is not a phalanx
_RANKS = {Troop.MEDIUM: 2, Troop.LIGHT: 1, Troop.HORSE: 1}
#: features of the ground the rules field, and as what (Monk's Corner knows clear and
#: rough ground; woods also block sight)
_GROUND: Mapping[FeatureKind, str] = {
    FeatureKind.ROUGH: "rough", FeatureKind.WOODS: "woods", FeatureKind.MARSH: "marsh",
    FeatureKind.RAVINE: "rough", FeatureKind.DUNES: "rough", FeatureKind.RIVER: "rough",
    FeatureKind.STREAM: "rough",
}
_ANCHORS: Mapping[Anchor, str] = {
    Anchor.WOODS: "woods", Anchor.MARSH: "marsh", Anchor.HILLS: "rough",
    Anchor.RAVINE: "rough", Anchor.RIVER: "rough",
}


@attrs.define
class _Body:
    """One or more contingents fielded together (a too-small phalanx joins a neighbour),
    with their men at the chosen estimate."""

    parts: list[Contingent]
    men: float
    troop: Troop
    missile: Missile
    member: str  # the alliance member (a scenario unit's contingent)

    @property
    def lead(self) -> Contingent:
        """The largest part: it names the body and gives its depth and member."""
        return self.parts[0]


@attrs.frozen
class _Unit:
    """A unit to lay out: the scenario entry without its position."""

    entry: dict[str, Any]
    files: int
    ranks: int
    base: tuple[float, float]

    @property
    def frontage(self) -> float:
        return self.files * self.base[0]

    @property
    def depth(self) -> float:
        return self.ranks * self.base[1]


def translate(oob: OrderOfBattle, rules: Rules, **choices: Any) -> Translation:
    """The scenario document of ``oob`` under ``rules``, and the notes of what was dropped
    or adjusted; ``choices``: :data:`CHOICES`."""
    opts = _choices(choices)
    notes: list[str] = []
    scale = opts["scale"]
    sides: list[dict[str, Any]] = []
    lines: list[dict[Line, list[_Unit]]] = []
    taken: set[str] = set()
    for side in oob.sides:
        nation = _nation(side)
        bodies = _bodies(side, rules, opts, nation, notes)
        units = {line: [u for body in group
                        for u in _body_units(body, rules, scale, opts["ranks"], taken, notes)]
                 for line, group in bodies.items()}
        if not any(units.values()):
            raise ScenarioError(f"{oob.name}: side {side.name!r} has nothing Monk's Corner "
                                f"can field at 1:{scale}")
        # Movement 3: an alliance where more than one state fields phalanxes, led by the
        # leading state's (if it has any)
        members = {u.entry["contingent"] for us in units.values() for u in us
                   if u.entry["troop"] == Troop.PHALANX.value}
        leader = _slug(nation) if _slug(nation) in members and len(members) > 1 else ""
        sides.append({"name": side.name, "title": side.title, "leader": leader})
        lines.append(units)
    table, placed, terrain = _layout(oob, lines, opts, notes)
    document = {
        "name": oob.name, "title": oob.title,
        "description": oob.description or f"{oob.title}, fielded from its order of battle",
        "scale": f"1 figure = {scale} men (foot and horse); phalanxes {opts['ranks']} ranks "
                 f"for {USUAL_DEPTH} deep; from the order of battle {oob.name}",
        "table": {"width": table[0], "depth": table[1], "terrain": terrain},
        "sides": sides,
        "units": placed,
    }
    return Translation(document, notes)


def _choices(given: Mapping[str, Any]) -> dict[str, Any]:
    unknown = sorted(set(given) - set(CHOICES))
    if unknown:
        raise OptionError(f"monks_corner's translator has no choice {', '.join(unknown)}; "
                          f"its choices: {', '.join(f'{k}={v}' for k, v in CHOICES.items())}")
    opts = {**CHOICES, **given}
    scale, ranks, gap = opts["scale"], opts["ranks"], opts["gap"]
    if isinstance(scale, bool) or not isinstance(scale, int) or scale < 1:
        raise OptionError(f"scale: men to a figure, a whole number of at least 1, "
                          f"got {scale!r}")
    if isinstance(ranks, bool) or not isinstance(ranks, int) or not 1 <= ranks <= 36:
        raise OptionError(f"ranks: a whole number of ranks from 1 to 36, got {ranks!r}")
    if isinstance(gap, bool) or not isinstance(gap, int | float) or not 6.0 <= gap <= 200.0:
        raise OptionError(f"gap: inches between the lines, 6 to 200, got {gap!r}")
    if not isinstance(opts["merge"], bool):
        raise OptionError(f"merge: true or false, got {opts['merge']!r}")
    if opts["estimate"] not in ("best", "low", "high"):
        raise OptionError(f"estimate: best, low or high, got {opts['estimate']!r}")
    opts["gap"] = float(gap)
    return opts


# -- who leads the alliance ---------------------------------------------------------------
def _nation(side: Side) -> str:
    """The side's leading state (Movement 3's leader of the alliance): the general's own
    contingent's nation if it is a citizen levy, else the nation of the side's largest
    citizen levies, else the general's, else the largest contingent's. Allied contingents
    and citizen levies of another nation are its allies; subjects, regulars and
    mercenaries serve it."""
    by_id = {c.id: c for c in side.contingents}
    own = by_id.get(side.general.contingent)
    citizens: dict[str, int] = {}
    for c in side.contingents:
        if c.service is Service.CITIZEN:
            citizens[c.nationality] = citizens.get(c.nationality, 0) + c.men.best
    if own is not None and own.service in (Service.CITIZEN, None):
        nation = own.nationality
    elif citizens:
        nation = max(citizens, key=lambda n: (citizens[n], n))
    elif own is not None:
        nation = own.nationality
    else:
        nation = max(side.contingents, key=lambda c: c.men.best).nationality
    return nation


def _member(c: Contingent, nation: str) -> str:
    """The alliance member a contingent belongs to: its own state if it is an ally, else
    the leading state."""
    ally = c.service is Service.ALLIED or (c.service is Service.CITIZEN
                                           and c.nationality != nation)
    return _slug(c.nationality) if ally else _slug(nation)


def _slug(text: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return slug or "side"


# -- contingents to bodies of troops --------------------------------------------------------
def _men(c: Contingent, estimate: str) -> int:
    value: int = getattr(c.men, estimate)
    return value


def _bodies(side: Side, rules: Rules, opts: Mapping[str, Any], nation: str,
            notes: list[str]) -> dict[Line, list[_Body]]:
    """Each line's bodies of troops, left to right as the side sees them: contingents the
    rules can field, with their troop type and missile; too-small phalanxes merged into
    a neighbour (``merge``)."""
    scale, estimate = opts["scale"], opts["estimate"]
    out: dict[Line, list[_Body]] = {}
    for line in Line:
        bodies: list[_Body] = []
        for c in side.line(line):
            troop = _KINDS.get(c.kind)
            if troop is None:
                what = {TroopKind.LEADER: "no leaders' parties"}.get(
                    c.kind, f"no rules for {c.kind}")
                notes.append(f"{c.name} ({c.id}): dropped, the rules have {what}")
                continue
            men = _men(c, estimate)
            if men / scale < 0.5:
                notes.append(f"{c.name} ({c.id}): dropped, {men:,} men ({estimate} "
                             f"estimate) are less than half a figure at 1:{scale}")
                continue
            troop, missile = _arms(c, troop, notes)
            bodies.append(_Body([c], float(men), troop, missile, _member(c, nation)))
        if opts["merge"]:
            bodies = _merge(bodies, rules, scale, notes)
        if bodies:
            out[line] = bodies
    return out


def _arms(c: Contingent, troop: Troop, notes: list[str]) -> tuple[Troop, Missile]:
    """The troop type and missile a contingent is fielded with (Sequence 3-4: javelins for
    horse, medium and light infantry; bows and slings for light infantry only; a phalanx
    carries none)."""
    missile = c.missile.value
    if missile == "none":
        return troop, Missile.NONE
    if missile in _JAVELINS:
        if troop is Troop.PHALANX:
            notes.append(f"{c.name} ({c.id}): its {missile}s are not fielded, a phalanx "
                         "carries no missiles")
            return troop, Missile.NONE
        return troop, Missile.JAVELIN
    shot = _SHOT.get(missile)
    if shot is None:  # engines
        notes.append(f"{c.name} ({c.id}): its {missile}s are not fielded, the rules have "
                     "no war engines")
        return troop, Missile.NONE
    if troop is Troop.LIGHT:
        return troop, shot
    if troop is Troop.HORSE:
        notes.append(f"{c.name} ({c.id}): horse {missile}s fielded as javelins, the rules "
                     "arm horse with javelins only")
        return troop, Missile.JAVELIN
    if troop is Troop.PHALANX:
        notes.append(f"{c.name} ({c.id}): its {missile}s are not fielded, a phalanx "
                     "carries no missiles")
        return troop, Missile.NONE
    notes.append(f"{c.name} ({c.id}): medium infantry with {missile}s fielded as light "
                 "infantry, the only troops the rules arm with bows and slings")
    return Troop.LIGHT, shot


def _companies(rules: Rules, figures: float) -> int:
    """Figures to whole companies, at least the smallest phalanx's (Phalanxes 1)."""
    return max(rules.min_companies, math.floor(figures / rules.company + 0.5))


def _phalanx_sizes(rules: Rules, figures: float) -> list[int]:
    """A phalanx body of ``figures`` as legal phalanxes: the nearest whole number of
    companies, in as few phalanxes as the largest allows, as even as may be."""
    companies = _companies(rules, figures)
    k = math.ceil(companies / rules.max_companies)
    base, extra = divmod(companies, k)
    return [(base + (i < extra)) * rules.company for i in range(k)]


def _error(rules: Rules, figures: float) -> float:
    return abs(sum(_phalanx_sizes(rules, figures)) - figures)


def _merge(bodies: list[_Body], rules: Rules, scale: int, notes: list[str]) -> list[_Body]:
    """A phalanx contingent that must be rounded up by half a company or more to make
    the smallest phalanx joins the neighbouring phalanx of its line (not an elite one)
    with which it makes the phalanx nearest their men (the smaller when equal), if that
    is nearer than fielding the two apart; else it is rounded up."""
    smallest = rules.min_companies * rules.company
    out = list(bodies)
    i = 0
    while i < len(out):
        b = out[i]
        figures = b.men / scale
        if b.troop is not Troop.PHALANX or smallest - figures < rules.company / 2:
            i += 1
            continue
        best: tuple[float, float, int] | None = None
        for j in (i - 1, i + 1):
            # picked troops (elite) fight apart: nobody is merged into them
            if 0 <= j < len(out) and out[j].troop is Troop.PHALANX and \
                    not any(p.quality is Quality.ELITE for p in out[j].parts):
                other = out[j].men / scale
                merged = _error(rules, figures + other)
                if merged < _error(rules, figures) + _error(rules, other):
                    key = (merged, other, j)
                    best = key if best is None or key < best else best
        if best is None:
            i += 1
            continue
        j = best[2]
        other_body = out[j]
        big, small = (other_body, b) if other_body.men >= b.men else (b, other_body)
        if other_body.men == b.men:  # equals: in the line's order
            big, small = (out[min(i, j)], out[max(i, j)])
        joined = _Body(big.parts + small.parts, big.men + small.men, Troop.PHALANX,
                       Missile.NONE, big.member)
        notes.append(f"{small.lead.name} ({', '.join(p.id for p in small.parts)}): "
                     f"{round(small.men):,} men, too few for a phalanx of their own at "
                     f"1:{scale}, fielded with {big.lead.name} ({big.lead.id})")
        lo = min(i, j)
        out[lo:lo + 2] = [joined]
        i = lo
    return out


# -- bodies to units ------------------------------------------------------------------------
def _name(body: _Body) -> str:
    """The parts' names, the largest first: "Heraeans and Maenalians", "Argives,
    Cleonaeans and Orneates", "Brasidians and neodamodeis with Sciritae"."""
    *rest, last = [p.name for p in body.parts]
    if not rest:
        return last
    if " and " in last:
        return ", ".join([*rest, last])
    return ", ".join(rest) + (" with " if any(" and " in n for n in rest) else " and ") + last


def _target_ranks(body: _Body, ranks: int) -> float:
    depth = body.lead.depth
    return ranks if depth is None else depth.best * ranks / USUAL_DEPTH


def _body_units(body: _Body, rules: Rules, scale: int, ranks: int, taken: set[str],
                notes: list[str]) -> list[_Unit]:
    c = body.lead
    figures = body.men / scale
    name = _name(body)
    where = f"{name} ({', '.join(p.id for p in body.parts)})"
    if body.troop is Troop.PHALANX:
        sizes = _phalanx_sizes(rules, figures)
        exact = round(figures)
        if sum(sizes) != exact or len(sizes) > 1:
            shapes = " + ".join(map(str, sizes))
            notes.append(f"{where}: {round(body.men):,} men are {exact} figures at 1:{scale}, "
                         f"fielded as {'phalanxes' if len(sizes) > 1 else 'a phalanx'} of "
                         f"{shapes} (a phalanx is {rules.min_companies} to "
                         f"{rules.max_companies} companies of {rules.company})")
        want = _target_ranks(body, ranks)
        shaped: list[tuple[int, int]] = []
        for size in sizes:
            shapes_of = rules.legal_shapes[size]
            deep = min(shapes_of, key=lambda s: (abs(s[0] - want), s[0]))[0]
            shaped.append((size, deep))
        got = shaped[0][1]
        if abs(got - want) > 0.5 + 1e-9:
            depth = f"{c.depth.best} deep" if c.depth is not None else "the usual depth"
            notes.append(f"{where}: {depth} would be {want:g} ranks; {got} is the nearest "
                         f"a phalanx of {shaped[0][0]} may stand")
    else:
        total = max(1, round(figures))
        k = math.ceil(total / MAX_UNIT)
        base, extra = divmod(total, k)
        shaped = [(base + (i < extra), min(_RANKS[body.troop], base)) for i in range(k)]
    spartan = any("spartiate" in p.tags or "spartan" in p.tags for p in body.parts) \
        and body.troop is Troop.PHALANX
    bases = rules.bases["horse" if body.troop is Troop.HORSE else "foot"]
    out = []
    for k, (size, deep) in enumerate(shaped, start=1):
        uid = c.id if len(shaped) == 1 else f"{c.id}-{k}"
        while uid in taken:
            uid += "x"
        taken.add(uid)
        entry: dict[str, Any] = {
            "id": uid, "name": name if len(shaped) == 1 else f"{name} ({k})",
            "contingent": body.member, "troop": body.troop.value, "figures": size,
            "ranks": deep,
            "note": f"{', '.join(p.id for p in body.parts)}: {round(body.men):,} men at "
                    f"1:{scale}" + (f" ({k} of {len(shaped)})" if len(shaped) > 1 else ""),
        }
        if body.missile is not Missile.NONE:
            entry["missile"] = body.missile.value
        if spartan:
            entry["spartan"] = True
        files = size // deep if body.troop is Troop.PHALANX else math.ceil(size / deep)
        out.append(_Unit(entry, files, deep, bases))
    return out


# -- the table --------------------------------------------------------------------------------
_ORDER = (Line.SCREEN, Line.FIRST, Line.SECOND, Line.THIRD, Line.RESERVE, Line.AMBUSH)


def _extent(units: Sequence[_Unit]) -> float:
    return sum(u.frontage for u in units) + SPACING * max(0, len(units) - 1)


def _layout(oob: OrderOfBattle, lines: list[dict[Line, list[_Unit]]], opts: Mapping[str, Any],
            notes: list[str]) -> tuple[tuple[float, float], list[dict[str, Any]],
                                       list[dict[str, Any]]]:
    """The table (width, depth), the units placed and the terrain: each side's lines
    centred on the table, the first lines ``gap`` inches apart, a screen in front of the
    first line, the other lines behind it in order (an ambush last, at its wing's end)."""
    gap = opts["gap"]
    widest = max((_extent(us) for side in lines for us in side.values()), default=0.0)
    width = math.ceil(widest + 2 * MARGIN)
    width = max(width, 36)
    behind = [sum(max(u.depth for u in side[line]) + LINE_SPACING
                  for line in _ORDER[1:] if line in side) for side in lines]
    ahead = [max((u.depth for u in side.get(Line.SCREEN, [])), default=0.0)
             + (SCREEN_SPACING if Line.SCREEN in side else 0.0) for side in lines]
    if gap - ahead[0] - ahead[1] < 3.0:
        raise ScenarioError(f"{oob.name}: the screens would stand closer than 3\" apart "
                            f"with the lines {gap:g}\" apart: give a larger gap")
    half = max(behind) + BACK
    depth = math.ceil(gap + 2 * half)
    if width > MAX_TABLE or depth > MAX_TABLE:
        raise ScenarioError(f"{oob.name}: at 1:{opts['scale']} the armies need a table "
                            f"{width} x {depth} inches, more than the rules' tables "
                            f"({MAX_TABLE:g} inches): field it at a larger scale")
    centre = depth / 2.0
    placed: list[dict[str, Any]] = []
    for index, (side, side_lines) in enumerate(zip(oob.sides, lines, strict=True)):
        forward = 1.0 if index == 0 else -1.0
        front = centre - forward * gap / 2.0
        screen_front = front + forward * ahead[index]
        y = front
        for line in _ORDER:
            units = side_lines.get(line)
            if not units:
                continue
            if line is Line.SCREEN:
                line_y = screen_front
            else:
                line_y = y
                y -= forward * (max(u.depth for u in units) + LINE_SPACING)
            wing = _wing(side, line) if line is Line.AMBUSH else "centre"
            placed += _line(units, line_y, forward, width, widest, wing,
                            0.0 if index == 0 else 180.0, side.name)
    terrain = _terrain(oob, width, depth, centre, gap, ahead, behind, widest, notes)
    return (float(width), float(depth)), placed, terrain


def _wing(side: Side, line: Line) -> str:
    wings = {str(c.place.wing) for c in side.line(line)}
    return wings.pop() if len(wings) == 1 else "centre"


def _line(units: Sequence[_Unit], y: float, forward: float, width: float, widest: float,
          wing: str, facing: float, side: str) -> list[dict[str, Any]]:
    """A line's units left to right as its side sees it (the first side faces north, so
    its left is the table's west; the other's, the east)."""
    extent = _extent(units)
    start = {"left": (width - widest) / 2.0, "right": (width + widest) / 2.0 - extent
             }.get(wing, (width - extent) / 2.0)
    out = []
    at = start
    for u in units:
        x = at + u.frontage / 2.0
        at += u.frontage + SPACING
        if forward < 0:  # the other side: its left is the table's east
            x = width - x
        out.append({**u.entry, "side": side, "x": round(x, 4), "y": round(y, 4),
                    "facing": facing})
    return out


def _terrain(oob: OrderOfBattle, width: float, depth: float, centre: float, gap: float,
             ahead: Sequence[float], behind: Sequence[float], widest: float,
             notes: list[str]) -> list[dict[str, Any]]:
    """The ground in broad strokes: a strip of rough ground, woods or marsh along a
    flank that rests on them; features of the field as areas of rough ground, woods or
    marsh in their sector and zone; slopes, camps, towns, roads and the sea dropped."""
    out: list[dict[str, Any]] = []
    for edge, flank in (("left", oob.terrain.left), ("right", oob.terrain.right)):
        kind = _ANCHORS.get(flank.anchor)
        if kind is None:
            if flank.anchor not in (Anchor.NONE, Anchor.SEA):
                notes.append(f"the {edge} flank's {flank.anchor}: not fielded, the rules "
                             "have no rules for it (the table's edge closes the flank)")
            continue
        x0 = 0.0 if edge == "left" else width - STRIP
        out.append(_area(kind, f"{edge} flank: {flank.anchor}", x0, 0.0, x0 + STRIP, depth))
    dropped: list[str] = []
    first = oob.sides[0].name
    for f in oob.terrain.features:
        kind = _GROUND.get(f.kind)
        if kind is None:
            dropped.append(f"{f.name or f.kind} ({f.kind})")
            continue
        x0, x1 = _sector(f, width, widest, f.side == first)
        y0, y1 = _zone(f, depth, centre, gap, ahead, behind, f.side == first)
        if y1 - y0 > 0.5 and x1 - x0 > 0.5:
            out.append(_area(kind, f.name or str(f.kind), x0, y0, x1, y1))
    if dropped:
        notes.append(f"terrain not fielded ({', '.join(dropped)}): the rules know only "
                     "clear and rough ground (slopes, camps, towns, roads and the sea "
                     "have no rules)")
    return out


def _sector(f: Feature, width: float, widest: float, first: bool) -> tuple[float, float]:
    """The x range of a feature's sector as its side sees it (the first side's left is
    the west)."""
    if f.sector is Sector.ALL:
        return 0.0, width
    third = widest / 3.0
    left = (width - widest) / 2.0
    i = {Sector.LEFT: 0, Sector.CENTRE: 1, Sector.RIGHT: 2}[f.sector]
    if not first:
        i = 2 - i
    return left + i * third, left + (i + 1) * third


def _zone(f: Feature, depth: float, centre: float, gap: float, ahead: Sequence[float],
          behind: Sequence[float], first: bool) -> tuple[float, float]:
    """The y range of a feature's zone as its side sees it: between the armies (front),
    under its lines (line) or behind them."""
    i = 0 if first else 1
    if f.zone is Zone.FRONT:
        room = (gap - ahead[0] - ahead[1]) / 2.0 - 1.5  # clear of both screens
        lo, hi = centre - room, centre + room
        return (lo, hi) if hi > lo else (centre, centre)
    front = centre - gap / 2.0 if first else centre + gap / 2.0
    rear = front - behind[i] if first else front + behind[i]
    if f.zone is Zone.LINE:
        return (min(front, rear), max(front, rear))
    return (0.0, rear) if first else (rear, depth)


def _area(kind: str, name: str, x0: float, y0: float, x1: float, y1: float) -> dict[str, Any]:
    points = [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]
    return {"kind": kind, "name": name,
            "polygon": [[round(x, 4), round(y, 4)] for x, y in points]}
