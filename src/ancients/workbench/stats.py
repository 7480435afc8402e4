"""The statistics the workbench reports, in a few lines each (no scipy): intervals for
one run (Wilson for rates, Student's t for means), for paired runs (Bonett-Price for
a difference of rates, McNemar's exact test, the paired t test), for independent runs
(Newcombe's hybrid score interval and the two-proportion z test for rates, Welch's t for
means), and Holm's correction.

Paired means *on the same battles*: battle ``i`` of two variants run with one seed has
the same seed, so the difference of their results is measured battle by battle.

>>> p, low, high = wilson(50, 100)
>>> round(low, 3), round(high, 3)
(0.404, 0.596)
>>> mcnemar_exact(10, 2) < 0.05 < mcnemar_exact(6, 3)
True
>>> holm([0.01, 0.04, 0.03])
[0.03, 0.06, 0.06]
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

import attrs
import numpy as np
import numpy.typing as npt

from ancients.errors import SimulationError

__all__ = ["Z95", "Interval", "bonett_price", "holm", "independent_rate", "mcnemar_exact",
           "mean_interval", "normal_cdf", "normal_quantile", "paired_mean", "paired_rate",
           "t_cdf", "t_quantile", "t_quantile_df", "welch", "wilson"]

Z95 = 1.959963984540054


@attrs.frozen
class Interval:
    """An estimate with its 95 % interval and, for a difference, its two-sided p-value
    against no difference (NaN where there is none to give)."""

    value: float
    low: float
    high: float
    p_value: float = math.nan

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2

    def __iter__(self) -> Iterator[float]:
        return iter((self.value, self.low, self.high))


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float, float]:
    """Proportion and its Wilson score interval (95 % by default)."""
    if n <= 0:
        return (math.nan, 0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (p, max(0.0, centre - half), min(1.0, centre + half))


#: Student's t, 97.5 % point, for 1..30 degrees of freedom (two-sided 95 %)
_T975 = (12.706205, 4.302653, 3.182446, 2.776445, 2.570582, 2.446912, 2.364624, 2.306004,
         2.262157, 2.228139, 2.200985, 2.178813, 2.160369, 2.144787, 2.131450, 2.119905,
         2.109816, 2.100922, 2.093024, 2.085963, 2.079614, 2.073873, 2.068658, 2.063899,
         2.059539, 2.055529, 2.051831, 2.048407, 2.045230, 2.042272)


def t_quantile(df: int) -> float:
    """The 97.5 % point of Student's t with ``df`` degrees of freedom: the table to 30,
    then the Cornish-Fisher expansion about the normal (error below 1e-6 there)."""
    if df < 1:
        raise SimulationError(f"Student's t needs at least 1 degree of freedom, got {df}")
    if df <= len(_T975):
        return _T975[df - 1]
    z = Z95
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    g4 = (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160
    return z + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4


def normal_quantile(p: float) -> float:
    """The standard normal's ``p`` quantile (Acklam's rational approximation refined by
    one Newton step: error below 1e-12)."""
    if not 0 < p < 1:
        raise SimulationError(f"a normal quantile needs 0 < p < 1, got {p}")
    a = (-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
         1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00)
    b = (-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
         6.680131188771972e+01, -1.328068155288572e+01)
    c = (-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
         -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00)
    d = (7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
         3.754408661907416e+00)
    low = 0.02425
    if p < low:
        q = math.sqrt(-2 * math.log(p))
        x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / \
            ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
    elif p <= 1 - low:
        q = p - 0.5
        r = q * q
        x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q / \
            (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
    else:
        q = math.sqrt(-2 * math.log(1 - p))
        x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / \
            ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
    e = 0.5 * math.erfc(-x / math.sqrt(2)) - p
    return x - e * math.sqrt(2 * math.pi) * math.exp(x * x / 2)


def _betacf(a: float, b: float, x: float) -> float:
    """The continued fraction of the regularised incomplete beta (modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1, a - 1
    c, d = 1.0, 1 - qab * x / qap
    d = 1 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 400):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1 + aa * d
        d = 1 / (d if abs(d) > tiny else tiny)
        c = 1 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1 + aa * d
        d = 1 / (d if abs(d) > tiny else tiny)
        c = 1 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return h


