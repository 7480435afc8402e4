"""E. Elephants: attacking infantry (the check by depth, the after-start table), stampedes
and what they strike, infantry standing by depth and fighting by volley group, elephant
against elephant, against cavalry and against chariots, missile fire on elephants.

Two sets of tables: ``elephants.toml`` as printed and ``elephants_tempered.toml``, the
milder variant the text's editor asks for (option ``elephants``).

>>> from ancients.burgess.troops import Armour, TroopClass, load_troops
>>> t = load_troops()
>>> legio = t.unit("Hastati", TroopClass.HV_INF, 8, 3, armour=Armour.FULL_INFANTRY)
>>> attack_odds(legio)[Course.HOME]
Fraction(1, 9)
>>> attack_odds(legio, load_elephants("tempered"))[Course.HOME]
Fraction(1, 4)
>>> kill_odds(4)
Fraction(65, 81)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from typing import Literal

import attrs

from ancients.burgess._data import Provenance, Source, check, die_table, document, sides
from ancients.burgess.casualties import CasualtyRules, casualty_dice, load_casualties
from ancients.burgess.chariots import Course, Duel, duel, duel_odds
from ancients.burgess.troops import Arm, Crew, TroopClass, TroopRules, Unit, load_troops
from ancients.dice import Dice, DiceSpec, pmf
from ancients.dietables import Check, DieTable, binomial
from ancients.errors import RuleError
from ancients.scenario import Field

__all__ = [
    "ElephantRules",
    "Harm",
    "HarmKind",
    "Hurt",
    "Stampede",
    "attack_check",
    "attack_odds",
    "cavalry_stand",
    "crew",
    "elephant_duel",
    "hand_weapon_rolls",
    "hurt",
    "infantry_fight",
    "infantry_fight_odds",
    "kill_odds",
    "load_elephants",
    "missile_table",
    "mounted_fight",
    "mounted_fight_odds",
    "roll_attack",
    "stampede",
    "stampede_odds",
    "stand_check",
]


class HarmKind(enum.StrEnum):
    """What a roll does to an elephant."""

    KILLED = "killed"
    KILLED_WITH_CREW = "killed with crew"
    DRIVER_KILLED = "driver killed"
    COMBATANTS_KILLED = "combatants killed"
    ALL_COMBATANTS_KILLED = "all combatants killed"
    CREWMAN_KILLED = "crewman killed"
    WOUNDED = "wounded"
    STOPS = "stops"
    STAMPEDES = "stampedes"


@attrs.frozen
class Harm:
    kind: HarmKind
    count: int = 0  # the combatants killed

    def __str__(self) -> str:
        if self.kind is HarmKind.COMBATANTS_KILLED:
            return f"{self.count} combatant{'s' if self.count != 1 else ''} killed"
        return f"elephant {self.kind}" if self.kind in (
            HarmKind.KILLED, HarmKind.KILLED_WITH_CREW, HarmKind.WOUNDED, HarmKind.STOPS,
            HarmKind.STAMPEDES) else str(self.kind)


@attrs.frozen
class Hurt:
    """An elephant after a harm: its crew, and whether it is dead, stampedes or stops."""

    crew: Crew
    dead: bool = False
    stampede: bool = False
    stops: bool = False


@attrs.frozen
class ElephantRules:
    """One set of elephant tables (``data/elephants.toml`` or the tempered variant)."""

    variant: str
    troops: TroopRules
    casualties: CasualtyRules
    combatants: int
    wounds_kill: int
    driver_killed_stampedes: bool
    stampede_moves: int
    attack: tuple[tuple[int, Check], ...]
    after_start: DieTable[Course]
    flank_or_rear_routs: bool
    stampede_save: Check
    head_on: DieTable[Course]
    stand: tuple[tuple[int, Check], ...]
    stand_runs: int
    kill: Check
    kill_cost: int
    survivor_dice: int
    against_elephant: DieTable[Harm]
    cavalry_stand: Check
    cavalry_figures: int
    cavalry_survive: Check
    against_cavalry: DieTable[Harm]
    missiles: Mapping[str, DieTable[Harm]]  # "light", "heavy", "hand"
    provenance: Provenance


def _infantry(unit: Unit, r: ElephantRules) -> None:
    if r.troops[unit.troop].arm is not Arm.INFANTRY:
        raise RuleError(f"{unit.name}: this elephant rule is for infantry, not {unit.troop}")


def _by_depth(rows: tuple[tuple[int, Check], ...], depth: int) -> Check | None:
    need = None
    for ranks, c in rows:
        if depth >= ranks:
            need = c
    return need


def crew(rules: ElephantRules | None = None) -> Crew:
    """A fresh elephant's crew."""
    return Crew((rules or load_elephants()).combatants)


