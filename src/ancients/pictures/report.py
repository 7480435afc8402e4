"""HTML for people: tables of summaries and comparisons (what notebooks show), and
``ancients report``: one self-contained page with the plots, the tables, the map of one
battle, the rules revisions and the command that reproduces it."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ancients.workbench.comparison import Table
    from ancients.workbench.results import Summary

__all__ = ["provenance_html", "summary_table", "table_html"]


def summary_table(summary: Summary) -> str:
    """A :class:`~ancients.workbench.results.Summary` as an HTML table, its notes below."""
    rows = "".join(f"<tr><th>{escape(k)}</th><td>{escape(v[0])}</td><td>{escape(v[1])}</td>"
                   "</tr>" for k, v in summary.lines)
    notes = "".join(f"<p class='note'>{escape(n)}</p>" for n in summary.notes)
    return (f"<table class='summary'><caption>{escape(summary.title)}</caption>"
            f"<thead><tr><th></th><th>value</th><th>95 % interval / detail</th></tr></thead>"
            f"<tbody>{rows}</tbody></table>{notes}")


def table_html(table: Table) -> str:
    """A :class:`~ancients.workbench.comparison.Table` as an HTML table, its notes below."""
    head = "".join(f"<th>{escape(c)}</th>" for c in table.columns)
    body = "".join("<tr>" + "".join(
        (f"<th>{escape(c)}</th>" if i == 0 else f"<td>{escape(c)}</td>")
        for i, c in enumerate(row)) + "</tr>" for row in table.rows)
    notes = "".join(f"<p class='note'>{escape(n)}</p>" for n in table.notes)
    return (f"<table class='comparison'><caption>{escape(table.title)}</caption>"
            f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{notes}")


_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 72em; color: #222; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; }
tbody th { text-align: left; font-weight: normal; }
caption { text-align: left; font-weight: bold; padding: 0.3em 0; }
.note { color: #555; font-size: 0.9em; margin: 0.2em 0; }
figure { margin: 1em 0; } svg { max-width: 100%; height: auto; }
pre { background: #f4f4f4; padding: 0.6em; overflow-x: auto; }
"""


def page(title: str, body: str, script: str = "") -> str:
    """A whole self-contained HTML page (no outside resources)."""
    js = f"<script>{script}</script>" if script else ""
    return (f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
            f"<title>{escape(title)}</title><style>{_STYLE}</style></head>"
            f"<body>{body}{js}</body></html>")


def report_html(comparison: Any, command: str, battle: Any | None = None) -> str:
    """The report of a comparison (or of one run: a Comparison of one): the plots as
    inline SVG, each variant's summary, the differences, the map of one battle (a
    finished :class:`~ancients.battle.Battle`), the rules revisions and ``command``."""
    from ancients.pictures import plot
    from ancients.ruleset import ruleset

    results = comparison.results
    parts = [f"<h1>{escape(' / '.join(results))}</h1>",
             "<p>To reproduce this report:</p>", f"<pre id='command'>{escape(command)}</pre>"]
    figures = [plot.win_rates(comparison)]
    if len(results) > 1:
        figures.append(plot.differences(comparison))
    figures += [plot.losses(comparison), plot.battle_length(comparison)]
    parts.append("<h2>Pictures</h2>")
    parts += [f"<figure>{plot.svg(f)}</figure>" for f in figures]
    if len(results) > 1:
        parts += ["<h2>Verdict</h2>", *(f"<p class='verdict'>{escape(line)}</p>"
                                        for line in comparison.verdict().lines()),
                  "<h2>Differences</h2>", table_html(comparison.table())]
    if comparison.under:
        head, *lines = comparison.robustness_lines()
        parts += ["<h2>Robustness</h2>",
                  f"<p>Every variant played again {escape(head.rstrip(':'))}, on every "
                  "side: whether each difference holds under every commander.</p>",
                  *(f"<p class='robustness'>{escape(line)}</p>" for line in lines)]
    parts.append("<h2>Each variant</h2>")
    parts += [summary_table(r.summary()) for r in results.values()]
    if battle is not None:
        parts += [f"<h2>One battle: {escape(str(battle.ruleset))}, seed {battle.seed}</h2>",
                  f"<p>{escape(str(battle.outcome))}</p>",
                  f"<figure class='map'>{_inline_svg(battle.to_svg())}</figure>"]
    parts += ["<h2>What made it</h2>", provenance_html(comparison)]
    rows = "".join(f"<tr><th>{escape(spec)}</th><td>{ruleset(spec).revision}</td>"
                   f"<td>{escape(ruleset(spec).title)}</td></tr>" for spec in results)
    parts += ["<h2>Rules revisions</h2>",
              "<table class='revisions'><thead><tr><th>variant</th><th>rules revision</th>"
              f"<th>ruleset</th></tr></thead><tbody>{rows}</tbody></table>",
              "<p class='note'>Each ruleset's documentation lists what every revision "
              "changed; a battle replays only under the revision it was played with.</p>"]
    return page("ancients report: " + ", ".join(results), "".join(parts))


def provenance_html(comparison: Any) -> str:
    """A table of what made each variant's battles (:meth:`Results.provenance`)."""
    head = ("variant", "scenario", "battle", "seed", "battles", "at most", "precision",
            "commanders", "rules revision", "ancients")
    body = ""
    for spec, r in comparison.results.items():
        made = r.provenance()
        asked = made["precision"]
        precision = ("" if asked is None else
                     f"+-{asked:.1%} asked, +-{made['half_width_reached']:.1%} reached")
        cells = (made["scenario"], made["battle"] or "", made["seed"], made["battles"],
                 "" if made["runs"] is None else made["runs"], precision,
                 r.commanders_text(), made["rules_revision"], made["ancients"])
        body += f"<tr><th>{escape(spec)}</th>" + "".join(
            f"<td>{escape(str(c))}</td>" for c in cells) + "</tr>"
    return ("<table class='provenance'><thead><tr>" + "".join(
        f"<th>{escape(h)}</th>" for h in head) + f"</tr></thead><tbody>{body}</tbody></table>")


def _inline_svg(text: str) -> str:
    """An SVG document's ``<svg>`` element alone (no XML prolog) for inlining."""
    start = text.find("<svg")
    return text[start:] if start >= 0 else text
