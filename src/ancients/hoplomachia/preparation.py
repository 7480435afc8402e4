"""Before the battle: each army's Breakfast (+2 Arete, +4 for Thracians), Hieres (the
formal sacrifice: tries at the situation's target number, the number of tries setting
the points) and Rhetoria (the Hegemon's speech on his nation's oratory column, or his
character's)."""

from __future__ import annotations

from ancients.hoplomachia.state import State
from ancients.hoplomachia.vocabulary import Role

__all__ = ["prepare"]


def prepare(state: State, side: str, situation: str | None, role: Role) -> None:
    """Hoplomachia, Preparation: Breakfast, Hieres and Rhetoria for one army."""
    rituals = state.rules.rituals
    army = state.armies[side]
    breakfast = rituals.breakfast.points_for(army.nation)
    state.emit("breakfast", f"{army.title}: breakfast", side=side, points=breakfast)
    state.gain(side, breakfast, "breakfast")
    target = rituals.hieres.target(situation, role)
    hieres = rituals.hieres.roll(target, state.dice, side)
    tries = f"{hieres.tries} tries" if hieres.tries else "every try failed"
    state.emit("hieres", f"{army.title}: the hieres ({tries} at {target})", side=side,
               target=target, tries=hieres.tries, rolls=list(hieres.rolls),
               points=hieres.points)
    state.gain(side, hieres.points, "the hieres")
    hegemon = state.hegemon(side)
    effect = state.rules.strategoi.effect(hegemon.character) if hegemon else None
    column = rituals.rhetoria.column(army.nation, effect)
    points = rituals.rhetoria.roll(army.nation, effect, state.dice, side)
    state.emit("rhetoria", f"{army.title}: the Hegemon's speech ({column})", side=side,
               column=column, points=points)
    state.gain(side, points, "rhetoria")
