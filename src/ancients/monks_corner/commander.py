"""The doctrine commander: phalanxes advance in line and keep formation, light troops
skirmish and withdraw, horse covers the flanks and rides down unformed troops and the
rears of phalanxes."""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable

import attrs
import numpy as np

from ancients.battle import Battle, Decision
from ancients.monks_corner.battle import MonksCornerBattle
from ancients.monks_corner.decisions import Kind
from ancients.monks_corner.melee import (
    Charge,
    ChargePlan,
    Strike,
    allowance,
    may_volley,
    melee_dice,
    strike_order,
)
from ancients.monks_corner.missiles import Shoot, hit_number
from ancients.monks_corner.morale import TWO_RANKS, rout_path
from ancients.monks_corner.movement import Plan, side_ends
from ancients.monks_corner.phalanx import REFORM, STAY
from ancients.monks_corner.rules import Rules
from ancients.monks_corner.sequence import END, Pick
from ancients.monks_corner.state import State
from ancients.monks_corner.troops import Troop, Unit
from ancients.tabletop import (
    Arc,
    Aspect,
    Block,
    angle_difference,
    bearing,
)

__all__ = ["HANDLERS", "DoctrineCommander"]

_FRONT_ARC = Arc(45.0)
#: what losing formation costs a phalanx, in figures, when weighing a charge at horse
_FORMATION_WORTH = 4.0
#: inches beyond an enemy's contact move (Melee 1) the doctrine counts as within it
_MARGIN = 0.5
#: Blocks whose bounds are farther apart than this never touch (contact_edge grows the
#: other block by EPSILON).
_TOUCH = 1e-5
#: The enemies near a block: (place among the foes, edge-to-edge inches), in order.
Near = list[tuple[int, float]]
#: What a move's end is scored on besides the enemies near it: (measure, place among the
#: foes) of the enemy it closes on (the nearest of the kind its score looks for, the first
#: of equals).
Lead = tuple[float, int]
#: what a front-to-front clash lost by a figure's worth of hits costs a phalanx's move,
#: in inches of advance
_FRONT_WEIGHT = 4.0
#: what each formed friendly phalanx a rout would unform (:func:`_crowding`) costs a
#: phalanx's move, in inches of advance: less than a move, so the line still advances and
#: opens its intervals where it halts or steps aside
_INTERVAL_WEIGHT = 3.0
#: inches behind a phalanx's rear that horse make for
_BEHIND = 3.0
#: inches added to a search radius so that rounding never loses an enemy
_SLACK = 1e-6
_ORDER = {Troop.PHALANX: 1, Troop.HORSE: 2, Troop.MEDIUM: 3, Troop.LIGHT: 4}


