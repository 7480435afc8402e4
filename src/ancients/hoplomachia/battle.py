"""The Hoplomachia battle: sets up the :class:`~.state.State` from the scenario (or
generates the set piece from the seed), prepares the armies, drives the turn sequence
(:mod:`.sequence`) and gives the core its hooks (views, standing, fingerprint,
picture)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING

from ancients.battle import Battle, Commander, Engine, Phase
from ancients.dice import Dice
from ancients.events import Event
from ancients.hoplomachia.glossary import explain
from ancients.hoplomachia.katastrophe import nike, outcome
from ancients.hoplomachia.options import HoplomachiaOptions
from ancients.hoplomachia.pieces import Army, Division, Piece, Status, Strategos
from ancients.hoplomachia.preparation import prepare
from ancients.hoplomachia.render import render
from ancients.hoplomachia.rules import HoplomachiaRules
from ancients.hoplomachia.scenario import Setup
from ancients.hoplomachia.sequence import game_turn
from ancients.hoplomachia.state import State
from ancients.hoplomachia.stations import station_of
from ancients.units import UnitView

if TYPE_CHECKING:
    from ancients.ruleset import Ruleset
    from ancients.scenario import Scenario

__all__ = ["HoplomachiaBattle"]


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
