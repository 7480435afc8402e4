"""Sweeps over parameter values and the sensitivity of the win rate to each parameter
(the tornado chart).

Every variant of one call plays the same battles (battle ``i`` of each has the same
seed), so their differences are paired
(:meth:`ancients.workbench.comparison.Comparison.differences`).
"""

from __future__ import annotations

import contextlib
import itertools
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from ancients.errors import AncientsError, OOBWarning, SimulationError
from ancients.parameters import (
    Parameter,
    Value,
    default_tuned,
    format_parameter,
    select_parameters,
)
from ancients.ruleset import Ruleset
from ancients.ruleset import ruleset as get_ruleset
from ancients.scenario import Scenario
from ancients.workbench.comparison import Comparison, Difference
from ancients.workbench.runs import compare, resolve_scenario
from ancients.workbench.text import text_table

__all__ = ["Refused", "Sensitivity", "SensitivityRow", "Sweep", "sensitivity", "step_values",
           "sweep"]


# -- sweeps ---------------------------------------------------------------------------------
@attrs.frozen
class Sweep:
    """Results at each point of a grid of parameter values: ``points[i]`` (``{name:
    value}``) gave ``comparison[specs[i]]``; the first point is the baseline of the
    comparison's differences. ``str()`` is the table."""

    points: tuple[Mapping[str, Value], ...]
    specs: tuple[str, ...]
    comparison: Comparison
    #: the ruleset or variant the grid's values were put into
    base: str = ""

    def __len__(self) -> int:
        return len(self.points)

    def __iter__(self) -> Any:
        return iter(zip(self.points, (self.comparison[s] for s in self.specs), strict=True))

    def win_rates(self, side: str) -> list[tuple[Mapping[str, Value], float, float, float]]:
        """``(point, p, low, high)`` for ``side`` at every point (Wilson 95 %)."""
        return [(pt, *self.comparison[s].win_rate(side))
                for pt, s in zip(self.points, self.specs, strict=True)]

    def table(self) -> tuple[str, tuple[str, ...], list[tuple[str, ...]], list[str]]:
        """The title, columns, rows and notes of the table ``str()`` prints: each point's
        values, each side's win rate and the draws with their Wilson 95 % intervals, and
        the paired difference of the first side's win rate from the first point."""
        first = self.comparison[self.specs[0]]
        sides = first.sides
        names = list(self.points[0])
        wins = {d.variant: d for d in self.comparison.differences(self.specs[0])
                if d.metric == "wins" and d.side == sides[0]}

        def rate(p: float, lo: float, hi: float) -> str:
            return f"{p:.1%} [{lo:.1%}, {hi:.1%}]"

        rows: list[tuple[str, ...]] = []
        for point, spec in zip(self.points, self.specs, strict=True):
            r = self.comparison[spec]
            d = wins.get(spec)
            delta = "baseline" if d is None else (
                f"{d.delta:+.1%} [{d.low:+.1%}, {d.high:+.1%}]{' *' if d.significant else ''}")
            rows.append((*(format_parameter(point[n]) for n in names),
                         *(rate(*r.win_rate(s)) for s in sides), rate(*r.draw_rate()), delta))
        columns = (*names, *(f"{s} wins" for s in sides), "draws", f"Δ {sides[0]} wins")
        notes = ["rates: Wilson 95 % intervals; Δ: paired difference from the first point on "
                 "the same battles (Bonett-Price 95 %); *: significant at 5 % after Holm's "
                 "correction over every difference"]
        title = (f"sweep of {self.base or self.specs[0]}: {len(first)} battles a point, seed "
                 f"{first.seed}")
        return title, columns, rows, notes

    def __str__(self) -> str:
        return text_table(*self.table())


