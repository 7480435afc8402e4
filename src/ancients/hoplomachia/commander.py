"""The doctrine commander: a Greek army of the classical age. The Salpinx follows the
battle plan (the phalanx marches, begins its approach when the enemy is near, or at
once when allies would be tested by one more signal, and charges when the enemy is
within a charge's reach); the taxeis keep their line and
square to the enemy; lights screen and harass from beyond the reach of a charge,
clearing the front when the phalanx closes; horse guards the flanks and charges what it
can beat (lights, horse, disarrayed or exposed foot) and pursues; ekdromoi go out when
they can catch the shooters; the army stands down once it holds the field and its
slain."""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction

from ancients.battle import Battle, Decision
from ancients.hoplomachia.battle import HoplomachiaBattle
from ancients.hoplomachia.charges import AHEAD, reach, targets_ahead
from ancients.hoplomachia.command import Signal
from ancients.hoplomachia.decisions import (
    FIGHT_ON,
    HOLD_FIRE,
    KEEP,
    NO,
    NO_CHARGE,
    NO_LAP,
    NO_ORDER,
    STAND_DOWN,
    YES,
    Charge,
    Fire,
    Kind,
    Lap,
    Points,
    SignalChoice,
)
from ancients.hoplomachia.fire import Volley, shot_intensity
from ancients.hoplomachia.geometry import (
    advance,
    aspect_struck,
    bearing_to,
    bounds_of,
    box_gap,
    centre_of,
    contact_distance,
    face,
    sidestep,
    straight_sweep,
)
from ancients.hoplomachia.katastrophe import possessor
from ancients.hoplomachia.manoeuvre import Plan
from ancients.hoplomachia.melee import Engaged, MeleeKind, melee_odds
from ancients.hoplomachia.pieces import Division, Piece
from ancients.hoplomachia.precedence import LEFT, RIGHT, front_of
from ancients.hoplomachia.signals import signal_of
from ancients.hoplomachia.state import State
from ancients.hoplomachia.vocabulary import AreteLevel, Aspect, Category
from ancients.tabletop import EPSILON, Block, bearing, heading
from ancients.tabletop import Aspect as Edge

__all__ = ["HANDLERS", "DoctrineCommander"]

#: begin the approach when the enemy is this near (inches): a march and an approach away
APPROACH_AT = 11.0
#: lights keep beyond the reach of a charge (the longest hoplite charge, and a margin)
LIGHTS_CLEAR = 8.0
#: a charge is worth making when the enemy opposite is likelier than not within reach
REACH_ODDS = Fraction(1, 2)
#: ekdromoi go out when they catch and kill the shooters this often (a failure costs a
#: point of Arete; the fire, two a turn)
EKDROMOI_ODDS = Fraction(1, 4)


