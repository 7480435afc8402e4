"""Raphia's translator from a neutral order of battle (``ancients.oob``): each contingent
becomes counters of its troop type and quality (``data/oob.toml``: the factors of the
counter sheet in force) at a stated scale, in stacks laid out from its wing, line and
order on the two deployment lines (§2), the general as the army's leader counter
(§11), on the Raphia map for the game's own battle or a generated plain map sized to
the armies. What Raphia has no rules for is dropped, and what is adjusted is noted.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import attrs

from ancients._words import did_you_mean
from ancients.errors import ScenarioError
from ancients.oob.model import (
    Anchor,
    Contingent,
    Formation,
    Line,
    OrderOfBattle,
    Quality,
    Service,
    Side,
    Weapon,
    Wing,
)
from ancients.raphia.board import Board, Terrain, parse_board
from ancients.raphia.counters import DATA, Counter, CounterSet, TroopClass, TroopType
from ancients.raphia.maps import LARGEST, MapPlan, label, plain_map
from ancients.raphia.tables import StackingTable
from ancients.rulesdata import load_document, provenance
from ancients.scenario import Field
from ancients.units import TroopKind

__all__ = ["CHOICES", "Template", "TranslationTable", "load_translation_table", "translate"]

#: the translator's choices (``Ruleset.from_oob(battle, **choices)``)
CHOICES = {"scale": "foot a counter (horse and elephants in the counter sheet's proportions)",
           "map": "'game': the ruleset's map (the game's own battle, whose sides its "
                  "deployment lines name); 'generated': a plain map sized to the armies"}

_TYPES = {TroopKind.LIGHT_INFANTRY: TroopType.LIGHT,
          TroopKind.MISSILE_INFANTRY: TroopType.LIGHT_MISSILE,
          TroopKind.MEDIUM_INFANTRY: TroopType.SEMI_HEAVY,
          TroopKind.LIGHT_CAVALRY: TroopType.CAVALRY,
          TroopKind.HEAVY_CAVALRY: TroopType.CAVALRY,
          TroopKind.ELEPHANTS: TroopType.ELEPHANT}
_NO_RULES = {TroopKind.CHARIOTS: "Raphia has no chariots",
             TroopKind.WAR_ENGINES: "Raphia has no war engines",
             TroopKind.LEADER: "Raphia's one leader counter a side is its general (§11)"}
#: where in the deployment each line of the order of battle stands: its columns behind
#: the deployment line (0: on it; negative: in front of it, §2)
_DEPTH = {Line.SCREEN: -1, Line.FIRST: 0, Line.SECOND: 1, Line.THIRD: 2, Line.RESERVE: 3,
          Line.AMBUSH: 1}
#: the ground a flank resting on it becomes: sea, or impassable dunes (§1)
_WATER = {Anchor.SEA, Anchor.RIVER}
_ANCHOR_WORDS = {Anchor.SEA: "the sea", Anchor.RIVER: "a river", Anchor.RAVINE: "a ravine",
                 Anchor.HILLS: "hills", Anchor.MARSH: "a marsh", Anchor.WOODS: "woods",
                 Anchor.TOWN: "a town", Anchor.CAMP: "a camp"}
_FRONT = {TroopClass.CAVALRY, TroopClass.ELEPHANT, TroopClass.LIGHT}  # §2


@attrs.frozen
class Template:
    """The factors a counter of one type and quality takes: ``like`` a line of the
    counter sheet (its factors as the sheet in force has them), or its own."""

    combat: int
    morale: int | str
    movement: int
    like: str
    reconstructed: bool
    reason: str

    @property
    def printed(self) -> str:
        return f"{self.combat} {self.morale} {self.movement}"


@attrs.frozen
class TranslationTable:
    """``data/oob.toml`` read against a counter sheet."""

    foot: float
    horse: float
    elephants: float
    counters: int
    leader: Template
    templates: Mapping[tuple[TroopType, Quality], Template]
    stacks: Mapping[TroopClass, int]
    ranks: Mapping[TroopType, int]
    behind: int
    gap: int
    margin: int


def _sheet_line(sheet: CounterSet, like: str) -> Counter | None:
    """The first counter of the sheet's line ``like`` (``P-phal-mace``: ``P-phal-mace1``)."""
    for c in sheet.counters.values():
        if c.id == like or (c.id.startswith(like) and c.id[len(like):].isdigit()):
            return c
    return None


