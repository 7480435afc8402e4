"""The end of a battle on the table (victory.toml, reconstructed): an army broken by half
its units lost (elephants and war engines, a model each, not counted), or by its C-in-C
lost and half its units failing their test; the turn limit scored by the figures."""

from __future__ import annotations

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
