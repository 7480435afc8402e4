"""Power and sample size (``ancients.workbench.power``) against simulation: at the
smallest detectable difference, the workbench's own tests reject about 80 % of the time."""

from __future__ import annotations

import numpy as np
import pytest

from ancients.workbench.power import (
    independent_battles_needed,
    independent_detectable,
    paired_battles_needed,
    paired_detectable,
)
from ancients.workbench.stats import independent_rate, mcnemar_exact


@pytest.mark.parametrize(("n", "changed"), [(400, 0.2), (1000, 0.08), (250, 0.5)])
def test_paired_detectable_is_detected_four_times_in_five(n: int, changed: float) -> None:
    delta = paired_detectable(n, changed)
    assert 0 < delta <= changed
    rng = np.random.default_rng(5)
    # each battle: the variant wins it where the baseline lost (p10), the reverse (p01),
    # or the same winner; McNemar's exact test, as the comparison runs it
    cells = rng.multinomial(n, [(changed + delta) / 2, (changed - delta) / 2,
                                1 - changed], size=3000)
    power = np.mean([mcnemar_exact(int(b), int(c)) <= 0.05 for b, c, _ in cells])
    assert 0.76 <= power <= 0.84, power


def test_paired_battles_needed_inverts_detectable() -> None:
    for delta, changed in ((0.03, 0.2), (0.05, 0.1), (0.1, 0.4)):
        n = paired_battles_needed(delta, changed)
        assert paired_detectable(n, changed) <= delta < paired_detectable(n - 1, changed)
    # a change to fewer battles than it moves: at least delta of them must change
    assert paired_battles_needed(0.05, 0.0) == paired_battles_needed(0.05, 0.05)


@pytest.mark.parametrize(("n", "p"), [(300, 0.4), (1000, 0.5), (500, 0.15)])
def test_independent_detectable_is_detected_four_times_in_five(n: int, p: float) -> None:
    delta = independent_detectable(n, n, p)
    rng = np.random.default_rng(7)
    powers = []
    for sign in (1, -1):
        q = p + sign * delta
        hits = [independent_rate(rng.random(n) < p, rng.random(n) < q).p_value <= 0.05
                for _ in range(1500)]
        powers.append(np.mean(hits))
    assert 0.76 <= min(powers) <= 0.84, powers  # the harder way, towards one half
    assert max(powers) >= min(powers)


def test_independent_battles_needed_matches_the_textbook() -> None:
    # 0.4 against 0.5, 5 % two-sided, 80 % power, no continuity correction:
    # (1.96 sqrt(2 x .45 x .55) + 0.8416 sqrt(.24 + .25))^2 / 0.1^2 = 387.4 -> 388 each
    assert independent_battles_needed(0.1, 0.4) == 388
    n = independent_battles_needed(0.03, 0.5)
    assert independent_detectable(n, n, 0.5) <= 0.03 < independent_detectable(n - 1, n - 1,
                                                                               0.5)
