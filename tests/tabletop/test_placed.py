"""The core's per-piece placement (:class:`ancients.tabletop.placed.PlacedState`) against
the brute measures over the pieces as they stand: its contacts against
``brute_pairs_within``, ``near`` against ``brute_near``, ``nearest`` against
``brute_nearest``, ``present`` against a fresh list; through random sequences of moves,
charges into contact, pieces leaving the table and coming back, and new pieces
(hypothesis). Also: its docstring's example, its errors, and its version keys."""

from __future__ import annotations

import doctest
import math

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import ancients.tabletop.placed
from ancients.errors import RuleError
from ancients.tabletop import EPSILON, Block
from ancients.tabletop.index import Measure, brute_near, brute_nearest, brute_pairs_within
from ancients.tabletop.placed import PlacedState
from ancients.testing.placement import charges, checked_along, moved, shifts
from ancients.versioned import BOOKKEEPING, Tracked, touched

SIDES = ("red", "blue")


@attrs.define(eq=False, on_setattr=touched)
class Stand(Tracked):
    id: str
    side: str
    block: Block
    on_table: bool = True
    routed: bool = False
    note: str = attrs.field(default="", metadata=BOOKKEEPING)


@attrs.define(eq=False)
class Field(PlacedState[Stand]):
    sides: tuple[str, str]
    pieces: list[Stand]


coords = st.floats(0.0, 120.0, allow_nan=False)
angles = st.sampled_from([0.0, 90.0, 180.0, 270.0]) | st.floats(0.0, 359.9)
blocks = st.builds(Block, coords, st.floats(0.0, 60.0), angles, st.integers(1, 8),
                   st.integers(1, 4), st.sampled_from([0.5, 1.0]), st.sampled_from([0.5, 1.0]))
stands = st.lists(st.tuples(blocks, st.integers(0, 1), st.booleans()), max_size=70)

#: one step on piece ``i`` (modulo the pieces): a shift (dx, dy, turn), a charge home on
#: piece ``j``'s front (touching it, ``off`` inches along), leaving the table, coming
#: back, a new piece, a rout (a field a filter reads), a note (bookkeeping)
steps = st.lists(st.one_of(
    shifts(80), charges(80),
    st.tuples(st.just("leave"), st.integers(0, 80)),
    st.tuples(st.just("return"), st.integers(0, 80)),
    st.tuples(st.just("add"), blocks, st.integers(0, 1)),
    st.tuples(st.just("rout"), st.integers(0, 80)),
    st.tuples(st.just("note"), st.integers(0, 80))), min_size=1, max_size=30)


def _field(found: list[tuple[Block, int, bool]]) -> Field:
    return Field(SIDES, [Stand(f"s{i}", SIDES[g], b, on) for i, (b, g, on) in
                         enumerate(found)])


def _apply(field: Field, step: tuple[object, ...]) -> None:
    kind = step[0]
    if kind == "add":
        block, g = step[1], int(step[2])  # type: ignore[call-overload]
        field.add(Stand(f"s{len(field.pieces)}", SIDES[g], block))  # type: ignore[arg-type]
        return
    if not field.pieces:
        return
    p = field.pieces[int(step[1]) % len(field.pieces)]  # type: ignore[call-overload]
    if kind == "shift":
        p.block = moved(p.block, step)
    elif kind == "charge":
        e = field.pieces[int(step[2]) % len(field.pieces)]  # type: ignore[call-overload]
        p.block = moved(p.block, step, e.block)
    elif kind == "leave":
        p.on_table = False
    elif kind == "return":
        p.on_table = True
    elif kind == "rout":
        p.routed = not p.routed
    else:
        p.note += "."


def _centres(a: Block, b: Block) -> float:
    return math.dist(a.centre, b.centre)


