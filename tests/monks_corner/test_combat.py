"""Missiles, melee, contact moves (Monk's Corner, Missiles 1-3; Melee 1-5; Sequence 5;
Phalanxes 3)."""

from __future__ import annotations

import pytest

import ancients
from ancients.battle import Decision, Phase
from ancients.errors import OptionError
from ancients.monks_corner.battle import MonksCornerBattle
from ancients.monks_corner.melee import (
    Strike,
    charge_plans,
    execute_charge,
    figures_in_contact,
    melee_dice,
    opponents,
    resolve_melees,
)
from ancients.monks_corner.missiles import Shoot, roll_volley, shooters, targets, volley
from ancients.monks_corner.sequence import exchange, game_turn, melee, shooting
from ancients.monks_corner.troops import Missile

from .helpers import FixedDice, battle, phalanx, place, u, unit


# -- missiles -------------------------------------------------------------------------------
def test_ranges_javelins_6_bows_and_slings_18() -> None:
    # Missiles 2
    b = battle([unit("j", "south", "light infantry", 6, 30, 10, missile="javelin"),
                unit("s", "south", "light infantry", 6, 42, 10, missile="sling"),
                phalanx("near", "north", 30, 15.5), phalanx("far", "north", 42, 27.5)])
    assert [t.id for t in targets(b.state, u(b, "j"))] == ["near"]
    assert {t.id for t in targets(b.state, u(b, "s"))} == {"near", "far"}
    place(b, "far", y=28.5)
    assert {t.id for t in targets(b.state, u(b, "s"))} == {"near"}
    place(b, "near", y=16.0)  # 6" edge to edge: in javelin range
    assert [t.id for t in targets(b.state, u(b, "j"))] == ["near"]
    place(b, "near", y=16.5)  # 6.5": out of it
    assert targets(b.state, u(b, "j")) == []


def test_a_clear_shot_needs_the_target_ahead_and_no_unit_or_woods_between() -> None:
    # Missiles 3 "with a clear shot" (see the docs' readings)
    units = [unit("s", "south", "light infantry", 4, 30, 10, missile="sling"),
             unit("m", "south", "medium infantry", 4, 60, 5),
             unit("t", "north", "light infantry", 4, 30, 20, facing=180.0, missile="sling")]
    b = battle(units)
    assert [t.id for t in targets(b.state, u(b, "s"))] == ["t"]
    place(b, "s", facing=180.0)  # facing away
    assert targets(b.state, u(b, "s")) == []
    place(b, "s", facing=0.0)
    place(b, "m", x=30.0, y=15.0)  # a friend in the way
    assert targets(b.state, u(b, "s")) == []
    woods = [{"kind": "woods", "polygon": [[25, 14], [35, 14], [35, 16], [25, 16]]}]
    b = battle(units, terrain=woods)
    assert targets(b.state, u(b, "s")) == []


def _tie_with_a_melee(spec: str) -> MonksCornerBattle:
    """A battle whose first toss is a tie, two phalanxes already fighting front to front."""
    b = battle([phalanx("p", "south", 36, 10), phalanx("q", "north", 36, 10)], spec=spec)
    b.state.dice = FixedDice([3, 3] + [6] * 40)  # type: ignore[assignment]
    return b


def test_a_tied_toss_fights_the_melees_already_joined() -> None:
    # Sequence 1 bars movement only: p and q, already in contact, fight after the
    # (empty) missile exchange
    b = _tie_with_a_melee("monks_corner")
    steps = game_turn(b.state)
    phases = [item.name for item in steps if isinstance(item, Phase)]
    assert phases == ["toss", "missile exchange", "melee"]
    assert u(b, "p").figures < 18 and u(b, "q").figures < 18


def test_tie_melees_false_pauses_the_melees_on_a_tie() -> None:
    b = _tie_with_a_melee("monks_corner(tie_melees=false)")
    phases = [item.name for item in game_turn(b.state) if isinstance(item, Phase)]
    assert phases == ["toss", "missile exchange"]
    assert u(b, "p").figures == 18 and u(b, "q").figures == 18


