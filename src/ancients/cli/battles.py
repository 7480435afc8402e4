"""``ancients list``, ``options``, ``battles`` and ``play``: the rulesets and one battle."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import attrs
import click

from ancients.errors import AncientsError

if TYPE_CHECKING:

    pass

from ancients.cli.app import (
    _BATTLE_HELP,
    _COMMANDER_HELP,
    _battle_commanders,
    _commanders,
    _console,
    _default_spec,
    _output_option,
    _print_table,
    _warnings_echoed,
    main,
)


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



@main.command()
@click.argument("spec", required=False)
@click.option("--scenario", "-s", help="Built-in scenario name or a TOML file.")
@click.option("--battle", "-b", "oob", metavar="NAME", help=_BATTLE_HELP)
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help="The battle's seed: the same seed plays the same battle.")
@click.option("--commander", "-c", "commander", multiple=True, metavar="SIDE=KIND",
              help=_COMMANDER_HELP)
@_output_option("--log", "log_path", help="Write the full event log as JSON lines.")
@_output_option("--svg", "svg_path", help="Write a picture of the final position (.svg).",
                suffixes=(".svg",))
@_output_option("--html", "html_path",
                help="Write the battle replayed phase by phase as one HTML page (a slider "
                     "and the arrow keys step through the phases).",
                suffixes=(".html", ".htm"))
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
