"""Army generation: the national lists with their Basics and Options charts, the five
epochs of availability, small, medium and large armies as one, two or three rounds,
points turned into lochoi, ilai and groups of stands, lochoi grouped into taxeis and
ilai into hipparchies; strategoi, their characters, allied stances and the Hegemon's
vote. Loaded from ``data/armies.toml``; :func:`roll_army` rolls a whole army.

>>> from ancients.dice import Dice
>>> from ancients.hoplomachia.rules import default_rules
>>> army = roll_army(default_rules(), "lakedaimonian", epoch=2, size=ArmySize.SMALL,
...                  dice=Dice(1))
>>> army.senior_taxis.card
'spartiates'
>>> army == roll_army(default_rules(), "lakedaimonian", 2, ArmySize.SMALL, Dice(1))
True
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import attrs

from ancients.dice import Dice, DiceSpec
from ancients.hoplomachia._tables import (
    DieChart,
    Provenance,
    Source,
    dice_spec,
    die_chart,
    document,
    keyed,
    lookup,
    require,
)
from ancients.hoplomachia.strategoi import Character, Stance
from ancients.hoplomachia.vocabulary import ArmySize, GroupKind, UnitKind
from ancients.scenario import Field

if TYPE_CHECKING:
    from ancients.hoplomachia.rules import HoplomachiaRules

__all__ = ["Army", "ArmyList", "ArmyLists", "Contingent", "Division", "Epoch", "ItemKind",
           "ListItem", "RolledItem", "Strategos", "Unit", "load_armies", "roll_army"]


class ItemKind(enum.StrEnum):
    TROOPS = "troops"
    OPTIONS = "options"  # a Basics item giving the number of Options rolls
    ALLY = "ally"  # rounds on an allied list
    HAMIPPOI = "hamippoi"  # psiloi attached to that many ilai


@attrs.frozen
class ListItem:
    """One item of a list's Basics or Options chart: its points (a 1D6 chart, or a fixed
    number for an undotted Basics item), the card and stands of each unit it buys."""

    item: str
    kind: ItemKind
    dot: bool
    points: DieChart[int] | int
    card: str = ""
    stands: int = 0
    epilektoi: bool = False
    epochs: frozenset[int] = frozenset()
    lists: tuple[str, ...] = ()  # an ally item's lists

    def available(self, epoch: int) -> bool:
        return epoch in self.epochs


@attrs.frozen
class ArmyList:
    key: str
    name: str
    nation: str
    epochs: frozenset[int]
    basics: tuple[ListItem, ...]
    options: tuple[ListItem, ...]
    provenance: Provenance


@attrs.frozen
class Epoch:
    number: int
    name: str
    years: tuple[int, int]  # BC, from and to


@attrs.frozen
class ArmyLists:
    dice: DiceSpec
    rounds: Mapping[ArmySize, int]
    epochs: Mapping[int, Epoch]
    lists: Mapping[str, ArmyList]
    provenance: Provenance
    source: str | None = None

    def list(self, key: str) -> ArmyList:
        return lookup(self.lists, key, "army list", "the lists are")


# -- a rolled army -------------------------------------------------------------------------
@attrs.frozen
class Unit:
    """One lochos, ile or group of light stands."""

    id: str
    card: str
    kind: UnitKind
    stands: int
    figures: int
    epilektoi: bool = False
    hamippoi: bool = False


@attrs.frozen
class Division:
    """A taxis of lochoi, a hipparchia of ilai, or a group of lights standing alone."""

    id: str
    kind: GroupKind
    card: str
    units: tuple[Unit, ...]
    senior: bool = False


@attrs.frozen
class Strategos:
    id: str
    contingent: str
    character: Character
    stance: Stance | None  # allied strategoi only
    hegemon: bool = False

    @property
    def philos(self) -> bool:
        """Strategoi of the Hegemon's own state always obey."""
        # Hoplomachia, Strategoi (Philoi)
        return self.stance is None


