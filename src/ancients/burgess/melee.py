"""C. Hand to hand combat: each side's points and dice, the bonuses, who wins and what
each side loses; the outnumbered rule; charges and the receiving unit's choices;
reinforcing, withdrawing, taking the standard and losing the officer.

:func:`fighter` sums up one side of a melee, :func:`fight` rolls one round and
:func:`bout_odds` gives its exact distribution:

>>> from ancients.burgess.troops import Armour, TroopClass, load_troops
>>> t = load_troops()
>>> legio = t.unit("Legio II", TroopClass.HV_INF, 8, 3, armour=Armour.FULL_INFANTRY)
>>> gauls = t.unit("Boii", TroopClass.HV_INF, 12, 2, armour=Armour.UNARMOURED_INFANTRY)
>>> a, b = fighter(legio, impetus=True), fighter(gauls)
>>> (a.points, a.dice, a.bonus), (b.points, b.dice, b.bonus)
((48, 10, 1), (24, 5, 0))
>>> losses(40, 20, a, b)
(3, 20)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from typing import Literal

import attrs

from ancients.burgess._data import Provenance, Source, check, document, fraction, sides
from ancients.burgess.counting import PerDie, round_half_down
from ancients.burgess.missiles import Cover
from ancients.burgess.morale import MoraleRules, load_morale, take_test
from ancients.burgess.reactions import Reaction, ReactionTable, reaction, reaction_table
from ancients.burgess.troops import Arm, TroopClass, TroopRules, Unit, Weight, load_troops
from ancients.dice import Dice, DiceSpec, pmf
from ancients.dietables import Check, Rolled
from ancients.errors import RuleError
from ancients.morale import Modifier
from ancients.scenario import Field

__all__ = [
    "Bout",
    "ChargeResponse",
    "Fighter",
    "MeleeRules",
    "bout_odds",
    "capture_standard",
    "charge_responses",
    "fight",
    "fighter",
    "has_impetus",
    "load_melee",
    "losses",
    "officer_lost",
    "outnumbered",
    "outnumbered_table",
    "outnumbering_ratio",
    "win_odds",
]


@attrs.frozen
class MeleeRules:
    """The hand to hand tables (``data/melee.toml``)."""

    troops: TroopRules
    morale: MoraleRules
    dice: PerDie
    impetus: int
    downhill: int
    cover: Mapping[Cover, int]
    occupied_ground: int
    winner_share: Fraction
    minimum_figures: int
    similar: int
    light_against_heavy: int
    infantry_against_cavalry: int
    outnumbered_classes: frozenset[TroopClass]
    outnumbered: Mapping[str, ReactionTable]  # by the outnumbered_rout option
    withdrawal: ReactionTable
    standard_capture: Check
    officer: ReactionTable
    provenance: Provenance


@attrs.frozen
class Fighter:
    """One side of a melee: its points (the figure values of its first two ranks, or of
    the figures in the fight), its figure value, its figures, its bonuses and its dice."""

    name: str
    points: int
    value: int
    figures: int
    dice: int
    sides: int
    bonuses: tuple[Modifier, ...] = ()

    @property
    def bonus(self) -> int:
        return sum(m.value for m in self.bonuses)

    def score_odds(self) -> dict[int, Fraction]:
        """The exact distribution of the side's total."""
        return pmf(DiceSpec(self.dice, self.sides, self.bonus))


# Hand to hand 1: impetus when the attacker closed without using its full move;
# A: reinforcements get it if they arrive in time for the initial contact
def has_impetus(moved: Fraction | float, allowance: Fraction | float, *, attacking: bool,
                reinforcing: bool = False, initial_contact: bool = True) -> bool:
    """Whether a unit that ``moved`` inches of its ``allowance`` to close gets impetus."""
    if not attacking and not reinforcing:
        return False
    if reinforcing and not initial_contact:
        return False
    return moved < allowance


