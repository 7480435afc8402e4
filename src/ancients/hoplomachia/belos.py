"""Belos (missile fire): intensity (Belos number less shield, with its modifiers), the
target's belos check (1D6 + intensity against its card's number) and its reaction by
Arete level on the Pass or Fail side of its chart; fire never kills. Belos-charge limits
per game, and the Ekdromoi that a lochos under fire may release. Loaded from
``data/belos.toml``.

>>> from ancients.hoplomachia.rules import default_rules
>>> rules = default_rules()
>>> cards = rules.cards
>>> i = intensity(rules.belos, cards["toxotai"], cards["athenian"], extra_stands=1)
>>> i.value
2
>>> check = belos_check(rules.belos, cards["athenian"], i, AreteLevel.FIRM)
>>> check.probability()
Fraction(1, 3)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from fractions import Fraction

import attrs

from ancients.dice import Dice, DiceSpec, pmf
from ancients.dietables import distribution
from ancients.errors import RuleError
from ancients.hoplomachia._tables import (
    Provenance,
    Source,
    by_level,
    dice_spec,
    document,
    enum_of,
    keyed,
    lookup,
    require,
)
from ancients.hoplomachia.troops import Epilektoi, UnitCard
from ancients.hoplomachia.vocabulary import AreteLevel, Aspect, Category
from ancients.morale import Modifier
from ancients.scenario import Field

__all__ = ["BelosCheck", "BelosLimits", "BelosOutcome", "BelosReaction", "BelosRules",
           "BelosSupply", "EkdromoiRules", "FireRules", "Intensity", "IntensityModifiers",
           "ReactionChart", "ReactionScope", "belos_check", "intensity", "load_belos"]


class BelosReaction(enum.StrEnum):
    MAINTAIN = "maintain"
    FORMATION = "formation"  # close files
    CHARGE = "charge"
    BELOS_CHARGE = "belos_charge"  # back at the shooters
    EKDROMOI = "ekdromoi"  # release them
    EVADE = "evade"  # hoplites march back one move
    DISARRAY = "disarray"
    ROUT = "rout"  # of the lochos


@attrs.frozen
class IntensityModifiers:
    extra_stand: int
    moving_archers: int
    cover: int
    belos_charge: int
    second_rank: int
    provenance: Provenance


@attrs.frozen
class FireRules:
    """The fire arc (degrees either side of straight ahead), the extra range of a belos
    charge and of higher shooters, the turn a belos-charging unit pays to go back and
    the extra distance it runs when chased by ekdromoi."""

    arc: float
    belos_charge_range: float
    higher_range: float
    turn: float
    chased: float
    hippeis_wheel: float
    provenance: Provenance

    def range_of(self, card: UnitCard, belos_charge: bool = False, higher: bool = False) -> float:
        """Hoplomachia, Belos: the card's range, longer in a belos charge and from higher
        ground."""
        if card.belos is None:
            raise RuleError(f"{card.name} have no Belos")
        return (card.belos.range + (self.belos_charge_range if belos_charge else 0.0)
                + (self.higher_range if higher else 0.0))

    def in_arc(self, degrees: float) -> bool:
        """A target straight ahead or within the arc."""
        # Hoplomachia, Belos (who fires)
        return abs(degrees) <= self.arc

    def may_fire_over(self, uphill: bool, shooter_moved: bool, phalanx_moved: bool) -> bool:
        """Hoplomachia, Belos: over a phalanx only from uphill when neither moved."""
        return uphill and not shooter_moved and not phalanx_moved

    def return_move(self, allowance: float, used: float, chased: bool = False,
                    turn: float | None = None) -> float:
        """Hoplomachia, Belos charge: after firing the unit turns (``turn`` inches, by
        default the rules'; hippeis wheeling, the wheel's) and moves the rest of its
        allowance back; chased by ekdromoi it runs further."""
        back = max(0.0, allowance - used - (self.turn if turn is None else turn))
        return back + (self.chased if chased else 0.0)


@attrs.frozen
class BelosLimits:
    """The categories that make belos charges, and how many a game (absent: unlimited),
    the card whose Belos number spent peltastes fire at, toxotes' shots when records
    are kept."""

    chargers: frozenset[Category]
    charges: Mapping[Category, int]
    peltast_then: str
    toxotes_shots: int
    provenance: Provenance


@attrs.frozen
class EkdromoiRules:
    """Ekdromoi move ``move`` inches; reaching the shooters they roll ``dice``: equal to or
    under ``kills[category]`` kills the belos unit, else the ekdromoi die (and their army
    loses ``arete_lost``)."""

    move: DiceSpec
    dice: DiceSpec
    kills: Mapping[Category, int]
    arete_lost: int
    provenance: Provenance

    def reach_odds(self, distance: float) -> Fraction:
        """Exact probability that the ekdromoi reach shooters ``distance`` inches away."""
        # Hoplomachia, Ekdromoi
        return sum((p for t, p in pmf(self.move).items() if t >= distance), Fraction(0))

    def kill_odds(self, target: Category) -> Fraction:
        """Exact probability that ekdromoi who reach a belos unit of ``target`` kill it."""
        # Hoplomachia, Ekdromoi
        most = self._most(target)
        return sum((p for t, p in pmf(self.dice).items() if t <= most), Fraction(0))

    def roll_move(self, dice: Dice, who: str) -> int:
        """Hoplomachia, Belos: the ekdromoi's move in inches."""
        return dice.roll(self.move, f"ekdromoi move: {who}")

    def roll_attack(self, target: Category, dice: Dice, who: str, modifier: int = 0
                    ) -> bool:
        """Hoplomachia, Ekdromoi chart: True if the belos unit is killed, False if the
        ekdromoi die (``modifier``: an Epilektoi adjustment)."""
        return dice.roll(self.dice, f"ekdromoi attack: {who}") + modifier <= \
            self._most(target)

    def _most(self, target: Category) -> int:
        most = self.kills.get(target)
        if most is None:
            raise RuleError(f"ekdromoi attack belos units; no Ekdromoi chart entry for "
                            f"{target}")
        return most


