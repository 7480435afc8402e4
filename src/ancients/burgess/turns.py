"""The sequence of play on the table (``data/sequence.toml``, reconstructed): alternate
player turns, each of six phases (rally, charges, movement, missiles, hand to hand,
morale), yielding the phases and the decisions each asks."""

from __future__ import annotations

from collections.abc import Generator, Hashable

import attrs

from ancients.battle import Decision, Outcome, Phase
from ancients.burgess import charges, fire, ground, moves, works
from ancients.burgess.decisions import (
    HOLD_FIRE,
    NO,
    NO_CHARGE,
    YES,
    Charge,
    Kind,
    Respond,
    Shoot,
    Yes,
)
from ancients.burgess.fighting import fight_round
from ancients.burgess.ground import move_allowance
from ancients.burgess.melee import ChargeResponse, capture_standard
from ancients.burgess.missiles import fire_arc
from ancients.burgess.nerve import contacts_now, morale_phase, rally_phase, take
from ancients.burgess.sequence import player_turns
from ancients.burgess.state import Piece, State, position
from ancients.burgess.verdicts import verdict_now
from ancients.tabletop import bearing
from ancients.units import Condition

__all__ = ["Steps", "Turn", "game_turn"]

#: a part of the turn: yields phases and decisions, returns nothing (or an outcome)
Steps = Generator[Decision | Phase, Hashable, None]
Turn = Generator[Decision | Phase, Hashable, Outcome | None]


def game_turn(state: State, first: str) -> Turn:
    """One game turn (the battle sets ``state.turn``): each side's player turn, ``first``
    first; the outcome if the battle ends in it."""
    for k, (phasing, _other) in enumerate(player_turns(state.sides, first)):
        state.player = 2 * (state.turn - 1) + k
        state.phasing = phasing
        done = yield from player_turn(state, phasing)
        if done is not None:
            return done
    state.phasing = None
    return None


def player_turn(state: State, side: str) -> Turn:
    """One player turn of ``side`` (sequence.toml)."""
    for p in state.present(side):
        p.may_fire = True
    yield Phase("rally", side)
    works.burn(state, side)
    rally_phase(state, side)
    yield Phase("charges", side)
    declared = yield from declare(state, side)
    answers = yield from respond(state, declared)
    yield Phase("movement", side)
    yield from movement(state, side, declared, answers)
    yield Phase("missiles", side)
    yield from missiles(state, side)
    yield Phase("hand to hand")
    fight_round(state)
    yield Phase("morale")
    yield from morale(state)
    return verdict_now(state)


def declare(state: State, side: str) -> Generator[Decision | Phase, Hashable,
                                                  list[tuple[str, str]]]:
    """Hand to hand II: the phasing side points out its charges, unit by unit."""
    out: list[tuple[str, str]] = []
    for p in state.present(side):
        found = charges.plans(state, p)
        if not found:
            continue
        state.menu = {Charge(c.target): c for c in found}
        choice = yield Decision(side, Kind.CHARGE, [*(Charge(c.target) for c in found),
                                                    NO_CHARGE], unit=p.id,
                                prompt="point out a charge's target, or none")
        assert isinstance(choice, Charge)
        if choice.target:
            out.append((p.id, choice.target))
            state.emit("declared", f"{p.name}: will charge {state.by_id[choice.target].name}",
                       side=side, units=(p.id, choice.target), unit=p.id,
                       target=choice.target)
    return out


def respond(state: State, declared: list[tuple[str, str]]
            ) -> Generator[Decision | Phase, Hashable, dict[str, ChargeResponse]]:
    """Hand to hand II: each unit charged answers (once, however many charge it)."""
    out: dict[str, ChargeResponse] = {}
    for charger, target in declared:
        if target in out:
            continue
        t = state.by_id[target]
        options = charges.responses(state, t)
        if len(options) == 1:
            out[target] = options[0]
            continue
        choice = yield Decision(t.side, Kind.RESPOND, [Respond(o) for o in options],
                                unit=target, target=charger,
                                prompt="answer the charge")
        assert isinstance(choice, Respond)
        out[target] = choice.response
        state.emit("response", f"{t.name}: {choice.response}", side=t.side,
                   units=(target, charger), unit=target, charger=charger,
                   response=str(choice.response))
    return out


def _order(state: State, side: str) -> list[Piece]:
    """The side's units in the order they move: the nearest the enemy first (table order
    among equals)."""
    units = state.present(side)
    return sorted(units, key=lambda p: state.nearest_enemy(p)[1])


def movement(state: State, side: str, declared: list[tuple[str, str]],
             answers: dict[str, ChargeResponse]) -> Steps:
    """Movement: the charges first (Hand to hand II), then withdrawals from melee (II B)
    and every other unit's move, one unit at a time."""
    for charger, target in declared:
        charges.charge(state, state.by_id[charger], state.by_id[target], answers.get(target))
    done = {c for c, _ in declared}
    for p in _order(state, side):
        if p.id in done or not p.on_table or p.running:
            continue
        done.add(p.id)
        if state.in_melee(p):
            if p.melee_rounds < 1 or p.engine:
                continue
            choice = yield Decision(side, Kind.WITHDRAW, [NO, YES], unit=p.id,
                                    prompt="withdraw from the melee")
            assert isinstance(choice, Yes)
            if choice.yes:
                table = state.rules.melee.withdrawal
                rolled = table.roll(state.dice, f"withdrawal: {p.name}",
                                    guards=p.unit.guards)
                take(state, p, table.name, rolled)
            continue
        plans = moves.menu(state, p)
        if len(plans) == 1:
            continue
        state.menu = {pl.order: pl for pl in plans}
        order = yield Decision(side, Kind.MOVE, [pl.order for pl in plans], unit=p.id)
        plan = next(pl for pl in plans if pl.order == order)
        if plan.order.kind == "skirmish":
            yield from skirmish(state, p, plan)
        else:
            moves.make_move(state, p, plan)
    for p in state.present(side):  # Elephants 6: a stopped elephant has stood its move
        p.stopped = False