# Hand to hand 1; A (downhill); B (hedges, walls, fences, buildings); II (the ground
# of a receiving unit that fell away)
def fighter(unit: Unit, *, figures: int | None = None, impetus: bool = False,
            downhill: bool = False, cover: Cover = Cover.OPEN,
            occupied_ground: bool = False, rules: MeleeRules | None = None) -> Fighter:
    """One side of a melee: ``unit``, with ``figures`` of its fighting ranks in the fight
    (default: all of them); ``impetus`` (see :func:`has_impetus`); ``downhill``: charging
    downhill; ``cover``: fighting behind or in it; ``occupied_ground``: the turn after
    its charge found the receiving unit gone."""
    r = rules or load_melee()
    t = r.troops
    fighting = t.fighting_figures(unit)
    n = fighting if figures is None else figures
    if not 0 <= n <= fighting:
        raise RuleError(f"{unit.name}: {n} figures cannot fight, only the {fighting} of its "
                        f"first {t.fighting_ranks} ranks")
    value = t.figure_value(unit)
    bonuses = []
    if impetus and r.impetus:
        bonuses.append(Modifier("impetus", r.impetus))
    if downhill and r.downhill:
        bonuses.append(Modifier("charging downhill", r.downhill))
    if r.cover.get(cover, 0):
        bonuses.append(Modifier(f"behind a {cover}" if cover is not Cover.BUILDING else
                                "in a building", r.cover[cover]))
    if occupied_ground:
        groups = t.volley_groups(n)[0]
        if groups and r.occupied_ground:
            bonuses.append(Modifier(f"{groups} volley groups on the ground it took",
                                    groups * r.occupied_ground))
    points = n * value
    return Fighter(unit.name, points, value, unit.figures, r.dice.dice(points), t.sides,
                   tuple(bonuses))


@attrs.frozen
class Bout:
    """One round of melee: both totals, the winner (0, 1, or None for a tie) and the
    figures each side loses."""

    scores: tuple[int, int]
    winner: int | None
    figures_lost: tuple[int, int]


# Hand to hand 1: the loser loses the difference in points, the winner half of it,
# at least one figure each
def losses(score_a: int, score_b: int, a: Fighter, b: Fighter,
           rules: MeleeRules | None = None) -> tuple[int, int]:
    """The figures ``a`` and ``b`` lose when they score ``score_a`` and ``score_b``."""
    r = rules or load_melee()
    diff = abs(score_a - score_b)

    def figures(side: Fighter, points: Fraction) -> int:
        lost = round_half_down(points / side.value) if side.value else side.figures
        return min(max(lost, r.minimum_figures), side.figures)

    if score_a == score_b:
        return figures(a, Fraction(0)), figures(b, Fraction(0))
    loser_a = score_a < score_b
    lost_a = figures(a, Fraction(diff) if loser_a else diff * r.winner_share)
    lost_b = figures(b, diff * r.winner_share if loser_a else Fraction(diff))
    return lost_a, lost_b


def _winner(score_a: int, score_b: int) -> int | None:
    return None if score_a == score_b else (0 if score_a > score_b else 1)


def fight(a: Fighter, b: Fighter, dice: Dice, rules: MeleeRules | None = None) -> Bout:
    """Roll one round of melee between ``a`` and ``b``."""
    scores = []
    for me, other in ((a, b), (b, a)):
        total = me.bonus
        for i in range(me.dice):
            total += dice.roll(DiceSpec(1, me.sides), f"melee: {me.name} against {other.name} "
                                      f"(die {i + 1} of {me.dice})")
        scores.append(total)
    sa, sb = scores
    return Bout((sa, sb), _winner(sa, sb), losses(sa, sb, a, b, rules))


