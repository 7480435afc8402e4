"""The tables as data: every file loads with its provenance, the text's fragments are
kept as printed, a table can be replaced, and a bad table fails with one error that
names the file and the field, checked across files too."""

from __future__ import annotations

from pathlib import Path

import pytest

from ancients.errors import ScenarioError
from ancients.hoplomachia._tables import document
from ancients.hoplomachia.arete import AreteEvent
from ancients.hoplomachia.belos import BelosReaction
from ancients.hoplomachia.rules import FILES, default_rules, load_rules
from ancients.hoplomachia.strategoi import CasualtyOccasion, Character, Stance
from ancients.hoplomachia.vocabulary import Category, GroupKind, UnitKind
from ancients.rulesdata import provenances

from .helpers import RULES, replaced


def test_every_file_and_table_says_whether_it_is_printed() -> None:
    for name in FILES.values():
        doc = document(name)
        assert isinstance(doc.value["reconstructed"], bool) and doc.value["reason"], name
        # every top-level table carries its own provenance
        for key, value in doc.value.items():
            if isinstance(value, dict) and key not in ("card", "list", "track", "change",
                                                       "chart", "reaction", "signal", "model",
                                                       "situation", "formation", "plan",
                                                       "effect", "terrain", "results"):
                assert "reconstructed" in value and value["reason"], (name, key)
        rows = list(provenances(doc.value))
        assert all(reason for _, _, reason in rows), name


def test_the_rules_bundle_is_read_once_and_names_its_sources() -> None:
    assert default_rules() is default_rules()
    assert RULES.files["cards"] == "ancients.hoplomachia.data/cards.toml"


def test_hoplite_organisation_is_printed() -> None:
    hop = RULES.cards.organisation[Category.HOPLITE]
    assert (hop.unit, hop.stands, hop.figures) == (UnitKind.LOCHOS, (2, 3, 4), 4)
    assert (hop.group, hop.group_size) == (GroupKind.TAXIS, (1, 5))
    assert not hop.provenance.reconstructed
    assert RULES.cards.organisation[Category.HIPPEUS].group is GroupKind.HIPPARCHIA
    assert hop.groups(12) == (4, 4, 4) and hop.groups(11) == (4, 4, 3)
    assert hop.groups(5) == (5,) and hop.groups(6) == (3, 3)


def test_every_troop_type_of_the_text_has_a_card() -> None:
    names = " ".join(c.name.lower() for c in RULES.cards)
    for word in ("spartiatai", "lakonian", "peloponnesian", "arkadian", "athenian", "theban",
                 "boiotian", "panhellenic", "ionian", "ataktes", "misthophoroi", "peltastes",
                 "tribal", "psiloi", "toxotai", "sphendonetai", "hippeis", "thessalian",
                 "rhomboid", "hetairoi", "wedge", "artisbara", "sparabara", "takabara",
                 "kardakes", "iphikratean", "triballoi"):
        assert word in names, word
    assert {c.formation for c in RULES.cards} == {"", "rhomboid", "wedge"}


def test_discipline_is_shown_by_the_cf_and_of_rates() -> None:
    for card in RULES.cards:
        assert card.disciplined == (card.movement.nf is None)
        assert (card.disarray is None) == (not card.disciplined)  # NF: never disarrayed


