"""The ``ancients`` command group and what its commands share: the console, one-line
errors, output paths checked before any battle, commanders and run options.

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
from typing import TYPE_CHECKING, Any, TypeVar

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
#: where the command's own arguments are kept (``ctx.meta``), to tell how to run it again
ARGV = "ancients.argv"


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
        argv = list(args)
        try:
            ctx = super().make_context(info_name, args, parent, **extra)
        except click.ClickException as e:  # the group's own usage: no such command, ...
            raise _fail(_usage_message(e)) from None
        ctx.meta.setdefault(ARGV, argv)
        return ctx

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


def _output_option(*names: str, help: str, suffixes: tuple[str, ...] = ()
                   ) -> Callable[[F], F]:
    """An option naming a file to write, checked at once; with ``suffixes``, a file whose
    suffix is not one of them is refused (it would not hold what its name says)."""

    def check(ctx: click.Context, param: click.Parameter, value: Path | None) -> Path | None:
        _output(ctx, param, value)
        if value is not None and suffixes and value.suffix.lower() not in suffixes:
            raise click.BadParameter(
                f"cannot write {str(value)!r}: this option writes "
                f"{' or '.join(s.lstrip('.').upper() for s in suffixes[:1])}; give a file "
                f"ending in {' or '.join(suffixes)}", ctx, param)
        return value

    return click.option(*names, type=click.Path(path_type=Path), callback=check,
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


def _plugins(ctx: click.Context, param: click.Parameter, value: tuple[str, ...]
             ) -> tuple[str, ...]:
    from ancients.ruleset import load_plugin

    for target in value:
        try:
            load_plugin(target)
        except AncientsError as e:
            raise click.BadParameter(str(e), ctx, param) from None
    return value


@click.group(cls=_Group)
@click.version_option(package_name="ancients")
@click.option("--plugin", "plugins", multiple=True, metavar="MODULE:CLASS",
              callback=_plugins, expose_value=False, is_eager=True,
              help="Load a ruleset that is not installed as a plugin, e.g. "
                   "ancients.examples.toy:Toy (repeatable; or list them in "
                   "$ANCIENTS_PLUGINS).")
def main() -> None:
    """Simulate ancient battles under published wargame rulesets."""


_COMMANDER_HELP = ("Commander for a side: doctrine (default), random, noisy:EPSILON (the "
                   "doctrine answering at random with that probability) or search[:N] "
                   "(rollout search, N rollouts per candidate). Repeatable.")


def _commanders(items: tuple[str, ...]) -> dict[str, str]:
    """``("blue=noisy:0.2",)`` → ``{"blue": "noisy:0.2"}``, each name checked (sides are
    checked against the scenario's by whoever uses them)."""
    from ancients.commanders import named
    from ancients.errors import CommanderError

    commanders: dict[str, str] = {}
    for item in items:
        side, eq, kind = item.partition("=")
        if not eq or not side or not kind:
            raise click.BadParameter(f"{item!r}: expected SIDE=NAME (doctrine, random, "
                                     f"noisy:0.2, search, ...)",
                                     param_hint="'--commander' / '-c'")
        try:
            named(kind)
        except CommanderError as e:
            raise click.BadParameter(f"{item!r}: {e}", param_hint="'--commander' / '-c'"
                                     ) from None
        commanders[side] = kind.strip()
    return commanders


def _family(value: str | None) -> list[str] | None:
    """``--commanders doctrine,noisy:0.2,search`` → the family's names, each checked."""
    if value is None:
        return None
    from ancients.commanders import named
    from ancients.errors import CommanderError

    family = [k.strip() for k in value.split(",") if k.strip()]
    if len(family) < 2:
        raise click.BadParameter(f"{value!r}: name two or more commanders, e.g. "
                                 f"doctrine,noisy:0.2,search", param_hint="'--commanders'")
    for kind in family:
        try:
            named(kind)
        except CommanderError as e:
            raise click.BadParameter(str(e), param_hint="'--commanders'") from None
    return family


_FAMILY_HELP = ("Play every variant under each of these commanders (on every side), "
                "comma-separated, e.g. doctrine,noisy:0.2,search, and say whether each "
                "difference holds under them all.")


def _battle_commanders(rs: Ruleset, sides: tuple[str, ...],
                       choices: Mapping[str, str]) -> dict[str, Commander | None]:
    from ancients._words import names
    from ancients.commanders import named
    from ancients.errors import BattleStateError

    unknown = sorted(set(choices) - set(sides))
    if unknown:
        what = "an unknown side" if len(unknown) == 1 else "unknown sides"
        raise BattleStateError(f"commanders given for {what} {names(unknown)}; the sides "
                               f"are {names(sides)}")
    return {side: named(kind)(rs, side) for side, kind in choices.items()}


@contextlib.contextmanager
def _warnings_echoed() -> Iterator[None]:
    """The library's warnings raised inside — an OOBWarning (what a ruleset dropped or
    adjusted to field a battle), a PrecisionWarning (a run's cap came before its
    precision) — each as one ``warning: ...`` line on stderr, each once."""
    from ancients.errors import OOBWarning, PrecisionWarning

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", OOBWarning)
        warnings.simplefilter("always", PrecisionWarning)
        yield
    shown: set[str] = set()
    for w in caught:
        if issubclass(w.category, OOBWarning | PrecisionWarning):
            if str(w.message) not in shown:  # each once, however many variants field it
                shown.add(str(w.message))
                click.echo(f"warning: {w.message}", err=True)
        else:
            warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)


