"""Plane geometry in inches: the tolerance, the angle convention and closed forms on
oriented rectangles.

Shapely or numpy? Distances, overlap and contact between two oriented rectangles are
closed forms here (separating axes plus corner-to-rectangle distances in each other's
frame): pure Python for one pair, numpy broadcasting for many (:func:`distance_matrix`).
They are the AI's hot path, and ``benchmarks/bench_tabletop.py`` found (on the development
machine) one pair ~4 us against shapely's ~2.5 us on already-built polygons but ~9 us
against ~16 us on new blocks (every move makes one), and 20 x 20 pairs ~150 us against
~200 us for vectorized shapely. Shapely 2 does the rest: swept areas, arcs, zones as
polygons, terrain queries, sight lines against terrain, collision of a swept area with
many blocks (vectorized ``intersects`` after a bounding-box cut).

Conventions: x runs east along the first side's (south) table edge, y runs north away
from it, both in inches. Angles are compass bearings in degrees: 0 faces +y (north, up the
table), 90 faces +x (east), clockwise positive; stored facings lie in [0, 360).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

import numpy as np
from numpy.typing import NDArray

from ancients.errors import GeometryError

#: The one tolerance, in inches, for contact, containment and every comparison.
EPSILON: Final = 1e-6

Point = tuple[float, float]
#: Corners of an oriented rectangle: front-left, front-right, rear-right, rear-left.
Corners = tuple[Point, Point, Point, Point]
#: A rectangle's frame: centre x, y; unit right x, y; unit forward x, y; half width, depth.
Frame = tuple[float, float, float, float, float, float, float, float]

# 0, 90, 180, 270 degrees
_EXACT: Final[tuple[Point, ...]] = ((0.0, 1.0), (1.0, 0.0), (0.0, -1.0), (-1.0, 0.0))


def normalise_angle(degrees: float) -> float:
    """The same bearing in [0, 360)."""
    a = float(degrees) % 360.0
    return 0.0 if a >= 360.0 or a == 0.0 else a


def angle_difference(a: float, b: float) -> float:
    """Signed clockwise turn from bearing ``a`` to bearing ``b``, in (-180, 180]."""
    d = (b - a) % 360.0
    return d - 360.0 if d > 180.0 else d


_HEADINGS: dict[float, Point] = {}


def heading(degrees: float) -> Point:
    """Unit vector of a bearing: (sin, cos), exact at multiples of 90 degrees."""
    found = _HEADINGS.get(degrees)
    if found is not None:
        return found
    a = normalise_angle(degrees)
    if a % 90.0 == 0.0:
        out = _EXACT[int(a) // 90]
    else:
        r = math.radians(a)
        out = (math.sin(r), math.cos(r))
    if len(_HEADINGS) >= 4096:  # a memo of the facings in play, kept small
        _HEADINGS.clear()
    _HEADINGS[degrees] = out
    return out


def bearing(origin: Point, target: Point) -> float:
    """Bearing in degrees from ``origin`` to ``target`` (0 north, clockwise)."""
    return normalise_angle(math.degrees(math.atan2(target[0] - origin[0], target[1] - origin[1])))


def rotate_point(point: Point, degrees: float, about: Point = (0.0, 0.0)) -> Point:
    """``point`` turned clockwise by ``degrees`` about ``about``."""
    s, c = heading(degrees)
    dx, dy = point[0] - about[0], point[1] - about[1]
    return (about[0] + dx * c + dy * s, about[1] - dx * s + dy * c)


def frame_of(corners: Corners) -> Frame:
    """The frame of a rectangle from its corners (front-left, front-right, rear-right...)."""
    (x0, y0), (x1, y1), (x2, y2), _ = corners
    rx, ry = x1 - x0, y1 - y0
    fx, fy = x1 - x2, y1 - y2
    w, d = math.hypot(rx, ry), math.hypot(fx, fy)
    return ((x0 + x2) / 2.0, (y0 + y2) / 2.0, rx / w, ry / w, fx / d, fy / d, w / 2.0, d / 2.0)


def _against(corners: Corners, frame: Frame) -> tuple[float, float]:
    """Corners of one rectangle against the frame of another: the least squared distance
    of a corner to that rectangle, and the overlap of the projections on its two axes.
    (Unrolled comparisons: this is the hot path of :meth:`Block.distance`.)"""
    cx, cy, rx, ry, fx, fy, hw, hd = frame
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = corners
    dx, dy = x0 - cx, y0 - cy
    u0, v0 = dx * rx + dy * ry, dx * fx + dy * fy
    dx, dy = x1 - cx, y1 - cy
    u1, v1 = dx * rx + dy * ry, dx * fx + dy * fy
    dx, dy = x2 - cx, y2 - cy
    u2, v2 = dx * rx + dy * ry, dx * fx + dy * fy
    dx, dy = x3 - cx, y3 - cy
    u3, v3 = dx * rx + dy * ry, dx * fx + dy * fy
    best = math.inf
    for u, v in ((u0, v0), (u1, v1), (u2, v2), (u3, v3)):
        eu = (u if u > 0.0 else -u) - hw
        ev = (v if v > 0.0 else -v) - hd
        d2 = (eu * eu if eu > 0.0 else 0.0) + (ev * ev if ev > 0.0 else 0.0)
        if d2 < best:
            best = d2
    umin = u1 if u1 < u0 else u0  # as min(): the first of equals
    umin = u2 if u2 < umin else umin
    umin = u3 if u3 < umin else umin
    umax = u1 if u1 > u0 else u0
    umax = u2 if u2 > umax else umax
    umax = u3 if u3 > umax else umax
    vmin = v1 if v1 < v0 else v0  # as min(): the first of equals
    vmin = v2 if v2 < vmin else vmin
    vmin = v3 if v3 < vmin else vmin
    vmax = v1 if v1 > v0 else v0
    vmax = v2 if v2 > vmax else vmax
    vmax = v3 if v3 > vmax else vmax
    gap_u = (hw if hw < umax else umax) - (-hw if -hw > umin else umin)
    gap_v = (hd if hd < vmax else vmax) - (-hd if -hd > vmin else vmin)
    return best, (gap_u if gap_u < gap_v else gap_v)


def _axes_gap(corners: Corners, frame: Frame) -> float:
    """The second value of :func:`_against` alone (the overlap of the projections on the
    frame's two axes), with the same arithmetic: the hot path of :meth:`Block.overlaps`."""
    cx, cy, rx, ry, fx, fy, hw, hd = frame
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = corners
    dx, dy = x0 - cx, y0 - cy
    u0, v0 = dx * rx + dy * ry, dx * fx + dy * fy
    dx, dy = x1 - cx, y1 - cy
    u1, v1 = dx * rx + dy * ry, dx * fx + dy * fy
    dx, dy = x2 - cx, y2 - cy
    u2, v2 = dx * rx + dy * ry, dx * fx + dy * fy
    dx, dy = x3 - cx, y3 - cy
    u3, v3 = dx * rx + dy * ry, dx * fx + dy * fy
    umin = u1 if u1 < u0 else u0  # as min(): the first of equals
    umin = u2 if u2 < umin else umin
    umin = u3 if u3 < umin else umin
    umax = u1 if u1 > u0 else u0
    umax = u2 if u2 > umax else umax
    umax = u3 if u3 > umax else umax
    vmin = v1 if v1 < v0 else v0
    vmin = v2 if v2 < vmin else vmin
    vmin = v3 if v3 < vmin else vmin
    vmax = v1 if v1 > v0 else v0
    vmax = v2 if v2 > vmax else vmax
    vmax = v3 if v3 > vmax else vmax
    gap_u = (hw if hw < umax else umax) - (-hw if -hw > umin else umin)
    gap_v = (hd if hd < vmax else vmax) - (-hd if -hd > vmin else vmin)
    return gap_u if gap_u < gap_v else gap_v


def overlapping(c1: Corners, f1: Frame, c2: Corners, f2: Frame, by: float) -> bool:
    """``separation(c1, f1, c2, f2)[0] > by``, computing no distances and stopping at the
    first axis pair that settles it (the same values compared)."""
    return _axes_gap(c1, f2) > by and _axes_gap(c2, f1) > by


def separation(c1: Corners, f1: Frame, c2: Corners, f2: Frame) -> tuple[float, float]:
    """(penetration, distance) of two oriented rectangles, closed form: penetration is
    the separating-axis overlap (> 0 overlapping, 0 touching, < 0 apart) and distance the
    edge-to-edge distance (0 if they touch or overlap). Two disjoint convex polygons are
    nearest at a corner of one of them, and a point's distance to a rectangle is closed
    form in the rectangle's frame."""
    d1, g1 = _against(c1, f2)
    d2, g2 = _against(c2, f1)
    gap = g1 if g1 < g2 else g2
    return gap, (0.0 if gap >= 0.0 else math.sqrt(d1 if d1 < d2 else d2))


def penetration(c1: Corners, c2: Corners) -> float:
    """Separating-axis overlap of two oriented rectangles (> 0 overlapping, 0 touching,
    < 0 apart)."""
    return separation(c1, frame_of(c1), c2, frame_of(c2))[0]


def rect_distance(c1: Corners, c2: Corners) -> float:
    """Edge-to-edge distance between two oriented rectangles (0 if they touch or overlap)."""
    return separation(c1, frame_of(c1), c2, frame_of(c2))[1]


def clip_segment(a: Point, b: Point, corners: Corners, grow: float = 0.0) -> float:
    """Length of the segment ``a``-``b`` inside the rectangle ``corners`` grown by ``grow``
    on every side (Liang-Barsky), or -1.0 if it misses."""
    span = clip_span(a, b, corners, grow)
    return -1.0 if span is None else (span[1] - span[0]) * math.hypot(b[0] - a[0], b[1] - a[1])


def clip_span(a: Point, b: Point, corners: Corners, grow: float = 0.0
              ) -> tuple[float, float] | None:
    """The part of the segment ``a``-``b`` inside the rectangle ``corners`` grown by
    ``grow`` on every side, as the fractions ``(t0, t1)`` of the way from ``a`` to ``b``
    (Liang-Barsky), or None if it misses."""
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    for i in range(4):
        p, q = corners[i], corners[(i + 1) % 4]
        ex, ey = q[0] - p[0], q[1] - p[1]
        n = math.hypot(ex, ey)
        nx, ny = -ey / n, ex / n  # outward normal of a clockwise rectangle
        # inside: (x - p) . n <= grow
        start = (a[0] - p[0]) * nx + (a[1] - p[1]) * ny - grow
        rate = dx * nx + dy * ny
        if rate == 0.0:
            if start > 0.0:
                return None
            continue
        t = -start / rate
        if rate > 0.0:
            t1 = min(t1, t)
        else:
            t0 = max(t0, t)
        if t0 > t1:
            return None
    return t0, t1


def clip_band(points: Sequence[Point], width: float) -> list[Point]:
    """Clip a convex polygon given in edge coordinates (u along the edge, v outward) to the
    band ``EPSILON <= u <= width - EPSILON``, ``v >= 0`` (Sutherland-Hodgman)."""
    poly = list(points)
    planes = ((1.0, 0.0, EPSILON), (-1.0, 0.0, EPSILON - width), (0.0, 1.0, 0.0))
    for cu, cv, k in planes:  # keep cu*u + cv*v >= k
        out: list[Point] = []
        for i, cur in enumerate(poly):
            prev = poly[i - 1]
            fc = cu * cur[0] + cv * cur[1] - k
            fp = cu * prev[0] + cv * prev[1] - k
            if fc >= 0.0:
                if fp < 0.0:
                    out.append(_cut(prev, cur, fp, fc))
                out.append(cur)
            elif fp >= 0.0:
                out.append(_cut(prev, cur, fp, fc))
        poly = out
        if not poly:
            break
    return poly


def _cut(p: Point, q: Point, fp: float, fq: float) -> Point:
    t = fp / (fp - fq)
    return (p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]))


