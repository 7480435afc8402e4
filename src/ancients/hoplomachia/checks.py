"""Andreia checks in play: a division (or a piece) tests on the line its trigger reads,
with its army's Arete level, the Phobos of the enemy unit causing it, its strategos's
character and an Epilektoi unit's declared adjustment; the result is reported and
returned for the caller to carry out. Also the generic results every line shares
(disarray, worse, rout, evade)."""

from __future__ import annotations

from collections.abc import Generator, Hashable, Sequence

from ancients.battle import Decision, Phase
from ancients.hoplomachia.andreia import AndreiaOutcome, Trigger, check_for
from ancients.hoplomachia.decisions import Kind, Points
from ancients.hoplomachia.pieces import Division, Piece
from ancients.hoplomachia.state import State
from ancients.morale import Modifier

__all__ = ["Steps", "andreia", "epilektoi_adjustment"]

Steps = Generator[Decision | Phase, Hashable, None]


def epilektoi_adjustment(state: State, side: str, pieces: Sequence[Piece], what: str
                         ) -> Generator[Decision | Phase, Hashable, int]:
    """Hoplomachia, Epilektoi: units all of Epilektoi that have not adjusted a roll this
    turn may declare +1 or -1 before ``what`` is rolled (a decision); 0 otherwise."""
    ep = state.rules.cards.epilektoi
    if not pieces or not all(p.epilektoi and ep.allowed(int(p.epilektoi_turn == state.turn))
                             for p in pieces):
        return 0
    options = [Points(0), Points(-ep.adjustment), Points(ep.adjustment)]
    choice = yield Decision(side, Kind.EPILEKTOI, options, unit=pieces[0].id,
                            prompt=f"Epilektoi: adjust {what}")
    assert isinstance(choice, Points)
    if choice.value:
        for p in pieces:
            p.epilektoi_turn = state.turn
    return choice.value


def andreia(state: State, division: Division, trigger: Trigger, enemy: Piece | None = None,
            pieces: Sequence[Piece] | None = None, modifiers: Sequence[Modifier] = ()
            ) -> Generator[Decision | Phase, Hashable, AndreiaOutcome]:
    """Hoplomachia, Andreia: ``division`` (or its ``pieces``) takes the check ``trigger``
    causes (``enemy``: the enemy unit causing it)."""
    who = list(pieces) if pieces is not None else state.members(division)
    level = state.armies[division.side].arete.level
    general = state.strategos_of(division)
    effect = state.rules.strategoi.effect(general.character) if general else None
    adjust = yield from epilektoi_adjustment(state, division.side, who,
                                             f"{division.name}'s Andreia check")
    check = check_for(state.rules.andreia, division.card, trigger, level,
                      enemy=enemy.card if enemy is not None else None, strategos=effect,
                      epilektoi=state.rules.cards.epilektoi if adjust else None,
                      adjust=adjust, modifiers=modifiers)
    out = check.roll(state.dice, f"{division.id} ({trigger.value})")
    state.emit("andreia", f"{division.name}: {out}", side=division.side,
               units=tuple(p.id for p in who), division=division.id,
               trigger=str(trigger), line=str(check.line), level=str(level),
               target=check.target, roll=out.natural, total=out.total, passed=out.passed,
               result=str(out.result), enemy=enemy.id if enemy is not None else None)
    return out
