"""Exact odds of the combat table: P(—), P(T), P(X) per column and die modifier, as data
and as the Markdown table published in ``docs/rulesets/raphia.md``."""

from __future__ import annotations

from fractions import Fraction

from ancients.dice import pmf
from ancients.raphia.tables import CombatTable

__all__ = ["MODIFIERS", "markdown", "odds"]

MODIFIERS = tuple(range(-4, 5))


def odds(table: CombatTable, column: int, modifier: int,
         x_to_t: bool = False) -> dict[str, Fraction]:
    """Exact probability of each result on 2d6 + ``modifier`` in ``column``."""
    out = {"-": Fraction(0), "T": Fraction(0), "X": Fraction(0)}
    for roll, p in pmf("2d6").items():
        r = table.result(column, roll + modifier)
        out["T" if (r == "X" and x_to_t) else r] += p
    return out


def markdown(table: CombatTable) -> str:
    """One row per modifier, one column per ratio; cells ``P(—)/P(T)/P(X)`` in 36ths."""
    head = "| modifier | " + " | ".join(table.columns) + " |"
    rule = "|---|" + "---|" * len(table.columns)
    rows = [head, rule]
    for m in MODIFIERS:
        cells = []
        for c in range(len(table.columns)):
            o = odds(table, c, m)
            cells.append("/".join(str(int(o[k] * 36)) for k in ("-", "T", "X")))
        rows.append(f"| {m:+d} | " + " | ".join(cells) + " |")
    return "\n".join(rows)
