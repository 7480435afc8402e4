"""The table's side of the rules: what a move crosses (Movement A-E), clear paths, cover
(Method of fire; Hand to hand B), the line of fire (Missile fire B) and defences' faces."""

from __future__ import annotations

import attrs

from ancients.burgess import ground
from ancients.burgess.defences import batter
from ancients.burgess.missiles import Cover
from ancients.burgess.movement import Crossing
from ancients.burgess.troops import Weapon

from .helpers import bows, foot, staged

HILL = {"kind": "hill", "polygon": [[10, 20], [40, 20], [40, 40], [10, 40]], "downhill": 180}
WOODS = {"kind": "woods", "polygon": [[50, 10], [60, 10], [60, 20], [50, 20]]}


def test_what_a_move_crosses() -> None:
    state, _ = staged([foot("a", "south", 30, 12), foot("b", "north", 60, 46)],
                      terrain=[HILL, WOODS],
                      lines=[{"kind": "hedge", "points": [[0, 14], [45, 14]]},
                             {"kind": "river", "size": "small", "points": [[0, 16], [45, 16]]},
                             {"kind": "river", "size": "large", "points": [[0, 17], [45, 17]]},
                             {"kind": "road", "points": [[30, 0], [30, 48]]}])
    a = state.by_id["a"].block
    up = ground.along(a, 0.0, 10.0)  # north: over the hedge, both rivers, up the hill
    got = ground.crossings(state, a, up)
    assert got == {Crossing.HEDGE: 1, Crossing.SMALL_RIVER: 1, Crossing.LARGE_RIVER: 1,
                   Crossing.UPHILL: 1, Crossing.ROAD: 1}
    east = ground.along(a, 90.0, 22.0)  # into the woods, off the road
    assert ground.crossings(state, a, east) == {Crossing.WOODS: 1}
    on_hill = ground.along(a, 0.0, 12.0)
    down = ground.crossings(state, on_hill, ground.along(on_hill, 180.0, 4.0))
    assert Crossing.UPHILL not in down  # going down a hill is not uphill


def test_paths_are_clear_of_other_units_and_moves_keep_off_the_enemy() -> None:
    state, _ = staged([foot("a", "south", 30, 10), foot("f", "south", 30, 16),
                       foot("b", "north", 50, 20)])
    a = state.by_id["a"]
    through = ground.along(a.block, 0.0, 10.0)  # through the friend in front
    assert not ground.path_clear(state, a, ground.steps(a.block, through, 0.5))
    aside = ground.along(a.block, 270.0, 6.0)
    assert ground.path_clear(state, a, ground.steps(a.block, aside, 0.5))
    b = state.by_id["b"]
    near = attrs.evolve(a.block, x=b.block.x, y=b.block.y - 0.1)
    assert not ground.keeps_off(state, a, near)
    assert ground.keeps_off(state, a, attrs.evolve(near, y=b.block.y - 0.5))


def test_cover_from_a_wall_a_building_and_woods_and_a_breach() -> None:
    state, _ = staged([bows("a", "south", 30, 10), foot("w", "north", 30, 22),
                       foot("h", "north", 12, 31), foot("t", "north", 55, 16)],
                      lines=[{"kind": "wall", "id": "wall", "points": [[20, 21], [40, 21]]}],
                      buildings=[{"id": "house", "defence": "small building",
                                  "polygon": [[8, 28], [16, 28], [16, 34], [8, 34]]}],
                      terrain=[WOODS])
    origin = state.by_id["a"].block.front_centre
    assert ground.cover(state, state.by_id["w"], origin) is Cover.WALL
    assert ground.cover(state, state.by_id["h"], origin) is Cover.BUILDING
    assert ground.cover(state, state.by_id["t"], origin) is Cover.WOODS
    # from behind the wall's line it shelters nobody
    assert ground.cover(state, state.by_id["w"], (30.0, 30.0)) is Cover.OPEN
    wall = next(w for w in state.works if w.id == "wall")
    wall.faces = (batter(wall.faces[0], Weapon.HEAVY_ENGINE, 1),)  # 3 of its 6 points
    assert wall.faces[0].breached
    assert ground.cover(state, state.by_id["w"], origin) is Cover.OPEN
    house = next(w for w in state.works if w.id == "house")
    face = ground.face_toward(house, origin)
    assert face == 0  # the south face, first in the outline
    assert ground.face_toward(house, (12.0, 40.0)) == 2


def test_the_line_of_fire_over_friends_and_enemies() -> None:
    state, _ = staged([bows("a", "south", 30, 10), foot("f", "south", 30, 13),
                       foot("t", "north", 30, 24), foot("e", "north", 45, 17),
                       bows("c", "south", 45, 10)])
    a, t, c = state.by_id["a"], state.by_id["t"], state.by_id["c"]
    # Missile fire B: over a friend less than 3 IN in front: blocked
    assert not ground.line_of_fire(state, a, t)
    state.by_id["f"].block = attrs.evolve(state.by_id["f"].block, y=15.0)
    assert ground.line_of_fire(state, a, t)  # 3 IN behind it: indirect fire
    # an enemy in the way blocks: e stands between c and a target behind it
    assert ground.line_of_fire(state, c, state.by_id["e"])
    behind_e = attrs.evolve(t, block=attrs.evolve(t.block, x=45.0))
    assert not ground.line_of_fire(state, c, behind_e)
