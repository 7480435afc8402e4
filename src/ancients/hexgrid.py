"""Hex geometry shared by the hex-and-counter rulesets.

Conventions follow Red Blob Games (redblobgames.com/grids/hexagons): axial ``(q, r)``
coordinates with the implied cube coordinate ``s = -q - r``.  Boards are **flat-topped
hexes in columns**: ``q`` is the column, and *north* (up the map) is decreasing ``r``.

Directions are numbered clockwise from north (:class:`Direction`)::

    1 N (0,-1)   2 NE (+1,-1)   3 SE (+1,0)   4 S (0,+1)   5 SW (-1,+1)   6 NW (-1,0)

A flat-topped hex has six corners; :class:`Corner` ``k`` lies between direction ``k`` and
direction ``k+1`` (corner 6 between NW and N), so a unit facing corner ``k`` has the hexes
in directions ``k`` and ``k+1`` as its front.

Map data uses offset coordinates (:class:`Offset`, 0-based ``col``/``row``, rows growing
southwards) in the ``"odd-q"`` or ``"even-q"`` column layout, and 4-digit ``"CCRR"`` labels
(1-based).  :class:`HexBoard` maps a rectangular offset board onto flat numpy arrays for
whole-board work such as :meth:`HexBoard.distance_field`.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Container, Iterable, Iterator
from enum import IntEnum, StrEnum
from typing import NamedTuple, TypeAlias, cast

import numpy as np
import numpy.typing as npt

from ancients.errors import GeometryError

__all__ = [
    "Arc",
    "ArcHexes",
    "Arcs",
    "Corner",
    "Direction",
    "EdgePolicy",
    "Hex",
    "HexBoard",
    "Offset",
    "OffsetLayout",
    "arc_hexes",
    "arc_of",
    "arcs",
    "corner_front",
    "format_label",
    "from_offset",
    "hex_from_label",
    "hex_label",
    "hex_round",
    "hex_to_pixel",
    "line",
    "line_of_sight",
    "line_pairs",
    "parse_label",
    "path_to",
    "pixel_to_hex",
    "reachable",
    "to_offset",
]

IntArray: TypeAlias = npt.NDArray[np.int32]
IndexArray: TypeAlias = npt.NDArray[np.intp]
FloatArray: TypeAlias = npt.NDArray[np.float64]
BoolArray: TypeAlias = npt.NDArray[np.bool_]

#: A set of hexes given either as a predicate or as anything supporting ``in``.
HexSet: TypeAlias = "Callable[[Hex], bool] | Container[Hex]"
#: Cost of stepping from the first hex into the second; ``None`` means impassable.
StepCost: TypeAlias = "Callable[[Hex, Hex], float | None]"

_SQRT3 = math.sqrt(3.0)


# --------------------------------------------------------------------------------------
# Hex
# --------------------------------------------------------------------------------------


class Hex(NamedTuple):
    """An axial hex coordinate: immutable, hashable, ordered by ``(q, r)``.

    ``+``/``-`` add and subtract coordinates, ``h * k`` scales.  Being a tuple, a
    ``Hex`` compares and hashes equal to the plain tuple ``(q, r)``.
    """

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate, ``-q - r``."""
        return -self[0] - self[1]

    def __add__(self, other: tuple[int, int]) -> Hex:  # type: ignore[override]
        return _new_hex(Hex, (self[0] + other[0], self[1] + other[1]))

    def __sub__(self, other: tuple[int, int]) -> Hex:
        return _new_hex(Hex, (self[0] - other[0], self[1] - other[1]))

    def __neg__(self) -> Hex:
        return _new_hex(Hex, (-self[0], -self[1]))

    def __mul__(self, k: int) -> Hex:  # type: ignore[override]
        return _new_hex(Hex, (self[0] * k, self[1] * k))

    def __rmul__(self, k: int) -> Hex:  # type: ignore[override]
        return _new_hex(Hex, (self[0] * k, self[1] * k))

    def neighbor(self, direction: int) -> Hex:
        """The adjacent hex in ``direction`` (a :class:`Direction` or 1..6)."""
        try:
            dq, dr = _DIR_VECTORS[direction]
        except (KeyError, TypeError):
            raise GeometryError(f"direction must be 1..6, got {direction!r}") from None
        return _new_hex(Hex, (self[0] + dq, self[1] + dr))

    def neighbors(self) -> tuple[Hex, Hex, Hex, Hex, Hex, Hex]:
        """The six adjacent hexes, in direction order N, NE, SE, S, SW, NW."""
        q, r = self
        new = _new_hex
        return (
            new(Hex, (q, r - 1)),
            new(Hex, (q + 1, r - 1)),
            new(Hex, (q + 1, r)),
            new(Hex, (q, r + 1)),
            new(Hex, (q - 1, r + 1)),
            new(Hex, (q - 1, r)),
        )

    def distance(self, other: tuple[int, int]) -> int:
        """Hex (step) distance to ``other``."""
        dq = self[0] - other[0]
        dr = self[1] - other[1]
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def direction_to(self, adjacent: tuple[int, int]) -> Direction:
        """The :class:`Direction` of an adjacent hex; :class:`GeometryError` otherwise."""
        d = _VECTOR_DIRS.get((adjacent[0] - self[0], adjacent[1] - self[1]))
        if d is None:
            raise GeometryError(f"{adjacent!r} is not adjacent to {self!r}")
        return d

    def ring(self, radius: int) -> list[Hex]:
        """The ``6 * radius`` hexes at exactly ``radius``, clockwise from the north one."""
        if radius < 0:
            raise GeometryError(f"ring radius must be >= 0, got {radius}")
        if radius == 0:
            return [self]
        q, r = self[0], self[1] - radius
        out: list[Hex] = []
        for dq, dr in _RING_WALK:
            for _ in range(radius):
                out.append(_new_hex(Hex, (q, r)))
                q += dq
                r += dr
        return out

    def range(self, radius: int) -> list[Hex]:
        """All ``3 * radius * (radius + 1) + 1`` hexes within ``radius``, in (q, r) order."""
        if radius < 0:
            raise GeometryError(f"range radius must be >= 0, got {radius}")
        q0, r0 = self
        out: list[Hex] = []
        for dq in range(-radius, radius + 1):
            for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
                out.append(_new_hex(Hex, (q0 + dq, r0 + dr)))
        return out

    def line_to(self, other: tuple[int, int], edge_policy: EdgePolicy | None = None) -> list[Hex]:
        """The hexes of :func:`line` from this hex to ``other``."""
        return line(self, Hex(*other), edge_policy or EdgePolicy.NUDGE_POSITIVE)


