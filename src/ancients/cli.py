"""The ``ancients`` command: list rulesets, play one battle, simulate many, compare
variants."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import attrs
import click

from ancients.errors import AncientsError

DEFAULT_RULESET = "raphia"


def _default_spec() -> str:
    from ancients.ruleset import rulesets

    names = rulesets()
    if DEFAULT_RULESET in names:
        return DEFAULT_RULESET
    if not names:
        raise click.ClickException("no rulesets are installed")
    return names[0]


def _console() -> Any:
    from rich.console import Console

    return Console(highlight=False)


class _Group(click.Group):
    """Turns the library's errors into one clean line and exit status 2."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except AncientsError as e:
            click.echo(f"error: {e}", err=True)
            ctx.exit(2)


@click.group(cls=_Group)
@click.version_option(package_name="ancients")
def main() -> None:
    """Simulate ancient battles under published wargame rulesets."""


@main.command("list")
def list_() -> None:
    """The installed rulesets, their options and built-in scenarios."""
    from rich.table import Table

    from ancients.ruleset import ruleset, rulesets

    table = Table("ruleset", "title", "options", "scenarios (default first)")
    for name in rulesets():
        try:
            rs = ruleset(name)
            scenarios = [rs.default_scenario,
                         *sorted(s for s in rs.scenarios() if s != rs.default_scenario)]
            options = ", ".join(f.name for f in attrs.fields(rs.Options)) or "-"
            table.add_row(name, rs.title, options, ", ".join(scenarios))
        except AncientsError as e:
            table.add_row(name, f"[red]failed to load: {e}[/red]", "", "")
    console = _console()
    console.print(table)
    console.print("Options of a ruleset: ancients options NAME")


@main.command()
@click.argument("name")
def options(name: str) -> None:
    """A ruleset's options: default, values and what each one does."""
    from rich.table import Table

    from ancients.ruleset import describe_option, ruleset_class

    cls = ruleset_class(name)
    table = Table("option", "default", "values", "meaning",
                  title=f"{name}: {cls.title}, rules revision {cls.revision}")
    for f in attrs.fields(cls.Options):
        table.add_row(*describe_option(cls.Options, f.name))
    _console().print(table)


@main.command()
@click.argument("spec", required=False)
@click.option("--scenario", "-s", help="Built-in scenario name or a TOML file.")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--log", "log_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the full event log as JSON lines.")
@click.option("--svg", "svg_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Write a picture of the final position.")
@click.option("--verbose", "-v", is_flag=True, help="Show every event, phases included.")
def play(spec: str | None, scenario: str | None, seed: int, log_path: Path | None,
         svg_path: Path | None, verbose: bool) -> None:
    """Play one battle with the doctrine commanders and tell how it went."""
    from ancients.ruleset import ruleset

    rs = ruleset(spec or _default_spec())
    battle = rs.new_battle(rs.scenario(scenario), seed=seed)
    console = _console()
    console.print(f"[bold]{battle.scenario.title}[/bold] — {rs.title} ({rs}), seed {seed}")
    turn = -1
    header: str | None = None  # printed before the first event of a phase that has any
    while not battle.finished:
        for event in battle.step():
            if event.kind == "phase" and not verbose:
                header = f"{event.side} — {event.phase}" if event.side else event.phase
                continue
            if event.kind == "end" and not verbose:
                continue
            if event.turn != turn:
                turn = event.turn
                console.print(f"\n[bold]Turn {turn}[/bold]")
            if header is not None:
                console.print(f"  [dim]{header}[/dim]")
                header = None
            console.print(f"    {event.message}", markup=False)
    console.print(f"\n[bold]{battle.outcome}[/bold]")
    if log_path is not None:
        battle.log.to_jsonl(log_path)
        console.print(f"log: {log_path}")
    if svg_path is not None:
        svg_path.write_text(battle.to_svg(), encoding="utf-8")
        console.print(f"picture: {svg_path}")


def _runs_options(f: Any) -> Any:
    """The options ``simulate`` and ``compare`` share."""
    for option in reversed((
        click.option("--scenario", "-s", help="Built-in scenario name or a TOML file."),
        click.option("--runs", "-n", type=click.IntRange(min=1), default=1000,
                     show_default=True),
        click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
                     help="Local processes [default: one per available core]. The results "
                          "do not depend on it."),
        click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True),
        click.option("--commander", "-c", "commander", multiple=True, metavar="SIDE=KIND",
                     help="Commander for a side: doctrine (default) or random. Repeatable."),
        click.option("--no-progress", is_flag=True, help="No progress bar."),
    )):
        f = option(f)
    return f


def _commanders(items: tuple[str, ...]) -> dict[str, Any]:
    commanders: dict[str, Any] = {}
    for item in items:
        side, eq, kind = item.partition("=")
        if not eq or kind not in ("doctrine", "random"):
            raise click.BadParameter(f"{item!r}: expected SIDE=doctrine or SIDE=random",
                                     param_hint="--commander")
        commanders[side] = kind
    return commanders


def _jobs(jobs: int | None) -> int:
    if jobs is not None:
        return jobs
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (
        os.cpu_count() or 1)


@main.command()
@click.argument("spec", required=False)
@_runs_options
@click.option("--csv", "csv_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Write one row per battle.")
def simulate(spec: str | None, scenario: str | None, runs: int, jobs: int | None, seed: int,
             commander: tuple[str, ...], no_progress: bool, csv_path: Path | None) -> None:
    """Play many battles and summarise them (default: the default ruleset and scenario)."""
    from rich.table import Table

    from ancients.simulate import simulate as run

    results = run(spec or _default_spec(), scenario, runs=runs, seed=seed, jobs=_jobs(jobs),
                  progress=not no_progress, commanders=_commanders(commander))
    summary = results.summary()
    table = Table("", "value", "detail")
    for metric, (value, detail) in summary.lines:
        table.add_row(metric, value, detail)
    _console().print(summary.title)  # above the table: too wide to sit over it unwrapped
    _console().print(table)
    if csv_path is not None:
        results.to_csv(csv_path)
        _console().print(f"rows: {csv_path}")


@main.command()
@click.argument("specs", nargs=-1, required=True)
@_runs_options
def compare(specs: tuple[str, ...], scenario: str | None, runs: int, jobs: int | None,
            seed: int, commander: tuple[str, ...], no_progress: bool) -> None:
    """Play the same battles under two or more rulesets, editions or variants and show
    their summaries side by side, e.g. ``ancients compare raphia "raphia(edition=1990)"``
    (each gets the same seeds; without --scenario, each its default scenario)."""
    from rich.table import Table

    from ancients.simulate import compare as run

    if len(specs) < 2:
        raise click.BadParameter("give two or more rulesets or variants to compare",
                                 param_hint="SPECS")
    comparison = run(list(specs), scenario, runs=runs, seed=seed, jobs=_jobs(jobs),
                     progress=not no_progress, commanders=_commanders(commander))
    table = Table("", title=f"{runs} battles each, seed {seed}")
    for spec in comparison.results:
        table.add_column(spec, overflow="fold")
    for metric, cells in comparison.side_by_side():
        table.add_row(metric, *cells)
    _console().print(table)


if __name__ == "__main__":  # pragma: no cover
    main()
