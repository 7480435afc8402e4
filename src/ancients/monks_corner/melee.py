"""Contact moves and melee (Monk's Corner, Sequence 5; Melee 1-5; Phalanxes 3)."""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence

import attrs

from ancients.monks_corner.geometry import Path, path_blocked, path_in_rough
from ancients.monks_corner.missiles import roll_volley, volley
from ancients.monks_corner.movement import PhalanxZones, allied_limit
from ancients.monks_corner.phalanx import apply_hits, unform
from ancients.monks_corner.rules import Rules
from ancients.monks_corner.state import State, position
from ancients.monks_corner.troops import Missile, Troop, Unit, counted
from ancients.tabletop import EPSILON, Arc, Aspect, Block
from ancients.tabletop.geometry import clip_segment

__all__ = ["Charge", "ChargePlan", "Strike", "candidates", "charge_plans", "chargers",
           "execute_charge", "first_opponent", "may_volley", "melee_dice", "opponents",
           "resolve_melees", "strike_order"]


@attrs.frozen
class Charge:
    """An option: move into contact with ``target``."""

    target: str

    def __str__(self) -> str:
        return f"charge {self.target}" if self.target else "no contact move"


@attrs.frozen
class ChargePlan:
    """A contact move: where the charger ends, which edge of the target it meets, the
    inches to go, and whether a die sets the distance (phalanx against horse, rough)."""

    target: Unit = attrs.field(eq=False)
    end: Block
    aspect: Aspect
    gap: float
    die: bool
    rough: bool
    against_horse: bool


def allowance(rules: Rules, unit: Unit) -> float:
    """Melee 1: contact moves of 6" (horse 12")."""
    return rules.horse_reach if unit.troop is Troop.HORSE else rules.contact_reach


def chargers(state: State, side: str) -> list[Unit]:
    """Units that may make a contact move: the alliance leader's phalanxes first, then the
    other phalanxes, then the rest (so allies can follow their leader in, Movement 3)."""
    leader = state.leaders.get(side, "")
    free = [u for u in state.present(side) if not state.in_melee(u) and not u.reorganising
            and u.reformed_turn != state.turn and u.figures > 0]
    return sorted(free, key=lambda u: (not (u.is_phalanx and u.contingent == leader),
                                       not u.is_phalanx))


def _contact_block(charger: Block, target: Block, aspect: Aspect) -> Block:
    a, b = target.edge(aspect)
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    tx, ty = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    t = (charger.x - a[0]) * tx + (charger.y - a[1]) * ty
    half = charger.frontage / 2.0
    t = min(max(t, half), length - half) if charger.frontage <= length else length / 2.0
    facing = target.edge_facing(aspect) + 180.0
    return Block(a[0] + tx * t, a[1] + ty * t, facing, charger.files, charger.ranks,
                 charger.base_width, charger.base_depth)


def straight_contact(block: Block, target: Block, reach: float) -> float | None:
    """Inches straight ahead at which ``block`` first touches ``target`` within ``reach``
    (None if it does not): the gap along a straight advance is convex, so step then
    bisect.

    The gap shrinks by at most the distance advanced (it is 1-Lipschitz in ``d``), so a
    gap ``g`` measured at ``d`` proves every advance short of ``d + g - EPSILON`` still
    apart: those steps and bisection midpoints are settled without measuring (the same
    answers as measuring each)."""
    def gap(d: float) -> float:
        return block.advanced(d).distance(target) if d else block.distance(target)

    apart = -1.0  # every advance below this is known to leave them apart
    margin = 1e-9

    def touches(d: float) -> bool:
        nonlocal apart
        if d < apart:
            return False
        g = gap(d)
        if g <= EPSILON:
            return True
        apart = max(apart, d + (g - EPSILON) - margin)
        return False

    step, d, prev = 0.5, 0.0, 0.0
    while d < reach + EPSILON:
        if touches(d):
            break
        prev, d = d, min(d + step, reach) if d < reach else reach + 1.0
    else:
        return None
    if d == 0.0:
        return 0.0
    lo, hi = prev, d
    for _ in range(14):
        mid = (lo + hi) / 2.0
        if touches(mid):
            hi = mid
        else:
            lo = mid
    return hi


