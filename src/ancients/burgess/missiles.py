"""Missile fire: range bands, volleys of three figures and single figures, war engine
fire, cover, mounted bowmen firing on the move, fire arcs and indirect fire (Missile
fire; Method of fire; War Engine fire; Missile fire B and C).

:func:`aim` checks a shot and gives a :class:`Shot`, whose :meth:`Shot.roll` rolls it with
the battle's dice and :meth:`Shot.odds` gives the exact distribution of its hits:

>>> from ancients.burgess.troops import Armour, TroopClass, Weapon, load_troops
>>> archers = load_troops().unit("Cretans", TroopClass.LT_INF, 4, 2,
...     armour=Armour.UNARMOURED_INFANTRY, weapon=Weapon.LONGBOW)
>>> shot = aim(archers, "Legio II", 10)
>>> shot.band, shot.groups, shot.singles
(<Band.MEDIUM: 'medium'>, 2, 2)
>>> float(shot.mean())
4.0
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from fractions import Fraction
from functools import cache, cached_property
from typing import Literal

import attrs

from ancients.burgess._data import Provenance, Source, document, faces, fraction, inches, sides
from ancients.burgess.counting import round_half_down
from ancients.burgess.troops import TroopRules, Unit, Weapon, load_troops
from ancients.dice import Dice
from ancients.dietables import Check, binomial, convolve, distribution
from ancients.errors import RuleError
from ancients.scenario import Field
from ancients.tabletop import Arc

__all__ = [
    "Band",
    "Cover",
    "EngineDamage",
    "EngineEffect",
    "EngineHit",
    "FireRules",
    "Shot",
    "aim",
    "engine_against_engine",
    "engine_damage",
    "engine_points",
    "fire_arc",
    "load_missiles",
    "may_fire_over",
    "volley_die_odds",
]


class Band(enum.StrEnum):
    """The range bands of the range table."""

    LONG = "long"
    MEDIUM = "medium"
    CLOSE = "close"


class Cover(enum.StrEnum):
    """What shelters a target from missiles (and gives a melee bonus, Hand to hand B)."""

    OPEN = "open"
    HEDGE = "hedge"
    WALL = "wall"
    FENCE = "fence"
    BUILDING = "building"
    WOODS = "woods"


class EngineEffect(enum.StrEnum):
    DESTROYED = "destroyed"
    OUT_OF_ACTION = "out of action"


@attrs.frozen
class EngineHit:
    """What a war engine hit does to another engine."""

    effect: EngineEffect
    turns: int = 0

    def __str__(self) -> str:
        if self.effect is EngineEffect.OUT_OF_ACTION:
            return f"out of action {self.turns} turn{'s' if self.turns != 1 else ''}"
        return str(self.effect)


@attrs.frozen
class FireRules:
    """The missile tables (``data/missiles.toml``)."""

    troops: TroopRules
    ranges: Mapping[Weapon, Mapping[Band, Fraction]]
    volley_deduct: Mapping[Band, int]
    single_hit: Mapping[Band, Check]
    single_points: int
    engine_hit: Mapping[Band, Check]
    engine_points: Mapping[Weapon, int]
    engine_size: Mapping[Weapon, int]
    against_engine: Mapping[str, EngineHit]  # "heavier", "same", "smaller"
    cover: Mapping[Cover, int]
    woods: Fraction
    moving: int
    arc: Arc
    engine_arc: Arc
    indirect_behind: Fraction
    provenance: Provenance

    def band(self, weapon: Weapon, distance: Fraction | float) -> Band | None:
        """The range band of a target ``distance`` inches away (None: out of range)."""
        if distance < 0:
            raise RuleError(f"a target cannot be {distance} IN away")
        best: tuple[Fraction, Band] | None = None
        for band, reach in self.ranges[weapon].items():
            if distance <= reach and (best is None or reach < best[0]):
                best = (reach, band)
        return None if best is None else best[1]

    def reach(self, weapon: Weapon) -> Fraction:
        """The weapon's longest range."""
        return max(self.ranges[weapon].values())


@cache
def volley_die_odds(sides: int, less: int) -> tuple[tuple[int, Fraction], ...]:
    """The exact hits of one volley die read ``less`` lower, as (hits, chance) pairs."""
    return tuple(distribution((max(face - less, 0), Fraction(1, sides))
                              for face in range(1, sides + 1)).items())


