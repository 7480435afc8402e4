"""Clones of a battle, and the generic commanders that play on them (random, noisy,
search), on every installed ruleset and the toy."""

from __future__ import annotations

import pickle
from collections.abc import Hashable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ancients
from ancients.battle import Battle, Decision
from ancients.commanders import Named, Noisy, RandomCommander, Search, named
from ancients.commanders.search import value
from ancients.errors import BattleStateError, CommanderError

pytestmark = pytest.mark.usefixtures("toy")

RULESETS = ("toy", "raphia", "monks_corner", "burgess", "hoplomachia")


def _by_hand(name: str, seed: int) -> Battle:
    rs = ancients.ruleset(name)
    return rs.new_battle(seed=seed, commanders=dict.fromkeys(rs.scenario(None).sides))


def _answer(battle: Battle, pick: int) -> Hashable:
    assert battle.pending is not None
    return battle.pending.options[pick % len(battle.pending.options)]


def _asked(battle: Battle) -> tuple[object, ...] | None:
    """The pending decision as a value (decisions compare by identity)."""
    d = battle.pending
    return None if d is None else (d.side, d.kind, d.unit, d.target, d.options)


def _advance(battle: Battle, picks: list[int], steps: int) -> None:
    """``steps`` answers or phases, the answers taken from ``picks`` in turn."""
    for i in range(steps):
        if battle.finished:
            return
        if battle.pending is None:
            battle.step()
        else:
            battle.decide(_answer(battle, picks[i % len(picks)]))


@settings(max_examples=12, deadline=None)
@given(name=st.sampled_from(RULESETS), seed=st.integers(0, 2**32),
       steps=st.integers(0, 60), picks=st.lists(st.integers(0, 50), min_size=1, max_size=8))
def test_a_clone_played_with_the_same_answers_gives_the_same_log(
        name: str, seed: int, steps: int, picks: list[int]) -> None:
    battle = _by_hand(name, seed)
    _advance(battle, picks, steps)
    twin = battle.clone()
    assert twin is not battle and twin.log == battle.log
    assert _asked(twin) == _asked(battle) and twin.fingerprint() == battle.fingerprint()
    for b in (battle, twin):
        _advance(b, picks[::-1], 40)
    assert twin.log == battle.log
    assert twin.to_dict() == battle.to_dict()


def test_a_clone_played_on_leaves_the_original_as_it_was() -> None:
    for name in RULESETS:
        battle = ancients.ruleset(name).new_battle(seed=5)
        for _ in range(4):
            battle.step()
        before = (battle.fingerprint(), battle.log.to_jsonl(), battle.decisions)
        battle.clone().run()
        assert (battle.fingerprint(), battle.log.to_jsonl(), battle.decisions) == before


def test_a_reseeded_clone_rolls_its_own_dice_and_saves_them() -> None:
    for name in RULESETS:
        rs = ancients.ruleset(name)
        battle = rs.new_battle(seed=11)
        for _ in range(3):
            battle.step()
        a, b, other = battle.clone(reseed=7), battle.clone(reseed=7), battle.clone(reseed=8)
        for x in (a, b, other, battle):
            x.run()
        assert a.log == b.log, name
        assert a.log != battle.log and other.log != a.log, name
        assert rs.restore(a.to_dict()).log == a.log, name  # the reseed is in the save


def test_reseed_takes_a_non_negative_int() -> None:
    battle = ancients.ruleset("toy").new_battle(seed=1)
    for bad in (-1, 1.5, True, "3"):
        with pytest.raises(BattleStateError, match="reseed"):
            battle.reseed(bad)  # type: ignore[arg-type]
    assert battle.to_dict().get("reseeds") is None


@pytest.mark.parametrize("name", RULESETS)
def test_search_answers_the_same_whatever_the_battle_holds_for_later(name: str) -> None:
    """Its rollouts never use the battle's own dice: the same position with other future
    rolls (a reseeded clone) gets the same answer."""
    searched = 0
    for seed in range(4):
        battle = _by_hand(name, seed)
        _advance(battle, [3, 1, 4], 7 + 3 * seed)
        while not battle.finished and (battle.pending is None
                                       or len(battle.pending.options) < 2):
            _advance(battle, [2], 1)
        if battle.finished:
            continue
        elsewhere = battle.clone(reseed=10_000 + seed)
        assert battle.pending is not None and elsewhere.pending is not None
        assert (Search(rollouts=2, seed=seed).decide(battle, battle.pending)
                == Search(rollouts=2, seed=seed).decide(elsewhere, elsewhere.pending))
        searched += 1
    assert searched >= 2


