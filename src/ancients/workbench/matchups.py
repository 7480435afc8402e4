"""Matchups of unit types: the win-rate matrix of duels from which points values are read."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt

from ancients._callable import make_callable
from ancients.ruleset import Ruleset
from ancients.ruleset import ruleset as get_ruleset
from ancients.workbench.results import Results
from ancients.workbench.runs import simulate
from ancients.workbench.text import text_table

__all__ = ["Matchups", "matchups"]


@attrs.frozen
class Matchups:
    """The win rate of each unit type (row, on the first side) against each (column, on
    the other side) in duels on open ground: ``rate[i, j]`` with its Wilson interval
    ``[low, high]``; ``draws[i, j]`` the share drawn, with its Wilson interval
    ``[draws_low, draws_high]``; ``points``: the ruleset's printed points value of each
    type that has one (:meth:`~ancients.ruleset.Ruleset.points_values`). ``str()`` is
    the table."""

    spec: str
    types: tuple[str, ...]
    runs: int
    rate: npt.NDArray[np.float64]
    low: npt.NDArray[np.float64]
    high: npt.NDArray[np.float64]
    draws: npt.NDArray[np.float64]
    draws_low: npt.NDArray[np.float64]
    draws_high: npt.NDArray[np.float64]
    seed: int = 0
    points: Mapping[str, float] = attrs.field(factory=dict)

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
        fitted = _bradley_terry(self.rate + self.draws / 2, iterations)
        return {t: float(s) for t, s in zip(self.types, fitted, strict=True)}

    def rating_intervals(self, resamples: int = 400, seed: int = 0
                         ) -> dict[str, tuple[float, float, float]]:
        """Each type's rating with a 95 % parametric bootstrap interval: ``(rating, low,
        high)``, every pairing's duels drawn again ``resamples`` times from its win, draw
        and loss shares (a seeded generator: the same seed, the same interval)."""
        rng = np.random.default_rng(seed)
        n = len(self.types)
        loss = np.clip(1 - self.rate - self.draws, 0, 1)
        shares = np.stack([self.rate, self.draws, loss], axis=-1).reshape(n * n, 3)
        shares = shares / shares.sum(axis=1, keepdims=True)
        fits = np.empty((resamples, n))
        for k in range(resamples):
            drawn = np.array([rng.multinomial(self.runs, p) for p in shares]) / self.runs
            wins, draws = drawn[:, 0].reshape(n, n), drawn[:, 1].reshape(n, n)
            fits[k] = _bradley_terry(wins + draws / 2, 100)
        point = self.ratings()
        low, high = np.percentile(fits, [2.5, 97.5], axis=0)
        return {t: (point[t], float(lo), float(hi))
                for t, lo, hi in zip(self.types, low, high, strict=True)}

    def table(self) -> tuple[str, tuple[str, ...], list[tuple[str, ...]], list[str]]:
        """The title, columns, rows and notes of the table ``str()`` prints."""
        rated = self.rating_intervals()
        printed = {t: float(v) for t, v in self.points.items() if t in self.types}
        scale = (float(np.mean(list(printed.values()))) if printed else 0.0) or 0.0
        rows: list[tuple[str, ...]] = []
        for i, t in enumerate(self.types):
            cells = [f"{self.rate[i, j]:.0%} [{self.low[i, j]:.0%}, {self.high[i, j]:.0%}]"
                     f" d{self.draws[i, j]:.0%}" for j in range(len(self.types))]
            r, lo, hi = rated[t]
            row = [t, *cells, f"{r:.2f} [{lo:.2f}, {hi:.2f}]"]
            if printed:
                mean_rating = float(np.mean([rated[x][0] for x in printed]))
                row += [f"{printed[t]:g}" if t in printed else "-",
                        f"{r / mean_rating * scale:.1f}" if mean_rating else "-"]
            rows.append(tuple(row))
        columns = ("type \\ against", *self.types, "rating [95 %]",
                   *(("printed points", "fitted points") if printed else ()))
        notes = ["each cell: the row type's win rate against the column type (the row on "
                 "the first side) with its Wilson 95 % interval, and dN%: the share of "
                 "those duels drawn (no winner)",
                 "rating: Bradley-Terry strength (a draw half a win each way), mean 1, with "
                 "a 95 % parametric bootstrap interval; a type rated twice another is "
                 "expected to beat it two times in three (docs/workbench.md: points values)"]
        if printed:
            notes.append("printed points: the ruleset's points value; fitted points: the "
                         "rating scaled so the printed types' mean is the printed points' "
                         "mean")
        return f"{self.spec}: {self.runs} duels a pairing, seed {self.seed}", columns, rows, \
            notes

    def __str__(self) -> str:
        return text_table(*self.table())


def _bradley_terry(score: npt.NDArray[np.float64], iterations: int) -> npt.NDArray[np.float64]:
    """Bradley-Terry strengths (mean 1) from ``score[i, j]``: the first side's share of
    each pairing, i against j (both ways round count)."""
    n = len(score)
    wins = score + (1 - score).T  # wins[i, j]: i's share against j, both ways round
    np.fill_diagonal(wins, 0)
    games = wins + wins.T
    total = np.maximum(wins.sum(axis=1), 1e-3)
    strength = np.ones(n)
    for _ in range(iterations):
        pair = strength[:, None] + strength[None, :]
        denom = (games / pair).sum(axis=1)
        strength = np.where(denom > 0, total / np.maximum(denom, 1e-12), strength)
        strength /= strength.mean()
    return strength


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
    rate, low, high, draws, draws_low, draws_high = (np.zeros((n, n)) for _ in range(6))
    jobs = run.pop("jobs", None)
    with contextlib.ExitStack() as stack:
        if isinstance(jobs, int) and jobs > 1:  # one pool for every pairing
            jobs = stack.enter_context(ProcessPoolExecutor(max_workers=jobs))
        for (a, b), sc in scenarios.items():
            i, j = names.index(a), names.index(b)
            r: Results = simulate(rs, sc, runs=runs, seed=seed, jobs=jobs, **run)
            first = sc.sides[0]
            p, lo, hi = r.win_rate(first)
            rate[i, j], low[i, j], high[i, j] = p, lo, hi
            draws[i, j], draws_low[i, j], draws_high[i, j] = r.draw_rate()
    points = {t: float(v) for t, v in rs.points_values().items() if t in names}
    return Matchups(str(rs), names, runs, rate, low, high, draws, draws_low, draws_high,
                    seed, points)


make_callable(__name__)  # ancients.workbench.matchups is also matchups()
