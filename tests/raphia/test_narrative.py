"""The log for readers and for programs: each event's facts in its data, its message's
terms explained."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import ancients
from ancients.battle import RandomCommander
from ancients.events import Event
from ancients.raphia.battle import RaphiaBattle
from ancients.raphia.state import State, Status
from ancients.raphia.victory import victory_points

P, S = "ptolemaic", "seleucid"

#: the facts each kind of event carries in its data
FACTS: dict[str, set[str]] = {
    "egyptian morale": {"rule"},
    "initiative": {"rolls", "first"},
    "move": {"counters", "from", "to", "facing", "cost"},
    "join": {"counters", "hex", "cost"},
    "turn": {"counters", "hex", "facing", "from_facing"},
    "attack refused": {"attacker", "defender", "attacker_hex", "defender_hex"},
    "evade": {"counters", "attacker", "from", "to"},
    "combat": {"attacker", "defender", "attacker_hex", "defender_hex", "attack", "defence",
               "multiplier", "column", "roll", "modifiers", "modifier", "total", "result",
               "flank", "fire", "back"},
    "eliminated": {"counter", "hex"},
    "advance": {"counters", "from", "to"},
    "morale": {"counter", "hex", "why", "target", "roll", "modifiers", "total", "passed"},
    "championship": {"counter", "replacement", "combat", "morale", "movement"},
    "rout": {"counters", "hex", "standing"},
    "pursuit": {"counters", "hex", "pursued"},
    "rout move": {"counters", "from", "to", "path", "edge", "shifted", "crossed"},
    "lost": {"counters", "hex", "why"},
    "leader killed": {"leader"},
    "elephant rout": {"counters", "from", "to", "path"},
    "pursuit move": {"counters", "from", "to"},
    "rally": {"counters", "hex", "from"},
    "facing": {"counters", "hex", "facing"},
    "victory": {"points", "winner", "tie"},
}
_STATUS = {"rout": Status.ROUTED, "pursuit": Status.PURSUING, "rally": Status.GOOD}


def _where(state: State, cid: str) -> Any:
    return next((s for s in state.stacks if cid in s.counters), None)


def _check(state: State, kind: str, data: dict[str, Any]) -> None:
    """The facts of an event as it is emitted, against the state it leaves."""
    label = state.board.label
    if kind in ("move", "rout move", "elephant rout", "pursuit move", "advance", "evade"):
        stack = _where(state, data["counters"][0])
        assert stack is not None and label(stack.hex) == data["to"], (kind, data)
    if kind in ("join", "rally", "facing", "rout", "pursuit", "turn"):
        stack = _where(state, data["counters"][0])
        assert stack is not None and label(stack.hex) == data["hex"], (kind, data)
        if kind == "join":
            assert list(stack.counters) == data["counters"]
        if kind in _STATUS:
            assert stack.status is _STATUS[kind]
        if kind in ("facing", "turn"):
            assert stack.facing == data["facing"]
    if kind == "eliminated":
        assert state.gone[data["counter"]] == "eliminated"
    if kind == "lost":
        assert all(state.gone[c] == "lost" for c in data["counters"])
    if kind == "combat":
        assert data["modifier"] == sum(v for _, v in data["modifiers"])
        assert data["total"] == data["roll"] + data["modifier"]
        assert data["result"] in ("-", "T", "X")
    if kind == "morale":
        assert data["total"] == data["roll"] + sum(v for _, v in data["modifiers"])
        assert data["passed"] == (data["total"] >= data["target"])


def _battles() -> list[tuple[str, int, bool]]:
    specs = ("raphia", "raphia(edition=1990)", "raphia(egyptian_morale=championship)",
             "raphia(morale_tests=each_combat)")
    return [(spec, seed, False) for spec in specs for seed in range(3)] + \
        [(spec, seed, True) for spec in specs[:2] for seed in range(2)]


def _played(spec: str, seed: int, doctrine: bool) -> RaphiaBattle:
    rs = ancients.ruleset(spec)
    battle = rs.new_battle(seed=seed, commanders=None if doctrine else
                           {P: RandomCommander(), S: RandomCommander()})
    assert isinstance(battle, RaphiaBattle)
    state = battle.state
    emit: Callable[..., Event] = state.emit

    def checked(kind: str, message: str, **kw: Any) -> Event:
        event = emit(kind, message, **kw)
        _check(state, kind, dict(event.data))
        return event
    state.emit = checked
    battle.run()
    return battle


@pytest.fixture(scope="module")
def battles() -> list[RaphiaBattle]:
    return [_played(*b) for b in _battles()]


def test_every_event_carries_its_facts(battles: list[RaphiaBattle]) -> None:
    seen: set[str] = set()
    for battle in battles:
        for e in battle.log:
            if e.kind in ("phase", "end"):
                continue
            seen.add(e.kind)
            assert e.kind in FACTS, e.kind
            assert FACTS[e.kind] <= set(e.data), (e.kind, FACTS[e.kind] - set(e.data))
        (victory,) = [e for e in battle.log if e.kind == "victory"]
        assert victory.data["points"] == victory_points(battle.state)
        assert battle.outcome is not None and victory.data["winner"] == battle.outcome.winner
    assert {"initiative", "move", "join", "combat", "eliminated", "morale", "rout",
            "rout move", "pursuit", "rally", "victory", "egyptian morale"} <= seen


def test_the_log_round_trips_through_json_lines(battles: list[RaphiaBattle]) -> None:
    from ancients.events import BattleLog
    log = battles[0].log
    assert BattleLog.from_jsonl(log.to_jsonl()) == log


def test_messages_use_the_rulebooks_words(battles: list[RaphiaBattle]) -> None:
    # no internal names; a stack by its counters' names ("Phal. Mace ×4"), a counter of
    # a name its side has several of by its number ("Phal. Mace 3")
    import re
    for battle in battles:
        for e in battle.log:
            assert not re.search(r"semi_heavy|light_missile|phalanx_normal|[PS]-[a-z]",
                                 e.message), e.message
    messages = [e.message for e in battles[0].log]
    assert any(re.search(r"Phal\. Mace ×\d \(\d{4}\)", m) for m in messages)
    assert any(re.search(r"Phal\. Mace \d+ \(\d{4}\): (eliminated|morale)", m)
               for b in battles for m in (e.message for e in b.log))


def test_explain_names_the_terms_a_message_uses(battles: list[RaphiaBattle]) -> None:
    battle = battles[0]
    combat = next(e for e in battle.log if e.kind == "combat")
    terms = battle.explain(combat)
    assert {"ratio", "dice", "×"} <= set(terms) or {"ratio", "dice"} <= set(terms)
    result = {"-": "—", "T": "T", "X": "X"}[combat.data["result"]]
    assert result in terms and "§8" in terms[result]
    assert battle.explain(next(e for e in battle.log if e.kind == "phase")) == {}
    explained: set[str] = set()
    for b in battles:
        for e in b.log:
            found = b.explain(e)
            assert all(isinstance(t, str) and "\n" not in t for t in found.values())
            explained |= set(found)
    assert {"—", "T", "X", "MP", "facing", "morale test", "rout", "pursuit",
            "victory points", "initiative"} <= explained
    victory = next(e for e in battle.log if e.kind == "victory")
    assert "tie goes to the seleucid" in battle.explain(victory)["victory points"]


def test_the_end_says_how_the_battle_was_won(stage: Any) -> None:
    # §13: the victory points of each side, and the Seleucid tie rule when it decides
    st = stage()
    st.battle.points = {P: 12, S: 12}
    st.battle._victory("seleucid")
    st.battle.points = {P: 14, S: 12}
    st.battle._victory("ptolemaic")
    tie, win = (e for e in st.battle.log if e.kind == "victory")
    assert tie.data["tie"] and "12 each, and a tie goes to the seleucid player" in tie.message
    assert not win.data["tie"] and win.message.endswith("ptolemaic 14, seleucid 12: "
                                                       "ptolemaic wins (§13)")
