"""Epidromos in play: who may charge (the core on a Charge signal or order, lights and
horse as they will, a taxis provoked by fire), the declarations in Arete sequence with
the chargers' and their targets' Andreia checks (targets within double the charger's
longest charge), the Sphagia at an army's first charge, the Epidromos chart's distance,
drift, disarray and momentum, evasions and routs first, then the charges, opposing
chargers meeting in the middle."""

from __future__ import annotations

import math
from collections.abc import Generator, Hashable, Sequence

import attrs

from ancients.battle import Decision, Phase
from ancients.hoplomachia.andreia import AndreiaResult, Trigger
from ancients.hoplomachia.checks import andreia, epilektoi_adjustment
from ancients.hoplomachia.command import Signal
from ancients.hoplomachia.decisions import NO_CHARGE, Charge, Kind
from ancients.hoplomachia.epidromos import EpidromosRow
from ancients.hoplomachia.flight import apply_result, disarray, evade, hamippoi_moved, rout
from ancients.hoplomachia.geometry import (
    STEP,
    advance,
    aspect_struck,
    bearing_to,
    bounds_of,
    box_gap,
    contact_distance,
    face,
    line_order,
    straight_path,
)
from ancients.hoplomachia.manoeuvre import add_disarray, drifted
from ancients.hoplomachia.movement import Activity
from ancients.hoplomachia.pieces import Division, Piece, Status
from ancients.hoplomachia.precedence import alternate, front_of
from ancients.hoplomachia.signals import signal_of
from ancients.hoplomachia.state import State, position
from ancients.hoplomachia.vocabulary import Arrangement
from ancients.tabletop import EPSILON, Arc, Aspect, Block

__all__ = ["AHEAD", "Declared", "charge_options", "epidromos_phase", "reach", "targets_ahead"]

Steps = Generator[Decision | Phase, Hashable, None]
AHEAD = Charge("ahead")
_ARC = Arc(45.0)  # the front arc of troops free to turn to their target


@attrs.define
class Declared:
    """A charge declared and passed: the division, its target (``ahead`` for a taxis),
    its Epidromos roll."""

    division: Division
    target: str
    row: EpidromosRow
    countercharge: str = ""  # the division it countercharges (meeting in the middle)


def reach(state: State, division: Division) -> float:
    """Hoplomachia, Epidromos: targets within double the longest charge on the
    division's Epidromos chart take Andreia checks (and may be charged)."""
    chart = state.rules.epidromos.card_chart(division.card)
    return state.rules.epidromos.check_range(chart)


def _may(state: State, charger: Piece, target: Piece) -> bool:
    aspect = aspect_struck(target.block, charger.block)
    return state.rules.epidromos.may_charge(charger.card, target.card, aspect=aspect,
                                            arrangement=target.arrangement,
                                            disarrayed=target.disarrayed)


def targets_ahead(state: State, piece: Piece, within: float) -> list[tuple[float, Piece]]:
    """Enemies squarely ahead of ``piece`` (in the band before its front) within
    ``within`` inches, nearest first."""
    out = []
    box = piece.block.bounds
    # only the enemies the index finds with bounds within reach of the piece's
    for e in state.near(box, within, state.enemy_of(piece.side)):
        if box_gap(box, e.block.bounds) > within:
            continue  # the boxes' gap is never more than the band's reach
        d = piece.block.zone_distance(e.block, Aspect.FRONT)
        if d <= within:
            out.append((d, e.id, e))
    return [(d, e) for d, _, e in sorted(out)]


def _straight_charger(division: Division) -> bool:
    """Lochoi in Close Files, and the core, charge straight ahead; the rest turn to
    their target."""
    return division.core or (division.card.movement.disciplined and \
        division.category.value in ("hoplite", "peltast"))


def charge_options(state: State, division: Division) -> list[Charge]:
    """The charges ``division`` may declare (no charge first)."""
    rules = state.rules.epidromos
    if not rules.charges_at_all(division.card):
        return []
    pieces = [p for p in state.members(division) if not state.engaged(p)]
    if not pieces or (division.halted_turn and division.halted_turn == state.turn):
        return []
    within = reach(state, division)
    if _straight_charger(division):
        for p in pieces:
            found = [e for _, e in targets_ahead(state, p, within) if e.ready]
            if found and _may(state, p, found[0]):
                return [NO_CHARGE, AHEAD]
        return []
    seen: dict[str, float] = {}
    for p in pieces:
        # only the enemies the index finds within the reach of the piece
        for e in state.near(p.block.bounds, within, state.enemy_of(division.side)):
            if not e.ready:
                continue
            d = p.block.distance(e.block)
            if d <= within and p.block.in_arc(e.block, _ARC) and _may(state, p, e):
                seen[e.id] = min(d, seen.get(e.id, d))
    near = sorted(seen, key=lambda k: (seen[k], k))[:4]
    return [NO_CHARGE, *(Charge(k) for k in near)] if near else []