@attrs.frozen
class Shot:
    """One unit's fire at one target, checked: ``groups`` volley dice less ``deduct``
    each and ``singles`` single figures hitting on ``single`` for ``single_points`` each
    (every die read ``less`` lower), the points then multiplied by ``factor`` (woods) to
    give the hits. An engine shot is its engines as singles scoring one engine hit each
    (what an engine hit does depends on the target: :func:`engine_points`,
    :func:`engine_against_engine`, the elephant and defence rules)."""

    firer: str
    target: str
    weapon: Weapon
    band: Band
    groups: int
    singles: int
    deduct: int
    less: int  # points off every die: cover and firing on the move
    single: Check
    single_points: int
    factor: Fraction
    sides: int
    why: tuple[str, ...] = ()

    @property
    def engine(self) -> bool:
        return self.weapon.engine

    def hits(self, points: int) -> int:
        """The hits from ``points`` of dice (woods' factor, rounded half down)."""
        return round_half_down(self.factor * points)

    # Method of fire; War Engine fire
    def roll(self, dice: Dice) -> int:
        """Roll the shot; the hits on the target (for an engine: the engine hits)."""
        where = f"{self.firer} at {self.target}, {self.band} range"
        points = 0
        for g in range(self.groups):
            face = dice.roll(f"1d{self.sides}", f"volley: {where} (group {g + 1} of "
                                                f"{self.groups})")
            points += max(face - self.deduct - self.less, 0)
        for s in range(self.singles):
            kind = "engine" if self.engine else "single figure"
            rolled = self.single.roll(dice, f"{kind}: {where} ({s + 1} of {self.singles})",
                                      -self.less)
            points += self.single_points if rolled.result else 0
        return self.hits(points)

    @cached_property
    def _odds(self) -> dict[int, Fraction]:
        group = dict(volley_die_odds(self.sides, self.deduct + self.less))
        total: dict[int, Fraction] = {0: Fraction(1)}
        for _ in range(self.groups):
            total = convolve(total, group)
        singles = binomial(self.singles, self.single.probability(-self.less))
        total = convolve(total, {k * self.single_points: p for k, p in singles.items()})
        return dict(sorted(distribution((self.hits(k), p) for k, p in total.items())
                           .items()))

    def odds(self) -> dict[int, Fraction]:
        """The exact distribution of :meth:`roll`'s result."""
        return dict(self._odds)

    def mean(self) -> Fraction:
        return sum((k * p for k, p in self._odds.items()), Fraction(0))


# Missile fire; Method of fire; War Engine fire; Missile fire B, C
def aim(firer: Unit, target: str, distance: Fraction | float, *, cover: Cover = Cover.OPEN,
        moving: bool = False, figures: int | None = None,
        rules: FireRules | None = None) -> Shot:
    """Check ``firer``'s fire at ``target`` (a name, for the dice's reasons) ``distance``
    inches away, behind ``cover``; ``moving``: mounted bowmen firing while they move;
    ``figures``: only so many of the firing ranks' figures can see the target (default:
    all of them). A RuleError if the unit has no missiles or the target is out of range."""
    r = rules or load_missiles()
    weapon = firer.weapon
    if weapon is None:
        raise RuleError(f"{firer.name}: has no missile weapon to fire at {target}")
    band = r.band(weapon, distance)
    if band is None:
        raise RuleError(f"{firer.name}: {target} is {distance} IN away, beyond the "
                        f"{weapon}'s {r.reach(weapon)} IN")
    if moving and not firer.mounted_bowmen:
        raise RuleError(f"{firer.name}: only mounted bowmen fire while moving (Missile fire C)")
    less = r.cover[cover] + (r.moving if moving else 0)
    factor = r.woods if cover is Cover.WOODS else Fraction(1)
    why = [f"{band} range"]
    if weapon.engine:
        factor = Fraction(1)  # the woods' factor acts on the points an engine hit takes
    if r.cover[cover]:
        why.append(f"{cover}: -{r.cover[cover]} a die")
    if factor != 1:
        why.append(f"{cover}: hits x{factor}")
    if moving:
        why.append(f"firing on the move: -{r.moving} a die (Missile fire C)")
    if weapon.engine:
        engines = firer.figures if figures is None else figures
        return Shot(firer.name, target, weapon, band, 0, engines, 0, less,
                    r.engine_hit[band], 1, Fraction(1), r.troops.sides, tuple(why))
    shooting = r.troops.firing_figures(firer)
    if figures is not None:
        if not 0 <= figures <= shooting:
            raise RuleError(f"{firer.name}: {figures} figures cannot fire, only the "
                            f"{shooting} of its first {r.troops.firing_ranks} ranks")
        shooting = figures
    groups, singles = r.troops.volley_groups(shooting)
    return Shot(firer.name, target, weapon, band, groups, singles, r.volley_deduct[band],
                less, r.single_hit[band], r.single_points, factor, r.troops.sides,
                tuple(why))