# tuple.__new__ skips the namedtuple's Python-level __new__: about twice as fast.
_new_hex = cast(Callable[[type[Hex], tuple[int, int]], Hex], tuple.__new__)


def hex_round(q: float, r: float) -> Hex:
    """The hex containing the fractional axial point ``(q, r)`` (Red Blob cube rounding)."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))


def hex_to_pixel(h: tuple[int, int], size: float = 1.0) -> tuple[float, float]:
    """Centre of a flat-topped hex of circumradius ``size``; ``y`` grows southwards."""
    q, r = h
    return 1.5 * size * q, _SQRT3 * size * (r + q / 2)


def pixel_to_hex(x: float, y: float, size: float = 1.0) -> Hex:
    """The flat-topped hex (circumradius ``size``) containing pixel ``(x, y)``."""
    q = (2.0 / 3.0) * x / size
    r = (-x / 3.0 + _SQRT3 / 3.0 * y) / size
    return hex_round(q, r)


# --------------------------------------------------------------------------------------
# Directions, corners, facing arcs
# --------------------------------------------------------------------------------------


class Direction(IntEnum):
    """Hex-side directions of a flat-topped hex, 1..6 clockwise from north."""

    N = 1
    NE = 2
    SE = 3
    S = 4
    SW = 5
    NW = 6

    @property
    def vector(self) -> Hex:
        """The axial offset of the neighbour in this direction."""
        return _DIR_HEXES[self - 1]

    def opposite(self) -> Direction:
        """The direction 180° round (N <-> S)."""
        return _DIRECTIONS[(self + 2) % 6]

    def turn(self, steps: int) -> Direction:
        """Rotate by ``steps`` × 60°, clockwise for positive ``steps``."""
        return _DIRECTIONS[(self - 1 + steps) % 6]


class Corner(IntEnum):
    """Corners of a flat-topped hex; corner ``k`` lies between directions ``k`` and ``k+1``.

    Named by where the corner points: NNE (upper right), E, SSE, SSW, W, NNW (upper left).
    """

    NNE = 1
    E = 2
    SSE = 3
    SSW = 4
    W = 5
    NNW = 6

    def front_directions(self) -> tuple[Direction, Direction]:
        """The two directions beside this corner, clockwise: ``(k, k+1)``."""
        return _DIRECTIONS[self - 1], _DIRECTIONS[self % 6]

    def opposite(self) -> Corner:
        """The corner 180° round."""
        return _CORNERS[(self + 2) % 6]

    def turn(self, steps: int) -> Corner:
        """Rotate by ``steps`` × 60°, clockwise for positive ``steps``."""
        return _CORNERS[(self - 1 + steps) % 6]

    @classmethod
    def between(cls, a: int, b: int) -> Corner:
        """The corner shared by two adjacent directions (in either order)."""
        da, db = _direction(a), _direction(b)
        if db == da.turn(1):
            return _CORNERS[da - 1]
        if da == db.turn(1):
            return _CORNERS[db - 1]
        raise GeometryError(f"directions {da.name} and {db.name} share no corner")


_DIRECTIONS: tuple[Direction, ...] = tuple(Direction)
_CORNERS: tuple[Corner, ...] = tuple(Corner)
_DIR_HEXES: tuple[Hex, ...] = (
    Hex(0, -1),
    Hex(1, -1),
    Hex(1, 0),
    Hex(0, 1),
    Hex(-1, 1),
    Hex(-1, 0),
)
_DIR_VECTORS: dict[int, Hex] = {d.value: v for d, v in zip(Direction, _DIR_HEXES, strict=True)}
_VECTOR_DIRS: dict[tuple[int, int], Direction] = {
    (v[0], v[1]): d for d, v in zip(Direction, _DIR_HEXES, strict=True)
}
# Walking a ring clockwise from its north hex: SE, S, SW, NW, N, NE.
_RING_WALK: tuple[Hex, ...] = tuple(_DIR_HEXES[(i + 2) % 6] for i in range(6))


def _direction(d: int) -> Direction:
    try:
        return _DIRECTIONS[d - 1] if 1 <= d <= 6 else Direction(d)
    except (ValueError, TypeError):
        raise GeometryError(f"direction must be 1..6, got {d!r}") from None


class Arc(StrEnum):
    """Which part of a unit's surroundings a neighbouring hex lies in."""

    FRONT = "front"
    FLANK = "flank"
    REAR = "rear"


