"""Hex geometry shared by the hex-and-counter rulesets.

Conventions follow Red Blob Games (redblobgames.com/grids/hexagons): axial ``(q, r)``
coordinates with the implied cube coordinate ``s = -q - r``.  Boards are **flat-topped
hexes in columns**: ``q`` is the column, and *north* (up the map) is decreasing ``r``.

Directions are numbered clockwise from north (:class:`Direction`)::

    1 N (0,-1)   2 NE (+1,-1)   3 SE (+1,0)   4 S (0,+1)   5 SW (-1,+1)   6 NW (-1,0)

A flat-topped hex has six corners; :class:`Corner` ``k`` lies between direction ``k`` and
direction ``k+1`` (corner 6 between NW and N), so a unit facing corner ``k`` has the hexes
in directions ``k`` and ``k+1`` as its front.

Map data uses offset coordinates (:class:`Offset`, 0-based ``col``/``row``, rows growing
southwards) in the ``"odd-q"`` or ``"even-q"`` column layout, and 4-digit ``"CCRR"`` labels
(1-based).  :class:`HexBoard` maps a rectangular offset board onto flat numpy arrays for
whole-board work such as :meth:`HexBoard.distance_field`.

Modules: :mod:`~ancients.hexgrid.coords` (:class:`Hex`, :class:`Direction`, pixels),
:mod:`~ancients.hexgrid.facing` (corners and arcs), :mod:`~ancients.hexgrid.offsets`
(layouts and labels), :mod:`~ancients.hexgrid.hexsets` (predicate-or-container hex sets),
:mod:`~ancients.hexgrid.lines` (lines, edge policy, line of sight),
:mod:`~ancients.hexgrid.search` (reachability, paths) and :mod:`~ancients.hexgrid.board`
(:class:`HexBoard` and its distance fields).
"""

from ancients.hexgrid.board import BoolArray as BoolArray
from ancients.hexgrid.board import FloatArray as FloatArray
from ancients.hexgrid.board import HexBoard
from ancients.hexgrid.board import IndexArray as IndexArray
from ancients.hexgrid.board import IntArray as IntArray
from ancients.hexgrid.coords import Direction, Hex, hex_round, hex_to_pixel, pixel_to_hex
from ancients.hexgrid.facing import (
    Arc,
    ArcHexes,
    Arcs,
    Corner,
    arc_hexes,
    arc_of,
    arcs,
    corner_front,
)
from ancients.hexgrid.hexsets import HexSet as HexSet
from ancients.hexgrid.lines import EdgePolicy, line, line_of_sight, line_pairs
from ancients.hexgrid.offsets import (
    Offset,
    OffsetLayout,
    format_label,
    from_offset,
    hex_from_label,
    hex_label,
    parse_label,
    to_offset,
)
from ancients.hexgrid.search import StepCost as StepCost
from ancients.hexgrid.search import path_to, reachable

__all__ = [
    "Arc",
    "ArcHexes",
    "Arcs",
    "Corner",
    "Direction",
    "EdgePolicy",
    "Hex",
    "HexBoard",
    "Offset",
    "OffsetLayout",
    "arc_hexes",
    "arc_of",
    "arcs",
    "corner_front",
    "format_label",
    "from_offset",
    "hex_from_label",
    "hex_label",
    "hex_round",
    "hex_to_pixel",
    "line",
    "line_of_sight",
    "line_pairs",
    "parse_label",
    "path_to",
    "pixel_to_hex",
    "reachable",
    "to_offset",
]
