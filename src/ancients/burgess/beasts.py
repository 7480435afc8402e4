"""Elephants on the table: the attack and its course (Elephants 1), the stand of the
infantry (3) and cavalry (5) it meets, the elephant's fights in a melee round (3-5, 7), what
a harm does to an elephant and its crew (Elephants 4-6), and the stampede to the rear
striking the first unit in its path (Elephants 2)."""

from __future__ import annotations

import math

import attrs

from ancients.burgess import ground
from ancients.burgess.chariots import Course, Duel
from ancients.burgess.elephants import (
    Harm,
    cavalry_stand,
    elephant_duel,
    hurt,
    infantry_fight,
    mounted_fight,
    roll_attack,
)
from ancients.burgess.elephants import stampede as struck_by
from ancients.burgess.elephants import stand_check as elephant_stand
from ancients.burgess.ground import move_allowance, rear_bearing
from ancients.burgess.losses import counted, lose, remove_figures
from ancients.burgess.nerve import fall_back, gave_way, run
from ancients.burgess.reactions import Facing
from ancients.burgess.state import Piece, State, position
from ancients.burgess.troops import Arm, TroopClass
from ancients.tabletop import Aspect
from ancients.units import Condition

__all__ = ["attack", "cavalry_stands", "fight", "harm", "stampede", "stand"]


def attack(state: State, elephant: Piece, infantry: Piece) -> Course | None:
    """Elephants 1: the elephant attacking infantry rolls to attack by their depth (None:
    it will not), then its course; a stampede starts here."""
    c = roll_attack(elephant.unit, infantry.in_formation, state.dice, state.rules.elephants)
    state.emit("elephant attack", f"{elephant.name}: "
               + ("will not attack" if c is None else str(c)) + f" at {infantry.name}",
               side=elephant.side, units=(elephant.id, infantry.id), unit=elephant.id,
               target=infantry.id, course=str(c) if c else "none")
    if c is Course.STAMPEDE:
        stampede(state, elephant, "at the start of its attack")
    return c


def cavalry_stands(state: State, cavalry: Piece, elephant: Piece) -> bool:
    """Elephants 5: cavalry not stabled with elephants stand on 4/5/6, else fall back in
    order out of reach; whether they stand."""
    need = cavalry_stand(cavalry.unit, state.rules.elephants)
    if need is None:
        return True
    rolled = need.roll(state.dice, f"stand against the elephant: {cavalry.name}")
    state.emit("stand", f"{cavalry.name}: {'stands' if rolled.result else 'will not stand'} "
               f"against {elephant.name} (roll {rolled.natural}, needs {need})",
               side=cavalry.side, units=(cavalry.id, elephant.id), unit=cavalry.id,
               roll=rolled.natural, need=str(need), stands=rolled.result)
    if rolled.result:
        return True
    fall_back(state, cavalry, 1, False, Facing.ENEMY, f"out of {elephant.name}'s reach")
    return False


def stand(state: State, elephant: Piece, infantry: Piece) -> None:
    """Elephants 3: the infantry the elephant reaches roll to stand by their depth; one
    that does not goes back a move with its back to the elephant."""
    r = state.rules.elephants
    need = elephant_stand(infantry.unit, r)
    rolled = need.roll(state.dice, f"stand against the elephant: {infantry.name}")
    state.emit("stand", f"{infantry.name}: {'stands' if rolled.result else 'gives back'} "
               f"before {elephant.name} (roll {rolled.natural}, needs {need})",
               side=infantry.side, units=(infantry.id, elephant.id), unit=infantry.id,
               roll=rolled.natural, need=str(need), stands=rolled.result)
    if not rolled.result:
        fall_back(state, infantry, r.stand_runs or 1, False, Facing.AWAY,
                  f"will not stand against {elephant.name}")


