"""Marches and approaches: the core's set procedures by signal, drift, the incline,
spacing and the bounce, interpenetration, the terrain's disarray tally, recovery,
reinforcements, a general withdrawal, the lights recalled."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from ancients.hoplomachia.command import Signal
from ancients.hoplomachia.decisions import Move
from ancients.hoplomachia.manoeuvre import (
    HOLD,
    add_disarray,
    arrivals,
    drifted,
    execute,
    menu,
    recovery,
)
from ancients.hoplomachia.movement import Activity
from ancients.hoplomachia.pieces import Status
from ancients.hoplomachia.vocabulary import Arrangement

from .play import battle, div, division, doc, events, piece, scripted, side


def _two(athens: list[dict[str, Any]], sparta: list[dict[str, Any]], **kw: Any
         ) -> dict[str, Any]:
    return {"name": "t", "title": "t", "table": {"width": 72.0, "depth": 48.0, **kw},
            "sides": [side("athens", "athenian", athens), side("sparta", "spartan", sparta)]}


def _signal(b: Any, side_name: str, signal: Signal) -> None:
    b.state.armies[side_name].signal = signal


def _plan(plans: list[Any], kind: str, **kw: Any) -> Any:
    for p in plans:
        if p.order.kind == kind and all(getattr(p.order, k) == v for k, v in kw.items()):
            return p
    raise AssertionError(f"no {kind} {kw} in {[str(p.order) for p in plans]}")


def test_muster_changes_arrangement_only() -> None:
    b = battle()
    _signal(b, "athens", Signal.MUSTER)
    plans = menu(b.state, div(b, "a-taxis1"))
    assert [str(p.order) for p in plans] == ["hold", "form close files"]
    execute(b.state, div(b, "a-taxis1"), plans[1])
    assert piece(b, "a-taxis1.1").arrangement is Arrangement.CLOSE_FILES
    assert piece(b, "a-taxis1.1").block == b.setup.divisions[0].units[0].block  # stayed


def test_march_in_open_files_advances_wheels_to_90_and_turns_about() -> None:
    b = battle(_two([division("a-taxis1", "athenian", 36.0, 10.0, 3)],
                    [division("s", "peloponnesian", 36.0, 40.0, 3)]))
    st = b.state
    _signal(b, "athens", Signal.MARCH)
    for p in st.members("a-taxis1"):
        p.arrangement = Arrangement.CLOSE_FILES
    plans = menu(st, div(b, "a-taxis1"))
    kinds = {str(p.order) for p in plans}
    # OF rate 5", less 1" to open files
    assert "advance 4\"" in kinds and "advance 2\"" in kinds
    # a wheel costs its outer end's arc: 15 degrees of a 9 inch front is 2.4 inches
    assert {p.order.angle for p in plans if p.order.kind == "wheel"} == {-15.0, 15.0}
    assert any(p.order.kind == "about face" for p in plans)
    one = battle(_two([division("a", "athenian", 36.0, 10.0, 1)],
                      [division("s", "peloponnesian", 36.0, 40.0, 3)]))
    _signal(one, "athens", Signal.MARCH)
    wheels = {p.order.angle for p in menu(one.state, div(one, "a")) if p.order.kind == "wheel"}
    assert wheels == {-15.0, 15.0, -30.0, 30.0, -45.0, 45.0, -90.0, 90.0}  # up to 90 in OF
    plan = _plan(plans, "advance", distance=4.0)
    y0 = piece(b, "a-taxis1.1").block.y
    execute(st, div(b, "a-taxis1"), plan)
    assert piece(b, "a-taxis1.1").block.y == pytest.approx(y0 + 4.0)
    assert piece(b, "a-taxis1.1").arrangement is Arrangement.OPEN_FILES
    assert div(b, "a-taxis1").activity is Activity.MARCH


def test_the_approach_closes_files_and_stops_3_inches_from_enemy_hoplites() -> None:
    data = _two([division("a", "athenian", 36.0, 10.0, 3)],
                [division("s", "peloponnesian", 36.0, 16.0, 3)])
    b = battle(data)
    st = b.state
    _signal(b, "athens", Signal.BEGIN_APPROACH)
    plans = menu(st, div(b, "a"))
    approach = _plan(plans, "approach")
    # 6 inches apart: the approach may take it to 3 inches, no nearer
    assert approach.order.distance == pytest.approx(2.0)  # CF 3", less 1" to close files
    execute(st, div(b, "a"), approach)
    gap = piece(b, "a.2").block.distance(piece(b, "s.2").block)
    assert gap == pytest.approx(4.0) and piece(b, "a.1").arrangement is \
        Arrangement.CLOSE_FILES
    assert div(b, "a").approached and div(b, "a").activity is Activity.APPROACH
    plans = menu(st, div(b, "a"))
    approach = _plan(plans, "approach")
    assert approach.order.distance == pytest.approx(1.0)  # to 3 inches
    wheels = {p.order.angle for p in plans if p.order.kind == "wheel"}
    assert wheels <= {-45.0, 45.0}  # Close Files wheel no more than 45


def test_a_phalanx_of_more_than_8_lochoi_drifts_right_on_each_approach() -> None:
    nine = _two([division("a1", "athenian", 30.0, 10.0, 5),
                 division("a2", "athenian", 45.5, 10.0, 4)],
                [division("s", "peloponnesian", 36.0, 40.0, 3)])
    eight = _two([division("a1", "athenian", 30.0, 10.0, 4),
                  division("a2", "athenian", 45.5, 10.0, 4)],
                 [division("s", "peloponnesian", 36.0, 40.0, 3)])
    for data, shift in ((nine, 0.5), (eight, 0.0)):
        b = battle(data)
        _signal(b, "athens", Signal.BEGIN_APPROACH)
        x0 = piece(b, "a1.1").block.x
        execute(b.state, div(b, "a1"), _plan(menu(b.state, div(b, "a1")), "approach"))
        assert piece(b, "a1.1").block.x - x0 == pytest.approx(shift)
        assert bool(events(b, "drift")) == bool(shift)


def test_spartans_may_incline_with_the_option() -> None:
    data = _two([division("a", "athenian", 36.0, 10.0, 3)],
                [division("s", "spartiates", 36.0, 30.0, 3)])
    for spec, expect in (("hoplomachia", False), ("hoplomachia(incline=true)", True)):
        b = battle(data, spec=spec)
        _signal(b, "sparta", Signal.BEGIN_APPROACH)
        inclines = [p for p in menu(b.state, div(b, "s")) if p.order.incline]
        assert bool(inclines) is expect
        _signal(b, "athens", Signal.BEGIN_APPROACH)  # not the Athenians' way
        assert not [p for p in menu(b.state, div(b, "a")) if p.order.incline]


def test_belos_units_before_marching_hoplites_bounce_3_inches_or_die_trapped() -> None:
    data = _two([division("a", "athenian", 36.0, 10.0, 2)],
                [division("s", "peloponnesian", 36.0, 40.0, 2),
                 division("p", "psiloi", 36.0, 15.2, 1, stands=2, facing=180.0)])
    b = battle(data)
    st = b.state
    _signal(b, "athens", Signal.MARCH)
    plan = _plan(menu(st, div(b, "a")), "advance")
    y = piece(b, "p").block.y
    execute(st, div(b, "a"), plan)
    assert piece(b, "p").block.y == pytest.approx(y + 3.0)  # bounced along their front
    assert events(b, "bounced")[0].data["by"] == "a.1"
    # with woods behind it, it is trapped
    data["table"]["terrain"] = [{"kind": "woods", "polygon": [[30, 15.3], [42, 15.3],
                                                              [42, 30], [30, 30]]}]
    data["sides"][1]["divisions"][1]["y"] = 15.2
    b = battle(data)
    _signal(b, "athens", Signal.MARCH)
    execute(b.state, div(b, "a"), _plan(menu(b.state, div(b, "a")), "advance"))
    assert piece(b, "p").status is Status.DESTROYED


def test_psiloi_pass_stationary_open_files_unharmed_any_other_passing_disarrays_both() -> None:
    data = _two([division("h", "athenian", 36.0, 14.0, 2),
                 division("p", "psiloi", 36.0, 11.0, 1, stands=2),
                 division("k", "peltastes", 20.0, 11.0, 1)],
                [division("s", "peloponnesian", 36.0, 40.0, 2)])
    b = battle(data)
    st = b.state
    free = menu(st, div(b, "p"))
    ahead = [p for p in free if (p.order.kind == "towards" and p.order.angle == 0.0
             and "h.1" in p.through) or "h.2" in p.through]
    assert ahead, [str(p.order) for p in free]
    execute(st, div(b, "p"), ahead[0])
    assert not piece(b, "p").disarrayed and not piece(b, "h.1").disarrayed
    b = battle(data)
    st = b.state
    piece(b, "h.1").arrangement = piece(b, "h.2").arrangement = Arrangement.CLOSE_FILES
    free = [p for p in menu(st, div(b, "p")) if p.through]
    execute(st, div(b, "p"), free[0])
    hit = st.by_id[free[0].through[0]]
    assert hit.disarrayed  # (psiloi are never disarrayed: No Files)


def test_terrain_crossed_adds_up_and_woods_disarray_at_once() -> None:
    field = [{"kind": "broken", "name": "stones", "polygon": [[30, 11], [42, 11], [42, 12],
                                                               [30, 12]]},
             {"kind": "stream", "name": "brook", "polygon": [[30, 13], [42, 13], [42, 13.5],
                                                              [30, 13.5]]}]
    data = _two([division("a", "athenian", 36.0, 10.0, 2)],
                [division("s", "peloponnesian", 36.0, 40.0, 2)], terrain=field)
    b = battle(data)
    st = b.state
    _signal(b, "athens", Signal.MARCH)
    execute(st, div(b, "a"), _plan(menu(st, div(b, "a")), "advance", distance=5.0))
    # broken 2 + stream 2 = 4 > the Athenian qualifier 3
    assert st.record.tallies["a"].total == 4 and piece(b, "a.1").disarrayed
    add_disarray(st, div(b, "a"), "test", 0)
    b = battle(data)
    st = b.state
    _signal(b, "athens", Signal.MARCH)
    execute(st, div(b, "a"), _plan(menu(st, div(b, "a")), "advance", distance=2.5))
    assert st.record.tallies["a"].total == 2 and not piece(b, "a.1").disarrayed
    data["table"]["terrain"] = [{"kind": "woods", "polygon": [[30, 11], [42, 11],
                                                              [42, 12], [30, 12]]}]
    b = battle(data)
    _signal(b, "athens", Signal.MARCH)
    execute(b.state, div(b, "a"), _plan(menu(b.state, div(b, "a")), "advance",
                                        distance=2.5))
    assert piece(b, "a.1").disarrayed


def test_recovery_by_what_the_unit_was_doing() -> None:
    b = battle()
    st = b.state
    st.turn = 2
    d = div(b, "a-taxis1")
    for p in st.members(d):
        p.disarrayed = True
    d.activity, d.moved_turn = Activity.MARCH, 2  # it marched this turn: no
    recovery(st)
    assert piece(b, "a-taxis1.1").disarrayed
    d.moved_turn = 1  # halted this turn: recovers, in Open Files
    piece(b, "a-taxis1.1").arrangement = Arrangement.CLOSE_FILES
    recovery(st)
    assert not piece(b, "a-taxis1.1").disarrayed
    assert piece(b, "a-taxis1.1").arrangement is Arrangement.OPEN_FILES
    for p in st.members(d):
        p.disarrayed = True
    d.activity = Activity.APPROACH  # needs the Halt signal
    recovery(st)
    assert piece(b, "a-taxis1.2").disarrayed
    _signal(b, "athens", Signal.HALT)
    recovery(st)
    assert not piece(b, "a-taxis1.2").disarrayed
    for p in st.members(d):
        p.disarrayed = True
    d.activity = Activity.CHARGE  # only after routing its opponents, halted
    recovery(st)
    assert piece(b, "a-taxis1.3").disarrayed
    d.routed_opponents_turn = 2
    recovery(st)
    assert not piece(b, "a-taxis1.3").disarrayed


def test_reinforcements_roll_from_their_first_turn_and_come_on_their_last() -> None:
    data = doc()
    data["sides"][1]["divisions"].append(division("late", "hippeis", 40.0, 34.0, 1,
                                                  arrives={"first": 3, "last": 5,
                                                           "roll": 6}))
    b = battle(data)
    st = b.state
    assert piece(b, "late").status is Status.WAITING and piece(b, "late").block
    assert piece(b, "late").view().position is None
    scripted(b, reinforcements=[5, 5])
    for turn in (1, 2, 3, 4):
        st.turn = turn
        arrivals(st)
        assert piece(b, "late").status is Status.WAITING, turn
    assert [e.data["roll"] for e in events(b, "reinforcements")] == [5, 5]
    st.turn = 5
    arrivals(st)
    assert piece(b, "late").status is Status.READY


def test_general_withdrawal_marches_off_and_leaves_at_the_edge() -> None:
    data = _two([division("a", "athenian", 36.0, 4.0, 2)],
                [division("s", "peloponnesian", 36.0, 40.0, 2)])
    b = battle(data)
    st = b.state
    _signal(b, "athens", Signal.GENERAL_WITHDRAWAL)
    plans = menu(st, div(b, "a"))
    assert [p.order.kind for p in plans] == ["withdraw"]
    execute(st, div(b, "a"), plans[0])
    assert all(p.status is Status.OFF for p in st.members("a", present=False))
    assert "athens" in st.record.retreat


def test_recalled_lights_only_retire_and_a_pinned_division_holds() -> None:
    b = battle()
    st = b.state
    st.armies["athens"].psiloi_forward = False
    plans = menu(st, div(b, "a-psiloi"))
    angles = {p.order.angle for p in plans if p.order.kind == "towards"}
    assert angles and angles <= {180.0, -135.0, 135.0}
    st.armies["athens"].psiloi_forward = True
    assert 0.0 in {p.order.angle for p in menu(st, div(b, "a-psiloi"))}
    enemy = piece(b, "s-taxis2.1")
    a = piece(b, "a-taxis1.1")
    a.block = attrs.evolve(a.block, x=enemy.block.x, y=enemy.block.y)
    assert menu(st, div(b, "a-taxis1")) == []
    assert Move("hold") == HOLD


def test_lights_keep_station_with_the_core_until_forward_psiloi_releases_them() -> None:
    """Signals: "lights keep stations relative to the core and interpret signals by
    battle plan": a light division's station is where it stood relative to the core,
    and moves with it; its moves end within one of its own moves of the station (or
    nearer it than it began) until Forward Psiloi sends it to skirmish; a battle plan
    that sends the lights to skirmish or round the enemy's flank frees them."""
    from ancients.hoplomachia.stations import station_of

    def lights_menu(plan: str = "frontal_attack", released: bool = False) -> Any:
        data = doc()
        data["sides"][0]["plan"] = plan
        b = battle(data)
        st = b.state
        lights = div(b, "a-psiloi")
        station = station_of(st, lights)
        for p in st.pieces:  # the phalanx has marched 8 inches on (its station with it)
            if p.side == "athens" and p.hoplite:
                p.block = attrs.evolve(p.block, y=p.block.y + 8.0)
        st.armies["athens"].psiloi_released = released
        return st, lights, station, menu(st, lights)
    st, lights, station, plans = lights_menu()
    assert station is not None
    now = station_of(st, lights)
    # (the army's front, from its centre to the enemy's, turns a little as it comes on)
    assert now is not None and now[1] == pytest.approx(station[1] + 8.0, abs=0.1)
    reach = lights.card.movement.rate(Arrangement.NO_FILES)
    start = st.members(lights)[0].block.centre
    moves = [p for p in plans if p.order.kind == "towards"]
    assert moves
    for p in moves:
        end = p.end[0].centre
        gap = ((end[0] - now[0]) ** 2 + (end[1] - now[1]) ** 2) ** 0.5
        began = ((start[0] - now[0]) ** 2 + (start[1] - now[1]) ** 2) ** 0.5
        assert gap <= reach + 1e-6 or gap <= began + 1e-6
    kept = {p.order.angle for p in moves}
    for released, plan in ((True, "frontal_attack"), (False, "harass_to_death")):
        free = {p.order.angle for p in lights_menu(plan, released)[3]
                if p.order.kind == "towards"}
        assert kept < free, (released, plan)  # released or skirmishing: every way


