"""Hand to hand combat on the table: the melees (the units in contact, each side's units
adding their points: reinforcing, Hand to hand II A), one round of each with its bonuses
and the difference rule (Hand to hand 1, A, B), and the fights the special rules give
chariots, elephants and war engines (Chariots & Cavalry 1-3; Elephants 3-5, 7)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import attrs

from ancients.burgess import beasts, ground
from ancients.burgess.chariots import Duel, cavalry_fight, chariot_duel, group_fight
from ancients.burgess.counting import round_half_down
from ancients.burgess.elephants import elephant_duel, infantry_fight, mounted_fight
from ancients.burgess.losses import counted, lose, remove_figures
from ancients.burgess.melee import Fighter, fighter
from ancients.burgess.missiles import Cover
from ancients.burgess.nerve import run
from ancients.burgess.state import Piece, State
from ancients.burgess.troops import Arm, TroopClass
from ancients.dice import DiceSpec
from ancients.tabletop import EPSILON
from ancients.tabletop.geometry import clip_segment
from ancients.units import Condition

__all__ = ["Side", "fight_round", "main_opponent", "melees", "side_losses"]

_SPECIAL = (TroopClass.CHARIOTS, TroopClass.ELEPHANTS, TroopClass.HV_ENGINE,
            TroopClass.LT_ENGINE)


def melees(state: State) -> list[list[Piece]]:
    """The melees: the groups of pieces joined by contact with an enemy, in table order."""
    seen: set[str] = set()
    out = []
    for p in state.present():
        if p.id in seen or not state.in_melee(p):
            continue
        group, todo = [], [p]
        seen.add(p.id)
        while todo:
            q = todo.pop()
            group.append(q)
            for e in state.contacts(q):
                if e.id not in seen:
                    seen.add(e.id)
                    todo.append(e)
        order = {x.id: i for i, x in enumerate(state.pieces)}
        out.append(sorted(group, key=lambda x: order[x.id]))
    return out


def _touching(a: Piece, b: Piece) -> float:
    """The length of the edges of ``a`` that ``b`` touches."""
    best = 0.0
    for i in range(4):
        p, q = a.block.corners[i], a.block.corners[(i + 1) % 4]
        best = max(best, clip_segment(p, q, b.block.corners, grow=EPSILON))
    return best


def main_opponent(state: State, piece: Piece) -> Piece | None:
    """The enemy a piece fights: the one touching it along the most of its edges (the
    first in table order of equals)."""
    foes = state.contacts(piece)
    if not foes:
        return None
    return max(foes, key=lambda e: _touching(piece, e))


@attrs.frozen
class Side:
    """One side of a melee's ordinary fight: its pieces, each as a fighter."""

    pieces: tuple[Piece, ...]
    fighters: tuple[Fighter, ...]

    @property
    def points(self) -> int:
        return sum(f.points for f in self.fighters)

    @property
    def bonus(self) -> int:
        return sum(f.bonus for f in self.fighters)


def side_losses(lost_points: Fraction, side: Side, minimum: int) -> list[int]:
    """The figures each piece of a side loses when the side loses ``lost_points`` (Hand
    to hand 1): shared by the points each brought to the fight, each share made figures
    by the piece's figure value (rounded half down), the side losing ``minimum`` figures
    at least (from the piece of most points), none more than it has."""
    total = side.points
    out = []
    for f in side.fighters:
        share = lost_points * Fraction(f.points, total) if total else Fraction(0)
        out.append(min(round_half_down(share / f.value) if f.value else 0, f.figures))
    if sum(out) < minimum and side.fighters:
        big = max(range(len(side.fighters)), key=lambda i: side.fighters[i].points)
        out[big] = min(out[big] + minimum - sum(out), side.fighters[big].figures)
    return out


def _fighter(state: State, piece: Piece, opponent: Piece) -> Fighter:
    """Hand to hand 1, A, B; II: a piece's side of the fight: its first two ranks, its
    charge's impetus and downhill in the first round, the cover it fights behind (never
    the attacker's: the troops behind the wall are the ones charged) and the ground it
    took."""
    first = piece.melee_rounds == 0
    cover = Cover.OPEN if piece.attacker else ground.cover(state, piece,
                                                              opponent.block.centre)
    return fighter(piece.unit, impetus=piece.impetus and first,
                   downhill=piece.downhill and first, cover=cover,
                   occupied_ground=piece.occupied == state.turn, rules=state.rules.melee)


