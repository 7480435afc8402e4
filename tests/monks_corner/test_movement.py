"""Movement (Monk's Corner, Sequence 2; Movement 1-3; Phalanxes 2)."""

from __future__ import annotations

import math

import pytest
import shapely

import ancients
from ancients.battle import Decision
from ancients.monks_corner import MonksCornerBattle
from ancients.monks_corner.melee import Charge, charge_plans, chargers
from ancients.monks_corner.movement import (
    Order,
    Plan,
    candidate_moves,
    clear_of_phalanx_zones,
    movable,
)
from ancients.monks_corner.sequence import END, Pick, contact, execute_move, movement
from ancients.tabletop import EPSILON, Aspect, Block
from ancients.units import Condition

from .helpers import FixedDice, battle, document, phalanx, place, u, unit


def _orders(b: MonksCornerBattle, uid: str) -> dict[str, Plan]:
    return {str(p.order): p for p in candidate_moves(b.state, u(b, uid))}


def _travel(plan: Plan) -> float:
    return math.dist(plan.path.steps[0].centre, plan.end.centre)


def test_never_closer_than_3_inches_to_an_enemy() -> None:
    # Sequence 2
    b = battle([phalanx("p", "south", 36, 10), phalanx("q", "north", 36, 15)])
    orders = _orders(b, "p")
    assert 'advance 2"' in orders
    assert 'advance 4"' not in orders and 'advance 6"' not in orders
    for plan in orders.values():
        assert plan.end.distance(u(b, "q").block) >= 3.0 - EPSILON or plan.order.kind == "hold"


def test_no_move_passes_within_3_inches_on_its_way() -> None:
    # Sequence 2 holds along the move: horse may not slip past an enemy within 3" and end
    # beyond it (the 12" move at -45 degrees here would graze x at 2.8")
    b = battle([unit("h", "south", "horse", 3, 30, 10),
                unit("x", "north", "light infantry", 4, 36, 14, facing=180.0,
                     missile="javelin"),
                phalanx("q", "north", 60, 40)])
    x = u(b, "x").block
    orders = _orders(b, "h")
    assert 'move 12", 45 degrees left of the nearest enemy' not in orders
    assert 'move 6", 45 degrees left of the nearest enemy' in orders
    for plan in orders.values():
        assert shapely.distance(plan.path.swept(), x.polygon) >= 3.0 - EPSILON


def test_phalanx_line_moves_6_and_column_12() -> None:
    # Phalanxes 2 / Movement 3: a line advances 6" (or about-faces and moves 6"); it forms
    # column by facing 90 degrees and marches 12", or 6" and faces back into line
    b = battle([phalanx("p", "south", 36, 10), phalanx("q", "north", 36, 40)])
    orders = _orders(b, "p")
    assert max(o.order.distance for o in orders.values() if o.order.kind == "advance") == 6.0
    # "about face 180 degrees and move 6"": up to 6", as an advance
    assert {'about face', 'about face and advance 2"', 'about face and advance 4"',
            'about face and advance 6"'} <= set(orders)
    col = orders['form column facing right, march 12" in column']
    assert col.column and col.end.facing == 90.0
    assert (col.end.files, col.end.ranks) == (3, 6)
    assert col.end.x == pytest.approx(u(b, "p").block.centre[0] + 2.25 + 12.0)
    side = orders['form column facing left, march 6", then face right into line']
    assert not side.column and side.end.facing == 0.0
    assert side.end.x == pytest.approx(36 - 6.0)
    assert not any(o.order.kind == "wheel" for o in orders.values())  # 3 x 6 is no square
    # forming column is a move of its own: the column may stand where it formed
    formed = orders["form column facing right"]
    assert formed.column and formed.end.facing == 90.0
    assert formed.end.centre == pytest.approx(u(b, "p").block.centre)
    # "6" and face 90 degrees": either way (back to the old front, or to the old rear)
    back = orders['form column facing left, march 6", then face left into line']
    assert not back.column and back.end.facing == 180.0
    assert back.end.x == pytest.approx(36 - 6.0)


def test_column_head_wheels_90_and_moves_up_to_9() -> None:
    # Phalanxes 2: the head of a column may wheel up to 90 degrees and move 9" -- "up to",
    # as the other menus: 3", 6" or 9" after each wheel
    b = battle([phalanx("p", "south", 36, 10), phalanx("q", "north", 36, 40)])
    p = u(b, "p")
    execute_move(b.state, p, _orders(b, "p")['form column facing right, march 6" in column'])
    assert p.column
    orders = _orders(b, "p")
    wheels = [o for o in orders.values() if o.order.kind == "wheel"]
    assert {o.order.angle for o in wheels} <= {-90.0, -45.0, 45.0, 90.0} and wheels
    assert {o.order.distance for o in wheels} == {3.0, 6.0, 9.0}
    assert all(o.column for o in wheels)
    assert max(o.order.distance for o in orders.values() if o.order.kind == "advance") == 12.0
    for d in (3.0, 6.0, 9.0):
        left = orders[f'wheel 90 degrees left and march {d:g}"']
        assert left.end.facing == pytest.approx(0.0, abs=1e-6)
        assert math.dist(p.block.front_centre, left.end.front_centre) == pytest.approx(d)


