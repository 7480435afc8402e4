"""The workbench's parameters: every number (and result) of the tables, the counter sheet
and the editions' turns under a readable name, with its provenance, validated, applied
to the raw documents before parsing, on top of the files the options choose."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import ancients
from ancients.battle import RandomCommander
from ancients.errors import OptionError, ScenarioError
from ancients.parameters import document_parameters
from ancients.raphia.battle import RaphiaBattle
from ancients.raphia.documents import FAMILIES, read
from ancients.raphia.ruleset import Raphia
from ancients.raphia.state import Status
from ancients.raphia.victory import winner

DATA = Path(ancients.__file__).parent / "raphia" / "data"
SIDES = ("ptolemaic", "seleucid")
#: the keys of a document that say what its values are, not values of the rules
STRUCTURE = {"combat_table": {"columns", "lowest", "highest", "roll", "printed"},
             "modifiers": {"columns", "attacker", "printed"},
             "egyptian_morale": {"dice", "rolls"},
             "stacking": {"class"},
             "victory": set(),
             "morale": set(),
             "force": set(),
             "counters": {"id", "name", "side", "type", "count"}}


def _raphia(spec: str = "raphia") -> Raphia:
    rs = ancients.ruleset(spec)
    assert isinstance(rs, Raphia)
    return rs


def test_every_number_of_every_table_is_a_parameter() -> None:
    known = _raphia().parameters()
    wheres = {p.where.rsplit(", ", 1)[1] for p in known.values() if ".toml" in p.where}
    for family in FAMILIES:
        doc = read(family)
        leaves = document_parameters(doc.value, family.prefix, "",
                                     skip=frozenset(STRUCTURE[family.prefix]))
        numbers = [n for n, p in leaves.items() if p.value not in ("L", "?")]
        assert numbers, family.prefix
        ours = {p.where.rsplit(", ", 1)[1] for n, p in known.items()
                if n.startswith(family.prefix + ".")}
        fields = {_field(n[len(family.prefix) + 1:]) for n in numbers}
        assert fields == ours, family.prefix
        assert ours <= wheres
    counts = {f.prefix: sum(1 for n in known if n.startswith(f.prefix + ".")) for f in FAMILIES}
    assert counts["combat_table"] == 12 * 8 and counts["modifiers"] == 5 * 6
    assert counts["stacking"] == 2 * 5 + 1 and counts["victory"] == 6 + 1
    assert counts["egyptian_morale"] == 3 and counts["morale"] == 6
    assert counts["force"] == 8
    assert known["edition.turns"].value == 8


def _field(path: str) -> str:
    """``row.5.results.6`` as a Field path, ``row[5].results[6]``."""
    out = ""
    for key in path.split("."):
        out += f"[{key}]" if key.isdigit() else (f".{key}" if out else key)
    return out


def test_names_a_designer_can_read() -> None:
    known = _raphia().parameters()
    assert known["combat_table.7.3/1"].value == "T"
    assert known["combat_table.12.1.5/1"].value == "X"
    assert known["modifiers.light.phalanx"].value == -4
    assert known["modifiers.cavalry.flank"].value == 2
    assert known["egyptian_morale.5-6"].value == 7
    assert known["stacking.phalanx.limit"].value == 6
    assert known["stacking.phalanx.form_cost"].value == -1
    assert known["stacking.elephant.escort"].value == 2
    assert known["victory.points.leader"].value == 5
    assert known["victory.tie"].value == "seleucid"
    assert (known["counters.P-phal-mace.combat"].value,
            known["counters.P-phal-mace.morale"].value,
            known["counters.P-phal-mace.movement"].value) == (10, 6, 2)
    assert known["counters.championship.P-egyptians-9.morale"].value == 9
    assert "counters.ptolemy.morale" not in known  # printed "L"
    assert "counters.P-egyptians.morale" not in known  # printed "?" (§11's table)
    assert "(all 14)" in known["counters.P-phal-mace.combat"].help


def test_each_parameter_has_its_provenance() -> None:
    known = _raphia().parameters()
    # printed rows of the combat table, and the printed part of a reconstructed row
    for name in ("combat_table.2.4/1", "combat_table.3.4/1", "combat_table.4.1/1"):
        assert known[name].source == "printed" and not known[name].reason
    rec = known["combat_table.4.4/1"]
    assert rec.source == "reconstructed" and rec.reason.startswith("printed from 1/4 to 1/1")
    assert known["combat_table.9.2/1"].reason.startswith("not printed")
    assert known["modifiers.cavalry.light"].source == "printed"
    assert known["modifiers.cavalry.phalanx"].source == "reconstructed"
    assert known["modifiers.elephant.cavalry"].source == "reconstructed"
    assert known["counters.P-libyan-cav.morale"].source == "printed"
    assert known["counters.S-elephants.combat"].reason.startswith("102 Indian elephants")
    assert known["egyptian_morale.1-2"].source == "printed"
    assert known["combat_table.7.3/1"].where.startswith("Annex, combat table; ")
    assert known["victory.points.cavalry"].where.startswith("§13")
    assert all(p.where and p.help for p in known.values())
    assert all(p.reason for p in known.values() if p.source == "reconstructed")


def test_values_are_bounded_so_the_workbench_can_step_them() -> None:
    for name, p in _raphia().parameters().items():
        if p.numeric:
            assert not isinstance(p.value, str), name
            assert p.low is not None and p.high is not None and p.low <= p.value <= p.high, name
        else:
            assert p.choices and p.value in p.choices, name
    rs = _raphia()
    for bad in ({"combat_table.7.3/1": "Y"}, {"counters.P-phal-mace.combat": 0},
                {"counters.P-phal-mace.movement": "fast"}, {"modifiers.light.flank": -1},
                {"victory.tie": "rome"}, {"edition.turns": 0}):
        with pytest.raises(OptionError, match="raphia"):
            rs.with_parameters(bad)
    with pytest.raises(OptionError, match=r"did you mean 'combat_table\.7\.3/1'"):
        rs.with_parameters({"combat_table.7.3/2": "X"})


def test_a_variant_round_trips_through_its_spec_a_saved_battle_and_compare() -> None:
    rs = _raphia().with_parameters({"combat_table.7.3/1": "X"})
    assert str(rs) == "raphia(combat_table.7.3/1=X)"
    assert ancients.ruleset(str(rs)) == rs and rs != _raphia()
    assert ancients.ruleset("raphia(edition=1990, combat_table.7.3/1=X)") == \
        _raphia("raphia(edition=1990)").with_parameters({"combat_table.7.3/1": "X"})
    battle = rs.new_battle(seed=3)
    battle.run()
    saved = battle.to_dict()
    assert saved["ruleset"] == "raphia(combat_table.7.3/1=X)"
    again = _raphia().restore(saved)
    assert again.ruleset == rs and again.log.to_jsonl() == battle.log.to_jsonl()
    cmp = ancients.compare(["raphia", str(rs)], runs=2, seed=3)
    assert set(cmp.results) == {"raphia", str(rs)}
    assert any(d.variant == str(rs) for d in cmp.differences())


def test_the_changed_cell_is_what_the_combats_read() -> None:
    def results(spec: str) -> list[str]:
        out = []
        for seed in range(6):
            battle = ancients.ruleset(spec).new_battle(seed=seed)
            battle.run()
            out += [e.data["result"] for e in battle.log if e.kind == "combat"
                    and e.data["column"] == "3/1" and e.data["total"] == 7]
        return out

    base, variant = results("raphia"), results("raphia(combat_table.7.3/1=X)")
    assert base and set(base) == {"T"}
    assert "X" in variant and "-" not in variant
    # and the built-in table is left as it was
    assert _raphia().data.tables.combat.rows[7][6] == "T"


def test_a_variant_is_parsed_once_and_shared() -> None:
    a = _raphia("raphia(counters.P-phal-mace.combat=8)")
    b = _raphia("raphia(egyptian_morale=championship, counters.P-phal-mace.combat=8)")
    assert a.data is b.data and a.data is not _raphia().data
    assert a.data.board is _raphia().data.board  # the map has no parameters
    assert a.scenario() is not _raphia().scenario()
    # the edition's numbers are not in the data: a variant of them shares the base's
    assert _raphia("raphia(edition.turns=4)").data is _raphia().data


def test_counter_factors_reach_every_copy_on_the_map() -> None:
    rs = _raphia("raphia(counters.P-phal-mace.combat=8, counters.S-elephants.movement=4)")
    battle = rs.new_battle(seed=1)
    assert isinstance(battle, RaphiaBattle)
    state = battle.state
    mace = [state.counter(f"P-phal-mace{i}") for i in range(1, 15)]
    assert {c.combat for c in mace} == {8} and mace[0].printed == "8 6 2"
    assert state.counter("S-elephants10").movement == 4


def test_the_editions_turns() -> None:
    for spec in ("raphia(edition.turns=3)", "raphia(edition=1990, edition.turns=2)"):
        outcome = ancients.ruleset(spec).new_battle(seed=2, commanders={
            s: RandomCommander() for s in SIDES}).run()
        assert outcome.turns == int(spec[-2])


def test_the_victory_table_in_a_variant() -> None:
    base = _raphia().new_battle(seed=1)
    assert isinstance(base, RaphiaBattle)
    assert winner(base.state, {"ptolemaic": 10, "seleucid": 10}, base.tie) == "seleucid"
    rs = _raphia("raphia(victory.tie=ptolemaic, victory.points.elephant=2)")
    battle = rs.new_battle(seed=1)
    assert isinstance(battle, RaphiaBattle)
    state = battle.state
    assert winner(state, {"ptolemaic": 10, "seleucid": 10}, battle.tie) == "ptolemaic"
    elephants = sum(1 for s in state.stacks for c in s.counters if s.status is Status.GOOD
                    and s.side == "seleucid" and c.startswith("S-elephants"))
    assert battle.victory_points()["seleucid"] == \
        base.victory_points()["seleucid"] + 2 * elephants


def test_a_stacking_limit_below_the_scenarios_stacks_is_refused_clearly() -> None:
    rs = _raphia("raphia(stacking.cavalry.limit=2)")
    with pytest.raises(ScenarioError, match=r"§5.*limit of 2") as e:
        rs.new_battle(seed=1)
    assert e.value.field is not None and e.value.field.endswith(".counters")


def test_parameters_apply_on_top_of_the_file_chosen(tmp_path: Path) -> None:
    text = (DATA / "combat_table.toml").read_text()
    p = tmp_path / "bloody.toml"
    p.write_text(text.replace('roll = 12\nresults = ["T", "T", "X"',
                              'roll = 12\nresults = ["X", "X", "X"'))
    rs = _raphia(f"raphia(combat_table={p}, combat_table.7.3/1=X)")
    rows = rs.data.tables.combat.rows
    assert rows[12][0] == "X" and rows[7][6] == "X"
    known = _raphia(f"raphia(combat_table={p})").parameters()
    assert known["combat_table.12.1/4"].value == "X"
    assert str(p) in known["combat_table.12.1/4"].where
    assert ancients.ruleset(str(rs)) == rs


def test_a_variant_may_set_any_cell_a_file_may_not(tmp_path: Path) -> None:
    # a file's rows are checked for slips (a better ratio never better for the
    # defender); a house rule may make the table what it likes
    rs = _raphia("raphia(combat_table.12.4/1=-)")
    assert rs.data.tables.combat.rows[12][7] == "-"
    text = (DATA / "combat_table.toml").read_text().replace(
        'roll = 12\nresults = ["T", "T", "X", "X", "X", "X", "X", "X"]',
        'roll = 12\nresults = ["T", "T", "X", "X", "X", "X", "X", "-"]')
    p = tmp_path / "slip.toml"
    p.write_text(text)
    with pytest.raises(ScenarioError, match="better ratio"):
        ancients.ruleset(f"raphia(combat_table={p})")


def test_a_printed_list_belongs_to_a_reconstructed_row(tmp_path: Path) -> None:
    def broken(change: Any) -> ScenarioError:
        p = tmp_path / "t.toml"
        p.write_text(change((DATA / "combat_table.toml").read_text()))
        with pytest.raises(ScenarioError) as e:
            ancients.ruleset(f"raphia(combat_table={p})")
        return e.value

    err = broken(lambda t: t.replace('printed = ["1/4", "1/3", "1/2", "1/1"]',
                                     'printed = ["1/4", "1/5"]'))
    assert err.field == "row[2].printed[1]"
    err = broken(lambda t: t.replace('reason = "printed (row 3: T only at 4/1)"',
                                     'reason = "printed"\nprinted = ["1/4"]'))
    assert err.field == "row[1].printed"


def test_the_morale_modifiers(stage: Any) -> None:
    from ancients.raphia.commander import _morale_modifier
    from ancients.raphia.morale import modifiers

    known = _raphia().parameters()
    assert (known["morale.leader_killed"].value, known["morale.leader_in_stack"].value,
            known["morale.leader_radius"].value) == (-3, 2, 2)
    assert known["morale.pursuing"].where.startswith("§9")
    for spec, expected in (
            ("raphia", [("leader within 2 hexes", 1)]),
            ("raphia(morale.leader_radius=1)", []),
            ("raphia(morale.leader_radius=4, morale.leader_near=2)",
             [("leader within 4 hexes", 2)])):
        st = stage(spec)
        st.put("ptolemaic", "1210", ["P-household-cav1", "ptolemy"])
        near = st.put("ptolemaic", "1212", ["P-cretans1"])
        assert modifiers(st.state, near) == expected, spec
        assert _morale_modifier(st.state, near) == sum(v for _, v in expected)
    st = stage("raphia(morale.leader_in_stack=3, morale.pursuing=0)")
    pursuer = st.put("ptolemaic", "1210", ["P-household-cav1", "ptolemy"],
                     status=Status.PURSUING)
    assert modifiers(st.state, pursuer) == [("leader in the stack", 3)]  # no 0 modifier
    assert _morale_modifier(st.state, pursuer) == 3
    st.state.leader_dead.add("ptolemaic")
    assert modifiers(st.state, pursuer) == [("army leader killed", -3)]
