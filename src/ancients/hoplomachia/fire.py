"""Belos in play: who may shoot at whom (front ranks, straight ahead or within 22
degrees, in range, over a phalanx only from uphill), belos charges (in range and back),
the target's belos check and its reaction carried out at once (the worst taxis-level
reaction for the whole taxis), Ekdromoi, and the Defensive Belos phase. Fire never
removes a figure."""

from __future__ import annotations

from collections.abc import Generator, Hashable, Sequence

from ancients.battle import Decision, Phase
from ancients.hoplomachia.arete import AreteEvent
from ancients.hoplomachia.belos import BelosReaction, BelosSupply, belos_check, intensity
from ancients.hoplomachia.checks import epilektoi_adjustment
from ancients.hoplomachia.command import Signal
from ancients.hoplomachia.decisions import HOLD_FIRE, NO, YES, Fire, Kind
from ancients.hoplomachia.flight import destroy, disarray, evade, rout
from ancients.hoplomachia.geometry import (
    STEP,
    advance,
    aspect_struck,
    bearing_to,
    clearance,
    face,
    straight_path,
)
from ancients.hoplomachia.pieces import Division, Piece
from ancients.hoplomachia.precedence import alternate
from ancients.hoplomachia.state import State, position
from ancients.hoplomachia.vocabulary import Arrangement, Category
from ancients.tabletop import Arc, Aspect, Block, Terrain, normalise_angle

__all__ = ["belos_phase", "hill_under", "shoot", "shooters", "targets"]

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


def _sight(state: State, shooter: Piece, target: Piece) -> bool:
    """The shot is not blocked by another unit, unless over a phalanx from uphill when
    neither moved (Hoplomachia, Belos)."""
    between = [p.block for p in state.present() if p.id not in (shooter.id, target.id)]
    if state.table.line_of_sight(shooter.block, target.block, between):
        return True
    uphill = hill_under(state, shooter.block)
    blockers = [p for p in state.present() if p.id not in (shooter.id, target.id)
                and not state.table.line_of_sight(shooter.block, target.block, [p.block])]
    fire = state.rules.belos.fire
    return all(b.hoplite and fire.may_fire_over(uphill, shooter.moved_turn == state.turn,
                                                b.moved_turn == state.turn)
               for b in blockers)


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


def targets(state: State, shooter: Piece, only: Sequence[str] | None = None) -> list[Piece]:
    """Hoplomachia, Belos (who fires): an enemy directly ahead in range, the nearest
    first; if none, the nearest within 22 degrees; not through other units."""
    fire = state.rules.belos.fire
    ahead, wide = [], []
    b = shooter.block
    for e in state.ready(state.enemy_of(shooter.side)):
        if only is not None and e.id not in only:
            continue
        d = b.distance(e.block)
        if d > _range(state, shooter, e) + 1e-9:
            continue
        if b.in_zone(e.block, Aspect.FRONT, d + 1.0):
            ahead.append((d, e.id, e))
        elif b.in_arc(e.block, Arc(fire.arc)):
            wide.append((d, e.id, e))
    found = sorted(ahead) or sorted(wide)[:1]
    return [e for _, _, e in found if _sight(state, shooter, e)]


def _charge_targets(state: State, shooter: Piece, only: Sequence[str] | None) -> list[Piece]:
    """Belos charge: hippeis, peltastes and psiloi in Open or No Files, facing the target,
    run up to be in range (+1 inch) and back."""
    rules = state.rules.belos
    if shooter.arrangement is Arrangement.CLOSE_FILES or \
            not _supply(shooter).may_belos_charge(rules):
        return []
    reach = shooter.rate() + rules.fire.range_of(shooter.card, True)
    out = []
    for e in state.ready(state.enemy_of(shooter.side)):
        if only is not None and e.id not in only:
            continue
        d = shooter.block.distance(e.block)
        if _range(state, shooter, e) < d <= reach and \
                shooter.block.in_arc(e.block, Arc(45.0)):
            out.append((d, e.id, e))
    return [e for _, _, e in sorted(out)[:3]]


def belos_phase(state: State, defensive: bool = False) -> Steps:
    """Hoplomachia, Action Strophe: Offensive Belos (each shooter fires, belos-charges
    or holds fire), or Defensive Belos (those that held fire shoot at chargers)."""
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
            shots = targets(state, p, only)
            charges = [] if defensive else _charge_targets(state, p, only)
            if not shots and not charges:
                continue
            options = [*(Fire(t.id) for t in shots), *(Fire(t.id, True) for t in charges),
                       HOLD_FIRE]
            choice = yield Decision(p.side, Kind.FIRE, options, unit=p.id,
                                    prompt="shoot, belos charge, or hold fire")
            assert isinstance(choice, Fire)
            if not choice.target:
                continue
            yield from shoot(state, p, state.by_id[choice.target], choice.belos_charge,
                             defending=defensive)


