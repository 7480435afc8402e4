"""Scenarios: the document's fields and their errors (each naming the file and the
field), the lochoi laid out, the built-in Poteidaia, a generated set piece."""

from __future__ import annotations

from typing import Any

import pytest

from ancients.errors import ScenarioError
from ancients.hoplomachia.pieces import Status
from ancients.hoplomachia.vocabulary import Arrangement

from .play import battle, doc, fielded, piece, ruleset

RS = ruleset()


def _bad(path: list[Any], value: Any, match: str, data: dict[str, Any] | None = None) -> None:
    d = data or doc()
    node: Any = d
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    with pytest.raises(ScenarioError, match=match):
        RS.parse_scenario(d, source="bad.toml")


def test_divisions_are_laid_out_left_to_right_in_stands() -> None:
    b = battle()
    a1, a2, a3 = (piece(b, f"a-taxis1.{n}") for n in (1, 2, 3))
    assert a1.block.x < a2.block.x < a3.block.x  # facing north: left is west
    assert a1.block.files == 2 and a1.block.ranks == 1 and a1.figures == 8
    assert a2.block.distance(a1.block) == pytest.approx(0.0, abs=1e-9)
    s1, s3 = piece(b, "s-taxis1.1"), piece(b, "s-taxis1.3")
    assert s1.block.facing == 180.0 and s1.block.x > s3.block.x  # facing south
    psiloi = piece(b, "a-psiloi")
    assert psiloi.arrangement is Arrangement.NO_FILES and psiloi.block.files == 3
    assert piece(b, "a-horse.1").block.base_depth == 1.5


@pytest.mark.parametrize(("path", "value", "match"), [
    (["sides", 0, "divisions", 0, "card"], "spartan", r"sides\[0\].divisions\[0\].card"),
    (["sides", 0, "divisions", 0, "units"], 6, r"a taxis has 1 to 5 lochos"),
    (["sides", 0, "divisions", 2, "stands"], 5, r"psilos stands has 1 or 2 or 3 or 4"),
    (["sides", 0, "divisions", 0, "hamippoi"], 1, r"hamippoi ride behind ilai"),
    (["sides", 0, "divisions", 1, "x"], 17.0, r"a-taxis2 overlaps division a-taxis1"),
    (["sides", 0, "divisions", 1, "y"], 0.2, r"does not lie wholly on the 48 x 36"),
    (["sides", 0, "nation"], "atlantean", r"sides\[0\].nation"),
    (["sides", 0, "plan"], "win", r"sides\[0\].plan"),
    (["sides", 1, "name"], "athens", r"duplicate side 'athens'"),
    (["sides", 0, "strategoi", 0, "with"], "s-taxis1", r"strategoi\[0\].with"),
    (["sides", 0, "strategoi", 0, "stance"], "symmachos", r"the Hegemon is a strategos"),
    (["sides", 0, "strategoi"], [{"id": "h", "character": "crafty", "hegemon": True,
                                  "with": "a-taxis1"},
                                 {"id": "s", "character": "crafty", "stance": "automolos",
                                  "with": "a-taxis2"}], r"only allied strategoi"),
    (["sides", 0, "strategoi", 0, "hegemon"], False, r"exactly one Hegemon"),
    (["sides", 0, "divisions", 0, "arrangement"], "no files", r"arrangement"),
    (["sides", 0, "divisions", 0, "arrives"], {"first": 2, "roll": 9}, r"arrives.roll"),
    (["table", "terrain"], [{"kind": "lava", "polygon": [[0, 0], [1, 0], [1, 1]]}],
     r"table.terrain\[0\].kind"),
])
def test_bad_documents_fail_naming_the_field(path: list[Any], value: Any, match: str) -> None:
    _bad(path, value, match)


def test_an_allied_strategos_needs_a_stance() -> None:
    d = doc()
    d["sides"][0]["divisions"][3]["allied"] = True
    d["sides"][0]["strategoi"].append({"id": "x", "character": "crafty",
                                       "with": "a-horse"})
    with pytest.raises(ScenarioError, match=r"an allied strategos .* has a stance"):
        RS.parse_scenario(d, source="bad.toml")
    d["sides"][0]["strategoi"][-1]["stance"] = "automolos"
    sc = RS.parse_scenario(d, source="ok.toml")
    assert next(s for s in sc.parsed.strategoi if s.id == "x").piece == "a-horse.2"


