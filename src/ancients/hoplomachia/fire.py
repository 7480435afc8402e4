"""Belos in play: who may shoot at whom (each front stand straight ahead or within 22
degrees, in range, over a phalanx only from uphill), spreading fire (one stand per
stand unless impossible, the rest concentrating), belos charges (in range and back),
each target's belos check and its reaction carried out at once (the worst taxis-level
reaction for the whole taxis), Ekdromoi, and the Defensive Belos phase. Fire never
removes a figure."""

from __future__ import annotations

import itertools
import math
from collections.abc import Generator, Hashable, Sequence

import attrs

from ancients.battle import Decision, Phase
from ancients.hoplomachia.arete import AreteEvent
from ancients.hoplomachia.belos import (
    BelosReaction,
    BelosSupply,
    Intensity,
    belos_check,
    intensity,
)
from ancients.hoplomachia.checks import epilektoi_adjustment
from ancients.hoplomachia.command import Signal
from ancients.hoplomachia.decisions import HOLD_FIRE, NO, YES, Fire, Kind
from ancients.hoplomachia.flight import destroy, disarray, evade, hamippoi_moved, rout
from ancients.hoplomachia.geometry import (
    STEP,
    advance,
    aspect_struck,
    bearing_to,
    box_gap,
    clearance,
    face,
    straight_path,
    wheel,
    wheel_path,
)
from ancients.hoplomachia.pieces import Division, Piece
from ancients.hoplomachia.precedence import alternate
from ancients.hoplomachia.state import State, position
from ancients.hoplomachia.vocabulary import Arrangement, Category
from ancients.hoplomachia.vocabulary import Aspect as Struck
from ancients.tabletop import EPSILON, Arc, Aspect, Block, Terrain, normalise_angle

__all__ = ["Volley", "belos_phase", "extra_stands", "front_stands", "frontage", "hill_under",
           "shoot", "shooters", "shot_intensity", "stand_targets", "targets", "volley",
           "volleys", "weighed"]

Steps = Generator[Decision | Phase, Hashable, None]


def _supply(p: Piece) -> BelosSupply:
    return BelosSupply(p.card, p.belos_charges, p.shots)


def hill_under(state: State, block: Block) -> bool:
    """The block's centre stands on a hill."""
    return state.table.terrain_at(block.centre) is Terrain.HILL


def _behind_works(state: State, target: Block) -> bool:
    """Hoplomachia, Belos (cover): the target stands in works (walls, palisades)."""
    return any(str(a.prop("hoplomachia", "")) == "works"
               for a in state.table.areas_at(target.centre))


def _range(state: State, shooter: Piece, target: Piece, belos_charge: bool = False) -> float:
    higher = hill_under(state, shooter.block) and not hill_under(state, target.block)
    return state.rules.belos.fire.range_of(shooter.card, belos_charge, higher)


def _sight(state: State, shooter: Piece, target: Piece, block: Block | None = None) -> bool:
    """The shot from ``block`` (a stand of the shooter; default the whole piece) is not
    blocked by another unit, unless over a phalanx from uphill when neither moved
    (Hoplomachia, Belos)."""
    eye = shooter.block if block is None else block
    others = [p for p in state.present() if p.id not in (shooter.id, target.id)]
    between = [p.block for p in others]
    table = state.table
    if table.line_of_sight(eye, target.block, between):
        return True
    if not table.line_of_sight(eye, target.block):  # the ground hides it
        return False
    hit = {id(b) for b in table.sight_blockers(eye, target.block, between)}
    uphill = hill_under(state, shooter.block)
    fire = state.rules.belos.fire
    return all(b.hoplite and fire.may_fire_over(uphill, shooter.moved_turn == state.turn,
                                                b.moved_turn == state.turn)
               for b in others if id(b.block) in hit)


def shooters(state: State, division: Division) -> list[Piece]:
    """The division's pieces that may shoot: with a Belos, free of melee, with shots."""
    out = []
    for p in state.members(division):
        if p.card.belos is None or state.engaged(p):
            continue
        if not _supply(p).may_shoot(state.rules.belos, state.opts.count_arrows):
            continue
        out.append(p)
    return out


