"""Movement on the table: the menu of a unit's moves in its side's movement phase, each
checked against what it crosses (``movement.forbidden`` and ``movement.allowance``:
Movement A-F, Chariots & Cavalry 4), the units in its path and the enemy it must keep off
(contact is by charge: Hand to hand II); and making a move."""

from __future__ import annotations

import math
from collections.abc import Mapping

import attrs

from ancients.burgess import ground
from ancients.burgess.decisions import Order
from ancients.burgess.fire import in_reach
from ancients.burgess.movement import Allowance, Crossing, allowance, forbidden
from ancients.burgess.state import Piece, State, position
from ancients.tabletop import EPSILON, Block, angle_difference, bearing, normalise_angle

__all__ = ["HOLD", "Fitted", "Plan", "fit", "make_move", "menu"]

HOLD = Order("hold")
#: how many of the nearest enemies a unit's menu makes for
NEAREST = 2
#: a flank point lies this many inches off an enemy's flank
FLANK_OFF = 3.0


@attrs.frozen
class Plan:
    """What an option of the menu does: the block it ends in, the inches it goes, at the
    double or not, what it crosses and the allowance it moved under; a mounted bowmen's
    skirmish also the block it shoots from (``out``)."""

    order: Order
    end: Block
    inches: float = 0.0
    double: bool = False
    crossings: tuple[tuple[Crossing, int], ...] = ()
    allowance: Allowance | None = None
    out: Block | None = None


def _crossed(counts: Mapping[Crossing, int]) -> tuple[tuple[Crossing, int], ...]:
    return tuple(sorted(counts.items()))


@attrs.frozen
class Fitted:
    """A move cut to its allowance: where it ends, its inches, the allowance it moved
    under and what it crosses."""

    end: Block
    inches: float
    allowance: Allowance
    crossings: tuple[tuple[Crossing, int], ...]


def fit(state: State, piece: Piece, towards: float, facing: float, inches: float,
        double: bool = False, stretch: bool = False) -> Fitted | None:
    """The end of a move of up to ``inches`` on the bearing ``towards`` (turned to
    ``facing``), cut to the allowance of what it crosses (Movement A-F), or with
    ``stretch`` lengthened to it (a road's 3 IN more: Movement C); None if the move is
    forbidden (the ground, the double move) or leaves the table."""
    got = _fit(state, piece, towards, facing, inches, double)
    if got is None or not stretch or float(got.allowance.inches) <= got.inches + EPSILON:
        return got
    longer = _fit(state, piece, towards, facing, float(got.allowance.inches), double)
    return longer if longer is not None and longer.inches > got.inches else got


def _fit(state: State, piece: Piece, towards: float, facing: float, inches: float,
         double: bool) -> Fitted | None:
    start = piece.block
    d = inches
    for _ in range(3):
        end = ground.along(start, towards, d, facing)
        if not state.table.contains(end):
            return None
        cross = ground.crossings(state, start, end)
        a = _allowance(state, piece, cross, double)
        if a is None:
            return None
        if d <= float(a.inches) + EPSILON:
            return Fitted(end, d, a, _crossed(cross))
        d = float(a.inches)
        if d <= EPSILON:
            return None
    return None


def _allowance(state: State, piece: Piece, cross: Mapping[Crossing, int],
               double: bool) -> Allowance | None:
    """``movement.allowance`` (None where ``movement.forbidden`` forbids the move),
    remembered for the battle by what it depends on: the class, mounted bowmen or not,
    the crossings, the double move and whether the piece ran last move."""
    unit = piece.unit
    key = ("allowance", unit.troop, unit.mounted_bowmen, tuple(sorted(cross.items())),
           double, piece.ran)
    lasting = state.lasting
    if key not in lasting:
        r = state.rules.movement
        lasting[key] = None if forbidden(unit, cross, double, ran_last_move=piece.ran,
                                         rules=r) is not None else \
            allowance(unit, cross, double, ran_last_move=piece.ran, rules=r)
    found: Allowance | None = lasting[key]
    return found


def _legal(state: State, piece: Piece, end: Block, ignore: tuple[Piece, ...] = ()) -> bool:
    work = state.work_at(end)
    if work is not None and piece.troop not in state.rules.table.enter_buildings:
        return False
    if not ground.keeps_off(state, piece, end):
        return False
    return ground.path_clear(state, piece, [piece.block, end], ignore)


