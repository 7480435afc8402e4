"""Generated maps (§1–§2): a plain battlefield sized to the armies, as a map document in
``data/map.toml``'s format, laid out like the Raphia map (the first side's line faces
east, the second's west; each army's own map edge behind it)."""

from __future__ import annotations

from typing import Any

import attrs

from ancients.raphia.board import Terrain

__all__ = ["MapPlan", "plain_map"]

#: the most rows and columns a map may have (``board.parse_board``)
LARGEST = 99


@attrs.frozen
class MapPlan:
    """How a generated map is laid out: ``line_rows`` hexes of line, ``behind`` columns
    behind each line (room to rout and to stand in reserve), ``gap`` columns between the
    two lines, ``margin`` open rows beyond each end of the line; a flank ``north`` or
    ``south`` (the first side's left and right) resting on sea or impassable ground
    instead has one row of it and no margin."""

    line_rows: int
    behind: int
    gap: int
    margin: int
    north: Terrain = Terrain.PLAIN
    south: Terrain = Terrain.PLAIN

    @property
    def columns(self) -> int:
        return 2 * self.behind + self.gap + 2

    def _end(self, flank: Terrain) -> int:
        return self.margin if flank is Terrain.PLAIN else 1

    @property
    def rows(self) -> int:
        return self.line_rows + self._end(self.north) + self._end(self.south)

    @property
    def first_row(self) -> int:
        """The first row of the line (1-based)."""
        return self._end(self.north) + 1

    @property
    def line_columns(self) -> tuple[int, int]:
        """The columns (1-based) behind the first and the second side's lines."""
        return self.behind + 1, self.behind + self.gap + 2


def plain_map(plan: MapPlan, sides: tuple[str, str], reason: str) -> dict[str, Any]:
    """The map document of ``plan`` for ``sides`` (reconstructed, for ``reason``): both
    deploy on every passable row, the line centred between the flanks."""
    cols, rows = plan.columns, plan.rows
    lines = []
    for r in range(1, rows + 1):
        if r == 1 and plan.north is not Terrain.PLAIN:
            lines.append(plan.north.value * cols)
        elif r == rows and plan.south is not Terrain.PLAIN:
            lines.append(plan.south.value * cols)
        else:
            lines.append(Terrain.PLAIN.value * cols)
    first = 2 if plan.north is not Terrain.PLAIN else 1
    last = rows - 1 if plan.south is not Terrain.PLAIN else rows
    west, east = plan.line_columns
    return {
        "reconstructed": True, "reason": reason, "layout": "odd-q",
        "columns": cols, "rows": rows, "terrain": "\n".join(lines),
        "deployment": {
            sides[0]: {"column": west, "facing": "east", "first_row": first,
                       "last_row": last, "colour": "blue"},
            sides[1]: {"column": east, "facing": "west", "first_row": first,
                       "last_row": last, "colour": "red"},
        },
    }


def label(column: int, row: int) -> str:
    """A hex's printed number, column then row ("CCRR", 1-based)."""
    return f"{column:02d}{row:02d}"
