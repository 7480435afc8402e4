"""The Hoplomachia battle: sets up the :class:`~.state.State` from the scenario (or
generates the set piece from the seed), prepares the armies before the battle
(Breakfast, Hieres and Rhetoria), plays the turns in the sequence of play (Hoplomachia,
Sequence: the Command Strophe, Salpinx and Commands; the Action Strophe, automatic
moves, offensive belos, epidromos declarations and moves, defensive belos, marches and
approaches, melee, epidromoi then othismoi; the Katastrophe, casualty rolls, taxis
checks, the test for Nike) and gives the core its hooks (views, standing, fingerprint,
picture)."""

from __future__ import annotations

from collections.abc import Generator, Hashable, Mapping, Sequence
from typing import TYPE_CHECKING

from ancients.battle import Battle, Commander, Decision, Engine, Outcome, Phase
from ancients.dice import Dice
from ancients.events import Event
from ancients.hoplomachia.charges import epidromos_phase
from ancients.hoplomachia.combat import melee_phase
from ancients.hoplomachia.fire import belos_phase
from ancients.hoplomachia.flight import automatic_moves
from ancients.hoplomachia.glossary import explain
from ancients.hoplomachia.katastrophe import katastrophe, nike, outcome
from ancients.hoplomachia.manoeuvre import arrivals, ask_moves, movers, recovery
from ancients.hoplomachia.options import HoplomachiaOptions
from ancients.hoplomachia.pieces import Army, Division, Piece, Status, Strategos
from ancients.hoplomachia.precedence import alternate, precedence
from ancients.hoplomachia.render import render
from ancients.hoplomachia.rules import HoplomachiaRules
from ancients.hoplomachia.scenario import Setup
from ancients.hoplomachia.signals import command_strophe
from ancients.hoplomachia.state import State, TurnRecord
from ancients.hoplomachia.stations import station_of
from ancients.hoplomachia.vocabulary import Role
from ancients.units import UnitView

if TYPE_CHECKING:
    from ancients.ruleset import Ruleset
    from ancients.scenario import Scenario

__all__ = ["PHASES", "HoplomachiaBattle", "game_turn", "prepare"]


class HoplomachiaBattle(Battle):
    """A battle under the Hoplomachia rules; ``state`` holds the pieces."""

    def __init__(self, ruleset: Ruleset, scenario: Scenario, seed: int = 0,
                 commanders: Mapping[str, Commander | None] | None = None) -> None:
        super().__init__(ruleset, scenario, seed, commanders)
        rules: HoplomachiaRules = ruleset.rules()  # type: ignore[attr-defined]
        opts: HoplomachiaOptions = ruleset.options
        setup: Setup = scenario.parsed
        if setup.generate is not None:
            from ancients.hoplomachia.generate import generate_setup

            which = setup.generate.seed if setup.generate.seed is not None else self.seed
            setup = generate_setup(rules, which, setup.generate.model,
                                   setup.generate.situation)
        self.setup = setup
        self.state = _build(rules, opts, setup, self.dice, self.weak_emit,
                            opts.turn_limit or setup.turn_limit)

    @property
    def by_id(self) -> Mapping[str, Piece]:
        return self.state.by_id

    # -- the core's hooks -------------------------------------------------------------
    def play(self) -> Engine:
        """The whole battle: the preparation, then turn by turn."""
        st = self.state
        yield Phase("preparation")
        for s in self.setup.sides:
            if s.preparation:
                prepare(st, s.name, self.setup.situation, s.role)
        for turn in range(1, st.turn_limit + 1):
            self.turn = st.turn = turn
            done = yield from game_turn(st)
            if done is not None:
                return done
        final = yield from nike(st, final=True)  # (the last Katastrophe already judged)
        return final if final is not None else outcome(st, None, "turn limit")

    def units(self) -> Sequence[UnitView]:
        return self.state.views()

    def standing(self) -> Mapping[str, float]:
        """Each army's Arete points (the rules' own measure of how it stands)."""
        return {s: float(self.state.armies[s].arete.points) for s in self.sides}

    def fingerprint(self) -> Hashable:
        return (super().fingerprint(), *self.state.fingerprint())

    def explain(self, event: Event) -> Mapping[str, str]:
        """The terms ``event``'s message uses that a reader may not know (:mod:`.glossary`)."""
        return explain(event)

    def to_svg(self) -> str:
        status = str(self.outcome) if self.outcome is not None else \
            f"turn {self.turn}, {self.phase}"
        return render(self.state, status, self.setup.title)


