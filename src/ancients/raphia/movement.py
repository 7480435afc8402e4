"""Raphia §6–§7 — orientation and movement: movement points, the phalanx's front, zones
of control, contact, rearguards, joining and breaking stacks; and the movement phase."""

from __future__ import annotations

import operator
from collections import deque
from collections.abc import Generator, Hashable, Iterable

from ancients.battle import Decision
from ancients.hexgrid import Corner, Hex
from ancients.raphia.combat import type_forbids
from ancients.raphia.counters import TroopClass
from ancients.raphia.morale import stack_test
from ancients.raphia.options import HOLD, DisengageTo, MoveTo, SplitTo, Turn, ask
from ancients.raphia.stacking import join_cost, merge, split_rearguard, split_top
from ancients.raphia.state import Stack, State, Status

__all__ = ["destinations", "move_options", "movement_phase"]

Steps = Generator[Decision, Hashable, None]
Occ = dict[Hex, list[Stack]]
End = tuple[Hex, int | None]  # where a move ends, and the facing (phalanxes)


def _contact_hexes(state: State, side: str) -> set[Hex]:
    """Hexes next to an enemy combat unit in good order or pursuing (contact)."""
    return state.contact_hexes(side)


_NONE: frozenset[Hex] = frozenset()


def _no_contact(state: State, side: str, mover: TroopClass) -> frozenset[Hex] | set[Hex]:
    """§5: hexes where a ``mover`` of ``side`` may not end its move, being next to an
    enemy in good order it may not attack (cached until the enemy moves)."""
    if mover is not TroopClass.CAVALRY and mover is not TroopClass.ELEPHANT:
        return _NONE  # only cavalry and elephants have targets they may not attack

    def make() -> set[Hex]:
        out: set[Hex] = set()
        for e in state.stacks:
            if e.side != side and e.status is Status.GOOD and not state.leader_alone(e):
                out.update(h for h in state.board.neighbors(e.hex)
                           if type_forbids(state, mover, e, h))
        return out
    result: set[Hex] = state.cached(("no contact", side, mover), state.enemy_version(side),
                                    make)
    return result


def _open_hexes(state: State, side: str) -> frozenset[Hex]:
    """Passable hexes holding no enemy of ``side`` (cached until the enemy moves)."""
    def make() -> frozenset[Hex]:
        return state.board.passable_hexes - {s.hex for s in state.stacks if s.side != side}
    result: frozenset[Hex] = state.cached(("open hexes", side), state.enemy_version(side),
                                          make)
    return result


def _ends(state: State, stack: Stack, reached: Iterable[tuple[Hex, int | None, int]],
          occ: Occ, contact: set[Hex]) -> list[End]:
    """Of the ``(hex, facing, points left)`` reached, those where ``stack`` may end its
    move."""
    # §5: no voluntary contact with enemies in good order one may not attack
    banned = _NONE if state.leader_alone(stack) else \
        _no_contact(state, stack.side, state.stack_class(stack))
    out: list[End] = []
    for h, facing, left in reached:
        if h in banned and h in contact:
            continue
        here = occ.get(h)
        if here:
            others = [s for s in here if s is not stack]
            if others and not _may_join(state, stack, others, left, h in contact):
                continue
        out.append((h, facing))
    return out


def _may_join(state: State, stack: Stack, others: list[Stack], left: int,
              in_contact: bool) -> bool:
    """§5: may ``stack`` end its move on ``others`` (forming a stack) with ``left`` points?"""
    if len(others) != 1:
        return False
    target = others[0]
    # join_cost depends only on the counters and the statuses: memoised per state
    memo: dict[Hashable, int | None] = state.cached("join costs", len(state.replaced), dict)
    key = (tuple(stack.counters), stack.side, stack.status, tuple(target.counters),
           target.side, target.status)
    cost = memo[key] if key in memo else memo.setdefault(key, join_cost(state, stack, target))
    if cost is None or cost > left:
        return False
    # §5: stacks cannot be formed in contact with enemies in good order (leaders excepted)
    return not (cost > 0 and in_contact)


def _options(state: State, ends: list[End], kind: type[MoveTo] = MoveTo) -> list[MoveTo]:
    """The options for these ends, in order of hex label and facing; one option object per
    kind, hex and facing, shared by every decision that offers it."""
    table: dict[tuple[Hex, int | None, type[MoveTo]], MoveTo] = state.board.memo
    label = state.board.label
    out = []
    for h, facing in ends:
        opt = table.get((h, facing, kind))
        if opt is None:
            opt = table[(h, facing, kind)] = kind(label(h), facing, at=h)
        out.append(opt)
    out.sort(key=_BY_HEX)  # all facings are None, or all corners: the keys compare
    return out