def menu(state: State, piece: Piece) -> list[Plan]:
    """Movement: the moves a unit not in melee may make (the first is to hold): a full or
    part move ahead, towards each of the nearest enemies or to beside their flanks, an
    incline, falling back, running at the double (Movement D), turning to face, and for
    mounted bowmen riding in to shoot and riding back (Missile fire C)."""
    b = piece.block
    move = float(state.rules.troops[piece.troop].move)
    plans = [Plan(HOLD, b)]
    if piece.stopped:  # Elephants 6: "elephant stops"
        return plans
    seen: set[tuple[float, float, float]] = {(round(b.x, 2), round(b.y, 2),
                                               round(b.facing, 1))}
    fractions = [float(f) for f in state.rules.table.fractions]
    orders: set[Order] = {HOLD}

    def offer(kind: str, towards: float, facing: float, inches: float, double: bool = False,
              target: str = "", stretch: bool = True) -> None:
        got = fit(state, piece, towards, facing, inches, double, stretch)
        if got is None:
            return
        end, d, a, cross = got.end, got.inches, got.allowance, got.crossings
        if d <= EPSILON:
            return
        key = (round(end.x, 2), round(end.y, 2), round(end.facing, 1))
        if key in seen or not _legal(state, piece, end):
            return
        order = Order(kind, round(d, 3), round(normalise_angle(towards), 1), target)
        if order in orders:
            return
        seen.add(key)
        orders.add(order)
        plans.append(Plan(order, end, d, double, cross, a))

    def turn(facing: float, target: str = "") -> None:
        end = ground.turned(b, facing)
        key = (round(end.x, 2), round(end.y, 2), round(end.facing, 1))
        if key in seen or not _legal(state, piece, end):
            return
        order = Order("turn", 0.0, round(normalise_angle(facing), 1), target)
        if order in orders:
            return
        seen.add(key)
        orders.add(order)
        plans.append(Plan(order, end))

    for f in fractions:
        offer("advance", b.facing, b.facing, move * f, stretch=f == 1)
    for side in (-45.0, 45.0):
        offer("incline", b.facing + side, b.facing, move)
    for f in fractions:
        offer("back", b.facing + 180.0, b.facing, move * f, stretch=f == 1)
    foes = nearest_enemies(state, piece, b, NEAREST)
    for e in foes:
        to = bearing(b.centre, e.block.centre)
        for f in fractions:
            offer("advance", to, to, move * f, target=e.id, stretch=f == 1)
        for right in (-1.0, 1.0):
            eb = e.block
            point = eb.world(right * (eb.frontage / 2.0 + FLANK_OFF), -eb.depth / 2.0)
            if math.dist(point, b.centre) > EPSILON:
                way = bearing(b.centre, point)
                offer("advance", way, way, min(move, math.dist(point, b.centre)),
                      target=e.id, stretch=False)
        if abs(angle_difference(to, b.facing)) > 10.0:
            turn(to, e.id)
    data = state.rules.troops[piece.troop]
    if data.may_double and not piece.ran:
        factor = float(state.rules.movement.double_factor)
        offer("run", b.facing, b.facing, move * factor, double=True)
        for e in foes[:1]:
            to = bearing(b.centre, e.block.centre)
            offer("run", to, to, move * factor, double=True, target=e.id)
    turn(b.facing + 180.0)
    if piece.unit.mounted_bowmen and piece.may_fire:
        plans.extend(p for p in _skirmishes(state, piece, move) if p.order not in orders)
    return plans


def _nearest(b: Block, pieces: list[Piece], n: int, within: float = math.inf
             ) -> list[Piece] | None:
    """The ``n`` pieces nearest ``b`` edge to edge (table order among equals), measured
    exactly only where the centres' distance less both radii could be among them.
    ``within``: look only at the pieces whose rough distance is at most this (None: they
    do not settle it)."""
    cx, cy = b.centre
    mine = math.hypot(b.frontage, b.depth) / 2.0
    rough = sorted((max(math.hypot(e.block.centre[0] - cx, e.block.centre[1] - cy) - mine -
                        math.hypot(e.block.frontage, e.block.depth) / 2.0, 0.0), i, e)
                   for i, e in enumerate(pieces))
    exact: list[tuple[float, int, Piece]] = []
    for lower, i, e in rough:
        if (len(exact) >= n and lower > exact[n - 1][0]) or lower > within:
            break
        exact.append((b.distance(e.block), i, e))
        exact.sort(key=lambda t: (t[0], t[1]))
    # beyond ``within`` lie pieces not looked at: they cannot be among the nearest only
    # if n found so far are no farther than that
    if within != math.inf and not (len(exact) >= n and exact[n - 1][0] <= within):
        return None
    return [e for _, _, e in exact[:n]]


