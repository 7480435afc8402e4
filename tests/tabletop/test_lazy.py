"""Moves build their swept areas only when asked for; the bound they carry meanwhile holds
the area, and the cuts made with it answer as the area itself does."""

from __future__ import annotations

import shapely
from hypothesis import given
from hypothesis import strategies as st

from ancients.tabletop import Block, Move, Table
from ancients.tabletop.movement import Lazy

coords = st.floats(5.0, 60.0, allow_nan=False)
angles = st.floats(0.0, 359.9)
sizes = st.sampled_from([0.5, 0.75, 1.0])
blocks = st.builds(Block, coords, coords, angles, st.integers(1, 10), st.integers(1, 6),
                   sizes, sizes)
turns = st.floats(-180.0, 180.0)
points = st.tuples(coords, coords)


@st.composite
def moves(draw: st.DrawFn) -> Move:
    b = draw(blocks)
    kind = draw(st.sampled_from(["advance", "sidestep", "incline", "wheel", "pivot", "turn",
                                 "march", "then"]))
    d = draw(st.floats(-12.0, 12.0))
    if kind == "advance":
        return b.advance(d)
    if kind == "sidestep":
        return b.sidestep(d)
    if kind == "incline":
        return b.incline(d, draw(st.floats(-6.0, 6.0)))
    if kind == "wheel":
        return b.wheel(draw(turns))
    if kind == "pivot":
        return b.pivot(draw(turns))
    if kind == "turn":
        return b.turn(90.0 * draw(st.integers(-3, 3)))
    if kind == "march":
        return b.march(draw(st.lists(points, min_size=1, max_size=3)))
    first = b.wheel(draw(turns))
    return first.then(first.end.advance(d))


def _holds(box: tuple[float, float, float, float], geometry: object) -> bool:
    x0, y0, x1, y1 = (float(v) for v in shapely.bounds(geometry))
    tol = 1e-9
    return (box[0] <= x0 + tol and box[1] <= y0 + tol and box[2] >= x1 - tol
            and box[3] >= y1 - tol)


@given(moves())
def test_the_bound_holds_the_swept_area(move: Move) -> None:
    box = move.bounds
    assert _holds(box, move.swept)
    assert move.bounds == box  # the same bound once the area is built


@given(moves(), st.lists(blocks, max_size=6), st.floats(30.0, 90.0), st.floats(30.0, 90.0))
def test_cuts_by_the_bound_answer_as_the_area(move: Move, others: list[Block],
                                              width: float, depth: float) -> None:
    table = Table(width, depth)
    swept = Move(move.kind, move.start, move.end, move.distance, move.swept, move.path)
    assert table.contains(move) == table.contains(move.swept)
    assert move.collisions(others) == swept.collisions(others) == tuple(
        i for i, o in enumerate(others)
        if o != move.start and bool(shapely.intersects(move.swept, o.core)))
    assert table.move_is_legal(move, others) == table.move_is_legal(swept, others)


def test_a_move_well_inside_the_table_is_checked_without_its_area() -> None:
    b = Block(36.0, 10.0, 0.0, 4, 8, 0.75, 0.75)
    move = b.march([(40.0, 16.0), (44.0, 18.0)])
    assert isinstance(move._swept, Lazy)
    assert Table(72.0, 48.0).contains(move)
    assert move.collisions([Block(10.0, 40.0, 0.0, 4, 2, 1.0, 1.0)]) == ()
    assert isinstance(move._swept, Lazy)  # not built: the cuts settled it
    assert not Table(41.0, 48.0).contains(move) or _holds((0, 0, 41.0, 48.0), move.swept)
