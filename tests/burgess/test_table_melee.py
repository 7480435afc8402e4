"""Hand to hand on the table: every melee's round (Hand to hand 1, A, B, II A), the
difference rule shared among a side's units, and the special fights of elephants,
chariots and war engines (Elephants 3-5, 7; Chariots & Cavalry 1-3)."""

from __future__ import annotations

from fractions import Fraction

from ancients.burgess.fighting import Side, fight_round, melees, side_losses
from ancients.burgess.melee import fighter, losses
from ancients.units import Condition

from .helpers import Loaded, cavalry, entry, foot, staged


def test_a_round_follows_the_difference_rule() -> None:
    # 12 partial armour in 2 ranks (24 points: 5 dice) against 8 full armour in 2 ranks
    # (24 points: 5 dice); the south rolls 5 sixes, the north 5 ones
    state, log = staged([foot("a", "south", 30, 10, figures=12, ranks=2),
                         foot("b", "north", 30, 10, figures=8, ranks=2,
                              armour="full armour infantry")],
                        dice=Loaded([6] * 5 + [1] * 5, then=1))
    a, b = state.by_id["a"], state.by_id["b"]
    fa, fb = fighter(a.unit), fighter(b.unit)
    fight_round(state)
    melee = next(e for e in log if e.kind == "melee")
    assert melee.data["scores"] == [30, 5] and melee.data["dice"] == [5, 5]
    # the loser loses the difference (25 points: 8 figures of 3), the winner half (12)
    assert (melee.data["lost"][0][0], melee.data["lost"][1][0]) == losses(30, 5, fa, fb)
    assert melee.data["lost"] == [[6], [8]]
    assert b.condition is Condition.ELIMINATED and a.figures == 6
    assert a.melee_rounds == 0  # nobody left to fight


def test_a_tie_costs_each_side_its_figure() -> None:
    state, log = staged([foot("a", "south", 30, 10), foot("b", "north", 30, 10)],
                        dice=Loaded([3] * 10, then=1))
    fight_round(state)
    assert next(e for e in log if e.kind == "melee").data["lost"] == [[1], [1]]
    assert state.by_id["a"].melee_rounds == 1


def test_reinforcements_add_their_points_and_share_the_losses() -> None:
    # two units of 12 against one: 48 points, 10 dice, against 24 points, 5 dice
    state, log = staged([foot("a", "south", 27, 10, figures=8), foot("c", "south", 33, 10,
                                                                     figures=8),
                         foot("b", "north", 30, 10, figures=16)],
                        dice=Loaded([1] * 3 + [6] * 7, then=1))
    fight_round(state)
    melee = next(e for e in log if e.kind == "melee")
    assert melee.data["sides"] == [["a", "c"], ["b"]]
    assert melee.data["points"] == [32, 32] and melee.data["dice"] == [6, 6]


def test_side_losses_share_the_points_by_what_each_brought() -> None:
    state, _ = staged([foot("a", "south", 27, 10, figures=8),
                       foot("c", "south", 40, 10, figures=4, armour="full armour infantry"),
                       foot("b", "north", 60, 30)])
    fa, fc = fighter(state.by_id["a"].unit), fighter(state.by_id["c"].unit)
    side = Side((state.by_id["a"], state.by_id["c"]), (fa, fc))
    assert side.points == 16 + 12
    assert side_losses(Fraction(14), side, 1) == [4, 2]  # 8 points at 2, 6 at 3
    assert side_losses(Fraction(0), side, 1) == [1, 0]  # the minimum from the bigger
    one = Side((state.by_id["a"],), (fa,))
    for lost in range(0, 40):
        # one unit: the phase-1 rule, exactly
        assert side_losses(Fraction(lost), one, 1)[0] == losses(0, lost, fa, fa)[0]


def test_an_elephant_against_infantry_each_round() -> None:
    # a volley group per die: 5/6 kills the elephant, at the cost of a figure
    state, _ = staged([entry("e", "south", "elephants", 1, 30, 10),
                       foot("i", "north", 30, 10, figures=6, ranks=2)],
                      dice=Loaded([1, 5], then=1))
    fight_round(state)
    assert state.by_id["e"].condition is Condition.ELIMINATED
    assert state.by_id["i"].figures == 5
    # it survives: a die, a figure a point
    state, _ = staged([entry("e", "south", "elephants", 1, 30, 10),
                       foot("i", "north", 30, 10, figures=6, ranks=2)],
                      dice=Loaded([1, 1, 4], then=1))
    fight_round(state)
    assert state.by_id["e"].on_table and state.by_id["i"].figures == 2


def test_chariots_fight_by_groups_and_lose_their_combatants() -> None:
    state, log = staged([entry("c", "south", "chariots", 2, 30, 10,
                               armour="unarmoured cavalry"),
                         foot("i", "north", 30, 10, figures=6, ranks=2,
                              armour="unarmoured infantry")],
                        dice=Loaded([6, 1, 1, 6], then=1))
    fight_round(state)  # chariot 1 wins (6 v 1): a figure; chariot 2 loses (1 v 6)
    event = next(e for e in log if e.kind == "chariot fight")
    assert event.data["won"] == 1 and event.data["lost"] == 1
    assert state.by_id["i"].figures == 5 and state.by_id["c"].figures == 1


