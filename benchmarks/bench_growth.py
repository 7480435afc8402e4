"""Growth with army size (issue 16): each built-in scenario at 1x, 2x and 4x its armies,
this tree against the baseline commit, side by side (run on demand, not under pytest).

    python benchmarks/bench_growth.py                    # both trees, 5 battles x 3 repeats
    python benchmarks/bench_growth.py --battles 3 --repeat 2 --rulesets monks_corner
    python benchmarks/bench_growth.py --no-baseline --commanders random
    python benchmarks/bench_growth.py --rulesets burgess,hoplomachia   # against --since

The scenarios are scaled by ``_scaled.py`` (Raphia: a longer map and duplicated counters
through its ``map=``/``counters=`` options; Monk's Corner: a wider table with the line
repeated), each tree scaling its own built-in files. A worker process per tree, scenario,
scale and commander plays the same seeds and times each battle's ``new_battle`` +
``run`` in CPU time (``time.process_time``: other processes on the machine count
little); the trees run interleaved (A B, B A, ...), and the figures are medians over
every battle of every repeat. The growth exponent is the least-squares slope of
log(time per battle) on log(k). Burgess and Hoplomachia are not in the baseline commit:
their reference ("baseline" in the table) is ``--since`` (main when this work began).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import math
import os
import pstats
import sys
import tempfile
import time
from pathlib import Path

import _baseline

SCENARIOS = {"raphia": ["raphia-217bc"], "monks_corner": ["mantinea-418bc", "phalanx-duel"],
             "burgess": ["zama-202bc"], "hoplomachia": ["poteidaia-432bc"]}
#: The rulesets the baseline commit has; the others are compared with ``--since``.
IN_BASELINE = {"raphia", "monks_corner"}
#: main when the speed work on Burgess and Hoplomachia began: their before/after ratio
SINCE = "d5f9707"


def worker(ruleset: str, scenario: str, k: int, commander: str, seeds: list[int]) -> None:
    import _scaled

    import ancients
    from ancients.battle import RandomCommander

    with tempfile.TemporaryDirectory() as tmp:
        if ruleset == "raphia":
            options, path = _scaled.raphia(k, Path(tmp))
            rs = ancients.ruleset("raphia", **options)
            sc = rs.load_scenario(path)
        elif ruleset == "monks_corner":
            path = _scaled.monks_corner(scenario, k, Path(tmp))
            rs = ancients.ruleset(ruleset)
            sc = rs.load_scenario(path)
        else:
            rs, sc = getattr(_scaled, ruleset)(k)

    calls = os.environ.get("GROWTH_MEASURE") == "calls"

    def play(seed: int) -> tuple[float, int, int]:
        commanders = ({s: RandomCommander() for s in sc.sides}
                      if commander == "random" else None)
        if calls:  # the function calls a battle makes: the same on every run
            profile = cProfile.Profile()
            profile.enable()
        start = time.process_time()
        battle = rs.new_battle(sc, seed=seed, commanders=commanders)
        outcome = battle.run()
        spent = time.process_time() - start
        if calls:
            profile.disable()
            # total_calls: set by Stats, missing from typeshed's stub
            spent = float(pstats.Stats(profile).total_calls)  # type: ignore[attr-defined]
        return spent, len(battle.log), outcome.turns

    play(seeds[0] + 10_000)  # warm up: imports, first-use caches
    runs = [play(s) for s in seeds]
    print(json.dumps({"cpu": [r[0] for r in runs], "events": [r[1] for r in runs],
                      "turns": [r[2] for r in runs], "units": len(sc.units)
                      if hasattr(sc, "units") else None}))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--battles", type=int, default=5, help="seeds per worker")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--scales", default="1,2,4")
    ap.add_argument("--rulesets", default="raphia,monks_corner,burgess,hoplomachia")
    ap.add_argument("--scenarios", default="", help="comma-separated, default: all built-in")
    ap.add_argument("--commanders", default="doctrine,random")
    ap.add_argument("--no-baseline", action="store_true")
    ap.add_argument("--baseline", default=_baseline.BASELINE,
                    help="the reference commit of Raphia and Monk's Corner")
    ap.add_argument("--since", default=SINCE,
                    help="the reference commit of the rulesets the baseline lacks")
    ap.add_argument("--pin", type=int, default=None, help="CPU to pin the workers to")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", default="", help="write every figure to this file")
    ap.add_argument("--calls", action="store_true",
                    help="count the function calls a battle makes (cProfile) in place of "
                    "its CPU time: the same on every run, so the exponent has no noise")
    ap.add_argument("args", nargs="*", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.worker:
        ruleset, scenario, k, commander, *seeds = a.args
        worker(ruleset, scenario, int(k), commander, [int(s) for s in seeds])
        return
    scales = [int(s) for s in a.scales.split(",")]
    seeds = [str(a.seed + i) for i in range(a.battles)]
    wanted = set(a.scenarios.split(",")) if a.scenarios else None
    cases = [(rs, sc, c) for rs in a.rulesets.split(",") for sc in SCENARIOS[rs]
             if wanted is None or sc in wanted for c in a.commanders.split(",")]
    print(_baseline.load("start"))
    results: dict[str, dict[str, dict[int, list[float]]]] = {}
    script = Path(__file__).resolve()
    with _baseline.trees(not a.no_baseline, a.baseline) as tree, \
            _baseline.trees(not a.no_baseline, a.since) as since:
        if not a.no_baseline:
            tree = {**tree, "since": since["baseline"]}
        for r, name in _baseline.interleaved(list(tree), a.repeat):
            for rs, sc, c in cases:
                # each ruleset against its own reference: the baseline if it has it
                if name != "current" and (name == "baseline") != (rs in IN_BASELINE):
                    continue
                for k in scales:
                    out = _baseline.run_worker(tree[name], script, [rs, sc, str(k), c, *seeds],
                                               a.pin, {"GROWTH_MEASURE": "calls"} if a.calls
                                               else None)
                    key = f"{rs} {sc} {c}"
                    results.setdefault(key, {}).setdefault(
                        "baseline" if name == "since" else name, {}).setdefault(
                        k, []).extend(out["cpu"])
            print(f"  repeat {r + 1}/{a.repeat} on {name} done", file=sys.stderr)
    print(_baseline.load("end"))
    what, unit = ("thousand function calls", 1e-3) if a.calls else ("CPU ms", 1e3)
    print(f"{what} per battle (median of {a.battles} battles x {a.repeat} repeats), "
          f"growth exponent over k = {a.scales}")
    head = "".join(f"{f'{k}x':>9}" for k in scales)
    print(f"{'case':<40} {'tree':<9}{head} {'exponent':>9}")
    summary: dict[str, object] = {}
    for key, by_tree in results.items():
        med = {}
        for name, by_k in sorted(by_tree.items()):
            med[name] = [_baseline.median(by_k[k]) for k in scales]
            exp = _baseline.fit_exponent(scales, med[name]) if len(scales) > 1 else math.nan
            row = "".join(f"{m * unit:9.1f}" for m in med[name])
            print(f"{key:<40} {name:<9}{row} {exp:9.2f}")
            summary[f"{key} {name}"] = {"calls" if a.calls else "ms": [m * unit for m in med[name]],
                                        "exponent": exp}
        if "baseline" in med:
            ratio = [b / c for b, c in zip(med["baseline"], med["current"], strict=True)]
            print(f"{'':<40} {'speed-up':<9}" + "".join(f"{x:8.2f}x" for x in ratio))
            summary[f"{key} speed-up"] = ratio
    if a.json:
        Path(a.json).write_text(json.dumps(summary, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
