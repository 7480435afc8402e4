"""The state of a battle: its one mutation path and its fingerprint."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

from ancients.raphia.state import Hit, Stack, State, Status

P, S = "ptolemaic", "seleucid"
C = "1512"


def test_stacks_change_only_through_the_state(stage: Any) -> None:
    st = stage()
    stack: Stack = st.put(P, C, ["P-cretans1"])
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        stack.hex = st.hex("1513")  # type: ignore[misc]  # frozen, on purpose
    version = st.state.version()
    st.state.update(stack, hex=st.hex("1513"))
    assert stack.hex == st.hex("1513") and st.state.version() != version
    assert st.state.occupancy().get(st.hex("1513")) == [stack]


def test_fingerprint_follows_every_field_of_the_state(stage: Any) -> None:
    # derived from the state's own fields: every field but the data the battle is played
    # with and what is derived from the rest (a new field cannot be forgotten)
    st = stage()
    s = st.state
    a = st.put(P, C, ["P-cretans1"])
    changes: dict[str, Callable[[], object]] = {
        "stacks": lambda: s.new_stack(S, st.hex("1812"), ["S-arabs1"]),
        "gone": lambda: s.gone.update({"P-agema1": "eliminated"}),
        "morale_override": lambda: s.morale_override.update({"P-egyptians1": 7}),
        "replaced": lambda: s.replaced.update({"P-egyptians2": "C-x"}),
        "leader_dead": lambda: s.leader_dead.add(P),
        "attacked": lambda: s.attacked.add("P-cretans1"),
        "defended": lambda: s.defended.add("S-arabs1"),
        "crossed_ok": lambda: s.crossed_ok.add(a.sid),
        "hits": lambda: s.hits.update({a.sid: Hit(["T"], [], None)}),
        "to_test_crossed": lambda: s.to_test_crossed.update({a.sid: False}),
        "paths": lambda: s.paths.update({a.sid: ([a.hex, None], None, frozenset())}),
        "blocked_pursuit": lambda: s.blocked_pursuit.add(a.sid),
        "championship_pool": lambda: s.championship_pool.append(s.counters.championship[0]),
        "next_sid": lambda: setattr(s, "next_sid", s.next_sid + 1),
        "next_origin": s.new_origin,
    }
    assert set(changes) == {f.name for f in attrs.fields(State) if f.metadata.get("state", True)}
    for name, change in changes.items():
        before = s.fingerprint()
        change()
        assert s.fingerprint() != before, name
    before = s.fingerprint()
    s.hits[a.sid].results.append("X")  # inside a field's value too
    assert s.fingerprint() != before
    values: dict[str, object] = {
        "hex": st.hex("1513"), "counters": ("P-cretans1", "ptolemy"), "facing": 3,
        "status": Status.ROUTED, "edge": "other", "pursued": frozenset({"S-arabs1"}),
        "push": 2, "origin": 5}
    assert set(values) | {"sid", "side"} == {f.name for f in attrs.fields(Stack)}
    for name, value in values.items():
        before = s.fingerprint()
        s.update(a, **{name: value})
        assert s.fingerprint() != before, name

