"""From an order of battle to a Monk's Corner scenario (issue 12): every built-in battle
translates with the warnings it should give; what the rules cannot field is dropped and
what they forbid adjusted, each with a note; lines, alliances and ground laid out from
the order of battle; any valid order of battle gives a scenario or a clear ScenarioError;
fielded battles pass the conformance suite."""

from __future__ import annotations

import os
import re
import warnings
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ancients
from ancients.errors import OOBWarning, OptionError, ScenarioError
from ancients.monks_corner import MonksCornerBattle
from ancients.monks_corner.invariants import invariants
from ancients.monks_corner.scenario import Setup, UnitSetup
from ancients.oob import Line, OrderOfBattle
from ancients.oob.strategies import orders_of_battle
from ancients.scenario import Scenario
from ancients.testing import check_ruleset
from ancients.units import TroopKind

from .helpers import ruleset

RS = ruleset()
UNFIELDED = (TroopKind.ELEPHANTS, TroopKind.CHARIOTS, TroopKind.WAR_ENGINES,
             TroopKind.LEADER)
SLOW = bool(os.environ.get("ANCIENTS_SLOW"))


def _field(oob: str | OrderOfBattle, **choices: Any) -> tuple[Scenario, list[str]]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        sc = RS.from_oob(oob, **choices)
    warned = [str(w.message) for w in caught if issubclass(w.category, OOBWarning)]
    return sc, warned


def _sources(u: UnitSetup) -> list[str]:
    """The order-of-battle contingents a unit stands for (its note begins with their
    ids)."""
    return u.note.split(":")[0].split(", ")


#: what each built-in battle must warn of (a phrase of each note, in order of the file)
WARNINGS = {
    "delium-424bc": [r"Thespians.*fielded as a phalanx of 30",
                     r"Thebans.*25 deep would be 9.375 ranks; 4 is the nearest",
                     r"terrain not fielded \(hill \(hill\), slope \(slope\), Delium \(camp\)\)"],
    "mantinea-418bc": [r"Sciritae \(sciritae\): 600 men, too few for a phalanx.*fielded "
                       r"with Brasidians",
                       r"Maenalians \(maenalians\).*fielded with Heraeans",
                       r"Cleonaeans and Orneates \(cleonae-orneae\).*fielded with Argives",
                       r"Athenians \(athenians\): 1,000 men are 10 figures.*a phalanx of 12",
                       r"terrain not fielded \(hill \(hill\), Heracleum \(camp\)\)"],
    "poteidaia-432bc": [r"Chalcidians.*10 figures.*a phalanx of 12",
                        r"terrain not fielded \(Potidaea \(town\), Olynthus \(town\)\)"],
    "raphia-217bc": [r"African elephants \(left\) \(P-elephants-left\): dropped, the rules "
                     r"have no rules for elephants",
                     r"The phalanx \(P-phalanx\): 25,000 men are 250 figures.*phalanxes of "
                     r"36 \+ 36 \+ 36 \+ 36 \+ 36 \+ 36 \+ 36",
                     r"Indian elephants \(right\) \(S-elephants-right\): dropped"],
    "zama-202bc": [r"Hastati \(hastati\): its pilums are not fielded, a phalanx carries no "
                   r"missiles", r"War elephants \(elephants\): dropped"],
}


@pytest.mark.parametrize("name", sorted(ancients.battles()))
def test_every_built_in_battle_translates_with_its_warnings(name: str) -> None:
    oob = ancients.battles()[name]
    sc, warned = _field(name)
    setup: Setup = sc.parsed
    assert sc.notes == tuple(m.split(f"monks_corner, {name}: ", 1)[1] for m in warned)
    for pattern in WARNINGS[name]:
        assert any(re.search(pattern, n) for n in sc.notes), pattern
    # every contingent is fielded (a unit's note names it) or dropped with a note
    fielded = {cid for u in setup.units for cid in _sources(u)}
    for c in oob.contingents():
        if c.kind in UNFIELDED:
            assert c.id not in fielded
            assert any(f"({c.id}): dropped" in n for n in sc.notes), c.id
        else:
            assert c.id in fielded, c.id
    # a phalanx fielded with no note is its men to the nearest figure
    for u in setup.units:
        cids = _sources(u)
        if u.troop.value == "phalanx" and not any(f"({cids[0]})" in n for n in sc.notes):
            assert len(cids) == 1
            assert u.figures == round(oob.contingent(cids[0]).men.best / 100), u.id
    battle = RS.new_battle(sc, seed=1)
    assert isinstance(battle, MonksCornerBattle)
    assert list(invariants(battle.state)) == []  # on the table, no overlaps, legal shapes


