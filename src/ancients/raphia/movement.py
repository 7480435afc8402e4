"""Raphia §6–§7 — orientation and movement: movement points, the phalanx's front, zones
of control, contact, rearguards, joining and breaking stacks; and the movement phase."""

from __future__ import annotations

from collections.abc import Callable, Collection, Generator, Hashable
from typing import Any, TypeVar, cast

from ancients.battle import Decision
from ancients.hexgrid import Corner, Hex
from ancients.raphia.bitboard import members
from ancients.raphia.counters import TroopClass
from ancients.raphia.morale import stack_test
from ancients.raphia.options import HOLD, DisengageTo, Kind, MoveTo, SplitTo, Turn, ask, corner_name
from ancients.raphia.stacking import join_cost, merge, split_rearguard, split_top
from ancients.raphia.state import MISS, Stack, State, Status

__all__ = ["destinations", "move_cost", "move_options", "movement_phase"]

Steps = Generator[Decision, Hashable, None]
T = TypeVar("T")
Occ = dict[Hex, list[Stack]]
Ends = list[tuple[int, int]]  # where a move may end: per facing (0: none), the cells


def _contact_hexes(state: State, side: str) -> set[Hex]:
    """Hexes next to an enemy combat unit in good order or pursuing (contact)."""
    return state.contact_hexes(side)


def _no_contact(state: State, side: str, mover: TroopClass) -> int:
    """§5: the cells (bits) where a ``mover`` of ``side`` may not end its move, being next
    to an enemy in good order it may not attack (cached until the enemy moves)."""
    if mover is not TroopClass.CAVALRY and mover is not TroopClass.ELEPHANT:
        return 0  # only cavalry and elephants have targets they may not attack
    version = state.enemy_version(side)
    kept: tuple[Hashable, int] | None = state.kept(("no contact", side, mover))
    if kept is not None and kept[0] == version:
        return kept[1]
    never = state.edition.elephants_vs_phalanx == "never"
    out: set[Hex] = set()
    for e in state.stacks:
        if e.side != side and e.status is Status.GOOD and not state.leader_alone(e):
            # type_forbids (§8) for every hex next to e, decided by e's class once
            target = state.stack_class(e)
            if (mover is TroopClass.CAVALRY and target is TroopClass.ELEPHANT) or (
                    mover is TroopClass.ELEPHANT and target is TroopClass.PHALANX
                    and never):
                out.update(state.board.neighbors(e.hex))
            elif mover is TroopClass.ELEPHANT and target is TroopClass.PHALANX:
                out.update(state.front(e))  # 1990: not from its front
    cells = state.board.bits.bits(out)
    state.keep(("no contact", side, mover), (version, cells))
    return cells


def _open_cells(state: State, side: str) -> int:
    """The passable cells (bits) holding no enemy of ``side`` (cached until the enemy
    moves)."""
    version = state.enemy_version(side)
    kept: tuple[Hashable, int] | None = state.kept(("open cells", side))
    if kept is not None and kept[0] == version:
        return kept[1]
    cells = state.board.passable_bits & ~state.board.bits.bits(
        {s.hex for s in state.stacks if s.side != side})
    state.keep(("open cells", side), (version, cells))
    return cells


def _cells(state: State, name: str, hexes: Collection[Hex]) -> int:
    """The cells (bits) of ``hexes``, memoised on the collection itself (the state's
    cached sets and occupancy, which are not mutated) until another is asked for."""
    kept: tuple[Collection[Hex], int, int] | None = state.kept(name)
    if kept is not None and kept[0] is hexes and kept[1] == len(hexes):
        return kept[2]
    cells = state.board.bits.bits(hexes)
    state.keep(name, (hexes, len(hexes), cells))
    return cells


def _occupied(state: State, occ: Occ) -> int:
    """The cells (bits) of ``occ``: the state's own, kept with its occupancy, if it is."""
    own = state.occupancy_cells()
    return own[1] if occ is own[0] else _cells(state, "occupied cells", occ)