def _template(f: Field, sheet: CounterSet, kind: TroopType) -> Template:
    if not f.get("like").missing:
        f.check_keys(["like"])
        like = f["like"].as_str()
        c = _sheet_line(sheet, like)
        if c is None or c.type is not kind:
            raise f["like"].error(f"the counter sheet in force has no {kind.value} "
                                  f"counter {like!r}")
        morale: int | str = "L" if c.leader else "?" if c.egyptian else int(c.morale or 0)
        return Template(c.combat, morale, c.movement, c.name, c.reconstructed, c.reason)
    f.check_keys(["factors", "reason"])
    factors = [x.as_int(min=1, max=20) for x in f["factors"].items()]
    if len(factors) != 3 or not 2 <= factors[1] <= 12 or factors[2] > 12:
        raise f["factors"].error("factors are combat (1-20), morale (2-12), movement (1-12)")
    return Template(factors[0], factors[1], factors[2], "", True, f["reason"].as_str())


def load_translation_table(sheet: CounterSet) -> TranslationTable:
    """``data/oob.toml``, its ``like`` counters read from ``sheet``."""
    doc = load_document(DATA, "oob.toml")
    doc.check_keys(["reconstructed", "reason", "scale", "leader", "counters", "stacks",
                    "ranks", "map"])
    provenance(doc)
    scale = doc["scale"]
    scale.check_keys(["foot", "horse", "elephants", "counters"])
    kinds = sorted({*_TYPES.values(), TroopType.PHALANX_NORMAL, TroopType.PHALANX_OTHER})
    doc["counters"].check_keys([k.value for k in kinds])
    templates = {}
    for kind in kinds:
        row = doc["counters"][kind.value]
        row.check_keys([q.value for q in Quality])
        for q in Quality:
            templates[(kind, q)] = _template(row[q.value], sheet, kind)
    stacks = doc["stacks"]
    stacks.check_keys([c.value for c in TroopClass if c is not TroopClass.LEADER])
    ranks = doc["ranks"]
    ranks.check_keys([TroopType.PHALANX_NORMAL.value, TroopType.PHALANX_OTHER.value])
    plan = doc["map"]
    plan.check_keys(["behind", "gap", "margin"])
    return TranslationTable(
        scale["foot"].as_float(min=0.001), scale["horse"].as_float(min=0.001),
        scale["elephants"].as_float(min=0.001), scale["counters"].as_int(min=1, max=500),
        _template(doc["leader"], sheet, TroopType.LEADER), templates,
        {TroopClass(k): f.as_int(min=1, max=12) for k, f in stacks.entries()},
        {TroopType(k): f.as_int(min=1, max=100) for k, f in ranks.entries()},
        plan["behind"].as_int(min=3, max=40), plan["gap"].as_int(min=0, max=20),
        plan["margin"].as_int(min=0, max=20))


# -- the pieces -----------------------------------------------------------------------------
@attrs.define
class Piece:
    """A contingent fielded: its counters, split into stacks, and where it stands."""

    contingent: Contingent
    type: TroopType
    template: Template
    count: int
    size: int  # counters a stack
    limit: int  # §5
    depth: int  # columns behind the deployment line (negative: in front)
    base: str = ""  # the id of its line of counters (``base1``, ``base2``, ...)
    ids: list[str] = attrs.field(factory=list)

    @property
    def troop_class(self) -> TroopClass:
        return self.type.troop_class

    @property
    def hexes(self) -> int:
        """How many stacks its counters make, ``size`` at most each."""
        return math.ceil(self.count / self.size)

    @property
    def stacks(self) -> list[list[str]]:
        """Its counters (once given their ids) in stacks of ``size`` at most, as even as
        may be."""
        n = self.hexes
        base, extra = divmod(self.count, n)
        out, at = [], 0
        for i in range(n):
            k = base + (1 if i < extra else 0)
            out.append(self.ids[at:at + k])
            at += k
        return out


