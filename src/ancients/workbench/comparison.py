"""Variants compared on the same battles: their differences, table and summary."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import attrs
import numpy as np
import numpy.typing as npt

from ancients._words import count, names
from ancients.errors import SimulationError
from ancients.ruleset import ruleset as get_ruleset
from ancients.workbench.results import Results, Summary, precision_note
from ancients.workbench.stats import (
    Interval,
    holm,
    independent_rate,
    paired_mean,
    paired_rate,
    welch,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from ancients.workbench.robustness import Robustness
    from ancients.workbench.verdict import Verdict


__all__ = ["Comparison", "Difference", "Table"]


# -- comparing variants on the same battles --------------------------------------------------
@attrs.frozen
class Difference:
    """One paired difference of a variant against the baseline, on the same battles:
    ``delta`` (variant minus baseline) with its 95 % interval ``[low, high]``, the
    two-sided ``p_value`` against no difference, and ``p_holm``, Holm's adjustment over the
    rows returned together. ``method`` says which interval and test."""

    metric: str
    side: str | None
    variant: str
    baseline: str
    delta: float
    low: float
    high: float
    p_value: float
    p_holm: float = math.nan
    method: str = ""

    @property
    def label(self) -> str:
        return f"{self.side} {self.metric}" if self.side else self.metric

    @property
    def significant(self) -> bool:
        """Significant at 5 % after Holm's correction."""
        return not math.isnan(self.p_holm) and self.p_holm <= 0.05

    def as_dict(self) -> dict[str, Any]:
        return {"metric": self.metric, "side": self.side, "variant": self.variant,
                "baseline": self.baseline, "delta": self.delta, "low": self.low,
                "high": self.high, "p_value": self.p_value, "p_holm": self.p_holm,
                "method": self.method}


RATE_METHOD = "Bonett-Price paired interval, McNemar's exact test"
MEAN_METHOD = "paired Student's t interval and test"
INDEPENDENT_RATE_METHOD = "Newcombe's hybrid score interval, two-proportion z test"
INDEPENDENT_MEAN_METHOD = "Welch's t interval and test"
#: what a Δ of battle length across rulesets means
TURNS_CAVEAT = ("turns are each ruleset's own turns, which need not be the same length of "
                "time")


def ruleset_name(spec: str) -> str:
    """The ruleset a spec is a variant of: ``raphia(edition=1990)`` -> ``raphia``."""
    return spec.split("(", 1)[0].strip()


def paired(base: Results, other: Results) -> bool:
    """Whether two runs' battles pair battle by battle: variants of one ruleset on the
    same scenario or order of battle, with the same seeds."""
    return (ruleset_name(base.ruleset) == ruleset_name(other.ruleset)
            and base.scenario == other.scenario and base.battle == other.battle
            and base.sides == other.sides and np.array_equal(base.seeds, other.seeds))


def _differences(base_spec: str, base: Results, spec: str, other: Results) -> list[Difference]:
    """The Δ rows of ``other`` against ``base``: paired where the battles are the same
    battles; otherwise independent samples, of what means the same in both (win rates
    of a named side, losses as a fraction of strength, battle length)."""
    same = paired(base, other)
    out: list[Difference] = []
    rate_test: Callable[[Any, Any], Interval] = paired_rate if same else independent_rate
    mean_test: Callable[[Any, Any], Interval] = paired_mean if same else welch
    rate_method = RATE_METHOD if same else INDEPENDENT_RATE_METHOD
    mean_method = MEAN_METHOD if same else INDEPENDENT_MEAN_METHOD

    def rate(metric: str, side: str | None, x: npt.NDArray[Any], y: npt.NDArray[Any]) -> None:
        d = rate_test(x, y)
        out.append(Difference(metric, side, spec, base_spec, d.value, d.low, d.high,
                              d.p_value, method=rate_method))

    def mean(metric: str, side: str | None, x: npt.NDArray[Any], y: npt.NDArray[Any]) -> None:
        d = mean_test(x, y)
        out.append(Difference(metric, side, spec, base_spec, d.value, d.low, d.high,
                              d.p_value, method=mean_method))

    shared = [s for s in base.sides if s in other.sides]
    for side in shared:
        rate("wins", side, base.winner == base.sides.index(side),
             other.winner == other.sides.index(side))
    if not same:
        for side in shared:
            mean("losses", side, base.column("losses", side), other.column("losses", side))
        mean("turns", None, base.turns.astype(float), other.turns.astype(float))
        return out
    rate("draws", None, base.winner < 0, other.winner < 0)
    for side in shared:
        mean("score", side, base.column("score", side), other.column("score", side))
    for side in shared:
        mean("losses", side, base.column("losses", side), other.column("losses", side))
    mean("turns", None, base.turns, other.turns)
    ended = list(dict.fromkeys([*base.reasons, *other.reasons]))
    for reason in ended:
        x = _ended(base, reason)
        y = _ended(other, reason)
        rate(f"ended: {reason}", None, x, y)
    return out