# Elephants 4 (3 wounds kill; the driver killed: stampede); 5-6
def hurt(state: Crew, harm: Harm, rules: ElephantRules | None = None) -> Hurt:
    """What ``harm`` does to an elephant with crew ``state``."""
    r = rules or load_elephants()
    k = harm.kind
    if k is HarmKind.KILLED:
        return Hurt(state, dead=True)
    if k is HarmKind.KILLED_WITH_CREW:
        return Hurt(Crew(0, False, state.wounds), dead=True)
    if k is HarmKind.CREWMAN_KILLED and state.combatants:
        return Hurt(attrs.evolve(state, combatants=state.combatants - 1))
    if k in (HarmKind.DRIVER_KILLED, HarmKind.CREWMAN_KILLED):
        return Hurt(attrs.evolve(state, driver=False),
                    stampede=state.driver and r.driver_killed_stampedes)
    if k is HarmKind.COMBATANTS_KILLED:
        return Hurt(attrs.evolve(state, combatants=max(state.combatants - harm.count, 0)))
    if k is HarmKind.ALL_COMBATANTS_KILLED:
        return Hurt(attrs.evolve(state, combatants=0))
    if k is HarmKind.WOUNDED:
        wounds = state.wounds + 1
        return Hurt(attrs.evolve(state, wounds=wounds), dead=wounds >= r.wounds_kill)
    if k is HarmKind.STOPS:
        return Hurt(state, stops=True)
    return Hurt(state, stampede=True)


# Elephants 1: against infantry in 3 ranks 1/6, in 2 ranks 1/3/6, else no roll
def attack_check(infantry: Unit, rules: ElephantRules | None = None) -> Check | None:
    """The roll an elephant needs to attack ``infantry`` (None: no roll)."""
    r = rules or load_elephants()
    _infantry(infantry, r)
    if not infantry.formed:
        return None
    return _by_depth(r.attack, r.troops.depth(infantry))


def attack_odds(infantry: Unit, rules: ElephantRules | None = None
                ) -> dict[Course | None, Fraction]:
    """The exact course of an elephant ordered at ``infantry``: None, it will not attack;
    else the after-start table's course."""
    r = rules or load_elephants()
    need = attack_check(infantry, r)
    go = Fraction(1) if need is None else need.probability()
    out: dict[Course | None, Fraction] = {None: 1 - go}
    for c, p in r.after_start.odds().items():
        out[c] = go * p
    return out


def roll_attack(elephant: Unit, infantry: Unit, dice: Dice,
                rules: ElephantRules | None = None) -> Course | None:
    """Roll an elephant's attack on ``infantry``: None if it will not attack, else where
    the attack goes (Elephants 1)."""
    r = rules or load_elephants()
    need = attack_check(infantry, r)
    if need is not None and not need.roll(dice, f"elephant attack: {elephant.name} at "
                                                f"{infantry.name}").result:
        return None
    return r.after_start.roll(dice, f"elephant charge: {elephant.name} at "
                                    f"{infantry.name}").result


@attrs.frozen
class Stampede:
    """Where a stampede that struck a unit went, whether that unit is routed and how many
    figures of the volley group struck it lost."""

    course: Course
    routed: bool
    lost: int


