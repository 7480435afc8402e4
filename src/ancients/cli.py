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

    from ancients.battle import Battle, Commander
    from ancients.ruleset import Ruleset

F = TypeVar("F", bound=Callable[..., Any])
DEFAULT_RULESET = "raphia"
#: the console width when stdout is not a terminal: lines are never wrapped or cut
UNWRAPPED = 100_000


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
    from ancients.battle import RandomCommander
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
    from rich.table import Table

    from ancients.oob import battles
    from ancients.ruleset import ruleset, rulesets

    fielding = []
    for name in rulesets():
        try:
            if ruleset(name).fields_oob:
                fielding.append(name)
        except AncientsError:
            continue
    table = Table("battle", "title", "sides", "main source")
    for name, oob in battles().items():
        sides = " v ".join(f"{s.name} ({s.men.best:,} men)" for s in oob.sides)
        table.add_row(name, oob.title, sides, str(oob.sources[0]) if oob.sources else "")
    console = _console()
    console.print(table)
    console.print(f"Fielded by: {', '.join(fielding) or '(no installed ruleset)'}; "
                  "e.g. ancients simulate raphia --battle mantinea-418bc", markup=False)


_BATTLE_HELP = ("A historical battle (a name from 'ancients battles', or an order-of-battle "
                "TOML file), fielded by each ruleset at its own scale; instead of --scenario.")


@main.command()
@click.argument("spec", required=False)
@click.option("--scenario", "-s", help="Built-in scenario name or a TOML file.")
@click.option("--battle", "-b", help=_BATTLE_HELP)
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help="The battle's seed: the same seed plays the same battle.")
@click.option("--commander", "-c", "commander", multiple=True, metavar="SIDE=KIND",
              help=_COMMANDER_HELP)
@_output_option("--log", "log_path", help="Write the full event log as JSON lines.")
@_output_option("--svg", "svg_path", help="Write a picture of the final position.")
@click.option("--verbose", "-v", is_flag=True, help="Show every event, phases included.")
def play(spec: str | None, scenario: str | None, battle: str | None, seed: int,
         commander: tuple[str, ...], log_path: Path | None, svg_path: Path | None,
         verbose: bool) -> None:
    """Play one battle and tell how it went, turn by turn.

    Terms a reader may not know are explained the first time they appear.
    """
    from ancients.ruleset import ruleset
    from ancients.simulate import resolve_scenario

    choices = _commanders(commander)
    rs = ruleset(spec or _default_spec())
    with _warnings_echoed():
        sc = resolve_scenario(rs, scenario, battle)
    game = rs.new_battle(sc, seed=seed, commanders=_battle_commanders(rs, sc.sides, choices))
    _tell(game, rs, seed, verbose, log_path, svg_path)


def _tell(battle: Battle, rs: Ruleset, seed: int, verbose: bool, log_path: Path | None,
          svg_path: Path | None) -> None:
    """``play``'s narrative of one battle, then its log and picture where asked."""
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


def _runs_options(f: Any) -> Any:
    """The options ``simulate`` and ``compare`` share."""
    for option in reversed((
        click.option("--scenario", "-s", help="Built-in scenario name or a TOML file."),
        click.option("--battle", "-b", help=_BATTLE_HELP),
        click.option("--runs", "-n", type=click.IntRange(min=1), default=1000,
                     show_default=True, help="How many battles to play."),
        click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
                     help="Local processes [default: one per available core]. The results "
                          "do not depend on it."),
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


@main.command()
@click.argument("spec", required=False)
@_runs_options
@_output_option("--csv", "csv_path", help="Write one row per battle.")
def simulate(spec: str | None, scenario: str | None, battle: str | None, runs: int,
             jobs: int | None, seed: int, commander: tuple[str, ...], no_progress: bool,
             csv_path: Path | None) -> None:
    """Play many battles and summarise them (default: the default ruleset and scenario)."""
    from rich.table import Table

    from ancients.simulate import simulate as run

    with _warnings_echoed():
        results = run(spec or _default_spec(), scenario, battle=battle, runs=runs, seed=seed,
                      jobs=_jobs(jobs), progress=not no_progress,
                      commanders=_commanders(commander))
    summary = results.summary()
    table = Table("", "value", "detail")
    for metric, (value, detail) in summary.lines:
        table.add_row(metric, value, detail)
    console = _console()
    console.print(summary.title, markup=False)  # above the table: too wide to sit over it
    console.print(table)
    for note in summary.notes:
        console.print(note, markup=False)
    if csv_path is not None:
        results.to_csv(csv_path)
        console.print(f"rows: {csv_path}", markup=False)


@main.command()
@click.argument("specs", nargs=-1, required=True)
@_runs_options
def compare(specs: tuple[str, ...], scenario: str | None, battle: str | None, runs: int,
            jobs: int | None, seed: int, commander: tuple[str, ...],
            no_progress: bool) -> None:
    """Play the same battles under two or more rulesets, editions or variants and show
    their summaries side by side.

    For example: ancients compare raphia "raphia(edition=1990)". Each variant gets the
    same seeds; without --scenario, each plays its default scenario. With --battle, each
    plays that historical battle at its own scale: ancients compare raphia monks_corner
    --battle mantinea-418bc.
    """
    from rich.table import Table

    from ancients._words import count
    from ancients.simulate import compare as run

    if len(specs) < 2:
        raise click.BadParameter("give two or more rulesets or variants to compare",
                                 param_hint="SPECS")
    with _warnings_echoed():
        comparison = run(list(specs), scenario, battle=battle, runs=runs, seed=seed,
                         jobs=_jobs(jobs), progress=not no_progress,
                         commanders=_commanders(commander))
    table = Table("")
    for spec in comparison.results:
        table.add_column(spec, overflow="fold")
    for metric, cells in comparison.side_by_side():
        table.add_row(metric, *cells)
    console = _console()
    console.print(f"{count(runs, 'battle')} each, seed {seed}", markup=False)
    console.print(table)
    notes = {n for r in comparison.results.values() for n in r.summary().notes}
    for note in sorted(notes):
        console.print(note, markup=False)


if __name__ == "__main__":  # pragma: no cover
    main()
