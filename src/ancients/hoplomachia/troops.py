"""Troops and unit cards: the card of every troop type (spear, shield, strength, Arete
threshold, Arete modifiers, Phobos, movement, distances, disarray qualifier, Belos, the
names of its charts), how each category is organised (lochoi of stands into taxeis,
ilai into hipparchies, groups of light stands), Epilektoi and Hamippoi.
Loaded from ``data/cards.toml``.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Mapping
from functools import cached_property

import attrs

from ancients.errors import RuleError
from ancients.hoplomachia._tables import (
    Provenance,
    Source,
    by_level,
    document,
    enum_of,
    require,
)
from ancients.hoplomachia.vocabulary import (
    AreteLevel,
    Arrangement,
    Category,
    GroupKind,
    UnitKind,
)
from ancients.morale import Modifier
from ancients.scenario import Field

__all__ = ["Belos", "CardCharts", "Cards", "Epilektoi", "Flight", "Hamippoi", "Movement",
           "Organisation", "UnitCard", "load_cards"]


class Flight(enum.StrEnum):
    """The three flight distances on a card (each +1D6 when used)."""

    EVADE = "evade"
    ROUT = "rout"
    PURSUIT = "pursuit"


@attrs.frozen
class Belos:
    """A card's missile weapon: its Belos number and range (inches)."""

    number: int
    range: float


@attrs.frozen
class Movement:
    """Move rates in inches by arrangement: CF and OF for disciplined troops, NF for
    undisciplined ones."""

    cf: float | None = None
    of: float | None = None
    nf: float | None = None

    @property
    def disciplined(self) -> bool:
        """Discipline is shown by CF and OF rates on the card."""
        # Hoplomachia, Discipline
        return self.cf is not None and self.of is not None

    @property
    def arrangements(self) -> tuple[Arrangement, ...]:
        """The arrangements the unit may use."""
        if self.disciplined:
            return (Arrangement.CLOSE_FILES, Arrangement.OPEN_FILES)
        return (Arrangement.NO_FILES,)

    def rate(self, arrangement: Arrangement) -> float:
        """The move in an arrangement (RuleError if the unit cannot use it)."""
        value = {Arrangement.CLOSE_FILES: self.cf, Arrangement.OPEN_FILES: self.of,
                 Arrangement.NO_FILES: self.nf}[arrangement]
        if value is None:
            raise RuleError(f"no {arrangement} move on this card (it uses "
                            f"{', '.join(self.arrangements)})")
        return value

    @property
    def loose(self) -> float:
        """The OF rate of disciplined troops, the NF rate of the others (the rate
        evasions, routs and pursuits are measured against)."""
        value = self.of if self.disciplined else self.nf
        assert value is not None
        return value


@attrs.frozen
class CardCharts:
    """The names of a card's Andreia check chart, belos reaction chart and Epidromos
    chart (None for troops that never charge)."""

    andreia: str
    belos: str
    epidromos: str | None


@attrs.frozen
class UnitCard:
    """One troop type's card."""

    key: str
    name: str
    category: Category
    spear: int
    shield: int
    strength: int
    threshold: int  # the Arete threshold
    arete: Mapping[AreteLevel, int]  # modifier at each Arete level
    phobos: int
    andreia: int  # the Andreia number
    movement: Movement
    evade: float
    rout: float
    pursuit: float
    disarray: int | None  # the disarray qualifier; None: never disarrayed (No Files)
    belos: Belos | None
    belos_check: int  # the belos check number
    charts: CardCharts
    provenance: Provenance
    formation: str = ""  # "rhomboid", "wedge" or "" (line)
    charges_hoplites: bool = False  # Iphikratians, long-spear Triballians

    @property
    def disciplined(self) -> bool:
        # Hoplomachia, Discipline
        return self.movement.disciplined

    def arete_modifier(self, level: AreteLevel) -> int:
        """The card's modifier at an Arete level (Andreia number and melee attack)."""
        return self.arete[level]

    def flight(self, kind: Flight) -> float:
        """The card's evade, rout or pursuit distance (before the 1D6)."""
        return {Flight.EVADE: self.evade, Flight.ROUT: self.rout,
                Flight.PURSUIT: self.pursuit}[kind]

    def __str__(self) -> str:
        return self.name


