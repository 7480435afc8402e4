"""Hypothesis strategies for Raphia: counters, legal stacks and mid-battle positions.

Needs the ``test`` extra (hypothesis); imported only by tests.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from hypothesis import strategies as st

from ancients.commanders import RandomCommander
from ancients.raphia.counters import Counter, TroopClass
from ancients.ruleset import ruleset

if TYPE_CHECKING:
    from ancients.raphia.battle import RaphiaBattle

__all__ = ["counters", "edition_specs", "mid_battles", "stacks"]


def edition_specs() -> st.SearchStrategy[str]:
    return st.sampled_from(["raphia", "raphia(edition=1990)",
                            "raphia(egyptian_morale=championship)"])


def counters(side: str | None = None) -> st.SearchStrategy[Counter]:
    """Counters of the built-in sheet."""
    rs: Any = ruleset("raphia")
    pool = [c for c in rs.data.counters.counters.values() if side in (None, c.side)]
    return st.sampled_from(sorted(pool, key=lambda c: c.id))


@st.composite
def stacks(draw: st.DrawFn, side: str = "ptolemaic") -> list[str]:
    """A legal stack (§5): counters of one class up to its limit, an elephant escort, or
    a leader with either."""
    rs: Any = ruleset("raphia")
    data = rs.data
    pool = [c for c in data.counters.counters.values() if c.side == side]
    cls = draw(st.sampled_from([c for c in TroopClass if c is not TroopClass.LEADER]))
    same = sorted(c.id for c in pool if c.troop_class is cls)
    n = draw(st.integers(1, min(len(same), data.tables.stacking.limit[cls])))
    ids = draw(st.lists(st.sampled_from(same), min_size=n, max_size=n, unique=True))
    if cls is TroopClass.ELEPHANT and draw(st.booleans()):
        light = sorted(c.id for c in pool if c.troop_class is TroopClass.LIGHT)
        ids += draw(st.lists(st.sampled_from(light), min_size=1,
                             max_size=data.tables.stacking.escort, unique=True))
    if draw(st.booleans()):
        ids.append(next(c.id for c in pool if c.leader))
    return ids


@st.composite
def mid_battles(draw: st.DrawFn, max_steps: int = 60) -> RaphiaBattle:
    """A battle played by random commanders to a random phase."""
    spec = draw(edition_specs())
    seed = draw(st.integers(0, 2**32 - 1))
    steps = draw(st.integers(0, max_steps))
    rs = ruleset(spec)
    battle = rs.new_battle(seed=seed, commanders={s: RandomCommander() for s in
                                                  ("ptolemaic", "seleucid")})
    for _ in range(steps):
        if battle.finished:
            break
        battle.step()
    return cast("RaphiaBattle", battle)