def bout_odds(a: Fighter, b: Fighter, rules: MeleeRules | None = None
              ) -> dict[tuple[int | None, int, int], Fraction]:
    """The exact distribution of (winner, figures ``a`` loses, figures ``b`` loses)."""
    r = rules or load_melee()
    out: dict[tuple[int | None, int, int], Fraction] = {}
    for sa, pa in a.score_odds().items():
        for sb, pb in b.score_odds().items():
            key = (_winner(sa, sb), *losses(sa, sb, a, b, r))
            out[key] = out.get(key, Fraction(0)) + pa * pb
    return out


def win_odds(a: Fighter, b: Fighter) -> tuple[Fraction, Fraction, Fraction]:
    """The exact chances that ``a`` wins, that the round is a tie, that ``b`` wins."""
    win = tie = Fraction(0)
    sb_odds = b.score_odds()
    for sa, pa in a.score_odds().items():
        for sb, pb in sb_odds.items():
            if sa > sb:
                win += pa * pb
            elif sa == sb:
                tie += pa * pb
    return win, tie, 1 - win - tie


# Hand to hand D: 2:1 similar troops, 3:1 LT vs HV, 4:1 INF vs CAV
def outnumbering_ratio(larger: TroopClass, smaller: TroopClass,
                       rules: MeleeRules | None = None) -> int:
    """The figures to one by which ``larger`` troops must outnumber ``smaller`` ones."""
    r = rules or load_melee()
    for t in (larger, smaller):
        if t not in r.outnumbered_classes:
            known = ", ".join(sorted(r.outnumbered_classes))
            raise RuleError(f"the outnumbered rule is for {known}, not {t}")
    big, small = r.troops[larger], r.troops[smaller]
    ratio = r.similar
    if big.weight is Weight.LIGHT and small.weight is Weight.HEAVY:
        ratio = max(ratio, r.light_against_heavy)
    if big.arm is Arm.INFANTRY and small.arm is Arm.CAVALRY:
        ratio = max(ratio, r.infantry_against_cavalry)
    return ratio


def outnumbered(smaller: TroopClass, smaller_figures: int, larger: TroopClass,
                larger_figures: int, rules: MeleeRules | None = None) -> bool:
    """Whether the side of ``smaller_figures`` must roll on the outnumbered table."""
    ratio = outnumbering_ratio(larger, smaller, rules)
    return smaller_figures > 0 and larger_figures >= ratio * smaller_figures


def outnumbered_table(reading: Literal["captured", "escape"] = "escape",
                      rules: MeleeRules | None = None) -> ReactionTable:
    """The outnumbered table (Hand to hand D) under the ``outnumbered_rout`` option's
    reading (default ``escape``: the unit routed, its saved figures running with it)."""
    r = rules or load_melee()
    if reading not in r.outnumbered:
        raise RuleError(f"outnumbered_rout is one of {', '.join(r.outnumbered)}, not "
                        f"{reading!r}")
    return r.outnumbered[reading]


class ChargeResponse(enum.StrEnum):
    """What a unit charged may do (Hand to hand II)."""

    FIRE_AND_EVADE = "fire at the attacker and move to safety"
    EVADE = "move to safety"
    HOLD_AND_FIRE = "hold, fire at close range and receive the shock"
    HOLD = "hold and receive the shock"
    FIXED = "fixed in place"


# Hand to hand II: a receiving unit that did not move in its turn may fire and move to
# safety, or hold until close range, fire and receive the shock; one that moved is fixed
def charge_responses(receiver: Unit, moved_in_its_turn: bool) -> tuple[ChargeResponse, ...]:
    """The choices of ``receiver``, charged."""
    if moved_in_its_turn:
        return (ChargeResponse.FIXED,)
    if receiver.weapon is not None:
        return (ChargeResponse.FIRE_AND_EVADE, ChargeResponse.HOLD_AND_FIRE)
    return (ChargeResponse.EVADE, ChargeResponse.HOLD)


