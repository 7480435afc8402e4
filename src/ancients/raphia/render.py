"""Raphia pictures: the hex map with its terrain, hex numbers and deployment lines, the
counters (type symbol, factors, facing arrow, stack height, leader, rout and pursuit
markers, side colours) and a legend, as SVG."""

from __future__ import annotations

import math
from html import escape
from typing import TYPE_CHECKING

from ancients.hexgrid import Hex, hex_to_pixel
from ancients.raphia.board import Board, Terrain
from ancients.raphia.counters import TroopType
from ancients.raphia.state import Stack, State, Status
from ancients.raphia.victory import victory_points

if TYPE_CHECKING:
    from ancients.raphia.battle import RaphiaBattle

__all__ = ["render_svg"]

SIZE = 22.0  # hex circumradius, px
_W = SIZE * 1.1  # counter side
_TERRAIN = {Terrain.PLAIN: "#efe3bd", Terrain.ROAD: "#e0cc92", Terrain.DUNE: "#c49a55",
            Terrain.SEA: "#7eb0d8"}
_TERRAIN_WORDS = {Terrain.PLAIN: "plain", Terrain.ROAD: "coast road (plays as plain)",
                  Terrain.DUNE: "dunes (impassable)", Terrain.SEA: "sea"}
#: the colours of the first and the second side (the Ptolemaic brown, the Seleucid blue)
_COLOURS = (("#9c5a2a", "#f6e7d6"), ("#2f5f9a", "#dde8f6"))


def _colours(state: State, side: str) -> tuple[str, str]:
    return _COLOURS[state.sides.index(side)]


def _words(side: str) -> str:
    """A side's name for the picture: "Ptolemaic", "Sparta"."""
    return side[:1].upper() + side[1:]
_LINE = {"red": "#d0312d", "blue": "#2456c7"}
_SYMBOL = {TroopType.LEADER: "L", TroopType.LIGHT: "li", TroopType.LIGHT_MISSILE: "T",
           TroopType.SEMI_HEAVY: "sh", TroopType.PHALANX_NORMAL: "Φ",
           TroopType.PHALANX_OTHER: "φ", TroopType.ELEPHANT: "E", TroopType.CAVALRY: "C"}
_SYMBOL_WORDS = {TroopType.LEADER: "leader", TroopType.LIGHT: "light infantry",
                 TroopType.LIGHT_MISSILE: "light infantry, archers or slingers",
                 TroopType.SEMI_HEAVY: "semi-heavy infantry",
                 TroopType.PHALANX_NORMAL: "phalanx (normal)",
                 TroopType.PHALANX_OTHER: "phalanx (other)",
                 TroopType.ELEPHANT: "elephants", TroopType.CAVALRY: "cavalry"}
_MARK = {Status.ROUTED: ("ROUT", "#c0392b"), Status.PURSUING: ("PURSUIT", "#d35400")}
_ROUTED_FILL = "#f4c7c3"


def _corner(x: float, y: float, k: int, size: float = SIZE) -> tuple[float, float]:
    """Corner ``k`` (1 = NNE ... 6 = NNW) of a flat-topped hex centred on (x, y)."""
    a = math.radians((k - 2) * 60)
    return x + size * math.cos(a), y + size * math.sin(a)


def _polygon(x: float, y: float, size: float = SIZE) -> str:
    return " ".join(f"{px:.1f},{py:.1f}" for px, py in (_corner(x, y, k, size)
                                                        for k in range(1, 7)))


def _text(x: float, y: float, text: str, size: float, fill: str = "#111",
          anchor: str = "middle", bold: bool = False) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:g}" text-anchor="{anchor}" '
            f'fill="{fill}"{weight}>{escape(text)}</text>')


def _arrow(x: float, y: float, corner: int, colour: str) -> str:
    """The facing arrow (§6): from the counter's edge to the hex corner it faces, clear
    of the counter's figures."""
    fx, fy = _corner(x, y, corner, SIZE * 0.98)
    dx, dy = fx - x, fy - y
    t = (_W / 2) / max(abs(dx), abs(dy))  # where the line leaves the square
    return (f'<line x1="{x + dx * t:.1f}" y1="{y + dy * t:.1f}" x2="{fx:.1f}" '
            f'y2="{fy:.1f}" stroke="{colour}" stroke-width="2.5" '
            'marker-end="url(#arrow)"/>')


