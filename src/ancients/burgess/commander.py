"""The doctrine commander: how an ancient army fought under these rules. Missile troops
shoot and keep their range, out of the enemy's charge; heavy infantry closes to the edge
of the enemy's reach and charges what it can beat; cavalry and chariots ride for flanks,
rears, skirmishers and engines and keep off elephants; elephants lead, charging the
nearest foot; war engines stand and shoot. Every decision kind has its handler
(:data:`HANDLERS`)."""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping

import attrs

from ancients.battle import Battle, Decision
from ancients.burgess import ground, works
from ancients.burgess.battle import BurgessBattle
from ancients.burgess.charges import ChargePlan
from ancients.burgess.decisions import HOLD_FIRE, NO, NO_CHARGE, YES, Kind, Respond, Shoot
from ancients.burgess.fire import in_reach
from ancients.burgess.ground import cover
from ancients.burgess.melee import ChargeResponse, fighter
from ancients.burgess.missiles import Cover, Shot, aim, engine_points, fire_arc
from ancients.burgess.moves import Plan
from ancients.burgess.state import Piece, State, Work
from ancients.burgess.troops import Arm, TroopClass, Weight
from ancients.tabletop import EPSILON, Aspect, Block, angle_difference, bearing

__all__ = ["HANDLERS", "DoctrineCommander", "melee_chance"]

Handler = Callable[["DoctrineCommander", State, Decision], Hashable]


def _role(state: State, p: Piece) -> str:
    """missile, foot, horse, beast or engine."""
    if p.engine:
        return "engine"
    arm = state.arm(p)
    if arm is Arm.ELEPHANTS:
        return "beast"
    if p.unit.mounted_bowmen:
        return "missile"
    if arm in (Arm.CAVALRY, Arm.CHARIOTS):
        return "horse"
    if state.rules.troops[p.troop].weight is Weight.LIGHT and p.unit.weapon is not None:
        return "missile"
    return "foot"


def _move(state: State, p: Piece) -> float:
    return float(state.rules.troops[p.troop].move)


def melee_chance(state: State, mine: Piece, theirs: Piece, impetus: bool = False) -> float:
    """The chance (normal approximation) that ``mine`` beats ``theirs`` in a round of
    ordinary melee, ``mine`` with ``impetus``."""
    if mine.unit.armour is None or theirs.unit.armour is None:
        return 0.5
    r = state.rules.melee
    a = fighter(mine.unit, impetus=impetus, rules=r)
    b = fighter(theirs.unit, rules=r)
    mu = 3.5 * (a.dice - b.dice) + a.bonus - b.bonus
    var = 35.0 / 12.0 * (a.dice + b.dice)
    if var <= 0:
        return 0.5
    return 0.5 * (1.0 + math.erf(mu / math.sqrt(2.0 * var)))


def _expected_hits(shot: Shot) -> float:
    """The mean of a shot's hits, in floats (the exact odds are for the docs)."""
    less = shot.deduct + shot.less
    per_group = sum(max(f - less, 0) for f in range(1, shot.sides + 1)) / shot.sides
    single = float(shot.single.probability(-shot.less)) * shot.single_points
    return float(shot.factor) * (shot.groups * per_group + shot.singles * single)


def _near(a: Block, b: Block, reach: float) -> bool:
    """The bounding boxes of ``a`` and ``b`` come within ``reach`` (a cheap first cut)."""
    p, q = a.bounds, b.bounds
    return not (p[0] > q[2] + reach or q[0] > p[2] + reach or p[1] > q[3] + reach
                or q[1] > p[3] + reach)


def _nearest(block: Block, pieces: list[Piece]) -> Piece:
    """The piece whose block is nearest ``block`` edge to edge (the first of equals):
    measured exactly only where the centres' distance less both blocks' radii could
    beat the best so far."""
    def radius(b: Block) -> float:
        return math.hypot(b.frontage, b.depth) / 2.0

    mine = radius(block)
    cx, cy = block.centre
    best, best_d = pieces[0], math.inf
    for e in pieces:
        ex, ey = e.block.centre
        if math.hypot(ex - cx, ey - cy) - mine - radius(e.block) >= best_d:
            continue
        d = block.distance(e.block)
        if d < best_d:
            best, best_d = e, d
    return best


