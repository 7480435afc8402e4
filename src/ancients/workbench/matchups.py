"""Matchups of unit types: the win-rate matrix of duels from which points values are read."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt

from ancients._callable import make_callable
from ancients.ruleset import Ruleset
from ancients.ruleset import ruleset as get_ruleset
from ancients.workbench.results import Results
from ancients.workbench.runs import simulate

__all__ = ["Matchups", "matchups"]


@attrs.frozen
class Matchups:
    """The win rate of each unit type (row, on the first side) against each (column, on
    the other side) in duels on open ground: ``rate[i, j]`` with its Wilson interval
    ``[low, high]``; ``draws[i, j]`` the share drawn."""

    spec: str
    types: tuple[str, ...]
    runs: int
    rate: npt.NDArray[np.float64]
    low: npt.NDArray[np.float64]
    high: npt.NDArray[np.float64]
    draws: npt.NDArray[np.float64]

    def strength(self) -> dict[str, float]:
        """Each type's mean score over every duel it fought, on either side (a win 1, a
        draw 1/2): 0.5 is average."""
        n = len(self.types)
        score = self.rate + self.draws / 2
        out = {}
        for i, t in enumerate(self.types):
            as_first = [score[i, j] for j in range(n)]
            as_second = [1 - score[j, i] for j in range(n)]
            out[t] = float(np.mean(as_first + as_second))
        return out

    def ratings(self, iterations: int = 200) -> dict[str, float]:
        """Bradley-Terry strengths fitted to every duel (a draw half a win each way),
        scaled so they average 1: a type rated twice another is expected to beat it two
        times in three. Read as relative points values (see docs/workbench.md)."""
        n = len(self.types)
        score = self.rate + self.draws / 2  # first side's share of each pairing
        wins = np.zeros((n, n))  # wins[i, j]: i's share against j, both ways round
        for i in range(n):
            for j in range(n):
                wins[i, j] += score[i, j]
                wins[j, i] += 1 - score[i, j]
        np.fill_diagonal(wins, 0)
        games = wins + wins.T
        strength = np.ones(n)
        for _ in range(iterations):
            total = wins.sum(axis=1)
            denom = np.array([sum(games[i, j] / (strength[i] + strength[j])
                                  for j in range(n) if j != i) for i in range(n)])
            strength = np.where(denom > 0, np.maximum(total, 1e-3) / np.maximum(denom, 1e-12),
                                strength)
            strength /= strength.mean()
        return {t: float(s) for t, s in zip(self.types, strength, strict=True)}


def matchups(spec: str | Ruleset, types: Sequence[str] | None = None, *, runs: int = 200,
             seed: int = 0, **run: Any) -> Matchups:
    """Duels of each unit type against each other type (and itself), ``runs`` each, set
    up by the ruleset's :meth:`~ancients.ruleset.Ruleset.duel` hook; ``run``:
    :func:`ancients.simulate`'s other arguments."""
    rs = get_ruleset(spec)
    names = tuple(types) if types is not None else tuple(rs.duel_types())
    if not names:
        rs.duel("", "")  # raises: the ruleset has no duels
    scenarios = {(a, b): rs.duel(a, b) for a in names for b in names}  # all checked first
    n = len(names)
    rate, low, high, draws = (np.zeros((n, n)) for _ in range(4))
    for (a, b), sc in scenarios.items():
        i, j = names.index(a), names.index(b)
        r: Results = simulate(rs, sc, runs=runs, seed=seed, **run)
        first = sc.sides[0]
        p, lo, hi = r.win_rate(first)
        rate[i, j], low[i, j], high[i, j] = p, lo, hi
        draws[i, j] = r.draw_rate()[0]
    return Matchups(str(rs), names, runs, rate, low, high, draws)


make_callable(__name__)  # ancients.workbench.matchups is also matchups()
