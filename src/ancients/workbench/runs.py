"""Running many battles: one scenario, in parallel where asked, and their results.

Battle ``i`` of a run seeded ``seed`` uses ``derive_seed(seed, i)``, so the rows do not
depend on ``jobs`` or on how the work is split, and any single battle can be replayed::

    results = ancients.simulate("raphia", runs=1000, seed=1, jobs=2)
    results.win_rate("ptolemaic")           # (p, low, high), 95 % Wilson interval
    rs.new_battle(seed=int(results.seeds[17]))  # battle 17 again, with its full log

``precision=`` plays fixed blocks of battles until every side's win rate is known to that
half-width; ``checkpoint=`` keeps the finished battles in a file as the run goes, so an
interrupted run resumes where it stopped; a worker that dies costs only its chunk
(:mod:`ancients.workbench.executors`). :func:`compare` plays variants on the same battles and
:meth:`Comparison.differences` measures their paired differences.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

import attrs
import numpy as np
import numpy.typing as npt

from ancients._words import count, names
from ancients.battle import CAUSES, Battle, Commander
from ancients.commanders import RandomCommander, named
from ancients.dice import derive_seed
from ancients.errors import CommanderError, SimulationError
from ancients.events import BattleLog
from ancients.ruleset import Ruleset
from ancients.ruleset import ruleset as get_ruleset
from ancients.scenario import Scenario
from ancients.workbench.checkpoint import read_checkpoint, write_checkpoint
from ancients.workbench.comparison import Comparison
from ancients.workbench.executors import ChunkFailed, make_executor, run_chunks
from ancients.workbench.results import KINDS, PrecisionWarning, Results

if TYPE_CHECKING:
    from ancients.oob import OrderOfBattle

__all__ = ["BLOCK", "CommanderChoice", "PrecisionWarning", "Progress", "compare",
           "resolve_scenario", "simulate"]

#: a commander by name (``"doctrine"``, ``"random"``, ``"noisy:0.2"``, ``"search:8"``: see
#: :func:`ancients.commanders.named`) or a factory ``(ruleset, side) -> Commander``
CommanderChoice: TypeAlias = "str | Callable[[Ruleset, str], Commander]"
Progress: TypeAlias = "bool | Callable[[int, int], None]"
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
    battle: str | None = None  # the order of battle fielded, as the caller named it


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
    if isinstance(choice, str):
        return named(choice)(rs, side)
    if callable(choice):
        return choice(rs, side)
    raise SimulationError(f"commander for {side!r} must be a commander's name or a factory "
                          f"(ruleset, side) -> Commander; got {choice!r}")


def _check_choice(what: str, choice: object) -> None:
    """A commander choice is a name :func:`~ancients.commanders.named` knows or a
    factory; anything else is one :class:`SimulationError` naming ``what``."""
    if isinstance(choice, str):
        try:
            named(choice)
        except CommanderError as e:
            raise SimulationError(f"{what}: {e}") from None
    elif not callable(choice):
        raise SimulationError(f"{what} must be a commander's name ('doctrine', 'random', "
                              f"'noisy:0.2', 'search', ...) or a factory (ruleset, side) -> "
                              f"Commander; got {choice!r}")


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


def battle_name(battle: str | Path | OrderOfBattle | None) -> str | None:
    """How a run records the order of battle it fielded: its name or path."""
    if battle is None or isinstance(battle, str | Path):
        return None if battle is None else str(battle)
    return str(getattr(battle, "name", battle))


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
        _check_choice(f"commander for {side!r}", choice)


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
                mask: npt.NDArray[np.bool_] | None = None, runs: int | None = None
                ) -> Results:
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
            precision=precision, runs=runs, battle=t.battle, keyed_dice=bool(Battle.keyed_dice),
            commanders={s: _commander_name(t.commanders.get(s, "doctrine"))
                        for s in t.scenario.sides})


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
    return results.half_width <= precision


def _warn_if_capped(reached: bool | None, note: str | None) -> None:
    """A :class:`PrecisionWarning` when a run's cap came before its precision."""
    if reached is False and note:
        import warnings

        warnings.warn(note, PrecisionWarning, stacklevel=3)


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
    task = _Task(rs, sc, seed, dict(commanders or {}), keep_logs, battle_name(battle))
    executor, owned, workers = make_executor(jobs)
    advance, finish = _progress_callback(progress, runs)
    run = _Run(task, runs, executor, owned, workers, chunk_size, path, precision, block,
               advance)
    try:
        if precision is None:
            run.play(0, runs)
            return run.rows.results(runs, runs=runs)
        played = 0
        while played < runs:
            stop = min(played + block, runs)
            run.play(played, stop)
            played = stop
            if _stop_at(run.rows.results(played), precision):
                break
        results = run.rows.results(played, precision, runs=runs)
        _warn_if_capped(results.precision_reached, results.precision_note())
        return results
    finally:
        finish()
        run.shutdown()



