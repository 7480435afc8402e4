"""The Burgess battle: sets up the :class:`~.state.State` from a scenario, drives the
game turns (:mod:`.turns`) to the turn limit, and gives the core its hooks (views,
fingerprint, standing, the terms of the messages, the picture)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING

from ancients.battle import Battle, Commander, Engine
from ancients.burgess.glossary import explain
from ancients.burgess.render import render
from ancients.burgess.rules import BurgessRules
from ancients.burgess.scenario import Setup
from ancients.burgess.state import Piece, State, Work
from ancients.burgess.turns import game_turn
from ancients.burgess.verdicts import standing, verdict_now
from ancients.events import Event
from ancients.units import UnitView

if TYPE_CHECKING:
    from ancients.ruleset import Ruleset
    from ancients.scenario import Scenario

__all__ = ["BurgessBattle"]


class BurgessBattle(Battle):
    """A battle under the Burgess rules; ``state`` holds the units and the defences."""

    def __init__(self, ruleset: Ruleset, scenario: Scenario, seed: int = 0,
                 commanders: Mapping[str, Commander | None] | None = None) -> None:
        super().__init__(ruleset, scenario, seed, commanders)
        setup: Setup = scenario.parsed
        self.setup = setup
        rules: BurgessRules = ruleset.rules()  # type: ignore[attr-defined]
        self.rules = rules
        opts = rules.options
        self.turn_limit = opts.turn_limit or setup.turn_limit or rules.victory.turn_limit
        pieces = [Piece(u.id, u.side, u.unit, u.block, u.unit, u.unit.figures, u.note,
                        moved_in=-10) for u in setup.units]
        works = [Work(w.id, w.name, w.defence, w.area, w.line, w.faces(rules))
                 for w in setup.works]
        a, b = self.sides
        self.state = State(setup.table, (a, b), rules, opts, self.dice, self.weak_emit, pieces,
                           works)

    @property
    def by_id(self) -> Mapping[str, Piece]:
        """The pieces by id."""
        return self.state.by_id

    # -- the core's hooks -------------------------------------------------------------
    def play(self) -> Engine:
        """The whole battle, game turn by game turn, to the turn limit (sequence.toml,
        victory.toml)."""
        st = self.state
        for turn in range(1, self.turn_limit + 1):
            self.turn = st.turn = turn
            done = yield from game_turn(st, self.setup.first)
            if done is not None:
                return done
        final = verdict_now(st, final=True)
        assert final is not None
        return final

    def units(self) -> Sequence[UnitView]:
        return self.state.views()

    def fingerprint(self) -> Hashable:
        return (super().fingerprint(), *self.state.fingerprint())

    def standing(self) -> Mapping[str, float]:
        """Each side's figures on the table as a fraction of its starting figures (the
        turn limit's measure, victory.toml)."""
        return standing(self.state)

    def explain(self, event: Event) -> Mapping[str, str]:
        """The terms ``event``'s message uses, each with a one-line explanation."""
        return explain(event)

    def to_svg(self) -> str:
        status = str(self.outcome) if self.outcome is not None else \
            f"turn {self.turn}, {self.phase}"
        titles = {s.name: s.title for s in self.setup.sides}
        return render(self.state, status, self.scenario.title, [titles[s] for s in self.sides])
