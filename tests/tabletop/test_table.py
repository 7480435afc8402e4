"""Tests for ancients.tabletop: blocks, measuring, zones, arcs, moves, table and terrain."""

from __future__ import annotations

import math

import numpy as np
import pytest
import shapely
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from ancients.errors import AncientsError, GeometryError
from ancients.tabletop import (
    EPSILON,
    Arc,
    Aspect,
    Block,
    Formation,
    Move,
    Table,
    Terrain,
    TerrainArea,
    TerrainLine,
    angle_difference,
    bearing,
    corners_array,
    distance_matrix,
    heading,
    normalise_angle,
    rotate_point,
)
from ancients.tabletop.geometry import frames, overlapping, separation

# -- helpers and strategies --------------------------------------------------------------


def phalanx(x: float = 36.0, y: float = 10.0, facing: float = 0.0, files: int = 12,
            ranks: int = 3, width: float = 0.5, depth: float = 0.5) -> Block:
    return Block(x, y, facing, files, ranks, width, depth)


def close(p: tuple[float, float], q: tuple[float, float], tol: float = 1e-9) -> bool:
    return math.hypot(p[0] - q[0], p[1] - q[1]) <= tol


coords = st.floats(-40.0, 40.0, allow_nan=False)
angles = st.floats(0.0, 360.0, allow_nan=False, exclude_max=True)
sizes = st.sampled_from([0.5, 0.75, 1.0, 1.25])
blocks = st.builds(Block, coords, coords, angles, st.integers(1, 12), st.integers(1, 6),
                   sizes, sizes)


def shapely_distance(a: Block, b: Block) -> float:
    return float(shapely.distance(a.polygon, b.polygon))


# -- conventions and shape ---------------------------------------------------------------


def test_angle_convention_north_is_zero_clockwise() -> None:
    assert heading(0) == (0.0, 1.0)
    assert heading(90) == (1.0, 0.0)
    assert heading(-90) == (-1.0, 0.0)
    assert bearing((0, 0), (1, 0)) == pytest.approx(90.0)
    assert bearing((0, 0), (0, -1)) == pytest.approx(180.0)
    assert normalise_angle(-90) == 270.0
    assert normalise_angle(-1e-20) == 0.0
    assert angle_difference(350, 10) == pytest.approx(20.0)
    assert angle_difference(10, 350) == pytest.approx(-20.0)
    assert close(rotate_point((0, 1), 90), (1, 0))


def test_block_reference_point_is_front_centre() -> None:
    b = phalanx(10, 10, 0, files=12, ranks=3)
    assert b.frontage == 6.0 and b.depth == 1.5 and b.figures == 36
    assert b.corners == ((7.0, 10.0), (13.0, 10.0), (13.0, 8.5), (7.0, 8.5))
    assert b.centre == (10.0, 9.25) and b.rear_centre == (10.0, 8.5)
    east = phalanx(10, 10, 90)
    assert east.corners[0] == (10.0, 13.0)  # front-left is north when facing east
    assert east.right == (0.0, -1.0)
    assert close(Block.centred(b.centre, 0, 12, 3, 0.5, 0.5).front_centre, b.front_centre)
    assert Block.at((10, 10), 0, 12, 3, 0.5, 0.5) == b
    assert b.edge(Aspect.LEFT) == ((7.0, 8.5), (7.0, 10.0))
    assert b.edge_facing(Aspect.LEFT) == 270.0
    assert b.local((11, 12)) == (1.0, 2.0) and b.world(1.0, 2.0) == (11.0, 12.0)


def test_formation_line_and_column() -> None:
    line = phalanx(files=8, ranks=3)
    assert line.formation is Formation.LINE and not line.is_column
    column = line.turn(90).end
    assert column.formation is Formation.COLUMN and column.is_column
    assert (column.files, column.ranks) == (3, 8)


@pytest.mark.parametrize(
    ("field", "value"),
    [("files", 0), ("ranks", -1), ("files", 2.5), ("base_width", 0.0), ("base_depth", -1.0),
     ("x", math.inf), ("facing", math.nan)],
)
def test_bad_block_raises_geometry_error(field: str, value: float) -> None:
    args = {"x": 0.0, "y": 0.0, "facing": 0.0, "files": 4, "ranks": 2,
            "base_width": 1.0, "base_depth": 1.0, field: value}
    with pytest.raises(GeometryError, match=field):
        Block(**args)  # type: ignore[arg-type]


def test_geometry_error_is_an_ancients_error() -> None:
    with pytest.raises(AncientsError):
        phalanx().wheel(200)


@given(blocks)
def test_frontage_and_depth_follow_the_formation(b: Block) -> None:
    assert b.frontage == b.files * b.base_width
    assert b.depth == b.ranks * b.base_depth
    assert b.polygon.area == pytest.approx(b.frontage * b.depth)


# -- measuring -----------------------------------------------------------------------------


def test_distance_examples() -> None:
    a = phalanx(10, 10, 0)
    assert a.distance(phalanx(10, 14, 180)) == pytest.approx(4.0)  # front to front
    assert a.distance(phalanx(20, 10, 0)) == pytest.approx(4.0)  # 7..13 vs 17..23
    assert a.distance(phalanx(19, 13.5, 0)) == pytest.approx(math.hypot(3, 2))  # corners
    assert a.distance(phalanx(11, 9, 45)) == 0.0  # overlapping
    assert a.distance((10, 12)) == pytest.approx(2.0)
    assert a.distance((10, 9)) == 0.0
    assert a.distance(shapely.Point(10, 13)) == pytest.approx(3.0)
    pa, pb = a.nearest_points(phalanx(10, 14, 180))
    assert pa[1] == pytest.approx(10.0) and pb[1] == pytest.approx(14.0)


