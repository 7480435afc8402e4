"""Every Hoplomachia table in one value, read from the package's data files (or a user's
replacements, file by file) and checked across files: the cards name charts that
exist and suit them, the lists name cards, nations have their tracks and oratory. With
them the table play's own numbers (``data/play.toml``): the stands' bases, the table,
the turn limit, the reinforcement roll and the layout of a fielded or generated battle.

>>> rules = default_rules()
>>> sorted(rules.files)[:3]
['andreia', 'arete', 'armies']
>>> rules.cards["spartiates"].phobos
5
>>> play = rules.play
>>> play.base(Category.HOPLITE), play.lochos_abreast, play.turn_limit
((1.5, 0.75), 2, 15)
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

import attrs

from ancients.dice import DiceSpec
from ancients.errors import ScenarioError
from ancients.hoplomachia._tables import DATA, Provenance, Source, dice_spec, document, keyed
from ancients.hoplomachia.andreia import AndreiaResult, AndreiaRules, load_andreia
from ancients.hoplomachia.arete import AreteRules, load_arete
from ancients.hoplomachia.armies import ArmyLists, ItemKind, load_armies
from ancients.hoplomachia.belos import BelosReaction, BelosRules, load_belos
from ancients.hoplomachia.command import CommandRules, Signal, load_command
from ancients.hoplomachia.epidromos import EpidromosRules, load_epidromos
from ancients.hoplomachia.melee import MeleeRules, load_melee
from ancients.hoplomachia.movement import MovementRules, load_movement
from ancients.hoplomachia.rituals import Rituals, load_rituals
from ancients.hoplomachia.situations import Situations, load_situations
from ancients.hoplomachia.strategoi import StrategoiRules, load_strategoi
from ancients.hoplomachia.troops import Cards, UnitCard, load_cards
from ancients.hoplomachia.vocabulary import Category
from ancients.rulesdata import builtin_document
from ancients.scenario import Field

__all__ = ["FILES", "Ambush", "Deployment", "Dispersed", "HoplomachiaRules", "PlayRules",
           "default_rules", "load_play", "load_rules", "raw_document"]

#: the data files, by the name of the table set each holds (and of its override)
FILES = {"cards": "cards.toml", "arete": "arete.toml", "rituals": "rituals.toml",
         "andreia": "andreia.toml", "belos": "belos.toml", "epidromos": "epidromos.toml",
         "melee": "melee.toml", "strategoi": "strategoi.toml", "command": "command.toml",
         "movement": "movement.toml", "armies": "armies.toml",
         "situations": "situations.toml", "play": "play.toml"}

#: the name of a stance-chart order that is not a signal
VERBAL_ORDER = "verbal order"


# -- the table play's own numbers ----------------------------------------------------------
@attrs.frozen
class Deployment:
    """How a fielded or generated battle is laid out: the gap between the first lines,
    the screen ahead of the first line, each further line behind the one before, the
    room between divisions and from the table's edges (inches)."""

    gap: float
    screen: float
    behind: float
    between: float
    margin: float


@attrs.frozen
class Ambush:
    """Troops in ambush (a rolled situation's set-up) come on from turn ``first`` on
    ``roll`` or more on the reinforcement die, on turn ``last`` whatever the roll."""

    first: int
    last: int
    roll: int


@attrs.frozen
class Dispersed:
    """The Dispersed formation's layout: ``between`` inches between divisions, every
    other one ``back`` inches behind."""

    between: float
    back: float


