"""The ruleset's own invariants, checked after every step by the conformance suite."""

from __future__ import annotations

from collections.abc import Iterator

from ancients.hoplomachia.state import State

__all__ = ["invariants"]


def invariants(state: State) -> Iterator[str]:
    """Each army's Arete matches its nation's track and its record of changes; a piece
    keeps its stands' figures (fire never removes one, nor does anything else: pieces
    are lost whole); pieces on the table lie wholly on it and no two overlap; only
    disciplined troops are disarrayed; each side has at most one living Hegemon."""
    for side, army in state.armies.items():
        track = state.rules.arete.track(army.nation)
        if army.arete.track != track:
            yield f"{side}'s Arete is not on its nation's track"
        if sum(e.points for e in army.arete.history) != army.arete.points:
            yield f"{side}'s Arete points do not add up to its record"
        if army.arete.level is not track.level(army.arete.points):
            yield f"{side}'s Arete level does not match its points"
        if sum(1 for s in state.strategoi if s.side == side and s.alive and s.hegemon) > 1:
            yield f"{side} has more than one Hegemon"
    org = state.rules.cards.organisation
    for p in state.pieces:
        if p.figures != p.stands * org[p.category].figures:
            yield f"{p.id} has {p.figures} figures for {p.stands} stands"
        if p.disarrayed and not p.card.disciplined:
            yield f"{p.id} is disarrayed but fights in No Files"
        if p.on_table and not state.table.contains(p.block):
            yield f"{p.id} has left the table"
    present = state.present()
    for i, a in enumerate(present):
        for b in present[i + 1:]:
            if a.block.overlaps(b.block):
                yield f"{a.id} and {b.id} overlap"
