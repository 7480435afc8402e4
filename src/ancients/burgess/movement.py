"""Movement: a unit's allowance for one move from its class and what the move crosses
(Movement A-F; Chariots & Cavalry 4).

The tabletop movement of phase 2 asks :func:`forbidden` which moves are allowed and
:func:`allowance` how far each may go and what the unit may still do:

>>> from ancients.burgess.troops import Armour, TroopClass, load_troops
>>> legio = load_troops().unit("Legio II", TroopClass.HV_INF, 8, 3,
...                            armour=Armour.FULL_INFANTRY)
>>> allowance(legio, [Crossing.UPHILL, Crossing.HEDGE]).inches
Fraction(0, 1)
>>> allowance(legio, [Crossing.ROAD], double=True).inches
Fraction(15, 1)
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Mapping
from fractions import Fraction
from functools import cache

import attrs

from ancients.burgess._data import Provenance, Source, document, fraction, inches
from ancients.burgess.troops import TroopClass, TroopRules, Unit, Weight, load_troops
from ancients.errors import RuleError
from ancients.scenario import Field

__all__ = [
    "Allowance",
    "Crossing",
    "CrossingRule",
    "MovementRules",
    "allowance",
    "forbidden",
    "load_movement",
]


class Crossing(enum.StrEnum):
    """What a move may cross or go along (Movement A-E)."""

    UPHILL = "uphill"
    WOODS = "woods"
    MARSH = "marsh"
    SWAMP = "swamp"
    ROAD = "road"
    LARGE_RIVER = "large river"
    SMALL_RIVER = "small river"
    HEDGE = "hedge"
    WALL = "wall"
    FENCE = "fence"


class Per(enum.StrEnum):
    MOVE = "move"  # counted once a move
    CROSSING = "crossing"  # counted each time it is crossed


@attrs.frozen
class ClassRule:
    """One troop class's exception to a crossing rule."""

    factor: Fraction | None
    inches: Fraction | None
    provenance: Provenance


@attrs.frozen
class CrossingRule:
    """What crossing one kind of ground or obstacle does to a move."""

    crossing: Crossing
    per: Per
    factor: Mapping[Weight, Fraction]
    inches: Fraction
    broken: bool
    no_fire: bool
    only: frozenset[TroopClass] | None
    forbidden: frozenset[TroopClass]
    classes: Mapping[TroopClass, ClassRule]
    provenance: Provenance

    def allows(self, troop: TroopClass) -> bool:
        return troop not in self.forbidden and (self.only is None or troop in self.only)

    def factor_for(self, troop: TroopClass, weight: Weight) -> Fraction:
        rule = self.classes.get(troop)
        if rule is not None and rule.factor is not None:
            return rule.factor
        return self.factor[weight]

    def inches_for(self, troop: TroopClass) -> Fraction:
        rule = self.classes.get(troop)
        if rule is not None and rule.inches is not None:
            return rule.inches
        return self.inches


@attrs.frozen
class MovementRules:
    """The movement tables (``data/movement.toml``) over the troops tables."""

    troops: TroopRules
    crossings: Mapping[Crossing, CrossingRule]
    double_factor: Fraction
    double_every_other_move: bool
    double_may_fight: bool
    double_may_fire: bool
    engines: frozenset[TroopClass]
    engines_fire_after_moving: bool
    mounted_bowmen_fire_while_moving: bool
    provenance: Provenance


@attrs.frozen
class Allowance:
    """How far one move may go, and what the unit may do with it.

    ``may_fire``: it may still fire this turn (Movement D, E, F); ``may_fight``: it may
    end the move in combat (Movement D); ``fire_while_moving``: it may stop to fire
    part way and move on (mounted bowmen, Missile fire C). ``why`` lists what changed
    the distance or took a right away, with the rule.
    """

    inches: Fraction
    may_fire: bool
    may_fight: bool
    fire_while_moving: bool
    why: tuple[str, ...]


def _counts(crossings: Iterable[Crossing] | Mapping[Crossing, int]) -> Counter[Crossing]:
    items = crossings.items() if isinstance(crossings, Mapping) else \
        ((c, 1) for c in crossings)
    out: Counter[Crossing] = Counter()
    for c, n in items:
        if not isinstance(c, Crossing):
            raise RuleError(f"not a crossing: {c!r} (one of {', '.join(Crossing)})")
        if n < 0:
            raise RuleError(f"crossing {c} {n} times")
        out[c] += n
    return +out


def forbidden(unit: Unit, crossings: Iterable[Crossing] | Mapping[Crossing, int] = (),
              double: bool = False, *, ran_last_move: bool = False,
              rules: MovementRules | None = None) -> str | None:
    """Why the move may not be made (None: it may). ``crossings``: what the move enters or
    crosses (an obstacle crossed twice listed twice, or a mapping to counts);
    ``ran_last_move``: the unit ran at the double on its last move."""
    r = rules or load_movement()
    counts = _counts(crossings)
    for c in counts:
        rule = r.crossings[c]
        if not rule.allows(unit.troop):
            if rule.only is not None and unit.troop not in rule.only:
                who = ", ".join(sorted(rule.only))
                return f"{unit.name}: only {who} may enter {c} (Movement B)"
            return f"{unit.name}: {unit.troop} may not enter {c} (Chariots & Cavalry 4)"
    if double:
        if not r.troops[unit.troop].may_double:
            return f"{unit.name}: {unit.troop} may not run at the double"
        if ran_last_move and r.double_every_other_move:
            return f"{unit.name}: ran at the double last move; only every other move " \
                   "(Movement D)"
        broken = sorted(c for c in counts if r.crossings[c].broken)
        if broken:
            return f"{unit.name}: no double move over broken ground ({', '.join(broken)}; " \
                   "Movement D)"
    return None


