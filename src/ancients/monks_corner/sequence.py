"""The sequence of play (Monk's Corner, Sequence 1-5): the toss; a tie is a simultaneous
exchange of missiles without movement; else the phasing side moves, shoots javelins, takes
the other side's bows and slings, makes contact moves and melees, then the roles reverse."""

from __future__ import annotations

from collections.abc import Generator, Hashable

import attrs

from ancients.battle import Decision, Outcome, Phase
from ancients.monks_corner.decisions import Kind
from ancients.monks_corner.geometry import Path, path_blocked
from ancients.monks_corner.melee import (
    Charge,
    ChargePlan,
    Strike,
    candidates,
    charge_plans,
    chargers,
    execute_charge,
)
from ancients.monks_corner.melee import resolve_melees as fight
from ancients.monks_corner.missiles import (
    Shoot,
    roll_volley,
    shooters,
    targets,
    volley,
)
from ancients.monks_corner.morale import check_morale
from ancients.monks_corner.movement import HOLD, Plan, candidate_moves, keep_rules, movable
from ancients.monks_corner.phalanx import (
    REFORM,
    STAY,
    apply_hits,
    attempt_reform,
    can_attempt_reform,
    unform,
)
from ancients.monks_corner.state import State, position
from ancients.monks_corner.troops import Missile, Unit, counted
from ancients.monks_corner.victory import verdict

__all__ = ["END", "Pick", "game_turn"]

JAVELINS = (Missile.JAVELIN,)
BOWS_AND_SLINGS = (Missile.BOW, Missile.SLING)
ALL_MISSILES = (Missile.JAVELIN, Missile.BOW, Missile.SLING)


@attrs.frozen
class Pick:
    """An option: move this unit next (or, with no unit, end the movement phase)."""

    unit: str | None

    def __str__(self) -> str:
        return f"move {self.unit}" if self.unit else "end movement"


#: a part of the turn: yields phases and decisions, returns nothing (or an outcome)
Steps = Generator[Decision | Phase, Hashable, None]
Turn = Generator[Decision | Phase, Hashable, Outcome | None]

END = Pick(None)
NO_SHOT = Shoot("")
NO_CHARGE = Charge("")


def game_turn(state: State) -> Turn:
    """One turn (the battle sets ``state.turn``): the toss, then each side phasing in turn,
    or on a tie the missile exchange (and the melees already joined, ``tie_melees``);
    the outcome if the battle ends in it."""
    yield Phase("toss")
    first = toss(state)
    if first is None:  # Sequence 1: a tie: missiles exchanged, no movement
        yield Phase("missile exchange")
        yield from exchange(state)
        done = verdict(state)
        if done is not None or not state.opts.tie_melees or \
                not any(state.in_melee(u) for u in state.present()):
            return done
        # Sequence 1 bars movement only: units already in contact fight (Melee 4-5)
        yield Phase("melee")
        yield from melee(state, state.sides[0])
        yield from check_morale(state)
        return verdict(state)
    for phasing in (first, state.enemy_of(first)):  # Sequence 5: roles reverse
        state.phasing = phasing
        done = yield from phasing_turn(state, phasing)
        if done is not None:
            return done
    state.phasing = None
    return None


def toss(state: State) -> str | None:
    """Monk's Corner, Sequence 1: each side tosses a die; high toss phases; None on a tie."""
    a, b = state.sides
    ra, rb = state.die(f"toss {a}"), state.die(f"toss {b}")
    first = None if ra == rb else (a if ra > rb else b)
    state.emit("toss", f"toss {a} {ra}, {b} {rb}: "
                + (f"{first} phases first" if first else "tie: missiles exchanged, no movement"),
                side=first, rolls={a: ra, b: rb}, first=first)
    return first


def phasing_turn(state: State, side: str) -> Turn:
    other = state.enemy_of(side)
    yield Phase("movement", side)  # Sequence 2
    yield from movement(state, side)
    yield Phase("javelins", side)  # Sequence 3
    yield from shooting(state, side, JAVELINS)
    yield from check_morale(state, other)
    done = verdict(state)
    if done is not None:
        return done
    yield Phase("bows and slings", other)  # Sequence 4
    yield from shooting(state, other, BOWS_AND_SLINGS)
    yield from check_morale(state, side)
    done = verdict(state)
    if done is not None:
        return done
    yield Phase("contact", side)  # Sequence 5
    yield from contact(state, side)
    yield Phase("melee", side)
    yield from melee(state, side)
    yield from check_morale(state)  # Melee 5
    return verdict(state)


def movement(state: State, side: str) -> Steps:
    """Reform attempts, then units chosen one at a time, each from its menu of moves."""
    for unit in list(state.present(side)):
        if can_attempt_reform(state, unit):  # Phalanxes 3
            choice = yield Decision(side, Kind.REFORM, (REFORM, STAY), unit=unit.id,
                                    prompt="attempt to re-form (failure: unformed for good)")
            if choice == REFORM:
                attempt_reform(state, unit)
    moved: set[str] = set()
    while True:
        ready = [u for u in state.present(side) if u.id not in moved and movable(state, u)]
        if not ready:
            break
        pick = yield Decision(side, Kind.SELECT, [*(Pick(u.id) for u in ready), END],
                              prompt="which unit moves next")
        assert isinstance(pick, Pick)
        if pick.unit is None:
            break
        unit = state.by_id[pick.unit]
        moved.add(unit.id)
        plans = candidate_moves(state, unit)
        if len(plans) == 1:
            continue
        state.menu = {p.order: p for p in plans}
        order = yield Decision(side, Kind.MOVE, [p.order for p in plans], unit=unit.id)
        plan = next(p for p in plans if p.order == order)
        if plan.order != HOLD:
            execute_move(state, unit, plan)
    for unit in state.present(side):  # Morale 2: the turn spent reorganising is over
        if unit.reorganising and unit.id not in moved:
            unit.reorganising = False
            state.emit("reorganised", f"{unit.name}: rear rank reorganised",
                       side=side, units=(unit.id,), unit=unit.id, rear=unit.rear)