def _ordinary(state: State, piece: Piece) -> bool:
    return piece.troop not in _SPECIAL


def fight_round(state: State) -> None:
    """Hand to hand: every melee fights a round (Hand to hand combat; Chariots & Cavalry;
    Elephants); each piece's rounds are counted for the post-contact roll."""
    for p in state.present():
        if not state.in_melee(p):
            p.melee_rounds = 0
            p.outnumbered = False
            p.home = 0
            p.attacker = False
    for group in melees(state):
        _fight(state, group)
    for p in state.present():
        if state.in_melee(p):
            p.melee_rounds += 1
        p.impetus = p.downhill = False


def _fight(state: State, group: Sequence[Piece]) -> None:
    pairs: list[tuple[Piece, Piece]] = []
    seen: set[frozenset[str]] = set()
    for p in group:
        if p.troop not in _SPECIAL:
            continue
        for e in state.contacts(p):
            key = frozenset((p.id, e.id))
            if key not in seen and (main_opponent(state, p) is e or
                                    main_opponent(state, e) is p):
                seen.add(key)
                pairs.append((p, e))
    a_side, b_side = state.sides
    ordinary = [p for p in group if _ordinary(state, p) and any(
        _ordinary(state, e) for e in state.contacts(p))]
    a = [p for p in ordinary if p.side == a_side]
    b = [p for p in ordinary if p.side == b_side]
    if a and b:
        _ordinary_fight(state, a, b)
    for s, e in pairs:
        if s.on_table and e.on_table:
            _special(state, s, e)


def _ordinary_fight(state: State, a: list[Piece], b: list[Piece]) -> None:
    """Hand to hand 1: one die per 5 points of each side's first two ranks, the bonuses
    on the total; the loser loses the difference in points, the winner half of it."""
    r = state.rules.melee
    sides = []
    for mine in (a, b):
        fs = []
        for p in mine:
            opp = max((e for e in state.contacts(p) if _ordinary(state, e)),
                      key=lambda e: _touching(p, e))
            fs.append(_fighter(state, p, opp))
        sides.append(Side(tuple(mine), tuple(fs)))
    scores = []
    dice_n = []
    for me, other in ((sides[0], sides[1]), (sides[1], sides[0])):
        n = r.dice.dice(me.points)
        dice_n.append(n)
        names = ", ".join(p.name for p in me.pieces)
        against = ", ".join(p.name for p in other.pieces)
        rolled = state.dice.roll(DiceSpec(n, r.troops.sides),
                                 f"melee: {names} against {against} ({n} dice)") if n else 0
        scores.append(rolled + me.bonus)
    sa, sb = scores
    diff = Fraction(abs(sa - sb))
    if sa == sb:
        lost = [side_losses(Fraction(0), s, r.minimum_figures) for s in sides]
        winner = None
    else:
        win = 0 if sa > sb else 1
        lost = [side_losses(diff if i != win else diff * r.winner_share, s,
                            r.minimum_figures) for i, s in enumerate(sides)]
        winner = sides[win].pieces[0].side
    units = [p.id for s in sides for p in s.pieces]
    state.emit("melee", f"{', '.join(p.name for p in sides[0].pieces)}: {sa} against "
               f"{sb} ({', '.join(p.name for p in sides[1].pieces)})"
               + (f", {winner} win" if winner else ", drawn"),
               units=units, sides=[[p.id for p in s.pieces] for s in sides],
               points=[s.points for s in sides], dice=dice_n,
               bonus=[s.bonus for s in sides], scores=[sa, sb], winner=winner,
               values=[[f.value for f in s.fighters] for s in sides],
               fighters=[[f.points for f in s.fighters] for s in sides],
               figures=[[f.figures for f in s.fighters] for s in sides],
               lost=[list(x) for x in lost])
    for s, losses in zip(sides, lost, strict=True):
        for p, n in zip(s.pieces, losses, strict=True):
            if n:
                remove_figures(state, p, n, "melee", melee=True)


