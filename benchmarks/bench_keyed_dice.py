"""How much keyed dice pair a variant's battles with its baseline's (run on demand; the
figures go to docs/workbench.md).

    python benchmarks/bench_keyed_dice.py                 # 160 paired battles, seed 11
    python benchmarks/bench_keyed_dice.py -n 400 --seed 3 -j 2
    python benchmarks/bench_keyed_dice.py -r burgess -r hoplomachia

For each ruleset, three variants (one table entry, one option, an edition or the nearest
thing the ruleset has) are played on the same battles as the baseline with doctrine
commanders, once with sequential dice and once with keyed dice
(``ancients.battle.Battle.keyed_dice``, set in every worker process too). For the first
side's win indicator it prints the correlation between baseline and variant and the
factor by which pairing cuts the battles needed for one interval width on the
difference: ``(var(x) + var(y)) / var(y - x)`` (independent runs against paired ones).
"""

from __future__ import annotations

import argparse
import tempfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np


def _set_keyed(keyed: bool) -> None:
    from ancients.battle import Battle

    Battle.keyed_dice = keyed


def variants(folder: Path) -> dict[str, list[tuple[str, str]]]:
    return {
        "raphia": [("raphia(combat_table.7.1/1=T)", "combat table roll 7 at 1/1: - -> T"),
                   ("raphia(egyptian_morale=championship)", "option egyptian_morale"),
                   ("raphia(edition=1990)", "edition 1990")],
        "monks_corner": [("monks_corner(phalanx.reform.need=5)",
                          "re-forming a phalanx needs 5 or more (was 4)"),
                         ("monks_corner(melee_opponents=contact)", "option melee_opponents"),
                         ("monks_corner(allies_follow_unformed=false)",
                          "Movement 3 reading (no editions)")],
        "burgess": [("burgess(troops.armour.unarmoured_infantry.value=2)",
                     "unarmoured infantry's melee value 2 (was 1)"),
                    ("burgess(casualty_count=continue)", "option casualty_count"),
                    ("burgess(elephants=tempered)", "the tempered elephant rules")],
        "hoplomachia": [("hoplomachia(cards.card.athenian.andreia=9)",
                         "Athenian hoplites' Andreia 9 (was 8)"),
                        ("hoplomachia(shield_momentum=attacker)", "option shield_momentum"),
                        ("hoplomachia(precedence_flank=choose)",
                         "Arete sequence reading (no editions)")],
    }


def measure(runs: int, seed: int, jobs: int, only: list[str] | None = None) -> None:
    import ancients
    from ancients.simulate import compare

    with tempfile.TemporaryDirectory() as tmp:
        table = variants(Path(tmp))
        print(f"{runs} paired battles each, seed {seed}, doctrine commanders; first side's "
              "win indicator")
        print(f"{'variant':<48} {'dice':<10} {'corr':>6} {'fewer battles':>14}")
        for base, specs in table.items():
            if only and base not in only:
                continue
            for keyed in (False, True):
                with ProcessPoolExecutor(jobs, initializer=_set_keyed,
                                         initargs=(keyed,)) as pool:
                    _set_keyed(keyed)
                    cmp = compare([base, *(s for s, _ in specs)], runs=runs, seed=seed,
                                  jobs=pool)
                _set_keyed(False)
                side = cmp[base].sides[0]
                x = (cmp[base].winner == 0).astype(float)
                for spec, label in specs:
                    y = (cmp[str(ancients.ruleset(spec))].winner == 0).astype(float)
                    corr = float(np.corrcoef(x, y)[0, 1]) if x.std() and y.std() else float("nan")
                    paired = float(np.var(y - x))
                    gain = (float(np.var(x) + np.var(y)) / paired) if paired else float("inf")
                    print(f"{base + ': ' + label:<48} {'keyed' if keyed else 'sequential':<10} "
                          f"{corr:6.2f} {gain:13.1f}x   ({side} wins {x.mean():.0%} -> "
                          f"{y.mean():.0%})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", "--runs", type=int, default=160)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("-r", "--ruleset", action="append", help="only this ruleset (repeatable)")
    args = ap.parse_args()
    measure(args.runs, args.seed, args.jobs, args.ruleset)


if __name__ == "__main__":
    main()
