"""The Arete sequence in play: which side has precedence in a phase (level, then points,
then a Crafty Hegemon, then a roll), and the order in which divisions act: from one end
of the line to the other, starting on the precedence side's right flank (or the flank
it chooses), taxis by taxis, alternately."""

from __future__ import annotations

from collections.abc import Generator, Hashable, Sequence

from ancients.battle import Decision, Phase
from ancients.hoplomachia.arete import arete_sequence
from ancients.hoplomachia.decisions import Kind, Word
from ancients.hoplomachia.geometry import line_order
from ancients.hoplomachia.pieces import Division
from ancients.hoplomachia.state import State
from ancients.tabletop import bearing

__all__ = ["LEFT", "RIGHT", "alternate", "front_of", "precedence", "sequence_order"]

RIGHT, LEFT = Word("right flank"), Word("left flank")


def precedence(state: State, phase: str) -> str:
    """Hoplomachia, Arete sequence: the side with precedence for this phase (fixed for
    the phase even if Arete changes in it)."""
    tracks = [state.armies[s].arete for s in state.sides]
    crafty = []
    for s in state.sides:
        h = state.hegemon(s)
        crafty.append(h is not None and state.rules.strategoi.effect(h.character).precedence)
    i = arete_sequence(tracks, crafty, state.rules.arete, state.dice, state.sides,
                       state.opts.crafty_precedence)
    side = state.sides[i]
    state.emit("precedence", f"{state.armies[side].title}: precedence in the {phase}",
               side=side, phase=phase,
               arete={s: state.armies[s].arete.points for s in state.sides})
    return side


def front_of(state: State, side: str) -> float:
    """The bearing an army faces: from the centre of its pieces to the enemy's."""
    a, b = _centre(state, side), _centre(state, state.enemy_of(side))
    if a == b:
        return 0.0 if side == state.sides[0] else 180.0
    return bearing(a, b)


def _centre(state: State, side: str) -> tuple[float, float]:
    """The mean centre of the side's pieces on the table (of all of them, if none is):
    kept until one of its pieces changes."""
    def compute() -> tuple[float, float]:
        ps = state.present(side) or list(state.pieces_of(side))
        xs = [p.block.centre[0] for p in ps]
        ys = [p.block.centre[1] for p in ps]
        return (sum(xs) / len(xs), sum(ys) / len(ys))
    found: tuple[float, float] = state.of_side(side, "centre", compute)
    return found


def sequence_order(state: State, first: str, divisions: Sequence[Division],
                   from_left: bool = False) -> list[Division]:
    """``divisions`` (of both sides) in the Arete sequence: along the line from the
    precedence side's right flank (``from_left``: its left), that side's first, then
    the other's next in that direction, and so on alternately."""
    facing = front_of(state, first)
    placed = {d.id: [p.block for p in state.members(d, present=False) if p.on_table]
              for d in divisions}
    bodies = [(d.id, placed[d.id]) for d in divisions if placed[d.id]]
    order = line_order(bodies, facing)
    if from_left:
        order.reverse()
    by_id = {d.id: d for d in divisions}
    mine = [by_id[k] for k in order if by_id[k].side == first]
    theirs = [by_id[k] for k in order if by_id[k].side != first]
    out: list[Division] = []
    for i in range(max(len(mine), len(theirs))):
        if i < len(mine):
            out.append(mine[i])
        if i < len(theirs):
            out.append(theirs[i])
    return out


def alternate(state: State, phase: str, divisions: Sequence[Division]
              ) -> Generator[Decision | Phase, Hashable, list[Division]]:
    """The precedence side for the phase, its choice of flank (``precedence_flank =
    choose``), and the divisions in the Arete sequence."""
    first = precedence(state, phase)
    from_left = False
    if state.opts.precedence_flank == "choose" and divisions:
        choice = yield Decision(first, Kind.FLANK, (RIGHT, LEFT),
                                prompt=f"the flank the {phase} starts from")
        from_left = choice == LEFT
    return sequence_order(state, first, divisions, from_left)