def charge_plans(state: State, unit: Unit) -> list[ChargePlan]:
    """The enemies ``unit`` may legally move into contact with (Monk's Corner, Sequence 5
    and Melee 1). A formed phalanx charges straight ahead; other troops move freely and
    line up on the edge of the target they come at."""
    reach = allowance(state.rules, unit)
    charge_arc = Arc(state.rules.charge_arc)  # a formed phalanx charges what lies ahead
    plans = []
    limit = allied_limit(state, unit)  # Movement 3: allies follow the leader in
    if limit is not None and limit > EPSILON:
        return []
    formed_phalanx = unit.is_phalanx and unit.formed
    enemies = state.foes(unit.side)[0]
    grid = state.grid()  # every block, for the paths: only those near one are looked at
    skip = state.slot[unit.id]
    # only an enemy whose bounds come within reach can be: the spatial index finds those
    for j in state.foe_grid(unit.side).candidates(unit.block.bounds, reach + EPSILON):
        target = enemies[j]
        gap = state.apart(unit.block, target.block)
        if gap > reach + EPSILON:
            continue
        if formed_phalanx:
            if not unit.block.in_arc(target.block, charge_arc):
                continue
            ahead = straight_contact(unit.block, target.block, reach)
            if ahead is None:
                continue
            end = unit.block.advanced(ahead)
            aspect = target.block.contact_edge(end) or Aspect.FRONT
            travel = ahead
        else:
            aspect = target.block.aspect_of(unit.block.front_centre)
            end = _contact_block(unit.block, target.block, aspect)
            travel = gap
        path = Path((unit.block, end))
        aim = state.slot[target.id]
        blocks = [b for i in grid.candidates(path.bounds)
                  if i != skip and i != aim and (b := grid[i]) is not None]
        if path_blocked(state.table, path, blocks) or end.overlaps(target.block):
            continue
        # Sequence 5 / Melee 1: unformed never closer than 3" to an enemy phalanx's front
        # or left flank, where the move ends nor on its way
        if unit.unformed and not _clear_along(state, unit, end):
            continue
        against_horse = unit.is_phalanx and target.troop is Troop.HORSE
        rough = path_in_rough(state.table, path)
        plans.append(ChargePlan(target, end, aspect, travel, against_horse or rough, rough,
                                against_horse))
    return plans


def _clear_along(state: State, unit: Unit, end: Block) -> bool:
    """Sequence 5 / Melee 1 along a contact move: the end block, and the end block carried
    back along the straight path in steps of at most ``Rules.zone_step`` inches, each keep
    out of the 3" zones of enemy phalanxes (:class:`PhalanxZones`). Only formed phalanxes
    whose bounding box comes within the zone of the path's are looked at, and positions
    whose edge distance clears the zone are skipped."""
    zone = state.rules.phalanx_zone
    start = unit.block
    a, b = start.bounds, end.bounds
    x0, y0 = min(a[0], b[0]), min(a[1], b[1])
    x1, y1 = max(a[2], b[2]), max(a[3], b[3])
    near = []
    for e in state.present(state.enemy_of(unit.side)):
        q = e.block.bounds
        if not e.unformed and max(q[0] - x1, x0 - q[2], q[1] - y1, y0 - q[3]) < zone:
            near.append(e)
    if not near:
        return True
    zones = PhalanxZones.of(state, unit, near)
    dx, dy = start.centre[0] - end.centre[0], start.centre[1] - end.centre[1]
    steps = max(1, math.ceil(math.hypot(dx, dy) / state.rules.zone_step))
    step = math.hypot(dx, dy) / steps
    k = 0
    while k < steps:
        block = end.translated(dx * k / steps, dy * k / steps) if k else end
        gap = min(block.distance(p) for p in zones.phalanxes)
        if gap >= zone:
            # the zone distance is never less than the edge distance, which changes by
            # at most the distance moved: the positions up to gap - zone on are clear too
            k += 1 + (int((gap - zone) / step) if step > 0.0 else steps)
            continue
        if not zones.clear(block):
            return False
        k += 1
    return True


def execute_charge(state: State, unit: Unit, plan: ChargePlan) -> None:
    """Move into contact: roll the die where one sets the distance, push back unformed
    troops met by a phalanx, unform a phalanx struck in flank or rear, and take the
    defensive volley."""
    target = plan.target
    rules = state.rules
    full = allowance(rules, unit)
    if plan.die:
        roll = state.die("contact move distance")
        full = float(roll)
        # Melee 1: phalanxes become unformed on 5-6 (rough, or against horse by default)
        unformed_on_roll = roll >= rules.contact_unformed_on
        if plan.against_horse and not plan.rough and not state.opts.charge_horse_unformed:
            unformed_on_roll = roll < rules.contact_unformed_on  # "are formed on 5 or 6"
        if unit.is_phalanx and unformed_on_roll:
            unform(state, unit, f"contact move die {roll}")
        if full + EPSILON < plan.gap:
            _fall_short(state, unit, plan, full)
            return
    volleys = may_volley(state, target)
    pusher = unit.is_phalanx and unit.formed and target.unformed
    start = unit.block
    unit.block = plan.end
    state.emit("contact", f"{unit.name}: charge {target.name} ({plan.aspect.value})",
               side=unit.side, units=(unit.id, target.id), unit=unit.id, target=target.id,
               aspect=plan.aspect.value, distance=round(plan.gap, 3),
               **{"from": position(start), "to": position(unit.block)})
    if pusher:  # Melee 2: the phalanx moves its full move, pushing unformed troops back
        _push_back(state, unit, target, full - plan.gap, start)
    if target.is_phalanx and target.formed and plan.aspect is not Aspect.FRONT:
        unform(state, target, f"attacked in the {plan.aspect.value}")  # Phalanxes 3
    if volleys:
        target.volleyed = (state.turn, state.phasing)
        v = volley(rules, target, unit)  # Melee 3: the defensive volley
        hits = roll_volley(state, v, f"defensive volley by {target.name}")
        apply_hits(state, unit, hits, f"{target.name}'s defensive volley")