def test_a_lochos_turned_about_drifts_with_its_body_and_into_no_one() -> None:
    # Hoplomachia, Drift: the phalanx drifts right together; a lochos of it turned about
    # (in line, facing the rear) goes the body's way, not to its own right into the
    # neighbour it touches
    b = battle(_two([division("a", "athenian", 29.75, 20.0, 4, facing=0.0)],
                    [division("s", "spartiates", 36.0, 40.0, 3)]))
    at = {"a.1": (25.25, 19.75, 0.0), "a.2": (28.25, 19.75, 0.0),
          "a.3": (31.25, 19.0, 180.0), "a.4": (34.25, 19.75, 0.0)}
    for pid, (x, y, facing) in at.items():
        p = piece(b, pid)
        p.block = p.block.derived(x, y, facing, p.block.files, p.block.ranks)
    members = b.state.members("a")
    assert list(b.ruleset.invariants(b)) == []
    ends = drifted(b.state, members, 0.5)
    assert all(e is not None for e in ends)  # nothing in the way of the body
    for p, e in zip(members, ends, strict=True):
        assert e is not None
        assert e.centre[0] - p.block.centre[0] == pytest.approx(0.5)
        assert e.centre[1] == pytest.approx(p.block.centre[1])
    assert not any(a.overlaps(c) for i, a in enumerate(ends) for c in ends[i + 1:]
                   if a is not None and c is not None)