def _ends(state: State, stack: Stack, occ: Occ, contact: set[Hex], speed: int,
          layers: list[tuple[int, list[int]]], occupied: int) -> Ends:
    """Where ``stack`` may end its move, per facing (0: none): the cells reached (``layers``
    holds, per facing, the cells first reached at each step) less those where it may not
    end (§5: next to an enemy it may not attack, on a stack it may not join);
    ``occupied``: the cells of ``occ``."""
    # §5: no voluntary contact with enemies in good order one may not attack
    contact_cells = _cells(state, "contact cells", contact)
    banned = 0 if state.leader_alone(stack) else \
        _no_contact(state, stack.side, state.stack_class(stack)) & contact_cells
    hexes = state.board.bits.hexes
    out: Ends = []
    formed_not = -1  # (the cells where no stack is formed, once needed)
    for facing, levels in layers:
        reached = 0
        for level in levels:
            reached |= level
        reached &= ~banned
        joins = reached & occupied
        if joins:
            memo = _join_costs(state)
            mover = (stack.counters, stack.side, stack.status)
            for b in members(joins):
                h = hexes[b]
                assert h is not None
                others = [s for s in occ[h] if s is not stack]
                if not others:
                    continue
                if formed_not < 0:
                    # §5: "stacks cannot be formed in contact with enemy units in good
                    # order" (pursuers and routs are not in good order)
                    formed_not = _cells(state, "good order contact cells",
                                        state.good_order_contact(stack.side))
                left = speed - 1
                for level in levels:
                    if level >> b & 1:
                        break
                    left -= 1
                if not _may_join(state, stack, others, left, bool(formed_not >> b & 1),
                                 memo, mover):
                    reached ^= 1 << b
        out.append((facing, reached))
    return out


_SHARED: dict[Hashable, tuple[object, object, dict[Hashable, int | None]]] = {}


def _join_costs(state: State) -> dict[Hashable, int | None]:
    """join_cost depends only on the counters and the statuses (given the counter data,
    the stacking table and the §11 replacements): one memo shared by the battles of the
    process that play with the same."""
    version = len(state.replaced)
    hit = state.recall("join costs", version)  # the memo, or MISS
    if hit is not MISS:
        return cast(dict[Hashable, int | None], hit)

    def make() -> dict[Hashable, int | None]:
        key = (id(state.counters), id(state.tables), tuple(sorted(state.replaced.items())))
        hit = _SHARED.get(key)
        # the entry holds the objects whose ids it names, so no other can take them
        if hit is not None and hit[0] is state.counters and hit[1] is state.tables \
                and len(hit[2]) < 1 << 16:
            return hit[2]
        if len(_SHARED) >= 64:
            _SHARED.clear()
        memo: dict[Hashable, int | None] = {}
        _SHARED[key] = (state.counters, state.tables, memo)
        return memo
    result: dict[Hashable, int | None] = state.store("join costs", version, make())
    return result


def _may_join(state: State, stack: Stack, others: list[Stack], left: int,
              in_contact: bool, memo: dict[Hashable, int | None] | None = None,
              mover: tuple[Hashable, ...] | None = None) -> bool:
    """§5: may ``stack`` end its move on ``others`` (forming a stack) with ``left`` points,
    ``in_contact`` with an enemy in good order? (``memo``: :func:`_join_costs`;
    ``mover``: ``stack``'s part of its keys.)"""
    if len(others) != 1:
        return False
    target = others[0]
    if memo is None:
        memo = _join_costs(state)
    if mover is None:
        mover = (stack.counters, stack.side, stack.status)
    key = (*mover, target.counters, target.side, target.status)
    cost = memo[key] if key in memo else memo.setdefault(key, join_cost(state, stack, target))
    if cost is None or cost > left:
        return False
    # §5: stacks cannot be formed in contact with enemies in good order (leaders excepted)
    return not (cost > 0 and in_contact)


_MAX_LISTS = 1 << 15  # option lists kept per map before starting afresh


def _options(state: State, ends: Ends, kind: type[MoveTo] = MoveTo) -> list[MoveTo]:
    """The options for these ends in order of hex label and facing (do not mutate); one
    option object per kind, hex and facing, and one list per kind and set of cells,
    shared by every decision that offers them."""
    memo = state.board.memo
    table: dict[int, MoveTo] | None = memo.get(kind)
    if table is None:
        table = memo[kind] = {}
    if len(ends) == 1:
        facing, cells = ends[0]
        lists: dict[tuple[type[MoveTo], int, int], list[MoveTo]] = memo.setdefault(
            "option lists", {})
        out = lists.get((kind, facing, cells))
        if out is not None:
            return out
        keys = [b << 3 | facing for b in members(cells)]
    else:
        keys = sorted([b << 3 | facing for facing, cells in ends if cells
                       for b in members(cells)])
    out = []
    for key in keys:
        opt = table.get(key)
        if opt is None:
            h = state.board.bits.hexes[key >> 3]
            assert h is not None
            opt = table[key] = kind(state.board.label(h), key & 7 or None, at=h)
        out.append(opt)
    if len(ends) == 1:
        if len(lists) >= _MAX_LISTS:
            lists.clear()
        lists[(kind, facing, cells)] = out
    return out


