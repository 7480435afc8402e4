"""Raphia §6–§7 — orientation and movement: movement points, the phalanx's front, zones
of control, contact, rearguards, joining and breaking stacks; and the movement phase."""

from __future__ import annotations

from collections import deque
from collections.abc import Generator, Hashable

from ancients.battle import Decision
from ancients.hexgrid import Corner, Hex, corner_front
from ancients.raphia.combat import type_forbids
from ancients.raphia.morale import stack_test
from ancients.raphia.options import HOLD, DisengageTo, MoveTo, SplitTo, Turn, ask
from ancients.raphia.stacking import join_cost, merge, split_rearguard, split_top
from ancients.raphia.state import Stack, State, Status

__all__ = ["destinations", "move_options", "movement_phase"]

Steps = Generator[Decision, Hashable, None]
Occ = dict[Hex, list[Stack]]


def _contact_hexes(state: State, side: str) -> set[Hex]:
    """Hexes next to an enemy combat unit in good order or pursuing (contact)."""
    out: set[Hex] = set()
    for s in state.stacks:
        if s.side != side and s.status is not Status.ROUTED and not state.leader_alone(s):
            out.update(state.board.neighbors(s.hex))
    return out


def _end_ok(state: State, stack: Stack, h: Hex, left: int, occ: Occ,
            contact: set[Hex]) -> bool:
    """May ``stack`` end its move in ``h`` with ``left`` points to spare?"""
    others = [s for s in occ.get(h, ()) if s is not stack]
    mover = state.stack_class(stack)
    if not state.leader_alone(stack) and h in contact:
        # §5: no voluntary contact with enemies in good order one may not attack
        for n in state.board.neighbors(h):
            for e in occ.get(n, ()):
                if e.side != stack.side and e.status is Status.GOOD and \
                        not state.leader_alone(e) and type_forbids(state, mover, e, h):
                    return False
    if not others:
        return True
    if len(others) != 1:
        return False
    target = others[0]
    cost = join_cost(state, stack, target)
    if cost is None or cost > left:
        return False
    # §5: stacks cannot be formed in contact with enemies in good order (leaders excepted)
    return not (cost > 0 and h in contact)


def destinations(state: State, stack: Stack, occ: Occ, zoc: set[Hex],
                 contact: set[Hex]) -> dict[MoveTo, tuple[Hex, int | None]]:
    """Where ``stack`` may end its move this phase (§6–§7)."""
    if state.is_phalanx(stack) and not state.leader_alone(stack):
        return _phalanx_destinations(state, stack, occ, zoc, contact)
    start, side = stack.hex, stack.side
    through = state.edition.pass_through_friends
    best: dict[Hex, int] = {start: state.speed(stack)}
    queue = deque([start])
    while queue:
        h = queue.popleft()
        left = best[h]
        if left == 0 or (h != start and h in zoc):
            continue  # §7: entering an enemy front ends the move
        if h != start and not through and any(s is not stack for s in occ.get(h, ())):
            continue  # §7 addendum: no passing through one's own units
        for n in state.board.neighbors(h):
            if not state.board.passable(n) or n in best:
                continue
            if any(s.side != side for s in occ.get(n, ())):
                continue
            best[n] = left - 1
            queue.append(n)
    label = state.board.label
    return {MoveTo(label(h), None): (h, None) for h, left in best.items()
            if h != start and _end_ok(state, stack, h, left, occ, contact)}


def _phalanx_destinations(state: State, stack: Stack, occ: Occ, zoc: set[Hex],
                          contact: set[Hex]) -> dict[MoveTo, tuple[Hex, int | None]]:
    """§6–§7: a phalanx moves only into its two front hexes and turns 60° for 1 point
    (not in contact)."""
    start = (stack.hex, stack.facing or 1)
    best: dict[tuple[Hex, int], int] = {start: state.speed(stack)}
    queue = deque([start])
    while queue:
        h, c = queue.popleft()
        left = best[(h, c)]
        if left == 0 or (h != stack.hex and h in zoc):
            continue
        nxt: list[tuple[Hex, int]] = []
        for n in corner_front(h, Corner(c)):
            if state.board.passable(n) and not any(s is not stack for s in occ.get(n, ())):
                nxt.append((n, c))
        if h not in contact:
            nxt += [(h, Corner(c).turn(1).value), (h, Corner(c).turn(-1).value)]
        for st in nxt:
            if st not in best:
                best[st] = left - 1
                queue.append(st)
    label = state.board.label
    return {MoveTo(label(h), c): (h, c) for (h, c), left in best.items()
            if (h, c) != start and _end_ok(state, stack, h, left, occ, contact)}


def _by_hex(m: Hashable) -> tuple[str, int]:
    assert isinstance(m, MoveTo)
    return (m.to, m.facing or 0)