def front_stands(block: Block) -> list[Block]:
    """Hoplomachia, Belos (only front ranks fire): the stands of a block's front rank,
    each a block of one stand, from its right."""
    w = block.base_width
    half = (block.files - 1) / 2.0
    out = []
    for j in range(block.files - 1, -1, -1):
        x, y = block.world((j - half) * w, 0.0)
        out.append(block.derived(x, y, block.facing, 1, 1))
    return out


def _in_range(state: State, shooter: Piece, only: Sequence[str] | None
              ) -> list[tuple[Piece, float]]:
    """The ready enemies (of ``only``) within the shooter's range of them, each with
    that range, in table order."""
    out = []
    box = shooter.block.bounds
    for e in state.ready(state.enemy_of(shooter.side)):
        if only is not None and e.id not in only:
            continue
        reach = _range(state, shooter, e) + 1e-9
        if box_gap(box, e.block.bounds) > reach + EPSILON:
            continue  # the boxes' gap is never more than the distance
        if shooter.block.distance(e.block) <= reach:
            out.append((e, reach))
    return out


def stand_targets(state: State, shooter: Piece, stand: Block,
                  only: Sequence[str] | None = None,
                  near: Sequence[tuple[Piece, float]] | None = None) -> list[Piece]:
    """Hoplomachia, Belos (who fires): what one front stand may fire at, the nearest
    first: every enemy unit directly ahead of it in range (it must fire at one of them);
    if none, every one within 22 degrees of its front (it may deviate); never through
    other units. ``near``: the shooter's enemies in range (``_in_range``), if known."""
    fire = state.rules.belos.fire
    ahead, wide = [], []
    # the stand is part of the shooter's block: never nearer to anyone than it
    for e, reach in (_in_range(state, shooter, only) if near is None else near):
        d = stand.distance(e.block)
        if d > reach:
            continue
        if stand.zone_distance(e.block, Aspect.FRONT) <= reach:
            ahead.append((d, e.id, e))
        elif stand.in_arc(e.block, Arc(fire.arc)):
            wide.append((d, e.id, e))
    ahead = [t for t in sorted(ahead) if _sight(state, shooter, t[2], stand)]
    if ahead:
        return [e for _, _, e in ahead]
    return [e for _, _, e in sorted(wide) if _sight(state, shooter, e, stand)]


def targets(state: State, shooter: Piece, only: Sequence[str] | None = None) -> list[Piece]:
    """Hoplomachia, Belos (who fires): the enemy units any of the shooter's front stands
    may fire at, the nearest first."""
    found: dict[str, tuple[float, Piece]] = {}
    near = _in_range(state, shooter, only)
    for stand in front_stands(shooter.block):
        for e in stand_targets(state, shooter, stand, near=near):
            d = stand.distance(e.block)
            if e.id not in found or d < found[e.id][0]:
                found[e.id] = (d, e)
    return [e for _, e in sorted(found.values(), key=lambda t: (t[0], t[1].id))]


#: a stand weighs at most this many of its targets, the nearest (the ways of firing
#: grow as their power; no table holds more within one stand's arc and range)
_MOST = 6
#: the most ways of firing weighed for one unit: a wide unit with many targets in reach
#: weighs fewer of each stand's (the nearest), so that a volley never stalls the battle
_WAYS = 4096


def weighed(reach: Sequence[int]) -> int:
    """How many of its nearest targets each firing stand weighs, given how many each
    may fire at: at most :data:`_MOST`, fewer where their ways would pass
    :data:`_WAYS` (never fewer than one)."""
    k = _MOST
    while k > 1 and math.prod(min(n, k) for n in reach) > _WAYS:
        k -= 1
    return k


@attrs.frozen
class Volley:
    """Where a shooter's front stands fire (Hoplomachia, Belos: spreading fire): each
    target unit with the number of stands firing at it, in the order of the stands from
    the shooter's right."""

    hits: tuple[tuple[str, int], ...]

    @property
    def targets(self) -> tuple[str, ...]:
        return tuple(t for t, _ in self.hits)

    def stands_on(self, target: str) -> int:
        return sum(n for t, n in self.hits if t == target)


