"""Melee in play: lochoi overlapping the enemy line lap the end lochos; a Crafty
Hegemon's One Step More!; every pair of enemy pieces in contact fights, epidromos
melees (a charge home this turn, with momentum) first, then othismoi (the rolled
shove, depth, hamippoi, ground given); each side's aspect, gaps, terrain and disarray
feed :func:`~.melee.exchange`, and the Melee Resolution Chart's result is carried out
(pushed back and followed up, broken into, broken and pursued, slaughtered, both
disordered, the melee Andreia check); horse retreat from horse after two turns of
othismos and from foot they fail to break into; routers caught are destroyed."""

from __future__ import annotations

from collections.abc import Generator, Hashable, Sequence

from ancients.battle import Decision, Phase
from ancients.hoplomachia.andreia import AndreiaResult, Trigger
from ancients.hoplomachia.checks import andreia, epilektoi_adjustment
from ancients.hoplomachia.decisions import NO_LAP, Kind, Lap, Points
from ancients.hoplomachia.flight import destroy, disarray, evade, pursue, rout, worse
from ancients.hoplomachia.geometry import STEP, advance, aspect_struck, bearing_to, box_gap
from ancients.hoplomachia.melee import (
    Engaged,
    GroundGiven,
    LoserFate,
    MeleeKind,
    MeleeOutcome,
    attack_total,
    defence_total,
    exchange,
    shield_momentum,
)
from ancients.hoplomachia.pieces import Piece, Status
from ancients.hoplomachia.precedence import alternate
from ancients.hoplomachia.state import State, position
from ancients.hoplomachia.vocabulary import Category
from ancients.tabletop import EPSILON, Block, Terrain, normalise_angle
from ancients.tabletop import Aspect as Edge
from ancients.tabletop.index import boxes_meet

__all__ = ["engaged_side", "melee_phase", "pairs"]

Steps = Generator[Decision | Phase, Hashable, None]


def pairs(state: State) -> list[tuple[Piece, Piece]]:
    """Every pair of enemy pieces in contact, both ready (the first of the first side)."""
    out = []
    for p in state.ready(state.sides[0]):
        for e in state.contacts(p):
            if e.ready:
                out.append((p, e))
    return out


def _open_side(state: State, piece: Piece, right: bool) -> bool:
    """No friend stands within the gap width beside the piece on that side."""
    width = state.rules.melee.gap_width
    edge = Edge.RIGHT if right else Edge.LEFT
    # only the friends the index finds within the gap width of the piece
    for f in state.near(piece.block.bounds, width + EPSILON, piece.side):
        if f.id == piece.id or not f.ready:
            continue
        b = f.block
        if piece.block.distance(b) <= width + EPSILON and \
                piece.block.aspect_of(b.centre) is edge:
            return False
    return True


def _overlapped(state: State, piece: Piece, right: bool) -> bool:
    """An enemy in contact with the piece reaches past its edge on that side (by half a
    stand at least), or touches that flank."""
    b = piece.block
    half = b.frontage / 2.0
    margin = b.base_width / 2.0
    for e in state.contacts(piece):
        edge = b.contact_edge(e.block)
        if edge is (Edge.RIGHT if right else Edge.LEFT):
            return True
        xs = [b.local(c)[0] for c in e.block.corners]
        if right and max(xs) >= half + margin - EPSILON:
            return True
        if not right and min(xs) <= -half - margin + EPSILON:
            return True
    return False


def _gap(state: State, piece: Piece) -> bool:
    """Hoplomachia, Melee (gaps): a gap over 1/2 inch beside the piece next to an
    overlapping enemy, or an exposed unshielded flank."""
    rules = state.rules.melee
    wide = rules.gap_width + 0.01
    left = _open_side(state, piece, right=False)
    right = _open_side(state, piece, right=True)
    over_left = left and _overlapped(state, piece, right=False)
    over_right = right and _overlapped(state, piece, right=True)
    # the unshielded flank is the right: exposed with no friend beside it, whether an
    # enemy overlaps it or not
    return rules.gap_applies(wide if over_left or over_right else 0.0,
                             over_left or over_right, right)