def test_poteidaia_is_fielded_from_the_order_of_battle_with_its_additions() -> None:
    sc = RS.scenario()
    assert sc.name == "poteidaia-432bc" and sc.sides == ("athens", "corinth")
    setup = sc.parsed
    assert [s.arete for s in setup.sides] == [10, 10]
    heads = {s.side: s for s in setup.strategoi if s.hegemon}
    assert str(heads["athens"].character) == "promachos"
    assert str(heads["corinth"].character) == "crafty"
    stances = {s.id: s.stance for s in setup.strategoi if s.stance is not None}
    assert {str(v) for v in stances.values()} == {"symmachos", "automolos"}
    late = {d.id: d.reinforcement for d in setup.divisions if d.reinforcement}
    assert set(late) == {"chalcidians", "perdiccas-horse"}
    assert all((r.first, r.last, r.roll) == (6, 8, 5) for r in late.values())
    cards = {d.id: d.card for d in setup.divisions}
    assert cards["athenian-hoplites-1"] == "athenian"
    assert cards["athenian-allies"] == "ionian"
    assert cards["peloponnesian-light"] == "psiloi"
    # 3,000 Athenian hoplites at 50 men a figure: 15 stands, 8 lochoi in two taxeis
    athenians = [d for d in setup.divisions if d.id.startswith("athenian-hoplites")]
    assert sum(len(d.units) for d in athenians) == 8
    assert sc.data["from_oob"]["battle"] == "poteidaia-432bc"  # saved small
    b = fielded(RS.new_battle(sc, seed=1))
    assert all(b.by_id[u.id].status is Status.WAITING for d in late
               for u in next(x for x in setup.divisions if x.id == d).units)


def test_an_overlay_naming_a_side_the_battle_lacks_fails() -> None:
    data = {"name": "x", "title": "x", "from_oob": {"battle": "poteidaia-432bc"},
            "sides": [{"name": "sparta", "arete": 3}]}
    with pytest.raises(ScenarioError, match=r"poteidaia-432bc has no side 'sparta'"):
        RS.parse_scenario(data, source="over.toml")
    data = {"name": "x", "title": "x", "from_oob": {"battle": "troy-1184bc"}}
    with pytest.raises(ScenarioError, match=r"from_oob.battle.*no built-in battle"):
        RS.parse_scenario(data, source="over.toml")


def test_a_situation_is_rolled_on_2d6_on_the_strategic_models_table() -> None:
    """Scenarios: "choose the Strategic Model ... and roll 2d6. This will give you the
    situation with parameters for your battle": sizes, the set-up type, terrain and
    objectives (``situation`` / ``situation-N``)."""
    from ancients.dice import Dice
    from ancients.hoplomachia.generate import LAID_OUT, generate_document
    from ancients.hoplomachia.vocabulary import Role

    rules = RS.rules()
    s = rules.situations
    assert "situation" in RS.scenarios()
    seen: set[str] = set()
    setups: set[str] = set()
    formations: set[str] = set()
    for seed in range(24):
        model = sorted(s.models)[seed % len(s.models)]
        doc = generate_document(rules, seed, model, "roll")
        dice = Dice(seed, keyed=True)
        dice.scope = "generated set piece"
        rolled = s.roll(model, dice)  # the same keyed roll the generation made
        assert doc["situation"] == rolled.situation.key
        situation = rolled.situation
        seen.add(situation.key)
        setups.add(str(situation.setup))
        for role, side in zip(Role, doc["sides"], strict=True):
            assert side["formation"] in LAID_OUT
            assert situation.setup in s.formations[side["formation"]].setups
            assert situation.objectives[role] in s.plans[side["plan"]].objectives
            formations.add(side["formation"])
            if side["formation"] == "dispersed":  # no formed line, in Open Files
                assert all(d.get("arrangement") == "open files" for d in side["divisions"]
                           if rules.cards[d["card"]].movement.disciplined)
                line = [d for d in side["divisions"] if "arrives" not in d and
                        str(rules.cards[d["card"]].category) not in ("psilos", "toxotes")]
                if len(line) > 1 and len(line) == len(side["divisions"]) - sum(
                        str(rules.cards[d["card"]].category) in ("psilos", "toxotes")
                        for d in side["divisions"]):  # every other one set back
                    assert len({d["y"] for d in line}) > 1
        divisions = [d for side in doc["sides"] for d in side["divisions"]]
        if str(situation.setup) == "encounter":
            assert all(d.get("arrangement") == "open files" for d in divisions
                       if rules.cards[d["card"]].movement.disciplined)
        if str(situation.setup) == "ambush":
            assert any("arrives" in d for d in divisions)
        if situation.terrain.get("works"):
            assert any(a["kind"] == "works" for a in doc["table"]["terrain"])
    assert len(seen) >= 3 and {"arrayed", "encounter"} <= setups
    assert "dispersed" in formations
    one = fielded(RS.new_battle(RS.scenario("situation-7"), seed=3))
    assert one.setup == fielded(RS.new_battle(RS.scenario("situation"), seed=7)).setup
    assert one.run().reason


def test_a_generated_set_piece_comes_from_the_seed() -> None:
    sc = RS.scenario("generated")
    assert sc.sides == ("attacker", "defender")
    one = fielded(RS.new_battle(sc, seed=5))
    two = fielded(RS.new_battle(sc, seed=5))
    other = fielded(RS.new_battle(sc, seed=6))
    assert one.setup == two.setup and one.setup != other.setup
    assert one.setup.situation == "set_piece"
    fixed = fielded(RS.new_battle(RS.scenario("generated-5"), seed=99))
    assert fixed.setup.divisions == one.setup.divisions
    assert "generated" in RS.scenarios()
    rules = RS.rules()
    for s in one.setup.sides:
        assert s.formation in ("battle_phalanx", "divided_phalanx")
        assert "break" in {str(o) for o in rules.situations.plans[s.plan].objectives}
    assert any(d.allied is False and d.senior for d in one.setup.divisions)
