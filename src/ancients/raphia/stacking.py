"""Raphia §5 — stacking: limits, the leader and elephant-escort exceptions, forming and
breaking stacks, the order of counters in a stack."""

from __future__ import annotations

from collections import Counter as Tally
from collections.abc import Sequence

from ancients.errors import RuleError
from ancients.raphia.counters import TroopClass
from ancients.raphia.state import Stack, State, Status

__all__ = ["join_cost", "merge", "split_rearguard", "split_top", "stack_problem"]


def stack_problem(state: State, counters: Sequence[str]) -> str | None:
    """Why these counters may not share a hex, or None (§5 limits table)."""
    table = state.tables.stacking
    classes = Tally(state.counter(c).troop_class for c in counters)
    classes.pop(TroopClass.LEADER, None)  # §5: a leader ignores the stacking rules
    if not classes:
        return None
    if len(classes) == 1:
        (cls, n), = classes.items()
        if n > table.limit[cls]:
            return f"{n} {cls.words} counters exceed the limit of {table.limit[cls]}"
        return None
    # the second exception: light infantry escorting elephants
    if set(classes) == {TroopClass.ELEPHANT, TroopClass.LIGHT}:
        if classes[TroopClass.ELEPHANT] > table.limit[TroopClass.ELEPHANT]:
            return "too many elephants"
        if classes[TroopClass.LIGHT] > table.escort:
            return f"an elephant escort is at most {table.escort} light infantry"
        return None
    return "only troops of the same type stack (" + ", ".join(
        sorted(c.words for c in classes)) + ")"


def join_cost(state: State, mover: Stack, target: Stack) -> int | None:
    """Movement points to join ``target`` (None: impossible), §5 formation table.

    Leaders join freely; disordered stacks (pursuers) may not join (§10 addendum)."""
    if mover.side != target.side or mover.status is not Status.GOOD \
            or target.status is not Status.GOOD:
        return None
    if state.leader_alone(mover) or state.leader_alone(target):
        return 0 if stack_problem(state, mover.counters + target.counters) is None else None
    if stack_problem(state, mover.counters + target.counters) is not None:
        return None
    costs = [state.tables.stacking.form_cost[state.counter(c).troop_class]
             for c in state.combatants(mover)]
    if any(c is None for c in costs):
        return None
    return max(c for c in costs if c is not None)


def merge(state: State, stationary: Stack, mover: Stack) -> None:
    """Put ``mover``'s counters into ``stationary`` in the edition's order (§5 addendum:
    isolated counters joining an existing stack go under its top counter, whichever of
    the two moved; two stacks interleave; 1990: the mover's counters at the bottom)."""
    fixed, moving = state.combatants(stationary), state.combatants(mover)
    leaders = [c for c in stationary.counters + mover.counters if state.counter(c).leader]
    if not fixed:
        order = moving
        if stationary.facing is None:
            state.update(stationary, facing=mover.facing)
    elif state.edition.join_under_top and len(fixed) >= 2 and len(moving) >= 2:
        order = []
        for i in range(max(len(fixed), len(moving))):
            order += fixed[i:i + 1] + moving[i:i + 1]
    elif state.edition.join_under_top and len(fixed) == 1 and len(moving) >= 2:
        # an isolated counter reinforces the stack that moves onto it: under its top
        order = moving[:1] + fixed + moving[1:]
    elif state.edition.join_under_top:
        order = fixed[:1] + moving + fixed[1:]
    else:
        order = fixed + moving
    state.update(stationary, counters=order + leaders)
    state.discard(mover)


def split_top(state: State, stack: Stack) -> Stack:
    """Break off the top counter as a stack of its own (§5: free)."""
    top = state.combatants(stack)[0]
    state.update(stack, counters=[c for c in stack.counters if c != top])
    return state.new_stack(stack.side, stack.hex, [top], facing=stack.facing)


def split_rearguard(state: State, stack: Stack, rearguard: int = 1) -> Stack:
    """§7: to disengage, the bottom ``rearguard`` counters (at least one, the player's
    choice) stay as rearguard; the rest (and any leader) is returned as the stack that
    moves."""
    fighters = state.combatants(stack)
    if not 1 <= rearguard < len(fighters):
        raise RuleError(f"a rearguard of {rearguard} from {len(fighters)} counters")
    leaving = fighters[:-rearguard] + [c for c in stack.counters if state.counter(c).leader]
    state.update(stack, counters=fighters[-rearguard:])
    return state.new_stack(stack.side, stack.hex, leaving, facing=stack.facing)
