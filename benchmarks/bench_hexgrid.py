"""Time HexBoard.distance_field on a 40x30 board (run on demand, not under pytest).

    python benchmarks/bench_hexgrid.py [--cols 40] [--rows 30] [--number 200] [--repeat 7]

Prints the median time per call in microseconds for unit costs, unit costs with ~20 %
blocked cells, small integer entry costs (1..3), half-integer costs and arbitrary floats.
"""

from __future__ import annotations

import argparse
import statistics
import timeit
from collections.abc import Callable

import numpy as np

from ancients.hexgrid import Hex, HexBoard


def _median_us(fn: Callable[[], object], number: int, repeat: int) -> float:
    times = timeit.repeat(fn, number=number, repeat=repeat)
    return statistics.median(times) / number * 1e6


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cols", type=int, default=40)
    parser.add_argument("--rows", type=int, default=30)
    parser.add_argument("--number", type=int, default=200, help="calls per timing run")
    parser.add_argument("--repeat", type=int, default=7, help="timing runs (median taken)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    board = HexBoard(args.cols, args.rows)
    rng = np.random.default_rng(args.seed)
    n = len(board)
    one = [board.hex_at(n // 2 + args.cols // 2)]
    several = [board.hex_at(int(i)) for i in rng.choice(n, size=8, replace=False)]
    blocked = rng.random(n) < 0.2
    int_cost = rng.choice([1, 1, 1, 2, 3], size=n).astype(float)
    half_cost = rng.choice([0.5, 1.0, 1.5, 2.0], size=n)
    float_cost = rng.uniform(0.5, 3.0, size=n)

    cases: list[tuple[str, Callable[[], object]]] = [
        ("unit cost, 1 source", lambda: board.distance_field(one)),
        ("unit cost, 8 sources", lambda: board.distance_field(several)),
        ("unit cost, 20% blocked", lambda: board.distance_field(one, blocked=blocked)),
        ("unit cost, max_cost=6", lambda: board.distance_field(one, max_cost=6)),
        ("integer cost 1..3", lambda: board.distance_field(one, cost=int_cost)),
        ("integer cost, 20% blocked", lambda: board.distance_field(one, int_cost, blocked)),
        ("half-integer cost", lambda: board.distance_field(one, cost=half_cost)),
        ("float cost (heap fallback)", lambda: board.distance_field(one, cost=float_cost)),
        ("distances_from (closed form)", lambda: board.distances_from(Hex(5, 5))),
    ]
    print(f"HexBoard({args.cols}, {args.rows}): median of {args.repeat} x {args.number} calls")
    for name, fn in cases:
        print(f"  {name:<30} {_median_us(fn, args.number, args.repeat):9.1f} µs")


if __name__ == "__main__":
    main()