def frontage(state: State, shooter: Piece, target: Piece) -> int:
    """Hoplomachia, Belos (spreading fire): how many firing stands a target takes one to
    one before more concentrate: its stands facing the shooter (its files struck on its
    front or rear, its ranks on a flank) by the default reading, one a unit by the
    other (option ``spread_fire``)."""
    if state.opts.spread_fire == "unit":
        return 1
    aspect = aspect_struck(target.block, shooter.block)
    front = aspect in (Struck.FRONT, Struck.REAR)
    return target.block.files if front else target.block.ranks


def extra_stands(state: State, shooter: Piece, target: Piece, stands: int) -> int:
    """Hoplomachia, Belos: the stands concentrating on ``target`` (+1 each): those of
    the ``stands`` firing at it beyond one to each stand of its frontage."""
    return max(0, stands - frontage(state, shooter, target))


def volleys(state: State, shooter: Piece, only: Sequence[str] | None = None
            ) -> dict[str, Volley]:
    """Hoplomachia, Belos (spreading fire, one stand per stand unless impossible): the
    ways the shooter's front stands may fire, each under the target unit the commander
    names (the stands left free fire at it where they can), the nearest first; none if
    no stand has a target.

    Each stand fires at a unit directly ahead of it, else at one within 22 degrees.
    Among those assignments the spread ones are legal: as many enemy units hit as the
    stands can reach, then as many stands of their frontage as can be one to one; the
    stands beyond concentrate. Among the spread ones, the named unit takes most, then
    the nearest targets."""
    stands = front_stands(shooter.block)
    near = _in_range(state, shooter, only)
    reach = [stand_targets(state, shooter, s, near=near) for s in stands]
    firing = [i for i, r in enumerate(reach) if r]
    if not firing:
        return {}
    k = weighed([len(reach[i]) for i in firing])
    reach = [r[:k] for r in reach]
    units = {e.id: e for r in reach for e in r}
    width = {u: frontage(state, shooter, e) for u, e in units.items()}
    gap = {(i, e.id): stands[i].distance(e.block) for i in firing for e in reach[i]}
    best: list[tuple[tuple[str, ...], float]] = []
    top: tuple[int, int] | None = None
    for pick in itertools.product(*(reach[i] for i in firing)):
        ids = tuple(e.id for e in pick)
        count: dict[str, int] = {}
        for u in ids:
            count[u] = count.get(u, 0) + 1
        score = (len(count), sum(min(n, width[u]) for u, n in count.items()))
        if top is None or score > top:
            top, best = score, []
        if score == top:
            best.append((ids, sum(gap[i, u] for i, u in zip(firing, ids, strict=True))))
    order = sorted(units, key=lambda u: (min(gap[i, v] for i, v in gap if v == u), u))
    out: dict[str, Volley] = {}
    seen: set[Volley] = set()
    for focus in order:
        ids, _ = max(best, key=lambda b: (b[0].count(focus), -b[1]))
        if focus not in ids:
            continue
        hits: dict[str, int] = {}
        for u in ids:
            hits[u] = hits.get(u, 0) + 1
        v = Volley(tuple(hits.items()))
        if v not in seen:
            seen.add(v)
            out[focus] = v
    return out


def _charge_targets(state: State, shooter: Piece, only: Sequence[str] | None) -> list[Piece]:
    """Belos charge: hippeis, peltastes and psiloi in Open or No Files, facing the target,
    run up to be in range (+1 inch) and back."""
    rules = state.rules.belos
    if shooter.arrangement is Arrangement.CLOSE_FILES or \
            not _supply(shooter).may_belos_charge(rules):
        return []
    reach = shooter.rate() + rules.fire.range_of(shooter.card, True)
    out = []
    # only the enemies the index finds within the run and the range of the shooter
    for e in state.near(shooter.block.bounds, reach, state.enemy_of(shooter.side)):
        if not e.ready or (only is not None and e.id not in only):
            continue
        d = shooter.block.distance(e.block)
        if _range(state, shooter, e) < d <= reach and \
                shooter.block.in_arc(e.block, Arc(45.0)):
            out.append((d, e.id, e))
    return [e for _, _, e in sorted(out)[:3]]


