"""Monte Carlo: many battles of one scenario, in parallel where asked, and their results.

Battle ``i`` of a run seeded ``seed`` uses ``derive_seed(seed, i)``, so the rows do not
depend on ``jobs`` or on how the work is split, and any single battle can be replayed::

    results = ancients.simulate("raphia", runs=1000, seed=1, jobs=2)
    results.win_rate("ptolemaic")           # (p, low, high), 95 % Wilson interval
    rs.new_battle(seed=int(results.seeds[17]))  # battle 17 again, with its full log
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any, Literal, TypeAlias

import attrs
import numpy as np
import numpy.typing as npt

from ancients._callable import make_callable
from ancients.battle import Commander, RandomCommander
from ancients.dice import derive_seed
from ancients.errors import AncientsError
from ancients.events import BattleLog
from ancients.ruleset import Ruleset
from ancients.ruleset import ruleset as get_ruleset
from ancients.scenario import Scenario
from ancients.units import TroopKind

__all__ = ["Comparison", "Results", "compare", "simulate", "wilson"]

CommanderChoice: TypeAlias = "Literal['doctrine', 'random'] | Callable[[Ruleset, str], Commander]"
Progress: TypeAlias = "bool | Callable[[int, int], None]"
KINDS: tuple[TroopKind, ...] = tuple(TroopKind)
_Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = _Z95) -> tuple[float, float, float]:
    """Proportion and its Wilson score interval (95 % by default)."""
    if n <= 0:
        return (math.nan, 0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (p, max(0.0, centre - half), min(1.0, centre + half))


# -- the work a worker does -------------------------------------------------------------------
@attrs.frozen
class _Task:
    ruleset: Ruleset
    scenario: Scenario
    seed: int
    commanders: Mapping[str, CommanderChoice]
    keep_logs: bool


@attrs.frozen
class _Chunk:
    start: int
    seeds: npt.NDArray[np.uint64]
    winner: npt.NDArray[np.int8]
    reasons: list[str]
    turns: npt.NDArray[np.int32]
    score: npt.NDArray[np.float64]
    losses: npt.NDArray[np.float64]
    losses_by_kind: npt.NDArray[np.float64]
    logs: list[str] | None


def _commander(rs: Ruleset, side: str, choice: CommanderChoice) -> Commander:
    if choice == "doctrine":
        return rs.doctrine_commander(side)
    if choice == "random":
        return RandomCommander()
    if callable(choice):
        return choice(rs, side)
    raise AncientsError(f"commander for {side!r} must be 'doctrine', 'random' or a factory "
                        f"(ruleset, side) -> Commander; got {choice!r}")


def _run_chunk(task: _Task, start: int, stop: int) -> _Chunk:
    """Play battles ``start..stop-1`` of a run (in whatever process this is)."""
    rs, sc = task.ruleset, task.scenario
    sides = sc.sides
    n = stop - start
    out = _Chunk(
        start=start, seeds=np.zeros(n, np.uint64), winner=np.full(n, -1, np.int8),
        reasons=[], turns=np.zeros(n, np.int32),
        score=np.zeros((n, len(sides))), losses=np.zeros((n, len(sides))),
        losses_by_kind=np.full((n, len(sides), len(KINDS)), np.nan),
        logs=[] if task.keep_logs else None,
    )
    for row, index in enumerate(range(start, stop)):
        seed = derive_seed(task.seed, index)
        commanders = {s: _commander(rs, s, task.commanders.get(s, "doctrine")) for s in sides}
        battle = rs.new_battle(sc, seed=seed, commanders=commanders)
        o = battle.run()
        out.seeds[row] = seed
        out.winner[row] = -1 if o.winner is None else sides.index(o.winner)
        out.reasons.append(o.reason)
        out.turns[row] = o.turns
        for j, side in enumerate(sides):
            out.score[row, j] = o.score.get(side, math.nan)
            out.losses[row, j] = o.losses.get(side, math.nan)
            for kind, frac in o.losses_by_kind.get(side, {}).items():
                out.losses_by_kind[row, j, KINDS.index(kind)] = frac
        if out.logs is not None:
            out.logs.append(battle.log.to_jsonl())
    return out


# -- results -----------------------------------------------------------------------------------
@attrs.frozen(eq=False)
class Results:
    """One row per battle, held as numpy arrays (index ``i`` is battle ``i``).

    ``winner`` is an index into ``sides`` (-1 for a draw); ``reason`` an index into
    ``reasons``; ``score``/``losses`` have a column per side; ``losses_by_kind`` a
    ``(battles, sides, kinds)`` array (NaN where a side had none of that kind).
    """

    ruleset: str
    scenario: str
    seed: int
    sides: tuple[str, ...]
    seeds: npt.NDArray[np.uint64]
    winner: npt.NDArray[np.int8]
    reason: npt.NDArray[np.int16]
    reasons: tuple[str, ...]
    turns: npt.NDArray[np.int32]
    score: npt.NDArray[np.float64]
    losses: npt.NDArray[np.float64]
    losses_by_kind: npt.NDArray[np.float64]
    revision: int = 1  # the ruleset's rules revision (Ruleset.revision) the battles ran under
    kinds: tuple[TroopKind, ...] = KINDS
    logs: tuple[BattleLog, ...] | None = None

    def __len__(self) -> int:
        return len(self.seeds)

    def __repr__(self) -> str:
        return f"<Results {self.ruleset} / {self.scenario}: {len(self)} battles>"

    def _side(self, side: str) -> int:
        try:
            return self.sides.index(side)
        except ValueError:
            raise AncientsError(f"no side {side!r}; the sides are {list(self.sides)}") from None

    def win_rate(self, side: str) -> tuple[float, float, float]:
        """``side``'s win rate with its 95 % Wilson interval: ``(p, low, high)``."""
        return wilson(float(np.count_nonzero(self.winner == self._side(side))), len(self))

    def draw_rate(self) -> tuple[float, float, float]:
        return wilson(float(np.count_nonzero(self.winner < 0)), len(self))

    def column(self, name: str, side: str | None = None) -> npt.NDArray[Any]:
        """A numeric column: ``turns``, or ``score`` / ``losses`` (per side)."""
        if name == "turns":
            return self.turns
        if name in ("score", "losses"):
            data: npt.NDArray[Any] = getattr(self, name)
            if side is None:
                raise AncientsError(f"column {name!r} needs a side: one of {list(self.sides)}")
            return data[:, self._side(side)]
        raise AncientsError(f"no column {name!r}; columns: turns, score, losses")

    def mean(self, name: str, side: str | None = None) -> float:
        return float(np.mean(self.column(name, side))) if len(self) else math.nan

    def quantiles(self, name: str, side: str | None = None,
                  qs: Sequence[float] = (0.05, 0.25, 0.5, 0.75, 0.95)) -> dict[float, float]:
        values = self.column(name, side)
        if not len(values):
            return dict.fromkeys(qs, math.nan)
        return dict(zip(qs, (float(v) for v in np.quantile(values, qs)), strict=True))

    def reason_counts(self) -> dict[str, int]:
        counts = np.bincount(self.reason, minlength=len(self.reasons))
        return {r: int(c) for r, c in zip(self.reasons, counts, strict=True) if c}

    def rows(self) -> Iterator[dict[str, Any]]:
        """The battles as flat dicts (what ``to_csv`` writes)."""
        for i in range(len(self)):
            row: dict[str, Any] = {
                "battle": i, "seed": int(self.seeds[i]),
                "winner": self.sides[self.winner[i]] if self.winner[i] >= 0 else "draw",
                "reason": self.reasons[self.reason[i]], "turns": int(self.turns[i]),
            }
            for j, side in enumerate(self.sides):
                row[f"score_{side}"] = float(self.score[i, j])
                row[f"losses_{side}"] = float(self.losses[i, j])
            for j, side in enumerate(self.sides):
                for k, kind in enumerate(self.kinds):
                    if not np.isnan(self.losses_by_kind[:, j, k]).all():
                        row[f"losses_{side}_{kind.name.lower()}"] = float(
                            self.losses_by_kind[i, j, k])
            yield row

    def to_csv(self, path: str | Path) -> None:
        import csv

        rows = list(self.rows())
        with Path(path).open("w", newline="", encoding="utf-8") as f:
            if not rows:
                f.write("battle,seed,winner,reason,turns\n")
                return
            writer = csv.DictWriter(f, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)

    def to_pandas(self) -> Any:
        """The rows as a pandas DataFrame (needs the ``pandas`` extra)."""
        try:
            import pandas as pd
        except ImportError:
            raise AncientsError("to_pandas() needs pandas: pip install 'ancients[pandas]'") \
                from None
        return pd.DataFrame(list(self.rows())).set_index("battle")

    def summary(self) -> Summary:
        """Win rates with intervals, scores, losses, battle length and how battles ended."""
        lines: list[tuple[str, list[str]]] = []
        for side in self.sides:
            p, lo, hi = self.win_rate(side)
            lines.append((f"{side} wins", [f"{p:.1%}", f"[{lo:.1%}, {hi:.1%}]"]))
        p, lo, hi = self.draw_rate()
        lines.append(("draws", [f"{p:.1%}", f"[{lo:.1%}, {hi:.1%}]"]))
        for side in self.sides:
            lines.append((f"{side} score", [f"{self.mean('score', side):.2f}", "mean"]))
        for side in self.sides:
            q = self.quantiles("losses", side, (0.5,))
            lines.append((f"{side} losses",
                          [f"{self.mean('losses', side):.1%}", f"median {q[0.5]:.1%}"]))
        q = self.quantiles("turns", qs=(0.05, 0.5, 0.95))
        lines.append(("turns", [f"{self.mean('turns'):.2f}",
                                f"5/50/95%: {q[0.05]:g}/{q[0.5]:g}/{q[0.95]:g}"]))
        for reason, count in sorted(self.reason_counts().items(), key=lambda kv: -kv[1]):
            lines.append((f"ended by {reason}", [f"{count / len(self):.1%}", f"{count}"]))
        return Summary(f"{self.ruleset} / {self.scenario}: {len(self)} battles, seed {self.seed}"
                       f" (rules revision {self.revision})",
                       tuple(lines))