#: which units of the hand-made ``mantinea-418bc`` stand for which contingents of the order
#: of battle (the hand-made one's notes give the same grouping in words)
HAND_MADE = {
    "sp-horse-left": {"sparta-horse-left"}, "sciritae-brasidians": {"sciritae", "brasidians"},
    "lochoi-1": {"lacedaemonians"}, "lochoi-2": {"lacedaemonians"},
    "arcadians": {"heraeans", "maenalians"}, "tegeans": {"tegeans"},
    "sp-horse-right": {"sparta-horse-right"}, "mantineans": {"mantineans"},
    "arcadian-allies": {"arcadian-allies"}, "argive-thousand": {"argive-thousand"},
    "argives": {"argives", "cleonae-orneae"}, "athenians": {"athenians"},
    "athenian-horse": {"athenian-horse"},
}


def _groups(setup: Setup, sources: Any) -> dict[frozenset[str], dict[str, Any]]:
    """Each group of contingents and what its units field: figures, troop type, missile,
    Spartan, the leader's or an ally's, phalanx ranks."""
    leaders = {s.name: s.leader for s in setup.sides}
    out: dict[frozenset[str], dict[str, Any]] = {}
    for u in setup.units:
        key = frozenset(sources(u))
        g = out.setdefault(key, {"figures": 0, "kind": set()})
        g["figures"] += u.figures
        g["kind"].add((u.side, u.troop.value, u.missile.value, u.spartan,
                       u.contingent == leaders[u.side],
                       u.ranks if u.troop.value == "phalanx" else 0))
    return out


def test_the_translation_of_mantinea_stays_close_to_the_hand_made_one() -> None:
    """*Close*, contingent by contingent of the order of battle:

    - the same contingents, grouped the same way (the contingents each unit stands for),
      but those the order of battle counts from 0 men (not attested in the battle: the
      helots, the Argive light troops), which the hand-made scenario leaves out;
    - for each group the same side, troop type, missile, Spartans or not, leader's or
      ally's, and phalanx depth;
    - strengths within the scale's rounding: a group's figures differ by at most a
      company (6, the rounding of a phalanx's size) for phalanxes and a figure for other
      troops, and the hand-made figures lie within the order of battle's own range (low
      to high men at 1:100) widened by that rounding."""
    oob = ancients.battles()["mantinea-418bc"]
    translated = _groups(_field(oob)[0].parsed, _sources)
    hand = _groups(RS.scenario("mantinea-418bc").parsed, lambda u: HAND_MADE[u.id])
    unattested = {frozenset({c.id}) for c in oob.contingents() if c.men.low == 0}
    assert unattested == {frozenset({"helots"}), frozenset({"argive-light"})}
    assert set(translated) - unattested == set(hand)
    for group, want in hand.items():
        got = translated[group]
        assert got["kind"] == want["kind"], sorted(group)
        phalanx = any(k[1] == "phalanx" for k in want["kind"])
        rounding = RS.rules().company if phalanx else 1
        assert abs(got["figures"] - want["figures"]) <= rounding, sorted(group)
        low = sum(oob.contingent(c).men.low for c in group) / 100
        high = sum(oob.contingent(c).men.high for c in group) / 100
        assert low - rounding <= want["figures"] <= high + rounding, sorted(group)


