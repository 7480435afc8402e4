"""Marches and approaches: each division's menu of moves by the signal it acts on (the
core's set procedures: Muster, March in Open Files, Begin Approach in Close Files, a
General Withdrawal; lights and horse moving freely, the lights retiring when recalled),
carried out with the drift of a large phalanx, the bounce of belos units before
marching hoplites, interpenetration and the turn's disarray tally; recovery from
disarray; reinforcements coming on."""

from __future__ import annotations

import math
from collections.abc import Generator, Hashable, Sequence

import attrs

from ancients.battle import Decision, Phase
from ancients.hoplomachia.command import Signal
from ancients.hoplomachia.decisions import Kind, Move
from ancients.hoplomachia.flight import destroy, disarray, hamippoi_moved, leaves, recover
from ancients.hoplomachia.geometry import (
    STEP,
    Clearance,
    advance,
    centre_of,
    clearance,
    face,
    sidestep,
    straight_path,
    turn_about,
    wheel,
    wheel_path,
)
from ancients.hoplomachia.movement import Activity
from ancients.hoplomachia.pieces import Division, Piece, Status
from ancients.hoplomachia.precedence import front_of
from ancients.hoplomachia.signals import signal_of
from ancients.hoplomachia.state import State, position
from ancients.hoplomachia.stations import keeps_station, station_of
from ancients.hoplomachia.vocabulary import Arrangement, Category
from ancients.tabletop import EPSILON, Aspect, Block, bearing, heading, normalise_angle

__all__ = ["HOLD", "Plan", "add_disarray", "arrivals", "ask_moves", "bounce", "drifted",
           "execute", "menu", "movers", "recovery", "station_of"]

HOLD = Move("hold")
_FREE_BEARINGS = (0.0, -45.0, 45.0, -90.0, 90.0, 180.0)
_RETIRE_BEARINGS = (180.0, -135.0, 135.0)
_WHEELS = (-15.0, 15.0, -30.0, 30.0, -45.0, 45.0, -90.0, 90.0)
#: the battle plans' stations that free the lights (they go to skirmish, or round the
#: enemy's flank)


@attrs.frozen
class Plan:
    """A legal move: its order, the pieces and the bodies they pass through (the last
    the end), the arrangement and activity it leaves them in, the friends it passes
    through, and whether it is an approach (drift follows it)."""

    order: Move
    pieces: tuple[str, ...]
    path: tuple[tuple[Block, ...], ...]
    arrangement: Arrangement | None = None
    activity: Activity | None = None
    through: tuple[str, ...] = ()
    approach: bool = False

    @property
    def end(self) -> tuple[Block, ...]:
        return self.path[-1]


def movers(state: State, division: Division) -> list[Piece]:
    """The division's pieces free to move: none if any of them is in melee (pinned)."""
    members = state.members(division)
    if any(state.engaged(p) for p in members):
        return []
    return members


#: inches hoplites keep from the enemy belos units they move up to (and bounce)
_UP_TO_BELOS = 0.05


def _keep(state: State, pieces: Sequence[Piece], around: Sequence[Piece]
          ) -> list[tuple[Piece, float]]:
    """Hoplomachia, Spacing: hoplites stay 3 inches from enemy hoplites unless charging;
    belos units move to 1 inch of others; nothing moves into contact but a charge. The
    inches kept from each enemy among ``around`` (the pieces near the move: those within
    :func:`_reach` of it; an enemy farther away is kept from by any move there)."""
    spacing = state.rules.movement.spacing
    hoplites = any(p.hoplite for p in pieces)
    side = pieces[0].side
    out = []
    for e in around:
        if e.side == side:
            continue
        if hoplites and e.hoplite:
            out.append((e, spacing.hoplites))
        elif hoplites:
            out.append((e, _UP_TO_BELOS))  # up to the belos units (they are bounced)
        else:
            out.append((e, spacing.belos))
    return out


def _reach(state: State, pieces: Sequence[Piece]) -> float:
    """Hoplomachia, Spacing: the most inches ``pieces`` keep from any enemy (the widest
    of :func:`_keep`'s), and at least EPSILON (what an overlap needs): a piece whose
    bounds stay farther than this from a move's is neither entered nor kept from."""
    spacing = state.rules.movement.spacing
    if any(p.hoplite for p in pieces):
        return max(spacing.hoplites, _UP_TO_BELOS, EPSILON)
    return max(spacing.belos, EPSILON)


