"""Skill sensitivity: how much of a battle's outcome its commanders decide."""

from __future__ import annotations

from collections.abc import Mapping
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from ancients._callable import make_callable
from ancients.errors import SimulationError
from ancients.ruleset import Ruleset
from ancients.ruleset import ruleset as get_ruleset
from ancients.scenario import Scenario
from ancients.workbench.metrics import Metric
from ancients.workbench.runs import simulate
from ancients.workbench.stats import paired_rate

__all__ = ["skill"]


def skill(spec: str | Ruleset, scenario: str | Path | Scenario | None = None, *,
          runs: int = 400, seed: int = 0, jobs: int | Executor | Any | None = None
          ) -> list[Metric]:
    """Skill sensitivity of a two-sided battle: for each side, its win rate with the
    doctrine commander against a random one, less its win rate as a random commander
    against the doctrine, on the same ``runs`` battles (paired; McNemar's exact p-value
    in ``detail``). Near 0: the rules leave little to command; large: skill decides."""
    rs = get_ruleset(spec)
    sides = rs.scenario(scenario).sides
    if len(sides) != 2:
        raise SimulationError(f"skill sensitivity needs two sides, {rs} has {len(sides)}")
    first: Mapping[str, Any] = {sides[0]: "doctrine", sides[1]: "random"}
    second: Mapping[str, Any] = {sides[0]: "random", sides[1]: "doctrine"}
    a = simulate(rs, scenario, runs=runs, seed=seed, jobs=jobs, commanders=first)
    b = simulate(rs, scenario, runs=runs, seed=seed, jobs=jobs, commanders=second)
    out = []
    for j, side in enumerate(sides):
        skilled, unskilled = (a, b) if j == 0 else (b, a)
        diff = paired_rate(unskilled.winner == j, skilled.winner == j)
        out.append(Metric("skill", f"{side} skill (doctrine - random)", diff.value, diff.low,
                          diff.high, side=side, n=runs, unit="rate",
                          detail=f"p = {diff.p_value:.3g}"))
    return out


make_callable(__name__)  # ancients.workbench.skill is also skill()