def test_contact_and_overlap_use_the_tolerance() -> None:
    a = phalanx(10, 10, 0)
    touching = phalanx(10, 10, 180)
    assert a.in_contact(touching) and not a.overlaps(touching)
    assert a.in_contact(phalanx(10, 10 + EPSILON / 2, 180))
    assert not a.in_contact(phalanx(10, 10 + 3 * EPSILON, 180))
    assert a.overlaps(phalanx(10, 9.9, 180))


def test_contact_edge_and_aspect() -> None:
    target = phalanx(10, 10, 0)  # 7..13 x 8.5..10
    assert target.contact_edge(phalanx(10, 10, 180)) is Aspect.FRONT
    flanker = Block(7.0, 9.25, 90, 4, 2, 0.5, 0.5)  # front edge on the left flank
    assert target.contact_edge(flanker) is Aspect.LEFT
    assert target.contact_edge(Block(10, 8.5, 0, 4, 2, 0.5, 0.5)) is Aspect.REAR
    assert target.contact_edge(phalanx(10, 20, 180)) is None
    assert target.aspect_of((10, 30)) is Aspect.FRONT
    assert target.aspect_of((10, -30)) is Aspect.REAR
    assert target.aspect_of((30, 9.25)) is Aspect.RIGHT
    assert target.aspect_of((-30, 9.5)) is Aspect.LEFT
    # by the diagonals extended: 6" wide and 1.5" deep, the front sector is wide
    assert target.aspect_of((15, 11)) is Aspect.FRONT  # 2" past the right end, 1" ahead
    assert target.aspect_of((15, 8.5)) is Aspect.RIGHT  # 2" past it, level with the rear
    assert target.aspect_of((15, 5)) is Aspect.REAR


@pytest.mark.parametrize("facing", [0.0, 30.0, 60.0, 100.0, 200.0, 330.0])
def test_a_point_on_a_diagonal_counts_as_front_or_rear(facing: float) -> None:
    """Both diagonals, each way out from the centre, at any facing (whatever the
    rounding of the block's frame): front or rear, never a flank; a hair off the
    diagonal towards the flank is the flank."""
    b = Block(10.3, 7.1, facing, 8, 3, 0.75, 0.75)
    hw, hd = b.frontage / 2.0, b.depth / 2.0
    for k in (0.5, 1.0, 2.0, 3.0, 7.0):
        for right in (1.0, -1.0):
            front = b.world(right * hw * k, -hd + hd * k)
            rear = b.world(right * hw * k, -hd - hd * k)
            assert b.aspect_of(front) is Aspect.FRONT, (k, right)
            assert b.aspect_of(rear) is Aspect.REAR, (k, right)
            flank = Aspect.RIGHT if right > 0 else Aspect.LEFT
            assert b.aspect_of(b.world(right * (hw * k + 1e-3), -hd + hd * k)) is flank
            assert b.aspect_of(b.world(right * (hw * k + 1e-3), -hd - hd * k)) is flank


@given(blocks, blocks)
def test_distance_is_symmetric_and_matches_shapely(a: Block, b: Block) -> None:
    d = a.distance(b)
    assert d == pytest.approx(b.distance(a), abs=1e-9)
    assert d == pytest.approx(shapely_distance(a, b), abs=1e-7)


@given(blocks, blocks, coords, coords, angles, coords, coords)
def test_distance_unchanged_by_moving_both_together(
    a: Block, b: Block, dx: float, dy: float, turn: float, px: float, py: float
) -> None:
    def moved(blk: Block) -> Block:
        return blk.translated(dx, dy).rotated(turn, about=(px, py))

    assert moved(a).distance(moved(b)) == pytest.approx(a.distance(b), abs=1e-7)
    if abs(a.distance(b) - EPSILON) > 1e-7:
        assert moved(a).in_contact(moved(b)) == a.in_contact(b)


@given(blocks, st.floats(0.0, 5.0), angles, st.floats(-0.4, 0.4))
def test_contact_iff_distance_zero(a: Block, gap: float, face: float, slide: float) -> None:
    # b faces a across a's front edge, ``gap`` inches away, sliding along it
    tiny = gap < 1e-3
    gap = gap * 1e-3 if tiny else gap  # also probe gaps around EPSILON
    b = Block.at(a.world(slide * a.frontage, gap), a.facing + 180 + (face % 30 - 15),
                 3, 2, 0.5, 0.5)
    d = a.distance(b)
    assert a.in_contact(b) == (d <= EPSILON)
    if d <= EPSILON:
        assert shapely_distance(a, b) <= EPSILON + 1e-9
    if gap == 0.0:
        assert a.in_contact(b)


@given(st.lists(blocks, min_size=1, max_size=6), st.lists(blocks, min_size=1, max_size=6))
def test_distance_matrix_matches_pairwise(xs: list[Block], ys: list[Block]) -> None:
    m = distance_matrix(corners_array(xs), corners_array(ys))
    want = np.array([[x.distance(y) for y in ys] for x in xs])
    np.testing.assert_allclose(m, want, atol=1e-7)


