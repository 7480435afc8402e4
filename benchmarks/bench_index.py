"""The tabletop's spatial index (``BlockIndex``, a grid) against shapely's STRtree and
against measuring every block, on a line of battle ``k`` times as long (on demand).

    python benchmarks/bench_index.py [--cell 12]

For 20, 80 and 320 blocks (two facing lines of 6" x 1.5" blocks, 8" apart): building
the index, moving one block in it (the grid updates in place; an STRtree is built
again), and a query of the blocks within 6" of each block of one line (exact distances),
in microseconds per block, medians of repeats.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import numpy as np
import shapely

from ancients.tabletop import Block
from ancients.tabletop.index import BlockIndex, brute_within, edge_distance


def line(n: int) -> list[Block]:
    south = [Block(4.0 + 7.0 * i, 10.0, 0.0, 8, 2, 0.75, 0.75) for i in range(n // 2)]
    north = [Block(4.5 + 7.0 * i, 19.5, 180.0, 8, 2, 0.75, 0.75) for i in range(n // 2)]
    return south + north


def timed(f: Callable[[], object], repeat: int = 7) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        f()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cell", type=float, default=12.0)
    a = ap.parse_args()
    print(f"{'blocks':>7} {'what':<28} {'grid':>9} {'STRtree':>9} {'all pairs':>10}  (us)")
    for n in (20, 80, 320):
        one_size(n, a.cell)


def one_size(n: int, cell: float) -> None:
    blocks = line(n)
    probes = blocks[: n // 2]
    index = BlockIndex(blocks, cell=cell)
    boxes = shapely.box(*np.array([b.bounds for b in blocks]).T)
    tree = shapely.STRtree(boxes)

    def grid_query() -> None:
        for p in probes:
            index.within(p, 6.0)

    def tree_query() -> None:
        for p in probes:
            hits = tree.query(shapely.box(*p.bounds).buffer(6.0, join_style="mitre"))
            [(int(i), d) for i in sorted(hits.tolist())
             if (d := edge_distance(p, blocks[i])) <= 6.0]

    def brute_query() -> None:
        for p in probes:
            brute_within(blocks, p, 6.0)

    moved = blocks[0].advanced(1.0)

    def grid_move() -> None:
        index.update(0, moved)
        index.update(0, blocks[0])

    def tree_move() -> None:
        shapely.STRtree(shapely.box(*np.array([b.bounds for b in blocks]).T))

    rows = [
        ("build", timed(lambda: BlockIndex(blocks, cell=cell)),
         timed(lambda: shapely.STRtree(
             shapely.box(*np.array([b.bounds for b in blocks]).T))), None, n),
        ("one block moves", timed(grid_move) / 2, timed(tree_move), None, 1),
        ("within 6\" of each, per probe", timed(grid_query), timed(tree_query),
         timed(brute_query), len(probes)),
    ]
    for what, g, t, b, per in rows:
        brute = f"{b / per * 1e6:10.1f}" if b is not None else f"{'':>10}"
        print(f"{n:7d} {what:<28} {g / per * 1e6:9.2f} {t / per * 1e6:9.2f} {brute}")


if __name__ == "__main__":
    main()