class DoctrineCommander:
    """How a Greek army of the late fifth century fought, in Monk's Corner terms."""

    def decide(self, battle: Battle, decision: Decision) -> Hashable:
        assert isinstance(battle, MonksCornerBattle)
        state = battle.state
        return HANDLERS[Kind(decision.kind)](self, state, decision)

    def _ranks(self, state: State, decision: Decision) -> Hashable:
        """Morale 3: a phalanx down to one rank re-forms two deep: its rank bonus comes
        back, and a single rank lost is the whole phalanx."""
        return TWO_RANKS

    def _reform_choice(self, state: State, decision: Decision) -> Hashable:
        unit = state.by_id.get(decision.unit or "")
        return REFORM if unit is not None and self._reform(state, unit) else STAY

    def _reform(self, state: State, unit: Unit) -> bool:
        """Spartans out of melee (5 in 6) try; nobody gambles at even odds, since a
        failure puts the phalanx out of action for good (Phalanxes 3-4) while an unformed
        one still counts as standing."""
        return unit.spartan and not state.in_melee(unit)

    # -- movement ---------------------------------------------------------------------
    def _select(self, state: State, decision: Decision) -> Hashable:
        """Phalanxes first, then horse, medium and light foot; the leader's first."""
        picks = [o for o in decision.options if isinstance(o, Pick) and o.unit]
        if not picks:
            return END
        leader = state.leaders.get(decision.side, "")

        def rank(p: Pick) -> tuple[int, int, str]:
            u = state.by_id[p.unit or ""]
            return (_ORDER[u.troop], u.contingent != leader, u.id)

        return min(picks, key=rank)

    def _move(self, state: State, unit: Unit, decision: Decision) -> Hashable:
        plans = [p for o in decision.options
                 if isinstance(p := state.menu.get(o), Plan)]
        if not plans:
            return decision.options[0]
        if any(p.order.kind == "withdraw" for p in plans):
            return next(p.order for p in plans if p.order.kind == "withdraw")
        if unit.is_phalanx and unit.formed:
            score, aim = self._phalanx_score, _DRESS
        elif unit.is_phalanx:
            return plans[0].order  # unformed: hold and re-form
        elif unit.troop is Troop.HORSE:
            score, aim = self._horse_score, _RIDE
        elif unit.troop is Troop.LIGHT:
            score, aim = self._skirmish_score, _ANY
        else:
            score, aim = self._medium_score, _SOFT
        foes = state.foes(unit.side)[0]
        if not foes:
            return plans[0].order
        # every end of the side's menus against every enemy at once, once per state of
        # the enemies (numpy's cost is mostly per call: measured, this costs less than a
        # matrix of the enemies near each menu, from 1x to 4x mantinea-418bc)
        state.prefetch_gaps(unit.side, lambda: side_ends(state, unit.side))
        # what each end is scored on
        sights = _sights(state, unit, [p.end for p in plans], foes, aim)
        best = min(range(len(plans)), key=lambda i: score(
            state, unit, plans[i], foes, *sights[i]))
        return plans[best].order

    def _phalanx_score(self, state: State, unit: Unit, plan: Plan,
                       foes: list[Unit], near: Near, lead: Lead) -> float:
        """Advance in line, square to the enemy; avoid rough ground and columns; close on
        exposed or shallower enemies, keep out of the charge reach of fresh phalanxes
        that would win the clash (:func:`_front_threat`) and of enemies that could reach
        a flank or the rear (:func:`_flank_threat`); open the intervals of the line where
        a rout would unform a neighbour (:func:`_crowding`)."""
        end = plan.end
        # the line dresses on the nearest enemy phalanx (else foot): skirmishers and
        # horse are for the flanks to watch, not to chase (``lead``: the nearest phalanx,
        # else the nearest foot, else the nearest)
        gap, closest = lead
        foe = foes[closest]
        off = abs(angle_difference(end.facing, bearing(end.centre, foe.block.centre)))
        # close to contact range, facing the enemy: distance, then squareness; but keep
        # out of reach of deeper phalanxes and close on weak or exposed ones
        risk = 0.0
        rules = state.rules
        part = rules.rank_counts
        mine = unit.counted_ranks(part)
        reach = rules.contact_reach + _MARGIN  # within an enemy's contact move
        for j, d in near:
            e = foes[j]
            if e.troop is Troop.HORSE or d > reach or state.in_melee(e):
                continue
            exposed = e.unformed or e.block.aspect_of(end.centre) is not Aspect.FRONT
            if exposed or e.counted_ranks(part) < mine:
                risk -= 4.0
        risk += _front_threat(state, unit, end, foes, near)
        risk += _flank_threat(state, unit, end, foes, near)
        risk += _INTERVAL_WEIGHT * _crowding(state, unit, end)
        return (max(gap, rules.keep_off) + off / 15.0 + (20.0 if plan.column else 0.0)
                + (4.0 if plan.rough else 0.0) + risk)

    def _skirmish_score(self, state: State, unit: Unit, plan: Plan,
                        foes: list[Unit], near: Near, lead: Lead) -> float:
        """Stay at three quarters of missile range, well clear of charges (``lead``: the
        nearest enemy)."""
        gap = lead[0]
        rules = state.rules
        reach = unit.missile.range(rules)
        want = reach * 0.75 if reach else 8.0
        danger = sum(1 for j, d in near if d < allowance(rules, foes[j]) + _MARGIN)
        return abs(gap - want) + 10.0 * danger

    def _horse_score(self, state: State, unit: Unit, plan: Plan,
                     foes: list[Unit], near: Near, lead: Lead) -> float:
        """Make for unformed foot and the rears of phalanxes (``lead``: the least
        :func:`_aim` over the enemies); keep off phalanx fronts."""
        end = plan.end
        best = lead[0]
        keep = state.rules.contact_reach + 1.0  # off the front of a phalanx's charge
        fronts = sum(1 for j, d in near
                     if d < keep and (e := foes[j]).is_phalanx and e.formed
                     and e.block.in_zone(end, Aspect.FRONT, keep))
        return best + 15.0 * fronts

    def _medium_score(self, state: State, unit: Unit, plan: Plan,
                      foes: list[Unit], near: Near, lead: Lead) -> float:
        """Close on unformed enemies, keep off formed phalanx fronts (``lead``: the
        nearest unformed enemy, else the nearest)."""
        if foes[lead[1]].unformed:
            return lead[0]
        return self._skirmish_score(state, unit, plan, foes, near, lead)

    # -- missiles and contact -------------------------------------------------------------
    def _shoot(self, state: State, unit: Unit, decision: Decision) -> Hashable:
        shots = [o for o in decision.options if isinstance(o, Shoot) and o.target]
        if not shots:
            return decision.options[-1]

        rules = state.rules

        def value(o: Shoot) -> tuple[float, str]:
            t = state.by_id[o.target]
            worth = (rules.die + 1 - hit_number(rules, unit, t)) * (
                2.0 if t.is_phalanx and t.formed else 1.0)
            return (-worth, o.target)

        return min(shots, key=value)

    def _charge(self, state: State, unit: Unit, decision: Decision) -> Hashable:
        best: tuple[float, Hashable] | None = None
        for o in decision.options:
            plan = state.menu.get(o)
            if not (isinstance(o, Charge) and isinstance(plan, ChargePlan)):
                continue
            worth = _charge_worth(state, unit, plan)
            if worth > 0 and (best is None or worth > best[0]):
                best = (worth, o)
        return best[1] if best else decision.options[-1]

    def _strike(self, state: State, unit: Unit, decision: Decision) -> Hashable:
        """Melee 4 (``melee_opponents=choose``): strike the enemy in contact the charge
        evaluation's matchup says the unit does most harm to."""
        foes = [state.by_id[o.target] for o in decision.options if isinstance(o, Strike)]
        if not foes:
            return decision.options[0]
        return Strike(best_strike(state.rules, unit, foes).id)


