"""Shared inches geometry for the miniatures rulesets (Monk's Corner, Burgess, Hoplomachia).

Conventions, used throughout:

* Table axes: x runs east along the first side's (south) edge, from 0 at its west end;
  y runs north, from 0 on that edge to the table's depth. Inches.
* Angles are compass bearings in degrees: 0 faces +y (north, up the table), 90 faces +x
  (east), clockwise positive. A block's ``facing`` is kept in [0, 360).
* A :class:`Block`'s reference point is its **front-centre** (``x``, ``y``): the middle
  of its front edge. Frontage = files x base width, depth = ranks x base depth.
* One tolerance, :data:`EPSILON` inches, decides contact, containment and every
  comparison: blocks touch when their distance is at most EPSILON and overlap when they
  interpenetrate by more than EPSILON.

Shapely or numpy: closed forms (pure Python for one pair, numpy for many) for distances,
contact and overlap between oriented blocks, the AI's hot path; shapely 2 for swept
areas, arcs, zones, terrain and sight lines. See ``benchmarks/bench_tabletop.py``.
:class:`BlockIndex` (a grid over the blocks' bounds) finds the blocks near a box or a
block, and the nearest, without measuring every block on the table.
"""

from ancients.tabletop.block import FAR, Arc, Aspect, Block, Formation, Overlap, corners_array
from ancients.tabletop.geometry import (
    EPSILON,
    Corners,
    Point,
    angle_difference,
    bearing,
    distance_matrix,
    heading,
    normalise_angle,
    rotate_point,
)
from ancients.tabletop.index import BlockIndex
from ancients.tabletop.movement import Move
from ancients.tabletop.overlay import union
from ancients.tabletop.table import SIGHT_BLOCKING, Table, Where
from ancients.tabletop.terrain import (
    LineCrossing,
    Props,
    PropValue,
    Terrain,
    TerrainArea,
    TerrainLine,
)

__all__ = [
    "EPSILON",
    "FAR",
    "SIGHT_BLOCKING",
    "Arc",
    "Aspect",
    "Block",
    "BlockIndex",
    "Corners",
    "Formation",
    "LineCrossing",
    "Move",
    "Overlap",
    "Point",
    "PropValue",
    "Props",
    "Table",
    "Terrain",
    "TerrainArea",
    "TerrainLine",
    "Where",
    "angle_difference",
    "bearing",
    "corners_array",
    "distance_matrix",
    "heading",
    "normalise_angle",
    "rotate_point",
    "union",
]
