"""The end of the battle: an army whose phalanxes are all broken or have failed to re-form
withdraws (Monk's Corner, Phalanxes 4); at the turn limit the battle is scored."""

from __future__ import annotations

from ancients.battle import Outcome
from ancients.monks_corner.state import State
from ancients.monks_corner.troops import Unit

__all__ = [
    "army_withdraws",
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
    gone = [s for s in state.sides if army_withdraws(state, s)]
    if len(gone) == 2:
        return outcome(state, None, "both armies withdrew")
    if gone:
        return outcome(state, state.enemy_of(gone[0]), "army withdrew")
    if not final:
        return None
    points = score(state)
    a, b = state.sides
    winner = None if points[a] == points[b] else (a if points[a] > points[b] else b)
    return outcome(state, winner, "turn limit")