def test_search_is_deterministic_and_its_choice_is_legal() -> None:
    rs = ancients.ruleset("monks_corner")
    sides = rs.scenario(None).sides
    logs = []
    for _ in range(2):
        battle = rs.new_battle(seed=3, commanders={sides[0]: Search(rollouts=1)})
        for _ in range(12):
            battle.step()
        logs.append(battle.log.to_jsonl())
    assert logs[0] == logs[1]


class _Refuses:
    def decide(self, battle: Battle, decision: Decision) -> Hashable:
        raise AssertionError("the base was asked")


class _Last:
    def decide(self, battle: Battle, decision: Decision) -> Hashable:
        return decision.options[-1]


def test_noisy_at_zero_is_its_base_and_at_one_never_asks_it() -> None:
    rs = ancients.ruleset("toy")
    plain = rs.new_battle(seed=4, commanders={"red": _Last(), "blue": _Last()})
    noisy = rs.new_battle(seed=4, commanders={"red": Noisy(_Last(), 0.0),
                                              "blue": Noisy(_Last(), 0.0)})
    assert plain.run() == noisy.run() and plain.log == noisy.log
    wild = rs.new_battle(seed=4, commanders={"red": Noisy(_Refuses(), 1.0),
                                             "blue": RandomCommander()})
    wild.run()


def test_noisy_errs_about_as_often_as_asked() -> None:
    rs = ancients.ruleset("monks_corner")
    sides = rs.scenario(None).sides
    asked = answered_otherwise = 0

    class Counting:
        def decide(self, battle: Battle, decision: Decision) -> Hashable:
            nonlocal asked
            asked += 1
            return decision.options[0]

    for seed in range(3):
        battle = rs.new_battle(seed=seed, commanders={s: Noisy(Counting(), 0.3)
                                                      for s in sides})
        battle.run()
        answered_otherwise += len(battle.decisions)
    share = 1 - asked / answered_otherwise
    assert 0.22 < share < 0.38


def test_noisy_epsilon_is_a_probability() -> None:
    for bad in (-0.1, 1.5, "0.2", True):
        with pytest.raises(CommanderError, match="epsilon"):
            Noisy(RandomCommander(), bad)  # type: ignore[arg-type]


def test_commanders_by_name() -> None:
    rs = ancients.ruleset("monks_corner")
    side = rs.scenario(None).sides[0]
    assert isinstance(named("random")(rs, side), RandomCommander)
    assert type(named("doctrine")(rs, side)) is type(rs.doctrine_commander(side))
    noisy = named("noisy:0.25")(rs, side)
    assert isinstance(noisy, Noisy) and noisy.epsilon == 0.25
    search = named("search:8")(rs, side)
    assert isinstance(search, Search) and search.rollouts == 8
    assert named(" Search ")(rs, side) == Search()
    assert pickle.loads(pickle.dumps(named("noisy:0.2"))) == Named("noisy:0.2")


@pytest.mark.parametrize(("spec", "message"), [
    ("clever", "unknown commander 'clever'; the commanders are doctrine, random, noisy"),
    ("noisy", "noisy needs epsilon"),
    ("noisy:lots", "noisy's argument is epsilon, a probability"),
    ("noisy:2", "epsilon is a probability in \\[0, 1\\]"),
    ("search:0", "rollouts must be an int of at least 1"),
    ("search:many", "search's argument is rollouts"),
    ("random:3", "random takes no argument"),
])
def test_a_bad_commander_name_is_one_clear_error(spec: str, message: str) -> None:
    with pytest.raises(CommanderError, match=message):
        named(spec)


def test_value_counts_a_win_above_any_lead() -> None:
    rs = ancients.ruleset("toy")
    battle = rs.new_battle(seed=2)
    outcome = battle.run()
    side = outcome.winner or "red"
    other = "blue" if side == "red" else "red"
    if outcome.winner is not None:
        assert value(battle, side) > 0.5 > -0.5 > value(battle, other)
    assert -1.5 <= value(battle, side) <= 1.5