class DoctrineCommander:
    """How a Greek army of the classical age fought, in Hoplomachia's terms."""

    def decide(self, battle: Battle, decision: Decision) -> Hashable:
        assert isinstance(battle, HoplomachiaBattle)
        return HANDLERS[Kind(decision.kind)](self, battle.state, decision)

    # -- the Command Strophe -------------------------------------------------------------
    def _signal(self, state: State, decision: Decision) -> Hashable:
        """The battle plan's signal for the distance between the phalanxes; none (the
        standing signal stays) if it is the one in force (every placed signal is one
        more stance test for the allies)."""
        side = decision.side
        want = self.wanted_signal(state, side)
        if want is None or want is state.armies[side].signal:
            return KEEP
        choice = SignalChoice(want)
        return choice if choice in decision.options else KEEP

    def wanted_signal(self, state: State, side: str) -> Signal | None:
        army = state.armies[side]
        plan = state.rules.situations.plans[army.plan]
        core = [d for d in state.side_divisions(side) if d.core and state.members(d)]
        if not core:
            return None
        gap = min(_core_gap(state, d) for d in core)
        ready = sum(_charge_worth(state, d) for d in core)
        charge = 2 * ready >= len(core)
        if str(plan.core) == "march":
            return Signal.MARCH
        if str(plan.core) == "hold":
            return Signal.CHARGE if charge else (
                Signal.FORWARD_PSILOI if not army.psiloi_forward else Signal.HALT)
        if charge:
            return Signal.CHARGE
        if gap <= APPROACH_AT or _allies_at_risk(state, side):
            # every signal placed is a stance test for the allies: an army with allies
            # begins its approach at once rather than marching first (one signal fewer)
            return Signal.BEGIN_APPROACH
        return Signal.MARCH

    def _switch(self, state: State, decision: Decision) -> Hashable:
        """Answer a charge with a charge when the enemy is near enough to meet."""
        core = [d for d in state.side_divisions(decision.side) if d.core and state.members(d)]
        near = any(_core_gap(state, d) <= 2.0 * _longest(state, d) for d in core)
        return YES if near else NO

    def _order(self, state: State, decision: Decision) -> Hashable:
        """The salpinx says what the phalanx does; no verbal orders."""
        return NO_ORDER

    def _flank(self, state: State, decision: Decision) -> Hashable:
        """Start where the armies are closest (the first charge, volley and melee of
        the phase are then the army's own): the flank of its line nearer its piece
        nearest the enemy."""
        # Hoplomachia, Arete sequence: the precedence side chooses the flank
        return LEFT if _closest_on_left(state, decision.side) else RIGHT

    # -- belos ---------------------------------------------------------------------------------
    def _fire(self, state: State, decision: Decision) -> Hashable:
        """Shoot at the phalanx (it costs the enemy Arete every turn it is under fire):
        the spread that hits hoplites hardest (the surplus stands on the lochos they
        shake most), the softest shield first; a belos charge only where no shot is to
        be had."""
        shooter = state.by_id[decision.unit or ""]
        best: tuple[tuple[int, ...], Hashable] | None = None
        for o in decision.options:
            if not isinstance(o, Fire) or not o.target:
                continue
            fire = state.menu.get(o)
            hits = fire.hits if isinstance(fire, Volley) and not o.belos_charge else \
                ((o.target, shooter.block.files),)
            values = []
            for target, stands in hits:
                t = state.by_id[target]
                shot = shot_intensity(state, shooter, t, stands, o.belos_charge)
                values.append((1 if t.hoplite else 0, shot.value))
            hoplites = [v for h, v in values if h]
            value = (0 if o.belos_charge else 1, 1 if hoplites else 0,
                     max(hoplites, default=max(v for _, v in values)),
                     sum(max(0, v) for _, v in values))
            if best is None or value > best[0]:
                best = (value, o)
        return best[1] if best else HOLD_FIRE

    def _ekdromoi(self, state: State, decision: Decision) -> Hashable:
        """Send the ekdromoi when they are likelier than not to catch and kill."""
        lochos, shooter = state.by_id[decision.unit or ""], state.by_id[decision.target or ""]
        rules = state.rules.belos.ekdromoi
        gap = lochos.block.distance(shooter.block)
        odds = rules.reach_odds(gap) * rules.kill_odds(shooter.category)
        return YES if odds >= EKDROMOI_ODDS else NO

    # -- epidromos -------------------------------------------------------------------------------
    def _charge(self, state: State, decision: Decision) -> Hashable:
        d = state.divisions[decision.unit or ""]
        if AHEAD in decision.options:
            near = _core_gap(state, d) <= 2.0 * _longest(state, d) - 3.0
            wanted = _charge_worth(state, d) or (near and not d.failed_charge_before(state.turn))
            return AHEAD if wanted and not _friends_in_way(state, d, AHEAD) else NO_CHARGE
        best: tuple[float, Hashable] | None = None
        for o in decision.options:
            if not isinstance(o, Charge) or not o.target or _friends_in_way(state, d, o):
                continue
            worth = _charge_value(state, d, state.by_id[o.target])
            if worth > 0.15 and (best is None or worth > best[0]):
                best = (worth, o)
        return best[1] if best else NO_CHARGE

    # -- marches and approaches ---------------------------------------------------------------
    def _move(self, state: State, decision: Decision) -> Hashable:
        d = state.divisions[decision.unit or ""]
        plans = [p for o in decision.options if isinstance(p := state.menu.get(o), Plan)]
        if not plans:
            return decision.options[0]
        if d.core:
            score: Callable[[State, Division, Plan], float] = _phalanx_score
        elif d.category is Category.HIPPEUS:
            score = _horse_score
        else:
            score = _lights_score
        best = min(plans, key=lambda p: (score(state, d, p), str(p.order)))
        return best.order

    # -- melee and the end ---------------------------------------------------------------------
    def _lap(self, state: State, decision: Decision) -> Hashable:
        """Wheel onto an exposed flank whenever one is offered."""
        laps = [o for o in decision.options if isinstance(o, Lap) and o.target]
        return laps[0] if laps else NO_LAP

    def _one_step_more(self, state: State, decision: Decision) -> Hashable:
        """One more shove for a point of Arete, while the army can spare it."""
        army = state.armies[decision.side]
        cheap = Points(1, "one step more")
        if cheap in decision.options and army.arete.points >= 6:
            return cheap
        return decision.options[0]

    def _epilektoi(self, state: State, decision: Decision) -> Hashable:
        """Andreia and belos checks and the ekdromoi's attack succeed low: take a point
        off; an Epidromos roll, an othismos shove and the ekdromoi's run are better high:
        add one."""
        high = any(w in decision.prompt for w in ("Epidromos roll", "othismos shove",
                                                   "ekdromoi run"))
        way = [o for o in decision.options if isinstance(o, Points)
               and (o.value > 0 if high else o.value < 0)]
        return way[0] if way else decision.options[0]

    def _pursuit(self, state: State, decision: Decision) -> Hashable:
        """Outdistanced: come back to the battle; lights join a pursuit of routers close
        by (they may catch them)."""
        return YES

    def _fight_on(self, state: State, decision: Decision) -> Hashable:
        """Stand down once the army holds all the slain."""
        return STAND_DOWN if possessor(state) == decision.side else FIGHT_ON

    def _truce(self, state: State, decision: Decision) -> Hashable:
        return NO


