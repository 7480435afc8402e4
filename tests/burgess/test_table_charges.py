"""Charges on the table (Hand to hand II): the line of advance, the receiver's choices and
fire, moving to safety and the ground taken, contact with impetus and the flank and rear
tables; chariots, elephants and cavalry against spearmen (Chariots & Cavalry 1, 5;
Elephants 1, 3, 5)."""

from __future__ import annotations

from ancients.burgess import charges
from ancients.burgess.fighting import _fighter
from ancients.burgess.melee import ChargeResponse
from ancients.burgess.state import State
from ancients.units import Condition

from .helpers import Loaded, bows, cavalry, entry, foot, kinds, staged


def targets(state: State, uid: str) -> set[str | None]:
    return {p.target for p in charges.plans(state, state.by_id[uid])}


def test_a_charge_goes_on_its_line_of_advance_within_its_move() -> None:
    state, _ = staged([foot("a", "south", 30, 10), foot("near", "north", 31, 15),
                       foot("far", "north", 50, 17), foot("behind", "north", 30, 2)])
    assert targets(state, "a") == {"near"}  # 5 IN ahead; 'far' is beyond 6 IN
    plan = charges.plans(state, state.by_id["a"])[0]
    assert plan.end.distance(state.by_id["near"].block) < 1e-6  # ends touching its front
    assert plan.inches <= plan.allowance


def test_the_receivers_choices() -> None:
    state, _ = staged([foot("a", "south", 30, 10), bows("b", "north", 30, 15),
                       foot("c", "north", 45, 15)])
    b, c = state.by_id["b"], state.by_id["c"]
    assert charges.responses(state, b) == (ChargeResponse.FIRE_AND_EVADE,
                                           ChargeResponse.HOLD_AND_FIRE)
    assert charges.responses(state, c) == (ChargeResponse.EVADE, ChargeResponse.HOLD)
    c.moved_in = state.player - 1  # it moved in its own last player turn
    assert charges.responses(state, c) == (ChargeResponse.FIXED,)


def test_a_receiver_that_falls_away_leaves_its_ground_to_the_attacker() -> None:
    state, log = staged([foot("a", "south", 30, 10), foot("b", "north", 30, 14)])
    a, b = state.by_id["a"], state.by_id["b"]
    charges.charge(state, a, b, ChargeResponse.EVADE)
    assert not state.in_melee(a) and "occupies" in kinds(log)
    assert b.block.y > 14.0 and a.block.y > 10.0 and a.occupied == state.turn + 1
    state.turn += 1  # the following turn: +1 a volley group on the ground it took
    fighter = _fighter(state, a, b)
    assert fighter.bonus == 4  # 12 figures in two ranks: 4 volley groups


def test_hold_and_fire_at_close_range_then_the_shock() -> None:
    state, log = staged([foot("a", "south", 30, 10), bows("b", "north", 30, 14)],
                        dice=Loaded([1] * 10, then=6))
    a, b = state.by_id["a"], state.by_id["b"]
    charges.charge(state, a, b, ChargeResponse.HOLD_AND_FIRE)
    volley = next(e for e in log if e.kind == "volley")
    assert volley.data["band"] == "close" and volley.data["shooter"] == "b"
    assert kinds(log).index("volley") < kinds(log).index("contact")
    assert state.in_melee(a) and state.in_melee(b)


def test_impetus_when_the_attacker_did_not_use_its_full_move() -> None:
    state, log = staged([foot("a", "south", 30, 10), foot("b", "north", 30, 14),
                         foot("c", "south", 50, 10), foot("d", "north", 50, 16)])
    charges.charge(state, state.by_id["a"], state.by_id["b"], ChargeResponse.HOLD)
    charges.charge(state, state.by_id["c"], state.by_id["d"], ChargeResponse.HOLD)
    contacts = {e.data["unit"]: e.data for e in log if e.kind == "contact"}
    assert contacts["a"]["impetus"] and contacts["a"]["distance"] < 6.0
    assert not contacts["c"]["impetus"] and contacts["c"]["distance"] == 6.0


