"""III. Morale: what makes a unit test before contact, the shaken table, the roll after two
rounds of melee, rallying, and the modifiers (staff officer, infantry in three ranks,
guards, who never rout); the C-in-C lost.

Every test is a :class:`~ancients.burgess.reactions.ReactionTable` roll with the unit's
bonus (:func:`bonus`) and its guards' status; :func:`take_test` rolls one and :func:`odds` gives
its exact distribution:

>>> from ancients.burgess.troops import Armour, TroopClass, load_troops
>>> legio = load_troops().unit("Legio II", TroopClass.HV_INF, 8, 3,
...                            armour=Armour.FULL_INFANTRY)
>>> bonus(legio)
1
>>> rules = load_morale()
>>> {str(r): p for r, p in odds(legio, rules.precontact).items()}
{'shaken': Fraction(1, 6), 'not shaken': Fraction(5, 6)}
"""

from __future__ import annotations

import enum
from fractions import Fraction
from functools import cache

import attrs

from ancients.burgess._data import Provenance, Source, document, faces, fraction, sides
from ancients.burgess.reactions import Action, Reaction, ReactionTable, reaction, reaction_table
from ancients.burgess.troops import Arm, TroopRules, Unit, load_troops
from ancients.dice import Dice
from ancients.dietables import Better, DieTable, Rolled
from ancients.errors import RuleError
from ancients.morale import Modifier
from ancients.scenario import Field

__all__ = [
    "MoraleRules",
    "Trigger",
    "bonus",
    "c_in_c_lost",
    "load_morale",
    "modifiers",
    "odds",
    "precontact_triggers",
    "rally_table",
    "take_test",
]


class Trigger(enum.StrEnum):
    """Why a unit takes the pre-contact test."""

    HALF_STRENGTH = "reduced to half strength"
    FLANK_GAVE_WAY = "the unit on its immediate flank gave way"
    OFFICER_AND_STANDARD = "its officer and standard both lost"
    C_IN_C_LOST = "the C-in-C killed or captured"


@attrs.frozen
class MoraleRules:
    """The morale tables (``data/morale.toml``)."""

    troops: TroopRules
    staff_officer: int
    guards: int
    deep_infantry: int
    deep_infantry_ranks: int
    half_strength: Fraction
    precontact: ReactionTable
    shaken: ReactionTable
    post_contact: ReactionTable
    post_contact_rounds: int
    rally: tuple[ReactionTable, ...]
    c_in_c_test: ReactionTable
    provenance: Provenance


# Morale: staff officer +1; INF in three ranks +1; guards +1
def modifiers(unit: Unit, rules: MoraleRules | None = None) -> tuple[Modifier, ...]:
    """The unit's morale modifiers, with their reasons."""
    r = rules or load_morale()
    out = []
    if unit.staff_officer and r.staff_officer:
        out.append(Modifier("staff officer", r.staff_officer))
    if r.deep_infantry and r.troops[unit.troop].arm is Arm.INFANTRY and \
            r.troops.depth(unit) >= r.deep_infantry_ranks:
        out.append(Modifier(f"infantry in {r.deep_infantry_ranks} ranks", r.deep_infantry))
    if unit.guards and r.guards:
        out.append(Modifier("guards", r.guards))
    return tuple(out)


def bonus(unit: Unit, rules: MoraleRules | None = None) -> int:
    """The sum of the unit's morale modifiers."""
    return sum(m.value for m in modifiers(unit, rules))


def take_test(unit: Unit, table: ReactionTable, dice: Dice, why: str = "",
         rules: MoraleRules | None = None) -> Rolled[Reaction]:
    """Roll ``table`` for ``unit`` with its bonus (where the table takes it) and its
    guards' never-rout (the dice's reason names the table, the unit and ``why``)."""
    because = f"{table.name}: {unit.name}" + (f" ({why})" if why else "")
    return table.roll(dice, because, bonus(unit, rules), unit.guards)


def odds(unit: Unit, table: ReactionTable,
         rules: MoraleRules | None = None) -> dict[Reaction, Fraction]:
    """The exact distribution of :func:`take_test`."""
    return table.odds(bonus(unit, rules), unit.guards)