Handler = Callable[[DoctrineCommander, State, Decision], Hashable]

#: the doctrine's answer to each kind of decision
HANDLERS: dict[Kind, Handler] = {
    Kind.SIGNAL: DoctrineCommander._signal,
    Kind.SWITCH: DoctrineCommander._switch,
    Kind.ORDER: DoctrineCommander._order,
    Kind.FLANK: DoctrineCommander._flank,
    Kind.FIRE: DoctrineCommander._fire,
    Kind.EKDROMOI: DoctrineCommander._ekdromoi,
    Kind.CHARGE: DoctrineCommander._charge,
    Kind.MOVE: DoctrineCommander._move,
    Kind.LAP: DoctrineCommander._lap,
    Kind.ONE_STEP_MORE: DoctrineCommander._one_step_more,
    Kind.EPILEKTOI: DoctrineCommander._epilektoi,
    Kind.PURSUIT: DoctrineCommander._pursuit,
    Kind.FIGHT_ON: DoctrineCommander._fight_on,
    Kind.TRUCE: DoctrineCommander._truce,
}


# -- what the doctrine measures ----------------------------------------------------------------
def _longest(state: State, d: Division) -> float:
    return state.rules.epidromos.card_chart(d.card).max_distance


def _core_gap(state: State, d: Division) -> float:
    """Inches from the division to the nearest enemy ahead of it (else to the nearest
    enemy hoplites, else to anyone)."""
    pieces = state.members(d)
    best = math.inf
    enemy = state.enemy_of(d.side)
    for p in pieces:
        # the nearest of targets_ahead(state, p, 60.0), from the index: only the blocks
        # whose boxes meet the box of the band 60 inches deep in front of the piece are
        # measured (a block with no part squarely in front within 60 inches is not one)
        for e in state.near(_front_band(p.block, 60.0), 0.0, enemy):
            gap = _ahead_gap(p.block, e.block)
            if gap <= 60.0:
                best = min(best, gap)
    if best < math.inf:
        return best
    hoplite = any(e.hoplite for e in state.ready(enemy))
    return min((state.nearest(p.block, enemy, _ready_hoplite if hoplite else _ready)[1]
                for p in pieces), default=math.inf)


