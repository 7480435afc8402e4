"""The translator from a neutral order of battle (issue 12): every built-in battle, the
game's own battle against the hand-made scenario, and any valid order of battle."""

from __future__ import annotations

import math
import warnings
from collections import Counter as Tally
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ancients
from ancients.battle import RandomCommander
from ancients.errors import OOBWarning, ScenarioError
from ancients.oob.strategies import orders_of_battle
from ancients.raphia.counters import TroopClass
from ancients.raphia.deployment import RaphiaSetup
from ancients.raphia.ruleset import Raphia
from ancients.scenario import Scenario
from ancients.testing import check_ruleset
from ancients.units import TroopKind

NOT_ON_MAP = "not on the map, whose ground is plain, impassable dunes or sea (§1): "
GENERAL = "has no counter: Raphia gives each army one leader, its general (§11)"
LIGHT_HORSE = "light cavalry fielded as cavalry, Raphia's one kind of horse (§1)"
NOT_RESERVE = "but a phalanx may not stand in reserve (§2): deployed on the line"
MANIPLES = "fielded as a phalanx, Raphia's heavy infantry (§1, §6)"
NO_HIDING = "an ambush, but Raphia has no hidden troops (§2): in reserve behind its wing"
GROUND = "(§1: Raphia's ground is plain, dunes or sea)"

#: what each built-in battle's translation drops or adjusts, in order
NOTES: dict[str, list[str]] = {
    "delium-424bc": [
        "Thebans and their district-partners (boeotia): 25 ranks deep: up to 6 counters a "
        "hex, §5's limit",
        f"Two squadrons sent round the hill (boeotia): {NO_HIDING}",
        f"Arianthidas son of Lysimachidas (boeotia, second) {GENERAL}",
        f"the boeotia left flank rests on a ravine: the map's north edge is impassable "
        f"dunes {GROUND}",
        f"the boeotia right flank rests on a ravine: the map's south edge is impassable "
        f"dunes {GROUND}",
        "the map: a generated plain of 30 x 21 hexes, its lines 19 hexes long for the longer "
        "line of battle; the field's 1,200 m set no scale on it",
        f"{NOT_ON_MAP}hill (boeotia), slope (boeotia), camp (athens, Delium)"],
    "mantinea-418bc": [
        f"Lacedaemonian horse (left wing) (sparta): {LIGHT_HORSE}",
        f"Lacedaemonian horse (right wing) (sparta): {LIGHT_HORSE}",
        f"Athenian horse (argos): {LIGHT_HORSE}",
        f"Aristocles (sparta, second) {GENERAL}",
        f"Hipponoidas (sparta, second) {GENERAL}",
        f"Laches (argos, allied) {GENERAL}",
        f"Nicostratus (argos, allied) {GENERAL}",
        "the map: a generated plain of 30 x 25 hexes, its lines 17 hexes long for the longer "
        "line of battle; the field's 1,400 m set no scale on it",
        f"{NOT_ON_MAP}hill (argos), stream (sparta), camp (sparta, Heracleum)"],
    "poteidaia-432bc": [
        "Chalcidians and allies at Olynthus (corinth): an ambush (Raphia has no hidden "
        f"troops), {NOT_RESERVE}",
        f"Perdiccas' horse (corinth): {NO_HIDING}",
        f"Philip and Pausanias (athens, allied) {GENERAL}",
        f"Perdiccas (corinth, allied) {GENERAL}",
        f"the athens left flank rests on the sea: the map's north edge is sea {GROUND}",
        f"the athens right flank rests on the sea: the map's south edge is sea {GROUND}",
        "the map: a generated plain of 30 x 14 hexes, its lines 12 hexes long for the longer "
        "line of battle; the field's 1,200 m set no scale on it",
        f"{NOT_ON_MAP}town (corinth, Potidaea), town (athens, Olynthus)"],
    "raphia-217bc": [
        "Lydian javelin-men (seleucid): 500 men, under half a counter at 1,700 men a "
        "counter: one counter",
        f"Sosibius (ptolemaic, second) {GENERAL}",
        f"{NOT_ON_MAP}camp (ptolemaic), camp (seleucid), town (seleucid, Raphia)"],
    "zama-202bc": [
        f"Hastati (rome): heavy infantry in maniples {MANIPLES}",
        f"Principes (rome): heavy infantry in maniples {MANIPLES}",
        f"Principes (rome): in the second line, {NOT_RESERVE}",
        f"Triarii (rome): heavy infantry in maniples {MANIPLES}",
        f"Triarii (rome): in the third line, {NOT_RESERVE}",
        f"Masinissa's Numidian horse (rome): {LIGHT_HORSE}",
        f"Numidian horse (carthage): {LIGHT_HORSE}",
        f"Libyan and Carthaginian levies (carthage): in the second line, {NOT_RESERVE}",
        f"Hannibal's veterans from Italy (carthage): heavy infantry in close order {MANIPLES}",
        f"Hannibal's veterans from Italy (carthage): in the third line, {NOT_RESERVE}",
        f"Gaius Laelius (rome, second) {GENERAL}",
        f"Masinissa (rome, allied) {GENERAL}",
        "the map: a generated plain of 30 x 23 hexes, its lines 15 hexes long for the longer "
        "line of battle; the field's 3,000 m set no scale on it",
        f"{NOT_ON_MAP}camp (rome), camp (carthage)"],
}


