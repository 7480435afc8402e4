"""The Monk's Corner battle: sets up the :class:`~.state.State`, drives the turn sequence
(:mod:`.sequence`) turn by turn, and gives the core its hooks (views, fingerprint,
picture)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING

from ancients.battle import Battle, Commander, Engine
from ancients.events import Event
from ancients.monks_corner.glossary import explain
from ancients.monks_corner.options import MonksCornerOptions
from ancients.monks_corner.render import render
from ancients.monks_corner.rules import Rules
from ancients.monks_corner.scenario import Setup
from ancients.monks_corner.sequence import game_turn
from ancients.monks_corner.state import State
from ancients.monks_corner.troops import Troop, Unit
from ancients.monks_corner.victory import score, verdict
from ancients.units import Condition, UnitView

if TYPE_CHECKING:
    from ancients.ruleset import Ruleset
    from ancients.scenario import Scenario

__all__ = ["MonksCornerBattle"]


class MonksCornerBattle(Battle):
    """A battle under the Monk's Corner rules; ``state`` holds the units."""

    def __init__(self, ruleset: Ruleset, scenario: Scenario, seed: int = 0,
                 commanders: Mapping[str, Commander | None] | None = None) -> None:
        super().__init__(ruleset, scenario, seed, commanders)
        setup: Setup = scenario.parsed
        self.setup = setup
        opts: MonksCornerOptions = ruleset.options
        rules: Rules = ruleset.rules()  # type: ignore[attr-defined]
        self.turn_limit = opts.turn_limit or setup.turn_limit or rules.turn_limit
        pieces = []
        for u in setup.units:
            phalanx = u.troop is Troop.PHALANX
            pieces.append(Unit(
                u.id, u.name, u.side, u.contingent, u.troop, u.missile, u.spartan, u.block,
                u.files, u.ranks, u.figures - u.files * (u.ranks - 1), u.figures, u.ranks,
                formed=phalanx, condition=Condition.FORMED if phalanx else Condition.UNFORMED,
                checked=(u.ranks, u.figures - u.files * (u.ranks - 1)),
            ))
        a, b = self.sides
        self.state = State(setup.table, (a, b), {s.name: s.leader for s in setup.sides},
                           opts, rules, self.dice, self.weak_emit, pieces)

    @property
    def by_id(self) -> Mapping[str, Unit]:
        """The units by id."""
        return self.state.by_id

    # -- the core's hooks -------------------------------------------------------------
    def play(self) -> Engine:
        """The whole battle, turn by turn (Monk's Corner, Sequence 1-5)."""
        st = self.state
        for turn in range(1, self.turn_limit + 1):
            self.turn = st.turn = turn
            done = yield from game_turn(st)
            if done is not None:
                return done
        final = verdict(st, final=True)
        assert final is not None
        return final

    def units(self) -> Sequence[UnitView]:
        return self.state.views()

    def standing(self) -> Mapping[str, float]:
        """Each side's victory points now (:func:`.victory.score`, what decides a battle at
        the turn limit), from the state alone."""
        return score(self.state)

    def fingerprint(self) -> Hashable:
        return (super().fingerprint(), *self.state.fingerprint())

    def explain(self, event: Event) -> Mapping[str, str]:
        """The terms ``event``'s message uses that a reader may not know, each with a
        one-line explanation (:mod:`.glossary`)."""
        return explain(event, self.state.rules)

    def to_svg(self) -> str:
        status = str(self.outcome) if self.outcome is not None else \
            f"turn {self.turn}, {self.phase}"
        titles = {s.name: s.title for s in self.setup.sides}
        return render(self.state, status, self.scenario.title, [titles[s] for s in self.sides])
