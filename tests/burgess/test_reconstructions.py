"""What the text does not give: the sequence of play, when an army breaks, the turn limit;
the options and the rules of every chapter loaded at once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs
import pytest

from ancients.burgess.options import BurgessOptions
from ancients.burgess.reactions import Fate
from ancients.burgess.rules import load_rules
from ancients.burgess.sequence import Acting, load_sequence, player_turns
from ancients.burgess.victory import Army, broken, load_victory, verdict
from ancients.errors import RuleError, ScenarioError

DATA = Path(__file__).parents[2] / "src" / "ancients" / "burgess" / "data"


def test_alternate_player_turns_of_six_phases() -> None:
    rules = load_sequence()
    assert [p.name for p in rules.phases] == \
        ["rally", "charges", "movement", "missiles", "hand to hand", "morale"]
    assert rules.phase("missiles").side is Acting.PHASING
    assert rules.phase("hand to hand").side is Acting.BOTH
    assert all(p.provenance.reconstructed and p.provenance.reason for p in rules.phases)
    assert player_turns(("rome", "carthage"), "rome") == \
        (("rome", "carthage"), ("carthage", "rome"))
    with pytest.raises(RuleError):
        player_turns(("rome", "carthage"), "gaul")
    with pytest.raises(RuleError, match="no phase"):
        rules.phase("lunch")


def army(**kw: Any) -> Army:
    base: dict[str, Any] = {"side": "rome", "units": 10, "lost_units": 0, "figures": 200,
                            "figures_now": 200}
    return Army(**(base | kw))


def test_an_army_breaks_with_half_its_units_lost() -> None:
    assert broken(army(lost_units=4)) is None
    assert broken(army(lost_units=5)) == "5 of its 10 units lost"


def test_an_army_breaks_when_its_c_in_c_is_lost_and_half_its_units_then_fail() -> None:
    assert broken(army(c_in_c_lost=True, tested=10, failed=4)) is None
    assert broken(army(c_in_c_lost=True, tested=10, failed=5)) is not None
    assert broken(army(c_in_c_lost=False, tested=10, failed=8)) is None


def test_the_verdict() -> None:
    rome, carthage = army(), army(side="carthage")
    assert verdict([rome, carthage]) is None
    won = verdict([army(lost_units=5), carthage])
    assert won is not None and won.winner == "carthage"
    both = verdict([army(lost_units=5), army(side="carthage", lost_units=6)])
    assert both is not None and both.winner is None and both.reason == "both armies broken"
    end = verdict([army(figures_now=150), army(side="carthage", figures_now=160)],
                  at_turn_limit=True)
    assert end is not None and end.winner == "carthage" and end.reason == "turn limit"
    draw = verdict([rome, carthage], at_turn_limit=True)
    assert draw is not None and draw.winner is None
    with pytest.raises(RuleError):
        Army("rome", units=2, lost_units=3, figures=10, figures_now=10)


def test_the_turn_limit_is_data_and_an_option() -> None:
    assert load_victory().turn_limit == 12
    assert load_rules().turn_limit == 12
    assert load_rules(BurgessOptions(turn_limit=8)).turn_limit == 8
    with pytest.raises(ValueError, match="turn_limit"):
        BurgessOptions(turn_limit=-1)


def test_the_options_choose_the_tables() -> None:
    plain = load_rules()
    assert plain.elephants.variant == "burgess"
    tempered = load_rules(BurgessOptions(elephants="tempered"))
    assert tempered.elephants.variant == "tempered"
    captured = load_rules(BurgessOptions(outnumbered_rout="captured"))
    assert captured.outnumbered.table.result(2) != plain.outnumbered.table.result(2)
    assert plain.outnumbered.table.result(2).parts[0].saved is Fate.ESCAPED  # the default
    for field in attrs.fields(BurgessOptions):
        assert field.metadata["help"]
    with pytest.raises(ValueError, match="elephants"):
        BurgessOptions(elephants="kind")  # type: ignore[arg-type]


def test_every_table_and_row_carries_its_provenance() -> None:
    import tomllib

    def walk(node: object, where: str) -> list[str]:
        bad = []
        if isinstance(node, dict):
            if ("reconstructed" in node) != ("reason" in node):
                bad.append(where)
            if "reconstructed" in node and not node["reason"]:
                bad.append(where)
            for k, v in node.items():
                bad += walk(v, f"{where}.{k}")
        elif isinstance(node, list):
            for i, v in enumerate(node):
                bad += walk(v, f"{where}[{i}]")
        return bad

    from ancients.burgess.rules import FILES

    files = sorted(DATA.glob("*.toml"))
    assert {p.stem for p in files} == {*FILES, "elephants_tempered", "translation"}
    for path in files:
        doc = tomllib.loads(path.read_text())
        assert isinstance(doc["reconstructed"], bool) and doc["reason"], path.name
        assert walk(doc, path.name) == []


def test_a_broken_data_file_names_the_file_and_field(tmp_path: Path) -> None:
    from ancients.burgess.movement import load_movement
    text = (DATA / "movement.toml").read_text()
    mine = tmp_path / "movement.toml"
    mine.write_text(text.replace("[crossing.swamp]", "[crossing.quicksand]"))
    with pytest.raises(ScenarioError, match=r"movement\.toml.*crossing\.quicksand"):
        load_movement(str(mine))
