"""Morale on the table (III. Morale; Hand to hand II B-D, D; Special conditions): the
rally phase (shaken units on the shaken table, running units trying to rally) and the
morale phase after the melees (the outnumbered rule after the first round; a unit that
lost its officer; the post-contact roll after two rounds; the pre-contact triggers, each
once; every unit's test when its C-in-C is lost); and what a table's result does to a
unit: a unit split into the parts a table names ("1/2 fights, 1/2 runs 1 move"), routs
and falling back, surrender and being cut down with the captives' saves."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import attrs

from ancients.burgess import ground
from ancients.burgess.ground import move_allowance, rear_bearing
from ancients.burgess.losses import counted, lose, remove_figures
from ancients.burgess.melee import officer_lost, outnumbered
from ancients.burgess.morale import Trigger, precontact_triggers, rally_table, take_test
from ancients.burgess.reactions import Action, Facing, Fate, Part, Reaction
from ancients.burgess.state import Piece, State, position
from ancients.burgess.troops import TroopClass, Unit
from ancients.dietables import Rolled
from ancients.tabletop import EPSILON, Aspect, Block, bearing, normalise_angle
from ancients.units import Condition

__all__ = ["apply", "contacts_now", "fall_back", "gave_way", "morale_phase", "rally_phase",
           "run", "start_of", "take", "triggers"]

_TESTED = (TroopClass.HV_ENGINE, TroopClass.LT_ENGINE)


def rally_phase(state: State, side: str) -> None:
    """Morale: the phasing side's shaken units roll on the shaken table, its running units
    attempt to rally (4/5/6, then 5/6, then 6) or run on to the rear; its engines count
    down the turns they are out of action."""
    r = state.rules.morale
    for p in state.present(side):
        if p.out_of_action > 0:
            p.out_of_action -= 1
        if p.shaken:
            take(state, p, r.shaken.name, take_test(p.unit, r.shaken, state.dice,
                                                    "its rally phase", r))
        elif p.running:
            crew = p.unit.crew
            if crew is not None and not crew.driver:
                run(state, p, why="no driver to stop it")
                continue
            p.rally_attempts += 1
            table = rally_table(p.rally_attempts, r)
            rolled = take_test(p.unit, table, state.dice, f"attempt {p.rally_attempts}", r)
            if rolled.result.action is Action.RALLY:
                take(state, p, table.name, rolled)
            else:
                state.emit("morale", f"{p.name}: {table.name} roll {rolled.natural}: "
                           f"{rolled.result}", side=p.side, units=(p.id,), unit=p.id,
                           table=table.name, roll=rolled.natural, face=rolled.face,
                           result=rolled.result.text)
                run(state, p, why="failed to rally")


def contacts_now(state: State) -> dict[str, tuple[str, ...]]:
    """Who touches whom now (piece id -> enemy ids)."""
    return {p.id: tuple(e.id for e in state.contacts(p)) for p in state.present()
            if state.in_melee(p)}


def _outnumbered(state: State, p: Piece) -> bool:
    """Hand to hand D: after the initial melee, outnumbered by 2:1 (similar troops), 3:1
    (light against heavy) or 4:1 (infantry against cavalry) by the enemy touching it."""
    classes = state.rules.melee.outnumbered_classes
    foes = [e for e in state.contacts(p) if e.troop in classes]
    if p.troop not in classes or not foes:
        return False
    biggest = max(foes, key=lambda e: e.figures)
    return outnumbered(p.troop, p.figures, biggest.troop, sum(e.figures for e in foes),
                       state.rules.melee)


def morale_phase(state: State) -> None:
    """The morale phase (both sides): the melees' own tests, then every unit's pre-contact
    triggers not yet tested, then the C-in-C test."""
    r = state.rules
    table = r.outnumbered
    for p in state.present():
        if not p.on_table or not state.in_melee(p) or p.running:
            continue
        if p.melee_rounds == 1 and not p.outnumbered and _outnumbered(state, p):
            p.outnumbered = True
            take(state, p, table.name, take_test(p.unit, table, state.dice,
                                                 "outnumbered", r.morale))
    for p in state.present():
        if p.officer_fell:
            p.officer_fell = False
            if p.on_table and not p.running and not p.outnumbered and state.in_melee(p):
                take(state, p, r.melee.officer.name, officer_lost(p.unit, state.dice,
                                                                   r.melee))
    rounds = r.morale.post_contact_rounds
    for p in state.present():
        if not p.on_table or p.running or not state.in_melee(p) or p.outnumbered:
            continue
        # "after two rounds of melee": after every second round (post_contact=repeat),
        # or after the second only (once)
        due = p.melee_rounds == rounds if state.opts.post_contact == "once" else \
            p.melee_rounds > 0 and p.melee_rounds % rounds == 0
        if due:
            take(state, p, r.morale.post_contact.name, take_test(
                p.unit, r.morale.post_contact, state.dice, f"after {p.melee_rounds} rounds",
                r.morale))
    for p in state.present():
        gave_way = _flank_gave_way(state, p)
        # Morale, pre-contact: not for a unit in melee (its triggers that last, half
        # strength and the officer and standard lost, are tested once it is out of it)
        if p.running or p.troop in _TESTED or state.in_melee(p):
            continue
        found = triggers(state, p, gave_way)
        if not found:
            continue
        p.tested = p.tested | frozenset(found)
        rolled = take_test(p.unit, r.morale.precontact, state.dice, "; ".join(found),
                           r.morale)
        take(state, p, r.morale.precontact.name, rolled, "; ".join(found))
    for side in state.sides:
        if state.c_in_c_lost[side] and state.c_in_c_tested[side] == 0:
            _c_in_c_test(state, side)


def _flank_gave_way(state: State, p: Piece) -> bool:
    """Morale, pre-contact: the unit on its immediate flank gave way (results.gave_way
    told it when it began to run)."""
    found = p.flank_gave_way
    p.flank_gave_way = False
    return found


def _c_in_c_test(state: State, side: str) -> None:
    """Morale: the C-in-C killed or captured, every unit of his side rolls (the victory
    rules count those that fail)."""
    r = state.rules.morale
    units = [p for p in state.present(side) if not p.running and p.troop not in _TESTED]
    failed = 0
    for p in units:  # morale.c_in_c_lost, unit by unit (names may repeat)
        rolled = take_test(p.unit, r.c_in_c_test, state.dice, str(Trigger.C_IN_C_LOST), r)
        failed += rolled.result.action is not Action.STEADY
        take(state, p, r.c_in_c_test.name, rolled, "the C-in-C lost")
    state.c_in_c_tested[side] = max(len(units), 1)
    state.c_in_c_failed[side] = failed
    state.emit("c-in-c test", f"{side}: {failed} of {len(units)} units shaken by the loss "
               "of the C-in-C", side=side, tested=len(units), failed=failed)


# -- a table's result --------------------------------------------------------------------
def take(state: State, piece: Piece, table: str, rolled: Rolled[Reaction],
         why: str = "") -> None:
    """Report a roll on a reaction table and apply its result to the piece."""
    state.emit("morale", f"{piece.name}: {table} roll {rolled.natural}"
               + (f" (read {rolled.face})" if rolled.face != rolled.natural else "")
               + f": {rolled.result}" + (f" ({why})" if why else ""),
               side=piece.side, units=(piece.id,), unit=piece.id, table=table,
               roll=rolled.natural, face=rolled.face, result=rolled.result.text)
    apply(state, piece, rolled.result, f"{table}: {rolled.result.text}")


def apply(state: State, piece: Piece, reaction: Reaction, why: str) -> None:
    """Do what ``reaction`` says: each of its parts (the unit split if the parts differ,
    the part that stays keeping the unit)."""
    if not piece.on_table:
        return
    parts = reaction.parts
    if len(parts) > 1 and len({p.action for p in parts}) > 1:
        shares = reaction.split(piece.figures)
        pieces = _split(state, piece, shares)
        if pieces is not None:
            for part, p in zip(parts, pieces, strict=True):
                if p is not None:
                    _do(state, p, part, why)
            return
        parts = (max(parts, key=lambda p: p.fraction),)
    _do(state, piece, parts[0], why)


def _do(state: State, piece: Piece, part: Part, why: str) -> None:
    a = part.action
    if a is Action.FIGHT and part.facing is Facing.ENEMY:
        _turn_to_fight(state, piece)
        return
    if a in (Action.FIGHT, Action.HOLD, Action.STEADY):
        return
    if a is Action.RALLY:
        # Hand to hand II C: a unit that lost its standard in its rout rallies shaken
        piece.condition = Condition.SHAKEN if piece.standard_lost else Condition.GOOD_ORDER
        piece.standard_lost = False
        piece.rally_attempts = 0
        foe = state.nearest_enemy(piece)[0]
        if foe is not None:
            face = bearing(piece.block.centre, foe.block.centre)
            turned = ground.turned(piece.block, face)
            if ground.path_clear(state, piece, [piece.block, turned]):
                piece.block = turned
        state.emit("rallied", f"{piece.name}: rallies, facing the enemy", side=piece.side,
                   units=(piece.id,), unit=piece.id, to=position(piece.block))
        if piece.shaken:
            state.emit("shaken", f"{piece.name}: shaken (its standard lost)",
                       side=piece.side, units=(piece.id,), unit=piece.id)
        return
    if a is Action.SHAKEN:
        if piece.condition is Condition.GOOD_ORDER:
            piece.condition = Condition.SHAKEN
            state.emit("shaken", f"{piece.name}: shaken", side=piece.side, units=(piece.id,),
                       unit=piece.id)
        return
    if a is Action.FALL_BACK:
        fall_back(state, piece, part.moves or 1, part.double, part.facing, why)
        return
    if a is Action.RUN:
        if part.save is not None and not _fates(state, piece, part, why):
            return
        run(state, piece, part.moves or 1, part.double, why, part.facing)
        return
    if a is Action.SURRENDER:
        state.emit("captives", f"{piece.name}: {counted(piece.figures, 'figure')} taken "
                   "captive", side=piece.side, units=(piece.id,), unit=piece.id,
                   captive=piece.figures, killed=0)
        lose(state, piece, Condition.CAPTURED, why)
        return
    if a is Action.CUT_DOWN:
        _fates(state, piece, part, why)
        if piece.on_table:
            lose(state, piece, Condition.ELIMINATED, why)
        return
    if a is Action.SUPPORT_OR_SURRENDER:
        if _supported(state, piece):
            fall_back(state, piece, part.moves or 1, part.double, part.facing,
                      f"{why}: to its supports")
        else:
            _do(state, piece, Part(Action.SURRENDER), f"{why}: no supports to reach")
        return
    raise AssertionError(f"unhandled action {a}")  # pragma: no cover


def _turn_to_fight(state: State, piece: Piece) -> None:
    """Special conditions, rear attack: "turns and fights": the unit turns about to face
    the enemy in contact with its rear (or, one in its flank, a quarter turn where it
    has room)."""
    foes = state.contacts(piece)
    edges = [state.facing_edge(piece, e) for e in foes]
    b = piece.block
    if Aspect.REAR in edges:  # about face, in its own footprint
        turned = ground.turned(b, normalise_angle(b.facing + 180.0))
    elif Aspect.LEFT in edges or Aspect.RIGHT in edges:
        turned = ground.turned(b, normalise_angle(
            b.facing + (-90.0 if Aspect.LEFT in edges else 90.0)))
        if not ground.path_clear(state, piece, [b, turned], foes):
            return
    else:
        return
    piece.block = turned
    state.emit("turn", f"{piece.name}: turns to fight", side=piece.side, units=(piece.id,),
               unit=piece.id, **{"from": position(b), "to": position(turned)})


def _fates(state: State, piece: Piece, part: Part, why: str) -> bool:
    """Roll each figure's save (Hand to hand D; Special conditions: "5/6 survives for
    capture"); the unit keeps the figures that escape with it. Whether any are left."""
    fates = part.fates(piece.figures, state.dice, f"{why}: {piece.name}")
    captive, killed, escaped = fates[Fate.CAPTIVE], fates[Fate.KILLED], fates[Fate.ESCAPED]
    state.emit("captives", f"{piece.name}: {counted(captive, 'figure')} taken captive, "
               f"{counted(killed, 'figure')} killed"
               + (f", {counted(escaped, 'figure')} get away" if escaped else ""),
               side=piece.side, units=(piece.id,), unit=piece.id, captive=captive,
               killed=killed, escaped=escaped)
    if escaped:
        gone = piece.figures - escaped
        if gone:
            remove_figures(state, piece, gone, f"{why}: taken or killed")
        return piece.on_table
    lose(state, piece, Condition.CAPTURED if captive else Condition.ELIMINATED, why)
    return False


