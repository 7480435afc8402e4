"""The Monk's Corner battle: the units on the table, who touches whom, and the hooks the
core needs (views, fingerprint, picture). The turn sequence is in :mod:`.sequence`."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import attrs
import numpy as np
from numpy.typing import NDArray

from ancients.battle import Battle, Commander, Engine
from ancients.monks_corner.options import DEFAULT_TURN_LIMIT, MonksCornerOptions
from ancients.monks_corner.scenario import Setup
from ancients.monks_corner.troops import Troop, Unit
from ancients.tabletop import EPSILON, Block, corners_array, distance_matrix
from ancients.tabletop.geometry import frames, separation
from ancients.units import Condition, UnitView

if TYPE_CHECKING:
    from ancients.ruleset import Ruleset
    from ancients.scenario import Scenario

__all__ = ["MonksCornerBattle"]

T = TypeVar("T")
_PENDING = np.zeros(0)  # a row being measured


class MonksCornerBattle(Battle):
    """A battle under the Monk's Corner rules."""

    def __init__(self, ruleset: Ruleset, scenario: Scenario, seed: int = 0,
                 commanders: Mapping[str, Commander | None] | None = None) -> None:
        super().__init__(ruleset, scenario, seed, commanders)
        setup: Setup = scenario.parsed
        self.setup = setup
        self.opts: MonksCornerOptions = ruleset.options
        self.table = setup.table
        self.turn_limit = self.opts.turn_limit or setup.turn_limit or DEFAULT_TURN_LIMIT
        self.leaders = {s.name: s.leader for s in setup.sides}
        self.pieces: list[Unit] = []
        for u in setup.units:
            phalanx = u.troop is Troop.PHALANX
            self.pieces.append(Unit(
                u.id, u.name, u.side, u.contingent, u.troop, u.missile, u.spartan, u.block,
                u.files, u.ranks, u.figures - u.files * (u.ranks - 1), u.figures, u.ranks,
                formed=phalanx, condition=Condition.FORMED if phalanx else Condition.UNFORMED,
                checked=(u.ranks, u.figures - u.files * (u.ranks - 1)),
            ))
        self.by_id = {u.id: u for u in self.pieces}
        self.phasing: str | None = None
        #: what each option of the pending move/charge decision stands for (commanders
        #: read it rather than recomputing the menu)
        self.menu: dict[Hashable, object] = {}
        self._version = 0
        self._contacts: tuple[int, dict[str, tuple[Unit, ...]]] = (-1, {})
        self._memo: tuple[int, dict[Hashable, Any]] = (-1, {})
        self._foes: dict[str, _Foes] = {}
        self._present: tuple[int, dict[str | None, list[Unit]]] = (-1, {})
        self._apart: dict[tuple[int, int], tuple[Block, Block, float]] = {}
        #: each unit's last menu of moves before the legality checks, and what it was
        #: built from (see ``movement.candidate_moves``)
        self.menu_memo: dict[str, tuple[tuple[tuple[Block | None, ...], tuple[object, ...]],
                                    list[Any]]] = {}

    # -- the core's hooks -------------------------------------------------------------
    def play(self) -> Engine:
        from ancients.monks_corner.sequence import play

        return (yield from play(self))

    def units(self) -> Sequence[UnitView]:
        return [u.view() for u in self.pieces]

    def fingerprint(self) -> Hashable:
        return (super().fingerprint(), self.phasing, tuple(u.state() for u in self.pieces))

    def to_svg(self) -> str:
        from ancients.monks_corner.render import render

        return render(self)

    # -- who is where ---------------------------------------------------------------
    def changed(self) -> None:
        """Call after any unit moves, changes shape or leaves: drops cached contacts."""
        self._version += 1

    def enemy_of(self, side: str) -> str:
        return self.sides[1 - self.sides.index(side)]

    def present(self, side: str | None = None) -> list[Unit]:
        """Units on the table (of ``side``): remembered until something moves or leaves
        (:meth:`changed`); a fresh list each call."""
        version, table = self._present
        if version != self._version:
            table = {}
            self._present = (self._version, table)
        found = table.get(side)
        if found is None:
            every = table.get(None)
            if every is None:
                every = table[None] = [u for u in self.pieces if u.on_table]
            found = every if side is None else [u for u in every if u.side == side]
            table[side] = found
        return list(found)

    def others(self, unit: Unit) -> list[Unit]:
        """The units on the table but ``unit`` (in table order)."""
        return [u for u in self.present() if u is not unit]

    def contacts(self, unit: Unit) -> tuple[Unit, ...]:
        """Enemy units touching ``unit`` (it is pinned in melee if any)."""
        version, table = self._contacts
        if version != self._version:
            table = self._compute_contacts()
            self._contacts = (self._version, table)
        return table.get(unit.id, ())

    def in_melee(self, unit: Unit) -> bool:
        version, table = self._contacts
        if version != self._version:
            return bool(self.contacts(unit))
        return unit.id in table  # (only units with contacts have an entry)

    def _compute_contacts(self) -> dict[str, tuple[Unit, ...]]:
        a, b = self.present(self.sides[0]), self.present(self.sides[1])
        out: dict[str, list[Unit]] = {u.id: [] for u in a + b}
        # only blocks whose bounds come within EPSILON can touch: measure just those, in
        # pure Python with the frames the distance matrix uses (its entries bit for bit;
        # a few pairs do not pay numpy's fixed cost)
        m = 2.0 * EPSILON
        boxes = [e.block.bounds for e in b]
        for u in a:
            x0, y0, x1, y1 = u.block.bounds
            for e, q in zip(b, boxes, strict=True):
                if x0 > q[2] + m or q[0] > x1 + m or y0 > q[3] + m or q[1] > y1 + m:
                    continue
                ub, eb = u.block, e.block
                if separation(ub.corners, ub.matrix_frame, eb.corners,
                              eb.matrix_frame)[1] <= EPSILON:
                    out[u.id].append(e)
                    out[e.id].append(u)
        return {k: tuple(v) for k, v in out.items() if v}

    def memo(self, key: Hashable, compute: Callable[[], T]) -> T:
        """``compute()``, remembered under ``key`` until something moves (:meth:`changed`)
        or the turn changes."""
        version, table = self._memo
        if version != self._version:
            table = {}
            self._memo = (self._version, table)
        full = (self.turn, key)
        if full not in table:
            table[full] = compute()
        result: T = table[full]
        return result

    def foes(self, side: str) -> tuple[list[Unit], NDArray[np.float64], NDArray[np.float64]]:
        """The enemies of ``side`` on the table, their corners (m, 4, 2) and frames
        (8, m): built again only when one of them has moved, changed shape or left
        (the same units with the same block objects: blocks are immutable)."""
        found = self._foe_table(side)
        return list(found.units), found.corners, found.frames  # (the list is ours)

    def _foe_table(self, side: str) -> _Foes:
        cached = self._foes.get(side)
        if cached is not None and cached.version == self._version:
            return cached
        foes = self.present(self.enemy_of(side))
        blocks = [e.block for e in foes]
        if cached is not None and len(cached.units) == len(foes) and all(
                a is b for a, b in zip(cached.units, foes, strict=True)) and all(
                a is b for a, b in zip(cached.blocks, blocks, strict=True)):
            cached.version = self._version  # nobody on that side has moved
            return cached
        corners = corners_array(blocks)
        cached = _Foes(self._version, foes, blocks, corners, frames(corners))
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
        best: tuple[Unit | None, float] = (None, float("inf"))
        for e in table.units:
            d = self.apart(here, e.block)
            if d < best[1]:
                best = (e, d)
        table.nearest[id(here)] = (here, best)
        return best


@attrs.define(eq=False)
class _Foes:
    """One side's enemies as :meth:`MonksCornerBattle.foes` measures against them, and
    the gap rows measured so far (block id -> (block, row))."""

    version: int
    units: list[Unit]
    blocks: list[Block]
    corners: NDArray[np.float64]
    frames: NDArray[np.float64]
    rows: dict[int, tuple[Block, NDArray[np.float64]]] = attrs.field(factory=dict)
    prefetched: bool = False
    nearest: dict[int, tuple[Block, tuple[Unit | None, float]]] = attrs.field(factory=dict)