def test_a_tied_toss_exchanges_missiles_simultaneously() -> None:
    # Sequence 1: the hits of both sides land together: a unit shot down by the first side
    # still shoots back (z's odd figure, hitting on 6)
    b = battle([unit("a", "south", "light infantry", 2, 30, 10, missile="sling"),
                unit("z", "north", "light infantry", 1, 30, 20, facing=180.0,
                     missile="sling")])
    b.state.dice = FixedDice([6, 6])  # type: ignore[assignment]
    steps = exchange(b.state)
    shots = []
    try:
        decision = next(steps)
        while True:
            assert isinstance(decision, Decision)
            shots.append(decision.unit)
            decision = steps.send(decision.options[0])
    except StopIteration:
        pass
    assert shots == ["a", "z"]
    assert u(b, "a").figures == 1 and not u(b, "z").on_table


def test_no_missiles_at_units_in_melee() -> None:
    # Missiles 1: "units in melee cannot be shot at by either side"
    b = battle([unit("j", "south", "light infantry", 6, 30, 10, missile="javelin"),
                phalanx("q", "north", 30, 14), phalanx("p", "south", 40, 10)])
    assert targets(b.state, u(b, "j"))
    place(b, "p", x=30.0, y=14.0)  # p now fights q (touching its front) ...
    place(b, "p", x=27.0)
    assert b.state.in_melee(u(b, "q")) and not targets(b.state, u(b, "j"))


def _shooter_in_melee(spec: str) -> MonksCornerBattle:
    # j (javelins) fights m front to front (m off to j's left, clear of the sight line);
    # the phalanx q stands 4" off, in range
    return battle([unit("j", "south", "light infantry", 6, 30, 10, missile="javelin"),
                   unit("m", "north", "medium infantry", 4, 28, 10, facing=180.0),
                   phalanx("q", "north", 36, 14, facing=180.0)], spec=spec)


def test_units_in_melee_may_shoot_at_enemies_not_in_melee() -> None:
    # Missiles 1 protects only the target (shoot_from_melee=true, the default)
    b = _shooter_in_melee("monks_corner")
    j = u(b, "j")
    assert b.state.in_melee(j)
    assert shooters(b.state, "south", (j.missile,)) == [j]
    assert [t.id for t in targets(b.state, j)] == ["q"]  # not m, which is in melee


def test_shoot_from_melee_false_keeps_units_in_melee_from_shooting() -> None:
    b = _shooter_in_melee("monks_corner(shoot_from_melee=false)")
    assert shooters(b.state, "south", (u(b, "j").missile,)) == []


def test_missile_dice_one_per_two_figures_odd_figure_on_6() -> None:
    # Missiles 3
    b = battle([unit("j", "south", "light infantry", 7, 30, 10, missile="javelin"),
                phalanx("q", "north", 30, 14)])
    v = volley(b.state.rules, u(b, "j"), u(b, "q"))
    assert (v.dice, v.need, v.odd) == (3, 5, True)
    b.state.dice = FixedDice([5, 4, 6, 5])  # type: ignore[assignment]
    assert roll_volley(b.state, v, "test") == 2  # 5 and 6 hit, 4 misses; the odd figure's 5 misses
    b.state.dice = FixedDice([1, 1, 1, 6])  # type: ignore[assignment]
    assert roll_volley(b.state, v, "test") == 1


def test_shooting_into_rear_or_right_of_formed_phalanx_hits_on_4() -> None:
    b = battle([unit("j", "south", "light infantry", 6, 30, 20, missile="javelin",
                     facing=180.0), phalanx("q", "north", 30, 12)])
    # q faces south; the shooter stands north of it: its rear
    assert volley(b.state.rules, u(b, "j"), u(b, "q")).need == 4
    place(b, "j", x=24.0, y=13.0, facing=90.0)  # west: q's right flank
    assert volley(b.state.rules, u(b, "j"), u(b, "q")).need == 4
    place(b, "j", x=36.0, y=13.0, facing=270.0)  # east: its left flank
    assert volley(b.state.rules, u(b, "j"), u(b, "q")).need == 5
    u(b, "q").formed = False
    place(b, "j", x=30.0, y=20.0, facing=180.0)
    assert volley(b.state.rules, u(b, "j"), u(b, "q")).need == 5


