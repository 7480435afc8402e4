"""The tabletop's contacts kept up to date (``Contacts``) against the full recompute
(``brute_pairs_within`` over the blocks as they stand), through random sequences of
moves, removals, new slots and changes of group, whatever the cell size and reach."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ancients.errors import GeometryError
from ancients.tabletop import EPSILON, Block
from ancients.tabletop.index import (
    Contacts,
    Measure,
    brute_pairs_within,
    edge_distance,
    matrix_distance,
)

coords = st.floats(0.0, 60.0, allow_nan=False)
angles = st.sampled_from([0.0, 90.0, 180.0, 270.0]) | st.floats(0.0, 359.9)
sizes = st.sampled_from([0.5, 1.0])
blocks = st.builds(Block, coords, coords, angles, st.integers(1, 8), st.integers(1, 4),
                   sizes, sizes)


def _lines(n: int) -> list[Block]:
    """Two lines of ``n`` blocks face to face, touching: many contacts to keep."""
    return [Block(2.0 + 4.5 * (i // 2), 10.0,
                  180.0 if i % 2 else 0.0, 4, 2, 1.0, 1.0) for i in range(2 * n)]


#: one step: slot (past the end: a new slot), its block (None: empty) and group, or a
#: shift of an existing slot's block by (dx, dy) (a unit moving into or out of contact)
steps = st.lists(st.one_of(
    st.tuples(st.integers(0, 40), st.none() | blocks, st.integers(0, 1)),
    st.tuples(st.integers(0, 40), st.floats(-3.0, 3.0), st.floats(-3.0, 3.0))),
    max_size=40)


def _oracle(slots: list[tuple[Block | None, int]], reach: float,
            measure: Measure) -> list[tuple[int, int]]:
    a = [i for i, (b, g) in enumerate(slots) if b is not None and g == 0]
    b = [i for i, (q, g) in enumerate(slots) if q is not None and g == 1]
    found = brute_pairs_within([q for q, g in slots if q is not None and g == 0],
                               [q for q, g in slots if q is not None and g == 1], reach,
                               measure)
    return sorted((a[i], b[j]) for i, j, _ in found)


@given(st.integers(0, 12), steps, st.sampled_from([0.5, 3.0, 12.0, 100.0]),
       st.sampled_from([0, 16]), st.sampled_from([EPSILON, 0.0, 1.5]),
       st.sampled_from([edge_distance, matrix_distance]), st.integers(1, 3))
def test_contacts_kept_up_to_date_are_the_full_recompute(
        start: int, moves: list[tuple[int, object, object]], cell: float, few: int,
        reach: float, measure: Measure, every: int) -> None:
    contacts = Contacts(reach, measure, cell=cell, few=few)
    slots: list[tuple[Block | None, int]] = []
    for i, b in enumerate(_lines(start)):
        contacts.put(i, b, i % 2)
        slots.append((b, i % 2))
    last = (_oracle(slots, reach, measure), contacts.changes)
    for n, (i, x, y) in enumerate(moves):
        i = min(i, len(slots))
        if isinstance(x, float):  # a shift of what the slot holds
            if i == len(slots) or slots[i][0] is None:
                continue
            old, g = slots[i]
            assert old is not None and isinstance(y, float)
            block: Block | None = old.derived(old.x + x, old.y + y, old.facing, old.files,
                                              old.ranks)
        else:
            assert x is None or isinstance(x, Block)
            assert isinstance(y, int)
            block, g = x, y
        contacts.put(i, block, g)
        if i == len(slots):
            slots.append((block, g))
        else:
            slots[i] = (block, g)
        if n % every == 0:  # asked for now and then: several slots stale at once
            expected = _oracle(slots, reach, measure)
            if expected != last[0]:  # a pair came or went: the key of derived values
                assert contacts.changes != last[1]
            last = (expected, contacts.changes)
            assert contacts.pairs() == expected
            for k in range(len(slots)):
                assert contacts.of(k) == tuple(sorted(
                    {j for p, j in expected if p == k} | {p for p, j in expected if j == k}))
                assert contacts.block(k) is slots[k][0]
    assert contacts.pairs() == _oracle(slots, reach, measure)
    assert len(contacts) == len(slots)


def test_contacts_follow_a_unit_into_and_out_of_contact() -> None:
    line = _lines(20)
    contacts = Contacts()
    for i, b in enumerate(line):
        contacts.put(i, b, i % 2)
    assert contacts.of(0) == (1,)
    assert contacts.of(3) == (2,)
    contacts.put(1, line[1].derived(line[1].x, line[1].y + 2.0, 180.0, 4, 2), 1)  # back
    assert contacts.of(0) == () and contacts.of(1) == ()
    contacts.put(1, line[1], 1)
    contacts.put(0, None, 0)  # gone
    assert contacts.of(1) == () and (0, 1) not in contacts.pairs()
    assert contacts.pairs() == [(i, i + 1) for i in range(2, 40, 2)]
    contacts.put(40, line[0], 0)  # back, in a new slot
    assert contacts.of(1) == (40,)


def test_contacts_refuse_a_bad_slot_or_group() -> None:
    contacts = Contacts()
    with pytest.raises(GeometryError, match="slot 2"):
        contacts.put(2, None, 0)
    with pytest.raises(GeometryError, match="group"):
        contacts.put(0, None, 2)
    assert len(contacts) == 0