def _raphia(spec: str = "raphia") -> Raphia:
    rs = ancients.ruleset(spec)
    assert isinstance(rs, Raphia)
    return rs


def _field(rs: Raphia, battle: Any, **choices: Any) -> Scenario:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", OOBWarning)
        return rs.from_oob(battle, **choices)


def _counts(setup: RaphiaSetup) -> Tally[str]:
    """Counters by the contingent they came from (a stack's note)."""
    out: Tally[str] = Tally()
    assert setup.counters is not None
    for s in setup.stacks:
        out[s.counters[0].rstrip("0123456789")] += sum(
            1 for c in s.counters if not setup.counters[c].leader)
    return out


def test_raphia_fields_orders_of_battle() -> None:
    assert _raphia().fields_oob


@pytest.mark.parametrize("name", sorted(NOTES))
def test_every_built_in_battle_translates_and_plays_to_the_end(name: str) -> None:
    rs = _raphia()
    oob = ancients.battles()[name]
    assert set(NOTES) == set(ancients.battles())
    with pytest.warns(OOBWarning) as caught:
        sc = rs.from_oob(name)
    assert list(sc.notes) == NOTES[name]
    assert [str(w.message) for w in caught] == [f"raphia, {name}: {n}" for n in NOTES[name]]
    assert sc.sides == oob.side_names and sc.name == name
    setup: RaphiaSetup = sc.parsed
    assert setup.counters is not None
    # one leader a side, the general, with his contingent where he has one
    for side in oob.sides:
        (leader,) = [c for c in setup.counters.counters.values()
                     if c.leader and c.side == side.name]
        assert leader.name == side.general.name
        stack = next(s for s in setup.stacks if leader.id in s.counters)
        if side.general.contingent:
            assert stack.counters[0].startswith(side.general.contingent)
    # every contingent Raphia has rules for is there, at least one counter each
    fielded = {c.id for c in oob.contingents()
               if c.kind not in (TroopKind.CHARIOTS, TroopKind.WAR_ENGINES)}
    assert set(_counts(setup)) == fielded
    outcome = rs.new_battle(sc, seed=1).run()
    assert outcome.turns == 8 and outcome.winner in (*oob.side_names, None)
    assert set(outcome.score) == set(oob.side_names)


def test_the_line_as_each_side_sees_it() -> None:
    # the first side faces east (its left is north, the low rows), the other west
    rs = _raphia()
    sc = _field(rs, "mantinea-418bc")
    setup: RaphiaSetup = sc.parsed
    board = setup.board
    assert board is not None and board.lines["sparta"].step == 1
    rows = {s.counters[0].rstrip("0123456789"): board.row(s.hex) for s in setup.stacks}
    assert rows["sparta-horse-left"] < rows["sciritae"] < rows["lacedaemonians"] < \
        rows["tegeans"] < rows["sparta-horse-right"]
    assert rows["athenian-horse"] > rows["athenians"] > rows["argives"] > \
        rows["mantineans"]  # argos's left is the south
    # the screen before the line, phalanxes on it facing the enemy (§2, §6)
    counters = setup.counters
    assert counters is not None  # the translation brings its own counters
    for s in setup.stacks:
        zone = board.lines[s.side].zone(board.column(s.hex))
        first = counters[s.counters[0]]
        assert zone == ("front1" if first.id.startswith(("helots", "argive-light"))
                        else "line"), first.id
        if first.phalanx:
            assert s.facing == (2 if s.side == "sparta" else 5)


