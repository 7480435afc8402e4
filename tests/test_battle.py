"""The run loop, decisions, commanders, outcomes and replay, on the test-only toy ruleset."""

from __future__ import annotations

import json
from collections.abc import Hashable

import attrs
import pytest

import ancients
from ancients.battle import Battle, Decision, Outcome, RandomCommander
from ancients.errors import AncientsError, BattleStateError, IllegalDecision, RulesetError
from ancients.units import Condition, TroopKind, UnitView

pytestmark = pytest.mark.usefixtures("toy")


def test_run_to_the_end() -> None:
    rs = ancients.ruleset("toy")
    battle = rs.new_battle(seed=42)
    assert battle.sides == ("red", "blue")
    # one tuple: mypy would hold 'not battle.finished' true for the rest of the test
    assert (battle.finished, battle.outcome, battle.turn) == (False, None, 0)
    outcome = battle.run()
    assert battle.finished and battle.outcome is outcome
    assert outcome.winner in ("red", "blue", None)
    assert battle.log[-1].kind == "end"
    assert battle.step() == []


def test_same_seed_same_log_different_seed_different_log() -> None:
    rs = ancients.ruleset("toy")
    a, b, c = rs.new_battle(seed=1), rs.new_battle(seed=1), rs.new_battle(seed=2)
    for battle in (a, b, c):
        battle.run()
    assert a.log == b.log
    assert c.log != a.log


def test_step_advances_one_phase_at_a_time() -> None:
    battle = ancients.ruleset("toy").new_battle(seed=3)
    events = battle.step()
    assert [e.kind for e in events] == ["phase"] and battle.phase == "orders"
    events = battle.step()
    assert events[-1].kind == "phase" and events[-1].phase == "rally"
    assert all(e.kind != "phase" for e in events[:-1])


def test_driving_a_side_by_hand() -> None:
    rs = ancients.ruleset("toy")
    battle = rs.new_battle(seed=42, commanders={"blue": None})
    while battle.pending is None or battle.pending.side != "blue":
        battle.step()
    decision = battle.pending
    assert isinstance(decision, Decision) and decision.side == "blue"
    assert battle.step() == []  # waits for blue
    with pytest.raises(BattleStateError, match="no commander"):
        battle.run()
    before = battle.fingerprint()
    with pytest.raises(IllegalDecision) as err:
        battle.decide("surrender")
    assert "legal options" in str(err.value) and err.value.legal == decision.options
    assert battle.fingerprint() == before and battle.pending is decision
    battle.decide(decision.options[-1])
    assert battle.pending is not decision


def test_decide_with_nothing_pending() -> None:
    battle = ancients.ruleset("toy").new_battle(seed=1)
    battle.step()
    with pytest.raises(BattleStateError, match="no decision is pending"):
        battle.decide("hold")


def test_unknown_commander_side_and_bad_seed() -> None:
    rs = ancients.ruleset("toy")
    with pytest.raises(BattleStateError, match="an unknown side 'green'; the sides are 'red' and"):
        rs.new_battle(commanders={"green": None})
    with pytest.raises(BattleStateError, match="seed"):
        rs.new_battle(seed=-3)


def test_random_commander_is_replay_safe() -> None:
    rs = ancients.ruleset("toy")
    battle = rs.new_battle(seed=9, commanders={"red": RandomCommander(),
                                               "blue": RandomCommander()})
    battle.run()
    again = rs.new_battle(seed=9, commanders={"red": None, "blue": None})
    again.replay(battle.decisions, battle.to_dict()["advances"])
    assert again.log == battle.log and again.finished


@pytest.mark.parametrize("steps", [0, 1, 3, 7, 1000])
def test_to_dict_restore_round_trip(steps: int) -> None:
    rs = ancients.ruleset("toy(defender_bonus=true)")
    battle = rs.new_battle("melee", seed=5, commanders={"red": None})
    for _ in range(steps):
        if battle.finished:
            break
        if battle.pending is not None and battle.pending.side == "red":
            battle.decide(battle.pending.options[0])
        else:
            battle.step()
    saved = json.loads(json.dumps(battle.to_dict()))
    restored = rs.restore(saved, commanders={"red": None})
    assert restored.fingerprint() == battle.fingerprint()
    assert restored.log == battle.log
    assert str(restored.ruleset) == "toy(defender_bonus=true)"


def test_restore_rejects_garbage() -> None:
    rs = ancients.ruleset("toy")
    with pytest.raises(AncientsError, match="not a saved battle"):
        rs.restore({"format": "nope"})
    saved = rs.new_battle(seed=1).to_dict()
    saved["decisions"] = [99]
    saved["advances"] = 50
    with pytest.raises(AncientsError, match="replay diverged"):
        rs.restore(saved)


def test_restore_refuses_another_rules_revision(monkeypatch: pytest.MonkeyPatch) -> None:
    rs = ancients.ruleset("toy")
    battle = rs.new_battle(seed=3)
    battle.run()
    saved = json.loads(json.dumps(battle.to_dict()))
    assert saved["revision"] == type(rs).revision
    monkeypatch.setattr(type(rs), "revision", type(rs).revision + 1)
    with pytest.raises(RulesetError, match=r"saved under rules revision 1; this ancients "
                                           r"plays revision 2"):
        rs.restore(saved)
    del saved["revision"]  # saved before revisions were recorded: revision 1
    with pytest.raises(RulesetError, match="saved under rules revision 1"):
        rs.restore(saved)
    monkeypatch.undo()
    assert rs.restore(saved).log == battle.log