def may_volley(state: State, target: Unit) -> bool:
    """Monk's Corner, Melee 3: missile troops release a defensive volley at a charger
    before melee is resolved: one a contact phase. A unit already in melee throws it
    only where units in melee may shoot (``shoot_from_melee``, Missiles 1)."""
    return (target.missile is not Missile.NONE and target.figures > 0
            and target.volleyed != (state.turn, state.phasing)
            and (state.opts.shoot_from_melee or not state.in_melee(target)))


def _fall_short(state: State, unit: Unit, plan: ChargePlan, inches: float) -> None:
    b, e = unit.block, plan.end
    travel = math.hypot(e.x - b.x, e.y - b.y)
    f = 0.0 if travel <= EPSILON else min(1.0, max(0.0, (inches - 0.01) / travel))
    while f > 0.0:
        end = Block(b.x + (e.x - b.x) * f, b.y + (e.y - b.y) * f, e.facing, b.files, b.ranks,
                    b.base_width, b.base_depth)
        blocks = [o.block for o in state.others(unit)]
        if not path_blocked(state.table, Path((b, end)), blocks):
            unit.block = end
            break
        f -= 0.25
    state.emit("short", f"{unit.name}: charge at {plan.target.name} short "
               f"({inches:g}\" of {plan.gap:.1f}\")", side=unit.side,
               units=(unit.id, plan.target.id), unit=unit.id, target=plan.target.id,
               distance=inches, needed=round(plan.gap, 3),
               **{"from": position(b), "to": position(unit.block)})


def _push_back(state: State, unit: Unit, target: Unit, push: float,
               start: Block) -> None:
    """Melee 2: push the unformed target back along the phalanx's line of advance, as far
    as the table and other units let it go, the phalanx following."""
    del start
    step = state.rules.push_step
    push = math.floor(push / step) * step
    while push > EPSILON:
        t_end = target.block.translated(*_along(unit.block.facing, push))
        u_end = unit.block.advanced(push)
        rest = [o.block for o in state.pieces if o.on_table and o not in (unit, target)]
        if not path_blocked(state.table, Path((target.block, t_end)), rest) and \
                not path_blocked(state.table, Path((unit.block, u_end)), rest) and \
                not u_end.overlaps(t_end):
            target.block, unit.block = t_end, u_end
            state.emit("pushed back", f"{target.name}: pushed back {push:g}\"",
                       side=target.side, units=(target.id, unit.id), unit=target.id,
                       by=unit.id, inches=push, to=position(target.block),
                       pusher_to=position(unit.block))
            return
        push -= step


def _along(facing: float, d: float) -> tuple[float, float]:
    r = math.radians(facing)
    return (d * math.sin(r), d * math.cos(r))


# -- melee ------------------------------------------------------------------------------
@attrs.frozen
class Strike:
    """An option (``melee_opponents=choose``): strike this enemy in contact."""

    target: str

    def __str__(self) -> str:
        return f"strike {self.target}"


def candidates(state: State, unit: Unit) -> list[Unit]:
    """The enemies a unit in contact may strike under ``melee_opponents=choose``: every
    enemy it touches, in table order."""
    return list(state.contacts(unit))


def opponents(state: State, unit: Unit, chosen: Unit | None = None
              ) -> list[Unit]:
    """The enemies a unit strikes (Melee 4, silent; ``melee_opponents``), its main
    opponent first: ``front``: one, :func:`first_opponent`; ``choose``: the one its side
    ``chosen`` (when it touches more than one), else that one; ``contact``: every enemy
    it touches, :func:`first_opponent` first."""
    touching = [(f, f.block) for f in state.contacts(unit)]
    return strike_order(state.opts.melee_opponents, unit.block, touching, chosen)


def strike_order(mode: str, block: Block, touching: Sequence[tuple[Unit, Block]],
                 chosen: Unit | None = None) -> list[Unit]:
    """Melee 4 under ``melee_opponents=mode``: whom a unit standing at ``block`` strikes
    among the enemies ``touching`` it (each with the block it stands at, in table order),
    its main opponent first. The melee asks it of units where they stand; the doctrine of
    where they would stand."""
    first = first_opponent(block, touching)
    if first is None:
        return []
    if mode == "choose" and chosen is not None:
        return [chosen]
    if mode == "contact":
        return [first] + [f for f, _ in touching if f is not first]
    return [first]