def destinations(state: State, stack: Stack, occ: Occ, zoc: set[Hex],
                 contact: set[Hex]) -> dict[MoveTo, tuple[Hex, int | None]]:
    """Where ``stack`` may end its move this phase (§6–§7)."""
    ends = _reach(state, stack, occ, zoc, contact)
    return {opt: (opt.at, opt.facing) for opt in _options(state, ends)
            if opt.at is not None}


Layers = list[tuple[int, list[int]]]  # per facing (0: none), the cells first reached per step


def _reach(state: State, stack: Stack, occ: Occ, zoc: set[Hex],
           contact: set[Hex]) -> Ends:
    """Where ``stack`` may end its move (§6–§7), as :func:`_ends` gives them (its search
    is kept for :func:`move_cost` until the next decision's options are made)."""
    speed, layers, occupied = _layers(state, stack, occ, zoc)
    kept: dict[Hashable, Layers] | None = state.kept("move layers")
    if kept is not None:
        kept[(stack.hex, stack.counters, stack.facing)] = layers
    return _ends(state, stack, occ, contact, speed, layers, occupied)


def _layers(state: State, stack: Stack, occ: Occ, zoc: set[Hex]) -> tuple[int, Layers, int]:
    """``stack``'s speed, the cells it reaches at each step (per facing) and the occupied
    cells: a search of the whole frontier at once, one step per movement point (§6–§7)."""
    speed = state.speed(stack)
    occupied = _occupied(state, occ)
    if state.is_phalanx(stack) and not state.leader_alone(stack):
        return speed, _phalanx_layers(state, stack, occ, zoc, speed, occupied), occupied
    bb = state.board.bits
    start = 1 << bb.bit[stack.hex]
    open_ = _open_cells(state, stack.side) & ~start
    stop = _cells(state, "zoc cells", zoc)  # §7: entering an enemy front ends the move
    if not state.edition.pass_through_friends:
        stop |= occupied  # §7 addendum, §10 (1990): nor through friends

    def search() -> list[int]:
        left, dilate = open_, bb.dilate
        levels = []
        frontier = start
        for _ in range(speed):
            new = dilate(frontier) & left
            if not new:
                break
            left ^= new
            levels.append(new)
            frontier = new & ~stop
            if not frontier:
                break
        return levels
    levels: list[int] = _searched(state, (start, speed, open_, stop), search)
    return speed, [(0, levels)], occupied


_SEARCHES = 8  # searches kept per state


def _searched(state: State, key: Hashable, search: Callable[[], T]) -> T:
    """``search()``, whose result depends on nothing but ``key``: the last few are kept
    (a stack and the parts it may break into, §5, search from the same hex, and the
    cost of the move chosen reads its search again)."""
    kept: dict[Hashable, Any] | None = state.kept("searches")
    if kept is None:
        kept = {}
        state.keep("searches", kept)
    hit = kept.get(key, MISS)
    if hit is MISS:
        if len(kept) >= _SEARCHES:
            kept.clear()
        hit = kept[key] = search()
    return cast(T, hit)