def _round(x: float) -> int:
    return math.floor(x + 0.5)


def _men(n: float) -> str:
    return f"{n:,.0f}" if n >= 10 else f"{n:g}"


@attrs.frozen
class Scale:
    """Men, horse and elephants a counter."""

    foot: float
    horse: float
    elephants: float

    def per(self, kind: TroopType) -> float:
        if kind is TroopType.ELEPHANT:
            return self.elephants
        return self.horse if kind is TroopType.CAVALRY else self.foot

    def __str__(self) -> str:
        return (f"{_men(self.foot)} foot, {_men(self.horse)} horse or "
                f"{_men(self.elephants)} elephants a counter")


def _sig2(x: float) -> float:
    """``x`` to two significant figures."""
    return float(f"{x:.2g}")


def _scale(table: TranslationTable, sides: Sequence[Sequence[tuple[Contingent, TroopType]]],
           given: Any) -> Scale:
    """The ``scale`` choice (foot a counter; horse and elephants in the sheet's
    proportions), or the one that fields the larger army with about ``table.counters``
    counters (to two significant figures)."""
    sheet = Scale(table.foot, table.horse, table.elephants)
    if given is None:
        weight = max(sum(c.men.best / sheet.per(k) for c, k in side) for side in sides)
        foot = max(_sig2(table.foot * weight / table.counters), 0.01)
        return Scale(foot, _sig2(foot * table.horse / table.foot),
                     _sig2(foot * table.elephants / table.foot))
    try:
        foot = float(given)
    except (TypeError, ValueError):
        raise ScenarioError(f"raphia translation: scale {given!r} is not a number of foot "
                            "a counter") from None
    if not foot > 0 or math.isinf(foot):
        raise ScenarioError(f"raphia translation: scale {given!r} must be a positive number "
                            "of foot a counter")
    return Scale(foot, foot * table.horse / table.foot, foot * table.elephants / table.foot)


def _type(c: Contingent) -> TroopType | None:
    if c.kind is TroopKind.HEAVY_INFANTRY:
        return TroopType.PHALANX_NORMAL if c.weapon is Weapon.PIKE else \
            TroopType.PHALANX_OTHER
    return _TYPES.get(c.kind)