def test_what_raphia_has_no_rules_for_is_dropped() -> None:
    from ancients.oob import parse_oob

    doc = ancients.battles()["zama-202bc"].to_dict()
    for c in doc["sides"][1]["contingents"]:
        if c["id"] == "veterans":  # Hannibal's own contingent
            c["kind"] = "chariots"
        elif c["id"] == "moors":
            c["kind"] = "war engines"
    oob = parse_oob(doc)
    sc = _field(_raphia(), oob)
    assert "Hannibal's veterans from Italy (carthage): chariots, dropped: Raphia has no " \
        "chariots" in sc.notes
    assert "Moors (carthage): war engines, dropped: Raphia has no war engines" in sc.notes
    assert "Hannibal (carthage): the contingent veterans is not fielded; the leader " \
        "counter stands in the middle of the line" in sc.notes
    setup: RaphiaSetup = sc.parsed
    assert setup.board is not None and setup.counters is not None
    home = next(s for s in setup.stacks if "carthage-general" in s.counters)
    assert setup.board.lines["carthage"].zone(setup.board.column(home.hex)) == "line"
    assert not any(c.startswith(("veterans", "moors")) for c in setup.counters.counters)


def test_second_lines_and_reserves_stand_behind() -> None:
    sc = _field(_raphia(), "delium-424bc")
    setup: RaphiaSetup = sc.parsed
    assert setup.board is not None
    squadrons = next(s for s in setup.stacks
                     if s.counters[0].startswith("squadrons-behind-the-hill"))
    assert setup.board.lines["boeotia"].zone(setup.board.column(squadrons.hex)) == "reserve"
    assert "25 ranks deep: up to 6 counters a hex, §5's limit" in sc.notes[0]
    fine: RaphiaSetup = _field(_raphia(), "delium-424bc", scale=100).parsed

    def stacks(contingent: str) -> list[int]:
        return [sum(1 for c in s.counters if not c.endswith("general"))
                for s in fine.stacks if s.counters[0].startswith(contingent)]

    # 25 ranks: up to §5's limit of six a hex; 8 ranks: the usual four
    assert stacks("thebans") == [5] * 5  # 2,500 men
    assert stacks("athenian-hoplites-left") == [4, 4, 4, 4, 4, 3]  # 2,300 men


# -- the game's own battle, against the hand-made scenario ---------------------------------
#: Polybius's groups (the order of battle's contingents) and the counter sheet's lines
#: (counters.toml) that the hand-made scenario deploys for each
GROUPS: dict[tuple[str, ...], tuple[str, ...]] = {
    ("P-elephants-left", "P-elephants-right"): ("P-elephants",),
    ("P-household-horse",): ("P-household-cav",),
    ("P-libyan-horse",): ("P-libyan-cav", "P-egyptian-cav"),
    ("P-cretans", "P-neo-cretans"): ("P-cretans",),
    ("P-agema",): ("P-agema",),
    ("P-peltasts",): ("P-peltasts",),
    ("P-libyans",): ("P-libyans",),
    ("P-phalanx",): ("P-phal-mace",),
    ("P-egyptians",): ("P-egyptians",),
    ("P-greek-mercenaries",): ("P-merc-grec",),
    ("P-thracians-gauls",): ("P-thracians", "P-gauls"),
    ("P-greek-horse",): ("P-greek-cav",),
    ("S-elephants-left", "S-elephants-right"): ("S-elephants",),
    ("S-themison-horse",): ("S-themison-cav",),
    ("S-lydians",): ("S-lydians",),
    ("S-cardaces",): ("S-cardaces",),
    ("S-agrianians-persians",): ("S-agrianians", "S-persians"),
    ("S-thracians",): ("S-thracian-peltasts",),
    ("S-medes",): ("S-medes", "S-cissians", "S-cadusians", "S-carmanians-east"),
    ("S-arabs",): ("S-arabs",),
    ("S-phalanx",): ("S-phal-mace",),
    ("S-silver-shields",): ("S-argyraspides",),
    ("S-byttacus",): ("S-dahae", "S-carmanians", "S-cilicians"),
    ("S-greek-mercenaries",): ("S-merc-grec",),
    ("S-cretans", "S-neo-cretans"): ("S-cretans", "S-neo-cretans"),
    ("S-angle-horse",): ("S-cavalry",),
    ("S-guard-horse",): ("S-companions",),
}
#: the two light divisions the counter sheet splits by nationality, a counter for each
#: people (5,000 men in six counters, about 830 a counter, where the sheet's scale is
#: 1,700 foot): the translation counts them at its one scale
BY_NATIONALITY = {("S-medes",): (3, 6), ("S-byttacus",): (3, 6)}