@attrs.frozen
class Organisation:
    """What a category's unit is (a lochos of stands, an ile, a group of stands), the
    stands it may have, the figures on a stand and how units are grouped."""

    category: Category
    unit: UnitKind
    stands: tuple[int, ...]
    figures: int
    group: GroupKind
    group_size: tuple[int, int]
    provenance: Provenance

    def groups(self, units: int) -> tuple[int, ...]:
        """How many units go into each group when ``units`` are grouped: as few groups
        as the largest size allows, as even as possible (larger groups first)."""
        # Hoplomachia, Troops (taxeis, hipparchies)
        hi = self.group_size[1]
        if units <= 0:
            return ()
        count = -(-units // hi)
        base, extra = divmod(units, count)
        return tuple(base + (1 if i < extra else 0) for i in range(count))


@attrs.frozen
class Epilektoi:
    """Epilektoi may, once per turn, add or subtract ``adjustment`` to any roll,
    declared before rolling."""

    adjustment: int
    per_turn: int
    provenance: Provenance

    def modifier(self, adjust: int) -> Modifier | None:
        """The roll modifier for a declared adjustment (0: none)."""
        # Hoplomachia, Epilektoi
        require(adjust in (-self.adjustment, 0, self.adjustment),
                f"Epilektoi adjust a roll by -{self.adjustment}, 0 or +{self.adjustment}, "
                f"not {adjust}")
        return Modifier("Epilektoi", adjust) if adjust else None

    def allowed(self, used_this_turn: int) -> bool:
        """May the unit adjust another roll this turn?"""
        # Hoplomachia, Epilektoi
        return used_this_turn < self.per_turn


@attrs.frozen
class Hamippoi:
    """Psiloi attached as a marker behind an ile: a bonus in othismos only, a longer
    move, lost if the ile routs or moves or evades more than ``lost_beyond`` inches."""

    card: str
    othismos: int
    move: float
    lost_beyond: float
    provenance: Provenance

    def lost(self, ile_routed: bool, moved: float) -> bool:
        """Are the hamippoi lost after the ile's move (or evasion) of ``moved`` inches?"""
        # Hoplomachia, Hamippoi
        return ile_routed or moved > self.lost_beyond


@attrs.frozen
class Cards:
    """Every unit card, each category's organisation, Epilektoi and Hamippoi."""

    cards: Mapping[str, UnitCard]
    organisation: Mapping[Category, Organisation]
    epilektoi: Epilektoi
    hamippoi: Hamippoi
    provenance: Provenance
    source: str | None = None

    def __getitem__(self, key: str) -> UnitCard:
        card = self.cards.get(key)
        if card is None:
            raise RuleError(f"no unit card {key!r}; the cards are: "
                            f"{', '.join(self.cards)}")
        return card

    def __contains__(self, key: object) -> bool:
        return key in self.cards

    def __iter__(self) -> Iterator[UnitCard]:
        return iter(self.cards.values())

    @cached_property
    def by_category(self) -> Mapping[Category, tuple[UnitCard, ...]]:
        return {c: tuple(k for k in self.cards.values() if k.category is c) for c in Category}


_CARD_KEYS = ["name", "category", "spear", "shield", "strength", "threshold", "arete",
              "phobos", "andreia", "movement", "evade", "rout", "pursuit", "disarray",
              "belos", "belos_check", "charts", "formation", "charges_hoplites",
              "reconstructed", "reason"]


def _card(key: str, f: Field) -> UnitCard:
    f.check_keys(_CARD_KEYS)
    mv = f["movement"].check_keys(["cf", "of", "nf"])
    movement = Movement(mv.get("cf").as_float(None, min=0.0), mv.get("of").as_float(None, min=0.0),
                        mv.get("nf").as_float(None, min=0.0))
    if movement.disciplined == (movement.nf is not None) or (
            (movement.cf is None) != (movement.of is None)):
        raise mv.error("give cf and of (disciplined) or nf alone (undisciplined)")
    disarray = f.get("disarray").as_int(None, min=0)
    if movement.disciplined and disarray is None:
        raise f.get("disarray").error("a disciplined card needs its disarray qualifier")
    if not movement.disciplined and disarray is not None:
        raise f["disarray"].error("No Files troops are never disarrayed: no qualifier")
    belos = None
    if not f.get("belos").missing:
        bf = f["belos"].check_keys(["number", "range"])
        belos = Belos(bf["number"].as_int(min=0, max=20), bf["range"].as_float(min=0.0))
    charts = f["charts"].check_keys(["andreia", "belos", "epidromos"])
    category = enum_of(f["category"], Category)
    return UnitCard(
        key=key, name=f["name"].as_str(), category=category,
        spear=f["spear"].as_int(min=0, max=30), shield=f["shield"].as_int(min=0, max=30),
        strength=f["strength"].as_int(min=0, max=30),
        threshold=f["threshold"].as_int(min=0, max=30),
        arete=by_level(f["arete"], lambda c: int(c.as_int(min=-10, max=10))),
        phobos=f["phobos"].as_int(min=0, max=12), andreia=f["andreia"].as_int(min=0, max=12),
        movement=movement, evade=f["evade"].as_float(min=0.0), rout=f["rout"].as_float(min=0.0),
        pursuit=f["pursuit"].as_float(min=0.0), disarray=disarray, belos=belos,
        belos_check=f["belos_check"].as_int(min=0, max=12),
        charts=CardCharts(charts["andreia"].as_str(), charts["belos"].as_str(),
                          charts.get("epidromos").as_str(None)),
        formation=f.get("formation").choice(["", "rhomboid", "wedge"], ""),
        charges_hoplites=f.get("charges_hoplites").as_bool(False),
        provenance=Provenance.of(f),
    )


def _organisation(category: Category, f: Field) -> Organisation:
    f.check_keys(["unit", "stands", "figures", "group", "group_size", "reconstructed", "reason"])
    stands = tuple(int(s.as_int(min=1, max=12)) for s in f["stands"].items())
    size = tuple(int(s.as_int(min=1, max=20)) for s in f["group_size"].items())
    if not stands or len(size) != 2 or size[0] > size[1]:
        raise f.error("needs stands and a group_size [least, most]")
    return Organisation(category, enum_of(f["unit"], UnitKind), stands,
                        f["figures"].as_int(min=1, max=20), enum_of(f["group"], GroupKind),
                        (size[0], size[1]), Provenance.of(f))


def load_cards(override: Source = "") -> Cards:
    """Read the unit cards (the built-in ``cards.toml``, or a replacement file)."""
    doc = document("cards.toml", override)
    doc.check_keys(["reconstructed", "reason", "organisation", "epilektoi", "hamippoi", "card"])
    Provenance.of(doc["organisation"])
    org: dict[Category, Organisation] = {}
    for key, f in doc["organisation"].entries():
        if key in ("reconstructed", "reason"):
            continue
        category = enum_of(Field(key, f.path, f.source), Category)
        org[category] = _organisation(category, f)
    cards = {key: _card(key, f) for key, f in doc["card"].entries()}
    if not cards:
        raise doc["card"].error("no cards")
    for key, card in cards.items():
        if card.category not in org:
            raise doc["card"][key]["category"].error(
                f"no organisation for {card.category} in [organisation]")
    ef = doc["epilektoi"].check_keys(["adjustment", "per_turn", "reconstructed", "reason"])
    epilektoi = Epilektoi(ef["adjustment"].as_int(min=1, max=6), ef["per_turn"].as_int(min=1),
                          Provenance.of(ef))
    hf = doc["hamippoi"].check_keys(["card", "othismos", "move", "lost_beyond", "reconstructed",
                                     "reason"])
    hamippoi = Hamippoi(hf["card"].as_str(), hf["othismos"].as_int(min=0),
                        hf["move"].as_float(min=0.0), hf["lost_beyond"].as_float(min=0.0),
                        Provenance.of(hf))
    if hamippoi.card not in cards or cards[hamippoi.card].category is not Category.PSILOS:
        raise hf["card"].error("hamippoi must name a psiloi card")
    return Cards(cards, org, epilektoi, hamippoi, Provenance.of(doc), doc.source)