def _counter(state: State, s: Stack, x: float, y: float) -> list[str]:
    """A stack: its top counter with the stack's height behind it, its symbol and
    factors, a gold dot for a leader, the facing arrow and a ROUT or PURSUIT tag above
    the counter (never over its figures)."""
    dark, light = _colours(state, s.side)
    top = state.top_counter(s)
    w = _W
    n = len(state.combatants(s))
    out = [f'<g class="stack {s.side}" data-hex="{state.board.label(s.hex)}">',
           f'<title>{escape(state.name(s))}: {s.status.value}</title>']
    for i in range(min(n, 4) - 1, 0, -1):  # stack height: offset shadows
        out.append(f'<rect x="{x - w / 2 + 2 * i:.1f}" y="{y - w / 2 - 2 * i:.1f}" '
                   f'width="{w:.1f}" height="{w:.1f}" fill="{dark}" stroke="#222" '
                   'stroke-width="0.5"/>')
    fill = light if s.status is Status.GOOD else _ROUTED_FILL
    out.append(f'<rect x="{x - w / 2:.1f}" y="{y - w / 2:.1f}" width="{w:.1f}" '
               f'height="{w:.1f}" fill="{fill}" stroke="{dark}" stroke-width="1.5"/>')
    morale = "L" if top.leader else str(state.morale(top.id)) if (
        top.morale is not None or top.id in state.morale_override) else "?"
    out.append(_text(x, y + 1, _SYMBOL[top.type], 10.5, dark, bold=True))
    out.append(_text(x, y + w / 2 - 2.2, f"{top.combat} {morale} {top.movement}", 7.2))
    if n > 1:
        out.append(_text(x + w / 2 - 1.5, y - w / 2 + 7, str(n), 7, anchor="end",
                         bold=True))
    if state.leader_in(s) is not None and n:
        out.append(f'<circle cx="{x - w / 2 + 4:.1f}" cy="{y - w / 2 + 4:.1f}" r="3" '
                   'fill="gold" stroke="#111" stroke-width="0.6"/>')
    if s.facing is not None and top.phalanx:
        out.append(_arrow(x, y, s.facing, dark))
    if s.status in _MARK:
        word, colour = _MARK[s.status]
        tw = 4.6 * len(word) + 4
        out.append(f'<rect x="{x - tw / 2:.1f}" y="{y - w / 2 - 9:.1f}" width="{tw:.1f}" '
                   f'height="8" rx="1.5" fill="{colour}"/>')
        out.append(_text(x, y - w / 2 - 2.6, word, 6.5, "white", bold=True))
    out.append("</g>")
    return out


def _lines(board: Board, ox: float, oy: float) -> list[str]:
    """§2 deployment lines, in their printed colours, on the front side of their row."""
    out = []
    for line in board.lines.values():
        colour = _LINE.get(line.colour, line.colour)
        sides = (2, 3) if line.step > 0 else (5, 6)
        for h in board.grid.hexes:
            if h[0] != line.column or not line.first_row <= board.row(h) <= line.last_row:
                continue
            x, y = _centre(h, ox, oy)
            for d in sides:
                (ax, ay), (bx, by) = _corner(x, y, d - 1 or 6), _corner(x, y, d)
                out.append(f'<line x1="{ax:.1f}" y1="{ay:.1f}" x2="{bx:.1f}" y2="{by:.1f}" '
                           f'stroke="{colour}" stroke-width="3"/>')
    return out


def _centre(h: Hex, ox: float, oy: float) -> tuple[float, float]:
    x, y = hex_to_pixel(h, SIZE)
    return x + ox, y + oy