Handler = Callable[[DoctrineCommander, State, Decision], Hashable]


def _for_unit(method: Callable[[DoctrineCommander, State, Unit, Decision], Hashable]
              ) -> Handler:
    """A handler for a decision about one unit (the last option if it names none)."""
    def handle(commander: DoctrineCommander, state: State, decision: Decision) -> Hashable:
        unit = state.by_id.get(decision.unit or "")
        return decision.options[-1] if unit is None else method(commander, state, unit,
                                                                 decision)

    return handle


#: the doctrine's answer to each kind of decision
HANDLERS: dict[Kind, Handler] = {
    Kind.REFORM: DoctrineCommander._reform_choice,
    Kind.SELECT: DoctrineCommander._select,
    Kind.MOVE: _for_unit(DoctrineCommander._move),
    Kind.SHOOT: _for_unit(DoctrineCommander._shoot),
    Kind.CHARGE: _for_unit(DoctrineCommander._charge),
    Kind.STRIKE: _for_unit(DoctrineCommander._strike),
    Kind.RANKS: DoctrineCommander._ranks,
}


def _fresh_front(state: State, unit: Unit, plan: ChargePlan) -> bool:
    """A charge by one of the alliance leader's phalanxes into the front of a formed
    enemy phalanx not yet in melee. The leader's phalanxes (the Argives and their
    Thousand at Mantinea) wait for such a phalanx to be engaged, or to show a flank or
    rear, or to lose formation: a frontal clash with a fresh phalanx is the one where a
    second enemy phalanx joins in and the leader's phalanx loses its rear rank and breaks
    (Morale 3), its rout unforming its neighbours and holding the allies back (Movement
    3). Charges by the allies and by the leader's phalanxes at anything else are weighed
    as before."""
    t = plan.target
    return (unit.is_phalanx and t.is_phalanx and t.formed and plan.aspect is Aspect.FRONT
            and unit.contingent == state.leaders.get(unit.side)
            and not state.in_melee(t))