def _geometry(work: Work) -> object | None:
    """A defence's shape on the table: a building's area, a wall's line."""
    return work.area.polygon if work.area is not None else \
        work.line.line if work.line is not None else None


def _sees(state: State, p: Piece, at: Block, target: Piece) -> bool:
    """``p`` standing at ``at`` would have ``target`` in its line of fire (Missile fire
    B: the line of fire of :func:`ancients.burgess.ground.line_of_fire`, in which ``p``
    where it stands now is not in its own way)."""
    behind = float(state.rules.fire.indirect_behind)
    fb, tb = at.bounds, target.block.bounds
    box = (min(fb[0], tb[0]), min(fb[1], tb[1]), max(fb[2], tb[2]), max(fb[3], tb[3]))
    blocks = [q.block for q in state.near(box) if q is not p and q is not target and
              not (q.side == p.side and at.distance(q.block) >= behind - EPSILON)]
    return state.table.line_of_sight(at, target.block, blocks, hills_block=False,
                                     see_into=state.rules.table.sight_into)


def _fires_after(state: State, p: Piece, plan: Plan) -> bool:
    """``p`` may still fire this turn after ``plan`` (Movement F, as ``moves.make_move``
    reads it: an engine that moves, or turns under ``pivot=move``, may not)."""
    if plan.order.kind == "hold":
        return True
    moved = plan.inches > EPSILON or (plan.order.kind == "turn" and state.opts.pivot == "move")
    if not moved:
        return True
    if plan.allowance is not None:
        return plan.allowance.may_fire
    return p.troop not in state.rules.movement.engines or \
        state.rules.movement.engines_fire_after_moving


_SHELTER = (Cover.HEDGE, Cover.WALL, Cover.FENCE, Cover.BUILDING)


def _sheltered(state: State, p: Piece, block: Block, foes: list[Piece]) -> bool:
    """The piece at ``block`` would be behind a hedge, wall or fence or in a building
    from the nearest enemy (Method of fire; Hand to hand B)."""
    near = _nearest(block, foes)
    what_if = attrs.evolve(p, block=block)  # a copy: tells the state nothing
    return cover(state, what_if, near.block.centre) in _SHELTER


def _flank_points(state: State, p: Piece, foes: list[Piece]) -> list[tuple[tuple[float, float],
                                                                            float]]:
    """The points beside the flanks of the enemies cavalry makes for, each with its
    weight (less: nearer in effect): those already fighting and skirmishers and engines
    first; no elephant's unless the horses are stabled with them."""
    out = []
    for e in foes:
        if e.running:
            continue
        if e.troop is TroopClass.ELEPHANTS and not p.unit.stabled_with_elephants:
            continue
        eb = e.block
        weight = 0.6 if state.in_melee(e) else 1.0
        if _role(state, e) in ("missile", "engine"):
            weight *= 0.8
        for right in (-1.0, 1.0):
            out.append((eb.world(right * (eb.frontage / 2.0 + 1.5), -eb.depth / 2.0), weight))
    return out