def _terrain(state: State, piece: Piece, enemy: Piece) -> tuple[str, ...]:
    """The defender's terrain among its shield modifiers: uphill of its enemy, behind
    works, in broken ground."""
    out = []
    here = state.table.terrain_at(piece.block.centre)
    there = state.table.terrain_at(enemy.block.centre)
    if here is Terrain.HILL and there is not Terrain.HILL:
        out.append("uphill")
    names = {str(a.prop("hoplomachia", "")) for a in state.table.areas_at(piece.block.centre)}
    if "works" in names:
        out.append("obstacle")
    if names & {"broken", "vineyard"}:
        out.append("broken")
    return tuple(t for t in out if t in state.rules.melee.terrain)


def engaged_side(state: State, piece: Piece, enemy: Piece, kind: MeleeKind,
                 one_step_more: int = 0) -> Engaged:
    """The piece as one side of a melee against ``enemy``."""
    rules = state.rules
    aspect = aspect_struck(piece.block, enemy.block)
    own = piece.momentum if piece.charged_turn == state.turn else 0
    theirs = enemy.momentum if enemy.charged_turn == state.turn else 0
    momentum = shield_momentum(state.opts.shield_momentum, own, theirs) \
        if kind is MeleeKind.EPIDROMOS else 0
    return Engaged(piece.card, state.armies[piece.side].arete.level, aspect=aspect,
                   stands=piece.stands, disarrayed=piece.disarrayed,
                   hamippoi=rules.cards.hamippoi if piece.hamippoi else None,
                   gap=_gap(state, piece), terrain=_terrain(state, piece, enemy),
                   ground_given=piece.ground_given if kind is MeleeKind.OTHISMOS
                   else GroundGiven.NONE, shield_momentum=momentum,
                   depth_always=state.opts.depth == "every",
                   one_step_more=one_step_more if kind is MeleeKind.OTHISMOS and
                   piece.category in rules.melee.depth_categories else 0)


def melee_phase(state: State) -> Steps:
    """Hoplomachia, Action Strophe: melee, epidromoi then othismoi."""
    _caught(state)
    yield from _lapping(state)
    found = pairs(state)
    if not found:
        return
    bonus = yield from _one_step_more(state, found)
    divisions = list({state.divisions[p.division].id: state.divisions[p.division]
                      for pair in found for p in pair}.values())
    ordered = yield from alternate(state, "melee", divisions)
    rank = {d.id: i for i, d in enumerate(ordered)}

    def key(pair: tuple[Piece, Piece]) -> tuple[int, int, str, str]:
        a, b = pair
        epidromos = a.charged_turn == state.turn or b.charged_turn == state.turn
        return (0 if epidromos else 1, min(rank[a.division], rank[b.division]), a.id, b.id)
    consumed: set[str] = set()
    for a, b in sorted(found, key=key):
        if not (a.ready and b.ready) or b not in state.contacts(a):
            continue
        kind = MeleeKind.EPIDROMOS if (a.charged_turn == state.turn
                                       or b.charged_turn == state.turn) else MeleeKind.OTHISMOS
        yield from _fight(state, a, b, kind, bonus, consumed)


def _caught(state: State) -> None:
    """Hoplomachia, Rout: routers in contact with the enemy are destroyed (slaughtered
    if caught from more than one side)."""
    for p in [q for q in state.present() if q.status is Status.ROUTING]:
        foes = [e for e in state.contacts(p) if e.ready]
        if not foes:
            continue
        edges = {p.block.contact_edge(e.block) for e in foes} - {None}
        if state.rules.melee.routers_slaughtered(len(edges)):
            destroy(state, p, "caught from more than one side")
        else:
            destroy(state, p, f"caught by {foes[0].name}", counted=False)


