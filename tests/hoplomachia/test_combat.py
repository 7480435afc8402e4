"""Melee in play: the epidromos melee with momentum, then othismoi with the rolled
shove; the chart's result carried out (pushed back and followed up, ground given
counting in the next othismos, broken with a casualty counter and a pursuit); the
flanks, gaps and lapping; horse retreats; One Step More!; the melee Andreia check."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from ancients.battle import Decision
from ancients.hoplomachia.combat import engaged_side, lap_options, melee_phase
from ancients.hoplomachia.decisions import Kind, Lap, Points
from ancients.hoplomachia.melee import GroundGiven, MeleeKind
from ancients.hoplomachia.pieces import Status
from ancients.hoplomachia.state import TurnRecord
from ancients.hoplomachia.vocabulary import Aspect

from .play import battle, division, drive, events, piece, scripted, side


def _doc(athens: list[dict[str, Any]], sparta: list[dict[str, Any]], arete: int = 12,
         **kw: Any) -> dict[str, Any]:
    s = side("sparta", "spartan", sparta, **kw)
    s["arete"] = arete
    return {"name": "t", "title": "t", "table": {"width": 72.0, "depth": 48.0},
            "sides": [side("athens", "athenian", athens), s]}


def _contact(b: Any, a: str, s: str) -> None:
    """Put ``s`` front to front with ``a``."""
    pa, ps = piece(b, a), piece(b, s)
    ps.block = attrs.evolve(ps.block, x=pa.block.x, y=pa.block.y)


def _next_turn(b: Any) -> None:
    b.state.turn += 1
    b.state.record = TurnRecord()


def test_the_epidromos_melee_uses_momentum_the_othismos_the_shove() -> None:
    b = battle(_doc([division("a", "peloponnesian", 36.0, 20.0, 1)],
                    [division("s", "peloponnesian", 36.0, 30.0, 1)]))
    st = b.state
    _contact(b, "a", "s")
    a = piece(b, "a")
    a.charged_turn, a.momentum = st.turn, 3
    dice = scripted(b)
    drive(melee_phase(st))
    melee = events(b, "melee")[0]
    assert melee.data["melee"] == "epidromos" and melee.data["bonus"] == [3, 0]
    assert not [r for r in dice.asked if r.startswith("othismos")]
    _next_turn(b)
    if piece(b, "a").ready and piece(b, "s").ready and \
            piece(b, "s") in st.contacts(piece(b, "a")):
        scripted(b, othismos_shove=[6, 1])
        drive(melee_phase(st))
        melee = events(b, "melee")[-1]
        assert melee.data["melee"] == "othismos" and melee.data["bonus"] == [3, 0]


def test_pushed_back_gives_ground_the_winner_follows_and_the_next_shield_suffers() -> None:
    b = battle(_doc([division("a", "peloponnesian", 36.0, 20.0, 1)],
                    [division("s", "peloponnesian", 36.0, 30.0, 1)]))
    st = b.state
    _contact(b, "a", "s")
    scripted(b, othismos_shove=[6, 1], Andreia_check=[2])
    ya, ys = piece(b, "a").block.y, piece(b, "s").block.y
    drive(melee_phase(st))
    melee = events(b, "melee")[0]
    # shove 3: 5 + 3 = 8 against shield 3, 5 through: past the strength 3 (strength);
    # shove 0: 5 against 3: through the shield only (shield): the loser pushed back
    assert melee.data["levels"] == ["strength", "shield"]
    assert melee.data["result"] == "pushed back" and melee.data["loser"] == "s"
    s, a = piece(b, "s"), piece(b, "a")
    assert s.block.y == pytest.approx(ys + 0.75) and a.block.y == pytest.approx(ya + 0.75)
    assert s.ground_given is GroundGiven.PUSHED_BACK
    assert [e.data["trigger"] for e in events(b, "andreia")] == ["melee_result"]
    assert "sparta" in st.record.retreat
    assert engaged_side(st, s, a, MeleeKind.OTHISMOS).ground_given is GroundGiven.PUSHED_BACK


def test_broken_routs_the_loser_where_a_counter_falls_and_the_winner_pursues() -> None:
    b = battle(_doc([division("a", "athenian", 36.0, 20.0, 1)],
                    [division("s", "spartiates", 36.0, 30.0, 1)], arete=16))
    st = b.state
    _contact(b, "a", "s")
    scripted(b, othismos_shove=[1, 6])
    drive(melee_phase(st))
    melee = events(b, "melee")[0]
    # Spartiates, Eager (+1): 6 + 1 + 3 = 10 against 3: 7 through, past strength 3 and
    # threshold 3; the Athenians' 5 against shield 4: 1, through the shield
    assert melee.data["levels"] == ["shield", "threshold"]
    assert melee.data["result"] == "broken"
    assert piece(b, "a").status in (Status.ROUTING, Status.DESTROYED, Status.OFF)
    assert [c.side for c in st.counters] == ["athens"]
    assert events(b, "pursues")[0].data["unit"] == "s"


def test_struck_on_the_unshielded_flank_the_attack_strikes_the_threshold_alone() -> None:
    b = battle(_doc([division("a", "athenian", 36.0, 20.0, 1)],
                    [division("s", "peloponnesian", 37.5, 19.625, 1, facing=270.0)]))
    st = b.state
    a, s = piece(b, "a"), piece(b, "s")
    assert s in st.contacts(a)
    ea = engaged_side(st, a, s, MeleeKind.OTHISMOS)
    es = engaged_side(st, s, a, MeleeKind.OTHISMOS)
    assert ea.aspect is Aspect.UNSHIELDED_FLANK and es.aspect is Aspect.FRONT
    scripted(b, othismos_shove=[1, 1])
    drive(melee_phase(st))
    melee = events(b, "melee")[0]
    # 5 against the Athenian threshold 3 alone: broken; the Athenians strike nothing
    assert melee.data["levels"][0] == "none" and melee.data["levels"][1] == "threshold"


def test_a_gap_beside_a_lochos_next_to_an_overlapping_enemy_costs_a_shield() -> None:
    b = battle(_doc([division("a", "athenian", 36.0, 20.0, 1)],
                    [division("s", "peloponnesian", 37.0, 20.0, 2)]))
    st = b.state
    a = piece(b, "a")
    foe = piece(b, "s.2")
    assert foe in st.contacts(a)
    assert engaged_side(st, a, foe, MeleeKind.OTHISMOS).gap
    b = battle(_doc([division("a", "athenian", 37.5, 20.0, 2)],
                    [division("s", "peloponnesian", 37.5, 20.0, 2)]))
    a = piece(b, "a.1")
    assert not engaged_side(b.state, a, piece(b, "s.2"), MeleeKind.OTHISMOS).gap


def test_a_lochos_overlapping_the_enemy_line_may_lap_its_end() -> None:
    b = battle(_doc([division("a", "athenian", 36.0, 20.0, 2)],
                    [division("s", "peloponnesian", 38.0, 20.0, 1)]))
    st = b.state
    lapper, friend = piece(b, "a.1"), piece(b, "a.2")
    enemy = piece(b, "s")
    assert enemy in st.contacts(friend) and not st.engaged(lapper)
    found = lap_options(st, lapper)
    assert [e.id for e, _ in found] == ["s"]
    scripted(b, othismos_shove=[1, 1, 1, 1])
    asked: list[Decision] = []
    drive(melee_phase(st), lambda d: Lap("s") if d.kind == Kind.LAP else d.options[0], asked)
    assert events(b, "lap")
    assert enemy.block.contact_edge(lapper.block) is not None


def test_horse_against_horse_retreat_after_two_turns_of_othismos() -> None:
    b = battle(_doc([division("h", "hippeis", 36.0, 20.0, 1)],
                    [division("k", "hippeis", 36.0, 30.0, 1)]))
    st = b.state
    _contact(b, "h", "k")
    for _ in (1, 2):
        scripted(b, othismos_shove=[1, 1])
        drive(melee_phase(st))
        _next_turn(b)
    retreats = events(b, "retreats")
    assert {e.data["unit"] for e in retreats} == {"h", "k"}
    assert not st.engaged(piece(b, "h"))


def test_one_step_more_for_a_crafty_hegemon_with_most_of_his_hoplites_pushing() -> None:
    crafty = [{"id": "c", "character": "crafty", "hegemon": True, "with": "s"}]
    b = battle(_doc([division("a", "athenian", 36.0, 20.0, 1)],
                    [division("s", "peloponnesian", 36.0, 30.0, 1)], strategoi=crafty))
    st = b.state
    _contact(b, "a", "s")
    scripted(b, othismos_shove=[1, 1])
    asked: list[Decision] = []
    drive(melee_phase(st), lambda d: Points(2, "one step more")
          if d.kind == Kind.ONE_STEP_MORE else d.options[0], asked)
    assert [d.side for d in asked if d.kind == Kind.ONE_STEP_MORE] == ["sparta"]
    assert events(b, "one step more")[0].data["bonus"] == 2
    assert events(b, "melee")[0].data["attack"][1] == 5 + 2  # the shove's 0 and 2 more
    assert any(e.data["points"] == -2 for e in events(b, "arete"))
    assert st.armies["sparta"].one_step_more == 1


def test_horse_that_fails_to_break_into_foot_in_an_epidromos_retreats() -> None:
    b = battle(_doc([division("h", "hippeis", 36.0, 20.0, 1)],
                    [division("s", "peloponnesian", 36.0, 30.0, 1)]))
    st = b.state
    h, s = piece(b, "h"), piece(b, "s")
    s.disarrayed = True
    _contact(b, "h", "s")
    h.charged_turn, h.momentum = st.turn, 0
    scripted(b)
    drive(melee_phase(st))
    melee = events(b, "melee")[0]
    if melee.data["loser"] != "s" or melee.data["result"] in ("pushed back", "no effect",
                                                               "both disordered"):
        assert events(b, "retreats")[0].data["unit"] == "h"
        assert not st.engaged(h)


def test_an_exposed_unshielded_flank_costs_a_shield_with_no_enemy_overlapping() -> None:
    """Melee: "A gap over 1/2" next to an overlapping enemy, or an exposed unshielded
    flank, gives the Gap modifier": the right (unshielded) flank with no friend beside
    it is exposed, whether or not an enemy overlaps it."""
    b = battle(_doc([division("a", "athenian", 36.0, 20.0, 2)],
                    [division("s", "peloponnesian", 36.0, 20.0, 2)]))
    st = b.state
    left, right = piece(b, "a.1"), piece(b, "a.2")
    foe = next(iter(st.contacts(right)))
    assert all(e.block.frontage == right.block.frontage for e in st.contacts(right))
    assert engaged_side(st, right, foe, MeleeKind.OTHISMOS).gap  # its right is open
    foe = next(iter(st.contacts(left)))
    assert not engaged_side(st, left, foe, MeleeKind.OTHISMOS).gap  # a.2 covers it


def test_epilektoi_may_adjust_their_othismos_shove() -> None:
    """Epilektoi "may once per turn add or subtract 1 to any roll", the othismos shove
    among them: a die of 3 (shove 1) adjusted +1 is 4 (shove 2)."""
    from ancients.hoplomachia.decisions import Points

    b = battle(_doc([division("a", "peloponnesian", 36.0, 20.0, 1, epilektoi=True)],
                    [division("s", "peloponnesian", 36.0, 30.0, 1)]))
    st = b.state
    _contact(b, "a", "s")
    scripted(b, othismos_shove=[3, 3])
    asked: list[Decision] = []
    drive(melee_phase(st), lambda d: Points(1) if d.kind == Kind.EPILEKTOI
          else d.options[0], asked)
    assert [d.prompt for d in asked if d.kind == Kind.EPILEKTOI] == \
        ["Epilektoi: adjust a's othismos shove"]
    assert events(b, "melee")[0].data["bonus"] == [2, 1]  # a's die 3+1 = 4: shove 2
    assert piece(b, "a").epilektoi_turn == st.turn
