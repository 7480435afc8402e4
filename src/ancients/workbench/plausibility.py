"""How each ruleset's play of a historical battle compares with what happened.

For every built-in battle (:func:`ancients.battles`) and every ruleset that can field it
(:meth:`~ancients.ruleset.Ruleset.from_oob`), doctrine commanders fight it ``runs`` times
and the report sets beside history: how often the historical winner wins (with its 95 %
Wilson interval), each side's losses killed and captured (as history counts them; the
ruleset's losses to units that left the field are shown apart) against the range the
sources allow, the winner-to-loser loss ratio, how long battles last and how they end.

>>> import ancients
>>> report = ancients.plausibility(["mantinea-418bc"], ["monks_corner"], runs=8)  # doctest: +SKIP
>>> print(report.to_markdown())                                                     # doctest: +SKIP

Nothing here is tuned to history: the report measures the rules (and the reconstructed
values they rest on) as they are.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Iterable, Sequence
from datetime import date
from typing import Any

import attrs
import numpy as np

from ancients._callable import make_callable
from ancients.errors import AncientsError, OOBWarning, RulesetError, ScenarioError
from ancients.oob import OrderOfBattle, battle
from ancients.oob import battles as builtin_battles
from ancients.ruleset import Ruleset
from ancients.ruleset import ruleset as get_ruleset
from ancients.ruleset import rulesets as installed_rulesets
from ancients.workbench.results import Results
from ancients.workbench.runs import simulate
from ancients.workbench.stats import mean_interval, wilson

__all__ = ["BEGIN", "END", "Plausibility", "Row", "history_losses", "page", "plausibility"]

Interval = tuple[float, float, float]  # (value, low, high)


@attrs.frozen
class Row:
    """One battle under one ruleset, against history."""

    battle: str
    ruleset: str
    revision: int
    runs: int
    sides: tuple[str, str]
    historical_winner: str | None
    #: how often the historical winner won (value, low, high); None if history had none
    p_winner: Interval | None
    #: each side's mean losses killed and captured, a fraction of its strength
    losses: dict[str, Interval]
    #: each side's mean losses to units that left the field (routed off, fled)
    left: dict[str, float]
    #: each side's losses killed and captured in history, (best, low, high) of its men
    history: dict[str, Interval]
    #: the historical winner's losses over the historical loser's, in play and in history
    ratio: float
    history_ratio: float
    turns: Interval
    ended: dict[str, float]
    #: what the ruleset dropped or adjusted to field the battle
    notes: tuple[str, ...] = ()

    @property
    def verdicts(self) -> list[str]:
        """Plain-words departures from history: the winner, each side's losses."""
        out = []
        if self.p_winner is not None and self.historical_winner is not None:
            p, _, high = self.p_winner
            if high < 0.5:
                out.append(f"{self.historical_winner} usually loses ({p:.0%})")
        for side in self.sides:
            (m, _, _), (_, hl, hh) = self.losses[side], self.history[side]
            if not math.isnan(hl) and m > 2 * hh + 0.02:
                out.append(f"{side} loses far more than history ({m:.0%} against at most "
                           f"{hh:.0%})")
            elif not math.isnan(hl) and m < hl / 2 - 0.02:
                out.append(f"{side} loses far less than history ({m:.0%} against at least "
                           f"{hl:.0%})")
        return out


def history_losses(oob: OrderOfBattle) -> dict[str, Interval]:
    """Each side's losses killed and captured as a fraction of its men: (best, low, high),
    the low over the most men and the high over the fewest the sources allow (at most the
    whole side: a high count of the lost over a low count of the men can pass it); NaN
    where the sources give no losses."""
    out: dict[str, Interval] = {}
    for side in oob.sides:
        lost = oob.outcome.losses_of(side.name) if oob.outcome else None
        men = side.men
        if lost is None or men.best <= 0:
            out[side.name] = (math.nan, math.nan, math.nan)
            continue
        total = lost.total
        out[side.name] = (min(total.best / men.best, 1.0),
                          min(total.low / max(men.high, 1), 1.0),
                          min(total.high / max(men.low, 1), 1.0))
    return out


