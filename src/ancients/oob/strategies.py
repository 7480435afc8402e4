"""Hypothesis strategies over the order-of-battle format: valid documents (plain dicts, as
TOML or JSON would give them), the models loaded from them, and documents broken in one
place. Needs the ``test`` extra (hypothesis).

They compose: restrict the troop kinds or the size to what a ruleset's translator handles,
and draw the pieces (figures, contingents) on their own::

    from ancients.oob.strategies import orders_of_battle
    from ancients.units import TroopKind

    @given(orders_of_battle(kinds=[TroopKind.HEAVY_INFANTRY, TroopKind.LIGHT_CAVALRY]))
    def test_translates(oob): ...
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from hypothesis import strategies as st

from ancients.oob.loader import parse_oob
from ancients.oob.model import (
    Anchor,
    Armour,
    Basis,
    Ending,
    Era,
    FeatureKind,
    Formation,
    Line,
    Missile,
    OrderOfBattle,
    Quality,
    Role,
    Season,
    Sector,
    Service,
    Shield,
    Weapon,
    Wing,
    Zone,
)
from ancients.units import TroopKind

__all__ = ["contingents", "documents", "figures", "mutations", "orders_of_battle",
           "paths"]

_TEXT = st.text(st.characters(codec="utf-8", exclude_categories=["Cs", "Cc"]),
                min_size=1, max_size=16)
_NOTE = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=24)


def _values(enum_type: Any) -> st.SearchStrategy[str]:
    return st.sampled_from([str(m.value) for m in enum_type])


def _maybe(draw: st.DrawFn, d: dict[str, Any], key: str,
           strategy: st.SearchStrategy[Any]) -> None:
    """Put a drawn value under ``key``, or leave the optional key out."""
    if draw(st.booleans()):
        d[key] = draw(strategy)


@st.composite
def figures(draw: st.DrawFn, minimum: int = 0, max_value: int = 100_000,
            sources: Sequence[str] = ()) -> int | dict[str, Any]:
    """A figure: a plain integer or a ``{best, low, high, basis, sources, note}`` table."""
    best = draw(st.integers(minimum, max_value))
    if draw(st.booleans()):
        return best
    d: dict[str, Any] = {"best": best}
    _maybe(draw, d, "low", st.integers(0, best))
    _maybe(draw, d, "high", st.integers(best, max_value * 2))
    basis = draw(st.none() | _values(Basis))
    if basis is not None:
        d["basis"] = basis
    if sources:
        _maybe(draw, d, "sources", st.lists(st.sampled_from(list(sources)), max_size=2))
    if basis == Basis.RECONSTRUCTED:
        d["note"] = draw(_NOTE.filter(bool))
    else:
        _maybe(draw, d, "note", _NOTE)
    return d


@st.composite
def contingents(draw: st.DrawFn, cid: str = "c1",
                place: tuple[str, str, int] = ("centre", "first", 1),
                kinds: Sequence[TroopKind] | None = None, max_men: int = 30_000,
                sources: Sequence[str] = ()) -> dict[str, Any]:
    """A ``[[sides.contingents]]`` entry with the given id and ``(wing, line, order)``."""
    kind = draw(st.sampled_from(list(kinds or TroopKind)))
    wing, line, order = place
    d: dict[str, Any] = {
        "id": cid, "name": draw(_TEXT), "kind": str(kind),
        "men": draw(figures(minimum=1, max_value=max_men, sources=sources)),
        "quality": draw(_values(Quality)), "armour": draw(_values(Armour)),
        "shield": draw(_values(Shield)), "weapon": draw(_values(Weapon)),
        "nationality": draw(_TEXT),
        "place": {"wing": wing, "line": line, "order": order},
    }
    _maybe(draw, d, "missile", _values(Missile))
    if kind.mounted or kind.foot:
        _maybe(draw, d, "mounted", st.just(kind.mounted))
    else:
        _maybe(draw, d, "mounted", st.booleans())
    _maybe(draw, d, "formation", _values(Formation))
    _maybe(draw, d, "depth", figures(minimum=1, max_value=50, sources=sources))
    _maybe(draw, d, "service", _values(Service))
    _maybe(draw, d, "commander", _NOTE)
    _maybe(draw, d, "tags", st.lists(_TEXT, max_size=3))
    _maybe(draw, d, "note", _NOTE)
    return d


@st.composite
def _places(draw: st.DrawFn, n: int,
            lines: Sequence[Line] | None = None) -> list[tuple[str, str, int]]:
    """``n`` distinct places: each line's orders rise with its wings, left to right."""
    allowed = [str(x) for x in (lines or Line)]
    drawn = draw(st.lists(st.sampled_from(allowed), min_size=n, max_size=n))
    out: list[tuple[str, str, int]] = []
    for line in dict.fromkeys(drawn):
        k = drawn.count(line)
        orders = sorted(draw(st.lists(st.integers(1, 4 * n), min_size=k, max_size=k,
                                      unique=True)))
        wings = sorted(draw(st.lists(st.sampled_from(list(Wing)), min_size=k, max_size=k)),
                       key=list(Wing).index)
        out += [(str(w), line, o) for w, o in zip(wings, orders, strict=True)]
    return draw(st.permutations(out))


