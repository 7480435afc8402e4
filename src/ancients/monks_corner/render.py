"""A top-down picture of the table, to scale: terrain, units as blocks of figures in ranks
and files, facing, formed/unformed and pinned marks, side colours."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

from ancients.monks_corner.morale import thinned
from ancients.monks_corner.state import State
from ancients.monks_corner.troops import Troop, Unit
from ancients.tabletop import Block
from ancients.tabletop.render import Canvas, LegendEntry

__all__ = ["SCALE", "rear_rank_slots", "render"]

SCALE = 12.0  # pixels per inch
COLOURS = ("#b22222", "#1f4e9c")  # first side red, second blue


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
    body += [_label(unit, canvas) for unit in state.present()]
    return canvas.document(title, status, body,
                           _legend(state.sides, side_titles or state.sides))


def _label(u: Unit, canvas: Canvas) -> str:
    """The unit's name behind its rear, with a white halo (so marks never cover it)."""
    b = u.block
    x, y = canvas.xy(*b.world(0.0, -b.depth - 0.9))
    return (f'<text x="{x:.1f}" y="{y + 3:.1f}" text-anchor="middle" font-size="8" '
            f'stroke="white" stroke-width="2.5" paint-order="stroke">{escape(u.name)}</text>')


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