def belos_phase(state: State, defensive: bool = False) -> Steps:
    """Hoplomachia, Action Strophe: Offensive Belos (each shooter fires, spreading its
    stands' fire, belos-charges or holds fire), or Defensive Belos (those that held fire
    shoot at chargers)."""
    state.record.reacted.clear()
    phase = "defensive belos" if defensive else "offensive belos"
    only = sorted(state.record.charged) if defensive else None
    if defensive and not only:
        return
    divisions = [d for d in state.divisions.values() if shooters(state, d)]
    if not divisions:
        return
    ordered = yield from alternate(state, phase, divisions)
    for d in ordered:
        for p in shooters(state, d):
            if defensive and p.fired_turn == state.turn:
                continue
            ways = volleys(state, p, only)
            charges = [] if defensive else _charge_targets(state, p, only)
            if not ways and not charges:
                continue
            options = [*(Fire(t) for t in ways), *(Fire(t.id, True) for t in charges),
                       HOLD_FIRE]
            state.menu = {Fire(t): v for t, v in ways.items()}
            choice = yield Decision(p.side, Kind.FIRE, options, unit=p.id,
                                    prompt="shoot (the free stands at a target), belos "
                                           "charge, or hold fire")
            assert isinstance(choice, Fire)
            if not choice.target:
                continue
            if choice.belos_charge:
                yield from shoot(state, p, state.by_id[choice.target], True,
                                 defending=defensive)
            else:
                yield from volley(state, p, ways[choice.target], defending=defensive)


def _loose(state: State, shooter: Piece) -> None:
    """The shooter fires: a toxotes' shot counted (when records are kept)."""
    if state.opts.count_arrows and shooter.category is Category.TOXOTES:
        shooter.shots += 1
    shooter.fired_turn = state.turn


def volley(state: State, shooter: Piece, fire: Volley, defending: bool = False) -> Steps:
    """Hoplomachia, Belos: the shooter's stands fire as ``fire`` spreads them; one
    belos check for each unit hit, with its own intensity and reaction, in the order of
    the stands from the shooter's right (the fire is loosed at once: every check is
    rolled, whatever the reactions before it did)."""
    _loose(state, shooter)
    for target, stands in fire.hits:
        yield from _hit(state, shooter, state.by_id[target], stands, defending=defending)


def shoot(state: State, shooter: Piece, target: Piece, belos_charge: bool = False,
          defending: bool = False, back: bool = True) -> Steps:
    """One unit's front stands all at one target (a belos charge, or a shot with nothing
    else to fire at), and the target's reaction."""
    used = 0.0
    wheeled = 0.0
    if belos_charge:
        used = _run_up(state, shooter, target)
        if used < 0:
            return
        shooter.belos_charges += 1
        if shooter.horse and state.opts.hippeis_wheel == "wheel":
            wheeled, cost = _wheel_to_fire(state, shooter, target)
            used += cost
    _loose(state, shooter)
    chased = yield from _hit(state, shooter, target, shooter.block.files, belos_charge,
                             defending, back)
    if belos_charge and shooter.ready:
        _run_back(state, shooter, target, used, chased, wheeled)


def _wheel_clear(state: State, piece: Piece, angle: float) -> bool:
    """The piece's wheel of ``angle`` stays on the table and meets no one."""
    others = state.others([piece])
    return all(state.table.contains(body[0]) and not any(body[0].overlaps(o.block)
                                                         for o in others)
               for body in wheel_path([piece.block], angle))


def _wheel_to_fire(state: State, shooter: Piece, target: Piece) -> tuple[float, float]:
    """Hoplomachia, Belos charges: "hippeis ilai wheel 90 degrees to fire"
    (``hippeis_wheel="wheel"``, the default): after its run-up the ile wheels 90
    degrees, right if it may, else left, staying in range; (the angle, the inches its
    outer flank rode), or (0, 0) when neither wheel is clear (it fires as it stands)."""
    angle = state.rules.belos.fire.hippeis_wheel
    rng = _range(state, shooter, target, True)
    for a in (angle, -angle):
        body, cost = wheel([shooter.block], a)
        if body[0].distance(target.block) <= rng and _wheel_clear(state, shooter, a):
            before = position(shooter.block)
            shooter.block = body[0]
            state.emit("belos charge wheel", f"{shooter.name}: wheels {abs(a):g} degrees "
                       f"to fire", side=shooter.side, units=(shooter.id,), unit=shooter.id,
                       angle=a, distance=round(cost, 3),
                       **{"from": before, "to": position(shooter.block)})
            return a, cost
    return 0.0, 0.0


