"""Melee arithmetic: each engaged lochos's spear total (Arete, momentum, depth,
disarray, othismos modifiers) against the enemy's shield total (gaps, momentum,
terrain, ground given), the excess through strength and the Arete threshold giving a
penetration level; the Melee Resolution Chart by the pair of levels and what follows
each result; the Othismos shove; One Step More!; flank and rear; horse against horse
and against foot. Loaded from ``data/melee.toml``.

>>> from ancients.hoplomachia.rules import default_rules
>>> rules = default_rules()
>>> cards = rules.cards
>>> sparta = Engaged(cards["spartiates"], AreteLevel.FIRM)
>>> athens = Engaged(cards["athenian"], AreteLevel.FIRM)
>>> odds = melee_odds(rules.melee, sparta, athens, MeleeKind.OTHISMOS)
>>> sum(p for o, p in odds.items() if o.loser == 1)  # Athens loses
Fraction(25, 36)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from fractions import Fraction

import attrs

from ancients.dice import Dice
from ancients.errors import RuleError
from ancients.hoplomachia._tables import (
    DieChart,
    Provenance,
    Source,
    dice_spec,
    die_chart,
    document,
    enum_of,
    members,
    require,
)
from ancients.hoplomachia.troops import Hamippoi, UnitCard
from ancients.hoplomachia.vocabulary import AreteLevel, Aspect, Category
from ancients.morale import Modifier
from ancients.scenario import Field

__all__ = ["Engaged", "FollowUp", "GroundGiven", "HorseRules", "Level", "LoserFate",
           "MeleeKind", "MeleeOutcome", "MeleeResult", "MeleeRules", "OneStepMore", "Total",
           "attack_total", "defence_total", "exchange", "load_melee", "melee_odds",
           "penetration", "shield_momentum"]


class Level(enum.StrEnum):
    """How far an attack got: not through the shield, through the shield, through the
    strength, past the Arete threshold (the lochos breaks)."""

    NONE = "none"
    SHIELD = "shield"
    STRENGTH = "strength"
    THRESHOLD = "threshold"

    @property
    def rank(self) -> int:
        return list(Level).index(self)


class MeleeResult(enum.StrEnum):
    NO_EFFECT = "no effect"
    BOTH_DISORDERED = "both disordered"
    PUSHED_BACK = "pushed back"
    BROKEN_INTO = "broken into"
    BROKEN = "broken"
    SLAUGHTERED = "slaughtered"

    @property
    def severity(self) -> int:
        """How bad for the loser (0: no loser)."""
        return _SEVERITY[self]


_SEVERITY = {MeleeResult.NO_EFFECT: 0, MeleeResult.BOTH_DISORDERED: 0,
             MeleeResult.PUSHED_BACK: 1, MeleeResult.BROKEN_INTO: 2, MeleeResult.BROKEN: 3,
             MeleeResult.SLAUGHTERED: 4}


class MeleeKind(enum.StrEnum):
    EPIDROMOS = "epidromos"  # the first melee after a charge: momentum
    OTHISMOS = "othismos"  # engaged again next turn: the rolled shove, depth, hamippoi


class GroundGiven(enum.StrEnum):
    """What a unit suffered in last turn's melee (a penalty to its next othismos)."""

    NONE = "none"
    PUSHED_BACK = "pushed back"
    BROKEN_INTO = "broken into"


class LoserFate(enum.StrEnum):
    NONE = "none"
    PUSHED_BACK = "pushed back"
    ROUTS = "routs"
    DESTROYED = "destroyed"


@attrs.frozen
class FollowUp:
    """What follows a result: the loser's fate, whether the othismos continues next
    turn, whether the loser takes a melee Andreia check, the ground-given penalty it
    carries, how many base depths it is pushed, whether both are disarrayed."""

    result: MeleeResult
    continues: bool
    melee_check: bool
    ground_given: GroundGiven
    loser: LoserFate
    push: int
    both_disarrayed: bool
    provenance: Provenance


