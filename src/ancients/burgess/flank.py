"""IV. Special conditions: a unit attacked in flank or rear rolls on its table.

>>> from ancients.burgess.troops import Armour, TroopClass, load_troops
>>> legio = load_troops().unit("Legio II", TroopClass.HV_INF, 8, 2,
...                            armour=Armour.FULL_INFANTRY)
>>> rules = load_flank()
>>> {str(r): p for r, p in attack_odds(legio, rules.rear).items()}["whole unit surrenders"]
Fraction(1, 3)
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import attrs

from ancients.burgess._data import Provenance, Source, document, sides
from ancients.burgess.morale import MoraleRules, load_morale, odds, take_test
from ancients.burgess.reactions import Reaction, ReactionTable, reaction_table
from ancients.burgess.troops import Unit
from ancients.dice import Dice
from ancients.dietables import Rolled

__all__ = ["FlankRules", "attack_odds", "attacked", "load_flank"]


@attrs.frozen
class FlankRules:
    """The flank and rear attack tables (``data/flank.toml``)."""

    morale: MoraleRules
    flank: ReactionTable
    rear: ReactionTable
    provenance: Provenance


# Special conditions: flank attack; rear attack
def attacked(unit: Unit, table: ReactionTable, dice: Dice, by: str,
             rules: FlankRules | None = None) -> Rolled[Reaction]:
    """The roll of ``unit`` attacked in flank or rear (``table``) by the unit ``by``."""
    r = rules or load_flank()
    return take_test(unit, table, dice, f"attacked by {by}", r.morale)


def attack_odds(unit: Unit, table: ReactionTable,
                rules: FlankRules | None = None) -> dict[Reaction, Fraction]:
    """The exact distribution of :func:`attacked`."""
    r = rules or load_flank()
    return odds(unit, table, r.morale)


def load_flank(path: Source = "", morale: MoraleRules | None = None) -> FlankRules:
    """The flank and rear tables: the built-in ``flank.toml`` or a user's file."""
    if not path and morale is None:
        return _builtin_flank()
    return _read_flank(path, morale)


@cache
def _builtin_flank() -> FlankRules:
    return _read_flank("", None)


def _read_flank(path: Source, morale: MoraleRules | None) -> FlankRules:
    doc = document("flank.toml", path)
    doc.check_keys(["reconstructed", "reason", "sides", "flank", "rear"])
    die = sides(doc)
    return FlankRules(morale or load_morale(), reaction_table(doc["flank"], "flank attack", die),
                      reaction_table(doc["rear"], "rear attack", die), Provenance.of(doc))
