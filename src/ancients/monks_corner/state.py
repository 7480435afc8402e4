"""The state of a Monk's Corner battle: the units on the table and what is derived from
them (who touches whom, the enemies' corners, measured gaps), apart from the battle.

**One mutation path.** A unit of a state is changed only by assignment to its fields
(``unit.block = ...``, ``unit.formed = False``, :meth:`~.troops.Unit.remove`), and every
such assignment goes through the unit's ``on_setattr`` hook, which bumps the state's
:attr:`State.version` (but for the fields marked ``BOOKKEEPING`` in :mod:`.troops`,
which no cache reads; the core's :mod:`ancients.versioned` keeps the version, and
:class:`~ancients.tabletop.placed.PlacedState` every unit's block in the spatial index
with who touches whom, brought up to date for the units touched since last read). Every
cache below is keyed by that version (or by immutable blocks, compared by identity), so
no rule module has a cache to invalidate by hand.
Blocks are immutable values and the table never changes. The rule modules take the
state (with the dice and ``emit`` it carries); the battle (:mod:`.battle`) drives them.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, TypeVar

import attrs
import numpy as np
from numpy.typing import NDArray

from ancients.dice import Dice
from ancients.events import Event
from ancients.monks_corner.options import MonksCornerOptions
from ancients.monks_corner.rules import Rules
from ancients.monks_corner.troops import Unit
from ancients.tabletop import EPSILON, Block, BlockIndex, Table, corners_array, distance_matrix
from ancients.tabletop.geometry import frames, separation
from ancients.tabletop.index import Measure, matrix_distance
from ancients.tabletop.placed import PlacedState
from ancients.units import UnitView

__all__ = ["State", "position"]

T = TypeVar("T")
_PENDING = np.zeros(0)  # a row being measured


def position(block: Block) -> list[float]:
    """Where a block stands, for an event's data: [x, y, facing] (inches, degrees)."""
    return [round(block.x, 3), round(block.y, 3), round(block.facing, 3)]


