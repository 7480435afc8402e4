"""Closed forms of :mod:`ancients.monks_corner.geometry` against shapely."""

from __future__ import annotations

import shapely
from hypothesis import given
from hypothesis import strategies as st

from ancients.monks_corner.geometry import SURE, Path, hull_gaps, path_crosses
from ancients.tabletop import Block

coords = st.floats(0.0, 30.0, allow_nan=False)
angles = st.sampled_from([0.0, 45.0, 90.0, 180.0, 270.0, 12.5, 301.0])
blocks = st.builds(Block, coords, coords, angles, st.integers(1, 12), st.integers(1, 6),
                   st.sampled_from([0.5, 0.75]), st.sampled_from([0.5, 0.75]))


@st.composite
def paths(draw: st.DrawFn) -> Path:
    """Two or three steps: shifts of one footprint, or turns and shifts."""
    start = draw(blocks)
    steps = [start]
    for _ in range(draw(st.integers(1, 2))):
        last = steps[-1]
        if draw(st.booleans()):
            steps.append(last.advanced(draw(st.floats(-8.0, 8.0))))
        else:
            steps.append(last.derived(last.x + draw(st.floats(-6.0, 6.0)),
                                      last.y + draw(st.floats(-6.0, 6.0)),
                                      draw(angles), last.files, last.ranks))
    return Path(tuple(steps))


@given(paths(), blocks, st.booleans())
def test_hull_gaps_agree_with_shapely(path: Path, other: Block, core: bool) -> None:
    gap, complete = hull_gaps(path, other, core)
    target = other.core if core else other.polygon
    swept = path.swept()
    if gap > SURE:  # a lower bound on the distance: apart
        assert not shapely.intersects(swept, target)
        assert shapely.distance(swept, target) >= gap - SURE
    if complete < -SURE:  # overlap on a complete set of axes: they meet
        assert shapely.intersects(swept, target)
    assert complete >= gap


@given(paths(), blocks)
def test_path_crosses_only_what_shapely_says_it_enters(path: Path, other: Block) -> None:
    if path_crosses(path, other):
        assert shapely.intersects(path.swept(), other.core)
