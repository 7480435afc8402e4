"""§1 and the Annex: the counters, map and tables as data, their checks and overrides."""

from __future__ import annotations

from pathlib import Path

import pytest

import ancients
from ancients.errors import ScenarioError
from ancients.raphia.board import load_board
from ancients.raphia.counters import TroopType, load_counters
from ancients.raphia.ruleset import Raphia
from ancients.raphia.tables import load_tables


def _raphia(spec: str = "raphia") -> Raphia:
    rs = ancients.ruleset(spec)
    assert isinstance(rs, Raphia)
    return rs

DATA = Path(ancients.__file__).parent / "raphia" / "data"


def test_counter_mix_is_58_and_66_with_a_reason_each() -> None:
    cs = load_counters()
    assert len(cs.side("ptolemaic")) == 58
    assert len(cs.side("seleucid")) == 66
    assert all(c.reason for c in cs.counters.values())


@pytest.mark.parametrize(("name", "type_", "printed"), [
    ("Antiochos III", TroopType.LEADER, "1 L 5"),
    ("Carmanians", TroopType.LIGHT, "3 9 3"),
    ("Cretans", TroopType.LIGHT_MISSILE, "2 8 3"),
    ("Thracians", TroopType.SEMI_HEAVY, "8 7 3"),
    ("Phal. Mace", TroopType.PHALANX_NORMAL, "10 6 2"),
    ("Merc. Grec", TroopType.PHALANX_OTHER, "4 7 2"),
    ("Elephants", TroopType.ELEPHANT, "3 7 3"),
    ("Libyan cavalry", TroopType.CAVALRY, "3 9 5"),
    ("Egyptian phalanx", TroopType.PHALANX_NORMAL, "4 ? 2"),
])
def test_printed_examples_are_kept(name: str, type_: TroopType, printed: str) -> None:
    found = [c for c in load_counters().counters.values() if c.name == name]
    assert found
    assert all(c.type is type_ and c.printed == printed for c in found)


def test_championship_counter_4_9_2_is_printed() -> None:
    champ = load_counters().championship
    assert any(c.printed == "4 9 2" and not c.reconstructed for c in champ)
    assert len(champ) == sum(1 for c in load_counters().counters.values() if c.egyptian)


def test_combat_table_keeps_the_printed_fragments() -> None:
    t = load_tables().combat
    assert t.columns == ("1/4", "1/3", "1/2", "1/1", "1.5/1", "2/1", "3/1", "4/1")
    assert set(t.rows[2]) == {"-"}
    assert t.rows[3] == ("-",) * 7 + ("T",)
    assert t.rows[4][:4] == ("-",) * 4


def test_combat_table_is_monotone_and_clamps() -> None:
    t = load_tables().combat
    rank = {"-": 0, "T": 1, "X": 2}
    for roll in range(t.lowest, t.highest + 1):
        for c in range(1, len(t.columns)):
            assert rank[t.rows[roll][c]] >= rank[t.rows[roll][c - 1]]
        if roll > t.lowest:
            assert all(rank[a] >= rank[b] for a, b in zip(t.rows[roll], t.rows[roll - 1],
                                                          strict=True))
    assert t.result(7, -5) == t.result(7, 2)  # "2 or less"
    assert t.result(0, 30) == t.result(0, t.highest)


def test_ratio_rounds_down_in_the_defenders_favour() -> None:
    t = load_tables().combat

    def column(attack: int, defence: int) -> str:
        index = t.column(attack, defence)
        assert index is not None, (attack, defence)
        return t.columns[index]

    assert column(11, 5) == "2/1"  # the §8 example
    assert t.column(1, 5) is None  # below 1/4: no effect
    assert column(50, 2) == "4/1"
    assert column(3, 2) == "1.5/1"
    assert column(29, 10) == "2/1"


def test_modifiers_table_printed_rows_and_flank_drops_negatives() -> None:
    m = load_tables().modifiers
    from ancients.raphia.counters import TroopClass as C
    assert m.values[(C.LIGHT, C.PHALANX)] == -4
    assert m.values[(C.SEMI_HEAVY, C.LIGHT)] == 1
    assert m.values[(C.PHALANX, C.CAVALRY)] == 2
    assert m.values[(C.CAVALRY, C.LIGHT)] == 3
    assert m.values[(C.CAVALRY, C.SEMI_HEAVY)] == 2
    assert m.modifiers(C.LIGHT, C.PHALANX, flank=False) == [("light infantry against phalanx", -4)]
    assert m.modifiers(C.LIGHT, C.PHALANX, flank=True) == [("flank attack", 1)]


def test_egyptian_table() -> None:
    e = load_tables().egyptian
    assert [e.morale[r] for r in range(1, 7)] == [9, 9, 8, 8, 7, 7]


def test_map_edges_and_lines() -> None:
    b = load_board()
    assert b.reconstructed and b.reason
    assert not b.passable(b.hex("1501"))  # the sea
    assert not b.passable(b.hex("1526"))  # desert dunes
    assert b.passable(b.hex("1512"))
    assert b.lines["ptolemaic"].step == 1 and b.lines["seleucid"].step == -1
    # §2 and its erratum: the red line is the Seleucids', the blue the Ptolemaic camp's
    # (one printed colour per line, whatever the edition)
    assert (b.lines["seleucid"].colour, b.lines["ptolemaic"].colour) == ("red", "blue")


def test_a_table_can_be_replaced_by_option(tmp_path: Path) -> None:
    text = (DATA / "combat_table.toml").read_text()
    p = tmp_path / "bloody.toml"
    p.write_text(text.replace('roll = 12\nresults = ["T", "T", "X"',
                              'roll = 12\nresults = ["X", "X", "X"'))
    assert _raphia(f"raphia(combat_table={p})").data.tables.combat.rows[12][0] == "X"
    assert _raphia().data.tables.combat.rows[12][0] == "T"


def test_a_bad_table_names_file_and_field(tmp_path: Path) -> None:
    p = tmp_path / "bad.toml"
    p.write_text((DATA / "combat_table.toml").read_text().replace(
        'roll = 3\nresults = ["-", "-", "-", "-", "-", "-", "-", "T"]',
        'roll = 3\nresults = ["-", "-", "-", "-", "-", "-", "T", "-"]'))
    with pytest.raises(ScenarioError) as e:
        ancients.ruleset(f"raphia(combat_table={p})")
    assert e.value.source == str(p) and e.value.field == "row[1].results"


def test_missing_file_is_a_scenario_error(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError):
        ancients.ruleset(f"raphia(counters={tmp_path / 'nope.toml'})")


def test_built_in_data_and_scenarios_are_read_once(tmp_path: Path) -> None:
    """Rulesets on the built-in files share their data and parsed scenarios (a battle
    per run in ``ancients.simulate`` does not re-read them); replacement files do not."""
    a, b = _raphia(), _raphia("raphia(egyptian_morale=championship)")
    assert a.data is b.data
    assert a.scenario() is b.scenario()
    p = tmp_path / "victory.toml"
    p.write_text((DATA / "victory.toml").read_text())
    c = _raphia(f"raphia(victory_table={p})")
    assert c.data is not a.data
