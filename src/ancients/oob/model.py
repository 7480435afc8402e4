"""The typed model of a neutral order of battle: one historical battle described once, at
no ruleset's scale, so that every ruleset can field it.

Every class is frozen; :meth:`OrderOfBattle.to_dict` gives the document that
:func:`ancients.oob.parse_oob` reads back into an equal model.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Any

import attrs

from ancients.errors import ScenarioError
from ancients.units import TroopKind

__all__ = [
    "COUNTED_APART",
    "FORMAT",
    "Anchor",
    "Armour",
    "Basis",
    "Commander",
    "Contingent",
    "Date",
    "Ending",
    "Era",
    "Estimate",
    "Feature",
    "FeatureKind",
    "Flank",
    "Formation",
    "HistoricalOutcome",
    "Line",
    "Losses",
    "Missile",
    "OrderOfBattle",
    "Place",
    "Position",
    "Quality",
    "Role",
    "Season",
    "Sector",
    "Service",
    "Shield",
    "Side",
    "Source",
    "Terrain",
    "Weapon",
    "Wing",
    "Zone",
]

#: The format version this library reads and writes (the document's ``format`` key).
FORMAT = 1

#: Troop kinds whose ``men`` counts beasts, vehicles or engines rather than men; they are
#: left out of the men totals and counted on their own in :meth:`Side.by_kind`.
COUNTED_APART = frozenset({TroopKind.ELEPHANTS, TroopKind.CHARIOTS, TroopKind.WAR_ENGINES})


class Basis(enum.StrEnum):
    """Where a figure comes from."""

    ANCIENT = "ancient"  # an ancient source gives it
    MODERN = "modern"  # a modern historian's estimate
    RECONSTRUCTED = "reconstructed"  # this file's own reconstruction (the note says how)


class Era(enum.StrEnum):
    BC = "BC"
    AD = "AD"


class Season(enum.StrEnum):
    SPRING = "spring"
    SUMMER = "summer"
    AUTUMN = "autumn"
    WINTER = "winter"


class Anchor(enum.StrEnum):
    """What a flank of the field rests on."""

    NONE = "none"
    SEA = "sea"
    RIVER = "river"
    RAVINE = "ravine"
    HILLS = "hills"
    MARSH = "marsh"
    WOODS = "woods"
    TOWN = "town"
    CAMP = "camp"


class FeatureKind(enum.StrEnum):
    HILL = "hill"
    SLOPE = "slope"
    WOODS = "woods"
    RIVER = "river"
    STREAM = "stream"
    RAVINE = "ravine"
    MARSH = "marsh"
    DUNES = "dunes"
    ROUGH = "rough"
    ROAD = "road"
    CAMP = "camp"
    TOWN = "town"
    SEA = "sea"


class Sector(enum.StrEnum):
    """Where across the field a feature lies, as seen by its side."""

    LEFT = "left"
    CENTRE = "centre"
    RIGHT = "right"
    ALL = "all"


class Zone(enum.StrEnum):
    """Where along the axis between the armies a feature lies, as seen by its side."""

    BEHIND = "behind"
    LINE = "line"
    FRONT = "front"


class Armour(enum.StrEnum):
    NONE = "none"
    LIGHT = "light"
    MEDIUM = "medium"
    HEAVY = "heavy"


class Shield(enum.StrEnum):
    NONE = "none"
    SMALL = "small"  # pelte, buckler, cavalry shield
    LARGE = "large"  # hoplon, thureos, scutum


class Weapon(enum.StrEnum):
    """The main hand-to-hand weapon."""

    NONE = "none"
    SPEAR = "spear"
    LONG_SPEAR = "long spear"
    PIKE = "pike"  # the sarissa
    LANCE = "lance"
    SWORD = "sword"
    AXE = "axe"
    JAVELIN = "javelin"
    CLUB = "club"


class Missile(enum.StrEnum):
    NONE = "none"
    JAVELIN = "javelin"
    PILUM = "pilum"
    DART = "dart"
    BOW = "bow"
    SLING = "sling"
    CROSSBOW = "crossbow"
    LIGHT_ENGINE = "light engine"
    HEAVY_ENGINE = "heavy engine"


class Formation(enum.StrEnum):
    PHALANX = "phalanx"
    CLOSE_ORDER = "close order"
    OPEN_ORDER = "open order"
    SKIRMISH = "skirmish"
    MANIPLES = "maniples"
    WEDGE = "wedge"
    RHOMBOID = "rhomboid"
    COLUMN = "column"
    LINE = "line"


class Quality(enum.StrEnum):
    LEVY = "levy"
    TRAINED = "trained"
    VETERAN = "veteran"
    ELITE = "elite"


class Service(enum.StrEnum):
    """On what terms a contingent fought for its side."""

    CITIZEN = "citizen"
    REGULAR = "regular"  # a standing or settler army, a king's own troops
    ALLIED = "allied"
    MERCENARY = "mercenary"
    SUBJECT = "subject"


class Wing(enum.StrEnum):
    LEFT = "left"
    CENTRE = "centre"
    RIGHT = "right"


class Line(enum.StrEnum):
    """Which line a contingent stood in, from the front back."""

    SCREEN = "screen"  # in front of the first line: elephants, skirmishers
    FIRST = "first"
    SECOND = "second"
    THIRD = "third"
    RESERVE = "reserve"
    AMBUSH = "ambush"  # out of sight, or sent to take the enemy in flank or rear


class Role(enum.StrEnum):
    GENERAL = "general"
    SECOND = "second"
    ALLIED = "allied"


class Ending(enum.StrEnum):
    """How a battle ended."""

    ROUT = "rout"
    WITHDRAWAL = "withdrawal"
    SURRENDER = "surrender"
    MASSACRE = "massacre"
    NIGHTFALL = "nightfall"
    TRUCE = "truce"


_WING_ORDER = {Wing.LEFT: 0, Wing.CENTRE: 1, Wing.RIGHT: 2}


@attrs.frozen
class Estimate:
    """A number with its uncertainty: ``low <= best <= high``, where it comes from
    (``basis``), a ``note`` citing the passage, and the ids of the sources it rests on."""

    best: int
    low: int = attrs.field()
    high: int = attrs.field()
    note: str = ""
    basis: Basis = Basis.ANCIENT
    sources: tuple[str, ...] = ()

    @low.default
    def _low(self) -> int:
        return self.best

    @high.default
    def _high(self) -> int:
        return self.best

    def __attrs_post_init__(self) -> None:
        if self.low < 0:
            raise ScenarioError(f"a number cannot be negative (low {self.low})")
        if not self.low <= self.best <= self.high:
            raise ScenarioError(
                f"expected low <= best <= high, got {self.low}, {self.best}, {self.high}")

    @classmethod
    def exact(cls, n: int) -> Estimate:
        return cls(n)

    @property
    def exact_value(self) -> bool:
        """True when the figure has no range."""
        return self.low == self.best == self.high

    @property
    def range(self) -> tuple[int, int]:
        return self.low, self.high

    def __add__(self, other: Estimate) -> Estimate:
        """Sum of two figures: lows, bests and highs added, on the weaker basis of the two
        (notes and sources dropped)."""
        return Estimate(self.best + other.best, self.low + other.low, self.high + other.high,
                        basis=max(self.basis, other.basis, key=_BASES.index))

    def __str__(self) -> str:
        if self.exact_value:
            return f"{self.best:,}"
        return f"{self.best:,} ({self.low:,}-{self.high:,})"

    def to_dict(self) -> int | dict[str, Any]:
        """A plain integer when nothing but the number is known, else a table."""
        if self.exact_value and not self.note and self.basis is Basis.ANCIENT \
                and not self.sources:
            return self.best
        d: dict[str, Any] = {"best": self.best}
        if self.low != self.best:
            d["low"] = self.low
        if self.high != self.best:
            d["high"] = self.high
        if self.basis is not Basis.ANCIENT:
            d["basis"] = str(self.basis)
        if self.sources:
            d["sources"] = list(self.sources)
        if self.note:
            d["note"] = self.note
        return d


_BASES = list(Basis)
ZERO = Estimate(0)


def total(figures: Iterable[Estimate]) -> Estimate:
    """The sum of several figures (zero for none)."""
    out = ZERO
    for f in figures:
        out = out + f
    return out


def _put(d: dict[str, Any], key: str, value: Any, unless: Any = None) -> None:
    if value != unless:
        d[key] = str(value) if isinstance(value, enum.Enum) else value


@attrs.frozen
class Source:
    """An ancient (or modern) account: ``author``, ``work`` and the ``passage`` used."""

    id: str
    author: str
    work: str
    passage: str
    note: str = ""

    def __str__(self) -> str:
        return f"{self.author}, {self.work} {self.passage}"

    def to_dict(self) -> dict[str, Any]:
        d = {"id": self.id, "author": self.author, "work": self.work, "passage": self.passage}
        _put(d, "note", self.note, "")
        return d


@attrs.frozen
class Date:
    year: int
    era: Era = Era.BC
    season: Season | None = None
    note: str = ""

    @property
    def astronomical_year(self) -> int:
        """The year on one number line (1 BC is 0, 218 BC is -217), for sorting."""
        return self.year if self.era is Era.AD else 1 - self.year

    def __str__(self) -> str:
        return f"{self.season} {self.year} {self.era}" if self.season else \
            f"{self.year} {self.era}"

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"year": self.year, "era": str(self.era)}
        _put(d, "season", self.season)
        _put(d, "note", self.note, "")
        return d


@attrs.frozen
class Place:
    name: str
    region: str = ""
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"name": self.name}
        _put(d, "region", self.region, "")
        _put(d, "note", self.note, "")
        return d


@attrs.frozen
class Flank:
    """What one end of the field rests on."""

    anchor: Anchor = Anchor.NONE
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"anchor": str(self.anchor)}
        _put(d, "note", self.note, "")
        return d


@attrs.frozen
class Feature:
    """A piece of ground in broad strokes: what it is, and where it lies as seen by
    ``side`` (across the field: ``sector``; from the side's rear to the enemy: ``zone``).
    For a hill or slope, ``side`` is the side that holds it."""

    kind: FeatureKind
    side: str
    sector: Sector = Sector.ALL
    zone: Zone = Zone.FRONT
    name: str = ""
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": str(self.kind), "side": self.side,
                             "sector": str(self.sector), "zone": str(self.zone)}
        _put(d, "name", self.name, "")
        _put(d, "note", self.note, "")
        return d


@attrs.frozen
class Terrain:
    """The field: its ground, width in metres, what each flank rests on (``left`` and
    ``right`` as seen by the first side; :meth:`OrderOfBattle.flank` gives either
    side's view) and its features."""

    ground: str = "open plain"
    width: Estimate | None = None
    left: Flank = Flank()
    right: Flank = Flank()
    features: tuple[Feature, ...] = ()
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"ground": self.ground}
        if self.width is not None:
            d["width"] = self.width.to_dict()
        d["left"] = self.left.to_dict()
        d["right"] = self.right.to_dict()
        if self.features:
            d["features"] = [f.to_dict() for f in self.features]
        _put(d, "note", self.note, "")
        return d


@attrs.frozen
class Position:
    """A contingent's place: its ``wing``, its ``line`` and its ``order`` in that line,
    counted from 1 at the left as seen by its own side."""

    wing: Wing
    line: Line
    order: int

    def to_dict(self) -> dict[str, Any]:
        return {"wing": str(self.wing), "line": str(self.line), "order": self.order}


@attrs.frozen
class Contingent:
    """One body of troops as the sources describe it.

    ``kind`` is the shared :class:`~ancients.units.TroopKind`; ``men`` counts men (beasts,
    vehicles or engines for the kinds in :data:`COUNTED_APART`); ``depth`` is in ranks.
    """

    id: str
    name: str
    kind: TroopKind
    men: Estimate
    quality: Quality
    armour: Armour
    shield: Shield
    weapon: Weapon
    nationality: str
    place: Position
    missile: Missile = Missile.NONE
    mounted: bool = attrs.field()
    formation: Formation | None = None
    depth: Estimate | None = None
    service: Service | None = None
    commander: str = ""
    tags: tuple[str, ...] = ()
    note: str = ""

    @mounted.default
    def _mounted(self) -> bool:
        return self.kind.mounted

    @property
    def counted_apart(self) -> bool:
        """True when ``men`` counts beasts, vehicles or engines."""
        return self.kind in COUNTED_APART

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"id": self.id, "name": self.name, "kind": str(self.kind),
                             "men": self.men.to_dict(), "quality": str(self.quality),
                             "armour": str(self.armour), "shield": str(self.shield),
                             "weapon": str(self.weapon)}
        _put(d, "missile", self.missile, Missile.NONE)
        _put(d, "mounted", self.mounted, self.kind.mounted)
        _put(d, "formation", self.formation)
        if self.depth is not None:
            d["depth"] = self.depth.to_dict()
        d["nationality"] = self.nationality
        _put(d, "service", self.service)
        _put(d, "commander", self.commander, "")
        if self.tags:
            d["tags"] = list(self.tags)
        d["place"] = self.place.to_dict()
        _put(d, "note", self.note, "")
        return d