@given(st.lists(blocks, min_size=1, max_size=6), st.lists(blocks, min_size=1, max_size=6))
def test_matrix_frames_give_the_distance_matrix_bit_for_bit(xs: list[Block],
                                                            ys: list[Block]) -> None:
    # pure Python code that must agree exactly with the matrix (contacts) relies on this
    m = distance_matrix(corners_array(xs), corners_array(ys))
    want = [[separation(x.corners, x.matrix_frame, y.corners, y.matrix_frame)[1]
             for y in ys] for x in xs]
    assert m.tolist() == want


@settings(max_examples=40)
@example(n=420, m=28, seed=0)  # a side's menus in a wide Monk's Corner battle: 12 runs
@example(n=36, m=28, seed=1)  # one run
@given(n=st.integers(1, 300), m=st.integers(1, 40), seed=st.integers(0, 2**32 - 1))
def test_a_big_distance_matrix_worked_out_in_runs_is_row_by_row_the_same(
        n: int, m: int, seed: int) -> None:
    """A matrix worked out in runs of rows (for the CPU's caches) has the entries each row
    has alone, bit for bit, whatever the sizes."""
    rng = np.random.default_rng(seed)
    corner = np.array([[-3.0, -1.0], [3.0, -1.0], [3.0, 1.0], [-3.0, 1.0]])
    turn = rng.uniform(0.0, 2 * np.pi, (n + m, 1, 1))
    cos, sin = np.cos(turn), np.sin(turn)
    shapes = np.stack([corner[:, 0] * cos[..., 0] - corner[:, 1] * sin[..., 0],
                       corner[:, 0] * sin[..., 0] + corner[:, 1] * cos[..., 0]], axis=-1)
    rects = shapes + rng.uniform(0.0, 100.0, (n + m, 1, 2))
    a, b = rects[:n], rects[n:]
    rows = np.concatenate([distance_matrix(a[i:i + 1], b) for i in range(n)])
    whole = distance_matrix(a, b, frames(b))
    assert whole.shape == (n, m) and np.array_equal(whole, rows)


@given(blocks)
def test_corners_and_frame_are_the_spelled_out_rectangle(b: Block) -> None:
    # corners and frame are written out for speed: the same arithmetic as _rectangle
    fx, fy = b.forward
    cx, cy = b.centre
    assert repr(b.corners) == repr(b._rectangle(0.0))
    assert repr(b.frame) == repr((cx, cy, fy, -fx, fx, fy, b.frontage / 2.0, b.depth / 2.0))


@given(blocks, blocks, st.sampled_from([0.0, EPSILON, 0.5]))
def test_overlapping_is_the_separation_test(a: Block, b: Block, by: float) -> None:
    assert overlapping(a.corners, a.frame, b.corners, b.frame, by) == (
        separation(a.corners, a.frame, b.corners, b.frame)[0] > by)


def test_distance_matrix_rejects_bad_shape() -> None:
    with pytest.raises(GeometryError):
        distance_matrix(np.zeros((2, 3, 2)), np.zeros((1, 4, 2)))


# -- zones ---------------------------------------------------------------------------------


def test_front_zone_three_inches() -> None:
    # Monk's Corner: unformed may not move closer than 3" to the front of a phalanx
    enemy = phalanx(36, 30, 180)  # facing south, front edge at y = 30
    near = Block(36, 30 - 2.9, 0, 6, 2, 0.5, 0.5)  # facing the phalanx 2.9" off
    far = Block(36, 30 - 3.1, 0, 6, 2, 0.5, 0.5)
    exact = Block(36, 27.0, 0, 6, 2, 0.5, 0.5)
    assert enemy.zone_distance(near) == pytest.approx(2.9)
    assert enemy.in_zone(near, Aspect.FRONT, 3.0)
    assert not enemy.in_zone(far, Aspect.FRONT, 3.0)
    assert not enemy.in_zone(exact, Aspect.FRONT, 3.0)  # exactly 3" is not closer
    assert enemy.in_zone((36, 28), Aspect.FRONT, 3.0)
    assert not enemy.in_zone((36, 26.9), Aspect.FRONT, 3.0)


def test_zone_is_measured_straight_out_from_the_edge() -> None:
    enemy = phalanx(36, 30, 0)  # 33..39 x 28.5..30, facing north
    # off the front-left corner, 2" away diagonally but not squarely in front
    diagonal = Block(31.0 - 1.0, 31.5, 0, 2, 1, 0.5, 0.5)
    assert enemy.distance(diagonal) < 3.0
    assert not enemy.in_zone(diagonal, Aspect.FRONT, 3.0)
    assert enemy.zone_distance(diagonal) == math.inf
    # one corner poking 0.25" into the band squarely in front
    poking = Block(33.25 - 0.5, 32.0, 0, 2, 1, 0.5, 0.5)  # 32.25..33.25 x 31.5..32
    assert enemy.zone_distance(poking) == pytest.approx(1.5)
    # the left flank zone (Monk's Corner: front or left flank)
    beside = Block(31.0, 29.0, 90, 2, 2, 0.5, 0.5)  # front edge 2" left of the flank
    assert enemy.in_zone(beside, Aspect.LEFT, 3.0)
    assert not enemy.in_zone(beside, Aspect.RIGHT, 3.0)
    assert enemy.zone(Aspect.FRONT, 3.0).area == pytest.approx(18.0)
    with pytest.raises(GeometryError):
        enemy.zone(Aspect.FRONT, 0.0)