def _one_step_more(state: State, found: Sequence[tuple[Piece, Piece]]
                   ) -> Generator[Decision | Phase, Hashable, dict[str, int]]:
    """Hoplomachia, Othismos: a Crafty Hegemon with more than half his hoplites in
    othismos may call One Step More! for 1 or 2 Arete."""
    rule = state.rules.melee.one_step_more
    out: dict[str, int] = {}
    for side in state.sides:
        h = state.hegemon(side)
        crafty = h is not None and state.rules.strategoi.effect(h.character).one_step_more
        hoplites = [p for p in state.ready(side) if p.hoplite]
        pushing = {p.id for pair in found for p in pair if p.side == side and p.hoplite
                   and p.charged_turn != state.turn}
        army = state.armies[side]
        if not rule.may_call(crafty, len(pushing), len(hoplites), army.one_step_more):
            continue
        options = [Points(0, "one step more"), *(Points(c, "one step more")
                                                 for c in rule.costs)]
        choice = yield Decision(side, Kind.ONE_STEP_MORE, options,
                                prompt="call One Step More!")
        assert isinstance(choice, Points)
        if choice.value:
            army.one_step_more += 1
            state.emit("one step more", f"{army.title}: One Step More!", side=side,
                       cost=choice.value, bonus=rule.shove_bonus(choice.value))
            state.gain(side, -choice.value, "One Step More!")
            out[side] = rule.shove_bonus(choice.value)
    return out


def _fight(state: State, a: Piece, b: Piece, kind: MeleeKind, bonus: dict[str, int],
           consumed: set[str]) -> Steps:
    rules = state.rules.melee
    ea = engaged_side(state, a, b, kind, bonus.get(a.side, 0))
    eb = engaged_side(state, b, a, kind, bonus.get(b.side, 0))
    for p in (a, b):
        if p.id not in consumed:  # last turn's ground given counts once
            consumed.add(p.id)
            p.ground_given = GroundGiven.NONE
    if kind is MeleeKind.EPIDROMOS:
        rolls = (a.momentum if a.charged_turn == state.turn else 0,
                 b.momentum if b.charged_turn == state.turn else 0)
    else:
        # Hoplomachia, Epilektoi: "any roll", the shove too (declared before it)
        adjust_a = yield from epilektoi_adjustment(state, a.side, [a],
                                                   f"{a.name}'s othismos shove")
        adjust_b = yield from epilektoi_adjustment(state, b.side, [b],
                                                   f"{b.name}'s othismos shove")
        rolls = (rules.roll_shove(state.dice, a.id, adjust_a),
                 rules.roll_shove(state.dice, b.id, adjust_b))
    out = exchange(rules, ea, eb, kind, rolls)
    totals = [attack_total(rules, ea, kind, rolls[0]).value,
              defence_total(rules, ea).value,
              attack_total(rules, eb, kind, rolls[1]).value, defence_total(rules, eb).value]
    loser = None if out.loser is None else (a, b)[out.loser]
    state.emit("melee", f"{a.name} and {b.name}: {kind}: {out.levels[0]} against "
               f"{out.levels[1]}: {out.result}" + (f" ({loser.name})" if loser else ""),
               side=None, units=(a.id, b.id), melee=str(kind), first=a.id, second=b.id,
               bonus=list(rolls), attack=[totals[0], totals[2]],
               shield=[totals[1], totals[3]], levels=[str(x) for x in out.levels],
               result=str(out.result), loser=loser.id if loser else None,
               aspects=[str(ea.aspect), str(eb.aspect)])
    state.record.in_melee.update((a.id, b.id))
    for p in (a, b):
        p.othismos_turns = p.othismos_turns + 1 if kind is MeleeKind.OTHISMOS else 0
    yield from _follow_up(state, a, b, out, kind)