def _pieces(side: Side, table: TranslationTable, stacking: StackingTable, scale: Scale,
            notes: list[str]) -> list[Piece]:
    out = []
    for c in side.contingents:
        kind = _type(c)
        if kind is None:
            notes.append(f"{c.name} ({side.name}): {c.kind}, dropped: {_NO_RULES[c.kind]}")
            continue
        if c.kind is TroopKind.LIGHT_CAVALRY:
            notes.append(f"{c.name} ({side.name}): light cavalry fielded as cavalry, "
                         "Raphia's one kind of horse (§1)")
        if kind.troop_class is TroopClass.PHALANX and c.formation is not Formation.PHALANX:
            how = f"in {c.formation}" if c.formation is not None else "not said to be " \
                  "in phalanx"
            notes.append(f"{c.name} ({side.name}): heavy infantry {how} fielded as a "
                         "phalanx, Raphia's heavy infantry (§1, §6)")
        per = scale.per(kind)
        exact = c.men.best / per
        count = max(1, _round(exact))
        if _round(exact) < 1:
            unit = "elephants" if kind is TroopType.ELEPHANT else "men"
            notes.append(f"{c.name} ({side.name}): {c.men.best:,} {unit}, under half a "
                         f"counter at {_men(per)} {unit} a counter: one counter")
        cls = kind.troop_class
        limit = stacking.limit[cls]
        size = table.stacks[cls]
        if kind in table.ranks and c.depth is not None:
            size = max(1, _round(size * c.depth.best / table.ranks[kind]))
            if size > limit:
                notes.append(f"{c.name} ({side.name}): {c.depth.best} ranks deep: up to "
                             f"{limit} counters a hex, §5's limit")
        depth = _DEPTH[c.place.line]
        if depth < 0 and cls not in _FRONT:
            notes.append(f"{c.name} ({side.name}): {cls.words} may not stand in front of "
                         "the line (§2): deployed in it")
            depth = 0
        elif depth > 0 and cls is TroopClass.PHALANX:
            where = "an ambush (Raphia has no hidden troops)" \
                if c.place.line is Line.AMBUSH else f"in the {c.place.line} line"
            notes.append(f"{c.name} ({side.name}): {where}, but a phalanx may not stand "
                         "in reserve (§2): deployed on the line")
            depth = 0
        elif c.place.line is Line.AMBUSH:
            notes.append(f"{c.name} ({side.name}): an ambush, but Raphia has no hidden "
                         "troops (§2): in reserve behind its wing")
        out.append(Piece(c, kind, table.templates[(kind, c.quality)], count,
                         min(size, limit), limit, depth))
    return out


def _line_order(pieces: Sequence[Piece]) -> list[Piece]:
    """The pieces on the deployment line, left to right: by wing, the first line in its
    order, then the phalanxes of the lines behind it in theirs."""
    wings = list(Wing)
    return sorted((p for p in pieces if p.depth == 0),
                  key=lambda p: (wings.index(p.contingent.place.wing),
                                 p.contingent.place.line is not Line.FIRST,
                                 list(Line).index(p.contingent.place.line),
                                 p.contingent.place.order))


def _deepen(lines: Sequence[Sequence[Piece]], rows: int) -> bool:
    """Stack more counters a hex (within §5's limits), the longest pieces first, until
    each line fits in ``rows``; whether it had to."""
    deepened = False
    for line in lines:
        while sum(p.hexes for p in line) > rows:
            growable = [p for p in line if p.size < min(p.limit, p.count)]
            if not growable:
                break
            max(growable, key=lambda p: (p.hexes, p.count)).size += 1
            deepened = True
    return deepened


# -- ids -----------------------------------------------------------------------------------
def _ids(pieces: Sequence[Piece], sides: Sequence[str]) -> list[str]:
    """Give the pieces counter ids from their contingents' (a letter first, a number for
    each copy); the ids of the sides' leaders; all distinct."""
    used: set[str] = set()

    def fresh(base: str, count: int) -> tuple[str, list[str]]:
        base = base if base[:1].isalpha() else f"c{base}"
        if base[-1:].isdigit():
            base += "-"
        while True:
            ids = [base] if count == 1 else [f"{base}{i}" for i in range(1, count + 1)]
            if not used & set(ids):
                used.update(ids)
                return base, ids
            base += "x"

    for p in pieces:
        p.base, p.ids = fresh(p.contingent.id, p.count)
    return [fresh(f"{side}-general", 1)[0] for side in sides]


# -- the map ---------------------------------------------------------------------------------
@attrs.frozen
class Ground:
    """Where the sides deploy: the map (its document, unless it is the ruleset's) and the
    rows (1-based, first and last) the lines of battle are centred in."""

    board: Board
    document: Mapping[str, Any] | None
    span: tuple[int, int]


def _flank(oob: OrderOfBattle, wing: Wing) -> Terrain:
    anchor = (oob.terrain.left if wing is Wing.LEFT else oob.terrain.right).anchor
    if anchor is Anchor.NONE:
        return Terrain.PLAIN
    return Terrain.SEA if anchor in _WATER else Terrain.DUNE