def _row(oob: OrderOfBattle, rs: Ruleset, results: Results, notes: Sequence[str]) -> Row:
    a, b = oob.side_names
    # the scenario's side for each of the battle's: the same name, else the same place
    if set(results.sides) == {a, b}:
        played = {a: a, b: b}
    elif len(results.sides) == 2:
        played = dict(zip((a, b), results.sides, strict=True))
    else:
        raise AncientsError(f"{rs} fielded {oob.name} with sides {list(results.sides)}, "
                            f"not the order of battle's two")
    killed_taken = {s: results.column("killed", played[s]) +
                    results.column("captured", played[s]) for s in (a, b)}
    losses = {s: mean_interval(v) for s, v in killed_taken.items()}
    left = {s: float(np.mean(results.column("left the field", played[s]))) for s in (a, b)}
    history = history_losses(oob)
    winner = oob.outcome.winner if oob.outcome else None
    p_winner = None
    if winner is not None:
        wins = int(np.count_nonzero(results.winner == results.sides.index(played[winner])))
        p_winner = wilson(wins, len(results))
    w, loser = (winner, b if winner == a else a) if winner else (a, b)
    ratio = (float(np.mean(killed_taken[w])) / float(np.mean(killed_taken[loser]))
             if np.mean(killed_taken[loser]) > 0 else math.inf)
    history_ratio = (history[w][0] / history[loser][0]
                     if history[loser][0] and not math.isnan(history[loser][0]) else math.nan)
    ended = {r: n / len(results) for r, n in results.reason_counts().items()}
    return Row(oob.name, str(rs), rs.revision, len(results), (a, b), winner, p_winner,
               losses, left, history, ratio, history_ratio,
               mean_interval(results.turns.astype(float)), ended, tuple(notes))


@attrs.frozen
class Plausibility:
    """The report: a :class:`Row` for each battle and ruleset, and what could not be
    fielded (``skipped``: ``(battle, ruleset, why)``)."""

    rows: tuple[Row, ...]
    skipped: tuple[tuple[str, str, str], ...]
    runs: int
    seed: int

    def table(self) -> tuple[list[str], list[list[str]]]:
        """Columns and rows for a terminal or markdown table."""
        head = ["battle", "ruleset", "P(historical winner)", "losses (play | history)",
                "winner/loser losses (play | history)", "turns", "ended"]
        body = []
        for r in self.rows:
            p = ("-" if r.p_winner is None else
                 f"{r.historical_winner} {r.p_winner[0]:.0%} "
                 f"[{r.p_winner[1]:.0%}, {r.p_winner[2]:.0%}]")
            losses = "; ".join(f"{s} {_pct(r.losses[s][0])} | {_range(r.history[s])}"
                               + (f" (+{_pct(r.left[s])} left)" if r.left[s] >= 0.005 else "")
                               for s in r.sides)
            ratio = f"{_num(r.ratio)} | {_num(r.history_ratio)}"
            turns = f"{r.turns[0]:.1f}"
            ended = ", ".join(f"{reason} {share:.0%}" for reason, share in
                              sorted(r.ended.items(), key=lambda kv: -kv[1]))
            body.append([r.battle, f"{r.ruleset} (rev. {r.revision})", p, losses, ratio,
                         turns, ended])
        return head, body

    def to_markdown(self) -> str:
        """The report as a markdown table, with what was dropped and what was skipped."""
        head, body = self.table()
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        lines += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |"
                  for row in body]
        notes = [f"- {r.battle} under {r.ruleset}: {n}" for r in self.rows for n in r.notes]
        if notes:
            lines += ["", "Dropped or adjusted to field the battle:", "", *notes]
        if self.skipped:
            lines += ["", "Not fielded:", ""]
            lines += [f"- {b} under {rs}: {why}" for b, rs, why in self.skipped]
        return "\n".join(lines) + "\n"

    def __str__(self) -> str:
        return self.to_markdown()