# -- contact moves --------------------------------------------------------------------------
def test_contact_moves_6_inches_horse_12() -> None:
    # Sequence 5 / Melee 1
    b = battle([unit("h", "south", "horse", 3, 20, 10), unit("m", "south", "medium infantry",
                                                             4, 50, 10),
                unit("x", "north", "light infantry", 4, 20, 21.5, facing=180.0,
                     missile="javelin"),
                unit("y", "north", "light infantry", 4, 50, 16.0, facing=180.0,
                     missile="javelin")])
    assert [p.target.id for p in charge_plans(b.state, u(b, "h"))] == ["x"]
    assert [p.target.id for p in charge_plans(b.state, u(b, "m"))] == ["y"]
    place(b, "y", y=16.5)
    assert charge_plans(b.state, u(b, "m")) == []


def test_unformed_may_not_contact_phalanx_front_or_left_but_may_its_right_and_rear() -> None:
    b = battle([unit("h", "south", "horse", 3, 36, 14), phalanx("q", "north", 36, 20)])
    assert charge_plans(b.state, u(b, "h")) == []  # its front
    place(b, "h", x=44.0, y=21.0, facing=270.0)
    assert charge_plans(b.state, u(b, "h")) == []  # its left flank (east, facing south)
    place(b, "h", x=28.0, y=21.0, facing=90.0)
    (plan,) = charge_plans(b.state, u(b, "h"))
    assert plan.aspect.value == "right"
    execute_charge(b.state, u(b, "h"), plan)
    assert u(b, "q").unformed  # Phalanxes 3: attacked in flank, it loses formation
    b = battle([unit("h", "south", "horse", 3, 36, 26, facing=180.0),
                phalanx("q", "north", 36, 20)])
    (plan,) = charge_plans(b.state, u(b, "h"))
    assert plan.aspect.value == "rear" and not u(b, "q").unformed
    execute_charge(b.state, u(b, "h"), plan)
    assert u(b, "q").unformed  # ... and in the rear


def test_a_phalanx_charging_a_phalanx_in_flank_unforms_it_not_in_front() -> None:
    # Phalanxes 3: q faces east, its right flank 2" ahead of p's front
    b = battle([phalanx("p", "south", 36, 10), phalanx("q", "north", 38, 14.25, facing=90.0)])
    (plan,) = charge_plans(b.state, u(b, "p"))
    assert plan.aspect.value == "right" and plan.gap == pytest.approx(2.0)
    execute_charge(b.state, u(b, "p"), plan)
    assert b.state.in_melee(u(b, "q")) and u(b, "q").unformed and not u(b, "p").unformed
    b = battle([phalanx("p", "south", 36, 10), phalanx("q", "north", 36, 12)])
    (plan,) = charge_plans(b.state, u(b, "p"))
    execute_charge(b.state, u(b, "p"), plan)
    assert plan.aspect.value == "front" and not u(b, "q").unformed


def test_phalanx_charging_horse_rolls_1d6_and_option_reading() -> None:
    for spec, face, unformed in (("monks_corner", 5, True), ("monks_corner", 4, False),
                                 ("monks_corner(charge_horse_unformed=false)", 5, False),
                                 ("monks_corner(charge_horse_unformed=false)", 6, False),
                                 ("monks_corner(charge_horse_unformed=false)", 4, True)):
        b = battle([phalanx("p", "south", 36, 10), unit("h", "north", "horse", 3, 36, 13,
                                                        facing=180.0)], spec=spec)
        (plan,) = charge_plans(b.state, u(b, "p"))
        assert plan.die and plan.against_horse and plan.gap == pytest.approx(3.0)
        b.state.dice = FixedDice([face, 1, 1])  # type: ignore[assignment]
        execute_charge(b.state, u(b, "p"), plan)
        assert u(b, "p").unformed is unformed, (spec, face)
    b = battle([phalanx("p", "south", 36, 10), unit("h", "north", "horse", 3, 36, 15,
                                                    facing=180.0)])
    (plan,) = charge_plans(b.state, u(b, "p"))
    b.state.dice = FixedDice([2])  # type: ignore[assignment]
    execute_charge(b.state, u(b, "p"), plan)
    assert not b.state.in_melee(u(b, "p")) and u(b, "p").block.y == pytest.approx(12.0, abs=0.1)


