"""The end of a battle on the table (victory.toml, reconstructed): an army broken by half
its units lost (elephants and war engines, a model each, not counted), or by its C-in-C
lost and half its units failing their test; the turn limit scored by the figures."""

from __future__ import annotations

import pytest

import ancients
from ancients.burgess.verdicts import army, score, verdict_now
from ancients.units import Condition

from .helpers import entry, foot, staged


def test_half_the_units_lost_breaks_an_army_but_elephants_do_not_count() -> None:
    state, _ = staged([foot("a", "south", 20, 10), foot("b", "south", 40, 10),
                       entry("e1", "south", "elephants", 1, 30, 20),
                       entry("e2", "south", "elephants", 1, 34, 20),
                       entry("e3", "south", "elephants", 1, 38, 20),
                       foot("n", "north", 30, 40)])
    for uid in ("e1", "e2", "e3"):
        state.by_id[uid].condition = Condition.ROUTED
    south = army(state, "south")
    assert (south.units, south.lost_units) == (2, 0) and verdict_now(state) is None
    state.by_id["a"].condition = Condition.ROUTED
    done = verdict_now(state)
    assert done is not None and done.winner == "north" and done.reason == "army broken"


def test_the_c_in_c_lost_and_half_the_units_failing_break_an_army() -> None:
    state, _ = staged([foot("a", "south", 20, 10), foot("b", "south", 40, 10),
                       foot("n", "north", 30, 40)])
    state.c_in_c_lost["south"] = True
    state.c_in_c_tested["south"], state.c_in_c_failed["south"] = 2, 1
    done = verdict_now(state)
    assert done is not None and done.winner == "north"
    state.c_in_c_failed["south"] = 0
    assert verdict_now(state) is None


def test_at_the_turn_limit_the_smaller_fraction_of_figures_lost_wins() -> None:
    state, _ = staged([foot("a", "south", 20, 10), foot("n", "north", 30, 40)])
    state.by_id["n"].unit = state.by_id["n"].unit.with_depths((2, 2, 2, 2, 2), 1, 2, None)
    done = verdict_now(state, final=True)
    assert done is not None and done.winner == "south" and done.reason == "turn limit"
    assert score(state) == {"south": 2.0, "north": 0.0}


def test_a_battle_ends_at_its_turn_limit() -> None:
    rs = ancients.ruleset("burgess(turn_limit=1)")
    outcome = rs.new_battle("assault", seed=1).run()
    assert outcome.turns == 1


def test_a_side_with_nothing_left_able_to_fight_has_lost() -> None:
    # every unit of a side running or gone breaks its army, whatever fraction of lost
    # units the break asks (here all of them), and also for an army of elephants only
    from ancients.burgess.verdicts import verdict_now as now

    from .helpers import battle

    b = battle([foot("a", "south", 20, 10), foot("c", "south", 40, 10),
                foot("n", "north", 30, 40)], spec="burgess(victory.break.lost_units=1)")
    state = b.state
    state.by_id["a"].condition = Condition.ROUTED
    assert now(state) is None  # c still fights
    state.by_id["c"].condition = Condition.ELIMINATED
    done = now(state)
    assert done is not None and done.winner == "north" and done.reason == "army broken"
    state, _ = staged([entry("e1", "south", "elephants", 1, 30, 20),
                       entry("e2", "south", "elephants", 1, 34, 20),
                       foot("n", "north", 30, 40)])
    state.by_id["e1"].condition = Condition.ELIMINATED
    state.by_id["e2"].condition = Condition.ROUTED
    done = now(state)
    assert done is not None and done.winner == "north"


@pytest.mark.filterwarnings("ignore::ancients.errors.OOBWarning")
def test_no_player_turn_begins_with_a_side_that_has_nothing_left_to_fight() -> None:
    # the skirmish of docs/oob.md (one unit a side) and Zama, played to the end: the
    # battle is over by the end of the player turn in which a side is left with nothing
    # on the table able to fight (every unit running or gone)
    from ancients.battle import RandomCommander
    from ancients.oob import parse_oob

    skirmish = parse_oob({
        "name": "skirmish-400bc", "title": "A skirmish", "date": {"year": 400, "era": "BC"},
        "place": {"name": "somewhere in Arcadia"}, "terrain": {"ground": "open hillside"},
        "sources": [{"id": "x", "author": "Xenophon", "work": "Hellenica",
                     "passage": "3.1"}],
        "sides": [
            {"name": "north", "title": "The northerners",
             "commanders": [{"name": "Lykos", "role": "general"}],
             "contingents": [{"id": "hoplites", "name": "Hoplites",
                              "kind": "heavy infantry", "men": 800, "armour": "medium",
                              "quality": "trained", "nationality": "Arcadian",
                              "shield": "large", "weapon": "spear",
                              "place": {"wing": "centre", "line": "first", "order": 1}}]},
            {"name": "south", "title": "The southerners",
             "commanders": [{"name": "Drakon", "role": "general"}],
             "contingents": [{"id": "peltasts", "name": "Thracian peltasts",
                              "kind": "medium infantry", "men": 500, "armour": "none",
                              "quality": "veteran", "nationality": "Thracian",
                              "shield": "small", "weapon": "spear", "missile": "javelin",
                              "place": {"wing": "centre", "line": "first", "order": 1}}]}]})
    rs = ancients.ruleset("burgess")
    for scenario, seed, commanders in ((rs.from_oob(skirmish), 0, None),
                                       (rs.from_oob(skirmish), 1, "random"),
                                       ("zama-202bc", 2, "random")):
        sides = rs.scenario(scenario).sides if isinstance(scenario, str) else scenario.sides
        b = rs.new_battle(scenario, seed=seed, commanders=None if commanders is None else
                          {s: RandomCommander() for s in sides})
        while not b.finished:
            b.step()
            if b.phase == "rally" and not b.finished:  # (a player turn begins)
                for side in b.sides:
                    assert any(u.condition.on_field and u.condition is not Condition.ROUTED
                               for u in b.units() if u.side == side), (scenario, seed, side)
        assert b.outcome is not None
