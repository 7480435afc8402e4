"""The sequence of play (Monk's Corner, Sequence 1-5): the toss; a tie is a simultaneous
exchange of missiles without movement; else the phasing side moves, shoots javelins, takes
the other side's bows and slings, makes contact moves and melees, then the roles reverse."""

from __future__ import annotations

from collections.abc import Generator, Hashable
from typing import TYPE_CHECKING

import attrs

from ancients.battle import Decision, Engine, Outcome, Phase
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
from ancients.monks_corner.movement import HOLD, candidate_moves, movable
from ancients.monks_corner.phalanx import (
    REFORM,
    STAY,
    apply_hits,
    attempt_reform,
    can_attempt_reform,
    unform,
)
from ancients.monks_corner.troops import Missile, Unit, counted
from ancients.monks_corner.victory import verdict

if TYPE_CHECKING:
    from ancients.monks_corner.battle import MonksCornerBattle

__all__ = ["END", "Pick", "play"]

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


def play(battle: MonksCornerBattle) -> Engine:
    """The whole battle, turn by turn."""
    for turn in range(1, battle.turn_limit + 1):
        battle.turn = turn
        yield Phase("toss")
        first = toss(battle)
        if first is None:  # Sequence 1: a tie: missiles exchanged, no movement
            yield Phase("missile exchange")
            yield from exchange(battle)
            done = verdict(battle)
            if done is not None:
                return done
            continue
        for phasing in (first, battle.enemy_of(first)):  # Sequence 5: roles reverse
            battle.phasing = phasing
            done = yield from phasing_turn(battle, phasing)
            if done is not None:
                return done
        battle.phasing = None
    final = verdict(battle, final=True)
    assert final is not None
    return final


def toss(battle: MonksCornerBattle) -> str | None:
    """Monk's Corner, Sequence 1: each side tosses a die; high toss phases; None on a tie."""
    a, b = battle.sides
    ra, rb = battle.dice.d6(f"toss {a}"), battle.dice.d6(f"toss {b}")
    first = None if ra == rb else (a if ra > rb else b)
    battle.emit("toss", f"toss {a} {ra}, {b} {rb}: "
                + (f"{first} phases first" if first else "tie: missiles only"),
                side=first, rolls={a: ra, b: rb})
    return first


def phasing_turn(battle: MonksCornerBattle, side: str) -> Turn:
    other = battle.enemy_of(side)
    yield Phase("movement", side)  # Sequence 2
    yield from movement(battle, side)
    yield Phase("javelins", side)  # Sequence 3
    yield from shooting(battle, side, JAVELINS)
    check_morale(battle, other)
    done = verdict(battle)
    if done is not None:
        return done
    yield Phase("bows and slings", other)  # Sequence 4
    yield from shooting(battle, other, BOWS_AND_SLINGS)
    check_morale(battle, side)
    done = verdict(battle)
    if done is not None:
        return done
    yield Phase("contact", side)  # Sequence 5
    yield from contact(battle, side)
    yield Phase("melee", side)
    yield from melee(battle, side)
    check_morale(battle)  # Melee 5
    return verdict(battle)


def movement(battle: MonksCornerBattle, side: str) -> Steps:
    """Reform attempts, then units chosen one at a time, each from its menu of moves."""
    for unit in list(battle.present(side)):
        if can_attempt_reform(battle, unit):  # Phalanxes 3
            choice = yield Decision(side, "reform", (REFORM, STAY), unit=unit.id,
                                    prompt="attempt to re-form (failure: unformed for good)")
            if choice == REFORM:
                attempt_reform(battle, unit)
    moved: set[str] = set()
    while True:
        ready = [u for u in battle.present(side) if u.id not in moved and movable(battle, u)]
        if not ready:
            break
        pick = yield Decision(side, "select", [*(Pick(u.id) for u in ready), END],
                              prompt="which unit moves next")
        assert isinstance(pick, Pick)
        if pick.unit is None:
            break
        unit = battle.by_id[pick.unit]
        moved.add(unit.id)
        plans = candidate_moves(battle, unit)
        if len(plans) == 1:
            continue
        battle.menu = {p.order: p for p in plans}
        order = yield Decision(side, "move", [p.order for p in plans], unit=unit.id)
        plan = next(p for p in plans if p.order == order)
        if plan.order != HOLD:
            execute_move(battle, unit, plan)
    for unit in battle.present(side):  # Morale 2: the turn spent reorganising is over
        if unit.reorganising and unit.id not in moved:
            unit.reorganising = False
            battle.emit("reorganised", f"{unit.name}: rear rank reorganised",
                        side=side, units=(unit.id,))


