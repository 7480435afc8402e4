"""Flight: routs, evasions and pursuits; disarray; pieces lost and the casualty counters
they leave; a division routed (its neighbours, the allies, the senior taxis's Arete);
the automatic moves at the start of the Action Strophe."""

from __future__ import annotations

from collections.abc import Generator, Hashable

from ancients.battle import Decision, Phase
from ancients.hoplomachia.andreia import AndreiaResult, Trigger
from ancients.hoplomachia.arete import AreteEvent
from ancients.hoplomachia.checks import andreia
from ancients.hoplomachia.decisions import NO, YES, Kind
from ancients.hoplomachia.geometry import (
    STEP,
    advance,
    bearing_to,
    bounds_of,
    contact_distance,
    face,
)
from ancients.hoplomachia.pieces import CasualtyCounter, Division, Piece, Status
from ancients.hoplomachia.state import State, position
from ancients.hoplomachia.troops import Flight
from ancients.hoplomachia.vocabulary import Arrangement, Category, GroupKind
from ancients.tabletop import EPSILON, Block, normalise_angle

__all__ = ["COUNTED", "apply_result", "automatic_moves", "destroy", "disarray", "division_routed",
           "evade", "flee", "flee_bearing", "hamippoi_moved", "leaves", "pursue", "recover",
           "rout", "stop_pursuit", "worse"]

Steps = Generator[Decision | Phase, Hashable, None]
#: the categories whose lost lochoi and ilai leave a casualty counter where they broke
COUNTED = frozenset({Category.HOPLITE, Category.PELTAST, Category.HIPPEUS})
_EXTRA = 3.0  # inches a router or evader may run on to clear a friend it would end on


def hamippoi_moved(state: State, piece: Piece, inches: float) -> None:
    """Hoplomachia, Hamippoi: lost if their ile moves or evades more than 7 inches."""
    rule = state.rules.cards.hamippoi
    if piece.hamippoi and rule.lost(False, inches):
        piece.hamippoi = False
        state.emit("hamippoi lost", f"{piece.name}: its hamippoi are left behind",
                   side=piece.side, units=(piece.id,), unit=piece.id, moved=inches)


def disarray(state: State, piece: Piece, why: str) -> None:
    """Hoplomachia, Disarray: the piece is disarrayed (No Files troops never are)."""
    if piece.disarrayed or not piece.card.disciplined or not piece.on_table:
        return
    piece.disarrayed = True
    state.emit("disarray", f"{piece.name}: disarrayed ({why})", side=piece.side,
               units=(piece.id,), unit=piece.id, reason=why)


def worse(state: State, piece: Piece, cause: Piece | None, why: str) -> None:
    """Hoplomachia, Andreia (Worse): one step worse than its state: disarrayed, or routed
    if it already was (No Files troops, never disarrayed, rout)."""
    if piece.disarrayed or not piece.card.disciplined:
        rout(state, piece, cause, why)
    else:
        disarray(state, piece, why)


def flee_bearing(state: State, piece: Piece, cause: Piece | None) -> float:
    """Straight away from the cause (else from the nearest enemy, else to the rear)."""
    if cause is None:
        cause = state.nearest_enemy(piece)[0]
    if cause is None:
        return normalise_angle(piece.block.facing + 180.0)
    return bearing_to(cause.block, piece.block)


def _counter(state: State, piece: Piece) -> None:
    # Hoplomachia, End of battle: a casualty counter where a lochos or ile broke or died
    # (one for each: a router caught left its own where it broke)
    if piece.category in COUNTED and not any(c.piece == piece.id for c in state.counters):
        x, y = piece.block.centre
        state.counters.append(CasualtyCounter(piece.side, piece.id, round(x, 3), round(y, 3)))


def _lost_unit(state: State, piece: Piece, why: str) -> None:
    """The Arete and the triggers of a lochos lost to rout or slaughter."""
    change = state.rules.arete.changes[AreteEvent.LOCHOS_ROUTED]
    if change.applies_to is None or piece.category in change.applies_to:
        state.suffer(piece.side, AreteEvent.LOCHOS_ROUTED, why=piece.name)
    state.record.routed.add(piece.id)
    state.record.trigger(piece.division, Trigger.LOCHOI_ROUTED)
    if piece.hamippoi:
        piece.hamippoi = False  # Hoplomachia, Hamippoi: lost if the ile routs
    division_routed(state, state.division_of(piece))


