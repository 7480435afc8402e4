"""Charges (Hand to hand II): the enemies a unit may charge (its line of advance, its
move), the receiving unit's choices (``melee.charge_responses``), and the charge itself:
the receiver's fire, its move to safety and the attacker occupying the ground, the
courses of chariots, elephants and cavalry against spearmen and the stand of the unit
they meet (Chariots & Cavalry 1, 5; Elephants 1, 3, 5: rolled by
:mod:`~ancients.burgess.chariotry` and :mod:`~ancients.burgess.beasts`), contact with its
impetus and downhill bonuses, and the flank and rear attack tables (Special
conditions)."""

from __future__ import annotations

import math

import attrs

from ancients.burgess import beasts, chariotry, ground
from ancients.burgess.chariots import (
    Course,
    spearmen_check,
)
from ancients.burgess.decisions import Shoot
from ancients.burgess.fire import Pool, in_reach, resolve, shoot
from ancients.burgess.flank import attacked
from ancients.burgess.ground import move_allowance
from ancients.burgess.melee import ChargeResponse, charge_responses, has_impetus
from ancients.burgess.missiles import Band
from ancients.burgess.movement import allowance, forbidden
from ancients.burgess.nerve import fall_back, take
from ancients.burgess.reactions import Facing
from ancients.burgess.state import Piece, State, position
from ancients.burgess.troops import Arm, TroopClass
from ancients.tabletop import EPSILON, Arc, Aspect, Block, bearing

__all__ = ["ChargePlan", "can_charge", "charge", "plans", "responses"]

_ENGINES = (TroopClass.HV_ENGINE, TroopClass.LT_ENGINE)


@attrs.frozen
class ChargePlan:
    """A charge that can be made now: the block the charger ends in (touching the
    ``aspect`` edge of the target), the inches it goes and its allowance for them."""

    charger: str
    target: str
    end: Block
    inches: float
    allowance: float
    aspect: Aspect
    downhill: bool


def can_charge(state: State, piece: Piece) -> bool:
    """A unit in good order, not in melee and not a war engine may charge (a shaken or
    running unit does not)."""
    return (piece.on_table and not piece.shaken and not piece.running and not piece.engine
            and not piece.stopped and not state.in_melee(piece))


def _contact(charger: Block, target: Block, aspect: Aspect, along: float) -> Block:
    """The charger's block touching ``aspect`` of ``target``, facing into it, its front's
    centre ``along`` inches from the edge's first end."""
    a, b = target.edge(aspect)
    length = math.dist(a, b)
    tx, ty = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    facing = target.edge_facing(aspect) + 180.0
    x, y = a[0] + tx * along, a[1] + ty * along
    return charger.derived(x, y, facing, charger.files, charger.ranks)


def _places(charger: Block, target: Block, aspect: Aspect) -> list[float]:
    """Where along the edge the charger's front may centre: square on its line of
    advance, else the edge's middle, else its ends."""
    a, b = target.edge(aspect)
    length = math.dist(a, b)
    tx, ty = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    c = charger.centre
    s = (c[0] - a[0]) * tx + (c[1] - a[1]) * ty
    half = charger.frontage / 2.0
    lo, hi = min(half, length / 2.0), max(length - half, length / 2.0)
    out = [min(max(s, lo), hi), length / 2.0, lo, hi]
    return list(dict.fromkeys(round(x, 6) for x in out))


def _plan(state: State, piece: Piece, target: Piece, arc: Arc) -> ChargePlan | None:
    b = piece.block
    move = move_allowance(state, piece)
    p, q = b.bounds, target.block.bounds
    if p[0] > q[2] + move or q[0] > p[2] + move or p[1] > q[3] + move or q[1] > p[3] + move:
        return None  # (its bounds beyond a move: a cheap first cut)
    if b.distance(target.block) > move + EPSILON or not b.in_arc(target.block, arc):
        return None
    aspect = target.block.aspect_of(b.centre)
    for along in _places(b, target.block, aspect):
        end = _contact(b, target.block, aspect, along)
        if not state.table.contains(end):
            continue
        inches = math.dist(b.centre, end.centre)
        cross = ground.crossings(state, b, end)
        r = state.rules.movement
        if forbidden(piece.unit, cross, rules=r) is not None:
            continue
        allowed = float(allowance(piece.unit, cross, rules=r).inches)
        if inches > allowed + EPSILON:
            continue
        if not ground.path_clear(state, piece, [b, end]):
            continue
        way = bearing(b.centre, end.centre) if inches > EPSILON else b.facing
        downhill = inches > EPSILON and state.table.gradient(b.centre, way) < -ground.UPHILL
        return ChargePlan(piece.id, target.id, end, inches, allowed, aspect, downhill)
    return None