def _check(field: Field) -> None:
    pieces = field.pieces
    fresh = {s: [p for p in pieces if p.on_table and p.side == s] for s in SIDES}
    assert field.present() == [p for p in pieces if p.on_table]
    for s in SIDES:
        assert field.present(s) == fresh[s]
    a, b = fresh["red"], fresh["blue"]
    touching: dict[str, list[Stand]] = {}
    for i, j, _ in brute_pairs_within([p.block for p in a], [e.block for e in b], EPSILON):
        touching.setdefault(a[i].id, []).append(b[j])
        touching.setdefault(b[j].id, []).append(a[i])
    order = {p.id: n for n, p in enumerate(pieces)}
    for p in pieces:
        expected = tuple(sorted(touching.get(p.id, []), key=lambda q: order[q.id]))
        assert field.contacts(p) == expected, p.id
        assert field.in_melee(p) == bool(expected)
    assert field._compute_contacts() == {k: tuple(sorted(v, key=lambda q: order[q.id]))
                                         for k, v in touching.items()}
    blocks = [p.block if p.on_table else None for p in pieces]
    assert field.every_index().blocks == blocks
    probes = [p.block for p in pieces[:: max(1, len(pieces) // 4)]]
    probes.append(Block(60.0, 30.0, 45.0, 6, 3, 1.0, 1.0))
    for probe in probes:
        for margin in (0.0, 3.0, 12.0):
            assert field.near(probe.bounds, margin) == [
                pieces[i] for i in brute_near(blocks, probe.bounds, margin)]
            for s in SIDES:
                mine = [q if q is not None and pieces[i].side == s else None
                        for i, q in enumerate(blocks)]
                assert field.near(probe.bounds, margin, s) == [
                    pieces[i] for i in brute_near(mine, probe.bounds, margin)]
        for s in SIDES:
            mine = [q if q is not None and pieces[i].side == s else None
                    for i, q in enumerate(blocks)]
            for accept in (None, lambda p: not p.routed):
                best = brute_nearest(mine, probe, None if accept is None else
                                     lambda i, f=accept: f(pieces[i]))  # type: ignore[misc]
                want = (None, math.inf) if best is None else (pieces[best[1]], best[0])
                assert field.nearest(probe, s, accept) == want
            # any measure never less than the gap between the bounds: between centres
            best = brute_nearest(mine, probe, measure=_centres)
            want = (None, math.inf) if best is None else (pieces[best[1]], best[0])
            assert field.nearest(probe, s, measure=_centres) == want


@given(stands, steps, st.integers(1, 4))
def test_placed_answers_are_the_brute_measures(found: list[tuple[Block, int, bool]],
                                               moves: list[tuple[object, ...]],
                                               every: int) -> None:
    checked_along(_field(found), moves, _apply, _check, every)


@given(stands, steps)
def test_the_keys_move_when_what_they_key_may_have(found: list[tuple[Block, int, bool]],
                                                   moves: list[tuple[object, ...]]) -> None:
    field = _field(found)
    for step in moves:
        before = field.presence(), [field.side_version(s) for s in SIDES], field.version
        there = [p.on_table for p in field.pieces]
        n = len(field.pieces)
        _apply(field, step)
        came_or_went = len(field.pieces) != n or there != [
            p.on_table for p in field.pieces[:n]]
        assert (field.presence() != before[0]) == came_or_went
        if step[0] == "note":
            assert field.version == before[2]
            continue
        if len(field.pieces) != n:
            changed = {p.side for p in field.pieces[n:]}
        else:  # an assignment touches its piece's side, whatever it assigns
            changed = {field.pieces[int(step[1]) % n].side} if n else set()  # type: ignore[call-overload]
        for s, was in zip(SIDES, before[1], strict=True):
            assert (field.side_version(s) != was) == (s in changed)


def test_the_memos_hold_until_what_they_key_changes() -> None:
    field = _field([(Block(10.0 * i, 10.0, 0.0, 2, 2, 1.0, 1.0), i % 2, True)
                    for i in range(4)])
    red, blue = field.pieces[0], field.pieces[1]
    assert field.memo("m", lambda: 1) == 1 and field.memo("m", lambda: 2) == 1
    assert field.of_side("red", "k", lambda: 1) == 1
    assert field.steady("k", lambda: 1) == 1
    blue.routed = True
    assert field.memo("m", lambda: 2) == 2
    assert field.of_side("red", "k", lambda: 2) == 1  # a blue piece changed, not a red
    assert field.steady("k", lambda: 2) == 1  # nobody came or went
    red.on_table = False
    assert field.of_side("red", "k", lambda: 3) == 3
    assert field.steady("k", lambda: 3) == 3


def test_bad_pieces_are_refused_and_leave_the_state_as_it_was() -> None:
    field = _field([(Block(0.0, 0.0, 0.0, 2, 2, 1.0, 1.0), 0, True)])
    with pytest.raises(RuleError, match="'s0' is already"):
        field.add(Stand("s0", "blue", Block(5.0, 5.0, 0.0, 2, 2, 1.0, 1.0)))
    with pytest.raises(RuleError, match="side 'green'"):
        field.add(Stand("s1", "green", Block(5.0, 5.0, 0.0, 2, 2, 1.0, 1.0)))
    assert [p.id for p in field.pieces] == ["s0"] and field.version == 0
    assert field.present() == field.pieces
    with pytest.raises(RuleError, match="'a' is already"):
        Field(SIDES, [Stand("a", "red", Block(0.0, 0.0, 0.0, 2, 2, 1.0, 1.0)),
                      Stand("a", "blue", Block(9.0, 0.0, 0.0, 2, 2, 1.0, 1.0))])


def test_a_what_if_copy_has_no_contacts_and_tells_nobody() -> None:
    field = _field([(Block(10.0, 10.0, 0.0, 4, 2, 1.0, 1.0), 0, True),
                    (Block(10.0, 10.0, 180.0, 4, 2, 1.0, 1.0), 1, True)])
    copy = Stand("what-if", "red", field.pieces[0].block)
    copy.block = field.pieces[0].block.advanced(1.0)
    assert field.contacts(copy) == () and field.version == 0
    assert field.contacts(field.pieces[0]) == (field.pieces[1],)


def test_a_state_may_measure_its_contacts_its_own_way() -> None:
    @attrs.define(eq=False)
    class Loose(Field):
        def contact_measure(self) -> Measure:
            return lambda a, b: 0.0  # every pair whose bounds meet touches

    def stands() -> list[Stand]:  # two diamonds side by side: bounds that overlap,
        d = math.sqrt(2) + 0.3     # facing edges 0.42" apart
        return [Stand("a", "red", Block(10.0, 10.0, 45.0, 2, 2, 1.0, 1.0)),
                Stand("b", "blue", Block(10.0 + d, 10.0 + d, 45.0, 2, 2, 1.0, 1.0))]

    strict, loose = Field(SIDES, stands()), Loose(SIDES, stands())
    assert strict.contacts(strict.pieces[0]) == ()
    assert loose.contacts(loose.pieces[0]) == (loose.pieces[1],)


def test_the_module_example_runs() -> None:
    result = doctest.testmod(ancients.tabletop.placed)
    assert result.attempted > 0 and result.failed == 0