# -- before the battle -------------------------------------------------------------------
def prepare(state: State, side: str, situation: str | None, role: Role) -> None:
    """Hoplomachia, Preparation: Breakfast, Hieres and Rhetoria for one army."""
    rituals = state.rules.rituals
    army = state.armies[side]
    breakfast = rituals.breakfast.points_for(army.nation)
    state.emit("breakfast", f"{army.title}: breakfast", side=side, points=breakfast)
    state.gain(side, breakfast, "breakfast")
    target = rituals.hieres.target(situation, role)
    hieres = rituals.hieres.roll(target, state.dice, side)
    tries = f"{hieres.tries} tries" if hieres.tries else "every try failed"
    state.emit("hieres", f"{army.title}: the hieres ({tries} at {target})", side=side,
               target=target, tries=hieres.tries, rolls=list(hieres.rolls),
               points=hieres.points)
    state.gain(side, hieres.points, "the hieres")
    hegemon = state.hegemon(side)
    effect = state.rules.strategoi.effect(hegemon.character) if hegemon else None
    column = rituals.rhetoria.column(army.nation, effect)
    points = rituals.rhetoria.roll(army.nation, effect, state.dice, side)
    state.emit("rhetoria", f"{army.title}: the Hegemon's speech ({column})", side=side,
               column=column, points=points)
    state.gain(side, points, "rhetoria")


# -- the sequence of play ---------------------------------------------------------------
Turn = Generator[Decision | Phase, Hashable, Outcome | None]
Steps = Generator[Decision | Phase, Hashable, None]

#: the phases of a turn, in order
PHASES = ("command strophe", "automatic moves", "offensive belos", "epidromos",
          "defensive belos", "marches and approaches", "melee", "katastrophe")


def game_turn(state: State) -> Turn:
    """Hoplomachia, Sequence: one turn (the battle sets ``state.turn``); the outcome if
    the battle ends in it."""
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


def _build(rules: HoplomachiaRules, opts: HoplomachiaOptions, setup: Setup, dice: Dice,
           emit: object, turn_limit: int) -> State:
    pieces: list[Piece] = []
    divisions: dict[str, Division] = {}
    for d in setup.divisions:
        card = rules.cards[d.card]
        for u in d.units:
            pieces.append(Piece(u.id, u.name, d.side, d.id, card, u.stands, u.figures,
                                u.block, d.arrangement,
                                Status.WAITING if d.reinforcement else Status.READY,
                                epilektoi=u.epilektoi, hamippoi=u.hamippoi))
        divisions[d.id] = Division(d.id, d.name, d.side, d.kind, card,
                                   tuple(u.id for u in d.units), d.contingent, d.allied,
                                   d.senior, d.attached, d.reinforcement)
    strategoi = [Strategos(s.id, s.name, s.side, s.contingent, s.character, s.stance,
                           s.piece, s.hegemon) for s in setup.strategoi]
    armies: dict[str, Army] = {}
    for s in setup.sides:
        track = rules.arete.start(s.nation, s.arete) if s.arete is not None else \
            rules.arete.roll_base(s.nation, dice, s.name)
        armies[s.name] = Army(s.name, s.title, s.nation, track, s.plan, s.formation,
                              str(s.role), predesignated=s.predesignated)
    sides = (setup.sides[0].name, setup.sides[1].name)
    assert callable(emit)
    state = State(rules, opts, setup.table, sides, armies, pieces, divisions, strategoi, dice,
                  emit, turn_limit)
    for division in state.divisions.values():  # the lights' stations, where they stand
        station_of(state, division)
    return state