# Elephants 2: a stampede striking a unit in flank or rear routs it; a formed unit head
# on turns it (1/2 right, 3/4 left) or it goes home; the volley group struck rolls 4/5/6
def stampede(elephant: Unit, struck: Unit, head_on: bool, dice: Dice,
             rules: ElephantRules | None = None) -> Stampede:
    """Roll a stampeding ``elephant`` striking ``struck`` (``head_on``: in its front; a
    unit out of formation struck head on is routed as if struck in flank)."""
    r = rules or load_elephants()
    course = Course.HOME
    head_on = head_on and struck.formed
    if head_on:
        course = r.head_on.roll(dice, f"stampede: {elephant.name} into {struck.name}").result
    if course is not Course.HOME:
        return Stampede(course, False, 0)
    figures = min(r.troops.volley_group, struck.figures)
    spec = DiceSpec(1, r.troops.sides)
    lost = sum(dice.roll(spec, f"stampede: {struck.name} struck by {elephant.name} "
                               f"(figure {i + 1} of {figures})") not in r.stampede_save.faces
               for i in range(figures))
    return Stampede(course, not head_on and r.flank_or_rear_routs, lost)


def stampede_odds(struck: Unit, head_on: bool, rules: ElephantRules | None = None
                  ) -> dict[tuple[Course, bool, int], Fraction]:
    """The exact distribution of :func:`stampede` as (course, routed, figures lost)."""
    r = rules or load_elephants()
    head_on = head_on and struck.formed
    courses = r.head_on.odds() if head_on else {Course.HOME: Fraction(1)}
    figures = min(r.troops.volley_group, struck.figures)
    out: dict[tuple[Course, bool, int], Fraction] = {}
    for c, p in courses.items():
        if c is not Course.HOME:
            out[(c, False, 0)] = out.get((c, False, 0), Fraction(0)) + p
            continue
        for lost, q in binomial(figures, 1 - r.stampede_save.probability()).items():
            key = (c, not head_on and r.flank_or_rear_routs, lost)
            out[key] = out.get(key, Fraction(0)) + p * q
    return out


# Elephants 3: infantry stand in 4 ranks 3/4/5/6 (cut: read), 3 ranks 4/5/6, 2 or 1 5/6
def stand_check(infantry: Unit, rules: ElephantRules | None = None) -> Check:
    """The roll ``infantry`` attacked by an elephant need to stand (else they go back a
    move, back to the elephant)."""
    r = rules or load_elephants()
    _infantry(infantry, r)
    need = _by_depth(r.stand, max(r.troops.depth(infantry), 1))
    if need is None:
        raise RuleError(f"the stand table has no row for {infantry.name}'s depth")
    return need


def kill_odds(groups: int, rules: ElephantRules | None = None) -> Fraction:
    """The exact chance that ``groups`` volley groups kill the elephant (Elephants 3)."""
    r = rules or load_elephants()
    return 1 - (1 - r.kill.probability()) ** groups


def _groups(infantry: Unit, groups: int | None, r: ElephantRules) -> int:
    return r.troops.volley_groups(r.troops.fighting_figures(infantry))[0] if groups is None \
        else groups


# Elephants 3: one die per volley group, 5/6 kills with the loss of a figure; else the
# elephant kills a figure per point of a die
def infantry_fight(elephant: Unit, infantry: Unit, dice: Dice, groups: int | None = None,
                   rules: ElephantRules | None = None) -> tuple[bool, int]:
    """Roll the fight of ``infantry`` that stood (its ``groups`` volley groups; default
    those of its fighting ranks): (elephant killed, infantry figures lost)."""
    r = rules or load_elephants()
    n = _groups(infantry, groups, r)
    killed = False
    for g in range(n):
        killed |= r.kill.roll(dice, f"against the elephant: {infantry.name} at "
                                    f"{elephant.name} (group {g + 1} of {n})").result
    if killed:
        return True, min(r.kill_cost, infantry.figures)
    lost = dice.roll(DiceSpec(r.survivor_dice, r.troops.sides),
                     f"elephant: {elephant.name} among {infantry.name}")
    return False, min(lost, infantry.figures)


def infantry_fight_odds(infantry: Unit, groups: int | None = None,
                        rules: ElephantRules | None = None
                        ) -> dict[tuple[bool, int], Fraction]:
    """The exact distribution of :func:`infantry_fight`."""
    r = rules or load_elephants()
    kill = kill_odds(_groups(infantry, groups, r), r)
    out = {(True, min(r.kill_cost, infantry.figures)): kill}
    for lost, p in pmf(DiceSpec(r.survivor_dice, r.troops.sides)).items():
        key = (False, min(lost, infantry.figures))
        out[key] = out.get(key, Fraction(0)) + (1 - kill) * p
    return out