class _Points:
    """The flank points by cells of :attr:`CELL` inches, for the least weighted distance
    from a point (:meth:`least`): searched ring after ring of cells outward, stopping
    when no point unseen could beat the best found; the same minimum as measuring every
    point (a minimum of the same products, whatever their order)."""

    CELL = 12.0
    #: up to this many points, every one is measured (cheaper than the cells)
    FEW = 16

    def __init__(self, points: list[tuple[tuple[float, float], float]]) -> None:
        self.points = points
        self.low = min((w for _, w in points), default=1.0)
        self.cells: dict[tuple[int, int], list[tuple[float, float, float]]] = {}
        c = self.CELL
        for (x, y), w in points:
            self.cells.setdefault((math.floor(x / c), math.floor(y / c)), []).append((x, y, w))
        keys = list(self.cells)
        self.extent = (min((k[0] for k in keys), default=0), min((k[1] for k in keys), default=0),
                       max((k[0] for k in keys), default=0), max((k[1] for k in keys), default=0))

    def least(self, cx: float, cy: float) -> float:
        """The least ``hypot`` from (cx, cy) to a point times its weight (inf: none)."""
        best = math.inf
        if len(self.points) <= self.FEW:
            for (x, y), weight in self.points:
                best = min(best, math.hypot(cx - x, cy - y) * weight)
            return best
        c = self.CELL
        kx, ky = math.floor(cx / c), math.floor(cy / c)
        x0, y0, x1, y1 = self.extent
        last = max(kx - x0, ky - y0, x1 - kx, y1 - ky, 0)
        cells = self.cells
        r = 0
        while True:
            ring = [(kx, ky)] if r == 0 else (
                [(i, ky - r) for i in range(kx - r, kx + r + 1)]
                + [(i, ky + r) for i in range(kx - r, kx + r + 1)]
                + [(kx - r, j) for j in range(ky - r + 1, ky + r)]
                + [(kx + r, j) for j in range(ky - r + 1, ky + r)])
            for key in ring:
                for x, y, weight in cells.get(key, ()):
                    best = min(best, math.hypot(cx - x, cy - y) * weight)
            # a point beyond ring r is more than r cells' width away along an axis
            if r >= last or best < r * c * self.low - 1e-6:
                return best
            r += 1


