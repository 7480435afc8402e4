"""The sequence of play (Hoplomachia, Sequence): the Command Strophe (Salpinx and
Commands), the Action Strophe (automatic moves; offensive belos; epidromos declarations
and moves; defensive belos; marches and approaches; melee, epidromoi then othismoi)
and the Katastrophe (casualty rolls, taxis checks, the test for Nike)."""

from __future__ import annotations

from collections.abc import Generator, Hashable

from ancients.battle import Decision, Outcome, Phase
from ancients.hoplomachia.charges import epidromos_phase
from ancients.hoplomachia.combat import melee_phase
from ancients.hoplomachia.fire import belos_phase
from ancients.hoplomachia.flight import automatic_moves
from ancients.hoplomachia.katastrophe import katastrophe
from ancients.hoplomachia.manoeuvre import arrivals, ask_moves, movers, recovery
from ancients.hoplomachia.precedence import alternate, precedence
from ancients.hoplomachia.signals import command_strophe
from ancients.hoplomachia.state import State, TurnRecord

__all__ = ["PHASES", "game_turn"]

Turn = Generator[Decision | Phase, Hashable, Outcome | None]
Steps = Generator[Decision | Phase, Hashable, None]

#: the phases of a turn, in order
PHASES = ("command strophe", "automatic moves", "offensive belos", "epidromos",
          "defensive belos", "marches and approaches", "melee", "katastrophe")


def game_turn(state: State) -> Turn:
    """One turn (the battle sets ``state.turn``); the outcome if the battle ends in it."""
    state.record = TurnRecord()
    yield Phase("command strophe")
    arrivals(state)
    first = precedence(state, "command strophe")
    yield from command_strophe(state, first)
    yield Phase("automatic moves")
    yield from automatic_moves(state)
    yield Phase("offensive belos")
    yield from belos_phase(state)
    yield Phase("epidromos")
    yield from epidromos_phase(state)
    yield Phase("defensive belos")
    yield from belos_phase(state, defensive=True)
    yield Phase("marches and approaches")
    yield from marches(state)
    recovery(state)
    yield Phase("melee")
    yield from melee_phase(state)
    yield Phase("katastrophe")
    done = yield from katastrophe(state)
    return done


def marches(state: State) -> Steps:
    """Hoplomachia, Action Strophe: marches and approaches, taxis by taxis in the Arete
    sequence."""
    divisions = [d for d in state.divisions.values() if movers(state, d)]
    if not divisions:
        return
    ordered = yield from alternate(state, "marches and approaches", divisions)
    yield from ask_moves(state, ordered)