# Elephants 4: an even throw, one die each; the loser rolls on the table
def elephant_duel(a: Unit, b: Unit, dice: Dice, rules: ElephantRules | None = None
                  ) -> tuple[Duel, Harm | None]:
    """One round of ``a`` against ``b``: how ``a`` fared and the harm the loser takes."""
    r = rules or load_elephants()
    for u in (a, b):
        if u.troop is not TroopClass.ELEPHANTS:
            raise RuleError(f"{u.name} are not elephants")
    result = duel(a.name, 1, b.name, 1, dice, "elephant fight", sides=r.troops.sides)
    if result is Duel.TIE:
        return result, None
    loser = b if result is Duel.WON else a
    return result, r.against_elephant.roll(dice, f"elephant wounds: {loser.name}").result


# Elephants 5: cavalry not stabled with elephants roll to stand
def cavalry_stand(cavalry: Unit, rules: ElephantRules | None = None) -> Check | None:
    """The roll ``cavalry`` need to stand against elephants (None: stabled with them)."""
    r = rules or load_elephants()
    if r.troops[cavalry.troop].arm is not Arm.CAVALRY:
        raise RuleError(f"{cavalry.name} are not cavalry")
    return None if cavalry.stabled_with_elephants else r.cavalry_stand


def mounted_fight_odds(rules: ElephantRules | None = None) -> dict[Duel, Fraction]:
    """The even throw of an elephant against cavalry or chariots (Elephants 5, 7), from
    the elephant's side: when it loses it rolls on the cavalry table, when it wins each
    cavalry figure (or chariot) fighting it rolls ``cavalry_survive``."""
    r = rules or load_elephants()
    return duel_odds(1, 1, sides=r.troops.sides)


def mounted_fight(elephant: Unit, enemy: Unit, dice: Dice, rules: ElephantRules | None = None
                  ) -> tuple[Duel, Harm | None, int]:
    """One round of ``elephant`` against cavalry or chariots: how the elephant fared, its
    harm if it lost, and the figures of ``enemy`` lost if it won (of the cavalry figures
    fighting it at 4:1, or of one chariot)."""
    r = rules or load_elephants()
    arm = r.troops[enemy.troop].arm
    if arm not in (Arm.CAVALRY, Arm.CHARIOTS):
        raise RuleError(f"{enemy.name}: Elephants 5 and 7 are for cavalry and chariots")
    result = duel(elephant.name, 1, enemy.name, 1, dice, "elephant fight",
                  sides=r.troops.sides)
    if result is Duel.LOST:
        return result, r.against_cavalry.roll(dice, f"elephant wounds: {elephant.name}"
                                              ).result, 0
    if result is Duel.TIE:
        return result, None, 0
    figures = min(r.cavalry_figures if arm is Arm.CAVALRY else 1, enemy.figures)
    spec = DiceSpec(1, r.troops.sides)
    lost = sum(dice.roll(spec, f"routed by {elephant.name}: {enemy.name} (figure {i + 1} "
                               f"of {figures})") not in r.cavalry_survive.faces
               for i in range(figures))
    return result, None, lost


# Elephants 6: missile fire on elephants: a roll per engine hit, per casualty die of hits
def hand_weapon_rolls(hits: int, rules: ElephantRules | None = None) -> int:
    """The rolls on the hand-weapons table that ``hits`` of missile troops give."""
    r = rules or load_elephants()
    return casualty_dice(hits, r.casualties)


def missile_table(source: Literal["light", "heavy", "hand"],
                  rules: ElephantRules | None = None) -> DieTable[Harm]:
    """The table of a hit on an elephant from a light or heavy engine or hand weapons."""
    r = rules or load_elephants()
    return r.missiles[source]


