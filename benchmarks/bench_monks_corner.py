"""Benchmark: a full ``mantinea-418bc`` battle under Monk's Corner with doctrine commanders.

    python benchmarks/bench_monks_corner.py [repeats] [--profile]

Prints the median CPU time (``time.process_time``: other processes on a shared machine
do not count) of a whole battle, ``new_battle`` and ``run`` (goal: under 5 ms on one
core) and, with ``--profile``, the profile's top entries. The ruleset is built once:
its first scenario lookup reads and parses every built-in scenario file (~3 ms, cached
on the ruleset), which is loading, not battle, and is timed apart.
"""

from __future__ import annotations

import cProfile
import pstats
import statistics
import sys
import time

import ancients
from ancients.ruleset import Ruleset


def one_battle(rs: Ruleset, seed: int) -> int:
    battle = rs.new_battle("mantinea-418bc", seed=seed)
    battle.run()
    return len(battle.log)


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    repeats = int(args[0]) if args else 20
    rs = ancients.ruleset("monks_corner")
    one_battle(rs, 0)  # warm up: imports, first-use caches
    start = time.process_time()
    ancients.ruleset("monks_corner").scenarios()  # what a fresh ruleset spends loading
    loading = time.process_time() - start
    times = []
    events = 0
    for seed in range(repeats):
        start = time.process_time()
        events += one_battle(rs, seed)
        times.append(time.process_time() - start)
    median = statistics.median(times)
    print(f"mantinea-418bc, doctrine vs doctrine: median {median * 1e3:.1f} ms CPU per battle "
          f"over {repeats} battles ({events / repeats:.0f} events each; goal < 5 ms); "
          f"loading the scenarios once: {loading * 1e3:.1f} ms")
    if "--profile" in sys.argv:
        profile = cProfile.Profile()
        profile.enable()
        for seed in range(5):
            one_battle(rs, seed)
        profile.disable()
        pstats.Stats(profile).sort_stats("tottime").print_stats(12)


if __name__ == "__main__":
    main()