def test_a_charge_in_the_flank_or_rear_rolls_on_its_table() -> None:
    state, log = staged([cavalry("h", "south", 20, 20, facing=90.0),
                         foot("t", "north", 30, 20, facing=180.0)], dice=Loaded([5]))
    charges.charge(state, state.by_id["h"], state.by_id["t"], ChargeResponse.FIXED)
    rolled = next(e for e in log if e.kind == "morale")
    assert rolled.data["table"] == "flank attack" and rolled.data["result"] == "fights as normal"
    state, log = staged([cavalry("h", "south", 30, 26, facing=180.0),
                         foot("t", "north", 30, 14, facing=180.0)], dice=Loaded([2]))
    charges.charge(state, state.by_id["h"], state.by_id["t"], ChargeResponse.FIXED)
    rolled = next(e for e in log if e.kind == "morale")
    assert rolled.data["table"] == "rear attack"
    assert state.by_id["t"].condition is Condition.CAPTURED  # 2/3 surrenders


def test_chariots_against_formed_infantry() -> None:
    chariots = entry("c", "south", "chariots", 3, 30, 10, armour="unarmoured cavalry")
    two_ranks = foot("i", "north", 30, 16, figures=12, ranks=2)
    # none goes home (1, 2, 3): each swerves (1/2/3 right, then 1, 2, 3): no contact
    state, log = staged([chariots, two_ranks], dice=Loaded([1, 1, 2, 2, 3, 3]))
    charges.charge(state, state.by_id["c"], state.by_id["i"], ChargeResponse.HOLD)
    assert "contact" not in kinds(log) and "charge ends" in kinds(log)
    assert next(e for e in log if e.kind == "chariots").data["home"] == 0
    # two go home (4, 5; the third swerves: 1, 1); the infantry breaks (a 2): each figure
    # of the 2 groups reached saves on 4/5/6 (six 1s); the unit moves to the rear
    state, log = staged([chariots, two_ranks], dice=Loaded([4, 5, 1, 1, 2] + [1] * 6,
                                                              then=1))
    charges.charge(state, state.by_id["c"], state.by_id["i"], ChargeResponse.HOLD)
    i = state.by_id["i"]
    assert state.by_id["c"].home == 2
    assert next(e for e in log if e.kind == "casualties").data["figures"] == 6
    assert not i.running and "fall back" in kinds(log)


def test_an_elephant_against_infantry() -> None:
    elephant = entry("e", "south", "elephants", 1, 30, 10)
    three = foot("i", "north", 30, 16, figures=12, ranks=3)
    state, log = staged([elephant, three], dice=Loaded([3]))  # needs 1/6: will not attack
    charges.charge(state, state.by_id["e"], state.by_id["i"], ChargeResponse.HOLD)
    assert "contact" not in kinds(log) and state.by_id["e"].block.y == 10.0
    # attack (6), goes home (1), the infantry does not stand (a 1): back a move, its back
    # to the elephant
    state, log = staged([elephant, three], dice=Loaded([6, 1, 1]))
    charges.charge(state, state.by_id["e"], state.by_id["i"], ChargeResponse.HOLD)
    i = state.by_id["i"]
    assert "contact" in kinds(log) and not state.in_melee(i) and i.block.facing == 0.0
    # attack, then a 6 on the after-start table: the stampede
    state, log = staged([entry("e", "south", "elephants", 1, 30, 24),
                         foot("i", "north", 30, 30, figures=12, ranks=3)],
                        dice=Loaded([6, 6], then=6))
    charges.charge(state, state.by_id["e"], state.by_id["i"], ChargeResponse.HOLD)
    assert "stampede" in kinds(log) and state.by_id["e"].running
    assert state.by_id["e"].block.y < 24.0  # to its rear


def test_cavalry_charging_spearmen_and_cavalry_meeting_elephants() -> None:
    horse = cavalry("h", "south", 30, 10, troop="HV CAV", armour="mailed cavalry")
    spears = foot("s", "north", 30, 18, figures=12, ranks=2, spearmen=True)
    state, log = staged([horse, spears], dice=Loaded([3, 2]))  # double rank: 4/5/6; swerve
    charges.charge(state, state.by_id["h"], state.by_id["s"], ChargeResponse.HOLD)
    assert next(e for e in log if e.kind == "spearmen").data["course"] == "swerves right"
    assert not state.in_melee(state.by_id["h"])
    elephant = entry("e", "north", "elephants", 1, 30, 18)
    state, log = staged([horse, elephant], dice=Loaded([2]))  # 4/5/6 to stand: falls back
    charges.charge(state, state.by_id["h"], state.by_id["e"], ChargeResponse.FIXED)
    stand = next(e for e in log if e.kind == "stand")
    assert not stand.data["stands"] and not state.in_melee(state.by_id["h"])
    stabled = cavalry("h", "south", 30, 10, stabled_with_elephants=True)
    state, log = staged([stabled, elephant])
    charges.charge(state, state.by_id["h"], state.by_id["e"], ChargeResponse.FIXED)
    assert "stand" not in kinds(log) and state.in_melee(state.by_id["h"])


