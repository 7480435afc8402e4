"""The end of a battle on the table: each side as the victory rules read it (the units it
began with and those lost, its figures, its C-in-C and the test every unit then took),
the verdict (victory.toml: an army broken; the turn limit), the score and the standing."""

from __future__ import annotations

from ancients.battle import Outcome
from ancients.burgess.state import State
from ancients.burgess.victory import Army, verdict

__all__ = ["army", "outcome", "score", "standing", "verdict_now"]


def army(state: State, side: str) -> Army:
    """``side`` as the victory rules read it: a unit it began with (elephants and war
    engines apart, victory.toml) is lost when it is running, destroyed, cut down,
    captured or off the table."""
    every = state.originals(side)
    uncounted = state.rules.victory.uncounted
    originals = [p for p in every if p.troop not in uncounted] or every
    lost = sum(1 for p in originals if not p.on_table or p.running)
    start, now = state.figures(side)
    return Army(side, len(originals), lost, start, now, state.c_in_c_lost[side],
                state.c_in_c_tested[side], state.c_in_c_failed[side])


def score(state: State) -> dict[str, float]:
    """Each side's points: the enemy figures it has taken off the table (killed, captured
    or routed off)."""
    out = {}
    for side in state.sides:
        start, now = state.figures(state.enemy_of(side))
        out[side] = float(start - now)
    return out


def standing(state: State) -> dict[str, float]:
    """Each side's figures on the table as a fraction of its starting figures: the
    measure of the turn limit's result (victory.toml)."""
    out = {}
    for side in state.sides:
        start, now = state.figures(side)
        out[side] = now / start if start else 0.0
    return out


def outcome(state: State, winner: str | None, reason: str) -> Outcome:
    return Outcome.from_units(winner=winner, reason=reason, turns=state.turn,
                              sides=state.sides, units=state.views(), score=score(state))


def verdict_now(state: State, final: bool = False) -> Outcome | None:
    """The outcome if the battle is over now (``final``: at the turn limit)."""
    found = verdict([army(state, s) for s in state.sides], at_turn_limit=final,
                    rules=state.rules.victory)
    if found is None:
        return None
    return outcome(state, found.winner, found.reason)