class Arcs(NamedTuple):
    """The six directions round a unit split into front, flank and rear."""

    front: tuple[Direction, ...]
    flank: tuple[Direction, ...]
    rear: tuple[Direction, ...]


class ArcHexes(NamedTuple):
    """The six hexes round a unit split into front, flank and rear."""

    front: tuple[Hex, ...]
    flank: tuple[Hex, ...]
    rear: tuple[Hex, ...]


def arcs(facing: Direction | Corner) -> Arcs:
    """Front/flank/rear directions for a unit facing a hex side or a hex corner.

    Facing a **corner** ``k`` (e.g. Raphia phalanxes): front = the two directions beside
    it ``(k, k+1)``; flank = the two adjacent to the front pair ``(k-1, k+2)`` (left,
    right); rear = the two opposite the front pair ``(k+3, k+4)``.

    Facing a **side** ``d`` (a :class:`Direction`): front = the faced side and its two
    neighbours ``(d-1, d, d+1)``; flank = ``(d-2, d+2)``; rear = the opposite side
    ``(d+3,)``.  Rulesets with other arcs can build them with :meth:`Direction.turn`.
    """
    if isinstance(facing, Corner):
        k = _DIRECTIONS[facing - 1]
        return Arcs((k, k.turn(1)), (k.turn(-1), k.turn(2)), (k.turn(3), k.turn(4)))
    if isinstance(facing, Direction):
        return Arcs(
            (facing.turn(-1), facing, facing.turn(1)),
            (facing.turn(-2), facing.turn(2)),
            (facing.turn(3),),
        )
    raise GeometryError(f"facing must be a Direction or a Corner, got {facing!r}")


def arc_of(facing: Direction | Corner, direction: int) -> Arc:
    """The :class:`Arc` that ``direction`` falls in for a unit with ``facing``."""
    d = _direction(direction)
    a = arcs(facing)
    if d in a.front:
        return Arc.FRONT
    return Arc.FLANK if d in a.flank else Arc.REAR


def arc_hexes(center: Hex, facing: Direction | Corner) -> ArcHexes:
    """The hexes round ``center`` in each arc of ``facing`` (see :func:`arcs`)."""
    a = arcs(facing)
    return ArcHexes(
        tuple(center.neighbor(d) for d in a.front),
        tuple(center.neighbor(d) for d in a.flank),
        tuple(center.neighbor(d) for d in a.rear),
    )


def corner_front(center: Hex, corner: int) -> tuple[Hex, Hex]:
    """The two front hexes of a unit in ``center`` facing ``corner`` (clockwise order)."""
    try:
        c = _CORNERS[corner - 1] if 1 <= corner <= 6 else Corner(corner)
    except (ValueError, TypeError):
        raise GeometryError(f"corner must be 1..6, got {corner!r}") from None
    a, b = c.front_directions()
    return center.neighbor(a), center.neighbor(b)


# --------------------------------------------------------------------------------------
# Offset coordinates and labels
# --------------------------------------------------------------------------------------


class OffsetLayout(StrEnum):
    """Column-offset layouts for flat-topped hexes (Red Blob naming)."""

    ODD_Q = "odd-q"  # odd columns shoved half a hex down
    EVEN_Q = "even-q"  # even columns shoved half a hex down


class Offset(NamedTuple):
    """0-based offset coordinate: ``col`` (= q) and ``row`` (growing southwards)."""

    col: int
    row: int


def _layout(layout: OffsetLayout | str) -> OffsetLayout:
    try:
        return OffsetLayout(layout)
    except ValueError:
        raise GeometryError(
            f"unknown offset layout {layout!r}; expected 'odd-q' or 'even-q'"
        ) from None


