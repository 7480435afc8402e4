"""``ancients plausibility``, ``parameters``, ``sensitivity`` and ``matchups``: the
questions a designer asks of a ruleset."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:

    pass

from ancients.cli.app import (
    _BATTLE_HELP,
    _console,
    _jobs,
    _output_option,
    _plot_option,
    _print_table,
    _save_plots,
    _warnings_echoed,
    main,
)


@main.command()
@click.option("--battle", "-b", "names", multiple=True, metavar="NAME",
              help="A built-in battle to play (repeatable) [default: all of them].")
@click.option("--ruleset", "-r", "specs", multiple=True, metavar="SPEC",
              help="A ruleset or variant to play them under (repeatable) [default: every "
                   "installed ruleset that can field them].")
@click.option("--runs", "-n", type=click.IntRange(min=1), default=400, show_default=True,
              help="Battles of each battle under each ruleset.")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help="Seed of the runs.")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help="Local processes [default: one per available core].")
@_output_option("--markdown", "markdown_path",
                help="Write the report as a docs page (with the date, the rules revisions "
                     "and this command); on an existing page, only its generated part is "
                     "replaced.")
@click.option("--no-progress", is_flag=True, help="No progress bar.")
def plausibility(names: tuple[str, ...], specs: tuple[str, ...], runs: int, seed: int,
                 jobs: int | None, markdown_path: Path | None, no_progress: bool) -> None:
    """Each ruleset's play of each historical battle against history: how often the
    historical winner wins, each side's losses against the sources' range, the loss
    ratio, battle length and how battles ended (doctrine against doctrine)."""
    import shlex

    from ancients.workbench.plausibility import page
    from ancients.workbench.plausibility import plausibility as run

    report = run(names or None, specs or None, runs=runs, seed=seed, jobs=_jobs(jobs),
                 progress=not no_progress)
    head, body = report.table()
    notes = [f"{b} under {rs}: not fielded ({why})" for b, rs, why in report.skipped]
    _print_table(_console(), f"plausibility: {runs} battles each, seed {seed}", head, body,
                 notes)
    if markdown_path is not None:
        argv = ["ancients", "plausibility", *(f"--battle={n}" for n in names),
                *(f"--ruleset={r}" for r in specs), f"--runs={runs}", f"--seed={seed}",
                f"--markdown={markdown_path}"]
        existing = (markdown_path.read_text(encoding="utf-8") if markdown_path.is_file()
                    else None)
        markdown_path.write_text(page(report, shlex.join(argv), existing), encoding="utf-8")


@main.command()
@click.argument("spec")
@click.option("--grep", "-g", "patterns", multiple=True, metavar="PATTERN",
              help="Only the parameters whose name matches: a part of the name "
                   "('stacking'), or an fnmatch pattern ('combat_table.7.*'). Repeatable.")
@click.option("--tuned", is_flag=True,
              help="Only the ones the ruleset marks as tuned (what 'ancients sensitivity' "
                   "varies by default).")
def parameters(spec: str, patterns: tuple[str, ...], tuned: bool) -> None:
    """A ruleset's parameters: every number its rules use, by name, with its value, where
    it comes from (printed or reconstructed) and the values it may take. A variant
    changes one in its spec: "raphia(stacking.light.limit=5)"."""
    import fnmatch

    from ancients.parameters import format_parameter, select_parameters
    from ancients.ruleset import ruleset

    rs = ruleset(spec)
    known = rs.parameters()
    total = len(known)
    if tuned:
        keep = select_parameters(str(rs), known, rs.tuned_parameters())
        known = {n: known[n] for n in keep}
    if patterns:
        globbed = [p if any(c in p for c in "*?[") else f"*{p}*" for p in patterns]
        known = {n: p for n, p in known.items()
                 if any(fnmatch.fnmatchcase(n, g) for g in globbed)}
        if not known:
            raise click.BadParameter(f"no parameter of {rs} matches "
                                     f"{' or '.join(map(repr, patterns))}",
                                     param_hint="'--grep'")
    rows = []
    for name, p in known.items():
        value = rs.parameter(name)
        changed = " *" if name in rs.overrides else ""
        bounds = "" if p.low is None and p.high is None else (
            f"{'' if p.low is None else f'{p.low:g}'}..{'' if p.high is None else f'{p.high:g}'}")
        rows.append((name, format_parameter(value) + changed, p.source, bounds,
                     p.where + (f" ({p.reason})" if p.reason else "")))
    console = _console()
    if not rows:
        console.print(f"{rs} has no parameters", markup=False)
        return
    notes = ["* differs from the rules' value"] if rs.overrides else []
    shown = f"{len(rows)} of its {total} parameters" if len(rows) < total else (
        f"{total} parameters")
    _print_table(console, f"{rs}: {shown}",
                 ["parameter", "value", "source", "bounds", "where"], rows, notes)


@main.command()
@click.argument("spec")
@click.option("--parameter", "-p", "names", multiple=True, metavar="NAME|PATTERN",
              help="A parameter to vary, or a pattern such as 'combat_table.*' "
                   "(repeatable) [default: the ones the ruleset marks as tuned].")
@click.option("--side", help="The side whose win rate is measured [default: the first].")
@click.option("--scenario", "-s", help="Built-in scenario name or a TOML file.")
@click.option("--battle", "-b", metavar="NAME", help=_BATTLE_HELP)
@click.option("--runs", "-n", type=click.IntRange(min=1), default=400, show_default=True,
              help="Battles per variant.")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help="Seed of the run.")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help="Local processes [default: one per available core].")
@_plot_option("--plot", "plot_path",
              help="Write the tornado chart (needs the plot extra): FILE.svg/.png/.pdf, or "
                   "into a directory.")
@click.option("--no-progress", is_flag=True, help="No progress bar.")
def sensitivity(spec: str, names: tuple[str, ...], side: str | None, scenario: str | None,
                battle: str | None, runs: int, seed: int, jobs: int | None,
                plot_path: Path | None, no_progress: bool) -> None:
    """Each numeric parameter one step down and up, ranked by its paired effect on the
    win rate, with 95 % intervals: the tornado chart as a table. Steps the ruleset
    refuses are skipped and listed under the table with the reason."""
    from ancients.workbench.sweeps import sensitivity as run

    with _warnings_echoed():
        result = run(spec, list(names) or None, scenario, side=side, battle=battle,
                     runs=runs, seed=seed, jobs=_jobs(jobs), progress=not no_progress)
    title, columns, rows, notes = result.table()
    _print_table(_console(), title, columns, rows, notes)
    if plot_path is not None:
        from ancients.pictures import plot

        written = _save_plots([plot.tornado(result)], plot_path, "tornado")
        _console().print(f"picture: {', '.join(map(str, written))}", markup=False)


def _grid(items: tuple[str, ...]) -> dict[str, list[str]]:
    """``("a.b=1,2,3",)`` → ``{"a.b": ["1", "2", "3"]}`` (values checked by the ruleset)."""
    grid: dict[str, list[str]] = {}
    for item in items:
        name, eq, values = item.partition("=")
        parts = [v.strip() for v in values.split(",")]
        if not eq or not name.strip() or not all(parts):
            raise click.BadParameter(f"{item!r}: expected NAME=VALUE,VALUE,...",
                                     param_hint="'--parameter' / '-p'")
        if name.strip() in grid:
            raise click.BadParameter(f"{name.strip()!r} given twice",
                                     param_hint="'--parameter' / '-p'")
        grid[name.strip()] = parts
    return grid


@main.command()
@click.argument("spec")
@click.option("--parameter", "-p", "items", multiple=True, required=True,
              metavar="NAME=V1,V2,...",
              help="A parameter and the values to play it at (repeatable: the grid is "
                   "every combination, in order).")
@click.option("--scenario", "-s", help="Built-in scenario name or a TOML file.")
@click.option("--battle", "-b", metavar="NAME", help=_BATTLE_HELP)
@click.option("--runs", "-n", type=click.IntRange(min=1), default=400, show_default=True,
              help="Battles per point of the grid.")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help="Seed of the run.")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help="Local processes [default: one per available core].")
@click.option("--no-progress", is_flag=True, help="No progress bar.")
def sweep(spec: str, items: tuple[str, ...], scenario: str | None, battle: str | None,
          runs: int, seed: int, jobs: int | None, no_progress: bool) -> None:
    """Play a grid of parameter values on the same battles: each point's win rates and
    draws with their intervals, and the paired change from the first point. For example:
    ancients sweep raphia -p force.flank_multiplier=1,2,3."""
    from ancients.workbench.sweeps import sweep as run

    with _warnings_echoed():
        result = run(spec, _grid(items), scenario, battle=battle, runs=runs, seed=seed,
                     jobs=_jobs(jobs), progress=not no_progress)
    _print_table(_console(), *result.table())


@main.command()
@click.argument("spec")
@click.option("--runs", "-n", type=click.IntRange(min=1), default=200, show_default=True,
              help="Duels per pairing.")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help="Seed of the run.")
@click.option("--type", "-t", "types", multiple=True, metavar="TYPE",
              help="A unit type to pit against the others (repeatable) [default: every "
                   "type the ruleset sets duels up for].")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help="Local processes [default: one per available core].")
@_plot_option("--plot", "plot_path",
              help="Write the heat map (needs the plot extra): FILE.svg/.png/.pdf, or into "
                   "a directory.")
def matchups(spec: str, runs: int, seed: int, types: tuple[str, ...], jobs: int | None,
             plot_path: Path | None) -> None:
    """Duels of each unit type against each on open ground: the row type's win rate with
    its interval and the share drawn, and the Bradley-Terry ratings (with their
    intervals) from which relative points values are read, beside the ruleset's printed
    points values where it has them."""
    from ancients.workbench.matchups import matchups as run

    result = run(spec, list(types) or None, runs=runs, seed=seed, jobs=_jobs(jobs))
    _print_table(_console(), *result.table())
    if plot_path is not None:
        from ancients.pictures import plot

        written = _save_plots([plot.matchup_heatmap(result)], plot_path, "matchups")
        _console().print(f"picture: {', '.join(map(str, written))}", markup=False)


if __name__ == "__main__":  # pragma: no cover
    main()