@given(blocks, blocks, st.sampled_from(list(Aspect)), st.floats(0.5, 6.0))
def test_zone_distance_agrees_with_zone_polygon(
    a: Block, b: Block, aspect: Aspect, depth: float
) -> None:
    z = a.zone_distance(b, aspect)
    poly = a.zone(aspect, depth)
    if z < depth - 1e-3:
        assert poly.distance(b.polygon) < 1e-9  # touches (zone distance 0) or enters it
    elif z > depth + 1e-3:
        assert poly.intersection(b.polygon).area < 1e-6


# -- overlap of frontages ------------------------------------------------------------------


def test_overlap_12_files_against_8() -> None:
    a = phalanx(10, 10, 0, files=12)  # 7..13
    b = phalanx(10, 10, 180, files=8)  # 8..12, front to front
    o = a.overlap(b)
    assert (o.left, o.right) == (2, 2)
    assert (o.left_inches, o.right_inches) == pytest.approx((1.0, 1.0))
    assert (b.overlap(a).left, b.overlap(a).right) == (0, 0)
    shifted = phalanx(11, 10, 180, files=8)  # 9..13: all the overlap on a's left
    assert (a.overlap(shifted).left, a.overlap(shifted).right) == (4, 0)
    half = phalanx(11.25, 10, 180, files=8)  # 9.25..13.25: a half file is not beyond
    assert (a.overlap(half).left, a.overlap(half).right) == (4, 0)
    assert a.overlap(half).left_inches == pytest.approx(2.25)


# -- arcs ----------------------------------------------------------------------------------


def test_fire_arc_examples() -> None:
    archers = phalanx(36, 10, 0, files=4, ranks=2)  # front 35..37 at y = 10
    burgess = Arc(45.0, reach=24.0)
    assert archers.in_arc((36, 30), burgess)
    assert archers.in_arc((37 + 9.9, 20), burgess)  # just inside the 45 degree side
    assert not archers.in_arc((37 + 10.1, 20), burgess)
    assert not archers.in_arc((36, 9), burgess)  # behind the front edge
    assert not archers.in_arc((36, 10 + 24.1), burgess)  # out of reach
    engine = Arc(15.0, from_centre=True)
    assert archers.in_arc((36 + 10 * math.tan(math.radians(14)), 20), engine)
    assert not archers.in_arc((36 + 10 * math.tan(math.radians(16)), 20), engine)
    target = Block(40, 20, 180, 4, 2, 0.5, 0.5)  # 39..41 at y 20
    assert archers.in_arc(target, burgess)
    assert not archers.in_arc(target, Arc(0.0))  # not squarely ahead
    assert archers.in_arc(target, Arc(22.0))  # Hoplomachia: deviate within 22 degrees
    wide = Block(40, 20, 180, 16, 2, 0.5, 0.5)  # 36..44
    assert archers.in_arc(wide, Arc(22.0)) and not archers.in_arc(wide, Arc(22.0), whole=True)
    assert archers.in_arc(Block(36, 20, 180, 2, 1, 0.5, 0.5), Arc(0.0), whole=True)
    assert archers.in_arc((36, 5), Arc(45.0), Aspect.REAR)
    with pytest.raises(GeometryError):
        Arc(95.0)
    with pytest.raises(GeometryError):
        Arc(30.0, reach=0.0)


@given(blocks, st.floats(1.0, 89.0), st.floats(-179.0, 179.0), st.floats(0.5, 30.0))
def test_inside_arc_is_consistent_with_the_arc_angle(
    b: Block, half: float, off: float, r: float
) -> None:
    assume(abs(abs(off) - half) > 0.05)
    a, c = b.edge(Aspect.FRONT)
    mid = ((a[0] + c[0]) / 2, (a[1] + c[1]) / 2)
    s, k = heading(b.facing + off)
    p = (mid[0] + r * s, mid[1] + r * k)
    assert b.in_arc(p, Arc(half, from_centre=True)) == (abs(off) <= half)


@given(blocks, st.floats(0.0, 90.0), st.floats(-30.0, 30.0), st.floats(-30.0, 30.0),
       st.booleans(), st.sampled_from([5.0, 12.0, math.inf]))
def test_point_in_arc_agrees_with_arc_polygon(
    b: Block, half: float, u: float, v: float, centre: bool, reach: float
) -> None:
    arc = Arc(half, reach=reach, from_centre=centre)
    p = b.world(u, v)
    poly = b.arc_polygon(arc)
    assume(poly.exterior.distance(shapely.Point(p)) > 0.05 if poly.geom_type == "Polygon"
           else False)
    assert b.in_arc(p, arc) == poly.contains(shapely.Point(p))


# -- moves ---------------------------------------------------------------------------------