def _supported(state: State, piece: Piece) -> bool:
    """A friendly unit in good order within one move (Hand to hand D: 'if unable to move
    to supporting troop surrenders')."""
    reach = move_allowance(state, piece)
    return any(f.condition is Condition.GOOD_ORDER and piece.block.distance(f.block) <= reach
               for f in state.present(piece.side) if f is not piece)


def _split(state: State, piece: Piece, shares: Sequence[int]) -> list[Piece | None] | None:
    """Split the piece's files into parts of about ``shares`` figures each, left to
    right: the first part keeps the piece (and its id), the others become new pieces
    (ids ``<id>.<n>``) standing where their files stood. None if it cannot be split."""
    unit = piece.unit
    depths = list(unit.depths)
    if len([s for s in shares if s > 0]) < 2 or len(depths) < 2:
        return None
    cuts: list[int] = []
    at, total = 0, 0
    for share in shares[:-1]:
        want = total + share
        best = at + 1
        for k in range(at + 1, len(depths)):
            if abs(sum(depths[:k]) - want) < abs(sum(depths[:best]) - want):
                best = k
        best = min(max(best, at + 1), len(depths) - (len(shares) - len(cuts) - 1))
        cuts.append(best)
        total = sum(depths[:best])
        at = best
    bounds = [0, *cuts, len(depths)]
    if any(b1 <= b0 for b0, b1 in itertools.pairwise(bounds)):
        return None
    block = piece.block
    w = block.base_width
    left = -block.frontage / 2.0
    out: list[Piece | None] = []
    existing = sum(1 for p in state.pieces if p.id.startswith(piece.id + "."))
    made = []
    for i, (b0, b1) in enumerate(itertools.pairwise(bounds)):
        files = list(range(b0, b1))
        part_depths = tuple(depths[f] for f in files)

        name = unit.name if i == 0 else f"{unit.name} ({_ordinal(existing + i)} part)"
        part = attrs.evolve(unit, depths=part_depths, officer=_moved(unit.officer, b0, b1),
                            standard=_moved(unit.standard, b0, b1),
                            c_in_c=_moved(unit.c_in_c, b0, b1),
                            staff_officer=unit.staff_officer and i == 0, name=name)
        centre_right = left + (b0 + (b1 - b0) / 2.0) * w
        x, y = block.world(centre_right, 0.0)
        pblock = block.derived(x, y, block.facing, b1 - b0, max(part_depths))
        made.append((part, pblock))
    keep_unit, keep_block = made[0]
    for i, (part, pblock) in enumerate(made[1:], start=1):
        new = Piece(f"{piece.id}.{existing + i}", piece.side, part, pblock, part,
                    part.figures, original=False, condition=piece.condition,
                    moved_in=piece.moved_in, ran=piece.ran, melee_rounds=piece.melee_rounds,
                    family=piece.family or piece.id)
        piece.start_figures = piece.start_figures - part.figures
        state.add(new)
        out.append(new)
        state.emit("split", f"{piece.name}: {counted(part.figures, 'figure')} part as "
                   f"{part.name}", side=piece.side, units=(piece.id, new.id), unit=piece.id,
                   part=new.id, figures=part.figures, to=position(pblock))
    piece.unit = keep_unit
    piece.block = keep_block
    state.emit("reformed", f"{piece.name}: {counted(keep_unit.figures, 'figure')} stay",
               side=piece.side, units=(piece.id,), unit=piece.id, figures=keep_unit.figures,
               files=keep_unit.files, ranks=keep_unit.ranks, to=position(keep_block))
    return [piece, *out]