def execute_move(battle: MonksCornerBattle, unit: Unit, plan: object) -> None:
    from ancients.monks_corner.geometry import Path, path_blocked
    from ancients.monks_corner.movement import Plan, keep_rules

    assert isinstance(plan, Plan)
    chosen = plan
    note = ""
    if plan.rough and plan.build is not None:
        # Movement 3: phalanxes in rough ground move 1d6" and lose formation on 5-6
        roll = battle.dice.d6("phalanx in rough ground")
        inches = min(float(roll), plan.order.distance)
        others = [o.block for o in battle.others(unit)]
        chosen = attrs.evolve(plan, path=plan.path)
        while inches >= 0.0:
            path = plan.build(inches)
            candidate = attrs.evolve(plan, path=path)
            if not path_blocked(battle.table, path, others) and \
                    keep_rules(battle, unit, [candidate]):
                chosen = candidate
                break
            inches -= 1.0
        else:  # no legal distance for this order: it stands (legal moves only)
            chosen = attrs.evolve(plan, path=Path((unit.block,)), column=unit.column)
            note = f" (no legal distance for {roll}\": stands)"
        if roll >= 5:
            unform(battle, unit, f"rough ground (rolled {roll})")
    unit.block = chosen.end
    unit.column = chosen.column
    battle.changed()
    battle.emit("move", f"{unit.name}: {plan.order}{note}", side=unit.side, units=(unit.id,),
                x=round(unit.block.x, 3), y=round(unit.block.y, 3),
                facing=round(unit.block.facing, 3))


def shooting(battle: MonksCornerBattle, side: str, weapons: tuple[Missile, ...],
             simultaneous: list[tuple[Unit, Unit, int]] | None = None) -> Steps:
    """Monk's Corner, Missiles 1-3: each shooter picks a target in range."""
    for unit in shooters(battle, side, weapons):
        if not unit.on_table:
            continue
        found = targets(battle, unit)
        if not found:
            continue
        choice = yield Decision(side, "shoot", [*(Shoot(t.id) for t in found), NO_SHOT],
                                unit=unit.id)
        assert isinstance(choice, Shoot)
        if not choice.target:
            continue
        target = battle.by_id[choice.target]
        hits = roll_volley(battle, volley(unit, target), f"{unit.name}: shoot at {target.name}")
        battle.emit("missiles",
                    f"{unit.name}: shoot at {target.name}: {counted(hits, 'hit')}",
                    side=side, units=(unit.id, target.id), hits=hits)
        if simultaneous is None:
            apply_hits(battle, target, hits, f"missiles from {unit.name}")
        else:
            simultaneous.append((unit, target, hits))


def exchange(battle: MonksCornerBattle) -> Steps:
    """Monk's Corner, Sequence 1: a tied toss: both sides shoot at once, then both test."""
    landed: list[tuple[Unit, Unit, int]] = []
    for side in battle.sides:
        yield from shooting(battle, side, ALL_MISSILES, landed)
    for unit, target, hits in landed:
        apply_hits(battle, target, hits, f"missiles from {unit.name}")
    check_morale(battle)


def melee(battle: MonksCornerBattle, side: str) -> Steps:
    """Monk's Corner, Melee 4: the melees, resolved together. Under
    ``melee_opponents=choose`` each unit touching more than one enemy first has its side
    choose which it strikes (the phasing side's units first, each side's in table
    order); the dice are thrown once every choice is made."""
    chosen: dict[str, Unit] = {}
    if battle.opts.melee_opponents == "choose":
        for s in (side, battle.enemy_of(side)):
            for unit in battle.present(s):
                found = candidates(battle, unit)
                if len(found) < 2:
                    continue
                choice = yield Decision(s, "strike", [Strike(f.id) for f in found],
                                        unit=unit.id, prompt="which enemy in contact to strike")
                assert isinstance(choice, Strike)
                chosen[unit.id] = battle.by_id[choice.target]
    fight(battle, chosen)


def contact(battle: MonksCornerBattle, side: str) -> Steps:
    """Monk's Corner, Sequence 5: contact moves, one unit at a time."""
    asked: set[str] = set()
    while True:
        nxt: tuple[Unit, list[ChargePlan]] | None = None
        for unit in chargers(battle, side):
            if unit.id in asked:
                continue
            plans = charge_plans(battle, unit)
            asked.add(unit.id)
            if plans:
                nxt = (unit, list(plans))
                break
        if nxt is None:
            return
        unit, plans = nxt
        options: list[Hashable] = [Charge(p.target.id) for p in plans]
        battle.menu = {Charge(p.target.id): p for p in plans}
        choice = yield Decision(side, "charge", [*options, NO_CHARGE], unit=unit.id)
        assert isinstance(choice, Charge)
        if choice.target:
            plan = next(p for p in plans if p.target.id == choice.target)
            execute_charge(battle, unit, plan)
