"""A top-down picture of the table, to scale: terrain and buildings, hedges, walls, fences,
rivers and roads, defences with their damaged faces, and the units as blocks of figures
file by file with their facing, officer, standard and C-in-C, and marks for shaken,
running, in melee, out of action and alight."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ancients.burgess.state import Piece, State
from ancients.burgess.troops import TroopClass
from ancients.tabletop import Terrain
from ancients.tabletop.render import Canvas, LegendEntry

__all__ = ["SCALE", "render"]

SCALE = 10.0  # pixels per inch
COLOURS = ("#b22222", "#1f4e9c")  # first side red, second blue
LINES = {Terrain.HEDGE: ("#4f7a3a", "3", ""), Terrain.WALL: ("#6b6b6b", "3.5", ""),
         Terrain.FENCE: ("#8b6b3a", "2", "4,2"), Terrain.RIVER: ("#6fa8dc", "5", ""),
         Terrain.ROAD: ("#c9b48a", "4", "")}


def render(state: State, status: str, title: str = "", side_titles: Sequence[str] = ()) -> str:
    """The table as SVG: its ground, lines and defences, every unit's figures with its
    marks and label, a title band with ``status`` (turn and phase, or the outcome), and
    a legend with a scale bar in inches."""
    scale = SCALE if state.table.width <= 96 else max(960.0 / state.table.width, 3.0)
    canvas = Canvas(state.table, scale)
    body = [*_lines(state, canvas), *_works(state, canvas)]
    body += [_unit(state, p, canvas) for p in state.present()]
    body += [_label(p, canvas) for p in state.present()]
    return canvas.document(title, status, body, _legend(side_titles or state.sides))


def _legend(titles: Sequence[str]) -> list[LegendEntry]:
    dot = '<circle cx="8" cy="8" r="{r}" fill="{fill}" stroke="#555" stroke-width="1"/>'
    out = [LegendEntry(f'<rect x="1" y="3" width="14" height="10" fill="{c}" '
                       f'fill-opacity="0.25" stroke="{c}" stroke-width="1.5"/>', title)
           for c, title in zip(COLOURS, titles, strict=False)]
    out += [LegendEntry(dot.format(r=3, fill="#555"), "figure"),
            LegendEntry(dot.format(r=3, fill="black") + '<circle cx="8" cy="8" r="5.5" '
                        'fill="none" stroke="black"/>', "officer"),
            LegendEntry('<path d="M5,14V2l8,3l-8,3" fill="#d4a017" stroke="#555"/>',
                        "standard"),
            LegendEntry('<rect x="1" y="1" width="14" height="14" fill="none" '
                        'stroke="#e69500" stroke-width="2.5"/>', "shaken"),
            LegendEntry(dot.format(r=3, fill="white") + '<rect x="1" y="1" width="14" '
                        'height="14" fill="none" stroke="#555" stroke-dasharray="3,2"/>',
                        "running"),
            LegendEntry('<path d="M4.5,4.5l7,7m0,-7l-7,7" stroke="black" '
                        'stroke-width="1.6"/>', "in melee"),
            LegendEntry('<line x1="8" y1="14" x2="8" y2="2" stroke="#555" '
                        'stroke-width="2"/>', "facing")]
    return out


def _lines(state: State, canvas: Canvas) -> list[str]:
    out = []
    for line in state.table.lines:
        colour, width, dash = LINES.get(line.kind, ("#777", "2", ""))
        work = state.wall_of(line)
        if work is not None and (work.destroyed or work.faces[0].breached):
            dash = "6,4"
        pts = " ".join(canvas.pt(x, y) for x, y in line.line.coords)
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<polyline points="{pts}" fill="none" stroke="{colour}" '
                   f'stroke-width="{width}"{dashed}><title>{escape(line.name or line.kind.value)}'
                   f'</title></polyline>')
    return out


def _works(state: State, canvas: Canvas) -> list[str]:
    """Each defence's area outlined, a breached face in red, a burning one in orange."""
    out = []
    for w in state.works:
        if w.area is None:
            continue
        coords = list(w.area.polygon.exterior.coords)
        for i, face in enumerate(w.faces):
            (x0, y0), (x1, y1) = coords[i], coords[i + 1]
            colour = "#c00" if face.breached else "#444"
            if w.destroyed:
                colour = "#999"
            out.append(f'<line x1="{canvas.xy(x0, y0)[0]:.1f}" y1="{canvas.xy(x0, y0)[1]:.1f}" '
                       f'x2="{canvas.xy(x1, y1)[0]:.1f}" y2="{canvas.xy(x1, y1)[1]:.1f}" '
                       f'stroke="{colour}" stroke-width="2.5"><title>{escape(w.name)} face '
                       f'{i + 1}: {face.value} points</title></line>')
        if w.burning > 0 and not w.destroyed:
            c = w.area.polygon.representative_point()
            x, y = canvas.xy(c.x, c.y)
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="6" fill="orange" '
                       f'fill-opacity="0.8"><title>{escape(w.name)}: ablaze</title></circle>')
    return out