def _generated(oob: OrderOfBattle, table: TranslationTable, rows: int, notes: list[str]
               ) -> Ground:
    north, south = _flank(oob, Wing.LEFT), _flank(oob, Wing.RIGHT)
    for wing, ground in ((Wing.LEFT, north), (Wing.RIGHT, south)):
        flank = oob.terrain.left if wing is Wing.LEFT else oob.terrain.right
        if ground is not Terrain.PLAIN:
            what = "sea" if ground is Terrain.SEA else "impassable dunes"
            edge = "north" if wing is Wing.LEFT else "south"
            notes.append(f"the {oob.sides[0].name} {wing} flank rests on "
                         f"{_ANCHOR_WORDS[flank.anchor]}: the map's {edge} edge is {what} "
                         "(§1: Raphia's ground is plain, dunes or sea)")
    ends = (north is not Terrain.PLAIN) + (south is not Terrain.PLAIN)
    if rows + ends > LARGEST:
        raise ScenarioError(f"raphia translation of {oob.name}: a line of {rows} hexes "
                            f"does not fit a map of at most {LARGEST} rows; choose a "
                            "larger scale (more men a counter)")
    open_ends = 2 - ends
    margin = min(table.margin, (LARGEST - rows - ends) // open_ends) if open_ends else 0
    rows = max(rows, 8 - ends - open_ends * margin)  # a map has 8 rows at least
    plan = MapPlan(rows, table.behind, table.gap, margin, north, south)
    width = f"; the field's {oob.terrain.width.best:,} m set no scale on it" \
        if oob.terrain.width is not None else ""
    notes.append(f"the map: a generated plain of {plan.columns} x {plan.rows} hexes, its "
                 f"lines {rows} hexes long for the longer line of battle{width}")
    doc = plain_map(plan, oob.side_names,
                    f"generated for {oob.name}: a plain sized to the armies")
    board = parse_board(Field.root(doc, source=f"the map of {oob.name}"))
    return Ground(board, doc, (plan.first_row, plan.first_row + rows - 1))


def _features(oob: OrderOfBattle, notes: list[str]) -> None:
    found = [f"{f.kind} ({f.side}{', ' + f.name if f.name else ''})"
             for f in oob.terrain.features]
    if found:
        notes.append("not on the map, whose ground is plain, impassable dunes or sea "
                     f"(§1): {', '.join(found)}")


# -- placing the stacks ------------------------------------------------------------------
class Deployment:
    """The hexes taken so far on one map."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.taken: set[str] = set()

    def free(self, column: int, row: int) -> bool:
        lab = label(column, row)
        if lab in self.taken or not 1 <= column <= self.board.grid.cols:
            return False
        return self.board.passable(self.board.hex(lab))

    def near(self, side: str, columns: Iterator[int], row: float) -> str | None:
        """The free hex nearest ``row`` in the first of ``columns`` that has one, within
        the side's deployment rows."""
        line = self.board.lines[side]
        rows = range(line.first_row + 1, line.last_row + 2)
        for column in columns:
            for r in sorted(rows, key=lambda r: (abs(r - row), r)):
                if self.free(column, r):
                    lab = label(column, r)
                    self.taken.add(lab)
                    return lab
        return None


def _deploy(battle: str, side: str, pieces: Sequence[Piece], ground: Ground, dep: Deployment,
            general: str, leader_with: str) -> list[dict[str, Any]]:
    """The stacks of one side (see the module docstring), ``general`` (a leader counter's
    id) with the first stack of contingent ``leader_with`` (an id), else in the middle of
    the line."""
    board = ground.board
    line = board.lines[side]
    column, step = line.column + 1, line.step
    facing = "E" if step > 0 else "W"
    ordered = _line_order(pieces)
    stacks = [(p, s) for p in ordered for s in p.stacks]
    first, last = ground.span
    start = first + (last - first + 1 - len(stacks)) // 2
    out: list[dict[str, Any]] = []
    rows_of: dict[Wing, list[int]] = {}
    first_of: dict[str, dict[str, Any]] = {}  # each contingent's first stack

    def put(p: Piece, counters: list[str], where: str | None) -> None:
        if where is None:
            raise ScenarioError(f"raphia translation of {battle}: no room for "
                                f"{p.contingent.name} ({side}) on the map")
        stack: dict[str, Any] = {"side": side, "hex": where, "counters": counters,
                                 "note": p.contingent.name}
        if p.troop_class is TroopClass.PHALANX:
            stack["facing"] = facing
        out.append(stack)
        first_of.setdefault(p.contingent.id, stack)

    for i, (p, counters) in enumerate(stacks):  # left to right as the side sees it
        row = start + i if step > 0 else start + len(stacks) - 1 - i
        rows_of.setdefault(p.contingent.place.wing, []).append(row)
        put(p, counters, dep.near(side, iter([column]), row))
    middle = (first + last) / 2
    behind = [p for p in pieces if p.depth != 0]
    for p in sorted(behind, key=lambda p: (p.depth, list(Wing).index(p.contingent.place.wing),
                                           p.contingent.place.order)):
        wing_rows = rows_of.get(p.contingent.place.wing)
        centre = sum(wing_rows) / len(wing_rows) if wing_rows else middle
        if p.depth < 0:  # §2: up to two hexes in front
            columns = [column + step, column + 2 * step]
        else:
            columns = [column - step * k for k in range(p.depth, board.grid.cols)]
        for counters in p.stacks:
            put(p, counters, dep.near(side, iter(columns), centre))
    home = first_of.get(leader_with)
    if home is None:
        home = min((s for s in out if s["hex"][:2] == f"{column:02d}"),
                   key=lambda s: abs(int(s["hex"][2:]) - middle), default=out[0])
    home["counters"] = [*home["counters"], general]
    return out


# -- the translation ----------------------------------------------------------------------
def translate(oob: OrderOfBattle, choices: Mapping[str, Any], *, sheet: CounterSet,
              stacking: StackingTable, game_board: Board, game: str
              ) -> tuple[dict[str, Any], list[str]]:
    """The scenario document of ``oob`` and the notes of what was dropped or adjusted.
    ``game`` is the battle the ruleset's own map is of (its default scenario)."""
    unknown = sorted(set(choices) - set(CHOICES))
    if unknown:
        raise ScenarioError(f"raphia has no translation choice {unknown[0]!r}; "
                            f"{did_you_mean(unknown[0], CHOICES)}its choices: "
                            + "; ".join(f"{k}: {v}" for k, v in CHOICES.items()))
    own_map = oob.side_names == game_board.sides and oob.name == game
    map_choice = choices.get("map", "game" if own_map else "generated")
    if map_choice not in ("game", "generated"):
        raise ScenarioError(f"raphia translation: map {map_choice!r} is not 'game' or "
                            "'generated'")
    if map_choice == "game" and oob.side_names != game_board.sides:
        raise ScenarioError(f"raphia translation of {oob.name}: the ruleset's map deploys "
                            f"{' and '.join(game_board.sides)}, not "
                            f"{' and '.join(oob.side_names)}")
    table = load_translation_table(sheet)
    notes: list[str] = []
    fielded = [[(c, k) for c in s.contingents if (k := _type(c)) is not None]
               for s in oob.sides]
    scale = _scale(table, fielded, choices.get("scale"))
    pieces = [_pieces(s, table, stacking, scale, notes) for s in oob.sides]
    for side, ps in zip(oob.sides, pieces, strict=True):
        if not ps:
            raise ScenarioError(f"raphia translation of {oob.name}: the {side.name} army "
                                "has nothing Raphia can field")
        for c in side.commanders:
            if c is not side.general:
                notes.append(f"{c.name} ({side.name}, {c.role}) has no counter: Raphia "
                             "gives each army one leader, its general (§11)")
    lines = [_line_order(ps) for ps in pieces]
    if map_choice == "game":
        board = game_board
        rows = max(board.lines[s].last_row - board.lines[s].first_row + 1
                   for s in board.sides)
        if _deepen(lines, rows):
            notes.append(f"stacks deepened for the lines to fit the map's {rows} rows of "
                         "deployment (§5's limits kept)")
        first = min(board.lines[s].first_row for s in board.sides) + 1
        ground = Ground(board, None, (first, first + rows - 1))
    else:  # as long as the longer line, and room for each side's screen in front
        longest = max(max(sum(p.hexes for p in line),
                          math.ceil(sum(p.hexes for p in ps if p.depth < 0) / 2))
                      for line, ps in zip(lines, pieces, strict=True))
        ground = _generated(oob, table, max(longest, 1), notes)
    _features(oob, notes)
    first, last = ground.span
    for line, side in zip(lines, oob.sides, strict=True):
        length = sum(p.hexes for p in line)
        if length > last - first + 1:
            raise ScenarioError(f"raphia translation of {oob.name}: the {side.name} line of "
                                f"{length} stacks does not fit the map's {last - first + 1} "
                                "rows even at §5's limits; choose a larger scale (more men "
                                "a counter) or map='generated'")
    all_pieces = [p for ps in pieces for p in ps]
    leaders = _ids(all_pieces, oob.side_names)
    counters = [_counter(p, side.name, scale) for side, ps in zip(oob.sides, pieces,
                                                                  strict=True) for p in ps]
    stacks: list[dict[str, Any]] = []
    dep = Deployment(ground.board)
    for side, ps, general in zip(oob.sides, pieces, leaders, strict=True):
        counters.append(_leader(table.leader, general, side))
        home = side.general.contingent
        if home and not any(p.contingent.id == home for p in ps):
            notes.append(f"{side.general.name} ({side.name}): the contingent {home} is not "
                         "fielded; the leader counter stands in the middle of the line")
        stacks += _deploy(oob.name, side.name, ps, ground, dep, general, home)
    total = {s.name: sum(p.count for p in ps) for s, ps in zip(oob.sides, pieces,
                                                                 strict=True)}
    doc: dict[str, Any] = {
        "name": oob.name, "title": oob.title,
        "description": f"{oob.title}, from its order of battle at {scale}: "
                       + ", ".join(f"{n} counters {s}" for s, n in total.items()) + ".",
        "sides": list(oob.side_names)}
    if ground.document is not None:
        doc["map"] = ground.document
    doc["counter"] = counters
    doc["stack"] = stacks
    return doc, notes


def _counter(p: Piece, side: str, scale: Scale) -> dict[str, Any]:
    c, t = p.contingent, p.template
    like = f"the counter sheet's {t.like} {t.printed}" if t.like else \
        f"{t.printed} ({t.reason})"
    out: dict[str, Any] = {
        "id": p.base, "name": c.name, "side": side,
        "type": p.type.value, "combat": t.combat, "morale": t.morale,
        "movement": t.movement}
    if p.count > 1:
        out["count"] = p.count
    if c.service is Service.MERCENARY:
        out["mercenary"] = True  # §11: two-colour troops
    if p.type is TroopType.LIGHT_MISSILE:
        out["missile"] = True  # §11
    out["reconstructed"] = True
    out["reason"] = (f"{c.name}: {c.men.best:,} {c.kind}, {c.quality}, at "
                     f"{_men(scale.per(p.type))} a counter; {like}")
    return out


def _leader(t: Template, cid: str, side: Side) -> dict[str, Any]:
    return {"id": cid, "name": side.general.name, "side": side.name, "type": "leader",
            "combat": t.combat, "morale": "L", "movement": t.movement,
            "reconstructed": True,
            "reason": f"the general of the {side.name} army, with the counter sheet's "
                      f"{t.like} {t.printed} (§11)"}
