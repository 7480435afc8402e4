"""Missile fire on the table: who may shoot at what (range, the arc of fire, the line of
fire: Missile fire; Method of fire; Missile fire B), a shot rolled (``missiles.aim``),
the hits a unit takes in one phase pooled by saving number before the casualty dice are
rolled (Deciding casualties), war engines against troops, engines, elephants and
defences (War Engine fire; Elephants 6), and fire arrows; what the shots at a defence and
the fire arrows do is :mod:`~ancients.burgess.works`'."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from ancients.burgess import beasts, ground, works
from ancients.burgess.casualties import casualties, casualty_dice, save
from ancients.burgess.decisions import Shoot
from ancients.burgess.elephants import hand_weapon_rolls, missile_table
from ancients.burgess.losses import counted, lose, remove_figures
from ancients.burgess.missiles import (
    Band,
    Cover,
    EngineEffect,
    aim,
    engine_against_engine,
    engine_damage,
    fire_arc,
)
from ancients.burgess.state import Piece, State
from ancients.burgess.troops import TroopClass, Weapon
from ancients.tabletop import EPSILON, Block
from ancients.units import Condition

__all__ = ["Pool", "can_shoot", "in_reach", "resolve", "shoot", "targets"]

_ENGINES = (TroopClass.HV_ENGINE, TroopClass.LT_ENGINE)


@attrs.define
class Pool:
    """The hits each target has taken this phase, by (weapon, band), in the order they
    came: resolved together (Deciding casualties: one die per 5 of them)."""

    hits: dict[str, list[tuple[Weapon, Band, int]]] = attrs.field(factory=dict)

    def add(self, target: Piece, weapon: Weapon, band: Band, hits: int) -> None:
        if hits > 0:
            self.hits.setdefault(target.id, []).append((weapon, band, hits))


def can_shoot(state: State, piece: Piece) -> bool:
    """The piece may fire now: it has missiles, is on the table in good order or shaken,
    not in melee, and nothing this turn forbids it (Movement D-F; an engine out of
    action or alight)."""
    return (piece.unit.weapon is not None and piece.on_table and not piece.running
            and piece.may_fire and not state.in_melee(piece) and piece.out_of_action <= 0
            and piece.burning <= 0)


def in_reach(state: State, firer: Piece, target: Piece, at: Block | None = None) -> bool:
    """``target`` is within the firer's longest range, in its arc of fire and in its line
    of fire (from ``at``, default where it stands)."""
    weapon = firer.unit.weapon
    if weapon is None:
        return False
    b = at or firer.block
    arc = fire_arc(weapon, state.rules.fire)
    if b.distance(target.block) > arc.reach or not b.in_arc(target.block, arc):
        return False
    if at is not None and at is not firer.block:
        firer = attrs.evolve(firer, block=at)  # a what-if copy: tells the state nothing
    return ground.line_of_fire(state, firer, target)


def targets(state: State, firer: Piece) -> list[Shoot]:
    """What the firer may shoot at: enemy units in reach and not in melee; an engine also
    the faces of defences sheltering the enemy (value of defences); bows and crossbows
    also fire arrows at enemy engines and at buildings the enemy holds."""
    out: list[Shoot] = []
    weapon = firer.unit.weapon
    if weapon is None:
        return out
    enemies = state.present(state.enemy_of(firer.side))
    # only enemies whose bounds come within its longest range can be in reach (the
    # spatial index's, in table order)
    longest = fire_arc(weapon, state.rules.fire).reach + EPSILON
    for e in state.near(firer.block.bounds, longest, state.enemy_of(firer.side)):
        if not state.in_melee(e) and in_reach(state, firer, e):
            out.append(Shoot(e.id))
    arrows = weapon in state.rules.defences.arrow_weapons
    if arrows:
        for e in enemies:
            if e.engine and e.burning <= 0 and Shoot(e.id) in out:
                out.append(Shoot(e.id, "fire arrows"))
    for w in state.works:
        if w.destroyed:
            continue
        held = [e for e in enemies if works.shelters(state, w, e)]
        if not held:
            continue
        reach = float(state.rules.fire.reach(weapon))
        geom = w.area.polygon if w.area is not None else w.line.line if w.line else None
        if geom is None or firer.block.distance(geom) > reach:
            continue
        if weapon.engine:
            face = ground.face_toward(w, firer.block.front_centre)
            if w.faces[face].value > 0:
                out.append(Shoot(w.id, "batter", face))
        elif arrows and w.burning <= 0 and state.rules.defences.defences[w.defence].burns:
            out.append(Shoot(w.id, "fire arrows"))
    return out


def shoot(state: State, firer: Piece, choice: Shoot, pool: Pool, *,
          at: Block | None = None, distance: float | None = None,
          moving: bool = False) -> None:
    """Fire the firer's missiles as ``choice`` says: at a unit (the hits into ``pool``,
    an engine's into its target at once), at a defence's face (War engine fire: its
    points off the face) or fire arrows. ``at``: where it fires from (mounted bowmen on
    the move); ``distance``: the range to read (a unit holding to fire at close range)."""
    if choice.how == "batter" or (choice.how == "fire arrows" and choice.target not in
                                  state.by_id):
        works.at_work(state, firer, choice)
        return
    target = state.by_id[choice.target]
    if choice.how == "fire arrows":
        works.arrows_at_engine(state, firer, target)
        return
    b = at or firer.block
    r = state.rules
    d = b.distance(target.block) if distance is None else distance
    cover = ground.cover(state, target, b.front_centre)
    shot = aim(firer.unit, target.name, d, cover=cover, moving=moving, rules=r.fire)
    hits = shot.roll(state.dice)
    weapon = shot.weapon
    state.emit("volley", f"{firer.name}: {'engine shot' if shot.engine else 'volley'} at "
               f"{target.name}, {shot.band} range: {counted(hits, 'hit')}",
               side=firer.side, units=(firer.id, target.id), shooter=firer.id,
               target=target.id, weapon=str(weapon), band=str(shot.band),
               distance=round(d, 3), groups=shot.groups, singles=shot.singles,
               less=shot.less, cover=str(cover), hits=hits, moving=moving)
    firer.may_fire = False
    if hits <= 0:
        return
    if weapon.engine:
        _engine_hits(state, firer, target, weapon, hits, cover, pool, shot.band)
    else:
        pool.add(target, weapon, shot.band, hits)


def _engine_hits(state: State, firer: Piece, target: Piece, weapon: Weapon, hits: int,
                 cover: Cover, pool: Pool, band: Band) -> None:
    r = state.rules
    if target.engine:  # War Engine fire: an engine hit by another engine
        assert target.unit.weapon is not None
        effect = engine_against_engine(weapon, target.unit.weapon, r.fire)
        state.emit("engine hit", f"{target.name}: {effect} (hit by {firer.name})",
                   side=target.side, units=(target.id,), unit=target.id, by=firer.id,
                   effect=str(effect.effect), turns=effect.turns)
        if effect.effect is EngineEffect.DESTROYED:
            lose(state, target, Condition.ELIMINATED, f"hit by {firer.name}")
        else:
            target.out_of_action = max(target.out_of_action, effect.turns)
        return
    if target.troop is TroopClass.ELEPHANTS:  # Elephants 6: from engines
        table = missile_table("heavy" if weapon is Weapon.HEAVY_ENGINE else "light",
                              r.elephants)
        for i in range(hits):
            if not target.on_table:
                return
            harm = table.roll(state.dice, f"engine hit on {target.name}: {firer.name} "
                                          f"(hit {i + 1} of {hits})").result
            beasts.harm(state, target, harm, f"hit by {firer.name}")
        return
    damage = engine_damage(weapon, hits, target.unit, cover=cover,
                           reading=state.opts.engine_points, rules=r.fire)
    if damage.hits:
        pool.add(target, weapon, band, damage.hits)
    if damage.figures:
        remove_figures(state, target, damage.figures, f"engine shot from {firer.name}")


def resolve(state: State, pool: Pool) -> None:
    """The casualties of the hits pooled this phase (Deciding casualties): each target's
    hits added up by saving number (the close-range pilum and crossbow apart), one die
    per 5 of them; an elephant's on the hand-weapons table (Elephants 6); an engine's
    crew saving as unarmoured troops."""
    r = state.rules
    for tid, hits in pool.hits.items():
        target = state.by_id[tid]
        if not target.on_table:
            continue
        total = sum(h for _, _, h in hits)
        if target.troop is TroopClass.ELEPHANTS:
            rolls = hand_weapon_rolls(total, r.elephants)
            table = missile_table("hand", r.elephants)
            for i in range(rolls):
                if not state.by_id[tid].on_table:  # read again: the last roll may have
                    break                          # taken the elephant off the table
                harm = table.roll(state.dice, f"missiles on {target.name} (roll {i + 1} "
                                              f"of {rolls})").result
                beasts.harm(state, target, harm, "missiles")
            continue
        if target.troop in _ENGINES:
            n = casualty_dice(total, r.casualties)
            lost = sum(not r.table.crew_save.roll(state.dice, f"engine crew save: "
                                                 f"{target.name} (die {i + 1} of {n})").result
                       for i in range(n))
            _casualties(state, target, lost, total, n,
                        [[str(r.table.crew_save), total, n, lost]])
            continue
        groups: dict[str, tuple[Weapon, Band, int]] = {}
        for weapon, band, h in hits:  # by saving number
            key = str(save(target.unit, weapon, band, r.casualties))
            w, b, n = groups.get(key, (weapon, band, 0))
            groups[key] = (w, b, n + h)
        lost = 0
        dice = 0
        rows = []
        for key, (weapon, band, h) in groups.items():
            n = casualty_dice(h, r.casualties)
            got = casualties(target.unit, h, state.dice, weapon=weapon, band=band,
                             rules=r.casualties)
            rows.append([key, h, n, got])
            dice += n
            lost += got
        _casualties(state, target, min(lost, target.figures), total, dice, rows)


def _casualties(state: State, target: Piece, lost: int, hits: int, dice: int,
                groups: list[list[object]]) -> None:
    """Report a target's casualties (by saving number: [saves on, hits, dice, lost])."""
    state.emit("saves", f"{target.name}: {counted(hits, 'hit')}, {counted(dice, 'die', 'dice')}"
               f", {counted(lost, 'figure')} lost", side=target.side, units=(target.id,),
               unit=target.id, hits=hits, dice=dice, lost=lost, groups=groups)
    if lost:
        remove_figures(state, target, lost, "missiles")


def shooters(state: State, side: str) -> Iterable[Piece]:
    return [p for p in state.present(side) if can_shoot(state, p)]