# Movement A-F; Chariots & Cavalry 4
def allowance(unit: Unit, crossings: Iterable[Crossing] | Mapping[Crossing, int] = (),
              double: bool = False, *, ran_last_move: bool = False,
              rules: MovementRules | None = None) -> Allowance:
    """The allowance of one move of ``unit`` over ``crossings`` (see :func:`forbidden`,
    whose reason is raised as a RuleError)."""
    r = rules or load_movement()
    why = forbidden(unit, crossings, double, ran_last_move=ran_last_move, rules=r)
    if why is not None:
        raise RuleError(why)
    data = r.troops[unit.troop]
    counts = _counts(crossings)
    notes: list[str] = []
    distance = data.move
    may_fire = may_fight = True
    if double:
        distance *= r.double_factor
        may_fight, may_fire = r.double_may_fight, r.double_may_fire
        notes.append(f"at the double x{r.double_factor} (Movement D)")
    factor = Fraction(1)
    extra = Fraction(0)
    for c, n in counts.items():
        rule = r.crossings[c]
        f = rule.factor_for(unit.troop, data.weight)
        if f != 1:
            notes.append(f"{c}: x{f}")
        factor = min(factor, f)
        step = rule.inches_for(unit.troop) * (n if rule.per is Per.CROSSING else 1)
        if step:
            notes.append(f"{c}: {_signed(step)} IN")
        extra += step
        if rule.no_fire:
            may_fire = False
            notes.append(f"{c}: no firing this move (Movement E)")
    if unit.troop in r.engines and not r.engines_fire_after_moving:
        may_fire = False
        notes.append("a war engine moved may not fire this turn (Movement F)")
    bowmen = unit.mounted_bowmen and r.mounted_bowmen_fire_while_moving and may_fire
    return Allowance(max(distance * factor + extra, Fraction(0)), may_fire, may_fight,
                     bowmen, tuple(notes))


def _signed(x: Fraction) -> str:
    return f"+{x}" if x > 0 else str(x)


def _class_rule(f: Field) -> ClassRule:
    f.check_keys(["factor", "inches", "reconstructed", "reason"])
    factor, step = f.get("factor"), f.get("inches")
    return ClassRule(None if factor.missing else fraction(factor, low=Fraction(0)),
                     None if step.missing else inches(step), Provenance.of(f))


def _classes(f: Field) -> frozenset[TroopClass]:
    return frozenset(x.enum(TroopClass) for x in f.items())


def _crossing(c: Crossing, f: Field) -> CrossingRule:
    f.check_keys(["per", "factor", "inches", "broken", "no_fire", "only", "forbidden",
                  "class", "reconstructed", "reason"])
    factor_f = f.get("factor")
    factor = {w: Fraction(1) for w in Weight}
    if not factor_f.missing:
        factor_f.check_keys([w.value for w in Weight])
        factor |= {w: fraction(factor_f[w.value], low=Fraction(0)) for w in Weight
                   if not factor_f.get(w.value).missing}
    step = f.get("inches")
    only, never, cls = f.get("only"), f.get("forbidden"), f.get("class")
    classes: dict[TroopClass, ClassRule] = {}
    if not cls.missing:
        cls.check_keys([t.value for t in TroopClass])
        classes = {TroopClass(k): _class_rule(v) for k, v in cls.entries()}
    return CrossingRule(
        c, f["per"].enum(Per), factor, Fraction(0) if step.missing else inches(step),
        f["broken"].as_bool(), f.get("no_fire").as_bool(False),
        None if only.missing else _classes(only),
        frozenset() if never.missing else _classes(never), classes, Provenance.of(f))


def load_movement(path: Source = "", troops: TroopRules | None = None) -> MovementRules:
    """The movement tables: the built-in ``movement.toml`` or a user's file at ``path``."""
    if not path and troops is None:
        return _builtin_movement()
    return _read_movement(path, troops)


@cache
def _builtin_movement() -> MovementRules:
    return _read_movement("", None)


def _read_movement(path: Source, troops: TroopRules | None) -> MovementRules:
    doc = document("movement.toml", path)
    doc.check_keys(["reconstructed", "reason", "double", "engines", "mounted_bowmen",
                    "crossing"])
    dbl, eng, mb, cr = doc["double"], doc["engines"], doc["mounted_bowmen"], doc["crossing"]
    dbl.check_keys(["factor", "every_other_move", "may_fight", "may_fire", "reconstructed",
                    "reason"])
    eng.check_keys(["classes", "fire_after_moving", "reconstructed", "reason"])
    mb.check_keys(["fire_while_moving", "reconstructed", "reason"])
    cr.check_keys([c.value for c in Crossing])
    return MovementRules(
        troops or load_troops(), {c: _crossing(c, cr[c.value]) for c in Crossing},
        fraction(dbl["factor"], low=Fraction(1)), dbl["every_other_move"].as_bool(),
        dbl["may_fight"].as_bool(), dbl["may_fire"].as_bool(), _classes(eng["classes"]),
        eng["fire_after_moving"].as_bool(), mb["fire_while_moving"].as_bool(),
        Provenance.of(doc))
