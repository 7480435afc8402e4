"""Missile fire on the table: targets in range, arc and line of fire (Method of fire;
Missile fire B), hits pooled per target and saving number before the casualty dice
(Deciding casualties), cover, war engines against engines, elephants and defences (War
Engine fire; Elephants 6; value of defences), fire arrows and the blaze."""

from __future__ import annotations

from ancients.burgess import fire, works
from ancients.burgess.casualties import casualty_dice
from ancients.burgess.decisions import Shoot
from ancients.units import Condition

from .helpers import Loaded, bows, entry, foot, staged


def test_targets_in_range_in_the_arc_and_not_in_melee() -> None:
    state, _ = staged([bows("a", "south", 30, 10), foot("in", "north", 30, 30),
                       foot("far", "north", 30, 40), foot("side", "north", 6, 14),
                       foot("behind", "north", 30, 4, facing=0.0)])
    found = {s.target for s in fire.targets(state, state.by_id["a"])}
    assert found == {"in"}  # 34 IN is beyond 24; 45 degrees of its front; not behind
    assert fire.can_shoot(state, state.by_id["a"])
    state.by_id["a"].may_fire = False
    assert not fire.can_shoot(state, state.by_id["a"])


def test_the_hits_of_a_phase_are_pooled_before_the_casualty_dice() -> None:
    # two volleys of 3 groups at medium range (12 IN): dice 5, 5, 5 less 2 = 9 hits each
    state, log = staged([bows("a", "south", 26, 12, figures=9, ranks=3),
                         bows("b", "south", 34, 12, figures=9, ranks=3),
                         foot("t", "north", 30, 22, figures=12, ranks=2)],
                        dice=Loaded([5] * 4, then=1))
    pool = fire.Pool()
    for uid in ("a", "b"):
        fire.shoot(state, state.by_id[uid], Shoot("t"), pool)
    assert [e.data["hits"] for e in log if e.kind == "volley"] == [6, 6]  # 2 groups each
    fire.resolve(state, pool)
    saves = next(e for e in log if e.kind == "saves")
    assert saves.data["hits"] == 12 and saves.data["dice"] == casualty_dice(12) == 2
    assert saves.data["lost"] == 2  # both saving dice show 1


def test_pilum_at_close_range_is_pooled_by_its_own_saving_number() -> None:
    units = [entry("p", "south", "HV INF", 6, 30, 19, 1, armour="full armour infantry",
                   weapon="pilum"),
             bows("b", "south", 40, 19, weapon="javelin", figures=6, ranks=1),
             foot("t", "north", 35, 21, figures=12, ranks=2, armour="full armour infantry")]
    state, log = staged(units, dice=Loaded([6, 6, 6, 6], then=4))
    pool = fire.Pool()
    fire.shoot(state, state.by_id["p"], Shoot("t"), pool)  # close: 2 groups of 6, less 1
    fire.shoot(state, state.by_id["b"], Shoot("t"), pool)
    assert pool.hits["t"][0][2] == 10 and pool.hits["t"][1][2] == 10
    fire.resolve(state, pool)
    saves = next(e for e in log if e.kind == "saves")
    # 10 pilum hits save on 6 (2 dice), 10 javelin hits on 4/5/6 (2 dice): apart, 4 dice
    assert saves.data["dice"] == 4 and saves.data["lost"] == 2  # the 4s fail only a 6


def test_cover_takes_points_off_the_dice_and_woods_halve() -> None:
    state, log = staged([bows("a", "south", 30, 10, figures=3, ranks=1),
                         foot("t", "north", 30, 19)],
                        lines=[{"kind": "wall", "id": "w", "points": [[20, 18], [40, 18]]}],
                        dice=Loaded([6]))
    fire.shoot(state, state.by_id["a"], Shoot("t"), fire.Pool())
    volley = log[-1]
    assert volley.data["cover"] == "wall" and volley.data["less"] == 1
    assert volley.data["hits"] == 6 - 2 - 1  # medium range less 2, the wall 1 more
    woods = {"kind": "woods", "polygon": [[26, 18], [34, 18], [34, 24], [26, 24]]}
    state, log = staged([bows("a", "south", 30, 10, figures=3, ranks=1),
                         foot("t", "north", 30, 19)], terrain=[woods], dice=Loaded([6]))
    fire.shoot(state, state.by_id["a"], Shoot("t"), fire.Pool())
    assert log[-1].data["cover"] == "woods" and log[-1].data["hits"] == 2  # 4 halved