def _pct(x: float) -> str:
    return "?" if math.isnan(x) else f"{x:.0%}"


def _range(h: Interval) -> str:
    best, low, high = h
    if math.isnan(best):
        return "not known"
    return f"{best:.0%} ({low:.0%}-{high:.0%})"


def _num(x: float) -> str:
    return "?" if math.isnan(x) else ("inf" if math.isinf(x) else f"{x:.2f}")


def plausibility(battles: Iterable[str | OrderOfBattle] | None = None,
                 rulesets: Iterable[str | Ruleset] | None = None, *, runs: int = 400,
                 seed: int = 0, jobs: Any = None, progress: bool = False) -> Plausibility:
    """Doctrine against doctrine, ``runs`` battles of each built-in battle (or those
    given) under each installed ruleset (or those given) that can field it.

    A ruleset that cannot field a battle (no translator, or a battle its rules cannot
    make a scenario of) is listed in ``skipped`` with the reason; an unknown battle or
    ruleset name is an error before any battle is played.
    """
    oobs = [battle(b) for b in (battles if battles is not None else builtin_battles())]
    specs = [get_ruleset(r) for r in
             (rulesets if rulesets is not None else installed_rulesets())]
    fielded: list[tuple[OrderOfBattle, Ruleset, Any, tuple[str, ...]]] = []
    skipped: list[tuple[str, str, str]] = []
    for oob in oobs:
        for rs in specs:
            if not rs.fields_oob:
                skipped.append((oob.name, str(rs), "no translator"))
                continue
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", OOBWarning)
                    sc = rs.from_oob(oob)
            except (RulesetError, ScenarioError) as e:
                skipped.append((oob.name, str(rs), str(e)))
                continue
            fielded.append((oob, rs, sc, sc.notes))
    rows = []
    for oob, rs, sc, notes in fielded:
        results = simulate(rs, sc, runs=runs, seed=seed, jobs=jobs, progress=progress)
        rows.append(_row(oob, rs, results, notes))
    return Plausibility(tuple(rows), tuple(skipped), runs, seed)


BEGIN = "<!-- begin: the generated report (ancients plausibility --markdown) -->"
END = "<!-- end: the generated report -->"


def page(report: Plausibility, command: str, existing: str | None = None) -> str:
    """``docs/plausibility.md``: the report with its date, rules revisions and command.

    The generated part stands between the :data:`BEGIN` and :data:`END` lines; given the
    ``existing`` page, only that part is replaced, so what is written around it (the
    reading of the departures) stays.
    """
    revisions = sorted({(r.ruleset.split("(")[0], r.revision) for r in report.rows})
    block = "\n".join([
        BEGIN,
        "",
        f"Generated on {date.today().isoformat()} by `{command}`: {report.runs} battles "
        f"each, doctrine against doctrine, seed {report.seed}. Rules revisions: "
        + (", ".join(f"{n} {v}" for n, v in revisions) or "none") + ".",
        "",
        "*P(historical winner)*: how often the side that won in history wins, with its 95 % "
        "Wilson interval. *Losses*: each side's mean losses killed and captured, as a "
        "fraction of its strength (history counts those), against the sources' best "
        "figure and the range they allow; a ruleset's losses to units that left the field "
        "(routed off, fled) are shown apart. *Winner/loser losses*: the historical winner's "
        "mean losses over the loser's, in play and in history.",
        "",
        report.to_markdown().rstrip("\n"),
        "",
        END,
    ])
    if existing is not None and BEGIN in existing and END in existing:
        before, rest = existing.split(BEGIN, 1)
        after = rest.split(END, 1)[1]
        return before + block + after
    title = "# Plausibility: each ruleset's play of each battle against history"
    return f"{title}\n\n{block}\n"


make_callable(__name__)  # ancients.plausibility is also plausibility()