def _line(cid: str) -> str:
    """A counter's line of the sheet: ``P-phal-mace3`` is ``P-phal-mace``."""
    return cid.rstrip("0123456789")


def test_the_game_battle_stays_close_to_the_hand_made_scenario() -> None:
    """Close: the same contingents (every group of Polybius's maps to the lines of the
    counter sheet the hand-made scenario deploys for it, each contingent and each line
    once), the same classes, and each group's counters within one of the hand-made's
    (the translation's rounding to half a counter, and the hand-made sheet's own), but
    for the two divisions the sheet splits by nationality (BY_NATIONALITY, exactly)."""
    rs = _raphia()
    oob = ancients.battles()["raphia-217bc"]
    translated: RaphiaSetup = _field(rs, "raphia-217bc").parsed
    hand: RaphiaSetup = rs.scenario("raphia-217bc").parsed
    sheet = rs.data.counters
    assert translated.board is None  # the game's own map
    assert sorted(c for g in GROUPS for c in g) == sorted(c.id for c in oob.contingents())
    hand_lines = Tally(_line(c) for s in hand.stacks for c in s.counters
                       if not sheet[c].leader)
    assert sorted(line for g in GROUPS.values() for line in g) == sorted(hand_lines)
    ours = _counts(translated)
    assert translated.counters is not None
    for group, lines in GROUPS.items():
        t = sum(ours[c] for c in group)
        h = sum(hand_lines[line] for line in lines)
        if group in BY_NATIONALITY:
            assert (t, h) == BY_NATIONALITY[group], group
        else:
            assert abs(t - h) <= 1, (group, t, h)
        classes = {sheet[c].troop_class for c in sheet.counters if _line(c) in lines}
        ours_classes = {c.troop_class for c in translated.counters.counters.values()
                        if _line(c.id) in group}
        assert ours_classes == classes, group
    # the same leaders with the same contingents, the same factors where the type and
    # quality pick the same line of the sheet
    own = translated.counters
    assert [own["ptolemaic-general"].printed, own["seleucid-general"].printed] == \
        ["1 L 5", "1 L 5"]
    for cid, printed in (("P-phalanx1", "10 6 2"), ("P-egyptians1", "4 ? 2"),
                         ("S-silver-shields1", "10 5 2"), ("S-elephants-left1", "4 7 3"),
                         ("P-elephants-left1", "3 7 3"), ("P-household-horse", "4 7 5"),
                         ("P-greek-mercenaries1", "4 7 2"), ("S-cretans", "2 8 3")):
        assert own[cid].printed == printed, cid
    assert own["P-greek-mercenaries1"].mercenary and own["S-cretans"].missile
    assert own["P-egyptians1"].egyptian  # the §11 rule comes along


def test_the_scale_choice() -> None:
    rs = _raphia()
    coarse = _field(rs, "raphia-217bc", scale=3400)
    counts = _counts(coarse.parsed)
    assert counts["P-phalanx"] == 7 and counts["P-egyptians"] == 6  # 25,000 and 20,000
    assert "3,400 foot, 1,600 horse or 20 elephants a counter" in coarse.description
    fine = _field(rs, "mantinea-418bc", scale=100)
    assert _counts(fine.parsed)["lacedaemonians"] == 36  # 3,584 men
    for bad in (0, -5, "many", math.inf):
        with pytest.raises(ScenarioError, match="scale"):
            rs.from_oob("raphia-217bc", scale=bad)
    with pytest.raises(ScenarioError, match="did you mean 'scale'"):
        rs.from_oob("raphia-217bc", scael=2)
    with pytest.raises(ScenarioError, match="deploys ptolemaic and seleucid"):
        rs.from_oob("zama-202bc", map="game")
    generated = _field(rs, "raphia-217bc", map="generated")
    assert generated.parsed.board is not None


def _sizes(sc: Scenario) -> dict[TroopClass, int]:
    """The largest stack of each class."""
    own = sc.parsed.counters
    out: dict[TroopClass, int] = {}
    for s in sc.parsed.stacks:
        cls = own[s.counters[0]].troop_class
        out[cls] = max(out.get(cls, 0), sum(1 for c in s.counters if not own[c].leader))
    return out


def test_a_variant_fields_its_own_counter_sheet_and_stacking_limits() -> None:
    rs = _raphia("raphia(counters.P-phal-mace.combat=9, stacking.cavalry.limit=2)")
    sc = _field(rs, "raphia-217bc", map="generated")
    assert sc.parsed.counters["P-phalanx1"].combat == 9
    assert _sizes(sc)[TroopClass.CAVALRY] == 2
    # on the game's map the Seleucid line, its horse in stacks of two, no longer fits
    with pytest.raises(ScenarioError, match="the seleucid line of 20 stacks does not fit "
                                            "the map's 19 rows even at §5's limits"):
        rs.from_oob("raphia-217bc")


