"""Raphia pictures: the hex map with terrain and deployment lines, and the counters (type
symbol, factors, facing arrow, stack height, rout/pursuit markers, side colours) as SVG."""

from __future__ import annotations

import math
from html import escape
from typing import TYPE_CHECKING

from ancients.hexgrid import Hex, hex_to_pixel
from ancients.raphia.board import Terrain
from ancients.raphia.counters import TroopType
from ancients.raphia.state import Stack, State, Status
from ancients.raphia.victory import victory_points

if TYPE_CHECKING:
    from ancients.raphia.battle import RaphiaBattle

__all__ = ["render_svg"]

SIZE = 18.0
_TERRAIN = {Terrain.PLAIN: "#efe3bd", Terrain.ROAD: "#e0cc92", Terrain.DUNE: "#c49a55",
            Terrain.SEA: "#7eb0d8"}
_SIDE = {"ptolemaic": ("#9c5a2a", "#f6e7d6"), "seleucid": ("#2f5f9a", "#dde8f6")}
_LINE = {"red": "#d0312d", "blue": "#2456c7"}
_SYMBOL = {TroopType.LEADER: "L", TroopType.LIGHT: "li", TroopType.LIGHT_MISSILE: "T",
           TroopType.SEMI_HEAVY: "sh", TroopType.PHALANX_NORMAL: "Φ",
           TroopType.PHALANX_OTHER: "φ", TroopType.ELEPHANT: "E", TroopType.CAVALRY: "C"}


def _corner(x: float, y: float, k: int, size: float = SIZE) -> tuple[float, float]:
    """Corner ``k`` (1 = NNE ... 6 = NNW) of a flat-topped hex centred on (x, y)."""
    a = math.radians((k - 2) * 60)
    return x + size * math.cos(a), y + size * math.sin(a)


def _centre(h: Hex, ox: float, oy: float) -> tuple[float, float]:
    x, y = hex_to_pixel(h, SIZE)
    return x + ox, y + oy


def _polygon(x: float, y: float, size: float = SIZE) -> str:
    return " ".join(f"{px:.1f},{py:.1f}" for px, py in (_corner(x, y, k, size)
                                                        for k in range(1, 7)))


def _counter(state: State, s: Stack, x: float, y: float) -> list[str]:
    dark, light = _SIDE[s.side]
    top = state.top_counter(s)
    w = SIZE * 1.15
    out = [f'<g class="stack {s.side}" data-hex="{state.board.label(s.hex)}">']
    n = len(state.combatants(s))
    for i in range(min(n, 4) - 1, 0, -1):  # stack height: offset shadows
        out.append(f'<rect x="{x - w / 2 + 2 * i:.1f}" y="{y - w / 2 - 2 * i:.1f}" '
                   f'width="{w:.1f}" height="{w:.1f}" fill="{dark}" stroke="#222" '
                   'stroke-width="0.5"/>')
    fill = light if s.status is Status.GOOD else "#f4c7c3"
    out.append(f'<rect x="{x - w / 2:.1f}" y="{y - w / 2:.1f}" width="{w:.1f}" '
               f'height="{w:.1f}" fill="{fill}" stroke="{dark}" stroke-width="1.5"/>')
    morale = "L" if top.leader else str(state.morale(top.id)) if (
        top.morale is not None or top.id in state.morale_override) else "?"
    out.append(f'<text x="{x:.1f}" y="{y - 1:.1f}" font-size="9" text-anchor="middle" '
               f'fill="{dark}" font-weight="bold">{escape(_SYMBOL[top.type])}</text>')
    out.append(f'<text x="{x:.1f}" y="{y + w / 2 - 2:.1f}" font-size="6" '
               f'text-anchor="middle" fill="#111">{top.combat} {morale} {top.movement}</text>')
    if n > 1:
        out.append(f'<text x="{x + w / 2 - 1:.1f}" y="{y - w / 2 + 6:.1f}" font-size="6" '
                   f'text-anchor="end" fill="#111">{n}</text>')
    if state.leader_in(s) is not None and n:
        out.append(f'<circle cx="{x - w / 2 + 3:.1f}" cy="{y - w / 2 + 3:.1f}" r="2.5" '
                   'fill="gold" stroke="#111" stroke-width="0.5"/>')
    if s.facing is not None and top.phalanx:
        fx, fy = _corner(x, y, s.facing, SIZE * 0.95)
        out.append(f'<line x1="{x:.1f}" y1="{y:.1f}" x2="{fx:.1f}" y2="{fy:.1f}" '
                   f'stroke="{dark}" stroke-width="2" marker-end="url(#arrow)"/>')
    if s.status is not Status.GOOD:
        mark, colour = ("R", "#c0392b") if s.status is Status.ROUTED else ("P", "#e67e22")
        out.append(f'<circle cx="{x + w / 2 - 2:.1f}" cy="{y + w / 2 - 2:.1f}" r="4" '
                   f'fill="{colour}"/><text x="{x + w / 2 - 2:.1f}" y="{y + w / 2:.1f}" '
                   f'font-size="6" text-anchor="middle" fill="white">{mark}</text>')
    out.append("</g>")
    return out


def render_svg(battle: RaphiaBattle) -> str:
    """The battle as it stands, as SVG text."""
    st = battle.state
    board = st.board
    xs, ys = zip(*(hex_to_pixel(h, SIZE) for h in board.grid.hexes), strict=True)
    ox, oy = -min(xs) + SIZE + 2, -min(ys) + SIZE + 24
    width, height = max(xs) + ox + SIZE + 2, max(ys) + oy + SIZE + 4
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" '
           f'height="{height:.0f}" viewBox="0 0 {width:.0f} {height:.0f}" '
           'font-family="sans-serif">',
           '<defs><marker id="arrow" viewBox="0 0 6 6" refX="3" refY="3" markerWidth="4" '
           'markerHeight="4" orient="auto"><path d="M0,0 L6,3 L0,6 z" fill="#222"/></marker>'
           '</defs>']
    for h, t in zip(board.grid.hexes, board.terrain, strict=True):
        x, y = _centre(h, ox, oy)
        out.append(f'<polygon points="{_polygon(x, y)}" fill="{_TERRAIN[t]}" '
                   f'stroke="#b8a77a" stroke-width="0.4"><title>{board.label(h)}</title>'
                   '</polygon>')
    year = st.edition.year
    for line in board.lines.values():  # §2 deployment lines, on the front side of the row
        colour = _LINE.get(line.colours[year], line.colours[year])
        sides = (2, 3) if line.step > 0 else (5, 6)
        for h in board.grid.hexes:
            if h[0] != line.column or not line.first_row <= board.row(h) <= line.last_row:
                continue
            x, y = _centre(h, ox, oy)
            for d in sides:
                (ax, ay), (bx, by) = _corner(x, y, d - 1 or 6), _corner(x, y, d)
                out.append(f'<line x1="{ax:.1f}" y1="{ay:.1f}" x2="{bx:.1f}" y2="{by:.1f}" '
                           f'stroke="{colour}" stroke-width="2.5"/>')
    for s in sorted(st.stacks, key=lambda s: (s.status is Status.GOOD, s.sid)):
        out += _counter(st, s, *_centre(s.hex, ox, oy))
    vp = victory_points(st)
    title = (f"Raphia ({battle.ruleset}) — turn {battle.turn}, {battle.phase} — VP "
             + ", ".join(f"{k} {v}" for k, v in vp.items()))
    out.append(f'<text x="6" y="16" font-size="12">{escape(title)}</text>')
    out.append("</svg>")
    return "\n".join(out)
