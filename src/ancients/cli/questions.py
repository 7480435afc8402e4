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
def parameters(spec: str) -> None:
    """A ruleset's parameters: every number its rules use, by name, with its value, where
    it comes from (printed or reconstructed) and the values it may take. A variant
    changes one in its spec: "toy(rules.combat.loss=2)"."""
    from ancients.parameters import format_parameter
    from ancients.ruleset import ruleset

    rs = ruleset(spec)
    known = rs.parameters()
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
    _print_table(console, f"{rs}: {len(rows)} parameters",
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


@main.command()
@click.argument("spec")
@click.option("--runs", "-n", type=click.IntRange(min=1), default=200, show_default=True,
              help="Duels per pairing.")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help="Seed of the run.")
@_plot_option("--plot", "plot_path",
              help="Write the heat map (needs the plot extra): FILE.svg/.png/.pdf, or into "
                   "a directory.")
def matchups(spec: str, runs: int, seed: int, plot_path: Path | None) -> None:
    """Duels of each unit type against each on open ground: the row type's win rate, and
    the Bradley-Terry ratings from which relative points values are read."""
    from ancients.workbench.matchups import matchups as run

    result = run(spec, runs=runs, seed=seed)
    ratings = result.ratings()
    rows = [(t, *(f"{result.rate[i, j]:.0%}" for j in range(len(result.types))),
             f"{ratings[t]:.2f}") for i, t in enumerate(result.types)]
    _print_table(_console(), f"{result.spec}: {runs} duels a pairing, seed {seed}",
                 ["type \\ against", *result.types, "rating"], rows,
                 ["rating: Bradley-Terry strength, mean 1 (docs/workbench.md: points "
                  "values)"])
    if plot_path is not None:
        from ancients.pictures import plot

        written = _save_plots([plot.matchup_heatmap(result)], plot_path, "matchups")
        _console().print(f"picture: {', '.join(map(str, written))}", markup=False)


if __name__ == "__main__":  # pragma: no cover
    main()
