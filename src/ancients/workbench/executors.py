"""Where battles are played: in this process, on local processes, or on a Dask cluster;
and what a run does when a worker dies.

A run is cut into chunks of consecutive battles. :func:`run_chunks` hands them to an
executor, keeps a bounded number in flight, and when a worker dies (killed, out of
memory: ``BrokenProcessPool`` locally, ``KilledWorker`` on Dask) plays the chunks it
lost again on a fresh worker, each at most :data:`RETRIES` more times; then it gives up
with a :class:`~ancients.errors.SimulationError` naming the chunk and its seeds. A local
pool that breaks loses every chunk in flight on it; each is played again, and a chunk
played again is played alone, so that losing it a second time is its own doing and the
others are not charged with it. Any
other error in a chunk (a bug in a ruleset) is raised as it is.
"""

from __future__ import annotations

import contextlib
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

import numpy as np

from ancients.errors import SimulationError

__all__ = ["RETRIES", "ChunkFailed", "dask_client", "make_executor", "run_chunks",
           "worker_died"]

#: how many times a chunk lost with its worker is played again before the run gives up
RETRIES = 2

T = TypeVar("T")

#: exceptions (by class name, so that Dask need not be imported) that mean the worker
#: playing a chunk died, not that the chunk failed
_DEATHS = frozenset({"BrokenProcessPool", "BrokenExecutor", "KilledWorker",
                     "CommClosedError", "StreamClosedError"})


def worker_died(error: BaseException) -> bool:
    """Whether ``error`` (raised by a chunk's future) means its worker died."""
    return any(cls.__name__ in _DEATHS for cls in type(error).__mro__)


class ChunkFailed(Exception):
    """Internal: a chunk's worker died more than :data:`RETRIES` times over."""

    def __init__(self, bounds: tuple[int, int], attempts: int, cause: BaseException) -> None:
        super().__init__(bounds, attempts, cause)
        self.bounds = bounds
        self.attempts = attempts
        self.cause = cause


def make_executor(jobs: int | Executor | Any | None) -> tuple[Executor | None, bool, int]:
    """(executor or None for in-process, whether we own it, how many workers it has)."""
    if jobs is None or (isinstance(jobs, int | np.integer) and jobs == 1):
        return None, False, 1
    if isinstance(jobs, int | np.integer):
        return ProcessPoolExecutor(max_workers=int(jobs)), True, int(jobs)
    if isinstance(jobs, Executor):
        workers = getattr(jobs, "_max_workers", None)
        return jobs, False, int(workers) if workers else 2
    # a dask.distributed Client (checked by the caller); pure=False: a chunk played again
    # after its worker died is a new task, not the failed one looked up
    executor = jobs.get_executor(pure=False)
    try:
        workers = sum(jobs.nthreads().values()) or 2
    except Exception:
        workers = 2
    return executor, False, int(workers)


def run_chunks(
    play: Callable[[int, int], T], bounds: Sequence[tuple[int, int]],
    executor: Executor | None, owned: bool, workers: int, store: Callable[[T], None],
    submit: Callable[[Executor, int, int], Future[T]] | None = None,
) -> Executor | None:
    """Play every chunk ``(start, stop)`` of ``bounds`` with ``play`` (in this process if
    ``executor`` is None) and ``store`` each result as it arrives. A chunk whose worker
    dies is played again on a fresh worker (a new pool if we own the executor), at most
    :data:`RETRIES` more times, else :class:`ChunkFailed`. Returns the executor in use at
    the end (a replacement, if the first one broke), for the caller to shut down."""
    if executor is None:
        for start, stop in bounds:
            store(play(start, stop))
        return None
    send = submit or (lambda ex, a, b: ex.submit(play, a, b))
    todo: deque[tuple[int, int]] = deque(bounds)
    failures: dict[tuple[int, int], int] = {}
    in_flight: dict[Future[T], tuple[int, int]] = {}
    limit = max(2, 2 * workers)
    while todo or in_flight:
        while todo and len(in_flight) < limit:
            # a chunk lost before is played alone, so that a second loss is its own
            if any(failures.get(c) for c in in_flight.values()) or (
                    failures.get(todo[0]) and in_flight):
                break
            chunk = todo.popleft()
            try:
                in_flight[send(executor, *chunk)] = chunk
            except BrokenProcessPool as e:  # the pool broke between two submissions
                todo.appendleft(chunk)
                executor = _replace(executor, owned, workers, chunk, failures, e)
        done, _ = wait(list(in_flight), return_when=FIRST_COMPLETED)
        broken: BaseException | None = None
        for fut in done:
            chunk = in_flight.pop(fut)
            try:
                result = fut.result()
            except BaseException as e:
                if not worker_died(e):
                    raise
                failures[chunk] = failures.get(chunk, 0) + 1
                if failures[chunk] > RETRIES:
                    raise ChunkFailed(chunk, failures[chunk], e) from e
                todo.appendleft(chunk)
                broken = e
                continue
            store(result)
        if broken is not None and isinstance(executor, ProcessPoolExecutor) and \
                getattr(executor, "_broken", False):
            for fut, chunk in list(in_flight.items()):  # lost with the pool: play again
                fut.cancel()
                todo.appendleft(chunk)
            in_flight.clear()
            executor = _replace(executor, owned, workers, None, failures, broken)
    return executor


def _replace(executor: Executor, owned: bool, workers: int, chunk: tuple[int, int] | None,
             failures: dict[tuple[int, int], int], error: BaseException) -> Executor:
    """A fresh local pool in place of a broken one (only one we created)."""
    if not owned:
        raise ChunkFailed(chunk or (0, 0), failures.get(chunk or (0, 0), 0) + 1, error) \
            from error
    executor.shutdown(wait=False, cancel_futures=True)
    return ProcessPoolExecutor(max_workers=workers)


@contextlib.contextmanager
def dask_client(scheduler: str | None = None, local: int | None = None) -> Iterator[Any]:
    """A Dask ``distributed.Client`` on the scheduler at ``scheduler``
    (``tcp://HOST:PORT``) or on a local cluster of ``local`` single-threaded worker
    processes, closed on leaving; None if neither is given."""
    if scheduler is None and local is None:
        yield None
        return
    if scheduler is not None and local is not None:
        raise SimulationError("give a scheduler address or a local cluster size, not both")
    try:
        import distributed  # type: ignore[import-untyped,unused-ignore]
    except ImportError:
        raise SimulationError("running on Dask needs dask[distributed]: pip install "
                              "'dask[distributed]'") from None
    if local is not None:
        if local < 1:
            raise SimulationError(f"a local Dask cluster needs at least 1 worker, got {local}")
        with distributed.LocalCluster(  # type: ignore[no-untyped-call]
                n_workers=local, threads_per_worker=1, processes=True,
                                      dashboard_address=":0") as cluster, \
                distributed.Client(cluster) as client:  # type: ignore[no-untyped-call]
            yield client
        return
    try:
        client = distributed.Client(scheduler, timeout="10s")  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError) as e:
        raise SimulationError(f"cannot reach the Dask scheduler at {scheduler}: {e}") from None
    try:
        yield client
    finally:
        client.close()  # type: ignore[no-untyped-call]
