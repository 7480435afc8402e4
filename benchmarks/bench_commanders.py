"""What each generic commander costs and how strong it is, per ruleset (run on demand).

    python benchmarks/bench_commanders.py                    # 400 mirrored seeds each
    python benchmarks/bench_commanders.py --battles 20 --only monks_corner

For each ruleset's default battle and each commander (the doctrine, ``noisy:0.2``,
``search`` at its default budget, ``random``): its CPU time per battle
(``time.process_time`` in this process, every side of the battle played by that
commander), its win rate against the doctrine and against random play, mirrored (the
same seeds with the commander on each side, so neither side's advantage counts), with
95 % Wilson intervals over the decided battles; and what a clone costs
(:meth:`ancients.battle.Battle.clone`) at the battle's middle, against playing the
battle. Draws are counted and left out of the rate.
"""

from __future__ import annotations

import argparse
import statistics
import time

import ancients
from ancients.commanders import named
from ancients.workbench.stats import wilson

RULESETS = ("raphia", "monks_corner", "burgess", "hoplomachia")
COMMANDERS = ("doctrine", "noisy:0.2", "search", "random")


def cpu_per_battle(spec: str, kind: str, battles: int) -> float:
    rs = ancients.ruleset(spec)
    sides = rs.scenario(None).sides
    factory = named(kind)
    times = []
    for seed in range(battles):
        battle = rs.new_battle(seed=seed, commanders={s: factory(rs, s) for s in sides})
        start = time.process_time()
        battle.run()
        times.append(time.process_time() - start)
    return statistics.median(times)


def mirrored(spec: str, kind: str, against: str, battles: int) -> tuple[int, int, int]:
    """(wins, losses, draws) of ``kind`` against ``against`` over ``battles`` seeds, each
    played once with ``kind`` on each side."""
    rs = ancients.ruleset(spec)
    sides = rs.scenario(None).sides
    wins = losses = draws = 0
    for seed in range(battles):
        for mine in sides:
            commanders = {s: named(kind if s == mine else against)(rs, s) for s in sides}
            outcome = rs.new_battle(seed=seed, commanders=commanders).run()
            if outcome.winner is None:
                draws += 1
            elif outcome.winner == mine:
                wins += 1
            else:
                losses += 1
    return wins, losses, draws


def clone_cost(spec: str, battles: int) -> tuple[float, float]:
    """Median ms of a clone at the battle's middle decision, and of the whole battle."""
    rs = ancients.ruleset(spec)
    clones, plays = [], []
    for seed in range(battles):
        start = time.process_time()
        whole = rs.new_battle(seed=seed)
        whole.run()
        plays.append(time.process_time() - start)
        half = len(whole.decisions) // 2
        battle = rs.new_battle(seed=seed)
        while len(battle.decisions) < half and not battle.finished:
            battle.step()
        start = time.process_time()
        battle.clone(reseed=1)
        clones.append(time.process_time() - start)
    return statistics.median(clones) * 1e3, statistics.median(plays) * 1e3


def rate(w: int, lost: int) -> str:
    if w + lost == 0:
        return "no decided battle"
    p, lo, hi = wilson(w, w + lost)
    return f"{p:6.1%} [{lo:.1%}, {hi:.1%}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--battles", type=int, default=400, help="mirrored seeds per pairing")
    parser.add_argument("--cpu-battles", type=int, default=10, help="battles timed per commander")
    parser.add_argument("--only", choices=RULESETS, action="append")
    parser.add_argument("--commanders", default=",".join(COMMANDERS))
    args = parser.parse_args()
    kinds = args.commanders.split(",")
    for spec in args.only or RULESETS:
        clone_ms, play_ms = clone_cost(spec, args.cpu_battles)
        print(f"\n{spec} ({ancients.ruleset(spec).scenario(None).name}): a clone at the "
              f"middle decision {clone_ms:.1f} ms, a whole battle {play_ms:.0f} ms")
        doctrine_cpu = cpu_per_battle(spec, "doctrine", args.cpu_battles)
        print(f"  {'commander':<10} {'CPU/battle':>11} {'x doctrine':>10}  "
              f"{'vs doctrine (mirrored)':<34} {'vs random (mirrored)':<34}")
        for kind in kinds:
            cpu = doctrine_cpu if kind == "doctrine" else cpu_per_battle(
                spec, kind, args.cpu_battles)
            cells = []
            for against in ("doctrine", "random"):
                if kind == against:
                    cells.append("(itself)")
                    continue
                w, lost, d = mirrored(spec, kind, against, args.battles)
                cells.append(f"{rate(w, lost)} {d} drawn")
            print(f"  {kind:<10} {cpu * 1e3:9.0f} ms {cpu / doctrine_cpu:9.1f}x  "
                  f"{cells[0]:<34} {cells[1]:<34}", flush=True)


if __name__ == "__main__":
    main()