@attrs.frozen
class Contingent:
    id: str
    list_key: str
    nation: str
    allied: bool
    divisions: tuple[Division, ...]
    strategoi: tuple[Strategos, ...]

    @property
    def units(self) -> tuple[Unit, ...]:
        return tuple(u for d in self.divisions for u in d.units)


@attrs.frozen
class RolledItem:
    """A line of the army's generation record."""

    contingent: str
    round: int
    item: str
    roll: int | None  # None: a fixed (undotted) item
    points: int


@attrs.frozen
class Army:
    list_key: str
    name: str
    nation: str
    epoch: int
    size: ArmySize
    contingents: tuple[Contingent, ...]
    record: tuple[RolledItem, ...]

    @property
    def divisions(self) -> tuple[Division, ...]:
        return tuple(d for c in self.contingents for d in c.divisions)

    @property
    def units(self) -> tuple[Unit, ...]:
        return tuple(u for c in self.contingents for u in c.units)

    @property
    def strategoi(self) -> tuple[Strategos, ...]:
        return tuple(s for c in self.contingents for s in c.strategoi)

    @property
    def hegemon(self) -> Strategos:
        return next(s for s in self.strategoi if s.hegemon)

    @property
    def senior_taxis(self) -> Division:
        """The home contingent's first taxis (the senior one)."""
        # Hoplomachia, Arete (senior taxis)
        return next(d for d in self.divisions if d.senior)


@attrs.define
class _Tally:
    """Points gathered for one contingent while rolling."""

    points: dict[str, int] = attrs.Factory(dict)
    hamippoi: int = 0


def roll_army(rules: HoplomachiaRules, list_key: str, epoch: int, size: ArmySize,
              dice: Dice, prefer: Sequence[str] = ()) -> Army:
    """Hoplomachia, Army generation: roll a whole army from a national list, an epoch
    and a size with ``dice`` (deterministic). ``prefer`` names Options items to pick
    first (in that order) when available; the rest are picked by the dice."""
    lists = rules.armies
    home = lists.list(list_key)
    require(epoch in lists.epochs, f"no epoch {epoch}; the epochs are "
            f"{', '.join(map(str, lists.epochs))}")
    require(epoch in home.epochs, f"the {home.name} list is not available in epoch {epoch} "
            f"(only {', '.join(map(str, sorted(home.epochs)))})")
    require(size in lists.rounds, f"no army size {size!r}")
    record: list[RolledItem] = []
    allies: dict[str, int] = {}
    tally = _Tally()
    for r in range(1, lists.rounds[size] + 1):
        _round(lists, home, home.key, epoch, r, dice, prefer, tally, record, allies)
    contingents = [_contingent(rules, home, home.key, tally, False)]
    for ally_key, rounds in allies.items():
        ally = lists.list(ally_key)
        cid = f"{ally.key}-allies"
        ally_tally = _Tally()
        for r in range(1, rounds + 1):
            _round(lists, ally, cid, epoch, r, dice, prefer, ally_tally, record, None)
        contingents.append(_contingent(rules, ally, cid, ally_tally, True))
    contingents = _strategoi(rules, home, size, contingents, dice)
    return Army(home.key, home.name, home.nation, epoch, size, tuple(contingents), tuple(record))


def _round(lists: ArmyLists, army_list: ArmyList, cid: str, epoch: int, r: int, dice: Dice,
           prefer: Sequence[str], tally: _Tally, record: list[RolledItem],
           allies: dict[str, int] | None) -> None:
    """One round: each Basics item, then the Options picked and rolled (allies only in
    the army's own rounds)."""
    picks = 0
    for item in army_list.basics:
        if not item.available(epoch):
            continue
        n = _points(item, cid, r, dice, record)
        if item.kind is ItemKind.OPTIONS:
            picks += n
        else:
            _gain(item, n, lists, epoch, cid, dice, tally, allies)
    offered = [o for o in army_list.options if o.available(epoch)
               and (allies is not None or o.kind is not ItemKind.ALLY)]
    for item in _pick(offered, picks, prefer, dice, f"options pick: {cid} round {r}"):
        _gain(item, _points(item, cid, r, dice, record), lists, epoch, cid, dice, tally, allies)