def _moved(at: int | None, b0: int, b1: int) -> int | None:
    """A file index of the whole unit in the part of files ``b0``..``b1`` (None: not in it)."""
    return None if at is None or not b0 <= at < b1 else at - b0


def _ordinal(n: int) -> str:
    return {1: "second", 2: "third", 3: "fourth"}.get(n, f"{n + 1}th")


# -- moving away -------------------------------------------------------------------------
def _farthest(state: State, piece: Piece, towards: float, inches: float, facing: float,
              ignore: Sequence[Piece] = ()) -> tuple[Block, float, bool]:
    """The farthest clear block on the bearing ``towards`` up to ``inches`` (the piece
    turned to ``facing``), whether the move would carry it off the table."""
    step = state.rules.table.step
    start = piece.block
    d = inches
    while d > EPSILON:
        end = ground.along(start, towards, d, facing)
        if state.table.contains(end):
            path = [start, end]
            if ground.path_clear(state, piece, path, ignore):
                return end, d, False
        else:
            # how far until it would leave the table: clear to there?
            edge = _to_edge(state, start, towards, facing, d)
            if edge is not None:
                path = [start, edge[0]]
                if ground.path_clear(state, piece, path, ignore):
                    return edge[0], edge[1], True
        d -= step
    turned = ground.turned(start, facing)
    if ground.path_clear(state, piece, [start, turned], ignore):
        return turned, 0.0, False
    return start, 0.0, False


