"""Benchmark: a full ``mantinea-418bc`` battle under Monk's Corner with doctrine commanders.

    python benchmarks/bench_monks_corner.py [repeats] [--profile]

Prints the median time of a whole battle (goal: under 5 ms on one core) and, with
``--profile``, the profile's top entries.
"""

from __future__ import annotations

import cProfile
import pstats
import statistics
import sys
import time

import ancients


def one_battle(seed: int) -> int:
    rs = ancients.ruleset("monks_corner")
    battle = rs.new_battle("mantinea-418bc", seed=seed)
    battle.run()
    return len(battle.log)


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    repeats = int(args[0]) if args else 20
    one_battle(0)  # warm up: imports, scenario parsing
    times = []
    events = 0
    for seed in range(repeats):
        start = time.perf_counter()
        events += one_battle(seed)
        times.append(time.perf_counter() - start)
    median = statistics.median(times)
    print(f"mantinea-418bc, doctrine vs doctrine: median {median * 1e3:.1f} ms per battle "
          f"over {repeats} battles ({events / repeats:.0f} events each; goal < 5 ms)")
    if "--profile" in sys.argv:
        profile = cProfile.Profile()
        profile.enable()
        for seed in range(5):
            one_battle(seed)
        profile.disable()
        pstats.Stats(profile).sort_stats("tottime").print_stats(12)


if __name__ == "__main__":
    main()
