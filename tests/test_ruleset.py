from __future__ import annotations

import pickle
from pathlib import Path

import pytest

import ancients
from ancients.errors import OptionError, RulesetError, ScenarioError
from ancients.ruleset import parse_spec, register, ruleset_class, unregister

pytestmark = pytest.mark.usefixtures("toy")


def test_registry_lists_and_loads() -> None:
    assert "toy" in ancients.rulesets()
    assert ancients.rulesets() == sorted(ancients.rulesets())
    rs = ancients.ruleset("toy")
    assert rs.name == "toy" and rs.title.startswith("Toy")
    assert ruleset_class("toy") is type(rs)


def test_unknown_ruleset_lists_what_exists() -> None:
    with pytest.raises(RulesetError, match=r"unknown ruleset 'nope'; available: .*toy"):
        ancients.ruleset("nope")
    with pytest.raises(RulesetError, match=r"unknown ruleset 'toys'; did you mean 'toy'\? "):
        ancients.ruleset("toys")


def test_broken_registration_is_reported() -> None:
    register("broken", "no.such.module:Thing")
    try:
        with pytest.raises(RulesetError, match="failed to load"):
            ancients.ruleset("broken")
    finally:
        unregister("broken")


@pytest.mark.parametrize("spec", ["toy", "toy(turn_limit=4)", "toy(turn_limit=4, stance=cautious)",
                                  "toy(defender_bonus=true)", "toy(stance=bold)"])
def test_specs_round_trip(spec: str) -> None:
    rs = ancients.ruleset(spec)
    assert str(rs) == spec
    assert ancients.ruleset(str(rs)) == rs


def test_options_are_typed_and_canonical() -> None:
    rs = ancients.ruleset("toy( stance = cautious , turn_limit=4)")
    assert rs.options.turn_limit == 4 and rs.options.stance == "cautious"
    assert str(rs) == "toy(turn_limit=4, stance=cautious)"
    assert ancients.ruleset("toy(stance=bold)") == ancients.ruleset("toy")
    assert ancients.ruleset("toy(stance=bold)").canonical == "toy"
    assert ancients.ruleset("toy", turn_limit=2).options.turn_limit == 2
    assert str(rs.with_options(defender_bonus=True)) == (
        "toy(turn_limit=4, defender_bonus=true, stance=cautious)")
    assert hash(rs) == hash(ancients.ruleset(str(rs)))


@pytest.mark.parametrize(
    ("spec", "message"),
    [("toy(speed=3)", r"toy has no option 'speed'; its options: turn_limit=0 \(int\)"),
     ("toy(stances=bold)", r"no option 'stances'; did you mean 'stance'\? its options: "
                           r"turn_limit=0 \(int\), defender_bonus=false \(bool\)"),
     ("toy(stance=reckless)", "is not one of bold, cautious"),
     ("toy(turn_limit=x)", "is not an integer"),
     ("toy(turn_limit=-1)", "turn_limit must be >= 0"),
     ("toy(defender_bonus=maybe)", "is not true or false"),
     ("toy(turn_limit)", "is not 'option=value'"),
     ("toy(stance=bold, stance=bold)", "given twice"),
     ("toy(", "cannot parse ruleset spec")],
)
def test_bad_options_are_clear(spec: str, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        ancients.ruleset(spec)


def test_parse_spec() -> None:
    assert parse_spec("raphia(edition=1990, egyptian_morale=roll)") == (
        "raphia", {"edition": "1990", "egyptian_morale": "roll"})


def test_pickles_for_worker_processes() -> None:
    rs = ancients.ruleset("toy(stance=cautious)")
    rs.scenarios()
    again = pickle.loads(pickle.dumps(rs))
    assert again == rs and str(again) == str(rs)


def test_scenarios(tmp_path: Path) -> None:
    rs = ancients.ruleset("toy")
    assert set(rs.scenarios()) == {"duel", "melee"}
    assert rs.scenario().name == "duel" and rs.scenario("melee").name == "melee"
    with pytest.raises(ScenarioError, match="no scenario 'duels'; did you mean 'duel'"):
        rs.scenario("duels")
    with pytest.raises(ScenarioError, match="no scenario 'nope'; built-in: duel, melee"):
        rs.scenario("nope")
    path = tmp_path / "mine.toml"
    path.write_text('name = "mine"\ntitle = "Mine"\nturn_limit = 2\n'
                    '[[units]]\nid = "x"\nside = "red"\nname = "X"\nkind = "elephants"\n'
                    'strength = 2\nmorale = 20\n')
    with pytest.raises(ScenarioError) as err:
        rs.scenario(path)
    assert err.value.source == str(path) and err.value.field == "units[0].morale"
    path.write_text(path.read_text().replace("morale = 20", "morale = 7"))
    with pytest.raises(ScenarioError, match="at units: side 'blue' has no unit"):
        rs.scenario(path)
    path.write_text(path.read_text() + '[[units]]\nid = "y"\nside = "blue"\nname = "Y"\n'
                    'kind = "chariots"\nstrength = 1\nmorale = 7\n')
    battle = rs.new_battle(str(path), seed=1)
    assert battle.scenario.source == str(path)
    battle.run()
    restored = rs.restore(battle.to_dict())
    assert restored.log == battle.log


def test_module_names_stay_callable() -> None:
    import importlib

    importlib.import_module("ancients.simulate")
    importlib.import_module("ancients.ruleset")
    assert ancients.ruleset("toy").name == "toy"
    assert len(ancients.simulate("toy", runs=2)) == 2
    # still the module, too (a callable module: mypy sees only the function)
    assert ancients.ruleset.Ruleset is ancients.Ruleset  # type: ignore[attr-defined]


def test_the_core_never_imports_a_ruleset() -> None:
    import subprocess
    import sys

    code = ("import sys, ancients, ancients.simulate, ancients.testing, ancients.cli, "
            "ancients.hexgrid, ancients.tabletop; ancients.rulesets(); "
            "print(sorted(m for m in sys.modules if m.startswith('ancients.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert "ancients.simulate" in out
    for plugin in ("ancients.raphia", "ancients.monks_corner"):
        assert plugin not in out