def skirmish(state: State, piece: Piece, plan: moves.Plan) -> Steps:
    """Missile fire C: mounted bowmen ride in, shoot (1 more off each die), and ride back
    with the rest of their move; the troops fired on may return the fire, even if the
    bowmen rode out of range."""
    assert plan.out is not None
    start = piece.block
    target = state.by_id[plan.order.target]
    piece.block = plan.out
    piece.moved_in = state.player
    piece.ran = False  # Movement D: a move, and not at the double
    ride = plan.order.inches
    state.emit("move", f"{piece.name}: rides {ride:.1f}\" at {target.name}",
               side=piece.side, units=(piece.id,), unit=piece.id, move="skirmish",
               distance=round(ride, 3), double=False, crossed=[],
               **{"from": position(start), "to": position(plan.out)})
    pool = fire.Pool()
    fire.shoot(state, piece, Shoot(target.id), pool, moving=True)
    fire.resolve(state, pool)
    weapon = target.unit.weapon
    if weapon is not None and target.on_table and not target.running and \
            not state.in_melee(target) and target.out_of_action <= 0:
        arc = fire_arc(weapon, state.rules.fire)
        if target.block.in_arc(plan.out, arc) and \
                target.block.distance(plan.out) <= arc.reach:
            choice = yield Decision(target.side, Kind.RETURN_FIRE, [YES, NO], unit=target.id,
                                    target=piece.id, prompt="return the mounted bowmen's fire")
            assert isinstance(choice, Yes)
            if choice.yes and piece.on_table:
                back = fire.Pool()
                fire.shoot(state, target, Shoot(piece.id), back,
                           distance=target.block.distance(plan.out))
                fire.resolve(state, back)
    if piece.on_table and not piece.running:
        here = piece.block
        piece.block = plan.end
        state.emit("move", f"{piece.name}: rides back", side=piece.side, units=(piece.id,),
                   unit=piece.id, move="skirmish back",
                   distance=round(max(plan.inches - ride, 0.0), 3),
                   double=False, crossed=[], **{"from": position(here),
                                               "to": position(plan.end)})
    piece.may_fire = False


def missiles(state: State, side: str) -> Steps:
    """Missile fire: each of the phasing side's units that may fire picks its target; the
    hits each target takes are pooled and its casualties decided at the end."""
    pool = fire.Pool()
    for p in list(state.present(side)):
        if not fire.can_shoot(state, p):
            continue
        found = fire.targets(state, p)
        if not found:
            continue
        choice = yield Decision(side, Kind.SHOOT, [*found, HOLD_FIRE], unit=p.id)
        assert isinstance(choice, Shoot)
        if choice.target:
            fire.shoot(state, p, choice, pool)
    fire.resolve(state, pool)


def morale(state: State) -> Steps:
    """The morale phase, and the victors that may follow a unit routed from their melee
    to take its standard (Hand to hand II C)."""
    before = contacts_now(state)
    player = state.player
    morale_phase(state)
    for fled_id, foes in before.items():
        fled = state.by_id[fled_id]
        if not fled.on_table or not fled.running or fled.gave_way != player:
            continue
        for fid in foes:
            victor = state.by_id[fid]
            if not victor.on_table or victor.running or state.in_melee(victor) or \
                    victor.engine:
                continue
            choice = yield Decision(victor.side, Kind.FOLLOW, [YES, NO], unit=victor.id,
                                    target=fled.id, prompt="follow the rout to take its "
                                    "standard")
            assert isinstance(choice, Yes)
            if choice.yes:
                follow(state, victor, fled)
            break


def follow(state: State, victor: Piece, fled: Piece) -> None:
    """Hand to hand II C: the victor follows the routed unit (up to a move after it,
    keeping clear of the enemy) and takes its standard on a 1 or 6; losing it makes a
    unit shaken (Morale): a running unit runs on, and is shaken when it rallies."""
    start = victor.block
    way = bearing(start.centre, fled.block.centre)
    end = start
    d = move_allowance(state, victor)
    step = state.rules.table.step
    while d > 0:
        got = moves.fit(state, victor, way, way, d)
        if got is not None:
            cand = got.end
            if ground.keeps_off(state, victor, cand) and \
                    ground.path_clear(state, victor, [start, cand]):
                end = cand
                break
        d -= step
    victor.block = end
    state.emit("follow", f"{victor.name}: follows {fled.name}", side=victor.side,
               units=(victor.id, fled.id), unit=victor.id, target=fled.id,
               **{"from": position(start), "to": position(end)})
    if fled.unit.standard is None or not fled.on_table:
        return
    taken = capture_standard(victor.unit, fled.unit, state.dice, state.rules.melee)
    state.emit("standard", f"{fled.name}: standard "
               + (f"taken by {victor.name}" if taken else "saved"), side=fled.side,
               units=(fled.id, victor.id), unit=fled.id, by=victor.id, taken=taken)
    if taken:  # "loss of standard equals shaken": at once, or once it stops running
        fled.unit = attrs.evolve(fled.unit, standard=None)
        if fled.condition is Condition.GOOD_ORDER:
            fled.condition = Condition.SHAKEN
        elif fled.running:
            fled.standard_lost = True