def _check(state: State, pieces: Sequence[Piece], path: Sequence[Sequence[Block]]
           ) -> Clearance:
    """:func:`~.geometry.clearance` of the move against the pieces near its path."""
    near = state.around(pieces, _bounds([b for body in path for b in body], 0.0),
                        _reach(state, pieces))
    return clearance(state.table, pieces, path, near, _keep(state, pieces, near))


Straight = tuple[float, list[list[Block]], Clearance]


def _straight(state: State, pieces: Sequence[Piece], start: Sequence[Block],
              most: float, prefix: Sequence[Sequence[Block]] = (),
              shorter: float | None = None, shorter_found: list[Straight] | None = None
              ) -> Straight | None:
    """The longest clear straight move of up to ``most`` inches (in steps of
    :data:`STEP`), after the bodies of ``prefix``; None if not even a step is. One pass
    along the way: the move is clear to each step the body passes through no enemy,
    and may end there if it overlaps no one and keeps its distances. With ``shorter``,
    the longest legal move of at most that many inches goes into ``shorter_found``."""
    if most <= 1e-9:
        return None
    if shorter_found is None:
        shorter_found = []
    steps = max(1, math.ceil(most / STEP - 1e-9))
    path = straight_path(start, most) if steps > 1 else [advance(start, most,
                                                                 start[0].facing)]
    side = pieces[0].side
    # only the pieces whose bounds come within the widest spacing of the path's: no
    # other can be entered or come too near
    near = state.around(pieces, _bounds([b for body in path for b in body], 0.0),
                        _reach(state, pieces))
    near_keep = _keep(state, pieces, near)
    before = {o.id: min(p.block.distance(o.block) for p in pieces) for o, _ in near_keep}
    through: list[str] = []
    best: tuple[int, tuple[str, ...]] | None = None
    ends: list[tuple[int, tuple[str, ...]]] = []
    for k, body in enumerate(path):
        if any(not state.table.contains(b) for b in body):
            break
        step = _bounds(body, 0.0)
        hit = [o for o in near if _meets(step, o.block.bounds)
               and any(b.overlaps(o.block) for b in body)]
        if any(o.side != side for o in hit):
            break
        if not hit and not _within(body, near_keep, before):
            best = (k, tuple(through))
            ends.append(best)
        for o in hit:
            if o.id not in through:
                through.append(o.id)
    if best is None:
        return None
    k, passed = best
    d = most * (k + 1) / len(path)
    if shorter is not None:
        for j, gone in reversed(ends):
            if most * (j + 1) / len(path) <= shorter + 1e-9:
                shorter_found.append((most * (j + 1) / len(path),
                                      [list(b) for b in prefix] + [list(b) for b in
                                                                   path[:j + 1]],
                                      Clearance(True, gone)))
                break
    return d, [list(b) for b in prefix] + [list(b) for b in path[:k + 1]], Clearance(True,
                                                                                   passed)


def _bounds(blocks: Sequence[Block], margin: float) -> tuple[float, float, float, float]:
    return (min(b.bounds[0] for b in blocks) - margin, min(b.bounds[1] for b in blocks) - margin,
            max(b.bounds[2] for b in blocks) + margin, max(b.bounds[3] for b in blocks) + margin)