def _phalanx_layers(state: State, stack: Stack, occ: Occ, zoc: set[Hex], speed: int,
                    occupied: int) -> Layers:
    """§6–§7: a phalanx moves only into its two front hexes and turns 60° for 1 point
    (not in contact); one frontier per facing."""
    bb = state.board.bits
    start = 1 << bb.bit[stack.hex]
    blocked = occupied
    if not any(s is not stack for s in occ.get(stack.hex, ())):
        blocked &= ~start
    enter = state.board.passable_bits & ~blocked
    stop = _cells(state, "zoc cells", zoc) & ~start  # §7: an enemy front ends the move
    i0 = (stack.facing or 1) - 1

    def search() -> Layers:
        # §6: it turns during its move "as long as [it is] not in contact with an enemy
        # unit in good order" (next to pursuers only, it may)
        may_turn = ~_cells(state, "good order contact cells",
                           state.good_order_contact(stack.side))
        front = bb.front
        seen = [0] * 6
        seen[i0] = start
        frontier = list(seen)
        levels: list[list[int]] = [[] for _ in range(6)]
        for _ in range(speed):
            new = [0] * 6
            for i in range(6):
                f = frontier[i] & ~stop
                if f:
                    new[i] |= front(f, i + 1) & enter
                    turn = f & may_turn
                    if turn:
                        new[i - 5] |= turn
                        new[i - 1] |= turn
            grown = 0
            for i in range(6):
                n = new[i] & ~seen[i]
                seen[i] |= n
                levels[i].append(n)
                new[i] = n
                grown |= n
            if not grown:
                break
            frontier = new
        return [(i + 1, lv) for i, lv in enumerate(levels)]
    # (where it may turn depends on the enemy alone: its version stands for it)
    layers: Layers = _searched(state, ("phalanx", start, i0, speed, enter, stop,
                                       state.enemy_version(stack.side)), search)
    return layers


def move_cost(state: State, stack: Stack, option: MoveTo) -> int:
    """The movement points ``stack`` (or the part of it that moves) spends to reach
    ``option`` (§6–§7; a join's cost comes on top, §5): the step at which its search,
    when the option was offered, first reached the hex and facing."""
    to = option.at if option.at is not None else state.board.hex(option.to)
    if to == stack.hex and option.facing is not None:  # turning where it stands
        return min((option.facing - (stack.facing or 1)) % 6,
                   ((stack.facing or 1) - option.facing) % 6)
    kept: dict[Hashable, Layers] | None = state.kept("move layers")
    layers = None if kept is None else kept.get((stack.hex, stack.counters, stack.facing))
    if layers is None:
        _, layers, _ = _layers(state, stack, state.occupancy(), state.zoc(stack.side))
    bit = 1 << state.board.bits.bit[to]
    for facing, levels in layers:
        if facing == (option.facing or 0):
            return next((i + 1 for i, cells in enumerate(levels) if cells & bit), 0)
    return 0


def _hypothetical(stack: Stack, counters: list[str]) -> Stack:
    """A stack of some of ``stack``'s counters where it stands (not in the state)."""
    return Stack(-1, stack.side, stack.hex, tuple(counters), stack.facing, stack.status)


def move_options(state: State, stack: Stack, occ: Occ, zoc: set[Hex],
                 contact: set[Hex]) -> list[Hashable]:
    """The move decision's options for one stack (§5–§7)."""
    state.keep("move layers", {})  # (the searches of this decision, for move_cost)
    opts: list[Hashable] = [HOLD]
    fighters = state.combatants(stack)
    leaders = [c for c in stack.counters if c not in fighters]
    if stack.hex in contact:
        # §7: an isolated counter in contact cannot move; a stack leaves a rearguard of
        # at least one counter, the bottom one or ones
        for k in range(1, len(fighters)):  # k: the counters left as rearguard
            mover = _hypothetical(stack, fighters[:-k] + leaders)
            ends = _options(state, _reach(state, mover, occ, zoc, contact), DisengageTo)
            opts += ends if k == 1 else [DisengageTo(o.to, o.facing, k, at=o.at)
                                         for o in ends]
        if state.is_phalanx(stack) and fighters:
            if state.enemy_adjacent(stack, occ, (Status.GOOD,)):
                opts += [Turn(-1), Turn(1)]  # §6: all its movement and a morale test
            else:
                # §6: in contact only with pursuers (no enemy in good order) a phalanx
                # turns freely, 60 degrees a movement point, where it stands (§7)
                steps = min(state.speed(stack), 3)
                start = Corner(stack.facing or 1)
                faces = {start.turn(k).value for k in range(-steps, steps + 1)} - {start.value}
                here = state.board.label(stack.hex)
                opts += [MoveTo(here, c, at=stack.hex) for c in sorted(faces)]
        return opts
    opts += _options(state, _reach(state, stack, occ, zoc, contact))
    if len(fighters) >= 2 and stack.status is Status.GOOD:
        # §5: breaking a stack is free
        ghost = _hypothetical(stack, fighters[:1])
        opts += _options(state, _reach(state, ghost, occ, zoc, contact), SplitTo)
    return opts


