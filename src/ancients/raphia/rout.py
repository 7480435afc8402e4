"""Raphia §10 — rout and pursuit: the rout itinerary, elephant routs, crossings and the
tests they cause, pursuit, back attacks; and the morale-test phase that starts routs."""

from __future__ import annotations

from collections.abc import Generator, Hashable

from ancients.battle import Decision
from ancients.hexgrid import Direction, Hex
from ancients.raphia.combat import resolve, type_forbids
from ancients.raphia.counters import TroopClass
from ancients.raphia.morale import stack_test
from ancients.raphia.options import MOVE_ON, NO_PURSUIT, PURSUE, STAY, Attack, Kind, ShiftTo, ask
from ancients.raphia.state import Stack, State, Status

__all__ = ["back_attack_phase", "morale_phase", "pursuit_phase", "rout_path", "rout_phase",
           "rout_tests"]

Steps = Generator[Decision, Hashable, None]
Occ = dict[Hex, list[Stack]]
_BLOCKED = 99


# -- starting routs (§9 tests after combat) ----------------------------------------------
def put_to_rout(state: State, stack: Stack, failed: list[str], push: int | None) -> list[Stack]:
    """The counters in ``failed`` rout (§10): stacked counters rout together and keep their
    order, except light infantry routing with the elephants it escorts. Returns the new
    routed stacks."""
    fighters = state.combatants(stack)
    origin = state.new_origin()
    if set(failed) >= set(fighters):
        groups = [fighters]
        keep: list[str] = []
    else:
        groups = [[c for c in fighters if c in failed]]
        keep = [c for c in fighters if c not in failed]
    g = groups[0]
    eleph = [c for c in g if state.counter(c).troop_class is TroopClass.ELEPHANT]
    if eleph and len(eleph) < len(g):
        groups = [eleph, [c for c in g if c not in eleph]]
    leaders = [c for c in stack.counters if state.counter(c).leader]
    out: list[Stack] = []
    for i, grp in enumerate(groups):
        if not keep and i == 0:
            routed = stack  # the leader is carried along (§11)
            state.update(stack, counters=grp + leaders, status=Status.ROUTED, edge="own",
                         pursued=frozenset(), push=push, origin=origin)
        else:
            routed = state.new_stack(stack.side, stack.hex, grp, facing=stack.facing,
                                     status=Status.ROUTED, push=push, origin=origin)
        out.append(routed)
    if keep:
        state.update(stack, counters=keep + leaders)
    label = state.board.label(stack.hex)
    for r in out:
        stands = f" ({state.counters_name(stack.counters)} stands)" if keep else ""
        state.emit("rout", f"{state.name(r)}: put to rout{stands}", side=r.side,
                   units=r.counters, counters=list(r.counters), hex=label,
                   standing=list(stack.counters) if keep else [])
    return out


def morale_phase(state: State, side: str, after_combat: bool = False) -> Steps:
    """§3 addendum step 3: the opponent tests the stacks the phasing side hit; §10: the
    attackers of a routed stack pursue (cavalry must, phalanxes never).

    ``after_combat``: right after one attack (option ``morale_tests=each_combat``): the
    stacks hit test at once, but for phalanxes that test once for all their results
    (§8 addendum), which wait for the phase."""
    once = state.edition.phalanx_tests_once
    for sid, hit in sorted(state.hits.items()):
        stack = state.stack(sid)
        phalanx = stack is not None and all(state.counter(c).phalanx
                                            for c in state.combatants(stack))
        if after_combat and phalanx and once:
            continue
        del state.hits[sid]
        if stack is None or stack.status is Status.ROUTED or state.leader_alone(stack):
            continue
        times = 1 if (phalanx and once) else len(hit.results)
        failed: set[str] = set()
        for _ in range(times):
            failed.update(stack_test(state, stack, "after combat"))
            if failed >= set(state.combatants(stack)):
                break
        if not failed:
            continue
        whole = failed >= set(state.combatants(stack))
        routed = put_to_rout(state, stack, sorted(failed, key=stack.counters.index),
                             hit.direction)
        _elephants_see(state, routed)
        if whole or not state.edition.pursuit_needs_whole_rout:
            yield from _start_pursuit(state, hit.attackers, routed)