def _meets(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return not (a[0] > b[2] or b[0] > a[2] or a[1] > b[3] or b[1] > a[3])


def _within(body: Sequence[Block], keep: Sequence[tuple[Piece, float]],
            before: dict[str, float]) -> bool:
    """The body would end nearer to one of ``keep`` than allowed (and than before)."""
    for o, inches in keep:
        now = min(b.distance(o.block) for b in body)
        if now < inches - 1e-9 and now < min(before[o.id], inches) - 1e-9:
            return True
    return False


def _plan(order: Move, pieces: Sequence[Piece], path: Sequence[Sequence[Block]],
          c: Clearance, **kw: object) -> Plan:
    return Plan(order, tuple(p.id for p in pieces), tuple(tuple(b) for b in path),
                through=c.through, **kw)  # type: ignore[arg-type]


def _hold(pieces: Sequence[Piece]) -> Plan:
    return Plan(HOLD, tuple(p.id for p in pieces), (tuple(p.block for p in pieces),))


def menu(state: State, division: Division) -> list[Plan]:
    """Hoplomachia, Signals and Movement: the legal moves of ``division`` this turn (hold
    first): a pinned or halted division only holds."""
    pieces = movers(state, division)
    if not pieces:
        return []
    hold = _hold(pieces)
    if division.halted_turn and division.halted_turn == state.turn:
        return [hold]
    signal = signal_of(state, division)
    if signal is Signal.GENERAL_WITHDRAWAL:
        return [_withdrawal(state, pieces)]
    if division.flank and division.order_turn <= state.turn:
        return [hold, *_flank_march(state, division, pieces)]
    if division.core:
        if signal is Signal.MUSTER:
            return [hold, *_arrangements(state, pieces)]
        if signal is Signal.MARCH:
            return [hold, *_march(state, pieces)]
        if signal is Signal.BEGIN_APPROACH:
            return [hold, *_approach(state, division, pieces)]
        return [hold]
    retire = division.lights and not state.armies[division.side].psiloi_forward
    free = _free(state, pieces, _RETIRE_BEARINGS if retire else _FREE_BEARINGS)
    station = None if retire else station_of(state, division)
    if station is not None:
        free = [p for p in free if keeps_station(state, pieces, p, station)]
    return [hold, *free, *_arrangements(state, pieces)]


def _arrangements(state: State, pieces: Sequence[Piece]) -> list[Plan]:
    """Hoplomachia, Arrangements: disciplined troops change between Close and Open
    Files (1 inch: they do nothing else)."""
    card = pieces[0].card
    if not card.disciplined:
        return []
    now = pieces[0].arrangement
    out = []
    for a in card.movement.arrangements:
        if a is not now:
            body = tuple(p.block for p in pieces)
            out.append(Plan(Move("arrangement", arrangement=str(a)),
                            tuple(p.id for p in pieces), (body,), arrangement=a))
    return out


def _allowance(state: State, pieces: Sequence[Piece], arrangement: Arrangement) -> float:
    """The move in ``arrangement``, less the inch of changing into it."""
    change = 0.0 if pieces[0].arrangement is arrangement else \
        state.rules.movement.arrangement.change
    rate = pieces[0].card.movement.rate(arrangement)
    if any(p.hamippoi for p in pieces):
        rate += state.rules.cards.hamippoi.move  # Hoplomachia, Hamippoi: +1 inch
    return max(0.0, rate - change)


def _march(state: State, pieces: Sequence[Piece]) -> list[Plan]:
    """Hoplomachia, Signals (March): hoplites manoeuvre in Open Files: advance, wheel up
    to 90 degrees, or turn about (1 inch) and move on."""
    of = Arrangement.OPEN_FILES
    allow = _allowance(state, pieces, of)
    start = [p.block for p in pieces]
    out: list[Plan] = []
    best = _straight(state, pieces, start, allow)
    if best is not None:
        d, path, c = best
        out.append(_plan(Move("advance", d), pieces, path, c, arrangement=of,
                         activity=Activity.MARCH))
        if d / 2.0 >= STEP:
            half = _straight(state, pieces, start, d / 2.0)
            if half is not None:
                out.append(_plan(Move("advance", half[0]), pieces, half[1], half[2],
                                 arrangement=of, activity=Activity.MARCH))
    limit = state.rules.movement.arrangement.wheel_limit(of)
    for angle in _WHEELS:
        if limit is not None and abs(angle) > limit + 1e-9:
            continue
        wheeled, cost = wheel(start, angle)
        if cost > allow + 1e-9:
            continue
        arc = wheel_path(start, angle)
        rest = allow - cost
        c = _check(state, pieces, arc)
        if not c.ok:
            continue
        more = _straight(state, pieces, wheeled, rest, arc) if rest >= STEP else None
        if more is not None:
            out.append(_plan(Move("wheel", round(more[0], 3), angle), pieces, more[1],
                             more[2], arrangement=of, activity=Activity.MARCH))
        else:
            out.append(_plan(Move("wheel", 0.0, angle), pieces, arc, c, arrangement=of,
                             activity=Activity.MARCH))
    turn = state.rules.movement.arrangement.turn
    if allow > turn:
        # Hoplomachia, Arrangements: OF infantry "turn lochoi 90/180 degrees for 1 inch"
        for degrees in state.rules.movement.arrangement.open_files_turns:
            for angle in ((180.0,) if degrees == 180.0 else (-degrees, degrees)):
                about = turn_about(start, angle)
                c = _check(state, pieces, [about])
                if not c.ok:
                    continue
                more = _straight(state, pieces, about, allow - turn, [about])
                if more is None:
                    continue
                order = Move("about face", round(more[0], 3)) if angle == 180.0 else \
                    Move("turn", round(more[0], 3), angle)
                out.append(_plan(order, pieces, more[1], more[2], arrangement=of,
                                 activity=Activity.MARCH))
    return out


def _turn_allowed(state: State, pieces: Sequence[Piece], turn: float) -> bool:
    """Hoplomachia, Arrangements: may the pieces change their facing by ``turn``
    degrees (0-180)? Close Files "may only move forward, wheel up to 45 degrees"; horse
    in Close Files wheel "only by hipparchy up to 90 degrees", in Open Files freely;
    infantry in Open Files wheel up to 90 degrees or turn 90/180; No Files at will."""
    arrangement = pieces[0].arrangement
    if arrangement is Arrangement.NO_FILES or not pieces[0].card.disciplined:
        return True
    rules = state.rules.movement.arrangement
    horse = pieces[0].card.category is Category.HIPPEUS
    limit = rules.wheel_limit(arrangement, horse=horse)
    if limit is None or turn <= limit + 0.5:
        return True
    return arrangement is Arrangement.OPEN_FILES and any(
        abs(turn - t) <= 0.5 for t in rules.open_files_turns)


def _turn_of(a: float, b: float) -> float:
    """The turn (0-180 degrees) from facing ``a`` to facing ``b``."""
    return abs(((b - a + 180.0) % 360.0) - 180.0)


def _turned(blocks: Sequence[Block], facing: float) -> list[Block]:
    """Each lochos turned about its own centre to face ``facing``."""
    return [b.rotated(normalise_angle(facing - b.facing), b.centre) for b in blocks]


def _flank_march(state: State, division: Division, pieces: Sequence[Piece]) -> list[Plan]:
    """Hoplomachia, Commands: a verbal order outside the salpinx's set procedures, a
    flank march: in Open Files the lochoi turn 90 degrees to the flank (Arrangements:
    Open Files infantry turn lochoi 90 degrees for 1 inch) and march along the line, the
    full move or half; facing the flank, they march on, or turn back to face front."""
    of = Arrangement.OPEN_FILES
    allow = _allowance(state, pieces, of)
    turn = state.rules.movement.arrangement.turn
    start = [p.block for p in pieces]
    kw = {"arrangement": of, "activity": Activity.MARCH}
    angle = 90.0 if division.flank == "right" else -90.0
    on_flank = all(abs(normalise_angle(b.facing - division.flank_heading + 180.0) - 180.0)
                   < 1.0 for b in start)
    out: list[Plan] = []
    body = start if on_flank else _turned(start, division.flank_heading)
    prefix: list[Sequence[Block]] = [] if on_flank else [body]
    most = allow if on_flank else allow - turn
    if (on_flank or _check(state, pieces, prefix).ok) and most >= STEP:
        halves: list[Straight] = []
        best = _straight(state, pieces, body, most, prefix, most / 2.0, halves)
        if best is not None:
            for d, path, c in [best, *(h for h in halves if STEP <= h[0] < best[0] - 1e-9)]:
                out.append(_plan(Move("flank march", round(d, 3), angle), pieces, path, c,
                                 **kw))
    if on_flank and allow >= turn:
        front = _turned(start, division.flank_front)
        c = _check(state, pieces, [front])
        if c.ok:
            out.append(_plan(Move("face front"), pieces, [front], c, **kw))
    return out


def _approach(state: State, division: Division, pieces: Sequence[Piece]) -> list[Plan]:
    """Hoplomachia, Signals (Begin Approach): the core closes files and advances at its
    Close Files rate, wheeling no more than 45 degrees; never within 3 inches of enemy
    hoplites (the charge closes that); Spartans, Thebans and mercenaries may incline."""
    cf = Arrangement.CLOSE_FILES
    allow = _allowance(state, pieces, cf)
    start = [p.block for p in pieces]
    out: list[Plan] = []
    best = _straight(state, pieces, start, allow)
    kw = {"arrangement": cf, "activity": Activity.APPROACH, "approach": True}
    if best is not None:
        out.append(_plan(Move("approach", best[0]), pieces, best[1], best[2], **kw))
    limit = state.rules.movement.arrangement.wheel_limit(cf) or 0.0
    for angle in _WHEELS:
        if abs(angle) > limit + 1e-9:
            continue
        wheeled, cost = wheel(start, angle)
        if cost > allow + 1e-9:
            continue
        arc = wheel_path(start, angle)
        c = _check(state, pieces, arc)
        if not c.ok:
            continue
        more = _straight(state, pieces, wheeled, allow - cost, arc) \
            if allow - cost >= STEP else None
        if more is not None:
            out.append(_plan(Move("wheel", round(more[0], 3), angle), pieces, more[1],
                             more[2], **kw))
        else:
            out.append(_plan(Move("wheel", 0.0, angle), pieces, arc, c, **kw))
    drift = state.rules.movement.drift
    nation = state.armies[division.side].nation
    if state.opts.incline and drift.may_incline(nation) and best is not None:
        # Hoplomachia, Drift (optional): an incline of 1 inch, deliberately
        for side in (-drift.incline, drift.incline):
            forward = max(0.0, math.sqrt(max(0.0, allow ** 2 - side ** 2)))
            ahead = _straight(state, pieces, start, forward)
            if ahead is None:
                continue
            end = sidestep(ahead[1][-1], side)
            path = [*ahead[1], end]
            c = _check(state, pieces, path)
            if c.ok:
                out.append(_plan(Move("approach", round(ahead[0], 3), incline=side), pieces,
                                 path, c, **kw))
    return out


def _free(state: State, pieces: Sequence[Piece], bearings: Sequence[float]) -> list[Plan]:
    """Lights and horse move freely (No Files troops turn at will; horse in Open Files
    wheel freely by ile), ending facing the nearest enemy; disciplined troops pay the
    inch of a turn when they change their facing."""
    enemy, _ = state.nearest_enemy(pieces[0])
    start = [p.block for p in pieces]
    if enemy is None:
        return []
    here = centre_of(start)
    towards = bearing(here, enemy.block.centre)
    arrangement = pieces[0].arrangement
    allow = _allowance(state, pieces, arrangement)
    turn_cost = 0.0 if arrangement is Arrangement.NO_FILES else \
        state.rules.movement.arrangement.turn
    out: list[Plan] = []
    close = arrangement is Arrangement.CLOSE_FILES
    for angle in bearings:
        heading_ = normalise_angle(towards + angle)
        if not _turn_allowed(state, pieces, _turn_of(start[0].facing, heading_)):
            continue
        faced = face(start, heading_)
        turned = abs(((heading_ - start[0].facing + 180.0) % 360.0) - 180.0) > 45.0
        most = allow - (turn_cost if turned else 0.0)
        if most < STEP:
            continue
        halves: list[Straight] = []
        best = _straight(state, pieces, faced, most, [faced], most / 2.0, halves)
        if best is None:
            continue
        for dist, path, c in [best, *(h for h in halves if h[0] < best[0] - 1e-9
                                      and h[0] >= STEP)]:
            end = path[-1]
            final = face(end, bearing(centre_of(end), enemy.block.centre))
            # the end's re-facing is a turn too (in Close Files, within the wheel from
            # the start)
            if _turn_allowed(state, pieces, _turn_of(heading_, final[0].facing)) and (
                    not close or _turn_allowed(state, pieces, _turn_of(start[0].facing,
                                                                      final[0].facing))) \
                    and _check(state, pieces, [final]).ok:
                path = [*path, final]
            # Hoplomachia, Epidromos: troops moving freely approach by a move towards
            # the enemy (heading within 45 degrees of it): their momentum's approach
            out.append(_plan(Move("towards", round(dist, 3), angle), pieces, path, c,
                             approach=abs(angle) <= 45.0))
    faced = face(start, towards)
    c = _check(state, pieces, [faced])
    if c.ok and abs(faced[0].facing - start[0].facing) > 1.0 and \
            _turn_allowed(state, pieces, _turn_of(start[0].facing, faced[0].facing)):
        out.append(_plan(Move("face"), pieces, [faced], c))
    return out


def _withdrawal(state: State, pieces: Sequence[Piece]) -> Plan:
    """Hoplomachia, Signals (General Withdrawal): away from the enemy in Open Files at
    the full rate; pieces that reach the table's edge leave it."""
    away = normalise_angle(front_of(state, pieces[0].side) + 180.0)
    arrangement = Arrangement.OPEN_FILES if pieces[0].card.disciplined else \
        Arrangement.NO_FILES
    d = _allowance(state, pieces, arrangement)
    start = [p.block for p in pieces]
    faced = face(start, away)
    end = advance(faced, d)
    return Plan(Move("withdraw", d), tuple(p.id for p in pieces), (tuple(faced), tuple(end)),
                arrangement=arrangement, activity=Activity.MARCH)


def execute(state: State, division: Division, plan: Plan) -> None:
    """Carry out a plan: move the pieces, set their arrangement, tally the terrain they
    cross and disarray for interpenetration; after an approach the drift; after a
    hoplite march or approach the bounce."""
    if plan.order == HOLD:
        return
    pieces = [state.by_id[k] for k in plan.pieces]
    start = {p.id: position(p.block) for p in pieces}
    moved = plan.order.kind not in ("arrangement", "hold")
    if plan.order.kind == "withdraw":
        _withdraw(state, division, pieces, plan)
        return
    for p, b in zip(pieces, plan.end, strict=True):
        p.block = b
        if plan.arrangement is not None and p.card.disciplined:
            p.arrangement = plan.arrangement
        if moved:
            p.moved_turn, p.moved = state.turn, plan.order.distance
            hamippoi_moved(state, p, plan.order.distance)
    if moved:
        division.moved_turn = state.turn
    if plan.activity is not None:
        division.activity = plan.activity
    if moved:
        # Hoplomachia, Epidromos: momentum requires a prior approach move; any other
        # move spends it
        division.approached = plan.approach
    state.emit("move", f"{division.name}: {plan.order}", side=division.side,
               units=plan.pieces, division=division.id, move=plan.order.kind,
               distance=plan.order.distance, angle=plan.order.angle,
               arrangement=str(pieces[0].arrangement), **{"from": start},
               to={p.id: position(p.block) for p in pieces})
    _interpenetration(state, pieces, plan.through)
    _terrain(state, division, plan.path)
    if plan.approach and plan.activity is Activity.APPROACH:  # the phalanx's approach
        _drift(state, division, pieces)
    if moved and any(p.hoplite for p in pieces):
        bounce(state, pieces)


def _withdraw(state: State, division: Division, pieces: list[Piece], plan: Plan) -> None:
    """The body marches off as one: as far as it may of its move (pieces reaching the
    table's edge leave it)."""
    start = {p.id: position(p.block) for p in pieces}
    faced = list(plan.path[0])
    d = plan.order.distance
    # the pieces near the way (a straight move stays within the box of its ends)
    others = state.around(pieces, _bounds(
        [*faced, *advance(faced, max(d, 0.0), faced[0].facing)], 0.0), 0.0)
    while d > 0.0:
        ends = advance(faced, d, faced[0].facing)
        if not any(state.table.contains(b) and any(b.overlaps(o.block) for o in others)
                   for b in ends):
            break
        d = round(d - STEP, 6)
    ends = advance(faced, max(d, 0.0), faced[0].facing)
    if d <= 0.0:
        ends = [p.block for p in pieces]
    for p, b in zip(pieces, ends, strict=True):
        if not state.table.contains(b):
            leaves(state, p, "withdrew off the table")
            continue
        p.block = b
        p.arrangement = plan.arrangement or p.arrangement
        p.moved_turn, p.moved = state.turn, max(d, 0.0)
    division.moved_turn = state.turn
    division.activity = Activity.MARCH
    division.approached = False  # a move away: no approach for a charge's momentum
    if division.core:
        state.record.retreat.add(division.side)
    state.emit("move", f"{division.name}: {plan.order}", side=division.side,
               units=plan.pieces, division=division.id, move="withdraw",
               distance=max(d, 0.0), angle=0.0, arrangement=str(pieces[0].arrangement),
               **{"from": start}, to={p.id: position(p.block) for p in pieces if p.on_table})


def _interpenetration(state: State, pieces: Sequence[Piece], through: Sequence[str]) -> None:
    """Hoplomachia, Interpenetration: psiloi pass through stationary Open Files units
    unharmed; any other interpenetration disarrays both."""
    rule = state.rules.movement.interpenetration
    for k in through:
        friend = state.by_id[k]
        stationary = friend.moved_turn != state.turn
        if rule.disarrays(pieces[0].card, friend.arrangement, stationary):
            for p in pieces:
                disarray(state, p, f"passed through {friend.name}")
            disarray(state, friend, f"{pieces[0].name} passed through")


def _terrain(state: State, division: Division, path: Sequence[Sequence[Block]]) -> None:
    """Hoplomachia, Disarray: every terrain feature crossed this turn adds its number to
    the division's tally (woods disarray at once)."""
    if not state.table.areas:
        return
    crossed: list[str] = []
    for body in path:
        for b in body:
            for area in state.table.terrain_crossed(b):
                name = str(area.prop("hoplomachia", ""))
                key = f"{name}:{area.name}"
                if name and name in state.rules.movement.terrain and key not in crossed:
                    crossed.append(key)
    for key in crossed:
        name = key.split(":", 1)[0]
        terrain = state.rules.movement.terrain_named(name)
        if terrain.disarray is None:
            for p in state.members(division):
                disarray(state, p, f"crossing {name}")
        else:
            add_disarray(state, division, name, terrain.disarray)


def add_disarray(state: State, division: Division, source: str, points: int) -> None:
    """Hoplomachia, Disarray: add to the division's tally this turn; when the total
    exceeds its disarray qualifier its pieces are disarrayed."""
    state.record.tally(division.id, source, points)
    tally = state.record.tallies.get(division.id)
    if tally is not None and tally.disarrays(division.card.disarray):
        for p in state.members(division):
            disarray(state, p, f"disarray points {tally.total} > {division.card.disarray}")


def _drift(state: State, division: Division, pieces: Sequence[Piece]) -> None:
    """Hoplomachia, Drift: hoplites in a phalanx of more than 8 lochoi drift 1/2 inch
    right on each approach move (a lochos that would drift into a friend halts)."""
    phalanx = [p for p in state.ready(division.side) if p.hoplite]
    shift = state.rules.movement.drift.approach_drift(len(phalanx))
    if not shift:
        return
    moved = []
    for p, b in zip(pieces, drifted(state, pieces, shift), strict=True):
        if b is not None:
            p.block = b
            moved.append(p.id)
    if moved:
        state.emit("drift", f"{division.name}: drifts {shift:g}\" right", side=division.side,
                   units=tuple(moved), division=division.id, distance=shift,
                   to={k: position(state.by_id[k].block) for k in moved})


def drifted(state: State, pieces: Sequence[Piece], shift: float) -> list[Block | None]:
    """Hoplomachia, Drift: the division's pieces each moved ``shift`` inches right, the
    body together (right of its first piece's front, a lochos turned aside too), from
    its right end: None for a piece that would drift into a friend (of another
    division, or one of its own that halted) or off the table (it halts)."""
    if not pieces:
        return []
    facing = pieces[0].block.facing
    fx, fy = heading(facing)
    rx, ry = fy, -fx
    order = sorted(range(len(pieces)), key=lambda i: -(pieces[i].block.centre[0] * rx +
                                                      pieces[i].block.centre[1] * ry))
    out: list[Block | None] = [None] * len(pieces)
    placed: list[Block] = []
    moved = {i: sidestep([p.block], shift, facing)[0] for i, p in enumerate(pieces)}
    others = state.around(pieces, _bounds(list(moved.values()), 0.0), 0.0)
    for i in order:
        p = pieces[i]
        b = moved[i]
        blocked = not state.table.contains(b) or any(
            b.overlaps(o.block) for o in others) or any(b.overlaps(q) for q in placed)
        out[i] = None if blocked else b
        placed.append(p.block if blocked else b)
    return out


def bounce(state: State, hoplites: Sequence[Piece]) -> None:
    """Hoplomachia, Spacing: belos units within 1 inch in front of marching or
    approaching hoplites "bounce or retreat for 3 inches in front of them"; "if trapped
    by terrain they are destroyed"; blocked by units or the table's edge, they go back
    as far as they can."""
    spacing = state.rules.movement.spacing
    # only the enemies whose bounds come within the bounce's inches of the hoplites'
    ahead = state.near(_bounds([h.block for h in hoplites], 0.0), spacing.belos,
                       state.enemy_of(hoplites[0].side))
    for e in [e for e in ahead if e.ready]:
        if not e.belos_troops or state.engaged(e):
            continue
        near = [h for h in hoplites
                if h.block.zone_distance(e.block, Aspect.FRONT) < spacing.belos]
        if not near:
            continue
        h = near[0]
        full = advance([e.block], spacing.bounce, h.block.facing)[0]
        if _trapped(state, full):
            destroy(state, e, f"bounced by {h.name} and trapped")
            continue
        others = state.around([e], _bounds([e.block, full], 0.0), 0.0)
        d = spacing.bounce
        while d > 0.0:
            b = advance([e.block], d, h.block.facing)[0]
            if state.table.contains(b) and not any(b.overlaps(o.block) for o in others):
                break
            d = round(d - STEP, 6)
        if d <= 0.0:
            continue  # no room to go back: it stays
        start = position(e.block)
        e.block = b
        state.emit("bounced", f"{e.name}: bounced back {d:g}\" by {h.name}",
                   side=e.side, units=(e.id,), unit=e.id, by=h.id, distance=d,
                   **{"from": start, "to": position(b)})


def _trapped(state: State, block: Block) -> bool:
    """Terrain that traps a bounced unit: what disarrays automatically (woods)."""
    for area in state.table.terrain_crossed(block):
        name = str(area.prop("hoplomachia", ""))
        if name in state.rules.movement.terrain and \
                state.rules.movement.terrain[name].disarray is None:
            return True
    return False


def recovery(state: State) -> None:
    """Hoplomachia, Disarray: marching units recover by staying halted a turn,
    approaching units need a Halt signal, charging units recover only when they halt
    after routing their opponents; pursuers that ceased recover on their next move."""
    rules = state.rules.movement.recovery
    for d in state.divisions.values():
        pieces = [p for p in state.members(d) if p.disarrayed and not state.engaged(p)]
        if not pieces:
            continue
        halted = 1 if d.moved_turn != state.turn else 0
        why = ""
        if d.recover_turn == state.turn:
            why = "pursuit over"
        elif d.activity is None or d.activity is Activity.MARCH:
            why = "halted a turn" if rules.recovers(Activity.MARCH, halted) else ""
        elif d.activity is Activity.APPROACH:
            halt = signal_of(state, d) is Signal.HALT
            why = "the Halt signal" if rules.recovers(Activity.APPROACH, halt_signal=halt) \
                else ""
        elif rules.recovers(Activity.CHARGE, halted,
                            routed_opponents=d.routed_opponents_turn >= state.turn - 1):
            why = "halted after routing its opponents"
        if why:
            for p in pieces:
                if not p.pursuing:
                    recover(state, p, why)


def arrivals(state: State) -> None:
    """Reinforcements: from their first turn, each rolls the reinforcement die and comes
    on at its number or more (on its last turn whatever the roll), where the scenario
    puts it, if the place is clear."""
    dice = state.rules.play.reinforcement_dice
    for d in state.divisions.values():
        r = d.reinforcement
        waiting = [state.by_id[u] for u in d.units if state.by_id[u].status is Status.WAITING]
        if r is None or not waiting or state.turn < r.first:
            continue
        roll = dice.minimum if state.turn >= r.last else 0
        if state.turn < r.last:
            roll = state.dice.roll(dice, f"reinforcements: {d.id}")
        comes = state.turn >= r.last or roll >= r.roll
        clear = all(not any(p.block.overlaps(o.block) for o in state.near(p.block.bounds))
                    and state.table.contains(p.block) for p in waiting)
        state.emit("reinforcements", f"{d.name}: " + ("arrive" if comes and clear else
                                                      "do not come yet"),
                   side=d.side, division=d.id, roll=roll, need=r.roll,
                   arrive=comes and clear)
        if comes and clear:
            for p in waiting:
                p.status = Status.READY


def ask_moves(state: State, divisions: Sequence[Division]) -> Generator[
        Decision | Phase, Hashable, None]:
    """Each division in turn: its menu as a decision (a division with one move makes it
    without asking)."""
    for d in divisions:
        plans = menu(state, d)
        if not plans:
            continue
        if len(plans) == 1:
            execute(state, d, plans[0])
            continue
        state.menu = {p.order: p for p in plans}
        order = yield Decision(d.side, Kind.MOVE, [p.order for p in plans], unit=d.id,
                               prompt=f"{d.name}: its move")
        plan = next(p for p in plans if p.order == order)
        execute(state, d, plan)

