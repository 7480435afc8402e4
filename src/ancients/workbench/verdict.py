"""A comparison's verdict in words: for each variant, what changed beyond chance after
Holm's correction, by how much with its interval, how many battles changed winner, and,
when nothing did, the smallest change of a win rate these battles could have detected
(80 % power, a 5 % two-sided test) and about how many battles a smaller one needs.

"No change beyond chance" then reads as "no change" when the battles could have seen a
small one, and as "too few battles" when they could not. The power is estimated
cautiously from the battles played (:func:`changed_share`, :func:`cautious_rate`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs
import numpy as np

from ancients._words import count
from ancients.workbench.power import (
    independent_battles_needed,
    independent_detectable,
    paired_battles_needed,
    paired_detectable,
)
from ancients.workbench.stats import wilson

if TYPE_CHECKING:
    from ancients.workbench.comparison import Difference
    from ancients.workbench.results import Results

__all__ = ["VariantVerdict", "Verdict", "battles_needed", "cautious_rate", "changed_share",
           "detectable"]


def _shared(base: Results, other: Results) -> list[str]:
    return [s for s in base.sides if s in other.sides]


def changed_share(base: Results, other: Results, side: str) -> float:
    """The share of battles whose result for ``side`` (won or not) the variant changed,
    taken cautiously at the top of its 95 % Wilson interval (few battles that changed
    would otherwise promise too much power)."""
    x = base.winner == base.sides.index(side)
    y = other.winner == other.sides.index(side)
    return wilson(float(np.count_nonzero(x != y)), len(x))[2] if len(x) else 1.0


def cautious_rate(results: Results, side: str) -> float:
    """``side``'s win rate taken cautiously: the point of its 95 % Wilson interval
    nearest one half (where a difference is hardest to see)."""
    _, low, high = results.win_rate(side)
    return min(max(0.5, low), high)


def detectable(base: Results, other: Results, paired: bool, power: float = 0.8,
               alpha: float = 0.05) -> float:
    """The smallest change of any shared side's win rate these battles detect with
    ``power`` at ``alpha`` (two-sided), by the test the comparison runs (paired: from
    the share of battles that changed that side's result, :func:`changed_share`;
    independent: from the baseline's win rate, :func:`cautious_rate`); 1.0 if they
    would not detect even the largest."""
    found = [paired_detectable(len(base), changed_share(base, other, s), power, alpha)
             if paired else
             independent_detectable(len(base), len(other), cautious_rate(base, s), power, alpha)
             for s in _shared(base, other)]
    return max(found, default=1.0)


def battles_needed(base: Results, other: Results, paired: bool, delta: float,
                   power: float = 0.8, alpha: float = 0.05) -> int:
    """About how many battles (each variant) detect a change of ``delta`` in any shared
    side's win rate with ``power`` at ``alpha``, estimated from these battles."""
    found = [paired_battles_needed(delta, changed_share(base, other, s), power, alpha)
             if paired else
             independent_battles_needed(delta, cautious_rate(base, s), power, alpha)
             for s in _shared(base, other)]
    return max(found, default=0)


def _is_rate(d: Difference) -> bool:
    return d.metric in ("wins", "draws", "losses") or d.metric.startswith("ended: ")


def change_text(d: Difference) -> str:
    """``red losses -12.0 points [-14.1, -9.9]``: a Δ in words with its interval."""
    if _is_rate(d):
        unit = " points of strength" if d.metric == "losses" else " points"
        return (f"{d.label} {100 * d.delta:+.1f}{unit} [{100 * d.low:+.1f}, "
                f"{100 * d.high:+.1f}]")
    unit = " turns" if d.metric == "turns" else ""
    return f"{d.label} {d.delta:+.2f}{unit} [{d.low:+.2f}, {d.high:+.2f}]"


def _smaller(mdd: float) -> float:
    """A round change below ``mdd`` to quote the battles it needs for: half of it, to a
    whole point (at least one)."""
    return max(0.01, math.floor(50 * mdd) / 100)


@attrs.frozen
class VariantVerdict:
    """The verdict on one variant against the baseline. ``changed``: its Δ significant
    at 5 % after Holm's correction over the ``family`` Δ tested together;
    ``winners_changed``: the battles whose winner differs (None when not paired);
    ``detectable``: the smallest change of a win rate these battles detect with
    ``power`` at ``alpha`` (said when no win rate changed beyond chance);
    ``smaller``: a change to quote and about how many battles it needs."""

    variant: str
    baseline: str
    paired: bool
    battles: int
    battles_variant: int
    changed: tuple[Difference, ...]
    family: int
    winners_changed: int | None
    detectable: float
    power: float = 0.8
    alpha: float = 0.05
    smaller: tuple[float, int] | None = None

    def __str__(self) -> str:
        if self.paired:
            head = (f"{self.variant} against {self.baseline}, paired on the same "
                    f"{count(self.battles, 'battle')}")
        else:
            head = (f"{self.variant} against {self.baseline}, independent samples of "
                    f"{self.battles_variant} and {count(self.battles, 'battle')} (not the "
                    f"same battles, so not paired)")
        holm = f"5 % after Holm's correction over the {self.family} Δ"
        if self.changed:
            what = (f"changed beyond chance ({holm}): "
                    + "; ".join(change_text(d) for d in self.changed))
        else:
            what = f"no change beyond chance ({holm})"
        parts = [f"{head}: {what}"]
        if self.winners_changed is not None:
            share = self.winners_changed / self.battles if self.battles else 0.0
            parts.append("no battle changed winner" if not self.winners_changed else
                         f"{self.winners_changed} of the {count(self.battles, 'battle')} "
                         f"({share:.1%}) changed winner")
        if not any(d.metric == "wins" for d in self.changed):
            test = (f"{100 * self.power:g} % power, a {100 * self.alpha:g} % two-sided test "
                    f"of that rate alone")
            lead = "" if not self.changed else "no win rate changed beyond chance: "
            if self.detectable >= 1.0:
                seen = (f"{lead}these battles are too few to detect any change of a win "
                        f"rate ({test})")
            else:
                seen = (f"{lead}these battles would detect a change of "
                        f"{100 * self.detectable:.1f} points or more in any side's win rate "
                        f"({test}); a smaller one may be there unseen")
            if self.smaller is not None:
                delta, n = self.smaller
                seen += (f"; a change of {100 * delta:g} points would need about {n:,} "
                         f"battles (--detect {delta:g}; Comparison.battles_needed({delta:g}))")
            parts.append(seen)
        return "; ".join(parts) + "."


@attrs.frozen
class Verdict:
    """The verdict on every variant of a comparison; ``str()`` gives it in words."""

    variants: tuple[VariantVerdict, ...]

    def __str__(self) -> str:
        return "\n".join(str(v) for v in self.variants)

    def lines(self) -> list[str]:
        return [str(v) for v in self.variants]


def verdict(base_spec: str, base: Results, others: Sequence[tuple[str, Results, bool]],
            diffs: Sequence[Difference], power: float = 0.8, alpha: float = 0.05,
            delta: float | None = None) -> Verdict:
    """The :class:`Verdict` of each ``(spec, results, paired)`` against ``base``, from
    the Holm-corrected ``diffs`` of the whole comparison; ``delta``: the change of a win
    rate to quote the battles needed for (default: a round one below the detectable)."""
    out = []
    for spec, other, is_paired in others:
        changed = tuple(d for d in diffs if d.variant == spec and d.significant)
        mdd = detectable(base, other, is_paired, power, alpha)
        smaller = None
        if not any(d.metric == "wins" for d in changed):
            quote = delta or _smaller(min(mdd, 0.5))
            smaller = (quote, battles_needed(base, other, is_paired, quote, power, alpha))
        winners = int(np.count_nonzero(base.winner != other.winner)) if is_paired else None
        out.append(VariantVerdict(spec, base_spec, is_paired, len(base), len(other),
                                  changed, len(diffs), winners, mdd, power, alpha, smaller))
    return Verdict(tuple(out))