def plans(state: State, piece: Piece) -> list[ChargePlan]:
    """The charges the piece may make now: at enemies whose nearest point lies in its
    line of advance (table.toml, charge) within its move, its path clear (Hand to hand
    II)."""
    if not can_charge(state, piece):
        return []
    arc = state.rules.table.charge_arc
    out = []
    # only enemies whose bounds come within a move can be charged (_plan's first cut):
    # those the state's spatial index finds, in table order
    move = move_allowance(state, piece)
    for e in state.near(piece.block.bounds, move + EPSILON, state.enemy_of(piece.side)):
        p = _plan(state, piece, e, arc)
        if p is not None:
            out.append(p)
    return out


def moved_in_its_turn(state: State, piece: Piece) -> bool:
    """The piece moved in its own last player turn (Hand to hand II: then it is fixed)."""
    return piece.moved_in == state.player - 1


def responses(state: State, receiver: Piece) -> tuple[ChargeResponse, ...]:
    """What ``receiver``, charged, may do (Hand to hand II): a unit in melee, running or
    a war engine is fixed, as is one that moved in its own last player turn; so is an
    elephant (it carries no missiles, and Elephants 5 has the unit attacking it stand
    or fall back, never the elephant give way: a reading)."""
    if state.in_melee(receiver) or receiver.running or receiver.engine or \
            receiver.troop is TroopClass.ELEPHANTS:
        return (ChargeResponse.FIXED,)
    return charge_responses(receiver.unit, moved_in_its_turn(state, receiver))


# -- making a charge ---------------------------------------------------------------------
def charge(state: State, charger: Piece, target: Piece,
           response: ChargeResponse | None) -> None:
    """Make a declared charge (Hand to hand II), the receiver answering as it chose."""
    if not can_charge(state, charger) or not target.on_table:
        return
    plan = _plan(state, charger, target, Arc(90.0))
    if plan is None:
        state.emit("charge fails", f"{charger.name}: cannot reach {target.name}",
                   side=charger.side, units=(charger.id, target.id), unit=charger.id,
                   target=target.id)
        return
    charger.ran = False  # Movement D: a charge is a move, and not at the double
    state.emit("charge", f"{charger.name}: charges {target.name}", side=charger.side,
               units=(charger.id, target.id), unit=charger.id, target=target.id,
               aspect=plan.aspect.value, response=str(response) if response else "")
    # Hand to hand II: the receiver answers once, however many units charge it
    first = target.answered != state.player
    if response in (ChargeResponse.FIRE_AND_EVADE, ChargeResponse.EVADE):
        moved = not first  # (it moved to safety from an earlier charger, if it could)
        if first:
            target.answered = state.player
            if response is ChargeResponse.FIRE_AND_EVADE:
                _fire_at(state, target, charger, None)
            if not charger.on_table or charger.running:
                return
            if charger.stopped:  # Elephants 6: stopped before it set off
                _halt(state, charger, plan, 0.0, "stops")
                return
            moved = _evade(state, target, charger)
        # Hand to hand II, "move to safety": a receiver the charger can still reach where
        # it now stands is caught (it may have turned to face the charger), the charge
        # going in at it; one out of reach fell away, and the attacker takes the ground
        again = _plan(state, charger, target, Arc(90.0))
        if again is None:
            if moved:
                _occupy(state, charger, plan)
                return
            state.emit("charge fails", f"{charger.name}: cannot reach {target.name}",
                       side=charger.side, units=(charger.id, target.id), unit=charger.id,
                       target=target.id)
            return
        plan = again
    # special courses before contact
    if not _course(state, charger, target, plan):
        return
    if response is ChargeResponse.HOLD_AND_FIRE and first:
        target.answered = state.player
        _fire_at(state, target, charger, Band.CLOSE)
        if not charger.on_table or charger.running:
            return
        if charger.stopped:  # Elephants 6: the charge ends at close range
            close = _close_range(state, target)
            _halt(state, charger, plan, max(plan.inches - close, 0.0) / plan.inches
                  if plan.inches > EPSILON else 0.0, "stops")
            return
    _contact_made(state, charger, target, plan)


