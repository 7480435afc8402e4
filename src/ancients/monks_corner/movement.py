"""Movement: the menu of legal moves for a unit in its side's movement phase (Monk's
Corner, Sequence 2; Movement 1-3; Phalanxes 2)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import attrs
import numpy as np
import shapely

from ancients.monks_corner.geometry import (
    SURE,
    Path,
    hull_gaps,
    path_in_rough,
    paths_blocked_among,
    sequence_blocks,
    start_in_rough,
)
from ancients.monks_corner.state import State
from ancients.monks_corner.troops import Troop, Unit
from ancients.tabletop import EPSILON, Aspect, Block, bearing, heading

Bounds = tuple[float, float, float, float]

__all__ = ["HOLD", "Order", "PhalanxZones", "Plan", "allied_limit", "can_withdraw",
           "candidate_moves", "clear_of_phalanx_zones", "movable", "side_ends"]

@attrs.frozen
class Order:
    """A move from the menu. ``kind``: hold, advance, about face, column, line, wheel,
    move, face, withdraw; ``distance`` inches; ``angle`` degrees (a face or wheel, or the
    bearing off the line to the nearest enemy); ``then`` a quarter turn after moving."""

    kind: str
    distance: float = 0.0
    angle: float = 0.0
    then: float = 0.0

    def __str__(self) -> str:
        def side(angle: float) -> str:
            return "left" if angle < 0 else "right"

        d = f"{self.distance:g}\""
        match self.kind:
            case "hold":
                return "hold"
            case "advance":
                return f"advance {d}"
            case "about face":
                return "about face" + (f" and advance {d}" if self.distance else "")
            case "column":
                if not self.distance:
                    return f"form column facing {side(self.angle)}"
                tail = (f", then face {side(self.then)} into line" if self.then else
                        " in column")
                return f"form column facing {side(self.angle)}, march {d}{tail}"
            case "line":
                return (f"march {d}, then " if self.distance else "") + \
                    f"face {side(self.angle)} into line"
            case "wheel":
                turn = "right" if self.angle > 0 else "left"
                return f"wheel {abs(self.angle):g} degrees {turn} and march {d}"
            case "face":
                return "face the nearest enemy"
            case "withdraw":
                return f"withdraw {d}"
            case _:  # bearings are clockwise: a positive angle is to the right
                if self.angle == 0.0:
                    return f"move {d} towards the nearest enemy"
                if abs(self.angle) == 180.0:
                    return f"move {d} away from the nearest enemy"
                turn = "right" if self.angle > 0 else "left"
                return f"move {d}, {abs(self.angle):g} degrees {turn} of the nearest enemy"


HOLD = Order("hold")


@attrs.frozen
class Plan:
    """A legal move: its order, path, and whether it ends in column; ``rough`` marks a
    phalanx move through rough ground (1d6 inches, unformed on 5-6), re-planned by
    ``build`` for the distance rolled."""

    order: Order
    path: Path
    column: bool
    rough: bool = False
    build: Callable[[float], Path] | None = attrs.field(default=None, eq=False)

    @property
    def end(self) -> Block:
        return self.path.end


def can_withdraw(state: State, unit: Unit) -> bool:
    """Monk's Corner, Movement 1: pinned units stay, but unformed troops may withdraw from
    phalanxes and horse from foot."""
    foes = state.contacts(unit)
    if not foes:
        return False
    if unit.unformed and all(f.is_phalanx for f in foes):
        return True
    return unit.troop is Troop.HORSE and all(f.troop.foot for f in foes)


def movable(state: State, unit: Unit) -> bool:
    """The unit may do more than hold this movement phase."""
    if not unit.on_table:
        return False
    if unit.reorganising or unit.reformed_turn == state.turn:  # Morale 2; Phalanxes 3
        return False
    return not state.in_melee(unit) or can_withdraw(state, unit)


def candidate_moves(state: State, unit: Unit) -> list[Plan]:
    """The legal moves for ``unit`` now (HOLD first)."""
    hold = Plan(HOLD, Path((unit.block,)), unit.column)
    if not movable(state, unit):
        return [hold]
    if state.in_melee(unit):
        plans = _withdrawals(state, unit)
    else:
        plans = _menu(state, unit)
    blocked = paths_blocked_among(state.table, [p.path for p in plans], state.grid(),
                                  state.slot[unit.id])
    plans = [p for p, no in zip(plans, blocked, strict=True) if not no]
    return [hold, *keep_rules(state, unit, plans)]


def _menu(state: State, unit: Unit) -> list[Plan]:
    """The moves of a unit not in melee before the legality checks (remembered)."""
    if unit.unformed:
        foe = state.nearest_enemy(unit)[0]
        return _remembered(state, unit, (unit.block, foe.block if foe else None),
                           (False, unit.column), _unformed_moves)
    return _remembered(state, unit, (unit.block,),
                       (True, unit.column, unit.files, unit.ranks), _phalanx_moves)


def side_ends(state: State, side: str) -> list[Block]:
    """Every block whose gaps a commander weighing the menus of ``side``'s units free to
    move will ask for: their ends (the menus built now, to be reused when each unit's
    turn comes) and their blocks. For :meth:`~.state.State.prefetch_gaps`: pure speed."""
    blocks: list[Block] = []
    for u in state.present(side):
        if movable(state, u) and not state.in_melee(u):
            blocks.extend(p.end for p in _menu(state, u))
            blocks.append(u.block)
    return blocks


def _remembered(state: State, unit: Unit, blocks: tuple[Block | None, ...],
                values: tuple[object, ...],
                build: Callable[[State, Unit], list[Plan]]) -> list[Plan]:
    """``build(state, unit)``, the menu before the legality checks, remembered per unit
    while what it is built from stays put: the same block objects (compared by
    identity: blocks are immutable) and the same ``values``. About half the menus are
    asked again of a unit that has not moved (the table's terrain never changes)."""
    found = state.menu_memo.get(unit.id)
    if found is not None:
        (old_blocks, old_values), plans = found
        if old_values == values and all(a is b for a, b in zip(old_blocks, blocks,
                                                                strict=True)):
            return list(plans)
    plans = build(state, unit)
    state.menu_memo[unit.id] = ((blocks, values), plans)
    return list(plans)


def keep_rules(state: State, unit: Unit, plans: list[Plan]) -> list[Plan]:
    """Drop the moves that break the distance rules."""
    if not plans:
        return plans
    enemies = state.foes(unit.side)[0]
    if not enemies:
        return plans
    keep_off = state.rules.keep_off
    limit = allied_limit(state, unit)
    # only the enemies near enough to the unit and its moves' ends can forbid an end:
    # within 3" (Sequence 2), within the zone of a phalanx (Movement 2), or closer than
    # the allies' limit (Movement 3); the others' distances are never measured
    reach = max(keep_off, state.rules.phalanx_zone if unit.unformed else 0.0)
    if limit is not None:
        limit = min(limit, float(state.gaps(unit.side, [unit.block])[0].min()))
        reach = max(reach, limit)
    columns, both = state.gaps_near(unit.side, [*(p.end for p in plans), unit.block], reach)
    new, old = both[:-1], both[-1]
    # Monk's Corner, Sequence 2: never closer than 3" to an enemy (nor closer still)
    floor = np.minimum(keep_off, old) - EPSILON
    ok = np.all(new >= floor, axis=1)
    # Monk's Corner, Movement 3: allies advance no closer than the leader's phalanxes
    if limit is not None and columns:
        ok &= new.min(axis=1) >= limit - EPSILON
    # Sequence 2 holds along the whole move, not only where it ends: a move may not pass
    # closer than 3" to an enemy (or closer than it already was) on its way; only the
    # enemies whose bounds come that near the path (the spatial index) can forbid it
    # (an enemy farther than ``reach`` from the unit: 3")
    good: list[bool] = ok.tolist()
    beyond = keep_off - EPSILON
    floors = dict(zip(columns, floor.tolist(), strict=True))
    grid = state.foe_grid(unit.side)
    for i, p in enumerate(plans):
        if good[i] and not _path_keeps_off(p.path, [
                (b, f, b.bounds) for j in grid.candidates(p.path.bounds, beyond)
                if (f := floors.get(j, beyond)) > 0.0 for b in (enemies[j].block,)]):
            good[i] = False
    if not unit.unformed:
        return [p for p, g in zip(plans, good, strict=True) if g]
    # zones: only a formed phalanx closer than the zone can forbid an end (the zone
    # distance is never less than the edge distance)
    near: list[list[bool]] = (new < state.rules.phalanx_zone).tolist()
    return [p for i, p in enumerate(plans) if good[i] and (
        not any(near[i]) or clear_of_phalanx_zones(
            state, unit, p.end, [enemies[j] for j, n in zip(columns, near[i], strict=True)
                                 if n]))]


def allied_limit(state: State, unit: Unit) -> float | None:
    """Monk's Corner, Movement 3: the closest the alliance leader's phalanxes are to the
    enemy, which an allied phalanx may not come closer than (None: rule not in play).
    By default every phalanx on the table counts, formed or not (the rule lapses once the
    leader has none left); with ``allies_follow_unformed=false`` only formed phalanxes set
    the limit or are held by it, and it lapses once the leader has no formed phalanx."""
    leader = state.leaders.get(unit.side, "")
    if not unit.is_phalanx or not leader or unit.contingent == leader:
        return None
    if unit.unformed and not state.opts.allies_follow_unformed:
        return None
    return state.memo(("allied limit", unit.side), lambda: _leaders_gap(state, unit.side))


def _leaders_gap(state: State, side: str) -> float | None:
    leader = state.leaders.get(side, "")
    every = state.opts.allies_follow_unformed
    leading = [u for u in state.present(side) if u.is_phalanx and u.contingent == leader
               and (every or u.formed)]
    if not leading:
        return None
    return min(state.nearest_enemy(u)[1] for u in leading)


def _path_keeps_off(path: Path, guards: Sequence[tuple[Block, float, Bounds]]) -> bool:
    """The swept area of ``path`` stays at least ``f`` inches from each enemy block of
    ``guards`` (block, f > 0, its bounds) (Sequence 2). Shapely is consulted only for
    enemies whose bounds come that close and the separating axes leave in doubt."""
    if len(path.steps) < 2 and path.move is None:
        return True
    x0, y0, x1, y1 = path.bounds
    near = [(b, f) for b, f, q in guards  # bounds_meet(path.bounds, q, f)
            if not (x0 >= q[2] + f or q[0] >= x1 + f or y0 >= q[3] + f or q[1] >= y1 + f)]
    if path.move is None:  # settled by the separating axes, else by shapely
        doubtful = []
        for b, f in near:
            gap, complete = hull_gaps(path, b, enough=f + 2.0 * SURE)
            if complete < -SURE:  # it overlaps b (a complete set of axes): 0 < f
                return False
            if gap < f + SURE:
                doubtful.append((b, f))
        near = doubtful
    if not near:
        return True
    swept = path.swept()
    return all(float(shapely.distance(swept, b.polygon)) >= f for b, f in near)


def clear_of_phalanx_zones(state: State, unit: Unit, end: Block,
                           enemies: Sequence[Unit] | None = None) -> bool:
    """Monk's Corner, Movement 2 and Sequence 5: unformed troops may not come closer than
    3" (``Rules.phalanx_zone``) to the front or left flank of an enemy (formed) phalanx,
    measured straight out (``enemies``: the ones to check, if not all)."""
    return PhalanxZones.of(state, unit, enemies).clear(end)


@attrs.define
class PhalanxZones:
    """The 3" front and left-flank zones of formed enemy phalanxes (Movement 2, Sequence 5)
    for a unit starting at ``start``: a unit already closer may move, but not get closer
    still. The start's zone distances are worked out once per phalanx and aspect, when
    first needed, so one object checks many ends of the same unit."""

    start: Block
    phalanxes: list[Block]
    zone: float  # Rules.phalanx_zone
    _before: dict[tuple[int, Aspect], float] = attrs.field(factory=dict, init=False)

    @classmethod
    def of(cls, state: State, unit: Unit,
           enemies: Sequence[Unit] | None = None) -> PhalanxZones:
        if enemies is None:
            enemies = state.present(state.enemy_of(unit.side))
        return cls(unit.block, [e.block for e in enemies if not e.unformed],
                   state.rules.phalanx_zone)

    def clear(self, end: Block) -> bool:
        """``end`` comes no closer than the zone (3") to any phalanx's front or left flank
        (nor closer than the start)."""
        x0, y0, x1, y1 = end.bounds
        zone = self.zone
        for i, p in enumerate(self.phalanxes):
            # the zone distance is never less than the edge distance, which is never less
            # than the gap between the bounding boxes: a box the zone away settles it
            q = p.bounds
            if max(q[0] - x1, x0 - q[2], q[1] - y1, y0 - q[3]) >= zone:
                continue
            for aspect in (Aspect.FRONT, Aspect.LEFT):
                now = p.zone_distance(end, aspect)
                if now < zone - EPSILON and now < self._start(i, aspect) - EPSILON:
                    return False
        return True

    def _start(self, i: int, aspect: Aspect) -> float:
        before = self._before.get((i, aspect))
        if before is None:
            before = self._before[(i, aspect)] = \
                self.phalanxes[i].zone_distance(self.start, aspect)
        return before


# -- the menus ----------------------------------------------------------------------------
def _withdrawals(state: State, unit: Unit) -> list[Plan]:
    """Monk's Corner, Movement 1: a 6" withdrawal straight away from the enemy in contact."""
    b = unit.block
    foes = state.contacts(unit)
    cx = sum(f.block.centre[0] for f in foes) / len(foes)
    cy = sum(f.block.centre[1] for f in foes) / len(foes)
    away = bearing((cx, cy), b.centre)
    distance = state.rules.withdrawal
    end = _shifted(b, away, distance)
    return [Plan(Order("withdraw", distance), Path((b, end)), unit.column)]


def _shifted(block: Block, towards: float, distance: float, facing: float | None = None) -> Block:
    r = math.radians(towards)
    cx, cy = block.centre
    c = (cx + distance * math.sin(r), cy + distance * math.cos(r))
    face = block.facing if facing is None else facing
    fx, fy = heading(face)  # as Block.centred, on the block's own bases
    half = block.ranks * block.base_depth / 2.0
    return block.derived(c[0] + fx * half, c[1] + fy * half, face, block.files, block.ranks)


def _unformed_moves(state: State, unit: Unit) -> list[Plan]:
    """Monk's Corner, Movement 2: unformed troops move 12" in clear, 6" in rough, in any
    direction; they turn freely and end facing the nearest enemy."""
    b = unit.block
    foe, _ = state.nearest_enemy(unit)
    base = bearing(b.centre, foe.block.centre) if foe else b.facing
    rules = state.rules
    rough_start = start_in_rough(state.table, b)
    full = rules.unformed_rough if rough_start else rules.unformed_move
    plans = []
    # as _shifted(b, base + off, d, face), the turned block built once: its centre
    # before turning is worked out with the arithmetic of Block.centre
    cx, cy = b.centre
    half = b.ranks * b.base_depth / 2.0
    fx0, fy0 = heading(b.facing)
    target = foe.block.centre if foe else None
    for off in rules.unformed_bearings:
        r = math.radians(base + off)
        sin_r, cos_r = math.sin(r), math.cos(r)
        for d in (full * part for part in rules.unformed_steps):
            x, y = cx + d * sin_r, cy + d * cos_r
            if target is not None:
                moved = ((x + fx0 * half) - fx0 * half, (y + fy0 * half) - fy0 * half)
                face = bearing(moved, target)
            else:
                face = b.facing
            fx, fy = heading(face)
            end = b.derived(x + fx * half, y + fy * half, face, b.files, b.ranks)
            path = Path(sequence_blocks((b, end)))
            if d > rules.unformed_rough and path_in_rough(state.table, path):
                continue  # in rough ground only 6"
            plans.append(Plan(Order("move", d, off), path, unit.column))
    if foe is not None:
        face = bearing(b.centre, foe.block.centre)
        if abs(((face - b.facing + 180.0) % 360.0) - 180.0) > 1.0:
            end = _shifted(b, 0.0, 0.0, face)
            plans.append(Plan(Order("face"), Path((b, end)), unit.column))
    return plans


def _phalanx_moves(state: State, unit: Unit) -> list[Plan]:
    """Monk's Corner, Phalanxes 2 and Movement 3: a line advances or about-faces and moves
    up to 6" (2", 4" or 6"), or forms column facing 90 degrees and marches up to 12" (0",
    6" or 12"; or 6" and faces back into line); a column's head wheels up to 90 degrees
    (45 or 90) and marches up to 9" (3", 6" or 9"); a 6 x 6 phalanx wheels as a column but
    marches up to 6" (2", 4" or 6"). In rough ground the distance is 1d6"."""
    b = unit.block
    rules = state.rules
    builders: list[tuple[Order, bool, Callable[[float], Path]]] = []

    def advance(d: float) -> Path:
        return Path(sequence_blocks((b, b.advanced(d))))

    quarter = rules.column_face
    if not unit.column:
        for d in rules.line_steps:
            builders.append((Order("advance", d), False, advance))
        about = b.faced(rules.about_face)

        def about_face(d: float) -> Path:
            return Path(sequence_blocks((b, about, about.advanced(d))))

        builders.append((Order("about face"), False, about_face))
        for d in rules.line_steps:  # "about face 180 degrees and move 6"": up to 6"
            builders.append((Order("about face", d), False, about_face))
        for side in (-quarter, quarter):
            turned = b.faced(side)
            for d in rules.column_steps:  # forming column, then up to 12"
                builders.append((Order("column", d, side), True,
                                 _column_march(b, turned, 0.0)))
            for then in (-side, side):  # "6" and face 90 degrees": either way
                builders.append((Order("column", rules.column_then_move, side, then), False,
                                 _column_march(b, turned, then)))
        if unit.files == unit.ranks == rules.square:  # a 6 x 6 phalanx wheels as a column
            for angle in rules.wheels:
                wheel = _head_wheel(b, angle)
                for d in rules.square_steps:  # up to 6"
                    builders.append((Order("wheel", d, angle), False, wheel))
    else:
        for d in rules.column_steps[1:]:
            builders.append((Order("advance", d), True, advance))
        for angle in rules.wheels:
            wheel = _head_wheel(b, angle)
            for d in rules.wheel_steps:  # "wheel up to 90 degrees and move 9"": up to 9"
                builders.append((Order("wheel", d, angle), True, wheel))
        for side in (-quarter, quarter):
            builders.append((Order("line", 0.0, side), False, _into_line(b, side)))
            builders.append((Order("line", rules.column_then_move, side), False,
                             _into_line(b, side)))
    plans = []
    rough_start = start_in_rough(state.table, b)
    for order, column, build in builders:
        path = build(order.distance)
        rough = rough_start or path_in_rough(state.table, path)
        plans.append(Plan(order, path, column, rough and order.distance > 0.0, build))
    return plans


def _into_line(b: Block, side: float) -> Callable[[float], Path]:
    def build(d: float) -> Path:
        marched = b.advanced(d)
        return Path(sequence_blocks((b, marched, marched.faced(side))))

    return build


def _column_march(b: Block, turned: Block, then: float) -> Callable[[float], Path]:
    def build(d: float) -> Path:
        marched = turned.advanced(d)
        steps = [b, turned, marched]
        if then:
            steps.append(marched.faced(then))
        return Path(sequence_blocks(steps))

    return build


def _head_wheel(b: Block, angle: float) -> Callable[[float], Path]:
    def build(d: float) -> Path:
        r = math.radians(b.facing + angle)
        head = (b.x + d * math.sin(r), b.y + d * math.cos(r))
        return Path((b,), b.march([head]))

    return build