@attrs.frozen
class ReactionScope:
    """The reactions from the mildest to the worst, and those the whole taxis carries
    out."""

    order: tuple[BelosReaction, ...]
    taxis: frozenset[BelosReaction]
    provenance: Provenance

    def worst(self, reactions: Sequence[BelosReaction]) -> BelosReaction:
        require(bool(reactions), "the worst of no reactions")
        return max(reactions, key=self.order.index)

    def resolve(self, reactions: Sequence[BelosReaction | None]) -> tuple[
            BelosReaction | None, tuple[BelosReaction | None, ...]]:
        """Hoplomachia, Belos: a taxis's lochoi's reactions: the worst taxis-level one
        (None if none) takes precedence for the whole taxis; each lochos keeps a
        lochos-level reaction worse than it."""
        # Hoplomachia, Belos (taxis-level reactions take precedence, the worst applies)
        taxis = [r for r in reactions if r is not None and r in self.taxis]
        top = self.worst(taxis) if taxis else None
        rank = -1 if top is None else self.order.index(top)
        own = tuple(r if r is not None and r not in self.taxis and self.order.index(r) > rank
                    else None for r in reactions)
        return top, own


@attrs.frozen
class ReactionRow:
    intensity: int
    passed: Mapping[AreteLevel, BelosReaction]
    failed: Mapping[AreteLevel, BelosReaction]