def first_opponent(block: Block, touching: Sequence[tuple[Unit, Block]]) -> Unit | None:
    """Whom a unit standing at ``block`` strikes by default among the enemies
    ``touching`` it (each with the block it stands at, in table order): the one its
    front touches along the most files; none at its front: the one touching it along
    the most figures (files at its rear, ranks at a flank); ties by table order, so the
    order of the scenario file decides only between equal contacts. The melee asks it
    of units where they stand; the doctrine of where they would stand."""
    if len(touching) <= 1:
        return touching[0][0] if touching else None
    best: Unit | None = None
    best_key = (False, -1)
    for f, b in touching:
        edge = block.contact_edge(b)
        if edge is None:
            continue
        key = (edge is Aspect.FRONT, _figures_along(block, edge, b))
        if key > best_key:
            best, best_key = f, key
    return best if best is not None else touching[0][0]


def _figures_along(block: Block, edge: Aspect, other: Block) -> int:
    """Figures (files at the front or rear, ranks at a flank) of ``block`` along the stretch
    of its ``edge`` that ``other`` touches."""
    a, c = block.edge(edge)
    length = max(clip_segment(a, c, other.corners, grow=EPSILON), 0.0)
    size = block.base_width if edge in (Aspect.FRONT, Aspect.REAR) else block.base_depth
    return round(length / size + 1e-9)


def figures_in_contact(unit: Unit, enemy: Unit) -> int:
    """Figures of ``unit`` along the edge touching ``enemy`` (at least one)."""
    b = unit.block
    edge = b.contact_edge(enemy.block)
    if edge is None:
        return 0
    if edge is Aspect.FRONT:
        cap = b.files
    elif edge is Aspect.REAR:
        cap = max(unit.rear, 1)
    else:
        cap = b.ranks
    return max(1, min(_figures_along(b, edge, enemy.block), cap, unit.figures))


def melee_dice(rules: Rules, unit: Unit, enemy: Unit, main: bool = True) -> tuple[int, int]:
    """Monk's Corner, Melee 4: (dice, number to hit). One die per figure in contact;
    a formed phalanx adds a figure for each flank overlapping the enemy and 2 dice per
    rank deeper (ranks at least half full count) -- against its ``main`` opponent only;
    doubled for horse against foot and for a phalanx against unformed troops; hits on
    5-6, 4-6 against light troops."""
    figures = figures_in_contact(unit, enemy)
    depth = 0
    if main and not unit.unformed:
        if unit.block.contact_edge(enemy.block) is Aspect.FRONT:
            their_edge = enemy.block.contact_edge(unit.block) or Aspect.FRONT
            over = unit.block.overlap(enemy.block, their_edge)
            figures += rules.overlap * ((over.left > 0) + (over.right > 0))
        part = rules.rank_counts
        depth = rules.per_rank * max(0, unit.counted_ranks(part) - enemy.counted_ranks(part))
    dice = figures * rules.dice_per_figure + depth
    if (unit.troop is Troop.HORSE and enemy.troop.foot) or \
            (not unit.unformed and enemy.unformed):
        dice *= rules.double
    return dice, rules.melee_need_light if enemy.troop is Troop.LIGHT else rules.melee_need


def resolve_melees(state: State, chosen: Mapping[str, Unit] | None = None
                   ) -> bool:
    """Every unit in contact strikes its opponents (:func:`opponents`; ``chosen``: the
    enemy each unit's side chose for it, by unit id, under ``melee_opponents=choose``);
    the hits land together. True if any melee was fought."""
    strikes: list[tuple[Unit, Unit, int]] = []
    picks = chosen or {}
    for unit in state.present():
        for k, foe in enumerate(opponents(state, unit, picks.get(unit.id))):
            dice, need = melee_dice(state.rules, unit, foe, main=k == 0)
            faces = state.dice.faces(state.rules.dice_spec(dice),
                                     f"melee: {unit.name} against {foe.name}")
            hits = sum(1 for f in faces if f >= need)
            state.emit("melee", f"{unit.name}: strike {foe.name}: "
                        f"{counted(dice, 'die', 'dice')}, {counted(hits, 'hit')}",
                       side=unit.side, units=(unit.id, foe.id), striker=unit.id,
                       target=foe.id, dice=dice, need=need, hits=hits)
            strikes.append((unit, foe, hits))
    for unit, foe, hits in strikes:
        apply_hits(state, foe, hits, f"melee with {unit.name}")
    return bool(strikes)


def engaged(state: State) -> Iterator[Unit]:
    return (u for u in state.present() if state.in_melee(u))