def _front_clash(rules: Rules, striker: Unit, foe: Unit) -> float:
    """What ``striker``'s dice would be worth against ``foe`` met front to front and
    centred (Melee 4: one die a figure of the narrower front, a figure for each flank the
    wider one overlaps, two dice a rank deeper, doubled against unformed troops; Morale 3):
    expected hits, and the chance of breaking it times what that is worth."""
    part = rules.rank_counts
    figures = min(striker.files, foe.files)
    depth = 0
    if not striker.unformed:
        figures += rules.overlap * min(2, max(0, striker.files - foe.files))
        depth = rules.per_rank * max(0, striker.counted_ranks(part) - foe.counted_ranks(part))
    dice = figures * rules.dice_per_figure + depth
    if not striker.unformed and foe.unformed:
        dice *= rules.double
    need = rules.melee_need_light if foe.troop is Troop.LIGHT else rules.melee_need
    return _expected(rules, dice, need) + _break_risk(rules, foe, dice, need) * _lost(rules, foe)


def _front_threat(state: State, unit: Unit, end: Block, foes: list[Unit],
                  near: Near) -> float:
    """Fresh formed enemy phalanxes that could charge a phalanx ending at ``end`` front to
    front (in their charge reach and front arc, Melee 1): what all their dice would do to
    it beyond what its dice would do to the one it strikes (:func:`_front_clash`), when
    they would win. It waits out of their reach rather than be charged by a wider or
    deeper phalanx, or by two at once (the leader's phalanxes too: Movement 3 holds the
    allies no further forward than they stand)."""
    rules = state.rules
    reach = rules.contact_reach + _MARGIN
    theirs, mine = 0.0, 0.0
    for j, d in near:
        e = foes[j]
        if d > reach or not (e.is_phalanx and e.formed) or state.in_melee(e) or \
                not e.block.in_arc(end, _FRONT_ARC) or \
                e.block.aspect_of(end.centre) is not Aspect.FRONT:
            continue
        # (the clash reads the phalanxes' shapes, not where they stand)
        theirs += _front_clash(rules, e, unit)
        mine = max(mine, _front_clash(rules, unit, e))
    return _FRONT_WEIGHT * max(0.0, theirs - mine)


def _flank_threat(state: State, unit: Unit, end: Block, foes: list[Unit],
                  near: Near) -> float:
    """Enemies free to reach the flank or rear of a formed phalanx ending at ``end``
    (being caught there unforms it, Phalanxes 3): a penalty per threat, heavier for
    horse."""
    threat = 0.0
    for j, d in near:
        e = foes[j]
        if e.troop is Troop.LIGHT or state.in_melee(e):
            continue
        reach = allowance(state.rules, e) + _MARGIN
        if d > reach or (e.is_phalanx and e.formed and e.block.in_arc(end, _FRONT_ARC)):
            continue
        if end.aspect_of(e.block.centre) is not Aspect.FRONT:
            threat += 6.0 if e.troop is Troop.HORSE else 3.0
    return threat


def _crowding(state: State, unit: Unit, end: Block) -> int:
    """The formed friendly phalanxes that a phalanx ending at ``end`` stands too near
    for a rout (Morale 3: those within 6" of a broken phalanx's path lose formation):
    each one within that of the path ``unit`` would rout along from ``end``, or with
    ``end`` within that of its own."""
    within = state.rules.rout_unforms
    path = rout_path(state, attrs.evolve(unit, block=end))  # a what-if copy
    count = 0
    for f in state.present(unit.side):
        if f is unit or not (f.is_phalanx and f.formed):
            continue
        if f.block.distance(path) <= within or end.distance(rout_path(state, f)) <= within:
            count += 1
    return count


def _reach(rules: Rules) -> float:
    """The farthest the movement scores look at an enemy one by one: a horse's contact
    move (Melee 1) and the margin (beyond it an enemy counts only as the nearest)."""
    return max(rules.horse_reach, rules.contact_reach) + max(_MARGIN, 1.0)


