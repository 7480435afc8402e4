"""Tests for ancients.hexgrid: axial geometry, facing, offsets, lines, searches, boards."""

from __future__ import annotations

import heapq
import itertools
import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ancients.errors import AncientsError, GeometryError
from ancients.hexgrid import (
    Arc,
    Corner,
    Direction,
    EdgePolicy,
    Hex,
    HexBoard,
    Offset,
    OffsetLayout,
    arc_hexes,
    arc_of,
    arcs,
    corner_front,
    format_label,
    from_offset,
    hex_from_label,
    hex_label,
    hex_round,
    hex_to_pixel,
    line,
    line_of_sight,
    line_pairs,
    parse_label,
    path_to,
    pixel_to_hex,
    reachable,
    to_offset,
)
from ancients.testing.imports import cycles, imports

coord = st.integers(-40, 40)
hexes = st.builds(Hex, coord, coord)
directions = st.sampled_from(list(Direction))
corners = st.sampled_from(list(Corner))
layouts = st.sampled_from(["odd-q", "even-q"])
FAST = settings(max_examples=max(150, settings().max_examples), deadline=None)
SLOW = settings(max_examples=max(40, settings().max_examples // 10), deadline=None)


# -- Hex basics -------------------------------------------------------------------------


def test_hex_is_cheap_immutable_value() -> None:
    h = Hex(2, -3)
    assert h.s == 1
    assert h + Hex(1, 1) == Hex(3, -2)
    assert h - Hex(1, 1) == Hex(1, -4)
    assert h * 2 == 2 * h == Hex(4, -6)
    assert -h == Hex(-2, 3)
    assert isinstance(h + Hex(0, 0), Hex)
    assert {h: 1}[Hex(2, -3)] == 1
    assert sorted([Hex(1, 0), Hex(0, 5), Hex(0, -1)]) == [Hex(0, -1), Hex(0, 5), Hex(1, 0)]
    with pytest.raises(AttributeError):
        h.q = 5  # type: ignore[misc]


def test_direction_numbering_and_north_is_up() -> None:
    assert [d.value for d in Direction] == [1, 2, 3, 4, 5, 6]
    assert [d.name for d in Direction] == ["N", "NE", "SE", "S", "SW", "NW"]
    o = Hex(0, 0)
    assert o.neighbor(Direction.N).r < 0
    assert o.neighbor(Direction.N).q == 0
    assert o.neighbor(Direction.S).r > 0
    assert o.neighbor(Direction.S).q == 0
    assert o.neighbor(1) == Hex(0, -1)
    assert o.neighbor(4) == Hex(0, 1)
    # clockwise on screen (y grows south): pixel angles increase through the directions
    angles = []
    for d in Direction:
        x, y = hex_to_pixel(o.neighbor(d))
        angles.append(math.atan2(x, -y) % (2 * math.pi))  # compass bearing
    assert angles == sorted(angles)
    assert [round(math.degrees(a)) for a in angles] == [0, 60, 120, 180, 240, 300]


@given(directions, st.integers(-20, 20))
def test_direction_turn_and_opposite(d: Direction, k: int) -> None:
    assert d.opposite().opposite() == d
    assert d.vector + d.opposite().vector == Hex(0, 0)
    assert d.turn(3) == d.opposite()
    assert d.turn(k).turn(-k) == d
    assert d.turn(6 * k) == d
    assert Hex(0, 0).neighbor(d.turn(1)) == Hex(0, 0).neighbor(d.turn(7))


@pytest.mark.parametrize("bad", [0, 7, -1, "N", None])
def test_bad_direction_raises_geometry_error(bad: object) -> None:
    with pytest.raises(GeometryError):
        Hex(0, 0).neighbor(bad)  # type: ignore[arg-type]
    assert issubclass(GeometryError, AncientsError)


@FAST
@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a: Hex, b: Hex, c: Hex) -> None:
    assert a.distance(b) == b.distance(a) >= 0
    assert (a.distance(b) == 0) == (a == b)
    assert a.distance(c) <= a.distance(b) + b.distance(c)
    assert a.distance(b) == max(abs(a.q - b.q), abs(a.r - b.r), abs(a.s - b.s))


@FAST
@given(hexes, directions)
def test_neighbors_and_direction_to(h: Hex, d: Direction) -> None:
    n = h.neighbor(d)
    assert h.distance(n) == 1
    assert h.direction_to(n) is d
    assert n.direction_to(h) is d.opposite()
    assert n.neighbor(d.opposite()) == h
    assert h.neighbors()[d - 1] == n
    assert len(set(h.neighbors())) == 6


def test_direction_to_non_adjacent_raises() -> None:
    with pytest.raises(GeometryError):
        Hex(0, 0).direction_to(Hex(2, 0))
    with pytest.raises(GeometryError):
        Hex(0, 0).direction_to(Hex(0, 0))


@FAST
@given(hexes, st.integers(0, 8))
def test_ring_and_range(h: Hex, radius: int) -> None:
    ring = h.ring(radius)
    assert len(ring) == max(1, 6 * radius) == len(set(ring))
    assert all(h.distance(x) == radius for x in ring)
    if radius == 1:
        assert ring == list(h.neighbors())  # clockwise from north
    if radius:
        assert ring[0] == h + Direction.N.vector * radius
        assert all(ring[i].distance(ring[i - 1]) == 1 for i in range(len(ring)))
    rng = h.range(radius)
    assert len(rng) == 3 * radius * (radius + 1) + 1 == len(set(rng))
    assert rng == sorted(rng)
    assert set(rng) == {x for k in range(radius + 1) for x in h.ring(k)}


def test_negative_radius_raises() -> None:
    with pytest.raises(GeometryError):
        Hex(0, 0).ring(-1)
    with pytest.raises(GeometryError):
        Hex(0, 0).range(-1)


@FAST
@given(hexes, st.floats(-0.49, 0.49), st.floats(-0.49, 0.49), st.floats(0.5, 3.0))
def test_pixel_round_trip(h: Hex, dx: float, dy: float, size: float) -> None:
    x, y = hex_to_pixel(h, size)
    assert pixel_to_hex(x, y, size) == h
    # points well inside the inscribed circle (radius sqrt(3)/2 * size) stay in the hex
    assert pixel_to_hex(x + dx * 0.8 * size, y + dy * 0.8 * size, size) == h
    assert hex_round(h.q + 0.2, h.r - 0.2) == h


# -- corners and arcs -------------------------------------------------------------------


def test_corner_numbering() -> None:
    assert Corner.NNE.front_directions() == (Direction.N, Direction.NE)
    assert Corner.E.front_directions() == (Direction.NE, Direction.SE)
    assert Corner.NNW.front_directions() == (Direction.NW, Direction.N)
    assert Corner.between(Direction.N, Direction.NW) is Corner.NNW
    assert Corner.between(3, 2) is Corner.E
    with pytest.raises(GeometryError):
        Corner.between(Direction.N, Direction.S)
    with pytest.raises(GeometryError):
        corner_front(Hex(0, 0), 7)


@given(hexes, corners, st.integers(-12, 12))
def test_corner_front_and_rotation(h: Hex, c: Corner, k: int) -> None:
    a, b = corner_front(h, c)
    assert h.distance(a) == h.distance(b) == a.distance(b) == 1
    assert (h.direction_to(a), h.direction_to(b)) == c.front_directions()
    assert c.turn(k).turn(-k) is c
    assert c.turn(3) is c.opposite()
    assert c.turn(1).front_directions()[0] == c.front_directions()[1]
    assert Corner.between(*c.front_directions()) is c


@given(corners)
def test_corner_arcs(c: Corner) -> None:
    a = arcs(c)
    assert sorted(a.front + a.flank + a.rear) == list(Direction)
    assert a.front == c.front_directions()
    # flanks are adjacent to the front pair; the rear pair is opposite the front pair
    left, right = a.flank
    assert left.turn(1) == a.front[0]
    assert right.turn(-1) == a.front[1]
    assert {d.opposite() for d in a.front} == set(a.rear)
    assert arc_of(c, a.front[0]) is Arc.FRONT
    assert arc_of(c, left) is Arc.FLANK
    assert arc_of(c, a.rear[1]) is Arc.REAR
    hx = arc_hexes(Hex(3, 3), c)
    assert hx.front == corner_front(Hex(3, 3), c)


@given(directions)
def test_side_arcs(d: Direction) -> None:
    a = arcs(d)
    assert sorted(a.front + a.flank + a.rear) == list(Direction)
    assert a.front == (d.turn(-1), d, d.turn(1))
    assert a.rear == (d.opposite(),)
    assert arc_of(d, d.turn(2)) is Arc.FLANK
    with pytest.raises(GeometryError):
        arcs(3)  # type: ignore[arg-type]


# -- offsets and labels -----------------------------------------------------------------


@FAST
@given(hexes, layouts)
def test_offset_round_trip(h: Hex, layout: str) -> None:
    col, row = to_offset(h, layout)
    assert col == h.q
    assert from_offset(col, row, layout) == h
    assert to_offset(from_offset(col, row, layout), layout) == (col, row)


@pytest.mark.parametrize(
    ("layout", "to_next_column"),
    [(OffsetLayout.ODD_Q, Direction.SE), (OffsetLayout.EVEN_Q, Direction.NE)],
)
def test_offset_layout_shoves_columns_down(layout: OffsetLayout, to_next_column: Direction) -> None:
    # odd-q: odd columns sit half a hex lower, so cell (1, 0) is SE of (0, 0); even-q: NE
    assert to_offset(from_offset(0, 0, layout).neighbor(to_next_column), layout) == (1, 0)
    assert to_offset(from_offset(0, 0, layout).neighbor(Direction.S), layout) == (0, 1)
    assert to_offset(from_offset(3, 4, layout).neighbor(Direction.N), layout) == (3, 3)


def test_bad_layout() -> None:
    with pytest.raises(GeometryError, match="odd-q"):
        to_offset(Hex(0, 0), "odd-r")
    with pytest.raises(GeometryError):
        HexBoard(3, 3, layout="flat")


@FAST
@given(st.integers(0, 98), st.integers(0, 98), layouts)
def test_label_round_trip(col: int, row: int, layout: str) -> None:
    label = format_label((col, row))
    assert len(label) == 4
    assert parse_label(label) == Offset(col, row)
    h = from_offset(col, row, layout)
    assert hex_label(h, layout) == label
    assert hex_from_label(label, layout) == h


def test_label_examples_and_errors() -> None:
    assert parse_label("0312") == Offset(2, 11)
    assert format_label(Offset(2, 11)) == "0312"
    assert hex_from_label("0101") == Hex(0, 0)
    for bad in ["312", "03121", "03a2", "0012", "1200", " 312", "٠٣١٢", ""]:
        with pytest.raises(GeometryError, match="label"):
            parse_label(bad)
    with pytest.raises(GeometryError):
        parse_label(312)  # type: ignore[arg-type]
    for off in [(99, 0), (-1, 3), (0, 99)]:
        with pytest.raises(GeometryError):
            format_label(off)


# -- lines ------------------------------------------------------------------------------


def _in_closed_cell(h: Hex, pq: Fraction, pr: Fraction) -> bool:
    dq, dr = pq - h.q, pr - h.r
    ds = -dq - dr
    return max(abs(dq - dr), abs(dr - ds), abs(ds - dq)) <= 1


@FAST
@given(hexes, hexes, st.sampled_from([EdgePolicy.NUDGE_POSITIVE, EdgePolicy.NUDGE_NEGATIVE]))
def test_line_is_valid(a: Hex, b: Hex, policy: EdgePolicy) -> None:
    pts = line(a, b, policy)
    n = a.distance(b)
    assert len(pts) == n + 1
    assert pts[0] == a
    assert pts[-1] == b
    assert all(pts[i].distance(pts[i + 1]) == 1 for i in range(n))
    # every hex contains the exact lerp point (on its border at worst)
    for i, h in enumerate(pts):
        t = Fraction(i, n) if n else Fraction(0)
        assert _in_closed_cell(h, a.q + (b.q - a.q) * t, a.r + (b.r - a.r) * t)


@FAST
@given(hexes, hexes)
def test_line_pairs(a: Hex, b: Hex) -> None:
    pairs = line_pairs(a, b)
    pos = line(a, b, EdgePolicy.NUDGE_POSITIVE)
    neg = line(a, b, EdgePolicy.NUDGE_NEGATIVE)
    assert len(pairs) == a.distance(b) + 1
    for step, p, m in zip(pairs, pos, neg, strict=True):
        assert step[0] == p
        assert step[-1] == m
        assert len(step) in (1, 2)
        if len(step) == 2:
            assert step[0].distance(step[1]) == 1
    # the nudge is the same whichever way the line is drawn
    assert line(b, a)[::-1] == pos
    assert line(b, a, EdgePolicy.NUDGE_NEGATIVE)[::-1] == neg


def test_edge_tie_and_policies() -> None:
    a, b = Hex(0, 0), Hex(2, -1)  # runs along the edge between (1, 0) and (1, -1)
    assert line_pairs(a, b) == [(a,), (Hex(1, 0), Hex(1, -1)), (b,)]
    assert line(a, b, EdgePolicy.NUDGE_POSITIVE)[1] == Hex(1, 0)
    assert line(a, b, EdgePolicy.NUDGE_NEGATIVE)[1] == Hex(1, -1)
    one = {Hex(1, 0)}
    both = {Hex(1, 0), Hex(1, -1)}
    assert not line_of_sight(a, b, one, EdgePolicy.BLOCKED_IF_EITHER)
    assert line_of_sight(a, b, one, EdgePolicy.BLOCKED_IF_BOTH)
    assert not line_of_sight(a, b, both, EdgePolicy.BLOCKED_IF_BOTH)
    assert not line_of_sight(a, b, one.__contains__, EdgePolicy.NUDGE_POSITIVE)
    assert line_of_sight(a, b, one, EdgePolicy.NUDGE_NEGATIVE)
    # the end hexes never block, whatever the policy
    for policy in EdgePolicy:
        assert line_of_sight(a, b, {a, b}, policy)
    assert line_of_sight(a, a.neighbor(Direction.N), lambda h: True)
    with pytest.raises(GeometryError):
        line(a, b, EdgePolicy.BLOCKED_IF_BOTH)


def _interior(a: Hex, b: Hex, policy: EdgePolicy) -> set[Hex]:
    """The hexes strictly between ``a`` and ``b`` that ``policy`` looks at."""
    if policy in (EdgePolicy.NUDGE_POSITIVE, EdgePolicy.NUDGE_NEGATIVE):
        return set(line(a, b, policy)[1:-1])
    return {h for step in line_pairs(a, b)[1:-1] for h in step}


@FAST
@given(hexes, hexes, st.sampled_from(list(EdgePolicy)))
def test_line_of_sight_ends_never_block_under_any_policy(a: Hex, b: Hex,
                                                         policy: EdgePolicy) -> None:
    # every policy, not only the default: the viewer's and the target's hexes never
    # block, nor does any hex off the policy's own line; each hex of a nudged line does
    between = _interior(a, b, policy)
    assert a not in between and b not in between
    assert line_of_sight(a, b, {a, b}, policy)
    assert line_of_sight(a, b, lambda h: h not in between, policy)
    if policy in (EdgePolicy.NUDGE_POSITIVE, EdgePolicy.NUDGE_NEGATIVE):
        assert all(not line_of_sight(a, b, {h}, policy) for h in between)


@FAST
@given(hexes, hexes, st.sets(st.builds(Hex, st.integers(-5, 5), st.integers(-5, 5))))
def test_line_of_sight_policies_are_ordered(a: Hex, b: Hex, blocked: set[Hex]) -> None:
    either = line_of_sight(a, b, blocked, EdgePolicy.BLOCKED_IF_EITHER)
    both = line_of_sight(a, b, blocked, EdgePolicy.BLOCKED_IF_BOTH)
    pos = line_of_sight(a, b, blocked, EdgePolicy.NUDGE_POSITIVE)
    neg = line_of_sight(a, b, blocked, EdgePolicy.NUDGE_NEGATIVE)
    assert either <= pos <= both
    assert either <= neg <= both
    assert either == (pos and neg)


# -- reachability -----------------------------------------------------------------------


@given(hexes, st.integers(0, 5))
def test_reachable_unit_costs_is_range(h: Hex, budget: int) -> None:
    got = reachable(h, budget)
    assert set(got) == set(h.range(budget))
    assert all(c == h.distance(x) for x, c in got.items())


def test_reachable_costs_blocks_and_errors() -> None:
    o = Hex(0, 0)
    wall = {o.neighbor(d) for d in (Direction.N, Direction.NE, Direction.NW)}
    got = reachable(o, 2, blocked=wall)
    assert Hex(0, -1) not in got
    assert Hex(0, -2) not in got  # the only 2-step route runs through the wall
    assert got[Hex(0, 2)] == 2
    hills = reachable(o, 3, lambda a, b: 2.0 if b.q > 0 else 1.0)
    assert hills[Hex(1, 0)] == 2.0
    assert Hex(2, 0) not in hills
    assert hills[Hex(-3, 0)] == 3
    no_east = reachable(o, 3, lambda a, b: None if b.q > a.q else 1.0)
    assert all(h.q <= 0 for h in no_east)
    with pytest.raises(GeometryError):
        reachable(o, 2, lambda a, b: -1.0)
    with pytest.raises(GeometryError, match="unbounded"):
        reachable(o, math.inf)
    board = HexBoard(3, 3)
    assert set(reachable(Hex(0, 0), math.inf, in_bounds=board)) == set(board)


def test_path_to() -> None:
    o = Hex(0, 0)
    assert path_to(o, o, budget=3) == [o]
    p = path_to(o, Hex(3, -1), budget=10)
    assert p is not None
    assert len(p) == 4
    assert p[0] == o
    assert p[-1] == Hex(3, -1)
    assert path_to(o, Hex(3, -1), budget=10) == p  # deterministic
    assert path_to(o, Hex(5, 0), budget=4) is None
    ring = set(o.ring(1))
    assert path_to(o, Hex(3, 0), budget=50, blocked=ring) is None
    board = HexBoard(4, 4)
    assert path_to(Hex(0, 0), Hex(9, 9), in_bounds=board) is None


@SLOW
@given(st.data())
def test_path_cost_matches_reachable(data: st.DataObject) -> None:
    board = HexBoard(6, 5)
    costs = {h: data.draw(st.sampled_from([1.0, 2.0, 0.5, None])) for h in board}
    start, goal = data.draw(st.sampled_from(board.hexes)), data.draw(st.sampled_from(board.hexes))

    def step(a: Hex, b: Hex) -> float | None:
        return costs[b]

    field = reachable(start, math.inf, step, in_bounds=board)
    path = path_to(start, goal, step, in_bounds=board)
    if goal not in field:
        assert path is None
        return
    assert path is not None
    assert path[0] == start
    assert path[-1] == goal
    assert all(path[i].distance(path[i + 1]) == 1 for i in range(len(path) - 1))
    total = sum(step(a, b) or 0.0 for a, b in itertools.pairwise(path))
    assert total == pytest.approx(field[goal])


# -- HexBoard ---------------------------------------------------------------------------


@pytest.mark.parametrize("layout", ["odd-q", "even-q"])
def test_board_mapping_and_neighbor_table(layout: str) -> None:
    board = HexBoard(7, 5, layout)
    assert len(board) == 35
    assert len(list(board)) == 35
    assert board.neighbors.shape == (35, 6)
    assert board.neighbors.dtype == np.int32
    for i, h in enumerate(board):
        assert board.index(h) == i
        assert board.hex_at(i) == h
        assert h in board
        assert to_offset(h, layout) == (i % 7, i // 7)
        assert board.label(h) == format_label((i % 7, i // 7))
        assert board.hex_from_label(board.label(h)) == h
        for d, n in zip(Direction, h.neighbors(), strict=True):
            j = board.neighbors[i, d - 1]
            assert (j == -1) == (not board.contains(n))
            if j >= 0:
                assert board.hex_at(int(j)) == n
    outside = from_offset(7, 0, layout)
    assert outside not in board
    assert not board.contains(outside)
    assert "x" not in board
    with pytest.raises(GeometryError):
        board.index(outside)
    with pytest.raises(GeometryError):
        board.hex_at(35)
    with pytest.raises(GeometryError):
        board.hex_from_label("0801")
    with pytest.raises(ValueError, match="read-only"):
        board.neighbors[0, 0] = 3
    with pytest.raises(GeometryError):
        HexBoard(0, 4)


def test_board_closed_form_geometry() -> None:
    board = HexBoard(9, 8, "even-q")
    for center in (Hex(4, 1), Hex(-3, 2), board.hex_at(0)):
        d = board.distances_from(center)
        assert d.tolist() == [center.distance(h) for h in board]
        for radius in range(4):
            ring = {board.hex_at(int(i)) for i in board.ring_indices(center, radius)}
            assert ring == {h for h in center.ring(radius) if h in board}
            rng = {board.hex_at(int(i)) for i in board.range_indices(center, radius)}
            assert rng == {h for h in center.range(radius) if h in board}
    assert board.mask([Hex(0, 0)]).sum() == 1
    assert board.indices([board.hex_at(5), board.hex_at(2)]).tolist() == [5, 2]


def _brute_field(
    board: HexBoard,
    sources: list[Hex],
    cost: list[float] | None,
    blocked: set[Hex],
) -> list[float]:
    """Reference multi-source Dijkstra on Hex objects (independent of the board arrays)."""
    dist = dict.fromkeys(sources, 0.0)
    heap = [(0.0, h) for h in sources]
    heapq.heapify(heap)
    while heap:
        d, h = heapq.heappop(heap)
        if d > dist[h]:
            continue
        for n in h.neighbors():
            if n not in board or n in blocked:
                continue
            c = 1.0 if cost is None else cost[board.index(n)]
            if math.isinf(c):
                continue
            if d + c < dist.get(n, math.inf):
                dist[n] = d + c
                heapq.heappush(heap, (d + c, n))
    return [dist.get(h, math.inf) for h in board]


@st.composite
def field_cases(draw: st.DrawFn) -> tuple[HexBoard, list[Hex], np.ndarray | None, np.ndarray]:
    board = HexBoard(draw(st.integers(1, 9)), draw(st.integers(1, 8)), draw(layouts))
    n = len(board)
    kind = draw(st.sampled_from(["unit", "int", "half", "float", "zero-inf"]))
    values: dict[str, list[float]] = {
        "int": [1, 2, 3, 4],
        "half": [0.5, 1, 1.5, 3],
        "zero-inf": [0, 1, 2, math.inf],
    }
    cost: np.ndarray | None
    if kind == "unit":
        cost = None
    elif kind == "float":
        cost = np.array(draw(st.lists(st.floats(0.1, 5.0), min_size=n, max_size=n)))
    else:
        cost = np.array(draw(st.lists(st.sampled_from(values[kind]), min_size=n, max_size=n)))
    blocked = np.array(draw(st.lists(st.booleans(), min_size=n, max_size=n)))
    blocked &= np.array(draw(st.lists(st.booleans(), min_size=n, max_size=n)))  # ~25 %
    sources = draw(st.lists(st.sampled_from(board.hexes), min_size=1, max_size=3, unique=True))
    return board, sources, cost, blocked


@SLOW
@given(field_cases())
def test_distance_field_matches_brute_force(
    case: tuple[HexBoard, list[Hex], np.ndarray | None, np.ndarray],
) -> None:
    board, sources, cost, blocked = case
    blocked_set = {board.hex_at(int(i)) for i in np.flatnonzero(blocked)}
    got = board.distance_field(sources, cost=cost, blocked=blocked)
    expect = _brute_field(board, sources, None if cost is None else cost.tolist(), blocked_set)
    assert got.dtype == np.float64
    assert got.shape == (len(board),)
    np.testing.assert_allclose(got, expect, rtol=1e-9)
    # several sources = min of the single-source fields
    singles = [board.distance_field([s], cost=cost, blocked=blocked) for s in sources]
    np.testing.assert_allclose(got, np.minimum.reduce(singles), rtol=1e-9)
    # sources given as an index array or a mask give the same field
    idx = board.indices(sources)
    np.testing.assert_array_equal(board.distance_field(idx, cost=cost, blocked=blocked), got)
    mask = board.mask(sources)
    np.testing.assert_array_equal(board.distance_field(mask, cost=cost, blocked=blocked), got)
    # max_cost cuts the field off
    limit = 2.5
    capped = board.distance_field(sources, cost=cost, blocked=blocked, max_cost=limit)
    np.testing.assert_array_equal(capped, np.where(got <= limit, got, np.inf))
    # reachable() agrees on the same board
    enter = np.ones(len(board)) if cost is None else cost

    def step(a: Hex, b: Hex) -> float | None:
        c = float(enter[board.index(b)])
        return None if math.isinf(c) else c

    for s in sources[:1]:
        field = reachable(s, math.inf, step, blocked=blocked_set, in_bounds=board)
        single = singles[0]
        assert set(field) == {board.hex_at(int(i)) for i in np.flatnonzero(np.isfinite(single))}
        for h, c in field.items():
            assert c == pytest.approx(single[board.index(h)])


def test_distance_field_examples() -> None:
    board = HexBoard(40, 30)
    src = Hex(5, 5)
    np.testing.assert_array_equal(board.distance_field([src]), board.distances_from(src))
    assert np.isinf(board.distance_field([])).all()
    # a blocked source still radiates; blocked cells are never entered
    blocked = board.mask([src, board.hex_at(0)])
    field = board.distance_field([src], blocked=blocked)
    assert field[board.index(src)] == 0
    assert np.isinf(field[0])
    # costs may be given as a (rows, cols) grid
    grid = np.full((30, 40), 2.0)
    twice = 2.0 * board.distances_from(src)
    np.testing.assert_array_equal(board.distance_field([src], cost=grid), twice)
    np.testing.assert_array_equal(board.distance_field([src], cost=grid / 4), twice / 4)
    np.testing.assert_array_equal(board.distance_field([src], cost=grid * 20), twice * 20)
    tenth = board.distance_field([src], cost=np.full(board.size, 0.1), max_cost=0.3)
    np.testing.assert_array_equal(np.isfinite(tenth), board.distances_from(src) <= 3)


def test_distance_field_errors() -> None:
    board = HexBoard(4, 3)
    with pytest.raises(GeometryError):
        board.distance_field([Hex(10, 10)])
    with pytest.raises(GeometryError):
        board.distance_field(np.array([12]))
    with pytest.raises(GeometryError):
        board.distance_field(np.array([0.5]))
    with pytest.raises(GeometryError):
        board.distance_field([Hex(0, 0)], cost=np.ones(5))
    with pytest.raises(GeometryError):
        board.distance_field([Hex(0, 0)], cost=-np.ones(12))
    with pytest.raises(GeometryError):
        board.distance_field([Hex(0, 0)], cost=np.full(12, np.nan))
    with pytest.raises(GeometryError):
        board.distance_field([Hex(0, 0)], blocked=np.zeros(3, bool))


# -- modules -----------------------------------------------------------------------------
def test_hexgrid_modules_import_no_cycle() -> None:
    # function-level imports count: only ``if TYPE_CHECKING:`` imports are exempt
    graph = imports("ancients.hexgrid")
    assert "ancients.hexgrid.coords" in graph["ancients.hexgrid.lines"]
    assert cycles(graph) == []