def test_six_by_six_wheels_as_column_but_moves_up_to_6() -> None:
    b = battle([phalanx("p", "south", 36, 10, 36, 6), phalanx("q", "north", 36, 40)])
    wheels = [o for o in _orders(b, "p").values() if o.order.kind == "wheel"]
    assert {o.order.distance for o in wheels} == {2.0, 4.0, 6.0}
    assert len(wheels) == 12 and not any(o.column for o in wheels)


def test_a_shorter_wheel_is_offered_where_the_full_one_is_blocked() -> None:
    # the swept path of each distance is checked on its own: a unit 7" beyond the wheel
    # bars the 9" march (Sequence 2's 3" on the way) but not the 3" one
    b = battle([phalanx("p", "south", 36, 10), phalanx("q", "north", 60, 40)])
    p = u(b, "p")
    execute_move(b.state, p, _orders(b, "p")['form column facing right, march 6" in column'])
    head = p.block.front_centre
    place(b, "q", x=head[0] + 1.0, y=head[1] + 11.0, facing=180.0)
    orders = _orders(b, "p")
    assert 'wheel 90 degrees left and march 3"' in orders
    assert 'wheel 90 degrees left and march 9"' not in orders


def test_only_a_6_by_6_phalanx_wheels_in_line() -> None:
    # Phalanxes 2: a 6 x 6; not a 2 x 2 re-formed from a remnant
    b = battle([phalanx("p", "south", 36, 10, 12, 2), phalanx("q", "north", 36, 40)])
    p = u(b, "p")
    p.set_shape(2, 2, 2)
    assert p.files == p.ranks == 2
    assert not any(o.order.kind == "wheel" for o in _orders(b, "p").values())


def test_unformed_move_12_in_clear_6_in_rough() -> None:
    # Movement 2
    rough = [{"kind": "rough", "polygon": [[0, 0], [20, 0], [20, 20], [0, 20]]}]
    b = battle([unit("l", "south", "light infantry", 6, 40, 10, missile="javelin"),
                unit("r", "south", "light infantry", 6, 10, 10, missile="javelin"),
                phalanx("q", "north", 36, 44)], terrain=rough)
    clear = max(_travel(p) for p in _orders(b, "l").values())
    in_rough = max(_travel(p) for p in _orders(b, "r").values())
    assert clear == pytest.approx(12.0) and in_rough == pytest.approx(6.0)


def test_unformed_keep_3_inches_off_phalanx_front_and_left_not_right() -> None:
    # Movement 2: measured 3" straight out from the front and the left flank
    b = battle([unit("h", "south", "horse", 3, 36, 2),
                phalanx("q", "north", 36, 20, facing=180.0)])
    q = u(b, "q").block
    for plan in _orders(b, "h").values():
        for aspect in (Aspect.FRONT, Aspect.LEFT):
            assert not q.in_zone(plan.end, aspect, 3.0)
    # the zones bar the front and left flank only (the right flank and rear are open to
    # contact moves: see test_melee)
    h = u(b, "h")
    assert not clear_of_phalanx_zones(b.state, h, Block(36.0, 19.0, 0.0, 3, 1, 0.75, 1.5))
    assert not clear_of_phalanx_zones(b.state, h, Block(39.5, 21.0, 270.0, 3, 1, 0.75, 1.5))
    assert clear_of_phalanx_zones(b.state, h, Block(32.5, 21.0, 90.0, 3, 1, 0.75, 1.5))
    assert clear_of_phalanx_zones(b.state, h, Block(36.0, 23.5, 180.0, 3, 1, 0.75, 1.5))
    u(b, "q").formed = False  # only a formed phalanx has the zones
    assert clear_of_phalanx_zones(b.state, h, Block(36.0, 19.0, 0.0, 3, 1, 0.75, 1.5))


def test_unformed_contact_move_keeps_out_of_phalanx_zones_on_its_way() -> None:
    # Sequence 5 / Melee 1: an unformed unit's contact move may not pass through the 3"
    # zone in front of an enemy phalanx, even to end clear of it beside the phalanx
    lone = unit("l", "north", "light infantry", 4, 30, 19, facing=180.0, missile="javelin")
    q = phalanx("q", "north", 36, 20, facing=180.0)
    across = battle([unit("h", "south", "horse", 3, 41, 15), q, lone])
    assert [p.target.id for p in charge_plans(across.state, u(across, "h"))] == []
    # from the other side the path stays clear of the zone: the same target may be hit
    clear = battle([unit("h", "south", "horse", 3, 27, 13), q, lone])
    assert [p.target.id for p in charge_plans(clear.state, u(clear, "h"))] == ["l"]