#: What a score closes on (:data:`Lead`): the enemy a phalanx line dresses on (the
#: nearest phalanx, else the nearest foot, else the nearest), the least :func:`_aim` of
#: horse, the nearest enemy, the nearest unformed enemy (else the nearest).
_DRESS, _RIDE, _ANY, _SOFT = "dress", "ride", "any", "soft"


def _sights(state: State, unit: Unit, ends: list[Block], foes: list[Unit], aim: str
            ) -> list[tuple[Near, Lead]]:
    """For each of ``ends`` (a move's end for ``unit``): the enemies within
    :func:`_reach` of it (:data:`Near`) and what its score closes on (``aim``), as the
    rows of :meth:`~.state.State.gaps` against every enemy give them (the same values,
    bit for bit, the first of equals). The rows a prefetch measured are read whole (in
    numpy); else only the enemies the spatial index finds near enough to count are
    measured: any enemy of the kind looked for bounds how far the nearest of that kind
    can be."""
    reach = _reach(state.rules)
    accept = None if aim == _RIDE else _kind(foes, aim)
    kept = state.kept_gaps(unit.side, ends)
    if kept is not None:
        columns, gaps = list(range(len(foes))), kept
    else:
        far = reach
        if aim != _RIDE:
            # the nearest of the kind to the unit, centre to centre (any one would do):
            # no end's nearest is farther than its centre is from that one's centre
            anchor = state.foe_grid(unit.side).nearest(
                unit.block, None if accept is None else (lambda j: accept(foes[j])),
                _apart)
            assert anchor is not None
            cx, cy = foes[anchor[1]].block.centre
            far = max(far, max(math.hypot(e.centre[0] - cx, e.centre[1] - cy) for e in ends))
        columns, gaps = state.gaps_near(unit.side, ends, far + _SLACK)
    near: list[Near] = [[] for _ in ends]
    rows, at = np.nonzero(gaps <= reach)  # in order: by end, then by column
    for i, k, d in zip(rows.tolist(), at.tolist(), gaps[rows, at].tolist(), strict=True):
        near[i].append((columns[k], d))
    if aim == _RIDE:
        return list(zip(near, _aims(state, unit, ends, foes), strict=True))
    kind = [k for k, j in enumerate(columns) if accept is None or accept(foes[j])]
    of_kind = gaps[:, kind]
    first = of_kind.argmin(axis=1)  # the first of equals: the least column
    leads = zip(of_kind[np.arange(len(ends)), first].tolist(),
                [columns[kind[k]] for k in first.tolist()], strict=True)
    return list(zip(near, leads, strict=True))


def _apart(a: Block, b: Block) -> float:
    """Centre to centre inches (never less than edge to edge)."""
    return math.hypot(a.centre[0] - b.centre[0], a.centre[1] - b.centre[1])


def _kind(foes: list[Unit], aim: str) -> Callable[[Unit], bool] | None:
    """The enemies ``aim`` looks for the nearest of (None: every one)."""
    if aim == _DRESS:
        if any(e.is_phalanx for e in foes):
            return _is_phalanx
        if any(e.troop is not Troop.HORSE for e in foes):
            return _is_foot
    elif aim == _SOFT and any(e.unformed for e in foes):
        return _is_unformed
    return None


def _is_phalanx(e: Unit) -> bool:
    return e.is_phalanx


def _is_foot(e: Unit) -> bool:
    return e.troop is not Troop.HORSE


def _is_unformed(e: Unit) -> bool:
    return e.unformed


def _aim(unit: Unit, end: Block, e: Unit) -> float:
    """How far a horse unit ending at ``end`` is from where it would strike ``e``
    (:func:`_mark`), weighted."""
    (x, y), weight = _mark(unit, e)
    d: float = ((end.centre[0] - x) ** 2 + (end.centre[1] - y) ** 2) ** 0.5
    return d * weight


def _mark(unit: Unit, e: Unit) -> tuple[tuple[float, float], float]:
    """Where horse make for on ``e`` and what its distance weighs: the centre of unformed
    troops (1) and of horse (1.5 no stronger, 4 stronger), 3" behind a formed phalanx's
    rear (1.2)."""
    if e.troop is Troop.HORSE:
        return e.block.centre, 1.5 if e.figures <= unit.figures else 4.0
    if e.unformed:
        return e.block.centre, 1.0
    return _behind(e.block), 1.2