def rout(state: State, piece: Piece, cause: Piece | None, why: str,
         combat: bool = False) -> None:
    """Hoplomachia, Rout: the piece routs: 1 inch to turn, then its rout distance + 1D6
    straight away from the cause. ``combat``: routed by fire or melee (a casualty
    counter where it broke)."""
    if piece.status is not Status.READY:
        return
    if combat:
        _counter(state, piece)
    piece.status = Status.ROUTING
    piece.pursuing = ""
    piece.cause = cause.id if cause is not None else ""
    piece.flee_bearing = flee_bearing(state, piece, cause)
    state.emit("routs", f"{piece.name}: routs ({why})", side=piece.side, units=(piece.id,),
               unit=piece.id, reason=why, cause=piece.cause)
    _lost_unit(state, piece, why)
    flee(state, piece, Flight.ROUT)


def destroy(state: State, piece: Piece, why: str, counted: bool = True) -> None:
    """The piece is gone (slaughtered, caught, trapped, killed by ekdromoi); a casualty
    counter where it died; its Arete lost as a lochos routed."""
    if piece.status.lost:
        return
    was_ready = piece.status is Status.READY
    _counter(state, piece)
    piece.status = Status.DESTROYED
    piece.pursuing = ""
    state.record.slaughtered.add(piece.id)
    state.emit("destroyed", f"{piece.name}: destroyed ({why})", side=piece.side,
               units=(piece.id,), unit=piece.id, reason=why)
    if was_ready and counted:
        _lost_unit(state, piece, why)
    else:
        division_routed(state, state.division_of(piece))


def leaves(state: State, piece: Piece, why: str) -> None:
    """The piece leaves the table (routed off, or marched off: that is no rout)."""
    if piece.status.lost:
        return
    piece.status = Status.OFF
    piece.pursuing = ""
    state.emit("leaves", f"{piece.name}: leaves the field ({why})", side=piece.side,
               units=(piece.id,), unit=piece.id, reason=why)


def flee(state: State, piece: Piece, kind: Flight) -> None:
    """Hoplomachia, Evasion and Rout: the move away on ``piece.flee_bearing``: its
    card's distance + 1D6 less the 1 inch turn. Friends passed through are disarrayed
    and their taxis tests; a router blocked by the enemy is destroyed, one that reaches
    the table's edge leaves it; an evader stops short of either."""
    flight = state.rules.movement.flight
    distance = flight.distance(piece.card, kind, state.dice, piece.id)
    start = piece.block
    turned = face([start], piece.flee_bearing)[0]
    # the pieces near its way (a straight move stays within the box of its ends)
    farthest = advance([turned], distance + _EXTRA + STEP)[0]  # (running on to clear)
    others = state.around([piece], bounds_of([turned, farthest]))
    routing = kind is Flight.ROUT
    through: list[Piece] = []
    steps = max(1, int(distance / STEP + 0.999))
    end = turned
    fate = ""
    for k in range(1, steps + 1):
        b = advance([turned], distance * k / steps)[0]
        if not state.table.contains(b):
            fate = "edge"
            break
        hit = [o for o in others if _near(b, o) and b.overlaps(o.block)]
        if any(o.side != piece.side for o in hit):
            fate = "blocked"
            break
        for o in hit:
            if o not in through:
                through.append(o)
        end = b
    else:
        fate = ""
    if not fate:  # it may not end on a friend: run on a little to clear it
        extra = 0.0
        while any(_near(end, o) and end.overlaps(o.block) for o in others) and extra < _EXTRA:
            extra += STEP
            nxt = advance([turned], distance + extra)[0]
            if not state.table.contains(nxt):
                fate = "edge"
                break
            if any(o.side != piece.side and _near(nxt, o) and nxt.overlaps(o.block)
                   for o in others):
                fate = "blocked"
                break
            end = nxt
        if not fate and any(_near(end, o) and end.overlaps(o.block) for o in others):
            fate = "blocked"
    if fate == "blocked" and not routing:  # an evader stops short
        end = _last_clear(state, piece, turned, distance, others)
        fate = ""
    if fate == "edge" and not routing:
        end = _last_clear(state, piece, turned, distance, others)
        fate = ""
    piece.block = end
    piece.moved_turn, piece.moved = state.turn, distance
    state.division_of(piece).approached = False  # Epidromos: a flight spends the approach
    hamippoi_moved(state, piece, distance)
    word = "routs" if routing else "evades"
    state.emit("flight", f"{piece.name}: {word} {distance:g}\"", side=piece.side,
               units=(piece.id,), unit=piece.id, flight=str(kind), distance=distance,
               **{"from": position(start), "to": position(end)})
    for o in through:
        # Hoplomachia, Interpenetration: routers and evaders disarray friends they pass
        disarray(state, o, f"{piece.name} passed through")
        state.record.trigger(o.division, Trigger.PASSED_THROUGH)
    if routing and fate == "edge":
        leaves(state, piece, "routed off the table")
    elif routing and fate == "blocked":
        destroy(state, piece, "rout blocked", counted=False)
    elif routing and _sides_touched(state, piece) >= state.rules.melee.slaughtered_from:
        destroy(state, piece, "routers caught from more than one side", counted=False)