def test_printed_fragments_are_kept() -> None:
    r = RULES
    assert r.rituals.breakfast.points_for("spartan") == 2
    assert r.rituals.breakfast.points_for("thracian") == 4
    kills = r.belos.ekdromoi.kills
    assert (kills[Category.PSILOS], kills[Category.PELTAST], kills[Category.HIPPEUS]) == (5, 3, 2)
    assert {r.strategoi.stance_number(Stance.SYMMACHOS, o) for o in r.strategoi.stance_chart} \
        == {9}
    automolos = {r.strategoi.stance_number(Stance.AUTOMOLOS, o) for o in r.strategoi.stance_chart}
    numbers = {n for n in automolos if n is not None}
    assert numbers == automolos and min(numbers) == 6 and max(numbers) == 10
    promachos = r.strategoi.effect(Character.PROMACHOS)
    assert (promachos.casualty, promachos.andreia_charging) == (2, -1)
    assert r.strategoi.effect(Character.DEMAGOGUE).katastrophe == 1
    assert r.strategoi.effect(Character.CRAFTY).vote == 1
    assert r.strategoi.effect(Character.DEMAGOGUE).vote == 2
    assert r.strategoi.vote_dice.count == 2 and r.strategoi.casualty_dice.count == 2
    assert r.melee.depth == {3: 1, 4: 2}
    assert r.melee.gap == -1 and r.melee.gap_width == 0.5
    assert [r.melee.ground_given[g] for g in r.melee.ground_given] == [0, -1, -2]
    assert r.movement.spacing.bounce == 3.0 and r.movement.spacing.hoplites == 3.0
    assert r.movement.spacing.belos == 1.0
    assert r.command.runner.speed == 8.0 and r.command.runner.keep_off == 3.0
    assert r.command.runner.delay == 1
    assert r.movement.drift.approach == 0.5 and r.movement.drift.phalanx_over == 8
    assert r.belos.fire.arc == 22.0
    assert r.belos.limits.charges == {Category.HIPPEUS: 2, Category.PELTAST: 3}
    assert r.belos.limits.toxotes_shots == 12
    ch = r.arete.changes
    assert (ch[AreteEvent.LOCHOS_ROUTED].own, ch[AreteEvent.SENIOR_TAXIS_ROUTED].own,
            ch[AreteEvent.STRATEGOS_KILLED].own, ch[AreteEvent.FLANK_ENVELOPED].own,
            ch[AreteEvent.PHALANX_IN_RETREAT].own, ch[AreteEvent.PHALANX_UNDER_FIRE].own) \
        == (-1, -5, -2, -2, -2, -2)
    assert r.arete.withdraw_below == 0
    assert r.cards.hamippoi.othismos == 2 and r.cards.hamippoi.move == 1.0
    assert r.cards.hamippoi.lost_beyond == 7.0
    assert r.cards.epilektoi.adjustment == 1 and r.cards.epilektoi.per_turn == 1
    for name in ("wheatfield", "sand", "ford"):
        assert r.movement.terrain[name].disarray == 1
    assert r.movement.terrain["woods"].disarray is None  # automatic
    broken, surf = r.movement.terrain["broken"].disarray, r.movement.terrain["surf"].disarray
    assert broken is not None and broken > 1 and surf is not None and surf > 1
    assert r.epidromos.check_factor == 2 and r.epidromos.failed_repeat_disarray == 3
    assert r.melee.horse.retreat_after == 2
    assert set(CasualtyOccasion) == set(r.strategoi.killed)


def test_a_table_can_be_replaced(tmp_path: Path) -> None:
    path = replaced(tmp_path, "rituals.toml", "points = 2\nnations = { thracian = 4 }",
                    "points = 3\nnations = { thracian = 4 }")
    rules = load_rules(rituals=path)
    assert rules.rituals.breakfast.points_for("athenian") == 3
    assert rules.files["rituals"] == str(path)
    assert default_rules().rituals.breakfast.points_for("athenian") == 2


def test_an_unknown_table_set_is_refused() -> None:
    with pytest.raises(ScenarioError, match="no Hoplomachia table set"):
        load_rules(charts="x.toml")