def _aims(state: State, unit: Unit, ends: list[Block], foes: list[Unit]) -> list[Lead]:
    """For each of ``ends``, the least :func:`_aim` over every enemy (the first of equals),
    measured only for the enemies that can come under the one nearest the unit: every
    weight is at least 1 and every point within :data:`_BEHIND` of its enemy's block."""
    grid = state.foe_grid(unit.side)
    anchor = grid.nearest(unit.block, None, _apart)
    assert anchor is not None
    (x, y), w = _mark(unit, foes[anchor[1]])
    xs = [end.centre[0] for end in ends]
    ys = [end.centre[1] for end in ends]
    bound = max(((cx - x) ** 2 + (cy - y) ** 2) ** 0.5 * w for cx, cy in zip(xs, ys, strict=True))
    marks = [(x, y, w, j) for j in grid.near((min(xs), min(ys), max(xs), max(ys)),
                                             bound + _BEHIND + _SLACK)
             for (x, y), w in (_mark(unit, foes[j]),)]
    out = []
    for end in ends:
        cx, cy = end.centre  # (as :func:`_aim` measures)
        out.append(min((((cx - x) ** 2 + (cy - y) ** 2) ** 0.5 * w, j) for x, y, w, j in marks))
    return out


def _at_least(rules: Rules, dice: int, need: int, k: int) -> float:
    """Chance of at least ``k`` hits from ``dice`` dice hitting on ``need``."""
    if k <= 0:
        return 1.0
    if k > dice:
        return 0.0
    p = (rules.die + 1 - need) / rules.die
    miss = sum(math.comb(dice, j) * p ** j * (1.0 - p) ** (dice - j) for j in range(k))
    return max(0.0, 1.0 - miss)


def _break_risk(rules: Rules, unit: Unit, dice: int, need: int) -> float:
    """Chance that a formed phalanx taking ``dice`` dice loses its rear rank and then
    breaks (1d6 above the ranks left, Morale 3)."""
    if unit.unformed or unit.ranks <= 1:
        return 0.0
    left = unit.ranks - 1
    return _at_least(rules, dice, need, unit.rear) * max(0, rules.die - left) / rules.die


def _behind(block: Block) -> tuple[float, float]:
    """A point :data:`_BEHIND` inches behind a block's rear."""
    return block.world(0.0, -block.depth - _BEHIND)


def _expected(rules: Rules, dice: int, need: int) -> float:
    return dice * (rules.die + 1 - need) / rules.die


def _lost(rules: Rules, unit: Unit) -> float:
    """What a phalanx that breaks is worth to the enemy: its figures and its points
    (``victory.points``)."""
    return unit.figures * rules.figure_points + rules.phalanx_points


def _worth(rules: Rules, striker: Unit, foe: Unit, main: bool = True
           ) -> tuple[float, int, int]:
    """What ``striker``'s dice are worth against ``foe`` (Melee 4; Morale 3): expected
    hits, plus the figures and points of a phalanx that may lose its rear rank and
    break; with the dice and the number to hit."""
    dice, need = melee_dice(rules, striker, foe, main)
    return (_expected(rules, dice, need)
            + _break_risk(rules, foe, dice, need) * _lost(rules, foe), dice, need)


def best_strike(rules: Rules, striker: Unit, foes: list[Unit]) -> Unit:
    """The enemy in contact ``striker`` does most harm to (``melee_opponents=choose``),
    the first of equals: the doctrine's answer, and its model of the enemy's."""
    best, value = foes[0], _worth(rules, striker, foes[0])[0]
    for foe in foes[1:]:
        v = _worth(rules, striker, foe)[0]
        if v > value:
            best, value = foe, v
    return best


def _picks(state: State, striker: Unit, touching: list[Unit]
           ) -> list[tuple[Unit, bool]]:
    """Whom ``striker`` strikes among the enemies ``touching`` it (each as it would
    stand), as the option in force has the melee pick them (Melee 4,
    :func:`~ancients.monks_corner.melee.opponents`), each with whether it is the main
    opponent (the phalanx bonuses go to it)."""
    mode = state.opts.melee_opponents
    chosen = best_strike(state.rules, striker, touching) \
        if mode == "choose" and len(touching) > 1 else None
    order = strike_order(mode, striker.block, [(f, f.block) for f in touching], chosen)
    return [(f, k == 0) for k, f in enumerate(order)]