def _legend(state: State, x: float, y: float) -> tuple[list[str], float]:
    """The key: sides, troop symbols, a counter's parts, states, terrain and lines; and
    the height it takes."""
    out = [_text(x, y, "Key", 14, anchor="start", bold=True)]
    y += 22
    row = 19.0

    def swatch(fill: str, stroke: str, label: str, mark: str = "", mark_fill: str = "#111"
               ) -> None:
        nonlocal y
        out.append(f'<rect x="{x:.1f}" y="{y - 11:.1f}" width="16" height="16" '
                   f'fill="{fill}" stroke="{stroke}" stroke-width="1.5"/>')
        if mark:
            out.append(_text(x + 8, y + 1.5, mark, 10, mark_fill, bold=True))
        out.append(_text(x + 24, y + 1, label, 11, anchor="start"))
        y += row

    for side, (dark, light) in zip(state.sides, _COLOURS, strict=True):
        swatch(light, dark, f"{_words(side)} army")
    y += 6
    for kind, symbol in _SYMBOL.items():
        swatch("#ffffff", "#555", _SYMBOL_WORDS[kind], symbol)
    y += 8
    # a sample counter and what its parts say
    dark, light = _COLOURS[0]
    cx, cy = x + 16, y + 8
    out.append(f'<rect x="{cx - _W / 2 + 4:.1f}" y="{cy - _W / 2 - 4:.1f}" width="{_W:.1f}" '
               f'height="{_W:.1f}" fill="{dark}"/>')
    out.append(f'<rect x="{cx - _W / 2:.1f}" y="{cy - _W / 2:.1f}" width="{_W:.1f}" '
               f'height="{_W:.1f}" fill="{light}" stroke="{dark}" stroke-width="1.5"/>')
    out.append(_text(cx, cy + 1, "Φ", 11, dark, bold=True))
    out.append(_text(cx, cy + _W / 2 - 2.5, "10 6 2", 7.5))
    out.append(_text(cx + _W / 2 - 1.5, cy - _W / 2 + 7, "3", 7, anchor="end", bold=True))
    out.append(f'<circle cx="{cx - _W / 2 + 4:.1f}" cy="{cy - _W / 2 + 4:.1f}" r="3" '
               'fill="gold" stroke="#111" stroke-width="0.6"/>')
    out.append(_arrow(cx, cy, 2, dark))
    for i, words in enumerate(("figures: combat, morale, movement", "corner: counters in "
                               "the stack", "gold dot: a leader with it", "arrow: a phalanx's "
                               "facing (§6)")):
        out.append(_text(x + 44, cy - 12 + 12 * i, words, 10, anchor="start"))
    y += 50
    for status, (word, colour) in _MARK.items():
        tw = 4.6 * len(word) + 4
        out.append(f'<rect x="{x:.1f}" y="{y - 8:.1f}" width="{tw:.1f}" height="8" rx="1.5" '
                   f'fill="{colour}"/>')
        out.append(_text(x + tw / 2, y - 1.6, word, 6.5, "white", bold=True))
        what = "in rout: flees, counts nothing (§10)" if status is Status.ROUTED else \
            "in pursuit: in disorder until rallied (§10)"
        out.append(_text(x + tw + 6, y, what, 11, anchor="start"))
        y += row
    swatch(_ROUTED_FILL, "#999", "pale red: not in good order")
    y += 6
    for t in Terrain:
        swatch(_TERRAIN[t], "#b8a77a", _TERRAIN_WORDS[t])
    for line in state.board.lines.values():
        colour = _LINE.get(line.colour, line.colour)
        out.append(f'<line x1="{x:.1f}" y1="{y - 3:.1f}" x2="{x + 16:.1f}" y2="{y - 3:.1f}" '
                   f'stroke="{colour}" stroke-width="3"/>')
        out.append(_text(x + 24, y + 1, f"{line.colour} line: {_words(line.side)} "
                         "deployment (§2)", 11, anchor="start"))
        y += row
    out.append(_text(x, y + 2, "hex numbers: column, row (CCRR)", 11, anchor="start"))
    return out, y + 12


def render_svg(battle: RaphiaBattle) -> str:
    """The battle as it stands, as SVG text: the map with its hex numbers, the stacks,
    and a key beside it."""
    st = battle.state
    board = st.board
    xs, ys = zip(*(hex_to_pixel(h, SIZE) for h in board.grid.hexes), strict=True)
    ox, oy = -min(xs) + SIZE + 2, -min(ys) + SIZE + 30
    map_w, map_h = max(xs) + ox + SIZE + 2, max(ys) + oy + SIZE + 4
    legend, legend_h = _legend(st, map_w + 16, oy)
    width, height = map_w + 300, max(map_h, legend_h)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" '
           f'height="{height:.0f}" viewBox="0 0 {width:.0f} {height:.0f}" '
           'font-family="DejaVu Sans, Verdana, sans-serif">',
           '<defs><marker id="arrow" viewBox="0 0 6 6" refX="3" refY="3" markerWidth="3.5" '
           'markerHeight="3.5" orient="auto"><path d="M0,0 L6,3 L0,6 z" fill="#222"/>'
           '</marker></defs>',
           f'<rect width="{width:.0f}" height="{height:.0f}" fill="#ffffff"/>']
    h_row = math.sqrt(3) * SIZE / 2
    for h, t in zip(board.grid.hexes, board.terrain, strict=True):
        x, y = _centre(h, ox, oy)
        out.append(f'<polygon points="{_polygon(x, y)}" fill="{_TERRAIN[t]}" '
                   f'stroke="#b8a77a" stroke-width="0.5"><title>{board.label(h)}</title>'
                   '</polygon>')
        if t.passable:  # the hex number (the log names hexes so), below the counter
            out.append(_text(x, y + h_row - 1.6, board.label(h), 6, "#7d6d48"))
    out += _lines(board, ox, oy)
    for s in sorted(st.stacks, key=lambda s: (s.status is Status.GOOD, s.sid)):
        out += _counter(st, s, *_centre(s.hex, ox, oy))
    vp = victory_points(st)
    title = (f"Raphia ({battle.ruleset}) — turn {battle.turn}, {battle.phase} — "
             "victory points " + ", ".join(f"{_words(k)} {v}" for k, v in vp.items()))
    out.append(_text(8, 20, title, 15, anchor="start", bold=True))
    out += legend
    out.append("</svg>")
    return "\n".join(out)