@attrs.frozen
class ReactionChart:
    """A unit's belos reaction chart: by intensity (the last row for every higher one),
    the Pass and Fail sides by Arete level."""

    name: str
    rows: tuple[ReactionRow, ...]
    provenance: Provenance

    def reaction(self, intensity: int, passed: bool, level: AreteLevel) -> BelosReaction:
        # Hoplomachia, Belos (reaction chart)
        require(intensity >= 1, f"a reaction needs an intensity of 1 or more, not {intensity}")
        row = self.rows[min(intensity, len(self.rows)) - 1]
        return (row.passed if passed else row.failed)[level]

    @property
    def results(self) -> frozenset[BelosReaction]:
        return frozenset(r for row in self.rows for side in (row.passed, row.failed)
                         for r in side.values())


@attrs.frozen
class Intensity:
    """A belos intensity: the firer's Belos number less the target's shield, and the
    modifiers that apply."""

    belos: int
    shield: int
    modifiers: tuple[Modifier, ...]

    @property
    def value(self) -> int:
        return self.belos - self.shield + sum(m.value for m in self.modifiers)

    @property
    def effective(self) -> bool:
        """Zero or less has no effect (but the phalanx counts as under fire)."""
        # Hoplomachia, Belos
        return self.value > 0


@attrs.frozen
class BelosRules:
    dice: DiceSpec
    intensity: IntensityModifiers
    fire: FireRules
    limits: BelosLimits
    ekdromoi: EkdromoiRules
    reactions: ReactionScope
    charts: Mapping[str, ReactionChart]
    provenance: Provenance
    source: str | None = None

    @property
    def belos_chargers(self) -> frozenset[Category]:
        return self.limits.chargers

    def chart(self, name: str) -> ReactionChart:
        return lookup(self.charts, name, "belos reaction chart", "the charts are")


def intensity(rules: BelosRules, firer: UnitCard, target: UnitCard, *,
              aspect: Aspect = Aspect.FRONT, extra_stands: int = 0, moving: bool = False,
              cover: bool = False, belos_charge: bool = False, second_rank: bool = False,
              belos_number: int | None = None) -> Intensity:
    """Hoplomachia, Belos: intensity = the firer's Belos number (``belos_number`` for one
    fired at a reduced strength) less the target's shield (none on an unshielded flank or
    rear), +1 per extra stand concentrating, -1 moving archers, -1 cover, +1 belos
    charge, toxotes' second rank +1."""
    if firer.belos is None:
        raise RuleError(f"{firer.name} have no Belos")
    require(extra_stands >= 0, f"extra stands are counted from 0, not {extra_stands}")
    if second_rank and firer.category is not Category.TOXOTES:
        raise RuleError("only toxotes add a second rank")
    if belos_charge and firer.category not in rules.belos_chargers:
        raise RuleError(f"{firer.name} make no belos charges")
    m = rules.intensity
    mods = []
    if extra_stands:
        mods.append(Modifier(f"{extra_stands} extra stands", m.extra_stand * extra_stands))
    if moving and firer.category is Category.TOXOTES:
        mods.append(Modifier("moving archers", m.moving_archers))
    if cover:
        mods.append(Modifier("cover", m.cover))
    if belos_charge:
        mods.append(Modifier("belos charge", m.belos_charge))
    if second_rank:
        mods.append(Modifier("second rank", m.second_rank))
    shield = target.shield if aspect.shielded else 0
    number = firer.belos.number if belos_number is None else belos_number
    return Intensity(number, shield, tuple(mods))


@attrs.frozen
class BelosOutcome:
    """What fire did: ``checked`` False when the intensity had no effect (the target
    still counts as under fire); fire never removes a figure."""

    intensity: int
    checked: bool
    passed: bool
    natural: int
    total: int
    reaction: BelosReaction | None


