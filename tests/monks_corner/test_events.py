"""Every Monk's Corner event carries its facts in ``data`` (not only in the message), and
``explain`` gives the terms a message uses."""

from __future__ import annotations

import pytest

import ancients
from ancients.battle import RandomCommander
from ancients.monks_corner import MonksCornerBattle
from ancients.monks_corner.glossary import TERMS
from ancients.monks_corner.state import position
from ancients.testing.conformance import explained_terms

#: the facts each kind of event carries
FACTS = {
    "toss": {"rolls", "first"},
    "move": {"unit", "move", "from", "to", "distance"},
    "missiles": {"shooter", "target", "dice", "need", "hits"},
    "melee": {"striker", "target", "dice", "need", "hits"},
    "casualties": {"unit", "hits", "figures"},
    "destroyed": {"unit"},
    "morale": {"unit", "roll", "target", "result"},
    "contact": {"unit", "target", "aspect", "from", "to", "distance"},
    "short": {"unit", "target", "distance", "to"},
    "pushed back": {"unit", "by", "inches", "to"},
    "unformed": {"unit", "reason"},
    "re-formed": {"unit", "roll", "need", "result"},
    "re-form failed": {"unit", "roll", "need", "result"},
    "broken": {"unit"},
    "reorganising": {"unit"},
    "reorganised": {"unit"},
    "one rank": {"unit"},
}


@pytest.mark.parametrize(("spec", "scenario", "seed", "doctrine"), [
    ("monks_corner", "mantinea-418bc", 0, False), ("monks_corner", "mantinea-418bc", 1, True),
    ("monks_corner", "mantinea-418bc", 2, False), ("monks_corner", "phalanx-duel", 3, False),
    ("monks_corner(melee_opponents=choose)", "phalanx-duel", 4, True)])
def test_every_event_carries_its_facts(spec: str, scenario: str, seed: int,
                                       doctrine: bool) -> None:
    rs = ancients.ruleset(spec)
    sides = rs.scenario(scenario).sides
    commanders = None if doctrine else {s: RandomCommander() for s in sides}
    b = rs.new_battle(scenario, seed=seed, commanders=commanders)
    assert isinstance(b, MonksCornerBattle)
    b.run()
    where = {u.id: position(u.block) for u in b.setup.units}
    for e in b.log:
        if e.kind in ("phase", "end"):  # the core's own
            continue
        assert e.kind in FACTS, e.kind
        missing = FACTS[e.kind] - set(e.data)
        assert not missing, (e.kind, missing, e.message)
        if e.kind in ("move", "contact"):
            assert e.data["from"] == where[e.data["unit"]], e.message
        if e.kind in ("move", "contact", "pushed back", "short"):
            where[e.data["unit"]] = e.data["to"]
        if e.kind == "pushed back":
            where[e.data["by"]] = e.data["pusher_to"]
    for u in b.state.present():  # each unit ends where its last event put it
        assert where[u.id] == position(u.block), u.id


def test_explain_gives_the_terms_a_message_uses() -> None:
    b = ancients.ruleset("monks_corner").new_battle("mantinea-418bc", seed=0)
    b.run()
    explained = explained_terms(b, TERMS, loose=("tie", "flank"))
    assert {"phases first", "charge", "formation lost"} <= set(explained)
    phase = next(e for e in b.log if e.kind == "phase")
    assert b.explain(phase) == {}