@attrs.frozen
class OneStepMore:
    """One Step More!: a Crafty hegemon with more than ``share`` of his hoplites in
    othismos spends one of ``costs`` Arete points; each of his lochoi in othismos adds
    ``bonus`` per point to its shove this turn; ``uses`` times a battle."""

    costs: tuple[int, ...]
    bonus: int
    share: float
    uses: int
    provenance: Provenance

    def may_call(self, crafty_hegemon: bool, in_othismos: int, hoplites: int,
                 used: int = 0) -> bool:
        """Hoplomachia, Othismos: may the hegemon call One Step More! now?"""
        return crafty_hegemon and used < self.uses and in_othismos > self.share * hoplites

    def shove_bonus(self, cost: int) -> int:
        # Hoplomachia, Othismos (One Step More!)
        require(cost in self.costs, f"One Step More! costs {' or '.join(map(str, self.costs))}"
                f" Arete, not {cost}")
        return self.bonus * cost


@attrs.frozen
class HorseRules:
    """Horse against horse retreat after ``retreat_after`` turns of othismos; horse that
    fails to inflict at least ``against_foot`` on foot in an epidromos retreats a move."""

    retreat_after: int
    against_foot: MeleeResult
    provenance: Provenance

    def retreat_from_horse(self, othismos_turns: int) -> bool:
        # Hoplomachia, Othismos (horse against horse)
        return othismos_turns >= self.retreat_after

    def retreat_from_foot(self, outcome: MeleeOutcome, horse: int) -> bool:
        """Hoplomachia, Epidromos: must the horse (side ``horse`` of ``outcome``) retreat?"""
        won = outcome.loser is not None and outcome.loser != horse
        return not (won and outcome.result.severity >= self.against_foot.severity)


