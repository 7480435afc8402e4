"""``ancients simulate``, ``compare`` and ``report``: many battles, and variants compared."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from ancients.cli.app import (
    _FAMILY_HELP,
    _PLOT_HELP,
    QUICK_PRECISION,
    _battle_commanders,
    _commanders,
    _console,
    _default_spec,
    _family,
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
        made = results.to_csv(csv_path)
        console.print(f"rows: {csv_path} (what made them: {made})", markup=False)
    if plot_path is not None:
        from ancients.pictures import plot

        written = _save_plots([plot.win_rates(results), plot.losses(results),
                               plot.battle_length(results)], plot_path)
        console.print(f"pictures: {', '.join(map(str, written))}", markup=False)


_DETECT = click.option(
    "--detect", type=click.FloatRange(min=0, max=1, min_open=True, max_open=True),
    metavar="DELTA", help="Play blocks of battles until a change of DELTA (0.03: three "
    "points) in any side's win rate would be detected (80 % power, a 5 % two-sided "
    "test), at most --runs; the verdict then says whether one was.")


def _check_specs(specs: tuple[str, ...]) -> None:
    if len(specs) < 2:
        raise click.BadParameter("give two or more rulesets or variants to compare",
                                 param_hint="SPECS")


@main.command()
@click.argument("specs", nargs=-1, required=True)
@_runs_options
@_DETECT
@click.option("--commanders", "family", metavar="NAME,NAME,...", help=_FAMILY_HELP)
@_output_option("--csv", "csv_path",
                help="Write the paired differences, one row per metric and variant.")
@_plot_option("--plot", "plot_path", help=_PLOT_HELP)
def compare(specs: tuple[str, ...], scenario: str | None, battle: str | None, runs: int,
            precision: float | None, jobs: int | None, scheduler: str | None,
            dask_local: int | None, seed: int, commander: tuple[str, ...],
            no_progress: bool, detect: float | None, family: str | None,
            csv_path: Path | None, plot_path: Path | None) -> None:
    """Play the same battles under two or more rulesets, editions or variants: each
    variant's values and a Δ column against the first, with its 95 % interval, marked
    where significant at 5 % after Holm's correction over the rows shown.

    For example: ancients compare raphia "raphia(edition=1990)". The variants of one
    ruleset play the same battles (battle i of each has the same seed) and are compared
    battle by battle (paired). Different rulesets play different games: they are
    compared only on one --battle, as independent samples, on what means the same in
    each (win rates, losses as a fraction of strength, battle length in each one's own
    turns).
    """
    from ancients.workbench.runs import compare as run

    _check_specs(specs)
    under = _family(family)
    if under and commander:
        raise click.BadParameter("give --commander (one per side) or --commanders (a "
                                 "family, each playing every side), not both",
                                 param_hint="'--commanders'")
    with _where(jobs, scheduler, dask_local) as where, _warnings_echoed():
        comparison = run(list(specs), scenario, runs=runs, seed=seed, jobs=where,
                         progress=not no_progress, commanders=_commanders(commander),
                         precision=precision, battle=battle, detect=detect, under=under)
    table = comparison.table()
    console = _console()
    _print_table(console, table.title, table.columns, table.rows,
                 [*table.notes, *_summary_key(row[0] for row in table.rows)])
    console.print("verdict:", markup=False)
    for line in comparison.verdict().lines():
        console.print(f"  {line}", markup=False)
    if comparison.under:
        head, *held = comparison.robustness_lines()
        console.print(f"robustness, {head}", markup=False)
        for line in held:
            console.print(f"  {line}", markup=False)
    if csv_path is not None:
        import csv

        from ancients.workbench.results import write_provenance

        rows = [d.as_dict() for d in comparison.differences()]
        with csv_path.open("w", newline="", encoding="utf-8") as f:
            writer = csv.DictWriter(f, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
        made = write_provenance(csv_path, comparison.provenance())
        console.print(f"differences: {csv_path} (what made them: {made})", markup=False)
    if plot_path is not None:
        from ancients.pictures import plot

        written = _save_plots([plot.win_rates(comparison), plot.differences(comparison),
                               plot.losses(comparison), plot.battle_length(comparison)],
                              plot_path)
        console.print(f"pictures: {', '.join(map(str, written))}", markup=False)


@main.command()
@click.argument("specs", nargs=-1, required=True)
@_runs_options
@_DETECT
@click.option("--commanders", "family", metavar="NAME,NAME,...", help=_FAMILY_HELP)
@click.option("--output", "-o", "output", type=click.Path(path_type=Path), callback=_output,
              required=True, metavar="FILE", help="The HTML file to write.")
def report(specs: tuple[str, ...], scenario: str | None, battle: str | None, runs: int,
           precision: float | None, jobs: int | None, scheduler: str | None,
           dask_local: int | None, seed: int, commander: tuple[str, ...],
           no_progress: bool, detect: float | None, family: str | None,
           output: Path) -> None:
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
    under = _family(family)
    if under and (commander or len(specs) == 1):
        raise click.BadParameter("--commanders needs two or more variants and no "
                                 "--commander", param_hint="'--commanders'")
    with _where(jobs, scheduler, dask_local) as where, _warnings_echoed():
        common: dict[str, Any] = {"runs": runs, "seed": seed, "jobs": where,
                                  "progress": not no_progress, "commanders": choices,
                                  "precision": precision, "battle": battle}
        if len(specs) == 1:
            if detect is not None:
                raise click.BadParameter("a difference to detect needs two or more "
                                         "variants", param_hint="'--detect'")
            one = simulate(specs[0], scenario, **common)
            comparison = Comparison({one.ruleset: one}, precision)
        else:
            comparison = run(list(specs), scenario, detect=detect, under=under, **common)
    rs = ruleset(specs[0])
    sc = resolve_scenario(rs, scenario, battle)
    first = rs.new_battle(sc, seed=int(comparison.results[str(rs)].seeds[0]),
                          commanders=_battle_commanders(rs, sc.sides, choices))
    first.run()
    command = shlex.join(["ancients", "report", *specs, *_argv_options(
        scenario=scenario, battle=battle, runs=runs, precision=precision, seed=seed,
        commander=commander, detect=detect, commanders=family), "-o", str(output)])
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
