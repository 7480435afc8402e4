"""How the package's modules depend on each other."""

from __future__ import annotations

from ancients.raphia.commander import HANDLERS
from ancients.raphia.options import Kind
from ancients.testing.imports import cycles, imports


def test_raphia_modules_import_no_cycle() -> None:
    # function-level imports count: only ``if TYPE_CHECKING:`` imports are exempt
    graph = imports("ancients.raphia")
    assert "ancients.raphia.state" in graph["ancients.raphia.movement"]
    assert cycles(graph) == []


def test_only_the_ruleset_imports_the_battle() -> None:
    # the rule modules take the state; the battle drives them (the ruleset names the
    # battle class it plays with)
    graph = imports("ancients.raphia")
    assert {m for m, deps in graph.items() if "ancients.raphia.battle" in deps} == \
        {"ancients.raphia.ruleset"}


def test_every_kind_of_decision_has_a_doctrine_handler() -> None:
    assert set(HANDLERS) == set(Kind)


def test_the_data_files_are_read_by_the_cores_reader() -> None:
    # one mechanism: ancients.rulesdata reads every table, the counter sheet and the map
    graph = imports("ancients")
    raphia = {m: deps for m, deps in graph.items() if m.startswith("ancients.raphia.")}
    assert "ancients.raphia._data" not in raphia
    readers = {m for m, deps in raphia.items() if "ancients.rulesdata" in deps}
    assert {"ancients.raphia.board", "ancients.raphia.counters",
            "ancients.raphia.tables"} <= readers
