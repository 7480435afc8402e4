"""Benchmark: a full 8-turn raphia-217bc battle, doctrine commanders on both sides.

    .venv/bin/python benchmarks/bench_raphia.py [runs] [--random] [--profile] [--battle NAME]

Prints the median wall time per battle (goal: under 10 ms on one core) and the median
CPU time (steadier on a shared machine), timed apart
from ``new_battle`` (``ancients.ruleset(...)`` and the set-up of one battle, as
``ancients.simulate`` pays it per run), and, with ``--profile``, the functions that
dominate. ``--random`` plays random commanders on both
sides instead: the cost of the rules engine alone (option generation, resolution).
``--battle NAME`` plays a built-in order of battle (``ancients.battles()``) as Raphia
fields it (``Raphia.from_oob``, translated once) instead of the hand-made scenario.
Pin it to one core for stable figures: ``taskset -c 0 .venv/bin/python ...``.
"""

from __future__ import annotations

import cProfile
import pstats
import statistics
import sys
import time
import warnings

import ancients
from ancients.battle import RandomCommander
from ancients.errors import OOBWarning
from ancients.scenario import Scenario

RANDOM = "--random" in sys.argv
BATTLE = sys.argv[sys.argv.index("--battle") + 1] if "--battle" in sys.argv else None
SCENARIO: list[Scenario] = []  # the translated battle, made once


SET_UP: list[float] = []
CPU: list[float] = []


def one(seed: int) -> float:
    """Play one battle; returns the wall time of ``run()`` (its CPU time goes to CPU,
    the set-up to SET_UP)."""
    t = time.perf_counter()
    rs = ancients.ruleset("raphia")
    if BATTLE is not None and not SCENARIO:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", OOBWarning)
            SCENARIO.append(rs.from_oob(BATTLE))
    scenario = SCENARIO[0] if SCENARIO else rs.scenario()
    commanders = {s: RandomCommander() for s in scenario.sides} if RANDOM else None
    battle = rs.new_battle(scenario, seed=seed, commanders=commanders)
    t2 = time.perf_counter()
    SET_UP.append(t2 - t)
    c = time.process_time()
    battle.run()
    CPU.append(time.process_time() - c)
    return time.perf_counter() - t2


def main(argv: list[str]) -> None:
    runs = int(next((a for a in argv if a.isdigit()), "20"))
    name = BATTLE or "raphia-217bc"
    one(0)  # warm up: data files, caches
    SET_UP.clear()
    CPU.clear()
    times = [one(seed) for seed in range(runs)]
    who = "random vs random" if RANDOM else "doctrine vs doctrine"
    print(f"{name}{' (from its order of battle)' if BATTLE else ''}, {who}, {runs} battles: "
          f"median {statistics.median(times) * 1000:.1f} ms, "
          f"min {min(times) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms "
          f"(CPU time median {statistics.median(CPU) * 1000:.1f} ms); "
          f"new_battle median {statistics.median(SET_UP) * 1000:.2f} ms")
    if "--profile" in argv:
        prof = cProfile.Profile()
        prof.runcall(one, 1)
        pstats.Stats(prof).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main(sys.argv[1:])
