"""Every Hoplomachia event carries its facts in ``data`` (not only in the message): the
positions of everything that moved can be replayed from the data alone; ``explain``
gives the terms a message uses."""

from __future__ import annotations

from typing import Any

import pytest

import ancients
from ancients.battle import RandomCommander
from ancients.hoplomachia.glossary import TERMS
from ancients.hoplomachia.pieces import Status
from ancients.hoplomachia.state import position
from ancients.testing.conformance import explained_terms

from .play import fielded

#: the facts each kind of event carries
FACTS = {
    "breakfast": {"points"}, "hieres": {"target", "tries", "rolls", "points"},
    "rhetoria": {"column", "points"}, "arete": {"points", "reason", "total", "level"},
    "precedence": {"phase", "arete"}, "mantis": set(), "signal": {"signal", "standing"},
    "paean": {"points"}, "grim resolve": {"points"},
    "stance": {"strategos", "stance", "order", "number", "obeys"},
    "order sent": {"division", "order", "acted", "distance"},
    "order received": {"division", "order"}, "hegemon": {"strategos"},
    "reinforcements": {"division", "roll", "need", "arrive"},
    "andreia": {"division", "trigger", "line", "level", "target", "roll", "total", "passed",
                "result"},
    "routs": {"unit", "reason", "cause"}, "evades": {"unit", "reason", "cause"},
    "flight": {"unit", "flight", "distance", "from", "to"},
    "pursues": {"unit", "target", "distance", "from", "to"},
    "pursuit stopped": {"unit"}, "rallies": {"unit"}, "hamippoi lost": {"unit", "moved"},
    "disarray": {"unit", "reason"}, "recovers": {"unit", "reason"},
    "destroyed": {"unit", "reason"}, "leaves": {"unit", "reason"},
    "division routed": {"division"},
    "belos": {"shooter", "target", "intensity", "belos_charge", "aspect", "checked", "roll",
              "total", "number", "passed", "reaction"},
    "belos charge": {"unit", "target", "distance", "from", "to"},
    "belos charge back": {"unit", "distance", "from", "to"},
    "belos charge wheel": {"unit", "angle", "distance", "from", "to"},
    "belos charge blocked": {"unit", "target"}, "close files": {"division"},
    "ekdromoi": {"unit", "target", "move", "reached", "killed"},
    "epidromos declared": {"division", "target"}, "sphagia": {"points"},
    "epidromos": {"division", "roll", "distance", "drift", "disarray", "momentum"},
    "countercharge": {"division", "roll", "distance", "momentum"},
    "charge": {"unit", "target", "distance", "from", "to"},
    "move": {"division", "move", "distance", "angle", "arrangement", "from", "to"},
    "drift": {"division", "distance", "to"}, "bounced": {"unit", "by", "distance", "from", "to"},
    "lap": {"unit", "target", "from", "to"}, "one step more": {"cost", "bonus"},
    "melee": {"melee", "first", "second", "bonus", "attack", "shield", "levels", "result",
              "loser", "aspects"},
    "pushed back": {"unit", "by", "inches", "to", "pusher_to"},
    "retreats": {"unit", "reason", "distance", "from", "to"},
    "casualty roll": {"strategos", "occasion", "fate"}, "hegemon killed": {"strategos"},
    "strategos joins": {"strategos", "unit"}, "strategos gone": {"strategos"},
    "withdraws": {"arete"}, "neither fights on": {"holder"}, "herald": set(),
    "trophy": set(), "truce": set(),
}


def _replay(b: Any, start: dict[str, list[float]]) -> dict[str, list[float]]:
    where = dict(start)
    for e in b.log:
        d = e.data
        if "to" not in d:
            continue
        if isinstance(d["to"], dict):
            if "from" in d:
                for k, v in d["from"].items():
                    assert where[k] == v, (e.message, k)
            where.update(d["to"])
            continue
        if "from" in d:
            assert where[d["unit"]] == d["from"], e.message
        where[d["unit"]] = d["to"]
        if e.kind == "pushed back":
            where[d["by"]] = d["pusher_to"]
    return where


@pytest.mark.parametrize(("scenario", "seed", "doctrine"), [
    ("poteidaia-432bc", 0, False), ("poteidaia-432bc", 1, True), ("poteidaia-432bc", 5, True),
    ("generated", 3, False), ("generated", 8, True)])
def test_every_event_carries_its_facts_and_positions_replay_from_them(
        scenario: str, seed: int, doctrine: bool) -> None:
    rs = ancients.ruleset("hoplomachia")
    sc = rs.scenario(scenario)
    commanders = None if doctrine else {s: RandomCommander() for s in sc.sides}
    b = fielded(rs.new_battle(sc, seed=seed, commanders=commanders))
    start = {p.id: position(p.block) for p in b.state.pieces}
    b.run()
    for e in b.log:
        if e.kind in ("phase", "end"):
            continue
        assert e.kind in FACTS, e.kind
        missing = FACTS[e.kind] - set(e.data)
        assert not missing, (e.kind, missing, e.message)
    where = _replay(b, start)
    for p in b.state.pieces:
        if p.status in (Status.READY, Status.ROUTING):
            assert where[p.id] == position(p.block), p.id


def test_explain_gives_the_terms_a_message_uses() -> None:
    rs = ancients.ruleset("hoplomachia")
    b = rs.new_battle(seed=1)
    b.run()
    explained = explained_terms(b, TERMS)
    assert {"Arete", "Andreia check", "precedence", "signal", "hieres"} <= set(explained)
    assert b.explain(next(e for e in b.log if e.kind == "phase")) == {}
