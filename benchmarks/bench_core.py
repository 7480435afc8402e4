"""Core benchmarks (run on demand, not in CI). Figures go to docs/performance.md.

    python benchmarks/bench_core.py dice        # dice and batched morale vs raw numpy
    python benchmarks/bench_core.py import      # `import ancients` time
    python benchmarks/bench_core.py simulate    # jobs=2 vs jobs=1 speed-up
    python benchmarks/bench_core.py dask        # a local Dask cluster, 2 workers vs 1

Every figure is a median over repeats measured in one run; ratios compare figures taken
in the same run, since absolute times on shared machines are noisy.
"""

from __future__ import annotations

import argparse
import functools
import statistics
import subprocess
import sys
import time
import timeit
from collections.abc import Callable

import numpy as np


def _median(fn: Callable[[], object], repeat: int, number: int = 1) -> float:
    return statistics.median(timeit.repeat(fn, repeat=repeat, number=number)) / number


def bench_dice(n: int, repeat: int) -> None:
    from ancients.dice import Dice
    from ancients.morale import MoraleTest

    dice = Dice(1)
    rng = np.random.default_rng(1)
    raw_2d6 = _median(lambda: rng.integers(1, 7, size=2 * n), repeat)
    ours_2d6 = _median(lambda: dice.sample("2d6", n), repeat)
    test = MoraleTest(8, modifiers=[("leader within 2 hexes", 1)])
    ours_morale = _median(lambda: test.sample(dice, n), repeat)
    raw_d6 = _median(lambda: rng.integers(1, 7, size=n), repeat)
    ours_d6 = _median(lambda: dice.sample("1d6", n), repeat)
    scalar = _median(lambda: [dice.d6() for _ in range(10_000)], repeat) / 10_000
    scalar_2d6 = _median(lambda: [dice.roll("2d6") for _ in range(10_000)], repeat) / 10_000
    print(f"{n:,} rolls, median of {repeat}")
    print(f"  raw numpy, {2 * n:,} d6          {raw_2d6 * 1e3:8.3f} ms")
    print(f"  Dice.sample('2d6')             {ours_2d6 * 1e3:8.3f} ms  ratio "
          f"{ours_2d6 / raw_2d6:.2f}x")
    print(f"  MoraleTest.sample (2d6 + mod)  {ours_morale * 1e3:8.3f} ms  ratio "
          f"{ours_morale / raw_2d6:.2f}x")
    print(f"  raw numpy, {n:,} d6            {raw_d6 * 1e3:8.3f} ms")
    print(f"  Dice.sample('1d6')             {ours_d6 * 1e3:8.3f} ms  ratio "
          f"{ours_d6 / raw_d6:.2f}x")
    print(f"  scalar Dice.d6()               {scalar * 1e9:8.0f} ns per roll")
    print(f"  scalar Dice.roll('2d6')        {scalar_2d6 * 1e9:8.0f} ns per roll")


def bench_import(repeat: int) -> None:
    def run(code: str) -> float:
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        return time.perf_counter() - start

    base = statistics.median(run("pass") for _ in range(repeat))
    full = statistics.median(run("import ancients") for _ in range(repeat))
    api = statistics.median(run("import ancients; ancients.ruleset") for _ in range(repeat))
    print(f"python startup            {base * 1e3:7.1f} ms (median of {repeat})")
    print(f"import ancients           {(full - base) * 1e3:7.1f} ms over startup")
    print(f"import ancients + core    {(api - base) * 1e3:7.1f} ms over startup "
          "(first use of the API: numpy, attrs, the battle core)")


