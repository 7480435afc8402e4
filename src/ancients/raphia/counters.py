"""Raphia §1 — the counters: troop types, factors, mercenary and missile flags."""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence

import attrs

from ancients.rulesdata import load_document
from ancients.scenario import Field
from ancients.units import TroopKind

__all__ = ["DATA", "SIDES", "Counter", "CounterSet", "TroopClass", "TroopType", "counter_labels",
           "load_counters", "parse_counters", "scenario_counters"]

SIDES = ("ptolemaic", "seleucid")
#: the package of the built-in data files (the tables, the counter sheet, the map)
DATA = "ancients.raphia.data"


class TroopClass(enum.StrEnum):
    """The classes the tables are indexed by (stacking, modifiers, victory points)."""

    LEADER = "leader"
    LIGHT = "light"
    SEMI_HEAVY = "semi_heavy"
    PHALANX = "phalanx"
    ELEPHANT = "elephant"
    CAVALRY = "cavalry"

    @property
    def words(self) -> str:
        """The rulebook's name for the class (for messages)."""
        return _WORDS[self]


class TroopType(enum.StrEnum):
    """The unit types of the magazine's key (§1)."""

    LEADER = "leader"
    LIGHT = "light"
    LIGHT_MISSILE = "light_missile"
    SEMI_HEAVY = "semi_heavy"
    PHALANX_NORMAL = "phalanx_normal"
    PHALANX_OTHER = "phalanx_other"
    ELEPHANT = "elephant"
    CAVALRY = "cavalry"

    @property
    def troop_class(self) -> TroopClass:
        return _CLASS[self]

    @property
    def kind(self) -> TroopKind:
        return _KIND[self]

    @property
    def infantry(self) -> bool:
        return _CLASS[self] in (TroopClass.LIGHT, TroopClass.SEMI_HEAVY, TroopClass.PHALANX)


_WORDS = {TroopClass.LEADER: "leader", TroopClass.LIGHT: "light infantry",
          TroopClass.SEMI_HEAVY: "semi-heavy infantry", TroopClass.PHALANX: "phalanx",
          TroopClass.ELEPHANT: "elephants", TroopClass.CAVALRY: "cavalry"}
_CLASS = {
    TroopType.LEADER: TroopClass.LEADER, TroopType.LIGHT: TroopClass.LIGHT,
    TroopType.LIGHT_MISSILE: TroopClass.LIGHT, TroopType.SEMI_HEAVY: TroopClass.SEMI_HEAVY,
    TroopType.PHALANX_NORMAL: TroopClass.PHALANX, TroopType.PHALANX_OTHER: TroopClass.PHALANX,
    TroopType.ELEPHANT: TroopClass.ELEPHANT, TroopType.CAVALRY: TroopClass.CAVALRY,
}
_KIND = {
    TroopType.LEADER: TroopKind.LEADER, TroopType.LIGHT: TroopKind.LIGHT_INFANTRY,
    TroopType.LIGHT_MISSILE: TroopKind.MISSILE_INFANTRY,
    TroopType.SEMI_HEAVY: TroopKind.MEDIUM_INFANTRY,
    TroopType.PHALANX_NORMAL: TroopKind.HEAVY_INFANTRY,
    TroopType.PHALANX_OTHER: TroopKind.HEAVY_INFANTRY,
    TroopType.ELEPHANT: TroopKind.ELEPHANTS, TroopType.CAVALRY: TroopKind.HEAVY_CAVALRY,
}


@attrs.frozen
class Counter:
    """One counter. ``morale`` is None for leaders ("L") and for the Egyptian phalanx
    ("?", then ``egyptian`` is set; its morale comes from §11). A championship
    replacement (§11) takes the side of the counter it replaces."""

    id: str
    name: str
    side: str
    type: TroopType
    combat: int
    morale: int | None
    movement: int
    mercenary: bool = False
    missile: bool = False
    egyptian: bool = False
    reconstructed: bool = True
    reason: str = ""
    # derived from ``type`` once (read in every hot loop of the rules and the commander)
    troop_class: TroopClass = attrs.field(init=False, eq=False, repr=False)
    leader: bool = attrs.field(init=False, eq=False, repr=False)
    phalanx: bool = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        cls = _CLASS[self.type]
        object.__setattr__(self, "troop_class", cls)
        object.__setattr__(self, "leader", self.type is TroopType.LEADER)
        object.__setattr__(self, "phalanx", cls is TroopClass.PHALANX)

    @property
    def printed(self) -> str:
        """The factors as printed: ``"10 6 2"``, ``"1 L 5"``, ``"4 ? 2"``."""
        m = "L" if self.leader else "?" if self.egyptian else str(self.morale)
        return f"{self.combat} {m} {self.movement}"


@attrs.frozen
class CounterSet:
    """All counters of the game, and the championship replacements (§11)."""

    counters: Mapping[str, Counter]
    championship: tuple[Counter, ...]
    reconstructed: bool
    reason: str

    def side(self, side: str) -> list[Counter]:
        return [c for c in self.counters.values() if c.side == side]

    def __getitem__(self, cid: str) -> Counter:
        return self.counters[cid]

    def __contains__(self, cid: object) -> bool:
        return cid in self.counters


