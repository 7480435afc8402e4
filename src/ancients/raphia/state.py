"""The state of a Raphia battle: stacks of counters on hexes, and what the turn has used."""

from __future__ import annotations

import enum
from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import Any, cast

import attrs

from ancients.dice import Dice
from ancients.events import Event
from ancients.hexgrid import Hex
from ancients.raphia.board import Board
from ancients.raphia.counters import Counter, CounterSet, TroopClass, counter_labels
from ancients.raphia.edition import EditionRules
from ancients.raphia.tables import Result, Tables

__all__ = ["Hit", "Stack", "State", "Status"]


class Status(enum.StrEnum):
    GOOD = "good order"
    ROUTED = "rout"
    PURSUING = "pursuit"


_KEPT = object()  # the key of what State.keep keeps (no version equals it)
MISS = object()  # State.recall: nothing held under that key
_UNSET: Any = object()  # State.update: a field left as it is


#: the metadata of a State field that is not part of the battle's state (the data it is
#: played with, and what is derived from the rest): left out of State.fingerprint
NOT_STATE = {"state": False}


@attrs.define(eq=False)
class Changes:
    """A state's change counts per side (the keys of its derived caches) and the log of
    the stacks changed, each with the hex it stood in before (for caches updated in
    place of being rebuilt; ``(None, None)``: anything may have changed)."""

    counts: dict[str, int] = attrs.field(factory=dict)
    log: list[tuple[Stack | None, Hex | None]] = attrs.field(factory=list)

    def touch(self, side: str, stack: Stack | None) -> None:
        self.counts[side] = self.counts.get(side, 0) + 1
        self.log.append((stack, None if stack is None else stack.hex))


@attrs.frozen(eq=False)
class Stack:
    """Counters in one hex, top first (leaders kept at the bottom), with one facing (a
    corner, for phalanxes, §6) and one status. Routers keep their direction ("own" or
    "other" edge, §10); pursuers the counters they pursue.

    A stack of a battle changes only through its :class:`State` (:meth:`State.update`,
    which keeps the state's caches right); assigning a field raises."""

    sid: int
    side: str
    hex: Hex
    counters: tuple[str, ...]
    facing: int | None = None
    status: Status = Status.GOOD
    edge: str = "own"
    pursued: frozenset[str] = frozenset()
    push: int | None = None  # direction of the attack that routed it (elephant push-back)
    origin: int = 0  # rout origin: routs from different origins never stack (§10)


@attrs.define(eq=False)
class Hit:
    """Combat results waiting for the morale-test phase (§3 addendum order)."""

    results: list[Result]
    attackers: list[int]  # sids of the attacking stacks
    direction: int | None  # direction from the (last) attacker to the defender
    elephant_cause: bool = False


def _frozen(value: Any) -> Hashable:
    """A hashable copy of a state field's value, for :meth:`State.fingerprint`: attrs
    instances field by field, containers as sorted (sets, dicts) or ordered tuples."""
    if attrs.has(type(value)):
        return (type(value).__name__, *(_frozen(getattr(value, f.name))
                                        for f in attrs.fields(type(value))))
    if isinstance(value, dict):
        return tuple(sorted((k, _frozen(v)) for k, v in value.items()))
    if isinstance(value, set | frozenset):
        return tuple(sorted(value))
    if isinstance(value, list | tuple):
        return tuple(_frozen(v) for v in value)
    return cast(Hashable, value)