@attrs.frozen
class Commander:
    """A commander of a side: the ``general``, a ``second`` in command, or an ``allied``
    leader; ``contingent`` is the id of the contingent he stood with, if known."""

    name: str
    role: Role = Role.GENERAL
    contingent: str = ""
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"name": self.name, "role": str(self.role)}
        _put(d, "contingent", self.contingent, "")
        _put(d, "note", self.note, "")
        return d


@attrs.frozen
class Side:
    """One army: its ``name`` (an id such as ``"sparta"``), ``title``, commanders and
    contingents."""

    name: str
    title: str
    commanders: tuple[Commander, ...]
    contingents: tuple[Contingent, ...]
    note: str = ""

    @property
    def men(self) -> Estimate:
        """Men in the field (low, best, high), without beasts, vehicles and engines."""
        return total(c.men for c in self.contingents if not c.counted_apart)

    def by_kind(self) -> dict[TroopKind, Estimate]:
        """Strength per troop kind (men; beasts, vehicles or engines for those kinds)."""
        out: dict[TroopKind, Estimate] = {}
        for c in self.contingents:
            out[c.kind] = out.get(c.kind, ZERO) + c.men
        return out

    @property
    def general(self) -> Commander:
        """The commander-in-chief: the first ``general``, else the first commander."""
        return next((c for c in self.commanders if c.role is Role.GENERAL),
                    self.commanders[0])

    def contingent(self, cid: str) -> Contingent:
        for c in self.contingents:
            if c.id == cid:
                return c
        raise KeyError(cid)

    def line(self, line: Line = Line.FIRST) -> tuple[Contingent, ...]:
        """The contingents of one line, left to right as this side sees them."""
        return tuple(sorted((c for c in self.contingents if c.place.line is line),
                            key=lambda c: c.place.order))

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"name": self.name, "title": self.title}
        _put(d, "note", self.note, "")
        d["commanders"] = [c.to_dict() for c in self.commanders]
        d["contingents"] = [c.to_dict() for c in self.contingents]
        return d


