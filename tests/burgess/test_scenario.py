"""Scenarios: the format, its clear errors (file and field), where the officer, standard
and C-in-C stand, and the state object built from it."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from ancients.burgess.defences import Defence
from ancients.burgess.rules import load_rules
from ancients.burgess.scenario import parse_scenario
from ancients.errors import ScenarioError
from ancients.tabletop import Terrain

from .helpers import bows, cavalry, document, entry, foot, staged


def parse(units: list[dict[str, Any]], **kw: Any) -> Any:
    return parse_scenario(document(units, **kw), load_rules(), "staged.toml").parsed


def test_a_staged_position_parses_into_blocks_of_figures() -> None:
    setup = parse([foot("a", "south", 20, 10, figures=10, ranks=3),
                   cavalry("b", "north", 20, 30, figures=6)])
    a, b = setup.units
    assert a.unit.depths == (3, 3, 2, 2) and a.block.files == 4 and a.block.ranks == 3
    assert a.block.facing == 0.0 and b.block.facing == 180.0  # the sides face each other
    assert (a.block.base_width, a.block.base_depth) == (0.75, 0.75)
    assert (b.block.base_width, b.block.base_depth) == (0.75, 1.5)
    assert a.unit.officer == 1 and a.unit.standard == 2  # the centre, the standard right
    assert setup.first == "south" and setup.turn_limit == 0


def test_officer_standard_and_c_in_c_positions() -> None:
    setup = parse([foot("a", "south", 20, 10, figures=12, ranks=2, officer=2, standard=False),
                   foot("b", "north", 20, 30)],
                  sides=[{"name": "south", "c_in_c": "a", "staff_officers": ["a"]},
                         {"name": "north"}])
    a = setup.units[0].unit
    assert a.officer == 1 and a.standard is None and a.c_in_c == 0  # on the officer's left
    assert a.staff_officer
    assert setup.units[1].unit.c_in_c is None


@pytest.mark.parametrize(("change", "field", "message"), [
    ({"troop": "legion"}, r"units\[0\]\.troop", "is not one of"),
    ({"armour": "mailed cavalry"}, r"units\[0\]\.troop", "need an armour class"),
    ({"weapon": "heavy war engine"}, r"units\[0\]\.troop", "cannot carry"),
    ({"figures": 0}, r"units\[0\]\.figures", "below the minimum"),
    ({"figures": 5, "ranks": 3, "files": 1}, r"units\[0\]\.figures", "cannot stand"),
    ({"x": 1.0}, r"units\[0\]\.x", "does not lie wholly on"),
    ({"officer": 9}, r"units\[0\]\.officer", "above the maximum"),
    ({"colour": "red"}, r"units\[0\]\.colour", "unknown field"),
])
def test_a_bad_unit_is_refused_naming_the_field(change: dict[str, Any], field: str,
                                                 message: str) -> None:
    unit = foot("a", "south", 20, 10) | change
    with pytest.raises(ScenarioError, match=f"staged.toml.*{field}.*{message}|"
                                            f"{message}.*staged.toml.*{field}"):
        parse([unit, foot("b", "north", 20, 30)])


def test_the_other_errors_name_their_field() -> None:
    two = [foot("a", "south", 20, 10), foot("b", "north", 20, 30)]
    cases: list[tuple[dict[str, Any], str]] = [
        ({"units": [*two, foot("a", "north", 40, 30)]}, r"units\[2\]\.id.*duplicate"),
        ({"units": [*two, foot("c", "north", 20.5, 30)]}, r"units\[2\]\.x.*overlaps"),
        ({"units": [*two, entry("e", "north", "elephants", 2, 40, 30)]},
         r"units\[2\]\.figures.*one elephant"),
        ({"units": two, "sides": [{"name": "south", "c_in_c": "b"}, {"name": "north"}]},
         r"sides\[0\]\.c_in_c.*no unit 'b'"),
        ({"units": two, "lines": [{"kind": "river", "points": [[0, 20], [72, 20]]}]},
         r"table\.lines\[0\]\.size.*missing"),
        ({"units": two, "lines": [{"kind": "hedge", "points": [[0, 20]]}]},
         r"table\.lines\[0\]\.points.*at least 2"),
        ({"units": [*two, cavalry("h", "north", 50, 30)],
          "buildings": [{"id": "house", "defence": "small building",
                         "polygon": [[48, 28], [54, 28], [54, 34], [48, 34]]}]},
         r"units\[2\]\.x.*may not stand in the house"),
        ({"units": two, "terrain": [{"kind": "woods", "downhill": 90,
                                     "polygon": [[0, 0], [4, 0], [4, 4]]}]},
         r"table\.terrain\[0\]\.downhill.*only a hill"),
        ({"units": [foot("a", "south", 20, 10)]}, r"units.*side 'north' has no units"),
    ]
    for kw, pattern in cases:
        with pytest.raises(ScenarioError, match=pattern):
            parse(**kw)


def test_lines_buildings_and_walls_become_the_table_and_its_defences() -> None:
    setup = parse([foot("a", "south", 20, 10), bows("b", "north", 30, 36)],
                  terrain=[{"kind": "hill", "polygon": [[0, 30], [20, 30], [20, 40]],
                            "downhill": 180}],
                  lines=[{"kind": "wall", "id": "w", "points": [[10, 20], [60, 20]]},
                         {"kind": "river", "size": "small", "points": [[0, 25], [72, 25]]}],
                  buildings=[{"id": "farm", "defence": "medium building",
                              "polygon": [[28, 34], [34, 34], [34, 40], [28, 40]]}])
    assert [a.kind for a in setup.table.areas] == [Terrain.HILL, Terrain.BUILDING]
    assert [line.kind for line in setup.table.lines] == [Terrain.WALL, Terrain.RIVER]
    works = {w.id: w for w in setup.works}
    assert works["w"].defence is Defence.WALL and works["w"].line is not None
    farm = works["farm"]
    assert farm.defence is Defence.MEDIUM_BUILDING and len(farm.faces(load_rules())) == 4
    assert farm.faces(load_rules())[0].value == 18


def test_the_state_keeps_its_caches_by_the_one_mutation_path() -> None:
    """No hand-kept invalidation: moving a piece by assignment is seen at once by the
    contacts and the list of pieces on the table; a what-if copy tells nobody."""
    state, _ = staged([foot("a", "south", 20, 10), foot("b", "north", 20, 20)])
    a, b = state.by_id["a"], state.by_id["b"]
    assert not state.in_melee(a) and state.contacts(b) == ()
    version = state.version
    a.block = attrs.evolve(a.block, y=20.0)  # front to front
    assert state.version > version
    assert state.contacts(b) == (a,) and state.in_melee(a)
    copy = attrs.evolve(b, ran=True)
    copy.block = attrs.evolve(copy.block, y=40.0)
    assert state.contacts(a) == (b,) and not b.ran
    from ancients.units import Condition

    b.condition = Condition.ELIMINATED
    assert state.present("north") == [] and state.contacts(a) == ()
