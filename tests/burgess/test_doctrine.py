"""The doctrine commander beats RandomCommander in at least 80 % of 400 seeded battles of
Zama from either side, and plays by its period's style: missile troops shoot and keep out
of reach, heavy infantry charges what it can beat, cavalry rides for flanks, elephants
lead."""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Sequence

import pytest

import ancients
from ancients.battle import Decision
from ancients.burgess import charges, defences, fire, moves
from ancients.burgess.battle import BurgessBattle
from ancients.burgess.commander import DoctrineCommander, _sheltered, melee_chance
from ancients.burgess.decisions import HOLD_FIRE, NO_CHARGE, Charge, Kind, Respond, Shoot
from ancients.burgess.melee import ChargeResponse
from ancients.burgess.moves import Plan
from ancients.burgess.troops import Weapon
from ancients.events import Event

from .helpers import battle, bows, cavalry, entry, foot

#: the settled bar: at least 80 % of 400 seeded battles (simulate's seeds 202, i)
BATTLES, BAR = 400, 0.80


def _win_rate(random_side: str) -> float:
    results = ancients.simulate("burgess", "zama-202bc", runs=BATTLES, seed=202, jobs=2,
                                commanders={random_side: "random"})
    other = next(s for s in ("rome", "carthage") if s != random_side)
    return results.win_rate(other)[0]


def test_doctrine_as_rome_beats_random() -> None:
    assert _win_rate("carthage") >= BAR


def test_doctrine_as_carthage_beats_random() -> None:
    assert _win_rate("rome") >= BAR


def _ask(b: BurgessBattle, kind: Kind, unit: str, options: Sequence[Hashable],
         target: str | None = None) -> Hashable:
    side = b.state.by_id[unit].side
    return DoctrineCommander().decide(b, Decision(side, kind, options, unit=unit,
                                                  target=target))


def test_heavy_infantry_charges_what_it_can_beat_and_not_what_beats_it() -> None:
    b = battle([foot("a", "south", 30, 10, figures=12, armour="full armour infantry"),
                foot("weak", "north", 30, 15, figures=6, armour="unarmoured infantry"),
                foot("b", "south", 50, 10, figures=4),
                foot("strong", "north", 50, 15, figures=18, armour="full armour infantry")])
    st = b.state
    for uid, target, wanted in (("a", "weak", Charge("weak")), ("b", "strong", NO_CHARGE)):
        found = charges.plans(st, st.by_id[uid])
        assert [p.target for p in found] == [target]
        st.menu = {Charge(p.target): p for p in found}
        assert _ask(b, Kind.CHARGE, uid, [Charge(target), NO_CHARGE]) == wanted
    assert melee_chance(st, st.by_id["a"], st.by_id["weak"]) > 0.9


def test_skirmishers_evade_a_charge_and_heavies_hold() -> None:
    b = battle([bows("s", "south", 30, 10), foot("h", "south", 45, 10),
                foot("e", "north", 30, 14)])
    fire_and_evade = [Respond(ChargeResponse.FIRE_AND_EVADE),
                      Respond(ChargeResponse.HOLD_AND_FIRE)]
    assert _ask(b, Kind.RESPOND, "s", fire_and_evade, "e") == fire_and_evade[0]
    hold = [Respond(ChargeResponse.EVADE), Respond(ChargeResponse.HOLD)]
    assert _ask(b, Kind.RESPOND, "h", hold, "e") == hold[1]


def _move_of(b: BurgessBattle, uid: str) -> Plan:
    st = b.state
    plans = moves.menu(st, st.by_id[uid])
    st.menu = {p.order: p for p in plans}
    chosen = _ask(b, Kind.MOVE, uid, [p.order for p in plans])
    return next(p for p in plans if p.order == chosen)


def test_missile_troops_keep_out_of_the_enemys_reach() -> None:
    b = battle([bows("s", "south", 30, 10), foot("e", "north", 30, 24)])
    plan = _move_of(b, "s")
    gap = plan.end.distance(b.state.by_id["e"].block)
    assert gap > 6.5  # beyond the heavy foot's charge next turn
    assert gap <= 24.0  # and still within its bow's range


