"""The ``ancients`` command: list rulesets and their options, play one battle, simulate
many, compare variants.

Every error is one line on stderr, ``error: ...``, with exit status 2; output paths are
checked before any battle is played. Piped or redirected, the output is not wrapped or
truncated to a terminal's width.
"""

from __future__ import annotations

import contextlib
import os
import sys
import warnings
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeAlias, TypeVar

import attrs
import click

from ancients.errors import AncientsError

if TYPE_CHECKING:
    from rich.console import Console

    from ancients.battle import Commander
    from ancients.ruleset import Ruleset

F = TypeVar("F", bound=Callable[..., Any])
DEFAULT_RULESET = "raphia"
#: the console width when stdout is not a terminal: lines are never wrapped or cut
UNWRAPPED = 100_000


#: ``ancients simulate``'s precision when neither ``--runs`` nor ``--precision`` is given:
#: the 95 % half-width of every win rate (about 300-400 battles, some 15 s on two cores).
QUICK_PRECISION = 0.05


def _default_spec() -> str:
    from ancients.ruleset import rulesets

    names = rulesets()
    if DEFAULT_RULESET in names:
        return DEFAULT_RULESET
    if not names:
        raise click.ClickException("no rulesets are installed")
    return names[0]


def _console() -> Console:
    """A console on stdout: the terminal's width on a terminal, unbounded otherwise."""
    from rich.console import Console

    return Console(highlight=False, width=None if sys.stdout.isatty() else UNWRAPPED)


def _fail(message: str) -> click.exceptions.Exit:
    click.echo(f"error: {message}", err=True)
    return click.exceptions.Exit(2)


def _usage_message(e: click.ClickException) -> str:
    text = e.format_message().rstrip(".")
    text = text[:1].lower() + text[1:] if text[1:2].islower() else text
    ctx = getattr(e, "ctx", None)
    if isinstance(e, click.UsageError) and ctx is not None:
        text += f" (see '{ctx.command_path} --help')"
    return text


class _Group(click.Group):
    """One error style for the whole command: the library's errors, click's usage errors
    and unwritable files all become one ``error: ...`` line on stderr and exit status 2."""

    def make_context(self, info_name: str | None, args: list[str],
                     parent: click.Context | None = None, **extra: Any) -> click.Context:
        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.ClickException as e:  # the group's own usage: no such command, ...
            raise _fail(_usage_message(e)) from None

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except AncientsError as e:
            raise _fail(str(e)) from None
        except click.ClickException as e:  # a command's usage errors, BadParameter, ...
            raise _fail(_usage_message(e)) from None
        except OSError as e:  # a write that failed after the paths were checked
            where = f" {e.filename}" if e.filename else ""
            raise _fail(f"cannot write{where}: {e.strerror or e}") from None


def _output(ctx: click.Context, param: click.Parameter, value: Path | None) -> Path | None:
    """Callback of an option naming a file the command will write: refused at once if it
    cannot be (its directory is missing, it is a directory, no permission), before any
    battle is played."""
    if value is not None:
        problem = unwritable(value)
        if problem is not None:
            raise click.BadParameter(f"cannot write {str(value)!r}: {problem}", ctx, param)
    return value


def _output_option(*names: str, help: str) -> Callable[[F], F]:
    return click.option(*names, type=click.Path(path_type=Path), callback=_output,
                        metavar="FILE", help=help)


def unwritable(path: Path) -> str | None:
    """Why ``path`` cannot be written, or None. Opens it for appending to find out (so
    permissions are those of the real write) and removes it again if it was not there."""
    if path.is_dir():
        return "it is a directory"
    parent = path.parent
    if not parent.exists():
        return f"there is no directory {str(parent)!r}"
    if not parent.is_dir():
        return f"{str(parent)!r} is not a directory"
    existed = path.exists()
    try:
        with path.open("a", encoding="utf-8"):
            pass
        if not existed:
            path.unlink()
    except OSError as e:
        return (e.strerror or str(e)).lower()
    return None


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
            table.add_row(name, f"failed to load: {e}", "", "")
    console = _console()
    console.print(table)
    console.print("A ruleset's options: ancients options NAME")


