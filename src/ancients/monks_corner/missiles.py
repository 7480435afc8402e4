"""Missiles: who may shoot whom, and the dice (Monk's Corner, Missiles 1-3; Sequence 3-4;
Melee 3)."""

from __future__ import annotations

import attrs

from ancients.monks_corner.rules import Rules
from ancients.monks_corner.state import State
from ancients.monks_corner.troops import Missile, Troop, Unit
from ancients.tabletop import Arc, Aspect

__all__ = ["Shoot", "Volley", "hit_number", "roll_volley", "shooters", "targets", "volley"]

JAVELIN_TROOPS = (Troop.HORSE, Troop.MEDIUM, Troop.LIGHT)


@attrs.frozen
class Shoot:
    """An option: shoot at ``target``."""

    target: str

    def __str__(self) -> str:
        return f"shoot at {self.target}" if self.target else "hold fire"


@attrs.frozen
class Volley:
    """The dice one unit throws at another: pairs of figures and an odd figure."""

    dice: int  # one per two figures, hitting on ``need`` or more
    need: int
    odd: bool  # an odd figure throws one die hitting on 6


def shooters(state: State, side: str, weapons: tuple[Missile, ...]) -> list[Unit]:
    """Units of ``side`` carrying ``weapons`` and free to shoot. Missiles 1 protects units
    in melee from being shot at; by default they may still shoot (``shoot_from_melee``),
    at enemies not in melee."""
    free = state.opts.shoot_from_melee
    return [u for u in state.present(side)
            if u.missile in weapons and u.figures > 0 and (free or not state.in_melee(u))]


def targets(state: State, shooter: Unit) -> list[Unit]:
    """Enemies in range with a clear shot, not in melee (Monk's Corner, Missiles 1-2):
    shooters see and shoot into the half plane ahead of their front
    (``Rules.sight_arc``)."""
    reach = shooter.missile.range(state.rules)
    field_of_fire = Arc(state.rules.sight_arc)
    blocks = [u.block for u in state.others(shooter)]
    out = []
    enemies = state.foes(shooter.side)[0]  # those whose bounds come within range (the index)
    for j in state.foe_grid(shooter.side).candidates(shooter.block.bounds, reach):
        e = enemies[j]
        if state.in_melee(e) or state.apart(shooter.block, e.block) > reach:
            continue
        if not shooter.block.in_arc(e.block, field_of_fire):
            continue
        if state.table.line_of_sight(shooter.block, e.block, blocks, hills_block=False):
            out.append(e)
    return out


def hit_number(rules: Rules, shooter: Unit, target: Unit) -> int:
    """Monk's Corner, Missiles 3: 5-6 hits; 4-6 into the rear or right flank of a formed
    phalanx."""
    if target.is_phalanx and target.formed:
        side = target.block.aspect_of(shooter.block.centre)
        if side in (Aspect.REAR, Aspect.RIGHT):
            return rules.volley_need_rear
    return rules.volley_need


def volley(rules: Rules, shooter: Unit, target: Unit) -> Volley:
    """Monk's Corner, Missiles 3: one die per two figures with a clear shot (all of a
    shooter's figures: they skirmish in open order), the odd figures one die hitting on
    6."""
    n, per = shooter.figures, rules.figures_per_die
    return Volley(n // per, hit_number(rules, shooter, target), n % per != 0)


def roll_volley(state: State, v: Volley, reason: str) -> int:
    """Roll a volley; the number of hits."""
    hits = 0
    rules = state.rules
    if v.dice:
        hits += sum(1 for f in state.dice.faces(rules.dice_spec(v.dice), reason)
                    if f >= v.need)
    if v.odd and state.die(reason + ", odd figure") >= rules.odd_need:
        hits += 1
    return hits
