"""Timings for ``ancients.tabletop`` hot paths (run on demand, not under pytest).

    .venv/bin/python benchmarks/bench_tabletop.py [--repeat 7] [--number 2000] [--seed 1]

Prints the median microseconds per call of: the distance between two oriented blocks
(closed form vs shapely, with and without the per-block caches warm), all-pairs distances
for 20 vs 20 blocks (numpy closed form vs Python loop vs vectorized shapely), and
legal-move checks against 40 blocks on a table with terrain.
"""

from __future__ import annotations

import argparse
import statistics
import timeit
from collections.abc import Callable

import attrs
import numpy as np
import shapely

from ancients.tabletop import (
    Block,
    Table,
    Terrain,
    TerrainArea,
    TerrainLine,
    corners_array,
    distance_matrix,
)


def random_blocks(rng: np.random.Generator, n: int, y0: float, y1: float) -> list[Block]:
    """Blocks at random positions and facings (they may overlap)."""
    return [
        Block(
            float(rng.uniform(5, 67)), float(rng.uniform(y0, y1)), float(rng.uniform(0, 360)),
            int(rng.integers(4, 13)), int(rng.integers(2, 5)), 0.5, 0.5,
        )
        for _ in range(n)
    ]


def army(rng: np.random.Generator, rows: list[float], facing: float) -> list[Block]:
    """20 blocks in 4 rows of 5, jittered, none overlapping."""
    return [
        Block(
            x + float(rng.uniform(-2, 2)), y, facing + float(rng.uniform(-20, 20)),
            int(rng.integers(4, 13)), int(rng.integers(2, 5)), 0.5, 0.5,
        )
        for y in rows
        for x in (8.0, 22.0, 36.0, 50.0, 64.0)
    ]


def median_us(fn: Callable[[], object], number: int, repeat: int) -> float:
    times = timeit.repeat(fn, number=number, repeat=repeat)
    return statistics.median(times) / number * 1e6


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--number", type=int, default=2000, help="calls per timing")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    n, r = args.number, args.repeat

    a, b = random_blocks(rng, 2, 5, 43)
    # blocks with cold caches, as after a move: one supply per row that consumes them
    fresh1 = iter([attrs.evolve(a, x=a.x + 1e-3 * i) for i in range(n * r)])
    fresh2 = iter([attrs.evolve(a, x=a.x + 1e-3 * i) for i in range(n * r)])
    rows: list[tuple[str, float]] = []

    def row(name: str, fn: Callable[[], object], number: int = n) -> None:
        rows.append((name, median_us(fn, number, r)))

    row("pair distance, closed form (cached corners)", lambda: a.distance(b))
    row("pair distance, shapely (cached polygons)", lambda: shapely.distance(a.polygon, b.polygon))
    row("pair distance, numpy distance_matrix 1x1 (fixed overhead)",
        lambda: distance_matrix(corners_array([a]), corners_array([b])))
    row("pair distance, closed form (new block)", lambda: next(fresh1).distance(b))
    row("pair distance, shapely (new block)",
        lambda: shapely.distance(next(fresh2).polygon, b.polygon))

    red, blue = army(rng, [4, 9, 14, 19], 0.0), army(rng, [30, 35, 40, 45], 180.0)
    small = max(1, n // 20)
    ca, cb = corners_array(red), corners_array(blue)
    pa = np.array([x.polygon for x in red], dtype=object)
    pb = np.array([x.polygon for x in blue], dtype=object)
    row("20x20 all pairs, numpy distance_matrix (corner arrays given)",
        lambda: distance_matrix(ca, cb), small)
    row("20x20 all pairs, numpy incl. corners_array",
        lambda: distance_matrix(corners_array(red), corners_array(blue)), small)
    row("20x20 all pairs, closed form Python loop",
        lambda: [[x.distance(y) for y in blue] for x in red], small)
    row("20x20 all pairs, shapely vectorized (cached polygons)",
        lambda: shapely.distance(pa[:, None], pb[None, :]), small)
    check = np.abs(distance_matrix(ca, cb) - shapely.distance(pa[:, None], pb[None, :])).max()

    table = Table(
        areas=[
            TerrainArea(Terrain.WOODS, [(30, 20), (40, 20), (40, 28), (30, 28)]),
            TerrainArea(Terrain.HILL, [(50, 10), (60, 10), (62, 18), (48, 18)], downhill=180),
        ],
        lines=[TerrainLine(Terrain.RIVER, [(0, 24), (72, 25)], fords=[(10, 14)])],
    )
    mover = red[15]  # front row, far left: a 3" advance is legal, a 6" one crosses the river
    others = [b for b in red + blue if b is not mover]
    assert not any(x.overlaps(y) for x in red + blue for y in red + blue if x is not y)
    assert mover.advance(6).legal(table, others) and mover.wheel(45).legal(table, others)
    assert not mover.advance(6).legal(table, others, impassable=[Terrain.RIVER])
    assert mover.advance(3).legal(table, others, impassable=[Terrain.RIVER])
    row("legal check: advance 6 (move + check vs 39 blocks)",
        lambda: mover.advance(6).legal(table, others), small)
    row("legal check: wheel 45 (move + check vs 39 blocks)",
        lambda: mover.wheel(45).legal(table, others), small)
    adv = mover.advance(6)
    row("legal check only (prebuilt advance, 39 blocks)", lambda: adv.legal(table, others), small)
    adv3 = mover.advance(3)
    row("legal check, impassable river and woods (none crossed)",
        lambda: adv3.legal(table, others, impassable=(Terrain.RIVER, Terrain.WOODS)), small)
    row("legal check, impassable river (crossed: illegal)",
        lambda: adv.legal(table, others, impassable=(Terrain.RIVER,)), small)

    width = max(len(name) for name, _ in rows)
    for name, us in rows:
        print(f"{name:<{width}}  {us:10.2f} µs")
    print(f"max |numpy - shapely| over 20x20: {check:.2e} in")


if __name__ == "__main__":
    main()