def _elephants_see(state: State, routed: list[Stack]) -> None:
    """§9 (1990 only): an elephant seeing a friendly rout in its stack or next to it tests,
    whatever caused the rout (§10: routs cause routs); an elephant routed so is itself a
    friendly rout for the elephants next to it."""
    if not state.edition.elephant_sees_rout_tests:
        return
    for r in routed:
        for s in list(state.stacks):
            if s.side == r.side and s.status is Status.GOOD and s is not r and \
                    state.stack_class(s) is TroopClass.ELEPHANT and \
                    (s.hex == r.hex or s.hex in state.board.neighbors(r.hex)):
                failed = stack_test(state, s, "sees a friendly rout",
                                    elephant_rout=state.stack_class(r) is TroopClass.ELEPHANT)
                if failed:
                    # §10 (1990): its first hex goes the way of the rout that panicked it
                    _elephants_see(state, put_to_rout(state, s, failed,
                                                      _rout_direction(state, r)))


def _rout_direction(state: State, r: Stack) -> int | None:
    """The direction a fresh rout takes (§10): an elephant rout's push back; any other
    rout's first step on its itinerary (off the map: its first edge-ward direction);
    None (a random direction) for a rout that cannot move."""
    if state.stack_class(r) is TroopClass.ELEPHANT:
        return r.push
    path, edge = rout_path(state, r, state.occupancy())
    if not path:
        return None
    first = path[0]
    if first is None:
        return int(state.board.edge_directions(r.side, edge)[0])
    return int(r.hex.direction_to(first))


def _start_pursuit(state: State, attackers: list[int], routed: list[Stack]) -> Steps:
    targets = [r for r in routed if state.stack_class(r) is not TroopClass.ELEPHANT]
    if not targets:
        return  # an elephant rout is erratic: nobody follows it
    pursued = frozenset(c for r in targets for c in r.counters)
    for sid in dict.fromkeys(attackers):
        att = state.stack(sid)
        if att is None or att.status is not Status.GOOD or state.leader_alone(att):
            continue
        cls = state.stack_class(att)
        if cls is TroopClass.PHALANX:
            continue  # §10: a phalanx never pursues
        if cls is not TroopClass.CAVALRY:  # elephants and lighter infantry may choose
            where = state.board.label(targets[0].hex)
            choice = yield ask(att.side, Kind.PURSUE, [PURSUE, NO_PURSUIT], unit=state.top(att),
                               prompt=f"pursue the rout from {where}?")
            if choice != PURSUE:
                continue
        state.update(att, status=Status.PURSUING, pursued=pursued)
        state.emit("pursuit", f"{state.name(att)}: pursuit of "
                   f"{', '.join(state.name(t) for t in targets)}", side=att.side,
                   units=att.counters, counters=list(att.counters),
                   hex=state.board.label(att.hex), pursued=sorted(pursued))


# -- the rout itinerary (§10 and addendum) ----------------------------------------------
def _rank(state: State, stack: Stack, h: Hex, occ: Occ, enemy_routers: bool | None) -> int:
    """Priority of stepping into ``h`` (lower is better; _BLOCKED: impossible;
    ``enemy_routers`` None: as if no enemy were on the map)."""
    if not state.board.passable(h):
        return _BLOCKED
    others = [s for s in occ.get(h, ()) if s is not stack]
    if enemy_routers is None:
        others = [s for s in others if s.side == stack.side]
    if not others:
        return 1
    if any(s.side != stack.side for s in others):
        if enemy_routers and all(s.status is not Status.GOOD or state.leader_alone(s)
                                 for s in others if s.side != stack.side):
            return 6
        return _BLOCKED
    if all(s.status is Status.ROUTED for s in others):
        return 2 if state.edition.rout_via_routers_first else 3
    if any(state.is_phalanx(s) for s in others):
        return 4
    return 3