def test_contact_through_rough_rolls_1d6() -> None:
    rough = [{"kind": "rough", "polygon": [[30, 11], [42, 11], [42, 13], [30, 13]]}]
    b = battle([phalanx("p", "south", 36, 10), phalanx("q", "north", 36, 14)], terrain=rough)
    (plan,) = charge_plans(b.state, u(b, "p"))
    assert plan.die and plan.rough
    b.state.dice = FixedDice([6, *([1] * 40)])  # type: ignore[assignment]
    execute_charge(b.state, u(b, "p"), plan)
    assert b.state.in_melee(u(b, "p")) and u(b, "p").unformed


def test_phalanx_pushes_unformed_troops_back_its_full_move() -> None:
    # Melee 2
    b = battle([phalanx("p", "south", 36, 10),
                unit("m", "north", "medium infantry", 6, 36, 12, ranks=2, facing=180.0)])
    (plan,) = charge_plans(b.state, u(b, "p"))
    execute_charge(b.state, u(b, "p"), plan)
    assert u(b, "m").block.y == pytest.approx(16.0)  # 2" to contact, pushed the other 4"
    assert u(b, "p").block.y == pytest.approx(16.0) and b.state.in_melee(u(b, "m"))
    # a phalanx that has lost formation counts as unformed troops: it pushes no one back
    b = battle([phalanx("p", "south", 36, 10),
                unit("m", "north", "medium infantry", 6, 36, 12, ranks=2, facing=180.0)])
    u(b, "p").formed = False
    (plan,) = charge_plans(b.state, u(b, "p"))
    execute_charge(b.state, u(b, "p"), plan)
    assert u(b, "m").block.y == pytest.approx(12.0) and b.state.in_melee(u(b, "m"))


def test_defensive_volley_before_melee() -> None:
    # Melee 3
    b = battle([phalanx("p", "south", 36, 10),
                unit("j", "north", "light infantry", 6, 36, 12, facing=180.0,
                     missile="javelin")])
    (plan,) = charge_plans(b.state, u(b, "p"))
    b.state.dice = FixedDice([6, 6, 6])  # type: ignore[assignment]
    execute_charge(b.state, u(b, "p"), plan)
    assert u(b, "p").figures == 15
    assert any(e.kind == "casualties" and "defensive volley" in e.message for e in b.log)
    # shoot_from_melee=false: a unit already in melee (m at its rear) does not shoot, so
    # it throws no volley either
    b = _volley_from_melee("monks_corner(shoot_from_melee=false)")
    (plan,) = charge_plans(b.state, u(b, "p"))
    b.state.dice = FixedDice([])  # type: ignore[assignment]  # fake dice: no die may be rolled
    execute_charge(b.state, u(b, "p"), plan)
    assert u(b, "p").figures == 18 and b.state.in_melee(u(b, "p"))


def _volley_from_melee(spec: str) -> MonksCornerBattle:
    # j (javelins) is in melee with m at its rear; the phalanx p may charge its front
    b = battle([phalanx("p", "south", 36, 10),
                unit("j", "north", "light infantry", 6, 36, 12, facing=180.0,
                     missile="javelin"),
                unit("m", "south", "medium infantry", 6, 36, 12.75, facing=180.0)],
               spec=spec)
    assert b.state.in_melee(u(b, "j"))
    return b


def test_a_unit_in_melee_that_may_shoot_throws_the_defensive_volley() -> None:
    # Melee 3 "missile armed troops release a defensive volley" sets no condition;
    # shoot_from_melee=true (the default) lets a unit in melee shoot (Missiles 1
    # protects only the target, and a charger is never protected from Melee 3's volley),
    # so it throws the defensive volley at a charger too
    b = _volley_from_melee("monks_corner")
    (plan,) = charge_plans(b.state, u(b, "p"))
    b.state.dice = FixedDice([6, 6, 6])  # type: ignore[assignment]
    execute_charge(b.state, u(b, "p"), plan)
    assert u(b, "p").figures == 15
    assert any(e.kind == "casualties" and "defensive volley" in e.message for e in b.log)


