"""The workbench's hooks: the standing (§13's victory points now) and the duels of
ancients.matchups."""

from __future__ import annotations

from typing import Any

import ancients
from ancients.battle import RandomCommander
from ancients.raphia.state import Status

P, S = "ptolemaic", "seleucid"


def test_the_standing_is_each_sides_victory_points_now(stage: Any) -> None:
    battle = ancients.ruleset("raphia").new_battle(seed=5, commanders={
        P: RandomCommander(), S: RandomCommander()})
    # §13 at the start: every counter deployed in good order, at its class's points
    assert battle.standing() == {P: 146.0, S: 127.0}
    st = stage()
    st.put(P, "1210", ["P-phal-mace1", "P-phal-mace2", "ptolemy"], facing=2)
    routed = st.put(S, "1810", ["S-cavalry1", "S-cavalry2"], status=Status.ROUTED)
    assert st.battle.standing() == {P: 3 + 3 + 5.0, S: 0.0}  # routs count nothing
    st.state.update(routed, status=Status.GOOD)
    assert st.battle.standing() == {P: 11.0, S: 8.0}
    assert st.battle.standing() == {s: float(v) for s, v in
                                    st.battle.victory_points().items()}


def test_the_standings_follow_the_turns_and_end_on_the_score() -> None:
    battle = ancients.ruleset("raphia").new_battle(seed=5, commanders={
        P: RandomCommander(), S: RandomCommander()})
    outcome = battle.run()
    standings = battle.standings
    assert len(standings) == 9 and standings[0] == {P: 146.0, S: 127.0}
    assert standings[-1] == outcome.score
    assert len({tuple(s.values()) for s in standings}) > 2