def _walk(state: State, stack: Stack, dirs: tuple[Direction, ...], occ: Occ, mp: int,
          enemy_routers: bool | None) -> list[Hex | None]:
    """Greedy itinerary: each hex the best-ranked of the allowed directions, zig-zagging
    between the two edge-ward directions on ties; None marks leaving the map."""
    path: list[Hex | None] = []
    pos, last = stack.hex, None
    seen = {pos}
    # §10 addendum: a full move ending on an occupied hex is shifted on, in the direction
    # in force and with the same priorities, to an empty hex (up to another full move;
    # beyond that the terrain is saturated and :func:`_finish` stops it short)
    extra = mp if state.edition.rout_shift_forward else 0
    for step in range(mp + extra):
        if step >= mp and (not path or path[-1] is None or not any(
                s is not stack for s in occ.get(path[-1], ()))):
            break
        cands = []
        for i, d in enumerate(dirs):
            n = pos.neighbor(d)
            if not state.board.contains(n):
                if i < 2:
                    cands.append((0, 0, d, n))
                continue
            if n in seen:
                continue
            r = _rank(state, stack, n, occ, enemy_routers)
            if r < _BLOCKED:
                cands.append((r + (10 if i >= 2 else 0), 0 if d != last else 1, d, n))
        if not cands:
            break
        cands.sort(key=lambda t: (t[0], t[1], int(t[2])))
        r, _, d, n = cands[0]
        if r == 0:
            path.append(None)
            break
        path.append(n)
        seen.add(n)
        pos, last = n, d
    return path


def rout_path(state: State, stack: Stack, occ: Occ) -> tuple[list[Hex | None], str]:
    """§10: the full move towards the unit's edge through empty hexes, then through
    friends (routs, other troops, phalanxes), else towards the other edge, else through
    enemy routs and pursuers (addendum); the longest partial move if none is complete."""
    mp = state.speed(stack)
    first, second = stack.edge, "other" if stack.edge == "own" else "own"
    trials = [(first, False), (second, False)]
    if state.edition.rout_through_enemy_routers:
        trials += [(first, True), (second, True)]
    best: tuple[list[Hex | None], str] = ([], first)

    def directions(edge: str) -> tuple[Direction, ...]:
        dirs: tuple[Direction, ...] = state.board.edge_directions(stack.side, edge)
        if state.edition.rout_sidesteps:  # 1990: north/south as a last resort
            dirs = (*dirs, Direction.N, Direction.S)
        return dirs

    def complete(path: list[Hex | None]) -> bool:
        return len(path) >= mp or bool(path and path[-1] is None)
    # §10 addendum: only enemy units making the complete move impossible turn a rout
    # towards the other edge (dunes, or the map's saturation, only shorten its move)
    turn_back = not state.edition.rout_other_edge_only_for_enemies or complete(
        _walk(state, stack, directions(first), occ, mp, None))
    for edge, through in trials:
        if edge != first and not turn_back:
            continue
        path = _walk(state, stack, directions(edge), occ, mp, through)
        if complete(path):
            return path, edge
        if len(path) > len(best[0]):
            best = (path, edge)
    return best


def _finish(state: State, stack: Stack, path: list[Hex | None], occ: Occ) -> list[Hex | None]:
    """§10: a rout may not end on an occupied hex: it stops before it (1990; in 1991
    when no empty hex could be reached by shifting it on, see :func:`_walk`)."""
    while path and path[-1] is not None and any(s is not stack for s in occ.get(path[-1], ())):
        path.pop()
    return path


