"""HTML for people: tables of summaries and comparisons (what notebooks show), and
``ancients report``: one self-contained page with the plots, the tables, the map of one
battle, the rules revisions and the command that reproduces it."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ancients.simulate import Summary, Table

__all__ = ["summary_table", "table_html"]


def summary_table(summary: Summary) -> str:
    """A :class:`~ancients.simulate.Summary` as an HTML table, its notes below."""
    rows = "".join(f"<tr><th>{escape(k)}</th><td>{escape(v[0])}</td><td>{escape(v[1])}</td>"
                   "</tr>" for k, v in summary.lines)
    notes = "".join(f"<p class='note'>{escape(n)}</p>" for n in summary.notes)
    return (f"<table class='summary'><caption>{escape(summary.title)}</caption>"
            f"<thead><tr><th></th><th>value</th><th>95 % interval / detail</th></tr></thead>"
            f"<tbody>{rows}</tbody></table>{notes}")


def table_html(table: Table) -> str:
    """A :class:`~ancients.simulate.Table` as an HTML table, its notes below."""
    head = "".join(f"<th>{escape(c)}</th>" for c in table.columns)
    body = "".join("<tr>" + "".join(
        (f"<th>{escape(c)}</th>" if i == 0 else f"<td>{escape(c)}</td>")
        for i, c in enumerate(row)) + "</tr>" for row in table.rows)
    notes = "".join(f"<p class='note'>{escape(n)}</p>" for n in table.notes)
    return (f"<table class='comparison'><caption>{escape(table.title)}</caption>"
            f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{notes}")
