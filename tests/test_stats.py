"""The workbench's statistics against values computed independently (exact binomial sums,
published tables)."""

from __future__ import annotations

import math
from math import comb

import numpy as np
import pytest

from ancients.workbench.stats import (
    bonett_price,
    holm,
    independent_rate,
    mcnemar_exact,
    normal_quantile,
    paired_mean,
    paired_rate,
    t_cdf,
    t_quantile,
    t_quantile_df,
    welch,
)


@pytest.mark.parametrize(("b", "c"), [(10, 2), (6, 3), (0, 5), (7, 7), (40, 25)])
def test_mcnemar_exact_is_the_two_sided_binomial_sum(b: int, c: int) -> None:
    n, k = b + c, min(b, c)
    expected = min(1.0, 2 * sum(comb(n, i) for i in range(k + 1)) / 2**n)
    assert mcnemar_exact(b, c) == pytest.approx(expected, rel=1e-12)


def test_mcnemar_large_counts_do_not_overflow() -> None:
    assert 0 < mcnemar_exact(5200, 4800) < 0.01
    assert mcnemar_exact(0, 0) == 1.0


@pytest.mark.parametrize(("df", "q"), [(1, 12.706205), (10, 2.228139), (30, 2.042272),
                                       (60, 2.000298), (120, 1.979930)])
def test_t_cdf_inverts_the_table(df: int, q: float) -> None:
    assert t_quantile(df) == pytest.approx(q, abs=2e-6)
    assert t_cdf(q, df) == pytest.approx(0.975, abs=1e-6)
    assert t_cdf(-q, df) == pytest.approx(0.025, abs=1e-6)
    assert t_cdf(0.0, df) == pytest.approx(0.5)


def test_normal_quantile() -> None:
    assert normal_quantile(0.975) == pytest.approx(1.959963984540054, abs=1e-12)
    assert normal_quantile(0.001) == pytest.approx(-3.090232306167813, abs=1e-10)


def test_bonett_price_adds_one_to_each_discordant_cell() -> None:
    delta, low, high = bonett_price(30, 10, 200)
    assert delta == pytest.approx(0.1)
    p12, p21 = 31 / 202, 11 / 202
    half = 1.959963984540054 * math.sqrt((p12 + p21 - (p12 - p21) ** 2) / 202)
    assert (low, high) == pytest.approx((p12 - p21 - half, p12 - p21 + half))


def test_paired_rate_counts_discordant_battles() -> None:
    x = np.array([1, 1, 0, 0, 1, 0] * 20, bool)
    y = np.array([1, 0, 1, 1, 1, 0] * 20, bool)
    d = paired_rate(x, y)
    assert d.value == pytest.approx(y.mean() - x.mean())
    assert d.p_value == pytest.approx(mcnemar_exact(40, 20))
    assert d.low < d.value < d.high


def test_paired_mean_is_the_t_test_of_the_differences() -> None:
    rng = np.random.default_rng(3)
    x = rng.normal(size=50)
    y = x + 0.3 + rng.normal(scale=0.5, size=50)
    d = paired_mean(x, y)
    diff = y - x
    se = diff.std(ddof=1) / math.sqrt(50)
    assert d.value == pytest.approx(diff.mean())
    assert d.half_width == pytest.approx(t_quantile(49) * se)
    assert d.p_value == pytest.approx(2 * (1 - t_cdf(abs(diff.mean()) / se, 49)))
    same = paired_mean(x, x)
    assert (same.value, same.low, same.high, same.p_value) == (0.0, 0.0, 0.0, 1.0)


def test_holm_steps_down_and_keeps_order() -> None:
    assert holm([0.01, 0.04, 0.03]) == [0.03, 0.06, 0.06]
    adjusted = holm([0.5, math.nan, 0.001])
    assert adjusted[0] == 0.5 and math.isnan(adjusted[1]) and adjusted[2] == 0.002
    assert holm([0.9, 0.8]) == [1.0, 1.0]  # 2 x 0.8 capped at 1


# -- independent samples (rulesets compared on one battle: not the same games) ---------------
@pytest.mark.parametrize(("a", "n", "b", "m", "low", "high"), [
    (56, 70, 48, 80, 0.0524, 0.3339),   # Newcombe (1998), Table II, method 10
    (9, 10, 3, 10, 0.1705, 0.8090),
    (6, 7, 2, 7, 0.0582, 0.8062),
    (5, 56, 0, 29, -0.0381, 0.1926),
    (0, 10, 0, 20, -0.1611, 0.2775),
    (10, 10, 0, 10, 0.6075, 1.0),
])
def test_newcombe_hybrid_score_matches_the_published_intervals(
        a: int, n: int, b: int, m: int, low: float, high: float) -> None:
    d = independent_rate(np.arange(m) < b, np.arange(n) < a)  # variant minus baseline
    assert d.value == pytest.approx(a / n - b / m)
    assert (d.low, d.high) == pytest.approx((low, high), abs=6e-5)


def test_the_two_proportion_test_holds_its_level() -> None:
    rng = np.random.default_rng(11)
    p = [independent_rate(rng.random(300) < 0.4, rng.random(300) < 0.4).p_value
         for _ in range(2000)]
    assert 0.035 < np.mean(np.array(p) <= 0.05) < 0.065
    same = independent_rate(np.zeros(50, bool), np.zeros(40, bool))
    assert same.p_value == 1.0 and same.value == 0.0


def test_welch_matches_r_on_the_sleep_data() -> None:
    # R: t.test(extra ~ group, data = sleep): t = -1.8608, df = 17.776, p-value = 0.07939,
    # 95 percent confidence interval: -3.3654832 0.2054832
    one = [0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0]
    two = [1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4]
    d = welch(two, one)  # variant (group 1) minus baseline (group 2)
    assert d.value == pytest.approx(-1.58)
    assert (d.low, d.high) == pytest.approx((-3.3654832, 0.2054832), abs=2e-6)
    assert d.p_value == pytest.approx(0.07939, abs=5e-6)


@pytest.mark.parametrize("df", [1, 4.5, 17.776, 30, 61.2, 500])
def test_the_t_quantile_of_any_degrees_of_freedom(df: float) -> None:
    q = t_quantile_df(df)
    assert t_cdf(q, df) == pytest.approx(0.975, abs=1e-9)
    if float(df).is_integer():
        assert q == pytest.approx(t_quantile(int(df)), abs=2e-6)