@attrs.define(eq=False)
class State:
    """Everything that changes during a battle, plus the data it is played with.

    The stacks change only through its methods (:meth:`new_stack`, :meth:`update`,
    :meth:`discard`, :meth:`remove_stack`; :meth:`replace` for a §11 draw), which log
    each change so that the caches derived from the stacks stay right."""

    board: Board = attrs.field(metadata=NOT_STATE)
    counters: CounterSet = attrs.field(metadata=NOT_STATE)
    tables: Tables = attrs.field(metadata=NOT_STATE)
    edition: EditionRules = attrs.field(metadata=NOT_STATE)
    dice: Dice = attrs.field(metadata=NOT_STATE)  # (the battle's: its own record)
    emit: Callable[..., Event] = attrs.field(metadata=NOT_STATE)
    stacks: list[Stack] = attrs.field(factory=list)
    gone: dict[str, str] = attrs.field(factory=dict)  # counter -> "eliminated" | "lost"
    morale_override: dict[str, int] = attrs.field(factory=dict)  # §11 Egyptians
    replaced: dict[str, str] = attrs.field(factory=dict)  # §11 championship draw
    leader_dead: set[str] = attrs.field(factory=set)
    attacked: set[str] = attrs.field(factory=set)  # counters that attacked this half-turn
    defended: set[str] = attrs.field(factory=set)  # counters attacked this half-turn
    crossed_ok: set[int] = attrs.field(factory=set)  # sids indifferent to crossings (§9)
    hits: dict[int, Hit] = attrs.field(factory=dict)
    to_test_crossed: dict[int, bool] = attrs.field(factory=dict)  # sid -> by elephants
    # §10 this half-turn's rout moves, by routed stack: the hexes from its start (None:
    # off the map), where it crossed steady friends (addendum), and its counters (a
    # pursuer finds its rout's route by them, even once the rout has left the map)
    paths: dict[int, tuple[list[Hex | None], int | None, frozenset[str]]] = \
        attrs.field(factory=dict)
    blocked_pursuit: set[int] = attrs.field(factory=set)
    championship_pool: list[Counter] = attrs.field(factory=list)
    next_sid: int = 1
    next_origin: int = 1
    leaders: frozenset[str] = attrs.field(init=False, metadata=NOT_STATE)
    #: the two sides, as the map's deployment lines give them
    sides: tuple[str, ...] = attrs.field(init=False, metadata=NOT_STATE)
    # caches: counters by id (after §11 replacements); derived data keyed by change counts
    _by_id: dict[str, Counter] = attrs.field(init=False, repr=False, metadata=NOT_STATE)
    _changes: Changes = attrs.field(init=False, factory=Changes, repr=False,
                                    metadata=NOT_STATE)
    _cache: dict[Hashable, tuple[Hashable, Any]] = attrs.field(
        init=False, factory=dict, repr=False, metadata=NOT_STATE)
    # the stacks on the map by sid (kept by new_stack and discard: see on_map)
    _on_map: dict[int, Stack] = attrs.field(init=False, factory=dict, repr=False,
                                            metadata=NOT_STATE)
    _labels: dict[str, str] = attrs.field(init=False, repr=False, metadata=NOT_STATE)
    _names: dict[tuple[str, ...], str] = attrs.field(init=False, factory=dict, repr=False,
                                                     metadata=NOT_STATE)
    # each side's enemy, and the names of the per-side caches, made once
    _enemy: dict[str, str] = attrs.field(init=False, repr=False, metadata=NOT_STATE)
    _zoc: dict[str, Hashable] = attrs.field(init=False, repr=False, metadata=NOT_STATE)
    _contact: dict[str, Hashable] = attrs.field(init=False, repr=False, metadata=NOT_STATE)
    _good_contact: dict[str, Hashable] = attrs.field(init=False, repr=False,
                                                     metadata=NOT_STATE)
    _leader: dict[str, Hashable] = attrs.field(init=False, repr=False, metadata=NOT_STATE)

    def __attrs_post_init__(self) -> None:
        self.leaders = frozenset(c.id for c in self.counters.counters.values() if c.leader)
        self._by_id = dict(self.counters.counters)
        self._labels = counter_labels(self.counters)
        self.sides = self.board.sides
        a, b = self.sides
        self._enemy = {a: b, b: a}
        self._zoc = {side: ("zoc", side) for side in self.sides}
        self._contact = {side: ("contact", side) for side in self.sides}
        self._good_contact = {side: ("contact in good order", side) for side in self.sides}
        self._leader = {side: ("leader", side) for side in self.sides}

    def enemy(self, side: str) -> str:
        """The other side."""
        return self._enemy[side]

    # -- identity ----------------------------------------------------------------------
    def counter(self, cid: str) -> Counter:
        return self._by_id[cid]

    def replace(self, cid: str, drawn: Counter) -> None:
        """§11 championship: counter ``cid`` is henceforth ``drawn`` (on its side)."""
        self.replaced[cid] = drawn.id
        side = self._by_id[cid].side
        self._by_id[cid] = drawn if drawn.side == side else attrs.evolve(drawn, side=side)
        self.touch()

    def morale(self, cid: str) -> int:
        """The morale factor of a counter (§11: the Egyptians' comes from the table or the
        championship draw)."""
        c = self.counter(cid)
        if c.morale is not None:
            return c.morale
        return self.morale_override.get(cid, 12)

    def new_origin(self) -> int:
        self.next_origin += 1
        return self.next_origin

    def fingerprint(self) -> Hashable:
        """Every field of the state (not the data it is played with, nor what is derived
        from the rest), the stacks field by field: a new field cannot be left out."""
        return tuple(_frozen(getattr(self, f.name)) for f in attrs.fields(State)
                     if f.metadata.get("state", True))

    # -- the stacks' one mutation path -------------------------------------------------
    def new_stack(self, side: str, hex_: Hex, counters: Iterable[str], *,
                  facing: int | None = None, status: Status = Status.GOOD,
                  edge: str = "own", pursued: frozenset[str] = frozenset(),
                  push: int | None = None, origin: int = 0) -> Stack:
        s = Stack(self.next_sid, side, hex_, tuple(counters), facing, status, edge, pursued,
                  push, origin)
        self.next_sid += 1  # (so the list of stacks stays in order of sid)
        on_map = self._by_sid()
        self.stacks.append(s)
        on_map[s.sid] = s
        self._changes.touch(side, s)
        return s

    def update(self, stack: Stack, *, hex: Hex = _UNSET, counters: Iterable[str] = _UNSET,
               facing: int | None = _UNSET, status: Status = _UNSET, edge: str = _UNSET,
               pursued: frozenset[str] = _UNSET, push: int | None = _UNSET,
               origin: int = _UNSET) -> None:
        """Change the given fields of ``stack``: the one way a stack changes, logged with
        the hex it stood in before (which bumps its side's change count, so the caches
        derived from the stacks are made again or updated)."""
        self._changes.touch(stack.side, stack)
        put = object.__setattr__  # (Stack is frozen to everyone else)
        if hex is not _UNSET:
            put(stack, "hex", hex)
        if counters is not _UNSET:
            put(stack, "counters", tuple(counters))
        if facing is not _UNSET:
            put(stack, "facing", facing)
        if status is not _UNSET:
            put(stack, "status", status)
        if edge is not _UNSET:
            put(stack, "edge", edge)
        if pursued is not _UNSET:
            put(stack, "pursued", pursued)
        if push is not _UNSET:
            put(stack, "push", push)
        if origin is not _UNSET:
            put(stack, "origin", origin)

    # -- derived data, cached until the stacks change ----------------------------------
    def touch(self, side: str | None = None) -> None:
        """Invalidate the derived caches (counters replaced: anything may change)."""
        for sd in (side,) if side is not None else self.sides:
            self._changes.touch(sd, None)

    def changes_since(self, mark: int) -> list[tuple[Stack | None, Hex | None]] | None:
        """The stacks changed (each with its hex before) since :meth:`change_mark` gave
        ``mark``; None if anything may have changed."""
        out = self._changes.log[mark:]
        return None if any(s is None for s, _ in out) else out

    def change_mark(self) -> int:
        return len(self._changes.log)

    def version(self, side: str | None = None) -> Hashable:
        """A key that changes whenever ``side``'s stacks (or, with None, any) change."""
        if side is not None:  # (adding or removing a stack touches its side)
            return self._changes.counts.get(side, 0)
        return len(self._changes.log)  # every change is logged

    def cached(self, name: Hashable, key: Hashable, make: Callable[[], Any]) -> Any:
        """``make()``, memoised under ``name`` while ``key`` (a :meth:`version`) holds.
        Callers must not mutate what it returns."""
        hit = self._cache.get(name)
        if hit is not None and hit[0] == key:
            return hit[1]
        value = make()
        self._cache[name] = (key, value)
        return value

    def recall(self, name: Hashable, key: Hashable) -> Any:
        """What :meth:`cached` or :meth:`store` holds under ``name`` while ``key`` holds,
        else :data:`MISS` (for callers that would rather not build a ``make``)."""
        hit = self._cache.get(name)
        return hit[1] if hit is not None and hit[0] == key else MISS

    def store(self, name: Hashable, key: Hashable, value: Any) -> Any:
        self._cache[name] = (key, value)
        return value

    def kept(self, name: Hashable) -> Any:
        """What :meth:`keep` last kept under ``name`` (None if nothing): for caches that
        check their own keys."""
        hit = self._cache.get(name)
        return None if hit is None else hit[1]

    def keep(self, name: Hashable, value: Any) -> None:
        self._cache[name] = (_KEPT, value)

    # -- stacks --------------------------------------------------------------------------
    def stack(self, sid: int) -> Stack | None:
        """The stack ``sid``, if it is on the map."""
        return self._by_sid().get(sid)

    def on_map(self, stack: Stack) -> bool:
        """Whether ``stack`` is on the map (``stack in state.stacks``, without a scan of
        the list)."""
        return self._by_sid().get(stack.sid) is stack

    def _by_sid(self) -> dict[int, Stack]:
        on_map = self._on_map
        if len(on_map) != len(self.stacks):  # (the list changed behind the state's back)
            on_map.clear()
            on_map.update((s.sid, s) for s in self.stacks)
        return on_map

    def stack_of(self, cid: str) -> Stack | None:
        """The (first) stack holding counter ``cid``; after a change, the first question
        scans the stacks rather than index them all again."""
        version = self.version()
        hit = self._cache.get("index")
        if (hit is None or hit[0] != version) and self.kept("index scanned") != version:
            self.keep("index scanned", version)
            return next((s for s in self.stacks if cid in s.counters), None)
        return self._index().get(cid)

    def _index(self) -> dict[str, Stack]:
        result: dict[str, Stack] = self.cached("index", self.version(), self._make_index)
        return result

    def _make_index(self) -> dict[str, Stack]:
        stacks = self.stacks[::-1]  # the first stack holding a counter wins
        return {c: s for s in stacks for c in s.counters}

    def occupancy(self) -> dict[Hex, list[Stack]]:
        """The stacks in each occupied hex, in the order of the list of stacks (cached:
        do not mutate). After a change of the stacks the next call brings the same dict
        up to date in place (a hex whose stacks changed gets a new list; the lists are
        never changed), so ask again after a change rather than keep the dict across
        one."""
        return self._occupancy()[2]

    def occupied_cells(self) -> int:
        """The occupied hexes as the board's bits (see :meth:`occupancy`)."""
        return self._occupancy()[3]

    def occupancy_cells(self) -> tuple[dict[Hex, list[Stack]], int]:
        """:meth:`occupancy` and :meth:`occupied_cells` together."""
        kept = self._occupancy()
        return kept[2], kept[3]

    def _occupancy(self) -> tuple[Hashable, int, dict[Hex, list[Stack]], int]:
        version = len(self._changes.log)  # (= self.version())
        kept: tuple[Hashable, int, dict[Hex, list[Stack]], int] | None = \
            self._cache.get("occupancy", (None, None))[1]
        if kept is not None and kept[0] == version:
            return kept
        changes = None if kept is None else self.changes_since(kept[1])
        single = self.board.bits.single
        if changes is None or len(changes) > max(8, len(self.stacks) // 4):
            occ: dict[Hex, list[Stack]] = {}
            get = occ.get
            for s in self.stacks:
                here = get(s.hex)
                if here is None:
                    occ[s.hex] = [s]
                else:
                    here.append(s)
            cells = self.board.bits.bits(occ)
        else:
            assert kept is not None
            occ = kept[2]  # (brought up to date in place)
            changed = [c for c, _ in changes if c is not None]  # (none is None here)
            hexes = {h for _, h in changes if h is not None} | {c.hex for c in changed}
            again = {s.sid: s for h in hexes for s in occ.pop(h, ())}  # (unchanged, alive)
            on_map = self._by_sid()
            for c in changed:
                if on_map.get(c.sid) is c:  # (not taken off the map)
                    again[c.sid] = c
                else:
                    again.pop(c.sid, None)
            cells = kept[3]
            for h in hexes:
                cells &= ~single.get(h, 0)
            for sid in sorted(again):  # the list of stacks is in order of sid
                s = again[sid]
                here = occ.get(s.hex)
                if here is None:
                    occ[s.hex] = [s]
                    cells |= single.get(s.hex, 0)
                else:
                    here.append(s)
        kept = (version, self.change_mark(), occ, cells)
        self.keep("occupancy", kept)
        return kept

    def side_stacks(self, side: str, status: Status | None = None) -> list[Stack]:
        return [s for s in self.stacks if s.side == side and
                (status is None or s.status is status)]

    def remove_stack(self, stack: Stack) -> None:
        self.discard(stack)
        self.hits.pop(stack.sid, None)

    def discard(self, stack: Stack) -> None:
        """Take ``stack`` off the map (merged, lost or destroyed)."""
        on_map = self._by_sid()
        self.stacks.remove(stack)
        on_map.pop(stack.sid, None)
        self._changes.touch(stack.side, stack)

    def combatants(self, stack: Stack) -> list[str]:
        """The counters that fight (leaders only count when alone, §11)."""
        leaders = self.leaders
        if leaders.isdisjoint(stack.counters):
            return list(stack.counters)
        return [c for c in stack.counters if c not in leaders]

    def top(self, stack: Stack) -> str:
        """The top counter, which attacks and defends (§5)."""
        first = stack.counters[0]
        if first not in self.leaders:  # leaders are kept at the bottom
            return first
        fighters = self.combatants(stack)
        return fighters[0] if fighters else first

    def top_counter(self, stack: Stack) -> Counter:
        return self._by_id[self.top(stack)]

    def leader_in(self, stack: Stack) -> str | None:
        for c in stack.counters:
            if c in self.leaders:
                return c
        return None

    def leader_alone(self, stack: Stack) -> bool:
        return stack.counters[0] in self.leaders  # leaders are kept at the bottom

    def stack_class(self, stack: Stack) -> TroopClass:
        first = stack.counters[0]
        return self._by_id[first if first not in self.leaders else self.top(stack)
                           ].troop_class

    def is_phalanx(self, stack: Stack) -> bool:
        first = stack.counters[0]
        return self._by_id[first if first not in self.leaders else self.top(stack)].phalanx

    def speed(self, stack: Stack) -> int:
        """§5: a stack moves at the speed of its slowest counter (a leader alone: its own)."""
        fighters = self.combatants(stack) or stack.counters
        by_id = self._by_id
        return min(by_id[c].movement for c in fighters)

    def front(self, stack: Stack) -> tuple[Hex, ...]:
        """§6: a phalanx's front is the two hexes beside its corner; other troops face all
        round."""
        if stack.facing is not None and self.is_phalanx(stack):
            return self.board.corner_front(stack.hex, stack.facing)
        return self.board.neighbors(stack.hex)

    def counter_name(self, cid: str) -> str:
        """A counter for messages: its printed name, numbered where its side has several
        of that name (``Phal. Mace 3``)."""
        return self._labels.get(cid) or self.counter(cid).name

    def counters_name(self, cids: Iterable[str]) -> str:
        """Counters for messages, by name: several of one name as ``Phal. Mace ×4``, one
        as :meth:`counter_name`, a leader after "with" (``Household cavalry ×2 with
        Ptolemy IV``)."""
        cids = tuple(cids)
        known = self._names.get(cids)
        if known is None:
            known = self._names[cids] = self._counters_name(cids)
        return known

    def _counters_name(self, cids: tuple[str, ...]) -> str:
        groups: dict[str, list[str]] = {}
        leaders = []
        for c in cids:
            if c in self.leaders:
                leaders.append(self.counter_name(c))
            else:
                groups.setdefault(self._by_id[c].name, []).append(c)
        text = " + ".join(self.counter_name(ids[0]) if len(ids) == 1 else f"{name} ×{len(ids)}"
                          for name, ids in groups.items())
        if not text:
            return ", ".join(leaders)
        return f"{text} with {', '.join(leaders)}" if leaders else text

    def name(self, stack: Stack, at: Hex | None = None) -> str:
        """A stack for messages: :meth:`counters_name` and its hex (``Phal. Mace ×4
        (1513)``; ``at``: another hex, where it stood)."""
        return f"{self.counters_name(stack.counters)} " \
               f"({self.board.label(stack.hex if at is None else at)})"

    def in_good_order(self, stack: Stack) -> bool:
        return stack.status is Status.GOOD

    def has_front(self, stack: Stack) -> bool:
        """Only combat units in good order have a front that stops movement (§6–§7)."""
        return stack.status is Status.GOOD and not self.leader_alone(stack)

    def enemy_adjacent(self, stack: Stack, occ: dict[Hex, list[Stack]],
                       statuses: Iterable[Status] = (Status.GOOD, Status.PURSUING)
                       ) -> list[Stack]:
        wanted = set(statuses)
        out = []
        for h in self.board.neighbors(stack.hex):
            for o in occ.get(h, ()):
                if o.side != stack.side and o.status in wanted and not self.leader_alone(o):
                    out.append(o)
        return out

    def in_contact(self, stack: Stack, occ: dict[Hex, list[Stack]]) -> bool:
        """In contact: next to an enemy combat unit in good order or pursuing."""
        return bool(self.enemy_adjacent(stack, occ))

    def enemy_version(self, side: str) -> Hashable:
        """A :meth:`version` key for everything ``side``'s enemies hold."""
        return self.version(self._enemy[side])

    def zoc(self, side: str) -> set[Hex]:
        """Hexes on the front of ``side``'s enemies in good order (§6–§7; cached: do not
        mutate)."""
        name, version = self._zoc[side], self.enemy_version(side)
        hit = self.recall(name, version)  # the set, or MISS
        if hit is not MISS:
            return cast(set[Hex], hit)
        result: set[Hex] = set()
        for s in self.stacks:
            if s.side != side and self.has_front(s):
                result.update(self.front(s))
        self.store(name, version, result)
        return result

    def contact_hexes(self, side: str) -> set[Hex]:
        """Hexes next to an enemy of ``side`` in contact: a combat unit in good order or
        pursuing (§3, §7: contact "with an enemy unit"; cached: do not mutate)."""
        return self._next_to_enemies(self._contact[side], side, (Status.GOOD, Status.PURSUING))

    def good_order_contact(self, side: str) -> set[Hex]:
        """Hexes next to an enemy combat unit of ``side`` in good order (§5: no stack is
        formed there; §6: a phalanx does not turn there during its move; cached: do not
        mutate)."""
        return self._next_to_enemies(self._good_contact[side], side, (Status.GOOD,))

    def _next_to_enemies(self, name: Hashable, side: str, statuses: tuple[Status, ...]
                         ) -> set[Hex]:
        version = self._changes.counts.get(self._enemy[side], 0)  # (enemy_version)
        hit = self._cache.get(name)
        if hit is not None and hit[0] == version:
            return cast(set[Hex], hit[1])
        result: set[Hex] = set()
        nbrs = self.board.neighbors
        for s in self.stacks:
            if s.side != side and s.status in statuses and not self.leader_alone(s):
                result.update(nbrs(s.hex))
        self.store(name, version, result)
        return result

    def leader_hex(self, side: str) -> Hex | None:
        if side in self.leader_dead:
            return None
        name, version = self._leader[side], self._changes.counts.get(side, 0)  # (version)
        hit = self.recall(name, version)  # the hex (or None), or MISS
        if hit is not MISS:
            return cast(Hex | None, hit)
        result = next((s.hex for s in self.stacks
                       if s.side == side and self.leader_in(s) is not None), None)
        self.store(name, version, result)
        return result

    def units_on_map(self) -> Iterator[tuple[Stack, str]]:
        for s in self.stacks:
            for c in s.counters:
                yield s, c
