"""A tabletop state that knows where every piece stands: each piece's block in the
tabletop's spatial index and who touches whom (:class:`~ancients.tabletop.index.Contacts`,
one group a side), brought up to date only for the pieces touched since they were last
read.

:class:`PlacedState` is a :class:`~ancients.versioned.VersionedState` for pieces with an
``id``, a ``side`` (one of the state's two ``sides``), a ``block`` and ``on_table``. Each
piece is given a slot (its place in ``pieces``) and attached to the state by a hook that
bumps the version and marks that slot; the next question (:meth:`~PlacedState.contacts`,
:meth:`~PlacedState.near`, :meth:`~PlacedState.nearest`,
:meth:`~PlacedState.present`) puts the marked pieces' blocks where they stand now and
measures only their contacts again. The answers are those of every piece measured
afresh (:meth:`~PlacedState._compute_contacts`, :func:`~ancients.tabletop.index.brute_near`,
:func:`~ancients.tabletop.index.brute_nearest`), in table order.

>>> import attrs
>>> from ancients.tabletop import Block
>>> from ancients.versioned import Tracked, touched
>>> @attrs.define(eq=False, on_setattr=touched)
... class Stand(Tracked):
...     id: str
...     side: str
...     block: Block
...     on_table: bool = True
>>> @attrs.define(eq=False)
... class Field(PlacedState[Stand]):
...     sides: tuple[str, str]
...     pieces: list[Stand]
>>> def at(x, y, facing):
...     return Block(x, y, facing, 4, 2, 1.0, 1.0)
>>> a, b = Stand("a", "red", at(10, 10, 0)), Stand("b", "blue", at(10, 10, 180))
>>> field = Field(("red", "blue"), [a, b, Stand("c", "blue", at(40, 12, 180))])
>>> [p.id for p in field.contacts(a)], [p.id for p in field.present("blue")]
(['b'], ['b', 'c'])
>>> b.block = at(10, 12, 180)                   # b steps back: a's contact is measured again
>>> field.contacts(a), field.nearest(a.block, "blue")[0].id
((), 'b')
>>> field.pieces[2].on_table = False            # c leaves the table
>>> [p.id for p in field.near(a.block.bounds, margin=40.0)]
['a', 'b']
"""

from __future__ import annotations

import functools
import weakref
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import attrs

from ancients.errors import RuleError
from ancients.tabletop.block import Block
from ancients.tabletop.geometry import EPSILON
from ancients.tabletop.index import (
    BlockIndex,
    Box,
    Contacts,
    Measure,
    edge_distance,
    pairs_within,
)
from ancients.versioned import ByVersion, OnTable, VersionedState

__all__ = ["Placeable", "PlacedState"]


class Placeable(OnTable, Protocol):
    """What :class:`PlacedState` reads of its pieces (and attaches its hook to)."""

    @property
    def block(self) -> Block: ...

    def attach(self, changed: Callable[[], None]) -> None: ...


Q = TypeVar("Q", bound=Placeable)