def _follow_up(state: State, a: Piece, b: Piece, out: MeleeOutcome, kind: MeleeKind
               ) -> Steps:
    """Hoplomachia, Melee results: carry out the chart's result and its follow-ups."""
    rules = state.rules.melee
    follow = rules.results[out.result]
    loser = None if out.loser is None else (a, b)[out.loser]
    winner = None if out.loser is None else (b, a)[out.loser]
    if follow.both_disarrayed:
        disarray(state, a, str(out.result))
        disarray(state, b, str(out.result))
    if loser is not None and winner is not None:
        if follow.ground_given is not GroundGiven.NONE:
            loser.ground_given = follow.ground_given
        if follow.loser is LoserFate.PUSHED_BACK:
            _push_back(state, loser, winner, follow.push)
        elif follow.loser is LoserFate.ROUTS:
            _broke(state, loser, winner, str(out.result))
        elif follow.loser is LoserFate.DESTROYED:
            destroy(state, loser, f"slaughtered by {winner.name}")
            state.division_of(winner).routed_opponents_turn = state.turn
    for i, broken in enumerate(out.broken):  # the Arete threshold exceeded
        p, foe = (a, b) if i == 0 else (b, a)
        if broken and p.ready:
            _broke(state, p, foe, "its Arete threshold exceeded")
    if loser is not None and winner is not None and follow.melee_check and loser.ready:
        check = yield from andreia(state, state.division_of(loser), Trigger.MELEE_RESULT,
                                   enemy=winner, pieces=[loser])
        r = check.result
        if r is AndreiaResult.DISARRAY:
            disarray(state, loser, "melee")
        elif r is AndreiaResult.WORSE:
            worse(state, loser, winner, "melee")
        elif r is AndreiaResult.ROUT:
            _broke(state, loser, winner, "melee check")
        elif r is AndreiaResult.EVADE:
            evade(state, loser, winner, "melee check")
    _horse(state, a, b, out, kind)


def _broke(state: State, loser: Piece, winner: Piece, why: str) -> None:
    """The loser routs (a casualty counter where it broke); the winner pursues."""
    if not loser.ready:
        return
    rout(state, loser, winner, why, combat=True)
    state.division_of(winner).routed_opponents_turn = state.turn
    if winner.ready and not state.engaged(winner) and loser.status is Status.ROUTING:
        pursue(state, winner, loser)


def _push_back(state: State, loser: Piece, winner: Piece, depths: int) -> None:
    """Hoplomachia, Melee results: pushed back one base depth, the winner following up."""
    inches = depths * loser.block.base_depth
    back = advance([loser.block], -inches)[0]
    others = [o for o in state.others([loser]) if o.id != winner.id]
    if not state.table.contains(back) or any(back.overlaps(o.block) for o in others):
        state.emit("pushed back", f"{loser.name}: cannot give ground", side=loser.side,
                   units=(loser.id,), unit=loser.id, by=winner.id, inches=0.0,
                   to=position(loser.block), pusher_to=position(winner.block))
        return
    loser.block = back
    ahead = advance([winner.block], inches, normalise_angle(loser.block.facing + 180.0))[0]
    if state.table.contains(ahead) and not any(
            ahead.overlaps(o.block) for o in state.others([winner])):
        winner.block = ahead
    if loser.hoplite:
        state.record.retreat.add(loser.side)
    state.emit("pushed back", f"{loser.name}: pushed back {inches:g}\" by {winner.name}",
               side=loser.side, units=(loser.id, winner.id), unit=loser.id, by=winner.id,
               inches=inches, to=position(loser.block), pusher_to=position(winner.block))


def _horse(state: State, a: Piece, b: Piece, out: MeleeOutcome, kind: MeleeKind) -> None:
    """Hoplomachia, Othismos and Epidromos: horse against horse retreat after two turns
    of othismos; horse that fails to break into foot in an epidromos retreats a move."""
    rules = state.rules.melee.horse
    if not (a.ready and b.ready):
        return
    if a.horse and b.horse and kind is MeleeKind.OTHISMOS and \
            rules.retreat_from_horse(min(a.othismos_turns, b.othismos_turns)):
        _retreat(state, a, b, "horse against horse")
        _retreat(state, b, a, "horse against horse")
        return
    if kind is MeleeKind.EPIDROMOS:
        for i, (h, foe) in enumerate(((a, b), (b, a))):
            if h.horse and not foe.horse and h.charged_turn == state.turn and \
                    rules.retreat_from_foot(out, i):
                _retreat(state, h, foe, "failed to break into foot")