# Hand to hand C: the victor following a routed unit takes its standard on 1 or 6
def capture_standard(victor: Unit, fleeing: Unit, dice: Dice,
                     rules: MeleeRules | None = None) -> bool:
    """Whether ``victor``, following the routed ``fleeing``, takes its standard (a unit
    losing it becomes shaken)."""
    r = rules or load_melee()
    if fleeing.standard is None:
        raise RuleError(f"{fleeing.name} has no standard for {victor.name} to take")
    return r.standard_capture.roll(dice, f"standard: {victor.name} after {fleeing.name}"
                                   ).result


# Hand to hand D: a unit losing its officer in melee rolls
def officer_lost(unit: Unit, dice: Dice, rules: MeleeRules | None = None) -> Rolled[Reaction]:
    """The roll of ``unit``, whose officer fell in the melee."""
    r = rules or load_melee()
    return take_test(unit, r.officer, dice, "its officer lost in melee", r.morale)


def load_melee(path: Source = "", troops: TroopRules | None = None,
               morale: MoraleRules | None = None) -> MeleeRules:
    """The hand to hand tables: the built-in ``melee.toml`` or a user's file at ``path``."""
    if not path and troops is None and morale is None:
        return _builtin_melee()
    return _read_melee(path, troops, morale)


@cache
def _builtin_melee() -> MeleeRules:
    return _read_melee("", None, None)


def _outnumbered(f: Field, die: int) -> dict[str, ReactionTable]:
    f.check_keys(["similar", "light_against_heavy", "infantry_against_cavalry", "classes",
                  "table", "escape", "reconstructed", "reason"])
    captured = reaction_table(f["table"], "outnumbered", die)
    esc = f["escape"]
    Provenance.of(esc)
    changes: dict[int, Reaction] = {}
    for key, row in esc.entries():
        if key in ("reconstructed", "reason"):
            continue
        try:
            faces_ = [int(x) for x in key.split("/")]
        except ValueError:
            raise row.error("rows are keyed by faces") from None
        changes |= dict.fromkeys(faces_, reaction(row, die))
    escape = attrs.evolve(captured, table=captured.table.replaced(changes))
    return {"captured": captured, "escape": escape}


def _read_melee(path: Source, troops: TroopRules | None,
                morale: MoraleRules | None) -> MeleeRules:
    doc = document("melee.toml", path)
    doc.check_keys(["reconstructed", "reason", "sides", "dice", "bonus", "result",
                    "outnumbered", "withdrawal", "standard", "officer"])
    die = sides(doc)
    d, bonus, res, out, std = (doc[k] for k in ("dice", "bonus", "result", "outnumbered",
                                                 "standard"))
    d.check_keys(["per", "up_from", "minimum", "reconstructed", "reason"])
    bonus.check_keys(["impetus", "downhill", "hedge", "wall", "fence", "building",
                      "occupied_ground", "reconstructed", "reason"])
    res.check_keys(["winner_share", "minimum_figures", "reconstructed", "reason"])
    std.check_keys(["capture", "reconstructed", "reason"])
    for f in (d, bonus, res, out, std):
        Provenance.of(f)
    per = d["per"].as_int(min=1)
    cover = {c: bonus[c.value].as_int() for c in (Cover.HEDGE, Cover.WALL, Cover.FENCE,
                                                   Cover.BUILDING)}
    return MeleeRules(
        troops or load_troops(), morale or load_morale(),
        PerDie(per, d["up_from"].as_int(min=1, max=per), d["minimum"].as_int(min=0)),
        bonus["impetus"].as_int(), bonus["downhill"].as_int(), cover,
        bonus["occupied_ground"].as_int(),
        fraction(res["winner_share"], low=Fraction(0), high=Fraction(1)),
        res["minimum_figures"].as_int(min=0), out["similar"].as_int(min=1),
        out["light_against_heavy"].as_int(min=1), out["infantry_against_cavalry"].as_int(min=1),
        frozenset(x.enum(TroopClass) for x in out["classes"].items()), _outnumbered(out, die),
        reaction_table(doc["withdrawal"], "withdrawal", die), check(std["capture"], die),
        reaction_table(doc["officer"], "officer lost", die), Provenance.of(doc))
