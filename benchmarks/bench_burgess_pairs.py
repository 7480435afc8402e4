"""Where paired Burgess battles part (run on demand; the figures go to
docs/rulesets/burgess.md).

    python benchmarks/bench_burgess_pairs.py [-n 200] [--variant SPEC] [--scenario NAME]
                                             [--commander doctrine|noisy:0.1|...]

Plays the baseline (``burgess``) and the variant on the same seeds with the same
commanders and keyed dice (the battles' own), recording every decision (where in the log
it was asked, its kind, unit, options and answer), and finds where each pair parts:

* ``plan``: a decision came first, with the same options, answered otherwise: the
  commander met the variant's numbers with another plan (the doctrine reads the tables:
  melee values, ranges, saves);
* ``menu``: a decision came first, offering other options;
* ``rule: KIND``: an event came first, the baseline's of kind KIND differing in its
  message or its dice: the variant's rule at work;
* ``never``: the two logs and decisions are the same.

Prints each class's count, the median turn of parting, the share of pairs whose winners
differ, and the factor by which pairing cuts the battles needed for the first side's win
rate (``(var(x) + var(y)) / var(y - x)``, as ``bench_keyed_dice.py``).
"""

from __future__ import annotations

import argparse
import collections
import statistics
from collections.abc import Hashable, Sequence

import attrs

import ancients
from ancients.battle import Battle, Commander, Decision
from ancients.commanders import named
from ancients.events import Event


@attrs.define
class Recorder:
    """A commander that answers as ``base`` does and writes each decision down."""

    base: Commander
    asked: list[tuple[int, tuple[Hashable, ...]]] = attrs.field(factory=list)

    def decide(self, battle: Battle, decision: Decision) -> Hashable:
        choice = self.base.decide(battle, decision)
        self.asked.append((len(battle.log), (str(decision.kind), decision.unit,
                                             tuple(map(str, decision.options)), str(choice))))
        return choice


def parting(a: Sequence[Event], b: Sequence[Event],
            asked_a: Sequence[tuple[int, tuple[Hashable, ...]]],
            asked_b: Sequence[tuple[int, tuple[Hashable, ...]]]) -> tuple[str, int]:
    """Where logs ``a`` and ``b`` (and their decisions) first differ: the class (see the
    module) and the turn."""
    event = next((i for i, (x, y) in enumerate(zip(a, b, strict=False))
                  if (x.kind, x.message, x.rolls) != (y.kind, y.message, y.rolls)),
                 None if len(a) == len(b) else min(len(a), len(b)))
    asked = next(((x, y) for x, y in zip(asked_a, asked_b, strict=False) if x != y), None)
    if asked is not None and (event is None or asked[0][0] <= event):
        (at, (kind, unit, options, _)), (_, (kind_b, unit_b, options_b, _)) = asked
        turn = a[at - 1].turn if at else 0
        same = (kind, unit, options) == (kind_b, unit_b, options_b)
        return ("plan" if same else "menu") + f": {kind}", turn
    if event is None:
        return "never", 0
    if event >= min(len(a), len(b)):
        return "rule: the log ends", a[-1].turn
    return f"rule: {a[event].kind}", a[event].turn


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=200)
    ap.add_argument("--variant", default="burgess(troops.armour.unarmoured_infantry.value=2)")
    ap.add_argument("--scenario", default="zama-202bc")
    ap.add_argument("--commander", default="doctrine",
                    help="doctrine, or a name of ancients.commanders.named (noisy:0.1, ...)")
    a = ap.parse_args()
    base, variant = ancients.ruleset("burgess"), ancients.ruleset(a.variant)
    classes: collections.Counter[str] = collections.Counter()
    kinds: collections.Counter[str] = collections.Counter()
    turns: list[int] = []
    winners = 0
    won_pairs: list[tuple[str | None, str | None]] = []
    first = base.scenario(a.scenario).sides[0]
    for seed in range(a.n):
        logs, asked, won = [], [], []
        for rs in (base, variant):
            sc = rs.scenario(a.scenario)
            shared: list[tuple[int, tuple[Hashable, ...]]] = []  # both sides', in order
            recorders = {side: Recorder(rs.doctrine_commander(side) if a.commander ==
                                        "doctrine" else named(a.commander)(rs, side), shared)
                         for side in sc.sides}
            commanders: dict[str, Commander | None] = dict(recorders)
            battle = rs.new_battle(sc, seed=seed, commanders=commanders)
            outcome = battle.run()
            logs.append(battle.log)
            asked.append(shared)
            won.append(outcome.winner)
        what, turn = parting(logs[0], logs[1], asked[0], asked[1])
        classes[what.split(":")[0]] += 1
        if what != "never":
            turns.append(turn)
            kinds[what] += 1
        winners += won[0] != won[1]
        won_pairs.append((won[0], won[1]))
    print(f"{a.n} pairs, {a.scenario}, burgess against {a.variant}, {a.commander} "
          "commanders, keyed dice")
    for what in ("plan", "menu", "rule", "never"):
        print(f"  {what:<6} {classes[what]:>4}  ({classes[what] / a.n:.0%})")
    if turns:
        print(f"  median turn of parting {statistics.median(turns):g} "
              f"(first {min(turns)}, last {max(turns)})")
    print("  most common partings: " + "; ".join(f"{k} {n}" for k, n in kinds.most_common(8)))
    print(f"  winners differ in {winners} of {a.n} pairs ({winners / a.n:.0%})")
    x = [float(w == first) for w, _ in won_pairs]
    y = [float(w == first) for _, w in won_pairs]
    paired = statistics.pvariance([b - a for a, b in zip(x, y, strict=True)])
    alone = statistics.pvariance(x) + statistics.pvariance(y)
    print(f"  the first side's win: {alone / paired if paired else float('inf'):.2f}x fewer "
          "battles paired than independent ((var x + var y) / var(y - x))")


if __name__ == "__main__":
    main()
