"""Casualties: the dice a number of hits gives, each figure hit rolling its armour's saving
number (Deciding casualties), and which figures are removed (Hand to hand C).

>>> from ancients.burgess.troops import Armour, TroopClass, load_troops
>>> legio = load_troops().unit("Legio II", TroopClass.HV_INF, 8, 3,
...                            armour=Armour.FULL_INFANTRY)
>>> [casualty_dice(h) for h in (2, 3, 5, 8, 10)]
[0, 1, 1, 2, 2]
>>> losses_odds(legio, 8)
{0: Fraction(1, 4), 1: Fraction(1, 2), 2: Fraction(1, 4)}
>>> r = removal(legio, [2, 6])
>>> r.removed, r.unit.depths
(((1, 0), (5, 0)), (3, 2, 3, 3, 3, 2, 3, 3))
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from typing import Literal

import attrs

from ancients.burgess._data import Provenance, Source, check, document, sides
from ancients.burgess.counting import PerDie
from ancients.burgess.missiles import Band
from ancients.burgess.troops import TroopRules, Unit, Weapon, load_troops
from ancients.dice import Dice, DiceSpec
from ancients.dietables import Check, binomial
from ancients.errors import RuleError

__all__ = [
    "CasualtyRules",
    "Removal",
    "casualties",
    "casualty_dice",
    "load_casualties",
    "losses_odds",
    "removal",
    "remove",
    "save",
]


@attrs.frozen
class CasualtyRules:
    """The casualty tables (``data/casualties.toml``)."""

    troops: TroopRules
    dice: PerDie
    close_weapons: frozenset[Weapon]
    close_band: Band
    close_save: Check
    provenance: Provenance


# Deciding casualties: one die per 5 hits, 1-2 down, 3-4 up
def casualty_dice(hits: int, rules: CasualtyRules | None = None) -> int:
    """The figures put at risk by ``hits`` (one saving die each)."""
    return (rules or load_casualties()).dice.dice(hits)


# Deciding casualties: the saving numbers; pilum or crossbow at close range
def save(unit: Unit, weapon: Weapon | None = None, band: Band | None = None,
         rules: CasualtyRules | None = None) -> Check:
    """The roll a figure of ``unit`` hit by ``weapon`` at ``band`` must make to survive."""
    r = rules or load_casualties()
    if weapon in r.close_weapons and band is r.close_band:
        return r.close_save
    return r.troops.save(unit)


def casualties(unit: Unit, hits: int, dice: Dice, *, weapon: Weapon | None = None,
               band: Band | None = None, rules: CasualtyRules | None = None) -> int:
    """Roll the saves for ``hits`` on ``unit``; the figures lost (at most its figures)."""
    r = rules or load_casualties()
    need = save(unit, weapon, band, r)
    n = casualty_dice(hits, r)
    lost = 0
    for i in range(n):
        rolled = need.roll(dice, f"casualty save: {unit.name} ({hits} hits, die {i + 1} of "
                                 f"{n}, saves on {need})")
        lost += not rolled.result
    return min(lost, unit.figures)


def losses_odds(unit: Unit, hits: int, *, weapon: Weapon | None = None,
                band: Band | None = None,
                rules: CasualtyRules | None = None) -> dict[int, Fraction]:
    """The exact distribution of :func:`casualties`."""
    r = rules or load_casualties()
    fail = 1 - save(unit, weapon, band, r).probability()
    out: dict[int, Fraction] = {}
    for k, p in binomial(casualty_dice(hits, r), fail).items():
        k = min(k, unit.figures)
        out[k] = out.get(k, Fraction(0)) + p
    return out


@attrs.frozen
class Removal:
    """The figures removed (``(file, rank)`` in the unit's block before removal, rank 0
    the first), and the unit after (files emptied close up)."""

    unit: Unit
    removed: tuple[tuple[int, int], ...]
    officer_lost: bool
    standard_lost: bool
    c_in_c_lost: bool = False


# Hand to hand C: count off from the left of the first rank
def removal(unit: Unit, rolls: Sequence[int],
            count: Literal["restart", "continue"] = "restart") -> Removal:
    """Remove one figure per die of ``rolls``: counting the first rank's figures from the
    left up to the die (round again past the right end), the figure reached goes and the
    figure behind it steps up. ``count``: every die counts from the left (restart) or on
    from the last figure removed (continue)."""
    if count not in ("restart", "continue"):
        raise RuleError(f"casualties count 'restart' or 'continue', not {count!r}")
    files = [[(f, r) for r in range(d)] for f, d in enumerate(unit.depths)]
    order = list(range(len(files)))  # the files still standing, left to right
    removed: list[tuple[int, int]] = []
    start = 0
    for face in rolls:
        if face < 1:
            raise RuleError(f"a casualty die cannot show {face}")
        if not order:
            break
        if count == "restart":
            start = 0
        slot = (start + face - 1) % len(order)
        file = order[slot]
        removed.append(files[file].pop(0))
        if files[file]:
            start = slot + 1
        else:
            del order[slot]
            start = slot
        start %= max(len(order), 1)
    officer_lost = unit.officer is not None and (unit.officer, 0) in removed
    standard_lost = unit.standard is not None and (unit.standard, 0) in removed
    c_in_c_lost = unit.c_in_c is not None and (unit.c_in_c, 0) in removed
    index = {f: i for i, f in enumerate(order)}

    def moved(at: int | None, lost: bool) -> int | None:
        return None if at is None or lost else index[at]

    after = unit.with_depths(tuple(len(files[f]) for f in order),
                             moved(unit.officer, officer_lost),
                             moved(unit.standard, standard_lost),
                             moved(unit.c_in_c, c_in_c_lost))
    return Removal(after, tuple(removed), officer_lost, standard_lost, c_in_c_lost)


def remove(unit: Unit, figures: int, dice: Dice,
           count: Literal["restart", "continue"] = "restart",
           rules: CasualtyRules | None = None) -> Removal:
    """Roll the counting dice for ``figures`` casualties of ``unit`` and remove them."""
    r = rules or load_casualties()
    n = min(figures, unit.figures)
    spec = DiceSpec(1, r.troops.sides)
    faces = [dice.roll(spec, f"casualty removal: {unit.name} (figure {i + 1} of {n})")
             for i in range(n)]
    return removal(unit, faces, count)


def load_casualties(path: Source = "", troops: TroopRules | None = None) -> CasualtyRules:
    """The casualty tables: the built-in ``casualties.toml`` or a user's file at ``path``."""
    if not path and troops is None:
        return _builtin_casualties()
    return _read_casualties(path, troops)


@cache
def _builtin_casualties() -> CasualtyRules:
    return _read_casualties("", None)


def _read_casualties(path: Source, troops: TroopRules | None) -> CasualtyRules:
    doc = document("casualties.toml", path)
    doc.check_keys(["reconstructed", "reason", "sides", "dice", "close_range"])
    die = sides(doc)
    d, close = doc["dice"], doc["close_range"]
    d.check_keys(["per", "up_from", "minimum", "reconstructed", "reason"])
    close.check_keys(["weapons", "band", "save", "reconstructed", "reason"])
    for f in (d, close):
        Provenance.of(f)
    per = d["per"].as_int(min=1)
    return CasualtyRules(
        troops or load_troops(),
        PerDie(per, d["up_from"].as_int(min=1, max=per), d["minimum"].as_int(min=0)),
        frozenset(w.enum(Weapon) for w in close["weapons"].items()),
        close["band"].enum(Band), check(close["save"], die), Provenance.of(doc))