def _hypothetical(stack: Stack, counters: list[str]) -> Stack:
    return Stack(-1, stack.side, stack.hex, counters, stack.facing, stack.status)


def move_options(state: State, stack: Stack, occ: Occ, zoc: set[Hex],
                 contact: set[Hex]) -> list[Hashable]:
    """The move decision's options for one stack (§5–§7)."""
    opts: list[Hashable] = [HOLD]
    fighters = state.combatants(stack)
    leaders = [c for c in stack.counters if c not in fighters]
    if stack.hex in contact:
        # §7: an isolated counter in contact cannot move; a stack leaves a rearguard
        if len(fighters) >= 2:
            mover = _hypothetical(stack, fighters[:-1] + leaders)
            opts += [DisengageTo(m.to, m.facing) for m in
                     sorted(destinations(state, mover, occ, zoc, contact), key=_by_hex)]
        if state.is_phalanx(stack) and fighters:
            opts += [Turn(-1), Turn(1)]  # §6: all its movement and a morale test
        return opts
    opts += sorted(destinations(state, stack, occ, zoc, contact), key=_by_hex)
    if len(fighters) >= 2 and stack.status is Status.GOOD:
        # §5: breaking a stack is free
        ghost = _hypothetical(stack, fighters[:1])
        opts += [SplitTo(m.to, m.facing) for m in
                 sorted(destinations(state, ghost, occ, zoc, contact), key=_by_hex)]
    return opts


def apply_move(state: State, stack: Stack, option: MoveTo) -> Stack:
    """Carry out a move; a move into a friendly stack joins it (§5)."""
    to = state.board.hex(option.to)
    old = state.board.label(stack.hex)
    others = [s for s in state.stacks if s.hex == to and s is not stack]
    stack.hex = to
    if option.facing is not None:
        stack.facing = option.facing
    state.emit("move", f"{old}: {option}", side=stack.side, units=stack.counters)
    if others:
        merge(state, others[0], stack)
        state.emit("join", f"stack formed in {option.to}", side=stack.side,
                   units=others[0].counters)
        return others[0]
    return stack


def movement_phase(state: State, side: str) -> Steps:
    """§7: each stack in good order of the phasing side may move once."""
    moved: set[int] = set()
    queue = [s for s in sorted(state.side_stacks(side, Status.GOOD), key=lambda s: s.sid)
             if not state.leader_alone(s)]
    while queue:
        stack = queue.pop(0)
        if stack not in state.stacks or stack.sid in moved:
            continue
        occ, zoc, contact = state.occupancy(), state.zoc(side), _contact_hexes(state, side)
        options = move_options(state, stack, occ, zoc, contact)
        if options == [HOLD]:
            continue
        choice = yield ask(side, "move", options, unit=state.top(stack),
                                prompt=f"move the stack in {state.board.label(stack.hex)}")
        if choice == HOLD:
            moved.add(stack.sid)
        elif isinstance(choice, SplitTo):
            part = split_top(state, stack)
            moved.add(apply_move(state, part, choice).sid)
            queue.insert(0, stack)
        elif isinstance(choice, DisengageTo):
            part = split_rearguard(state, stack)
            moved.add(stack.sid)
            moved.add(apply_move(state, part, choice).sid)
        elif isinstance(choice, Turn):
            moved.add(stack.sid)
            if not stack_test(state, stack, "turn in contact", top_only=True):
                c = Corner(stack.facing or 1).turn(choice.steps).value
                state.emit("turn", f"{state.board.label(stack.hex)} turns to face "
                           f"{c}", side=side, units=stack.counters)
                stack.facing = c
        else:
            assert isinstance(choice, MoveTo)
            moved.add(apply_move(state, stack, choice).sid)
    yield from _leader_moves(state, side, moved)


def _leader_moves(state: State, side: str, moved: set[int]) -> Steps:
    """§11: leaders join and leave stacks freely (moving at their own speed)."""
    for stack in sorted(state.side_stacks(side, Status.GOOD), key=lambda s: s.sid):
        leader = state.leader_in(stack)
        if leader is None or stack.sid in moved or stack not in state.stacks:
            continue
        occ, zoc, contact = state.occupancy(), state.zoc(side), _contact_hexes(state, side)
        alone = state.leader_alone(stack)
        if alone and stack.hex in contact:
            continue  # §7: an isolated counter in contact cannot move
        ghost = _hypothetical(stack, [leader])
        dests = destinations(state, ghost, occ, zoc, contact)
        if not dests:
            continue
        choice = yield ask(side, "leader", [HOLD, *sorted(dests, key=_by_hex)],
                                unit=leader, prompt=f"move {leader}?")
        if isinstance(choice, MoveTo):
            if not alone:
                stack.counters.remove(leader)
                stack = state.new_stack(side, stack.hex, [leader])
            apply_move(state, stack, choice)