def shot_intensity(state: State, shooter: Piece, target: Piece, stands: int,
                   belos_charge: bool = False, defending: bool = False) -> Intensity:
    """Hoplomachia, Belos: the intensity of ``stands`` of the shooter's front stands
    firing at ``target``: its Belos number less the target's shield (none on an
    unshielded flank or rear), +1 for each stand concentrating, -1 moving archers, -1
    cover, +1 belos charge, +1 toxotes' second rank."""
    rules = state.rules.belos
    supply = _supply(shooter)
    psiloi = state.rules.cards[rules.limits.peltast_then]
    return intensity(rules, shooter.card, target.card,
                     aspect=aspect_struck(target.block, shooter.block),
                     extra_stands=extra_stands(state, shooter, target, stands),
                     moving=shooter.moved_turn == state.turn,
                     cover=_behind_works(state, target.block), belos_charge=belos_charge,
                     second_rank=shooter.category is Category.TOXOTES and shooter.block.ranks > 1,
                     belos_number=supply.belos_number(rules, psiloi, defending))


def _hit(state: State, shooter: Piece, target: Piece, stands: int,
         belos_charge: bool = False, defending: bool = False, back: bool = True
         ) -> Generator[Decision | Phase, Hashable, bool]:
    """The belos check of a unit ``stands`` of the shooter's stands fire at, and its
    reaction; True if the shooter is chased by ekdromoi."""
    rules = state.rules.belos
    aspect = aspect_struck(target.block, shooter.block)
    shot = shot_intensity(state, shooter, target, stands, belos_charge, defending)
    state.record.under_fire.add(target.id)
    adjust = 0
    if shot.effective:
        adjust = yield from epilektoi_adjustment(state, target.side, [target],
                                                 f"{target.name}'s belos check")
    level = state.armies[target.side].arete.level
    check = belos_check(rules, target.card, shot, level,
                        epilektoi=state.rules.cards.epilektoi if adjust else None,
                        adjust=adjust)
    out = check.roll(state.dice, target.id)
    reaction = out.reaction
    word = "belos charge at" if belos_charge else "shoots at"
    tail = (f": intensity {out.intensity}, rolled {out.natural} = {out.total} "
            f"({'passed' if out.passed else 'failed'} {check.number}): {reaction}"
            if out.checked else f": intensity {out.intensity}, no effect")
    many = f" ({stands} stands)" if stands != shooter.block.files else ""
    state.emit("belos", f"{shooter.name}: {word} {target.name}{many}{tail}",
               side=shooter.side, units=(shooter.id, target.id), shooter=shooter.id,
               target=target.id, stands=stands, intensity=out.intensity,
               belos_charge=belos_charge, aspect=str(aspect.value),
               checked=out.checked, roll=out.natural, total=out.total,
               number=check.number, passed=out.passed,
               reaction=str(reaction) if reaction else None)
    chased = False
    if reaction is not None:
        chased = yield from _react(state, target, reaction, shooter, back)
    if not chased and reaction is not BelosReaction.EKDROMOI:
        chased = yield from _voluntary_ekdromoi(state, target, shooter)
    return chased


def _run_up(state: State, shooter: Piece, target: Piece) -> float:
    """Move just far enough to be in range (+1 inch in a belos charge); -1 if the way
    is not clear."""
    rng = state.rules.belos.fire.range_of(shooter.card, True)
    faced = face([shooter.block], bearing_to(shooter.block, target.block))[0]
    need = max(0.0, faced.distance(target.block) - rng + 0.05)
    path = straight_path([faced], need) if need > 0 else [[faced]]
    ok = clearance(state.table, [shooter], path, state.others([shooter])).ok
    if not ok:
        state.emit("belos charge blocked", f"{shooter.name}: no way to {target.name}",
                   side=shooter.side, units=(shooter.id,), unit=shooter.id, target=target.id)
        return -1.0
    before = position(shooter.block)
    shooter.block = path[-1][0]
    shooter.moved_turn, shooter.moved = state.turn, need
    state.emit("belos charge", f"{shooter.name}: runs up {need:.1f}\" at {target.name}",
               side=shooter.side, units=(shooter.id,), unit=shooter.id, target=target.id,
               distance=round(need, 3), **{"from": before, "to": position(shooter.block)})
    return need