def _fire_at(state: State, firer: Piece, target: Piece, band: Band | None) -> None:
    """The receiver fires at the charger (Hand to hand II): now, at the range between
    them, or holding until close range."""
    weapon = firer.unit.weapon
    if weapon is None or firer.out_of_action > 0:
        return
    ranges = state.rules.fire.ranges[weapon]
    if band is Band.CLOSE:
        if Band.CLOSE not in ranges:
            return
        distance = float(ranges[Band.CLOSE])
    else:
        if not in_reach(state, firer, target):
            return
        distance = firer.block.distance(target.block)
    pool = Pool()
    shoot(state, firer, Shoot(target.id), pool, distance=distance)
    resolve(state, pool)


def _close_range(state: State, firer: Piece) -> float:
    """The close range of the firer's weapon (0 without one)."""
    weapon = firer.unit.weapon
    if weapon is None:
        return 0.0
    return float(state.rules.fire.ranges[weapon].get(Band.CLOSE, 0))


def _evade(state: State, receiver: Piece, charger: Piece) -> bool:
    """The receiver moves to safety: a move straight away from the charger, facing it."""
    start = receiver.block
    fall_back(state, receiver, 1, False, Facing.ENEMY, f"evades {charger.name}")
    return math.dist(start.centre, receiver.block.centre) > EPSILON


def _occupy(state: State, charger: Piece, plan: ChargePlan) -> None:
    """The receiver fell away: the attacker goes on with its advance and occupies the
    ground, for its bonus next turn (Hand to hand II)."""
    start = charger.block
    way = bearing(start.centre, plan.end.centre) if plan.inches > EPSILON else start.facing
    end = None
    d = plan.allowance
    step = state.rules.table.step
    while d > EPSILON:
        cand = ground.along(start, way, min(d, plan.allowance), way)
        if state.table.contains(cand) and ground.keeps_off(state, charger, cand) and \
                ground.path_clear(state, charger, [start, cand]):
            end = cand
            break
        d -= step
    if end is None:
        return
    charger.block = end
    charger.moved_in = state.player
    charger.occupied = state.turn + 1
    state.emit("occupies", f"{charger.name}: takes the ground", side=charger.side,
               units=(charger.id,), unit=charger.id, distance=round(math.dist(
                   start.centre, end.centre), 3),
               **{"from": position(start), "to": position(end)})


def _halt(state: State, charger: Piece, plan: ChargePlan, fraction: float, why: str,
          aside: float = 0.0) -> None:
    """The charge ends short (``fraction`` of its way) or aside (``aside``: -1 swerving
    left, +1 right, past the target's flank), where it is clear; else it stays put."""
    start = charger.block
    step = state.rules.table.step
    way = bearing(start.centre, plan.end.centre) if plan.inches > EPSILON else start.facing
    candidates = []
    if aside:  # past the end of the struck edge on that side, as the charger sees it
        tgt = state.by_id[plan.target].block
        a, b = tgt.edge(plan.aspect)
        end = plan.end
        rx, ry = end.right
        ends = sorted(((p[0] - end.x) * rx + (p[1] - end.y) * ry) for p in (a, b))
        reach = (ends[1] if aside > 0 else -ends[0]) + end.frontage / 2.0 + 0.5
        x, y = end.world(aside * reach, -0.5)
        candidates.append(end.derived(x, y, end.facing, end.files, end.ranks))
    d = plan.inches * fraction
    while d > EPSILON:
        candidates.append(ground.along(start, way, d, way))
        d -= step
    for end in candidates:
        if state.table.contains(end) and ground.keeps_off(state, charger, end) and \
                ground.path_clear(state, charger, [start, end]):
            charger.block = end
            charger.moved_in = state.player
            state.emit("charge ends", f"{charger.name}: {why}", side=charger.side,
                       units=(charger.id,), unit=charger.id, distance=round(math.dist(
                           start.centre, end.centre), 3),
                       **{"from": position(start), "to": position(end)})
            return
    state.emit("charge ends", f"{charger.name}: {why}, and stays where it is",
               side=charger.side, units=(charger.id,), unit=charger.id, distance=0.0,
               **{"from": position(start), "to": position(start)})


