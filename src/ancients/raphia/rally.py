"""Raphia §9–§10 — rally: pursuers stopping their pursuit, routs regaining good order.

Whether to test is the owning player's decision (kind ``rally``) where the rules make it
optional: a rout's rally (§3 "may", §9 "wishes to") and a pursuer's while it is still in
contact with the unit it pursues (§10 addendum: a rally "may" be made in contact). A
pursuer that has lost contact, or whose fugitives are all gone, must test (§10). One
decision per stack, asked before its dice: in 1990 each counter then tests on its own."""

from __future__ import annotations

from collections.abc import Generator, Hashable

from ancients.battle import Decision
from ancients.raphia.counters import TroopClass
from ancients.raphia.morale import stack_test
from ancients.raphia.options import (
    CONTINUE_PURSUIT,
    RALLY,
    STAY_IN_ROUT,
    Face,
    Kind,
    ask,
    corner_name,
)
from ancients.raphia.rout import in_contact_with
from ancients.raphia.stacking import merge, stack_problem
from ancients.raphia.state import Stack, State, Status

__all__ = ["pursued_rout", "rally_phase"]

Steps = Generator[Decision, Hashable, None]


def pursued_rout(state: State, p: Stack) -> Stack | None:
    """§10: the rout next to the pursuer ``p`` holding a counter it pursues, or None if
    it has lost contact (or the fugitives are eliminated, off the map or rallied)."""
    occ = state.occupancy()
    # (the first in the list of stacks, which is in order of sid)
    return min((s for h in state.board.neighbors(p.hex) for s in occ.get(h, ())
                if s.status is Status.ROUTED and s.side != p.side
                and p.pursued.intersection(s.counters)), key=_sid, default=None)


def _sid(stack: Stack) -> int:
    return stack.sid


def _mates(state: State, stack: Stack) -> Stack | None:
    """The first friendly stack in good order in the hex of ``stack`` (not itself)."""
    return next((s for s in state.occupancy().get(stack.hex, ()) if s is not stack
                 and s.side == stack.side and s.status is Status.GOOD), None)


def rally_phase(state: State, side: str) -> Steps:
    """§3 step 8: first the pursuers, then the routs not in contact with an enemy in good
    order or pursuing."""
    label = state.board.label
    for p in sorted(state.side_stacks(side, Status.PURSUING), key=lambda s: s.sid):
        if not state.on_map(p):
            continue
        if pursued_rout(state, p) is not None:
            # §10: still in contact it may attempt to rally or pursue on (a free attack
            # next time); out of contact, or with no fugitive left, it must test
            choice = yield ask(side, Kind.RALLY, [RALLY, CONTINUE_PURSUIT], unit=state.top(p),
                               prompt="pursuing, in contact: attempt to rally?")
            if choice == CONTINUE_PURSUIT:
                continue
        # §9: the addendum tests the top counter once for a stack in pursuit; in 1990
        # each counter of a (never heavy-infantry) pursuing stack tests on its own, and
        # those that pass rally while the others pursue on
        failed = stack_test(state, p, "rally from pursuit",
                            top_only=state.edition.stack_tests_top_only)
        found = _rallied_part(state, p, failed)
        if found is None:
            continue
        p, mates = found
        state.update(p, status=Status.GOOD, pursued=frozenset())
        state.emit("rally", f"{state.name(p)}: rallied from pursuit", side=side,
                   units=p.counters, counters=list(p.counters), hex=label(p.hex),
                   **{"from": "pursuit"})
        if mates is not None:
            _rejoin(state, p, mates)
    for r in sorted(state.side_stacks(side, Status.ROUTED), key=lambda s: s.sid):
        if not state.on_map(r):
            continue
        if state.stack_class(r) is TroopClass.ELEPHANT and not state.edition.elephants_rally:
            continue  # §10 addendum: a routed elephant is never rallied
        if in_contact_with(state, r, {Status.GOOD, Status.PURSUING}):
            continue  # §10: no rally in contact with an enemy not itself in rout
        if state.edition.rally_not_if_pursued and any(
                s.status is Status.PURSUING and s.side != side
                and s.pursued.intersection(r.counters) for s in state.stacks):
            continue  # §9 (1990): only a unit not being pursued may try to rally
        # §3/§9: the player "may" test to rally a rout that "wishes" to rally
        choice = yield ask(side, Kind.RALLY, [RALLY, STAY_IN_ROUT], unit=state.top(r),
                           prompt=f"rout in {label(r.hex)}: attempt to rally?")
        if choice == STAY_IN_ROUT:
            continue
        failed = stack_test(state, r, "rally", top_only=state.edition.stack_tests_top_only)
        found = _rallied_part(state, r, failed)
        if found is None:
            continue
        r, mates = found
        state.update(r, status=Status.GOOD, edge="own", push=None)
        state.emit("rally", f"{state.name(r)}: rallied", side=side, units=r.counters,
                   counters=list(r.counters), hex=label(r.hex), **{"from": "rout"})
        if mates is not None:
            _rejoin(state, r, mates)  # facing the way its stack-mates face
        elif state.is_phalanx(r) and state.edition.rally_choose_facing:
            # §6 addendum: a unit rallied from rout chooses its facing
            choice = yield ask(side, Kind.FACING, [Face(c) for c in range(1, 7)],
                                    unit=state.top(r), prompt="face which way?")
            assert isinstance(choice, Face)
            state.update(r, facing=choice.corner)
            state.emit("facing", f"{state.name(r)}: face {corner_name(choice.corner)}",
                       side=side, units=r.counters, counters=list(r.counters),
                       hex=label(r.hex), facing=choice.corner)


def _rallied_part(state: State, stack: Stack, failed: list[str]
                  ) -> tuple[Stack, Stack | None] | None:
    """The counters of ``stack`` that passed their rally test, as a stack (see
    :func:`_split_rallied`), and the friendly stack in good order already in its hex, if
    any, which they will rejoin (:func:`_rejoin`); None if none passed, or if §5's limits
    leave no room to rejoin (then they stay as they were: in rout, or in pursuit).

    A rout or a pursuit never ends its move on an occupied hex (§10), so a stack in good
    order in the same hex is the rest of its own stack: the part that rallied before it
    (1990: each counter of a rout or of a pursuit tests on its own, §9), or the part that
    stood firm when it routed and could not get away."""
    mates = _mates(state, stack)
    if mates is not None and stack_problem(
            state, [*mates.counters, *(c for c in stack.counters if c not in failed)]):
        return None
    rallied = _split_rallied(state, stack, failed)
    return None if rallied is None else (rallied, mates)


def _rejoin(state: State, rallied: Stack, mates: Stack) -> None:
    """§5: one stack in good order per hex: the rallied counters join their stack-mates,
    in the edition's stacking order."""
    merge(state, mates, rallied)
    state.emit("join", f"{state.name(mates)}: stack formed again", side=rallied.side,
               units=mates.counters, counters=list(mates.counters),
               hex=state.board.label(mates.hex), cost=0)


def _split_rallied(state: State, stack: Stack, failed: list[str]) -> Stack | None:
    """The counters of ``stack`` that passed their rally test, as a stack (with the
    leader): the stack itself if all passed, a new one split off if some failed (those
    stay as they were), None if none passed."""
    rallied = [c for c in state.combatants(stack) if c not in failed]
    if not rallied:
        return None
    if not failed:
        return stack
    leaders = [c for c in stack.counters if state.counter(c).leader]
    state.update(stack, counters=[c for c in stack.counters if c in failed])
    return state.new_stack(stack.side, stack.hex, rallied + leaders, facing=stack.facing)