@main.command()
@click.argument("spec")
def options(spec: str) -> None:
    """A ruleset's options: default, values and what each one does.

    SPEC is a ruleset name, or a spec such as "raphia(edition=1990)": then the values it
    gives are shown too, each one that differs from the default marked with *.
    """
    from rich.table import Table

    from ancients.ruleset import describe_option, format_value, ruleset

    rs = ruleset(spec)
    defaults = rs.Options()
    names = [f.name for f in attrs.fields(rs.Options)]
    changed = {n for n in names if getattr(rs.options, n) != getattr(defaults, n)}
    title = f"{rs}: {rs.title}, rules revision {rs.revision}"
    columns = ["option", "value", "default", "values", "meaning"] if changed else [
        "option", "default", "values", "meaning"]
    table = Table(*columns)
    for n in names:
        name, default, kind, helptext = describe_option(rs.Options, n)
        value = format_value(getattr(rs.options, n)) + (" *" if n in changed else "")
        table.add_row(*([name, value] if changed else [name]), default, kind, helptext)
    console = _console()
    console.print(title, markup=False)
    console.print(table)
    if changed:
        console.print("* differs from the default")


_COMMANDER_HELP = "Commander for a side: doctrine (default) or random. Repeatable."
CommanderKind: TypeAlias = Literal["doctrine", "random"]


def _commanders(items: tuple[str, ...]) -> dict[str, CommanderKind]:
    """``("blue=random",)`` → ``{"blue": "random"}`` (sides are checked against the
    scenario's by whoever uses them)."""
    commanders: dict[str, CommanderKind] = {}
    for item in items:
        side, eq, kind = item.partition("=")
        if not eq or not side or kind not in ("doctrine", "random"):
            raise click.BadParameter(f"{item!r}: expected SIDE=doctrine or SIDE=random",
                                     param_hint="'--commander' / '-c'")
        commanders[side] = "random" if kind == "random" else "doctrine"
    return commanders


def _battle_commanders(rs: Ruleset, sides: tuple[str, ...],
                       choices: Mapping[str, CommanderKind]) -> dict[str, Commander | None]:
    from ancients._words import names
    from ancients.commanders import RandomCommander
    from ancients.errors import BattleStateError

    unknown = sorted(set(choices) - set(sides))
    if unknown:
        what = "an unknown side" if len(unknown) == 1 else "unknown sides"
        raise BattleStateError(f"commanders given for {what} {names(unknown)}; the sides "
                               f"are {names(sides)}")
    return {side: RandomCommander() if kind == "random" else rs.doctrine_commander(side)
            for side, kind in choices.items()}


@contextlib.contextmanager
def _warnings_echoed() -> Iterator[None]:
    """Each OOBWarning raised inside (what a ruleset dropped or adjusted to field a
    battle) as one ``warning: ...`` line on stderr."""
    from ancients.errors import OOBWarning

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", OOBWarning)
        yield
    for w in caught:
        if issubclass(w.category, OOBWarning):
            click.echo(f"warning: {w.message}", err=True)
        else:
            warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)


@main.command("battles")
def battles_() -> None:
    """The built-in historical battles (orders of battle) and the rulesets that field them."""
    from ancients.oob import battles
    from ancients.ruleset import ruleset, rulesets

    fielding = []
    for name in rulesets():
        try:
            if ruleset(name).fields_oob:
                fielding.append(name)
        except AncientsError:
            continue
    rows = [(name, oob.title, " v ".join(f"{s.name} ({s.men.best:,} men)" for s in oob.sides),
             str(oob.sources[0]) if oob.sources else "") for name, oob in battles().items()]
    console = _console()
    _print_table(console, "built-in battles", ["battle", "title", "sides", "main source"],
                 rows, [f"fielded by: {', '.join(fielding) or '(no installed ruleset)'}; "
                        "e.g. ancients compare raphia monks_corner --battle mantinea-418bc"])


_BATTLE_HELP = ("Play a historical battle (a name from 'ancients battles', or an "
                "order-of-battle TOML file) as each ruleset fields it at its own scale, "
                "instead of a scenario.")


@main.command()
@click.argument("spec", required=False)
@click.option("--scenario", "-s", help="Built-in scenario name or a TOML file.")
@click.option("--battle", "-b", "oob", metavar="NAME", help=_BATTLE_HELP)
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help="The battle's seed: the same seed plays the same battle.")
@click.option("--commander", "-c", "commander", multiple=True, metavar="SIDE=KIND",
              help=_COMMANDER_HELP)
@_output_option("--log", "log_path", help="Write the full event log as JSON lines.")
@_output_option("--svg", "svg_path", help="Write a picture of the final position.")
@_output_option("--html", "html_path",
                help="Write the battle replayed phase by phase as one HTML page (a slider "
                     "and the arrow keys step through the phases).")