def counter_labels(counters: CounterSet) -> dict[str, str]:
    """Each counter's name for messages: its printed name, numbered in the sheet's order
    where its side has several of that name (``"Phal. Mace 3"``, ``"Libyan cavalry"``)."""
    by_name: dict[tuple[str, str], list[str]] = {}
    for c in counters.counters.values():
        by_name.setdefault((c.side, c.name), []).append(c.id)
    return {cid: name if len(ids) == 1 else f"{name} {i}"
            for (_, name), ids in by_name.items() for i, cid in enumerate(ids, 1)}


def _morale(f: Field, kind: TroopType) -> tuple[int | None, bool]:
    raw = f.value
    if kind is TroopType.LEADER:
        if raw != "L":
            raise f.error('a leader\'s morale is printed "L"')
        return None, False
    if raw == "?":
        if kind is not TroopType.PHALANX_NORMAL:
            raise f.error('only the Egyptian phalanx (phalanx_normal) has morale "?"')
        return None, True
    return int(f.as_int(min=2, max=12)), False


def _counter(f: Field, cid: str, side: str | None) -> Counter:
    kind = f["type"].enum(TroopType) if side is not None else TroopType.PHALANX_NORMAL
    morale, egyptian = _morale(f["morale"], kind)
    missile = bool(f.get("missile").as_bool(False))
    if missile and kind is not TroopType.LIGHT_MISSILE:
        raise f["missile"].error("only light_missile counters carry missile weapons")
    if kind is TroopType.LIGHT_MISSILE and not missile:
        raise f["type"].error("a light_missile counter needs missile = true")
    return Counter(
        id=cid, name=f["name"].as_str(), side=side or "", type=kind,
        combat=f["combat"].as_int(min=1, max=20), morale=morale, egyptian=egyptian,
        movement=f["movement"].as_int(min=1, max=12),
        mercenary=bool(f.get("mercenary").as_bool(False)), missile=missile,
        reconstructed=f["reconstructed"].as_bool(), reason=f["reason"].as_str(),
    )


_KEYS = ("id", "name", "side", "type", "combat", "morale", "movement", "mercenary", "missile",
         "count", "reconstructed", "reason")


def _expand(f: Field, side_required: bool) -> list[tuple[str, Field]]:
    f.check_keys(_KEYS if side_required else [k for k in _KEYS if k not in ("side", "type",
                                                                             "missile")])
    base = f["id"].as_str(pattern=r"[A-Za-z][\w-]*")
    count = f.get("count").as_int(1, min=1, max=200)
    return [(base if count == 1 else f"{base}{i}", f) for i in range(1, count + 1)]


def load_counters(path: str = "") -> CounterSet:
    """The counters from ``path`` (a TOML file), or the built-in sheet."""
    return parse_counters(load_document(DATA, "counters.toml", path))


def parse_counters(doc: Field) -> CounterSet:
    """The counter sheet of a document: its counters and championship replacements, one
    leader for each of the game's two armies."""
    doc.check_keys(["reconstructed", "reason", "counter", "championship"])
    counters, champ = _counters(doc["counter"], doc.get("championship"), SIDES)
    for side in SIDES:
        if sum(1 for c in counters.values() if c.side == side and c.leader) != 1:
            raise doc["counter"].error(f"the {side} army needs exactly one leader counter")
    return CounterSet(counters, champ, bool(doc["reconstructed"].as_bool()),
                      str(doc["reason"].as_str()))


def scenario_counters(doc: Field, sides: Sequence[str]) -> CounterSet:
    """A scenario's own counters (its ``[[counter]]`` and ``[[championship]]`` lists, in the
    counter sheet's format), for its ``sides``: at most one leader for each."""
    counters, champ = _counters(doc["counter"], doc.get("championship"), sides)
    for side in sides:
        if sum(1 for c in counters.values() if c.side == side and c.leader) > 1:
            raise doc["counter"].error(f"the {side} army has more than one leader counter "
                                       "(§11: a leader is the army's general)")
    return CounterSet(counters, champ, any(c.reconstructed for c in counters.values()),
                      "the scenario's own counters")


def _counters(counter_f: Field, champ_f: Field, sides: Sequence[str]
              ) -> tuple[dict[str, Counter], tuple[Counter, ...]]:
    counters: dict[str, Counter] = {}
    for item in counter_f.items():
        side = item["side"].choice(list(sides))
        for cid, f in _expand(item, True):
            if cid in counters:
                raise f["id"].error(f"duplicate counter id {cid!r}")
            counters[cid] = _counter(f, cid, side)
    champ: list[Counter] = []
    for item in champ_f.items() if not champ_f.missing else ():
        for cid, f in _expand(item, False):
            c = _counter(f, cid, None)
            if c.egyptian:
                raise f["morale"].error("a championship counter has a printed morale")
            if any(known.id == cid for known in champ):
                raise f["id"].error(f"duplicate championship counter id {cid!r}")
            champ.append(c)
    return counters, tuple(champ)