def test_advance_sidestep_incline() -> None:
    b = phalanx(10, 10, 90)
    m = b.advance(6)
    assert m.end.front_centre == (16.0, 10.0) and m.distance == 6.0
    assert m.swept.area == pytest.approx(6 * 1.5 + 6 * 6)
    back = b.advance(-2)
    assert back.end.front_centre == (8.0, 10.0) and back.end.facing == 90.0
    drift = b.sidestep(0.5)  # to the right of an east-facing block is south
    assert drift.end.front_centre == (10.0, 9.5) and drift.distance == 0.5
    inc = b.incline(3, 4)
    assert inc.distance == pytest.approx(5.0) and close(inc.end.front_centre, (13.0, 6.0))
    assert b.advance(0).end == b and b.advance(0).distance == 0.0


def test_wheel_example() -> None:
    b = phalanx(10, 10, 0)  # front 7..13
    m = b.wheel(90)  # right wheel: pivot on the right front corner (13, 10)
    assert m.distance == pytest.approx(math.pi / 2 * 6)
    assert m.end.facing == 90.0
    assert close(m.end.corners[1], (13.0, 10.0))
    assert close(m.end.front_centre, (13.0, 13.0))
    left = b.wheel(-45)
    assert close(left.end.corners[0], (7.0, 10.0)) and left.end.facing == 315.0
    with pytest.raises(GeometryError):
        b.wheel(181)


@given(blocks, st.floats(-180.0, 180.0))
def test_wheel_keeps_pivot_and_costs_outer_arc(b: Block, degrees: float) -> None:
    assume(abs(degrees) > 1e-3)
    m = b.wheel(degrees)
    pivot = 1 if degrees > 0 else 0
    assert close(m.end.corners[pivot], b.corners[pivot], 1e-9)
    assert m.distance == pytest.approx(math.radians(abs(degrees)) * b.frontage)
    assert abs(angle_difference(m.end.facing, b.facing + degrees)) < 1e-9
    # the swept area covers every intermediate position of the wheel
    grown = m.swept.buffer(1e-6)
    for t in (0.25, 0.5, 0.75):
        mid = b.rotated(degrees * t, about=b.corners[pivot])
        assert grown.covers(mid.polygon)


def test_turns_and_about_face() -> None:
    b = phalanx(10, 10, 0, files=8, ranks=3)
    right = b.turn(90)  # Monk's Corner: form column by facing right
    assert right.end.facing == 90.0 and (right.end.files, right.end.ranks) == (3, 8)
    assert close(right.end.centre, b.centre) and right.distance == 0.0
    about = b.about_face()
    assert about.kind == "about face" and about.end.facing == 180.0
    assert close(about.end.front_centre, b.rear_centre)
    assert shapely.equals(about.swept, b.polygon)
    assert b.turn(-90).end.facing == 270.0 and b.turn(360).end == b
    with pytest.raises(GeometryError):
        b.turn(45)
    spun = b.pivot(30)
    assert close(spun.end.centre, b.centre) and spun.end.files == 8
    assert spun.swept.area > b.polygon.area


@given(blocks)
def test_turning_90_four_times_returns_to_start(b: Block) -> None:
    end = b
    for _ in range(4):
        end = end.turn(90).end
    assert end.isclose(b, 1e-9)


@given(blocks, st.floats(-20.0, 20.0))
def test_forward_then_back_returns_the_same_block(b: Block, d: float) -> None:
    assert b.advance(d).end.advance(-d).end.isclose(b, 1e-9)
    assert b.sidestep(d).end.sidestep(-d).end.isclose(b, 1e-9)


def test_march_column_follows_its_head() -> None:
    column = phalanx(10, 10, 0, files=3, ranks=8)  # 1.5" wide, 4" deep
    m = column.march([(10, 16), (16, 16)])
    assert m.distance == pytest.approx(12.0)
    assert m.end.front_centre == (16.0, 16.0) and m.end.facing == pytest.approx(90.0)
    assert m.path == ((10.0, 10.0), (10.0, 16.0), (16.0, 16.0))
    assert m.swept.covers(shapely.Point(10, 16.5))  # the outside of the turn
    assert not m.swept.covers(shapely.Point(14, 12))  # inside of the corner stays clear
    assert column.march([(10, 10)]).distance == 0.0
    with pytest.raises(GeometryError):
        column.march([])
    turned = column.march([(14, 10)])  # the head turns where it stands
    assert turned.swept.covers(shapely.Point(10, 10.7))


def test_chained_moves() -> None:
    # Monk's Corner: face right at the start of movement, then move 12" in column
    b = phalanx(10, 10, 0, files=8, ranks=3)
    m = b.turn(90)
    m = m.then(m.end.advance(12))
    assert m.distance == 12.0 and m.kind == "turn+advance"
    assert m.end.facing == 90.0 and m.start == b
    assert m.swept.covers(b.polygon) and m.swept.covers(m.end.polygon)
    with pytest.raises(GeometryError):
        m.then(b.advance(1))


# -- table, terrain and legality -----------------------------------------------------------


@pytest.fixture
def table() -> Table:
    return Table(
        72, 48,
        areas=[
            TerrainArea(Terrain.HILL, [(40, 30), (60, 30), (60, 40), (40, 40)], downhill=180,
                        name="ridge"),
            TerrainArea(Terrain.WOODS, [(10, 20), (20, 20), (20, 30), (10, 30)],
                        props={"dense": True}),
            TerrainArea(Terrain.ROAD, [(14, 0), (16, 0), (16, 48), (14, 48)]),
            TerrainArea(Terrain.MARSH, [(60, 5), (70, 5), (70, 12), (60, 12)]),
        ],
        lines=[
            TerrainLine(Terrain.RIVER, [(0, 15), (72, 15)], fords=[(30, 34)], name="Eurotas",
                        props={"size": "small"}),
            TerrainLine(Terrain.HEDGE, [(40, 20), (60, 20)]),
        ],
    )


