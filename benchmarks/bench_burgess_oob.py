"""Benchmark: Burgess against Monk's Corner on one battle, this tree beside a baseline.

    python benchmarks/bench_burgess_oob.py [--battles N] [--baseline COMMIT]

``mantinea-418bc`` fielded from the order of battle by each ruleset's translator
(``rs.from_oob("mantinea-418bc")``), doctrine against doctrine, seeds ``0 .. N-1``. Two
workers (the baseline's ``src/`` and this tree's, each a fresh interpreter, see
:mod:`_baseline`) play every seed in turn, the trees alternating which goes first, so
the machine's load falls on both alike. Prints the median CPU per battle
(``time.process_time``) of Burgess and Monk's Corner on each tree, the ratio Burgess /
Monk's Corner (goal <= 2) and the speed-up, and how many of the Burgess logs are the
same on both trees (the speed work changes no rule: all of them).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import time
import warnings
from pathlib import Path
from typing import IO

import _baseline

RULESETS = ("burgess", "monks_corner")
BATTLE = "mantinea-418bc"


def worker() -> None:
    """Play the battles asked for on standard input ("RULESET SEED" a line), printing
    each one's CPU and the digest of its log."""
    import ancients

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        fielded = {n: (rs := ancients.ruleset(n), rs.from_oob(BATTLE)) for n in RULESETS}
    for rs, sc in fielded.values():  # warm up: first-use caches
        rs.new_battle(sc, seed=10_000).run()
    print("ready", flush=True)
    for line in sys.stdin:
        name, seed = line.split()
        rs, sc = fielded[name]
        start = time.process_time()
        battle = rs.new_battle(sc, seed=int(seed))
        battle.run()
        cpu = time.process_time() - start
        log = "\n".join(e.message + json.dumps(e.data, sort_keys=True, default=str)
                        for e in battle.log)
        print(json.dumps({"cpu": cpu, "log": hashlib.sha1(log.encode()).hexdigest()}),
              flush=True)


def _ask(proc: subprocess.Popen[str], name: str, seed: int) -> dict[str, object]:
    stdin, stdout = proc.stdin, proc.stdout
    assert stdin is not None and stdout is not None
    stdin.write(f"{name} {seed}\n")
    stdin.flush()
    answer: dict[str, object] = json.loads(stdout.readline())
    return answer


def _start(src: Path) -> subprocess.Popen[str]:
    proc = subprocess.Popen([sys.executable, __file__, "--worker"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True,
                            env=dict(os.environ, PYTHONPATH=str(src)))
    out: IO[str] | None = proc.stdout
    assert out is not None and out.readline().strip() == "ready"
    return proc


def main() -> None:
    if "--worker" in sys.argv:
        worker()
        return
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--battles", type=int, default=30)
    ap.add_argument("--baseline", default="4f601bc")
    a = ap.parse_args()
    print(_baseline.load("start"))
    with _baseline.trees(commit=a.baseline) as tree:
        procs = {t: _start(src) for t, src in tree.items()}
        cpu: dict[tuple[str, str], list[float]] = {(t, n): [] for t in tree for n in RULESETS}
        logs: dict[tuple[str, int], object] = {}
        for seed, t in _baseline.interleaved(list(tree), a.battles):
            for n in RULESETS:
                got = _ask(procs[t], n, seed)
                cpu[t, n].append(float(got["cpu"]))  # type: ignore[arg-type]
                if n == "burgess":
                    logs[t, seed] = got["log"]
        for p in procs.values():
            assert p.stdin is not None
            p.stdin.close()
            p.wait()
    same = sum(logs["current", s] == logs["baseline", s] for s in range(a.battles))
    med = {k: _baseline.median(v) for k, v in cpu.items()}
    for t in tree:
        b, m = med[t, "burgess"], med[t, "monks_corner"]
        print(f"{t} ({a.baseline if t == 'baseline' else 'this tree'}): Burgess {b * 1e3:.0f} "
              f"ms, Monk's Corner {m * 1e3:.0f} ms CPU per battle: ratio {b / m:.2f}")
    print(f"Burgess speed-up {med['baseline', 'burgess'] / med['current', 'burgess']:.2f}x; "
          f"the same Burgess log on both trees in {same} of {a.battles} battles "
          f"({BATTLE}, doctrine, medians of {a.battles})")
    print(_baseline.load("end"))


if __name__ == "__main__":
    main()