def load_elephants(variant: str = "burgess", path: Source = "",
                   troops: TroopRules | None = None) -> ElephantRules:
    """The elephant tables of ``variant`` (``burgess`` or ``tempered``), or a user's file
    at ``path``."""
    if variant not in _FILES:
        raise RuleError(f"elephants is one of {', '.join(_FILES)}, not {variant!r}")
    if not path and troops is None:
        return _builtin_elephants(variant)
    return _read_elephants(_FILES[variant], path, troops)


_FILES = {"burgess": "elephants.toml", "tempered": "elephants_tempered.toml"}


@cache
def _builtin_elephants(variant: str) -> ElephantRules:
    return _read_elephants(_FILES[variant], "", None)


def _harm(f: Field) -> Harm:
    f.check_keys(["harm", "count"])
    harm = Harm(f["harm"].enum(HarmKind), f.get("count").as_int(0, min=0))
    if (harm.kind is HarmKind.COMBATANTS_KILLED) != (harm.count > 0):
        raise f.error("`count` is for 'combatants killed', and it needs one")
    return harm


def _depth_rows(f: Field, die: int) -> tuple[tuple[int, Check], ...]:
    rows = []
    for row in f.items():
        row.check_keys(["ranks", "faces"])
        rows.append((row["ranks"].as_int(min=1), check(row["faces"], die)))
    if [x[0] for x in rows] != sorted({x[0] for x in rows}) or not rows:
        raise f.error("rows must be in order of depth, each depth once")
    return tuple(rows)


def _read_elephants(default: str, path: Source, troops: TroopRules | None
                    ) -> ElephantRules:
    doc = document(default, path)
    doc.check_keys(["variant", "reconstructed", "reason", "sides", "crew", "attack",
                    "after_start", "stampede", "stand", "fight", "against_elephant",
                    "against_cavalry", "missiles", "against_chariots"])
    die = sides(doc)
    t = troops or load_troops()
    c, att, st, sd, fi, ae, ac, mi, ach = (doc[k] for k in (
        "crew", "attack", "stampede", "stand", "fight", "against_elephant", "against_cavalry",
        "missiles", "against_chariots"))
    c.check_keys(["combatants", "wounds_kill", "driver_killed_stampedes", "stampede_moves",
                  "reconstructed", "reason"])
    att.check_keys(["check", "reconstructed", "reason"])
    st.check_keys(["flank_or_rear_routs", "save", "head_on", "reconstructed", "reason"])
    sd.check_keys(["rows", "runs", "reconstructed", "reason"])
    fi.check_keys(["kill", "kill_cost", "survivor", "reconstructed", "reason"])
    ae.check_keys(["faces", "reconstructed", "reason"])
    ac.check_keys(["stand", "figures", "survive", "faces", "reconstructed", "reason"])
    mi.check_keys(["light", "heavy", "hand", "reconstructed", "reason"])
    ach.check_keys(["reconstructed", "reason"])
    for f in (c, att, st, sd, fi, ae, ac, mi, ach):
        Provenance.of(f)
    after = doc["after_start"]
    after.check_keys(["faces", "reconstructed", "reason"])
    return ElephantRules(
        doc["variant"].as_str(), t, load_casualties("", t) if troops else load_casualties(),
        c["combatants"].as_int(min=0), c["wounds_kill"].as_int(min=1),
        c["driver_killed_stampedes"].as_bool(), c["stampede_moves"].as_int(min=0),
        _depth_rows(att["check"], die),
        die_table(after, "elephant after-start", die, lambda x: x.enum(Course)),
        st["flank_or_rear_routs"].as_bool(), check(st["save"], die),
        die_table(st, "stampede head on", die, lambda x: x.enum(Course), faces=st["head_on"]),
        _depth_rows(sd["rows"], die), sd["runs"].as_int(min=0), check(fi["kill"], die),
        fi["kill_cost"].as_int(min=0), fi["survivor"].as_int(min=0),
        die_table(ae, "elephant against elephant", die, _harm), check(ac["stand"], die),
        ac["figures"].as_int(min=1), check(ac["survive"], die),
        die_table(ac, "elephant against cavalry", die, _harm),
        {k: die_table(mi, f"elephant hit: {k}", die, _harm, faces=mi[k])
         for k in ("light", "heavy", "hand")},
        Provenance.of(doc))