def test_an_engine_hit_on_an_engine_by_size() -> None:
    units = [entry("h", "south", "HV war engine", 1, 30, 10),
             entry("l", "north", "LT war engine", 1, 30, 26),
             entry("l2", "north", "LT war engine", 1, 34, 26)]
    state, _log = staged(units, dice=Loaded([6, 6, 6]))
    fire.shoot(state, state.by_id["h"], Shoot("l"), fire.Pool())
    assert state.by_id["l"].condition is Condition.ELIMINATED  # a heavier engine destroys
    fire.shoot(state, state.by_id["l2"], Shoot("h"), fire.Pool())  # a smaller: out 1 turn
    assert state.by_id["h"].out_of_action == 1 and not fire.can_shoot(state, state.by_id["h"])


def test_engines_and_hand_weapons_on_elephants_roll_their_tables() -> None:
    units = [entry("h", "south", "HV war engine", 1, 30, 10),
             bows("b", "south", 40, 12, weapon="javelin", figures=9, ranks=1),
             entry("e", "north", "elephants", 1, 34, 16)]
    state, log = staged(units, dice=Loaded([6, 4], then=6))
    fire.shoot(state, state.by_id["h"], Shoot("e"), fire.Pool())  # hit, HV table: 4 killed
    assert state.by_id["e"].condition is Condition.ELIMINATED
    units[2] = entry("e", "north", "elephants", 1, 40, 14)  # 2 IN off: close range
    state, log = staged(units, dice=Loaded([6, 6, 6, 3, 3, 3], then=1))
    pool = fire.Pool()
    fire.shoot(state, state.by_id["b"], Shoot("e"), pool)  # 3 groups at close: 15 hits
    fire.resolve(state, pool)
    harms = [e for e in log if e.kind == "elephant"]
    assert len(harms) == 3  # a roll on the hand-weapons table per 5 hits
    assert [e.data["wounds"] for e in harms] == [1, 2, 3] and harms[-1].data["dead"]


def test_an_engine_batters_a_face_of_a_defence() -> None:
    units = [entry("h", "south", "HV war engine", 1, 30, 4), foot("t", "north", 30, 22)]
    state, log = staged(units, lines=[{"kind": "wall", "id": "w",
                                       "points": [[20, 21], [40, 21]]}],
                        dice=Loaded([6]))
    h = state.by_id["h"]
    choices = fire.targets(state, h)
    assert Shoot("w", "batter", 0) in choices and Shoot("t") in choices
    fire.shoot(state, h, Shoot("w", "batter", 0), fire.Pool())
    wall = state.works[0]
    assert wall.faces[0].value == 3 and wall.faces[0].breached
    assert log[-1].kind == "battered" and log[-1].data["breached"]


def test_fire_arrows_set_a_blaze_that_burns_until_a_6_or_the_end() -> None:
    house = {"id": "house", "defence": "small building",
             "polygon": [[26, 20], [34, 20], [34, 26], [26, 26]]}
    units = [bows("a", "south", 30, 10, figures=3, ranks=1), foot("t", "north", 30, 21)]
    state, log = staged(units, buildings=[house], dice=Loaded([6, 2, 2], then=1))
    a = state.by_id["a"]
    assert Shoot("house", "fire arrows") in fire.targets(state, a)
    fire.shoot(state, a, Shoot("house", "fire arrows"), fire.Pool())
    work = state.works[0]
    assert work.burning == 1 and log[-1].data["blaze"]
    works.burn(state, "north")  # its second turn: a 2 does not stop it; 2 turns burn it
    assert work.destroyed and log[-1].kind == "burnt"
    assert state.work_at(state.by_id["t"].block) is None
