"""Hand to hand combat on the table, one melee round: the melees (the units in contact,
each side's units adding their points: reinforcing, Hand to hand II A), the ordinary
fight of each with its bonuses and the difference rule (Hand to hand 1, A, B), then the
special fights of its chariots and elephants (:mod:`~ancients.burgess.chariotry`,
:mod:`~ancients.burgess.beasts`) and its war engines overrun; the losses go to
:mod:`~ancients.burgess.losses`."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import attrs

from ancients.burgess import beasts, chariotry, ground
from ancients.burgess.counting import round_half_down
from ancients.burgess.losses import lose, remove_figures
from ancients.burgess.melee import Fighter, fighter
from ancients.burgess.missiles import Cover
from ancients.burgess.state import Piece, State
from ancients.burgess.troops import TroopClass
from ancients.dice import DiceSpec
from ancients.tabletop import EPSILON
from ancients.tabletop.geometry import clip_segment
from ancients.units import Condition

__all__ = ["Side", "fight_round", "main_opponent", "melees", "side_losses"]

_SPECIAL = (TroopClass.CHARIOTS, TroopClass.ELEPHANTS, TroopClass.HV_ENGINE,
            TroopClass.LT_ENGINE)


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


def _ordinary(state: State, piece: Piece) -> bool:
    return piece.troop not in _SPECIAL


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


def main_opponent(state: State, piece: Piece) -> Piece | None:
    """The enemy a piece fights: the one touching it along the most of its edges (the
    first in table order of equals)."""
    foes = state.contacts(piece)
    if not foes:
        return None
    return max(foes, key=lambda e: _touching(piece, e))


def _touching(a: Piece, b: Piece) -> float:
    """The length of the edges of ``a`` that ``b`` touches."""
    best = 0.0
    for i in range(4):
        p, q = a.block.corners[i], a.block.corners[(i + 1) % 4]
        best = max(best, clip_segment(p, q, b.block.corners, grow=EPSILON))
    return best


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
        beasts.fight(state, el, e if el is s else s)
        return
    ch = s if s.troop is TroopClass.CHARIOTS else e
    chariotry.fight(state, ch, e if ch is s else s)
