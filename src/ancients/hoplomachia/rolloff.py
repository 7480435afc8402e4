"""Roll-offs: every candidate rolls the same dice plus its own modifier; the highest
total wins, ties are rolled again among the tied (the Hegemon's vote, the Arete
sequence's roll). Exact odds by solving the re-rolls. General: a candidate for the core.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from itertools import combinations

from ancients.dice import Dice, DiceSpec, pmf
from ancients.hoplomachia._tables import require

__all__ = ["roll_off", "roll_off_odds"]


def roll_off(modifiers: Sequence[int], dice_spec: DiceSpec, dice: Dice,
             names: Sequence[str]) -> int:
    """The index of the winner among candidates with these modifiers; each roll's reason
    names its candidate (``names``)."""
    require(len(modifiers) >= 1 and len(names) == len(modifiers),
            "a roll-off needs at least one candidate and a name for each")
    alive = list(range(len(modifiers)))
    while len(alive) > 1:
        totals = {i: dice.roll(dice_spec, names[i]) + modifiers[i] for i in alive}
        best = max(totals.values())
        alive = [i for i in alive if totals[i] == best]
    return alive[0]


def roll_off_odds(modifiers: Sequence[int], dice_spec: DiceSpec) -> tuple[Fraction, ...]:
    """Exact probability that each candidate wins the roll-off."""
    require(len(modifiers) >= 1, "a roll-off needs at least one candidate")
    return _odds(tuple(modifiers), dice_spec)


@cache
def _odds(mods: tuple[int, ...], spec: DiceSpec) -> tuple[Fraction, ...]:
    n = len(mods)
    dist = pmf(spec)
    win: dict[tuple[int, ...], dict[int, Fraction]] = {}
    # smaller sets first: a set's re-roll outcomes are its subsets
    for size in range(1, n + 1):
        for group in combinations(range(n), size):
            if size == 1:
                win[group] = {group[0]: Fraction(1)}
                continue
            outcome = _maximisers(group, mods, dist)
            stay = outcome.get(group, Fraction(0))
            result: dict[int, Fraction] = {}
            for i in group:
                p = sum((q * win[sub].get(i, Fraction(0))
                         for sub, q in outcome.items() if sub != group), Fraction(0))
                result[i] = p / (1 - stay)
            win[group] = result
    everyone = tuple(range(n))
    return tuple(win[everyone][i] for i in everyone)


def _maximisers(group: tuple[int, ...], mods: tuple[int, ...],
                dist: dict[int, Fraction]) -> dict[tuple[int, ...], Fraction]:
    """P(the set of candidates with the highest total is S), for each S within group."""
    totals = {i: {t + mods[i]: p for t, p in dist.items()} for i in group}
    levels = sorted({t for d in totals.values() for t in d})
    out: dict[tuple[int, ...], Fraction] = {}
    for top in levels:
        for size in range(1, len(group) + 1):
            for sub in combinations(group, size):
                p = Fraction(1)
                for i in group:
                    if i in sub:
                        p *= totals[i].get(top, Fraction(0))
                    else:
                        p *= sum((q for t, q in totals[i].items() if t < top), Fraction(0))
                    if not p:
                        break
                if p:
                    out[sub] = out.get(sub, Fraction(0)) + p
    return out