def test_a_running_unit_is_out_of_formation() -> None:
    # Chariots & Cavalry 1: against infantry out of formation a chariot goes home
    # without a roll (the stand roll, a 6, is the first die thrown)
    state, log = staged([entry("c", "south", "chariots", 3, 30, 10,
                               armour="unarmoured cavalry"),
                         foot("i", "north", 30, 16, figures=12, ranks=2)],
                        dice=Loaded([6], then=1))
    state.by_id["i"].condition = Condition.ROUTED
    charges.charge(state, state.by_id["c"], state.by_id["i"], ChargeResponse.FIXED)
    assert next(e for e in log if e.kind == "chariots").data["home"] == 3
    assert not state.by_id["i"].in_formation.formed


def test_a_receiver_that_cannot_get_away_is_charged_as_it_now_stands() -> None:
    # b, charged in its right flank, turns to face the charger to fall back but a
    # friend packed behind it leaves no room: the charge goes in at its new front
    state, log = staged([cavalry("h", "south", 40, 20, facing=270.0),
                         bows("b", "north", 30, 20, facing=0.0, figures=6, ranks=2),
                         foot("f", "north", 27.75, 20, facing=0.0, figures=6, ranks=2)])
    h, b = state.by_id["h"], state.by_id["b"]
    charges.charge(state, h, b, ChargeResponse.EVADE)
    assert state.in_melee(h) and state.in_melee(b)
    assert not any(x.block.overlaps(y.block) for x in state.present()
                   for y in state.present() if x is not y)
    contact = next(e for e in log if e.kind == "contact")
    assert contact.data["aspect"] == "front" and 80.0 < b.block.facing < 100.0  # turned


def test_a_receiver_fires_once_however_many_charge_it() -> None:
    # Hand to hand II: the receiving unit fires at the oncoming attacker, once: two
    # units charging it draw one volley, whichever answer it chose
    for response in (ChargeResponse.HOLD_AND_FIRE, ChargeResponse.FIRE_AND_EVADE):
        state, log = staged([foot("a1", "south", 28.5, 10, figures=4),
                             foot("a2", "south", 31.5, 10, figures=4),
                             bows("b", "north", 30, 15, figures=12)])
        b = state.by_id["b"]
        for uid in ("a1", "a2"):
            charges.charge(state, state.by_id[uid], b, response)
        volleys = [e for e in log if e.kind == "volley" and e.data["shooter"] == "b"]
        assert len(volleys) == 1, response
        evades = [e for e in log if e.kind == "fall back" and e.data["unit"] == "b"]
        assert len(evades) == (response is ChargeResponse.FIRE_AND_EVADE), response


def test_a_receiver_that_cannot_get_out_of_reach_is_caught() -> None:
    # Hand to hand II, "move to safety": b gets 1.5" back before a friend stops it,
    # still within the charger's 6": the charge goes home at it where it stands
    state, log = staged([foot("a", "south", 30, 10), foot("b", "north", 30, 14),
                         foot("f", "north", 30, 17)])
    a, b = state.by_id["a"], state.by_id["b"]
    charges.charge(state, a, b, ChargeResponse.EVADE)
    back = next(e for e in log if e.kind == "fall back")
    assert 0.0 < back.data["distance"] < 2.0
    assert state.in_melee(a) and state.in_melee(b) and "occupies" not in kinds(log)
    # out of reach, it is safe: the charger takes the ground
    state, log = staged([foot("a", "south", 30, 10), foot("b", "north", 30, 14)])
    charges.charge(state, state.by_id["a"], state.by_id["b"], ChargeResponse.EVADE)
    assert not state.in_melee(state.by_id["a"]) and "occupies" in kinds(log)