def destinations(state: State, stack: Stack, occ: Occ, zoc: set[Hex],
                 contact: set[Hex]) -> dict[MoveTo, tuple[Hex, int | None]]:
    """Where ``stack`` may end its move this phase (§6–§7)."""
    ends = _reach(state, stack, occ, zoc, contact)
    return {opt: (opt.at, opt.facing) for opt in _options(state, ends)
            if opt.at is not None}


def _reach(state: State, stack: Stack, occ: Occ, zoc: set[Hex],
           contact: set[Hex]) -> list[End]:
    """The ``(hex, facing)`` where ``stack`` may end its move (§6–§7)."""
    if state.is_phalanx(stack) and not state.leader_alone(stack):
        return _phalanx_destinations(state, stack, occ, zoc, contact)
    start = stack.hex
    through = state.edition.pass_through_friends
    open_ = _open_hexes(state, stack.side)
    nbrs = state.board.neighbors
    best: dict[Hex, int] = {start: state.speed(stack)}
    queue = deque([start])
    while queue:
        h = queue.popleft()
        left = best[h]
        if left == 0:
            continue
        if h != start:
            if h in zoc:
                continue  # §7: entering an enemy front ends the move
            if not through and h in occ:
                continue  # §7 addendum: no passing through one's own units
        for n in nbrs(h):
            if n in open_ and n not in best:
                best[n] = left - 1
                queue.append(n)
    del best[start]
    return _ends(state, stack, ((h, None, left) for h, left in best.items()), occ, contact)


def _phalanx_destinations(state: State, stack: Stack, occ: Occ, zoc: set[Hex],
                          contact: set[Hex]) -> list[End]:
    """§6–§7: a phalanx moves only into its two front hexes and turns 60° for 1 point
    (not in contact)."""
    start = (stack.hex, stack.facing or 1)
    best: dict[tuple[Hex, int], int] = {start: state.speed(stack)}
    queue = deque([start])
    passable = state.board.passable_hexes
    front = state.board.corner_front
    while queue:
        h, c = queue.popleft()
        left = best[(h, c)]
        if left == 0 or (h != stack.hex and h in zoc):
            continue
        nxt: list[tuple[Hex, int]] = []
        for n in front(h, c):
            if n in passable and not any(s is not stack for s in occ.get(n, ())):
                nxt.append((n, c))
        if h not in contact:
            nxt += [(h, _TURN[c][1]), (h, _TURN[c][-1])]
        for st in nxt:
            if st not in best:
                best[st] = left - 1
                queue.append(st)
    del best[start]
    return _ends(state, stack, ((h, c, left) for (h, c), left in best.items()), occ, contact)


_TURN = {c.value: {k: c.turn(k).value for k in (1, -1)} for c in Corner}


_BY_HEX = operator.attrgetter("to", "facing")  # the order of hex label, then facing


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
            opts += _options(state, _reach(state, mover, occ, zoc, contact), DisengageTo)
        if state.is_phalanx(stack) and fighters:
            opts += [Turn(-1), Turn(1)]  # §6: all its movement and a morale test
        return opts
    opts += _options(state, _reach(state, stack, occ, zoc, contact))
    if len(fighters) >= 2 and stack.status is Status.GOOD:
        # §5: breaking a stack is free
        ghost = _hypothetical(stack, fighters[:1])
        opts += _options(state, _reach(state, ghost, occ, zoc, contact), SplitTo)
    return opts


def apply_move(state: State, stack: Stack, option: MoveTo) -> Stack:
    """Carry out a move; a move into a friendly stack joins it (§5)."""
    to = option.at if option.at is not None else state.board.hex(option.to)
    old = state.name(stack)
    others = [s for s in state.occupancy().get(to, ()) if s is not stack]
    stack.hex = to
    if option.facing is not None:
        stack.facing = option.facing
    state.emit("move", f"{old}: {option}", side=stack.side, units=stack.counters)
    if others:
        merge(state, others[0], stack)
        state.emit("join", f"stack formed: {state.name(others[0])}", side=stack.side,
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
        occ, zoc, contact = state.occupancy(), state.zoc(side), state.contact_hexes(side)
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
        occ, zoc, contact = state.occupancy(), state.zoc(side), state.contact_hexes(side)
        alone = state.leader_alone(stack)
        if alone and stack.hex in contact:
            continue  # §7: an isolated counter in contact cannot move
        ghost = _hypothetical(stack, [leader])
        dests = _options(state, _reach(state, ghost, occ, zoc, contact))
        if not dests:
            continue
        choice = yield ask(side, "leader", [HOLD, *dests],
                                unit=leader, prompt=f"move {leader}?")
        if isinstance(choice, MoveTo):
            if not alone:
                stack.counters = [c for c in stack.counters if c != leader]
                stack = state.new_stack(side, stack.hex, [leader])
            apply_move(state, stack, choice)
