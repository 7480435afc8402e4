"""Routs, evasions and pursuits: routers turn and flee straight away, disarraying friends
they pass (their taxis tests) and leaving the table; blocked, or caught from two sides,
they are destroyed; evaders are disarrayed; hoplites pursue one move, horse and lights
until outdistanced; only horse that outdistanced its pursuers may rally; a division
routed warns its neighbours and costs the senior taxis's Arete."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from ancients.battle import Decision
from ancients.hoplomachia.andreia import Trigger
from ancients.hoplomachia.decisions import YES
from ancients.hoplomachia.flight import (
    automatic_moves,
    disarray,
    evade,
    pursue,
    rout,
    worse,
)
from ancients.hoplomachia.pieces import Status
from ancients.tabletop import bearing

from .play import battle, division, drive, events, piece, scripted, side


def _doc(athens: list[dict[str, Any]], sparta: list[dict[str, Any]]) -> dict[str, Any]:
    return {"name": "t", "title": "t", "table": {"width": 72.0, "depth": 48.0},
            "sides": [side("athens", "athenian", athens), side("sparta", "spartan", sparta)]}


def test_routers_turn_and_flee_straight_away_from_the_cause() -> None:
    b = battle(_doc([division("a", "athenian", 36.0, 20.0, 1)],
                    [division("s", "peloponnesian", 36.0, 28.0, 1)]))
    st = b.state
    scripted(b, rout_distance=[4])
    a, s = piece(b, "a"), piece(b, "s")
    y = a.block.y
    rout(st, a, s, "test", combat=True)
    assert a.status is Status.ROUTING and a.block.facing == pytest.approx(180.0)
    moved = events(b, "flight")[0]
    assert moved.data["distance"] == 5 + 4 - 1  # rout 5 + 1D6 - the 1 inch turn
    assert a.block.y == pytest.approx(y - a.block.depth - 8.0)  # turned about its centre
    assert st.counters and st.counters[0].side == "athens"  # routed in combat: a counter
    arete = [e.data["points"] for e in events(b, "arete")]
    assert arete == [-1, 1, -5, 5]  # a lochos routed and the enemy's matching gain; it
    # was the senior taxis's only lochos: the senior taxis routed
    assert Trigger.LOCHOI_ROUTED in st.record.triggers["a"]


def test_routers_disarray_friends_they_pass_and_leave_at_the_edge() -> None:
    b = battle(_doc([division("a", "athenian", 36.0, 10.0, 1),
                     division("b", "athenian", 36.0, 6.0, 1)],
                    [division("s", "peloponnesian", 36.0, 18.0, 1)]))
    st = b.state
    scripted(b, rout_distance=[6])
    rout(st, piece(b, "a"), piece(b, "s"), "test")
    assert piece(b, "b").disarrayed
    assert Trigger.PASSED_THROUGH in st.record.triggers["b"]
    assert piece(b, "a").status is Status.OFF  # off the south edge
    assert not st.counters  # a rout from a check leaves no counter


def test_routers_blocked_by_the_enemy_are_destroyed() -> None:
    b = battle(_doc([division("a", "athenian", 36.0, 20.0, 1)],
                    [division("s", "peloponnesian", 36.0, 28.0, 1),
                     division("t", "peloponnesian", 36.0, 17.0, 1, facing=0.0)]))
    st = b.state
    rout(st, piece(b, "a"), piece(b, "s"), "test")
    assert piece(b, "a").status is Status.DESTROYED


def test_evaders_run_their_evade_distance_and_are_disarrayed() -> None:
    b = battle(_doc([division("a", "athenian", 36.0, 20.0, 1),
                     division("p", "peltastes", 20.0, 20.0, 1)],
                    [division("s", "peloponnesian", 20.0, 28.0, 1)]))
    st = b.state
    scripted(b, evade_distance=[3])
    p = piece(b, "p")
    y = p.block.centre[1]
    evade(st, p, piece(b, "s"), "test")
    assert p.status is Status.READY and p.disarrayed
    assert y - p.block.centre[1] == pytest.approx(6 + 3 - 1)  # evade 6 + 1D6 - 1
    assert p.id in st.record.evaded
    evade(st, piece(b, "a"), piece(b, "s"), "test")
    assert "athens" in st.record.retreat  # hoplites evading: the phalanx retreats


def test_worse_disarrays_a_unit_in_order_and_routs_a_disarrayed_one() -> None:
    b = battle()
    st = b.state
    a = piece(b, "a-taxis1.1")
    worse(st, a, None, "test")
    assert a.disarrayed and a.status is Status.READY
    worse(st, a, None, "test")
    assert piece(b, "a-taxis1.1").status is Status.ROUTING  # (read afresh for mypy)
    psiloi = piece(b, "a-psiloi")
    disarray(st, psiloi, "test")
    assert not psiloi.disarrayed  # No Files troops are never disarrayed


def test_hoplites_pursue_one_move_and_catch_a_router_within_reach() -> None:
    b = battle(_doc([division("a", "athenian", 36.0, 20.0, 1)],
                    [division("s", "peloponnesian", 36.0, 28.0, 1)]))
    st = b.state
    a, s = piece(b, "a"), piece(b, "s")
    scripted(b, rout_distance=[1], pursuit_distance=[6])
    s.block = attrs.evolve(s.block, y=a.block.y)  # front to front
    rout(st, s, a, "test", combat=True)
    assert s.status is Status.ROUTING
    pursue(st, a, s)
    assert piece(b, "s").status is Status.DESTROYED  # caught: 5 + 1 - 1 = 5 inches off, pursued 11
    assert a.disarrayed and not a.pursuing  # one move, then it ceases
    assert st.divisions["a"].recover_turn == st.turn + 1
    assert s.id in st.record.pursued


def test_horse_pursue_until_outdistanced_then_may_stop_on_a_recovering_check() -> None:
    b = battle(_doc([division("h", "hippeis", 36.0, 20.0, 1)],
                    [division("s", "peloponnesian", 36.0, 36.0, 1)]))
    st = b.state
    h, s = piece(b, "h"), piece(b, "s")
    s.status = Status.ROUTING
    s.flee_bearing = 0.0
    h.pursuing = s.id
    scripted(b, rout_distance=[6], Andreia_check=[2])
    asked: list[Decision] = []
    drive(automatic_moves(st), lambda d: YES, asked)
    # 5 + 6 - 1 = 10 inches more: 24 apart, twice the horse's 12" OF move: outdistanced
    assert [d.kind for d in asked] == ["pursuit"]
    assert not h.pursuing and events(b, "pursuit stopped")


def test_only_horse_that_outdistanced_its_pursuers_may_rally() -> None:
    b = battle(_doc([division("h", "hippeis", 36.0, 20.0, 1),
                     division("a", "athenian", 20.0, 20.0, 1)],
                    [division("s", "peloponnesian", 60.0, 36.0, 1)]))
    st = b.state
    for p in (piece(b, "h"), piece(b, "a")):
        p.status = Status.ROUTING
        p.flee_bearing = 180.0
    scripted(b, Andreia_check=[2])
    drive(automatic_moves(st))
    assert piece(b, "h").status is Status.READY and events(b, "rallies")
    assert piece(b, "a").status in (Status.ROUTING, Status.OFF)


def test_routers_caught_from_two_sides_are_slaughtered() -> None:
    b = battle(_doc([division("a", "athenian", 36.0, 20.0, 1)],
                    [division("s", "peloponnesian", 36.0, 20.0, 1),
                     division("t", "peloponnesian", 37.5, 19.625, 1, facing=270.0)]))
    st = b.state
    a = piece(b, "a")
    a.status = Status.ROUTING
    from ancients.hoplomachia.combat import melee_phase

    drive(melee_phase(st))
    assert a.status is Status.DESTROYED
    assert "more than one side" in events(b, "destroyed")[0].message


def test_a_division_routed_warns_its_neighbours_and_the_senior_taxis_costs_five() -> None:
    b = battle()
    st = b.state
    for p in st.members("a-taxis1"):
        rout(st, p, None, "test")
    assert events(b, "division routed")[0].data["division"] == "a-taxis1"
    points = [e.data["points"] for e in events(b, "arete") if e.side == "athens"]
    assert points.count(-1) == 3 and -5 in points
    assert Trigger.NEIGHBOUR_ROUTED in st.record.triggers["a-taxis2"]
    assert "athens" in st.record.home_routed
    assert bearing((0.0, 0.0), (0.0, 1.0)) == 0.0


def test_attached_lights_follow_their_parent_when_it_routs() -> None:
    b = battle(_doc([division("a", "athenian", 36.0, 20.0, 1),
                     division("p", "psiloi", 46.0, 20.0, 1, stands=2, attached="a")],
                    [division("s", "peloponnesian", 36.0, 30.0, 1)]))
    st = b.state
    rout(st, piece(b, "a"), piece(b, "s"), "test")
    assert piece(b, "p").status in (Status.ROUTING, Status.OFF)
    assert "following a" in next(e for e in events(b, "routs") if e.data["unit"] == "p").message


def test_unengaged_lights_may_join_a_pursuit() -> None:
    b = battle(_doc([division("p", "psiloi", 36.0, 23.0, 1, stands=2)],
                    [division("s", "peloponnesian", 36.0, 25.0, 1)]))
    st = b.state
    s = piece(b, "s")
    s.status, s.flee_bearing = Status.ROUTING, 0.0
    scripted(b, rout_distance=[1])  # it flees 5 inches: 7 off, within the psiloi's 8
    asked: list[Decision] = []
    drive(automatic_moves(st), lambda d: YES, asked)
    assert [(d.kind, d.unit, d.target) for d in asked][-1] == ("pursuit", "p", "s")
    assert events(b, "pursues")[0].data["unit"] == "p"


def test_hamippoi_are_lost_when_their_ile_moves_over_7_inches() -> None:
    b = battle(_doc([division("h", "hippeis", 36.0, 20.0, 2, hamippoi=1)],
                    [division("s", "peloponnesian", 36.0, 40.0, 1)]))
    st = b.state
    h1, h2 = piece(b, "h.1"), piece(b, "h.2")
    assert h1.hamippoi and not h2.hamippoi
    evade(st, h1, piece(b, "s"), "test")
    assert not piece(b, "h.1").hamippoi and events(b, "hamippoi lost")


def test_hamippoi_are_lost_when_their_ile_charges_pursues_or_belos_charges_over_7() -> None:
    """Hamippoi: "lost if the ile ... moves/evades more than 7 inches": every move of
    the ile counts, the charge, the pursuit and the belos charge's run up and back."""
    from ancients.hoplomachia.charges import epidromos_phase
    from ancients.hoplomachia.decisions import NO_CHARGE, Charge, Fire
    from ancients.hoplomachia.fire import belos_phase

    def charge(d: Decision) -> Any:
        if d.side != "athens":
            return NO_CHARGE
        return next(o for o in d.options if isinstance(o, Charge) and o.target)

    b = battle(_doc([division("h", "hippeis", 36.0, 10.0, 1, hamippoi=1)],
                    [division("s", "hippeis", 36.0, 20.0, 1)]))
    scripted(b, Andreia_check=[2, 2], epidromos=[6])  # 12": 10 to the contact
    drive(epidromos_phase(b.state), charge)
    assert events(b, "charge")[0].data["target"] == "s"
    assert not piece(b, "h").hamippoi and events(b, "hamippoi lost")
    b = battle(_doc([division("h", "hippeis", 36.0, 10.0, 1, hamippoi=1)],
                    [division("s", "hippeis", 36.0, 15.0, 1)]))
    scripted(b, Andreia_check=[2, 2], epidromos=[6])  # 5" to the contact: kept
    drive(epidromos_phase(b.state), charge)
    assert piece(b, "h").hamippoi
    b = battle(_doc([division("h", "hippeis", 36.0, 20.0, 1, hamippoi=1)],
                    [division("s", "peloponnesian", 36.0, 28.0, 1)]))
    st = b.state
    h, s = piece(b, "h"), piece(b, "s")
    scripted(b, rout_distance=[6], pursuit_distance=[6])
    rout(st, s, h, "test", combat=True)
    pursue(st, h, s)
    assert events(b, "pursues")[0].data["distance"] > 7.0
    assert not piece(b, "h").hamippoi
    # the ile turning back (hippeis_wheel=turn), so that it lives to ride back: up and
    # back is more than 7 inches
    b = battle(_doc([division("a", "athenian", 36.0, 20.0, 1)],
                    [division("h", "hippeis", 36.0, 30.0, 1, facing=180.0, hamippoi=1)]),
               spec="hoplomachia(hippeis_wheel=turn)")
    drive(belos_phase(b.state), lambda d: next((o for o in d.options if isinstance(
        o, Fire) and o.belos_charge), d.options[0]))
    run = sum(e.data["distance"] for e in events(b, "belos charge")
              + events(b, "belos charge back"))
    assert run > 7.0 and not piece(b, "h").hamippoi