def _run_back(state: State, shooter: Piece, target: Piece, used: float, chased: bool,
              wheeled: float = 0.0) -> None:
    """Hoplomachia, Belos charge: turn (1 inch) and move the rest of the allowance back,
    ending facing the target; chased by ekdromoi, 1 inch further, facing away. Hippeis
    that wheeled to fire wheel again to return (the wheel's arc instead of the turn)."""
    fire = state.rules.belos.fire
    others = state.others([shooter])
    turn: float | None = None
    if wheeled and _wheel_clear(state, shooter, wheeled):
        body, turn = wheel([shooter.block], wheeled)
        before = position(shooter.block)
        shooter.block = body[0]
        state.emit("belos charge wheel", f"{shooter.name}: wheels {abs(wheeled):g} degrees "
                   "to return", side=shooter.side, units=(shooter.id,), unit=shooter.id,
                   angle=wheeled, distance=round(turn, 3),
                   **{"from": before, "to": position(shooter.block)})
        away = shooter.block.facing
    else:
        away = bearing_to(target.block, shooter.block)
    back = fire.return_move(shooter.rate(), used, chased, turn)
    faced = face([shooter.block], away)[0]
    d = back
    end = faced if state.table.contains(faced) and not any(
        faced.overlaps(o.block) for o in others) else shooter.block
    while d > 0.0:
        b = advance([faced], d)[0]
        if state.table.contains(b) and not any(b.overlaps(o.block) for o in others):
            end = b
            break
        d -= STEP
    final = end if chased else face([end], normalise_angle(away + 180.0))[0]
    if not state.table.contains(final) or any(final.overlaps(o.block) for o in others):
        final = end
    before = position(shooter.block)
    shooter.block = final
    # Hoplomachia, Hamippoi: lost if the ile moves more than 7 inches (up and back)
    hamippoi_moved(state, shooter, used + max(d, 0.0))
    state.emit("belos charge back", f"{shooter.name}: back {max(d, 0.0):.1f}\"",
               side=shooter.side, units=(shooter.id,), unit=shooter.id,
               distance=round(max(d, 0.0), 3),
               **{"from": before, "to": position(final)})


def _react(state: State, target: Piece, reaction: BelosReaction, shooter: Piece,
           back: bool) -> Generator[Decision | Phase, Hashable, bool]:
    """Hoplomachia, Belos: carry out a reaction at once; a taxis-level one for the whole
    taxis, unless a worse one already applies to it this phase; a lochos's own one only
    if worse than the taxis's this phase ("taxis-level reactions take precedence and
    the worst applies"). True if the shooter is chased by ekdromoi."""
    scope = state.rules.belos.reactions
    division = state.division_of(target)
    if reaction in scope.taxis:
        rank = scope.order.index(reaction)
        if state.record.reacted.get(division.id, -1) >= rank:
            return False
        state.record.reacted[division.id] = rank
    elif division.id in state.record.reacted:
        top = scope.order[state.record.reacted[division.id]]
        if scope.resolve([top, reaction])[1][1] is None:
            return False  # milder than the taxis's reaction: it gives way
    if reaction is BelosReaction.FORMATION:
        for p in state.members(division):
            if p.card.disciplined:
                p.arrangement = Arrangement.CLOSE_FILES  # free as an emergency reaction
        state.emit("close files", f"{division.name}: closes files", side=division.side,
                   division=division.id)
    elif reaction is BelosReaction.CHARGE:
        division.provoked = shooter.id
    elif reaction is BelosReaction.EVADE:
        if target.hoplite:
            _march_back(state, division)
        else:
            for p in state.members(division):
                evade(state, p, shooter, "belos")
    elif reaction is BelosReaction.DISARRAY:
        disarray(state, target, "belos")
    elif reaction is BelosReaction.ROUT:
        rout(state, target, shooter, "belos", combat=True)
    elif reaction is BelosReaction.BELOS_CHARGE:
        if back and target.ready and not state.engaged(target) and \
                _supply(target).may_belos_charge(state.rules.belos) and shooter.ready:
            yield from shoot(state, target, shooter, True, back=False)
    elif reaction is BelosReaction.EKDROMOI:
        return (yield from ekdromoi(state, target, shooter))
    return False