def _wanted(state: State, division: Division) -> bool:
    """May the division charge this turn? The core only on a Charge signal or order
    (or when fire provoked it); lights and horse whenever they will."""
    if division.withdrawing:
        return False
    if division.core:
        return signal_of(state, division) is Signal.CHARGE or bool(division.provoked)
    return signal_of(state, division) is not Signal.GENERAL_WITHDRAWAL


def epidromos_phase(state: State) -> Steps:
    """Hoplomachia, Action Strophe: Epidromos declarations and moves."""
    candidates = [d for d in state.divisions.values()
                  if _wanted(state, d) and charge_options(state, d)]
    if not candidates:
        for d in state.divisions.values():
            d.provoked = ""
        return
    ordered = yield from alternate(state, "epidromos", candidates)
    declared: list[Declared] = []
    tested: set[str] = set()
    for d in ordered:
        options = charge_options(state, d)
        if not options:
            continue
        if d.provoked:
            target = _provoked_target(state, d, options)
            d.provoked = ""
            if target is None:
                continue
            choice: Hashable = target
        else:
            choice = yield Decision(d.side, Kind.CHARGE, options, unit=d.id,
                                    prompt=f"{d.name}: charge")
        assert isinstance(choice, Charge)
        if not choice.target:
            continue
        yield from _declare(state, d, choice.target, tested, declared)
    for d in state.divisions.values():
        d.provoked = ""
    halted = _drift(state, declared)
    for found in declared:  # charges in the Arete sequence, after evasions and routs
        _charge(state, found, declared, halted)


def _drift(state: State, declared: list[Declared]) -> set[str]:
    """Hoplomachia, Drift: each charging taxis of a phalanx of more than 8 lochoi
    drifts right by its Epidromos roll, every army from its right flank leftwards: one
    drifting farther than its right-hand neighbour runs into it, and its lochoi that
    would overlap halt behind their friends in disarray (a lesser drift opens a gap).
    The ids of the pieces halted."""
    halted: set[str] = set()
    drift = state.rules.movement.drift
    for side in state.sides:
        mine = {f.division.id: f for f in declared if f.division.side == side
                and f.division.core}
        phalanx = [p for p in state.ready(side) if p.hoplite]
        bodies = [(k, [p.block for p in state.members(f.division)]) for k, f in mine.items()
                  if state.members(f.division)]
        for k in line_order(bodies, front_of(state, side)):
            f = mine[k]
            shift = drift.epidromos_drift(f.row, len(phalanx))
            pieces = [p for p in state.members(f.division) if not state.engaged(p)]
            if not shift or not pieces:
                continue
            moved = []
            for p, b in zip(pieces, drifted(state, pieces, shift), strict=True):
                if b is None:
                    halted.add(p.id)
                    disarray(state, p, "drifted into a friend")
                else:
                    p.block = b
                    moved.append(p.id)
            if moved:
                state.emit("drift", f"{f.division.name}: drifts {shift:g}\" right",
                           side=side, units=tuple(moved), division=k, distance=shift,
                           to={m: position(state.by_id[m].block) for m in moved})
    return halted


def _provoked_target(state: State, division: Division, options: Sequence[Charge]
                     ) -> Charge | None:
    """A taxis provoked by fire charges its shooters if it can (ahead, or at them)."""
    shooter = division.provoked
    for o in options:
        if o.target == shooter:
            return o
    if AHEAD in options:
        for p in state.members(division):
            if any(e.id == shooter for _, e in targets_ahead(state, p, reach(state, division))):
                return AHEAD
    return None


def _first_target(state: State, division: Division, target: str) -> Piece | None:
    if target != "ahead":
        return state.by_id[target]
    found = []
    for p in state.members(division):
        found += targets_ahead(state, p, reach(state, division))
    found.sort(key=lambda x: (x[0], x[1].id))
    return found[0][1] if found else None