def engine_points(weapon: Weapon, rules: FireRules | None = None) -> int:
    """The points one hit of this engine takes off its target (War Engine fire)."""
    r = rules or load_missiles()
    if weapon not in r.engine_points:
        raise RuleError(f"a {weapon} is not a war engine")
    return r.engine_points[weapon]


@attrs.frozen
class EngineDamage:
    """What engine hits do to troops: ``hits`` for their casualty dice, or (the
    ``engine_points = "figures"`` reading) ``figures`` lost outright."""

    hits: int
    figures: int


# War Engine fire: Lt ENG to reduce TGT by 2 pts, HV by 3 pts
def engine_damage(weapon: Weapon, engine_hits: int, target: Unit, *,
                  cover: Cover = Cover.OPEN, reading: Literal["hits", "figures"] = "hits",
                  rules: FireRules | None = None) -> EngineDamage:
    """What ``engine_hits`` of a ``weapon`` engine do to ``target`` troops: its points per
    hit (halved in woods) as hits (``reading="hits"``) or as figure values, melee fashion
    (``"figures"``, rounded half down)."""
    r = rules or load_missiles()
    if engine_hits < 0:
        raise RuleError(f"{engine_hits} engine hits on {target.name}")
    points = engine_hits * engine_points(weapon, r) * (r.woods if cover is Cover.WOODS
                                                         else Fraction(1))
    if reading == "hits":
        return EngineDamage(round_half_down(points), 0)
    if reading != "figures":
        raise RuleError(f"engine_points is 'hits' or 'figures', not {reading!r}")
    value = r.troops.figure_value(target)
    return EngineDamage(0, min(round_half_down(points / value), target.figures))


# War Engine fire: a war engine hit by a heavier engine, one of its size, a smaller one
def engine_against_engine(firer: Weapon, target: Weapon,
                          rules: FireRules | None = None) -> EngineHit:
    """What a hit by a ``firer`` engine does to a ``target`` engine."""
    r = rules or load_missiles()
    for w in (firer, target):
        if w not in r.engine_size:
            raise RuleError(f"a {w} is not a war engine")
    a, b = r.engine_size[firer], r.engine_size[target]
    return r.against_engine["heavier" if a > b else "same" if a == b else "smaller"]


def fire_arc(weapon: Weapon, rules: FireRules | None = None) -> Arc:
    """The weapon's arc of fire for :meth:`ancients.tabletop.Block.in_arc`, reaching to
    its long range (Method of fire; War Engine fire)."""
    r = rules or load_missiles()
    arc = r.engine_arc if weapon.engine else r.arc
    return attrs.evolve(arc, reach=float(r.reach(weapon)))


def may_fire_over(behind: Fraction | float, rules: FireRules | None = None) -> bool:
    """Missile troops ``behind`` inches behind their own troops may fire over them
    (Missile fire B)."""
    r = rules or load_missiles()
    return behind >= r.indirect_behind


def _bands(f: Field, die: int) -> dict[Band, Check]:
    f.check_keys([b.value for b in Band])
    return {b: Check(faces(f[b.value], die)) for b in Band}


def _arc(f: Field) -> Arc:
    return Arc(f["half_angle"].as_float(min=0, max=90), from_centre=f["from_centre"].as_bool())