def test_a_war_engine_caught_by_troops_is_taken() -> None:
    state, _ = staged([entry("e", "south", "LT war engine", 1, 30, 10),
                       cavalry("h", "north", 30, 10)])
    fight_round(state)
    assert state.by_id["e"].condition is Condition.CAPTURED
    assert state.by_id["h"].figures == 6


def test_impetus_counts_in_the_first_round_only() -> None:
    state, log = staged([foot("a", "south", 30, 10), foot("b", "north", 30, 10)],
                        dice=Loaded([3] * 10, then=3))
    state.by_id["a"].impetus = True
    fight_round(state)
    first = next(e for e in log if e.kind == "melee")
    assert first.data["bonus"] == [1, 0]
    fight_round(state)
    second = [e for e in log if e.kind == "melee"][1]
    assert second.data["bonus"] == [0, 0]
    assert len(melees(state)) == 1


def test_cover_in_melee_for_the_unit_behind_a_wall_not_its_attacker() -> None:
    state, log = staged([foot("a", "south", 30, 10), foot("b", "north", 30, 10)],
                        lines=[{"kind": "wall", "id": "w", "points": [[20, 10.5], [40, 10.5]]}],
                        dice=Loaded([3] * 10, then=3))
    state.by_id["a"].attacker = True  # a charged b, which lines the wall
    fight_round(state)
    melee = next(e for e in log if e.kind == "melee")
    assert melee.data["bonus"] == [0, 1]  # Hand to hand B: behind a wall +1


def test_troops_in_a_building_fight_with_2_more() -> None:
    house = {"id": "house", "defence": "small building",
             "polygon": [[26, 10], [34, 10], [34, 14], [26, 14]]}
    state, log = staged([foot("a", "south", 30, 10), foot("b", "north", 30, 10)],
                        buildings=[house], dice=Loaded([3] * 10, then=3))
    state.by_id["a"].attacker = True
    fight_round(state)
    assert next(e for e in log if e.kind == "melee").data["bonus"] == [0, 2]


def test_an_elephant_against_cavalry_and_against_an_elephant() -> None:
    # Elephants 5: an even throw; the cavalry lose: 1/3/6 each to survive, then rout
    state, log = staged([entry("e", "south", "elephants", 1, 30, 10),
                         cavalry("c", "north", 30, 10, figures=6)],
                        dice=Loaded([6, 1, 2, 2, 2, 2], then=1))
    fight_round(state)
    event = next(e for e in log if e.kind == "elephant fight")
    assert event.data["result"] == "won" and event.data["lost"] == 4
    assert state.by_id["c"].running and state.by_id["c"].figures == 2
    # Elephants 4: the loser rolls on the table: a 1 kills it
    state, log = staged([entry("e", "south", "elephants", 1, 30, 10),
                         entry("f", "north", "elephants", 1, 30, 10)],
                        dice=Loaded([2, 5, 1]))
    fight_round(state)
    assert state.by_id["e"].condition is Condition.ELIMINATED and state.by_id["f"].on_table


def test_chariots_against_chariots_an_even_match_a_pair() -> None:
    state, log = staged([entry("a", "south", "chariots", 2, 30, 10, armour="mailed cavalry"),
                         entry("b", "north", "chariots", 3, 30, 10,
                               armour="mailed cavalry")], dice=Loaded([6, 1, 1, 6], then=1))
    fight_round(state)
    event = next(e for e in log if e.kind == "chariot fight")
    assert event.data["won"] == 1 and event.data["lost"] == 1  # two pairs: one each
    assert state.by_id["a"].figures == 1 and state.by_id["b"].figures == 2


def test_chariots_against_cavalry_and_an_elephant_against_chariots() -> None:
    # Chariots & Cavalry 2: each chariot fights two cavalry figures (4 points: 1 die)
    state, log = staged([entry("c", "south", "chariots", 2, 30, 10,
                               armour="unarmoured cavalry"),
                         cavalry("h", "north", 30, 10, figures=6)],
                        dice=Loaded([6, 1, 6, 2], then=1))
    fight_round(state)
    event = next(e for e in log if e.kind == "chariot fight")
    assert event.data["chariots"] == 2 and event.data["won"] == 2
    assert state.by_id["h"].figures == 4
    # Elephants 7: the cavalry chart; the chariot losing rolls 1/3/6 as a figure does
    state, log = staged([entry("e", "south", "elephants", 1, 30, 10),
                         entry("c", "north", "chariots", 2, 30, 10,
                               armour="unarmoured cavalry")], dice=Loaded([6, 1, 2], then=1))
    fight_round(state)
    event = next(e for e in log if e.kind == "elephant fight")
    assert event.data["result"] == "won" and event.data["lost"] == 1
    assert state.by_id["c"].figures == 1 and state.by_id["c"].running
