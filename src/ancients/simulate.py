"""Monte Carlo: many battles of one scenario, in parallel where asked, and their results.

Battle ``i`` of a run seeded ``seed`` uses ``derive_seed(seed, i)``, so the rows do not
depend on ``jobs`` or on how the work is split, and any single battle can be replayed::

    results = ancients.simulate("raphia", runs=1000, seed=1, jobs=2)
    results.win_rate("ptolemaic")           # (p, low, high), 95 % Wilson interval
    rs.new_battle(seed=int(results.seeds[17]))  # battle 17 again, with its full log

``precision=`` plays fixed blocks of battles until every side's win rate is known to that
half-width; ``checkpoint=`` keeps the finished battles in a file as the run goes, so an
interrupted run resumes where it stopped; a worker that dies costs only its chunk
(:mod:`ancients.executors`). :func:`compare` plays variants on the same battles and
:meth:`Comparison.differences` measures their paired differences.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

import attrs
import numpy as np
import numpy.typing as npt

from ancients._callable import make_callable
from ancients._words import count, names
from ancients.battle import CAUSES, Battle, Commander, RandomCommander
from ancients.checkpoint import read_checkpoint, write_checkpoint
from ancients.dice import derive_seed
from ancients.errors import AncientsError, SimulationError
from ancients.events import BattleLog
from ancients.executors import ChunkFailed, make_executor, run_chunks
from ancients.ruleset import Ruleset
from ancients.ruleset import ruleset as get_ruleset
from ancients.scenario import Scenario
from ancients.stats import (
    Interval,
    holm,
    mean_interval,
    paired_mean,
    paired_rate,
    t_quantile,
    wilson,
)
from ancients.units import TroopKind

if TYPE_CHECKING:
    from ancients.metrics import Metric
    from ancients.oob import OrderOfBattle

__all__ = ["Comparison", "Difference", "Results", "Summary", "compare", "mean_interval",
           "simulate", "t_quantile", "wilson"]

CommanderChoice: TypeAlias = "Literal['doctrine', 'random'] | Callable[[Ruleset, str], Commander]"
Progress: TypeAlias = "bool | Callable[[int, int], None]"
KINDS: tuple[TroopKind, ...] = tuple(TroopKind)
#: battles per block of a run to a stated precision (the stopping rule is checked after
#: each block, so the number played depends only on the seed and the results)
BLOCK = 200


def _check_count(name: str, value: object, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise SimulationError(f"{name} must be an int, got {type(value).__name__} {value!r}")
    if value < minimum:
        raise SimulationError(f"{name} must be at least {minimum}, got {value}")
    return int(value)


def _check_arguments(runs: object, seed: object, jobs: object, chunk_size: object,
                     precision: object = None, block: object = BLOCK) -> None:
    """Refuse bad run arguments before anything is played."""
    _check_count("runs", runs, 1)
    _check_count("seed", seed, 0)
    _check_count("block", block, 1)
    if chunk_size is not None:
        _check_count("chunk_size", chunk_size, 1)
    if precision is not None and (isinstance(precision, bool) or not isinstance(
            precision, int | float) or not 0 < precision < 1):
        raise SimulationError(f"precision must be a number between 0 and 1 (a half-width: "
                              f"0.02 for +-2 points), got {precision!r}")
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
    losses_by_cause: npt.NDArray[np.float64]
    standing: npt.NDArray[np.float64]  # (battles, turns + 1, sides), the last carried on
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


def _standing_array(rows: Sequence[Sequence[Mapping[str, float]]], sides: Sequence[str]
                    ) -> npt.NDArray[np.float64]:
    """Per-turn standings as a ``(battles, turns + 1, sides)`` array, each battle's last
    standing carried on to the longest battle's length."""
    width = max((len(r) for r in rows), default=0)
    out = np.full((len(rows), max(width, 1), len(sides)), np.nan)
    for i, standings in enumerate(rows):
        for t, standing in enumerate(standings):
            out[i, t] = [standing.get(s, math.nan) for s in sides]
        if standings:
            out[i, len(standings):] = out[i, len(standings) - 1]
    return out


