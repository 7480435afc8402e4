"""Benchmark: Burgess battles, on demand.

    python benchmarks/bench_burgess.py [repeats] [--profile]

Prints, as CPU time (``time.process_time``: other processes on a shared machine do not
count) per battle, the median of ``repeats`` battles of:

* ``zama-202bc`` (the default) with doctrine commanders, and with random ones;
* ``mantinea-418bc`` fielded from the order of battle by the Burgess translator, against
  the same order of battle fielded by Monk's Corner's translator (both
  ``rs.from_oob("mantinea-418bc")``), both doctrine against doctrine, and the ratio of
  the two;
* ``zama-202bc`` with 1x, 2x and 4x the armies (each side's units repeated side by side
  on a table as many times wider), doctrine against doctrine, and the growth exponent
  ``log(t4 / t1) / log 4`` (1: cost in proportion to the units; goal <= 1.15);

and with ``--profile`` the profile's top entries for the default battle. The rulesets
and scenarios are built once (loading, not battle).
"""

from __future__ import annotations

import cProfile
import math
import pstats
import statistics
import sys
import time
import warnings

import _scaled

import ancients
from ancients.battle import RandomCommander
from ancients.ruleset import Ruleset
from ancients.scenario import Scenario


def one_battle(rs: Ruleset, scenario: Scenario, seed: int, random: bool = False) -> int:
    commanders = {s: RandomCommander() for s in scenario.sides} if random else None
    battle = rs.new_battle(scenario, seed=seed, commanders=commanders)
    battle.run()
    return len(battle.log)


def median_cpu(rs: Ruleset, scenario: Scenario, repeats: int, random: bool = False
               ) -> float:
    one_battle(rs, scenario, 10_000, random)  # warm up: first-use caches
    times = []
    for seed in range(repeats):
        start = time.process_time()
        one_battle(rs, scenario, seed, random)
        times.append(time.process_time() - start)
    return statistics.median(times)


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    repeats = int(args[0]) if args else 10
    burgess = ancients.ruleset("burgess")
    zama = burgess.scenario("zama-202bc")
    doctrine = median_cpu(burgess, zama, repeats)
    random = median_cpu(burgess, zama, repeats, random=True)
    print(f"zama-202bc: doctrine {doctrine * 1e3:.0f} ms, random {random * 1e3:.0f} ms CPU "
          f"per battle (median of {repeats})")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        mantinea = burgess.from_oob("mantinea-418bc")
        monks = ancients.ruleset("monks_corner")
        monks_mantinea = monks.from_oob("mantinea-418bc")
    b_cost = median_cpu(burgess, mantinea, repeats)
    m_cost = median_cpu(monks, monks_mantinea, repeats)
    print(f"mantinea-418bc from the order of battle: Burgess {b_cost * 1e3:.0f} ms, Monk's "
          f"Corner {m_cost * 1e3:.0f} ms CPU per battle: ratio {b_cost / m_cost:.1f}")
    costs = {}
    for k in (1, 2, 4):
        sc = _scaled.burgess(k)[1]  # zama-202bc, k times side by side
        costs[k] = median_cpu(burgess, sc, max(3, repeats // k))
        print(f"zama-202bc x{k} ({len(sc.parsed.units)} units): {costs[k] * 1e3:.0f} ms CPU "
              "per battle")
    print(f"growth exponent: {math.log(costs[4] / costs[1]) / math.log(4):.2f} (goal <= 1.15)")
    if "--profile" in sys.argv:
        profile = cProfile.Profile()
        profile.enable()
        for seed in range(5):
            one_battle(burgess, zama, seed)
        profile.disable()
        pstats.Stats(profile).sort_stats("tottime").print_stats(12)


if __name__ == "__main__":
    main()
