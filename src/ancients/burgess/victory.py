"""When an army breaks, the turn limit and the result (reconstructed: the text gives none).

>>> rome = Army("rome", units=10, lost_units=5, figures=200, figures_now=120)
>>> carthage = Army("carthage", units=12, lost_units=3, figures=240, figures_now=180)
>>> broken(rome)
'5 of its 10 units lost'
>>> verdict([rome, carthage])
Verdict(winner='carthage', reason='army broken')
>>> verdict([attrs.evolve(rome, lost_units=0), carthage], at_turn_limit=True)
Verdict(winner='carthage', reason='turn limit')
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache

import attrs

from ancients.burgess._data import Provenance, Source, document, fraction
from ancients.burgess.troops import TroopClass
from ancients.errors import RuleError

__all__ = ["Army", "Verdict", "VictoryRules", "broken", "load_victory", "verdict"]


@attrs.frozen
class VictoryRules:
    """The victory rules (``data/victory.toml``)."""

    lost_units: Fraction
    c_in_c_failed: Fraction
    turn_limit: int
    provenance: Provenance
    #: the troop classes that do not count among an army's units (one model each)
    uncounted: frozenset[TroopClass] = frozenset()


@attrs.frozen
class Army:
    """What the victory rules read of one side: its units at the start and lost (routed,
    destroyed, cut down, surrendered, off the table), its figures at the start and now,
    and, once its C-in-C is lost, how many of the units that took the test every unit
    then takes failed it."""

    side: str
    units: int
    lost_units: int
    figures: int
    figures_now: int
    c_in_c_lost: bool = False
    tested: int = 0
    failed: int = 0

    def __attrs_post_init__(self) -> None:
        if not (0 <= self.lost_units <= self.units and 0 <= self.figures_now <= self.figures
                and 0 <= self.failed <= self.tested):
            raise RuleError(f"{self.side}: not a possible army state: {self}")


@attrs.frozen
class Verdict:
    winner: str | None
    reason: str


def broken(army: Army, rules: VictoryRules | None = None) -> str | None:
    """Why ``army`` is broken (None: it is not)."""
    r = rules or load_victory()
    if army.units and army.lost_units >= r.lost_units * army.units:
        return f"{army.lost_units} of its {army.units} units lost"
    if army.c_in_c_lost and army.tested and army.failed >= r.c_in_c_failed * army.tested:
        return f"its C-in-C lost and {army.failed} of {army.tested} units shaken"
    return None


def verdict(armies: Sequence[Army], *, at_turn_limit: bool = False,
            rules: VictoryRules | None = None) -> Verdict | None:
    """The result now: a broken army loses (both broken: a draw); at the turn limit the
    side that lost the smaller fraction of its figures wins (equal: a draw); else None."""
    r = rules or load_victory()
    if len(armies) != 2:
        raise RuleError(f"a battle has two armies, got {len(armies)}")
    a, b = armies
    down = [broken(x, r) is not None for x in armies]
    if all(down):
        return Verdict(None, "both armies broken")
    if any(down):
        return Verdict(b.side if down[0] else a.side, "army broken")
    if not at_turn_limit:
        return None
    la, lb = (1 - Fraction(x.figures_now, x.figures) if x.figures else Fraction(0)
              for x in armies)
    return Verdict(None if la == lb else (a.side if la < lb else b.side), "turn limit")


def load_victory(path: Source = "") -> VictoryRules:
    """The victory rules: the built-in ``victory.toml`` or a user's file at ``path``."""
    return _read_victory(path) if path else _builtin_victory()


@cache
def _builtin_victory() -> VictoryRules:
    return _read_victory("")


def _read_victory(path: Source) -> VictoryRules:
    doc = document("victory.toml", path)
    doc.check_keys(["reconstructed", "reason", "break", "turn_limit", "result"])
    br, tl, res = doc["break"], doc["turn_limit"], doc["result"]
    br.check_keys(["lost_units", "c_in_c_failed", "uncounted", "reconstructed", "reason"])
    tl.check_keys(["turns", "reconstructed", "reason"])
    res.check_keys(["measure", "reconstructed", "reason"])
    res["measure"].choice(["figures"])
    for f in (br, tl, res):
        Provenance.of(f)
    uncounted = br.get("uncounted")
    return VictoryRules(fraction(br["lost_units"], low=Fraction(0), high=Fraction(1)),
                        fraction(br["c_in_c_failed"], low=Fraction(0), high=Fraction(1)),
                        tl["turns"].as_int(min=1), Provenance.of(doc),
                        frozenset() if uncounted.missing else
                        frozenset(x.enum(TroopClass) for x in uncounted.items()))
