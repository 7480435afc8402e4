"""Pictures of the workbench's answers, each a matplotlib ``Figure`` (the ``plot`` extra:
``pip install 'ancients[plot]'``): win rates with their intervals per variant, paired
differences, loss distributions, battle length, the sensitivity tornado, the matchup
heat map. ``save(fig, "x.svg")`` writes one; :func:`svg` gives its SVG text.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from ancients.errors import AncientsError

if TYPE_CHECKING:
    from ancients.workbench.comparison import Comparison
    from ancients.workbench.matchups import Matchups
    from ancients.workbench.results import Results
    from ancients.workbench.sweeps import Sensitivity

__all__ = ["FORMATS", "battle_length", "differences", "losses", "matchup_heatmap", "save",
           "save_all", "svg",
           "tornado", "win_rates"]


def _figure(width: float = 6.4, height: float = 3.6) -> Any:
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise AncientsError("plots need matplotlib: pip install 'ancients[plot]'") from None
    fig = Figure(figsize=(width, height), layout="constrained")
    return fig


def _runs(what: Results | Comparison) -> dict[str, Results]:
    results = getattr(what, "results", None)  # a Comparison's, by variant
    if results is None:
        one: Results = what  # type: ignore[assignment]
        return {one.ruleset: one}
    return dict(results)


def _bar(d: Any) -> list[list[float]]:
    """An error bar's two lengths (never negative; none where there is no interval)."""
    if np.isnan(d.low) or np.isnan(d.high):
        return [[0.0], [0.0]]
    return [[max(0.0, d.delta - d.low)], [max(0.0, d.high - d.delta)]]


def win_rates(what: Results | Comparison) -> Any:
    """Each side's win rate (and the draw rate) per variant, with 95 % Wilson bars."""
    runs = _runs(what)
    fig = _figure(6.4, 1.2 + 0.45 * len(runs) * 3)
    ax = fig.add_subplot()
    labels, values, lows, highs = [], [], [], []
    for spec, r in runs.items():
        for side in (*r.sides, None):
            p, lo, hi = r.win_rate(side) if side else r.draw_rate()
            labels.append(f"{spec}: {side or 'draws'}")
            values.append(p)
            lows.append(max(0.0, p - lo))
            highs.append(max(0.0, hi - p))
    y = np.arange(len(labels))[::-1]
    ax.errorbar(values, y, xerr=[lows, highs], fmt="o", capsize=3)
    ax.set_yticks(y, labels)
    ax.set_xlim(0, 1)
    ax.set_xlabel("share of battles (95 % Wilson interval)")
    ax.set_title("win rates")
    return fig


def differences(comparison: Comparison, metric: str = "wins",
                baseline: str | None = None) -> Any:
    """Each variant's paired difference from the baseline for ``metric`` (``wins``,
    ``draws``, ``score``, ``losses``, ``turns``), with its 95 % interval; significant
    ones (Holm, 5 %) filled."""
    rows = [d for d in comparison.differences(baseline) if d.metric == metric]
    if not rows:
        raise AncientsError(f"no differences for {metric!r} (two variants or more needed)")
    fig = _figure(6.4, 1.2 + 0.45 * len(rows))
    ax = fig.add_subplot()
    y = np.arange(len(rows))[::-1]
    for yi, d in zip(y, rows, strict=True):
        ax.errorbar([d.delta], [yi], xerr=_bar(d), fmt="o",
                    capsize=3, markerfacecolor="C0" if d.significant else "white", color="C0")
    ax.axvline(0, color="grey", lw=0.8)
    ax.set_yticks(y, [f"{d.variant}: {d.side or ''} {d.metric}".replace("  ", " ")
                      for d in rows])
    ax.set_xlabel(f"difference from {rows[0].baseline} (95 % interval; filled: significant)")
    ax.set_title(f"paired differences: {metric}")
    return fig


def losses(what: Results | Comparison) -> Any:
    """The distribution of each side's losses (fraction of its strength) per variant."""
    runs = _runs(what)
    fig = _figure()
    ax = fig.add_subplot()
    bins = np.linspace(0, 1, 21)
    for spec, r in runs.items():
        for j, side in enumerate(r.sides):
            ax.hist(r.losses[:, j], bins=bins, histtype="step", label=f"{spec}: {side}")
    ax.set_xlabel("losses (fraction of starting strength)")
    ax.set_ylabel("battles")
    ax.legend(fontsize="small")
    ax.set_title("losses")
    return fig


def battle_length(what: Results | Comparison) -> Any:
    """How many turns the battles lasted, per variant."""
    runs = _runs(what)
    fig = _figure()
    ax = fig.add_subplot()
    top = max(int(r.turns.max()) for r in runs.values() if len(r)) + 1
    bins = np.arange(0, top + 1) + 0.5
    for spec, r in runs.items():
        ax.hist(r.turns, bins=bins, histtype="step", label=spec)
    ax.set_xlabel("turns")
    ax.set_ylabel("battles")
    ax.legend(fontsize="small")
    ax.set_title("battle length")
    return fig