@attrs.frozen
class Summary:
    """A titled table of ``(metric, [value, detail])`` lines; ``str()`` renders it."""

    title: str
    lines: tuple[tuple[str, list[str]], ...]

    def __str__(self) -> str:
        width = max((len(k) for k, _ in self.lines), default=0)
        body = "\n".join(f"  {k:<{width}}  {v[0]:>7}  {v[1]}" for k, v in self.lines)
        return f"{self.title}\n{body}"

    def as_dict(self) -> dict[str, list[str]]:
        return dict(self.lines)


# -- running -----------------------------------------------------------------------------------
def _executor(jobs: int | Executor | Any | None) -> tuple[Executor | None, bool]:
    """(executor or None for in-process, whether we own it and must shut it down)."""
    if jobs is None or jobs == 1:
        return None, False
    if isinstance(jobs, bool):
        raise AncientsError(f"jobs must be None, an int or an Executor, got {jobs!r}")
    if isinstance(jobs, int):
        if jobs < 1:
            raise AncientsError(f"jobs must be >= 1, got {jobs}")
        return ProcessPoolExecutor(max_workers=jobs), True
    if isinstance(jobs, Executor):
        return jobs, False
    if hasattr(jobs, "get_executor"):  # a dask.distributed Client
        return jobs.get_executor(), False
    raise AncientsError(f"jobs must be None, an int, a concurrent.futures.Executor or a Dask "
                        f"Client; got {type(jobs).__name__}")


