"""Phalanxes: casualties off the rear rank, losing formation, re-forming (Monk's Corner,
Phalanxes 2-3; Morale 2-3 for the re-formed shapes)."""

from __future__ import annotations

import attrs

from ancients.monks_corner.state import State
from ancients.monks_corner.troops import Unit, counted
from ancients.tabletop import Block
from ancients.units import Condition

__all__ = ["REFORM", "STAY", "Ranks", "Reform", "apply_hits", "attempt_reform",
           "can_attempt_reform", "unform"]


@attrs.frozen
class Reform:
    """An option for an unformed phalanx."""

    attempt: bool

    def __str__(self) -> str:
        return "attempt to re-form" if self.attempt else "stay unformed"


REFORM, STAY = Reform(True), Reform(False)


@attrs.frozen
class Ranks:
    """An option for a phalanx left one rank deep out of melee (Morale 3)."""

    two: bool

    def __str__(self) -> str:
        return "re-form two ranks deep" if self.two else "stay one rank deep"


def apply_hits(state: State, unit: Unit, hits: int, cause: str) -> int:
    """Remove figures (Monk's Corner, Phalanxes 2: off the rear rank, from the centre
    rightwards — see :func:`ancients.monks_corner.render.rear_rank_slots`)."""
    if hits <= 0 or not unit.on_table:
        return 0
    removed = unit.remove(hits)
    state.emit("casualties", f"{unit.name}: {counted(removed, 'figure')} lost to {cause}",
               side=unit.side, units=(unit.id,), unit=unit.id, hits=removed,
               figures=unit.figures, ranks=unit.ranks, rear=unit.rear)
    if unit.condition is Condition.ELIMINATED:
        state.emit("destroyed", f"{unit.name}: destroyed", side=unit.side, units=(unit.id,),
                   unit=unit.id)
    return removed


def unform(state: State, unit: Unit, why: str) -> None:
    """A phalanx loses formation (Phalanxes 3 and elsewhere)."""
    if unit.is_phalanx and unit.formed and unit.on_table:
        unit.formed = False
        unit.reorganising = False
        state.emit("unformed", f"{unit.name}: formation lost ({why})", side=unit.side,
                   units=(unit.id,), unit=unit.id, reason=why)


def can_attempt_reform(state: State, unit: Unit) -> bool:
    """Monk's Corner, Phalanxes 3: an unformed phalanx out of melee may try to re-form —
    not after failing; Spartans may try in melee too, but never again after failing
    there."""
    if not (unit.is_phalanx and unit.on_table and not unit.formed):
        return False
    if unit.reform_failed or unit.melee_reform_failed:
        return False
    if unit.figures < state.rules.min_reform_figures:  # two ranks, as wide as deep
        return False
    if state.in_melee(unit) and not unit.spartan:
        return False
    return _reform_block(state, unit) is not None


def _reform_block(state: State, unit: Unit) -> tuple[int, int, int] | None:
    """The shape a re-forming phalanx takes: its own if it is still two ranks deep, else
    two even ranks (Morale 3); None if there is no room for it."""
    if unit.ranks >= 2:
        return unit.files, unit.ranks, unit.rear
    shape = state.rules.reform_shape(unit.figures)
    if not fits(state, unit, shape[0], shape[1]):
        return None
    return shape


def fits(state: State, unit: Unit, files: int, ranks: int) -> bool:
    """``unit`` re-shaped to ``files`` x ``ranks`` in place stays on the table and clear of
    every other unit."""
    f, r = (ranks, files) if unit.column else (files, ranks)
    new: Block = unit.block.reformed(f, r)
    if not state.table.contains(new):
        return False
    return not any(new.overlaps(o.block) for o in state.others(unit))


def attempt_reform(state: State, unit: Unit) -> bool:
    """Monk's Corner, Phalanxes 3: 1d6, 4-6 re-forms (Spartans +2 out of melee). Success:
    no other move this turn. Failure: unformed for the rest of the battle (a Spartan who
    failed in melee may never try again)."""
    in_melee = state.in_melee(unit)
    need = state.rules.reform_need
    bonus = state.rules.spartan_bonus if unit.spartan and not in_melee else 0
    roll = state.die("re-form")
    shape = _reform_block(state, unit)
    if roll + bonus >= need and shape is not None:
        unit.set_shape(*shape)
        unit.formed = True
        unit.reformed_turn = state.turn
        unit.checked = (unit.ranks, unit.rear)
        state.emit("re-formed", f"{unit.name}: re-formed ({roll}{f'+{bonus}' if bonus else ''})",
                   side=unit.side, units=(unit.id,), unit=unit.id, roll=roll, bonus=bonus,
                   need=need, result="re-formed", files=unit.files, ranks=unit.ranks)
        return True
    if in_melee:
        unit.melee_reform_failed = True
    if not (unit.spartan and state.opts.spartan_retry and not in_melee):
        unit.reform_failed = True
    state.emit("re-form failed", f"{unit.name}: re-form failed ({roll}"
               f"{f'+{bonus}' if bonus else ''})", side=unit.side, units=(unit.id,),
               unit=unit.id, roll=roll, bonus=bonus, need=need, result="failed",
               final=unit.reform_failed or unit.melee_reform_failed)
    return False
