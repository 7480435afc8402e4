"""A top-down picture of the table, to scale: terrain, every piece as its stands (close
files, open files or no files), facing, disarray and rout marks, the strategoi, the
casualty counters, a label for each division, a title band with the turn and phase,
and a legend with a scale bar in inches."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from ancients.hoplomachia.pieces import Piece, Status
from ancients.hoplomachia.state import State
from ancients.hoplomachia.vocabulary import Arrangement
from ancients.tabletop import Block
from ancients.tabletop.render import Canvas, LegendEntry

__all__ = ["COLOURS", "SCALE", "render"]

SCALE = 12.0  # pixels per inch
COLOURS = ("#b22222", "#1f4e9c")  # first side red, second blue
_CROSS = '<path d="M4,4l8,8m0,-8l-8,8" stroke="black" stroke-width="2"/>'


def _legend(titles: list[str]) -> list[LegendEntry]:
    out = [LegendEntry(f'<rect x="1" y="3" width="14" height="10" fill="{c}" '
                       f'fill-opacity="0.6" stroke="{c}"/>', title)
           for c, title in zip(COLOURS, titles, strict=False)]
    stand = '<rect x="{x}" y="4" width="{w}" height="8" fill="#555"/>'
    out += [LegendEntry(stand.format(x=1, w=7) + stand.format(x=8, w=7), "close files"),
            LegendEntry(stand.format(x=1, w=6) + stand.format(x=9, w=6), "open files"),
            LegendEntry('<circle cx="4" cy="8" r="2.5" fill="#555"/>'
                        '<circle cx="11" cy="8" r="2.5" fill="#555"/>', "no files"),
            LegendEntry('<rect x="1" y="3" width="14" height="10" fill="none" '
                        'stroke="#555" stroke-dasharray="3,2"/>', "disarrayed"),
            LegendEntry('<rect x="1" y="3" width="14" height="10" fill="#555" '
                        'fill-opacity="0.2" stroke="#555"/>', "routing"),
            LegendEntry('<line x1="8" y1="14" x2="8" y2="2" stroke="#555" '
                        'stroke-width="2"/>', "facing"),
            LegendEntry('<polygon points="8,1 10,6 15,6 11,9 13,15 8,11 3,15 5,9 1,6 6,6" '
                        'fill="gold" stroke="black" stroke-width="0.6"/>', "strategos"),
            LegendEntry(_CROSS, "casualty counter")]
    return out


def render(state: State, status: str, title: str = "") -> str:
    """The table as SVG, with a title band holding ``status`` (the turn and phase, or
    the outcome)."""
    canvas = Canvas(state.table, SCALE)
    body = [_piece(state, p, canvas) for p in state.present()]
    body += [_counter(c.x, c.y, canvas) for c in state.counters]
    for s in state.strategoi:
        piece = state.by_id[s.piece]
        if s.alive and piece.on_table:
            body.append(_star(piece.block, canvas, s.hegemon, s.name))
    body += _labels(state, canvas)
    titles = [state.armies[s].title for s in state.sides]
    return canvas.document(title, status, body, _legend(titles))


def _piece(state: State, p: Piece, canvas: Canvas) -> str:
    to = canvas.pt
    b = p.block
    colour = COLOURS[state.sides.index(p.side)]
    routing = p.status is Status.ROUTING
    dash = ' stroke-dasharray="3,2"' if p.disarrayed else ""
    outline = " ".join(to(*c) for c in b.corners)
    what = [str(p.arrangement)]
    if p.disarrayed:
        what.append("disarrayed")
    if routing:
        what.append("routing")
    out = [f'<g><title>{escape(p.name)} ({p.id}): {p.card.name}, {p.stands} stands, '
           f'{", ".join(what)}</title>',
           f'<polygon points="{outline}" fill="{colour}" fill-opacity='
           f'"{0.15 if routing else 0.08}" stroke="{colour}" stroke-width="1.4"{dash}/>']
    inset = {Arrangement.CLOSE_FILES: 0.04, Arrangement.OPEN_FILES: 0.16}.get(
        p.arrangement, 0.0)
    drawn = 0
    for rank in range(b.ranks):
        for file in range(b.files):
            if drawn >= p.stands:
                break
            drawn += 1
            out.append(_stand(b, file, rank, inset, p.arrangement is Arrangement.NO_FILES,
                              to, colour, routing))
    (x1, y1), (x2, y2) = (to(*q).split(",") for q in (b.front_centre, b.world(0.0, 0.5)))
    out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{colour}" '
               'stroke-width="2"/>')
    return "".join(out) + "</g>"


def _stand(b: Block, file: int, rank: int, inset: float, loose: bool,
           to: Callable[[float, float], str], colour: str, routing: bool) -> str:
    w, d = b.base_width, b.base_depth
    left = (file - b.files / 2.0) * w
    front = -rank * d
    opacity = "0.35" if routing else "0.85"
    if loose:  # a cloud of skirmishers: three figures a stand
        dots = []
        for k in range(3):
            x, y = b.world(left + w * (k + 0.5) / 3.0, front - d * (0.35 if k % 2 else 0.65))
            cx, cy = to(x, y).split(",")
            dots.append(f'<circle class="figure" cx="{cx}" cy="{cy}" r="{d * SCALE * 0.2:.1f}" '
                        f'fill="{colour}" fill-opacity="{opacity}"/>')
        return "".join(dots)
    pts = [b.world(left + inset * w, front - inset * d),
           b.world(left + (1 - inset) * w, front - inset * d),
           b.world(left + (1 - inset) * w, front - (1 - inset) * d),
           b.world(left + inset * w, front - (1 - inset) * d)]
    return (f'<polygon class="stand" points="{" ".join(to(*q) for q in pts)}" '
            f'fill="{colour}" fill-opacity="{opacity}"/>')


def _counter(x: float, y: float, canvas: Canvas) -> str:
    px, py = canvas.xy(x, y)
    return (f'<g class="casualty"><title>casualty counter</title>'
            f'<path d="M{px - 4:.1f},{py - 4:.1f}l8,8m0,-8l-8,8" stroke="black" '
            'stroke-width="2"/></g>')


def _star(b: Block, canvas: Canvas, hegemon: bool, name: str) -> str:
    x, y = canvas.xy(*b.centre)
    r = 6.0 if hegemon else 4.5
    pts = []
    import math

    for k in range(10):
        a = math.pi / 2 + k * math.pi / 5
        rr = r if k % 2 == 0 else r * 0.45
        pts.append(f"{x + rr * math.cos(a):.1f},{y - rr * math.sin(a):.1f}")
    return (f'<polygon class="strategos" points="{" ".join(pts)}" fill="gold" '
            f'stroke="black" stroke-width="0.6"><title>{escape(name)}'
            f'{" (Hegemon)" if hegemon else ""}</title></polygon>')


def _labels(state: State, canvas: Canvas) -> list[str]:
    """Each division's name behind its pieces, with a white halo."""
    out = []
    for d in state.divisions.values():
        pieces = [p for p in state.members(d, present=False) if p.on_table]
        if not pieces:
            continue
        xs = [p.block.world(0.0, -p.block.depth - 0.8) for p in pieces]
        x = sum(q[0] for q in xs) / len(xs)
        y = sum(q[1] for q in xs) / len(xs)
        px, py = canvas.xy(x, y)
        out.append(f'<text x="{px:.1f}" y="{py + 3:.1f}" text-anchor="middle" font-size="8" '
                   f'stroke="white" stroke-width="2.5" paint-order="stroke">'
                   f'{escape(d.name)}</text>')
    return out
