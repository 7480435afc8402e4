"""Raphia §3–§4 — the battle: deployment, the initiative, eight turns of alternating
half-turns in the edition's order, the first player's extra rally, victory (§13)."""

from __future__ import annotations

import re
from collections.abc import Generator, Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ancients.battle import Battle, Commander, Decision, Engine, Outcome, Phase
from ancients.events import Event
from ancients.raphia.combat import combat_phase
from ancients.raphia.movement import movement_phase
from ancients.raphia.narrative import explain, glossary
from ancients.raphia.rally import rally_phase
from ancients.raphia.rout import (
    back_attack_phase,
    morale_phase,
    pursuit_phase,
    rout_phase,
    rout_tests,
)
from ancients.raphia.state import State, Status
from ancients.raphia.victory import victory_points, winner
from ancients.scenario import Scenario
from ancients.units import Condition, UnitView

if TYPE_CHECKING:
    from ancients.raphia.deployment import RaphiaSetup
    from ancients.raphia.ruleset import Raphia

__all__ = ["RaphiaBattle"]

_CONDITION = {Status.GOOD: Condition.GOOD_ORDER, Status.ROUTED: Condition.ROUTED,
              Status.PURSUING: Condition.PURSUING}


class RaphiaBattle(Battle):
    """A battle of Raphia. ``state`` holds the stacks; see the rule modules."""

    ruleset: Raphia

    def __init__(self, ruleset: Raphia, scenario: Scenario, seed: int = 0,
                 commanders: Mapping[str, Commander | None] | None = None) -> None:
        super().__init__(ruleset, scenario, seed, commanders)
        data = ruleset.data
        setup: RaphiaSetup = scenario.parsed
        self.state = State(setup.board or data.board, setup.counters or data.counters,
                           data.tables, ruleset.edition_rules, self.dice, self.weak_emit)
        #: §13: the side that wins a tie of victory points (None: a draw)
        self.tie = setup.tie
        for spec in setup.stacks:
            self.state.new_stack(spec.side, spec.hex, list(spec.counters), facing=spec.facing)
        self.deployed: tuple[str, ...] = tuple(c for s in setup.stacks for c in s.counters)
        self.first: str | None = None
        self.points: dict[str, int] = victory_points(self.state)
        self._terms: dict[str, tuple[re.Pattern[str], str]] | None = None

    # -- the turn sequence -------------------------------------------------------------
    def play(self) -> Engine:
        st = self.state
        yield Phase("deployment", message="the armies are deployed (§2)")
        self._egyptian_morale()
        self.first = self._initiative()
        order = (self.first, st.enemy(self.first))
        if self._nothing_left():
            return self._no_troops_left()
        for self.turn in range(1, st.edition.turns + 1):
            for side in order:
                yield from self._half_turn(side)
                last = self.turn == st.edition.turns and side == order[-1]
                if self._nothing_left() and not last:  # (the last: §4, §13 as always)
                    return self._no_troops_left()
        # §4: the first player's extra rally phase
        yield Phase("final rally", self.first, message="the first player's extra rally (§4)")
        st.attacked.clear()
        yield from rally_phase(st, self.first)
        self.points = victory_points(st)
        won = winner(st, self.points, self.tie)
        self._victory(won)
        return Outcome.from_units(winner=won, reason="turn limit",
                                  turns=st.edition.turns, sides=self.sides, units=self.units(),
                                  score={s: float(v) for s, v in self.points.items()})

    def _nothing_left(self) -> list[str]:
        """The sides with no counter left on the map."""
        on_map = {s.side for s in self.state.stacks if s.counters}
        return [side for side in self.sides if side not in on_map]

    def _no_troops_left(self) -> Outcome:
        """The end of a battle in which a side has no counter left on the map, with the
        half-turn in which it lost the last one (added to §4, which plays eight turns: a
        side with nothing on the map can neither act nor score); won on §13's victory
        points then, the tie rule included."""
        st = self.state
        lost = self._nothing_left()
        who = " and ".join(lost)
        self.points = victory_points(st)
        won = winner(st, self.points, self.tie)
        self._victory(won, f"{who} {'has' if len(lost) == 1 else 'have'} no counter left "
                           "on the map; ")
        return Outcome.from_units(
            winner=won, reason="no troops left" if len(lost) == 1 else "both armies gone",
            turns=self.turn, sides=self.sides, units=self.units(),
            score={s: float(v) for s, v in self.points.items()})

    def _victory(self, won: str | None, why: str = "") -> None:
        """§13: the victory points of each side, and the tie rule if it decides (``why``:
        the battle ended before the eighth turn)."""
        first, second = self.sides
        a, b = self.points[first], self.points[second]
        if a == b:
            how = (f"{a} each, and a tie goes to the {won} player (§13)" if won is not None
                   else f"{a} each: a draw (§13; this scenario gives the tie to no side)")
        else:
            how = f"{first} {a}, {second} {b}: {won} wins (§13)"
        self.emit("victory", f"{why}victory points of the troops in good order on the map: "
                  f"{how}",
                  side=won, points=dict(self.points), winner=won, tie=a == b)

    def _egyptian_morale(self) -> None:
        """§11: each side with "?" counters (the Egyptian phalanx) rolls the Egyptian
        morale table once for them, or prepares the championship draw."""
        st = self.state
        for side in self.sides:
            egyptians = [c for c in self.deployed
                         if st.counters[c].egyptian and st.counters[c].side == side]
            if not egyptians:
                continue
            names = {st.counters[c].name for c in egyptians}
            name = names.pop() if len(names) == 1 else "the '?' counters"
            if self.ruleset.options.egyptian_morale == "championship":
                st.championship_pool = list(st.counters.championship)
                self.emit("egyptian morale", f"{name}: each '?' counter is replaced by a "
                          "counter drawn at random at its first combat (§11 championship)",
                          side=side, units=egyptians, rule="championship")
                continue
            roll = self.dice.roll(st.tables.egyptian.dice, "Egyptian morale (§11)")
            morale = st.tables.egyptian.morale[roll]
            for c in egyptians:
                st.morale_override[c] = morale
            self.emit("egyptian morale", f"{name}: morale {morale} for the battle "
                      f"(die {roll}, §11)", side=side, units=egyptians, morale=morale,
                      roll=roll, rule="roll")

    def _initiative(self) -> str:
        """§3: both roll two dice; the higher total plays first (ties roll again)."""
        first, second = self.sides
        while True:
            a = self.dice.roll("2d6", f"initiative {first}")
            b = self.dice.roll("2d6", f"initiative {second}")
            rolls = {first: a, second: b}
            if a == b:
                self.emit("initiative", f"initiative: {first} and {second} both roll "
                          f"{a}: they roll again (§3)", rolls=rolls, first=None)
                continue
            won = first if a > b else second
            self.emit("initiative", f"initiative: {first} rolls {a}, {second} rolls "
                      f"{b}: {won} plays first (§3)", side=won, rolls=rolls, first=won)
            return won

    def _half_turn(self, side: str) -> Generator[Decision | Phase, Hashable, None]:
        st = self.state
        other = st.enemy(side)
        st.attacked.clear()
        st.defended.clear()
        st.crossed_ok.clear()
        sequence = st.edition.sequence
        for step in sequence:
            yield Phase(step, side, message=f"turn {self.turn}, {side}: {step}")
            if step == "movement":
                yield from movement_phase(st, side)
            elif step == "combat":
                yield from combat_phase(st, side, (lambda: morale_phase(st, side, True))
                                        if st.edition.tests_after_each_combat else None)
            elif step == "morale":
                yield from morale_phase(st, side)
            elif step == "rout":
                yield from rout_phase(st, other)
                if "rout tests" not in sequence:
                    rout_tests(st)
            elif step == "pursuit":
                pursuit_phase(st, side)
            elif step == "rout tests":
                rout_tests(st)
            elif step == "back attacks":
                yield from back_attack_phase(st, side)
                st.hits.clear()  # back attacks only eliminate: routs do not test
            elif step == "rally":
                yield from rally_phase(st, side)

    # -- views ---------------------------------------------------------------------------
    def units(self) -> Sequence[UnitView]:
        st = self.state
        where = {c: s for s in st.stacks for c in s.counters}
        out = []
        for cid in self.deployed:
            c = st.counter(cid)
            s = where.get(cid)
            if s is None:
                cond = Condition.ELIMINATED if st.gone.get(cid) == "eliminated" \
                    else Condition.LEFT_FIELD
                out.append(UnitView(cid, c.name, c.side, c.type.kind, cond, 0, c.combat))
            else:
                out.append(UnitView(cid, c.name, c.side, c.type.kind, _CONDITION[s.status],
                                    c.combat, c.combat, (s.hex[0], s.hex[1]),
                                    float(s.facing) if s.facing is not None else None))
        return out

    def fingerprint(self) -> Hashable:
        return (super().fingerprint(), self.state.fingerprint())

    def explain(self, event: Event) -> Mapping[str, str]:
        """The terms ``event``'s message uses that a newcomer may not know (results,
        ratio, MP, facing, rout, ...), each with a one-line explanation."""
        terms = self._terms
        if terms is None:
            terms = self._terms = glossary(self.state.tables)
        return explain(event.message, terms)

    def to_svg(self) -> str:
        from ancients.raphia.render import render_svg

        return render_svg(self)

    def victory_points(self) -> dict[str, int]:
        return victory_points(self.state)

    def standing(self) -> Mapping[str, float]:
        """§13: each side's victory points now, the counters it has in good order on the
        map (from the state alone)."""
        return {side: float(points) for side, points in victory_points(self.state).items()}

    def describe(self) -> dict[str, Any]:
        """A plain summary of the stacks (for debugging and docs)."""
        st = self.state
        return {st.board.label(s.hex): (s.side, list(s.counters), s.status.value)
                for s in st.stacks}
