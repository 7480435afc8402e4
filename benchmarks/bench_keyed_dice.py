"""How much keyed dice pair a variant's battles with its baseline's (run on demand;
``--markdown docs/workbench.md`` writes the table there, stamped with the date, the rules
revisions and the scenarios).

    python benchmarks/bench_keyed_dice.py                 # 160 paired battles, seed 11
    python benchmarks/bench_keyed_dice.py --markdown docs/workbench.md
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
import textwrap
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


#: what each variant is, as the docs' table says it
LABELS = {
    "raphia(combat_table.7.1/1=T)": "one table entry: roll 7 at 1/1, − → T",
    "raphia(egyptian_morale=championship)": "an option",
    "raphia(edition=1990)": "an edition",
    "monks_corner(phalanx.reform.need=5)": "one table entry: re-forming needs 5 or more",
    "monks_corner(melee_opponents=contact)": "an option",
    "monks_corner(allies_follow_unformed=false)": "it has no editions: a reading of "
                                                  "Movement 3",
    "burgess(troops.armour.unarmoured_infantry.value=2)": "one table entry: unarmoured "
                                                          "infantry's melee value",
    "burgess(casualty_count=continue)": "an option",
    "burgess(elephants=tempered)": "the milder elephant rules",
    "hoplomachia(cards.card.athenian.andreia=9)": "one card entry: the Athenian hoplites' "
                                                  "Andreia",
    "hoplomachia(shield_momentum=attacker)": "an option",
    "hoplomachia(precedence_flank=choose)": "a reading of the Arete sequence",
}
BEGIN = "<!-- begin: keyed dice (python benchmarks/bench_keyed_dice.py --markdown FILE) -->"
END = "<!-- end: keyed dice -->"


def measure(runs: int, seed: int, jobs: int, only: list[str] | None = None
            ) -> tuple[list[tuple[str, bool, float, float, str]], dict[str, tuple[int, str]]]:
    """Each variant's ``(spec, keyed, correlation, gain, how the first side's win rate
    moved)`` and each ruleset's ``(rules revision, scenario)``."""
    import ancients
    from ancients.simulate import compare

    rows = []
    stamps = {}
    with tempfile.TemporaryDirectory() as tmp:
        table = variants(Path(tmp))
        for base, specs in table.items():
            if only and base not in only:
                continue
            rs = ancients.ruleset(base)
            stamps[base] = (rs.revision, rs.default_scenario)
            for keyed in (False, True):
                with ProcessPoolExecutor(jobs, initializer=_set_keyed,
                                         initargs=(keyed,)) as pool:
                    _set_keyed(keyed)
                    cmp = compare([base, *(s for s, _ in specs)], runs=runs, seed=seed,
                                  jobs=pool)
                _set_keyed(False)
                side = cmp[base].sides[0]
                x = (cmp[base].winner == 0).astype(float)
                for spec, _ in specs:
                    y = (cmp[str(ancients.ruleset(spec))].winner == 0).astype(float)
                    corr = float(np.corrcoef(x, y)[0, 1]) if x.std() and y.std() else float("nan")
                    paired = float(np.var(y - x))
                    gain = (float(np.var(x) + np.var(y)) / paired) if paired else float("inf")
                    rows.append((spec, keyed, corr, gain,
                                 f"{side} wins {x.mean():.0%} -> {y.mean():.0%}"))
    return rows, stamps


def _cell(corr: float, gain: float) -> str:
    c = "—" if corr != corr else f"{corr:.2f}"
    g = "—" if gain == float("inf") else f"{gain:.1f}×"
    return f"{c}, {g}"


def markdown(rows: list[tuple[str, bool, float, float, str]],
             stamps: dict[str, tuple[int, str]], runs: int, seed: int, day: str) -> str:
    """The docs' table, stamped with the date, the rules revisions and the scenarios."""
    revisions = ", ".join(f"{name} rules revision {rev} on `{sc}`"
                          for name, (rev, sc) in stamps.items())
    cells = {(spec, keyed): _cell(corr, gain) for spec, keyed, corr, gain, _ in rows}
    specs = list(dict.fromkeys(spec for spec, *_ in rows))
    lines = [BEGIN, textwrap.fill(
             f"Measured with `python benchmarks/bench_keyed_dice.py --markdown FILE` ({runs} "
             f"paired battles, seed {seed}, doctrine commanders, on {day}; {revisions}): the "
             "correlation of the first side's win indicator between baseline and variant, "
             "and how many times fewer battles the paired comparison needs for the same "
             "interval width on the difference than two independent runs, "
             "`(var x + var y) / var(y − x)` (—: no battle changed winner):", 88),
             "", "| variant | sequential dice | keyed dice |", "|---|---|---|"]
    for spec in specs:
        lines.append(f"| `{spec}` ({LABELS.get(spec, '')}) | {cells[(spec, False)]} | "
                     f"{cells[(spec, True)]} |")
    lines.append(END)
    return "\n".join(lines)


def replace_between(text: str, block: str) -> str:
    """``text`` with the part between :data:`BEGIN` and :data:`END` replaced by
    ``block`` (which holds both markers)."""
    if BEGIN not in text or END not in text:
        raise SystemExit(f"the page has no {BEGIN!r} ... {END!r} part to replace")
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    return head + block + tail


def main() -> None:
    import datetime

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", "--runs", type=int, default=160)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("-r", "--ruleset", action="append", help="only this ruleset (repeatable)")
    ap.add_argument("--markdown", type=Path, metavar="FILE",
                    help="replace the table in FILE (docs/workbench.md) with this run's")
    args = ap.parse_args()
    rows, stamps = measure(args.runs, args.seed, args.jobs, args.ruleset)
    print(f"{args.runs} paired battles each, seed {args.seed}, doctrine commanders; first "
          "side's win indicator")
    for spec, keyed, corr, gain, moved in rows:
        print(f"{spec:<52} {'keyed' if keyed else 'sequential':<10} {corr:6.2f} "
              f"{gain:13.1f}x   ({moved})")
    if args.markdown is not None:
        day = datetime.datetime.now(datetime.UTC).date().isoformat()
        block = markdown(rows, stamps, args.runs, args.seed, day)
        text = args.markdown.read_text(encoding="utf-8")
        args.markdown.write_text(replace_between(text, block), encoding="utf-8")
        print(f"table: {args.markdown}")


if __name__ == "__main__":
    main()
