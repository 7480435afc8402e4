"""The table play's own numbers (``data/table.toml``, reconstructed: the text gives none):
the figures' bases, the charge arc, how a move keeps clear of the enemy, the immediate
flank, sight into woods and buildings, who may enter a building, engines struck by
missiles or caught by troops.

>>> t = load_table()
>>> t.bases[TroopClass.HV_CAV], t.charge_arc.half_angle, t.keep_off
((0.75, 1.5), 45.0, 0.25)
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache

import attrs

from ancients.burgess._data import Provenance, Source, check, document, fraction
from ancients.burgess.troops import TroopClass
from ancients.dietables import Check
from ancients.tabletop import Arc

__all__ = ["TableRules", "load_table"]


@attrs.frozen
class TableRules:
    """The table play's numbers."""

    bases: Mapping[TroopClass, tuple[float, float]]
    charge_arc: Arc
    keep_off: float
    fractions: tuple[Fraction, ...]
    step: float
    flank_reach: float
    sight_into: float
    cover_reach: float
    enter_buildings: frozenset[TroopClass]
    crew_save: Check
    overrun: bool
    provenance: Provenance


def load_table(path: Source = "") -> TableRules:
    """The table play's numbers: the built-in ``table.toml`` or a user's file."""
    return _read_table(path) if path else _builtin_table()


@cache
def _builtin_table() -> TableRules:
    return _read_table("")


def _read_table(path: Source) -> TableRules:
    doc = document("table.toml", path)
    doc.check_keys(["reconstructed", "reason", "bases", "charge", "moving", "flank", "sight",
                    "buildings", "engines"])
    b, ch, mv, fl, si, bu, en = (doc[k] for k in ("bases", "charge", "moving", "flank",
                                                  "sight", "buildings", "engines"))
    b.check_keys([*(t.value for t in TroopClass), "reconstructed", "reason"])
    ch.check_keys(["half_angle", "reconstructed", "reason"])
    mv.check_keys(["keep_off", "fractions", "step", "reconstructed", "reason"])
    fl.check_keys(["reach", "reconstructed", "reason"])
    si.check_keys(["into", "cover_reach", "reconstructed", "reason"])
    bu.check_keys(["enter", "reconstructed", "reason"])
    en.check_keys(["crew_save", "overrun", "reconstructed", "reason"])
    for f in (b, ch, mv, fl, si, bu, en):
        Provenance.of(f)
    bases = {}
    for t in TroopClass:
        wd = list(b[t.value].items())
        if len(wd) != 2:
            raise b[t.value].error("a base is [width, depth] in inches")
        bases[t] = (wd[0].as_float(min=0.1, max=12.0), wd[1].as_float(min=0.1, max=12.0))
    fractions = tuple(fraction(f, low=Fraction(0), high=Fraction(1))
                      for f in mv["fractions"].items())
    if not fractions or any(f <= 0 for f in fractions):
        raise mv["fractions"].error("at least one fraction of a move, each above 0")
    return TableRules(
        bases, Arc(ch["half_angle"].as_float(min=0, max=90)),
        mv["keep_off"].as_float(min=0.0, max=6.0), fractions,
        mv["step"].as_float(min=0.05, max=6.0), fl["reach"].as_float(min=0.0, max=24.0),
        si["into"].as_float(min=0.0, max=24.0), si["cover_reach"].as_float(min=0.0, max=24.0),
        frozenset(x.enum(TroopClass) for x in bu["enter"].items()),
        check(en["crew_save"], 6), en["overrun"].as_bool(), Provenance.of(doc))