class DoctrineCommander:
    """Plays the way ancient armies fought, in Burgess terms (module docstring)."""

    def __init__(self) -> None:
        #: the enemies near enough to threaten the unit being moved, and the flank points
        #: cavalry makes for (worked out once a decision, for every plan of it)
        self._local: list[Piece] = []
        #: the enemies of ``_local`` that could charge the unit (:meth:`_chargers`), for
        #: that list and unit, with their charges' weights as worked out
        self._chargers_of: tuple[list[Piece] | None, str, list[tuple[Piece, float]],
                                 dict[int, float]] = (None, "", [], {})
        self._flank_points = _Points([])
        #: the side of the unit being moved, its enemies and their elephants
        self._side = ""
        self._foes: list[Piece] = []
        self._elephants: list[Piece] = []
        self._elephant_reach = 0.0  # the farthest an elephant's danger reaches
        self._kept_points: tuple[State, str, tuple[int, int, bool], list[Piece],
                                 _Points] | None = None

    def decide(self, battle: Battle, decision: Decision) -> Hashable:
        assert isinstance(battle, BurgessBattle)
        return HANDLERS[Kind(decision.kind)](self, battle.state, decision)

    # -- charges ----------------------------------------------------------------------
    def _charge(self, state: State, decision: Decision) -> Hashable:
        unit = state.by_id[decision.unit or ""]
        best: Hashable = NO_CHARGE
        value = 0.0
        for option in decision.options:
            plan = state.menu.get(option)
            if not isinstance(plan, ChargePlan):
                continue
            v = self._charge_worth(state, unit, state.by_id[plan.target], plan)
            if v > value:
                best, value = option, v
        return best

    def _charge_worth(self, state: State, me: Piece, target: Piece, plan: ChargePlan) -> float:
        role = _role(state, me)
        t_arm = state.arm(target)
        if target.running:
            return 6.0
        if target.engine:
            return 5.0
        flank = plan.aspect is not Aspect.FRONT
        foes = state.present(state.enemy_of(me.side))
        if _sheltered(state, me, me.block, foes) and not flank:
            return 0.0  # a defender does not leave its wall or house to charge
        if role == "missile":
            return 2.0 if flank and t_arm is Arm.INFANTRY and _role(state, target) == "missile" \
                else 0.0
        if role == "beast":
            if t_arm is Arm.INFANTRY or t_arm is Arm.CAVALRY:
                return 3.0
            return 1.0
        if target.troop is TroopClass.ELEPHANTS:
            if state.arm(me) is Arm.CAVALRY and not me.unit.stabled_with_elephants:
                return 0.0
            groups = state.rules.troops.volley_groups(state.rules.troops.fighting_figures(
                me.unit))[0]
            return 2.0 if groups >= 3 else 0.0
        if me.troop is TroopClass.CHARIOTS:
            if t_arm is Arm.INFANTRY and state.rules.troops.depth(target.unit) < 2:
                return 3.0
            return 2.5 if flank else (1.0 if t_arm is Arm.CAVALRY else 0.0)
        if target.troop is TroopClass.CHARIOTS:
            return 1.5
        chance = melee_chance(state, me, target, plan.inches < plan.allowance)
        bonus = 2.0 if flank else 0.0
        if target.shaken:
            bonus += 1.0
        if role == "horse" and t_arm is Arm.INFANTRY and not flank and \
                target.unit.spearmen and state.rules.troops.depth(target.unit) >= 2:
            bonus -= 1.0
        need = 0.45 if role == "foot" else 0.55
        worth = chance - need + bonus
        return worth if worth > 0 else 0.0

    def _respond(self, state: State, decision: Decision) -> Hashable:
        unit = state.by_id[decision.unit or ""]
        charger = state.by_id.get(decision.target or "")
        options = [o.response for o in decision.options if isinstance(o, Respond)]
        role = _role(state, unit)
        strong = charger is not None and melee_chance(state, unit, charger) >= 0.45
        if role in ("missile", "engine") or (role == "horse" and not strong):
            for want in (ChargeResponse.FIRE_AND_EVADE, ChargeResponse.EVADE):
                if want in options:
                    return Respond(want)
        for want in (ChargeResponse.HOLD_AND_FIRE, ChargeResponse.HOLD):
            if want in options:
                return Respond(want)
        return decision.options[0]

    # -- movement -----------------------------------------------------------------------
    def _move(self, state: State, decision: Decision) -> Hashable:
        unit = state.by_id[decision.unit or ""]
        plans = [p for o in decision.options if isinstance(p := state.menu.get(o), Plan)]
        if not plans:
            return decision.options[0]
        foes = state.present(state.enemy_of(unit.side))
        if not foes:
            return plans[0].order
        role = _role(state, unit)
        score = {"missile": self._skirmish_score, "foot": self._foot_score,
                 "horse": self._horse_score, "beast": self._beast_score,
                 "engine": self._engine_score}[role]
        if unit.shaken:
            score = self._skirmish_score
        # only enemies within reach of where the unit may end can threaten it there
        enemy = state.enemy_of(unit.side)
        fastest: float = state.steady(("fastest", enemy), lambda: max(
            _move(state, e) for e in foes))  # (who is there decides it)
        reach = _move(state, unit) * 2.0 + fastest + 2.0
        self._local = state.near(unit.block.bounds, reach, enemy)  # in table order
        self._side, self._foes = unit.side, foes
        self._elephants, self._flank_points = self._enemy_points(state, unit, foes)
        self._elephant_reach = max((_move(state, e) for e in self._elephants),
                                   default=0.0) + 1.0
        if _sheltered(state, unit, unit.block, foes):  # a defender keeps its wall or house
            return min(plans, key=lambda p: (not _sheltered(state, unit, p.end, foes),
                                             score(state, unit, p, foes))).order
        best = min(plans, key=lambda p: score(state, unit, p, foes))
        return best.order

    def _enemy_points(self, state: State, unit: Piece, foes: list[Piece]
                      ) -> tuple[list[Piece], _Points]:
        """The enemies' elephants and the flank points ``unit`` makes for, worked out
        again only when an enemy has changed or a contact has been made or broken (they
        depend on nothing else: the unit's side moves through its movement phase)."""
        enemy = state.enemy_of(unit.side)
        key = (state.side_version(enemy), state.settled().changes,
               unit.unit.stabled_with_elephants)
        kept = self._kept_points
        if kept is not None and kept[0] is state and kept[1] == enemy and kept[2] == key:
            return kept[3], kept[4]
        elephants = [e for e in foes if e.troop is TroopClass.ELEPHANTS]
        points = _Points(_flank_points(state, unit, foes))
        self._kept_points = (state, enemy, key, elephants, points)
        return elephants, points

    def _nearest(self, state: State, block: Block,
                 accept: Callable[[Piece], bool] | None = None) -> Piece:
        """The enemy of the decision nearest ``block`` edge to edge (the first of equals
        in table order) that ``accept`` takes, or of them all if it takes none: through
        the state's spatial index of the enemies."""
        grid, every = state.foe_index(self._side), state.pieces
        found = None if accept is None else grid.nearest(block, lambda i: accept(every[i]))
        if found is None:
            found = grid.nearest(block)
        return self._foes[0] if found is None else every[found[1]]

    def _threat(self, state: State, p: Piece, plan: Plan, foes: list[Piece]) -> float:
        """Enemies (not running, not engines) that could charge the plan's end next turn,
        weighted by how they would fare."""
        end = plan.end
        arc = state.rules.table.charge_arc
        risk = 0.0
        for i, (e, reach) in enumerate(self._chargers(state, p)):
            if not _near(end, e.block, reach) or end.distance(e.block) > reach:
                continue
            if not e.block.in_arc(end, arc):
                continue
            risk += self._charge_weight(state, p, e, i)
        return risk

    def _chargers(self, state: State, p: Piece) -> list[tuple[Piece, float]]:
        """The enemies near (``_local``) that could charge ``p`` next turn, each with its
        reach: found once a decision (nothing moves while its plans are scored)."""
        if self._chargers_of[0] is not self._local or self._chargers_of[1] != p.id:
            found = [(e, _move(state, e) + 0.5) for e in self._local
                     if not (e.running or e.engine or state.in_melee(e))]
            self._chargers_of = (self._local, p.id, found, {})
        return self._chargers_of[2]

    def _charge_weight(self, state: State, p: Piece, e: Piece, i: int) -> float:
        """What the charge of the ``i``-th of :meth:`_chargers` weighs: more the likelier
        it beats ``p`` (worked out on first need, once a decision)."""
        weights = self._chargers_of[3]
        w = weights.get(i)
        if w is None:
            w = weights[i] = 1.0 + (1.0 - melee_chance(state, p, e)) \
                if p.unit.armour is not None else 1.5
        return w

    def _foot_score(self, state: State, p: Piece, plan: Plan, foes: list[Piece]) -> float:
        """Close on the nearest formed enemy, square to it; stop at the edge of the reach
        of enemies it would lose to, else go in."""
        end = plan.end
        near = self._nearest(state, end, lambda e: not e.running)  # formed, if any
        gap = end.distance(near.block)
        off = abs(angle_difference(end.facing, bearing(end.centre, near.block.centre)))
        want = 0.5
        if melee_chance(state, p, near) < 0.5 and not near.engine:
            want = _move(state, near) + 0.75
        return abs(gap - want) + off / 20.0 + 2.0 * self._threat(state, p, plan, foes) * (
            want > 0.5)

    def _skirmish_score(self, state: State, p: Piece, plan: Plan, foes: list[Piece]) -> float:
        """Keep within medium range of the nearest enemy, outside every charge, facing it;
        mounted bowmen ride in and shoot where they can."""
        end = plan.end
        near = self._nearest(state, end)
        gap = end.distance(near.block)
        weapon = p.unit.weapon
        want = 8.0
        if weapon is not None:
            ranges = state.rules.fire.ranges[weapon]
            want = float(min(ranges.values(), key=lambda x: abs(float(x) - 10.0)))
        off = abs(angle_difference(end.facing, bearing(end.centre, near.block.centre)))
        shoot = -6.0 if plan.order.kind == "skirmish" else 0.0
        if p.shaken:
            want = 20.0
        return abs(gap - want) / 2.0 + off / 30.0 + 6.0 * self._threat(state, p, plan, foes) \
            + shoot

    def _horse_score(self, state: State, p: Piece, plan: Plan, foes: list[Piece]) -> float:
        """Make for the flanks and rears of enemy foot (first those already fighting),
        skirmishers and engines; keep out of elephants' way and off formed spearmen's
        fronts."""
        end = plan.end
        cx, cy = end.centre
        best = self._flank_points.least(cx, cy)
        if best == math.inf:
            best = end.distance(self._nearest(state, end).block)
        return best + 3.0 * self._threat(state, p, plan, foes) + self._danger(state, p, end)

    def _danger(self, state: State, p: Piece, end: Block) -> float:
        """8 for each enemy elephant within its move and an inch of ``end`` (none for
        horses stabled with elephants): looked for only among the enemies the state's
        index finds that near."""
        danger = 0.0
        if self._elephants and not p.unit.stabled_with_elephants:
            for e in state.near(end.bounds, self._elephant_reach + EPSILON,
                                state.enemy_of(p.side)):
                if e.troop is TroopClass.ELEPHANTS and \
                        end.distance(e.block) < _move(state, e) + 1.0:
                    danger += 8.0
        return danger

    def _beast_score(self, state: State, p: Piece, plan: Plan, foes: list[Piece]) -> float:
        """Elephants lead: straight at the nearest enemy foot or horse."""
        end = plan.end
        near = self._nearest(state, end, lambda e: state.arm(e) in (
            Arm.INFANTRY, Arm.CAVALRY) and not e.running)  # foot or horse, if any
        off = abs(angle_difference(end.facing, bearing(end.centre, near.block.centre)))
        return end.distance(near.block) + off / 20.0

    def _engine_score(self, state: State, p: Piece, plan: Plan, foes: list[Piece]) -> float:
        """Engines come up into range, then stand and shoot: of holding, turning and
        advancing, the plan whose shots are worth most this turn (none after a move that
        forbids firing) and next from where it ends; with nothing worth a shot within
        reach, the advance that brings it nearest an enemy or a defence sheltering one;
        out of the charges of the enemies; holding rather than turning on equal worth."""
        kind = plan.order.kind
        if kind not in ("hold", "turn", "advance") or plan.double:
            return 100.0
        end = plan.end
        worth = self._best_shot(state, p, end)
        now = worth if _fires_after(state, p, plan) else 0.0
        gap = self._engine_gap(state, p, end) if worth <= 0.0 else 0.0
        return -(now + worth) + gap / 100.0 + self._threat(state, p, plan, foes) \
            + (0.001 if kind == "turn" else 0.0)

    def _best_shot(self, state: State, p: Piece, at: Block) -> float:
        """The worth of the best shot ``p`` could make standing at ``at``: at an enemy in
        its reach, arc and line of fire, or at a face of a defence sheltering one."""
        weapon = p.unit.weapon
        if weapon is None:
            return 0.0
        best = 0.0
        arc = fire_arc(weapon, state.rules.fire)
        reach = arc.reach
        for e in state.near(at.bounds, reach + EPSILON, state.enemy_of(p.side)):
            if state.in_melee(e) or at.distance(e.block) > reach or not at.in_arc(e.block, arc):
                continue
            if _sees(state, p, at, e):
                best = max(best, self._shot_worth(state, p, Shoot(e.id), at))
        for w in state.works:
            geom = _geometry(w)
            if w.destroyed or geom is None or at.distance(geom) > reach:
                continue
            if any(works.shelters(state, w, e) for e in self._foes):
                face = ground.face_toward(w, at.front_centre)
                best = max(best, self._shot_worth(state, p, Shoot(w.id, "batter", face), at))
        return best

    def _engine_gap(self, state: State, p: Piece, at: Block) -> float:
        """How far beyond its reach ``at`` leaves ``p`` from the nearest enemy or defence
        sheltering one."""
        weapon = p.unit.weapon
        reach = fire_arc(weapon, state.rules.fire).reach if weapon is not None else 0.0
        d = at.distance(self._nearest(state, at).block)
        for w in state.works:
            geom = _geometry(w)
            if not w.destroyed and geom is not None and \
                    any(works.shelters(state, w, e) for e in self._foes):
                d = min(d, at.distance(geom))
        return max(d - reach, 0.0)

    def _withdraw(self, state: State, decision: Decision) -> Hashable:
        """Fight on, unless outnumbered three to one by the enemy touching it."""
        unit = state.by_id[decision.unit or ""]
        theirs = sum(e.figures for e in state.contacts(unit))
        return YES if theirs >= 3 * unit.figures and YES in decision.options else NO

    # -- fire ------------------------------------------------------------------------------
    def _shoot(self, state: State, decision: Decision) -> Hashable:
        unit = state.by_id[decision.unit or ""]
        best: Hashable = HOLD_FIRE
        value = 0.0
        for option in decision.options:
            if not isinstance(option, Shoot) or not option.target:
                continue
            v = self._shot_worth(state, unit, option)
            if v > value:
                best, value = option, v
        return best

    def _shot_worth(self, state: State, unit: Piece, option: Shoot,
                    at: Block | None = None) -> float:
        """What a shot is worth, fired from ``at`` (default where the unit stands; from
        ``at``, a target the caller has found in reach):
        about its expected figures lost; an engine's at an engine three times its hits;
        battering a face that still shelters, three times its hits shared over those the
        breach needs (nothing once it is breached)."""
        b = at or unit.block
        if option.how == "batter":
            return self._batter_worth(state, unit, option, b)
        target = state.by_id.get(option.target)
        if option.how == "fire arrows":
            return 0.8 if target is not None and target.engine else 0.2
        if target is None or (at is None and not in_reach(state, unit, target)):
            return 0.0  # (from ``at``, the caller has found it in reach)
        d = b.distance(target.block)
        try:
            shot = aim(unit.unit, target.name, d, rules=state.rules.fire)
        except Exception:
            return 0.0
        mean = _expected_hits(shot)
        if shot.engine:
            if target.engine:
                return 3.0 * mean
            return mean * 1.5 + (2.0 if target.troop is TroopClass.ELEPHANTS else 0.0)
        if target.troop is TroopClass.ELEPHANTS:
            return mean / 5.0 * 2.0
        if target.unit.armour is None:
            return mean / 10.0
        fail = 1.0 - float(state.rules.troops.save(target.unit).probability())
        return mean / 5.0 * fail + (0.2 if target.running else 0.0)

    def _batter_worth(self, state: State, unit: Piece, option: Shoot, at: Block) -> float:
        """Battering a defence's face (Value of defences): three times the shot's
        expected hits over the hits its breach still needs; nothing once breached."""
        weapon = unit.unit.weapon
        work = next((w for w in state.works if w.id == option.target), None)
        if weapon is None or work is None or not 0 <= option.face < len(work.faces):
            return 0.0
        face = work.faces[option.face]
        geom = _geometry(work)
        if face.breached or geom is None:
            return 0.0
        r = state.rules.defences
        need = r.breach_lost * r.defences[face.defence].value - face.damage
        points = engine_points(weapon, r.fire)
        hits = max(math.ceil(need / points), 1)
        shot = aim(unit.unit, work.name, at.distance(geom), rules=state.rules.fire)
        return 3.0 * _expected_hits(shot) / hits

    def _yes(self, state: State, decision: Decision) -> Hashable:
        return YES if YES in decision.options else decision.options[0]


HANDLERS: Mapping[Kind, Handler] = {
    Kind.CHARGE: DoctrineCommander._charge,
    Kind.RESPOND: DoctrineCommander._respond,
    Kind.MOVE: DoctrineCommander._move,
    Kind.WITHDRAW: DoctrineCommander._withdraw,
    Kind.SHOOT: DoctrineCommander._shoot,
    Kind.RETURN_FIRE: DoctrineCommander._yes,
    Kind.FOLLOW: DoctrineCommander._yes,
}