def test_stacks_are_deepened_to_fit_the_game_map() -> None:
    rs = _raphia()
    assert _sizes(_field(rs, "raphia-217bc"))[TroopClass.PHALANX] == 4
    with pytest.warns(OOBWarning) as caught:
        sc = rs.from_oob("raphia-217bc", scale=1500)
    assert "stacks deepened for the lines to fit the map's 19 rows of deployment (§5's " \
        "limits kept)" in sc.notes and len(caught) == len(sc.notes)
    sizes = _sizes(sc)
    assert sizes[TroopClass.PHALANX] > 4 and all(
        n <= rs.data.tables.stacking.limit[cls] for cls, n in sizes.items())
    board = rs.data.board
    for side in sc.sides:
        line = [s for s in sc.parsed.stacks if s.side == side
                and board.lines[side].zone(board.column(s.hex)) == "line"]
        assert len(line) <= 19


def test_a_fielded_battle_saves_restores_and_simulates() -> None:
    rs = _raphia()
    battle = rs.new_battle(_field(rs, "poteidaia-432bc"), seed=2,
                           commanders={s: RandomCommander() for s in ("athens", "corinth")})
    battle.run()
    again = rs.restore(battle.to_dict(), commanders={s: RandomCommander()
                                                     for s in ("athens", "corinth")})
    assert again.log.to_jsonl() == battle.log.to_jsonl()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", OOBWarning)
        results = ancients.simulate("raphia", battle="mantinea-418bc", runs=2, seed=1)
    assert results.scenario == "mantinea-418bc" and len(results) == 2


def test_the_docs_table_of_factors_is_the_data() -> None:
    from pathlib import Path

    from ancients.oob.model import Quality
    from ancients.raphia.translation import load_translation_table

    page = (Path(__file__).parents[2] / "docs" / "rulesets" / "raphia.md").read_text()
    section = page.split("## From an order of battle", 1)[1].split("\n## ", 1)[0]
    rows = {line.split(" | ")[0].strip("| `"): line.strip(" |").split(" | ")[1:]
            for line in section.splitlines() if line.startswith("| `")}
    table = load_translation_table(_raphia().data.counters)
    assert set(rows) == {k.value for k, _ in table.templates}
    for (kind, quality), template in table.templates.items():
        cell = rows[kind.value][list(Quality).index(quality)]
        assert cell == (f"{template.printed} ({template.like})" if template.like
                        else f"{template.printed}\\*"), (kind, quality)


# -- any valid order of battle -----------------------------------------------------------
@given(orders_of_battle())
@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None)
def test_any_order_of_battle_gives_a_scenario_or_a_clear_error(oob: Any) -> None:
    rs = _raphia()
    error: ScenarioError | None = None
    try:
        sc = _field(rs, oob)
    except ScenarioError as e:
        error = e
    if error is not None:  # a clear error, naming the battle
        assert str(error).startswith(f"raphia translation of {oob.name}: ")
        return
    assert sc.sides == oob.side_names
    setup: RaphiaSetup = sc.parsed
    assert setup.counters is not None
    assert {s.side for s in setup.stacks} == set(oob.side_names)
    for side in oob.sides:
        assert sum(1 for c in setup.counters.counters.values()
                   if c.leader and c.side == side.name) == 1
    dropped = [c for c in oob.contingents()
               if c.kind in (TroopKind.CHARIOTS, TroopKind.WAR_ENGINES, TroopKind.LEADER)]
    assert all(any(note.startswith(f"{c.name} (") and "dropped" in note
                   for note in sc.notes) for c in dropped)
    # the translation is what a scenario file would hold: it parses again the same
    assert rs.parse_scenario(sc.data, "again") == sc


_PLAYABLE = [k for k in TroopKind
             if k not in (TroopKind.CHARIOTS, TroopKind.WAR_ENGINES, TroopKind.LEADER)]


@given(orders_of_battle(kinds=_PLAYABLE, max_contingents=4), st.integers(0, 2**32 - 1))
@settings(max_examples=max(2, settings().max_examples // 20), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
def test_conformance_battles_on_drawn_orders_of_battle(oob: Any, seed: int) -> None:
    rs = _raphia()
    report = check_ruleset(rs, battles=1, seed=seed, scenario=_field(rs, oob))
    assert report.battles == 1