def _word(first: str, rest: str, max_size: int = 11) -> st.SearchStrategy[str]:
    return st.builds(str.__add__, st.sampled_from(first),
                     st.text(st.sampled_from(rest), max_size=max_size))


_LOWER = "abcdefghijklmnopqrstuvwxyz"
_DIGITS = "0123456789"
# the loader's SIDE_NAME and ID forms, kept short
_SIDE_NAMES = _word(_LOWER, _LOWER + _DIGITS + "_-")
_IDS = _word(_LOWER + _LOWER.upper() + _DIGITS, _LOWER + _LOWER.upper() + _DIGITS + "_-")
_BATTLE_NAMES = st.builds("-".join, st.lists(_word(_LOWER + _DIGITS, _LOWER + _DIGITS, 7),
                                             min_size=1, max_size=3))


@st.composite
def documents(draw: st.DrawFn, kinds: Sequence[TroopKind] | None = None,
              min_contingents: int = 1, max_contingents: int = 6,
              max_men: int = 30_000, outcome: bool | None = None,
              lines: Sequence[Line] | None = None) -> dict[str, Any]:
    """A valid order-of-battle document. ``kinds`` and ``lines`` restrict the troop kinds
    and the lines contingents stand in, the contingent counts are per side, ``outcome``
    forces the outcome in (True) or out (False)."""
    sids = draw(st.lists(_IDS, min_size=1, max_size=3, unique=True))
    names = draw(st.lists(_SIDE_NAMES, min_size=2, max_size=2, unique=True))
    counts = [draw(st.integers(min_contingents, max_contingents)) for _ in names]
    cids = draw(st.lists(_IDS, min_size=sum(counts), max_size=sum(counts), unique=True))
    doc: dict[str, Any] = {"name": draw(_BATTLE_NAMES), "title": draw(_TEXT)}
    _maybe(draw, doc, "format", st.just(1))
    _maybe(draw, doc, "description", _NOTE)
    date: dict[str, Any] = {"year": draw(st.integers(1, 3000)), "era": draw(_values(Era))}
    _maybe(draw, date, "season", _values(Season))
    _maybe(draw, date, "note", _NOTE)
    doc["date"] = date
    place: dict[str, Any] = {"name": draw(_TEXT)}
    _maybe(draw, place, "region", _NOTE)
    _maybe(draw, place, "note", _NOTE)
    doc["place"] = place
    doc["sources"] = [{"id": sid, "author": draw(_TEXT), "work": draw(_TEXT),
                       "passage": draw(_TEXT)} for sid in sids]
    sides: list[dict[str, Any]] = []
    taken = 0
    for name, n in zip(names, counts, strict=True):
        ids = cids[taken:taken + n]
        taken += n
        places = draw(_places(n, lines))
        side: dict[str, Any] = {
            "name": name, "title": draw(_TEXT),
            "contingents": [draw(contingents(cid, p, kinds, max_men, sids))
                            for cid, p in zip(ids, places, strict=True)]}
        side["commanders"] = []
        for _ in range(draw(st.integers(1, 3))):
            c: dict[str, Any] = {"name": draw(_TEXT), "role": draw(_values(Role))}
            _maybe(draw, c, "contingent", st.sampled_from(ids))
            _maybe(draw, c, "note", _NOTE)
            side["commanders"].append(c)
        _maybe(draw, side, "note", _NOTE)
        sides.append(side)
    doc["sides"] = sides
    doc["terrain"] = draw(_terrain(names, sids))
    if outcome or (outcome is None and draw(st.booleans())):
        out: dict[str, Any] = {"ended": draw(_values(Ending))}
        _maybe(draw, out, "winner", st.sampled_from(names))
        losses = {}
        for name in draw(st.lists(st.sampled_from(names), unique=True)):
            x: dict[str, Any] = {"killed": draw(figures(max_value=max_men, sources=sids))}
            _maybe(draw, x, "captured", figures(max_value=max_men, sources=sids))
            _maybe(draw, x, "note", _NOTE)
            losses[name] = x
        if losses:
            out["losses"] = losses
        _maybe(draw, out, "note", _NOTE)
        doc["outcome"] = out
    return doc


