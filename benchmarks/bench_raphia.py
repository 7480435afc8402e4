"""Benchmark: a full 8-turn raphia-217bc battle, doctrine commanders on both sides.

    .venv/bin/python benchmarks/bench_raphia.py [runs] [--random] [--profile]

Prints the median wall time per battle (goal: under 10 ms on one core) and, with
``--profile``, the functions that dominate. ``--random`` plays random commanders on both
sides instead: the cost of the rules engine alone (option generation, resolution).
Pin it to one core for stable figures: ``taskset -c 0 .venv/bin/python ...``.
"""

from __future__ import annotations

import cProfile
import pstats
import statistics
import sys
import time

import ancients
from ancients.battle import RandomCommander

RANDOM = "--random" in sys.argv


def one(seed: int) -> float:
    rs = ancients.ruleset("raphia")
    commanders = {s: RandomCommander() for s in ("ptolemaic", "seleucid")} if RANDOM \
        else None
    battle = rs.new_battle(seed=seed, commanders=commanders)
    t = time.perf_counter()
    battle.run()
    return time.perf_counter() - t


def main(argv: list[str]) -> None:
    runs = int(next((a for a in argv if a.isdigit()), "20"))
    one(0)  # warm up: data files, caches
    times = [one(seed) for seed in range(runs)]
    who = "random vs random" if RANDOM else "doctrine vs doctrine"
    print(f"raphia-217bc, {who}, {runs} battles: "
          f"median {statistics.median(times) * 1000:.1f} ms, "
          f"min {min(times) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms")
    if "--profile" in argv:
        prof = cProfile.Profile()
        prof.runcall(one, 1)
        pstats.Stats(prof).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main(sys.argv[1:])