def _near(b: Block, o: Piece) -> bool:
    q, r = b.bounds, o.block.bounds
    return not (q[0] > r[2] or r[0] > q[2] or q[1] > r[3] or r[1] > q[3])


def _last_clear(state: State, piece: Piece, turned: Block, distance: float,
                others: list[Piece]) -> Block:
    d = distance
    while d > 0.0:
        b = advance([turned], d)[0]
        if state.table.contains(b) and not any(_near(b, o) and b.overlaps(o.block)
                                               for o in others):
            return b
        d -= STEP
    if state.table.contains(turned) and not any(_near(turned, o) and turned.overlaps(o.block)
                                                for o in others):
        return turned
    return piece.block


def _sides_touched(state: State, piece: Piece) -> int:
    """How many of a piece's edges enemies touch."""
    edges = {piece.block.contact_edge(e.block) for e in state.contacts(piece)}
    edges.discard(None)
    return len(edges)


def evade(state: State, piece: Piece, cause: Piece | None, why: str) -> None:
    """Hoplomachia, Evasion: the piece turns (1 inch) and moves its evade distance + 1D6
    away from the cause, disarrayed."""
    if piece.status is not Status.READY:
        return
    piece.flee_bearing = flee_bearing(state, piece, cause)
    piece.cause = cause.id if cause is not None else ""
    state.emit("evades", f"{piece.name}: evades ({why})", side=piece.side, units=(piece.id,),
               unit=piece.id, reason=why, cause=piece.cause)
    if piece.hoplite:
        state.record.retreat.add(piece.side)
    state.record.evaded.add(piece.id)
    flee(state, piece, Flight.EVADE)
    if piece.ready:
        disarray(state, piece, "evaded")


def pursue(state: State, pursuer: Piece, router: Piece) -> None:
    """Hoplomachia, Pursuit: the pursuer follows its prey its pursuit distance + 1D6,
    disarrayed; a router it contacts is destroyed."""
    if not (pursuer.ready and router.status is Status.ROUTING):
        return
    flight = state.rules.movement.flight
    distance = flight.distance(pursuer.card, Flight.PURSUIT, state.dice, pursuer.id)
    start = pursuer.block
    turned = face([start], bearing_to(start, router.block))[0]
    reach = contact_distance(turned, router.block, distance)
    go = distance if reach is None else reach
    # the pieces near its way (a straight move stays within the box of its ends)
    others = [o for o in state.around([pursuer], bounds_of(
        [turned, advance([turned], max(go, 0.0))[0]])) if o.id != router.id]
    end = turned if state.table.contains(turned) and not any(
        turned.overlaps(o.block) for o in others) else start
    d = go
    while d > 0.0:
        b = advance([turned], d)[0]
        if state.table.contains(b) and not any(_near(b, o) and b.overlaps(o.block)
                                               for o in others):
            end = b
            break
        d -= STEP
        reach = None
    pursuer.block = end
    pursuer.pursuing = router.id
    pursuer.pursuit_moves += 1
    pursuer.moved_turn, pursuer.moved = state.turn, distance
    hamippoi_moved(state, pursuer, distance)
    state.division_of(pursuer).approached = False  # a pursuit is no approach
    state.record.pursued.add(router.id)
    state.emit("pursues", f"{pursuer.name}: pursues {router.name} {distance:g}\"",
               side=pursuer.side, units=(pursuer.id, router.id), unit=pursuer.id,
               target=router.id, distance=distance,
               **{"from": position(start), "to": position(end)})
    disarray(state, pursuer, "pursuing")
    if reach is not None:
        destroy(state, router, f"caught by {pursuer.name}", counted=False)
    if pursuer.hoplite:
        # Hoplomachia, Pursuit: hoplites pursue one move, then cease and recover
        stop_pursuit(state, pursuer)


def stop_pursuit(state: State, pursuer: Piece) -> None:
    pursuer.pursuing = ""
    pursuer.pursuit_moves = 0
    state.division_of(pursuer).recover_turn = state.turn + 1


def division_routed(state: State, division: Division) -> None:
    """When the last piece of a division breaks: its neighbours and (a home taxis) the
    allies test in the Katastrophe phase, the senior taxis costs its Arete, attached
    lights follow it."""
    if division.routed or (division.reinforcement is not None and all(
            state.by_id[u].status is Status.WAITING for u in division.units)):
        return
    if any(state.by_id[u].status in (Status.READY, Status.WAITING) for u in division.units):
        return
    division.routed = True
    state.emit("division routed", f"{division.name}: routed", side=division.side,
               division=division.id)
    if division.senior:
        state.suffer(division.side, AreteEvent.SENIOR_TAXIS_ROUTED, why=division.name)
    mine = state.members(division, present=False)
    for other in state.side_divisions(division.side):
        if other.id == division.id or other.routed:
            continue
        theirs = state.members(other)
        if any(a.block.distance(b.block) <= state.rules.movement.spacing.hoplites + EPSILON
               for a in mine for b in theirs if a.on_table or a.status is Status.ROUTING):
            state.record.trigger(other.id, Trigger.NEIGHBOUR_ROUTED)
        if other.attached == division.id:
            # Hoplomachia, Katastrophe: attached lights follow their parent's rout
            for p in theirs:
                rout(state, p, None, f"following {division.name}")
    if division.kind is GroupKind.TAXIS and not division.allied:
        state.record.home_routed.add(division.side)