def test_troop_types_missiles_and_spartans() -> None:
    sc, _ = _field("zama-202bc")
    by_id = {u.id: u for u in sc.parsed.units}
    assert by_id["velites-1"].troop.value == "light infantry"  # 65 figures: two units
    assert by_id["velites-1"].missile.value == "javelin"
    assert by_id["velites-1"].figures + by_id["velites-2"].figures == 65
    assert by_id["balearians"].troop.value == "light infantry"  # missile infantry
    assert by_id["balearians"].missile.value == "sling"
    assert by_id["ligurians-celts-1"].troop.value == "medium infantry"
    assert by_id["numidian-horse-1"].troop.value == "horse"
    assert by_id["carthaginian-horse"].missile.value == "none"
    assert by_id["hastati-1"].troop.value == "phalanx"  # heavy foot: a phalanx
    mantinea, _ = _field("mantinea-418bc")
    spartans = {u.id for u in mantinea.parsed.units if u.spartan}
    assert spartans == {"lacedaemonians"}  # the spartiate tag


def test_phalanx_sizes_depths_and_splits() -> None:
    sc, _ = _field("raphia-217bc")
    phalanx = [u for u in sc.parsed.units if u.id.startswith("P-phalanx-")]
    assert [u.figures for u in phalanx] == [36] * 7 and {u.ranks for u in phalanx} == {3}
    assert all(u.figures in RS.rules().legal_shapes for u in sc.parsed.units
               if u.troop.value == "phalanx")
    # no unit of any kind has more than 36 figures
    assert max(u.figures for u in sc.parsed.units) <= 36
    delium, _ = _field("delium-424bc")
    thebans = next(u for u in delium.parsed.units if u.id == "thebans")
    athenians = next(u for u in delium.parsed.units if u.id == "athenian-hoplites-centre")
    assert (thebans.figures, thebans.ranks) == (24, 4)  # 25 deep: the deepest 24 may be
    assert athenians.ranks == 3  # 8 deep
    deep, _ = _field("delium-424bc", ranks=4)
    assert next(u for u in deep.parsed.units if u.id == "athenian-hoplites-centre").ranks == 4


def test_choices() -> None:
    half, _ = _field("mantinea-418bc", scale=200)
    full, _ = _field("mantinea-418bc")
    assert sum(u.figures for u in half.parsed.units) < sum(u.figures for u in full.parsed.units)
    low, notes = _field("mantinea-418bc", estimate="low")
    lochoi = next(u for u in low.parsed.units if u.id == "lacedaemonians")
    assert lochoi.figures == 30 and _sources(lochoi) == ["lacedaemonians"]  # 3,136 men
    assert not {"helots", "argive-light"} & {u.id for u in low.parsed.units}
    assert any("Helots (helots): dropped, 0 men (low estimate)" in n for n in notes)
    apart, notes = _field("mantinea-418bc", merge=False)
    assert {"heraeans", "maenalians", "sciritae"} <= {u.id for u in apart.parsed.units}
    assert not any("too few" in n for n in notes)
    for bad, match in (({"scal": 100}, "no choice scal; its choices: scale=100"),
                       ({"scale": 0}, "scale: men to a figure"),
                       ({"gap": 2}, "gap: inches between the lines"),
                       ({"estimate": "worst"}, "estimate: best, low or high")):
        with pytest.raises(OptionError, match=match):
            RS.from_oob("mantinea-418bc", **bad)


def test_the_line_is_laid_out_as_each_side_sees_it() -> None:
    oob = ancients.battles()["mantinea-418bc"]
    sc, _ = _field(oob)
    setup: Setup = sc.parsed
    by_id = {u.id: u for u in setup.units}
    width = setup.table.width
    for side in oob.sides:
        first = [c.id for c in side.line(Line.FIRST) if c.id in by_id]
        xs = [by_id[c].block.x for c in first]
        # left to right as the side sees it: the first side faces north (its left is
        # the west), the other south (its left is the east)
        assert xs == (sorted(xs) if side is oob.sides[0] else sorted(xs, reverse=True))
        facing = {by_id[c].block.facing for c in first}
        assert facing == ({0.0} if side is oob.sides[0] else {180.0})
    assert by_id["sparta-horse-left"].block.x < width / 2 < by_id["athenian-horse"].block.x
    # the first lines 20" apart; the screens between them
    south, north = by_id["lacedaemonians"].block, by_id["argives"].block
    assert north.y - south.y == 20.0
    assert south.y < by_id["helots"].block.y < by_id["argive-light"].block.y < north.y
    # the second and third lines behind the first, an ambush behind its wing
    zama, _ = _field("zama-202bc")
    z = {u.id: u.block for u in zama.parsed.units}
    assert z["hastati-1"].y > z["principes-1"].y > z["triarii"].y  # Rome faces north
    delium, _ = _field("delium-424bc")
    d = {u.id: u.block for u in delium.parsed.units}
    behind = d["squadrons-behind-the-hill"]
    assert behind.y < d["thespians-tanagraeans-orchomenians"].y - 3.0  # behind the line
    assert behind.x < delium.parsed.table.width / 2  # the Boeotian left: the west


