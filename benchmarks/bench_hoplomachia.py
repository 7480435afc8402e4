"""Benchmark: Hoplomachia battles.

    python benchmarks/bench_hoplomachia.py [repeats] [--profile]

Prints the median CPU time (``time.process_time``: other processes on a shared machine
do not count) of a whole battle of ``poteidaia-432bc`` (the default scenario) with
doctrine commanders and with random ones; the cost of a battle of ``mantinea-418bc``
fielded from the order of battle against Monk's Corner's battle fielded from the same
order of battle (both ``rs.from_oob("mantinea-418bc")``), measured in the same run, as a
ratio; and the time
for 1x, 2x and 4x the armies (Poteidaia's armies copied side by side on a table as
many times wider) with the growth exponent (log of the time ratio over log 4; goal <=
1.15). With ``--profile``, the profile's top entries of doctrine battles of Poteidaia.
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
from ancients.errors import OOBWarning
from ancients.ruleset import Ruleset
from ancients.scenario import Scenario


def _time(rs: Ruleset, scenario: Scenario, seeds: range, random: bool = False) -> float:
    times = []
    for seed in seeds:
        commanders = {s: RandomCommander() for s in scenario.sides} if random else None
        start = time.process_time()
        rs.new_battle(scenario, seed=seed, commanders=commanders).run()
        times.append(time.process_time() - start)
    return statistics.median(times)


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    repeats = int(args[0]) if args else 20
    rs = ancients.ruleset("hoplomachia")
    poteidaia = rs.scenario("poteidaia-432bc")
    rs.new_battle(poteidaia, seed=0).run()  # warm up: imports, first-use caches
    seeds = range(repeats)
    doctrine = _time(rs, poteidaia, seeds)
    random = _time(rs, poteidaia, seeds, random=True)
    print(f"poteidaia-432bc: median {doctrine * 1e3:.0f} ms CPU a battle, doctrine against "
          f"doctrine; {random * 1e3:.0f} ms, random against random ({repeats} battles)")
    mc = ancients.ruleset("monks_corner")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", OOBWarning)
        h_mantinea = rs.from_oob("mantinea-418bc")
        mc_mantinea = mc.from_oob("mantinea-418bc")
    mc.new_battle(mc_mantinea, seed=0).run()
    hop = _time(rs, h_mantinea, seeds)
    monks = _time(mc, mc_mantinea, seeds)
    print(f"mantinea-418bc from the order of battle, doctrine: hoplomachia "
          f"{hop * 1e3:.0f} ms, monks_corner {monks * 1e3:.1f} ms: ratio {hop / monks:.1f}")
    sizes = {}
    for k in (1, 2, 4):
        sc = _scaled.hoplomachia(k)[1]
        sizes[k] = _time(rs, sc, range(max(3, repeats // (2 * k))))
        print(f"  {k}x the armies ({len(sc.parsed.divisions)} divisions): "
              f"{sizes[k] * 1e3:.0f} ms")
    exponent = math.log(sizes[4] / sizes[1]) / math.log(4)
    print(f"growth exponent 1x to 4x: {exponent:.2f} (goal <= 1.15)")
    if "--profile" in sys.argv:
        profile = cProfile.Profile()
        profile.enable()
        for seed in range(5):
            rs.new_battle(poteidaia, seed=seed).run()
        profile.disable()
        pstats.Stats(profile).sort_stats("tottime").print_stats(12)


if __name__ == "__main__":
    main()