def _shift_aside(state: State, stack: Stack, edge: str, occ: Occ) -> Generator[
        Decision, Hashable, Hex | None]:
    """§10 (1990): a rout that could not be stopped before an occupied hex (it never left
    the hex it shares with other units) is shifted "towards free hexes": one hex, to a
    free hex next to it, in the rout's directions by its priorities (the edge in force,
    north or south, the other edge); its player chooses between the hexes of the first
    direction that has any. None if there is no such hex: it stays."""
    board = state.board
    other = "other" if edge == "own" else "own"
    tiers: list[tuple[Direction, ...]] = [board.edge_directions(stack.side, edge)]
    if state.edition.rout_sidesteps:
        tiers.append((Direction.N, Direction.S))
    tiers.append(board.edge_directions(stack.side, other))
    for dirs in tiers:
        free = sorted(n for n in (stack.hex.neighbor(d) for d in dirs)
                      if board.passable(n) and not occ.get(n))
        if len(free) == 1:
            return free[0]
        if free:
            label = board.label
            choice = yield ask(stack.side, Kind.ROUT_SHIFT,
                               [ShiftTo(label(n), at=n) for n in free], unit=state.top(stack),
                               prompt=f"the rout in {label(stack.hex)} may not stay among "
                                      "other units: shift it to which free hex?")
            assert isinstance(choice, ShiftTo) and choice.at is not None
            return choice.at
    return None


def _lose(state: State, stack: Stack, why: str) -> None:
    """§1/§10: a unit that leaves the map is lost; a leader carried off is killed (§11)."""
    for c in stack.counters:
        state.gone[c] = "lost"
        if state.counter(c).leader:
            state.leader_dead.add(stack.side)
            state.emit("leader killed", f"{state.counter_name(c)}: carried off the map "
                       f"and killed, {state.tables.morale.leader_killed:+d} to his army's "
                       "morale (§11)", side=stack.side,
                       units=[c], leader=c)
    state.emit("lost", f"{state.name(stack)}: {why}, lost", side=stack.side,
               units=stack.counters, counters=list(stack.counters),
               hex=state.board.label(stack.hex), why=why)
    state.remove_stack(stack)


def _mark_crossed(state: State, stack: Stack, h: Hex, occ: Occ, elephants: bool) -> bool:
    """§9 addendum: friends in good order (or pursuing) crossed by a rout, or anyone crossed
    by uncontrolled elephants, will test. Returns whether non-routing friends were crossed."""
    crossed_friends = False
    for s in occ.get(h, ()):
        if s is stack or s.status is Status.ROUTED or state.leader_alone(s):
            continue
        if s.side == stack.side:
            crossed_friends = True
        elif not elephants:
            continue
        if s.sid not in state.crossed_ok:
            state.to_test_crossed[s.sid] = state.to_test_crossed.get(s.sid, False) or elephants
    return crossed_friends


def move_rout(state: State, stack: Stack) -> Steps:
    """One routed stack's rout move (not elephants)."""
    occ = state.occupancy()
    path, edge = rout_path(state, stack, occ)
    path = _finish(state, stack, path, occ)
    start = stack.hex
    shifted = False
    if not path and state.edition.rout_shift_aside and \
            any(s is not stack for s in occ.get(start, ())):
        # §10 (1990): "if impossible, shifts the units towards free hexes"
        shift = yield from _shift_aside(state, stack, edge, occ)
        if shift is not None:
            path, shifted = [shift], True
    state.update(stack, edge=edge)  # §10: it keeps this direction next turn
    blocked = None
    for i, h in enumerate(path):
        if h is not None and _mark_crossed(state, stack, h, occ, False) and blocked is None:
            blocked = i
    state.paths[stack.sid] = ([start, *path], blocked if
                              state.edition.pursuit_blocked_by_friends else None,
                              frozenset(stack.counters))
    label = state.board.label
    if path and path[-1] is None:
        _lose(state, stack, "rout off the map")
        return
    facts = {"counters": list(stack.counters), "from": label(start), "edge": edge,
             "shifted": shifted, "crossed": blocked is not None}
    if path:
        end = path[-1]
        assert end is not None
        state.update(stack, hex=end)
        via = [label(h) for h in path[:-1] if h is not None]
        what = f"rout shifted to {label(end)}" if shifted else f"rout to {label(end)}" + (
            f" (via {' '.join(via)})" if via else "")
        state.emit("rout move", f"{state.name(stack, start)}: {what}", side=stack.side,
                   units=stack.counters, to=label(end),
                   path=[label(h) for h in path if h is not None], **facts)
    else:
        state.emit("rout move", f"{state.name(stack)}: rout blocked, no move", side=stack.side,
                   units=stack.counters, to=label(start), path=[], **facts)


