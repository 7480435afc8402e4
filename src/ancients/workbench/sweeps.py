"""Sweeps over parameter values and the sensitivity of the win rate to each parameter
(the tornado chart).

Every variant of one call plays the same battles (battle ``i`` of each has the same
seed), so their differences are paired
(:meth:`ancients.workbench.comparison.Comparison.differences`).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from ancients.errors import SimulationError
from ancients.parameters import Parameter, Value
from ancients.ruleset import Ruleset
from ancients.ruleset import ruleset as get_ruleset
from ancients.scenario import Scenario
from ancients.workbench.comparison import Comparison, Difference
from ancients.workbench.runs import compare

__all__ = ["Sensitivity", "SensitivityRow", "Sweep", "sensitivity", "step_values", "sweep"]


# -- sweeps ---------------------------------------------------------------------------------
@attrs.frozen
class Sweep:
    """Results at each point of a grid of parameter values: ``points[i]`` (``{name:
    value}``) gave ``comparison[specs[i]]``; the first point is the baseline of the
    comparison's differences."""

    points: tuple[Mapping[str, Value], ...]
    specs: tuple[str, ...]
    comparison: Comparison

    def __len__(self) -> int:
        return len(self.points)

    def __iter__(self) -> Any:
        return iter(zip(self.points, (self.comparison[s] for s in self.specs), strict=True))

    def win_rates(self, side: str) -> list[tuple[Mapping[str, Value], float, float, float]]:
        """``(point, p, low, high)`` for ``side`` at every point (Wilson 95 %)."""
        return [(pt, *self.comparison[s].win_rate(side))
                for pt, s in zip(self.points, self.specs, strict=True)]


def sweep(spec: str | Ruleset, grid: Mapping[str, Sequence[Any]],
          scenario: str | Path | Scenario | None = None, **run: Any) -> Sweep:
    """Play every point of the grid ``{name: [values]}`` (their product, in order) on the
    same battles; ``run``: :func:`ancients.compare`'s arguments (``runs``, ``seed``,
    ``jobs``, ``precision``...). Names and values are checked before any battle."""
    base = get_ruleset(spec)
    if not grid:
        raise SimulationError("a sweep needs at least one parameter in its grid")
    names = list(grid)
    for name, values in grid.items():
        if isinstance(values, str) or not isinstance(values, Sequence) or not values:
            raise SimulationError(f"sweep: give {name!r} a list of values, got {values!r}")
    points: list[dict[str, Value]] = []
    variants: list[Ruleset] = []
    for combo in itertools.product(*(grid[n] for n in names)):
        variant = base.with_parameters(dict(zip(names, combo, strict=True)))
        points.append({n: variant.parameter(n) for n in names})
        variants.append(variant)
    if len(set(variants)) != len(variants):
        raise SimulationError("sweep: two points of the grid are the same variant")
    cmp = compare(variants, scenario, **run)
    return Sweep(tuple(points), tuple(str(v) for v in variants), cmp)


# -- sensitivity ------------------------------------------------------------------------------
def step_values(parameter: Parameter) -> tuple[Value | None, Value | None]:
    """One step down and one up from a numeric parameter's value (None past its bounds):
    its ``step``, else 1 for an int, a tenth of the value (0.1 from 0) for a float."""
    value = parameter.value
    if not parameter.numeric:
        return (None, None)
    assert isinstance(value, int | float)
    if parameter.step is not None:
        step: float = parameter.step
    elif isinstance(value, int):
        step = 1
    else:
        step = abs(value) / 10 or 0.1
    out: list[Value | None] = []
    for x in (value - step, value + step):
        x = round(x) if isinstance(value, int) else float(x)
        inside = (parameter.low is None or x >= parameter.low) and (
            parameter.high is None or x <= parameter.high)
        out.append(x if inside else None)
    return (out[0], out[1])


@attrs.frozen
class SensitivityRow:
    """One parameter's effect on ``side``'s win rate: the paired difference one step down
    and one step up (None where the step is out of its bounds)."""

    parameter: str
    value: Value
    down_value: Value | None
    up_value: Value | None
    down: Difference | None
    up: Difference | None

    @property
    def effect(self) -> float:
        """The larger of the two differences' sizes (what the tornado ranks by)."""
        return max((abs(d.delta) for d in (self.down, self.up) if d is not None), default=0.0)


@attrs.frozen
class Sensitivity:
    """Each parameter's effect on ``side``'s win rate, largest first: the tornado chart
    (:func:`ancients.pictures.plot.tornado`)."""

    spec: str
    side: str
    runs: int
    rows: tuple[SensitivityRow, ...]
    comparison: Comparison


def sensitivity(spec: str | Ruleset, parameters: Sequence[str] | None = None,
                scenario: str | Path | Scenario | None = None, *, side: str | None = None,
                **run: Any) -> Sensitivity:
    """Change each numeric parameter (default: all of them) one step each way
    (:func:`step_values`) and rank them by the paired effect on ``side``'s win rate
    (default: the scenario's first side), every variant on the same battles (Bonett-Price
    intervals, McNemar's exact test, Holm's correction over the rows). ``run``:
    :func:`ancients.compare`'s arguments."""
    base = get_ruleset(spec)
    known = base.parameters()
    if parameters is None:
        chosen = [n for n, p in known.items() if p.numeric]
    else:
        base.with_parameters({n: base.parameter(n) for n in parameters})  # names checked
        chosen = list(parameters)
        bad = [n for n in chosen if not known[n].numeric]
        if bad:
            raise SimulationError(f"sensitivity needs numeric parameters; not: {bad}")
    if not chosen:
        raise SimulationError(f"{base} has no numeric parameter to vary")
    sides = base.scenario(scenario).sides
    side = side or sides[0]
    if side not in sides:
        raise SimulationError(f"no side {side!r}; the sides are {list(sides)}")
    steps: dict[str, tuple[Value | None, Value | None]] = {}
    variants: list[Ruleset] = [base]
    for name in chosen:
        down, up = step_values(attrs.evolve(known[name], value=base.parameter(name)))
        steps[name] = (down, up)
        variants.extend(base.with_parameters({name: v}) for v in (down, up) if v is not None)
    cmp = compare(variants, scenario, **run)
    wins = {d.variant: d for d in cmp.differences(str(base))
            if d.metric == "wins" and d.side == side}
    rows = []
    for name in chosen:
        down, up = steps[name]

        def diff(v: Value | None, name: str = name) -> Difference | None:
            return None if v is None else wins[str(base.with_parameters({name: v}))]

        rows.append(SensitivityRow(name, base.parameter(name), down, up, diff(down), diff(up)))
    rows.sort(key=lambda r: -r.effect)
    return Sensitivity(str(base), side, len(cmp[str(base)]), tuple(rows), cmp)