@pytest.mark.parametrize(("name", "old", "new", "field"), [
    ("melee.toml", '{ levels = ["shield", "none"], result = "pushed back" }',
     '{ levels = ["shield", "none"], result = "no effect" }', "chart.cells[1].result"),
    ("melee.toml", '{ levels = ["threshold", "shield"], result = "broken" }',
     '{ levels = ["threshold", "shield"], result = "pushed back" }', "chart.cells[7].result"),
    ("cards.toml", 'andreia = 9\nmovement = { cf = 3.0, of = 5.0 }',
     'andreia = "nine"\nmovement = { cf = 3.0, of = 5.0 }', "card.spartiates.andreia"),
    ("arete.toml", "eager = 14\nfirm = 8", "eager = 7\nfirm = 8", "track.spartan"),
    ("andreia.toml", 'charging = ["halt", "halt", "disarray", "rout"]',
     'charging = ["halt", "halt", "disarray"]', "chart.hoplite.charging"),
    ("belos.toml", "{ intensity = 2, pass = [\"ekdromoi\"",
     "{ intensity = 3, pass = [\"ekdromoi\"", "reaction.hoplite.rows"),
    ("strategoi.toml", 'values = ["automolos", "automolos", "symmachos"',
     'values = ["automolos", "traitor", "symmachos"', "stance.values[1]"),
    ("situations.toml", "terrain = { open = 80,", "terrain = { open = 70,",
     "situation.set_piece.terrain"),
    ("armies.toml", 'card = "spartiates", dot = true, points = [2, 2, 3, 3, 3, 4]',
     'card = "spartiates", dot = true, points = [2, 2, 3, 3, 3]',
     "list.lakedaimonian.basics[0].points"),
    ("epidromos.toml", "drift = 1.0, disarray = 2, momentum = false, value = 0 }",
     "drift = 1.0, disarray = 2, momentum = false, value = 1 }",
     "chart.hoplite.rows[0].value"),
])
def test_a_bad_table_names_its_file_and_field(tmp_path: Path, name: str, old: str, new: str,
                                              field: str) -> None:
    path = replaced(tmp_path, name, old, new)
    key = next(k for k, v in FILES.items() if v == name)
    with pytest.raises(ScenarioError) as e:
        load_rules(**{key: path})
    assert e.value.source == str(path)
    assert e.value.field == field


@pytest.mark.parametrize(("name", "old", "new", "field", "words"), [
    ("cards.toml", 'charts = { andreia = "hoplite", belos = "hoplite", epidromos = "spartan" }',
     'charts = { andreia = "phalanx", belos = "hoplite", epidromos = "spartan" }',
     "card.spartiates.charts.andreia", "no Andreia chart"),
    ("cards.toml", 'charts = { andreia = "light", belos = "light", epidromos = "light" }',
     'charts = { andreia = "hoplite", belos = "light", epidromos = "light" }',
     "card.psiloi.charts.andreia", "never disarrayed"),
    ("cards.toml", 'charts = { andreia = "peltast", belos = "peltast", epidromos = "peltast" }',
     'charts = { andreia = "peltast", belos = "hoplite", epidromos = "peltast" }',
     "card.peltastes.charts.belos", "ekdromoi"),
    ("cards.toml", 'charts = { andreia = "light", belos = "archer" }',
     'charts = { andreia = "light", belos = "archer", epidromos = "light" }',
     "card.toxotai.charts.epidromos", "never charge"),
    ("armies.toml", '{ item = "hoplites", card = "athenian"',
     '{ item = "hoplites", card = "athenians"', "list.athenian.basics[0].card", "no unit card"),
    ("armies.toml", 'card = "theban", dot = true, points = [1, 2, 2, 2, 3, 3], stands = 4 }',
     'card = "theban", dot = true, points = [1, 2, 2, 2, 3, 3], stands = 5 }',
     "list.boiotian.basics[0].stands", "stands"),
    ("armies.toml", 'nation = "spartan"', 'nation = "lakedaimonian"', "list.lakedaimonian.nation",
     "no Arete track"),
])
def test_checks_across_files_name_the_field(tmp_path: Path, name: str, old: str, new: str,
                                           field: str, words: str) -> None:
    path = replaced(tmp_path, name, old, new)
    key = next(k for k, v in FILES.items() if v == name)
    with pytest.raises(ScenarioError, match=words) as e:
        load_rules(**{key: path})
    assert (e.value.source, e.value.field) == (str(path), field)


def test_only_hoplite_charts_release_ekdromoi() -> None:
    for card in RULES.cards:
        chart = RULES.belos.chart(card.charts.belos)
        assert (BelosReaction.EKDROMOI in chart.results) <= (card.category is Category.HOPLITE)


def test_a_missing_file_is_a_scenario_error(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="no such"):
        load_rules(cards=tmp_path / "nope.toml")
