"""The ruleset's own invariants, checked after every step by the conformance suite."""

from __future__ import annotations

from collections.abc import Iterator

from ancients.burgess.state import State
from ancients.units import Condition

__all__ = ["invariants"]


def invariants(state: State) -> Iterator[str]:
    """Figures never increase (a piece's, and each side's: a part split off takes its
    figures with it); a piece on the table has figures and a block of its shape; no two
    pieces on the table overlap and none leaves it but by routing off; a lost piece has
    no position; an elephant's crew never grows."""
    for side in state.sides:
        start, now = state.figures(side)
        if now > start:
            yield f"{side} has {now} figures on the table, more than its {start}"
    present = state.present()
    for p in state.pieces:
        if p.figures > p.start_figures:
            yield f"{p.id} has {p.figures} figures, more than the {p.start_figures} it began with"
        if p.on_table:
            if p.figures <= 0:
                yield f"{p.id} is on the table with no figures"
            if not state.table.contains(p.block):
                yield f"{p.id} has left the table"
            if (p.block.files, p.block.ranks) != (p.unit.files, p.unit.ranks):
                yield (f"{p.id}: its block is {p.block.files} x {p.block.ranks}, its figures "
                       f"{p.unit.files} files x {p.unit.ranks} ranks")
        elif p.condition is Condition.LEFT_FIELD and not p.running and p.view().position:
            yield f"{p.id} left the field but has a position"
        crew = p.unit.crew
        if crew is not None and crew.combatants > state.rules.elephants.combatants:
            yield f"{p.id}'s elephant has more combatants than it began with"
    for i, a in enumerate(present):
        for b in present[i + 1:]:
            if a.block.overlaps(b.block):
                yield f"{a.id} and {b.id} overlap"
