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


# -- duels for ancients.matchups ----------------------------------------------------------
KEY = {"light": "3 9 3", "light_missile": "2 8 3", "semi_heavy": "8 7 3",
       "phalanx_normal": "10 6 2", "phalanx_other": "4 7 2", "elephant": "3 7 3",
       "cavalry": "3 9 5"}


def test_duel_types_are_the_keys_types_with_their_example_counters() -> None:
    rs = ancients.ruleset("raphia")
    assert tuple(rs.duel_types()) == tuple(KEY)
    for first in KEY:
        sc = rs.duel(first, "cavalry")
        setup = sc.parsed
        assert sc.sides == (P, S) and setup.tie is None  # a tie of points is a draw
        (a,), (b,) = (s.counters for s in setup.stacks)
        assert setup.counters[a].type.value == first and setup.counters[a].side == P
        assert setup.counters[a].printed == KEY[first]
        assert setup.counters[b].printed == "3 9 5" and setup.counters[b].side == S
        board = setup.board
        assert all(board.passable(h) for h in board.grid.hexes)  # open ground
        assert board.lines[P].step == 1 and board.lines[S].step == -1


def test_a_duel_plays_to_the_end_and_follows_the_sheet_in_force() -> None:
    rs = ancients.ruleset("raphia(counters.P-phal-mace.combat=12)")
    sc = rs.duel("phalanx_normal", "elephant")
    assert sc.parsed.counters[sc.parsed.stacks[0].counters[0]].combat == 12
    outcome = rs.new_battle(sc, seed=4).run()
    # to the end: the eighth turn, or the half-turn in which one of the two is lost
    assert outcome.turns == 8 or (outcome.reason == "no troops left" and
                                  1 <= outcome.turns < 8)
    assert outcome.winner in (P, S, None)


def test_an_unknown_duel_type_is_refused() -> None:
    import pytest

    from ancients.errors import RulesetError

    with pytest.raises(RulesetError, match="did you mean 'cavalry'"):
        ancients.ruleset("raphia").duel("cavalri", "light")


def test_matchups() -> None:
    m = ancients.matchups("raphia", runs=6, seed=1)
    i = {t: n for n, t in enumerate(m.types)}
    assert m.rate.shape == (7, 7)
    # the Macedonian phalanx (10 6 2) beats the other phalanx (4 7 2), not the reverse
    assert m.rate[i["phalanx_normal"], i["phalanx_other"]] > \
        m.rate[i["phalanx_other"], i["phalanx_normal"]]
    # §13: elephants score nothing, so an elephant never wins on points
    assert (m.rate[i["elephant"]] == 0).all()