def _declare(state: State, division: Division, target: str, tested: set[str],
             declared: list[Declared]) -> Steps:
    """The charger's Andreia check (Charging line), its Epidromos roll (the charge goes
    into ``declared``), and the checks of its targets within range."""
    army = state.armies[division.side]
    enemy = _first_target(state, division, target)
    if enemy is None:
        return
    state.emit("epidromos declared", f"{division.name}: charges "
               + ("ahead" if target == "ahead" else enemy.name), side=division.side,
               division=division.id, target=enemy.id)
    if not army.sphagia and army.mantis:
        # Hoplomachia, Arete in battle: the Sphagia at the army's first charge
        army.sphagia = True
        points = state.rules.rituals.sphagia.roll(state.dice, division.side)
        state.emit("sphagia", f"{army.title}: the sphagia", side=division.side,
                   points=points)
        state.gain(division.side, points, "the sphagia")
    out = yield from andreia(state, division, Trigger.CHARGING, enemy=enemy)
    if out.result is AndreiaResult.CHARGE:
        chart = state.rules.epidromos.card_chart(division.card)
        # Hoplomachia, Epilektoi: "any roll", the Epidromos roll too
        adjust = yield from epilektoi_adjustment(
            state, division.side, [p for p in state.members(division) if not state.engaged(p)],
            f"{division.name}'s Epidromos roll")
        row = chart.roll(state.dice, division.id, adjust)
        state.emit("epidromos", f"{division.name}: runs {row.distance:g}\""
                   + (f", momentum {row.momentum_value(division.approached)}"
                      if row.momentum_value(division.approached) else ""),
                   side=division.side, division=division.id, roll=row.roll,
                   distance=row.distance, drift=row.drift, disarray=row.disarray,
                   momentum=row.momentum_value(division.approached))
        declared.append(Declared(division, target, row))
    else:
        if out.result is AndreiaResult.HALT:
            division.halted_turn = state.turn
        apply_result(state, division, out.result, enemy, "failed to charge")
    for t in _threatened(state, division, target):
        if t.id in tested or not state.members(t):
            continue
        tested.add(t.id)
        yield from _targeted(state, t, division, enemy, declared)


def _threatened(state: State, division: Division, target: str) -> list[Division]:
    """The divisions the charge threatens: of the pieces ahead of each charging lochos
    (a taxis), or of the target."""
    if target != "ahead":
        return [state.division_of(state.by_id[target])]
    out: list[Division] = []
    for p in state.members(division):
        for _, e in targets_ahead(state, p, reach(state, division))[:1]:
            d = state.division_of(e)
            if d not in out:
                out.append(d)
    return out


def _targeted(state: State, target: Division, charger: Division, enemy: Piece,
              declared: list[Declared]) -> Steps:
    """Hoplomachia, Epidromos: a target within range takes its check; units that cannot
    charge evade when threatened; a target that charges in reply countercharges."""
    pieces = [p for p in state.members(target) if not state.engaged(p)]
    if not pieces:
        return
    cause = state.members(charger)[0] if state.members(charger) else enemy
    unable = [p for p in pieces if _cannot_charge(state, p, cause)]
    for p in unable:
        evade(state, p, cause, "cannot charge")
    pieces = [p for p in pieces if p not in unable]
    if not pieces:
        return
    out = yield from andreia(state, target, Trigger.CHARGED, enemy=cause, pieces=pieces)
    if out.result is AndreiaResult.CHARGE:
        chart = state.rules.epidromos.card_chart(target.card)
        adjust = yield from epilektoi_adjustment(state, target.side, pieces,
                                                 f"{target.name}'s Epidromos roll")
        row = chart.roll(state.dice, target.id, adjust)
        state.emit("countercharge", f"{target.name}: countercharges {row.distance:g}\"",
                   side=target.side, division=target.id, roll=row.roll,
                   distance=row.distance, momentum=row.momentum_value(target.approached))
        declared.append(Declared(target, "ahead" if _straight_charger(target) else cause.id,
                                 row, countercharge=charger.id))
    elif out.result is AndreiaResult.HALT:
        # Hoplomachia, Andreia: a halt, as a charger's: no march or approach this turn
        target.halted_turn = state.turn
    else:
        apply_result(state, target, out.result, cause, "charged")


def _cannot_charge(state: State, piece: Piece, charger: Piece) -> bool:
    """Hoplomachia, Who may charge: "units that cannot charge evade when threatened":
    by default those that may not charge the unit threatening them as it stands (psiloi
    before a hoplite's shielded front); with ``evade_threatened="never"`` only troops
    that never charge (toxotes, sphendonetes, sparabara)."""
    rules = state.rules.epidromos
    if not rules.charges_at_all(piece.card):
        return True
    return state.opts.evade_threatened == "threat" and not _may(state, piece, charger)