def test_the_alliances() -> None:
    sc, _ = _field("mantinea-418bc")
    setup: Setup = sc.parsed
    assert {s.name: s.leader for s in setup.sides} == {"sparta": "lacedaemonian",
                                                        "argos": "argive"}
    leaders = {u.id for u in setup.units if any(u.contingent == s.leader and u.side == s.name
                                                for s in setup.sides)}
    assert leaders == {"sparta-horse-left", "brasidians", "lacedaemonians",
                       "sparta-horse-right", "helots", "argives", "argive-thousand",
                       "argive-light"}
    delium, _ = _field("delium-424bc")
    assert [s.leader for s in delium.parsed.sides] == ["theban", ""]  # Pagondas's Thebans
    raphia, _ = _field("raphia-217bc")
    assert [s.leader for s in raphia.parsed.sides] == ["", ""]  # one state a side


def test_the_ground_in_broad_strokes() -> None:
    delium, _ = _field("delium-424bc")
    table = delium.parsed.table
    strips = [a for a in table.areas if "flank" in a.name]
    assert len(strips) == 2 and {a.kind.value for a in strips} == {"rough"}  # ravines
    assert {round(a.bounds[0]) for a in strips} == {0, round(table.width) - 6}
    mantinea, _ = _field("mantinea-418bc")
    areas = mantinea.parsed.table.areas
    stream = next(a for a in areas if a.name == "stream")  # behind the Spartan line
    lochoi = next(u for u in mantinea.parsed.units if u.id == "lacedaemonians").block
    assert stream.bounds[3] < lochoi.y - lochoi.depth and stream.bounds[1] == 0.0
    raphia, _ = _field("raphia-217bc")
    assert [a.name for a in raphia.parsed.table.areas] == ["right flank: hills"]


def test_a_fielded_battle_plays_saves_and_restores() -> None:
    sc, _ = _field("mantinea-418bc")
    report = check_ruleset(RS, battles=1, seed=3, scenario=sc)
    assert report.battles == 1
    battle = RS.new_battle(sc, seed=2)
    battle.run()
    again = RS.restore(battle.to_dict())
    assert again.log == battle.log


# -- any order of battle --------------------------------------------------------------------
@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(orders_of_battle())
def test_any_order_of_battle_gives_a_scenario_or_a_clear_error(oob: OrderOfBattle) -> None:
    error: ScenarioError | None = None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", OOBWarning)
        try:
            sc = RS.from_oob(oob)
        except ScenarioError as e:
            error = e
    if error is not None:
        assert oob.name in str(error) or error.source  # says which battle (or file)
        return
    battle = RS.new_battle(sc, seed=0)
    assert isinstance(battle, MonksCornerBattle)
    assert list(invariants(battle.state)) == []
    assert set(sc.sides) == set(oob.side_names)


_FIELDABLE = [TroopKind.HEAVY_INFANTRY, TroopKind.MEDIUM_INFANTRY, TroopKind.LIGHT_INFANTRY,
              TroopKind.MISSILE_INFANTRY, TroopKind.LIGHT_CAVALRY, TroopKind.HEAVY_CAVALRY]


@settings(max_examples=40 if SLOW else 4, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(orders_of_battle(kinds=_FIELDABLE, max_contingents=2, max_men=2500),
       st.integers(0, 2**16))
def test_drawn_orders_of_battle_pass_the_conformance_suite(oob: OrderOfBattle,
                                                           seed: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", OOBWarning)
        try:
            sc = RS.from_oob(oob)
        except ScenarioError:
            return  # (a side with nothing to field: under half a figure)
    report = check_ruleset(RS, battles=1, seed=seed, scenario=sc)
    assert report.battles == 1
