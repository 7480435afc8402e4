"""Reading an order of battle: a TOML file (:func:`load_oob`) or a document already in
memory (:func:`parse_oob`) into an :class:`~ancients.oob.model.OrderOfBattle`.

Every error is a :class:`~ancients.errors.ScenarioError` naming the file and the field
(``sides[0].contingents[2].men.low``) and saying what was expected. The whole document
is read before any cross-reference is checked, so the first error is where the document
first departs from the format.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

import attrs

from ancients._words import did_you_mean
from ancients.oob.model import (
    FORMAT,
    Anchor,
    Armour,
    Basis,
    Commander,
    Contingent,
    Date,
    Ending,
    Era,
    Estimate,
    Feature,
    FeatureKind,
    Flank,
    Formation,
    HistoricalOutcome,
    Line,
    Losses,
    Missile,
    OrderOfBattle,
    Place,
    Position,
    Quality,
    Role,
    Season,
    Sector,
    Service,
    Shield,
    Side,
    Source,
    Terrain,
    Weapon,
    Wing,
    Zone,
    wing_rank,
)
from ancients.scenario import Field, read_toml
from ancients.units import TroopKind

__all__ = ["BATTLE_NAME", "ID", "SIDE_NAME", "load_oob", "parse_oob"]

E = TypeVar("E", bound=enum.Enum)

#: The forms of names: a battle (``mantinea-418bc``), a side, a contingent or source id.
BATTLE_NAME = r"[a-z0-9]+(?:-[a-z0-9]+)*"
SIDE_NAME = r"[a-z][a-z0-9_-]*"
ID = r"[A-Za-z0-9][A-Za-z0-9_-]*"

_TOP = ("format", "name", "title", "description", "date", "place", "terrain", "sources",
        "sides", "outcome")


def load_oob(path: str | Path) -> OrderOfBattle:
    """Read an order of battle from a TOML file."""
    return parse_oob(read_toml(path), source=str(path))


def parse_oob(data: Mapping[str, Any], source: str | None = None) -> OrderOfBattle:
    """Read an order of battle from a document (TOML or JSON types); ``source`` names it in
    errors."""
    doc = Field.root(data, source)
    _keys(doc, _TOP)
    fmt = doc.get("format").as_int(FORMAT)
    if fmt != FORMAT:
        raise doc["format"].error(f"this library reads format {FORMAT}, not {fmt}")
    name = _text(doc["name"], pattern=BATTLE_NAME)
    title = _text(doc["title"])
    description = doc.get("description").as_str("")
    date = _date(doc["date"])
    place = _place(doc["place"])
    sources = _sources(doc["sources"])
    ctx = _Context(tuple(s.id for s in sources))
    sides = _sides(doc["sides"], ctx)
    terrain = _terrain(doc["terrain"], ctx, sides)
    out = doc.get("outcome")
    outcome = None if out.missing else _outcome(out, ctx, sides)
    return OrderOfBattle(name=name, title=title, date=date, place=place, terrain=terrain,
                         sources=sources, sides=sides, outcome=outcome,
                         description=description)


@attrs.frozen
class _Context:
    sources: tuple[str, ...]


# -- small readers -------------------------------------------------------------------------

def _keys(f: Field, allowed: Sequence[str]) -> Field:
    """Refuse unknown keys, suggesting the closest known one."""
    for key in f.table().value:
        if key not in allowed:
            raise f.get(str(key)).error(
                f"unknown field {key!r}; {did_you_mean(str(key), allowed)}"
                f"expected one of: {', '.join(allowed)}")
    return f


def _text(f: Field, default: str | None = None, *, pattern: str | None = None) -> str:
    """A non-empty string (or ``default`` when the field is missing)."""
    if f.missing and default is not None:
        return default
    v: str = f.as_str(pattern=pattern)
    if not v:
        raise f.error("expected a non-empty string")
    return v


def _enum(f: Field, enum_type: type[E], default: E | None = None) -> E:
    if f.missing and default is not None:
        return default
    v: str = f.as_str()
    for member in enum_type:
        if str(member.value) == v:
            return member
    values = [str(m.value) for m in enum_type]
    hint = did_you_mean(v, values).strip()
    raise f.error(f"{v!r} is not one of: {', '.join(map(repr, values))}"
                  + (f"; {hint}" if hint else ""))


def _ref(f: Field, known: Sequence[str], what: str) -> str:
    v = _text(f)
    if v not in known:
        raise f.error(f"no {what} {v!r}; {did_you_mean(v, known)}"
                      f"known: {', '.join(map(repr, known))}")
    return v


def _strings(f: Field) -> tuple[str, ...]:
    if f.missing:
        return ()
    return tuple(_text(item) for item in f.items())


def _estimate(f: Field, ctx: _Context, *, minimum: int = 0) -> Estimate:
    """A figure: a plain integer, or a table ``{best, low, high, basis, sources, note}``."""
    if isinstance(f.value, int) and not isinstance(f.value, bool):
        return Estimate(f.as_int(min=minimum))
    if not isinstance(f.value, Mapping):
        raise f.error(f"expected an integer or a table {{best, low, high, note}}, got "
                      f"{_kind(f.value)}")
    _keys(f, ("best", "low", "high", "basis", "sources", "note"))
    best = f["best"].as_int(min=minimum)
    low = f.get("low").as_int(best, min=0)
    high = f.get("high").as_int(best, min=0)
    basis = _enum(f.get("basis"), Basis, Basis.ANCIENT)
    sources = f.get("sources")
    sids = () if sources.missing else tuple(
        _ref(s, ctx.sources, "source") for s in sources.items())
    note = f.get("note").as_str("")
    if not low <= best <= high:
        raise f.error(f"expected low <= best <= high, got low {low}, best {best}, "
                      f"high {high}")
    if basis is Basis.RECONSTRUCTED and not note:
        raise f.get("note").error("a reconstructed figure needs a note giving the reason")
    return Estimate(best, low, high, note=note, basis=basis, sources=sids)


def _kind(value: Any) -> str:
    return {str: "a string", bool: "a boolean", int: "an integer", float: "a number",
            list: "an array"}.get(type(value), type(value).__name__)


# -- the parts -----------------------------------------------------------------------------

def _date(f: Field) -> Date:
    _keys(f, ("year", "era", "season", "note"))
    return Date(year=f["year"].as_int(min=1), era=_enum(f["era"], Era),
                season=None if f.get("season").missing else _enum(f["season"], Season),
                note=f.get("note").as_str(""))


def _place(f: Field) -> Place:
    _keys(f, ("name", "region", "note"))
    return Place(name=_text(f["name"]), region=f.get("region").as_str(""),
                 note=f.get("note").as_str(""))


def _sources(f: Field) -> tuple[Source, ...]:
    out: list[Source] = []
    seen: dict[str, str] = {}
    for s in f.items():
        _keys(s, ("id", "author", "work", "passage", "note"))
        sid = _text(s["id"], pattern=ID)
        if sid in seen:
            raise s["id"].error(f"duplicate source id {sid!r} (first at {seen[sid]})")
        seen[sid] = s.path
        out.append(Source(id=sid, author=_text(s["author"]), work=_text(s["work"]),
                          passage=_text(s["passage"]), note=s.get("note").as_str("")))
    if not out:
        raise f.error("expected at least one source")
    return tuple(out)


def _flank(f: Field) -> Flank:
    if f.missing:
        return Flank()
    _keys(f, ("anchor", "note"))
    return Flank(_enum(f["anchor"], Anchor), f.get("note").as_str(""))


def _terrain(f: Field, ctx: _Context, sides: tuple[Side, Side]) -> Terrain:
    _keys(f, ("ground", "width", "left", "right", "features", "note"))
    width = f.get("width")
    features = f.get("features")
    names = [s.name for s in sides]
    return Terrain(
        ground=_text(f["ground"]),
        width=None if width.missing else _estimate(width, ctx, minimum=1),
        left=_flank(f.get("left")),
        right=_flank(f.get("right")),
        features=() if features.missing else tuple(
            _feature(x, names) for x in features.items()),
        note=f.get("note").as_str(""),
    )


def _feature(f: Field, sides: Sequence[str]) -> Feature:
    _keys(f, ("kind", "side", "sector", "zone", "name", "note"))
    side = f.get("side")
    return Feature(kind=_enum(f["kind"], FeatureKind),
                   side=sides[0] if side.missing else _ref(side, sides, "side"),
                   sector=_enum(f.get("sector"), Sector, Sector.ALL),
                   zone=_enum(f.get("zone"), Zone, Zone.FRONT),
                   name=f.get("name").as_str(""), note=f.get("note").as_str(""))


_CONTINGENT = ("id", "name", "kind", "men", "quality", "armour", "shield", "weapon",
               "missile", "mounted", "formation", "depth", "nationality", "service",
               "commander", "tags", "place", "note")


def _contingent(f: Field, ctx: _Context) -> Contingent:
    _keys(f, _CONTINGENT)
    cid = _text(f["id"], pattern=ID)
    name = _text(f["name"])
    kind = _enum(f["kind"], TroopKind)
    men = _estimate(f["men"], ctx, minimum=1)
    quality = _enum(f["quality"], Quality)
    armour = _enum(f["armour"], Armour)
    shield = _enum(f["shield"], Shield)
    weapon = _enum(f["weapon"], Weapon)
    missile = _enum(f.get("missile"), Missile, Missile.NONE)
    m = f.get("mounted")
    mounted: bool = m.as_bool(kind.mounted)
    if (kind.mounted or kind.foot) and mounted != kind.mounted:
        raise m.error(f"{kind} are {'always' if kind.mounted else 'never'} mounted")
    formation = f.get("formation")
    depth = f.get("depth")
    service = f.get("service")
    p = f["place"]
    _keys(p, ("wing", "line", "order"))
    place = Position(wing=_enum(p["wing"], Wing), line=_enum(p["line"], Line),
                     order=p["order"].as_int(min=1))
    return Contingent(
        id=cid, name=name, kind=kind, men=men, quality=quality, armour=armour,
        shield=shield, weapon=weapon, missile=missile, mounted=mounted,
        formation=None if formation.missing else _enum(formation, Formation),
        depth=None if depth.missing else _estimate(depth, ctx, minimum=1),
        nationality=_text(f["nationality"]),
        service=None if service.missing else _enum(service, Service),
        commander=f.get("commander").as_str(""),
        tags=_strings(f.get("tags")),
        place=place,
        note=f.get("note").as_str(""),
    )


def _commander(f: Field, contingents: Sequence[str]) -> Commander:
    _keys(f, ("name", "role", "contingent", "note"))
    c = f.get("contingent")
    return Commander(name=_text(f["name"]), role=_enum(f["role"], Role),
                     contingent="" if c.missing else _ref(c, contingents,
                                                          "contingent on this side"),
                     note=f.get("note").as_str(""))


def _side(f: Field, ctx: _Context) -> Side:
    _keys(f, ("name", "title", "note", "commanders", "contingents"))
    name = _text(f["name"], pattern=SIDE_NAME)
    title = _text(f["title"])
    note = f.get("note").as_str("")
    cf = list(f["contingents"].items())
    contingents = tuple(_contingent(c, ctx) for c in cf)
    if not contingents:
        raise f["contingents"].error("expected at least one contingent")
    ids = [c.id for c in contingents]
    commanders = tuple(_commander(c, ids) for c in f["commanders"].items())
    if not commanders:
        raise f["commanders"].error("expected at least one commander")
    _check_line(contingents, cf)
    return Side(name=name, title=title, commanders=commanders, contingents=contingents,
                note=note)


def _check_line(contingents: Sequence[Contingent], fields: Sequence[Field]) -> None:
    """One contingent to a place in each line; wings run left, centre, right."""
    taken: dict[tuple[Line, int], int] = {}
    for i, c in enumerate(contingents):
        key = (c.place.line, c.place.order)
        if key in taken:
            other = contingents[taken[key]]
            raise fields[i]["place"].error(
                f"{c.place.line} line, order {c.place.order} is already {other.id!r}'s "
                f"({fields[taken[key]].path}); each contingent needs its own place")
        taken[key] = i
    for line in Line:
        row = sorted((i for i, c in enumerate(contingents) if c.place.line is line),
                     key=lambda i: contingents[i].place.order)
        for a, b in itertools.pairwise(row):
            ca, cb = contingents[a], contingents[b]
            if wing_rank(cb.place.wing) < wing_rank(ca.place.wing):
                raise fields[b]["place"]["wing"].error(
                    f"{cb.id!r} on the {cb.place.wing} stands right of {ca.id!r} on the "
                    f"{ca.place.wing} ({line} line, order {cb.place.order} after "
                    f"{ca.place.order}); wings run left, centre, right")


def _sides(f: Field, ctx: _Context) -> tuple[Side, Side]:
    fields = list(f.items())
    if len(fields) != 2:
        raise f.error(f"expected exactly two sides, got {len(fields)}")
    a, b = _side(fields[0], ctx), _side(fields[1], ctx)
    if a.name == b.name:
        raise fields[1]["name"].error(f"both sides are named {a.name!r}")
    seen: dict[str, str] = {}
    for sf, side in zip(fields, (a, b), strict=True):
        for cf, c in zip(sf["contingents"].items(), side.contingents, strict=True):
            if c.id in seen:
                raise cf["id"].error(f"duplicate contingent id {c.id!r} (first at "
                                     f"{seen[c.id]})")
            seen[c.id] = cf["id"].path
    return a, b


def _outcome(f: Field, ctx: _Context, sides: tuple[Side, Side]) -> HistoricalOutcome:
    _keys(f, ("winner", "ended", "losses", "note"))
    names = [s.name for s in sides]
    w = f.get("winner")
    winner = None if w.missing else _ref(w, names, "side")
    ended = _enum(f["ended"], Ending)
    losses: list[Losses] = []
    lf = f.get("losses")
    if not lf.missing:
        for side, x in lf.entries():
            if side not in names:
                raise x.error(f"no side {side!r}; {did_you_mean(side, names)}"
                              f"known: {', '.join(map(repr, names))}")
            _keys(x, ("killed", "captured", "note"))
            cap = x.get("captured")
            losses.append(Losses(side=side, killed=_estimate(x["killed"], ctx),
                                 captured=None if cap.missing else _estimate(cap, ctx),
                                 note=x.get("note").as_str("")))
    return HistoricalOutcome(ended=ended, winner=winner, losses=tuple(losses),
                             note=f.get("note").as_str(""))
