"""Movement on the table: each unit's menu of moves, cut to the allowance of what it
crosses (Movement A-F; Chariots & Cavalry 4), clear of other units and short of the enemy
(contact is by charge), and making a move."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import pytest

from ancients.burgess import moves
from ancients.burgess.movement import Crossing
from ancients.burgess.state import Piece, State

from .helpers import bows, cavalry, entry, foot, staged


def plans(state: State, uid: str) -> list[moves.Plan]:
    return moves.menu(state, state.by_id[uid])


def longest(state: State, uid: str, kind: str = "advance") -> float:
    return max(p.inches for p in plans(state, uid) if p.order.kind == kind)


@pytest.mark.parametrize(("make", "inches"), [
    (lambda: foot("m", "south", 30, 10), 6.0),
    (lambda: bows("m", "south", 30, 10), 9.0),
    (lambda: cavalry("m", "south", 30, 10, troop="HV CAV", armour="mailed cavalry"), 12.0),
    (lambda: cavalry("m", "south", 30, 10), 15.0),
    (lambda: entry("m", "south", "chariots", 2, 30, 10, armour="unarmoured cavalry"), 15.0),
    (lambda: entry("m", "south", "elephants", 1, 30, 10), 9.0),
    (lambda: entry("m", "south", "HV war engine", 1, 30, 10), 6.0),
    (lambda: entry("m", "south", "LT war engine", 1, 30, 10), 8.0),
])
def test_each_class_moves_its_printed_distance_on_open_ground(
        make: Callable[[], dict[str, Any]], inches: float) -> None:
    state, _ = staged([make(), foot("far", "north", 60, 46)])
    assert longest(state, "m") == pytest.approx(inches)


HILL = {"kind": "hill", "polygon": [[0, 8], [72, 8], [72, 30], [0, 30]], "downhill": 180}


def test_uphill_heavy_troops_half_light_full_cavalry_less_3() -> None:
    units = [foot("h", "south", 10, 12), bows("l", "south", 30, 12),
             cavalry("c", "south", 50, 12), foot("far", "north", 60, 46)]
    state, _ = staged(units, terrain=[HILL])
    ahead = {u: max(p.inches for p in plans(state, u) if p.order.kind == "advance"
                    and p.order.bearing == 0.0) for u in ("h", "l", "c")}
    assert ahead == {"h": 3.0, "l": 9.0, "c": 12.0}
    assert all(Crossing.UPHILL in dict(p.crossings) for p in plans(state, "h")
               if p.order.kind == "advance" and p.order.bearing == 0.0)


def test_cavalry_never_enter_woods_and_marsh_halves_heavy_foot() -> None:
    woods = {"kind": "woods", "polygon": [[20, 14], [40, 14], [40, 30], [20, 30]]}
    marsh = {"kind": "marsh", "polygon": [[44, 14], [70, 14], [70, 30], [44, 30]]}
    state, _ = staged([cavalry("c", "south", 30, 10), foot("h", "south", 56, 12),
                       foot("far", "north", 10, 46)], terrain=[woods, marsh])
    woods_area = state.table.areas[0]
    for p in plans(state, "c"):
        assert Crossing.WOODS not in dict(p.crossings)
        assert not woods_area.polygon.intersects(p.end.polygon)
    ahead = [p for p in plans(state, "h") if p.order.kind == "advance"
             and p.order.bearing == 0.0]
    assert max(p.inches for p in ahead) == 3.0


def test_rivers_cost_their_inches_and_forbid_fire_that_move() -> None:
    state, log = staged([foot("h", "south", 30, 10), foot("far", "north", 10, 46)],
                        lines=[{"kind": "river", "size": "small",
                                "points": [[0, 11], [72, 11]]}])
    over = [p for p in plans(state, "h") if dict(p.crossings).get(Crossing.SMALL_RIVER)
            and not p.double]
    assert over and max(p.inches for p in over) == 3.0  # 6 less 3
    h = state.by_id["h"]
    moves.make_move(state, h, over[0])
    assert not h.may_fire and h.moved_in == state.player
    assert log[-1].kind == "move" and log[-1].data["crossed"] == ["small river x1"]


def test_a_road_adds_3_inches_and_a_hedge_costs_3() -> None:
    state, _ = staged([foot("h", "south", 30, 4), foot("g", "south", 50, 4),
                       foot("far", "north", 10, 46)],
                      lines=[{"kind": "road", "points": [[30, 0], [30, 48]]},
                             {"kind": "hedge", "points": [[40, 6], [60, 6]]}])
    road = [p for p in plans(state, "h") if dict(p.crossings).get(Crossing.ROAD)
            and not p.double]
    assert max(p.inches for p in road) == 9.0
    hedge = [p for p in plans(state, "g") if dict(p.crossings).get(Crossing.HEDGE)
             and not p.double]
    assert max(p.inches for p in hedge) == 3.0


def test_the_double_move_every_other_move_and_never_over_broken_ground() -> None:
    state, _ = staged([foot("h", "south", 30, 4), foot("far", "north", 10, 46)])
    h = state.by_id["h"]
    run = [p for p in plans(state, "h") if p.order.kind == "run"]
    assert run and max(p.inches for p in run) == 12.0 and all(p.double for p in run)
    moves.make_move(state, h, run[0])
    assert h.ran and not h.may_fire
    assert not [p for p in plans(state, "h") if p.order.kind == "run"]
    woods = {"kind": "woods", "polygon": [[0, 10], [72, 10], [72, 20], [0, 20]]}
    state, _ = staged([foot("h", "south", 30, 4), foot("far", "north", 10, 46)],
                      terrain=[woods])
    assert all(Crossing.WOODS not in dict(p.crossings) for p in plans(state, "h")
               if p.double)


def test_war_engines_may_not_fire_after_moving() -> None:
    state, _ = staged([entry("e", "south", "LT war engine", 1, 30, 4),
                       foot("far", "north", 10, 46)])
    e = state.by_id["e"]
    moved = next(p for p in plans(state, "e") if p.inches > 0)
    moves.make_move(state, e, moved)
    assert not e.may_fire


def _clear(state: State, piece: Piece, plan: moves.Plan) -> bool:
    return all(not plan.end.overlaps(o.block) for o in state.others(piece))


def test_no_move_ends_in_a_unit_or_in_contact_with_the_enemy() -> None:
    state, _ = staged([foot("h", "south", 30, 20), foot("f", "south", 30, 24),
                       foot("e", "north", 36, 28), cavalry("c", "north", 24, 27)])
    h = state.by_id["h"]
    for plan in plans(state, "h"):
        assert _clear(state, h, plan)
        for enemy in state.present("north"):
            assert plan.end.distance(enemy.block) >= state.rules.table.keep_off - 1e-9


def test_mounted_bowmen_ride_in_shoot_and_ride_back() -> None:
    state, _ = staged([cavalry("m", "south", 30, 10, weapon="longbow"),
                       foot("t", "north", 30, 34)])
    skirmish = [p for p in plans(state, "m") if p.order.kind == "skirmish"]
    assert skirmish and skirmish[0].order.target == "t"
    plan = skirmish[0]
    assert plan.out is not None and plan.end.centre == state.by_id["m"].block.centre
    assert plan.allowance is not None and plan.allowance.fire_while_moving
    assert plan.inches <= 15.0


def test_a_charge_or_a_skirmish_is_a_move_that_was_not_at_the_double() -> None:
    # Movement D, "every other move": a unit that ran, then charged (or mounted bowmen
    # that ran, then rode in to shoot), may run on its next move
    from ancients.burgess import charges, turns
    from ancients.burgess.melee import ChargeResponse
    from ancients.units import Condition

    state, _ = staged([foot("a", "south", 30, 10), foot("b", "north", 30, 14)])
    a = state.by_id["a"]
    a.ran = True
    assert not any(p.order.kind == "run" for p in plans(state, "a"))
    charges.charge(state, a, state.by_id["b"], ChargeResponse.EVADE)  # b gets away
    assert not state.in_melee(a) and not a.ran
    state.by_id["b"].condition = Condition.LEFT_FIELD  # (out of the way of its run)
    assert any(p.order.kind == "run" for p in plans(state, "a"))
    state, _ = staged([cavalry("m", "south", 30, 10, weapon="longbow"),
                       foot("t", "north", 30, 34)])
    m = state.by_id["m"]
    m.ran = True
    plan = next(p for p in plans(state, "m") if p.order.kind == "skirmish")
    for _ in turns.skirmish(state, m, plan):
        pass
    assert not m.ran


def test_mounted_bowmen_move_fire_and_move_again_up_to_their_whole_move() -> None:
    # Missile fire C: "move, fire and move again up to a distance of their maximum": the
    # ride in may be more than half the move (the rest is the ride back), and need not
    # end where it began
    state, _ = staged([cavalry("m", "south", 30, 10, weapon="longbow"),
                       foot("t", "north", 30, 46)])  # 36" off: beyond 24" and half of 15"
    m = state.by_id["m"]
    skirmish = [p for p in plans(state, "m") if p.order.kind == "skirmish"]
    assert skirmish and all(p.inches <= 15.0 + 1e-6 for p in skirmish)
    deep = max(skirmish, key=lambda p: p.order.inches)
    assert deep.order.inches > 7.5 and deep.out is not None
    assert deep.out.distance(state.by_id["t"].block) <= 24.0 + 1e-6
    assert deep.end.centre != m.block.centre
    # near enough, a ride in of half the move or less still comes back to where it began
    state, _ = staged([cavalry("m", "south", 30, 10, weapon="longbow"),
                       foot("t", "north", 30, 28)])
    m = state.by_id["m"]
    back = [p for p in plans(state, "m") if p.order.kind == "skirmish"]
    assert any(abs(p.end.centre[0] - m.block.centre[0]) < 1e-6 and
               abs(p.end.centre[1] - m.block.centre[1]) < 1e-6 for p in back)


def test_turning_in_place_is_not_moving_unless_the_pivot_option_says_so() -> None:
    # Movement F "if moved they may not fire that turn"; Hand to hand II "if the receiving
    # unit moved during its turn it is fixed": a turn in place is not a move (pivot=free,
    # the text pricing no turn), or is one (pivot=move)
    from ancients.burgess.options import BurgessOptions

    pivots: tuple[tuple[Literal["free", "move"], bool], ...] = (("free", False),
                                                               ("move", True))
    for pivot, moved in pivots:
        state, _ = staged([entry("g", "south", "LT war engine", 1, 30, 10),
                           foot("t", "north", 50, 30)],
                          options=BurgessOptions(pivot=pivot))
        g = state.by_id["g"]
        turn = next(p for p in plans(state, "g") if p.order.kind == "turn")
        moves.make_move(state, g, turn)
        assert g.may_fire is not moved and (g.moved_in == state.player) is moved, pivot