def _march_back(state: State, division: Division) -> None:
    """Hoplomachia, Belos (Evade): hoplites march back one move, facing the enemy; the
    body moves as one, straight back from its first lochos's front (a lochos turned
    aside keeps its place in the body)."""
    pieces = [p for p in state.members(division) if not state.engaged(p)]
    if not pieces:
        return
    d = pieces[0].rate()
    others = state.others(pieces)
    back = pieces[0].block.facing
    while d > 0.0:
        ends = advance([p.block for p in pieces], -d, back)
        if all(state.table.contains(b) for b in ends) and not any(
                b.overlaps(o.block) for b in ends for o in others):
            break
        d -= STEP
    if d <= 0.0:
        return
    start = {p.id: position(p.block) for p in pieces}
    for p, b in zip(pieces, ends, strict=True):
        p.block = b
    division.approached = False  # Epidromos: a move back spends the approach
    state.record.retreat.add(division.side)
    state.emit("move", f"{division.name}: marches back {d:g}\"", side=division.side,
               units=tuple(p.id for p in pieces), division=division.id, move="march back",
               distance=d, angle=0.0, arrangement=str(pieces[0].arrangement),
               **{"from": start}, to={p.id: position(p.block) for p in pieces})


def _voluntary_ekdromoi(state: State, target: Piece, shooter: Piece
                        ) -> Generator[Decision | Phase, Hashable, bool]:
    """Hoplomachia, Ekdromoi: a hoplite lochos under fire may release them (with the
    optional signals, only under Release Ekdromoi)."""
    rules = state.rules.belos.ekdromoi
    if not (target.hoplite and target.ready and not target.ekdromoi_lost and shooter.ready
            and not state.engaged(target)):
        return False
    if state.opts.ekdromoi_signals and \
            state.armies[target.side].signal is not Signal.RELEASE_EKDROMOI:
        return False
    if target.block.distance(shooter.block) > rules.move.maximum:
        return False
    choice = yield Decision(target.side, Kind.EKDROMOI, (YES, NO), unit=target.id,
                            target=shooter.id, prompt="release ekdromoi at the shooters")
    if choice != YES:
        return False
    return (yield from ekdromoi(state, target, shooter))


def ekdromoi(state: State, lochos: Piece, shooter: Piece
             ) -> Generator[Decision | Phase, Hashable, bool]:
    """Hoplomachia, Ekdromoi: 1D6 inches; reaching the shooters they roll on the
    Ekdromoi chart: the belos unit is killed, or the ekdromoi die (the lochos can
    release no more and its army loses Arete). True: the shooters are chased. An
    Epilektoi lochos may adjust either roll ("any roll")."""
    rules = state.rules.belos.ekdromoi
    if lochos.ekdromoi_lost or not lochos.hoplite:
        return False
    adjust = yield from epilektoi_adjustment(state, lochos.side, [lochos],
                                             f"{lochos.name}'s ekdromoi run")
    inches = rules.roll_move(state.dice, lochos.id) + adjust
    gap = lochos.block.distance(shooter.block)
    if inches < gap:
        state.emit("ekdromoi", f"{lochos.name}: ekdromoi run {inches}\", short of "
                   f"{shooter.name}", side=lochos.side, units=(lochos.id, shooter.id),
                   unit=lochos.id, target=shooter.id, move=inches, reached=False,
                   killed=None)
        return True
    adjust = yield from epilektoi_adjustment(state, lochos.side, [lochos],
                                             f"{lochos.name}'s ekdromoi attack")
    killed = rules.roll_attack(shooter.category, state.dice, lochos.id, adjust)
    state.emit("ekdromoi", f"{lochos.name}: ekdromoi reach {shooter.name}: "
               + ("the shooters are cut down" if killed else "the ekdromoi are lost"),
               side=lochos.side, units=(lochos.id, shooter.id), unit=lochos.id,
               target=shooter.id, move=inches, reached=True, killed=killed)
    if killed:
        destroy(state, shooter, f"killed by ekdromoi of {lochos.name}")
        return False
    lochos.ekdromoi_lost = True
    state.suffer(lochos.side, AreteEvent.EKDROMOI_LOST, why=lochos.name)
    return True