def _progress_callback(progress: Progress, total: int) -> tuple[Callable[[int], None],
                                                                 Callable[[], None]]:
    if callable(progress):
        done = [0]

        def advance(n: int) -> None:
            done[0] += n
            progress(done[0], total)

        return advance, lambda: None
    if not progress:
        return (lambda n: None), lambda: None
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    bar = Progress("[progress.description]{task.description}", BarColumn(),
                   MofNCompleteColumn(), TimeRemainingColumn(), transient=True)
    task_id = bar.add_task("battles", total=total)
    bar.start()
    return (lambda n: bar.advance(task_id, n)), bar.stop


def simulate(
    ruleset: str | Ruleset, scenario: str | Path | Scenario | None = None, *,
    runs: int = 1000, seed: int = 0, jobs: int | Executor | Any | None = None,
    progress: Progress = False, commanders: Mapping[str, CommanderChoice] | None = None,
    keep_logs: bool = False, chunk_size: int | None = None,
) -> Results:
    """Play ``runs`` battles of ``scenario`` (default: the ruleset's) and collect the rows.

    ``jobs``: None or 1 plays in this process; an int uses that many local processes; a
    ``concurrent.futures.Executor`` or a Dask ``distributed.Client`` is used as given.
    ``commanders`` maps a side to ``"doctrine"`` (the default), ``"random"``, or a
    picklable factory ``(ruleset, side) -> Commander``. Logs are kept only if asked.
    """
    rs = get_ruleset(ruleset)
    sc = rs.scenario(scenario)
    if runs < 0:
        raise AncientsError(f"runs must be >= 0, got {runs}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise AncientsError(f"seed must be a non-negative int, got {seed!r}")
    unknown = sorted(set(commanders or {}) - set(sc.sides))
    if unknown:
        raise AncientsError(f"commanders for unknown sides {unknown}; sides: {list(sc.sides)}")
    task = _Task(rs, sc, seed, dict(commanders or {}), keep_logs)
    n_sides = len(sc.sides)
    seeds = np.zeros(runs, np.uint64)
    winner = np.full(runs, -1, np.int8)
    reason = np.zeros(runs, np.int16)
    reasons: dict[str, int] = {}
    turns = np.zeros(runs, np.int32)
    score = np.zeros((runs, n_sides))
    losses = np.zeros((runs, n_sides))
    by_kind = np.full((runs, n_sides, len(KINDS)), np.nan)
    logs: list[BattleLog] | None = [] if keep_logs else None
    log_texts: dict[int, list[str]] = {}

    def store(c: _Chunk) -> None:
        sl = slice(c.start, c.start + len(c.seeds))
        seeds[sl], winner[sl], turns[sl] = c.seeds, c.winner, c.turns
        score[sl], losses[sl], by_kind[sl] = c.score, c.losses, c.losses_by_kind
        reason[sl] = [reasons.setdefault(r, len(reasons)) for r in c.reasons]
        if c.logs is not None:
            log_texts[c.start] = c.logs

    executor, owned = _executor(jobs)
    workers = getattr(executor, "_max_workers", None) or (2 if executor else 1)
    size = chunk_size or max(1, min(50, runs // (workers * 8) or 1))
    bounds = [(s, min(s + size, runs)) for s in range(0, runs, size)]
    advance, finish = _progress_callback(progress, runs)
    try:
        if executor is None:
            for start, stop in bounds:
                store(_run_chunk(task, start, stop))
                advance(stop - start)
        else:
            pending: set[Future[_Chunk]] = set()
            todo = iter(bounds)
            limit = max(2, 2 * workers)
            for start, stop in todo:
                pending.add(executor.submit(_run_chunk, task, start, stop))
                if len(pending) >= limit:
                    break
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for fut in done:
                    chunk = fut.result()
                    store(chunk)
                    advance(len(chunk.seeds))
                    nxt = next(todo, None)
                    if nxt is not None:
                        pending.add(executor.submit(_run_chunk, task, *nxt))
    finally:
        finish()
        if owned and executor is not None:
            executor.shutdown(cancel_futures=True)
    if logs is not None:
        for start in sorted(log_texts):
            logs.extend(BattleLog.from_jsonl(text) for text in log_texts[start])
    return Results(
        ruleset=str(rs), scenario=sc.name, seed=seed, sides=tuple(sc.sides), seeds=seeds,
        winner=winner, reason=reason, reasons=tuple(reasons), turns=turns, score=score,
        losses=losses, losses_by_kind=by_kind, revision=rs.revision,
        logs=None if logs is None else tuple(logs),
    )


@attrs.frozen
class Comparison:
    """Results of several rulesets or variants, side by side."""

    results: Mapping[str, Results]

    def __getitem__(self, spec: str) -> Results:
        return self.results[spec]

    def summary(self) -> Summary:
        lines: list[tuple[str, list[str]]] = []
        for spec, r in self.results.items():
            wins = ", ".join(f"{s} {r.win_rate(s)[0]:.1%}" for s in r.sides)
            lines.append((spec, [f"{r.mean('turns'):.1f}t", f"{wins}; draws "
                                                           f"{r.draw_rate()[0]:.1%}"]))
        return Summary("comparison (mean turns; win rates)", tuple(lines))

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

    def __str__(self) -> str:
        return str(self.summary())


def compare(specs: Sequence[str | Ruleset], scenario: str | Path | Scenario | None = None,
            **kwargs: Any) -> Comparison:
    """:func:`simulate` each ruleset or variant with the same seed and arguments (keyed by
    its spec; naming the same variant twice, even in two spellings, is an error)."""
    rulesets = [get_ruleset(s) for s in specs]
    seen: dict[Ruleset, Ruleset] = {}
    for rs in rulesets:
        if rs in seen:
            raise AncientsError(f"compare: {str(rs)!r} is the same variant as "
                                f"{str(seen[rs])!r} ({rs.canonical})")
        seen[rs] = rs
    return Comparison({str(rs): simulate(rs, scenario, **kwargs) for rs in rulesets})


make_callable(__name__)  # ancients.simulate is also simulate()
