"""D. Chariots & Cavalry: chariots against formed infantry (charging home or swerving,
the infantry standing or breaking, the fight by groups), against cavalry and against
chariots; cavalry charging spearmen.

The charge is a chain of small checks, each with its exact odds, that the table play of
phase 2 strings together:

>>> from ancients.burgess.troops import Armour, TroopClass, load_troops
>>> t = load_troops()
>>> hoplites = t.unit("Hoplites", TroopClass.HV_INF, 8, 2, armour=Armour.FULL_INFANTRY)
>>> {str(c): p for c, p in course_odds(hoplites).items()}
{'goes home': Fraction(1, 2), 'swerves right': Fraction(1, 4), 'swerves left': Fraction(1, 4)}
>>> stand_check().probability()
Fraction(2, 3)
>>> group_fight_odds(hoplites)  # a volley group of 3 full armour: 9 points, 2 dice
(Fraction(5, 54), Fraction(5, 72), Fraction(181, 216))
"""

from __future__ import annotations

import enum
from fractions import Fraction
from functools import cache

import attrs

from ancients.burgess._data import Provenance, Source, check, document, sides
from ancients.burgess.counting import PerDie
from ancients.burgess.troops import Arm, TroopClass, TroopRules, Unit, load_troops
from ancients.dice import Dice, DiceSpec, pmf
from ancients.dietables import Check, binomial
from ancients.errors import RuleError

__all__ = [
    "ChariotRules",
    "Course",
    "Duel",
    "broken_losses",
    "broken_odds",
    "cavalry_course",
    "cavalry_course_odds",
    "cavalry_dice",
    "cavalry_fight",
    "cavalry_fight_odds",
    "chariot_duel",
    "course",
    "course_odds",
    "duel",
    "duel_odds",
    "group_fight",
    "group_fight_odds",
    "load_chariots",
    "spearmen_check",
    "stand_check",
]


class Course(enum.StrEnum):
    """Where a charge (of chariots, cavalry or an elephant) ends up."""

    HOME = "goes home"
    SWERVE_RIGHT = "swerves right"
    SWERVE_LEFT = "swerves left"
    STOPS = "stops midway"
    STAMPEDE = "stampedes"


class Duel(enum.StrEnum):
    """The result of a fight of a few dice against a few."""

    WON = "won"
    TIE = "tie"
    LOST = "lost"


@attrs.frozen
class ChariotRules:
    """The chariot and cavalry tables (``data/chariots.toml``)."""

    troops: TroopRules
    infantry_ranks: int
    home: Check
    swerve_right: Check
    stand: Check
    broken_moves: int
    broken_save: Check
    groups_per_chariot: int
    group_dice: PerDie
    chariot_dice: int
    infantry_loses: int
    cavalry_figures: int
    cavalry_chariot_dice: int
    cavalry_loses: int
    chariots_dice: int
    spearmen_home: tuple[tuple[int, Check], ...]  # (at least so many ranks, the check)
    spearmen_swerve_right: Check
    provenance: Provenance


def duel_odds(a: int, b: int, *, sides: int, bonus_a: int = 0, bonus_b: int = 0
              ) -> dict[Duel, Fraction]:
    """The exact chances that ``a`` dice (+``bonus_a``) beat, tie or lose to ``b`` dice."""
    out = dict.fromkeys(Duel, Fraction(0))
    other = pmf(DiceSpec(b, sides, bonus_b))
    for x, px in pmf(DiceSpec(a, sides, bonus_a)).items():
        for y, py in other.items():
            out[Duel.WON if x > y else Duel.TIE if x == y else Duel.LOST] += px * py
    return out


def duel(a: str, n_a: int, b: str, n_b: int, dice: Dice, why: str, *, sides: int) -> Duel:
    """Roll ``n_a`` dice for ``a`` against ``n_b`` for ``b``; how ``a`` fared."""
    totals = []
    for me, n, other in ((a, n_a, b), (b, n_b, a)):
        spec = DiceSpec(n, sides)
        totals.append(dice.roll(spec, f"{why}: {me} against {other}") if n else 0)
    x, y = totals
    return Duel.WON if x > y else Duel.TIE if x == y else Duel.LOST


# Chariots & Cavalry 1: formed infantry in two or more ranks
def _needs_roll(infantry: Unit, r: ChariotRules) -> bool:
    if r.troops[infantry.troop].arm is not Arm.INFANTRY:
        raise RuleError(f"{infantry.name}: the chariots' charge-home roll is against infantry")
    return infantry.formed and r.troops.depth(infantry) >= r.infantry_ranks


def _course(home: Check | None, right: Check) -> dict[Course, Fraction]:
    p = Fraction(1) if home is None else home.probability()
    q = right.probability()
    return {Course.HOME: p, Course.SWERVE_RIGHT: (1 - p) * q,
            Course.SWERVE_LEFT: (1 - p) * (1 - q)}