def test_pinned_units_stay_but_unformed_withdraw_from_phalanxes_and_horse_from_foot() -> None:
    # Movement 1
    b = battle([phalanx("p", "south", 36, 10), phalanx("q", "north", 36, 10),
                unit("l", "south", "light infantry", 4, 10, 10, missile="javelin"),
                unit("m", "north", "medium infantry", 4, 10, 10, facing=180.0),
                unit("h", "south", "horse", 2, 60, 10),
                unit("f", "north", "light infantry", 4, 60, 10, facing=180.0,
                     missile="javelin")])
    assert b.state.in_melee(u(b, "p")) and not movable(b.state, u(b, "p"))
    assert [str(p.order) for p in candidate_moves(b.state, u(b, "p"))] == ["hold"]
    assert not movable(b.state, u(b, "l"))  # light against medium infantry: pinned
    w = [p for p in candidate_moves(b.state, u(b, "h")) if p.order.kind == "withdraw"]
    assert len(w) == 1 and w[0].order.distance == 6.0
    assert w[0].end.distance(u(b, "f").block) == pytest.approx(6.0)
    place(b, "l", x=36.0, y=12.25, facing=180.0)  # against the phalanx's rear
    place(b, "m", x=10.0, y=30.0)
    assert any(p.order.kind == "withdraw" for p in candidate_moves(b.state, u(b, "l")))


def test_phalanx_in_rough_moves_1d6_and_unforms_on_5_or_6() -> None:
    # Movement 3
    rough = [{"kind": "rough", "polygon": [[30, 10], [42, 10], [42, 30], [30, 30]]}]
    for face, unformed in ((4, False), (5, True)):
        b = battle([phalanx("p", "south", 36, 10), phalanx("q", "north", 36, 44)],
                   terrain=rough)
        plan = _orders(b, "p")['advance 6"']
        assert plan.rough
        b.state.dice = FixedDice([face])  # type: ignore[assignment]
        execute_move(b.state, u(b, "p"), plan)
        assert u(b, "p").block.y == pytest.approx(10 + face)
        assert u(b, "p").unformed is unformed


def test_a_phalanx_in_rough_with_no_legal_distance_stands_still() -> None:
    # Movement 3 (1d6" in rough): the die may leave no legal distance for the order; then
    # the phalanx stands (here, on 1" or 0" facing into line would overlap r: the bases
    # are not square, so facing into line changes the footprint)
    rough = [{"kind": "rough", "polygon": [[15, 15], [35, 15], [35, 25], [15, 25]]}]
    doc = document([phalanx("p", "south", 20, 20),
                    unit("r", "south", "medium infantry", 4, 50, 5),
                    phalanx("q", "north", 60, 44)], terrain=rough)
    doc["bases"] = {"foot": [1.0, 0.5]}
    rs = ancients.ruleset("monks_corner")
    b = rs.new_battle(rs.parse_scenario(doc, "staged.toml"),
                      commanders={"south": None, "north": None})
    assert isinstance(b, MonksCornerBattle)
    b.turn = b.state.turn = 1
    p = u(b, "p")
    p.block, p.column = p.block.faced(90.0), True  # a column facing east
    place(b, "r", x=16.2, y=19.5)  # just clear of the column's west end
    start = p.block
    plan = _orders(b, "p")['march 6", then face left into line']
    assert plan.rough
    b.state.dice = FixedDice([1])  # type: ignore[assignment]
    execute_move(b.state, p, plan)
    assert not p.block.overlaps(u(b, "r").block)
    assert p.block == start and p.column
    assert b.log[-1].kind == "move" and "stands" in b.log[-1].message


def test_allied_phalanxes_do_not_advance_closer_than_the_leaders() -> None:
    # Movement 3
    b = battle([phalanx("lead", "south", 30, 10, contingent="sparta"),
                phalanx("ally", "south", 42, 10, contingent="tegea"),
                phalanx("q", "north", 36, 30)], leaders=("sparta", ""))
    assert 'advance 6"' not in _orders(b, "ally")
    execute_move(b.state, u(b, "lead"), _orders(b, "lead")['advance 4"'])
    ally = _orders(b, "ally")
    assert 'advance 4"' in ally and 'advance 6"' not in ally
    assert 'advance 6"' in _orders(b, "lead")
    # an ally already closer than the leader may move, but not closer still
    place(b, "ally", y=22.0)
    ally = _orders(b, "ally")
    assert not any(o.startswith("advance") for o in ally)
    assert 'about face and advance 6"' in ally