def sweep(spec: str | Ruleset, grid: Mapping[str, Sequence[Any]],
          scenario: str | Path | Scenario | None = None, **run: Any) -> Sweep:
    """Play every point of the grid ``{name: [values]}`` (their product, in order) on the
    same battles; ``run``: :func:`ancients.compare`'s arguments (``runs``, ``seed``,
    ``jobs``, ``precision``, ``battle``...). Names and values are checked, and each
    point's first battle played, before the run: a point the ruleset refuses is one
    :class:`~ancients.errors.SimulationError` naming it. ``str()`` is the table."""
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
    for variant in variants:
        why = _refusal(variant, scenario, run.get("battle"), int(run.get("seed", 0)))
        if why is not None:
            raise SimulationError(f"sweep: {variant} cannot be played: {why}")
    cmp = compare(variants, scenario, **run)
    return Sweep(tuple(points), tuple(str(v) for v in variants), cmp, str(base))


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
    and one step up (None where the step is past its bounds or refused: see
    :attr:`Sensitivity.refused`)."""

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
class Refused:
    """A step the ruleset would not play: ``parameter`` at ``value``, and why (the
    ruleset's own error)."""

    parameter: str
    value: Value
    reason: str


@attrs.frozen
class Sensitivity:
    """Each parameter's effect on ``side``'s win rate, largest first: the tornado chart
    (:func:`ancients.pictures.plot.tornado`); ``refused``: the steps the ruleset would
    not play, each with its reason. ``str()`` is the table."""

    spec: str
    side: str
    runs: int
    rows: tuple[SensitivityRow, ...]
    comparison: Comparison
    refused: tuple[Refused, ...] = ()

    def table(self) -> tuple[str, tuple[str, ...], list[tuple[str, ...]], list[str]]:
        """The title, columns, rows and notes of the table ``str()`` prints."""
        refused = {(r.parameter, r.value) for r in self.refused}

        def cell(row: SensitivityRow, d: Difference | None, value: Value | None) -> str:
            if value is None:
                return "- (past its bounds)"
            if d is None:
                return f"{format_parameter(value)}: refused" if (
                    row.parameter, value) in refused else "-"
            mark = " *" if d.significant else ""
            return (f"{format_parameter(value)}: {d.delta:+.1%} "
                    f"[{d.low:+.1%}, {d.high:+.1%}]{mark}")

        rows: list[tuple[str, ...]] = [
                (r.parameter, format_parameter(r.value), cell(r, r.down, r.down_value),
                 cell(r, r.up, r.up_value)) for r in self.rows]
        notes = [f"each cell: the step's value, then the change in {self.side}'s win rate, "
                 "a paired difference on the same battles with its Bonett-Price 95 % "
                 "interval; *: significant at 5 % after Holm's correction over every "
                 "difference"]
        notes += [f"refused: {r.parameter}={format_parameter(r.value)}: {r.reason}"
                  for r in self.refused]
        title = (f"{self.spec}: {self.side}'s win rate, {self.runs} battles a variant, seed "
                 f"{self.comparison[self.spec].seed}")
        return title, ("parameter", "value", "one step down", "one step up"), rows, notes

    def __str__(self) -> str:
        return text_table(*self.table())


def _refusal(variant: Ruleset, scenario: str | Path | Scenario | None,
             battle: str | Path | None, seed: int) -> str | None:
    """Why ``variant`` cannot play (its tables, the scenario under them, its first
    battle), or None."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", OOBWarning)
            sc = resolve_scenario(variant, scenario, battle)
        variant.new_battle(sc, seed=seed).run()
    except AncientsError as e:
        return str(e)
    return None


def sensitivity(spec: str | Ruleset, parameters: Sequence[str] | None = None,
                scenario: str | Path | Scenario | None = None, *, side: str | None = None,
                battle: str | Path | None = None, **run: Any) -> Sensitivity:
    """Change each numeric parameter one step each way (:func:`step_values`) and rank
    them by the paired effect on ``side``'s win rate (default: the scenario's first
    side), every variant on the same battles (Bonett-Price intervals, McNemar's exact
    test, Holm's correction over the rows). ``parameters``: names or ``fnmatch``
    patterns (``"combat_table.*"``), default the ruleset's
    :meth:`~ancients.ruleset.Ruleset.tuned_parameters` (of the generic default, one
    none of whose steps can be played gives its place to the next). A step the ruleset refuses (its
    other tables reject the value, the scenario cannot be set up under it, its first
    battle fails) is skipped and listed in :attr:`Sensitivity.refused` with the reason.
    ``run``: :func:`ancients.compare`'s arguments (``runs``, ``seed``, ``jobs``,
    ``progress``...)."""
    base = get_ruleset(spec)
    known = base.parameters()
    if not any(p.numeric for p in known.values()):
        raise SimulationError(f"{base} has no numeric parameter to vary")
    given = base.tuned_parameters() if parameters is None else parameters
    if isinstance(given, str):
        given = [given]
    chosen = select_parameters(str(base), known, given, numeric=True)
    seed = int(run.get("seed", 0))
    problem = _refusal(base, scenario, battle, seed)
    if problem is not None:
        raise SimulationError(f"sensitivity of {base}: {problem}")
    sides = _sides(base, scenario, battle)
    side = side or sides[0]
    if side not in sides:
        raise SimulationError(f"no side {side!r}; the sides are {list(sides)}")
    # a ruleset that marks none gets the generic handful; a parameter of it none of
    # whose steps can be played gives its place to the next one
    generic = parameters is None and \
        type(base).tuned_parameters is Ruleset.tuned_parameters
    candidates = list(default_tuned(known, len(known))) if generic else chosen
    want = len(chosen)
    steps: dict[str, tuple[Value | None, Value | None]] = {}
    variants: list[Ruleset] = [base]
    refused: list[Refused] = []
    played: dict[tuple[str, Value], str] = {}  # each step played: its variant's spec
    with _checking(run.get("progress", False), 2 * want) as check:
        for name in candidates[:4 * want] if generic else candidates:
            if len(steps) == want:
                break
            pair = step_values(attrs.evolve(known[name], value=base.parameter(name)))
            tried: list[Refused] = []
            for v in (v for v in pair if v is not None):
                try:
                    variant = base.with_parameters({name: v})
                    why = _refusal(variant, scenario, battle, seed)
                except AncientsError as e:  # a value the parameter itself refuses
                    why = str(e)
                if why is None:
                    variants.append(variant)
                    played[(name, v)] = str(variant)
                else:
                    tried.append(Refused(name, v, why))
                check()
            if generic and not any((name, v) in played for v in pair):
                check(grow=2)
                continue  # nothing of it can be played: the next one instead
            steps[name] = pair
            refused += tried
    chosen = list(steps)
    if len(variants) == 1:
        raise SimulationError(f"sensitivity of {base}: every step was refused ("
                              + "; ".join(f"{r.parameter}={format_parameter(r.value)}: "
                                          f"{r.reason}" for r in refused) + ")")
    cmp = compare(variants, scenario, battle=battle, **run)
    wins = {d.variant: d for d in cmp.differences(str(base))
            if d.metric == "wins" and d.side == side}
    rows = []
    for name in chosen:
        down, up = steps[name]

        def diff(v: Value | None, name: str = name) -> Difference | None:
            spec = played.get((name, v)) if v is not None else None
            return None if spec is None else wins[spec]

        rows.append(SensitivityRow(name, base.parameter(name), down, up, diff(down), diff(up)))
    rows.sort(key=lambda r: -r.effect)
    return Sensitivity(str(base), side, len(cmp[str(base)]), tuple(rows), cmp,
                       tuple(refused))


@contextlib.contextmanager
def _checking(progress: Any, total: int) -> Iterator[Callable[..., None]]:
    """A bar over the steps being checked (each plays one battle) when ``progress`` is
    true and no callback: the check of many steps takes a while too. The function it
    gives advances the bar one step, or makes it ``grow`` steps longer."""
    if not progress or callable(progress) or total < 2:
        yield lambda grow=0: None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress

    bar = Progress("[progress.description]{task.description}", BarColumn(),
                   MofNCompleteColumn(), transient=True)
    task = bar.add_task("checking the steps", total=total)
    size = [total]

    def check(grow: int = 0) -> None:
        if grow:
            size[0] += grow
            bar.update(task, total=size[0])
        else:
            bar.advance(task)

    with bar:
        yield check


def _sides(base: Ruleset, scenario: str | Path | Scenario | None,
           battle: str | Path | None) -> tuple[str, ...]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", OOBWarning)
        return tuple(resolve_scenario(base, scenario, battle).sides)