def _roll_course(home: Check | None, right: Check, dice: Dice, who: str) -> Course:
    if home is None or home.roll(dice, f"charge home: {who}").result:
        return Course.HOME
    return Course.SWERVE_RIGHT if right.roll(dice, f"swerve: {who}").result else \
        Course.SWERVE_LEFT


def course_odds(infantry: Unit, rules: ChariotRules | None = None) -> dict[Course, Fraction]:
    """The exact course of one chariot charging ``infantry``."""
    r = rules or load_chariots()
    return _course(r.home if _needs_roll(infantry, r) else None, r.swerve_right)


def course(chariots: Unit, number: int, infantry: Unit, dice: Dice,
           rules: ChariotRules | None = None) -> Course:
    """Roll chariot ``number`` of ``chariots`` charging ``infantry``: home or a swerve."""
    r = rules or load_chariots()
    home = r.home if _needs_roll(infantry, r) else None
    return _roll_course(home, r.swerve_right, dice,
                        f"{chariots.name} chariot {number} at {infantry.name}")


def stand_check(rules: ChariotRules | None = None) -> Check:
    """The roll of infantry charged home by chariots to stand (else it is broken and
    moves to the rear)."""
    return (rules or load_chariots()).stand


def broken_losses(infantry: Unit, chariots_home: int, dice: Dice,
                  rules: ChariotRules | None = None) -> int:
    """The figures a broken unit loses: each figure of the volley groups the chariots
    that went home reach rolls to survive."""
    r = rules or load_chariots()
    figures = _reached(infantry, chariots_home, r)
    spec = DiceSpec(1, r.troops.sides)
    return sum(dice.roll(spec, f"ridden down: {infantry.name} (figure {i + 1} of {figures})")
               not in r.broken_save.faces for i in range(figures))


def broken_odds(infantry: Unit, chariots_home: int,
                rules: ChariotRules | None = None) -> dict[int, Fraction]:
    """The exact distribution of :func:`broken_losses`."""
    r = rules or load_chariots()
    return binomial(_reached(infantry, chariots_home, r), 1 - r.broken_save.probability())


def _reached(infantry: Unit, chariots_home: int, r: ChariotRules) -> int:
    return min(chariots_home * r.groups_per_chariot * r.troops.volley_group,
               r.troops.fighting_figures(infantry))


def _group_dice(infantry: Unit, figures: int | None, r: ChariotRules) -> int:
    n = r.troops.volley_group * r.groups_per_chariot if figures is None else figures
    return r.group_dice.dice(n * r.troops.figure_value(infantry))


def group_fight_odds(infantry: Unit, figures: int | None = None,
                     rules: ChariotRules | None = None) -> tuple[Fraction, Fraction, Fraction]:
    """The exact chances that a chariot beats, ties or loses to the ``figures`` (default:
    its volley groups) of ``infantry`` it meets: the infantry lose a figure, nothing, or
    the chariot its combatant."""
    r = rules or load_chariots()
    odds = duel_odds(r.chariot_dice, _group_dice(infantry, figures, r),
                     sides=r.troops.sides)
    return odds[Duel.WON], odds[Duel.TIE], odds[Duel.LOST]


def group_fight(chariots: Unit, number: int, infantry: Unit, dice: Dice,
                figures: int | None = None, rules: ChariotRules | None = None) -> Duel:
    """Roll chariot ``number``'s fight with the group of ``infantry`` it meets (the
    chariot's view: won, the infantry lose ``infantry_loses`` figures; lost, the chariot
    loses its combatant)."""
    r = rules or load_chariots()
    return duel(f"{chariots.name} chariot {number}", r.chariot_dice, infantry.name,
                _group_dice(infantry, figures, r), dice, "chariot fight", sides=r.troops.sides)


# Chariots & Cavalry 2: each chariot fights two cavalry figures
def cavalry_dice(cavalry: Unit, rules: ChariotRules | None = None) -> int:
    """The dice of the cavalry figures one chariot fights."""
    r = rules or load_chariots()
    if r.troops[cavalry.troop].arm is not Arm.CAVALRY:
        raise RuleError(f"{cavalry.name} is not cavalry")
    figures = min(r.cavalry_figures, cavalry.figures)
    return r.group_dice.dice(figures * r.troops.figure_value(cavalry))


def cavalry_fight_odds(cavalry: Unit, rules: ChariotRules | None = None
                       ) -> tuple[Fraction, Fraction, Fraction]:
    """The exact chances that a chariot beats, ties or loses to the cavalry figures it
    fights (the cavalry lose a figure, nothing, or the chariot its combatant)."""
    r = rules or load_chariots()
    odds = duel_odds(r.cavalry_chariot_dice, cavalry_dice(cavalry, r), sides=r.troops.sides)
    return odds[Duel.WON], odds[Duel.TIE], odds[Duel.LOST]