def test_terrain_at_point(table: Table) -> None:
    assert table.terrain_at((50, 35)) is Terrain.HILL
    assert table.terrain_at((15, 25)) is Terrain.ROAD  # the road lies on top of the woods
    assert [a.kind for a in table.areas_at((15, 25))] == [Terrain.WOODS, Terrain.ROAD]
    assert table.terrain_at((5, 5)) is Terrain.CLEAR
    assert table.areas[1].prop("dense") is True and table.lines[0].prop("size") == "small"
    assert table.areas[1].covers((10, 20))


def test_terrain_crossed_by_segment_footprint_and_move(table: Table) -> None:
    assert {a.kind for a in table.terrain_crossed([(5, 25), (25, 25)])} == {
        Terrain.WOODS, Terrain.ROAD}
    assert table.terrain_crossed([(5, 25), (10, 25)]) == ()  # touching is not entering
    b = Block(50, 28, 0, 8, 2, 0.5, 0.5)  # front edge 2" short of the hill
    assert table.terrain_crossed(b) == ()
    assert [a.name for a in table.terrain_crossed(b.advance(3))] == ["ridge"]
    assert table.terrain_crossed((50, 35))[0].kind is Terrain.HILL
    assert table.kinds_crossed(b.advance(3)) == {Terrain.HILL}
    assert table.length_in([(0, 25), (30, 25)], [Terrain.WOODS]) == pytest.approx(10.0)
    assert table.length_in(b.advance(6), [Terrain.HILL]) == pytest.approx(4.0)


def test_lines_crossed_and_fords(table: Table) -> None:
    wade = Block(32, 13, 0, 4, 2, 0.5, 0.5)  # 31..33: within the ford at 30..34
    crossing = table.lines_crossed(wade.advance(4))
    assert len(crossing) == 1 and crossing[0].at_ford and crossing[0].kind is Terrain.FORD
    swim = Block(40, 13, 0, 4, 2, 0.5, 0.5)
    assert table.kinds_crossed(swim.advance(4)) == {Terrain.RIVER}
    assert table.lines_crossed(swim.advance(2)) == ()  # up to the bank is not across
    assert table.kinds_crossed([(50, 18), (50, 22)]) == {Terrain.HEDGE}
    assert table.lines_crossed([(50, 18), (50, 20)]) == ()
    straddle = Block(34, 13, 0, 4, 2, 0.5, 0.5)  # 33..35: partly outside the ford
    assert not table.lines_crossed(straddle.advance(4))[0].at_ford


def test_buildings_walls_fences_swamps_and_roads() -> None:
    t = Table(72, 48,
              areas=[TerrainArea(Terrain.BUILDING, [(30, 30), (34, 30), (34, 34), (30, 34)],
                                 name="farm"),
                     TerrainArea(Terrain.SWAMP, [(0, 40), (10, 40), (10, 48), (0, 48)])],
              lines=[TerrainLine(Terrain.WALL, [(40, 0), (40, 20)]),
                     TerrainLine(Terrain.FENCE, [(50, 10), (60, 10)]),
                     TerrainLine(Terrain.ROAD, [(0, 25), (72, 25)])])
    # by point, segment and footprint
    assert t.terrain_at((32, 32)) is Terrain.BUILDING and t.terrain_at((5, 45)) is Terrain.SWAMP
    assert t.kinds_crossed([(32, 20), (32, 40)]) == {Terrain.BUILDING, Terrain.ROAD}
    guard = Block(32, 29, 0, 4, 2, 0.5, 0.5)  # front edge 1" short of the farm
    assert t.terrain_crossed(guard) == ()
    assert [a.name for a in t.terrain_crossed(guard.advance(2))] == ["farm"]
    # a wall or fence is crossed by a move that goes over it, not by one stopping at it
    b = Block(38, 10, 90, 2, 2, 0.5, 0.5)  # facing east, front edge 2" short of the wall
    assert t.lines_crossed(b.advance(2)) == ()
    assert t.kinds_crossed(b.advance(3)) == {Terrain.WALL}
    assert not b.advance(3).legal(t, impassable=[Terrain.WALL])
    assert b.advance(3).legal(t, impassable=[Terrain.FENCE])
    assert t.kinds_crossed(Block(55, 8, 0, 2, 2, 0.5, 0.5).advance(3)) == {Terrain.FENCE}
    # a building hides what lies beyond it (as woods do); a swamp does not
    assert not t.line_of_sight((32, 26), (32, 38))
    assert t.line_of_sight((32, 26), (32, 38), blocking=[Terrain.WOODS])
    assert t.line_of_sight((2, 38), (8, 46))


def test_gradient(table: Table) -> None:
    assert table.gradient((50, 35), 0) == pytest.approx(1.0)  # north is uphill
    assert table.gradient((50, 35), 180) == pytest.approx(-1.0)
    assert table.gradient((50, 35), 90) == pytest.approx(0.0, abs=1e-12)
    assert table.gradient((5, 5), 0) == 0.0
    knoll = TerrainArea(Terrain.HILL, [(0, 0), (10, 0), (10, 10), (0, 10)])
    t = Table(areas=[knoll])
    assert t.gradient((8, 5), 270) == pytest.approx(1.0)  # towards the centre is uphill
    assert t.gradient((5, 5), 0) == 0.0