def _to_edge(state: State, start: Block, towards: float, facing: float,
             inches: float) -> tuple[Block, float] | None:
    """The last block on the table along the bearing before ``inches``."""
    lo, hi = 0.0, inches
    found = None
    for _ in range(20):
        mid = (lo + hi) / 2.0
        b = ground.along(start, towards, mid, facing)
        if state.table.contains(b):
            lo, found = mid, (b, mid)
        else:
            hi = mid
    return found


def run(state: State, piece: Piece, moves: int = 1, double: bool = False,
        why: str = "", facing: Facing | None = Facing.AWAY) -> None:
    """The piece runs (routs): it turns its back to the enemy and moves ``moves`` of its
    moves (``double``: at the double) towards its own table edge; running off the edge
    it leaves the battle. It goes on running until it rallies (Morale)."""
    if not piece.on_table:
        return
    if piece.condition is not Condition.ROUTED:
        gave_way(state, piece)
    away = rear_bearing(state, piece.side)
    inches = move_allowance(state, piece) * moves * (2.0 if double else 1.0)
    start = piece.block
    best: tuple[Block, float, bool] = (start, 0.0, False)
    for turn in (0.0, -30.0, 30.0, -60.0, 60.0):  # straight back, else round what blocks it
        way = normalise_angle(away + turn)
        face = way if facing is not Facing.ENEMY else normalise_angle(way + 180.0)
        got = _farthest(state, piece, way, inches, face)
        if got[2] or got[1] > best[1] + EPSILON:
            best = got
        if got[2] or got[1] >= inches - EPSILON:
            break
    end, done, off = best
    piece.block = end
    state.emit("run", f"{piece.name}: runs {done:.1f}\"" + (f" ({why})" if why else ""),
               side=piece.side, units=(piece.id,), unit=piece.id, distance=round(done, 3),
               **{"from": position(start), "to": position(end)})
    if off:
        lose(state, piece, Condition.LEFT_FIELD, "ran off its table edge")