def _betainc(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function I_x(a, b)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                     + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1) / (a + b + 2):
        return front * _betacf(a, b, x) / a
    return 1 - front * _betacf(b, a, 1 - x) / b


def t_cdf(t: float, df: float) -> float:
    """Student's t distribution function with ``df`` degrees of freedom."""
    if math.isinf(t):
        return 1.0 if t > 0 else 0.0
    tail = 0.5 * _betainc(df / 2, 0.5, df / (df + t * t))
    return 1 - tail if t > 0 else tail


def mean_interval(values: npt.ArrayLike) -> tuple[float, float, float]:
    """Mean and its 95 % Student's t interval: ``(mean, low, high)``; the interval is
    ``(nan, nan)`` for fewer than two values."""
    x = np.asarray(values, dtype=float)
    if len(x) == 0:
        return (math.nan, math.nan, math.nan)
    m = float(np.mean(x))
    if len(x) < 2:
        return (m, math.nan, math.nan)
    half = t_quantile(len(x) - 1) * float(np.std(x, ddof=1)) / math.sqrt(len(x))
    return (m, m - half, m + half)


def mcnemar_exact(b: int, c: int) -> float:
    """McNemar's exact test: the two-sided p-value of ``b`` battles won (say) under one
    variant only against ``c`` under the other only, each discordant battle equally
    likely to fall either way when the variants do not differ (a binomial test)."""
    n = b + c
    if n == 0:
        return 1.0
    k = min(b, c)
    log_half = n * math.log(0.5)
    terms = [math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1) + log_half
             for i in range(k + 1)]
    top = max(terms)
    tail = math.exp(top) * sum(math.exp(t - top) for t in terms)
    return min(1.0, 2 * tail)


def bonett_price(b: int, c: int, n: int, z: float = Z95) -> tuple[float, float, float]:
    """The difference of two paired proportions, ``(b - c) / n``, with Bonett and Price's
    adjusted Wald interval (2012): one added to each discordant count, two to ``n``."""
    if n <= 0:
        return (math.nan, -1.0, 1.0)
    delta = (b - c) / n
    p12, p21 = (b + 1) / (n + 2), (c + 1) / (n + 2)
    centre = p12 - p21
    half = z * math.sqrt(max(0.0, p12 + p21 - centre * centre) / (n + 2))
    return (delta, max(-1.0, centre - half), min(1.0, centre + half))


def paired_rate(x: npt.ArrayLike, y: npt.ArrayLike) -> Interval:
    """``mean(y) - mean(x)`` for two 0/1 indicators of the same battles: Bonett-Price
    interval, McNemar's exact p-value."""
    a = np.asarray(x, dtype=bool)
    v = np.asarray(y, dtype=bool)
    if a.shape != v.shape:
        raise SimulationError(f"paired rates need as many battles on each side, got "
                              f"{len(a)} and {len(v)}")
    gained = int(np.count_nonzero(v & ~a))
    lost = int(np.count_nonzero(a & ~v))
    delta, low, high = bonett_price(gained, lost, len(a))
    return Interval(delta, low, high, mcnemar_exact(gained, lost))


def paired_mean(x: npt.ArrayLike, y: npt.ArrayLike) -> Interval:
    """``mean(y - x)`` over the same battles, with the paired Student's t interval and
    test (no difference in any battle: a zero-width interval, p-value 1)."""
    d = np.asarray(y, dtype=float) - np.asarray(x, dtype=float)
    if len(d) == 0:
        return Interval(math.nan, math.nan, math.nan)
    m = float(np.mean(d))
    if len(d) < 2:
        return Interval(m, math.nan, math.nan)
    sd = float(np.std(d, ddof=1))
    if sd == 0:
        return Interval(m, m, m, 1.0 if m == 0 else 0.0)
    se = sd / math.sqrt(len(d))
    half = t_quantile(len(d) - 1) * se
    p = 2 * (1 - t_cdf(abs(m) / se, len(d) - 1))
    return Interval(m, m - half, m + half, min(1.0, max(0.0, p)))