def _ended(results: Results, reason: str) -> npt.NDArray[np.bool_]:
    if reason not in results.reasons:
        return np.zeros(len(results), bool)
    found: npt.NDArray[np.bool_] = results.reason == results.reasons.index(reason)
    return found


def _with_holm(rows: list[Difference]) -> list[Difference]:
    adjusted = holm([r.p_value for r in rows])
    return [attrs.evolve(r, p_holm=p) for r, p in zip(rows, adjusted, strict=True)]


@attrs.frozen
class Table:
    """A table for people: a title, column headers, rows of cells, notes under it."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    notes: tuple[str, ...] = ()


def _value(results: Results, metric: str, side: str | None) -> str:
    if metric == "wins" and side is not None:
        return f"{results.win_rate(side)[0]:.1%}"
    if metric == "draws":
        return f"{results.draw_rate()[0]:.1%}"
    if metric in ("score", "losses") and side is not None:
        v = results.mean(metric, side)
        return f"{v:.1%}" if metric == "losses" else f"{v:.2f}"
    if metric == "turns":
        return f"{results.mean('turns'):.2f}"
    if metric.startswith("ended: "):
        return f"{float(np.mean(_ended(results, metric[7:]))):.1%}" if len(results) else "-"
    return ""


def _delta_text(d: Difference) -> str:
    rate = d.metric in ("wins", "draws") or d.metric.startswith("ended: ") or \
        d.metric == "losses"
    fmt = "{:+.1%}" if rate else "{:+.2f}"
    if math.isnan(d.low):
        return fmt.format(d.delta)
    mark = " *" if d.significant else ""
    return (f"{fmt.format(d.delta)} [{fmt.format(d.low)}, {fmt.format(d.high)}]{mark}")


@attrs.frozen
class Comparison:
    """Results of several rulesets or variants on the same battles (battle ``i`` of each
    has the same seed), side by side, and their paired differences."""

    results: Mapping[str, Results]
    precision: float | None = None
    #: the change of a win rate the battles were played to detect (``compare(detect=)``)
    detect: float | None = None
    #: the same comparison under each commander of a family (``compare(under=...)``), by
    #: the commander's name; empty when played under one
    under: Mapping[str, Comparison] = attrs.field(factory=dict, repr=False)

    def __getitem__(self, spec: str) -> Results:
        return self.results[spec]

    def _baseline(self, baseline: str | None) -> str:
        specs = list(self.results)
        if baseline is None:
            return specs[0]
        if baseline in self.results:
            return baseline
        spelled = str(get_ruleset(baseline))
        if spelled in self.results:
            return spelled
        raise SimulationError(f"no variant {baseline!r} in this comparison: {names(specs)}")

    def paired(self, spec: str, baseline: str | None = None) -> bool:
        """Whether ``spec``'s battles pair battle by battle with the baseline's (variants
        of one ruleset on one scenario or battle, with the same seeds)."""
        base = self._baseline(baseline)
        return paired(self.results[base], self.results[self._baseline(spec)])

    def differences(self, baseline: str | None = None) -> list[Difference]:
        """Each variant against ``baseline`` (default: the first). A variant of the
        baseline's ruleset, on the same battles, is paired: win and draw rates
        (Bonett-Price paired interval, McNemar's exact test), mean score, losses and
        battle length (paired Student's t), and the share of battles ending each way
        (as the rates). Another ruleset's battles are other games: independent samples
        of what means the same in both, each side's win rate (Newcombe's hybrid score
        interval, the two-proportion z test), losses as a fraction of strength and
        battle length in each ruleset's own turns (Welch's t). ``p_holm`` is Holm's
        correction over all the rows returned."""
        base = self._baseline(baseline)
        rows: list[Difference] = []
        for spec, r in self.results.items():
            if spec != base:
                rows.extend(_differences(base, self.results[base], spec, r))
        return _with_holm(rows)

    def verdict(self, baseline: str | None = None, power: float = 0.8,
                alpha: float = 0.05) -> Verdict:
        """For each variant against ``baseline``, in words: what changed beyond chance
        after Holm's correction (by how much, with its interval), how many battles
        changed winner and, when nothing did, the smallest change of a win rate these
        battles would detect with ``power`` at ``alpha`` (:mod:`~ancients.workbench.verdict`)."""
        from ancients.workbench.verdict import verdict

        base = self._baseline(baseline)
        others = [(s, r, self.paired(s, base)) for s, r in self.results.items() if s != base]
        return verdict(base, self.results[base], others, self.differences(base), power,
                       alpha, self.detect)

    def robustness(self, baseline: str | None = None) -> list[Robustness]:
        """For each difference, whether its sign and significance hold under every
        commander the comparison was played under (``compare(under=[...])``), with each
        one's Δ and interval and the verdict in words: one
        :class:`~ancients.workbench.robustness.Robustness` per difference. Played under
        one commander, it is a :class:`SimulationError`."""
        from ancients.workbench.robustness import robustness as under_each

        if not self.under:
            raise SimulationError(
                "robustness needs the comparison played under several commanders: "
                "compare(..., under=['doctrine', 'noisy:0.2', 'search'])")
        return under_each(self.under, baseline)

    def robustness_lines(self, baseline: str | None = None) -> list[str]:
        """The robustness of each win-rate difference and of every difference that is
        significant under some commander, as lines of text (none without a family)."""
        if not self.under:
            return []
        rows = [r for r in self.robustness(baseline)
                if r.metric == "wins" or r.significant_anywhere]
        return [f"under {', '.join(self.under)}:"] + [r.verdict() for r in rows]

    @property
    def detect_reached(self) -> bool | None:
        """Whether the battles detect the change ``detect`` asked for (None if none)."""
        if self.detect is None:
            return None
        return max(self.detectable().values(), default=1.0) <= self.detect

    def detect_note(self) -> str | None:
        """What a comparison played to detect a change reached, in words."""
        if self.detect is None:
            return None
        reached = max(self.detectable().values(), default=1.0)
        first = next(iter(self.results.values()))
        n = len(first)
        asked = (f"a change of {100 * self.detect:g} points in any side's win rate with "
                 f"80 % power (a 5 % two-sided test)")
        if reached <= self.detect:
            return (f"played until these battles would detect {asked}: reached in "
                    f"{count(n, 'battle')} each (they detect {100 * reached:.1f} points)")
        cap = first.runs if first.runs is not None else n
        return (f"stopped at the cap of {count(cap, 'battle')} before detecting {asked}: "
                f"these battles detect {100 * reached:.1f} points, not the "
                f"{100 * self.detect:g} asked; about {self.battles_needed(self.detect):,} "
                f"battles would")

    def detectable(self, baseline: str | None = None, power: float = 0.8,
                   alpha: float = 0.05) -> dict[str, float]:
        """Per variant, the smallest change of any side's win rate these battles detect
        with ``power`` at ``alpha`` (two-sided), by the test the comparison runs."""
        from ancients.workbench.verdict import detectable

        base = self._baseline(baseline)
        return {s: detectable(self.results[base], r, self.paired(s, base), power, alpha)
                for s, r in self.results.items() if s != base}

    def battles_needed(self, delta: float, baseline: str | None = None, power: float = 0.8,
                       alpha: float = 0.05) -> int:
        """About how many battles each variant needs for a change of ``delta`` (0.03: three
        points) in any side's win rate to be detected with ``power`` at ``alpha``
        (two-sided), estimated from these battles (paired: the share that changed a
        side's result; independent: the baseline's win rates)."""
        from ancients.workbench.verdict import battles_needed

        base = self._baseline(baseline)
        return max((battles_needed(self.results[base], r, self.paired(s, base), delta,
                                   power, alpha)
                    for s, r in self.results.items() if s != base), default=0)

    def half_width(self, baseline: str | None = None) -> float:
        """The widest 95 % half-width of the win-rate differences against ``baseline``."""
        widths = [(d.high - d.low) / 2 for d in self._win_differences(baseline)]
        return max(widths, default=math.inf)

    @property
    def precision_reached(self) -> bool | None:
        """Whether the precision asked of the win-rate differences was reached (None if
        none was asked; a comparison of one run: its win rates)."""
        if len(self.results) == 1:
            return next(iter(self.results.values())).precision_reached
        return None if self.precision is None else self.half_width() <= self.precision

    def precision_note(self) -> str | None:
        """What a comparison to a precision reached, in words (None if none was asked)."""
        first = next(iter(self.results.values()))
        if len(self.results) == 1:
            return first.precision_note()
        if self.precision is None:
            return None
        return precision_note("every win-rate Δ", self.precision, self.half_width(),
                              len(first), first.runs)

    def _win_differences(self, baseline: str | None) -> list[Difference]:
        base = self._baseline(baseline)
        out: list[Difference] = []
        for spec, r in self.results.items():
            if spec != base:
                out.extend(d for d in _differences(base, self.results[base], spec, r)
                           if d.metric == "wins")
        return out

    def table(self, baseline: str | None = None) -> Table:
        """Each variant's value of every paired metric and a Δ column per variant against
        the baseline, with its interval; ``*``: significant at 5 % after Holm's
        correction over every Δ shown."""
        base = self._baseline(baseline)
        specs = list(self.results)
        others = [s for s in specs if s != base]
        diffs = self.differences(base)
        by_key: dict[tuple[str, str | None], dict[str, Difference]] = {}
        for d in diffs:
            by_key.setdefault((d.metric, d.side), {})[d.variant] = d
        rows = []
        for (metric, side), cells in by_key.items():
            label = f"{side} {metric}" if side else metric
            values = [_value(self.results[s], metric, side) for s in specs]
            deltas = [_delta_text(cells[s]) if s in cells else "" for s in others]
            rows.append((label, *values, *deltas))
        columns = ("", *specs, *(f"Δ {s}" for s in others))
        n = len(self.results[base])
        same = [s for s in others if self.paired(s, base)]
        apart = [s for s in others if s not in same]
        notes = []
        if same:
            which = "" if not apart else " for " + names(same)
            notes.append(f"Δ{which}: variant minus {base}, paired, on the same "
                         f"{count(n, 'battle')} (95 % interval); rates: {RATE_METHOD}; "
                         f"means: {MEAN_METHOD}")
        if apart:
            which = "" if not same else " for " + names(apart)
            notes.append(f"Δ{which}: variant minus {base}, independent samples (not the "
                         f"same battles: another ruleset's or another scenario's games are "
                         f"not paired with these; 95 % interval); rates: "
                         f"{INDEPENDENT_RATE_METHOD}; means: {INDEPENDENT_MEAN_METHOD}; "
                         f"only what means the same in both: "
                         f"win rates, losses as a fraction of strength, and battle length "
                         f"({TURNS_CAVEAT})")
        alone = [s for s in others if not set(self.results[s].sides)
                 & set(self.results[base].sides)]
        if alone:
            notes.append(f"no win rate is compared for {names(alone)}: no side of the same "
                         f"name as {base}'s")
        notes.append(f"*: significant at 5 % after Holm's correction over the {len(diffs)} "
                     f"Δ shown")
        for note in (self.precision_note(), self.detect_note()):
            if note is not None:
                notes.append(note)
        return Table(self._title(base), columns, tuple(rows), tuple(notes))

    def _title(self, base: str) -> str:
        """``N battles each, seed S, on W, commanders ... (rules revisions ...)``."""
        r = self.results[base]
        played = {x.battle or x.scenario for x in self.results.values()}
        where = (f"battle {r.battle}" if r.battle is not None else
                 f"scenario {r.scenario}" if len(played) == 1 else
                 "scenarios " + ", ".join(f"{x.scenario} ({s})"
                                          for s, x in self.results.items()))
        revisions = ", ".join(f"{s} {x.revision}" for s, x in self.results.items())
        return (f"{count(len(r), 'battle')} each, seed {r.seed}, {where}, commanders "
                f"{r.commanders_text()} (rules revisions: {revisions})")

    def provenance(self) -> dict[str, Any]:
        """What made each variant's battles (:meth:`Results.provenance`), in order."""
        return {"variants": [r.provenance() for r in self.results.values()],
                "precision": self.precision, "detect": self.detect}

    def summary(self) -> Summary:
        lines: list[tuple[str, list[str]]] = []
        for spec, r in self.results.items():
            wins = ", ".join(f"{s} {r.win_rate(s)[0]:.1%}" for s in r.sides)
            lines.append((spec, [f"{r.mean('turns'):.1f}", f"{wins}; draws "
                                                         f"{r.draw_rate()[0]:.1%}"]))
        notes = self.verdict().lines() if len(self.results) > 1 else []
        notes += self.robustness_lines()
        notes += [n for n in (self.precision_note(), self.detect_note()) if n is not None]
        return Summary("comparison: mean turns; win rates", tuple(lines), tuple(notes))

    def side_by_side(self) -> list[tuple[str, list[str]]]:
        """Every line of each variant's :meth:`Results.summary`, one column per variant
        (in the order given), as ``(metric, cells)``; a variant without that metric (a
        side or an ending it does not have) gets an empty cell."""
        cells: dict[str, dict[str, str]] = {}
        for spec, r in self.results.items():
            for metric, (value, detail) in r.summary().lines:
                cells.setdefault(metric, {})[spec] = f"{value} {detail}".strip()
        return [(metric, [row.get(spec, "") for spec in self.results])
                for metric, row in cells.items()]

    def _repr_html_(self) -> str:
        from html import escape

        from ancients.pictures.report import table_html

        verdict = "".join(f"<p class='verdict'>{escape(line)}</p>"
                          for line in self.verdict().lines()) if len(self.results) > 1 else ""
        return table_html(self.table()) + verdict

    def __str__(self) -> str:
        return str(self.summary())