def shoot(state: State, shooter: Piece, target: Piece, belos_charge: bool = False,
          defending: bool = False, back: bool = True) -> Steps:
    """One shot (or belos charge) and the target's reaction."""
    rules = state.rules.belos
    used = 0.0
    if belos_charge:
        used = _run_up(state, shooter, target)
        if used < 0:
            return
        shooter.belos_charges += 1
    supply = _supply(shooter)
    if state.opts.count_arrows and shooter.category is Category.TOXOTES:
        shooter.shots += 1
    shooter.fired_turn = state.turn
    psiloi = state.rules.cards[rules.limits.peltast_then]
    aspect = aspect_struck(target.block, shooter.block)
    shot = intensity(rules, shooter.card, target.card, aspect=aspect,
                     extra_stands=max(0, shooter.block.files - 1),
                     moving=shooter.moved_turn == state.turn,
                     cover=_behind_works(state, target.block), belos_charge=belos_charge,
                     second_rank=shooter.category is Category.TOXOTES and shooter.block.ranks > 1,
                     belos_number=supply.belos_number(rules, psiloi, defending))
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
    state.emit("belos", f"{shooter.name}: {word} {target.name}{tail}", side=shooter.side,
               units=(shooter.id, target.id), shooter=shooter.id, target=target.id,
               intensity=out.intensity, belos_charge=belos_charge, aspect=str(aspect.value),
               checked=out.checked, roll=out.natural, total=out.total,
               number=check.number, passed=out.passed,
               reaction=str(reaction) if reaction else None)
    chased = False
    if reaction is not None:
        chased = yield from _react(state, target, reaction, shooter, back)
    if not chased and reaction is not BelosReaction.EKDROMOI:
        chased = yield from _voluntary_ekdromoi(state, target, shooter)
    if belos_charge and shooter.ready:
        _run_back(state, shooter, target, used, chased)


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


def _run_back(state: State, shooter: Piece, target: Piece, used: float, chased: bool
              ) -> None:
    """Hoplomachia, Belos charge: turn (1 inch) and move the rest of the allowance back,
    ending facing the target; chased by ekdromoi, 1 inch further, facing away."""
    fire = state.rules.belos.fire
    back = fire.return_move(shooter.rate(), used, chased)
    away = bearing_to(target.block, shooter.block)
    faced = face([shooter.block], away)[0]
    others = state.others([shooter])
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
    state.emit("belos charge back", f"{shooter.name}: back {max(d, 0.0):.1f}\"",
               side=shooter.side, units=(shooter.id,), unit=shooter.id,
               distance=round(max(d, 0.0), 3),
               **{"from": before, "to": position(final)})


def _react(state: State, target: Piece, reaction: BelosReaction, shooter: Piece,
           back: bool) -> Generator[Decision | Phase, Hashable, bool]:
    """Hoplomachia, Belos: carry out a reaction at once; a taxis-level one for the whole
    taxis, unless a worse one already applies to it this phase. True if the shooter is
    chased by ekdromoi."""
    scope = state.rules.belos.reactions
    division = state.division_of(target)
    if reaction in scope.taxis:
        rank = scope.order.index(reaction)
        if state.record.reacted.get(division.id, -1) >= rank:
            return False
        state.record.reacted[division.id] = rank
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
        return ekdromoi(state, target, shooter)
    return False


def _march_back(state: State, division: Division) -> None:
    """Hoplomachia, Belos (Evade): hoplites march back one move, facing the enemy."""
    pieces = [p for p in state.members(division) if not state.engaged(p)]
    if not pieces:
        return
    d = pieces[0].rate()
    others = state.others(pieces)
    while d > 0.0:
        ends = advance([p.block for p in pieces], -d)
        if all(state.table.contains(b) for b in ends) and not any(
                b.overlaps(o.block) for b in ends for o in others):
            break
        d -= STEP
    if d <= 0.0:
        return
    start = {p.id: position(p.block) for p in pieces}
    for p, b in zip(pieces, ends, strict=True):
        p.block = b
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
    return ekdromoi(state, target, shooter)


def ekdromoi(state: State, lochos: Piece, shooter: Piece) -> bool:
    """Hoplomachia, Ekdromoi: 1D6 inches; reaching the shooters they roll on the
    Ekdromoi chart: the belos unit is killed, or the ekdromoi die (the lochos can
    release no more and its army loses Arete). True: the shooters are chased."""
    rules = state.rules.belos.ekdromoi
    if lochos.ekdromoi_lost or not lochos.hoplite:
        return False
    inches = rules.roll_move(state.dice, lochos.id)
    gap = lochos.block.distance(shooter.block)
    if inches < gap:
        state.emit("ekdromoi", f"{lochos.name}: ekdromoi run {inches}\", short of "
                   f"{shooter.name}", side=lochos.side, units=(lochos.id, shooter.id),
                   unit=lochos.id, target=shooter.id, move=inches, reached=False,
                   killed=None)
        return True
    killed = rules.roll_attack(shooter.category, state.dice, lochos.id)
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