def _retreat(state: State, piece: Piece, foe: Piece, why: str) -> None:
    """Back a move from ``foe``, facing it (it regroups)."""
    d = piece.card.movement.loose
    others = state.others([piece])
    start = position(piece.block)
    away = bearing_to(foe.block, piece.block)
    while d > 0.0:
        b = advance([piece.block], d, away)[0]
        if state.table.contains(b) and not any(b.overlaps(o.block) or
                                               b.distance(o.block) <= EPSILON for o in others):
            piece.block = b
            piece.othismos_turns = 0
            state.emit("retreats", f"{piece.name}: retreats {d:g}\" ({why})", side=piece.side,
                       units=(piece.id,), unit=piece.id, reason=why, distance=d,
                       **{"from": start, "to": position(b)})
            return
        d -= STEP


# -- lapping ----------------------------------------------------------------------------------
def _lap_block(piece: Piece, target: Piece, edge: Edge) -> Block:
    """The piece wheeled onto ``target``'s flank: its front against that flank edge,
    from the enemy's front corner back."""
    tb = target.block
    corner = tb.corners[1] if edge is Edge.RIGHT else tb.corners[0]
    fx, fy = tb.forward
    half = piece.block.frontage / 2.0
    x, y = corner[0] - fx * half, corner[1] - fy * half
    facing = tb.edge_facing(edge) + 180.0
    return Block(x, y, facing, piece.block.files, piece.block.ranks,
                 piece.block.base_width, piece.block.base_depth)


def lap_options(state: State, piece: Piece) -> list[tuple[Piece, Block]]:
    """Hoplomachia, Melee (lapping): a lochos free of melee beside a friend in melee may
    wheel onto the open flank of the enemy lochos its friend fights, if its front
    overlaps that enemy's line and nothing stands in the way."""
    if piece.category not in (Category.HOPLITE, Category.PELTAST) or state.engaged(piece):
        return []
    out = []
    width = state.rules.melee.gap_width + EPSILON
    here = piece.block
    others = state.others([piece])
    for friend in state.fighting(piece.side):
        if friend.id == piece.id or box_gap(here.bounds, friend.block.bounds) > width + EPSILON or \
                here.distance(friend.block) > width:
            continue
        for e in state.contacts(friend):
            if not e.ready:
                continue
            for edge in (Edge.LEFT, Edge.RIGHT):
                if state.contacts(e) and any(e.block.contact_edge(x.block) is edge
                                             for x in state.contacts(e)):
                    continue
                block = _lap_block(piece, e, edge)
                if block.centre == piece.block.centre:
                    continue
                if piece.block.distance(block) > piece.block.frontage or \
                        not state.table.contains(block):
                    continue
                if any(boxes_meet(block.bounds, o.block.bounds, EPSILON)
                       and block.overlaps(o.block) for o in others):
                    continue
                if not _open_flank(state, e, edge):
                    continue
                out.append((e, block))
    uniq: dict[str, tuple[Piece, Block]] = {}
    for e, blk in out:
        uniq.setdefault(e.id, (e, blk))
    return list(uniq.values())


def _open_flank(state: State, enemy: Piece, edge: Edge) -> bool:
    """No friend of the enemy stands beside it on that flank."""
    width = state.rules.melee.gap_width + EPSILON
    here = enemy.block
    for f in state.ready(enemy.side):
        if f.id != enemy.id and box_gap(here.bounds, f.block.bounds) <= width + EPSILON and \
                here.distance(f.block) <= width and here.aspect_of(f.block.centre) is edge:
            return False
    return True


def _lapping(state: State) -> Steps:
    """Each lochos that may lap decides whether to."""
    for side in state.sides:
        for p in state.ready(side):
            found = lap_options(state, p)
            if not found:
                continue
            options = [NO_LAP, *(Lap(e.id) for e, _ in found)]
            choice = yield Decision(side, Kind.LAP, options, unit=p.id,
                                    prompt="lap the end of the enemy line")
            assert isinstance(choice, Lap)
            if not choice.target:
                continue
            e, block = next(x for x in found if x[0].id == choice.target)
            if any(block.overlaps(o.block) for o in state.others([p])):
                continue
            start = position(p.block)
            p.block = block
            p.moved_turn = state.turn
            state.emit("lap", f"{p.name}: laps {e.name}", side=side, units=(p.id, e.id),
                       unit=p.id, target=e.id, **{"from": start, "to": position(block)})