@pytest.mark.parametrize("spec", ["monks_corner", "monks_corner(shoot_from_melee=false)"])
def test_one_defensive_volley_a_contact_phase(spec: str) -> None:
    # Melee 3: "a defensive volley before melee is resolved": one, at the first unit to
    # make contact; a second charger in the same phase meets none
    b = battle([unit("m", "south", "medium infantry", 6, 36, 9, facing=0.0),
                unit("h", "south", "horse", 4, 44, 12.75, facing=270.0),
                unit("j", "north", "light infantry", 6, 36, 12, facing=180.0,
                     missile="javelin")], spec=spec)
    (plan,) = charge_plans(b.state, u(b, "m"))
    b.state.dice = FixedDice([6, 6, 6])  # type: ignore[assignment]
    execute_charge(b.state, u(b, "m"), plan)
    assert u(b, "m").figures == 3
    plans = [p for p in charge_plans(b.state, u(b, "h")) if p.target.id == "j"]
    assert plans
    b.state.dice = FixedDice([6] * 6)  # type: ignore[assignment]  # a volley would hit
    execute_charge(b.state, u(b, "h"), plans[0])
    assert u(b, "h").figures == 4
    assert sum("defensive volley" in e.message for e in b.log if e.kind == "casualties") == 1


# -- melee dice -------------------------------------------------------------------------------
def _front_to_front(p_fig: int = 18, p_ranks: int = 3, q_fig: int = 18, q_ranks: int = 3,
                    qx: float = 36.0) -> MonksCornerBattle:
    return battle([phalanx("p", "south", 36, 10, p_fig, p_ranks),
                   phalanx("q", "north", qx, 10, q_fig, q_ranks)])


def test_one_die_per_figure_in_contact() -> None:
    b = _front_to_front()
    assert figures_in_contact(u(b, "p"), u(b, "q")) == 6
    assert melee_dice(b.state.rules, u(b, "p"), u(b, "q")) == (6, 5)


def test_two_dice_per_rank_deeper_half_rank_counts() -> None:
    b = _front_to_front(18, 3, 18, 2, qx=36.0)  # q: 2 ranks of 9, p: 3 of 6
    p, q = u(b, "p"), u(b, "q")
    assert melee_dice(b.state.rules, p, q)[0] == 6 + 2
    p.remove(3)  # half of the rear rank left: still counts
    assert melee_dice(b.state.rules, p, q)[0] == 6 + 2
    p.remove(1)  # less than half: no longer
    assert melee_dice(b.state.rules, p, q)[0] == 6
    # the same holds for the enemy's rear rank
    b = _front_to_front()
    p, q = u(b, "p"), u(b, "q")
    assert melee_dice(b.state.rules, p, q)[0] == 6
    q.remove(3)
    assert melee_dice(b.state.rules, p, q)[0] == 6
    q.remove(1)
    assert melee_dice(b.state.rules, p, q)[0] == 6 + 2


def test_overlapping_flanks_add_a_figure_each() -> None:
    b = _front_to_front(18, 2, 12, 3)  # p 9 wide against q 4 wide: overlaps both flanks
    p, q = u(b, "p"), u(b, "q")
    assert figures_in_contact(p, q) == 4
    assert melee_dice(b.state.rules, p, q)[0] == 4 + 1 + 1
    assert melee_dice(b.state.rules, q, p)[0] == 4 + 2  # one rank deeper


def test_doubling_horse_against_foot_and_phalanx_against_unformed() -> None:
    b = battle([unit("h", "south", "horse", 3, 36, 10),
                unit("l", "north", "light infantry", 3, 36, 10, facing=180.0,
                     missile="javelin")])
    assert melee_dice(b.state.rules, u(b, "h"), u(b, "l")) == (6, 4)  # doubled, 4-6 against light
    assert melee_dice(b.state.rules, u(b, "l"), u(b, "h")) == (3, 5)
    b = _front_to_front()
    u(b, "q").formed = False
    dice, _ = melee_dice(b.state.rules, u(b, "p"), u(b, "q"))
    assert dice == 2 * (6 + 2 * (3 - 3))
    # unformed: figures in contact only
    assert melee_dice(b.state.rules, u(b, "q"), u(b, "p"))[0] == 6


