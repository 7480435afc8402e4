"""What every tabletop ruleset's picture needs, as SVG fragments: the table and its
terrain to scale, a title band above it, a legend band below it with a scale bar in
inches. A ruleset draws its own units on top (see ``monks_corner.render``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

import attrs

from ancients.tabletop.table import Table

__all__ = ["TERRAIN_COLOURS", "Canvas", "LegendEntry", "legend", "scale_bar"]

#: fill colours of the terrain kinds
TERRAIN_COLOURS = {"rough": "#d8c9a3", "woods": "#9cbf8a", "marsh": "#a9c7c2",
                   "swamp": "#a9c7c2", "hill": "#cdb98a", "water": "#9cc3e0"}
TITLE_BAND = 26.0  # pixels above the table
LEGEND_BAND = 64.0  # pixels below it


@attrs.frozen
class LegendEntry:
    """One item of the legend: an SVG symbol drawn in a 16 x 16 pixel box at (0, 0), and
    its label."""

    symbol: str
    label: str


@attrs.frozen
class Canvas:
    """A table drawn at ``scale`` pixels per inch, with a title band above and a legend
    band below; :meth:`pt` maps table inches (y up the table) to pixels."""

    table: Table
    scale: float = 12.0

    @property
    def width(self) -> float:
        return max(self.table.width * self.scale, 420.0)

    @property
    def height(self) -> float:
        return TITLE_BAND + self.table.depth * self.scale + LEGEND_BAND

    def xy(self, x: float, y: float) -> tuple[float, float]:
        return (x * self.scale, TITLE_BAND + (self.table.depth - y) * self.scale)

    def pt(self, x: float, y: float) -> str:
        px, py = self.xy(x, y)
        return f"{px:.1f},{py:.1f}"

    def document(self, title: str, status: str, body: Sequence[str],
                 entries: Sequence[LegendEntry]) -> str:
        """The whole picture: title and status in the band above, the table and its
        terrain, ``body`` (the units) on it, the legend and a scale bar below."""
        w, h = self.width, self.height
        tw, td = self.table.width * self.scale, self.table.depth * self.scale
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0f}" height="{h:.0f}" '
                 f'viewBox="0 0 {w:.0f} {h:.0f}" font-family="sans-serif" font-size="10">',
                 f'<rect width="{w:.0f}" height="{h:.0f}" fill="white"/>',
                 f'<text x="6" y="17" font-size="13" font-weight="bold">{escape(title)}'
                 f'</text>',
                 f'<text x="{w - 6:.0f}" y="17" text-anchor="end">{escape(status)}</text>',
                 f'<rect x="0" y="{TITLE_BAND:.0f}" width="{tw:.0f}" height="{td:.0f}" '
                 'fill="#eef0e0" stroke="#555"/>']
        parts += self.terrain(label=True)
        parts += body
        top = TITLE_BAND + td + 8.0
        parts.append(legend(entries, 6.0, top, w - 6.0))
        parts.append(scale_bar(w - 6.0 - 6.0 * self.scale, top + 40.0, 6.0, self.scale))
        parts.append("</svg>")
        return "".join(parts)

    def terrain(self, label: bool = True) -> list[str]:
        out = []
        for area in self.table.areas:
            coords = " ".join(self.pt(x, y) for x, y in list(area.polygon.exterior.coords)[:-1])
            name = area.name or area.kind.value
            out.append(f'<polygon points="{coords}" fill="'
                       f'{TERRAIN_COLOURS.get(area.kind.value, "#ccc")}" stroke="#887">'
                       f'<title>{escape(name)}</title></polygon>')
            if label:
                c = area.polygon.representative_point()
                x, y = self.xy(c.x, c.y)
                out.append(f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="middle" '
                           f'font-size="9" font-style="italic" fill="#554">'
                           f'{escape(name)}</text>')
        return out


def legend(entries: Sequence[LegendEntry], x: float, y: float, right: float) -> str:
    """The legend's entries in rows from (``x``, ``y``) up to ``right`` pixels."""
    out = ['<g class="legend">']
    cx, cy = x, y
    for e in entries:
        width = 24.0 + 6.0 * len(e.label) + 14.0
        if cx + width > right - 90.0 and cx > x:  # leave room for the scale bar
            cx, cy = x, cy + 20.0
        out.append(f'<g transform="translate({cx:.1f},{cy:.1f})">{e.symbol}'
                   f'<text x="22" y="12">{escape(e.label)}</text></g>')
        cx += width
    out.append("</g>")
    return "".join(out)


def scale_bar(x: float, y: float, inches: float, scale: float,
              marks: Callable[[float], str] = lambda i: f'{i:g}"') -> str:
    """A bar ``inches`` long at ``scale`` pixels per inch, marked every 2 inches."""
    length = inches * scale
    out = [f'<g class="scale"><rect x="{x:.1f}" y="{y:.1f}" width="{length:.1f}" '
           'height="4" fill="white" stroke="#333"/>']
    step = 2.0
    i = 0.0
    while i <= inches + 1e-9:
        px = x + i * scale
        if int(i / step) % 2 == 0 and i < inches:
            out.append(f'<rect x="{px:.1f}" y="{y:.1f}" width="{step * scale:.1f}" '
                       'height="4" fill="#333"/>')
        out.append(f'<text x="{px:.1f}" y="{y - 3:.1f}" text-anchor="middle" '
                   f'font-size="8">{marks(i)}</text>')
        i += step
    out.append("</g>")
    return "".join(out)