@attrs.define(eq=False)
class State(PlacedState[Unit]):
    """Everything that changes in a battle (the units, the turn, the phasing side) and
    the data it is played with (table, options, the rules' numbers, alliance leaders),
    with the dice and the battle's ``emit``."""

    table: Table
    sides: tuple[str, str]
    leaders: dict[str, str]
    opts: MonksCornerOptions
    rules: Rules
    dice: Dice
    emit: Callable[..., Event]
    pieces: list[Unit]
    turn: int = 0
    phasing: str | None = None
    #: what each option of the pending move/charge decision stands for (commanders
    #: read it rather than recomputing the menu)
    menu: dict[Hashable, object] = attrs.field(factory=dict)
    _foes: dict[str, _Foes] = attrs.field(factory=dict, init=False)
    _apart: dict[tuple[int, int], tuple[Block, Block, float]] = attrs.field(
        factory=dict, init=False)
    #: each unit's last menu of moves before the legality checks, and what it was
    #: built from (see ``movement.candidate_moves``)
    menu_memo: dict[str, tuple[tuple[tuple[Block | None, ...], tuple[object, ...]],
                               list[Any]]] = attrs.field(factory=dict, init=False)

    def die(self, reason: str) -> int:
        """One toss of the rules' die (a d6: ``Rules.die``), through the battle's dice."""
        return self.dice.roll(self.rules.die_spec, reason)

    def views(self) -> list[UnitView]:
        return [u.view() for u in self.pieces]

    def fingerprint(self) -> tuple[Hashable, ...]:
        return (self.phasing, tuple(u.state() for u in self.pieces))

    def enemy_of(self, side: str) -> str:
        return self.sides[1 - self.sides.index(side)]

    def grid(self) -> BlockIndex:
        """Every unit's block on the table in the tabletop's spatial index, slot ``i``
        for ``pieces[i]`` (:attr:`slot`; empty for a unit off the table), kept up to
        date per unit (:meth:`~ancients.tabletop.placed.PlacedState.every_index`)."""
        return self.every_index()

    def others(self, unit: Unit) -> list[Unit]:
        """The units on the table but ``unit`` (in table order)."""
        return [u for u in self.present() if u is not unit]

    def contact_measure(self) -> Measure:
        """Contacts as the distance matrix measures them (its entries, bit for bit)."""
        return matrix_distance

    def _compute_contacts(self) -> dict[str, tuple[Unit, ...]]:
        """Who touches whom, measured afresh (the oracle of :meth:`contacts`)."""
        a, b = self.present(self.sides[0]), self.present(self.sides[1])
        out: dict[str, list[Unit]] = {u.id: [] for u in a + b}
        # only blocks whose bounds come within EPSILON can touch: the index of the first
        # side's enemies gives those (a superset, in order), measured in pure Python with
        # the frames the distance matrix uses (its entries bit for bit)
        m = 2.0 * EPSILON
        table = self._foe_table(self.sides[0])
        index = table.grid()
        for u in a:
            ub = u.block
            x0, y0, x1, y1 = ub.bounds
            for j in index.candidates(ub.bounds, m):
                e = b[j]
                eb = e.block
                q = eb.bounds
                if x0 > q[2] + m or q[0] > x1 + m or y0 > q[3] + m or q[1] > y1 + m:
                    continue
                if separation(ub.corners, ub.matrix_frame, eb.corners,
                              eb.matrix_frame)[1] <= EPSILON:
                    out[u.id].append(e)
                    out[e.id].append(u)
        return {k: tuple(v) for k, v in out.items() if v}

    def memo(self, key: Hashable, compute: Callable[[], T]) -> T:
        """``compute()``, remembered under ``key`` until something moves (any change to a unit)
        or the turn changes."""
        table = self.kept(self._memo, dict)
        full = (self.turn, key)
        if full not in table:
            table[full] = compute()
        result: T = table[full]
        return result

    def foes(self, side: str) -> tuple[list[Unit], NDArray[np.float64], NDArray[np.float64]]:
        """The enemies of ``side`` on the table, their corners (m, 4, 2) and frames
        (8, m): built again only when one of them has moved, changed shape or left
        (the same units with the same block objects: blocks are immutable). The units
        are in the order of the columns of :meth:`gaps` and the slots of
        :meth:`foe_grid`."""
        found = self._foe_table(side)
        return list(found.units), found.corners, found.frames  # (the list is ours)

    def _foe_table(self, side: str) -> _Foes:
        cached = self._foes.get(side)
        if cached is not None and cached.version == self.version:
            return cached
        foes = self.present(self.enemy_of(side))
        blocks = [e.block for e in foes]
        if cached is not None and len(cached.units) == len(foes) and all(
                a is b for a, b in zip(cached.units, foes, strict=True)) and all(
                a is b for a, b in zip(cached.blocks, blocks, strict=True)):
            cached.version = self.version  # nobody on that side has moved
            return cached
        corners = corners_array(blocks)
        cached = _Foes(self.version, foes, blocks, corners, frames(corners))
        self._foes[side] = cached
        return cached

    def gaps(self, side: str, blocks: Sequence[Block]) -> NDArray[np.float64]:
        """Edge-to-edge inches from each of ``blocks`` to each enemy of ``side`` (in the
        order of :meth:`foes`), as an (n, m) array."""
        table = self._foe_table(side)
        corners, frames_ = table.corners, table.frames
        # each row depends only on its block and the enemies, so rows are remembered
        # until one of the enemies moves: the commander scores the ends the menu just
        # measured, and a unit that has not moved asks for its own row again. Keyed by
        # the block itself (its id, the block kept alive beside its row): an equal block
        # elsewhere would only be measured again, to the same row.
        rows = table.rows
        missing: list[Block] = []
        for b in blocks:
            found = rows.get(id(b))
            if found is None or found[0] is not b:
                rows[id(b)] = (b, _PENDING)
                missing.append(b)
        if missing:
            if len(rows) > 8192:  # the ends of past menus: keep it small
                keep = {id(b) for b in blocks}
                for k in [k for k in rows if k not in keep]:
                    del rows[k]
            fresh = distance_matrix(corners_array(missing), corners, frames_)
            for b, row in zip(missing, fresh, strict=True):
                rows[id(b)] = (b, row)
            if len(missing) == len(blocks):  # all new, in order: the matrix (a copy:
                return fresh.copy()  # the remembered rows are views of it)
        if not blocks:
            return np.zeros((0, corners.shape[0]))
        return np.array([rows[id(b)][1] for b in blocks])

    def gaps_near(self, side: str, blocks: Sequence[Block], reach: float
                  ) -> tuple[list[int], NDArray[np.float64]]:
        """The enemies of ``side`` whose bounds come within ``reach`` of the bounds of
        all of ``blocks`` (their columns of :meth:`gaps`, ascending: every enemy within
        ``reach`` of a block, and some farther) and the edge-to-edge inches from each
        block to each of them, (n, k): the same values as :meth:`gaps`' columns, bit for
        bit, measured against the nearby enemies only (or read from the rows
        :meth:`gaps` has kept, if it has them all)."""
        table = self._foe_table(side)
        if not blocks:
            return [], np.zeros((0, 0))
        x0, y0, x1, y1 = zip(*(b.bounds for b in blocks), strict=True)
        columns = table.grid().near((min(x0), min(y0), max(x1), max(y1)), reach)
        if not columns:
            return columns, np.zeros((len(blocks), 0))
        rows = table.rows
        kept = [found[1] for b in blocks if (found := rows.get(id(b))) is not None
                and found[0] is b and found[1] is not _PENDING]
        if len(kept) == len(blocks):  # all measured already (a prefetch): read them
            return columns, np.array(kept)[:, columns]
        return columns, distance_matrix(corners_array(blocks), table.corners[columns],
                                        table.frames[:, columns])

    def kept_gaps(self, side: str, blocks: Sequence[Block]) -> NDArray[np.float64] | None:
        """:meth:`gaps` of ``blocks`` if it has all their rows measured already (a
        prefetch), else None (nothing measured)."""
        rows = self._foe_table(side).rows
        kept = []
        for b in blocks:
            found = rows.get(id(b))
            if found is None or found[0] is not b or found[1] is _PENDING:
                return None
            kept.append(found[1])
        return np.array(kept) if kept else None

    def prefetch_gaps(self, side: str, blocks: Callable[[], Sequence[Block]]) -> None:
        """Measure the rows of ``blocks()`` for :meth:`gaps` in one matrix, once for each
        state of the enemies of ``side`` (numpy's cost is mostly per call: one big
        matrix costs far less than a small one per menu). The enemies stand still
        through a side's movement phase, so the rows stay valid while its units move."""
        table = self._foe_table(side)
        if table.prefetched:
            return
        table.prefetched = True
        self.gaps(side, blocks())

    def foe_grid(self, side: str) -> BlockIndex:
        """The blocks of the enemies of ``side`` in the tabletop's spatial index
        (numbered as :meth:`foes`); built again only when one of them moves."""
        return self._foe_table(side).grid()

    def apart(self, a: Block, b: Block) -> float:
        """``a.distance(b)``, remembered for the battle by the two blocks themselves
        (blocks are immutable values, and most stay put from one move to the next)."""
        key = (id(a), id(b))
        found = self._apart.get(key)
        if found is not None and found[0] is a and found[1] is b:
            return found[2]
        if len(self._apart) >= 65536:  # blocks of the past: keep the memo small
            self._apart.clear()
        d = a.distance(b)
        self._apart[key] = (a, b, d)
        return d

    def nearest_enemy(self, unit: Unit, block: Block | None = None) -> tuple[Unit | None, float]:
        """The closest enemy on the table and its edge-to-edge distance."""
        here = block or unit.block
        table = self._foe_table(unit.side)  # the same enemies, in the same order
        found = table.nearest.get(id(here))  # remembered while none of them moves
        if found is not None and found[0] is here:
            return found[1]
        near = table.grid().nearest(here)
        best: tuple[Unit | None, float] = (None, float("inf")) if near is None else (
            table.units[near[1]], near[0])
        table.nearest[id(here)] = (here, best)
        return best


@attrs.define(eq=False)
class _Foes:
    """One side's enemies as :meth:`State.foes` measures against them, the gap rows
    measured so far (block id -> (block, row)), the nearest found so far and their
    spatial index."""

    version: int
    units: list[Unit]
    blocks: list[Block]
    corners: NDArray[np.float64]
    frames: NDArray[np.float64]
    rows: dict[int, tuple[Block, NDArray[np.float64]]] = attrs.field(factory=dict)
    prefetched: bool = False
    nearest: dict[int, tuple[Block, tuple[Unit | None, float]]] = attrs.field(factory=dict)
    _grid: BlockIndex | None = None

    def grid(self) -> BlockIndex:
        """The enemies' blocks in the tabletop's spatial index (built on first use)."""
        if self._grid is None:
            self._grid = BlockIndex(self.blocks)
        return self._grid
