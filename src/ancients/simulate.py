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
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

import attrs
import numpy as np
import numpy.typing as npt

from ancients._callable import make_callable
from ancients._words import count, names
from ancients.battle import Commander, RandomCommander
from ancients.dice import derive_seed
from ancients.errors import AncientsError, SimulationError
from ancients.events import BattleLog
from ancients.ruleset import Ruleset
from ancients.ruleset import ruleset as get_ruleset
from ancients.scenario import Scenario
from ancients.units import TroopKind

if TYPE_CHECKING:
    from ancients.oob import OrderOfBattle

__all__ = ["Comparison", "Results", "Summary", "compare", "mean_interval", "simulate",
           "t_quantile", "wilson"]

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


#: Student's t, 97.5 % point, for 1..30 degrees of freedom (two-sided 95 %)
_T975 = (12.706205, 4.302653, 3.182446, 2.776445, 2.570582, 2.446912, 2.364624, 2.306004,
         2.262157, 2.228139, 2.200985, 2.178813, 2.160369, 2.144787, 2.131450, 2.119905,
         2.109816, 2.100922, 2.093024, 2.085963, 2.079614, 2.073873, 2.068658, 2.063899,
         2.059539, 2.055529, 2.051831, 2.048407, 2.045230, 2.042272)


def t_quantile(df: int) -> float:
    """The 97.5 % point of Student's t with ``df`` degrees of freedom: the table to 30,
    then the Cornish-Fisher expansion about the normal (error below 1e-6 there)."""
    if df < 1:
        raise SimulationError(f"Student's t needs at least 1 degree of freedom, got {df}")
    if df <= len(_T975):
        return _T975[df - 1]
    z = _Z95
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    g4 = (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160
    return z + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4


def mean_interval(values: npt.ArrayLike) -> tuple[float, float, float]:
    """Mean and its 95 % Student's t interval: ``(mean, low, high)``; the interval is
    ``(nan, nan)`` for fewer than two values."""
    x = np.asarray(values, dtype=float)
    if len(x) == 0:
        return (math.nan, math.nan, math.nan)
    m = float(np.mean(x))
    if len(x) < 2:
        return (m, math.nan, math.nan)
    half = t_quantile(len(x) - 1) * float(np.std(x, ddof=1)) / math.sqrt(len(x))
    return (m, m - half, m + half)


def _check_count(name: str, value: object, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise SimulationError(f"{name} must be an int, got {type(value).__name__} {value!r}")
    if value < minimum:
        raise SimulationError(f"{name} must be at least {minimum}, got {value}")
    return int(value)


def _check_arguments(runs: object, seed: object, jobs: object, chunk_size: object) -> None:
    """Refuse bad run arguments before anything is played."""
    _check_count("runs", runs, 1)
    _check_count("seed", seed, 0)
    if chunk_size is not None:
        _check_count("chunk_size", chunk_size, 1)
    if isinstance(jobs, int | np.integer):  # bool too, which _check_count refuses
        _check_count("jobs", jobs, 1)
    elif not (jobs is None or isinstance(jobs, Executor) or hasattr(jobs, "get_executor")):
        raise SimulationError(f"jobs must be None, an int, a concurrent.futures.Executor or a "
                              f"Dask Client; got {type(jobs).__name__} {jobs!r}")


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
    raise SimulationError(f"commander for {side!r} must be 'doctrine', 'random' or a factory "
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
        return f"<Results {self.ruleset} / {self.scenario}: {count(len(self), 'battle')}>"

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
        """Quantiles of a column; those of a whole-number column (``turns``) are values it
        took (the inverted-CDF method), not interpolations between them."""
        values = self.column(name, side)
        if not len(values):
            return dict.fromkeys(qs, math.nan)
        whole = np.issubdtype(values.dtype, np.integer)
        found = np.quantile(values, list(qs), method="inverted_cdf" if whole else "linear")
        return dict(zip(qs, (float(v) for v in found), strict=True))

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
        """Win rates, mean scores and losses, each with its 95 % interval (Wilson for the
        rates, Student's t for the means), battle length and how battles ended."""
        n = len(self)
        lines: list[tuple[str, list[str]]] = []
        for side in self.sides:
            lines.append((f"{side} wins", _rate(self.win_rate(side))))
        lines.append(("draws", _rate(self.draw_rate())))
        for side in self.sides:
            lines.append((f"{side} score", _mean_line(self.column("score", side), "{:.2f}")))
        for side in self.sides:
            losses = self.column("losses", side)
            line = _mean_line(losses, "{:.1%}")
            if n > 1 and not _constant(losses):
                line[1] += f", median {float(np.median(losses)):.1%}"
            lines.append((f"{side} losses", line))
        turns = self.turns
        if n == 1:
            lines.append(("turns", [f"{int(turns[0])}", "one battle"]))
        elif _constant(turns):
            length = count(int(turns[0]), "turn")
            lines.append(("turns", [f"{int(turns[0])}", f"every battle lasted {length}"]))
        else:
            q = self.quantiles("turns", qs=(0.05, 0.5, 0.95))
            lines.append(("turns", [f"{self.mean('turns'):.2f}", "5/50/95 %: " + "/".join(
                f"{q[k]:g}" for k in (0.05, 0.5, 0.95))]))
        for reason, battles in sorted(self.reason_counts().items(), key=lambda kv: -kv[1]):
            lines.append((f"ended: {reason}", [f"{battles / n:.1%}", count(battles, "battle")]))
        title = (f"{self.ruleset} / {self.scenario}: {count(n, 'battle')}, seed {self.seed} "
                 f"(rules revision {self.revision})")
        return Summary(title, tuple(lines),
                       ("[low, high]: 95 % intervals, Wilson score for the rates, Student's t "
                        "for the means",))


def _rate(interval: tuple[float, float, float]) -> list[str]:
    p, lo, hi = interval
    return [f"{p:.1%}", f"[{lo:.1%}, {hi:.1%}]"]


def _constant(values: npt.NDArray[Any]) -> bool:
    """Whether two or more battles all gave the same value."""
    return len(values) > 1 and bool(np.all(values == values[0]))


def _mean_line(values: npt.NDArray[Any], fmt: str) -> list[str]:
    """``[mean, "[low, high]"]``, or the value and "in every battle" if it never varied."""
    if _constant(values):
        return [fmt.format(float(values[0])), "in every battle"]
    m, lo, hi = mean_interval(values)
    if math.isnan(lo):
        return [fmt.format(m), "one battle"]
    return [fmt.format(m), f"[{fmt.format(lo)}, {fmt.format(hi)}]"]


@attrs.frozen
class Summary:
    """A titled table of ``(metric, [value, detail])`` lines and notes below it;
    ``str()`` renders it."""

    title: str
    lines: tuple[tuple[str, list[str]], ...]
    notes: tuple[str, ...] = ()

    def __str__(self) -> str:
        width = max((len(k) for k, _ in self.lines), default=0)
        body = "\n".join(f"  {k:<{width}}  {v[0]:>7}  {v[1]}" for k, v in self.lines)
        notes = "".join(f"\n{note}" for note in self.notes)
        return f"{self.title}\n{body}{notes}"

    def as_dict(self) -> dict[str, list[str]]:
        return dict(self.lines)


# -- running -----------------------------------------------------------------------------------
def _executor(jobs: int | Executor | Any | None) -> tuple[Executor | None, bool]:
    """(executor or None for in-process, whether we own it and must shut it down)."""
    if jobs is None or (isinstance(jobs, int | np.integer) and jobs == 1):
        return None, False
    if isinstance(jobs, int | np.integer):
        return ProcessPoolExecutor(max_workers=int(jobs)), True
    if isinstance(jobs, Executor):
        return jobs, False
    return jobs.get_executor(), False  # a dask.distributed Client (_check_arguments)


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


def _check_commanders(commanders: Mapping[str, CommanderChoice], sides: Sequence[str]
                      ) -> None:
    unknown = sorted(set(commanders) - set(sides))
    if unknown:
        what = "an unknown side" if len(unknown) == 1 else "unknown sides"
        raise SimulationError(f"commanders given for {what} {names(unknown)}; the sides are "
                              f"{names(sides)}")
    for side, choice in commanders.items():
        if choice not in ("doctrine", "random") and not callable(choice):
            raise SimulationError(f"commander for {side!r} must be 'doctrine', 'random' or a "
                                  f"factory (ruleset, side) -> Commander; got {choice!r}")


def resolve_scenario(rs: Ruleset, scenario: str | Path | Scenario | None,
              battle: str | Path | OrderOfBattle | None) -> Scenario:
    """The scenario a run plays: ``scenario``, or ``battle`` fielded by the ruleset."""
    if battle is None:
        return rs.scenario(scenario)
    if scenario is not None:
        raise SimulationError("give a scenario or a battle (an order of battle), not both")
    return rs.from_oob(battle)


def simulate(
    ruleset: str | Ruleset, scenario: str | Path | Scenario | None = None, *,
    battle: str | Path | OrderOfBattle | None = None,
    runs: int = 1000, seed: int = 0, jobs: int | Executor | Any | None = None,
    progress: Progress = False, commanders: Mapping[str, CommanderChoice] | None = None,
    keep_logs: bool = False, chunk_size: int | None = None,
) -> Results:
    """Play ``runs`` battles of ``scenario`` (default: the ruleset's) and collect the rows.

    ``battle`` instead plays a historical battle (a name from ``ancients.battles()``, an
    order-of-battle file or an :class:`~ancients.oob.OrderOfBattle`) as the ruleset
    fields it (:meth:`~ancients.ruleset.Ruleset.from_oob`).

    ``jobs``: None or 1 plays in this process; an int uses that many local processes; a
    ``concurrent.futures.Executor`` or a Dask ``distributed.Client`` is used as given.
    ``commanders`` maps a side to ``"doctrine"`` (the default), ``"random"``, or a
    picklable factory ``(ruleset, side) -> Commander``. Logs are kept only if asked.
    Bad arguments (``runs`` < 1, a negative ``seed``, a ``jobs`` that is neither a count
    nor an executor, ...) raise :class:`~ancients.errors.SimulationError` before any
    battle is played.
    """
    _check_arguments(runs, seed, jobs, chunk_size)
    rs = get_ruleset(ruleset)
    sc = resolve_scenario(rs, scenario, battle)
    _check_commanders(commanders or {}, sc.sides)
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
            lines.append((spec, [f"{r.mean('turns'):.1f}", f"{wins}; draws "
                                                         f"{r.draw_rate()[0]:.1%}"]))
        return Summary("comparison: mean turns; win rates", tuple(lines))

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


def compare(
    specs: Sequence[str | Ruleset], scenario: str | Path | Scenario | None = None, *,
    battle: str | Path | OrderOfBattle | None = None, runs: int = 1000, seed: int = 0,
    jobs: int | Executor | Any | None = None,
    progress: Progress = False, commanders: Mapping[str, CommanderChoice] | None = None,
    keep_logs: bool = False, chunk_size: int | None = None,
) -> Comparison:
    """:func:`simulate` each ruleset or variant with the same seed and arguments (keyed by
    its spec; naming the same variant twice, even in two spellings, is an error). With
    ``battle``, each ruleset plays that historical battle as it fields it, so rulesets of
    different scales can be compared on the same battle. Every argument, spec and
    scenario is checked (and every battle fielded) before the first battle is played."""
    _check_arguments(runs, seed, jobs, chunk_size)
    rulesets = [get_ruleset(s) for s in specs]
    seen: dict[Ruleset, Ruleset] = {}
    scenarios: dict[Ruleset, Scenario] = {}
    for rs in rulesets:
        if rs in seen:
            raise SimulationError(f"compare: {str(rs)!r} is the same variant as "
                                  f"{str(seen[rs])!r} ({rs.canonical})")
        seen[rs] = rs
        scenarios[rs] = resolve_scenario(rs, scenario, battle)
        _check_commanders(commanders or {}, scenarios[rs].sides)
    return Comparison({str(rs): simulate(
        rs, scenarios[rs], runs=runs, seed=seed, jobs=jobs, progress=progress,
        commanders=commanders, keep_logs=keep_logs, chunk_size=chunk_size)
        for rs in rulesets})


make_callable(__name__)  # ancients.simulate is also simulate()