def _nearest_empty(state: State, stack: Stack, pos: Hex) -> tuple[Hex, list[Hex]]:
    """§10 addendum: the nearest empty hex and a shortest way to it (the hexes after
    ``pos``, ending with it); ties between hexes and between ways at random."""
    occ = state.occupancy()
    dist = {pos: 0}
    level = [pos]
    while level:
        empty = sorted(h for h in level if not any(s is not stack for s in occ.get(h, ())))
        if empty:
            end = empty[state.dice.choice(len(empty), "elephant: nearest empty hex")]
            way = [end] if end != pos else []
            for k in range(dist[end] - 1, 0, -1):
                back = sorted(n for n in state.board.neighbors(way[-1]) if dist.get(n) == k)
                way.append(back[state.dice.choice(len(back), "elephant: way to the empty "
                                                  "hex")] if len(back) > 1 else back[0])
            return end, way[::-1]
        nxt = []
        for h in level:
            for n in state.board.neighbors(h):
                if n not in dist and state.board.passable(n):
                    dist[n] = dist[h] + 1
                    nxt.append(n)
        level = nxt
    return pos, []


def move_elephants(state: State, stack: Stack) -> Steps:
    """§10 elephant rout: pushed back one hex from the attack, then at random (1991: two
    hexes one way after combat, a full move later; 1990: a new direction each hex),
    crossing whatever is in the way; ending on an empty hex (1991: the nearest one;
    1990: moved on at random until it hinders no one)."""
    occ = state.occupancy()
    pos, path = stack.hex, []
    start = pos
    steps = state.speed(stack)
    if stack.push is not None:
        n = pos.neighbor(stack.push)
        if not state.board.contains(n):
            _lose(state, stack, "stampede off the map")
            return
        if state.board.passable(n):
            pos = n
            path.append(n)
        if state.edition.elephant_rout == "1991":
            steps = 2
        else:
            steps -= 1
        state.update(stack, push=None)
    d = Direction(state.dice.d6("elephant rout direction"))
    for _ in range(steps):
        if state.edition.elephant_rout == "1990" and path:
            d = Direction(state.dice.d6("elephant rout direction"))
        for _try in range(12):
            n = pos.neighbor(d)
            if not state.board.contains(n):
                _mark_path(state, stack, path, occ)
                _lose(state, stack, "stampede off the map")
                return
            if state.board.passable(n):
                break
            d = Direction(state.dice.d6("elephant blocked by dunes: new direction"))
        else:
            break
        pos = n
        path.append(n)
    if state.edition.elephant_rout == "1990":
        # §10 (1990): ending among units, the animal is moved on again at random, a hex at
        # a time, until it hinders no one (after 12 tries: the nearest empty hex); §9
        # (1990): the bumped units' player may instead shift it one hex
        for _try in range(12):
            if not any(s is not stack for s in occ.get(pos, ())):
                break
            shift = yield from _bumped(state, stack, pos, occ)
            if shift is not None:
                pos = shift
                path.append(shift)
                break
            n = pos.neighbor(Direction(state.dice.d6("elephant moved on at random")))
            if not state.board.contains(n):
                _mark_path(state, stack, path, occ)
                _lose(state, stack, "stampede off the map")
                return
            if state.board.passable(n):
                pos = n
                path.append(n)
    # §10 addendum: on to the nearest empty hex, crossing (and testing) what lies between
    end, way = _nearest_empty(state, stack, pos)
    path += way
    _mark_path(state, stack, path, occ)
    state.update(stack, hex=end)
    state.paths[stack.sid] = ([start, *path], None, frozenset(stack.counters))
    label = state.board.label
    via = [label(h) for h in path[:-1]]
    state.emit("elephant rout", f"{state.name(stack, start)}: stampede to {label(end)}"
               + (f" (via {' '.join(via)})" if via else ""), side=stack.side,
               units=stack.counters, counters=list(stack.counters),
               **{"from": label(start)}, to=label(end), path=[label(h) for h in path])