@attrs.frozen
class Total:
    """A spear or shield total: the card's value, the modifiers, and the divisor
    (disarray halves the attack)."""

    base: int
    modifiers: tuple[Modifier, ...]
    divisor: int = 1

    @property
    def value(self) -> int:
        return max(0, (self.base + sum(m.value for m in self.modifiers)) // self.divisor)

    def __str__(self) -> str:
        mods = "".join(f" {m}" for m in self.modifiers)
        half = f", halved ({self.divisor})" if self.divisor != 1 else ""
        return f"{self.base}{mods}{half} = {self.value}"


@attrs.frozen
class MeleeOutcome:
    """One melee between two sides (0 and 1): each side's penetration level on the
    other, the chart's result, the loser (None: no loser), who broke automatically
    (their Arete threshold exceeded)."""

    levels: tuple[Level, Level]
    result: MeleeResult
    loser: int | None
    broken: tuple[bool, bool]


@attrs.frozen
class MeleeRules:
    attack_divisor: int
    depth: Mapping[int, int]  # stands -> othismos bonus
    depth_categories: frozenset[Category]
    gap: int
    gap_width: float
    ground_given: Mapping[GroundGiven, int]
    terrain: Mapping[str, int]
    shove: DieChart[int]
    one_step_more: OneStepMore
    horse: HorseRules
    slaughtered_from: int
    flank_short: Level
    chart: Mapping[tuple[Level, Level], MeleeResult]  # (higher, lower)
    results: Mapping[MeleeResult, FollowUp]
    provenance: Provenance
    source: str | None = None

    def resolve(self, a: Level, b: Level) -> tuple[MeleeResult, int | None]:
        """Hoplomachia, Melee Resolution Chart: the result and the loser (0 for ``a``,
        1 for ``b``, None if neither) of a pair of penetration levels."""
        high, low = (a, b) if a.rank >= b.rank else (b, a)
        result = self.chart[(high, low)]
        if a is b:
            return result, None
        return result, 1 if a.rank > b.rank else 0

    def roll_shove(self, dice: Dice, who: str, modifier: int = 0) -> int:
        """Hoplomachia, Othismos: the rolled shoving value."""
        return self.shove.roll(dice, f"othismos shove: {who}", modifier)[1]

    def shove_odds(self, modifier: int = 0) -> dict[int, Fraction]:
        return dict(sorted(self.shove.odds(modifier).items()))

    def gap_applies(self, gap: float, overlapped: bool, exposed_unshielded: bool) -> bool:
        """Hoplomachia, Melee: a gap over the width next to an overlapping enemy, or an
        exposed unshielded flank."""
        return (gap > self.gap_width and overlapped) or exposed_unshielded

    def routers_slaughtered(self, directions: int) -> bool:
        """Hoplomachia, Melee: routers contacted from more than one direction."""
        return directions >= self.slaughtered_from


@attrs.frozen
class Engaged:
    """One side of a melee, apart from its random bonus (momentum in an epidromos melee,
    the shove in an othismos): its card, its army's level, the aspect the enemy strikes,
    its stands, its state and the modifiers that apply to it."""

    card: UnitCard
    level: AreteLevel
    aspect: Aspect = Aspect.FRONT
    stands: int = 2
    disarrayed: bool = False
    hamippoi: Hamippoi | None = None  # the hamippoi rule, if the ile has them
    gap: bool = False
    terrain: tuple[str, ...] = ()
    ground_given: GroundGiven = GroundGiven.NONE
    shield_momentum: int = 0  # momentum on its shield side (see the readings)
    one_step_more: int = 0  # shove bonus called by its hegemon
    depth_always: bool = False  # depth in every melee, not the othismos's alone (option)
    attack_modifiers: tuple[Modifier, ...] = ()
    defence_modifiers: tuple[Modifier, ...] = ()


def shield_momentum(reading: str, own: int, attacker: int) -> int:
    """The momentum among a defender's shield modifiers: its own (reading "own": a unit
    that charged too), or the attacker's taken off its shield (reading "attacker")."""
    # Hoplomachia, Melee (shield modifiers)
    if reading == "own":
        return own
    require(reading == "attacker", f"shield_momentum is 'own' or 'attacker', not {reading!r}")
    return -attacker


def attack_total(rules: MeleeRules, side: Engaged, kind: MeleeKind, bonus: int = 0) -> Total:
    """Hoplomachia, Melee: the spear total: spear, the Arete modifier, momentum
    (``bonus`` in an epidromos melee) or the shove (``bonus`` in an othismos) with depth,
    hamippoi and One Step More!; halved if disarrayed."""
    card = side.card
    mods = [Modifier(f"Arete ({side.level})", card.arete_modifier(side.level))]
    # Hoplomachia, Melee: depth among the spear modifiers; the othismos's (the reading)
    # or, with the option, every melee's
    deep = card.category in rules.depth_categories and side.stands in rules.depth
    if kind is MeleeKind.EPIDROMOS and deep and side.depth_always:
        mods.append(Modifier(f"depth ({side.stands} stands)", rules.depth[side.stands]))
    if kind is MeleeKind.EPIDROMOS:
        mods.append(Modifier("momentum", bonus))
        if side.one_step_more:
            raise RuleError("One Step More! is called in an othismos")
    else:
        mods.append(Modifier("shove", bonus))
        if deep:
            mods.append(Modifier(f"depth ({side.stands} stands)", rules.depth[side.stands]))
        if side.hamippoi is not None:
            if card.category is not Category.HIPPEUS:
                raise RuleError("hamippoi ride with ilai of hippeis")
            mods.append(Modifier("hamippoi", side.hamippoi.othismos))
        if side.one_step_more:
            mods.append(Modifier("One Step More!", side.one_step_more))
    mods.extend(side.attack_modifiers)
    return Total(card.spear, tuple(m for m in mods if m.value),
                 rules.attack_divisor if side.disarrayed else 1)


def defence_total(rules: MeleeRules, side: Engaged) -> Total:
    """Hoplomachia, Melee: the shield total: shield, gap, momentum, terrain and ground
    given; struck on the shielded flank, no defensive modifiers."""
    if side.aspect is Aspect.SHIELDED_FLANK:
        return Total(side.card.shield, ())
    mods = []
    if side.gap:
        mods.append(Modifier("gap", rules.gap))
    if side.shield_momentum:
        mods.append(Modifier("momentum", side.shield_momentum))
    for t in side.terrain:
        if t not in rules.terrain:
            raise RuleError(f"no terrain modifier {t!r}; the modifiers are: "
                            f"{', '.join(rules.terrain)}")
        mods.append(Modifier(t, rules.terrain[t]))
    if side.ground_given is not GroundGiven.NONE:
        mods.append(Modifier(f"ground given ({side.ground_given})",
                             rules.ground_given[side.ground_given]))
    mods.extend(side.defence_modifiers)
    return Total(side.card.shield, tuple(m for m in mods if m.value))


def penetration(rules: MeleeRules, attack: int, target: Engaged, shield: int) -> Level:
    """Hoplomachia, Melee: the spear total against the shield total; the excess against
    the strength, any further excess against the Arete threshold. On an unshielded flank
    or the rear the attack strikes the threshold alone."""
    card = target.card
    if not target.aspect.shielded:
        return Level.THRESHOLD if attack > card.threshold else rules.flank_short
    excess = attack - shield
    if excess <= 0:
        return Level.NONE
    if excess <= card.strength:
        return Level.SHIELD
    if excess - card.strength <= card.threshold:
        return Level.STRENGTH
    return Level.THRESHOLD


def exchange(rules: MeleeRules, a: Engaged, b: Engaged, kind: MeleeKind,
             bonus: tuple[int, int] = (0, 0)) -> MeleeOutcome:
    """Hoplomachia, Melee: both sides' penetration levels and the chart's result. A side
    struck anywhere but its front scores no penetration."""
    la = _level(rules, a, b, kind, bonus[0])
    lb = _level(rules, b, a, kind, bonus[1])
    result, loser = rules.resolve(la, lb)
    return MeleeOutcome((la, lb), result, loser, (lb is Level.THRESHOLD, la is Level.THRESHOLD))


def _level(rules: MeleeRules, attacker: Engaged, target: Engaged, kind: MeleeKind,
           bonus: int) -> Level:
    if attacker.aspect is not Aspect.FRONT:
        return Level.NONE
    return penetration(rules, attack_total(rules, attacker, kind, bonus).value, target,
                       defence_total(rules, target).value)


def melee_odds(rules: MeleeRules, a: Engaged, b: Engaged, kind: MeleeKind,
               bonus: Sequence[Mapping[int, Fraction]] | None = None) -> dict[MeleeOutcome,
                                                                              Fraction]:
    """Exact distribution of a melee's outcome, given each side's random bonus
    distribution (default: the othismos shove, or no momentum in an epidromos melee)."""
    if bonus is None:
        none = {0: Fraction(1)}
        d = rules.shove_odds() if kind is MeleeKind.OTHISMOS else none
        bonus = (d, d)
    require(len(bonus) == 2, "two sides, two bonus distributions")
    out: dict[MeleeOutcome, Fraction] = {}
    for x, p in bonus[0].items():
        for y, q in bonus[1].items():
            o = exchange(rules, a, b, kind, (x, y))
            out[o] = out.get(o, Fraction(0)) + p * q
    return out


def _follow_up(result: MeleeResult, f: Field) -> FollowUp:
    f.check_keys(["continues", "melee_check", "ground_given", "loser", "push",
                  "both_disarrayed", "reconstructed", "reason"])
    return FollowUp(result, f["continues"].as_bool(), f["melee_check"].as_bool(),
                    enum_of(f["ground_given"], GroundGiven), enum_of(f["loser"], LoserFate),
                    f.get("push").as_int(0, min=0), f["both_disarrayed"].as_bool(),
                    Provenance.of(f))


def _chart(f: Field) -> dict[tuple[Level, Level], MeleeResult]:
    chart: dict[tuple[Level, Level], MeleeResult] = {}
    for cell in f["cells"].items():
        cell.check_keys(["levels", "result"])
        levels = [enum_of(v, Level) for v in cell["levels"].items()]
        if len(levels) != 2 or levels[0].rank < levels[1].rank:
            raise cell["levels"].error("two levels, the higher first")
        key = (levels[0], levels[1])
        if key in chart:
            raise cell.error(f"{key[0]}/{key[1]} given twice")
        result = enum_of(cell["result"], MeleeResult)
        if (key[0] is key[1]) != (result.severity == 0):
            raise cell["result"].error("equal levels have no loser, unequal ones have one")
        if key[0] is Level.THRESHOLD and key[1] is not Level.THRESHOLD and result.severity < \
                MeleeResult.BROKEN.severity:
            raise cell["result"].error("exceeding the threshold breaks the lochos")
        chart[key] = result
    want = {(h, lo) for h in Level for lo in Level if h.rank >= lo.rank}
    if set(chart) != want:
        raise f["cells"].error("needs one cell for every pair of levels")
    return chart


def load_melee(override: Source = "") -> MeleeRules:
    """Read the melee tables (``melee.toml`` or a replacement)."""
    doc = document("melee.toml", override)
    doc.check_keys(["reconstructed", "reason", "attack", "defence", "othismos",
                    "one_step_more", "horse", "routers", "flank", "chart", "results"])
    af = doc["attack"].check_keys(["disarray_divisor", "depth", "reconstructed", "reason"])
    Provenance.of(af)
    dfd = af["depth"].check_keys(["stands", "values", "categories", "reconstructed", "reason"])
    Provenance.of(dfd)
    stands = [int(v.as_int(min=1)) for v in dfd["stands"].items()]
    values = [int(v.as_int()) for v in dfd["values"].items()]
    if len(stands) != len(values):
        raise dfd["values"].error("one value per number of stands")
    df = doc["defence"].check_keys(["gap", "gap_width", "ground_given", "terrain",
                                    "reconstructed", "reason"])
    Provenance.of(df)
    gf = df["ground_given"].check_keys(["pushed_back", "broken_into", "reconstructed", "reason"])
    Provenance.of(gf)
    ground = {GroundGiven.NONE: 0, GroundGiven.PUSHED_BACK: gf["pushed_back"].as_int(),
              GroundGiven.BROKEN_INTO: gf["broken_into"].as_int()}
    tf = df["terrain"]
    Provenance.of(tf)
    terrain = {k: int(v.as_int()) for k, v in tf.entries() if k not in ("reconstructed",
                                                                        "reason")}
    of = doc["othismos"].check_keys(["dice", "shove", "reconstructed", "reason"])
    Provenance.of(of)
    shove = die_chart(of["shove"], dice_spec(of["dice"]), lambda v: int(v.as_int()))
    sf = doc["one_step_more"].check_keys(["costs", "share", "effect", "reconstructed",
                                          "reason"])
    xf = sf["effect"].check_keys(["bonus", "uses", "reconstructed", "reason"])
    Provenance.of(xf)
    osm = OneStepMore(tuple(int(v.as_int(min=0)) for v in sf["costs"].items()),
                      xf["bonus"].as_int(), sf["share"].as_float(min=0.0, max=1.0),
                      xf["uses"].as_int(min=0), Provenance.of(sf))
    hf = doc["horse"].check_keys(["retreat_after", "against_foot", "reconstructed", "reason"])
    horse = HorseRules(hf["retreat_after"].as_int(min=1), enum_of(hf["against_foot"],
                       MeleeResult), Provenance.of(hf))
    rf = doc["routers"].check_keys(["slaughtered_from", "reconstructed", "reason"])
    Provenance.of(rf)
    ff = doc["flank"].check_keys(["short", "reconstructed", "reason"])
    Provenance.of(ff)
    cf = doc["chart"].check_keys(["cells", "reconstructed", "reason"])
    Provenance.of(cf)
    resf = doc["results"]
    Provenance.of(resf)
    results = {r: _follow_up(r, f) for r, f in members(resf, MeleeResult).items()}
    return MeleeRules(
        attack_divisor=af["disarray_divisor"].as_int(min=1), depth=dict(zip(stands, values,
                                                                             strict=True)),
        depth_categories=frozenset(enum_of(v, Category) for v in dfd["categories"].items()),
        gap=df["gap"].as_int(), gap_width=df["gap_width"].as_float(min=0.0),
        ground_given=ground, terrain=terrain, shove=shove, one_step_more=osm, horse=horse,
        slaughtered_from=rf["slaughtered_from"].as_int(min=1),
        flank_short=enum_of(ff["short"], Level), chart=_chart(cf), results=results,
        provenance=Provenance.of(doc), source=doc.source)