@st.composite
def _terrain(draw: st.DrawFn, sides: Sequence[str], sources: Sequence[str]) -> dict[str, Any]:
    t: dict[str, Any] = {"ground": draw(_TEXT)}
    _maybe(draw, t, "width", figures(minimum=1, max_value=20_000, sources=sources))
    for end in ("left", "right"):
        flank: dict[str, Any] = {"anchor": draw(_values(Anchor))}
        _maybe(draw, flank, "note", _NOTE)
        _maybe(draw, t, end, st.just(flank))
    features = []
    for _ in range(draw(st.integers(0, 3))):
        f: dict[str, Any] = {"kind": draw(_values(FeatureKind))}
        _maybe(draw, f, "side", st.sampled_from(list(sides)))
        _maybe(draw, f, "sector", _values(Sector))
        _maybe(draw, f, "zone", _values(Zone))
        _maybe(draw, f, "name", _NOTE)
        _maybe(draw, f, "note", _NOTE)
        features.append(f)
    if features:
        t["features"] = features
    _maybe(draw, t, "note", _NOTE)
    return t


def orders_of_battle(**kwargs: Any) -> st.SearchStrategy[OrderOfBattle]:
    """Models loaded from :func:`documents` (same arguments)."""
    return documents(**kwargs).map(parse_oob)


def paths(doc: Any, prefix: str = "") -> list[tuple[str, Any, str | int]]:
    """Every value below ``doc`` as ``(path, parent, key)``, the path written as the
    loader's errors write it (``sides[0].contingents[1].men``)."""
    out: list[tuple[str, Any, str | int]] = []
    items: list[tuple[str | int, Any]] = (list(doc.items()) if isinstance(doc, dict)
                                          else list(enumerate(doc)) if isinstance(doc, list)
                                          else [])
    for key, value in items:
        path = f"{prefix}[{key}]" if isinstance(key, int) else \
            (f"{prefix}.{key}" if prefix else key)
        out.append((path, doc, key))
        out += paths(value, path)
    return out


def _wrong(value: Any) -> Any:
    """A value of another type than ``value``'s, wrong wherever the format is typed."""
    return 7 if isinstance(value, str) else "seven"


@st.composite
def mutations(draw: st.DrawFn, doc: dict[str, Any]) -> tuple[dict[str, Any], str, str]:
    """``doc`` broken in one place: a key removed or a value of the wrong type; returns
    ``(document, path, "removed" | "retyped")``. A removed key may have been optional."""
    mutated = copy.deepcopy(doc)
    path, parent, key = draw(st.sampled_from(paths(mutated)))
    if isinstance(parent, dict) and draw(st.booleans()):
        del parent[key]
        return mutated, path, "removed"
    parent[key] = _wrong(parent[key])
    return mutated, path, "retyped"