#: the most battles in a chunk when the run chooses (a worker's share arrives in pieces)
CHUNK_MOST = 50


def chunk_bounds(todo: Sequence[tuple[int, int]], workers: int, size: int | None = None
                 ) -> list[tuple[int, int]]:
    """The chunks ``(start, stop)`` that play the battles of ``todo`` (ranges of battle
    indices): of ``size`` battles each if given, else shrinking as the run goes (each a
    share of what is left: ``ceil(left / (2 * workers))``, at most :data:`CHUNK_MOST`),
    so that the workers, handed the next chunk as each comes free, finish within about a
    battle of each other. Which battles a chunk holds never changes what they play (each
    battle's seed is its index's)."""
    if size:
        return [(s, min(s + size, b)) for a, b in todo for s in range(a, b, size)]
    left = sum(b - a for a, b in todo)
    out: list[tuple[int, int]] = []
    for a, b in todo:
        s = a
        while s < b:
            n = min(b - s, CHUNK_MOST, max(1, -(-left // (2 * workers))))
            out.append((s, s + n))
            s += n
            left -= n
    return out


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
        losses_by_cause=np.zeros((n, len(sides), len(CAUSES))),
        standing=np.zeros((0, 0, 0)), logs=[] if task.keep_logs else None,
    )
    standings: list[tuple[Mapping[str, float], ...]] = []
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
            by_cause = o.losses_by_cause.get(side)
            for c, cause in enumerate(CAUSES):
                out.losses_by_cause[row, j, c] = (by_cause.get(cause, 0.0) if by_cause
                                                  else (o.losses.get(side, math.nan)
                                                        if cause == "killed" else 0.0))
        standings.append(battle.standings)
        if out.logs is not None:
            out.logs.append(battle.log.to_jsonl())
    return attrs.evolve(out, standing=_standing_array(standings, sides))


# -- results -----------------------------------------------------------------------------------
@attrs.frozen(eq=False)
class Results:
    """One row per battle, held as numpy arrays (index ``i`` is battle ``i``).

    ``winner`` is an index into ``sides`` (-1 for a draw); ``reason`` an index into
    ``reasons``; ``score``/``losses`` have a column per side; ``losses_by_kind`` a
    ``(battles, sides, kinds)`` array (NaN where a side had none of that kind);
    ``losses_by_cause`` a ``(battles, sides, causes)`` array (``causes``: killed, captured,
    left the field; see :attr:`~ancients.battle.Outcome.losses_by_cause`);
    ``standing`` a ``(battles, turns + 1, sides)`` array of each side's
    :meth:`~ancients.battle.Battle.standing` at the start and after each turn (a battle's
    last standing carried on past its end). ``precision``: the half-width the run was
    asked to reach, if any.
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
    losses_by_cause: npt.NDArray[np.float64] = attrs.field(default=attrs.Factory(
        lambda self: np.stack([self.losses, np.zeros_like(self.losses),
                               np.zeros_like(self.losses)], axis=-1), takes_self=True))
    causes: tuple[str, ...] = CAUSES
    logs: tuple[BattleLog, ...] | None = None
    standing: npt.NDArray[np.float64] = attrs.field(default=attrs.Factory(
        lambda self: np.full((len(self.seeds), 1, len(self.sides)), np.nan), takes_self=True))
    precision: float | None = None

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
        """A numeric column: ``turns``, or ``score`` / ``losses`` / a cause of losses
        (``killed``, ``captured``, ``left the field``) per side."""
        if name == "turns":
            return self.turns
        if name in ("score", "losses", *self.causes):
            if side is None:
                raise AncientsError(f"column {name!r} needs a side: one of {list(self.sides)}")
            if name in self.causes:
                return self.losses_by_cause[:, self._side(side), self.causes.index(name)]
            data: npt.NDArray[Any] = getattr(self, name)
            return data[:, self._side(side)]
        raise AncientsError(f"no column {name!r}; columns: turns, score, losses, "
                            + ", ".join(self.causes))

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
                for c, cause in enumerate(self.causes):
                    row[f"losses_{side}_{cause.replace(' ', '_')}"] = float(
                        self.losses_by_cause[i, j, c])
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

    def metrics(self) -> list[Metric]:
        """The designer's measures of these battles, each with its 95 % interval: balance,
        decisiveness, lead changes, comebacks, lethality, the loss ratio, duration and how
        battles ended (:mod:`ancients.metrics` says how each is computed)."""
        from ancients.metrics import metrics

        return metrics(self)

    def _repr_html_(self) -> str:
        from ancients.report import summary_table

        return summary_table(self.summary())

    def summary(self) -> Summary:
        """Win rates, mean scores and losses, each with its 95 % interval (Wilson for the
        rates, Student's t for the means), battle length, how battles ended and the
        metrics of :meth:`metrics`."""
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
        for m in self.metrics():
            if m.name in ("duration", "ended"):
                continue  # said above
            lines.append((m.label, [m.format(m.value), m.interval_text()]))
        title = (f"{self.ruleset} / {self.scenario}: {count(n, 'battle')}, seed {self.seed} "
                 f"(rules revision {self.revision})")
        notes = ["[low, high]: 95 % intervals, Wilson score for the rates, Student's t "
                 "for the means, a seeded bootstrap for the loss ratio"]
        if self.precision is not None:
            notes.append(f"played until every side's win rate was known to "
                         f"+-{self.precision:.1%} (95 %)")
        return Summary(title, tuple(lines), tuple(notes))


def _rate(interval: tuple[float, float, float] | Interval) -> list[str]:
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
def resolve_scenario(rs: Ruleset, scenario: str | Path | Scenario | None,
                     battle: str | Path | OrderOfBattle | None) -> Scenario:
    """The scenario to play: ``scenario``, or ``battle`` (an order of battle: a built-in
    battle's name, a file or an :class:`~ancients.oob.OrderOfBattle`) as the ruleset
    fields it (:meth:`~ancients.ruleset.Ruleset.from_oob`)."""
    if battle is None:
        return rs.scenario(scenario)
    if scenario is not None:
        raise SimulationError("give a scenario or a battle (an order of battle), not both")
    return rs.from_oob(battle)


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


def _commander_name(choice: CommanderChoice) -> str:
    if isinstance(choice, str):
        return choice
    return f"{getattr(choice, '__module__', '?')}.{getattr(choice, '__qualname__', repr(choice))}"


class _Rows:
    """The rows of a run as its chunks come back (any order), with which battles are done;
    kept in, and resumed from, a checkpoint file."""

    def __init__(self, task: _Task, runs: int) -> None:
        self.task = task
        n_sides = len(task.scenario.sides)
        self.done = np.zeros(runs, bool)
        self.seeds = np.zeros(runs, np.uint64)
        self.winner = np.full(runs, -1, np.int8)
        self.reason = np.zeros(runs, np.int16)
        self.reasons: dict[str, int] = {}
        self.turns = np.zeros(runs, np.int32)
        self.score = np.zeros((runs, n_sides))
        self.losses = np.zeros((runs, n_sides))
        self.by_kind = np.full((runs, n_sides, len(KINDS)), np.nan)
        self.by_cause = np.zeros((runs, n_sides, len(CAUSES)))
        self.standing = np.full((runs, 1, n_sides), np.nan)
        self.logs: list[str] = [""] * runs if task.keep_logs else []

    def store(self, c: _Chunk) -> None:
        sl = slice(c.start, c.start + len(c.seeds))
        self.seeds[sl], self.winner[sl], self.turns[sl] = c.seeds, c.winner, c.turns
        self.score[sl], self.losses[sl], self.by_kind[sl] = c.score, c.losses, c.losses_by_kind
        self.by_cause[sl] = c.losses_by_cause
        self.reason[sl] = [self.reasons.setdefault(r, len(self.reasons)) for r in c.reasons]
        self._store_standing(sl, c.standing)
        if c.logs is not None and self.logs:
            self.logs[sl] = c.logs
        self.done[sl] = True

    def _store_standing(self, sl: slice, standing: npt.NDArray[np.float64]) -> None:
        width = self.standing.shape[1]
        if standing.shape[1] > width:  # longer battles: carry everyone's last standing on
            extra = np.repeat(self.standing[:, -1:], standing.shape[1] - width, axis=1)
            self.standing = np.concatenate([self.standing, extra], axis=1)
            width = standing.shape[1]
        if standing.shape[1] < width:
            pad = np.repeat(standing[:, -1:], width - standing.shape[1], axis=1)
            standing = np.concatenate([standing, pad], axis=1)
        self.standing[sl] = standing

    def missing(self, start: int, stop: int) -> list[tuple[int, int]]:
        """The runs of battles not yet played in ``start..stop-1``."""
        out: list[tuple[int, int]] = []
        i = start
        while i < stop:
            if self.done[i]:
                i += 1
                continue
            j = i
            while j < stop and not self.done[j]:
                j += 1
            out.append((i, j))
            i = j
        return out

    # -- checkpoints ----------------------------------------------------------------------
    def meta(self, runs: int, precision: float | None, block: int) -> dict[str, Any]:
        t = self.task
        digest = hashlib.sha256(json.dumps(_jsonable(t.scenario.data), sort_keys=True)
                                .encode()).hexdigest()[:16]
        return {"ruleset": str(t.ruleset), "revision": t.ruleset.revision,
                "scenario": t.scenario.name, "scenario_digest": digest, "seed": t.seed,
                "runs": runs, "precision": precision, "block": block if precision else None,
                "commanders": {s: _commander_name(c) for s, c in sorted(t.commanders.items())},
                "keep_logs": t.keep_logs, "keyed_dice": bool(Battle.keyed_dice)}

    def arrays(self) -> dict[str, npt.NDArray[Any]]:
        arrays: dict[str, npt.NDArray[Any]] = {
            "done": self.done, "seeds": self.seeds, "winner": self.winner,
            "reason": self.reason, "reasons": np.array(list(self.reasons), dtype=str),
            "turns": self.turns, "score": self.score, "losses": self.losses,
            "losses_by_kind": self.by_kind, "losses_by_cause": self.by_cause,
            "standing": self.standing}
        if self.logs:
            arrays["logs"] = np.array(self.logs, dtype=str)
        return arrays

    def load(self, arrays: Mapping[str, npt.NDArray[Any]]) -> None:
        self.done = arrays["done"].astype(bool)
        self.seeds, self.winner = arrays["seeds"], arrays["winner"]
        self.turns, self.score, self.losses = arrays["turns"], arrays["score"], arrays["losses"]
        self.by_kind, self.standing = arrays["losses_by_kind"], arrays["standing"]
        if "losses_by_cause" in arrays:
            self.by_cause = arrays["losses_by_cause"]
        self.reason = arrays["reason"]
        self.reasons = {str(r): i for i, r in enumerate(arrays["reasons"].tolist())}
        if "logs" in arrays:
            self.logs = [str(x) for x in arrays["logs"].tolist()]

    # -- the result ---------------------------------------------------------------------------
    def results(self, stop: int | None = None, precision: float | None = None,
                mask: npt.NDArray[np.bool_] | None = None) -> Results:
        """The Results of battles ``0..stop-1`` (or of those ``mask`` selects), the reasons
        numbered in the order they first occur (so they do not depend on the order the
        chunks came back)."""
        t = self.task
        take = mask if mask is not None else slice(0, len(self.done) if stop is None else stop)
        codes = self.reason[take]
        by_code = {code: reason for reason, code in self.reasons.items()}
        order: dict[str, int] = {}
        for code in codes.tolist():
            order.setdefault(by_code[code], len(order))
        remap = np.zeros(max(len(by_code), 1), np.int16)
        for reason, new in order.items():
            remap[self.reasons[reason]] = new
        logs = None
        if t.keep_logs:
            logs = tuple(BattleLog.from_jsonl(text) for text in np.asarray(
                self.logs, dtype=object)[take].tolist())
        return Results(
            ruleset=str(t.ruleset), scenario=t.scenario.name, seed=t.seed,
            sides=tuple(t.scenario.sides), seeds=self.seeds[take].copy(),
            winner=self.winner[take].copy(), reason=remap[codes], reasons=tuple(order),
            turns=self.turns[take].copy(), score=self.score[take].copy(),
            losses=self.losses[take].copy(), losses_by_kind=self.by_kind[take].copy(),
            losses_by_cause=self.by_cause[take].copy(),
            revision=t.ruleset.revision, logs=logs, standing=self.standing[take].copy(),
            precision=precision)


def _jsonable(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    return str(value)


@attrs.define
class _Pool:
    """The executor the runs of one call share (replaced if a local pool breaks)."""

    executor: Executor | None
    owned: bool
    workers: int


class _Run:
    """One run in progress: its rows, its executor and its checkpoint."""

    def __init__(self, task: _Task, runs: int, executor: Executor | _Pool | None,
                 owned: bool, workers: int, chunk_size: int | None, checkpoint: Path | None,
                 precision: float | None, block: int,
                 advance: Callable[[int], None]) -> None:
        self.rows = _Rows(task, runs)
        self.runs = runs
        self.pool = executor if isinstance(executor, _Pool) else _Pool(executor, owned,
                                                                       workers)
        self.chunk_size = chunk_size
        self.checkpoint = checkpoint
        self.precision, self.block = precision, block
        self.advance = advance
        if checkpoint is not None:
            found = read_checkpoint(checkpoint, self.rows.meta(runs, precision, block))
            if found is not None:
                self.rows.load(found)
                advance(int(np.count_nonzero(self.rows.done)))

    def sibling(self, task: _Task) -> _Run:
        """A run of another variant on the same executor (no checkpoint)."""
        return _Run(task, self.runs, self.pool, False, 0, self.chunk_size, None,
                    self.precision, self.block, self.advance)

    def _store(self, chunk: _Chunk) -> None:
        self.rows.store(chunk)
        if self.checkpoint is not None:
            write_checkpoint(self.checkpoint, self.rows.meta(self.runs, self.precision,
                                                             self.block), self.rows.arrays())
        self.advance(len(chunk.seeds))

    def play(self, start: int, stop: int) -> None:
        """Play battles ``start..stop-1`` (those not already in the checkpoint)."""
        todo = self.rows.missing(start, stop)
        total = sum(b - a for a, b in todo)
        if not total:
            return
        bounds = chunk_bounds(todo, self.pool.workers, self.chunk_size)
        task = self.rows.task

        def play_chunk(a: int, b: int) -> _Chunk:
            return _run_chunk(task, a, b)

        def submit(ex: Executor, a: int, b: int) -> Future[_Chunk]:
            return ex.submit(_run_chunk, task, a, b)

        try:
            pool = self.pool
            pool.executor = run_chunks(play_chunk, bounds, pool.executor, pool.owned,
                                       pool.workers, self._store, submit)
        except ChunkFailed as e:
            a, b = e.bounds
            seeds = [derive_seed(task.seed, i) for i in range(a, b)]
            shown = ", ".join(map(str, seeds[:5])) + (", ..." if len(seeds) > 5 else "")
            kept = int(np.count_nonzero(self.rows.done))
            where = f"; they are in {self.checkpoint}" if self.checkpoint else ""
            error = SimulationError(
                f"battles {a}..{b - 1} (seeds {shown}) lost their worker {e.attempts} times "
                f"({type(e.cause).__name__}: {e.cause}); giving up. The "
                f"{count(kept, 'battle')} played so far are kept in this error's "
                f".results{where}")
            error.results = self.rows.results(mask=self.rows.done)
            raise error from e.cause

    def shutdown(self) -> None:
        if self.pool.owned and self.pool.executor is not None:
            self.pool.executor.shutdown(cancel_futures=True)


def _stop_at(results: Results, precision: float) -> bool:
    """Whether every side's 95 % win-rate half-width is at most ``precision``."""
    return all((hi - lo) / 2 <= precision for _, lo, hi in
               (results.win_rate(s) for s in results.sides))


def simulate(
    ruleset: str | Ruleset, scenario: str | Path | Scenario | None = None, *,
    runs: int = 1000, seed: int = 0, jobs: int | Executor | Any | None = None,
    progress: Progress = False, commanders: Mapping[str, CommanderChoice] | None = None,
    keep_logs: bool = False, chunk_size: int | None = None, precision: float | None = None,
    block: int = BLOCK, checkpoint: str | Path | None = None,
    battle: str | Path | OrderOfBattle | None = None,
) -> Results:
    """Play ``runs`` battles of ``scenario`` (default: the ruleset's) and collect the rows.

    ``jobs``: None or 1 plays in this process; an int uses that many local processes; a
    ``concurrent.futures.Executor`` or a Dask ``distributed.Client`` is used as given.
    ``commanders`` maps a side to ``"doctrine"`` (the default), ``"random"``, or a
    picklable factory ``(ruleset, side) -> Commander``. Logs are kept only if asked.

    ``precision`` (e.g. 0.02): play blocks of ``block`` battles until every side's 95 %
    win-rate half-width is at most that, ``runs`` being the most played; how many are
    played depends only on the seed and the results. ``checkpoint`` (a ``.npz`` path):
    keep the finished battles there as the run goes and resume from it (a checkpoint of
    other arguments is refused). A worker that dies costs only its chunk, played again on
    a fresh worker at most twice (then a ``SimulationError`` whose ``results`` holds the
    battles played). ``battle``: play the ruleset's fielding of that order of battle
    (``Ruleset.from_oob``) instead of a scenario. Bad arguments raise
    :class:`~ancients.errors.SimulationError` before any battle is played.
    """
    _check_arguments(runs, seed, jobs, chunk_size, precision, block)
    rs = get_ruleset(ruleset)
    sc = resolve_scenario(rs, scenario, battle)
    _check_commanders(commanders or {}, sc.sides)
    path = None if checkpoint is None else Path(checkpoint)
    task = _Task(rs, sc, seed, dict(commanders or {}), keep_logs)
    executor, owned, workers = make_executor(jobs)
    advance, finish = _progress_callback(progress, runs)
    run = _Run(task, runs, executor, owned, workers, chunk_size, path, precision, block,
               advance)
    try:
        if precision is None:
            run.play(0, runs)
            return run.rows.results(runs)
        played = 0
        while played < runs:
            stop = min(played + block, runs)
            run.play(played, stop)
            played = stop
            if _stop_at(run.rows.results(played), precision):
                break
        return run.rows.results(played, precision)
    finally:
        finish()
        run.shutdown()


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


def _differences(base_spec: str, base: Results, spec: str, other: Results) -> list[Difference]:
    if len(base) != len(other):
        raise SimulationError(f"{spec!r} played {count(len(other), 'battle')} and "
                              f"{base_spec!r} {len(base)}: differences need the same battles")
    out: list[Difference] = []

    def rate(metric: str, side: str | None, x: npt.NDArray[Any], y: npt.NDArray[Any]) -> None:
        d = paired_rate(x, y)
        out.append(Difference(metric, side, spec, base_spec, d.value, d.low, d.high,
                              d.p_value, method=RATE_METHOD))

    def mean(metric: str, side: str | None, x: npt.NDArray[Any], y: npt.NDArray[Any]) -> None:
        d: Interval = paired_mean(x, y)
        out.append(Difference(metric, side, spec, base_spec, d.value, d.low, d.high,
                              d.p_value, method=MEAN_METHOD))

    shared = [s for s in base.sides if s in other.sides]
    for side in shared:
        rate("wins", side, base.winner == base.sides.index(side),
             other.winner == other.sides.index(side))
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

    def differences(self, baseline: str | None = None) -> list[Difference]:
        """Each variant against ``baseline`` (default: the first) on the same battles:
        win and draw rates (Bonett-Price paired interval, McNemar's exact test), mean
        score, losses and battle length (paired Student's t), and the share of battles
        ending each way (as the rates). ``p_holm`` is Holm's correction over all the
        rows returned."""
        base = self._baseline(baseline)
        rows: list[Difference] = []
        for spec, r in self.results.items():
            if spec != base:
                rows.extend(_differences(base, self.results[base], spec, r))
        return _with_holm(rows)

    def half_width(self, baseline: str | None = None) -> float:
        """The widest 95 % half-width of the win-rate differences against ``baseline``."""
        widths = [(d.high - d.low) / 2 for d in self._win_differences(baseline)]
        return max(widths, default=math.inf)

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
        notes = [f"Δ: variant minus {base} on the same {count(n, 'battle')} (95 % interval); "
                 f"rates: {RATE_METHOD}; means: {MEAN_METHOD}",
                 f"*: significant at 5 % after Holm's correction over the {len(diffs)} Δ shown"]
        if self.precision is not None:
            notes.append(f"played until every win-rate Δ was known to +-{self.precision:.1%}")
        seed = self.results[base].seed
        return Table(f"{count(n, 'battle')} each, seed {seed}", columns, tuple(rows),
                     tuple(notes))

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

    def _repr_html_(self) -> str:
        from ancients.report import table_html

        return table_html(self.table())

    def __str__(self) -> str:
        return str(self.summary())


def compare(
    specs: Sequence[str | Ruleset], scenario: str | Path | Scenario | None = None, *,
    runs: int = 1000, seed: int = 0, jobs: int | Executor | Any | None = None,
    progress: Progress = False, commanders: Mapping[str, CommanderChoice] | None = None,
    keep_logs: bool = False, chunk_size: int | None = None, precision: float | None = None,
    block: int = BLOCK, battle: str | Path | OrderOfBattle | None = None,
) -> Comparison:
    """:func:`simulate` each ruleset or variant with the same seed and arguments (keyed by
    its spec; naming the same variant twice, even in two spellings, is an error), so
    battle ``i`` of each has the same seed and :meth:`Comparison.differences` pairs them.
    ``precision``: play blocks of ``block`` battles of every variant until each win-rate
    difference against the first is known to that 95 % half-width (``runs``: the most).
    Every argument, spec and scenario is checked before the first battle."""
    _check_arguments(runs, seed, jobs, chunk_size, precision, block)
    rulesets = [get_ruleset(s) for s in specs]
    seen: dict[Ruleset, Ruleset] = {}
    tasks = []
    for rs in rulesets:
        if rs in seen:
            raise SimulationError(f"compare: {str(rs)!r} is the same variant as "
                                  f"{str(seen[rs])!r} ({rs.canonical})")
        seen[rs] = rs
        sc = resolve_scenario(rs, scenario, battle)
        _check_commanders(commanders or {}, sc.sides)
        tasks.append(_Task(rs, sc, seed, dict(commanders or {}), keep_logs))
    executor, owned, workers = make_executor(jobs)
    advance, finish = _progress_callback(progress, runs * len(tasks))
    pool = _Run(tasks[0], runs, executor, owned, workers, chunk_size, None, precision, block,
                advance)
    variants = [pool] + [pool.sibling(t) for t in tasks[1:]]
    try:
        played = 0
        step = runs if precision is None else block
        while played < runs:
            stop = min(played + step, runs)
            for v in variants:
                v.play(played, stop)
            played = stop
            if precision is not None:
                now = Comparison({str(t.ruleset): v.rows.results(played)
                                  for t, v in zip(tasks, variants, strict=True)})
                if now.half_width() <= precision:
                    break
        return Comparison({str(t.ruleset): v.rows.results(played, precision)
                           for t, v in zip(tasks, variants, strict=True)}, precision)
    finally:
        finish()
        pool.shutdown()


make_callable(__name__)  # ancients.simulate is also simulate()
