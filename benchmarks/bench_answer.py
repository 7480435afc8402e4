"""Time to an answer (issue 16): "does this variant change a side's win rate, to +-3
points (95 %)?", this tree's paired comparison with precision stopping against the
baseline commit's independent runs (run on demand, not under pytest).

    python benchmarks/bench_answer.py                       # both questions below
    python benchmarks/bench_answer.py --only raphia --pilot 300

The questions: ``raphia(egyptian_morale=championship)`` against ``raphia`` (the
Ptolemaic win rate, ``raphia-217bc``), and ``monks_corner(melee_opponents=choose)``
against ``monks_corner`` (the first side's, ``mantinea-418bc``).

- This tree: ``ancients.compare([base, variant], precision=0.03, jobs=2)`` (battle i of
  both variants on the same keyed dice; blocks of 200 until the paired 95 % half-width
  of every win-rate difference is at most 0.03): the battles it played, its wall time,
  and the CPU time of a battle (``time.process_time`` of a worker playing a pilot run of
  each variant, one process).
- The baseline: no precision stopping and no pairing, so two independent ``simulate``
  runs of n battles each, n sized for +-3 points on the difference from the win rates a
  pilot run of each variant measures on the baseline tree (n = 1.96^2 (p1 q1 + p2 q2) /
  0.03^2), and the CPU time of a baseline battle from that pilot run.

The gain is (baseline battles / battles played) x (baseline CPU per battle / this
tree's), both trees' pilots run interleaved in fresh processes.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

import _baseline

QUESTIONS = {
    "raphia": ("raphia", "raphia(egyptian_morale=championship)", "raphia-217bc", 0),
    "monks_corner": ("monks_corner", "monks_corner(melee_opponents=choose)",
                     "mantinea-418bc", 0),
}
Z = 1.959963984540054


def pilot(base: str, variant: str, scenario: str, side_index: int, runs: int) -> None:
    """Each variant played ``runs`` times in this process: its side's win rate and the
    CPU time per battle."""
    import ancients

    out = {}
    for spec in (base, variant):
        rs = ancients.ruleset(spec)
        sc = rs.scenario(scenario)
        rs.new_battle(sc, seed=10_000).run()  # warm up
        side = sc.sides[side_index]
        wins, cpu = 0, 0.0
        for seed in range(runs):
            start = time.process_time()
            outcome = rs.new_battle(sc, seed=seed).run()
            cpu += time.process_time() - start
            wins += outcome.winner == side
        out[spec] = {"p": wins / runs, "cpu": cpu / runs, "side": side}
    print(json.dumps(out))


def paired(base: str, variant: str, scenario: str, precision: float, jobs: int) -> None:
    import ancients

    start = time.perf_counter()
    comparison = ancients.compare([base, variant], scenario, runs=20_000, seed=0, jobs=jobs,
                                  precision=precision, progress=False)
    wall = time.perf_counter() - start
    played = len(comparison[str(ancients.ruleset(base))])
    wins = [d for d in comparison.differences() if d.metric == "wins"]
    print(json.dumps({"played": played, "wall": wall, "half_width": comparison.half_width(),
                      "deltas": {d.side: [d.delta, d.low, d.high] for d in wins}}))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--worker", default="", help=argparse.SUPPRESS)
    ap.add_argument("--only", default="", help="one question: raphia or monks_corner")
    ap.add_argument("--pilot", type=int, default=200, help="battles of each variant a pilot")
    ap.add_argument("--repeat", type=int, default=2, help="pilot runs a tree")
    ap.add_argument("--precision", type=float, default=0.03)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("args", nargs="*", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.worker == "pilot":
        base, variant, scenario, side, runs = a.args
        pilot(base, variant, scenario, int(side), int(runs))
        return
    if a.worker == "paired":
        base, variant, scenario, precision, jobs = a.args
        paired(base, variant, scenario, float(precision), int(jobs))
        return
    script = Path(__file__).resolve()
    print(_baseline.load("start"))
    product = 1.0
    with _baseline.trees() as tree:
        for name, (base, variant, scenario, side) in QUESTIONS.items():
            if a.only and a.only != name:
                continue
            pilots: dict[str, list[dict[str, Any]]] = {}
            for _, t in _baseline.interleaved(list(tree), a.repeat):
                pilots.setdefault(t, []).append(_run(
                    tree[t], script, "pilot", [base, variant, scenario, str(side),
                                               str(a.pilot)]))
            now = _run(tree["current"], script, "paired",
                       [base, variant, scenario, str(a.precision), str(a.jobs)])
            cpu = {t: _baseline.median([r[s]["cpu"] for r in runs for s in (base, variant)])
                   for t, runs in pilots.items()}
            p = {s: sum(r[s]["p"] for r in pilots["baseline"]) / len(pilots["baseline"])
                 for s in (base, variant)}
            var = sum(x * (1.0 - x) for x in p.values())
            n = math.ceil(Z * Z * var / a.precision ** 2)
            side_name = pilots["current"][0][base]["side"]
            battles_gain = 2 * n / (2 * now["played"])
            speed_gain = cpu["baseline"] / cpu["current"]
            gain = battles_gain * speed_gain
            product *= gain
            print(f"\n{variant} against {base} ({scenario}), {side_name}'s win rate to "
                  f"+-{a.precision:.0%}:")
            print(f"  baseline: independent runs, p = {p[base]:.3f} and {p[variant]:.3f} "
                  f"(pilot {a.pilot} x {a.repeat}): {n} battles each, {2 * n} in all, "
                  f"{2 * n * cpu['baseline']:.0f} s CPU ({cpu['baseline'] * 1e3:.1f} ms a "
                  f"battle), about {n * cpu['baseline']:.0f} s on 2 processes")
            print(f"  this tree: paired, precision-stopped: {now['played']} battles each, "
                  f"{2 * now['played']} in all, half-width {now['half_width']:.4f}, "
                  f"{now['wall']:.1f} s wall on {a.jobs} processes "
                  f"({2 * now['played'] * cpu['current']:.0f} s CPU at "
                  f"{cpu['current'] * 1e3:.1f} ms a battle); deltas {now['deltas']}")
            print(f"  gain: {battles_gain:.2f}x fewer battles x {speed_gain:.2f}x faster "
                  f"battles = {gain:.2f}x")
    print(f"\nproduct of the gains: {product:.2f}x")
    print(_baseline.load("end"))


def _run(src: Path, script: Path, mode: str, args: list[str]) -> dict[str, Any]:
    import os
    import subprocess

    cmd = [sys.executable, str(script), f"--worker={mode}", *args]
    done = subprocess.run(cmd, env=dict(os.environ, PYTHONPATH=str(src)),
                          capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"worker failed on {src}: {' '.join(cmd)}\n{done.stderr}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


if __name__ == "__main__":
    main()
