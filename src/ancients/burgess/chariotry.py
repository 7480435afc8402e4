"""Chariots & Cavalry on the table: the chariots' fights in a melee round, each chariot
against the groups it meets (Chariots & Cavalry 1), two cavalry figures (2) or a chariot
(3)."""

from __future__ import annotations

from ancients.burgess.chariots import Duel, cavalry_fight, chariot_duel, group_fight
from ancients.burgess.losses import counted, remove_figures
from ancients.burgess.state import Piece, State
from ancients.burgess.troops import Arm, TroopClass

__all__ = ["fight"]


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
