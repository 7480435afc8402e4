"""A battle state that knows when it changed: the one mutation path of the tabletop
rulesets' states, and the caches keyed by it.

A piece of a state (:class:`Tracked`) is changed only by assignment to its fields, and
every assignment goes through its ``on_setattr`` hook (:func:`touched`), which tells the
state it is attached to; the state (:class:`VersionedState`) bumps its ``version``, the
key of every value derived from its pieces (:class:`ByVersion`): who is on the table, who
touches whom, a rule module's remembered measurements. No rule module invalidates a
cache by hand. A field marked :data:`BOOKKEEPING` (what the rules remember and no cache
reads) changes nothing; a piece made apart from a state (a commander's what-if copy)
tells nobody.

>>> @attrs.define(eq=False, on_setattr=touched)
... class Counter(Tracked):
...     x: int = 0
...     note: str = attrs.field(default="", metadata=BOOKKEEPING)
>>> @attrs.define(eq=False)
... class Board(VersionedState[Counter]):
...     pieces: list[Counter] = attrs.field(factory=list)
>>> c = Counter()
>>> board = Board([c])
>>> board.track(c)
>>> c.x = 3
>>> c.note = "seen"
>>> board.version
1
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

import attrs

__all__ = ["BOOKKEEPING", "Attachable", "ByVersion", "OnTable", "Tracked", "VersionedState",
           "touched"]

T = TypeVar("T")

_BOOKKEEPING = "bookkeeping"
#: the metadata of a field that no derived cache reads (assigning it invalidates none)
BOOKKEEPING = {_BOOKKEEPING: True}


def touched(obj: Tracked, attribute: attrs.Attribute[Any], value: Any) -> Any:
    """The ``on_setattr`` hook of a :class:`Tracked` class: every assignment tells the
    state the object is attached to, but for the fields marked :data:`BOOKKEEPING`."""
    changed = obj._changed
    if changed is not None and not attribute.metadata.get(_BOOKKEEPING):
        changed()
    return value


@attrs.define(eq=False, on_setattr=touched)
class Tracked:
    """A piece of a state; a subclass is an ``attrs.define(eq=False, on_setattr=touched)``
    class. Assigning to one attached to a state (:meth:`attach`) tells the state."""

    _changed: Callable[[], None] | None = attrs.field(default=None, init=False, repr=False,
                                                      metadata=BOOKKEEPING)

    def attach(self, changed: Callable[[], None]) -> None:
        """Call ``changed()`` after every assignment to this object from now on."""
        self._changed = changed


@attrs.define(eq=False)
class ByVersion(Generic[T]):
    """A value derived from a state, kept while the state's version stays the same."""

    version: int = -1
    value: Any = None

    def get(self, version: int, compute: Callable[[], T]) -> T:
        """The value kept for ``version``, or ``compute()`` kept for it now."""
        if self.version != version:
            self.value = compute()
            self.version = version
        found: T = self.value
        return found


class Attachable(Protocol):
    """What a state attaches to: a :class:`Tracked` object, or one with its own hook."""

    def attach(self, changed: Callable[[], None]) -> None: ...


class OnTable(Protocol):
    """What :class:`VersionedState` reads of its pieces."""

    @property
    def id(self) -> str: ...

    @property
    def side(self) -> str: ...

    @property
    def on_table(self) -> bool: ...


P = TypeVar("P", bound=OnTable)


@attrs.define(eq=False)
class VersionedState(Generic[P]):
    """The version of a state and the caches every tabletop state keeps by it: the pieces
    on the table by side, and who touches whom (``_compute_contacts``, the ruleset's own
    measure). A subclass is an ``attrs.define(eq=False)`` class with ``pieces``."""

    #: bumped by every change to a tracked piece (the key of the derived caches)
    version: int = attrs.field(default=0, init=False)
    _present: ByVersion[dict[str | None, list[P]]] = attrs.field(factory=ByVersion,
                                                                 init=False)
    _contacts: ByVersion[dict[str, tuple[P, ...]]] = attrs.field(factory=ByVersion,
                                                                 init=False)

    if TYPE_CHECKING:
        pieces: list[P]

        def _compute_contacts(self) -> dict[str, tuple[P, ...]]: ...

    def _changed(self) -> None:
        """A tracked piece of this state changed (its ``on_setattr`` hook)."""
        self.version += 1

    def track(self, *objects: Attachable) -> None:
        """Attach ``objects`` to this state: their changes bump its version."""
        for o in objects:
            o.attach(self._changed)

    def kept(self, memo: ByVersion[T], compute: Callable[[], T]) -> T:
        """``compute()``, kept in ``memo`` until the state changes."""
        return memo.get(self.version, compute)

    def presence(self) -> int:
        """A number that changes whenever the pieces on the table may have: the key of
        :meth:`present` (the state's version; a state that knows when a piece comes or
        goes gives a number that changes only then)."""
        return self.version

    def present(self, side: str | None = None) -> list[P]:
        """The pieces on the table (of ``side``), in table order: remembered until
        :meth:`presence` changes; a fresh list each call."""
        table = self._present.get(self.presence(), dict)
        found = table.get(side)
        if found is None:
            every = table.get(None)
            if every is None:
                every = table[None] = [p for p in self.pieces if p.on_table]
            found = every if side is None else [p for p in every if p.side == side]
            table[side] = found
        return list(found)

    def contacts(self, piece: P) -> tuple[P, ...]:
        """The enemy pieces touching ``piece``."""
        return self._contacts.get(self.version, self._compute_contacts).get(piece.id, ())

    def in_melee(self, piece: P) -> bool:
        return bool(self.contacts(piece))