def test_infantry_that_will_not_stand_the_chariots_move_to_the_rear_and_do_not_rout() -> None:
    # Chariots & Cavalry 1: "1/2 the unit moves to the rear 1 move, back toward
    # chariot": the unit goes back a move, its back to the chariots, and is not routed
    # (its figures the chariots reach save on 4/5/6)
    chariots = entry("c", "south", "chariots", 3, 30, 10, armour="unarmoured cavalry")
    state, log = staged([chariots, foot("i", "north", 30, 16, figures=12, ranks=2)],
                        dice=Loaded([4, 5, 6, 2] + [6] * 9, then=6))
    charges.charge(state, state.by_id["c"], state.by_id["i"], ChargeResponse.HOLD)
    i = state.by_id["i"]
    assert not i.running and i.condition is Condition.GOOD_ORDER
    back = next(e for e in log if e.kind == "fall back" and e.data["unit"] == "i")
    assert back.data["distance"] == 6.0 and "run" not in kinds(log)
    assert i.block.facing == 0.0  # its back to the chariots, to the south
    assert not state.in_melee(i)


def test_a_unit_attacked_in_the_rear_that_turns_and_fights_faces_its_attacker() -> None:
    # Special conditions, rear attack: "6 whole unit turns and fights"; "4/5 1/2 turns
    # and fights, 1/2 runs 1 move": the part that fights turns about to face the charger
    from ancients.tabletop import Aspect

    for face in (6, 4):
        state, log = staged([cavalry("h", "south", 30, 26, facing=180.0),
                             foot("t", "north", 30, 14, facing=180.0)],
                            dice=Loaded([face], then=6))
        h, t = state.by_id["h"], state.by_id["t"]
        charges.charge(state, h, t, ChargeResponse.FIXED)
        assert next(e for e in log if e.kind == "morale").data["table"] == "rear attack"
        assert t.on_table and not t.running and abs(t.block.facing) < 1e-6, face
        assert state.in_melee(t) and state.facing_edge(t, h) is Aspect.FRONT, face
        assert state.facing_edge(h, t) is Aspect.FRONT


def test_an_elephant_that_stops_goes_no_further() -> None:
    # Elephants 6, from hand weapons, "5 elephant stops": hit by the receiver's fire at
    # close range the elephant's charge ends there; stopped, it may not charge or move
    # in its side's next movement phase
    from ancients.burgess import beasts, moves
    from ancients.burgess.elephants import Harm, HarmKind

    elephant = entry("e", "south", "elephants", 1, 30, 10)
    two = bows("b", "north", 30, 16, figures=12, ranks=2)
    # attack (1 on 1/3/6), home (1); the volley at close range: four dice of 6 (20 hits,
    # 4 rolls on the hand-weapons table: 5, elephant stops)
    state, log = staged([elephant, two], dice=Loaded([1, 1, 6, 6, 6, 6], then=5))
    e, b = state.by_id["e"], state.by_id["b"]
    charges.charge(state, e, b, ChargeResponse.HOLD_AND_FIRE)
    assert any(x.kind == "elephant" and x.data["harm"] == "stops" for x in log)
    assert "contact" not in kinds(log) and not state.in_melee(e)
    assert 5.0 < e.block.distance(b.block) <= 6.0 + 1e-6  # at close range (longbow: 6")
    assert charges.plans(state, e) == []
    state, _ = staged([elephant, foot("f", "north", 30, 40)])
    e = state.by_id["e"]
    beasts.harm(state, e, Harm(HarmKind.STOPS), "test")
    assert e.stopped and not charges.can_charge(state, e)
    assert [p.order.kind for p in moves.menu(state, e)] == ["hold"]


def test_a_charge_downhill_adds_its_point_in_the_first_round() -> None:
    # Hand to hand A: "troops charging downhill will add 1 PT to their roll for Impetus":
    # the same charge on a hill falling to the north, and on the flat
    fall_north = {"kind": "hill", "polygon": [[0, 0], [72, 0], [72, 40], [0, 40]],
                  "downhill": 0}
    bonus = {}
    for hill in (True, False):
        state, log = staged([foot("a", "south", 30, 10), foot("b", "north", 30, 14)],
                            terrain=[fall_north] if hill else [])
        a, b = state.by_id["a"], state.by_id["b"]
        plan = charges.plans(state, a)[0]
        assert plan.downhill is hill
        charges.charge(state, a, b, ChargeResponse.HOLD)
        contact = next(e for e in log if e.kind == "contact")
        assert contact.data["downhill"] is hill and contact.data["impetus"]
        bonus[hill] = _fighter(state, a, b).bonus
    assert bonus == {True: 2, False: 1}  # impetus, and downhill