def _ready(piece: Piece) -> bool:
    return piece.ready


def _ready_hoplite(piece: Piece) -> bool:
    return piece.ready and piece.hoplite


def _front_band(block: Block, depth: float) -> tuple[float, float, float, float]:
    """The box of the band ``depth`` inches deep straight out from the block's front
    edge (grown by EPSILON all round)."""
    (ax, ay), (bx, by) = block.edge(Edge.FRONT)
    fx, fy = heading(block.facing)
    xs = (ax, bx, ax + depth * fx, bx + depth * fx)
    ys = (ay, by, ay + depth * fy, by + depth * fy)
    return (min(xs) - EPSILON, min(ys) - EPSILON, max(xs) + EPSILON, max(ys) + EPSILON)


def _ahead_gap(block: Block, other: Block) -> float:
    return block.zone_distance(other, Edge.FRONT)


def _allies_at_risk(state: State, side: str) -> bool:
    """Has ``side`` an allied strategos (a stance) whose troops are still in the
    battle?"""
    return any(s.side == side and s.alive and s.stance is not None and any(
        d.contingent == s.contingent and not d.withdrawing and state.members(d)
        for d in state.side_divisions(side)) for s in state.strategoi)


def _charge_worth(state: State, d: Division) -> bool:
    """A taxis charges when the enemy squarely ahead of it is likelier than not within
    the charge's distance (a charge that falls short costs disarray when repeated)."""
    pieces = state.members(d)
    if not pieces or state.armies[d.side].arete.level is AreteLevel.SHAKEN:
        return False  # a Shaken army's charge that fails its check routs
    chart = state.rules.epidromos.card_chart(d.card)
    within = reach(state, d)
    for p in state.members(d):
        found = [(g, e) for g, e in targets_ahead(state, p, within) if e.ready]
        if not found:
            continue
        if chart.reach_odds(found[0][0]) > REACH_ODDS:
            return True
    return False


def _odds(state: State, charger: Piece, target: Piece, division: Division) -> float:
    """P(the target loses) - P(the charger loses) of the epidromos melee, by exact odds."""
    rules = state.rules
    chart = rules.epidromos.card_chart(charger.card)
    aspect = aspect_struck(target.block, charger.block)
    always = state.opts.depth == "every"
    a = Engaged(charger.card, state.armies[charger.side].arete.level, stands=charger.stands,
                disarrayed=charger.disarrayed, depth_always=always)
    b = Engaged(target.card, state.armies[target.side].arete.level, aspect=aspect,
                stands=target.stands, disarrayed=target.disarrayed, depth_always=always)
    momentum = chart.momentum_odds(division.approached)
    odds = melee_odds(rules.melee, a, b, MeleeKind.EPIDROMOS, (momentum, {0: Fraction(1)}))
    win = sum((p for o, p in odds.items() if o.loser == 1), Fraction(0))
    lose = sum((p for o, p in odds.items() if o.loser == 0), Fraction(0))
    reached = chart.reach_odds(charger.block.distance(target.block))
    return float(reached * (win - lose))


def _charge_value(state: State, d: Division, target: Piece) -> float:
    pieces = state.members(d)
    if not pieces:
        return 0.0
    charger = min(pieces, key=lambda p: p.block.distance(target.block))
    value = _odds(state, charger, target, d)
    if target.disarrayed:
        value += 0.1
    return value


