"""The designer's measures of a run of battles, each with its 95 % interval.

From each battle's outcome and the per-turn standing every ruleset reports
(:meth:`ancients.battle.Battle.standing`, kept in :attr:`Results.standing
<ancients.workbench.results.Results.standing>`):

========================  ===================================================================
``balance``               1 - |pA - pB| for the two sides' win rates (1: even, 0: one side
                          always wins); interval from Bonett and Price's interval for pA - pB
``decisive_turn``         the turn from which the eventual winner led for good (its standing
                          above every other side's at the end of that turn and of every turn
                          after), mean over the battles won; Student's t
``lead_changes``          how often the lead passed from one side to another (turns level
                          skipped), mean per battle; Student's t
``comeback_rate``         of the battles won, the share whose winner was behind at the end of
                          some turn; Wilson
``lethality``             losses of both sides together: the mean over battles of the sides'
                          mean loss fraction; Student's t
``loss_ratio``            the winner's losses over the loser's, as a ratio of means over the
                          battles won; a seeded bootstrap (percentile, 2,000 resamples)
``duration``              turns played, mean; Student's t
``ended``                 the share of battles ending each way (one row per reason); Wilson
========================  ===================================================================

:func:`skill` measures skill sensitivity: each side's win rate playing its doctrine
against a random opponent, less its win rate playing randomly against the doctrine, on
the same battles (paired: Bonett-Price interval, McNemar's exact test).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import attrs
import numpy as np
import numpy.typing as npt

from ancients.workbench.stats import bonett_price, mean_interval, wilson

if TYPE_CHECKING:
    from ancients.workbench.results import Results

__all__ = ["Metric", "decisive_turns", "leaders", "metrics"]

_LEVEL = 1e-9  # standings closer than this are level
_BOOTSTRAP = 2000


@attrs.frozen
class Metric:
    """One measure: ``value`` with its 95 % interval ``[low, high]``, for one side or for
    the whole battle (``side`` None); ``n`` battles it rests on."""

    name: str
    label: str
    value: float
    low: float
    high: float
    side: str | None = None
    n: int = 0
    unit: str = "number"  # "rate" (a fraction shown as %), "number", "turns"
    detail: str = ""

    def format(self, x: float) -> str:
        if math.isnan(x):
            return "-"
        return f"{x:.1%}" if self.unit == "rate" else f"{x:.2f}"

    def interval_text(self) -> str:
        if math.isnan(self.low) or math.isnan(self.high):
            return self.detail or "no interval"
        text = f"[{self.format(self.low)}, {self.format(self.high)}]"
        return f"{text}, {self.detail}" if self.detail else text

    def as_dict(self) -> dict[str, Any]:
        return {"metric": self.name, "side": self.side, "value": self.value,
                "low": self.low, "high": self.high, "n": self.n}


def leaders(standing: npt.NDArray[np.float64]) -> npt.NDArray[np.int64]:
    """The leading side's index at each recorded turn of each battle, -1 where level:
    ``standing`` is ``(battles, turns + 1, sides)``."""
    if standing.size == 0:
        return np.full(standing.shape[:2], -1, dtype=np.int64)
    filled = np.where(np.isnan(standing), -np.inf, standing)
    best = np.argmax(filled, axis=2)
    top = np.take_along_axis(filled, best[..., None], axis=2)[..., 0]
    level = np.sum(filled >= top[..., None] - _LEVEL, axis=2) > 1
    return np.where(level | np.isinf(top), -1, best).astype(np.int64)


def decisive_turns(lead: npt.NDArray[np.int64], winner: npt.NDArray[np.int8]
                   ) -> npt.NDArray[np.float64]:
    """For each battle with a winner, the first recorded turn from which the winner led
    at every later one (NaN where it did not lead at the end, or for a draw)."""
    out = np.full(len(winner), np.nan)
    for i, w in enumerate(winner):
        if w < 0:
            continue
        leads = lead[i] == w
        if not leads[-1]:
            continue
        behind = np.flatnonzero(~leads)
        out[i] = float(behind[-1] + 1) if len(behind) else 0.0
    return out


def _lead_changes(lead: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
    out = np.zeros(len(lead))
    for i, row in enumerate(lead):
        held = row[row >= 0]
        out[i] = float(np.count_nonzero(held[1:] != held[:-1])) if len(held) > 1 else 0.0
    return out


def _bootstrap_ratio(a: npt.NDArray[np.float64], b: npt.NDArray[np.float64]
                     ) -> tuple[float, float, float]:
    """sum(a) / sum(b) with a percentile bootstrap interval (seeded: reproducible)."""
    if len(a) == 0 or float(np.sum(b)) == 0:
        return (math.nan, math.nan, math.nan)
    ratio = float(np.sum(a) / np.sum(b))
    if len(a) < 2:
        return (ratio, math.nan, math.nan)
    rng = np.random.default_rng(0)
    picks = rng.integers(0, len(a), size=(_BOOTSTRAP, len(a)))
    top, bottom = a[picks].sum(axis=1), b[picks].sum(axis=1)
    ratios = np.divide(top, bottom, out=np.full(_BOOTSTRAP, np.inf), where=bottom > 0)
    low, high = np.quantile(ratios, [0.025, 0.975])
    return (ratio, float(low), float(high))


def _mean_metric(name: str, label: str, values: npt.NDArray[np.float64], unit: str = "number",
                 detail: str = "") -> Metric:
    m, low, high = mean_interval(values)
    if len(values) > 1 and bool(np.all(values == values[0])):
        low = high = m
    return Metric(name, label, m, low, high, n=len(values), unit=unit, detail=detail)


def metrics(results: Results) -> list[Metric]:
    """Every measure of :mod:`ancients.workbench.metrics` for ``results``."""
    n = len(results)
    sides = results.sides
    out: list[Metric] = []
    wins = [int(np.count_nonzero(results.winner == j)) for j in range(len(sides))]
    if len(sides) == 2 and n:
        d, lo, hi = bonett_price(wins[0], wins[1], n)
        far, near = max(abs(lo), abs(hi)), (0.0 if lo <= 0 <= hi else min(abs(lo), abs(hi)))
        out.append(Metric("balance", "balance", 1 - abs(d), 1 - far, 1 - near, n=n))
    decided = results.winner >= 0
    lead = leaders(results.standing)
    turns = decisive_turns(lead, results.winner)
    known = turns[~np.isnan(turns)]
    missing = int(np.count_nonzero(decided)) - len(known)
    out.append(_mean_metric(
        "decisive_turn", "winner led for good from turn", known, "turns",
        f"{count_text(missing)} won by a side not ahead at the end" if missing else ""))
    out.append(_mean_metric("lead_changes", "lead changes", _lead_changes(lead)))
    won = np.flatnonzero(decided)
    trailed = sum(bool(np.any((lead[i] >= 0) & (lead[i] != results.winner[i]))) for i in won)
    p, lo, hi = wilson(trailed, len(won))
    out.append(Metric("comeback_rate", "comebacks (winner was behind)", p, lo, hi,
                      n=len(won), unit="rate"))
    out.append(_mean_metric("lethality", "lethality (mean losses)",
                            np.nanmean(results.losses, axis=1) if n else np.zeros(0), "rate"))
    if len(sides) == 2 and len(won):
        w = results.winner[won].astype(np.int64)
        winner_losses = results.losses[won, w]
        loser_losses = results.losses[won, 1 - w]
        r, lo, hi = _bootstrap_ratio(winner_losses, loser_losses)
        out.append(Metric("loss_ratio", "winner's losses / loser's", r, lo, hi, n=len(won)))
    out.append(_mean_metric("duration", "turns", results.turns.astype(float), "turns"))
    for reason, k in results.reason_counts().items():
        p, lo, hi = wilson(k, n)
        out.append(Metric("ended", f"ended: {reason}", p, lo, hi, side=None, n=n, unit="rate",
                          detail=reason))
    return out


def count_text(n: int) -> str:
    return f"{n} battle" if n == 1 else f"{n} battles"