def apply_result(state: State, division: Division, result: AndreiaResult,
                 cause: Piece | None, why: str) -> None:
    """The results every line shares: disarray, worse, evade and rout for each of the
    division's pieces (the rest are for the caller)."""
    for p in state.members(division):
        if result is AndreiaResult.DISARRAY:
            disarray(state, p, why)
        elif result is AndreiaResult.WORSE:
            worse(state, p, cause, why)
        elif result is AndreiaResult.ROUT:
            rout(state, p, cause, why)
        elif result is AndreiaResult.EVADE:
            evade(state, p, cause, why)


# -- the automatic moves --------------------------------------------------------------------
def automatic_moves(state: State) -> Steps:
    """Hoplomachia, Action Strophe: routers flee on (horse that outdistanced its
    pursuers may try to rally), pursuers follow; hoplites pursue only one move."""
    flight = state.rules.movement.flight
    for piece in [p for p in state.present() if p.status is Status.ROUTING]:
        if piece.status is not Status.ROUTING:
            continue
        chasers = [q for q in state.ready(state.enemy_of(piece.side))
                   if q.pursuing == piece.id]
        free = all(flight.outdistanced(q.card, q.block.distance(piece.block))
                   for q in chasers)
        if flight.may_rally(piece.card, free):
            out = yield from andreia(state, state.division_of(piece), Trigger.RALLYING,
                                     pieces=[piece])
            if out.result is AndreiaResult.RECOVER:
                piece.status = Status.READY
                piece.cause = ""
                piece.disarrayed = piece.card.disciplined  # (No Files: never disarrayed)
                state.emit("rallies", f"{piece.name}: rallies", side=piece.side,
                           units=(piece.id,), unit=piece.id)
                continue
        flee(state, piece, Flight.ROUT)
    for pursuer in [p for p in state.ready() if p.pursuing]:
        prey = state.by_id[pursuer.pursuing]
        if prey.status is not Status.ROUTING or pursuer.hoplite:
            stop_pursuit(state, pursuer)
            continue
        gap = pursuer.block.distance(prey.block)
        if flight.outdistanced(pursuer.card, gap):
            choice = yield Decision(pursuer.side, Kind.PURSUIT, (YES, NO), unit=pursuer.id,
                                    target=prey.id, prompt="outdistanced: try to stop "
                                                           "the pursuit")
            if choice == YES:
                out = yield from andreia(state, state.division_of(pursuer),
                                         Trigger.STOPPING_PURSUIT, enemy=prey,
                                         pieces=[pursuer])
                if out.result is AndreiaResult.RECOVER:
                    stop_pursuit(state, pursuer)
                    state.emit("pursuit stopped", f"{pursuer.name}: stops the pursuit",
                               side=pursuer.side, units=(pursuer.id,), unit=pursuer.id)
                    continue
        pursue(state, pursuer, prey)
    yield from _lights_join(state)


def _lights_join(state: State) -> Steps:
    """Hoplomachia, Pursuit: unengaged lights may join a pursuit of routers within their
    move."""
    for p in state.ready():
        if p.pursuing or state.engaged(p) or p.category not in (Category.PSILOS,
                                                                Category.TOXOTES):
            continue
        routers = [e for e in state.present(state.enemy_of(p.side))
                   if e.status is Status.ROUTING and p.block.distance(e.block) <= p.rate()]
        if not routers:
            continue
        prey = min(routers, key=lambda e: (p.block.distance(e.block), e.id))
        choice = yield Decision(p.side, Kind.PURSUIT, (YES, NO), unit=p.id, target=prey.id,
                                prompt="join the pursuit")
        if choice == YES:
            pursue(state, p, prey)


def recover(state: State, piece: Piece, why: str) -> None:
    """Hoplomachia, Disarray: recovered units form Open Files."""
    if not piece.disarrayed:
        return
    piece.disarrayed = False
    if piece.card.disciplined:
        piece.arrangement = Arrangement(state.rules.movement.recovery.arrangement)
    state.emit("recovers", f"{piece.name}: recovers from disarray ({why})", side=piece.side,
               units=(piece.id,), unit=piece.id, reason=why)

