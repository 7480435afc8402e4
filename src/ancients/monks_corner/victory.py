"""The end of the battle: an army whose phalanxes are all broken or have failed to re-form
withdraws (Monk's Corner, Phalanxes 4); an army with nothing left on the table has lost
at once; at the turn limit the battle is scored."""

from __future__ import annotations

from ancients.battle import Outcome
from ancients.monks_corner.state import State
from ancients.monks_corner.troops import Unit

__all__ = [
    "army_withdraws",
    "gone",
    "nothing_left",
    "out_of_action",
    "outcome",
    "score",
    "verdict",
]

def out_of_action(unit: Unit) -> bool:
    """A phalanx broken (or destroyed), or one that failed to re-form."""
    return unit.is_phalanx and (not unit.on_table or (unit.reform_failed and not unit.formed))


def army_withdraws(state: State, side: str) -> bool:
    """Monk's Corner, Phalanxes 4 (only for an army that has phalanxes)."""
    phalanxes = [u for u in state.pieces if u.side == side and u.is_phalanx]
    return bool(phalanxes) and all(out_of_action(u) for u in phalanxes)


def nothing_left(state: State, side: str) -> bool:
    """No unit of ``side`` is on the table: the battle is over (added: the text ends a
    battle only by Phalanxes 4, which an army of no phalanxes never meets)."""
    return not any(u.on_table for u in state.pieces if u.side == side)


def gone(state: State) -> Outcome | None:
    """The outcome if a side has nothing left on the table (both at once, or one gone
    while the other withdraws: a draw)."""
    lost = [s for s in state.sides if nothing_left(state, s)]
    if not lost:
        return None
    if len(lost) == 2 or army_withdraws(state, state.enemy_of(lost[0])):
        return outcome(state, None, "both armies gone")
    return outcome(state, state.enemy_of(lost[0]), "no troops left")


def score(state: State) -> dict[str, float]:
    """Each side's points (reconstructed: ``victory.points``): enemy figures lost plus 6
    per enemy phalanx out of action."""
    rules = state.rules
    points = dict.fromkeys(state.sides, 0.0)
    for u in state.pieces:
        enemy = state.enemy_of(u.side)
        lost = u.start_figures - (u.figures if u.on_table else 0)
        points[enemy] += lost * rules.figure_points + (
            rules.phalanx_points if out_of_action(u) else 0.0)
    return points


def outcome(state: State, winner: str | None, reason: str) -> Outcome:
    return Outcome.from_units(winner=winner, reason=reason, turns=state.turn,
                              sides=state.sides, units=state.views(), score=score(state))


def verdict(state: State, final: bool = False) -> Outcome | None:
    """The outcome if the battle is over now (``final``: the turn limit is reached)."""
    withdrawn = [s for s in state.sides if army_withdraws(state, s)]
    if len(withdrawn) == 2:
        return outcome(state, None, "both armies withdrew")
    if not withdrawn or nothing_left(state, state.enemy_of(withdrawn[0])):
        ended = gone(state)
        if ended is not None:
            return ended
    if withdrawn:
        return outcome(state, state.enemy_of(withdrawn[0]), "army withdrew")
    if not final:
        return None
    points = score(state)
    a, b = state.sides
    winner = None if points[a] == points[b] else (a if points[a] > points[b] else b)
    return outcome(state, winner, "turn limit")