def nearest_enemies(state: State, piece: Piece, b: Block, n: int) -> list[Piece]:
    """:func:`_nearest` of the enemies of ``piece``, looking only at those the spatial
    index finds near ``b``: every enemy whose rough distance is at most a reach lies
    there (its bounds come within the reach and both radii), and the answer is the one
    over every enemy as soon as those settle it (else the reach doubles)."""
    enemy = state.enemy_of(piece.side)
    foes = state.present(enemy)
    widest: float = state.of_side(enemy, "widest", lambda: max(
        (math.hypot(e.block.frontage, e.block.depth) / 2.0 for e in foes), default=0.0))
    mine = math.hypot(b.frontage, b.depth) / 2.0
    index, pieces = state.foe_index(piece.side), state.pieces
    reach = 12.0
    while True:
        slots = index.near(b.bounds, reach + mine + widest + EPSILON)
        if len(slots) >= len(foes):
            found = _nearest(b, foes, n)
            assert found is not None
            return found
        found = _nearest(b, [pieces[i] for i in slots], n, reach)
        if found is not None:
            return found
        reach *= 2.0


def _skirmishes(state: State, piece: Piece, move: float) -> list[Plan]:
    """Missile fire C: mounted bowmen "may move, fire and move again up to a distance of
    their maximum": they ride towards an enemy (half their move, so as to ride back to
    where they started, or as far as medium range up to their whole move), shoot, and
    ride back facing it with what is left of the move."""
    out: list[Plan] = []
    b = piece.block
    half = move / 2.0
    reach = float(state.rules.fire.reach(piece.unit.weapon)) if piece.unit.weapon else 0.0
    for e in state.present(state.enemy_of(piece.side)):
        gap = b.distance(e.block)
        if gap > reach + move or state.in_melee(e):
            continue
        to = bearing(b.centre, e.block.centre)
        want = max(gap - reach * 0.5, 0.0)
        for ride in dict.fromkeys((min(half, want), min(move, want))):
            got = fit(state, piece, to, to, ride)
            if got is None:
                continue
            far, d, a, cross = got.end, got.inches, got.allowance, got.crossings
            if not a.fire_while_moving or not _legal(state, piece, far):
                continue
            if not in_reach(state, piece, e, far):
                continue
            rest = max(float(a.inches) - d, 0.0)
            if rest >= d - EPSILON:  # back to where it started, facing the enemy
                back, home = ground.turned(b, to), d
            else:
                back, home = ground.along(far, to + 180.0, rest, to), rest
                if not state.table.contains(back) or not ground.keeps_off(state, piece, back):
                    continue
            if not ground.path_clear(state, piece, [far, back]):
                continue
            out.append(Plan(Order("skirmish", round(d, 3), round(to, 1), e.id), back,
                            d + home, False, cross, a, far))
    return out


def make_move(state: State, piece: Piece, plan: Plan) -> None:
    """Make a plan's move: the piece's block, whether it moved (Hand to hand II), ran at
    the double (Movement D) and may still fire (Movement D-F)."""
    start = piece.block
    order = plan.order
    piece.ran = plan.double
    if order.kind == "hold":
        return
    piece.block = plan.end
    # a turn in place is not a move (pivot=free: the text prices no turn), or is (move)
    moved = plan.inches > EPSILON or (order.kind == "turn" and state.opts.pivot == "move")
    if moved:
        piece.moved_in = state.player
        if plan.allowance is not None and not plan.allowance.may_fire:
            piece.may_fire = False
        r = state.rules.movement
        if plan.allowance is None and piece.troop in r.engines and \
                not r.engines_fire_after_moving:  # Movement F: a turn, under pivot=move
            piece.may_fire = False
    state.emit("move", f"{piece.name}: {order}", side=piece.side, units=(piece.id,),
               unit=piece.id, move=order.kind, distance=round(plan.inches, 3),
               double=plan.double, crossed=[f"{c} x{n}" for c, n in plan.crossings],
               **{"from": position(start), "to": position(plan.end)})