def _points(item: ListItem, cid: str, r: int, dice: Dice, record: list[RolledItem]) -> int:
    if isinstance(item.points, int):
        record.append(RolledItem(cid, r, item.item, None, item.points))
        return item.points
    roll, points = item.points.roll(dice, f"army list: {cid} round {r}, {item.item}")
    record.append(RolledItem(cid, r, item.item, roll, points))
    return points


def _gain(item: ListItem, n: int, lists: ArmyLists, epoch: int, cid: str, dice: Dice,
          tally: _Tally, allies: dict[str, int] | None) -> None:
    if not n:
        return
    if item.kind is ItemKind.TROOPS:
        tally.points[item.item] = tally.points.get(item.item, 0) + n
    elif item.kind is ItemKind.HAMIPPOI:
        tally.hamippoi += n
    elif item.kind is ItemKind.ALLY and allies is not None:
        usable = [k for k in item.lists if epoch in lists.list(k).epochs]
        if usable:
            k = usable[dice.choice(len(usable), f"allied list: {cid}")]
            allies[k] = allies.get(k, 0) + n


def _pick(offered: list[ListItem], count: int, prefer: Sequence[str], dice: Dice,
          reason: str) -> list[ListItem]:
    chosen: list[ListItem] = []
    left = list(offered)
    for name in prefer:
        if len(chosen) >= count:
            break
        found = next((o for o in left if o.item == name), None)
        if found is not None:
            chosen.append(found)
            left.remove(found)
    while len(chosen) < count and left:
        chosen.append(left.pop(dice.choice(len(left), reason)))
    return chosen


def _contingent(rules: HoplomachiaRules, army_list: ArmyList, cid: str, tally: _Tally,
                allied: bool) -> Contingent:
    """Units from the points, grouped: lochoi into taxeis, ilai into hipparchies."""
    divisions: list[Division] = []
    hamippoi = tally.hamippoi
    items = [*army_list.basics, *army_list.options]
    for name, points in tally.points.items():
        item = next(i for i in items if i.item == name)
        card = rules.cards[item.card]
        org = rules.cards.organisation[card.category]
        slug = name.replace(" ", "-")
        units = []
        for n in range(1, points + 1):
            ham = org.unit is UnitKind.ILE and hamippoi > 0
            hamippoi -= 1 if ham else 0
            units.append(Unit(f"{cid}.{slug}.{n}", card.key, org.unit, item.stands,
                              item.stands * org.figures, item.epilektoi, ham))
        start = 0
        for g, size in enumerate(org.groups(len(units)), 1):
            group = tuple(units[start:start + size])
            start += size
            divisions.append(Division(f"{cid}.{slug}.{org.group}{g}", org.group, card.key,
                                      group))
    if not allied:
        first = next((i for i, d in enumerate(divisions) if d.kind is GroupKind.TAXIS), None)
        if first is not None:
            divisions[first] = attrs.evolve(divisions[first], senior=True)
    return Contingent(cid, army_list.key, army_list.nation, allied, tuple(divisions), ())


def _strategoi(rules: HoplomachiaRules, home: ArmyList, size: ArmySize,
               contingents: list[Contingent], dice: Dice) -> list[Contingent]:
    """Strategoi and characters rolled, allies' stances, the Hegemon's vote."""
    s = rules.strategoi
    cid = contingents[0].id
    n = s.roll_count(size, dice, cid)
    own = [Strategos(f"{cid}.strategos{i}", cid, s.roll_character(home.nation, dice,
                     f"{cid}.strategos{i}"), None) for i in range(1, n + 1)]
    winner = s.vote([g.character for g in own], dice, [g.id for g in own])
    own[winner] = attrs.evolve(own[winner], hegemon=True)
    out = [attrs.evolve(contingents[0], strategoi=tuple(own))]
    for c in contingents[1:]:
        sid = f"{c.id}.strategos1"
        character = s.roll_character(c.nation, dice, sid)
        out.append(attrs.evolve(c, strategoi=(Strategos(sid, c.id, character,
                                                        s.roll_stance(dice, sid)),)))
    return out