@attrs.frozen
class Losses:
    """One side's losses: men ``killed`` and ``captured``."""

    side: str
    killed: Estimate
    captured: Estimate | None = None
    note: str = ""

    @property
    def total(self) -> Estimate:
        return self.killed + (self.captured or ZERO)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"killed": self.killed.to_dict()}
        if self.captured is not None:
            d["captured"] = self.captured.to_dict()
        _put(d, "note", self.note, "")
        return d


@attrs.frozen
class HistoricalOutcome:
    """What happened: the ``winner`` (a side's name, or None for an indecisive battle),
    how it ``ended``, and each side's losses."""

    ended: Ending
    winner: str | None = None
    losses: tuple[Losses, ...] = ()
    note: str = ""

    def losses_of(self, side: str) -> Losses | None:
        return next((x for x in self.losses if x.side == side), None)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {}
        _put(d, "winner", self.winner)
        d["ended"] = str(self.ended)
        if self.losses:
            d["losses"] = {x.side: x.to_dict() for x in self.losses}
        _put(d, "note", self.note, "")
        return d


@attrs.frozen
class OrderOfBattle:
    """One battle: when and where, the ground, the sources, the two sides and what
    happened. Load one with :func:`ancients.load_oob`; the built-in ones are
    :func:`ancients.battles`."""

    name: str
    title: str
    date: Date
    place: Place
    terrain: Terrain
    sources: tuple[Source, ...]
    sides: tuple[Side, Side]
    outcome: HistoricalOutcome | None = None
    description: str = ""

    @property
    def side_names(self) -> tuple[str, str]:
        return self.sides[0].name, self.sides[1].name

    def side(self, name: str) -> Side:
        for s in self.sides:
            if s.name == name:
                return s
        raise KeyError(name)

    def contingents(self) -> tuple[Contingent, ...]:
        """Every contingent, the first side's first."""
        return tuple(c for s in self.sides for c in s.contingents)

    def contingent(self, cid: str) -> Contingent:
        for c in self.contingents():
            if c.id == cid:
                return c
        raise KeyError(cid)

    def side_of(self, cid: str) -> Side:
        """The side a contingent belongs to."""
        for s in self.sides:
            if any(c.id == cid for c in s.contingents):
                return s
        raise KeyError(cid)

    def source(self, sid: str) -> Source:
        for s in self.sources:
            if s.id == sid:
                return s
        raise KeyError(sid)

    def men(self) -> dict[str, Estimate]:
        """Men per side (low, best, high)."""
        return {s.name: s.men for s in self.sides}

    def by_kind(self) -> dict[str, dict[TroopKind, Estimate]]:
        """Strength per side and troop kind."""
        return {s.name: s.by_kind() for s in self.sides}

    def flank(self, side: str, wing: Wing | str) -> Flank:
        """What the given wing of ``side`` rests on (the terrain's ``left`` and ``right``
        are the first side's; the other side sees them the other way round)."""
        w = Wing(wing)
        if w is Wing.CENTRE:
            raise ValueError("a flank is 'left' or 'right'")
        first = self.side(side) is self.sides[0]
        return self.terrain.left if (w is Wing.LEFT) == first else self.terrain.right

    def to_dict(self) -> dict[str, Any]:
        """The document (plain TOML/JSON types) that loads back into this battle."""
        d: dict[str, Any] = {"format": FORMAT, "name": self.name, "title": self.title}
        _put(d, "description", self.description, "")
        d["date"] = self.date.to_dict()
        d["place"] = self.place.to_dict()
        d["terrain"] = self.terrain.to_dict()
        d["sources"] = [s.to_dict() for s in self.sources]
        d["sides"] = [s.to_dict() for s in self.sides]
        if self.outcome is not None:
            d["outcome"] = self.outcome.to_dict()
        return d


def wing_rank(wing: Wing) -> int:
    """0, 1, 2 for left, centre, right."""
    return _WING_ORDER[wing]