def test_melees_resolve_simultaneously_and_morale_follows() -> None:
    b = _front_to_front()
    b.state.dice = FixedDice([6] * 6 + [6] * 6)  # type: ignore[assignment]
    assert resolve_melees(b.state)
    assert u(b, "p").figures == 12 and u(b, "q").figures == 12
    # Melee 5 / Morale 3: both lost a complete rear rank: each tests against 2 ranks
    from ancients.monks_corner.morale import check_morale

    b.state.dice = FixedDice([2, 3])  # type: ignore[assignment]
    assert list(check_morale(b.state)) == []  # nothing to decide
    assert u(b, "p").on_table and not u(b, "q").on_table


def _phalanx_with_enemy_on_its_flank(spec: str) -> MonksCornerBattle:
    # p fights q front to front; medium infantry h touches p's left flank
    return battle([phalanx("p", "south", 36, 10, 18, 3), phalanx("q", "north", 36, 10, 18, 2),
                   unit("h", "north", "medium infantry", 4, 33.75, 8.5, 2, facing=90.0)],
                  spec=spec)


def test_a_unit_strikes_the_enemy_at_its_front_by_default() -> None:
    # Melee 4, default reading: one opponent, the one at the front
    b = _phalanx_with_enemy_on_its_flank("monks_corner")
    p, q, h = u(b, "p"), u(b, "q"), u(b, "h")
    st = b.state
    assert opponents(st, p) == [q] and opponents(st, h) == [p] and opponents(st, q) == [p]
    b.state.dice = FixedDice([6] * 18)  # type: ignore[assignment]
    resolve_melees(b.state)
    # p: 6 in contact + 2 for the deeper rank at q; q: 6 + 2 overlaps at p; h: 2 at p
    assert (p.figures, q.figures, h.figures) == (18 - 8 - 2, 18 - 8, 4)


def test_melee_opponents_contact_strikes_every_enemy_touched() -> None:
    # Melee 4, melee_opponents=contact: every enemy in contact, bonuses at the main one
    b = _phalanx_with_enemy_on_its_flank("monks_corner(melee_opponents=contact)")
    p, q, h = u(b, "p"), u(b, "q"), u(b, "h")
    assert opponents(b.state, p) == [q, h]
    # as a main opponent: the rank bonus too
    assert melee_dice(b.state.rules, p, h) == (2 * (2 + 2 * 1), 5)
    assert melee_dice(b.state.rules, p, h, main=False) == (2 * 2, 5)  # 2 figures touch h, doubled
    b.state.dice = FixedDice([6] * 22)  # type: ignore[assignment]
    resolve_melees(b.state)
    assert (p.figures, q.figures, h.figures) == (18 - 8 - 2, 18 - 8, 0)


def test_melee_opponents_choose_asks_the_side_of_a_unit_touching_several_enemies() -> None:
    # Melee 4, melee_opponents=choose: p touches q (front) and h (left flank); its side
    # chooses; h and q touch only p and are not asked
    b = _phalanx_with_enemy_on_its_flank("monks_corner(melee_opponents=choose)")
    p, q, h = u(b, "p"), u(b, "q"), u(b, "h")
    steps = melee(b.state, "north")
    asked = next(steps)
    assert isinstance(asked, Decision)
    assert (asked.side, asked.kind, asked.unit) == ("south", "strike", "p")
    assert asked.options == (Strike("q"), Strike("h"))
    assert [str(o) for o in asked.options] == ["strike q", "strike h"]
    b.state.dice = FixedDice([6] * 18)  # type: ignore[assignment]
    with pytest.raises(StopIteration):
        steps.send(Strike("h"))
    # p strikes h as its main opponent: 2 figures + 2 for the deeper rank, doubled
    # against unformed troops (8); q strikes p with 6 + 2 overlaps, h with 2
    assert (p.figures, q.figures, h.figures) == (18 - 8 - 2, 18, 0)