def arc_points(
    centre: Point, radius: float, start: float, sweep: float, step: float = 3.0
) -> list[Point]:
    """Points of a polygonal arc that circumscribes the circular one (so a swept area
    built from it never misses ground): from bearing ``start`` turning ``sweep`` degrees
    clockwise (negative: anticlockwise), both ends exactly on the circle."""
    n = max(1, math.ceil(abs(sweep) / step))
    delta = sweep / n
    outer = radius / math.cos(math.radians(delta / 2.0))
    pts = [_polar(centre, radius, start)]
    pts.extend(_polar(centre, outer, start + delta * (k + 0.5)) for k in range(n))
    pts.append(_polar(centre, radius, start + sweep))
    return pts


def _polar(centre: Point, radius: float, degrees: float) -> Point:
    r = math.radians(degrees)
    return (centre[0] + radius * math.sin(r), centre[1] + radius * math.cos(r))


def distance_matrix(
    a: NDArray[np.float64],
    b: NDArray[np.float64],
    frames_b: NDArray[np.float64] | None = None,
) -> NDArray[np.float64]:
    """Edge-to-edge distances between every rectangle of ``a`` (n, 4, 2) and of ``b``
    (m, 4, 2), as an (n, m) array; 0 where they touch or overlap. ``frames_b``, if
    given, is ``frames(b)`` computed beforehand (a cache for a fixed ``b``). Entry
    (i, j) equals ``separation(a[i], matrix_frame(a[i]), b[j], matrix_frame(b[j]))[1]``
    bit for bit."""
    a = np.asarray(a, dtype=np.float64)
    b = np.asarray(b, dtype=np.float64)
    if a.ndim != 3 or b.ndim != 3 or a.shape[1:] != (4, 2) or b.shape[1:] != (4, 2):
        raise GeometryError(f"corner arrays must have shape (n, 4, 2), got {a.shape}, {b.shape}")
    fb = _frames(b) if frames_b is None else frames_b
    step = max(1, _RUN // max(1, b.shape[0]))
    if a.shape[0] <= step:
        return _distances(a, b, fb)
    return np.concatenate([_distances(a[i:i + step], b, fb)
                           for i in range(0, a.shape[0], step)])


#: entries of a distance matrix worked out at once: numpy's temporaries for a bigger one
#: (some 32 floats an entry) outgrow the CPU's caches, and a matrix of 420 rectangles
#: against 28 costs 4-5 times as much worked out whole as in runs of rows of this many
#: entries (each entry is its own pair's: the runs change no value)
_RUN = 1024


def _distances(a: NDArray[np.float64], b: NDArray[np.float64], fb: NDArray[np.float64]
               ) -> NDArray[np.float64]:
    d2, gap = _against_pairs(a, _frames(a), b, fb)
    out: NDArray[np.float64] = np.where(gap < 0.0, np.sqrt(d2), 0.0)
    return out


def matrix_frame(corners: Corners) -> Frame:
    """:func:`frame_of` as :func:`distance_matrix` computes it, bit for bit: the side
    lengths by ``np.hypot``, which differs from ``math.hypot`` in the last bit for
    about 0.6% of inputs. Pure Python measures that must agree exactly with the matrix
    (``separation`` with these frames) use it."""
    (x0, y0), (x1, y1), (x2, y2), _ = corners
    rx, ry = x1 - x0, y1 - y0
    fx, fy = x1 - x2, y1 - y2
    w, d = float(_np_hypot(rx, ry)), float(_np_hypot(fx, fy))
    return ((x0 + x2) / 2.0, (y0 + y2) / 2.0, rx / w, ry / w, fx / d, fy / d, w / 2.0, d / 2.0)


_np_hypot = np.hypot


def frames(c: NDArray[np.float64]) -> NDArray[np.float64]:
    """Frames (8, k) of rectangles with corners (k, 4, 2), for ``distance_matrix``."""
    return _frames(np.asarray(c, dtype=np.float64))


def _frames(c: NDArray[np.float64]) -> NDArray[np.float64]:
    """Frames (8, k) of rectangles with corners (k, 4, 2): as :func:`matrix_frame` (a
    few numpy calls for all of them)."""
    k = c.shape[0]
    out = np.empty((8, k))
    sides = c[:, 1, None, :] - c[:, 0:3:2, :]  # corner 1 less corners 0 and 2: right, forward
    size = np.hypot(sides[:, :, 0], sides[:, :, 1])  # width, depth
    out[0:2] = ((c[:, 0] + c[:, 2]) / 2.0).T
    out[2:6] = (sides / size[:, :, None]).reshape(k, 4).T
    out[6:8] = (size / 2.0).T
    return out


def _against_pairs(
    a: NDArray[np.float64], fa: NDArray[np.float64],
    b: NDArray[np.float64], fb: NDArray[np.float64],
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """:func:`_against` both ways for every pair of a rectangle of ``a`` (n, 4, 2) and
    one of ``b`` (m, 4, 2), given their frames: the least squared corner distance and
    the least axis overlap of the two directions, each (n, m). Both directions and both
    axes go through each step together (numpy's cost at these sizes is per call), with
    :func:`_against`'s arithmetic: the same values bit for bit."""
    n, m = a.shape[0], b.shape[0]
    # direction 0: the corners of a (axis n) against the frames of b (axis m);
    # direction 1: the corners of b (axis m) against the frames of a (axis n)
    x, y, f = np.empty((2, 4, n, m)), np.empty((2, 4, n, m)), np.empty((2, 8, n, m))
    x[0], x[1] = a[:, :, 0].T[:, :, None], b[:, :, 0].T[:, None, :]
    y[0], y[1] = a[:, :, 1].T[:, :, None], b[:, :, 1].T[:, None, :]
    f[0], f[1] = fb[:, None, :], fa[:, :, None]
    cx, cy = f[:, 0:1], f[:, 1:2]
    across, along = f[:, None, 2:6:2], f[:, None, 3:7:2]  # (rx, fx), (ry, fy)
    # u and v of every corner: (direction, corner, axis, n, m)
    uv = (x - cx)[:, :, None] * across + (y - cy)[:, :, None] * along
    half = f[:, None, 6:8]  # hw, hd
    e = np.maximum(np.abs(uv) - half, 0.0)
    d2 = np.add.reduce(e * e, axis=2).min(axis=1)  # eu * eu + ev * ev, least corner
    half = f[:, 6:8]
    gap = (np.minimum(half, uv.max(axis=1)) - np.maximum(-half, uv.min(axis=1))).min(axis=1)
    return d2.min(axis=0), gap.min(axis=0)
