"""Deciding casualties on the table (Deciding casualties; Hand to hand C): figures removed
from a piece, counted off from the left of its first rank, its block closing up, the
officer, standard or C-in-C lost with their figures; a piece leaving the battle
(destroyed, captured, off the table) and its C-in-C lost (Morale)."""

from __future__ import annotations

from ancients.burgess.casualties import Removal, remove
from ancients.burgess.state import Piece, State
from ancients.burgess.troops import Unit
from ancients.tabletop import Block
from ancients.units import Condition

__all__ = ["counted", "lose", "remove_figures"]


def counted(n: int, singular: str, plural: str = "") -> str:
    """``n`` and the noun agreeing with it: "1 figure", "3 figures"."""
    return f"{n} {singular if n == 1 else plural or singular + 's'}"


def _reshaped(block: Block, unit: Unit) -> Block:
    """The block of ``unit`` (fewer files or ranks), front-centre and facing kept."""
    files, ranks = max(unit.files, 1), max(unit.ranks, 1)
    if (files, ranks) == (block.files, block.ranks):
        return block
    return block.derived(block.x, block.y, block.facing, files, ranks)


def lose(state: State, piece: Piece, condition: Condition, why: str) -> None:
    """The piece leaves the battle: destroyed, captured or off the table."""
    c_in_c = piece.unit.c_in_c is not None
    piece.condition = condition
    words = {Condition.ELIMINATED: "destroyed", Condition.CAPTURED: "captured",
             Condition.LEFT_FIELD: "routed off the table"}[condition]
    state.emit("lost", f"{piece.name}: {words} ({why})", side=piece.side, units=(piece.id,),
               unit=piece.id, condition=str(condition), reason=why)
    if c_in_c and condition is not Condition.LEFT_FIELD:
        _c_in_c_lost(state, piece, words)


def _c_in_c_lost(state: State, piece: Piece, how: str) -> None:
    if state.c_in_c_lost[piece.side]:
        return
    state.c_in_c_lost[piece.side] = True
    state.emit("c-in-c lost", f"{piece.name}: the C-in-C {how}", side=piece.side,
               units=(piece.id,), unit=piece.id)


def remove_figures(state: State, piece: Piece, figures: int, why: str,
                   melee: bool = False) -> Removal | None:
    """Remove ``figures`` casualties from the piece, counted off from the left of its first
    rank (Hand to hand C), its block closing up; the officer, standard or C-in-C lost with
    their figures (``melee``: the officer's loss is tested in the morale phase)."""
    n = min(figures, piece.figures)
    if n <= 0 or not piece.on_table:
        return None
    r = remove(piece.unit, n, state.dice, state.opts.casualty_count, state.rules.casualties)
    piece.unit = r.unit
    lost = [w for w, gone in (("officer", r.officer_lost), ("standard", r.standard_lost),
                              ("C-in-C", r.c_in_c_lost)) if gone]
    state.emit("casualties", f"{piece.name}: {counted(n, 'figure')} lost ({why})"
               + (f"; {', '.join(lost)} among them" if lost else ""),
               side=piece.side, units=(piece.id,), unit=piece.id, figures=n,
               removed=[list(x) for x in r.removed], left=piece.figures,
               files=r.unit.files, ranks=r.unit.ranks, lost=lost, reason=why)
    if r.unit.destroyed:
        lose(state, piece, Condition.ELIMINATED, why)
        return r
    piece.block = _reshaped(piece.block, r.unit)
    if r.officer_lost and melee:
        piece.officer_fell = True
    if r.c_in_c_lost:
        _c_in_c_lost(state, piece, "killed")
    return r