def bench_simulate(spec: str, runs: int, repeat: int) -> None:
    import ancients

    if spec.startswith("toy"):
        from ancients.examples.toy import Toy

        ancients.register(Toy)
    ancients.simulate(spec, runs=4, seed=0)  # warm-up: imports and scenario parsing
    # The three are timed in turns, one round after another (not all of one, then all of
    # the next), so that a change in what the VM gives its second core during the run
    # falls on all three alike; each round's ratios are its own.
    plays: dict[str, Callable[[], object]] = {
        "one": lambda: ancients.simulate(spec, runs=runs, seed=0, jobs=1),
        "two": lambda: ancients.simulate(spec, runs=runs, seed=0, jobs=2),
        "pair": lambda: _halves_side_by_side(spec, runs),
    }
    rounds = [{name: _time(play) for name, play in plays.items()} for _ in range(repeat)]
    m1, m2, mp = (statistics.median(r[name] for r in rounds) for name in plays)
    speed_up = statistics.median(r["one"] / r["two"] for r in rounds)
    ceiling = statistics.median(r["one"] / r["pair"] for r in rounds)
    share = statistics.median(r["pair"] / r["two"] for r in rounds)
    print(f"{spec}: {runs} battles, {repeat} rounds of jobs=1, jobs=2, two plain processes")
    for i, r in enumerate(rounds, 1):
        print(f"  round {i}: {r['one']:6.2f} s, {r['two']:6.2f} s, {r['pair']:6.2f} s  "
              f"speed-up {r['one'] / r['two']:.2f}x of {r['one'] / r['pair']:.2f}x")
    print(f"  jobs=1  {m1:7.2f} s  ({m1 / runs * 1e3:.2f} ms per battle; median)")
    print(f"  jobs=2  {m2:7.2f} s")
    print(f"  two plain processes, half each, side by side  {mp:7.2f} s")
    print(f"  speed-up {speed_up:.2f}x (median of the rounds' ratios), of the {ceiling:.2f}x "
          f"this machine gives two independent processes now ({share:.0%})")


def _play_half(spec: str, runs: int, seed: int) -> None:
    import ancients

    ancients.simulate(spec, runs=runs, seed=seed, jobs=1)


def _halves_side_by_side(spec: str, runs: int) -> None:
    """The ceiling of ``jobs=2`` on this machine now: the same battles played by two
    ordinary processes at once, half each, sharing nothing (forked, as the pool is)."""
    import multiprocessing

    half = runs // 2
    fork = multiprocessing.get_context("fork")
    procs = [fork.Process(target=_play_half, args=(spec, n, seed))
             for n, seed in ((half, 0), (runs - half, half))]
    for p in procs:
        p.start()
    for p in procs:
        p.join()


def bench_dask(spec: str, runs: int, repeat: int, chunk: int) -> None:
    """``simulate`` through a local Dask cluster of 1 and of 2 single-threaded workers
    (chunks of ``chunk`` battles), against local processes (``jobs=1``); the overhead
    per chunk is Dask's 1-worker time less the local 1-process time, over the chunks."""
    import ancients
    from ancients.workbench.executors import dask_client

    if spec.startswith("toy"):
        from ancients.examples.toy import Toy

        ancients.register(Toy)
    ancients.simulate(spec, runs=4, seed=0)  # warm-up: imports and scenario parsing
    local = statistics.median(
        _time(lambda: ancients.simulate(spec, runs=runs, seed=0, jobs=1, chunk_size=chunk))
        for _ in range(repeat))
    times = {}
    for workers in (1, 2):
        with dask_client(local=workers) as client:
            ancients.simulate(spec, runs=2 * workers, seed=0, jobs=client)  # warm-up
            times[workers] = statistics.median(
                _time(functools.partial(ancients.simulate, spec, runs=runs, seed=0,
                                        jobs=client, chunk_size=chunk))
                for _ in range(repeat))
    chunks = -(-runs // chunk)
    print(f"{spec}: {runs} battles in chunks of {chunk} ({chunks} chunks), median of {repeat}")
    print(f"  local jobs=1       {local:7.2f} s")
    print(f"  Dask, 1 worker     {times[1]:7.2f} s  (overhead "
          f"{(times[1] - local) / chunks * 1e3:.1f} ms a chunk)")
    print(f"  Dask, 2 workers    {times[2]:7.2f} s  ({times[1] / times[2]:.2f}x over 1 worker)")


def _time(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="what", required=True)
    d = sub.add_parser("dice")
    d.add_argument("-n", type=int, default=1_000_000)
    d.add_argument("--repeat", type=int, default=15)
    i = sub.add_parser("import")
    i.add_argument("--repeat", type=int, default=15)
    s = sub.add_parser("simulate")
    s.add_argument("spec", nargs="?", default="raphia")
    s.add_argument("-n", "--runs", type=int, default=2000)
    s.add_argument("--repeat", type=int, default=3)
    k = sub.add_parser("dask")
    k.add_argument("spec", nargs="?", default="raphia")
    k.add_argument("-n", "--runs", type=int, default=400)
    k.add_argument("--repeat", type=int, default=3)
    k.add_argument("--chunk", type=int, default=25)
    args = parser.parse_args()
    if args.what == "dice":
        bench_dice(args.n, args.repeat)
    elif args.what == "import":
        bench_import(args.repeat)
    elif args.what == "dask":
        bench_dask(args.spec, args.runs, args.repeat, args.chunk)
    else:
        bench_simulate(args.spec, args.runs, args.repeat)


if __name__ == "__main__":
    main()