def to_offset(h: tuple[int, int], layout: OffsetLayout | str = OffsetLayout.ODD_Q) -> Offset:
    """Axial -> offset coordinates."""
    q, r = h
    if _layout(layout) is OffsetLayout.ODD_Q:
        return Offset(q, r + (q - (q & 1)) // 2)
    return Offset(q, r + (q + (q & 1)) // 2)


def from_offset(col: int, row: int, layout: OffsetLayout | str = OffsetLayout.ODD_Q) -> Hex:
    """Offset -> axial coordinates."""
    if _layout(layout) is OffsetLayout.ODD_Q:
        return Hex(col, row - (col - (col & 1)) // 2)
    return Hex(col, row - (col + (col & 1)) // 2)


def parse_label(label: str) -> Offset:
    """Parse a 4-digit ``"CCRR"`` label (1-based column, row) into a 0-based :class:`Offset`.

    >>> parse_label("0312")
    Offset(col=2, row=11)
    """
    if not isinstance(label, str):
        raise GeometryError(f"hex label must be a string, got {type(label).__name__}")
    if len(label) != 4 or not (label.isascii() and label.isdigit()):
        raise GeometryError(f"bad hex label {label!r}: expected 4 digits 'CCRR', e.g. '0312'")
    col, row = int(label[:2]), int(label[2:])
    if col == 0 or row == 0:
        raise GeometryError(f"bad hex label {label!r}: column and row are numbered from 01")
    return Offset(col - 1, row - 1)


def format_label(offset: tuple[int, int]) -> str:
    """Format a 0-based offset ``(col, row)`` as a ``"CCRR"`` label (``(2, 11)`` -> ``"0312"``)."""
    col, row = offset
    if not (0 <= col <= 98 and 0 <= row <= 98):
        raise GeometryError(f"offset {tuple(offset)!r} has no 'CCRR' label (needs 0..98 each)")
    return f"{col + 1:02d}{row + 1:02d}"


def hex_from_label(label: str, layout: OffsetLayout | str = OffsetLayout.ODD_Q) -> Hex:
    """The axial hex of a ``"CCRR"`` label."""
    col, row = parse_label(label)
    return from_offset(col, row, layout)


def hex_label(h: tuple[int, int], layout: OffsetLayout | str = OffsetLayout.ODD_Q) -> str:
    """The ``"CCRR"`` label of an axial hex."""
    return format_label(to_offset(h, layout))


# --------------------------------------------------------------------------------------
# Lines and line of sight
# --------------------------------------------------------------------------------------


class EdgePolicy(StrEnum):
    """How to treat a line that runs exactly along the edge between two hexes.

    The line from ``a`` to ``b`` samples ``distance + 1`` evenly spaced points (cube lerp).
    A point on the border between two hexes is a tie:

    * ``NUDGE_POSITIVE`` / ``NUDGE_NEGATIVE``: Red Blob's epsilon nudge — shift every point
      by ``+e`` / ``-e`` with ``e`` ∝ cube ``(1, 2, -3)`` (infinitesimal, computed exactly
      in integers) and take the hex that contains it.  Deterministic, and always a valid
      line (``distance + 1`` hexes, each adjacent to the next); the two nudges pick
      opposite sides of every tie.
    * ``BLOCKED_IF_EITHER`` / ``BLOCKED_IF_BOTH`` (line of sight only): a tied step is
      blocked if either / only if both of the two hexes it touches is blocking.
    """

    NUDGE_POSITIVE = "nudge-positive"
    NUDGE_NEGATIVE = "nudge-negative"
    BLOCKED_IF_EITHER = "blocked-if-either"
    BLOCKED_IF_BOTH = "blocked-if-both"


def _cube_round_scaled(xq: int, xr: int, xs: int, d: int) -> Hex:
    """Cube-round the point ``(xq, xr, xs) / d`` exactly (integers, ``d > 0``)."""
    d2 = 2 * d
    q = (2 * xq + d) // d2
    r = (2 * xr + d) // d2
    s = (2 * xs + d) // d2
    if q + r + s:
        dq, dr, ds = abs(q * d - xq), abs(r * d - xr), abs(s * d - xs)
        if dq > dr and dq > ds:
            q = -r - s
        elif dr > ds:
            r = -q - s
    return _new_hex(Hex, (q, r))


def _nudged_line(a: tuple[int, int], b: tuple[int, int], sign: int) -> list[Hex]:
    aq, ar = a
    bq, br = b
    n = (abs(aq - bq) + abs(ar - br) + abs(aq + ar - bq - br)) // 2
    if n == 0:
        return [Hex(aq, ar)]
    a_s, b_s = -aq - ar, -bq - br
    # Scale by 6n: every lerp point is an integer vector; adding the nudge (1, 2, -3) moves
    # it by less than any other hex border is away from it, and off every border.
    d = 6 * n
    eq, er, es = sign, 2 * sign, -3 * sign
    out: list[Hex] = []
    for i in range(n + 1):
        j = n - i
        out.append(
            _cube_round_scaled(
                6 * (aq * j + bq * i) + eq,
                6 * (ar * j + br * i) + er,
                6 * (a_s * j + b_s * i) + es,
                d,
            )
        )
    return out


def line(
    a: tuple[int, int], b: tuple[int, int], edge_policy: EdgePolicy = EdgePolicy.NUDGE_POSITIVE
) -> list[Hex]:
    """The ``distance(a, b) + 1`` hexes on the straight line from ``a`` to ``b``.

    Ties on hex edges are settled by ``edge_policy``, which must be a nudge policy
    (see :class:`EdgePolicy`; use :func:`line_pairs` to see both sides of a tie).
    """
    if edge_policy is EdgePolicy.NUDGE_POSITIVE:
        return _nudged_line(a, b, 1)
    if edge_policy is EdgePolicy.NUDGE_NEGATIVE:
        return _nudged_line(a, b, -1)
    raise GeometryError(
        f"line() needs a nudge edge policy, got {edge_policy!r}; "
        "use line_pairs() or line_of_sight() for the blocking policies"
    )


def line_pairs(a: tuple[int, int], b: tuple[int, int]) -> list[tuple[Hex, ...]]:
    """Per step of the line from ``a`` to ``b``, the one hex it passes through, or the two
    hexes whose shared edge it runs along (positive-nudge hex first)."""
    pos = _nudged_line(a, b, 1)
    neg = _nudged_line(a, b, -1)
    return [(p,) if p == m else (p, m) for p, m in zip(pos, neg, strict=True)]


def _as_predicate(hexes: HexSet | None) -> Callable[[Hex], bool]:
    if hexes is None:
        return _never
    if isinstance(hexes, Container):
        return hexes.__contains__
    if callable(hexes):
        return hexes
    raise GeometryError(f"expected a hex predicate or container, got {type(hexes).__name__}")


def _never(_: Hex) -> bool:
    return False


def line_of_sight(
    a: tuple[int, int],
    b: tuple[int, int],
    blocked: HexSet,
    policy: EdgePolicy = EdgePolicy.BLOCKED_IF_BOTH,
) -> bool:
    """Whether ``a`` sees ``b``: no hex strictly between them blocks the line.

    ``blocked`` is a predicate or a container of blocking hexes; the end hexes never
    block.  ``policy`` settles steps that run along a hex edge (:class:`EdgePolicy`): the
    nudge policies look only at the hex on their side; ``BLOCKED_IF_EITHER`` blocks if
    either hex blocks, ``BLOCKED_IF_BOTH`` only if both do.
    """
    is_blocked = _as_predicate(blocked)
    if policy is EdgePolicy.NUDGE_POSITIVE or policy is EdgePolicy.NUDGE_NEGATIVE:
        return not any(is_blocked(h) for h in line(a, b, policy)[1:-1])
    pairs = line_pairs(a, b)[1:-1]
    if policy is EdgePolicy.BLOCKED_IF_EITHER:
        return not any(is_blocked(h) for step in pairs for h in step)
    if policy is EdgePolicy.BLOCKED_IF_BOTH:
        return not any(all(is_blocked(h) for h in step) for step in pairs)
    raise GeometryError(f"unknown edge policy {policy!r}")


# --------------------------------------------------------------------------------------
# Reachability on the unbounded grid
# --------------------------------------------------------------------------------------


def _unit_step(_a: Hex, _b: Hex) -> float:
    return 1.0


def _dijkstra(
    start: Hex,
    budget: float,
    cost: StepCost | None,
    blocked: HexSet | None,
    in_bounds: HexSet | None,
    goal: Hex | None,
) -> tuple[dict[Hex, float], dict[Hex, Hex]]:
    if math.isinf(budget) and in_bounds is None:
        raise GeometryError("unbounded search: give a finite budget or an in_bounds set")
    if math.isnan(budget):
        raise GeometryError("budget must not be NaN")
    step = cost or _unit_step
    is_blocked = _as_predicate(blocked)
    inside = _as_predicate(in_bounds) if in_bounds is not None else None
    start = Hex(*start)
    best: dict[Hex, float] = {start: 0.0}
    parent: dict[Hex, Hex] = {}
    done: dict[Hex, float] = {}
    heap: list[tuple[float, Hex]] = [(0.0, start)]
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        d, h = pop(heap)
        if h in done:
            continue
        done[h] = d
        if h == goal:
            break
        for nb in h.neighbors():
            if nb in done or (inside is not None and not inside(nb)) or is_blocked(nb):
                continue
            c = step(h, nb)
            if c is None:
                continue
            if not c >= 0:
                raise GeometryError(f"step cost {h} -> {nb} must be >= 0 or None, got {c!r}")
            nd = d + c
            if nd <= budget and nd < best.get(nb, math.inf):
                best[nb] = nd
                parent[nb] = h
                push(heap, (nd, nb))
    return done, parent


def reachable(
    start: Hex,
    budget: float,
    cost: StepCost | None = None,
    *,
    blocked: HexSet | None = None,
    in_bounds: HexSet | None = None,
) -> dict[Hex, float]:
    """Every hex reachable from ``start`` within ``budget``, with its cheapest cost.

    Dijkstra over steps costing ``cost(from_hex, to_hex)`` (default 1; ``None`` =
    impassable, negative costs are an error).  ``blocked`` hexes can't be entered and
    hexes outside ``in_bounds`` (predicate or container, e.g. a :class:`HexBoard`) are
    ignored.  ``start`` is always included at cost 0.  An infinite budget needs
    ``in_bounds``.
    """
    done, _ = _dijkstra(start, budget, cost, blocked, in_bounds, None)
    return done


def path_to(
    start: Hex,
    goal: Hex,
    cost: StepCost | None = None,
    *,
    budget: float = math.inf,
    blocked: HexSet | None = None,
    in_bounds: HexSet | None = None,
) -> list[Hex] | None:
    """A cheapest path ``[start, ..., goal]`` within ``budget``, or ``None``.

    Same arguments as :func:`reachable`.  Ties are broken deterministically: hexes are
    settled in (cost, q, r) order and each keeps the first settled predecessor that
    reached it at its final cost.
    """
    goal = Hex(*goal)
    done, parent = _dijkstra(start, budget, cost, blocked, in_bounds, goal)
    if goal not in done:
        return None
    path = [goal]
    while path[-1] in parent:
        path.append(parent[path[-1]])
    path.reverse()
    return path


# --------------------------------------------------------------------------------------
# HexBoard: a rectangular offset board as flat arrays
# --------------------------------------------------------------------------------------

# Largest (scaled) integer entry cost handled by the bucketed search; above it, or for
# costs that are not multiples of 1/k for a small k, distance_field uses a heap.
_MAX_BUCKET_COST = 10
_COST_SCALES = (1, 2, 3, 4, 5, 6, 8, 10, 12)


def _readonly(a: npt.NDArray[np.generic]) -> None:
    a.flags.writeable = False


class HexBoard:
    """A ``cols`` × ``rows`` offset board of flat-topped hexes, as flat arrays.

    Cells are numbered row-major, ``index = row * cols + col`` (so a per-cell array
    reshapes to ``(rows, cols)``).  ``neighbors[i, d - 1]`` is the index of the neighbour
    of cell ``i`` in direction ``d``, or -1 off the board.  The board is immutable.
    """

    __slots__ = (
        "_nbits",
        "_nbytes",
        "_neighbor_lists",
        "_stride",
        "_up",
        "_valid",
        "col",
        "cols",
        "hexes",
        "layout",
        "neighbors",
        "q",
        "r",
        "row",
        "rows",
        "size",
    )

    cols: int
    rows: int
    size: int
    layout: OffsetLayout
    hexes: tuple[Hex, ...]
    q: IntArray
    r: IntArray
    col: IntArray
    row: IntArray
    neighbors: IntArray

    def __init__(self, cols: int, rows: int, layout: OffsetLayout | str = "odd-q") -> None:
        if not (isinstance(cols, int) and isinstance(rows, int) and cols > 0 and rows > 0):
            raise GeometryError(f"board needs positive int cols and rows, got {cols}x{rows}")
        self.cols, self.rows, self.size = cols, rows, cols * rows
        self.layout = _layout(layout)
        n = self.size
        idx = np.arange(n)
        col = (idx % cols).astype(np.int32)
        row = (idx // cols).astype(np.int32)
        odd = col & 1
        shift = (col - odd) // 2 if self.layout is OffsetLayout.ODD_Q else (col + odd) // 2
        q = col
        r = (row - shift).astype(np.int32)
        nbr = np.full((n, 6), -1, dtype=np.int32)
        for k, (dq, dr) in enumerate(_DIR_HEXES):
            nq, nr = q + dq, r + dr
            nodd = nq & 1
            nshift = (nq - nodd) // 2 if self.layout is OffsetLayout.ODD_Q else (nq + nodd) // 2
            ncol, nrow = nq, nr + nshift
            ok = (ncol >= 0) & (ncol < cols) & (nrow >= 0) & (nrow < rows)
            nbr[ok, k] = (nrow * cols + ncol)[ok]
        self.q, self.r, self.col, self.row, self.neighbors = q, r, col, row, nbr
        for a in (q, r, col, row, nbr):
            _readonly(a)
        self.hexes = tuple(Hex(int(a), int(b)) for a, b in zip(q, r, strict=True))
        self._neighbor_lists = tuple(tuple(j for j in row if j >= 0) for row in nbr.tolist())

        # Bitset layout for the bit-parallel searches: bit = row * (cols + 1) + col; the
        # spare bit closing each row stops sideways shifts wrapping into the next row.
        self._stride = cols + 1
        self._nbits = rows * self._stride
        self._nbytes = (self._nbits + 7) // 8
        self._valid = self._bits(np.ones(n, dtype=bool))
        # "Up" columns have their side neighbours at rows (row - 1, row); "down" columns
        # at (row, row + 1).  odd-q: even columns are up; even-q: odd columns are.
        up_parity = 0 if self.layout is OffsetLayout.ODD_Q else 1
        self._up = self._bits(odd == up_parity)

    # -- basic mapping ------------------------------------------------------------------

    def __repr__(self) -> str:
        return f"HexBoard({self.cols}, {self.rows}, layout={self.layout.value!r})"

    def __len__(self) -> int:
        return self.size

    def __iter__(self) -> Iterator[Hex]:
        return iter(self.hexes)

    def __contains__(self, item: object) -> bool:
        if not (isinstance(item, tuple) and len(item) == 2):
            return False
        q, r = item
        ints = (int, np.integer)
        return isinstance(q, ints) and isinstance(r, ints) and self.contains((int(q), int(r)))

    def _index_or_neg(self, q: int, r: int) -> int:
        if self.layout is OffsetLayout.ODD_Q:
            row = r + (q - (q & 1)) // 2
        else:
            row = r + (q + (q & 1)) // 2
        if 0 <= q < self.cols and 0 <= row < self.rows:
            return row * self.cols + q
        return -1

    def contains(self, h: tuple[int, int]) -> bool:
        """Whether hex ``h`` is on the board."""
        return self._index_or_neg(h[0], h[1]) >= 0

    def index(self, h: tuple[int, int]) -> int:
        """Flat index of hex ``h``; :class:`GeometryError` if it is off the board."""
        i = self._index_or_neg(h[0], h[1])
        if i < 0:
            raise GeometryError(f"{h!r} is off the {self.cols}x{self.rows} board")
        return i

    def hex_at(self, i: int) -> Hex:
        """The hex at flat index ``i``."""
        if not 0 <= i < self.size:
            raise GeometryError(f"index {i} is off the board (size {self.size})")
        return self.hexes[i]

    def indices(self, hexes: Iterable[tuple[int, int]]) -> IndexArray:
        """Flat indices of on-board ``hexes`` (:class:`GeometryError` for off-board ones)."""
        return np.fromiter((self.index(h) for h in hexes), dtype=np.intp)

    def mask(self, hexes: Iterable[tuple[int, int]]) -> BoolArray:
        """Boolean per-cell mask that is True on ``hexes``."""
        m = np.zeros(self.size, dtype=bool)
        m[self.indices(hexes)] = True
        return m

    def label(self, h: tuple[int, int]) -> str:
        """The ``"CCRR"`` label of hex ``h`` in this board's layout."""
        return hex_label(h, self.layout)

    def hex_from_label(self, label: str) -> Hex:
        """The hex with ``"CCRR"`` label ``label`` (:class:`GeometryError` if off board)."""
        h = hex_from_label(label, self.layout)
        if not self.contains(h):
            raise GeometryError(f"hex {label!r} is off the {self.cols}x{self.rows} board")
        return h

    # -- closed-form geometry -----------------------------------------------------------

    def distances_from(self, h: tuple[int, int]) -> IntArray:
        """Hex distance from ``h`` (on or off the board) to every cell, ignoring terrain."""
        dq = self.q - np.int32(h[0])
        dr = self.r - np.int32(h[1])
        out: IntArray = (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2
        return out

    def ring_indices(self, center: tuple[int, int], radius: int) -> IndexArray:
        """Indices (ascending) of the on-board cells at exactly ``radius`` from ``center``."""
        return np.flatnonzero(self.distances_from(center) == radius)

    def range_indices(self, center: tuple[int, int], radius: int) -> IndexArray:
        """Indices (ascending) of the on-board cells within ``radius`` of ``center``."""
        return np.flatnonzero(self.distances_from(center) <= radius)

    # -- distance fields ----------------------------------------------------------------

    def _cell_array(self, values: npt.ArrayLike, what: str, dtype: type[np.generic]) -> np.ndarray:
        a = np.asarray(values, dtype=dtype)
        if a.size != self.size:
            raise GeometryError(f"{what} must have one value per cell ({self.size}), got {a.shape}")
        return a.reshape(self.size)

    def _source_mask(
        self, sources: Iterable[tuple[int, int]] | npt.NDArray[np.generic]
    ) -> BoolArray:
        m = np.zeros(self.size, dtype=bool)
        if isinstance(sources, np.ndarray):
            if sources.dtype == np.bool_:
                return self._cell_array(sources, "source mask", np.bool_).copy()
            if not np.issubdtype(sources.dtype, np.integer):
                raise GeometryError("source arrays must be bool masks or integer indices")
            flat = sources.reshape(-1)
            if flat.size and (flat.min() < 0 or flat.max() >= self.size):
                raise GeometryError("source index off the board")
            m[flat] = True
            return m
        for h in sources:
            m[self.index(h)] = True
        return m

    def _bits(self, mask: BoolArray) -> int:
        """Pack a per-cell bool mask into a bitset (a Python int)."""
        buf = np.zeros((self.rows, self._stride), dtype=bool)
        buf[:, : self.cols] = mask.reshape(self.rows, self.cols)
        return int.from_bytes(np.packbits(buf, bitorder="little").tobytes(), "little")

    def _unbits(self, ints: list[int]) -> npt.NDArray[np.uint8]:
        """Unpack bitsets into a ``(len(ints), size)`` 0/1 array."""
        nb, k = self._nbytes, len(ints)
        raw = np.frombuffer(b"".join(x.to_bytes(nb, "little") for x in ints), dtype=np.uint8)
        bits = np.unpackbits(raw.reshape(k, nb), axis=1, count=self._nbits, bitorder="little")
        return bits.reshape(k, self.rows, self._stride)[:, :, : self.cols].reshape(k, self.size)

    def _dilate(self, x: int) -> int:
        """Bitset of all neighbours of the cells in bitset ``x`` (may include off-board bits)."""
        w = self._stride
        u = x & self._up
        d = x ^ u
        hu = (u << 1) | (u >> 1)  # up columns' side neighbours, same row ...
        hd = (d << 1) | (d >> 1)  # ... and down columns'
        return (x << w) | (x >> w) | hu | hd | (hu >> w) | (hd << w)

    def _collect(self, levels: list[tuple[int, int]], reached: int) -> FloatArray:
        """Distance array from ``(distance, bitset)`` levels; unreached cells are inf."""
        top = max((t for t, _ in levels), default=0)
        planes = [0] * top.bit_length()  # bit-sliced distances: plane b = bit b of t
        for t, bitset in levels:
            while t:
                low = t & -t
                planes[low.bit_length() - 1] |= bitset
                t ^= low
        bits = self._unbits([*planes, reached])
        if not planes:
            return np.where(bits[0] != 0, 0.0, np.inf)
        dist = (2.0 ** np.arange(len(planes))) @ bits[:-1]
        out: FloatArray = np.where(bits[-1] != 0, dist, np.inf)
        return out

    def distance_field(
        self,
        sources: Iterable[tuple[int, int]] | npt.NDArray[np.generic],
        cost: npt.ArrayLike | None = None,
        blocked: npt.ArrayLike | None = None,
        max_cost: float | None = None,
    ) -> FloatArray:
        """Cheapest cost from the nearest of ``sources`` to every cell (``inf`` if none).

        ``sources``: hexes, an index array or a bool mask; they cost 0 even if blocked.
        ``cost``: per-cell cost to ENTER the cell (default 1); ``inf`` = impassable,
        negative or NaN is an error.  ``blocked``: per-cell bool mask of impassable cells.
        ``max_cost``: cells costing more come back as ``inf`` (and the search stops early).

        Unit costs use a bit-parallel breadth-first search (the whole frontier expands
        at once as a bitset); costs that are small multiples of ``1/k`` use the same
        expansion bucketed by cost (Dial's algorithm); other costs fall back to
        a binary-heap Dijkstra.
        """
        src = self._source_mask(sources)
        passable = np.ones(self.size, dtype=bool)
        if blocked is not None:
            passable &= ~self._cell_array(blocked, "blocked", np.bool_)
        if max_cost is not None and math.isnan(max_cost):
            raise GeometryError("max_cost must not be NaN")
        limit = math.inf if max_cost is None else float(max_cost)
        if cost is None:
            out = self._bfs(src, self._valid if blocked is None else self._bits(passable), limit)
        else:
            c = self._cell_array(cost, "cost", np.float64)
            if np.isnan(c).any() or (c < 0).any():
                raise GeometryError("entry costs must be >= 0 (inf = impassable), not NaN")
            passable &= np.isfinite(c)
            scale = _integer_scale(c[passable])
            if scale is None:
                out = self._heap_dijkstra(src, passable, c, limit)
            else:
                scaled = np.rint(c * scale, out=np.zeros(self.size), where=passable)
                # (the slack keeps float rounding of limit * scale from losing a level)
                cutoff = limit * scale + 1e-9
                out = self._dial(src, passable, scaled.astype(np.int64), cutoff)
                if scale != 1:
                    out /= scale
        if limit < math.inf:
            out[out > limit] = np.inf
        return out

    def _bfs(self, src: BoolArray, passable: int, limit: float) -> FloatArray:
        frontier = self._bits(src)
        open_ = passable & ~frontier
        reached = frontier
        levels: list[tuple[int, int]] = []
        t = 0
        dilate = self._dilate
        while frontier and t + 1 <= limit:
            t += 1
            frontier = dilate(frontier) & open_
            open_ ^= frontier
            reached |= frontier
            levels.append((t, frontier))
        return self._collect(levels, reached)

    def _dial(
        self, src: BoolArray, passable: BoolArray, cost: npt.NDArray[np.int64], limit: float
    ) -> FloatArray:
        start = self._bits(src)
        open_ = self._bits(passable) & ~start
        classes = [(int(v), self._bits(passable & (cost == v))) for v in np.unique(cost[passable])]
        zero = next((b for v, b in classes if v == 0), 0)
        classes = [(v, b) for v, b in classes if v > 0]
        maxc = max((v for v, _ in classes), default=0)
        dilate = self._dilate

        def close(level: int) -> int:
            """Add the zero-cost cells reachable from ``level`` at no extra cost."""
            nonlocal open_
            while zero:
                more = dilate(level) & zero & open_
                if not more:
                    break
                open_ ^= more
                level |= more
            return level

        level = close(start)
        reached = level
        grown = {0: dilate(level)}
        levels: list[tuple[int, int]] = []
        t = last = 0
        while t - last < maxc and t + 1 <= limit:
            t += 1
            acc = 0
            for v, cls in classes:
                g = grown.get(t - v)
                if g:
                    acc |= g & cls
            grown.pop(t - maxc, None)
            acc &= open_
            if acc:
                open_ ^= acc
                acc = close(acc)
                reached |= acc
                levels.append((t, acc))
                grown[t] = dilate(acc)
                last = t
        return self._collect(levels, reached)

    def _heap_dijkstra(
        self, src: BoolArray, passable: BoolArray, cost: FloatArray, limit: float
    ) -> FloatArray:
        # Arbitrary float costs: a plain binary-heap Dijkstra over Python lists beats
        # vectorized relaxation here (which needs one full-board pass per path hop).
        nbrs = self._neighbor_lists
        enter = np.where(passable, cost, np.inf).tolist()
        dist = [math.inf] * self.size
        heap: list[tuple[float, int]] = []
        for i in np.flatnonzero(src).tolist():
            dist[i] = 0.0
            heap.append((0.0, i))
        pop, push = heapq.heappop, heapq.heappush
        while heap:
            d, i = pop(heap)
            if d > dist[i]:
                continue
            for j in nbrs[i]:
                nd = d + enter[j]
                if nd < dist[j] and nd <= limit:
                    dist[j] = nd
                    push(heap, (nd, j))
        return np.array(dist, dtype=np.float64)


def _integer_scale(costs: FloatArray) -> int | None:
    """Smallest ``k`` in :data:`_COST_SCALES` making all ``costs * k`` small integers."""
    if costs.size == 0:
        return 1
    top = float(costs.max())
    for k in _COST_SCALES:
        if top * k > _MAX_BUCKET_COST:
            return None
        scaled = costs * k
        if np.all(np.abs(scaled - np.rint(scaled)) <= 1e-9 * np.maximum(1.0, scaled)):
            return k
    return None