def _course(state: State, charger: Piece, target: Piece, plan: ChargePlan) -> bool:
    """The checks of chariots, elephants and cavalry before contact (Chariots & Cavalry
    1, 5; Elephants 1, 5), each rolled by its chapter; whether the charge goes home."""
    arm_c, arm_t = state.arm(charger), state.arm(target)
    if charger.troop is TroopClass.CHARIOTS and arm_t is Arm.INFANTRY:
        return _goes(state, charger, plan, chariotry.course(state, charger, target))
    if arm_c is Arm.CAVALRY and arm_t is Arm.INFANTRY and \
            spearmen_check(target.in_formation, state.rules.chariots) is not None:
        return _goes(state, charger, plan, chariotry.spearmen_course(state, charger, target))
    if arm_c is Arm.CAVALRY and target.troop is TroopClass.ELEPHANTS:
        return _cavalry_stands(state, charger, target, plan)
    if charger.troop is TroopClass.ELEPHANTS:
        if arm_t is Arm.INFANTRY:
            return _goes(state, charger, plan, beasts.attack(state, charger, target))
        if arm_t is Arm.CAVALRY:
            return _cavalry_stands(state, target, charger, plan)
    return True


def _goes(state: State, charger: Piece, plan: ChargePlan, course: Course | None) -> bool:
    """Whether the charge goes home on its course: one that swerves ends aside, one that
    stops midway halfway; one that will not attack or stampeded goes no further."""
    if course is Course.HOME:
        return True
    if course is Course.STOPS:
        _halt(state, charger, plan, 0.5, str(course))
    elif course in (Course.SWERVE_RIGHT, Course.SWERVE_LEFT):
        _halt(state, charger, plan, 1.0, str(course),
              1.0 if course is Course.SWERVE_RIGHT else -1.0)
    return False


def _cavalry_stands(state: State, cavalry: Piece, elephant: Piece, plan: ChargePlan) -> bool:
    """Elephants 5: cavalry that will not stand fall back out of reach, and the charge
    does not meet; an elephant charging them takes the ground (Hand to hand II)."""
    if beasts.cavalry_stands(state, cavalry, elephant):
        return True
    if plan.charger != cavalry.id:  # the elephant occupies the ground
        _occupy(state, state.by_id[plan.charger], plan)
    return False


def _contact_made(state: State, charger: Piece, target: Piece, plan: ChargePlan) -> None:
    """The charge goes home: contact, the attacker's impetus (Hand to hand 1, A: not its
    full move; reinforcing in time for the initial contact) and downhill bonus, and the
    flank or rear attack table (Special conditions)."""
    start = charger.block
    reinforcing = state.in_melee(target)
    initial = target.melee_rounds == 0
    end = plan.end  # (its shape now: the receiver's fire may have thinned it)
    end = end.derived(end.x, end.y, end.facing, start.files, start.ranks)
    charger.block = end
    charger.moved_in = state.player
    charger.melee_rounds = 0
    charger.impetus = has_impetus(plan.inches, plan.allowance, attacking=True,
                                  reinforcing=reinforcing, initial_contact=initial)
    charger.downhill = plan.downhill
    charger.attacker = True
    if not reinforcing:
        target.melee_rounds = 0
    state.emit("contact", f"{charger.name}: into contact with {target.name}'s "
               f"{plan.aspect.value}" + (" with impetus" if charger.impetus else ""),
               side=charger.side, units=(charger.id, target.id), unit=charger.id,
               target=target.id, aspect=plan.aspect.value, distance=round(plan.inches, 3),
               impetus=charger.impetus, downhill=plan.downhill,
               **{"from": position(start), "to": position(end)})
    if target.troop is TroopClass.ELEPHANTS and state.arm(charger) is Arm.INFANTRY:
        return
    if charger.troop is TroopClass.CHARIOTS and state.arm(target) is Arm.INFANTRY:
        chariotry.stand(state, charger, target)
        return
    if charger.troop is TroopClass.ELEPHANTS and state.arm(target) is Arm.INFANTRY:
        beasts.stand(state, charger, target)
        return
    if plan.aspect is Aspect.FRONT or target.engine:
        return
    r = state.rules.flank
    table = r.rear if plan.aspect is Aspect.REAR else r.flank
    reaction = attacked(target.unit, table, state.dice, charger.name, r)
    take(state, target, table.name, reaction, f"charged by {charger.name}")