def test_melee_opponents_choose_asks_nothing_of_a_single_contact() -> None:
    b = battle([phalanx("p", "south", 36, 10, 18, 3), phalanx("q", "north", 36, 10, 18, 3)],
               spec="monks_corner(melee_opponents=choose)")
    b.state.dice = FixedDice([1] * 12)  # type: ignore[assignment]
    assert list(melee(b.state, "south")) == []


def test_melee_opponents_option_is_validated() -> None:
    with pytest.raises(OptionError, match="front, choose, contact"):
        ancients.ruleset("monks_corner(melee_opponents=split)")


@pytest.mark.parametrize("order", [("a", "b"), ("b", "a")])
def test_a_unit_strikes_the_enemy_its_front_touches_most_whatever_the_file_order(
        order: tuple[str, str]) -> None:
    # Melee 4, default reading: p's front touches a along 2 files and b along 3; it
    # strikes b, wherever the scenario file lists them
    foes = {"a": unit("a", "north", "light infantry", 4, 33.75, 10, facing=180.0),
            "b": unit("b", "north", "medium infantry", 4, 37.5, 10, facing=180.0)}
    b = battle([phalanx("p", "south", 36, 10, 18, 3), *(foes[k] for k in order)])
    p = u(b, "p")
    assert {f.id for f in b.state.contacts(p)} == {"a", "b"}
    assert figures_in_contact(p, u(b, "a")) == 2 and figures_in_contact(p, u(b, "b")) == 3
    assert opponents(b.state, p) == [u(b, "b")]


# -- event messages -----------------------------------------------------------------------------
def test_event_messages_read_for_plural_names() -> None:
    # "Name: what happened", needing no verb to agree with the name; counts agree
    b = battle([unit("s", "south", "light infantry", 2, 30, 10, missile="sling",
                     name="Helot psiloi"),
                unit("t", "north", "light infantry", 1, 30, 20, facing=180.0,
                     missile="sling", name="Argive slingers")])
    b.state.dice = FixedDice([6])  # type: ignore[assignment]
    steps = shooting(b.state, "south", (Missile.SLING,))
    next(steps)
    with pytest.raises(StopIteration):
        steps.send(Shoot("t"))
    assert [e.message for e in b.log][-3:] == [
        "Helot psiloi: shoot at Argive slingers: 1 hit",
        "Argive slingers: 1 figure lost to missiles from Helot psiloi",
        "Argive slingers: destroyed"]
    b = _front_to_front()
    b.state.dice = FixedDice([6] * 12)  # type: ignore[assignment]
    resolve_melees(b.state)
    assert [e.message for e in b.log][-4:] == [
        "p: strike q: 6 dice, 6 hits", "q: strike p: 6 dice, 6 hits",
        "q: 6 figures lost to melee with p", "p: 6 figures lost to melee with q"]


@pytest.mark.parametrize(("spec", "scenario", "seed", "doctrine"), [
    ("monks_corner", "mantinea-418bc", 0, True), ("monks_corner", "mantinea-418bc", 1, False),
    ("monks_corner(melee_opponents=choose)", "phalanx-duel", 2, False)])
def test_every_unit_event_message_starts_with_the_units_name(spec: str, scenario: str,
                                                             seed: int, doctrine: bool) -> None:
    import re

    from ancients.battle import RandomCommander

    rs = ancients.ruleset(spec)
    sides = rs.scenario(scenario).sides
    b = rs.new_battle(scenario, seed=seed, commanders=None if doctrine else
                      {s: RandomCommander() for s in sides})
    assert isinstance(b, MonksCornerBattle)
    b.run()
    names = {p.id: p.name for p in b.state.pieces}
    for e in b.log:
        assert "(s)" not in e.message, e.message
        assert not re.search(r"\b1 (hits|figures|dice|ranks)\b", e.message), e.message
        assert not re.search(r"\b(0|[2-9]|\d\d+) (hit|figure|die|rank)\b", e.message), e.message
        if e.units and e.kind != "toss":
            assert e.message.startswith(names[e.units[0]] + ": "), e.message