@attrs.frozen
class PlayRules:
    bases: Mapping[Category, tuple[float, float]]  # a stand's width and depth
    lochos_abreast: int  # stands side by side; more stand behind
    turn_limit: int
    table: tuple[float, float]
    reinforcement_dice: DiceSpec
    deployment: Deployment
    station_moves: float  # lights end a move within this many of their moves of station
    ambush: Ambush
    dispersed: Dispersed
    provenance: Provenance
    source: str | None = None

    def base(self, category: Category) -> tuple[float, float]:
        return self.bases[category]

    def shape(self, category: Category, stands: int, abreast: int | None = None
              ) -> tuple[int, int]:
        """(files, ranks) of stands of a unit: lochoi and ilai ``lochos_abreast`` wide,
        deeper with more stands; a group of light stands in one line (``abreast`` if
        given)."""
        # Hoplomachia, Troops (lochoi of 2 stands, 3- and 4-stand lochoi for depth)
        wide = abreast if abreast is not None else (
            stands if category in (Category.PSILOS, Category.TOXOTES) else self.lochos_abreast)
        wide = max(1, min(wide, stands))
        return wide, -(-stands // wide)


def _base(f: Field) -> tuple[float, float]:
    wd = [float(v.as_float(min=0.1, max=12.0)) for v in f.items()]
    if len(wd) != 2:
        raise f.error("a base is [width, depth] in inches")
    return wd[0], wd[1]


def load_play(override: Source = "") -> PlayRules:
    """Read the table play's numbers (``play.toml`` or a replacement)."""
    doc = document("play.toml", override)
    doc.check_keys(["reconstructed", "reason", "stand", "lochos", "battle", "reinforcements",
                    "deployment", "stations", "ambush", "dispersed"])
    sf = doc["stand"]
    Provenance.of(sf)
    bases = keyed(sf, Category, _base)
    lf = doc["lochos"].check_keys(["abreast", "reconstructed", "reason"])
    Provenance.of(lf)
    bf = doc["battle"].check_keys(["turn_limit", "table", "reconstructed", "reason"])
    Provenance.of(bf)
    table = [float(v.as_float(min=12.0, max=1000.0)) for v in bf["table"].items()]
    if len(table) != 2:
        raise bf["table"].error("the table is [width, depth] in inches")
    rf = doc["reinforcements"].check_keys(["dice", "reconstructed", "reason"])
    Provenance.of(rf)
    df = doc["deployment"].check_keys(["gap", "screen", "behind", "between", "margin",
                                       "reconstructed", "reason"])
    Provenance.of(df)
    deployment = Deployment(*(float(df[k].as_float(min=0.0, max=500.0))
                              for k in ("gap", "screen", "behind", "between", "margin")))
    tf = doc["stations"].check_keys(["moves", "reconstructed", "reason"])
    Provenance.of(tf)
    af = doc["ambush"].check_keys(["first", "last", "roll", "reconstructed", "reason"])
    Provenance.of(af)
    ambush = Ambush(af["first"].as_int(min=1), af["last"].as_int(min=1),
                    af["roll"].as_int(min=1, max=6))
    if ambush.last < ambush.first:
        raise af["last"].error("the last turn comes after the first")
    xf = doc["dispersed"].check_keys(["between", "back", "reconstructed", "reason"])
    Provenance.of(xf)
    dispersed = Dispersed(float(xf["between"].as_float(min=0.0, max=100.0)),
                          float(xf["back"].as_float(min=0.0, max=100.0)))
    return PlayRules(bases, lf["abreast"].as_int(min=1, max=4),
                     bf["turn_limit"].as_int(min=1, max=1000), (table[0], table[1]),
                     dice_spec(rf["dice"]), deployment,
                     float(tf["moves"].as_float(min=0.0, max=100.0)), ambush, dispersed,
                     Provenance.of(doc),
                     doc.source)


# -- every table -------------------------------------------------------------------------
@attrs.frozen(eq=False)
class HoplomachiaRules:
    """All the tables; what phase 2's battle holds and every rules function reads."""

    cards: Cards
    arete: AreteRules
    rituals: Rituals
    andreia: AndreiaRules
    belos: BelosRules
    epidromos: EpidromosRules
    melee: MeleeRules
    strategoi: StrategoiRules
    command: CommandRules
    movement: MovementRules
    armies: ArmyLists
    situations: Situations
    play: PlayRules

    @property
    def files(self) -> dict[str, str | None]:
        """The source each table set was read from."""
        return {name: getattr(self, name).source for name in FILES}


def load_rules(**overrides: Source) -> HoplomachiaRules:
    """Read every table (``cards=path`` and so on replace a built-in file; a mapping is a
    raw document read in its place) and check them across files. Errors are
    ScenarioErrors naming the file and the field."""
    unknown = sorted(set(overrides) - set(FILES))
    if unknown:
        raise ScenarioError(f"no Hoplomachia table set {', '.join(unknown)}; the sets are: "
                            f"{', '.join(FILES)}")
    o = {name: overrides.get(name, "") for name in FILES}
    rules = HoplomachiaRules(
        load_cards(o["cards"]), load_arete(o["arete"]), load_rituals(o["rituals"]),
        load_andreia(o["andreia"]), load_belos(o["belos"]), load_epidromos(o["epidromos"]),
        load_melee(o["melee"]), load_strategoi(o["strategoi"]), load_command(o["command"]),
        load_movement(o["movement"]), load_armies(o["armies"]),
        load_situations(o["situations"]), load_play(o["play"]))
    check_rules(rules)
    return rules


def raw_document(name: str) -> dict[str, Any]:
    """A fresh copy of a built-in table set's raw document (``"cards"``, ``"belos"``...),
    for a variant to change before it is read."""
    import copy

    if name not in FILES:
        raise ScenarioError(f"no Hoplomachia table set {name!r}; the sets are: "
                            f"{', '.join(FILES)}")
    return copy.deepcopy(dict(builtin_document(DATA, FILES[name])))


@cache
def default_rules() -> HoplomachiaRules:
    """The built-in tables, read and checked once per process."""
    return load_rules()


def _error(source: str | None, path: str, message: str) -> ScenarioError:
    return ScenarioError(message, source=source, field=path)


def check_rules(rules: HoplomachiaRules) -> None:
    """The checks across files (each file checks itself as it is read)."""
    _check_cards(rules)
    _check_nations(rules)
    _check_lists(rules)
    src = rules.rituals.source
    if set(rules.rituals.hieres.targets) != set(rules.situations.situations):
        raise _error(src, "hieres.target", "needs a target for each situation: "
                     f"{', '.join(rules.situations.situations)}")
    orders = {str(s) for s in Signal} | {VERBAL_ORDER}
    for order in rules.strategoi.stance_chart:
        if order not in orders:
            raise _error(rules.strategoi.source, f"stance_chart.orders.{order}",
                         f"not an order: a signal or {VERBAL_ORDER!r}")


def _check_cards(rules: HoplomachiaRules) -> None:
    src = rules.cards.source
    for key, card in rules.cards.cards.items():
        at = f"card.{key}.charts"
        if card.charts.andreia not in rules.andreia.charts:
            raise _error(src, f"{at}.andreia", f"no Andreia chart {card.charts.andreia!r}")
        if card.charts.belos not in rules.belos.charts:
            raise _error(src, f"{at}.belos", f"no belos reaction chart {card.charts.belos!r}")
        charges = rules.epidromos.charges_at_all(card)
        if charges != (card.charts.epidromos is not None):
            raise _error(src, f"{at}.epidromos", "troops that charge need an Epidromos chart, "
                         "troops that never charge have none")
        if card.charts.epidromos is not None and \
                card.charts.epidromos not in rules.epidromos.charts:
            raise _error(src, f"{at}.epidromos",
                         f"no Epidromos chart {card.charts.epidromos!r}")
        _check_results(rules, card, at, charges)
    then = rules.belos.limits.peltast_then
    if then not in rules.cards or rules.cards[then].belos is None:
        raise _error(rules.belos.source, "limits.peltast_then", f"no card with Belos {then!r}")
    shooters = {c.category for c in rules.cards if c.belos is not None}
    missing = shooters - set(rules.belos.ekdromoi.kills)
    if missing:
        raise _error(rules.belos.source, "ekdromoi.kills",
                     f"needs a line for {', '.join(sorted(missing))}")


def _check_results(rules: HoplomachiaRules, card: UnitCard, at: str, charges: bool) -> None:
    """A chart may give only results the card's troops can carry out."""
    src = rules.cards.source
    andreia = rules.andreia.chart(card.charts.andreia).results
    belos = rules.belos.chart(card.charts.belos).results
    why = None
    if not card.disciplined and andreia & {AndreiaResult.DISARRAY, AndreiaResult.WORSE}:
        why = "andreia", "No Files troops are never disarrayed"
    elif not card.disciplined and belos & {BelosReaction.DISARRAY, BelosReaction.FORMATION}:
        why = "belos", "No Files troops are never disarrayed and have no close files"
    elif BelosReaction.EKDROMOI in belos and card.category is not Category.HOPLITE:
        why = "belos", "only hoplite lochoi release ekdromoi"
    elif BelosReaction.BELOS_CHARGE in belos and (
            card.belos is None or card.category not in rules.belos.belos_chargers):
        why = "belos", f"{card.category} make no belos charges"
    elif not charges and (AndreiaResult.CHARGE in andreia or BelosReaction.CHARGE in belos):
        why = "andreia", f"{card.category} never charge"
    if why is not None:
        raise _error(src, f"{at}.{why[0]}", f"chart unfit for {card.name}: {why[1]}")


def _check_nations(rules: HoplomachiaRules) -> None:
    nations = set(rules.arete.tracks)

    def within(names: object, source: str | None, path: str) -> None:
        assert isinstance(names, set | frozenset | dict)
        extra = sorted(set(names) - nations)
        if extra:
            raise _error(source, path, f"no Arete track for {', '.join(extra)}")
    r = rules.rituals
    within(set(r.breakfast.nations), r.source, "breakfast.nations")
    within(set(r.paean.silent), r.source, "paean.silent")
    within(set(r.grim_resolve.nations), r.source, "grim_resolve.nations")
    within(set(rules.movement.drift.incline_nations), rules.movement.source,
           "drift.incline_nations")
    within(set(rules.strategoi.characters) - {"default"}, rules.strategoi.source,
           "character.column")
    for effect in rules.strategoi.effects.values():
        if effect.oratory and effect.oratory not in r.rhetoria.columns:
            raise _error(r.source, "rhetoria.column",
                         f"no column {effect.oratory!r} for the {effect.character}")
    for key, al in rules.armies.lists.items():
        if al.nation not in nations:
            raise _error(rules.armies.source, f"list.{key}.nation",
                         f"no Arete track for nation {al.nation!r}")
        if al.nation not in r.rhetoria.columns:
            raise _error(r.source, "rhetoria.column", f"no column for nation {al.nation!r}")


def _check_lists(rules: HoplomachiaRules) -> None:
    src = rules.armies.source
    for key, al in rules.armies.lists.items():
        for part, items in (("basics", al.basics), ("options", al.options)):
            for i, item in enumerate(items):
                if item.kind is not ItemKind.TROOPS:
                    continue
                at = f"list.{key}.{part}[{i}]"
                if item.card not in rules.cards:
                    raise _error(src, f"{at}.card", f"no unit card {item.card!r}")
                card = rules.cards[item.card]
                org = rules.cards.organisation[card.category]
                if item.stands not in org.stands:
                    raise _error(src, f"{at}.stands", f"a {card.category} {org.unit} has "
                                 f"{' or '.join(map(str, org.stands))} stands")