def apply_move(state: State, stack: Stack, option: MoveTo, how: str = "") -> Stack:
    """Carry out a move; a move into a friendly stack joins it (§5). ``how``: what the
    message says first (a split, a disengagement)."""
    label = state.board.label
    to = option.at if option.at is not None else state.board.hex(option.to)
    cost = move_cost(state, stack, option)
    start, before = stack.hex, stack.counters
    others = [s for s in state.occupancy().get(to, ()) if s is not stack]
    if option.facing is not None:
        state.update(stack, hex=to, facing=option.facing)
    else:
        state.update(stack, hex=to)
    facing = f"face {corner_name(option.facing)}" if option.facing else ""
    where = ("turn to " + facing) if to == start else \
        f"move to {label(to)}" + (f", facing {facing[5:]}" if facing else "")
    state.emit("move", f"{state.name(stack, start)}: {how}{where} ({cost} MP)",
               side=stack.side, units=before, counters=list(before),
               **{"from": label(start)}, to=label(to), facing=option.facing, cost=cost)
    if others:
        target = others[0]
        fee = join_cost(state, stack, target) or 0
        merge(state, target, stack)
        state.emit("join", f"{state.name(target)}: stack formed ({fee} MP)",
                   side=stack.side, units=target.counters, counters=list(target.counters),
                   hex=label(to), cost=fee)
        return target
    return stack


def movement_phase(state: State, side: str) -> Steps:
    """§7: each stack in good order of the phasing side may move once."""
    moved: set[int] = set()
    queue = [s for s in sorted(state.side_stacks(side, Status.GOOD), key=lambda s: s.sid)
             if not state.leader_alone(s)]
    while queue:
        stack = queue.pop(0)
        if not state.on_map(stack) or stack.sid in moved:
            continue
        occ, zoc, contact = state.occupancy(), state.zoc(side), state.contact_hexes(side)
        options = move_options(state, stack, occ, zoc, contact)
        if options == [HOLD]:
            continue
        choice = yield ask(side, Kind.MOVE, options, unit=state.top(stack),
                                prompt=f"move the stack in {state.board.label(stack.hex)}")
        if choice == HOLD:
            moved.add(stack.sid)
        elif isinstance(choice, SplitTo):
            part = split_top(state, stack)
            moved.add(apply_move(state, part, choice, "split from its stack, ").sid)
            queue.insert(0, stack)
        elif isinstance(choice, DisengageTo):
            part = split_rearguard(state, stack, choice.rearguard)
            moved.add(stack.sid)
            how = f"disengage, leaving {state.counters_name(stack.counters)} as rearguard, "
            moved.add(apply_move(state, part, choice, how).sid)
        elif isinstance(choice, Turn):
            moved.add(stack.sid)
            if not stack_test(state, stack, "turn in contact", top_only=True):
                was = stack.facing
                c = Corner(stack.facing or 1).turn(choice.steps).value
                state.update(stack, facing=c)
                state.emit("turn", f"{state.name(stack)}: turn in contact to face "
                           f"{corner_name(c)} (all its MP)", side=side, units=stack.counters,
                           counters=list(stack.counters), hex=state.board.label(stack.hex),
                           facing=c, from_facing=was)
        else:
            assert isinstance(choice, MoveTo)
            moved.add(apply_move(state, stack, choice).sid)
    yield from _leader_moves(state, side, moved)


def _leader_moves(state: State, side: str, moved: set[int]) -> Steps:
    """§11: leaders join and leave stacks freely (moving at their own speed)."""
    for stack in sorted(state.side_stacks(side, Status.GOOD), key=lambda s: s.sid):
        leader = state.leader_in(stack)
        if leader is None or stack.sid in moved or not state.on_map(stack):
            continue
        occ, zoc, contact = state.occupancy(), state.zoc(side), state.contact_hexes(side)
        alone = state.leader_alone(stack)
        if alone and stack.hex in contact:
            continue  # §7: an isolated counter in contact cannot move
        ghost = _hypothetical(stack, [leader])
        state.keep("move layers", {})
        dests = _options(state, _reach(state, ghost, occ, zoc, contact))
        if not dests:
            continue
        choice = yield ask(side, Kind.LEADER, [HOLD, *dests],
                                unit=leader, prompt=f"move {leader}?")
        if isinstance(choice, MoveTo):
            if not alone:
                state.update(stack, counters=[c for c in stack.counters if c != leader])
                stack = state.new_stack(side, stack.hex, [leader])
            apply_move(state, stack, choice)