def execute_move(state: State, unit: Unit, plan: object) -> None:
    assert isinstance(plan, Plan)
    chosen = plan
    note = ""
    start = unit.block
    distance = plan.order.distance
    if plan.rough and plan.build is not None:
        # Movement 3: phalanxes in rough ground move 1d6" and lose formation on 5-6
        roll = state.die("phalanx in rough ground")
        inches = min(float(roll), plan.order.distance)
        others = [o.block for o in state.others(unit)]
        chosen = attrs.evolve(plan, path=plan.path)
        while inches >= 0.0:
            path = plan.build(inches)
            candidate = attrs.evolve(plan, path=path)
            if not path_blocked(state.table, path, others) and \
                    keep_rules(state, unit, [candidate]):
                chosen = candidate
                distance = inches
                break
            inches -= 1.0
        else:  # no legal distance for this order: it stands (legal moves only)
            chosen = attrs.evolve(plan, path=Path((unit.block,)), column=unit.column)
            note = f" (no legal distance for {roll}\": stands)"
            distance = 0.0
        if roll >= state.rules.rough_unformed_on:
            unform(state, unit, f"rough ground (rolled {roll})")
    unit.block = chosen.end
    unit.column = chosen.column
    state.emit("move", f"{unit.name}: {plan.order}{note}", side=unit.side, units=(unit.id,),
               unit=unit.id, move=plan.order.kind, distance=distance,
               column=unit.column, **{"from": position(start), "to": position(unit.block)})


def shooting(state: State, side: str, weapons: tuple[Missile, ...],
             simultaneous: list[tuple[Unit, Unit, int]] | None = None) -> Steps:
    """Monk's Corner, Missiles 1-3: each shooter picks a target in range."""
    for unit in shooters(state, side, weapons):
        if not unit.on_table:
            continue
        found = targets(state, unit)
        if not found:
            continue
        choice = yield Decision(side, Kind.SHOOT, [*(Shoot(t.id) for t in found), NO_SHOT],
                                unit=unit.id)
        assert isinstance(choice, Shoot)
        if not choice.target:
            continue
        target = state.by_id[choice.target]
        v = volley(state.rules, unit, target)
        hits = roll_volley(state, v, f"{unit.name}: shoot at {target.name}")
        state.emit("missiles",
                   f"{unit.name}: shoot at {target.name}: {counted(hits, 'hit')}",
                   side=side, units=(unit.id, target.id), shooter=unit.id, target=target.id,
                   dice=v.dice, need=v.need, odd=v.odd, hits=hits)
        if simultaneous is None:
            apply_hits(state, target, hits, f"missiles from {unit.name}")
        else:
            simultaneous.append((unit, target, hits))


def exchange(state: State) -> Steps:
    """Monk's Corner, Sequence 1: a tied toss: both sides shoot at once, then both test."""
    landed: list[tuple[Unit, Unit, int]] = []
    for side in state.sides:
        yield from shooting(state, side, ALL_MISSILES, landed)
    for unit, target, hits in landed:
        apply_hits(state, target, hits, f"missiles from {unit.name}")
    yield from check_morale(state)


def melee(state: State, side: str) -> Steps:
    """Monk's Corner, Melee 4: the melees, resolved together. Under
    ``melee_opponents=choose`` each unit touching more than one enemy first has its side
    choose which it strikes (the phasing side's units first, each side's in table
    order); the dice are thrown once every choice is made."""
    chosen: dict[str, Unit] = {}
    if state.opts.melee_opponents == "choose":
        for s in (side, state.enemy_of(side)):
            for unit in state.present(s):
                found = candidates(state, unit)
                if len(found) < 2:
                    continue
                choice = yield Decision(s, Kind.STRIKE, [Strike(f.id) for f in found],
                                        unit=unit.id, prompt="which enemy in contact to strike")
                assert isinstance(choice, Strike)
                chosen[unit.id] = state.by_id[choice.target]
    fight(state, chosen)


def contact(state: State, side: str) -> Steps:
    """Monk's Corner, Sequence 5: contact moves, one unit at a time."""
    asked: set[str] = set()
    while True:
        nxt: tuple[Unit, list[ChargePlan]] | None = None
        for unit in chargers(state, side):
            if unit.id in asked:
                continue
            plans = charge_plans(state, unit)
            asked.add(unit.id)
            if plans:
                nxt = (unit, list(plans))
                break
        if nxt is None:
            return
        unit, plans = nxt
        options: list[Hashable] = [Charge(p.target.id) for p in plans]
        state.menu = {Charge(p.target.id): p for p in plans}
        choice = yield Decision(side, Kind.CHARGE, [*options, NO_CHARGE], unit=unit.id)
        assert isinstance(choice, Charge)
        if choice.target:
            plan = next(p for p in plans if p.target.id == choice.target)
            execute_charge(state, unit, plan)