def test_contains(table: Table) -> None:
    assert table.contains(Block(1, 1.5, 0, 4, 3, 0.5, 0.5))
    assert table.contains(Block(1, 1.5 - EPSILON / 2, 0, 4, 3, 0.5, 0.5))
    assert not table.contains(Block(0.5, 1.5, 0, 4, 3, 0.5, 0.5))
    assert table.contains((72, 48)) and not table.contains((72.1, 4))
    assert not table.contains(Block(10, 46, 0, 4, 2, 0.5, 0.5).advance(3))


def test_line_of_sight(table: Table) -> None:
    assert table.line_of_sight((0, 25), (9, 25))
    assert not table.line_of_sight((0, 25), (30, 25))  # through the woods
    assert table.line_of_sight((0, 25), (30, 25), blocking=())
    assert table.line_of_sight((5, 20.5), (11, 20.5), see_into=1.0)  # 1" into woods
    assert not table.line_of_sight((50, 25), (50, 45))  # the ridge hides what is beyond
    assert table.line_of_sight((50, 25), (50, 35))  # on the hill: visible
    assert table.line_of_sight((50, 25), (50, 45), hills_block=False)
    shooter = Block(30, 2, 0, 4, 2, 0.5, 0.5)
    target = Block(30, 10, 180, 4, 2, 0.5, 0.5)
    screen = Block(30, 6, 0, 2, 1, 0.5, 0.5)
    assert table.line_of_sight(shooter, target, [shooter, target])
    assert not table.line_of_sight(shooter, target, [shooter, screen, target])
    assert table.line_of_sight(shooter, target, [Block(40, 6, 0, 2, 1, 0.5, 0.5)])



def test_a_sight_line_along_the_seam_of_two_touching_units_is_blocked() -> None:
    t = Table(40.0, 30.0)
    a = Block(10, 10, 0, 4, 2, 1.0, 1.0)  # x 8..12, y 8..10
    b = Block(14, 10, 0, 4, 2, 1.0, 1.0)  # x 12..16: touching a along x = 12
    p, q = (12.0, 2.0), (12.0, 20.0)  # straight along the seam
    assert t.line_of_sight(p, q, [a]) and t.line_of_sight(p, q, [b])  # each only grazed
    assert not t.line_of_sight(p, q, [a, b])
    assert t.sight_blockers(p, q, [b, a]) == [b, a]  # both, in the order given
    assert t.sight_blockers(p, q, [a]) == []
    # a hair apart there is a gap to see through; touching over part of the seam, none
    assert t.line_of_sight(p, q, [a, Block(14.01, 10, 0, 4, 2, 1.0, 1.0)])
    assert not t.line_of_sight(p, q, [a, Block(14, 11, 0, 4, 2, 1.0, 1.0)])
    # touching at a corner only (x = 12, y = 10) leaves a point, not a seam
    corner = Block(14, 12, 0, 4, 2, 1.0, 1.0)  # x 12..16, y 10..12
    assert t.line_of_sight(p, q, [a, corner])
    assert t.line_of_sight((8.0, 14.0), (16.0, 6.0), [a, corner])
    # the observer and target are not in their own way
    assert t.line_of_sight(a, b, [a, b]) and t.sight_blockers(a, b, [a, b]) == []
    # a line crossing a unit is blocked by that one only
    assert t.sight_blockers((2.0, 9.0), (20.0, 9.0), [a, corner, b]) == [a, b]


grid_blocks = st.builds(
    lambda left, top, files, ranks: Block(left + files / 2, top, 0, files, ranks, 1.0, 1.0),
    st.integers(0, 10), st.integers(1, 10), st.integers(1, 4), st.integers(1, 3))
half_points = st.tuples(st.integers(0, 24), st.integers(0, 24)).map(
    lambda ij: (ij[0] / 2, ij[1] / 2))


def _blocked_as_a_union(units: list[Block], p: tuple[float, float], q: tuple[float, float]
                        ) -> None:
    """A sight line is blocked by the units exactly when it runs through the inside of the
    ground they cover together (on a whole-inch grid: no near misses of float size)."""
    assume(p != q)
    t = Table(40.0, 30.0)
    inside = shapely.unary_union([u.polygon for u in units]).buffer(-1e-4) if units \
        else shapely.Polygon()
    covered = shapely.LineString([p, q]).intersection(inside).length > 1e-4
    assert t.line_of_sight(p, q, units) is not covered
    assert bool(t.sight_blockers(p, q, units)) is covered


@given(st.lists(grid_blocks, max_size=5), half_points, half_points)
def test_units_block_a_sight_line_as_their_union_would(units: list[Block],
                                                       p: tuple[float, float],
                                                       q: tuple[float, float]) -> None:
    _blocked_as_a_union(units, p, q)


@given(st.lists(st.tuples(st.integers(1, 4), st.integers(1, 6), st.integers(1, 3)),
                min_size=2, max_size=4),
       st.data(), st.integers(0, 12), st.integers(0, 12))