def test_cavalry_makes_for_a_flank_and_elephants_lead() -> None:
    b = battle([cavalry("c", "south", 10, 10), foot("f", "north", 36, 30, figures=18, ranks=3),
                entry("el", "south", "elephants", 1, 50, 10)])
    st = b.state
    f = st.by_id["f"].block
    plan = _move_of(b, "c")
    flanks = [f.world(s * (f.frontage / 2.0 + 1.5), -f.depth / 2.0) for s in (-1, 1)]
    before = min(((st.by_id["c"].block.centre[0] - x) ** 2 + (st.by_id["c"].block.centre[1] -
                                                             y) ** 2) ** 0.5
                 for x, y in flanks)
    after = min(((plan.end.centre[0] - x) ** 2 + (plan.end.centre[1] - y) ** 2) ** 0.5
                for x, y in flanks)
    assert after < before - 5.0
    elephant = _move_of(b, "el")
    assert elephant.end.distance(f) < st.by_id["el"].block.distance(f) - 8.0


def test_shooters_pick_the_target_they_harm_most() -> None:
    b = battle([bows("s", "south", 30, 10, figures=9, ranks=3),
                foot("armoured", "north", 26, 18, figures=12, armour="full armour infantry"),
                foot("naked", "north", 36, 18, figures=12, armour="unarmoured infantry")])
    assert _ask(b, Kind.SHOOT, "s", [Shoot("armoured"), Shoot("naked"), Shoot("")]) == \
        Shoot("naked")


def test_a_defender_keeps_its_wall() -> None:
    wall = [{"kind": "wall", "id": "w", "points": [[20, 21], [40, 21]]}]
    b = battle([foot("d", "south", 30, 20, facing=180.0, figures=12),
                foot("e", "north", 30, 23, figures=12, armour="unarmoured infantry")],
               lines=wall)
    st = b.state
    st.by_id["d"].block = st.by_id["d"].block.derived(30.0, 20.5, 0.0, 6, 2)  # lining it
    plan = _move_of(b, "d")

    assert _sheltered(st, st.by_id["d"], st.by_id["d"].block, st.present("north"))
    assert _sheltered(st, st.by_id["d"], plan.end, st.present("north"))
    found = charges.plans(st, st.by_id["d"])
    assert [p.target for p in found] == ["e"]  # it could: over the wall, 2.5 IN
    st.menu = {Charge(p.target): p for p in found}
    assert _ask(b, Kind.CHARGE, "d", [Charge("e"), NO_CHARGE]) == NO_CHARGE


def _engine_events(seed: int) -> list[Event]:
    """The heavy engine's moves and shots in the doctrine's ``assault`` of ``seed``."""
    b = ancients.ruleset("burgess").new_battle("assault", seed=seed)
    b.run()
    return [e for e in b.log if e.kind in ("move", "volley", "battered")
            and "ram-engine" in (e.data.get("unit"), e.data.get("shooter"))]


@pytest.mark.parametrize("seed", range(6))
def test_the_heavy_engine_comes_into_range_and_batters_the_wall(seed: int) -> None:
    played = _engine_events(seed)
    assert [e.kind for e in played if e.turn == 1] == ["move"]  # it comes on, turn 1
    assert played[0].data["move"] == "advance"
    assert any(e.kind == "battered" and e.data["work"] == "farm-wall" for e in played)
    turns = [e.kind == "move" and e.data["move"] == "turn" for e in played]
    assert not any(a and b for a, b in itertools.pairwise(turns)), \
        "the engine turned twice without a shot between"


def test_an_engine_batters_a_sheltering_wall_first_and_a_breached_one_never() -> None:
    wall = [{"kind": "wall", "id": "w", "points": [[20, 21], [40, 21]]}]
    b = battle([entry("ram", "south", "HV war engine", 1, 30, 5),
                foot("d", "north", 30, 22, facing=180.0, figures=12)], lines=wall)
    st, ram = b.state, b.state.by_id["ram"]
    offered = fire.targets(st, ram)
    assert Shoot("d") in offered and Shoot("w", "batter", 0) in offered
    assert _ask(b, Kind.SHOOT, "ram", [*offered, HOLD_FIRE]) == Shoot("w", "batter", 0)
    work = st.works[0]
    work.faces = (defences.batter(work.faces[0], Weapon.HEAVY_ENGINE, 1),)
    assert work.faces[0].breached and work.faces[0].value > 0
    assert _ask(b, Kind.SHOOT, "ram", [*fire.targets(st, ram), HOLD_FIRE]) == Shoot("d")