@click.option("--verbose", "-v", is_flag=True, help="Show every event, phases included.")
def play(spec: str | None, scenario: str | None, oob: str | None, seed: int,
         commander: tuple[str, ...], log_path: Path | None, svg_path: Path | None,
         html_path: Path | None, verbose: bool) -> None:
    """Play one battle and tell how it went, turn by turn.

    Terms a reader may not know are explained the first time they appear.
    """
    from ancients.ruleset import ruleset
    from ancients.workbench.runs import resolve_scenario

    choices = _commanders(commander)
    rs = ruleset(spec or _default_spec())
    with _warnings_echoed():
        sc = resolve_scenario(rs, scenario, oob)
    battle = rs.new_battle(sc, seed=seed,
                           commanders=_battle_commanders(rs, sc.sides, choices))
    if html_path is not None:
        from ancients.pictures.replay import replay_html

        html_path.write_text(replay_html(battle), encoding="utf-8")
        battle = rs.new_battle(sc, seed=seed,
                               commanders=_battle_commanders(rs, sc.sides, choices))
    console = _console()
    console.print(f"[bold]{battle.scenario.title}[/bold] — {rs.title} ({rs}), seed {seed}",
                  markup=True)
    turn = -1
    header: str | None = None  # printed before the first event of a phase that has any
    explained: set[str] = set()
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
                console.print(f"  {header}", style="dim", markup=False)
                header = None
            console.print(f"    {event.message}", markup=False)
            for term, text in battle.explain(event).items():
                if term not in explained:
                    explained.add(term)
                    console.print(f"      {term}: {text}", style="dim", markup=False)
    console.print(f"\n{battle.outcome}", style="bold", markup=False)
    if log_path is not None:
        battle.log.to_jsonl(log_path)
        console.print(f"log: {log_path}", markup=False)
    if svg_path is not None:
        svg_path.write_text(battle.to_svg(), encoding="utf-8")
        console.print(f"picture: {svg_path}", markup=False)
    if html_path is not None:
        console.print(f"replay: {html_path}", markup=False)


def _runs_options(f: Any) -> Any:
    """The options ``simulate``, ``compare`` and ``report`` share."""
    for option in reversed((
        click.option("--scenario", "-s", help="Built-in scenario name or a TOML file."),
        click.option("--battle", "-b", metavar="NAME", help=_BATTLE_HELP),
        click.option("--runs", "-n", type=click.IntRange(min=1), default=1000,
                     show_default=True, help="How many battles to play (the most, with "
                                             "--precision; simulate given neither plays "
                                             "to +-5 points)."),
        click.option("--precision", type=click.FloatRange(min=0, max=1, min_open=True,
                                                          max_open=True),
                     help="Play blocks of battles until every win rate (compare: every "
                          "win-rate difference) is known to this 95 % half-width, e.g. "
                          "0.02 for +-2 points."),
        click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
                     help="Local processes [default: one per available core]. The results "
                          "do not depend on it."),
        click.option("--scheduler", metavar="tcp://HOST:PORT",
                     help="Play on the Dask cluster of this scheduler (docs/clusters.md)."),
        click.option("--dask-local", type=click.IntRange(min=1), metavar="N",
                     help="Play on a local Dask cluster of N worker processes."),
        click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
                     help="Seed of the run: battle i gets a seed derived from it."),
        click.option("--commander", "-c", "commander", multiple=True, metavar="SIDE=KIND",
                     help=_COMMANDER_HELP),
        click.option("--no-progress", is_flag=True, help="No progress bar."),
    )):
        f = option(f)
    return f


def _jobs(jobs: int | None) -> int:
    if jobs is not None:
        return jobs
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (
        os.cpu_count() or 1)


def _where(jobs: int | None, scheduler: str | None, dask_local: int | None) -> Any:
    """A context giving what ``jobs=`` takes: a Dask client or a process count."""
    import contextlib

    from ancients.workbench.executors import dask_client

    if (scheduler or dask_local) and jobs is not None:
        raise click.BadParameter("--jobs is for local processes; a Dask cluster has its "
                                 "own workers", param_hint="'--jobs'")

    @contextlib.contextmanager
    def where() -> Any:
        with dask_client(scheduler, dask_local) as client:
            yield client if client is not None else _jobs(jobs)

    return where()


def _print_table(console: Console, title: str, columns: tuple[str, ...] | list[str],
                 rows: Any, notes: Any = ()) -> None:
    from rich.table import Table

    table = Table(*columns)
    for row in rows:
        table.add_row(*row)
    console.print(title, markup=False)  # above the table: too wide to sit over it
    console.print(table)
    for note in notes:
        console.print(note, markup=False)


def _save_plots(figures: list[Any], path: Path) -> None:
    """One figure to ``path``; several: ``path`` with -1, -2, ... before its suffix."""
    from ancients.pictures.plot import save

    if len(figures) == 1:
        save(figures[0], path)
        return
    for i, fig in enumerate(figures, 1):
        save(fig, path.with_name(f"{path.stem}-{i}{path.suffix}"))