def compare(
    specs: Sequence[str | Ruleset], scenario: str | Path | Scenario | None = None, *,
    runs: int = 1000, seed: int = 0, jobs: int | Executor | Any | None = None,
    progress: Progress = False, commanders: Mapping[str, CommanderChoice] | None = None,
    keep_logs: bool = False, chunk_size: int | None = None, precision: float | None = None,
    block: int = BLOCK, battle: str | Path | OrderOfBattle | None = None,
    detect: float | None = None, under: Sequence[CommanderChoice] | None = None,
) -> Comparison:
    """:func:`simulate` each ruleset or variant with the same seed and arguments (keyed by
    its spec; naming the same variant twice, even in two spellings, is an error), so
    battle ``i`` of each has the same seed and :meth:`Comparison.differences` pairs the
    variants of one ruleset. Different rulesets play different games: they are compared
    only on one order of battle (``battle``), as independent samples.
    ``precision``: play blocks of ``block`` battles of every variant until each win-rate
    difference against the first is known to that 95 % half-width (``runs``: the most).
    ``detect`` (e.g. 0.03): play blocks until a change of that much in any side's win
    rate would be detected with 80 % power at 5 % (:meth:`Comparison.detectable`), so
    that "no change beyond chance" means none that large. A cap reached first is said
    (a :class:`PrecisionWarning` and the table's notes).
    ``under`` (e.g. ``["doctrine", "noisy:0.2", "search"]``): play every variant again
    under each commander of a family, on every side; the comparison returned is the
    first commander's, with each one's in :attr:`Comparison.under`, and
    :meth:`Comparison.robustness` says whether each difference holds under them all.
    Every argument, spec and scenario is checked before the first battle."""
    _check_arguments(runs, seed, jobs, chunk_size, precision, block)
    if detect is not None:
        if isinstance(detect, bool) or not isinstance(detect, int | float) or \
                not 0 < detect < 1:
            raise SimulationError(f"detect must be a difference of win rates between 0 and "
                                  f"1 (0.03 for 3 points), got {detect!r}")
        if precision is not None:
            raise SimulationError("give a precision or a difference to detect, not both")
    family = _family(under, commanders)
    rulesets = [get_ruleset(s) for s in specs]
    kinds = list(dict.fromkeys(rs.name for rs in rulesets))
    if len(kinds) > 1 and battle is None:
        raise SimulationError(
            f"compare: {names(kinds)} are different rulesets, whose scenarios are not the "
            f"same battle: compare them on one battle (battle=NAME, --battle NAME; "
            f"'ancients battles' lists them)")
    seen: dict[Ruleset, Ruleset] = {}
    tasks = []
    for rs in rulesets:
        if rs in seen:
            raise SimulationError(f"compare: {str(rs)!r} is the same variant as "
                                  f"{str(seen[rs])!r} ({rs.canonical})")
        seen[rs] = rs
        sc = resolve_scenario(rs, scenario, battle)
        _check_commanders(commanders or {}, sc.sides)
        tasks.append(_Task(rs, sc, seed, dict(commanders or {}), keep_logs,
                           battle_name(battle)))
    if family:
        advance, finish = _progress_callback(progress, runs * len(tasks) * len(family))
        try:
            played = {name: _compare([attrs.evolve(t, commanders=dict.fromkeys(
                t.scenario.sides, choice)) for t in tasks], runs, jobs, chunk_size,
                precision, block, detect, advance) for name, choice in family.items()}
        finally:
            finish()
        first = next(iter(played.values()))
        return attrs.evolve(first, under=played)
    advance, finish = _progress_callback(progress, runs * len(tasks))
    try:
        return _compare(tasks, runs, jobs, chunk_size, precision, block, detect, advance)
    finally:
        finish()


def _family(under: Sequence[CommanderChoice] | None,
            commanders: Mapping[str, CommanderChoice] | None) -> dict[str, CommanderChoice]:
    """``compare``'s family of commanders by name, checked (two with one name refused)."""
    if under is None:
        return {}
    if commanders:
        raise SimulationError("give commanders (one per side) or under (a family of "
                              "commanders, each playing every side), not both")
    if isinstance(under, str) or not under:
        raise SimulationError(f"under is a list of commanders, e.g. ['doctrine', "
                              f"'noisy:0.2', 'search']; got {under!r}")
    family: dict[str, CommanderChoice] = {}
    for choice in under:
        _check_choice("a commander of under", choice)
        name = _commander_name(choice)
        if name in family:
            raise SimulationError(f"under names the commander {name!r} twice")
        family[name] = choice
    return family


def _compare(tasks: Sequence[_Task], runs: int, jobs: int | Executor | Any | None,
             chunk_size: int | None, precision: float | None, block: int,
             detect: float | None, advance: Callable[[int], None]) -> Comparison:
    """Play ``tasks`` (one per variant) on the same battles (see :func:`compare`)."""
    executor, owned, workers = make_executor(jobs)
    pool = _Run(tasks[0], runs, executor, owned, workers, chunk_size, None, precision, block,
                advance)
    variants = [pool] + [pool.sibling(t) for t in tasks[1:]]
    try:
        played = 0
        step = runs if precision is None and detect is None else block
        while played < runs:
            stop = min(played + step, runs)
            for v in variants:
                v.play(played, stop)
            played = stop
            if precision is not None or detect is not None:
                now = Comparison({str(t.ruleset): v.rows.results(played, runs=runs)
                                  for t, v in zip(tasks, variants, strict=True)},
                                 precision, detect)
                if now.precision_reached or now.detect_reached:
                    break
        comparison = Comparison({str(t.ruleset): v.rows.results(played, precision, runs=runs)
                                 for t, v in zip(tasks, variants, strict=True)}, precision,
                                detect)
        _warn_if_capped(comparison.precision_reached, comparison.precision_note())
        _warn_if_capped(comparison.detect_reached, comparison.detect_note())
        return comparison
    finally:
        pool.shutdown()


