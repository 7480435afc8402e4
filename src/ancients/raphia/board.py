"""Raphia §1–§2 — the map: terrain, the deployment lines, the map edges."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any

import attrs

from ancients.hexgrid import Direction, Hex, HexBoard, OffsetLayout, corner_front
from ancients.raphia.bitboard import BitBoard
from ancients.raphia.counters import DATA
from ancients.rulesdata import load_document, provenance
from ancients.scenario import Field

__all__ = ["Board", "DeploymentLine", "Terrain", "load_board", "parse_board"]


class Terrain(enum.StrEnum):
    PLAIN = "."
    ROAD = "="  # decorative only (§1)
    DUNE = "D"
    SEA = "~"

    @property
    def passable(self) -> bool:
        return self in (Terrain.PLAIN, Terrain.ROAD)


@attrs.frozen
class DeploymentLine:
    """§2: ``column`` (0-based) is the column of hexes immediately behind the line;
    ``step`` is +1 if the army faces east, -1 if west; ``colour`` as printed on the map
    (the 1991 erratum's)."""

    side: str
    column: int
    step: int
    first_row: int
    last_row: int
    colour: str

    def zone(self, col: int) -> str:
        """Where a column lies for this army: "line", "front1", "front2", "reserve" or
        "beyond"."""
        d = (col - self.column) * self.step
        if d == 0:
            return "line"
        if d < 0:
            return "reserve"
        return f"front{d}" if d <= 2 else "beyond"


@attrs.frozen(eq=False)
class Board:
    """The hex map (flat-topped, in columns) with its terrain and deployment lines."""

    grid: HexBoard
    terrain: tuple[Terrain, ...]  # per cell index
    lines: Mapping[str, DeploymentLine]
    reconstructed: bool
    reason: str
    passable_hexes: frozenset[Hex] = attrs.field(init=False)
    bits: BitBoard = attrs.field(init=False, repr=False)
    """The cells as bits (column by column, in label order) for whole-set searches."""
    passable_bits: int = attrs.field(init=False, repr=False)
    _labels: dict[Hex, str] = attrs.field(init=False, repr=False)
    _nbrs: dict[Hex, tuple[Hex, ...]] = attrs.field(init=False, repr=False)
    _by_label: dict[str, Hex] = attrs.field(init=False, repr=False)
    _fronts: dict[tuple[Hex, int], tuple[Hex, Hex]] = attrs.field(init=False, repr=False)
    _index: dict[Hex, int] = attrs.field(init=False, repr=False)
    memo: dict[Any, Any] = attrs.field(init=False, repr=False, factory=dict)
    """Objects derived from the map alone (the move options, ...), made once."""

    def __attrs_post_init__(self) -> None:
        cells = frozenset(h for h, t in zip(self.grid.hexes, self.terrain, strict=True)
                          if t.passable)
        object.__setattr__(self, "passable_hexes", cells)
        object.__setattr__(self, "bits", BitBoard.of(self.grid))
        object.__setattr__(self, "passable_bits", self.bits.bits(cells))
        object.__setattr__(self, "_labels", {h: self.grid.label(h) for h in self.grid.hexes})
        object.__setattr__(self, "_nbrs", {h: h.neighbors() for h in self.grid.hexes})
        object.__setattr__(self, "_by_label", {lab: h for h, lab in self._labels.items()})
        object.__setattr__(self, "_fronts", {})
        object.__setattr__(self, "_index", {h: i for i, h in enumerate(self.grid.hexes)})

    @property
    def sides(self) -> tuple[str, ...]:
        """The two sides whose deployment lines the map gives, in its order."""
        return tuple(self.lines)

    def neighbors(self, h: Hex) -> tuple[Hex, ...]:
        """The six neighbours of ``h`` (cached for hexes on the map)."""
        n = self._nbrs.get(h)
        return n if n is not None else h.neighbors()

    def contains(self, h: Hex) -> bool:
        return self.grid.contains(h)

    def passable(self, h: Hex) -> bool:
        """On the map and not dune or sea (§1: dunes are impassable)."""
        return h in self.passable_hexes

    @property
    def indices(self) -> Mapping[Hex, int]:
        """The flat cell index of every hex on the map (do not mutate)."""
        return self._index

    def index(self, h: Hex) -> int:
        """The flat cell index of a hex on the map (as in ``grid``'s arrays)."""
        i = self._index.get(h)
        return i if i is not None else self.grid.index(h)

    def terrain_at(self, h: Hex) -> Terrain:
        return self.terrain[self.grid.index(h)]

    def label(self, h: Hex) -> str:
        lab = self._labels.get(h)
        return lab if lab is not None else self.grid.label(h)

    def hex(self, label: str) -> Hex:
        h = self._by_label.get(label)
        return h if h is not None else self.grid.hex_from_label(label)

    def corner_front(self, h: Hex, corner: int) -> tuple[Hex, Hex]:
        """§6: the two front hexes of a phalanx in ``h`` facing ``corner`` (memoised)."""
        key = (h, corner)
        front = self._fronts.get(key)
        if front is None:
            front = self._fronts[key] = corner_front(h, corner)
        return front

    def column(self, h: Hex) -> int:
        return h[0]

    def row(self, h: Hex) -> int:
        return int(self.grid.row[self.grid.index(h)])

    def edge_directions(self, side: str, edge: str) -> tuple[Direction, Direction]:
        """§10 addendum: the two directions a rout takes towards ``side``'s own edge
        ("own") or the opposite edge ("other"); never 1 or 4."""
        west = (self.lines[side].step > 0) == (edge == "own")
        return (Direction.SW, Direction.NW) if west else (Direction.NE, Direction.SE)

    def edge_distance(self, side: str, h: Hex) -> int:
        """Columns between ``h`` and ``side``'s own map edge."""
        return h[0] if self.lines[side].step > 0 else self.grid.cols - 1 - h[0]


def load_board(path: str = "") -> Board:
    """The map from ``path`` (TOML), or the built-in reconstruction."""
    return parse_board(load_document(DATA, "map.toml", path))


def parse_board(doc: Field) -> Board:
    """A map document: its grid, terrain and the deployment lines of its two sides (a
    scenario's own ``[map]`` too)."""
    doc.check_keys(["reconstructed", "reason", "layout", "columns", "rows", "terrain",
                    "deployment"])
    rec, reason = provenance(doc)
    cols, rows = doc["columns"].as_int(min=8, max=99), doc["rows"].as_int(min=8, max=99)
    layout = doc["layout"].choice([x.value for x in OffsetLayout])
    grid = HexBoard(cols, rows, layout)
    tf = doc["terrain"]
    lines_txt = [ln for ln in tf.as_str().splitlines() if ln.strip()]
    if len(lines_txt) != rows:
        raise tf.error(f"needs {rows} rows of terrain, got {len(lines_txt)}")
    terrain: list[Terrain] = []
    symbols = {t.value: t for t in Terrain}
    for r, ln in enumerate(lines_txt):
        if len(ln) != cols:
            raise tf.error(f"terrain row {r + 1} has {len(ln)} columns, expected {cols}")
        for ch in ln:
            if ch not in symbols:
                raise tf.error(f"unknown terrain {ch!r} in row {r + 1}; use . = D ~")
            terrain.append(symbols[ch])
    dep = doc["deployment"]
    sides = dep.keys()
    if len(sides) != 2:
        raise dep.error(f"needs the deployment lines of two sides, got {len(sides)}")
    lines = {side: _line(dep[side], side, cols, rows) for side in sides}
    if lines[sides[0]].step == lines[sides[1]].step:
        raise dep.error("the two armies must face each other")
    return Board(grid, tuple(terrain), lines, rec, reason)


def _line(f: Field, side: str, cols: int, rows: int) -> DeploymentLine:
    f.check_keys(["column", "facing", "first_row", "last_row", "colour"])
    col = f["column"].as_int(min=3, max=cols - 2) - 1
    step = 1 if f["facing"].choice(["east", "west"]) == "east" else -1
    first, last = f["first_row"].as_int(min=1, max=rows) - 1, f["last_row"].as_int(max=rows) - 1
    if last < first:
        raise f["last_row"].error("last_row is before first_row")
    return DeploymentLine(side, col, step, first, last, f["colour"].choice(["red", "blue"]))


