"""Special conditions on the table, the value of defences: an engine's hits off the points
of a defence's face, which loses its defensive factor at half its value; fire arrows at
engines and buildings, and the blazes that burn them (a 6 stops one; engines and
buildings burnt their turns are gone); which troops a defence shelters."""

from __future__ import annotations

from ancients.burgess.decisions import Shoot
from ancients.burgess.defences import batter, burn_time, burns_on, fire_arrows
from ancients.burgess.losses import counted, lose
from ancients.burgess.missiles import aim
from ancients.burgess.state import Piece, State, Work
from ancients.units import Condition

__all__ = ["arrows_at_engine", "at_work", "burn", "shelters"]


def at_work(state: State, firer: Piece, choice: Shoot) -> None:
    """A shot at a defence (value of defences): fire arrows at a building, or an engine's
    hits off the points of the face it shoots at, the face losing its defensive factor at
    half its value."""
    work = next(w for w in state.works if w.id == choice.target)
    firer.may_fire = False
    if choice.how == "fire arrows":
        lit = fire_arrows(firer.unit, work.name, state.dice, rules=state.rules.defences)
        state.emit("fire arrows", f"{firer.name}: fire arrows at {work.name}: "
                   + ("ablaze" if lit else "no blaze"), side=firer.side, units=(firer.id,),
                   shooter=firer.id, work=work.id, blaze=lit)
        if lit:
            work.burning = 1
        return
    weapon = firer.unit.weapon
    assert weapon is not None
    d = firer.block.distance(work.area.polygon if work.area is not None else
                             work.line.line if work.line is not None else firer.block)
    shot = aim(firer.unit, work.name, d, rules=state.rules.fire)
    hits = shot.roll(state.dice)
    face = work.faces[choice.face]
    after = batter(face, weapon, hits)
    work.faces = tuple(after if i == choice.face else f for i, f in enumerate(work.faces))
    state.emit("battered", f"{work.name}: {counted(hits, 'engine hit')} on face "
               f"{choice.face + 1}, {after.value} points left"
               + (" (its defensive factor lost)" if after.breached and not face.breached
                  else ""), side=firer.side, units=(firer.id,), shooter=firer.id,
               work=work.id, face=choice.face, hits=hits, value=after.value,
               breached=after.breached, band=str(shot.band))

def arrows_at_engine(state: State, firer: Piece, target: Piece) -> None:
    """Fire arrows at an enemy engine (value of defences): a 6 of a die per volley group
    sets it ablaze."""
    lit = fire_arrows(firer.unit, target.name, state.dice, rules=state.rules.defences)
    state.emit("fire arrows", f"{firer.name}: fire arrows at {target.name}: "
               + ("ablaze" if lit else "no blaze"), side=firer.side,
               units=(firer.id, target.id), shooter=firer.id, target=target.id, blaze=lit)
    firer.may_fire = False
    if lit:
        target.burning = 1

def burn(state: State, side: str) -> None:
    """The blazes (value of defences: fire arrows): each turn after the first a 6 stops
    one; an engine burnt its turns is destroyed, a building burnt its turns is gone (and
    with it its defensive factor). Rolled at the start of ``side``'s player turn for its
    own engines and the buildings it holds (or, empty, the first side's turn)."""
    r = state.rules.defences
    for p in state.present(side):
        if p.burning <= 0 or not p.engine:
            continue
        assert p.unit.weapon is not None
        p.burning += 1
        if not burns_on(p.name, p.burning, state.dice, r):
            p.burning = 0
            state.emit("blaze out", f"{p.name}: blaze put out", side=p.side,
                       units=(p.id,), unit=p.id)
        elif p.burning >= burn_time(p.unit.weapon, r):
            lose(state, p, Condition.ELIMINATED, "burnt")
    for w in state.works:
        if w.burning <= 0 or w.destroyed or not _held_or_first(state, w, side):
            continue
        w.burning += 1
        if not burns_on(w.name, w.burning, state.dice, r):
            w.burning = 0
            state.emit("blaze out", f"{w.name}: blaze put out", work=w.id)
        elif w.burning >= burn_time(w.defence, r):
            w.destroyed = True
            state.emit("burnt", f"{w.name}: burnt down", work=w.id)

def _held_or_first(state: State, work: Work, side: str) -> bool:
    holders = {p.side for p in state.present() if shelters(state, work, p)}
    return side in holders or (not holders and side == state.sides[0])

def shelters(state: State, work: Work, enemy: Piece) -> bool:
    """``enemy`` is sheltered by ``work``: in its area, or within the cover reach of its
    line (table.toml)."""
    if work.area is not None:
        return work.area.covers(enemy.block.centre)
    if work.line is not None:
        return enemy.block.distance(work.line.line) <= state.rules.table.cover_reach
    return False
