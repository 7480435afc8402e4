"""Robust polygon union for swept areas and terrain.

GEOS's floating-point overlay can fail on valid inputs that meet at nearly the same
point ("TopologyException: side location conflict"), which a move made of a footprint
and a buffered path can produce. :func:`union` retries such a union with snap-rounding
to the one tolerance, which never fails and moves no vertex by more than EPSILON.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import shapely
from shapely.errors import GEOSException

from ancients.tabletop.geometry import EPSILON

__all__ = ["union"]


def union(parts: Sequence[Any]) -> Any:
    """The union of shapely geometries (robust to GEOS topology failures)."""
    try:
        return shapely.union_all(parts)
    except GEOSException:
        return shapely.union_all(parts, grid_size=EPSILON)