def fight(state: State, el: Piece, other: Piece) -> None:
    """The elephant's fight in a melee round: against an elephant, an even throw with its
    table (Elephants 4); infantry that stood, a die per volley group (Elephants 3);
    cavalry and chariots, the cavalry chart (Elephants 5, 7)."""
    r = state.rules
    if other.troop is TroopClass.ELEPHANTS:
        result, what = elephant_duel(el.unit, other.unit, state.dice, r.elephants)
        state.emit("elephant fight", f"{el.name}: {result} against {other.name}",
                   side=el.side, units=(el.id, other.id), unit=el.id, other=other.id,
                   result=str(result))
        if what is not None:
            loser = other if result is Duel.WON else el
            harm(state, loser, what, "elephant against elephant")
        return
    arm = state.arm(other)
    if arm is Arm.INFANTRY:
        killed, lost = infantry_fight(el.unit, other.unit, state.dice, rules=r.elephants)
        state.emit("elephant fight", f"{other.name}: "
                   + (f"kill {el.name}" if killed else f"cannot kill {el.name}")
                   + f", {counted(lost, 'figure')} lost", side=other.side,
                   units=(other.id, el.id), unit=other.id, other=el.id,
                   killed=killed, lost=lost)
        if lost:
            remove_figures(state, other, lost, f"fighting {el.name}", melee=True)
        if killed:
            lose(state, el, Condition.ELIMINATED, f"killed by {other.name}")
        return
    result, what, lost = mounted_fight(el.unit, other.unit, state.dice, r.elephants)
    state.emit("elephant fight", f"{el.name}: {result} against {other.name}",
               side=el.side, units=(el.id, other.id), unit=el.id, other=other.id,
               result=str(result), lost=lost)
    if what is not None:
        harm(state, el, what, f"fighting {other.name}")
    elif result is Duel.WON:
        if lost:
            remove_figures(state, other, lost, f"routed by {el.name}", melee=True)
        if other.on_table:
            run(state, other, why=f"routed by {el.name}")


def harm(state: State, elephant: Piece, what: Harm, why: str) -> None:
    """An elephant takes ``what`` (Elephants 4-6): its crew thinned, wounded (three wounds
    kill), killed, stopped or stampeding."""
    if not elephant.on_table:
        return
    crew = elephant.unit.crew
    assert crew is not None
    after = hurt(crew, what, state.rules.elephants)
    elephant.unit = attrs.evolve(elephant.unit, crew=after.crew)
    state.emit("elephant", f"{elephant.name}: {what} ({why})", side=elephant.side,
               units=(elephant.id,), unit=elephant.id, harm=str(what.kind),
               combatants=after.crew.combatants, driver=after.crew.driver,
               wounds=after.crew.wounds, dead=after.dead)
    if after.dead:
        lose(state, elephant, Condition.ELIMINATED, f"elephant killed ({why})")
    elif after.stampede:
        stampede(state, elephant, why)
    elif after.stops and not elephant.running:  # Elephants 6: "elephant stops"
        elephant.stopped = True


def stampede(state: State, elephant: Piece, why: str) -> None:
    """Elephants 2: the elephant goes to the rear (its own side's table edge) for its
    stampede's moves; the first unit in its path is struck: in flank or rear (or out of
    formation) it is routed, head on it turns the elephant aside or is gone through, and
    the volley group struck saves each figure on 4/5/6. The elephant runs on afterwards;
    off the table it is gone."""
    if not elephant.on_table:
        return
    r = state.rules
    away = rear_bearing(state, elephant.side)
    inches = move_allowance(state, elephant) * r.elephants.stampede_moves
    start = elephant.block
    if not elephant.running:
        gave_way(state, elephant)
    path = ground.steps(start, ground.along(start, away, inches, away), r.table.step)
    last = path[0]
    struck: Piece | None = None
    off = False
    for b in path[1:]:
        if not state.table.contains(b):
            off = True
            break
        hit = next((p for p in state.others(elephant) if b.overlaps(p.block)), None)
        if hit is not None:
            struck = hit
            break
        last = b
    elephant.block = last
    state.emit("stampede", f"{elephant.name}: stampedes ({why})", side=elephant.side,
               units=(elephant.id,), unit=elephant.id,
               **{"from": position(start), "to": position(last)},
               distance=round(math.dist(start.centre, last.centre), 3),
               struck=struck.id if struck else "")
    if struck is not None:
        head_on = struck.block.aspect_of(elephant.block.centre) is Aspect.FRONT
        got = struck_by(elephant.unit, struck.in_formation, head_on, state.dice, r.elephants)
        state.emit("stampede strikes", f"{struck.name}: struck by {elephant.name}: "
                   f"{got.course}", side=struck.side, units=(struck.id, elephant.id),
                   unit=struck.id, by=elephant.id, head_on=head_on, course=str(got.course),
                   routed=got.routed, lost=got.lost)
        if got.course is Course.HOME and got.lost:
            remove_figures(state, struck, got.lost, f"struck by {elephant.name}")
        if got.routed and struck.on_table:
            run(state, struck, why=f"struck by {elephant.name}")
    elif off:
        lose(state, elephant, Condition.LEFT_FIELD, "stampeded off the table")