def _bumped(state: State, stack: Stack, pos: Hex, occ: Occ) -> Generator[
        Decision, Hashable, Hex | None]:
    """§9 (1990): units a routing elephant ends on (friend or foe, not themselves in rout)
    test with the other crossing tests; their player chooses whether the elephant moves
    on as §10 has it or shifts one hex, to an adjacent empty hex it may enter."""
    bumped = [s for s in occ.get(pos, ()) if s is not stack and
              s.status is not Status.ROUTED and not state.leader_alone(s)]
    if not bumped:
        return None
    label = state.board.label
    shifts = sorted({ShiftTo(label(n), at=n) for n in state.board.neighbors(pos)
                     if state.board.passable(n) and
                     not any(s is not stack for s in occ.get(n, ()))})
    if not shifts:
        return None
    choice = yield ask(bumped[0].side, Kind.ELEPHANT_BUMPED, [MOVE_ON, *shifts],
                       unit=state.top(bumped[0]), target=state.top(stack),
                       prompt=f"routing elephants end on {label(pos)}: let them move on "
                              "or shift them one hex?")
    return choice.at if isinstance(choice, ShiftTo) else None


def _mark_path(state: State, stack: Stack, path: list[Hex], occ: Occ) -> None:
    for h in path:
        _mark_crossed(state, stack, h, occ, True)
        if state.edition.elephant_rout == "1990":  # and elephants next to it (1990)
            for n in state.board.neighbors(h):
                for s in occ.get(n, ()):
                    if s is not stack and s.status is not Status.ROUTED and \
                            state.stack_class(s) is TroopClass.ELEPHANT and \
                            s.sid not in state.crossed_ok:
                        state.to_test_crossed[s.sid] = True


def rout_phase(state: State, side: str) -> Steps:
    """§3 step 4: the routed stacks of ``side`` (the non-phasing player) make their rout
    move."""
    state.paths.clear()
    for stack in sorted(state.side_stacks(side, Status.ROUTED), key=lambda s: s.sid):
        if not state.on_map(stack):
            continue
        if state.stack_class(stack) is TroopClass.ELEPHANT:
            yield from move_elephants(state, stack)
        else:
            yield from move_rout(state, stack)


def rout_tests(state: State) -> None:
    """§3 step 6 / §9 addendum: units crossed by friendly routs or by elephants test (the
    top counter for the stack); a failure routs them on the spot."""
    for sid, by_elephants in sorted(state.to_test_crossed.items()):
        stack = state.stack(sid)
        if stack is None or stack.status is Status.ROUTED or sid in state.crossed_ok:
            continue
        why = "crossed by elephants" if by_elephants else "crossed by a rout"
        failed = stack_test(state, stack, why, top_only=state.edition.stack_tests_top_only,
                            elephant_rout=by_elephants)
        if failed:
            routed = put_to_rout(state, stack, failed, None)
            for r in routed:
                state.update(r, push=None)
            _elephants_see(state, routed)  # §9 (1990): elephants seeing these routs
        else:
            state.crossed_ok.add(sid)
    state.to_test_crossed.clear()


# -- pursuit (§10) -------------------------------------------------------------------------
def _router_of(state: State, pursuer: Stack) -> Stack | None:
    for s in state.stacks:
        if s.status is Status.ROUTED and s.side != pursuer.side and \
                pursuer.pursued.intersection(s.counters):
            return s
    return None