def load_missiles(path: Source = "", troops: TroopRules | None = None) -> FireRules:
    """The missile tables: the built-in ``missiles.toml`` or a user's file at ``path``."""
    if not path and troops is None:
        return _builtin_missiles()
    return _read_missiles(path, troops)


@cache
def _builtin_missiles() -> FireRules:
    return _read_missiles("", None)


def _read_missiles(path: Source, troops: TroopRules | None) -> FireRules:
    doc = document("missiles.toml", path)
    doc.check_keys(["reconstructed", "reason", "sides", "ranges", "volley", "single",
                    "engine", "cover", "mounted_bowmen", "arc", "indirect"])
    die = sides(doc)
    t = troops or load_troops()
    if die != t.sides:
        raise doc["sides"].error(f"the troops tables roll {t.sides}-sided dice")
    rng = doc["ranges"]
    rng.check_keys([w.value for w in Weapon])
    ranges: dict[Weapon, dict[Band, Fraction]] = {}
    for w in Weapon:
        row = rng[w.value]
        row.check_keys([*(b.value for b in Band), "reconstructed", "reason"])
        Provenance.of(row)
        ranges[w] = {b: inches(row[b.value]) for b in Band if not row.get(b.value).missing}
        if not ranges[w]:
            raise row.error("a weapon needs at least one range band")
        order = [ranges[w][b] for b in (Band.CLOSE, Band.MEDIUM, Band.LONG) if b in ranges[w]]
        if order != sorted(order):
            raise row.error("ranges must grow from close to long")
    vol, single, eng, cov = doc["volley"], doc["single"], doc["engine"], doc["cover"]
    for f, keys in ((vol, ["deduct"]), (single, ["hit", "points"]),
                    (eng, ["hit", "points", "against_engine", "size"])):
        f.check_keys([*keys, "reconstructed", "reason"])
        Provenance.of(f)
    deduct_f = vol["deduct"]
    deduct_f.check_keys([b.value for b in Band])
    engines = [Weapon.LIGHT_ENGINE, Weapon.HEAVY_ENGINE]
    pts, size, against = eng["points"], eng["size"], eng["against_engine"]
    pts.check_keys([w.value for w in engines])
    size.check_keys([*(w.value for w in engines), "reconstructed", "reason"])
    against.check_keys(["heavier", "same", "smaller", "reconstructed", "reason"])
    hits: dict[str, EngineHit] = {}
    for key in ("heavier", "same", "smaller"):
        a = against[key]
        a.check_keys(["effect", "turns"])
        effect = a["effect"].enum(EngineEffect)
        turns = a.get("turns").as_int(0, min=0)
        if effect is EngineEffect.OUT_OF_ACTION and turns < 1:
            raise a.error("out of action needs the turns")
        hits[key] = EngineHit(effect, turns)
    cov.check_keys(["hedge", "wall", "fence", "building", "woods", "reconstructed", "reason"])
    Provenance.of(cov)
    cover = dict.fromkeys(Cover, 0) | {
        c: cov[c.value].as_int(min=0) for c in (Cover.HEDGE, Cover.WALL, Cover.FENCE,
                                                 Cover.BUILDING)}
    mb, arc, ind = doc["mounted_bowmen"], doc["arc"], doc["indirect"]
    mb.check_keys(["moving", "reconstructed", "reason"])
    arc.check_keys(["half_angle", "from_centre", "engines", "reconstructed", "reason"])
    arc["engines"].check_keys(["half_angle", "from_centre", "reconstructed", "reason"])
    ind.check_keys(["behind", "reconstructed", "reason"])
    for f in (mb, arc, arc["engines"], ind, against, size):
        Provenance.of(f)
    return FireRules(
        t, ranges, {b: deduct_f[b.value].as_int(min=0) for b in Band},
        _bands(single["hit"], die), single["points"].as_int(min=0),
        _bands(eng["hit"], die), {w: pts[w.value].as_int(min=0) for w in engines},
        {w: size[w.value].as_int() for w in engines}, hits, cover,
        fraction(cov["woods"], low=Fraction(0), high=Fraction(1)), mb["moving"].as_int(min=0),
        _arc(arc), _arc(arc["engines"]), inches(ind["behind"]), Provenance.of(doc))