def _friends_in_way(state: State, d: Division, charge: Charge) -> list[Piece]:
    """The friends a charge of ``d`` would pass through or run into (a charge through
    friends disarrays both): each lochos's way in turn, turned to the target if it can
    turn, to its first contact with an enemy ahead, else the chart's longest charge,
    from where it stands and (a taxis of a drifting phalanx) drifted by the chart's
    largest drift; the lochoi that ran before it are anywhere on their ways."""
    # Hoplomachia, Interpenetration (a charge through friends) and Drift (in a charge)
    chart = state.rules.epidromos.card_chart(d.card)
    longest = chart.max_distance
    drifts = d.core and state.rules.movement.drift.drifts(
        sum(1 for p in state.ready(d.side) if p.hoplite))
    shift = max(r.drift for r in chart.rows) if drifts else 0.0
    aim = state.by_id.get(charge.target) if charge != AHEAD else None
    movers = [p for p in state.members(d) if not state.engaged(p)]
    ran: list[tuple[Piece, list[Block]]] = []
    out: list[Piece] = []
    for p in movers:
        block = p.block
        if aim is not None and aim.on_table:
            turned = face([block], bearing_to(block, aim.block))[0]
            if state.table.contains(turned) and not any(
                    turned.overlaps(o.block) for o in state.others([p])):
                block = turned
        way = _charge_way(state, d.side, block, longest)
        # drifted, the taxis moves as one body: only friends of other divisions
        drifted = _charge_way(state, d.side, sidestep([block], shift)[0], longest) \
            if shift else []
        box = bounds_of([block, *way, *drifted])
        gone = {q.id for q, _ in ran}
        for o in state.near(box, EPSILON, d.side):
            if o.id != p.id and o.id not in gone and o not in out and (
                    any(b.overlaps(o.block) for b in way) or (o.division != d.id and
                    any(b.overlaps(o.block) for b in drifted))):
                out.append(o)
        for q, bodies in ran:
            if q not in out and any(b.overlaps(c) for b in way for c in bodies):
                out.append(q)
        ran.append((p, way))
    return out


def _charge_way(state: State, side: str, block: Block, longest: float) -> list[Block]:
    """The bodies of a straight charge from ``block``: to its first contact with an
    enemy ahead, else ``longest`` inches."""
    run = longest
    end = advance([block], longest)[0]
    # all the ground the charge could cover: an enemy it can touch is within reach of it
    reach = Block(end.x, end.y, block.facing, block.files, 1, block.base_width,
                  block.ranks * block.base_depth + longest)
    for e in state.near(reach.bounds, EPSILON, state.enemy_of(side)):
        if reach.distance(e.block) > EPSILON:
            continue
        gap = contact_distance(block, e.block, longest)
        if gap is not None:
            run = min(run, gap)
    return straight_sweep(block, run)


def _closest_on_left(state: State, side: str) -> bool:
    """Is the piece of ``side`` nearest a ready enemy (the first of equals in table
    order) left of the centre of the side's line, across its front?"""
    mine = state.ready(side)
    near = [(state.nearest_enemy(p)[1], i) for i, p in enumerate(mine)]
    if not near or min(near)[0] == math.inf:
        return False
    fx, fy = _forward(state, side)
    across = [p.block.centre[0] * fy - p.block.centre[1] * fx for p in mine]
    return across[min(near)[1]] < sum(across) / len(across)


def _forward(state: State, side: str) -> tuple[float, float]:
    return heading(front_of(state, side))


