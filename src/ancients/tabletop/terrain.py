"""Terrain on the table: areas (polygons) and linear features (lines with optional fords)."""

from __future__ import annotations

import enum
import math
from collections.abc import Iterable, Mapping, Sequence
from functools import cached_property
from typing import Any

import attrs
import shapely
from shapely.errors import GEOSException

from ancients.errors import GeometryError
from ancients.tabletop.geometry import EPSILON, Point, bearing, normalise_angle

PropValue = str | float | int | bool
#: Ruleset-specific attributes of a terrain piece, e.g. ``(("size", "large"),)``.
Props = tuple[tuple[str, PropValue], ...]


class Terrain(enum.Enum):
    """Kinds of terrain named by the miniatures rulesets."""

    CLEAR = "clear"
    ROUGH = "rough"  # broken ground
    WOODS = "woods"
    HILL = "hill"
    MARSH = "marsh"
    SWAMP = "swamp"
    RIVER = "river"
    FORD = "ford"
    ROAD = "road"
    FIELD = "field"  # wheatfield, crops
    SAND = "sand"
    SURF = "surf"
    BUILDING = "building"
    HEDGE = "hedge"
    WALL = "wall"
    FENCE = "fence"
    PALISADE = "palisade"


def _polygon(value: Any) -> Any:
    """A valid, non-empty shapely polygon from a polygon or a sequence of points."""
    poly = value if isinstance(value, shapely.Polygon) else _build(shapely.Polygon, value)
    if poly.is_empty or not poly.is_valid or poly.area <= EPSILON:
        raise GeometryError(f"terrain polygon is empty or invalid: {shapely.to_wkt(poly)}")
    return poly


def _line(value: Any) -> Any:
    """A non-empty shapely line from a line or a sequence of points."""
    line = value if isinstance(value, shapely.LineString) else _build(shapely.LineString, value)
    if line.is_empty or line.length <= EPSILON:
        raise GeometryError(f"terrain line is empty: {shapely.to_wkt(line)}")
    return line


def _build(kind: Any, points: Any) -> Any:
    try:
        return kind([(float(x), float(y)) for x, y in points])
    except (TypeError, ValueError, GEOSException) as exc:
        raise GeometryError(f"cannot make a {kind.__name__} from {points!r}: {exc}") from exc


def _props(value: Mapping[str, PropValue] | Iterable[tuple[str, PropValue]]) -> Props:
    items = value.items() if isinstance(value, Mapping) else value
    return tuple(sorted((str(k), v) for k, v in items))


def _downhill(value: float | None) -> float | None:
    return None if value is None else normalise_angle(value)


def _fords(value: Iterable[Sequence[float]]) -> tuple[tuple[float, float], ...]:
    fords = tuple((float(s), float(e)) for s, e in value)
    for s, e in fords:
        if not 0.0 <= s < e:
            raise GeometryError(f"a ford is (start, end) inches along the line, got {(s, e)}")
    return fords


@attrs.frozen
class TerrainArea:
    """An area of one terrain ``kind``. ``downhill`` (hills) is the bearing the slope falls
    towards; left None, a hill falls away from its centroid on every side."""

    kind: Terrain
    polygon: Any = attrs.field(converter=_polygon)
    name: str = ""
    downhill: float | None = attrs.field(default=None, converter=_downhill)
    props: Props = attrs.field(default=(), converter=_props)

    @cached_property
    def core(self) -> Any:
        """The polygon shrunk by :data:`EPSILON`: what a move must enter to count as in it."""
        core = self.polygon.buffer(-EPSILON, join_style="mitre")
        shapely.prepare(core)
        return core

    @cached_property
    def bounds(self) -> tuple[float, float, float, float]:
        """min x, min y, max x, max y of the polygon (cached: a cheap first cut)."""
        x0, y0, x1, y1 = self.polygon.bounds
        return (float(x0), float(y0), float(x1), float(y1))

    def prop(self, key: str, default: PropValue | None = None) -> PropValue | None:
        return dict(self.props).get(key, default)

    def covers(self, point: Point) -> bool:
        """``point`` is in the area or on its edge."""
        return bool(shapely.intersects_xy(self.polygon, point[0], point[1]))

    def downhill_at(self, point: Point) -> float | None:
        """Bearing of the fall of the ground at ``point`` (None off a slope)."""
        if self.kind is not Terrain.HILL:
            return None
        if self.downhill is not None:
            return self.downhill
        c = self.polygon.centroid
        if math.hypot(point[0] - c.x, point[1] - c.y) <= EPSILON:
            return None
        return bearing((c.x, c.y), point)


@attrs.frozen
class TerrainLine:
    """A linear feature (hedge, wall, fence, palisade, river, road) along a polyline;
    ``fords`` are (start, end) stretches in inches along it where it may be crossed as a
    ford."""

    kind: Terrain
    line: Any = attrs.field(converter=_line)
    fords: tuple[tuple[float, float], ...] = attrs.field(default=(), converter=_fords)
    name: str = ""
    props: Props = attrs.field(default=(), converter=_props)

    def __attrs_post_init__(self) -> None:
        for s, e in self.fords:
            if e > self.line.length + EPSILON:
                raise GeometryError(
                    f"ford {(s, e)} runs past the end of {self.name or self.kind.value} "
                    f"({self.line.length:g} inches long)"
                )

    @cached_property
    def bounds(self) -> tuple[float, float, float, float]:
        x0, y0, x1, y1 = self.line.bounds
        return (float(x0), float(y0), float(x1), float(y1))

    def prop(self, key: str, default: PropValue | None = None) -> PropValue | None:
        return dict(self.props).get(key, default)

    def ford_covers(self, start: float, end: float) -> bool:
        """The stretch ``start``..``end`` inches along the line lies within one ford."""
        return any(s - EPSILON <= start and end <= e + EPSILON for s, e in self.fords)


@attrs.frozen
class LineCrossing:
    """A linear feature crossed, and whether wholly at a ford."""

    line: TerrainLine
    at_ford: bool

    @property
    def kind(self) -> Terrain:
        return Terrain.FORD if self.at_ford else self.line.kind