@attrs.frozen
class BelosCheck:
    """The target's belos check against one intensity, at its army's level."""

    intensity: Intensity
    number: int  # the target card's belos check number
    chart: ReactionChart
    level: AreteLevel
    modifiers: tuple[Modifier, ...]  # added to the roll (an Epilektoi adjustment)
    dice: DiceSpec

    def probability(self) -> Fraction:
        """Exact probability of passing (1 with no effective intensity)."""
        if not self.intensity.effective:
            return Fraction(1)
        bar = self.number - self.intensity.value - sum(m.value for m in self.modifiers)
        return sum((p for t, p in pmf(self.dice).items() if t <= bar), Fraction(0))

    def odds(self) -> dict[BelosReaction | None, Fraction]:
        """Exact probability of each reaction (None: no effect)."""
        if not self.intensity.effective:
            return {None: Fraction(1)}
        p = self.probability()
        return distribution((self.chart.reaction(self.intensity.value, passed, self.level), q)
                            for passed, q in ((True, p), (False, 1 - p)))

    def roll(self, dice: Dice, who: str) -> BelosOutcome:
        """Hoplomachia, Belos: roll the target's check and read its reaction."""
        value = self.intensity.value
        if not self.intensity.effective:
            return BelosOutcome(value, False, True, 0, 0, None)
        natural = dice.roll(self.dice, f"belos check (intensity {value}): {who}")
        total = natural + value + sum(m.value for m in self.modifiers)
        passed = total <= self.number
        return BelosOutcome(value, True, passed, natural, total,
                            self.chart.reaction(value, passed, self.level))


def belos_check(rules: BelosRules, target: UnitCard, shot: Intensity, level: AreteLevel, *,
                epilektoi: Epilektoi | None = None, adjust: int = 0) -> BelosCheck:
    """Hoplomachia, Belos: the check of a unit of ``target`` against ``shot`` at its
    army's ``level`` (an Epilektoi unit may declare an ``adjust``)."""
    if adjust and epilektoi is None:
        raise RuleError("only Epilektoi may adjust the roll")
    mods: Sequence[Modifier] = ()
    if epilektoi is not None and (m := epilektoi.modifier(adjust)) is not None:
        mods = (m,)
    return BelosCheck(shot, target.belos_check, rules.chart(target.charts.belos), level,
                      tuple(mods), rules.dice)


@attrs.frozen
class BelosSupply:
    """What a belos unit has spent this game: belos charges made and (for toxotes) shots.
    Operations return a new value."""

    card: UnitCard
    charges: int = 0
    shots: int = 0

    def may_belos_charge(self, rules: BelosRules) -> bool:
        """Hoplomachia, Belos: hippeis 2 belos charges a game, peltastes and psiloi any
        number (peltastes at reduced strength after their limit); no one else."""
        if self.card.category not in rules.belos_chargers:
            return False
        limit = rules.limits.charges.get(self.card.category)
        if limit is None or self.card.category is Category.PELTAST:
            return True
        return self.charges < limit

    def belos_number(self, rules: BelosRules, psiloi: UnitCard, defending: bool = False) -> int:
        """The Belos number this unit fires at: peltastes past their limit fall to the
        strength of ``psiloi`` (rules.limits.peltast_then) unless defending; a fall, so
        a peltast card weaker than psiloi keeps its own."""
        # Hoplomachia, Belos charges (limits): 3 at printed strength, then psiloi strength
        if self.card.belos is None:
            raise RuleError(f"{self.card.name} have no Belos")
        limit = rules.limits.charges.get(Category.PELTAST)
        if (self.card.category is Category.PELTAST and not defending and limit is not None
                and self.charges >= limit and psiloi.belos is not None):
            return min(psiloi.belos.number, self.card.belos.number)
        return self.card.belos.number

    def may_shoot(self, rules: BelosRules, records: bool) -> bool:
        """Toxotes have their shots when records are kept; everyone else always."""
        # Hoplomachia, Belos charges (toxotes)
        if not records or self.card.category is not Category.TOXOTES:
            return True
        return self.shots < rules.limits.toxotes_shots

    def after_belos_charge(self, rules: BelosRules) -> BelosSupply:
        require(self.may_belos_charge(rules), f"{self.card.name} have no belos charge left")
        return attrs.evolve(self, charges=self.charges + 1)

    def after_shot(self) -> BelosSupply:
        return attrs.evolve(self, shots=self.shots + 1)


