"""The built-in battles: each file against the JSON Schema (with the ``jsonschema``
library, an implementation independent of our loader, so the schema and the loader check
each other), its name, its sources, and the facts the ancient accounts give."""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path

import jsonschema
import pytest

from ancients.oob import (
    Basis,
    Ending,
    Line,
    OrderOfBattle,
    Quality,
    Role,
    battles,
    load_oob,
    parse_oob,
    schema,
)
from ancients.units import TroopKind

FILES = sorted(p.name for p in resources.files("ancients.oob.data").iterdir()
               if p.name.endswith(".toml"))
VALIDATOR = jsonschema.Draft202012Validator(schema())


def path(name: str) -> Path:
    return Path(str(resources.files("ancients.oob.data").joinpath(name)))


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(schema())
    assert schema() == schema() and schema() is not schema()


@pytest.mark.parametrize("name", FILES)
def test_each_file_validates_against_the_schema_and_loads(name: str) -> None:
    with path(name).open("rb") as f:
        data = tomllib.load(f)
    VALIDATOR.validate(data)
    oob = load_oob(path(name))
    assert oob.name == name.removesuffix(".toml")
    VALIDATOR.validate(oob.to_dict())
    assert parse_oob(oob.to_dict()) == oob


@pytest.mark.parametrize("name", sorted(battles()))
def test_each_battle_is_complete(name: str) -> None:
    oob = battles()[name]
    assert oob.outcome is not None and oob.outcome.winner in oob.side_names
    assert {x.side for x in oob.outcome.losses} == set(oob.side_names)
    for side in oob.sides:
        assert side.general.role is Role.GENERAL
        assert side.line(Line.FIRST), "every army has a first line"
        for c in side.contingents:
            # every figure that is not the ancient source's own says why
            if c.men.basis is not Basis.ANCIENT:
                assert c.men.note
            assert c.note or c.men.note
    cited = {s for c in oob.contingents() for s in c.men.sources}
    assert cited, "figures cite their sources"
    assert cited <= {s.id for s in oob.sources}


def test_mantinea() -> None:
    m = battles()["mantinea-418bc"]
    sparta, argos = m.sides
    assert [c.id for c in sparta.line()] == [
        "sparta-horse-left", "sciritae", "brasidians", "lacedaemonians", "heraeans",
        "maenalians", "tegeans", "sparta-horse-right"]           # Thucydides 5.67
    assert [c.id for c in argos.line()][::-1][:5] == [
        "mantineans", "arcadian-allies", "argive-thousand", "argives", "cleonae-orneae"]
    lochoi = m.contingent("lacedaemonians")
    assert lochoi.men.best == 7 * 4 * 4 * 4 * 8                 # 5.68: 448 files, 8 deep
    assert lochoi.depth is not None and lochoi.depth.best == 8
    assert m.contingent("sciritae").men.best == 600
    assert m.contingent("argive-thousand").quality is Quality.ELITE
    assert (m.contingent("athenians").men.best, m.contingent("athenian-horse").men.best) \
        == (1000, 300)                                           # 5.61
    hoplites = {s.name: s.by_kind()[TroopKind.HEAVY_INFANTRY] for s in m.sides}
    assert 8500 <= hoplites["sparta"].best <= 9500              # the modern "near 9,000"
    assert 7500 <= hoplites["argos"].best <= 8500               # and "near 8,000"
    assert m.outcome is not None and m.outcome.winner == "sparta"
    losses = m.outcome.losses_of("argos")
    assert losses is not None and losses.killed.best == 700 + 200 + 200      # 5.74


def test_delium() -> None:
    d = battles()["delium-424bc"]
    thebans = d.contingent("thebans")
    assert thebans.depth is not None and thebans.depth.best == 25          # 4.93
    assert thebans.place.wing == "right"
    boeotia = d.side("boeotia").by_kind()
    assert boeotia[TroopKind.HEAVY_INFANTRY].best == 7000                  # 4.93
    assert boeotia[TroopKind.LIGHT_INFANTRY].low >= 10000
    assert boeotia[TroopKind.HEAVY_CAVALRY].best == 1000
    assert boeotia[TroopKind.MEDIUM_INFANTRY].best == 500
    behind_the_hill = d.contingent("squadrons-behind-the-hill")
    assert behind_the_hill.place.line is Line.AMBUSH                       # 4.96
    assert all(c.depth is not None and c.depth.best == 8
               for c in d.side("athens").contingents if c.kind.foot)     # 4.94
    assert d.side("athens").by_kind()[TroopKind.HEAVY_INFANTRY].best == 7000
    assert {f.kind for f in d.terrain.features} >= {"hill"}
    assert d.terrain.left.anchor == d.terrain.right.anchor == "ravine"     # 4.96