def tornado(result: Sensitivity, top: int | None = None) -> Any:
    """The sensitivity tornado: each parameter's paired effect on the win rate one step
    down and one step up, largest first, with 95 % intervals."""
    rows = list(result.rows[:top] if top else result.rows)
    fig = _figure(6.4, 1.2 + 0.4 * len(rows))
    ax = fig.add_subplot()
    y = np.arange(len(rows))[::-1]
    for yi, row in zip(y, rows, strict=True):
        for d, colour, value in ((row.down, "C0", row.down_value), (row.up, "C3", row.up_value)):
            if d is None:
                continue
            ax.barh(yi, d.delta, color=colour, alpha=0.6)
            ax.errorbar([d.delta], [yi], xerr=_bar(d),
                        fmt="none", ecolor="black", capsize=2)
            ax.annotate(f"{value}", (d.delta, yi), fontsize="x-small", va="bottom")
    ax.axvline(0, color="grey", lw=0.8)
    ax.set_yticks(y, [f"{r.parameter} = {r.value}" for r in rows])
    ax.set_xlabel(f"change in {result.side}'s win rate (one step down: blue, up: red)")
    ax.set_title(f"sensitivity of {result.spec}")
    return fig


def matchup_heatmap(result: Matchups) -> Any:
    """The matchup matrix: the row type's win rate against the column type, and under it
    the share drawn (``d``)."""
    n = len(result.types)
    fig = _figure(1.5 + 0.8 * n, 1.2 + 0.7 * n)
    ax = fig.add_subplot()
    image = ax.imshow(result.rate, vmin=0, vmax=1, cmap="RdBu")
    for i in range(n):
        for j in range(n):
            ax.text(j, i, f"{result.rate[i, j]:.0%}\nd{result.draws[i, j]:.0%}",
                    ha="center", va="center", fontsize="small")
    ax.set_xticks(range(n), result.types, rotation=30)
    ax.set_yticks(range(n), result.types)
    ax.set_xlabel("against (second side)")
    ax.set_ylabel("type (first side)")
    fig.colorbar(image, ax=ax, label="win rate")
    ax.set_title(f"matchups, {result.runs} duels each")
    return fig


def svg(fig: Any) -> str:
    """A figure as SVG text (for an HTML page)."""
    out = io.StringIO()
    fig.savefig(out, format="svg")
    text = out.getvalue()
    return text[text.index("<svg"):]


#: the formats :func:`save` and :func:`save_all` write, by suffix
FORMATS = {".svg": "svg", ".png": "png", ".pdf": "pdf"}


def _format(path: Path) -> str:
    fmt = FORMATS.get(path.suffix.lower())
    if fmt is None:
        raise AncientsError(f"cannot write a picture as {str(path)!r}: the formats are "
                            f"{', '.join(FORMATS)}")
    return fmt


def save(fig: Any, path: str | Path) -> None:
    """Write a figure to exactly ``path``, in the format its suffix names (``.svg``,
    ``.png``, ``.pdf``; any other is refused)."""
    path = Path(path)
    fig.savefig(str(path), format=_format(path))


def save_all(figures: list[Any], path: str | Path) -> None:
    """Write several figures into the one file ``path``: a PDF of a page each, or one SVG
    or PNG of them all, one under another."""
    path = Path(path)
    fmt = _format(path)
    if len(figures) == 1:
        save(figures[0], path)
    elif fmt == "pdf":
        from matplotlib.backends.backend_pdf import PdfPages

        with PdfPages(str(path)) as pdf:
            for fig in figures:
                pdf.savefig(fig)
    elif fmt == "svg":
        path.write_text(_stacked_svg([svg(f) for f in figures]), encoding="utf-8")
    else:
        _stacked_png(figures, path)


def _stacked_svg(parts: list[str]) -> str:
    """SVG documents (matplotlib's, sized in pt) one under another in one document."""
    import re

    out, y, width = [], 0.0, 0.0
    for part in parts:
        w = float(re.search(r'width="([\d.]+)pt"', part).group(1))  # type: ignore[union-attr]
        h = float(re.search(r'height="([\d.]+)pt"', part).group(1))  # type: ignore[union-attr]
        out.append(part.replace("<svg ", f'<svg x="0" y="{y * 4 / 3:g}" ', 1))
        y += h
        width = max(width, w)
    px = 4 / 3  # the parts' sizes are in pt; user units here are px
    return ('<?xml version="1.0" encoding="utf-8" standalone="no"?>\n'
            f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
            f'width="{width:g}pt" height="{y:g}pt" viewBox="0 0 {width * px:g} {y * px:g}" '
            f'version="1.1">{"".join(out)}</svg>\n')


def _stacked_png(figures: list[Any], path: Path) -> None:
    """Figures drawn to pixels and stacked (on white) into one PNG."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.image import imsave

    images = []
    for fig in figures:
        canvas = FigureCanvasAgg(fig)
        canvas.draw()  # type: ignore[no-untyped-call]
        images.append(np.asarray(canvas.buffer_rgba()))  # type: ignore[no-untyped-call]
    width = max(im.shape[1] for im in images)
    padded = [np.pad(im, ((0, 0), (0, width - im.shape[1]), (0, 0)), constant_values=255)
              for im in images]
    imsave(str(path), np.concatenate(padded, axis=0), format="png")