def test_only_belos_units_in_front_bounce_and_only_terrain_traps_them() -> None:
    """Spacing: marching hoplites "force them to bounce or retreat for 3 inches in front
    of them"; "if trapped by terrain they are destroyed": a belos unit beside the
    hoplites stays; one blocked by a friend goes back as far as it can, and lives."""
    data = _two([division("a", "athenian", 36.0, 10.0, 2)],
                [division("s", "peloponnesian", 36.0, 40.0, 2),
                 division("p", "psiloi", 40.5, 14.6, 1, stands=1, facing=180.0)])
    b = battle(data)
    st = b.state
    _signal(b, "athens", Signal.MARCH)
    start = piece(b, "p").block
    execute(st, div(b, "a"), _plan(menu(st, div(b, "a")), "advance", distance=5.0))
    assert piece(b, "a.2").block.distance(piece(b, "p").block) < 1.0  # beside it
    assert piece(b, "p").block == start and not events(b, "bounced")
    data = _two([division("a", "athenian", 36.0, 10.0, 2)],
                [division("s", "peloponnesian", 36.0, 40.0, 2),
                 division("p", "psiloi", 36.0, 15.2, 1, stands=2, facing=180.0),
                 division("q", "psiloi", 36.0, 17.5, 1, stands=2, facing=180.0)])
    b = battle(data)
    _signal(b, "athens", Signal.MARCH)
    execute(b.state, div(b, "a"), _plan(menu(b.state, div(b, "a")), "advance"))
    p = piece(b, "p")
    assert p.status is Status.READY  # blocked by a friend: not destroyed
    assert 15.2 < p.block.y < 15.2 + 3.0 and not p.block.overlaps(piece(b, "q").block)
    assert events(b, "bounced")
    # and against the table's edge
    data = _two([division("a", "athenian", 36.0, 10.0, 2)],
                [division("s", "peloponnesian", 60.0, 14.0, 2),
                 division("p", "psiloi", 36.0, 15.2, 1, stands=2, facing=180.0)], depth=17.0)
    b = battle(data)
    _signal(b, "athens", Signal.MARCH)
    execute(b.state, div(b, "a"), _plan(menu(b.state, div(b, "a")), "advance"))
    p = piece(b, "p")
    assert p.status is Status.READY and p.block.y > 15.2
    assert b.state.table.contains(p.block)


