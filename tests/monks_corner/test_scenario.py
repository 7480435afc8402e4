"""Scenarios: the built-ins load; bad documents fail with file and field named (Monk's
Corner, Phalanxes 1: only the legal shapes deploy)."""

from __future__ import annotations

from typing import Any

import pytest

import ancients
from ancients.errors import ScenarioError
from ancients.monks_corner import LEGAL_SHAPES, MonksCorner
from ancients.monks_corner.scenario import Setup

from .helpers import document, phalanx, scenario, unit

ALL_SHAPES = [(n, r) for n, shapes in LEGAL_SHAPES.items() for r, _ in shapes]


def test_registered_and_default_scenario() -> None:
    rs = ancients.ruleset("monks_corner")
    assert isinstance(rs, MonksCorner)
    assert set(rs.scenarios()) == {"mantinea-418bc", "phalanx-duel"}
    assert rs.scenario().name == "mantinea-418bc"


def test_mantinea_order_of_battle() -> None:
    sc = ancients.ruleset("monks_corner").scenario("mantinea-418bc")
    setup: Setup = sc.parsed
    assert sc.sides == ("sparta", "argos")
    assert {s.name: s.leader for s in setup.sides} == {"sparta": "lacedaemon", "argos": "argos"}
    assert "1 figure = 100 men" in setup.scale
    contingents = {(u.side, u.contingent) for u in setup.units if u.troop.value == "phalanx"}
    # an alliance on each side: allied contingents beside the leader's
    assert len({c for s, c in contingents if s == "sparta"}) >= 3
    assert len({c for s, c in contingents if s == "argos"}) >= 3
    lochoi = [u for u in setup.units if u.id.startswith("lochoi")]
    assert sum(u.figures for u in lochoi) == 36 and all(u.spartan for u in lochoi)


def test_mantinea_follows_thucydides() -> None:
    """5.68: the Lacedaemonian army appeared the larger (in foot, and in hoplites); no
    light troops are attested on either side; every unit says where its number comes
    from."""
    setup: Setup = ancients.ruleset("monks_corner").scenario("mantinea-418bc").parsed

    def figures(side: str, *troops: str) -> int:
        return sum(u.figures for u in setup.units if u.side == side and u.troop.value in troops)

    assert figures("sparta", "phalanx") > figures("argos", "phalanx")
    assert figures("sparta", "phalanx", "medium infantry") > \
        figures("argos", "phalanx", "medium infantry")
    assert not [u.id for u in setup.units if u.troop.value == "light infantry"]
    assert all(u.note for u in setup.units)
    athenians = next(u for u in setup.units if u.id == "athenians")
    assert athenians.figures == 12 and "1,000" in athenians.note  # 5.61, rounded up


def test_the_legal_table_is_exactly_the_texts() -> None:
    assert ALL_SHAPES == [(12, 2), (12, 3), (18, 2), (18, 3), (24, 2), (24, 3), (24, 4),
                          (30, 2), (30, 3), (30, 5), (36, 2), (36, 3), (36, 4), (36, 6)]


@pytest.mark.parametrize(("figures", "ranks"), ALL_SHAPES)
def test_every_legal_shape_loads(figures: int, ranks: int) -> None:
    sc = scenario([phalanx("p", "south", 36, 12, figures, ranks),
                   phalanx("q", "north", 36, 30)])
    p = sc.parsed.units[0]
    assert (p.ranks, p.files) == (ranks, figures // ranks)


@pytest.mark.parametrize(("figures", "ranks", "field"), [
    (12, 1, "ranks"), (12, 4, "ranks"), (18, 6, "ranks"), (24, 6, "ranks"),
    (30, 6, "ranks"), (36, 9, "ranks"), (20, 2, "figures"), (6, 2, "figures"),
    (42, 2, "figures"), (30, 4, "ranks"),
])
def test_other_shapes_are_rejected(figures: int, ranks: int, field: str) -> None:
    doc = document([phalanx("p", "south", 36, 12, figures, ranks),
                    phalanx("q", "north", 36, 30)])
    with pytest.raises(ScenarioError) as info:
        ancients.ruleset("monks_corner").parse_scenario(doc, "bad.toml")
    assert info.value.source == "bad.toml"
    assert info.value.field == f"units[0].{field}"
    assert "bad.toml" in str(info.value)


def _error(units: list[dict[str, Any]], **kw: Any) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        scenario(units, **kw)
    return info.value


def test_only_heavy_infantry_forms_phalanxes_and_missiles_fit_troops() -> None:
    e = _error([unit("l", "south", "light infantry", 6, 10, 10, spartan=True),
                phalanx("q", "north", 36, 30)])
    assert e.field == "units[0].spartan"
    e = _error([phalanx("p", "south", 36, 12, missile="javelin"), phalanx("q", "north", 36, 30)])
    assert e.field == "units[0].missile"
    e = _error([unit("h", "south", "horse", 4, 10, 10, missile="bow"),
                phalanx("q", "north", 36, 30)])
    assert e.field == "units[0].missile" and "horse may not carry bows" in str(e)


def test_overlap_off_table_duplicates_and_typos() -> None:
    assert _error([phalanx("p", "south", 36, 12), phalanx("q", "south", 37, 12),
                   phalanx("r", "north", 36, 30)]).field == "units[1].x"
    assert _error([phalanx("p", "south", 1, 12), phalanx("r", "north", 36, 30)]).field == \
        "units[0].x"
    assert _error([phalanx("p", "south", 20, 12), phalanx("p", "north", 36, 30)]).field == \
        "units[1].id"
    assert _error([phalanx("p", "south", 20, 12, colour="red"),
                   phalanx("q", "north", 36, 30)]).field == "units[0].colour"
    assert _error([phalanx("p", "south", 20, 12)]).field == "units"
    assert _error([phalanx("p", "south", 20, 12), phalanx("q", "north", 36, 30)],
                  leaders=("athens", "")).field == "sides[0].leader"


def test_bad_terrain_and_file_errors(tmp_path: Any) -> None:
    bad = [{"kind": "lava", "polygon": [[0, 0], [1, 0], [1, 1]]}]
    assert _error([phalanx("p", "south", 20, 12), phalanx("q", "north", 36, 30)],
                  terrain=bad).field == "table.terrain[0].kind"
    path = tmp_path / "broken.toml"
    path.write_text("name = 'x'\nunits = 3\n")
    with pytest.raises(ScenarioError) as info:
        ancients.ruleset("monks_corner").load_scenario(path)
    assert str(path) in str(info.value)