def gave_way(state: State, piece: Piece) -> None:
    """The piece begins to run: the friends on its immediate flank (to their left or
    right within the flank reach, table.toml) are told (Morale, pre-contact); the parts
    of its own unit are not another unit on its flank."""
    piece.condition = Condition.ROUTED
    piece.rally_attempts = 0
    piece.gave_way = state.player
    reach = state.rules.table.flank_reach
    family = piece.family or piece.id
    for f in state.present(piece.side):
        if f is piece or f.running or (f.family or f.id) == family:
            continue
        if f.block.aspect_of(piece.block.centre) in (Aspect.LEFT, Aspect.RIGHT) and \
                f.block.distance(piece.block) <= reach:
            f.flank_gave_way = True


def fall_back(state: State, piece: Piece, moves: int = 1, double: bool = False,
              facing: Facing | None = Facing.ENEMY, why: str = "") -> None:
    """The piece falls back ``moves`` of its moves straight away from the nearest enemy,
    in good order, ending facing the enemy (or with its back to it); it stops short of
    other units and of the table's edge."""
    if not piece.on_table:
        return
    foes = state.contacts(piece) or tuple(
        e for e in [state.nearest_enemy(piece)[0]] if e is not None)
    if foes:
        cx = sum(f.block.centre[0] for f in foes) / len(foes)
        cy = sum(f.block.centre[1] for f in foes) / len(foes)
        away = bearing((cx, cy), piece.block.centre)
    else:
        away = rear_bearing(state, piece.side)
    face = normalise_angle(away + 180.0) if facing is not Facing.AWAY else away
    inches = move_allowance(state, piece) * moves * (2.0 if double else 1.0)
    start = piece.block
    end, done, _ = _farthest(state, piece, away, inches, face, ignore=foes)
    if done <= EPSILON and not ground.path_clear(state, piece, [end]):
        end = start
    piece.block = end
    piece.melee_rounds = 0
    state.emit("fall back", f"{piece.name}: falls back {done:.1f}\""
               + (f" ({why})" if why else ""), side=piece.side, units=(piece.id,),
               unit=piece.id, distance=round(done, 3),
               **{"from": position(start), "to": position(end)})


# -- the pre-contact triggers ------------------------------------------------------------
def start_of(piece: Piece) -> Unit:
    """The unit as the pre-contact triggers compare it: its starting figures (less the
    parts that split off it), and the officer and standard it began with."""
    s = piece.start
    return attrs.evolve(s, depths=(max(piece.start_figures, 1),),
                        officer=0 if s.officer is not None else None,
                        standard=0 if s.standard is not None else None, c_in_c=None)


def triggers(state: State, piece: Piece, flank_gave_way: bool) -> tuple[str, ...]:
    """The pre-contact triggers (Morale) the piece has not yet tested."""
    found = precontact_triggers(piece.unit, start_of(piece), flank_gave_way=flank_gave_way,
                                rules=state.rules.morale)
    return tuple(str(t) for t in found if str(t) not in piece.tested)