def normal_cdf(x: float) -> float:
    """The standard normal distribution function."""
    return 0.5 * math.erfc(-x / math.sqrt(2))


def t_quantile_df(df: float, p: float = 0.975) -> float:
    """Student's t ``p`` quantile for any real ``df`` > 0 (Welch's degrees of freedom):
    ``t_cdf`` inverted by bisection."""
    if not df > 0 or not 0 < p < 1:
        raise SimulationError(f"a t quantile needs df > 0 and 0 < p < 1, got {df}, {p}")
    if p < 0.5:
        return -t_quantile_df(df, 1 - p)
    low, high = 0.0, 1.0
    while t_cdf(high, df) < p:
        low, high = high, high * 2
    for _ in range(200):
        mid = (low + high) / 2
        if t_cdf(mid, df) < p:
            low = mid
        else:
            high = mid
        if high - low < 1e-12 * max(1.0, high):
            break
    return (low + high) / 2


def independent_rate(x: npt.ArrayLike, y: npt.ArrayLike) -> Interval:
    """``mean(y) - mean(x)`` for 0/1 indicators of two independent sets of battles:
    Newcombe's hybrid score interval (1998, method 10: from each rate's Wilson interval)
    and the two-sided two-proportion z test (pooled)."""
    a = np.asarray(x, dtype=bool)
    v = np.asarray(y, dtype=bool)
    n, m = len(a), len(v)
    if not n or not m:
        return Interval(math.nan, math.nan, math.nan)
    k, j = int(np.count_nonzero(a)), int(np.count_nonzero(v))
    p1, l1, u1 = wilson(j, m)
    p2, l2, u2 = wilson(k, n)
    d = p1 - p2
    low = d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    pooled = (j + k) / (n + m)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n + 1 / m))
    p = 1.0 if se == 0 else min(1.0, 2 * normal_cdf(-abs(d) / se))
    return Interval(d, max(-1.0, low), min(1.0, high), p)


def welch(x: npt.ArrayLike, y: npt.ArrayLike) -> Interval:
    """``mean(y) - mean(x)`` of two independent sets of battles, with Welch's t interval
    and test (Welch-Satterthwaite degrees of freedom)."""
    a = np.asarray(x, dtype=float)
    v = np.asarray(y, dtype=float)
    if not len(a) or not len(v):
        return Interval(math.nan, math.nan, math.nan)
    d = float(np.mean(v) - np.mean(a))
    if len(a) < 2 or len(v) < 2:
        return Interval(d, math.nan, math.nan)
    s1, s2 = float(np.var(v, ddof=1)) / len(v), float(np.var(a, ddof=1)) / len(a)
    se = math.sqrt(s1 + s2)
    if se == 0:
        return Interval(d, d, d, 1.0 if d == 0 else 0.0)
    df = (s1 + s2) ** 2 / (s1 ** 2 / (len(v) - 1) + s2 ** 2 / (len(a) - 1))
    half = t_quantile_df(df) * se
    p = 2 * (1 - t_cdf(abs(d) / se, df))
    return Interval(d, d - half, d + half, min(1.0, max(0.0, p)))


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment of a family of p-values (NaN stays NaN): reject at
    level a every hypothesis whose adjusted p-value is at most a."""
    indexed = sorted((p, i) for i, p in enumerate(p_values) if not math.isnan(p))
    m = len(indexed)
    out = [math.nan] * len(p_values)
    running = 0.0
    for rank, (p, i) in enumerate(indexed):
        running = max(running, min(1.0, (m - rank) * p))
        out[i] = round(running, 15)
    return out