def _charge(state: State, found: Declared, declared: list[Declared], halted: set[str]
            ) -> None:
    """Move one division's charge: each lochos straight ahead (or each piece at its
    target) its Epidromos distance, to contact, meeting an opposing charger in the
    middle (but those halted by their drift); a charge that contacts nothing is
    failed."""
    d = found.division
    pieces = [p for p in state.members(d) if not state.engaged(p)]
    met = [p for p in state.members(d) if p.id in state.record.charged]
    if not pieces:
        if met:  # it met a charger in the middle: its charge is run
            _charged(state, found, met)
        return
    rules = state.rules
    momentum = found.row.momentum_value(d.approached)
    _charged(state, found, met)
    contacted = bool(met)
    starts = {p.id: position(p.block) for p in pieces}
    for p in pieces:
        if not p.ready or state.engaged(p) or p.id in halted:
            continue
        distance = found.row.distance
        if p.card.disciplined and p.arrangement is not Arrangement.CLOSE_FILES:
            p.arrangement = Arrangement.CLOSE_FILES  # Hoplomachia: they charge in CF
            distance = max(0.0, distance - rules.movement.arrangement.change)
        start = starts[p.id]
        hit = _move(state, p, found, distance, declared)
        contacted = contacted or hit is not None
        p.charged_turn, p.momentum = state.turn, momentum
        hamippoi_moved(state, p, _run_of(start, position(p.block)))
        state.record.charged.add(p.id)
        state.emit("charge", f"{p.name}: charges " + (f"into {hit.name}" if hit else
                                                      "and falls short"),
                   side=p.side, units=(p.id,), unit=p.id, target=hit.id if hit else None,
                   distance=distance, **{"from": start, "to": position(p.block)})
        if hit is not None and hit.status is Status.READY and hit.id in state.record.evaded:
            rout(state, hit, p, "caught evading")  # evaders hit in the rear count as routed
    if not contacted:
        d.failed_charge_turn = state.turn


def _run_of(start: list[float], end: list[float]) -> float:
    """The inches a charge ran, from its start to its end (each [x, y, facing])."""
    return math.hypot(end[0] - start[0], end[1] - start[1])


def _charged(state: State, found: Declared, met: Sequence[Piece]) -> None:
    """Hoplomachia, Epidromos: a charge run costs its chart's disarray (3 more if the
    division failed to contact last turn), and the division has charged this turn
    (once, though pieces of it met a charger in the middle before its turn to run)."""
    d = found.division
    if d.activity is Activity.CHARGE and d.moved_turn == state.turn:
        return
    repeat = state.rules.epidromos.repeat_disarray(d.failed_charge_before(state.turn))
    add_disarray(state, d, "epidromos", found.row.disarray + repeat)
    d.activity = Activity.CHARGE
    d.moved_turn = state.turn
    d.approached = False  # the charge spends its approach (momentum needs a new one)


def _move(state: State, p: Piece, found: Declared, distance: float,
          declared: list[Declared]) -> Piece | None:
    """One piece's charge move; the enemy it contacts (or None)."""
    block = p.block
    if found.target != "ahead" and found.target in state.by_id:
        aim = state.by_id[found.target]
        if aim.on_table:
            turned = face([block], bearing_to(block, aim.block))[0]
            if state.table.contains(turned) and not any(
                    turned.overlaps(o.block) for o in state.others([p])):
                block = turned
    far = 2.0 * distance + STEP
    ahead = [(block.zone_distance(e.block, Aspect.FRONT), e.id, e)
             for e in state.present(state.enemy_of(p.side))
             if box_gap(block.bounds, e.block.bounds) <= far + EPSILON]
    ahead = sorted(x for x in ahead if x[0] <= far)
    others = state.others([p])
    for _, _, e in ahead:
        gap = contact_distance(block, e.block, 2.0 * distance + STEP)
        if gap is None:
            continue
        mine = min(distance, gap)
        theirs = 0.0
        counter = _countercharging(state, e, found, declared)
        if counter is not None and e.id in state.record.charged:
            counter = None  # it has run already
        if counter is not None:
            # Hoplomachia, Epidromos: opposing chargers meet in the middle
            half = gap / 2.0
            a, b = min(distance, half), min(counter.row.distance, half)
            if a + b < gap:
                a = min(distance, gap - b)
                b = min(counter.row.distance, gap - a)
            mine, theirs = a, b
        if mine + theirs < gap - EPSILON:
            break  # short of the nearest enemy ahead: it falls short
        end = advance([block], mine)[0]
        blockers = [o for o in others if o.id != e.id and end.overlaps(o.block)]
        if blockers or not state.table.contains(end) or _through(state, p, block, mine, e):
            break
        _friends_passed(state, p, block, mine)
        p.block = end
        if theirs > 0.0:
            theirs = _meet(state, e, end, theirs)
        if theirs > 0.0:
            before = position(e.block)
            e.block = advance([e.block], theirs)[0]
            e.charged_turn = state.turn
            e.momentum = counter.row.momentum_value(counter.division.approached) \
                if counter else 0
            hamippoi_moved(state, e, theirs)
            state.record.charged.add(e.id)
            state.emit("charge", f"{e.name}: charges into {p.name}", side=e.side,
                       units=(e.id,), unit=e.id, target=p.id, distance=round(theirs, 3),
                       **{"from": before, "to": position(e.block)})
        return e
    _fall_short(state, p, block, distance, others)
    return None


