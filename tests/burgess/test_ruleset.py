"""The ruleset's workbench hooks and command line: its parameters (every number of the data
files) and a variant through its spec, a saved battle and ``compare``; duels for
matchups; ``ancients simulate burgess`` and ``ancients play burgess --svg``."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest
from click.testing import CliRunner

import ancients
from ancients.burgess.missiles import Band
from ancients.burgess.troops import TroopClass, Weapon
from ancients.cli import main
from ancients.errors import OptionError

from .helpers import ruleset

VARIANT = "burgess(missiles.ranges.longbow.long=20)"


def test_the_parameters_are_the_numbers_of_the_data_files() -> None:
    rs = ancients.ruleset("burgess")
    found = rs.parameters()
    p = found["missiles.ranges.longbow.long"]
    assert p.value == 24 and p.source == "printed" and "missiles.toml" in p.where
    assert found["victory.turn_limit.turns"].source == "reconstructed"
    assert found["victory.turn_limit.turns"].reason
    assert found["melee.dice.per"].value == 5
    assert found["table.moving.keep_off"].value == 0.25
    tempered = ancients.ruleset("burgess(elephants=tempered)").parameters()
    assert found["elephants.fight.kill"].value == "5/6"
    assert tempered["elephants.fight.kill"].value == "6"


def test_every_number_of_every_data_file_is_a_parameter() -> None:
    import tomllib
    from importlib import resources

    from ancients.burgess.rules import FILES

    found = ancients.ruleset("burgess").parameters()
    meta = {"reconstructed", "reason", "note", "notes", "title", "description", "source",
            "sources", "variant"}

    def numbers(node: object, path: tuple[str, ...]) -> list[tuple[str, ...]]:
        if isinstance(node, dict):
            return [n for k, v in node.items() if k not in meta
                    for n in numbers(v, (*path, k))]
        if isinstance(node, list):
            return [n for i, v in enumerate(node) for n in numbers(v, (*path, str(i)))]
        return [path] if isinstance(node, int | float) and not isinstance(node, bool) else []

    for prefix in FILES:
        text = resources.files("ancients.burgess.data").joinpath(f"{prefix}.toml")
        for path in numbers(tomllib.loads(text.read_text("utf-8")), ()):
            name = ".".join((prefix, *(part.replace(" ", "_") for part in path)))
            assert name in found, name
            assert found[name].where.endswith(".".join(path))
    v = ruleset("burgess(troops.class.HV_INF.move=5)")
    assert v.rules().troops[TroopClass.HV_INF].move == 5 and str(v) == \
        "burgess(troops.class.HV_INF.move=5)"


def test_a_variant_round_trips_through_its_spec_a_saved_battle_and_compare() -> None:
    v = ruleset(VARIANT)
    assert str(v) == VARIANT and ancients.ruleset(str(v)) == v
    assert v != ancients.ruleset("burgess") and pickle.loads(pickle.dumps(v)) == v
    assert v.rules().fire.ranges[Weapon.LONGBOW][Band.LONG] == 20
    assert ruleset().rules().fire.ranges[Weapon.LONGBOW][Band.LONG] == 24
    battle = v.new_battle("assault", seed=3)
    battle.run()
    saved = json.loads(json.dumps(battle.to_dict()))
    assert saved["ruleset"] == VARIANT
    assert ancients.ruleset("burgess").restore(saved).log == battle.log
    cmp = ancients.compare(["burgess", VARIANT], "assault", runs=4, seed=1, jobs=1)
    assert set(cmp.results) == {"burgess", VARIANT}
    assert cmp.differences()  # paired on the same seeds


def test_a_bad_parameter_value_is_refused_before_any_battle() -> None:
    with pytest.raises(OptionError, match=r"ranges\.longbow.*ranges must grow"):
        ancients.ruleset("burgess(missiles.ranges.longbow.long=2)")
    with pytest.raises(OptionError, match=r"no parameter 'missiles\.ranges\.longbow\.far'"):
        ancients.ruleset("burgess(missiles.ranges.longbow.far=2)")


def test_duels_for_matchups() -> None:
    rs = ancients.ruleset("burgess")
    assert "legionaries" in rs.duel_types() and "elephant" in rs.duel_types()
    sc = rs.duel("legionaries", "elephant")
    assert sc.sides == ("a", "b") and [u.unit.troop for u in sc.parsed.units] == \
        ["HV INF", "elephants"]
    m = ancients.matchups("burgess", ["legionaries", "archers"], runs=4, seed=1)
    assert m.rate.shape == (2, 2)
    with pytest.raises(ancients.AncientsError, match="no duel type"):
        rs.duel("legionaries", "dragon")


def test_the_command_line_simulates_and_plays_with_a_picture(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["simulate", "burgess", "-s", "assault", "--runs", "4",
                                  "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert "attackers" in result.output
    svg = tmp_path / "x.svg"
    result = runner.invoke(main, ["play", "burgess", "--seed", "2", "--svg", str(svg)])
    assert result.exit_code == 0, result.output
    assert svg.read_text().startswith("<svg") and "Zama, 202 BC" in svg.read_text()
    assert "Hastati" in result.output
