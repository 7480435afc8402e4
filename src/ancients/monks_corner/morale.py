"""Morale: reorganising a thinned rear rank, the test for a lost rear rank, breaking and
the rout (Monk's Corner, Morale 1-3)."""

from __future__ import annotations

from collections.abc import Generator, Hashable

from ancients.battle import Decision
from ancients.monks_corner.decisions import Kind
from ancients.monks_corner.phalanx import Ranks, fits, unform
from ancients.monks_corner.state import State
from ancients.monks_corner.troops import Unit, counted
from ancients.tabletop import EPSILON, Block
from ancients.units import Condition

__all__ = ["ONE_RANK", "TWO_RANKS", "check_morale", "check_unit", "rout_path", "thinned",
           "two_ranks"]


#: the options of a phalanx down to one rank out of melee (Morale 3)
TWO_RANKS, ONE_RANK = Ranks(True), Ranks(False)
Steps = Generator[Decision, Hashable, None]


def check_morale(state: State, side: str | None = None) -> Steps:
    """Every unit of ``side`` (or both) checks morale after its losses; a phalanx left one
    rank deep out of melee has its side decide whether it re-forms two ranks deep
    (Morale 3, a :data:`~.decisions.Kind.RANKS` decision)."""
    for unit in list(state.pieces):
        if unit.on_table and (side is None or unit.side == side) and \
                check_unit(state, unit):
            choice = yield Decision(unit.side, Kind.RANKS, (TWO_RANKS, ONE_RANK),
                                    unit=unit.id, prompt="one rank left: re-form two "
                                    "ranks deep, or stay one rank deep")
            if choice == TWO_RANKS:
                two_ranks(state, unit)
            else:
                state.emit("one rank", f"{unit.name}: stays one rank deep",
                           side=unit.side, units=(unit.id,), unit=unit.id,
                           files=unit.files, rear=unit.rear)


def check_unit(state: State, unit: Unit) -> bool:
    """Monk's Corner, Morale 1-3, for one unit. True if it is left one rank deep out of
    melee with room to re-form two ranks deep: its side then decides
    (:func:`check_morale`, :func:`two_ranks`)."""
    before = unit.checked
    unit.checked = (unit.ranks, unit.rear)
    if unit.unformed:  # Morale 1: unformed units do not check morale
        return False
    ranks_before, rear_before = before
    in_melee = state.in_melee(unit)
    if unit.ranks < ranks_before:
        # Morale 3: a complete rear rank lost: 1d6 higher than the ranks remaining breaks
        roll = state.die("morale: rear rank lost")
        if roll > unit.ranks:
            state.emit("morale", f"{unit.name}: rear rank lost, die {roll} against "
                       f"{counted(unit.ranks, 'rank')} left: broken", side=unit.side,
                       units=(unit.id,), unit=unit.id, roll=roll, target=unit.ranks,
                       result="broken", passed=False)
            break_phalanx(state, unit)
            return False
        state.emit("morale", f"{unit.name}: rear rank lost, die {roll} against "
                   f"{counted(unit.ranks, 'rank')} left: not broken", side=unit.side,
                   units=(unit.id,), unit=unit.id, roll=roll, target=unit.ranks,
                   result="not broken", passed=True)
        if unit.ranks == 1:
            return _single_rank(state, unit, in_melee)
        rear_before = unit.files
    over = state.rules.reorganise_over
    if thinned(unit.files, unit.rear, over) and not thinned(unit.files, rear_before, over):
        _reorganise(state, unit, in_melee)
    return False


def thinned(files: int, rear: int, over: float) -> bool:
    """Morale 2: a rear rank of ``rear`` figures of ``files`` has lost over ``over`` (half)
    of itself."""
    return rear < files * (1.0 - over)


def _single_rank(state: State, unit: Unit, in_melee: bool) -> bool:
    """Morale 3: one rank left: in melee it becomes unformed (the text says "formed"; see
    the ``single_rank_in_melee`` option); out of melee it *may* re-form two even ranks
    deep (True: its side decides), and with too few figures or no room it cannot and
    becomes unformed."""
    if in_melee:
        if not state.opts.single_rank_in_melee:
            unform(state, unit, "one rank left in melee")
        return False
    files, ranks, _ = state.rules.reform_shape(unit.figures)
    if unit.figures < state.rules.min_reform_figures or not fits(state, unit, files, ranks):
        unform(state, unit, "no room to re-form two ranks deep")
        return False
    return True


def two_ranks(state: State, unit: Unit) -> None:
    """Morale 3: a phalanx down to one rank re-forms in two even ranks (if the figures are
    odd, the second rank is shorter)."""
    files, ranks, rear = state.rules.reform_shape(unit.figures)
    unit.set_shape(files, ranks, rear)
    unit.checked = (unit.ranks, unit.rear)
    state.emit("reorganised",
               f"{unit.name}: re-formed {_ranks_word(ranks)} ranks deep ({files} wide)",
               side=unit.side, units=(unit.id,), unit=unit.id, files=unit.files,
               ranks=unit.ranks, rear=unit.rear)


def _reorganise(state: State, unit: Unit, in_melee: bool) -> None:
    """Morale 2: over half the rear rank lost: a turn not moving to reorganise. Begun three
    or more deep: it may do so in melee too. Begun two deep: unformed in melee, else it
    re-forms two even ranks (and spends the turn not moving all the same)."""
    if unit.start_ranks >= 3:
        unit.reorganising = True
        state.emit("reorganising", f"{unit.name}: halt to reorganise the rear rank",
                   side=unit.side, units=(unit.id,), unit=unit.id, rear=unit.rear,
                   files=unit.files)
        return
    if in_melee:
        unform(state, unit, "two-rank phalanx lost half its rear rank in melee")
        return
    files, ranks, rear = state.rules.reform_shape(unit.figures)
    if not fits(state, unit, files, ranks):
        unform(state, unit, "no room to re-form")
        return
    unit.set_shape(files, ranks, rear)
    unit.checked = (unit.ranks, unit.rear)
    unit.reorganising = True  # Morale 2: the re-forming is its turn spent not moving
    state.emit("reorganised", f"{unit.name}: re-formed in {_ranks_word(ranks)} even ranks "
               f"({files} wide); "
               "halt to reorganise", side=unit.side, units=(unit.id,), unit=unit.id,
               files=unit.files, ranks=unit.ranks, rear=unit.rear)


def _ranks_word(ranks: int) -> str:
    return {2: "two", 3: "three", 4: "four"}.get(ranks, str(ranks))


def rout_path(state: State, unit: Unit) -> Block:
    """The strip a broken phalanx routs along: straight to its rear and off the table."""
    b = unit.block
    reach = state.table.width + state.table.depth
    return Block(b.x, b.y, b.facing, 1, 1, b.frontage, b.depth + reach)


def break_phalanx(state: State, unit: Unit) -> None:
    """Morale 3: broken, removed from play, routing to the rear; friendly phalanxes within
    6" of its path lose formation."""
    path = rout_path(state, unit)
    unit.condition = Condition.LEFT_FIELD
    state.emit("broken", f"{unit.name}: broken; rout from the field",
               side=unit.side, units=(unit.id,), unit=unit.id, figures=unit.figures)
    for friend in state.present(unit.side):
        if friend.is_phalanx and friend.formed and \
                friend.block.distance(path) <= state.rules.rout_unforms + EPSILON:
            unform(state, friend, f"{unit.name} routed past")
