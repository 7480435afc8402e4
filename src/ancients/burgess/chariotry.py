"""Chariots & Cavalry on the table: the chariots' charge home against formed infantry and
the infantry's stand (Chariots & Cavalry 1), cavalry charging spearmen (5), and the
chariots' fights in a melee round, each chariot against the groups it meets (1), two
cavalry figures (2) or a chariot (3)."""

from __future__ import annotations

from ancients.burgess.chariots import (
    Course,
    Duel,
    broken_losses,
    cavalry_course,
    cavalry_fight,
    chariot_duel,
    group_fight,
    stand_check,
)
from ancients.burgess.chariots import (
    course as chariot_course,
)
from ancients.burgess.losses import counted, remove_figures
from ancients.burgess.nerve import fall_back
from ancients.burgess.reactions import Facing
from ancients.burgess.state import Piece, State
from ancients.burgess.troops import Arm, TroopClass

__all__ = ["course", "fight", "spearmen_course", "stand"]


def course(state: State, chariots: Piece, infantry: Piece) -> Course:
    """Chariots & Cavalry 1: each chariot charging formed infantry rolls to charge home;
    the chariots that go home fight, and with none the charge swerves the way most
    chariots did."""
    courses = [chariot_course(chariots.unit, i + 1, infantry.in_formation, state.dice,
                              state.rules.chariots) for i in range(chariots.figures)]
    home = sum(c is Course.HOME for c in courses)
    state.emit("chariots", f"{chariots.name}: {home} of {chariots.figures} chariots go "
               "home", side=chariots.side, units=(chariots.id, infantry.id),
               unit=chariots.id, target=infantry.id, home=home,
               courses=[str(c) for c in courses])
    if not home:
        right = sum(c is Course.SWERVE_RIGHT for c in courses) * 2 >= len(courses)
        return Course.SWERVE_RIGHT if right else Course.SWERVE_LEFT
    chariots.home = home
    return Course.HOME


def spearmen_course(state: State, cavalry: Piece, spearmen: Piece) -> Course:
    """Chariots & Cavalry 5: cavalry charging spearmen in two ranks or more roll to charge
    home, else swerve."""
    way = cavalry_course(cavalry.unit, spearmen.in_formation, state.dice, state.rules.chariots)
    state.emit("spearmen", f"{cavalry.name}: {way} on {spearmen.name}", side=cavalry.side,
               units=(cavalry.id, spearmen.id), unit=cavalry.id, target=spearmen.id,
               course=str(way))
    return way


def stand(state: State, chariots: Piece, infantry: Piece) -> None:
    """Chariots & Cavalry 1: the infantry the chariots reach roll to stand; broken, each
    figure the chariots ride down saves on its roll, and the unit moves to the rear a
    move, its back toward the chariots."""
    r = state.rules.chariots
    need = stand_check(r)
    rolled = need.roll(state.dice, f"stand against the chariots: {infantry.name}")
    state.emit("stand", f"{infantry.name}: {'stands' if rolled.result else 'breaks'} "
               f"before {chariots.name} (roll {rolled.natural}, needs {need})",
               side=infantry.side, units=(infantry.id, chariots.id), unit=infantry.id,
               roll=rolled.natural, need=str(need), stands=rolled.result)
    if not rolled.result:
        lost = broken_losses(infantry.unit, chariots.home, state.dice, r)
        if lost:
            remove_figures(state, infantry, lost, f"ridden down by {chariots.name}")
        # "the unit moves to the rear 1 move, back toward chariot": not a rout
        fall_back(state, infantry, r.broken_moves or 1, False, Facing.AWAY,
                  f"broken by {chariots.name}")


def fight(state: State, ch: Piece, other: Piece) -> None:
    """The chariots' fight in a melee round (Chariots & Cavalry 1-3): in the first round
    the chariots that went home, after it every chariot."""
    r = state.rules
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