def _row(f: Field) -> ReactionRow:
    f.check_keys(["intensity", "pass", "fail"])

    def cells(c: Field) -> dict[AreteLevel, BelosReaction]:
        return by_level(c, lambda v: enum_of(v, BelosReaction))
    return ReactionRow(f["intensity"].as_int(min=1), cells(f["pass"]), cells(f["fail"]))


def load_belos(override: Source = "") -> BelosRules:
    """Read the belos tables (``belos.toml`` or a replacement)."""
    doc = document("belos.toml", override)
    doc.check_keys(["reconstructed", "reason", "check", "intensity", "fire", "limits",
                    "ekdromoi", "reactions", "reaction"])
    ckf = doc["check"].check_keys(["dice", "reconstructed", "reason"])
    Provenance.of(ckf)
    i = doc["intensity"].check_keys(["extra_stand", "moving_archers", "cover", "belos_charge",
                                     "second_rank", "reconstructed", "reason"])
    mods = IntensityModifiers(i["extra_stand"].as_int(), i["moving_archers"].as_int(),
                              i["cover"].as_int(), i["belos_charge"].as_int(),
                              i["second_rank"].as_int(), Provenance.of(i))
    f = doc["fire"].check_keys(["arc", "belos_charge_range", "higher_range", "turn", "chased",
                                "hippeis_wheel", "reconstructed", "reason"])
    fire = FireRules(f["arc"].as_float(min=0.0, max=180.0), f["belos_charge_range"].as_float(),
                     f["higher_range"].as_float(), f["turn"].as_float(min=0.0),
                     f["chased"].as_float(min=0.0), f["hippeis_wheel"].as_float(min=0.0),
                     Provenance.of(f))
    rf = doc["reactions"].check_keys(["order", "taxis", "reconstructed", "reason"])
    order = tuple(enum_of(v, BelosReaction) for v in rf["order"].items())
    if sorted(order) != sorted(BelosReaction):
        raise rf["order"].error("list every reaction once, the mildest first")
    scope = ReactionScope(order, frozenset(enum_of(v, BelosReaction) for v in rf["taxis"].items()),
                          Provenance.of(rf))
    lf = doc["limits"]
    charges = keyed(Field({k: v for k, v in lf.table().value.items()
                           if k in {c.value for c in Category}}, lf.path, lf.source),
                    Category, lambda v: int(v.as_int(min=0)), complete=False)
    lf.check_keys([*(c.value for c in Category), "chargers", "peltast_then", "toxotes_shots",
                   "reconstructed", "reason"])
    chargers = frozenset(enum_of(c, Category) for c in lf["chargers"].items())
    limits = BelosLimits(chargers, charges, lf["peltast_then"].as_str(),
                         lf["toxotes_shots"].as_int(min=0), Provenance.of(lf))
    ef = doc["ekdromoi"].check_keys(["move", "dice", "arete_lost", "kills", "reconstructed",
                                     "reason"])
    kf = ef["kills"]
    Provenance.of(kf)
    ekdromoi = EkdromoiRules(dice_spec(ef["move"]), dice_spec(ef["dice"]),
                             keyed(kf, Category, lambda v: int(v.check_keys(
                                 ["most", "reconstructed", "reason"])["most"].as_int()),
                                 complete=False),
                             ef["arete_lost"].as_int(), Provenance.of(ef))
    charts = {}
    for name, cf in doc["reaction"].entries():
        cf.check_keys(["rows", "reconstructed", "reason"])
        rows = tuple(_row(r) for r in cf["rows"].items())
        if [r.intensity for r in rows] != list(range(1, len(rows) + 1)):
            raise cf["rows"].error("rows must be intensities 1, 2, 3, ... in order")
        charts[name] = ReactionChart(name, rows, Provenance.of(cf))
    rules = BelosRules(dice_spec(ckf["dice"]), mods, fire, limits, ekdromoi, scope, charts,
                       Provenance.of(doc), doc.source)
    return rules