def cavalry_fight(chariots: Unit, number: int, cavalry: Unit, dice: Dice,
                  rules: ChariotRules | None = None) -> Duel:
    """Roll chariot ``number``'s fight with the cavalry figures it meets."""
    r = rules or load_chariots()
    return duel(f"{chariots.name} chariot {number}", r.cavalry_chariot_dice, cavalry.name,
                cavalry_dice(cavalry, r), dice, "chariot fight", sides=r.troops.sides)


# Chariots & Cavalry 3: an even match, 1 die per chariot
def chariot_duel(a: Unit, b: Unit, dice: Dice, rules: ChariotRules | None = None) -> Duel:
    """One chariot of ``a`` against one of ``b``; the loser loses its combatant."""
    r = rules or load_chariots()
    for u in (a, b):
        if u.troop is not TroopClass.CHARIOTS:
            raise RuleError(f"{u.name} are not chariots")
    return duel(a.name, r.chariots_dice, b.name, r.chariots_dice, dice, "chariot fight",
                sides=r.troops.sides)


# Chariots & Cavalry 5: cavalry attacking spearmen, by their depth
def spearmen_check(spearmen: Unit, rules: ChariotRules | None = None) -> Check | None:
    """The roll cavalry need to charge home on ``spearmen`` (None: no roll)."""
    r = rules or load_chariots()
    if not spearmen.spearmen or not spearmen.formed:
        return None
    depth = r.troops.depth(spearmen)
    need = None
    for ranks, check_ in r.spearmen_home:
        if depth >= ranks:
            need = check_
    return need


def cavalry_course_odds(spearmen: Unit, rules: ChariotRules | None = None
                        ) -> dict[Course, Fraction]:
    """The exact course of cavalry charging ``spearmen``."""
    r = rules or load_chariots()
    return _course(spearmen_check(spearmen, r), r.spearmen_swerve_right)


def cavalry_course(cavalry: Unit, spearmen: Unit, dice: Dice,
                   rules: ChariotRules | None = None) -> Course:
    """Roll cavalry charging ``spearmen``: home or a swerve."""
    r = rules or load_chariots()
    return _roll_course(spearmen_check(spearmen, r), r.spearmen_swerve_right, dice,
                        f"{cavalry.name} at {spearmen.name}")


def load_chariots(path: Source = "", troops: TroopRules | None = None) -> ChariotRules:
    """The chariot tables: the built-in ``chariots.toml`` or a user's file at ``path``."""
    if not path and troops is None:
        return _builtin_chariots()
    return _read_chariots(path, troops)


@cache
def _builtin_chariots() -> ChariotRules:
    return _read_chariots("", None)


def _read_chariots(path: Source, troops: TroopRules | None) -> ChariotRules:
    doc = document("chariots.toml", path)
    doc.check_keys(["reconstructed", "reason", "sides", "against_infantry", "against_cavalry",
                    "against_chariots", "cavalry_against_spearmen"])
    die = sides(doc)
    inf, cav, ch, sp = (doc[k] for k in ("against_infantry", "against_cavalry",
                                         "against_chariots", "cavalry_against_spearmen"))
    inf.check_keys(["ranks", "home", "swerve_right", "swerve_left", "stand", "broken_moves",
                    "broken_save", "groups_per_chariot", "per", "up_from", "minimum",
                    "chariot_dice", "infantry_loses", "reconstructed", "reason"])
    cav.check_keys(["figures", "chariot_dice", "loses", "reconstructed", "reason"])
    ch.check_keys(["dice", "reconstructed", "reason"])
    sp.check_keys(["home", "swerve_right", "swerve_left", "reconstructed", "reason"])
    for f in (inf, cav, ch, sp):
        Provenance.of(f)
    for f in (inf, sp):
        right, left = check(f["swerve_right"], die), check(f["swerve_left"], die)
        if right.faces.values & left.faces.values or \
                len(right.faces) + len(left.faces) != die:
            raise f["swerve_left"].error("swerving right and left must share out the die")
    home = []
    for row in sp["home"].items():
        row.check_keys(["ranks", "faces"])
        home.append((row["ranks"].as_int(min=1), check(row["faces"], die)))
    if [h[0] for h in home] != sorted({h[0] for h in home}):
        raise sp["home"].error("rows must be in order of depth")
    per = inf["per"].as_int(min=1)
    return ChariotRules(
        troops or load_troops(), inf["ranks"].as_int(min=1), check(inf["home"], die),
        check(inf["swerve_right"], die), check(inf["stand"], die),
        inf["broken_moves"].as_int(min=0), check(inf["broken_save"], die),
        inf["groups_per_chariot"].as_int(min=1),
        PerDie(per, inf["up_from"].as_int(min=1, max=per), inf["minimum"].as_int(min=0)),
        inf["chariot_dice"].as_int(min=1), inf["infantry_loses"].as_int(min=0),
        cav["figures"].as_int(min=1), cav["chariot_dice"].as_int(min=1),
        cav["loses"].as_int(min=0), ch["dice"].as_int(min=1), tuple(home),
        check(sp["swerve_right"], die), Provenance.of(doc))