@attrs.define(eq=False)
class PlacedState(VersionedState[Q]):
    """A :class:`~ancients.versioned.VersionedState` whose pieces' blocks stand in the
    tabletop's spatial index, with who touches whom kept up to date per piece. A
    subclass is an ``attrs.define(eq=False)`` class with ``pieces`` and ``sides`` (two);
    one that defines ``__attrs_post_init__`` calls this one's first."""

    by_id: dict[str, Q] = attrs.field(init=False)
    #: each piece's place in ``pieces`` (its slot in :attr:`placed`)
    slot: dict[str, int] = attrs.field(init=False)
    #: every piece's block on the table by slot (empty: off it) in the tabletop's spatial
    #: index, one group a side, with who touches whom (read it through :meth:`settled`)
    placed: Contacts = attrs.field(
        default=attrs.Factory(lambda self: Contacts(measure=self.contact_measure()),
                              takes_self=True), init=False)
    _memo: ByVersion[dict[Hashable, Any]] = attrs.field(factory=ByVersion, init=False)
    _steady: ByVersion[dict[Hashable, Any]] = attrs.field(factory=ByVersion, init=False)
    #: the slots of the pieces touched since :attr:`placed` was last brought up to date
    _dirty: set[int] = attrs.field(factory=set, init=False)
    #: each slot's contacts as pieces, with the tuple of slots they were made from
    _touching: dict[int, tuple[tuple[int, ...], tuple[Q, ...]]] = attrs.field(
        factory=dict, init=False)
    #: bumped when a piece comes onto the table or leaves it (the key of ``present``)
    _presence: int = attrs.field(default=0, init=False)
    _by_side: dict[tuple[str, Hashable], tuple[int, Any]] = attrs.field(factory=dict,
                                                                        init=False)
    #: per side: bumped when one of its pieces changes (:meth:`side_version`)
    _side_touches: list[int] = attrs.field(factory=lambda: [0, 0], init=False)
    #: each side's group in :attr:`placed` (0: the first of ``sides``)
    _group: dict[str, int] = attrs.field(factory=dict, init=False)
    #: every piece's block on the table by slot in one index of both sides (built when
    #: first asked for, :meth:`every_index`; kept up to date with :attr:`placed` then)
    _every: BlockIndex | None = attrs.field(default=None, init=False)

    if TYPE_CHECKING:
        sides: tuple[str, str]

    def __attrs_post_init__(self) -> None:
        self._group = {s: g for g, s in enumerate(self.sides)}
        self.by_id = {}
        self.slot = {}
        for p in list(self.pieces):
            self._place(p)

    def contact_measure(self) -> Measure:
        """How two pieces' blocks are measured for a contact (within ``EPSILON``): edge
        to edge; a state whose other measures are the distance matrix's gives
        ``index.matrix_distance`` (the matrix's entries, bit for bit)."""
        return edge_distance

    def add(self, piece: Q) -> None:
        """A new piece (a part split off a unit, a piece that joins the battle)."""
        self._checked(piece)
        self.pieces.append(piece)
        self._place(piece)
        self._changed()

    def _checked(self, piece: Q) -> int:
        """The group of a piece to be placed (an error if its id is taken or its side is
        not one of the battle's)."""
        if piece.id in self.by_id:
            raise RuleError(f"a piece {piece.id!r} is already in the battle")
        g = self._group.get(piece.side)
        if g is None:
            raise RuleError(f"piece {piece.id!r}: side {piece.side!r} is not one of the "
                            f"battle's sides {self.sides}")
        return g

    def _place(self, piece: Q) -> None:
        g = self._checked(piece)
        i = len(self.slot)
        self.by_id[piece.id] = piece
        self.slot[piece.id] = i
        self.placed.put(i, piece.block if piece.on_table else None, g)
        if self._every is not None:
            self._every.add(piece.block if piece.on_table else None)
        self._presence += 1
        self._side_touches[g] += 1
        # (through a weak reference: the state's pieces hold nothing back to it, so a
        # state dropped is freed at once, not left in a cycle for the collector)
        piece.attach(functools.partial(_touch, weakref.ref(self), i))

    def _touched(self, i: int) -> None:
        """Piece ``i`` changed (its ``on_setattr`` hook)."""
        self.version += 1
        self._dirty.add(i)

    def settled(self) -> Contacts:
        """:attr:`placed`, with the blocks of the pieces touched since it was last read
        put where they stand now."""
        dirty = self._dirty
        if dirty:
            placed, pieces, group = self.placed, self.pieces, self._group
            touches, every = self._side_touches, self._every
            for i in dirty:
                p = pieces[i]
                g = group[p.side]
                touches[g] += 1
                now = p.block if p.on_table else None
                was = placed.block(i)
                if now is not was:
                    if (now is None) != (was is None):
                        self._presence += 1
                    placed.put(i, now, g)
                    if every is not None:
                        every.update(i, now)
            dirty.clear()
        return self.placed

    # -- reading ------------------------------------------------------------------------
    def presence(self) -> int:
        """Changes only when a piece comes onto the table or leaves it (the key of
        :meth:`present`)."""
        if self._dirty:
            self.settled()
        return self._presence

    def contacts(self, piece: Q) -> tuple[Q, ...]:
        """The enemy pieces touching ``piece``, in table order (:attr:`placed`'s, the
        same as :meth:`_compute_contacts`' measured afresh)."""
        i = self.slot.get(piece.id)  # (a what-if copy: the piece it copies)
        if i is None:
            return ()
        found = (self.settled() if self._dirty else self.placed).of(i)
        if not found:
            return ()
        kept = self._touching.get(i)  # the pieces of the same tuple of slots
        if kept is None or kept[0] is not found:
            pieces = self.pieces
            kept = self._touching[i] = (found, tuple(pieces[j] for j in found))
        return kept[1]

    def near(self, box: Box, margin: float = 0.0, side: str | None = None) -> list[Q]:
        """The pieces on the table (of ``side``) whose blocks' bounds come within
        ``margin`` of ``box`` (touching counts), in table order."""
        placed = self.settled() if self._dirty else self.placed
        pieces = self.pieces
        if side is not None:
            return [pieces[i] for i in placed.index(self._group[side]).near(box, margin)]
        found = placed.index(0).near(box, margin) + placed.index(1).near(box, margin)
        found.sort()
        return [pieces[i] for i in found]

    def nearest(self, block: Block, side: str, accept: Callable[[Q], bool] | None = None,
                measure: Measure = edge_distance) -> tuple[Q | None, float]:
        """The piece of ``side`` on the table nearest ``block`` that ``accept`` takes
        (the first of equals in table order), and its distance; (None, inf) if there is
        none. ``measure`` (edge to edge by default) is any that is never less than the
        gap between the blocks' bounds (:meth:`BlockIndex.nearest`)."""
        pieces = self.pieces
        index = self.side_index(side)
        found = index.nearest(block, None if accept is None else lambda i: accept(pieces[i]),
                              measure)
        return (None, float("inf")) if found is None else (pieces[found[1]], found[0])

    def side_index(self, side: str) -> BlockIndex:
        """The blocks of the pieces of ``side`` on the table in the tabletop's spatial
        index, by slot (:attr:`slot`; to read, not to change)."""
        placed = self.settled() if self._dirty else self.placed
        return placed.index(self._group[side])

    def every_index(self) -> BlockIndex:
        """The blocks of every piece on the table, both sides, in one spatial index by
        slot (:attr:`slot`; an empty slot for a piece off the table; to read, not to
        change): built on the first call, then kept up to date per piece."""
        placed = self.settled() if self._dirty else self.placed
        every = self._every
        if every is None:
            every = self._every = BlockIndex([placed.block(i) for i in range(len(placed))])
        return every

    def foe_index(self, side: str) -> BlockIndex:
        """:meth:`side_index` of the enemies of ``side``."""
        placed = self.settled() if self._dirty else self.placed
        return placed.index(1 - self._group[side])

    def _compute_contacts(self) -> dict[str, tuple[Q, ...]]:
        """Who touches whom, measured afresh (the oracle of :meth:`contacts`): the first
        side's pieces against the second's (only pairs whose bounds meet are
        measured), each piece's contacts in table order."""
        a, b = self.present(self.sides[0]), self.present(self.sides[1])
        out: dict[str, list[Q]] = {}
        for i, j, _ in pairs_within([u.block for u in a], [e.block for e in b], EPSILON):
            u, e = a[i], b[j]
            out.setdefault(u.id, []).append(e)
            out.setdefault(e.id, []).append(u)
        order = self.slot
        return {k: tuple(sorted(v, key=lambda p: order[p.id])) for k, v in out.items()}

    # -- what is worked out from the pieces, and kept ---------------------------------------
    def memo(self, key: Hashable, compute: Callable[[], Any]) -> Any:
        """``compute()``, remembered under ``key`` until anything changes."""
        table = self.kept(self._memo, dict)
        if key not in table:
            table[key] = compute()
        return table[key]

    def side_version(self, side: str) -> int:
        """A number that changes whenever a piece of ``side`` changes (any field) or
        joins the battle: the key of what is worked out from that side's pieces alone."""
        if self._dirty:
            self.settled()
        return self._side_touches[self._group[side]]

    def of_side(self, side: str, key: Hashable, compute: Callable[[], Any]) -> Any:
        """``compute()``, remembered under ``key`` until a piece of ``side`` changes
        (:meth:`side_version`): for what is worked out from that side's pieces alone."""
        version = self.side_version(side)
        found = self._by_side.get((side, key))
        if found is None or found[0] != version:
            found = self._by_side[(side, key)] = (version, compute())
        return found[1]

    def steady(self, key: Hashable, compute: Callable[[], Any]) -> Any:
        """``compute()``, remembered under ``key`` until a piece comes onto the table or
        leaves it: for what depends only on who is there and on what a piece keeps all
        battle (its side, its kind)."""
        table = self._steady.get(self.presence(), dict)
        if key not in table:
            table[key] = compute()
        return table[key]


def _touch(state: weakref.ref[PlacedState[Any]], i: int) -> None:
    """A piece's ``on_setattr`` hook: piece ``i`` of ``state`` (if it is still there)
    changed."""
    placed = state()
    if placed is not None:
        placed._touched(i)