def _turns(b: Any, did: str) -> set[float]:
    """The turns (degrees off the current facing, 0-180) of a division's free moves."""
    p = piece(b, did)
    out: set[float] = set()
    for plan in menu(b.state, div(b, did)):
        if plan.order.kind in ("hold", "arrangement"):
            continue
        for body in plan.path:
            turn = abs(((body[0].facing - p.block.facing + 180.0) % 360.0) - 180.0)
            out.add(float(round(turn)))
    return out


def test_close_files_only_forward_wheeling_45_and_horse_by_hipparchy_90() -> None:
    """Arrangements: "Close Files may only move forward, wheel up to 45 degrees, incline
    or drift"; "Cavalry in OF wheel freely by ile; in CF only by hipparchy up to 90
    degrees"; infantry in OF "wheel up to 90 degrees ... or turn lochoi 90/180"."""
    def one(card: str, arrangement: Arrangement) -> set[float]:
        b = battle(_two([division("k", card, 36.0, 10.0, 1)],
                        [division("s", "peloponnesian", 36.0, 40.0, 1)]))
        piece(b, "k").arrangement = arrangement
        return _turns(b, "k")
    assert max(one("peltastes", Arrangement.CLOSE_FILES)) <= 45
    assert max(one("hippeis", Arrangement.CLOSE_FILES)) <= 90
    assert 90 in one("hippeis", Arrangement.CLOSE_FILES)
    assert 180 in one("hippeis", Arrangement.OPEN_FILES)  # freely by ile
    of = one("peltastes", Arrangement.OPEN_FILES)
    assert 180 in of and 90 in of and all(t <= 90 or t == 180 for t in of)


def test_the_core_in_open_files_may_turn_its_lochoi_90_degrees() -> None:
    b = battle(_two([division("a", "athenian", 36.0, 10.0, 3)],
                    [division("s", "peloponnesian", 36.0, 40.0, 3)]))
    st = b.state
    _signal(b, "athens", Signal.MARCH)
    for p in st.members("a"):
        p.arrangement = Arrangement.OPEN_FILES
    turns = [p for p in menu(st, div(b, "a")) if p.order.kind == "turn"]
    assert {p.order.angle for p in turns} == {-90.0, 90.0}
    plan = next(p for p in turns if p.order.angle == 90.0)
    assert plan.order.distance == pytest.approx(4.0)  # OF 5", less 1" to turn
    execute(st, div(b, "a"), plan)
    assert all(p.block.facing == pytest.approx(90.0) for p in st.members("a"))