def _special(state: State, s: Piece, e: Piece) -> None:
    """The special fights: war engines overrun; elephants against infantry, cavalry,
    chariots and elephants; chariots against infantry, cavalry and chariots."""
    r = state.rules
    kinds = {s.troop, e.troop}
    engines = [p for p in (s, e) if p.engine]
    if engines:
        if len(engines) == 1 and r.table.overrun:
            eng = engines[0]
            other = e if eng is s else s
            lose(state, eng, Condition.CAPTURED, f"overrun by {other.name}")
        return
    if TroopClass.ELEPHANTS in kinds:
        el = s if s.troop is TroopClass.ELEPHANTS else e
        other = e if el is s else s
        if other.troop is TroopClass.ELEPHANTS:
            result, harm = elephant_duel(el.unit, other.unit, state.dice, r.elephants)
            state.emit("elephant fight", f"{el.name}: {result} against {other.name}",
                       side=el.side, units=(el.id, other.id), unit=el.id, other=other.id,
                       result=str(result))
            if harm is not None:
                loser = other if result is Duel.WON else el
                beasts.harm(state, loser, harm, "elephant against elephant")
            return
        arm = state.arm(other)
        if arm is Arm.INFANTRY:
            killed, lost = infantry_fight(el.unit, other.unit, state.dice, rules=r.elephants)
            state.emit("elephant fight", f"{other.name}: "
                       + (f"kill {el.name}" if killed else f"cannot kill {el.name}")
                       + f", {counted(lost, 'figure')} lost", side=other.side,
                       units=(other.id, el.id), unit=other.id, other=el.id,
                       killed=killed, lost=lost)
            if lost:
                remove_figures(state, other, lost, f"fighting {el.name}", melee=True)
            if killed:
                lose(state, el, Condition.ELIMINATED, f"killed by {other.name}")
            return
        result, harm, lost = mounted_fight(el.unit, other.unit, state.dice, r.elephants)
        state.emit("elephant fight", f"{el.name}: {result} against {other.name}",
                   side=el.side, units=(el.id, other.id), unit=el.id, other=other.id,
                   result=str(result), lost=lost)
        if harm is not None:
            beasts.harm(state, el, harm, f"fighting {other.name}")
        elif result is Duel.WON:
            if lost:
                remove_figures(state, other, lost, f"routed by {el.name}", melee=True)
            if other.on_table:
                run(state, other, why=f"routed by {el.name}")
        return
    # chariots
    ch = s if s.troop is TroopClass.CHARIOTS else e
    other = e if ch is s else s
    arm = state.arm(other)
    number = ch.home if ch.home and ch.melee_rounds == 0 else ch.figures
    won = lost_chariots = 0
    if other.troop is TroopClass.CHARIOTS:
        n = min(ch.figures, other.figures)
        other_lost = 0
        for _ in range(n):
            d = chariot_duel(ch.unit, other.unit, state.dice, r.chariots)
            if d is Duel.WON:
                other_lost += 1
            elif d is Duel.LOST:
                lost_chariots += 1
        state.emit("chariot fight", f"{ch.name}: {counted(other_lost, 'chariot')} of "
                   f"{other.name} down, {counted(lost_chariots, 'chariot')} lost",
                   side=ch.side, units=(ch.id, other.id), unit=ch.id, other=other.id,
                   won=other_lost, lost=lost_chariots)
        if other_lost:
            remove_figures(state, other, other_lost, f"fighting {ch.name}", melee=True)
    else:
        for i in range(number):
            if arm is Arm.INFANTRY:
                d = group_fight(ch.unit, i + 1, other.unit, state.dice, rules=r.chariots)
            else:
                d = cavalry_fight(ch.unit, i + 1, other.unit, state.dice, r.chariots)
            if d is Duel.WON:
                won += 1
            elif d is Duel.LOST:
                lost_chariots += 1
        per = r.chariots.infantry_loses if arm is Arm.INFANTRY else r.chariots.cavalry_loses
        state.emit("chariot fight", f"{ch.name}: {counted(number, 'chariot')} fight "
                   f"{other.name}: {won} won, {lost_chariots} lost", side=ch.side,
                   units=(ch.id, other.id), unit=ch.id, other=other.id, chariots=number,
                   won=won, lost=lost_chariots)
        if won * per:
            remove_figures(state, other, won * per, f"fighting {ch.name}", melee=True)
    if lost_chariots:
        remove_figures(state, ch, lost_chariots, f"combatants lost to {other.name}",
                       melee=True)
