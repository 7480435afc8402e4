"""Shared units and the icepool oracle for the Burgess rule tests."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any

import icepool

from ancients.burgess.troops import Armour, TroopClass, Unit, Weapon, load_troops

TROOPS = load_troops()


def exact(die: Any) -> dict[int, Fraction]:
    """An icepool die as {outcome: Fraction}."""
    den = die.denominator()
    return {int(k): Fraction(v, den) for k, v in die.items() if v}


def d6_where(faces: Iterable[int]) -> Any:
    """A die giving 1 on ``faces`` and 0 otherwise."""
    wanted = set(faces)
    return icepool.d6.map(lambda x: 1 if x in wanted else 0)


def legio(files: int = 8, ranks: int = 3, **kw: Any) -> Unit:
    kw.setdefault("armour", Armour.FULL_INFANTRY)
    kw.setdefault("weapon", Weapon.PILUM)
    return TROOPS.unit("Legio II", TroopClass.HV_INF, files, ranks, **kw)


def archers(files: int = 4, ranks: int = 2, **kw: Any) -> Unit:
    kw.setdefault("armour", Armour.UNARMOURED_INFANTRY)
    kw.setdefault("weapon", Weapon.LONGBOW)
    return TROOPS.unit("Cretans", TroopClass.LT_INF, files, ranks, **kw)


def horse(troop: TroopClass = TroopClass.LT_CAV, files: int = 4, ranks: int = 2,
          **kw: Any) -> Unit:
    kw.setdefault("armour", Armour.UNARMOURED_CAVALRY)
    return TROOPS.unit("Numidians", troop, files, ranks, **kw)