def _label(p: Piece, canvas: Canvas) -> str:
    b = p.block
    x, y = canvas.xy(*b.world(0.0, -b.depth - 0.9))
    return (f'<text x="{x:.1f}" y="{y + 3:.1f}" text-anchor="middle" font-size="8" '
            f'stroke="white" stroke-width="2.5" paint-order="stroke">{escape(p.name)}</text>')


def _unit(state: State, p: Piece, canvas: Canvas) -> str:
    to = canvas.pt
    b = p.block
    colour = COLOURS[state.sides.index(p.side)]
    outline = " ".join(to(*c) for c in b.corners)
    stroke = "#e69500" if p.shaken else colour
    dash = ' stroke-dasharray="3,2"' if p.running else ""
    melee = state.in_melee(p)
    marks = [m for m, on in (("shaken", p.shaken), ("running", p.running),
                             ("in melee", melee), ("out of action", p.out_of_action > 0),
                             ("ablaze", p.burning > 0)) if on]
    out = [f'<g><title>{escape(p.name)} ({p.id}): {p.figures} figures'
           f'{", " + ", ".join(marks) if marks else ""}</title>',
           f'<polygon points="{outline}" fill="{colour}" fill-opacity="0.15" '
           f'stroke="{stroke}" stroke-width="{2.5 if p.shaken else 1.5}"{dash}/>']
    unit = p.unit
    fill = "white" if p.running else colour
    radius = min(b.base_width, b.base_depth) * canvas.scale * 0.35
    for f, depth in enumerate(unit.depths):
        for r in range(depth):
            right = (f + 0.5 - b.files / 2.0) * b.base_width
            forward = -(r + 0.5) * b.base_depth
            x, y = canvas.xy(*b.world(right, forward))
            if unit.troop in (TroopClass.CHARIOTS, TroopClass.HV_ENGINE, TroopClass.LT_ENGINE):
                w = b.base_width * canvas.scale * 0.7
                out.append(f'<rect class="figure" x="{x - w / 2:.1f}" y="{y - w / 2:.1f}" '
                           f'width="{w:.1f}" height="{w:.1f}" fill="{fill}" '
                           f'stroke="{colour}" stroke-width="0.8"/>')
            else:
                rr = radius * (1.6 if unit.troop is TroopClass.ELEPHANTS else 1.0)
                out.append(f'<circle class="figure" cx="{x:.1f}" cy="{y:.1f}" r="{rr:.1f}" '
                           f'fill="{fill}" stroke="{colour}" stroke-width="0.8"/>')
            if r == 0 and f == unit.officer:
                out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius + 2:.1f}" '
                           'fill="none" stroke="black" stroke-width="1"/>')
            if r == 0 and f == unit.standard:
                out.append(f'<path d="M{x:.1f},{y:.1f}v-9l6,2.5l-6,2.5" fill="#d4a017" '
                           'stroke="#555" stroke-width="0.6"/>')
            if r == 0 and f == unit.c_in_c:
                out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius + 3.5:.1f}" '
                           'fill="none" stroke="#d4a017" stroke-width="1.5"/>')
    (x1, y1), (x2, y2) = (canvas.xy(*q) for q in (b.front_centre, b.world(0.0, 0.6)))
    out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
               f'stroke="{colour}" stroke-width="2"/>')
    if melee:
        cx, cy = canvas.xy(*b.world(b.frontage / 2.0 + 0.45, -0.3))
        out.append(f'<path d="M{cx - 3.5:.1f},{cy - 3.5:.1f}l7,7m0,-7l-7,7" stroke="black" '
                   'stroke-width="1.6"/>')
    return "".join(out) + "</g>"
