"""How many battles a difference of win rates needs, and the smallest one a number of
battles can detect: the power of the comparison's tests, by the normal approximation.

Paired (variants of one ruleset on the same battles), McNemar's test of the battles that
changed winner (Connor, 1987): ``n = (z_a sqrt(psi) + z_b sqrt(psi - d^2))^2 / d^2``
where ``psi`` is the share of battles whose result changes under the variant (at least
``d``: a change of ``d`` moves at least that many). Independent (rulesets on one
battle), the two-proportion z test: ``n = (z_a sqrt(2 pq) + z_b sqrt(p1 q1 + p2 q2))^2 /
d^2`` battles each (``p`` the mean of ``p1`` and ``p2 = p1 +- d``, the harder side).
``z_a`` is the normal's ``1 - alpha / 2`` point, ``z_b`` its ``power`` point.

>>> paired_battles_needed(0.03, 0.2)
1742
>>> independent_battles_needed(0.1, 0.4)
388
"""

from __future__ import annotations

import math
from collections.abc import Callable

from ancients.errors import SimulationError
from ancients.workbench.stats import normal_quantile

__all__ = ["independent_battles_needed", "independent_detectable", "paired_battles_needed",
           "paired_detectable"]


def _z(power: float, alpha: float) -> tuple[float, float]:
    if not 0 < alpha < 1 or not 0 < power < 1:
        raise SimulationError(f"power and alpha must be between 0 and 1, got {power}, "
                              f"{alpha}")
    return normal_quantile(1 - alpha / 2), normal_quantile(power)


def _check_delta(delta: float) -> float:
    if isinstance(delta, bool) or not isinstance(delta, int | float) or not 0 < delta < 1:
        raise SimulationError(f"a difference of win rates must be a number between 0 and 1 "
                              f"(0.03 for 3 points), got {delta!r}")
    return float(delta)


def _paired_n(delta: float, changed: float, za: float, zb: float) -> float:
    psi = min(1.0, max(changed, delta))
    return (za * math.sqrt(psi) + zb * math.sqrt(max(0.0, psi - delta * delta))) ** 2 \
        / delta ** 2


def paired_battles_needed(delta: float, changed: float, power: float = 0.8,
                          alpha: float = 0.05) -> int:
    """The paired battles McNemar's test needs to detect a change of ``delta`` in a win
    rate with ``power`` at ``alpha`` (two-sided), ``changed`` being the share of battles
    whose result for that side the variant changes."""
    za, zb = _z(power, alpha)
    return math.ceil(_paired_n(_check_delta(delta), changed, za, zb) - 1e-9)


def _bisect(needed: Callable[[float], float], n: float, high: float = 1.0) -> float:
    """The smallest delta in (0, ``high``] whose battles ``needed`` (decreasing in delta)
    are at most ``n``; 1.0 if none is."""
    low = 1e-6
    if needed(high) > n:
        return 1.0
    for _ in range(100):
        mid = (low + high) / 2
        if needed(mid) <= n:
            high = mid
        else:
            low = mid
    return high


def paired_detectable(n: int, changed: float, power: float = 0.8,
                      alpha: float = 0.05) -> float:
    """The smallest change of a win rate ``n`` paired battles detect with ``power`` at
    ``alpha`` (two-sided), ``changed`` being the share of battles whose result for that
    side changed (1.0 if even a change of every battle would not be)."""
    za, zb = _z(power, alpha)
    return _bisect(lambda d: _paired_n(d, changed, za, zb), n)


def _independent_n(delta: float, p: float, za: float, zb: float) -> float:
    worst = 0.0
    for q in (p + delta, p - delta):
        if not 0 <= q <= 1:
            continue
        mean = (p + q) / 2
        n = (za * math.sqrt(2 * mean * (1 - mean))
             + zb * math.sqrt(p * (1 - p) + q * (1 - q))) ** 2 / delta ** 2
        worst = max(worst, n)
    return worst if worst else math.inf


def independent_battles_needed(delta: float, p: float, power: float = 0.8,
                               alpha: float = 0.05) -> int:
    """The battles each of two independent runs needs for the two-proportion z test to
    detect a change of ``delta`` from a win rate ``p`` with ``power`` at ``alpha``."""
    za, zb = _z(power, alpha)
    return math.ceil(_independent_n(_check_delta(delta), p, za, zb) - 1e-9)


def independent_detectable(n: int, m: int, p: float, power: float = 0.8,
                           alpha: float = 0.05) -> float:
    """The smallest change of a win rate ``p`` that independent runs of ``n`` and ``m``
    battles detect with ``power`` at ``alpha`` (two-sided; the harmonic mean of ``n``
    and ``m`` battles each)."""
    za, zb = _z(power, alpha)
    each = 2 * n * m / (n + m) if n and m else 0.0
    return _bisect(lambda d: _independent_n(d, p, za, zb), each, max(p, 1 - p))