def _meet(state: State, e: Piece, charger: Block, share: float) -> float:
    """Hoplomachia, Epidromos (meeting in the middle): how far the countercharger ``e``
    runs of its ``share``, along its own facing: to the contact with the charger (now at
    ``charger``), and never into it or anyone else nor off the table."""
    meet = contact_distance(e.block, charger, share + STEP)
    run = share if meet is None else min(share, meet)
    others = [o.block for o in state.others([e])]
    while run > 0.0:
        end = advance([e.block], run)[0]
        if state.table.contains(end) and not any(end.overlaps(o) for o in others):
            return run
        run = max(0.0, run - STEP)
    return 0.0


def _countercharging(state: State, e: Piece, found: Declared, declared: list[Declared]
                     ) -> Declared | None:
    """Hoplomachia, Epidromos ("opposing chargers meet in the middle"): the charge of
    ``e``'s division that opposes ``found``: a countercharge of either against the
    other, or a charge declared at ``found``'s division (at one of its pieces, or ahead
    with one of them squarely before it)."""
    for other in declared:
        if other.division.id != e.division:
            continue
        if found.countercharge == other.division.id or \
                other.countercharge == found.division.id:
            return other
        if other.target == "ahead":
            ahead = targets_ahead(state, e, reach(state, other.division))
            if any(t.division == found.division.id for _, t in ahead[:1]):
                return other
        elif other.target in state.by_id and \
                state.by_id[other.target].division == found.division.id:
            return other
    return None


def _swept(pieces: Sequence[Piece], block: Block, distance: float) -> list[Piece]:
    """The pieces whose bounds meet those of ``block``'s straight way of ``distance``
    inches (the boxes of its start and end hold every body on the way): the only ones
    the way can touch."""
    box = bounds_of([block, advance([block], distance)[0]])
    m = 2.0 * EPSILON
    return [o for o in pieces if not (box[0] > o.block.bounds[2] + m or
                                      o.block.bounds[0] > box[2] + m or
                                      box[1] > o.block.bounds[3] + m or
                                      o.block.bounds[1] > box[3] + m)]


def _through(state: State, p: Piece, block: Block, distance: float, target: Piece) -> bool:
    """The way to the target passes through an enemy."""
    others = [o for o in _swept(state.others([p]), block, distance)
              if o.id != target.id and o.side != p.side]
    for body in straight_path([block], distance)[:-1]:
        if any(body[0].overlaps(o.block) for o in others):
            return True
    return False


def _fall_short(state: State, p: Piece, block: Block, distance: float,
                others: list[Piece]) -> None:
    """No contact: it runs its distance (stopping short of anyone in the way)."""
    d = distance
    near = _swept(others, block, distance)
    while d > 0.0:
        end = advance([block], d)[0]
        if state.table.contains(end) and not any(
                end.overlaps(o.block) or end.distance(o.block) <= EPSILON for o in near) \
                and not _through(state, p, block, d, p):
            _friends_passed(state, p, block, d)
            p.block = end
            return
        d -= STEP
    p.block = block if not any(block.overlaps(o.block) for o in others) else p.block


def _friends_passed(state: State, p: Piece, block: Block, distance: float) -> None:
    """Hoplomachia, Interpenetration: a charge through friends disarrays both."""
    friends = [o for o in _swept(state.others([p]), block, distance) if o.side == p.side]
    passed = []
    for body in straight_path([block], distance)[:-1]:
        for o in friends:
            if o not in passed and body[0].overlaps(o.block):
                passed.append(o)
    for o in passed:
        disarray(state, p, f"charged through {o.name}")
        disarray(state, o, f"{p.name} charged through")
