"""A top-down picture of the table, to scale: terrain, units as blocks of figures in ranks
and files, facing, formed/unformed and pinned marks, side colours."""

from __future__ import annotations

from html import escape

from ancients.monks_corner.state import State
from ancients.monks_corner.troops import Troop, Unit

__all__ = ["SCALE", "rear_rank_slots", "render"]

SCALE = 12.0  # pixels per inch
COLOURS = ("#b22222", "#1f4e9c")  # first side red, second blue
TERRAIN = {"rough": "#d8c9a3", "woods": "#9cbf8a", "marsh": "#a9c7c2", "swamp": "#a9c7c2",
           "hill": "#cdb98a"}


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


def render(state: State, status: str) -> str:
    """The table as SVG, with ``status`` (the turn and phase, or the outcome) written on it."""
    t = state.table
    w, h = t.width * SCALE, t.depth * SCALE

    def pt(x: float, y: float) -> str:
        return f"{x * SCALE:.1f},{(t.depth - y) * SCALE:.1f}"

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0f}" height="{h:.0f}" '
             f'viewBox="0 0 {w:.0f} {h:.0f}" font-family="sans-serif" font-size="9">',
             f'<rect width="{w:.0f}" height="{h:.0f}" fill="#eef0e0" stroke="#555"/>']
    for area in t.areas:
        coords = " ".join(pt(x, y) for x, y in list(area.polygon.exterior.coords)[:-1])
        parts.append(f'<polygon points="{coords}" fill="{TERRAIN.get(area.kind.value, "#ccc")}"'
                     f' stroke="#887"><title>{escape(area.name or area.kind.value)}</title>'
                     '</polygon>')
    for unit in state.present():
        parts.append(_unit(state, unit, pt))
    parts.append(f'<text x="4" y="12">{escape(status)}</text></svg>')
    return "".join(parts)


def _unit(state: State, u: Unit, pt: object) -> str:
    from collections.abc import Callable

    assert callable(pt)
    to: Callable[[float, float], str] = pt
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
    centred = u.reorganising or (not u.unformed and 2 * u.rear < files)
    for r in range(ranks):
        slots = range(files) if r < ranks - 1 else rear_rank_slots(files, u.rear, centred)
        for f in slots:
            out.append(_figure(b, u, f, r, to, colour))
    # facing: a tick from the front-centre
    (x1, y1), (x2, y2) = (to(*p).split(",") for p in (b.front_centre, b.world(0.0, 0.6)))
    out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{colour}" '
               'stroke-width="2"/>')
    if state.in_melee(u):  # pinned: a black cross at the centre
        cx, cy = (float(v) for v in to(*b.centre).split(","))
        out.append(f'<path d="M{cx - 4},{cy - 4}L{cx + 4},{cy + 4}M{cx - 4},{cy + 4}'
                   f'L{cx + 4},{cy - 4}" stroke="black" stroke-width="1.5"/>')
    return "".join(out) + "</g>"


def _figure(b: object, u: Unit, file: int, rank: int, to: object, colour: str) -> str:
    from collections.abc import Callable

    from ancients.tabletop import Block

    assert isinstance(b, Block) and callable(to)
    draw: Callable[[float, float], str] = to
    if u.column:  # line file f is column rank; line rank r is column file from the right
        right = (b.files / 2.0 - rank - 0.5) * b.base_width
        forward = -(file + 0.5) * b.base_depth
    else:
        right = (file + 0.5 - b.files / 2.0) * b.base_width
        forward = -(rank + 0.5) * b.base_depth
    x, y = b.world(right, forward)
    cx, cy = draw(x, y).split(",")
    radius = min(b.base_width, b.base_depth) * SCALE * (0.45 if u.troop is Troop.HORSE
                                                        else 0.35)
    fill = colour if not u.unformed else "white"
    return (f'<circle cx="{cx}" cy="{cy}" r="{radius:.1f}" fill="{fill}" '
            f'stroke="{colour}" stroke-width="0.8"/>')
