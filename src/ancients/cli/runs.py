"""``ancients simulate``, ``compare`` and ``report``: many battles, and variants compared."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:

    pass

from ancients.cli.app import (
    _PLOT_HELP,
    QUICK_PRECISION,
    _battle_commanders,
    _commanders,
    _console,
    _default_spec,
    _need_plot,
    _output,
    _output_option,
    _plot_option,
    _print_table,
    _resumable,
    _runs_options,
    _save_plots,
    _summary_key,
    _warnings_echoed,
    _where,
    main,
)


@main.command()
@click.argument("spec", required=False)
@_runs_options
@_output_option("--csv", "csv_path", help="Write one row per battle.")
@_output_option("--checkpoint", "checkpoint",
                help="Keep the finished battles in this .npz file as the run goes; run the "
                     "same command again to resume an interrupted run.")
@_plot_option("--plot", "plot_path", help=_PLOT_HELP)
def simulate(spec: str | None, scenario: str | None, battle: str | None, runs: int,
             precision: float | None, jobs: int | None, scheduler: str | None,
             dask_local: int | None, seed: int, commander: tuple[str, ...],
             no_progress: bool, csv_path: Path | None, checkpoint: Path | None,
             plot_path: Path | None) -> None:
    """Play many battles and summarise them (default: the default ruleset and scenario;
    with neither --runs nor --precision, blocks of battles until every win rate is known
    to +-5 points, at most --runs)."""
    from ancients.workbench.runs import simulate as run

    source = click.get_current_context().get_parameter_source
    if precision is None and source("runs") is click.core.ParameterSource.DEFAULT:
        precision = QUICK_PRECISION  # a quickstart in seconds, its precision printed
    with _where(jobs, scheduler, dask_local) as where, _warnings_echoed(), \
            _resumable(checkpoint):
        results = run(spec or _default_spec(), scenario, runs=runs, seed=seed, jobs=where,
                      progress=not no_progress, commanders=_commanders(commander),
                      precision=precision, checkpoint=checkpoint, battle=battle)
    summary = results.summary()
    console = _console()
    _print_table(console, summary.title, ["", "value", "detail"],
                 [(m, v, d) for m, (v, d) in summary.lines],
                 [*summary.notes, *_summary_key(m for m, _ in summary.lines)])
    if csv_path is not None:
        results.to_csv(csv_path)
        console.print(f"rows: {csv_path}", markup=False)
    if plot_path is not None:
        from ancients.pictures import plot

        written = _save_plots([plot.win_rates(results), plot.losses(results),
                               plot.battle_length(results)], plot_path)
        console.print(f"pictures: {', '.join(map(str, written))}", markup=False)


def _check_specs(specs: tuple[str, ...]) -> None:
    if len(specs) < 2:
        raise click.BadParameter("give two or more rulesets or variants to compare",
                                 param_hint="SPECS")


@main.command()
@click.argument("specs", nargs=-1, required=True)
@_runs_options
@_output_option("--csv", "csv_path",
                help="Write the paired differences, one row per metric and variant.")
@_plot_option("--plot", "plot_path", help=_PLOT_HELP)
def compare(specs: tuple[str, ...], scenario: str | None, battle: str | None, runs: int,
            precision: float | None, jobs: int | None, scheduler: str | None,
            dask_local: int | None, seed: int, commander: tuple[str, ...],
            no_progress: bool, csv_path: Path | None, plot_path: Path | None) -> None:
    """Play the same battles under two or more rulesets, editions or variants: each
    variant's values and a Δ column against the first, with its 95 % interval, marked
    where significant at 5 % after Holm's correction over the rows shown.

    For example: ancients compare raphia "raphia(edition=1990)". Each variant gets the
    same seeds (battle i of each is the same battle); without --scenario, each plays its
    default scenario.
    """
    from ancients.workbench.runs import compare as run

    _check_specs(specs)
    with _where(jobs, scheduler, dask_local) as where, _warnings_echoed():
        comparison = run(list(specs), scenario, runs=runs, seed=seed, jobs=where,
                         progress=not no_progress, commanders=_commanders(commander),
                         precision=precision, battle=battle)
    table = comparison.table()
    console = _console()
    _print_table(console, table.title, table.columns, table.rows,
                 [*table.notes, *_summary_key(row[0] for row in table.rows)])
    if csv_path is not None:
        import csv

        rows = [d.as_dict() for d in comparison.differences()]
        with csv_path.open("w", newline="", encoding="utf-8") as f:
            writer = csv.DictWriter(f, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
        console.print(f"differences: {csv_path}", markup=False)
    if plot_path is not None:
        from ancients.pictures import plot

        written = _save_plots([plot.win_rates(comparison), plot.differences(comparison),
                               plot.losses(comparison), plot.battle_length(comparison)],
                              plot_path)
        console.print(f"pictures: {', '.join(map(str, written))}", markup=False)


@main.command()
@click.argument("specs", nargs=-1, required=True)
@_runs_options
@click.option("--output", "-o", "output", type=click.Path(path_type=Path), callback=_output,
              required=True, metavar="FILE", help="The HTML file to write.")
def report(specs: tuple[str, ...], scenario: str | None, battle: str | None, runs: int,
           precision: float | None, jobs: int | None, scheduler: str | None,
           dask_local: int | None, seed: int, commander: tuple[str, ...],
           no_progress: bool, output: Path) -> None:
    """One self-contained HTML report of one ruleset or a comparison of several: the
    pictures, each variant's summary, the differences, the map of the first battle, the
    rules revisions and the command that reproduces it."""
    import shlex

    from ancients.pictures.report import report_html
    from ancients.ruleset import ruleset
    from ancients.workbench.comparison import Comparison
    from ancients.workbench.runs import compare as run
    from ancients.workbench.runs import resolve_scenario, simulate

    _need_plot()  # the report's pictures, before any battle
    choices = _commanders(commander)
    with _where(jobs, scheduler, dask_local) as where, _warnings_echoed():
        common: dict[str, Any] = {"runs": runs, "seed": seed, "jobs": where,
                                  "progress": not no_progress, "commanders": choices,
                                  "precision": precision, "battle": battle}
        if len(specs) == 1:
            one = simulate(specs[0], scenario, **common)
            comparison = Comparison({one.ruleset: one}, precision)
        else:
            comparison = run(list(specs), scenario, **common)
    rs = ruleset(specs[0])
    sc = resolve_scenario(rs, scenario, battle)
    first = rs.new_battle(sc, seed=int(comparison.results[str(rs)].seeds[0]),
                          commanders=_battle_commanders(rs, sc.sides, choices))
    first.run()
    command = shlex.join(["ancients", "report", *specs, *_argv_options(
        scenario=scenario, battle=battle, runs=runs, precision=precision, seed=seed,
        commander=commander), "-o", str(output)])
    output.write_text(report_html(comparison, command, first), encoding="utf-8")
    _console().print(f"report: {output}", markup=False)


def _argv_options(**values: Any) -> list[str]:
    out: list[str] = []
    for name, value in values.items():
        flag = "--" + name.replace("_", "-")
        if value is None or value == ():
            continue
        if isinstance(value, tuple):
            for v in value:
                out += [flag, str(v)]
        else:
            out += [flag, str(value)]
    return out