_ITEM_KEYS = ["item", "kind", "card", "dot", "points", "stands", "epilektoi", "epochs",
              "lists"]


def _item(f: Field, dice: DiceSpec, list_epochs: frozenset[int], basics: bool) -> ListItem:
    f.check_keys(_ITEM_KEYS)
    kind = f.get("kind").enum(ItemKind, ItemKind.TROOPS)
    dot = f.get("dot").as_bool(not basics)
    pf = f["points"]
    points: DieChart[int] | int
    if dot:
        points = die_chart(pf, dice, lambda v: int(v.as_int(min=0, max=20)))
    elif basics:
        points = pf.as_int(min=0, max=20)
    else:
        raise f["dot"].error("every Options item is rolled")
    if not basics and kind is ItemKind.OPTIONS:
        raise f["kind"].error("an Options item cannot give more Options")
    epochs = frozenset(int(v.as_int()) for v in f["epochs"].items()) \
        if not f.get("epochs").missing else list_epochs
    if not epochs <= list_epochs:
        raise f["epochs"].error("an item's epochs must be the list's")
    card, stands = "", 0
    if kind is ItemKind.TROOPS:
        card = f["card"].as_str()
        stands = f["stands"].as_int(min=1, max=12)
    lists: tuple[str, ...] = ()
    if kind is ItemKind.ALLY:
        lists = tuple(v.as_str() for v in f["lists"].items())
        if not lists:
            raise f["lists"].error("an ally item names the allied lists")
    return ListItem(f["item"].as_str(), kind, dot, points, card, stands,
                    f.get("epilektoi").as_bool(False), epochs, lists)


def load_armies(override: Source = "") -> ArmyLists:
    """Read the army lists (``armies.toml`` or a replacement)."""
    doc = document("armies.toml", override)
    doc.check_keys(["reconstructed", "reason", "rounds", "epochs", "list"])
    sf = doc["rounds"]
    Provenance.of(sf)
    dice = dice_spec(sf["dice"])
    rounds = keyed(Field({k: v for k, v in sf.table().value.items() if k != "dice"}, sf.path,
                         sf.source), ArmySize, lambda v: int(v.as_int(min=1, max=10)))
    ef = doc["epochs"]
    Provenance.of(ef)
    epochs = {}
    for key, f in ef.entries():
        if key in ("reconstructed", "reason"):
            continue
        f.check_keys(["name", "years"])
        years = [int(v.as_int()) for v in f["years"].items()]
        if not key.isdigit() or len(years) != 2:
            raise f.error("an epoch is numbered and has years [from, to]")
        epochs[int(key)] = Epoch(int(key), f["name"].as_str(), (years[0], years[1]))
    lists = {}
    for key, f in doc["list"].entries():
        f.check_keys(["name", "nation", "epochs", "basics", "options", "reconstructed", "reason"])
        list_epochs = frozenset(int(v.as_int()) for v in f["epochs"].items())
        if not list_epochs <= set(epochs):
            raise f["epochs"].error(f"epochs are {', '.join(map(str, epochs))}")
        basics = tuple(_item(i, dice, list_epochs, True) for i in f["basics"].items())
        options = tuple(_item(i, dice, list_epochs, False) for i in f["options"].items())
        names = [i.item for i in (*basics, *options)]
        if len(set(names)) != len(names):
            raise f.error("item names must not repeat within a list")
        lists[key] = ArmyList(key, f["name"].as_str(), f["nation"].as_str(), list_epochs,
                              basics, options, Provenance.of(f))
    for key, al in lists.items():
        for i, item in enumerate(al.options):
            for ally in item.lists:
                if ally not in lists or ally == key:
                    raise doc["list"][key]["options"].error(
                        f"item {i} ({item.item}): no other list {ally!r}")
    return ArmyLists(dice, rounds, epochs, lists, Provenance.of(doc), doc.source)