@contextlib.contextmanager
def _resumable(checkpoint: Path | None) -> Iterator[None]:
    """Ctrl-C during a run kept in ``checkpoint``: say where the battles are kept and the
    command that resumes it (exit status 130), instead of a traceback."""
    try:
        yield
    except KeyboardInterrupt:
        if checkpoint is None:
            raise
        import shlex

        from ancients.workbench.checkpoint import checkpoint_progress

        ctx = click.get_current_context()
        command = shlex.join(["ancients", *ctx.meta.get(ARGV, [])])
        kept = checkpoint_progress(checkpoint)
        what = (f"{kept[0]:,} of {kept[1]:,} battles are kept in {checkpoint}" if kept
                else f"no battle had finished yet ({checkpoint} holds none)")
        click.echo(f"interrupted: {what}; run the same command again to resume: {command}",
                   err=True)
        raise click.exceptions.Exit(130) from None


_BATTLE_HELP = ("Play a historical battle (a name from 'ancients battles', or an "
                "order-of-battle TOML file) as each ruleset fields it at its own scale, "
                "instead of a scenario.")


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
    if scheduler or dask_local:
        need_module("distributed", "dask",
                    "--scheduler" if scheduler else "--dask-local")

    @contextlib.contextmanager
    def where() -> Any:
        with dask_client(scheduler, dask_local) as client:
            yield client if client is not None else _jobs(jobs)

    return where()


#: what the summary's lines that a reader has to guess mean (by the end of their label)
SUMMARY_KEY = (
    ("score", "score: the ruleset's own points (victory points, ...), mean per battle"),
    ("losses", "losses: the share of a side's starting strength it lost, mean per battle"),
    ("balance", "balance: 1 - |difference of the two sides' win rates|; 1 when both win as "
                "often, 0 when one side always wins"),
    ("winner led for good from turn", "winner led for good from turn: of the battles won, "
     "the mean turn from whose end on the winner was ahead (its strength left, or its "
     "points) at every turn's end"),
    ("lead changes", "lead changes: how often the side ahead at a turn's end changed, mean "
                     "per battle"),
    ("comebacks (winner was behind)", "comebacks: of the battles won, the share whose winner "
     "was behind at the end of some turn, the first turns included (so it can be high while "
     "the winner leads for good from an early turn)"),
    ("lethality (mean losses)", "lethality: the mean of both sides' losses"),
    ("winner's losses / loser's", "winner's losses / loser's: the winner's mean losses over "
                                  "the loser's, over the battles won"),
)


def _summary_key(labels: Any) -> list[str]:
    """The lines of :data:`SUMMARY_KEY` for the labels shown (each once), under "key:"."""
    shown = [str(label) for label in labels]
    lines = [text for end, text in SUMMARY_KEY if any(x.endswith(end) for x in shown)]
    return ["key:", *(f"  {line}" for line in lines)] if lines else []


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


#: the picture formats ``--plot`` writes, by suffix
PLOT_SUFFIXES = (".svg", ".png", ".pdf")


def need_module(module: str, extra: str, what: str) -> None:
    """Refuse at once, before any battle, if the optional ``module`` (of the ``extra``)
    cannot be imported: one :class:`click.ClickException` saying how to install it."""
    import importlib.util

    if importlib.util.find_spec(module) is None:
        raise click.ClickException(f"{what} needs {module}: pip install 'ancients[{extra}]'")


def _need_plot(path: Path | None = None) -> None:
    """matplotlib is importable (before any battle is played)."""
    need_module("matplotlib", "plot", "--plot" if path is not None else "this command")


def _plot_output(ctx: click.Context, param: click.Parameter, value: Path | None
                 ) -> Path | None:
    """Callback of ``--plot``: a ``.svg``, ``.png`` or ``.pdf`` file that can be written
    (several pictures go into that one file), or an existing directory (one file a
    picture in it), and matplotlib installed; refused before any battle otherwise."""
    if value is None:
        return None
    if value.is_dir():
        if not os.access(value, os.W_OK):
            raise click.BadParameter(f"cannot write into {str(value)!r}", ctx, param)
    elif value.suffix.lower() not in PLOT_SUFFIXES:
        raise click.BadParameter(
            f"cannot write pictures as {str(value)!r}: give a file ending in "
            f"{', '.join(PLOT_SUFFIXES)} or a directory", ctx, param)
    else:
        _output(ctx, param, value)
    _need_plot(value)
    return value


def _plot_option(*names: str, help: str) -> Callable[[F], F]:
    return click.option(*names, type=click.Path(path_type=Path), callback=_plot_output,
                        metavar="FILE|DIR", help=help)


def _save_plots(figures: list[Any], path: Path, stem: str = "picture") -> list[Path]:
    """Every figure written where ``--plot`` said: into the one file ``path`` (a PDF of a
    page each, one SVG or PNG of them all stacked), or ``stem-1.svg``, ``stem-2.svg``, ...
    in the directory ``path``. The files written."""
    from ancients.pictures.plot import save, save_all

    if path.is_dir():
        written = [path / f"{stem}-{i}.svg" for i in range(1, len(figures) + 1)]
        for fig, out in zip(figures, written, strict=True):
            save(fig, out)
        return written
    save_all(figures, path)
    return [path]


_PLOT_HELP = ("Write the pictures (needs the plot extra): one FILE.svg/.png/.pdf holding "
              "them all, or into a directory DIR, one .svg each.")
