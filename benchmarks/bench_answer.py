"""Time to an answer: "does this one change move a side's win rate, to +-3 points at
95 %?", on each ruleset's default battle, this tree beside the baseline commit (run on
demand, not under pytest).

    python benchmarks/bench_answer.py                        # the four questions below
    python benchmarks/bench_answer.py --only burgess --pilot 100
    python benchmarks/bench_answer.py --baseline 357112b     # the default

The questions, one per ruleset (the first side's win rate):

| ruleset | variant | battle |
|---|---|---|
| raphia | ``egyptian_morale=championship`` | raphia-217bc |
| monks_corner | ``melee_opponents=choose`` | mantinea-418bc |
| burgess | ``troops.armour.unarmoured_infantry.value=2`` | zama-202bc |
| hoplomachia | ``cards.card.athenian.andreia=9`` | poteidaia-432bc |

For each tree (interleaved, each in fresh processes): the CPU time of a battle
(``time.process_time`` over a pilot of ``--pilot`` battles of each variant in one
process), and the answer itself: ``ancients.compare([base, variant], precision=0.03,
jobs=2)``, the battles it played per variant (blocks of 200 until the paired 95 %
half-width of every win-rate difference is at most 0.03) and its wall time. The gain is
the baseline's wall time over this tree's.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import _baseline

QUESTIONS = {
    "raphia": ("raphia", "raphia(egyptian_morale=championship)", "raphia-217bc"),
    "monks_corner": ("monks_corner", "monks_corner(melee_opponents=choose)",
                     "mantinea-418bc"),
    "burgess": ("burgess", "burgess(troops.armour.unarmoured_infantry.value=2)",
                "zama-202bc"),
    "hoplomachia": ("hoplomachia", "hoplomachia(cards.card.athenian.andreia=9)",
                    "poteidaia-432bc"),
}
#: the commit issue 28's ratios are measured against
BASELINE = "357112b"


def pilot(base: str, variant: str, scenario: str, runs: int) -> None:
    """The mean CPU time of a battle of either variant, in this process."""
    import ancients

    cpu, n = 0.0, 0
    for spec in (base, variant):
        rs = ancients.ruleset(spec)
        sc = rs.scenario(scenario)
        rs.new_battle(sc, seed=10_000).run()  # warm up
        for seed in range(runs):
            start = time.process_time()
            rs.new_battle(sc, seed=seed).run()
            cpu += time.process_time() - start
            n += 1
    print(json.dumps({"cpu": cpu / n}))


def answer(base: str, variant: str, scenario: str, precision: float, jobs: int) -> None:
    """The paired, precision-stopped comparison: battles per variant and wall time."""
    import warnings

    import ancients

    start = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a cap reached is in the figures
        comparison = ancients.compare([base, variant], scenario, runs=20_000, seed=0,
                                      jobs=jobs, precision=precision, progress=False)
    wall = time.perf_counter() - start
    played = len(comparison[str(ancients.ruleset(base))])
    print(json.dumps({"played": played, "wall": wall,
                      "half_width": comparison.half_width()}))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--worker", default="", help=argparse.SUPPRESS)
    ap.add_argument("--only", choices=list(QUESTIONS), action="append")
    ap.add_argument("--pilot", type=int, default=40, help="battles of each variant a pilot")
    ap.add_argument("--precision", type=float, default=0.03)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--baseline", default=BASELINE, help="the commit to compare against")
    ap.add_argument("args", nargs="*", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.worker == "pilot":
        base, variant, scenario, runs = a.args
        pilot(base, variant, scenario, int(runs))
        return
    if a.worker == "answer":
        base, variant, scenario, precision, jobs = a.args
        answer(base, variant, scenario, float(precision), int(jobs))
        return
    script = Path(__file__).resolve()
    print(_baseline.load("start"))
    with _baseline.trees(commit=a.baseline) as tree:
        for name in a.only or list(QUESTIONS):
            base, variant, scenario = QUESTIONS[name]
            print(f"\n{variant} against {base} ({scenario}), to +-{a.precision:.0%}:")
            walls = {}
            for _, t in _baseline.interleaved(list(tree), 1):
                cpu = _run(tree[t], script, "pilot", [base, variant, scenario,
                                                      str(a.pilot)])["cpu"]
                now = _run(tree[t], script, "answer", [base, variant, scenario,
                                                       str(a.precision), str(a.jobs)])
                walls[t] = now["wall"]
                print(f"  {t:<8}: {now['played']:>6} battles a variant "
                      f"(half-width {now['half_width']:.4f}), {cpu * 1e3:6.1f} ms CPU a "
                      f"battle, {now['wall']:6.1f} s wall on {a.jobs} processes",
                      flush=True)
            if "baseline" in walls:
                print(f"  gain: {walls['baseline'] / walls['current']:.2f}x less wall time")
    print(_baseline.load("end"))


def _run(src: Path, script: Path, mode: str, args: list[str]) -> dict[str, float]:
    import os
    import subprocess

    cmd = [sys.executable, str(script), f"--worker={mode}", *args]
    done = subprocess.run(cmd, env=dict(os.environ, PYTHONPATH=str(src)),
                          capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"worker failed on {src}: {' '.join(cmd)}\n{done.stderr}")
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


if __name__ == "__main__":
    main()