_PLOT_HELP = ("Write the pictures (needs the plot extra): FILE.svg/.png/.pdf; several are "
              "numbered FILE-1, FILE-2, ...")


@main.command()
@click.argument("spec", required=False)
@_runs_options
@_output_option("--csv", "csv_path", help="Write one row per battle.")
@_output_option("--checkpoint", "checkpoint",
                help="Keep the finished battles in this .npz file as the run goes; run the "
                     "same command again to resume an interrupted run.")
@_output_option("--plot", "plot_path", help=_PLOT_HELP)
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
    with _where(jobs, scheduler, dask_local) as where, _warnings_echoed():
        results = run(spec or _default_spec(), scenario, runs=runs, seed=seed, jobs=where,
                      progress=not no_progress, commanders=_commanders(commander),
                      precision=precision, checkpoint=checkpoint, battle=battle)
    summary = results.summary()
    console = _console()
    _print_table(console, summary.title, ["", "value", "detail"],
                 [(m, v, d) for m, (v, d) in summary.lines], summary.notes)
    if csv_path is not None:
        results.to_csv(csv_path)
        console.print(f"rows: {csv_path}", markup=False)
    if plot_path is not None:
        from ancients.pictures import plot

        _save_plots([plot.win_rates(results), plot.losses(results),
                     plot.battle_length(results)], plot_path)
        console.print(f"pictures: {plot_path}", markup=False)


def _check_specs(specs: tuple[str, ...]) -> None:
    if len(specs) < 2:
        raise click.BadParameter("give two or more rulesets or variants to compare",
                                 param_hint="SPECS")


@main.command()
@click.argument("specs", nargs=-1, required=True)
@_runs_options
@_output_option("--csv", "csv_path",
                help="Write the paired differences, one row per metric and variant.")
@_output_option("--plot", "plot_path", help=_PLOT_HELP)
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
    _print_table(console, table.title, table.columns, table.rows, table.notes)
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

        _save_plots([plot.win_rates(comparison), plot.differences(comparison),
                     plot.losses(comparison), plot.battle_length(comparison)], plot_path)
        console.print(f"pictures: {plot_path}", markup=False)


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
@click.option("--parameter", "-p", "names", multiple=True, metavar="NAME",
              help="A parameter to vary (repeatable) [default: every numeric one].")
@click.option("--side", help="The side whose win rate is measured [default: the first].")
@click.option("--scenario", "-s", help="Built-in scenario name or a TOML file.")
@click.option("--runs", "-n", type=click.IntRange(min=1), default=400, show_default=True,
              help="Battles per variant.")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help="Seed of the run.")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help="Local processes [default: one per available core].")
@_output_option("--plot", "plot_path", help="Write the tornado chart (needs the plot extra).")
def sensitivity(spec: str, names: tuple[str, ...], side: str | None, scenario: str | None,
                runs: int, seed: int, jobs: int | None, plot_path: Path | None) -> None:
    """Each numeric parameter one step down and up, ranked by its paired effect on the
    win rate, with 95 % intervals: the tornado chart as a table."""
    from ancients.workbench.sweeps import sensitivity as run

    result = run(spec, list(names) or None, scenario, side=side, runs=runs, seed=seed,
                 jobs=_jobs(jobs))

    def cell(d: Any, value: Any) -> str:
        if d is None:
            return "-"
        mark = " *" if d.significant else ""
        return f"{value}: {d.delta:+.1%} [{d.low:+.1%}, {d.high:+.1%}]{mark}"

    rows = [(r.parameter, str(r.value), cell(r.down, r.down_value), cell(r.up, r.up_value))
            for r in result.rows]
    _print_table(_console(), f"{result.spec}: {result.side}'s win rate, {result.runs} "
                 f"battles a variant, seed {seed}",
                 ["parameter", "value", "one step down", "one step up"], rows,
                 ["paired differences (Bonett-Price 95 %), *: significant at 5 % after "
                  "Holm's correction over every difference"])
    if plot_path is not None:
        from ancients.pictures import plot

        plot.save(plot.tornado(result), plot_path)


@main.command()
@click.argument("spec")
@click.option("--runs", "-n", type=click.IntRange(min=1), default=200, show_default=True,
              help="Duels per pairing.")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help="Seed of the run.")
@_output_option("--plot", "plot_path", help="Write the heat map (needs the plot extra).")
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

        plot.save(plot.matchup_heatmap(result), plot_path)


if __name__ == "__main__":  # pragma: no cover
    main()