def test_the_leaders_phalanxes_make_their_contact_moves_first() -> None:
    # Movement 3: so that allies may follow them into contact in the same phase
    b = battle([phalanx("ally", "south", 48, 10, contingent="tegea"),
                phalanx("lead", "south", 24, 10, contingent="sparta"),
                phalanx("q", "north", 24, 13), phalanx("r", "north", 48, 13)],
               leaders=("sparta", ""))
    steps = contact(b.state, "south")
    first = next(steps)
    assert isinstance(first, Decision)
    assert first.unit == "lead" and Charge("q") in first.options
    second = steps.send(Charge("q"))
    assert b.state.in_melee(u(b, "lead"))
    assert isinstance(second, Decision)
    assert second.unit == "ally" and Charge("r") in second.options


def test_allied_contact_moves_wait_for_the_leaders_phalanxes() -> None:
    # Movement 3: contact is 0" from the enemy, so an allied phalanx may make it only once
    # a phalanx of the leader is in contact (at 0") itself
    b = battle([phalanx("lead", "south", 24, 10, contingent="sparta"),
                phalanx("ally", "south", 48, 10, contingent="tegea"),
                phalanx("q", "north", 24, 15.5), phalanx("r", "north", 48, 15.5)],
               leaders=("sparta", ""))
    assert charge_plans(b.state, u(b, "ally")) == []
    assert charge_plans(b.state, u(b, "lead"))
    place(b, "lead", y=15.5)  # the leader's phalanx is in contact with q
    assert b.state.in_melee(u(b, "lead"))
    assert [p.target.id for p in charge_plans(b.state, u(b, "ally"))] == ["r"]


@pytest.mark.parametrize(("spec", "held"), [
    ("monks_corner(allies_follow_unformed=false)", False), ("monks_corner", True)])
def test_allied_limit_formed_only_option(spec: str, held: bool) -> None:
    # Movement 3: by default every phalanx counts, formed or not; with the option only
    # formed ones, so an unformed leader's phalanx sets no limit (none formed: allies free)
    b = battle([phalanx("lead", "south", 10, 4, contingent="sparta"),
                phalanx("ally", "south", 36, 10, contingent="tegea"),
                phalanx("q", "north", 36, 30)], leaders=("sparta", ""), spec=spec)
    u(b, "lead").formed = False
    assert ('advance 6"' not in _orders(b, "ally")) is held
    place(b, "ally", y=27.0)  # 3" off q's front
    assert (charge_plans(b.state, u(b, "ally")) == []) is held
    # with the option an unformed allied phalanx moves as unformed troops, not held
    u(b, "lead").formed = True
    u(b, "ally").formed = False
    place(b, "ally", y=10.0)
    assert ('move 12" towards the nearest enemy' not in _orders(b, "ally")) is held
    # all the leader's phalanxes off the table: the limit lapses under either reading
    u(b, "ally").formed = True
    u(b, "lead").condition = Condition.LEFT_FIELD
    assert 'advance 6"' in _orders(b, "ally")


def test_reorganising_or_reformed_phalanx_does_not_move() -> None:
    # Morale 2: a turn not moving; Phalanxes 3: re-formed, no other move -- nor a contact
    # move (q stands 4" ahead, in reach)
    b = battle([phalanx("p", "south", 36, 10), phalanx("q", "north", 36, 14)])
    p = u(b, "p")
    assert movable(b.state, p) and p in chargers(b.state, "south")
    p.reorganising = True
    assert not movable(b.state, p) and p not in chargers(b.state, "south")
    p.reorganising = False
    p.reformed_turn = b.turn
    assert not movable(b.state, p) and p not in chargers(b.state, "south")
    p.reformed_turn = b.turn - 1
    assert movable(b.state, p) and p in chargers(b.state, "south")


def test_the_turn_spent_reorganising_ends_after_the_sides_movement_phase() -> None:
    # Morale 2: "a turn not moving": the flag holds through one movement phase of the side
    b = battle([phalanx("p", "south", 36, 10), phalanx("r", "south", 20, 10),
                phalanx("q", "north", 36, 40)])
    p = u(b, "p")
    p.reorganising = True
    steps = movement(b.state, "south")
    decision = next(steps)
    assert isinstance(decision, Decision)
    assert decision.kind == "select" and decision.options == (Pick("r"), END)
    with pytest.raises(StopIteration):
        steps.send(END)
    assert not p.reorganising and movable(b.state, p)


def test_orders_read_well() -> None:
    assert str(Order("wheel", 9.0, -45.0)) == 'wheel 45 degrees left and march 9"'
    assert str(Order("column", 12.0, 90.0)) == 'form column facing right, march 12" in column'
    assert str(Order("column", 0.0, -90.0)) == "form column facing left"
