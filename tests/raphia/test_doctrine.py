"""The doctrine commander beats RandomCommander in at least 80 % of 400 seeded battles
from either side (the project's bar; the rates with their Wilson intervals are in
docs/rulesets/raphia.md)."""

from __future__ import annotations

import pytest

import ancients
from ancients.battle import Decision
from ancients.raphia.commander import DoctrineCommander

BATTLES = 400


@pytest.mark.parametrize("side", ["ptolemaic", "seleucid"])
def test_doctrine_beats_random(side: str) -> None:
    other = "seleucid" if side == "ptolemaic" else "ptolemaic"
    results = ancients.simulate("raphia", runs=BATTLES, seed=0, jobs=2,
                                commanders={side: "doctrine", other: "random"})
    wins = round(results.win_rate(side)[0] * BATTLES)
    assert wins >= 0.8 * BATTLES, f"{side}: {wins} of {BATTLES}"


def test_doctrine_battles_are_reproducible() -> None:
    rs = ancients.ruleset("raphia")
    a, b = rs.new_battle(seed=4), rs.new_battle(seed=4)
    assert a.run() == b.run() and a.log == b.log


def test_doctrine_rally_choices() -> None:
    # §3/§9: a rout always attempts to rally; §10: a pursuer in contact pursues on while
    # its next free attack is worth more than the risk of standing in disorder, and
    # never in the last turn (pursuers score nothing, §13) nor after a rout about to
    # leave the map, which it would follow off (§10)
    from ancients.raphia.options import CONTINUE_PURSUIT, RALLY
    from ancients.raphia.rally import rally_phase
    from ancients.raphia.state import Status

    from .helpers import Stage, drive
    p_side, s_side = "ptolemaic", "seleucid"

    def choices(threat: bool = False, turn: int = 3, at: str = "1512") -> list[object]:
        st = Stage()
        st.battle.turn = turn
        here = st.hex(at)
        pursuer = st.put(p_side, at, ["P-libyan-cav"], status=Status.PURSUING)
        st.state.update(pursuer, pursued=frozenset({"S-arabs1"}))
        st.put(s_side, st.state.board.label(here.neighbor(2)), ["S-arabs1"],
               status=Status.ROUTED)
        st.put(p_side, "0520", ["P-cretans1"], status=Status.ROUTED)
        if threat:
            st.put(s_side, st.state.board.label(here.neighbor(5)),
                   ["S-cavalry1", "S-cavalry2", "S-cavalry3"])
        doctrine = DoctrineCommander(p_side)
        out: list[object] = []

        def answer(d: Decision) -> object:
            out.append(doctrine.decide(st.battle, d))
            return out[-1]
        drive(rally_phase(st.state, p_side), answer)
        return out
    assert choices() == [CONTINUE_PURSUIT, RALLY]  # the rout tries to rally
    assert choices(turn=8) == [RALLY, RALLY]
    assert choices(threat=True) == [RALLY, RALLY]
    assert choices(at="2812") == [RALLY, RALLY]  # its rout would leave the map next time


def test_the_commander_keeps_its_own_memo(monkeypatch: pytest.MonkeyPatch) -> None:
    # the doctrine never writes into the game state's caches: what it works out (distance
    # fields, attack values, the enemy's parts) it keeps itself; the rules' queries it
    # calls keep theirs
    import sys

    from ancients.raphia.state import State
    writers: set[str] = set()
    for name in ("cached", "store", "keep"):
        def spy(self: State, *args: object, _real: object = getattr(State, name)) -> object:
            writers.add(sys._getframe(1).f_globals["__name__"])
            return _real(self, *args)  # type: ignore[operator]
        monkeypatch.setattr(State, name, spy)
    ancients.ruleset("raphia").new_battle(seed=2).run()
    assert writers and not writers & {"ancients.raphia.commander", "ancients.raphia.exchange"}