def test_a_row_of_touching_units_blocks_sight_along_its_seams(
        row: list[tuple[int, int, int]], data: st.DataObject, y0: int, y1: int) -> None:
    """Units side by side (each touching the next, standing a little forward or back of
    it), and a sight line straight along one of the seams: blocked where two units
    flank it over a stretch, as their union says."""
    units, left = [], 0
    for files, top, ranks in row:
        units.append(Block(left + files / 2, top, 0, files, ranks, 1.0, 1.0))
        left += files
    x = float(data.draw(st.sampled_from([u.bounds[2] for u in units[:-1]])))
    _blocked_as_a_union(units, (x, float(y0)), (x, float(y1)))
    # the same, the whole scene turned about a point: float error does not open the seam
    turn, about = data.draw(angles), (20.0, 15.0)
    assume(y0 != y1)
    turned = [Block(*rotate_point((u.x, u.y), turn, about), turn, u.files, u.ranks, 1.0, 1.0)
              for u in units]
    ends = rotate_point((x, float(y0)), turn, about), rotate_point((x, float(y1)), turn, about)
    t = Table(40.0, 30.0)
    assert t.line_of_sight(*ends, turned) is t.line_of_sight((x, y0), (x, y1), units)


def test_move_legality(table: Table) -> None:
    b = Block(30, 4, 0, 4, 2, 0.5, 0.5)
    enemy = Block(30, 10, 180, 4, 2, 0.5, 0.5)
    assert b.advance(6).legal(table, [b, enemy])  # into contact is legal
    assert not b.advance(6.5).legal(table, [b, enemy])
    assert b.advance(6.5).collisions([b, enemy]) == (1,)
    assert not b.advance(-3.5).legal(table)  # off the south edge
    wheeler = Block(26, 8, 0, 4, 2, 0.5, 0.5)  # 25..27 x 7..8, left wheel about (25, 8)
    post = Block(26.8, 8.8, 0, 1, 1, 0.3, 0.3)  # in the arc of the wheel, clear of both ends
    wheel = wheeler.wheel(-90)
    assert not wheel.start.overlaps(post) and not wheel.end.overlaps(post)
    assert not wheel.legal(table, [post])
    assert wheeler.advance(0.4).legal(table, [post])
    assert table.move_is_legal(b.advance(2), [enemy])
    woods = Block(15, 17, 0, 4, 2, 0.5, 0.5)
    assert woods.advance(4).legal(table, impassable=[Terrain.RIVER])
    assert not woods.advance(4).legal(table, impassable=[Terrain.WOODS])
    assert not Block(40, 13, 0, 4, 2, 0.5, 0.5).advance(4).legal(
        table, impassable=[Terrain.RIVER])
    assert Block(32, 13, 0, 4, 2, 0.5, 0.5).advance(4).legal(table, impassable=[Terrain.RIVER])
    assert not Block(32, 13, 0, 4, 2, 0.5, 0.5).advance(4).legal(
        table, impassable=[Terrain.FORD])


@given(st.lists(blocks, max_size=6), blocks,
       st.sampled_from(["advance", "wheel", "sidestep", "turn", "march", "pivot"]),
       st.floats(-10.0, 10.0))
def test_a_legal_move_never_makes_two_units_overlap(
    others: list[Block], mover: Block, kind: str, amount: float
) -> None:
    table = Table(120, 120)
    shift = 60.0
    others = [o.translated(shift, shift) for o in others]
    mover = mover.translated(shift, shift)
    moves: dict[str, Move] = {
        "advance": mover.advance(amount),
        "wheel": mover.wheel(amount * 18),
        "sidestep": mover.sidestep(amount),
        "turn": mover.turn(90 * round(amount)),
        "march": mover.march([mover.world(amount, 3.0), mover.world(0.0, 6.0)]),
        "pivot": mover.pivot(amount * 18),
    }
    m = moves[kind]
    if m.legal(table, others):
        assert table.contains(m.end)
        assert not any(m.end.overlaps(o) for o in others if o != mover)
    assert m.swept.buffer(1e-6).covers(m.end.polygon)
    assert m.swept.buffer(1e-6).covers(mover.polygon)


def test_bad_terrain_raises_geometry_error() -> None:
    with pytest.raises(GeometryError):
        TerrainArea(Terrain.WOODS, [(0, 0), (1, 1)])
    with pytest.raises(GeometryError):
        TerrainArea(Terrain.WOODS, [(0, 0), (2, 2), (2, 0), (0, 2)])  # bow tie
    with pytest.raises(GeometryError):
        TerrainLine(Terrain.RIVER, [(0, 0), (10, 0)], fords=[(8, 12)])
    with pytest.raises(GeometryError):
        TerrainLine(Terrain.RIVER, [(0, 0), (10, 0)], fords=[(5, 4)])
    with pytest.raises(GeometryError):
        Table(0, 48)
    with pytest.raises(GeometryError):
        Table().terrain_crossed([(1, 1)])


def test_march_union_survives_a_geos_topology_conflict() -> None:
    # found in play: GEOS's floating overlay raised "side location conflict" on this march
    block = Block(x=10.573707850525418, y=20.327739009881718, facing=180.0, files=9, ranks=3,
                  base_width=1.0, base_depth=1.0)
    move = block.march([(10.073707850525418, 17.327739009881718)])
    assert move.swept.is_valid
    assert move.swept.contains(move.end.core)
    assert move.distance == pytest.approx(math.hypot(0.5, 3.0))