def pursuit_phase(state: State, side: str) -> None:
    """§10: pursuers move with the rout, along the same route, ignoring zones of control,
    never through an enemy; blocked where the rout crossed its own steady troops; lost
    if they follow it off the map (§1, §10; a leader carried off is killed, §11)."""
    state.blocked_pursuit.clear()
    for p in sorted(state.side_stacks(side, Status.PURSUING), key=lambda s: s.sid):
        router = _router_of(state, p)
        if router is not None:
            if router.sid not in state.paths:
                continue
            path, blocked, _ = state.paths[router.sid]
        else:  # its rout may have left the map this half-turn
            path, blocked = next(((hexes, b) for hexes, b, cids in state.paths.values()
                                  if hexes and hexes[-1] is None
                                  and p.pursued.intersection(cids)), ([], None))
            if not path:
                continue
        off = bool(path) and path[-1] is None  # the rout left the map
        # up to the hex behind the rout's end, or every hex if it left the map
        route = [h for h in (path if off else path[:-1]) if h is not None]
        if blocked is not None:
            route = route[:blocked + 1]
            off = False
            state.blocked_pursuit.add(p.sid)
        occ = state.occupancy()
        walked: list[Hex] = []
        through = state.edition.pass_through_friends
        mp = state.speed(p)
        for h in route[:mp]:
            if h == p.hex:
                continue
            if any(s.side != side for s in occ.get(h, ())) and \
                    (router is None or h != router.hex):
                off = False
                break
            if not through and any(s.side == side and s is not p for s in occ.get(h, ())):
                off = False
                break  # §7 addendum: only a rout passes through its own side's units
            walked.append(h)
        if off and len(route) < mp:
            # §10: "units in rout or in pursuit may leave the map": following its rout
            # off, with a movement point left for that last step, it is lost (§1)
            _lose(state, p, "pursuit off the map")
            continue
        while walked and any(s is not p for s in occ.get(walked[-1], ())):
            walked.pop()
        if walked:
            label = state.board.label
            start = p.hex
            state.update(p, hex=walked[-1])
            state.emit("pursuit move", f"{state.name(p, start)}: pursuit to "
                       f"{label(walked[-1])}", side=side, units=p.counters,
                       counters=list(p.counters), **{"from": label(start)},
                       to=label(walked[-1]))


def back_attack_phase(state: State, side: str) -> Generator[Decision, Hashable, None]:
    """§10: a pursuer in contact with a rout at the end of the pursuit has a free attack
    (1990: on the unit it pursues; addendum: on any rout, except the one it pursues if
    that rout blocked it by crossing its own steady troops)."""
    label = state.board.label
    for p in sorted(state.side_stacks(side, Status.PURSUING), key=lambda s: s.sid):
        if not state.on_map(p):
            continue
        blocked = p.sid in state.blocked_pursuit
        # §8: the arms that may never attack a type (cavalry against elephants, elephants
        # against heavy infantry per edition) may not back-attack it either
        targets = [s for s in state.stacks if s.side != side and s.status is Status.ROUTED
                   and s.hex in state.board.neighbors(p.hex) and
                   (state.edition.back_attack_any_router or p.pursued.intersection(s.counters))
                   # §10 addendum: blocked, it "cannot give it a back-attack" (its rout);
                   # "on the other hand" it may attack any other rout in contact
                   and not (blocked and p.pursued.intersection(s.counters))
                   and not type_forbids(state, state.stack_class(p), s, p.hex)]
        if not targets:
            continue
        options = sorted({Attack(label(p.hex), label(t.hex)) for t in targets})
        choice = yield ask(side, Kind.BACK_ATTACK, [*options, STAY], unit=state.top(p),
                                prompt="free attack on a rout in contact?")
        if isinstance(choice, Attack):
            tgt = next(t for t in targets if label(t.hex) == choice.target)
            yield from resolve(state, p, tgt, back=True)


def in_contact_with(state: State, stack: Stack, statuses: set[Status]) -> bool:
    """Whether an enemy stack in one of ``statuses`` (a leader alone is none) is next
    to ``stack`` (the hexes around it looked up, not every stack scanned)."""
    occ = state.occupancy()
    return any(s.side != stack.side and s.status in statuses and not state.leader_alone(s)
               for h in state.board.neighbors(stack.hex) for s in occ.get(h, ()))


