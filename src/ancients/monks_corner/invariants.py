"""The ruleset's own invariants, checked after every step by the conformance suite."""

from __future__ import annotations

from collections.abc import Iterator

from ancients.monks_corner.state import State
from ancients.units import Condition

__all__ = ["invariants"]


def invariants(state: State) -> Iterator[str]:
    """Figures never increase; a formed phalanx always has a legal shape (one rank deep is
    legal: Morale 3 lets a phalanx stay so out of melee, ``single_rank_in_melee`` in it);
    no two units on the table overlap and none leaves it; a broken phalanx is off the
    table."""
    present = state.present()
    for u in state.pieces:
        if u.figures > u.start_figures or (u.ranks > u.start_ranks and u.ranks > 2):
            yield f"{u.id} has more figures or ranks than it began with"
        if u.on_table:
            if u.figures <= 0:
                yield f"{u.id} is on the table with no figures"
            if not state.table.contains(u.block):
                yield f"{u.id} has left the table"
            if u.is_phalanx and u.formed and not u.legal_formed_shape(single_rank_ok=True):
                yield (f"formed phalanx {u.id} has an illegal shape: {u.ranks} ranks of "
                       f"{u.files}, rear {u.rear}, block {u.block.ranks}x{u.block.files}")
            if not u.is_phalanx and u.formed:
                yield f"{u.id} is formed but not a phalanx"
        elif u.condition is Condition.LEFT_FIELD and not u.is_phalanx:
            yield f"{u.id} left the field but only phalanxes break"
        if u.condition is Condition.LEFT_FIELD and u.view().position is not None:
            yield f"broken phalanx {u.id} is still on the table"
    for i, a in enumerate(present):
        for b in present[i + 1:]:
            if a.block.overlaps(b.block):
                yield f"{a.id} and {b.id} overlap"