def test_raphia_matches_polybius_totals() -> None:
    r = battles()["raphia-217bc"]

    def totals(side: str) -> tuple[int, int, int]:
        s = r.side(side)
        foot = sum(c.men.best for c in s.contingents if c.kind.foot)
        horse = sum(c.men.best for c in s.contingents
                    if c.kind in (TroopKind.LIGHT_CAVALRY, TroopKind.HEAVY_CAVALRY))
        return foot, horse, s.by_kind()[TroopKind.ELEPHANTS].best

    assert totals("ptolemaic") == (70_000, 5_000, 73)                    # 5.79
    assert totals("seleucid") == (62_000, 6_000, 102)                    # 5.79
    assert r.contingent("P-phalanx").men.best == 25_000
    assert r.contingent("P-egyptians").quality is Quality.LEVY           # newly raised
    assert r.side("seleucid").general.contingent == "S-guard-horse"      # right wing
    assert r.side("ptolemaic").general.contingent == "P-household-horse"  # left wing
    assert r.outcome is not None and r.outcome.winner == "ptolemaic"


def test_zama() -> None:
    z = battles()["zama-202bc"]
    elephants = z.contingent("elephants")
    assert elephants.kind is TroopKind.ELEPHANTS and elephants.men.best >= 80
    assert elephants.place.line is Line.SCREEN
    rome = z.side("rome")
    assert [c.id for c in rome.line(Line.SECOND)] == ["principes"]
    assert [c.id for c in rome.line(Line.THIRD)] == ["triarii"]
    assert {str(c.formation) for c in rome.contingents if c.kind.foot
            and c.kind is TroopKind.HEAVY_INFANTRY} == {"maniples"}
    assert z.contingent("numidian-horse").men.best == 4000               # Polybius 15.5
    assert z.contingent("italian-horse").place.wing == "left"            # Laelius, 15.9
    assert z.contingent("numidian-horse").place.wing == "right"          # Masinissa
    assert [c.id for c in z.side("carthage").line(Line.THIRD)] == ["veterans"]
    mercenaries = sum(c.men.best for c in z.side("carthage").line()
                      if c.service == "mercenary")
    assert mercenaries == 12_000                                         # Livy 30.33
    foot = {s.name: sum(c.men.best for c in s.contingents if c.kind.foot) for s in z.sides}
    horse = {s.name: sum(c.men.best for c in s.contingents if c.kind.mounted
                         and c.kind is not TroopKind.ELEPHANTS) for s in z.sides}
    # the splits add up to the modern totals they divide
    assert foot == {"rome": 29_000, "carthage": 36_000}
    assert horse == {"rome": 6_000, "carthage": 4_000}
    assert z.outcome is not None and z.outcome.ended is Ending.ROUT
    lost = z.outcome.losses_of("carthage")
    assert lost is not None and lost.captured is not None
    assert lost.killed.best == 20_000


def test_poteidaia() -> None:
    p = battles()["poteidaia-432bc"]
    assert p.contingent("athenian-hoplites").men.best == 3000            # 1.61
    assert p.contingent("macedonian-horse").men.best == 600
    assert p.contingent("peloponnesians").men.best == 1600               # 1.60
    assert p.contingent("peloponnesian-light").men.best == 400
    assert p.contingent("perdiccas-horse").men.best == 200               # 1.62
    assert p.contingent("chalcidians").place.line is Line.AMBUSH
    assert p.outcome is not None and p.outcome.winner == "athens"
    lost = p.outcome.losses_of("athens")
    assert lost is not None and lost.killed.best == 150


def test_battles_are_orders_of_battle() -> None:
    assert all(isinstance(b, OrderOfBattle) for b in battles().values())
    assert len(FILES) == len(battles())
