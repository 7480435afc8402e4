"""A top-down picture of the table, to scale: terrain, units as blocks of figures in ranks
and files, facing, formed/unformed and pinned marks, side colours."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from html import escape

from ancients.monks_corner.morale import thinned
from ancients.monks_corner.state import State
from ancients.monks_corner.troops import Troop, Unit
from ancients.tabletop import Block
from ancients.tabletop.render import Canvas, LegendEntry

__all__ = ["LABEL_HALO", "LABEL_SIZE", "SCALE", "rear_rank_slots", "render", "text_width"]

SCALE = 12.0  # pixels per inch
COLOURS = ("#b22222", "#1f4e9c")  # first side red, second blue
LABEL_SIZE = 8.0  # the unit labels' font size, pixels
LABEL_HALO = 2.5  # the width of the white halo around their letters, pixels

#: Helvetica's advance widths (thousandths of the font size) of the ASCII characters
#: from the space on; other characters count as a wide letter (``_WIDE``)
_WIDTHS = (
    278, 278, 355, 556, 556, 889, 667, 222, 333, 333, 389, 584, 278, 333, 278, 278,
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
    1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
    333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
    556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584)
_WIDE = 1000
#: the widest of the common sans-serif faces (DejaVu Sans, the usual "sans-serif" on
#: Linux) sets text up to about 15 % wider than Helvetica
_FACE_MARGIN = 1.15


def text_width(text: str, size: float) -> float:
    """A generous width in pixels of ``text`` set at ``size`` in a sans-serif face."""
    units = sum(_WIDTHS[o - 32] if 32 <= (o := ord(ch)) < 127 else _WIDE for ch in text)
    return units / 1000.0 * size * _FACE_MARGIN


def rear_rank_slots(files: int, rear: int, centred: bool = False) -> list[int]:
    """Which file positions (0 = left) the rear rank's figures stand in. Casualties come
    off from the centre rightwards, then leftwards from the centre (Monk's Corner,
    Phalanxes 2); a reorganised rear rank is centred (Morale 2)."""
    if centred:
        start = (files - rear) // 2
        return list(range(start, start + rear))
    lost = files - rear
    centre = files // 2
    order = list(range(centre, files)) + list(range(centre - 1, -1, -1))
    gone = set(order[:lost])
    return [i for i in range(files) if i not in gone]


def _legend(sides: Sequence[str], titles: Sequence[str]) -> list[LegendEntry]:
    dot = '<circle cx="8" cy="8" r="{r}" fill="{fill}" stroke="{stroke}" stroke-width="1"/>'
    out = [LegendEntry(f'<rect x="1" y="3" width="14" height="10" fill="{c}" '
                       f'fill-opacity="0.25" stroke="{c}" stroke-width="1.5"/>', title)
           for c, title in zip(COLOURS, titles, strict=False)]
    out += [LegendEntry(dot.format(r=3.2, fill="#555", stroke="#555"), "foot figure"),
            LegendEntry(dot.format(r=4.1, fill="#555", stroke="#555"), "horse figure"),
            LegendEntry(dot.format(r=3.2, fill="white", stroke="#555")
                        + '<rect x="1" y="1" width="14" height="14" fill="none" '
                        'stroke="#555" stroke-dasharray="3,2"/>', "unformed"),
            LegendEntry('<line x1="8" y1="14" x2="8" y2="2" stroke="#555" stroke-width="2"/>',
                        "facing"),
            LegendEntry(_CROSS, "in melee")]
    return out


_CROSS = '<path d="M4.5,4.5l7,7m0,-7l-7,7" stroke="black" stroke-width="1.6"/>'


def render(state: State, status: str, title: str = "",
           side_titles: Sequence[str] = ()) -> str:
    """The table as SVG: terrain, every unit's figures in ranks and files with its label,
    facing and state marks, a title band with ``status`` (the turn and phase, or the
    outcome), and a legend with a scale bar in inches."""
    canvas = Canvas(state.table, SCALE)
    body = [_unit(state, unit, canvas) for unit in state.present()]
    body += _labels(state.present(), canvas)
    return canvas.document(title, status, body,
                           _legend(state.sides, side_titles or state.sides))


Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in pixels


def _labels(units: Sequence[Unit], canvas: Canvas) -> list[str]:
    """Each unit's name, with a white halo (so marks never cover it), where no other
    name is: behind its rear if there is room, else the nearest free place of
    :func:`_spots`, preferring places clear of every unit and on the table."""
    table = (0.0, canvas.xy(0.0, canvas.table.depth)[1],
             canvas.table.width * canvas.scale, canvas.xy(0.0, 0.0)[1])
    whole = (0.0, 0.0, canvas.width, canvas.height)
    blocks = [_bounds([canvas.xy(*c) for c in u.block.corners]) for u in units]
    placed: list[Box] = []
    out = []
    for u in units:
        width = text_width(u.name, LABEL_SIZE) + LABEL_HALO
        spots = [_label_box(x, y, width) for x, y in _spots(u, canvas, width)]
        box = next((b for area, clear_of in ((table, blocks), (table, ()), (whole, ()))
                    for b in spots if _inside(b, area) and not _hits(b, placed)
                    and not _hits(b, clear_of)), None)
        if box is None:  # a table full of names: the last spot, drawn over the others
            box = spots[-1]
        placed.append(box)
        x, base = (box[0] + box[2]) / 2.0, box[3] - 0.25 * LABEL_SIZE - LABEL_HALO / 2.0
        out.append(f'<text class="label" x="{x:.1f}" y="{base:.1f}" text-anchor="middle" '
                   f'font-size="{LABEL_SIZE:g}" stroke="white" stroke-width="{LABEL_HALO:g}" '
                   f'paint-order="stroke">{escape(u.name)}</text>')
    return out


def _spots(u: Unit, canvas: Canvas, width: float) -> list[tuple[float, float]]:
    """Where ``u``'s name may go, best first, as (centre, baseline) pixels: behind its
    rear, further back, ahead of its front, beside it, then rings around its rear
    further and further out."""
    b = u.block
    half = width / 2.0 / canvas.scale  # inches
    near = [(0.0, -b.depth - 0.9 - 0.8 * k) for k in range(3)]
    near += [(0.0, 1.4 + 0.8 * k) for k in range(2)]
    near += [(side * (b.frontage / 2.0 + 0.3 + half), -b.depth / 2.0) for side in (1, -1)]
    out = [canvas.xy(*b.world(r, f)) for r, f in near]
    out = [(x, y + 3.0) for x, y in out]
    x0, y0 = out[0]
    for ring in range(1, 40):
        radius = 6.0 * ring
        steps = 8 + 2 * ring
        out += [(x0 + radius * math.cos(2 * math.pi * k / steps),
                 y0 + radius * math.sin(2 * math.pi * k / steps)) for k in range(steps)]
    return out


def _label_box(x: float, base: float, width: float) -> Box:
    """The pixels a name ``width`` wide centred on ``x`` covers, set on ``base``."""
    return (x - width / 2.0, base - 0.95 * LABEL_SIZE - LABEL_HALO / 2.0,
            x + width / 2.0, base + 0.25 * LABEL_SIZE + LABEL_HALO / 2.0)


def _bounds(points: Sequence[tuple[float, float]]) -> Box:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def _inside(box: Box, area: Box) -> bool:
    return area[0] <= box[0] and box[2] <= area[2] and area[1] <= box[1] and box[3] <= area[3]


def _hits(box: Box, others: Sequence[Box]) -> bool:
    return any(box[0] < o[2] and o[0] < box[2] and box[1] < o[3] and o[1] < box[3]
               for o in others)


def _unit(state: State, u: Unit, canvas: Canvas) -> str:
    to = canvas.pt
    b = u.block
    colour = COLOURS[state.sides.index(u.side)]
    outline = " ".join(to(*c) for c in b.corners)
    dash = ' stroke-dasharray="3,2"' if u.unformed else ""
    out = [f'<g><title>{escape(u.name)} ({u.id}): {u.figures} figures, '
           f'{"formed" if not u.unformed else "unformed"}'
           f'{", pinned" if state.in_melee(u) else ""}</title>',
           f'<polygon points="{outline}" fill="{colour}" fill-opacity="0.15" '
           f'stroke="{colour}" stroke-width="1.5"{dash}/>']
    # figures: line ranks and files (a column is the line faced 90 degrees)
    files, ranks = u.files, u.ranks
    # Morale 2: a rear rank under half strength is centred, being so or once reorganised
    centred = u.reorganising or (not u.unformed and
                                 thinned(files, u.rear, state.rules.reorganise_over))
    for r in range(ranks):
        slots = range(files) if r < ranks - 1 else rear_rank_slots(files, u.rear, centred)
        for f in slots:
            out.append(_figure(b, u, f, r, to, colour))
    # facing: a tick from the front-centre
    (x1, y1), (x2, y2) = (to(*p).split(",") for p in (b.front_centre, b.world(0.0, 0.6)))
    out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{colour}" '
               'stroke-width="2"/>')
    if state.in_melee(u):  # pinned: a black cross off the front-right corner
        cx, cy = canvas.xy(*b.world(b.frontage / 2.0 + 0.45, -0.3))
        out.append(f'<path d="M{cx - 3.5:.1f},{cy - 3.5:.1f}l7,7m0,-7l-7,7" stroke="black" '
                   'stroke-width="1.6"/>')
    return "".join(out) + "</g>"


def _figure(b: Block, u: Unit, file: int, rank: int, to: Callable[[float, float], str],
            colour: str) -> str:
    if u.column:  # line file f is column rank; line rank r is column file from the right
        right = (b.files / 2.0 - rank - 0.5) * b.base_width
        forward = -(file + 0.5) * b.base_depth
    else:
        right = (file + 0.5 - b.files / 2.0) * b.base_width
        forward = -(rank + 0.5) * b.base_depth
    x, y = b.world(right, forward)
    cx, cy = to(x, y).split(",")
    radius = min(b.base_width, b.base_depth) * SCALE * (0.45 if u.troop is Troop.HORSE
                                                        else 0.35)
    fill = colour if not u.unformed else "white"
    return (f'<circle class="figure" cx="{cx}" cy="{cy}" r="{radius:.1f}" fill="{fill}" '
            f'stroke="{colour}" stroke-width="0.8"/>')