def test_outcome_from_units() -> None:
    def view(uid: str, side: str, kind: TroopKind, cond: Condition, s: float,
             s0: float) -> UnitView:
        return UnitView(uid, uid, side, kind, cond, s, s0, None if cond.lost else (0, 0))

    units = [
        view("a", "red", TroopKind.HEAVY_INFANTRY, Condition.GOOD_ORDER, 2, 4),
        view("b", "red", TroopKind.LIGHT_CAVALRY, Condition.ELIMINATED, 1, 2),
        view("c", "blue", TroopKind.ELEPHANTS, Condition.ROUTED, 3, 3),
    ]
    o = Outcome.from_units(winner="red", reason="army broken", turns=4,
                           sides=("red", "blue"), units=units, score={"red": 3, "blue": 0})
    assert o.losses == {"red": 4 / 6, "blue": 0.0}
    assert o.losses_by_kind["red"] == {TroopKind.HEAVY_INFANTRY: 0.5,
                                       TroopKind.LIGHT_CAVALRY: 1.0}
    assert Outcome.from_dict(json.loads(json.dumps(o.to_dict()))) == o
    assert "red wins (army broken) after 4 turns" in str(o)
    assert not o.draw
    assert o.losses_by_cause == {"red": {"killed": 4 / 6, "captured": 0.0,
                                         "left the field": 0.0},
                                 "blue": {"killed": 0.0, "captured": 0.0,
                                          "left the field": 0.0}}


def test_losses_by_cause() -> None:
    def view(uid: str, cond: Condition, s: float, s0: float = 10) -> UnitView:
        return UnitView(uid, uid, "red", TroopKind.HEAVY_INFANTRY, cond, s, s0)

    units = [view("struck", Condition.GOOD_ORDER, 7),        # 3 killed
             view("routed", Condition.ROUTED, 9),            # 1 killed, still on the field
             view("taken", Condition.CAPTURED, 0),           # 10 captured
             view("fled", Condition.LEFT_FIELD, 0),          # 10 left (no strength given)
             view("fled-hurt", Condition.LEFT_FIELD, 6),     # 4 killed, 6 left
             view("dead", Condition.ELIMINATED, 0)]          # 10 killed
    o = Outcome.from_units(winner=None, reason="turn limit", turns=1, sides=("red",),
                           units=units)
    causes = o.losses_by_cause["red"]
    assert causes == {"killed": 18 / 60, "captured": 10 / 60, "left the field": 16 / 60}
    assert sum(causes.values()) == pytest.approx(o.losses["red"])
    # a saved outcome from before causes were kept reads back with none
    old = {k: v for k, v in o.to_dict().items() if k != "losses_by_cause"}
    assert Outcome.from_dict(old).losses_by_cause == {}


class _Bad(Battle):
    def play(self):  # type: ignore[no-untyped-def]
        yield "not a phase"
        return None

    def units(self) -> list[UnitView]:
        return []

    def to_svg(self) -> str:
        return "<svg/>"


def test_engine_contract_violations_are_reported() -> None:
    rs = ancients.ruleset("toy")
    battle = _Bad(rs, rs.scenario(), seed=0)
    with pytest.raises(AncientsError, match="must yield Phase or Decision"):
        battle.step()
    with pytest.raises(AncientsError, match="at least one option"):
        Decision("red", "order", [])


def test_decision_membership() -> None:
    d = Decision("red", "order", ["a", "b"], unit="u1", target="x", prompt="pick")
    assert "a" in d and d.index("b") == 1
    assert str(d) == "red decides order for u1 against x: pick"
    options: tuple[Hashable, ...] = d.options
    assert options == ("a", "b")


def test_an_option_is_found_by_identity_before_any_comparison() -> None:
    @attrs.frozen(eq=False)
    class Counted:
        name: str
        compared: list[str]

        def __eq__(self, other: object) -> bool:
            self.compared.append(self.name)
            return isinstance(other, Counted) and other.name == self.name

        def __hash__(self) -> int:
            return hash(self.name)

    compared: list[str] = []
    options = [Counted(n, compared) for n in "abcd"]
    d = Decision("red", "order", options)
    assert d.index(options[3]) == 3 and compared == []  # the option itself: no __eq__
    assert d.index(Counted("c", compared)) == 2  # an equal copy: found by equality
    with pytest.raises(IllegalDecision):
        d.index(Counted("z", compared))


def test_svg_and_repr() -> None:
    battle = ancients.ruleset("toy").new_battle(seed=1)
    assert battle._repr_svg_().startswith("<svg")
    assert "seed=1" in repr(battle)


@pytest.mark.parametrize("name", ["toy", "raphia", "monks_corner", "burgess", "hoplomachia"])
def test_a_battle_dropped_is_freed_without_the_cyclic_collector(name: str) -> None:
    """A state logs through Battle.weak_emit: no reference cycle keeps a played battle
    (and everything it holds) until the collector's next full pass."""
    import gc
    import weakref

    rs = ancients.ruleset(name)
    sides = rs.scenario().sides
    battle = rs.new_battle(seed=3, commanders={s: RandomCommander() for s in sides})
    battle.run()
    assert battle.finished and len(battle.log) > 5
    gone = weakref.ref(battle)
    state = getattr(battle, "state", None)
    kept = None if state is None else weakref.ref(state)
    del state
    enabled = gc.isenabled()
    gc.disable()
    try:
        del battle
        assert gone() is None and (kept is None or kept() is None)
    finally:
        if enabled:
            gc.enable()


def test_a_state_kept_past_its_battle_says_so_when_it_logs() -> None:
    from ancients.raphia.battle import RaphiaBattle

    battle = ancients.ruleset("raphia").new_battle(seed=1)
    assert isinstance(battle, RaphiaBattle)
    state = battle.state
    state.emit("note", "kept")
    assert battle.log[-1].message == "kept"
    del battle
    with pytest.raises(BattleStateError, match="the battle this state belongs to is gone"):
        state.emit("note", "lost")