def _phalanx_score(state: State, d: Division, plan: Plan) -> float:
    """Close on the enemy's phalanx square to it, keeping the line: the gap to the
    nearest enemy, the angle off it, and how far the taxis would stand out of the line
    of the others."""
    end = plan.end
    enemy = state.enemy_of(d.side)
    ready, hoplites = _ready_kinds(state, enemy)
    if not ready:
        return 0.0
    here = centre_of(end)
    # the nearest of the enemy hoplites (else of anyone) by centre, from the index
    target = _nearest_centre(state, here, enemy, _ready_hoplite if hoplites else _ready)
    assert target is not None
    gap = min(b.distance(target.block) for b in end)
    off = abs(((bearing(here, target.block.centre) - end[0].facing + 180.0) % 360.0) - 180.0)
    fx, fy = _forward(state, d.side)
    mine = here[0] * fx + here[1] * fy
    mean = _line_mean(state, d, fx, fy)
    ahead = 0.0
    if mean is not None:
        ahead = max(0.0, mine - mean - 3.0)
    return max(gap, 3.0) + off / 10.0 + ahead * 0.5 + _through(state, d, plan)


def _dist(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def _ready_kinds(state: State, side: str) -> tuple[bool, bool]:
    """Has ``side`` ready pieces, and ready hoplites? (kept until one of its pieces
    changes)"""
    def compute() -> tuple[bool, bool]:
        ready = state.ready(side)
        return bool(ready), any(e.hoplite for e in ready)
    found: tuple[bool, bool] = state.of_side(side, "ready kinds", compute)
    return found


#: the sides of the probe that stands for a point in a nearest search
_PROBE = 1e-3


def _nearest_centre(state: State, here: tuple[float, float], side: str,
                    accept: Callable[[Piece], bool]) -> Piece | None:
    """The piece of ``side`` that ``accept`` takes whose centre is nearest ``here``,
    the first of equals in table order (as ``min`` over them in table order), from the
    index: a centre's distance is never less than the gap between the boxes of a probe
    on ``here`` and the piece's block."""
    probe = Block(here[0], here[1], 0.0, 1, 1, _PROBE, _PROBE)
    found, _ = state.nearest(probe, side, accept, lambda _, b: _dist(here, b.centre))
    return found


def _line_mean(state: State, d: Division, fx: float, fy: float) -> float | None:
    """How far forward (along ``fx, fy``) the other core divisions of ``d``'s side stand
    on average, by their centres (None: there are none): kept until a piece of the side
    changes."""
    kept: dict[tuple[float, float], float | None] = state.of_side(
        d.side, ("line", d.id), dict)
    if (fx, fy) not in kept:
        others = [o for o in state.side_divisions(d.side) if o.core and o.id != d.id]
        line = [centre_of([p.block for p in state.members(o)]) for o in others
                if state.members(o)]
        kept[(fx, fy)] = sum(c[0] * fx + c[1] * fy for c in line) / len(line) if line \
            else None
    return kept[(fx, fy)]


def _danger(state: State, side: str, end: Sequence[Block]) -> float:
    """How many enemies could charge a body ending here: foot within their longest
    charge, horse within theirs, each facing it."""
    danger = 0.0
    box = bounds_of(end)
    farthest = state.rules.epidromos.longest + 1.0
    # only the enemies the index finds within the longest charge of any chart (+1)
    for e in state.near(box, farthest + EPSILON, state.enemy_of(side)):
        if not e.ready:
            continue
        chart = e.card.charts.epidromos
        if chart is None:
            continue
        longest = state.rules.epidromos.chart(chart).max_distance + 1.0
        if box_gap(box, e.block.bounds) > longest + EPSILON:
            continue  # too far from every body: the gap is never more than the distance
        for b in end:
            if e.block.distance(b) <= longest and \
                    aspect_struck(b, e.block) is not Aspect.REAR:
                danger += 2.0 if e.hoplite or e.horse else 1.0
                break
    return danger


def _lights_score(state: State, d: Division, plan: Plan) -> float:
    """Screen and harass: within range of the enemy's phalanx, beyond the reach of its
    charge and of horse; clear of the front of one's own phalanx once it approaches."""
    end = plan.end
    pieces = state.members(d)
    card = pieces[0].card
    rng = card.belos.range if card.belos else 4.0
    if not _ready_kinds(state, state.enemy_of(d.side))[0]:
        return 0.0
    gap = min(state.nearest(b, state.enemy_of(d.side), _ready)[1] for b in end)
    want = max(rng - 0.5, LIGHTS_CLEAR) if card.belos and rng >= LIGHTS_CLEAR else rng
    score = abs(gap - want) + 6.0 * _danger(state, d.side, end)
    signal = signal_of(state, d)
    if signal in (Signal.BEGIN_APPROACH, Signal.CHARGE):
        score += 4.0 * _before_core(state, d.side, end)
    return score + _through(state, d, plan)


def _before_core(state: State, side: str, end: Sequence[Block]) -> int:
    """How many (core piece, block of ``end``) pairs have the block within 8 inches in
    front of the piece: the lights in the way of their own phalanx's approach (only the
    pieces the index finds within 8 inches of a block are measured)."""
    core = {u for o in state.side_divisions(side) if o.core for u in o.units}
    count = 0
    for b in end:
        for p in state.near(b.bounds, 8.0, side):
            if p.ready and p.id in core and p.block.in_zone(b, Edge.FRONT, 8.0):
                count += 1
    return count


def _horse_score(state: State, d: Division, plan: Plan) -> float:
    """Guard the flank of the line: stay beside its end, facing the enemy; close on
    enemy lights and horse that come near; keep off the front of formed hoplites."""
    end = plan.end
    here = centre_of(end)
    enemy = state.enemy_of(d.side)
    if not _ready_kinds(state, enemy)[0]:
        return 0.0
    fx, fy = _forward(state, d.side)
    station = _station(state, d, fx, fy)
    score = 0.0 if station is None else _dist(here, station) * 0.5
    # the nearest soft enemy by centre, from the index
    near = _nearest_centre(state, here, enemy, _soft)
    if near is not None:
        gap = min(b.distance(near.block) for b in end)
        if gap < 18.0:
            score = min(score, gap * 0.3)
    # formed hoplites whose front zone of 8 inches holds a block of the end: only those
    # the index finds within 8 inches of the end (a zone's distance is never less than
    # the gap between the boxes)
    for e in state.near(bounds_of(end), 8.0 + EPSILON, enemy):
        if e.ready and e.hoplite and not e.disarrayed:
            for b in end:
                if e.block.in_zone(b, Edge.FRONT, 8.0):
                    score += 8.0
                    break
    return score + _through(state, d, plan)


def _soft(piece: Piece) -> bool:
    return piece.ready and (not piece.hoplite or piece.disarrayed)


def _station(state: State, d: Division, fx: float, fy: float) -> tuple[float, float] | None:
    """Where the horse of ``d`` guards the flank of its line facing along ``fx, fy``:
    4 inches beyond the end of the core on its own side, level with the core's front
    (None: no core left). Kept until a piece of the side changes."""
    kept: dict[tuple[float, float], tuple[float, float] | None] = state.of_side(
        d.side, ("station", d.id), dict)
    if (fx, fy) not in kept:
        mine = [p for o in state.side_divisions(d.side) if o.core
                for p in state.members(o)]
        rx, ry = fy, -fx
        station = None
        if mine:
            across = [p.block.centre[0] * rx + p.block.centre[1] * ry for p in mine]
            start = centre_of([p.block for p in state.members(d)])
            right = (start[0] * rx + start[1] * ry) >= sum(across) / len(across)
            edge = max(across) + 4.0 if right else min(across) - 4.0
            front = max(p.block.centre[0] * fx + p.block.centre[1] * fy for p in mine)
            station = (edge * rx + front * fx, edge * ry + front * fy)
        kept[(fx, fy)] = station
    return kept[(fx, fy)]


def _through(state: State, d: Division, plan: Plan) -> float:
    """Passing through friends disarrays both (but psiloi through stationary Open
    Files): a heavy price."""
    rule = state.rules.movement.interpenetration
    cost = 0.0
    for k in plan.through:
        friend = state.by_id[k]
        if rule.disarrays(d.card, friend.arrangement, friend.moved_turn != state.turn):
            cost += 20.0
    return cost

