"""Phalanxes 2-4, Morale 1-3, the sequence of play and the end of battle."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

import ancients
from ancients.battle import Phase, RandomCommander
from ancients.monks_corner import MonksCornerBattle
from ancients.monks_corner.decisions import Kind
from ancients.monks_corner.invariants import invariants
from ancients.monks_corner.missiles import Shoot
from ancients.monks_corner.morale import ONE_RANK, TWO_RANKS, check_morale, check_unit
from ancients.monks_corner.movement import movable
from ancients.monks_corner.phalanx import Ranks, attempt_reform, can_attempt_reform, unform
from ancients.monks_corner.render import rear_rank_slots
from ancients.monks_corner.sequence import END, phasing_turn
from ancients.monks_corner.troops import Unit
from ancients.monks_corner.victory import army_withdraws, out_of_action, score, verdict
from ancients.units import Condition

from .helpers import FixedDice, battle, document, phalanx, place, ruleset, u, unit


def test_casualties_come_off_the_rear_rank_from_the_centre_rightwards() -> None:
    # Phalanxes 2
    b = battle([phalanx("p", "south", 36, 10), phalanx("q", "north", 36, 30)])
    p = u(b, "p")
    p.remove(2)
    assert (p.ranks, p.rear, p.figures) == (3, 4, 16)
    assert rear_rank_slots(6, 4) == [0, 1, 2, 5]  # centre (3) and its right (4) gone
    assert rear_rank_slots(6, 1) == [0]
    assert rear_rank_slots(6, 2, centred=True) == [2, 3]  # Morale 2: centred
    p.remove(4)
    assert (p.ranks, p.rear, p.block.ranks) == (2, 6, 2)


def test_reform_out_of_melee_on_4_to_6_and_failure_is_for_good() -> None:
    # Phalanxes 3
    b = battle([phalanx("p", "south", 36, 10), phalanx("q", "north", 36, 30)])
    p = u(b, "p")
    p.formed = False
    assert can_attempt_reform(b.state, p)
    b.state.dice = FixedDice([4])  # type: ignore[assignment]
    assert attempt_reform(b.state, p) and p.formed and p.reformed_turn == b.turn
    p.formed = False
    b.state.dice = FixedDice([3])  # type: ignore[assignment]
    assert not attempt_reform(b.state, p)
    assert p.reform_failed and not can_attempt_reform(b.state, p)


def test_spartans_reform_in_melee_and_add_2_out_of_it() -> None:
    b = battle([phalanx("s", "south", 36, 10, spartan=True), phalanx("q", "north", 36, 10),
                phalanx("t", "south", 20, 10, spartan=True), phalanx("o", "south", 52, 10)])
    s, t, o = u(b, "s"), u(b, "t"), u(b, "o")
    for x in (s, t, o):
        x.formed = False
    assert b.state.in_melee(s) and can_attempt_reform(b.state, s)
    b.state.dice = FixedDice([2])  # type: ignore[assignment]
    assert attempt_reform(b.state, t)  # 2 + 2 out of melee
    b.state.dice = FixedDice([3])  # type: ignore[assignment]
    assert not attempt_reform(b.state, s)  # no +2 in melee
    assert s.melee_reform_failed and not can_attempt_reform(b.state, s)
    place(b, "s", y=2.0)
    assert not can_attempt_reform(b.state, s)  # never again after failing in melee


def test_only_spartans_may_try_to_reform_in_melee() -> None:
    # Phalanxes 3: "when no longer in melee it may attempt to reform"
    b = battle([phalanx("p", "south", 36, 10), phalanx("q", "north", 36, 10)])
    p = u(b, "p")
    p.formed = False
    assert b.state.in_melee(p) and not can_attempt_reform(b.state, p)
    place(b, "q", y=30.0)
    assert not b.state.in_melee(p) and can_attempt_reform(b.state, p)


def test_spartans_who_fail_out_of_melee_may_try_again() -> None:
    # Phalanxes 3: only a failure in melee ends a Spartan's attempts (spartan_retry=true,
    # the default: else the text's last clause would say nothing)
    b = battle([phalanx("s", "south", 36, 10, spartan=True), phalanx("q", "north", 36, 30)])
    s = u(b, "s")
    s.formed = False
    b.state.dice = FixedDice([1])  # type: ignore[assignment]
    assert not attempt_reform(b.state, s) and can_attempt_reform(b.state, s)
    assert not out_of_action(s)


def test_spartan_retry_false_leaves_a_failed_spartan_unformed_for_good() -> None:
    b = battle([phalanx("s", "south", 36, 10, spartan=True), phalanx("q", "north", 36, 30)],
               spec="monks_corner(spartan_retry=false)")
    s = u(b, "s")
    s.formed = False
    b.state.dice = FixedDice([1])  # type: ignore[assignment]
    assert not attempt_reform(b.state, s) and not can_attempt_reform(b.state, s)
    assert out_of_action(s)


def test_unformed_units_do_not_check_morale() -> None:
    # Morale 1
    b = battle([phalanx("p", "south", 36, 10), phalanx("q", "north", 36, 30)])
    p = u(b, "p")
    p.formed = False
    p.remove(6)
    b.state.dice = FixedDice([])  # type: ignore[assignment]  # fake dice: no die may be rolled
    check_unit(b.state, p)
    assert p.on_table


def test_over_half_the_rear_rank_lost_three_ranks_reorganise() -> None:
    # Morale 2
    b = battle([phalanx("p", "south", 36, 10), phalanx("q", "north", 36, 10)])
    p = u(b, "p")
    p.remove(3)
    check_unit(b.state, p)
    assert not u(b, "p").reorganising  # exactly half: not over half
    p.remove(1)
    check_unit(b.state, p)
    assert p.reorganising and not p.unformed  # even in melee
    # a complete rank and over half the next lost at once: the test, then reorganising
    b = battle([phalanx("p", "south", 36, 10), phalanx("q", "north", 36, 30)])
    p = u(b, "p")
    p.remove(10)
    b.state.dice = FixedDice([1])  # type: ignore[assignment]
    check_unit(b.state, p)
    assert (p.ranks, p.rear) == (2, 2) and p.reorganising
    unform(b.state, p, "attacked in the flank")  # unformed troops now: nothing to reorganise
    assert not p.reorganising


def test_a_reorganised_rear_rank_stays_centred() -> None:
    # Morale 2: the rear rank is centred to show it no longer counts in melee dice -- and
    # stays so once the turn spent reorganising is over
    b = battle([phalanx("p", "south", 36, 10), phalanx("q", "north", 36, 30)])
    p = u(b, "p")
    p.remove(4)
    check_unit(b.state, p)
    assert p.reorganising
    reorganising = b.to_svg()
    p.reorganising = False
    assert b.to_svg() == reorganising


def test_two_rank_phalanx_unforms_in_melee_else_two_even_ranks() -> None:
    b = battle([phalanx("p", "south", 36, 10, 18, 2), phalanx("q", "north", 36, 10),
                phalanx("r", "south", 10, 10, 18, 2)])
    p, r = u(b, "p"), u(b, "r")
    p.remove(5)
    check_unit(b.state, p)
    assert p.unformed
    r.remove(5)  # 13 left: 7 and 6
    check_unit(b.state, r)
    assert not r.unformed and (r.files, r.ranks, r.rear) == (7, 2, 6)
    assert r.block.files == 7
    # the re-forming is its turn spent not moving, like a deeper phalanx's reorganising
    assert r.reorganising and not movable(b.state, r)


def test_losing_a_rear_rank_tests_against_ranks_remaining_and_rout_unforms_friends() -> None:
    # Morale 3
    b = battle([phalanx("p", "south", 36, 10), phalanx("near", "south", 44, 10),
                phalanx("far", "south", 52, 10), phalanx("q", "north", 36, 30)])
    p = u(b, "p")
    p.remove(6)
    b.state.dice = FixedDice([2])  # type: ignore[assignment]
    check_unit(b.state, p)
    assert u(b, "p").on_table  # 2 is not higher than 2 ranks
    p.remove(6)
    b.state.dice = FixedDice([2])  # type: ignore[assignment]
    check_unit(b.state, p)
    assert not p.on_table and p.condition is Condition.LEFT_FIELD
    assert p.view().position is None
    assert u(b, "near").unformed and not u(b, "far").unformed


def test_a_broken_phalanx_routs_to_its_rear() -> None:
    # Morale 3: friends within 6" of the path to the rear lose formation, not those ahead
    b = battle([phalanx("p", "south", 36, 20), phalanx("behind", "south", 36, 9),
                phalanx("ahead", "south", 36, 30), phalanx("q", "north", 60, 44)])
    p = u(b, "p")
    assert p.block.distance(u(b, "behind").block) > 6.0
    assert p.block.distance(u(b, "ahead").block) > 6.0
    p.remove(6)
    b.state.dice = FixedDice([6])  # type: ignore[assignment]
    check_unit(b.state, p)
    assert not p.on_table
    assert u(b, "behind").unformed and not u(b, "ahead").unformed


def _one_rank_left(answer: Ranks) -> tuple[MonksCornerBattle, Unit]:
    """A two-rank phalanx out of melee cut to one rank of 5; its morale check, its side
    answering ``answer``."""
    b = battle([phalanx("p", "south", 36, 10, 12, 2), phalanx("q", "north", 36, 30)])
    p = u(b, "p")
    p.remove(7)  # 5 left in one rank
    b.state.dice = FixedDice([1])  # type: ignore[assignment]
    steps = check_morale(b.state, "south")
    decision = next(steps)
    assert decision.kind == Kind.RANKS and decision.unit == "p"
    assert decision.options == (TWO_RANKS, ONE_RANK)
    assert p.ranks == 1  # nothing happens before the side decides
    with pytest.raises(StopIteration):
        steps.send(answer)
    return b, p


def test_a_single_rank_out_of_melee_may_reform_two_deep_if_its_side_decides() -> None:
    # Morale 3: "it may reform in two even ranks": a decision of its side
    b, p = _one_rank_left(TWO_RANKS)
    assert (p.files, p.ranks, p.rear) == (3, 2, 2) and not p.unformed
    b, p = _one_rank_left(ONE_RANK)
    assert (p.files, p.ranks, p.rear) == (6, 1, 5) and not p.unformed
    assert any(e.kind == "one rank" for e in b.log)
    assert not list(invariants(b.state))  # a formed single rank is legal then


def test_a_single_rank_unforms_in_melee() -> None:
    for spec, formed in (("monks_corner", False),
                         ("monks_corner(single_rank_in_melee=true)", True)):
        b = battle([phalanx("p", "south", 36, 10, 12, 2), phalanx("q", "north", 36, 10)],
                   spec=spec)
        p = u(b, "p")
        p.remove(6)
        b.state.dice = FixedDice([1])  # type: ignore[assignment]
        check_unit(b.state, p)
        assert p.on_table and p.ranks == 1 and (not p.unformed) is formed
    # out of melee, but too few figures for two ranks, or no room behind: unformed
    b = battle([phalanx("p", "south", 36, 10, 12, 2), phalanx("r", "south", 20, 10),
                phalanx("q", "north", 36, 30)])
    p = u(b, "p")
    p.remove(10)  # 2 left: two ranks of one would be deeper than wide
    b.state.dice = FixedDice([1])  # type: ignore[assignment]
    check_unit(b.state, p)
    assert p.on_table and p.unformed
    b = battle([phalanx("p", "south", 36, 10, 12, 2), phalanx("r", "south", 20, 10),
                phalanx("q", "north", 36, 30)])
    p = u(b, "p")
    p.remove(7)  # 5 left in one rank, 9.25..10 deep
    place(b, "r", x=36.0, y=9.25)  # r stands right behind it
    b.state.dice = FixedDice([1])  # type: ignore[assignment]
    check_unit(b.state, p)
    assert p.on_table and p.unformed and p.ranks == 1


def test_army_whose_phalanxes_are_broken_or_failed_withdraws() -> None:
    # Phalanxes 4
    b = battle([phalanx("p", "south", 36, 10), phalanx("p2", "south", 20, 10),
                unit("h", "south", "horse", 3, 60, 10), phalanx("q", "north", 36, 30)])
    u(b, "p").condition = Condition.LEFT_FIELD
    assert not army_withdraws(b.state, "south")
    u(b, "p2").formed = False
    assert not army_withdraws(b.state, "south")  # may still re-form
    u(b, "p2").reform_failed = True
    assert army_withdraws(b.state, "south")
    o = verdict(b.state)
    assert o is not None and o.winner == "north" and o.reason == "army withdrew"


def test_turn_limit_result_and_score() -> None:
    b = battle([phalanx("p", "south", 36, 10), phalanx("q", "north", 36, 30)])
    u(b, "q").remove(4)
    assert score(b.state) == {"south": 4.0, "north": 0.0}
    o = verdict(b.state, final=True)
    assert o is not None and o.winner == "south" and o.reason == "turn limit"
    # 6 points per phalanx out of action: failed to re-form, or broken
    u(b, "q").formed = False
    u(b, "q").reform_failed = True
    assert score(b.state) == {"south": 4.0 + 6.0, "north": 0.0}
    u(b, "p").condition = Condition.LEFT_FIELD
    assert score(b.state) == {"south": 10.0, "north": 18.0 + 6.0}
    # Phalanxes 4 for both armies at once: a draw
    o = verdict(b.state)
    assert o is not None and o.winner is None and o.reason == "both armies withdrew"
    # the option (by default 0) over the scenario's own limit over the rules' (12)
    doc = document([phalanx("p", "south", 36, 10), phalanx("q", "north", 36, 30)])
    for spec, own, limit in (("monks_corner", 3, 3), ("monks_corner", 0, 12),
                             ("monks_corner(turn_limit=5)", 3, 5),
                             ("monks_corner(turn_limit=5)", 0, 5),
                             ("monks_corner(victory.turns.limit=8)", 0, 8),
                             ("monks_corner(victory.turns.limit=8)", 3, 3)):
        rs_ = ancients.ruleset(spec)
        battle_ = rs_.new_battle(rs_.parse_scenario({**doc, "turn_limit": own}, "t.toml"))
        assert isinstance(battle_, MonksCornerBattle)
        assert battle_.turn_limit == limit, (spec, own)
    rs = ancients.ruleset("monks_corner(turn_limit=2)")
    battle2 = rs.new_battle("phalanx-duel", seed=3,
                            commanders={s: RandomCommander() for s in ("sparta", "argos")})
    out = battle2.run()
    assert out.turns <= 2


def test_sequence_of_play() -> None:
    # Sequence 1-5: toss; movement, javelins, bows and slings (the other side), contact,
    # melee; then roles reverse. A tie: a missile exchange, no movement.
    rs = ancients.ruleset("monks_corner")
    saw_tie = saw_order = False
    for seed in range(40):
        b = rs.new_battle("phalanx-duel", seed=seed,
                          commanders={s: RandomCommander() for s in ("sparta", "argos")})
        b.step()
        phases: list[tuple[str, str | None]] = []
        while b.turn <= 1 and not b.finished:
            b.step()
            phases.append((b.phase, b.log[-1].side if b.log else None))
        toss = next(e for e in b.log if e.kind == "toss")
        first = toss.side
        names = [e for e in b.log if e.kind == "phase" and e.turn == 1]
        if first is None:
            assert [e.phase for e in names[:2]] == ["toss", "missile exchange"]
            assert not any(e.kind == "move" and e.turn == 1 for e in b.log)
            saw_tie = True
        else:
            seq = [(e.phase, e.side) for e in names[1:11]]
            other = "argos" if first == "sparta" else "sparta"
            assert seq == [("movement", first), ("javelins", first),
                           ("bows and slings", other), ("contact", first), ("melee", first),
                           ("movement", other), ("javelins", other),
                           ("bows and slings", first), ("contact", other), ("melee", other)]
            rolls = toss.data["rolls"]
            assert rolls[first] > rolls[other]
            saw_order = True
        if saw_tie and saw_order:
            break
    assert saw_tie and saw_order
    assert isinstance(Phase("toss"), Phase)


def test_missiles_by_phase_and_the_side_shot_at_checks_morale() -> None:
    # Sequence 3: the phasing side's javelins, then the other side checks morale;
    # Sequence 4: the other side's bows and slings, then the phasing side checks
    b = battle([phalanx("p", "south", 20, 10),
                unit("j", "south", "light infantry", 2, 50, 10, missile="javelin"),
                unit("js", "south", "light infantry", 2, 62, 10, missile="sling"),
                phalanx("q", "north", 50, 15),
                unit("s", "north", "light infantry", 2, 20, 25, missile="sling"),
                unit("nj", "north", "light infantry", 2, 62, 15.5, missile="javelin")])
    for x in (u(b, "p"), u(b, "q")):
        x.remove(5)  # one figure left in the rear rank
        x.checked = (x.ranks, x.rear)
    b.state.dice = FixedDice([6, 1, 6, 1])  # type: ignore[assignment]
    b.state.phasing = "south"
    steps = phasing_turn(b.state, "south")
    shots, tested, phase = [], {}, ""
    item = next(steps)
    while not (isinstance(item, Phase) and item.name == "contact"):
        if isinstance(item, Phase):
            phase = item.name
            tested[phase] = {x for e in b.log if e.kind == "morale" for x in e.units}
            item = next(steps)
        elif item.kind == "shoot":
            shots.append((phase, item.unit))
            item = steps.send(Shoot("q" if item.side == "south" else "p"))
        else:
            item = steps.send(END)
    tested["contact"] = {x for e in b.log if e.kind == "morale" for x in e.units}
    assert shots == [("javelins", "j"), ("bows and slings", "s")]
    assert tested["bows and slings"] == {"q"} and tested["contact"] == {"q", "p"}


def test_an_army_with_nothing_left_on_the_table_loses_at_once() -> None:
    # the battle is over when a side has nothing left able to fight (an army of no
    # phalanxes never withdraws under Phalanxes 4, so this is its only end before the
    # turn limit); both at once: a draw
    b = battle([unit("h", "south", "horse", 3, 60, 10), phalanx("q", "north", 36, 30)])
    assert verdict(b.state) is None
    u(b, "h").condition = Condition.ELIMINATED
    o = verdict(b.state)
    assert o is not None and o.winner == "north" and o.reason == "no troops left"
    u(b, "q").condition = Condition.LEFT_FIELD
    o = verdict(b.state)
    assert o is not None and o.winner is None and o.reason == "both armies gone"


def test_the_battle_ends_in_the_phase_a_side_loses_its_last_unit() -> None:
    # the skirmish order of battle of docs/oob.md: the south's one contingent of
    # peltasts is gone on turn 2 of these doctrine battles; the battle ends with that
    # phase's morale checks (Sequence 3-5), at most the melee after the contact moves
    # being fought first
    from ancients.oob import parse_oob
    from ancients.testing.conformance import able_to_fight
    men: dict[str, Any] = {"best": 800, "low": 600, "high": 1000, "basis": "modern",
                           "note": "a guess"}
    place = {"wing": "centre", "line": "first", "order": 1}
    oob = parse_oob({
        "name": "skirmish-400bc", "title": "A skirmish", "date": {"year": 400, "era": "BC"},
        "place": {"name": "somewhere in Arcadia"},
        "terrain": {"ground": "open hillside", "left": {"anchor": "woods"}},
        "sources": [{"id": "x", "author": "Xenophon", "work": "Hellenica", "passage": "3.1"}],
        "sides": [
            {"name": "north", "title": "The northerners",
             "commanders": [{"name": "Lykos", "role": "general"}],
             "contingents": [{"id": "hoplites", "name": "Hoplites", "kind": "heavy infantry",
                              "men": men, "quality": "trained", "armour": "medium",
                              "shield": "large", "weapon": "spear",
                              "nationality": "Arcadian", "place": place}]},
            {"name": "south", "title": "The southerners",
             "commanders": [{"name": "Drakon", "role": "general"}],
             "contingents": [{"id": "peltasts", "name": "Thracian peltasts",
                              "kind": "medium infantry", "men": 500, "quality": "veteran",
                              "armour": "none", "shield": "small", "weapon": "spear",
                              "missile": "javelin", "nationality": "Thracian",
                              "place": place}]}]})
    rs = ruleset()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # what the translation drops is not the point
        sc = rs.from_oob(oob)
    ended_early = 0
    for seed in range(3):
        b = rs.new_battle(sc, seed=seed)
        assert isinstance(b, MonksCornerBattle)
        since: tuple[int, int] | None = None  # (turn, phases logged) when a side went
        while not b.finished:
            b.step()
            gone = [s for s in b.sides
                    if not any(able_to_fight(v) for v in b.units() if v.side == s)]
            phases = sum(e.kind == "phase" for e in b.log)
            if gone and since is None:
                since = (b.turn, phases)
            if since is not None and not b.finished:
                assert (b.turn, phases - since[1]) <= (since[0], 1), (seed, b.phase)
        o = b.outcome
        assert o is not None
        if o.reason == "no troops left":
            ended_early += 1
            assert since is not None and o.turns == since[0] < b.turn_limit
            assert o.winner == "north"
    assert ended_early