def exchange(state: State, unit: Unit, plan: ChargePlan) -> tuple[float, float]:
    """Expected value given and taken in the first round of the melee a charge would start,
    with opponents picked as the melee picks them under the option in force (the charger
    may end up striking another enemy than its target, or several; every enemy that
    would pick it strikes back; under ``choose`` both sides are taken to choose as the
    doctrine does): hits, plus the figures and points of a phalanx that may lose its
    rear rank and break."""
    t = plan.target
    end = plan.end
    rules = state.rules
    me = attrs.evolve(unit, block=end)
    them = attrs.evolve(t, formed=t.formed and plan.aspect is Aspect.FRONT)
    enemies = state.foes(unit.side)[0]
    grid = state.foe_grid(unit.side)  # only the blocks whose bounds come that near can touch
    touched = [them if e is t else e for j in grid.candidates(end.bounds, _TOUCH)
               if end.contact_edge((e := enemies[j]).block) is not None]
    given = 0.0
    for foe, main in _picks(state, me, touched or [them]):
        given += _worth(rules, me, foe, main)[0]
    taken = 0.0
    back = 0
    back_need = 5
    mine = [me if f.id == unit.id else f for f in state.foes(state.enemy_of(unit.side))[0]]
    friends = state.foe_grid(state.enemy_of(unit.side))
    at = next(k for k, f in enumerate(mine) if f is me)
    for j in grid.candidates(end.bounds, _TOUCH):
        e = enemies[j]
        if e.block.contact_edge(end) is None:
            continue
        foe = them if e is t else e
        near = set(friends.candidates(e.block.bounds, _TOUCH))
        near.add(at)  # the charger, at its end (the index has it where it stands)
        touching = [f for k in sorted(near)
                    if e.block.contact_edge((f := mine[k]).block) is not None]
        for hit, main in _picks(state, foe, touching):
            if hit is not me:
                continue
            d, n = melee_dice(rules, foe, me, main)
            taken += _expected(rules, d, n)
            back += d
            back_need = min(back_need, n)
    if may_volley(state, t):  # Melee 3: the defensive volley it meets
        taken += (t.figures // rules.figures_per_die) * (
            rules.die + 1 - hit_number(rules, t, me)) / rules.die
    if back:
        taken += _break_risk(rules, me, back, back_need) * _lost(rules, unit)
    return given, taken


def _charge_worth(state: State, unit: Unit, plan: ChargePlan) -> float:
    """The expected first-round exchange of a charge (Melee 4), with a bonus for
    unforming a phalanx from its flank or rear (Phalanxes 3) and for the alliance
    leader going in first (Movement 3); nothing (no charge) for light troops, horse at
    a phalanx's front, and the leader's phalanxes at the front of a fresh formed
    phalanx."""
    t = plan.target
    if unit.troop is Troop.LIGHT:
        return 0.0
    if unit.troop is Troop.HORSE and t.is_phalanx and t.formed and \
            plan.aspect is Aspect.FRONT:
        return 0.0
    if _fresh_front(state, unit, plan):
        return 0.0
    given, taken = exchange(state, unit, plan)
    if plan.against_horse:
        # Melee 1: the die sets the distance and may unform the phalanx
        rules = state.rules
        reach = rules.chance(math.ceil(plan.gap - 1e-9))
        on = rules.contact_unformed_on
        unformed = rules.chance(on) if state.opts.charge_horse_unformed else \
            (on - 1) / rules.die  # "formed on 5 or 6": unformed below
        return reach * (given - taken) - unformed * _FORMATION_WORTH
    bonus = 2.0 if (t.is_phalanx and t.formed and plan.aspect is not Aspect.FRONT) else 0.0
    if unit.is_phalanx and unit.contingent == state.leaders.get(unit.side):
        bonus += 1.5  # the alliance leader goes in first, so the allies may follow
    return given + bonus - taken + (0.01 if unit.is_phalanx else 0.0)

