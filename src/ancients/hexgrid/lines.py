"""Straight lines between hexes, the :class:`EdgePolicy` for edge ties, and line of sight."""

from __future__ import annotations

from enum import StrEnum

from ancients.errors import GeometryError
from ancients.hexgrid.coords import Hex, _new_hex
from ancients.hexgrid.hexsets import HexSet, _as_predicate


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