# Morale, precontact: half strength, the flank unit giving way, officer and standard lost
def precontact_triggers(unit: Unit, start: Unit, *, flank_gave_way: bool = False,
                        rules: MoraleRules | None = None) -> tuple[Trigger, ...]:
    """The reasons ``unit`` (as it is now; ``start``: as it began the battle) must take
    the pre-contact test now."""
    r = rules or load_morale()
    out = []
    if unit.figures <= r.half_strength * start.figures:
        out.append(Trigger.HALF_STRENGTH)
    if flank_gave_way:
        out.append(Trigger.FLANK_GAVE_WAY)
    if start.officer is not None and start.standard is not None and unit.officer is None \
            and unit.standard is None:
        out.append(Trigger.OFFICER_AND_STANDARD)
    return tuple(out)


# Morale, attempt to rally: 4/5/6, then 5/6, then 6
def rally_table(attempt: int, rules: MoraleRules | None = None) -> ReactionTable:
    """The table of the unit's ``attempt``-th attempt to rally (1 the first)."""
    r = rules or load_morale()
    if attempt < 1:
        raise RuleError(f"rally attempts count from 1, got {attempt}")
    return r.rally[min(attempt, len(r.rally)) - 1]


# Morale: if the C.I.C. is killed/captured every unit must roll for morale
def c_in_c_lost(units: list[Unit], dice: Dice,
                rules: MoraleRules | None = None) -> dict[str, Rolled[Reaction]]:
    """Every unit's test when its C-in-C is killed or captured, by unit name."""
    r = rules or load_morale()
    return {u.name: take_test(u, r.c_in_c_test, dice, str(Trigger.C_IN_C_LOST), r) for u in units}


def _rally_tables(f: Field, die: int) -> tuple[ReactionTable, ...]:
    f.check_keys(["attempts", "rallied", "failed", "reconstructed", "reason"])
    prov = Provenance.of(f)
    rallied, failed = reaction(f["rallied"], die), reaction(f["failed"], die)
    if rallied.action is not Action.RALLY:
        raise f["rallied"].error("a rally's success must be `rally`")
    out = []
    for i, a in enumerate(f["attempts"].items()):
        need = faces(a, die)
        rows = tuple(rallied if n in need else failed for n in range(1, die + 1))
        table = DieTable(f"rally attempt {i + 1}", rows, Better.HIGH, prov.reconstructed,
                         prov.reason)
        out.append(ReactionTable(table, True, None))
    if not out:
        raise f["attempts"].error("at least one rally attempt")
    return tuple(out)


def load_morale(path: Source = "", troops: TroopRules | None = None) -> MoraleRules:
    """The morale tables: the built-in ``morale.toml`` or a user's file at ``path``."""
    if not path and troops is None:
        return _builtin_morale()
    return _read_morale(path, troops)


@cache
def _builtin_morale() -> MoraleRules:
    return _read_morale("", None)


def _read_morale(path: Source, troops: TroopRules | None) -> MoraleRules:
    doc = document("morale.toml", path)
    doc.check_keys(["reconstructed", "reason", "sides", "modifiers", "precontact", "shaken",
                    "post_contact", "rally", "c_in_c"])
    die = sides(doc)
    mods, pre, cic = doc["modifiers"], doc["precontact"], doc["c_in_c"]
    mods.check_keys(["staff_officer", "guards", "deep_infantry", "deep_infantry_ranks",
                     "reconstructed", "reason"])
    pre.check_keys(["half_strength", "test", "reconstructed", "reason"])
    cic.check_keys(["test", "reconstructed", "reason"])
    for f in (mods, pre, cic):
        Provenance.of(f)
    tables = {
        "precontact": reaction_table(pre["test"], "pre-contact test", die),
        "shaken": reaction_table(doc["shaken"], "shaken", die),
        "post_contact": reaction_table(doc["post_contact"], "post-contact", die,
                                       {"rounds": None}),
    }
    which = cic["test"].choice(sorted(tables))
    return MoraleRules(
        troops or load_troops(), mods["staff_officer"].as_int(), mods["guards"].as_int(),
        mods["deep_infantry"].as_int(), mods["deep_infantry_ranks"].as_int(min=1),
        fraction(pre["half_strength"], low=Fraction(0), high=Fraction(1)),
        tables["precontact"], tables["shaken"], tables["post_contact"],
        doc["post_contact"]["rounds"].as_int(min=1), _rally_tables(doc["rally"], die),
        tables[which], Provenance.of(doc))
