"""The house rules that a reader of one module cannot see: attrs' current spelling, no
leftovers of the retired compiled build, no import cycles."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import ancients

PACKAGE = Path(ancients.__file__).resolve().parent
#: every module of the library, the rulesets' included
CORE = sorted(PACKAGE.rglob("*.py"))
OLD_ATTRS = re.compile(r"^\s*import attr\s*$|\battr\.(ib|s|attrs|attrib)\b", re.M)


def test_the_core_is_found() -> None:
    names = {p.name for p in CORE}
    assert {"battle.py", "events.py", "morale.py", "conformance.py"} <= names


def test_core_uses_attrs_not_attr() -> None:
    offenders = [p.name for p in CORE if OLD_ATTRS.search(p.read_text(encoding="utf-8"))]
    assert offenders == []


def test_no_compiled_build_leftovers() -> None:
    offenders = [p.name for p in CORE if "mypyc" in p.read_text(encoding="utf-8").lower()]
    assert offenders == []
    assert not (PACKAGE / "_assigning.py").exists()


#: the most lines a module may hold: past it, split it by what its parts hold
MOST_LINES = 800


def test_no_module_is_over_800_lines() -> None:
    long = {str(p.relative_to(PACKAGE)): n for p in CORE
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MOST_LINES}
    assert long == {}


def test_the_tree_shows_the_parts() -> None:
    """The engine at the top; the workbench, the pictures and the generic commanders in
    packages of their own, and none of the engine's modules importing them."""
    from ancients.testing.imports import imports

    for package in ("workbench", "pictures", "commanders"):
        assert (PACKAGE / package / "__init__.py").is_file(), package
    graph = imports("ancients")
    engine = ("battle", "dice", "events", "morale", "parameters", "ruleset", "scenario",
              "units")
    for name in engine:
        above = {m for m in graph[f"ancients.{name}"]
                 if m.startswith(("ancients.workbench", "ancients.pictures"))}
        assert above == set(), name


def test_no_module_imports_another_that_imports_it_back() -> None:
    """Function-level imports count; only ``if TYPE_CHECKING:`` imports are exempt."""
    from ancients.testing.imports import cycles, imports

    graph = imports("ancients")
    assert "ancients.raphia.state" in graph["ancients.raphia.movement"]
    assert "ancients.workbench.runs" in graph["ancients.workbench.sweeps"]
    assert cycles(graph) == []


def test_import_cycles_are_found() -> None:
    from ancients.testing.imports import cycles

    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


def test_a_sibling_reached_through_its_package_is_an_edge_to_the_sibling(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``from pkg import sub`` depends on ``pkg.sub`` (as ``import pkg.sub`` does), not on
    ``pkg``'s ``__init__``; ``from pkg import name`` of a non-module still counts ``pkg``."""
    from ancients.testing.imports import imports

    pkg = tmp_path / "housepkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("from housepkg.top import run\nVALUE = 1\n")
    (pkg / "top.py").write_text("from housepkg import leaf\n\ndef run() -> None: ...\n")
    (pkg / "leaf.py").write_text("X = 1\n")
    (pkg / "other.py").write_text("from housepkg import VALUE, leaf\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    graph = imports("housepkg")
    assert graph["housepkg.top"] == {"housepkg.leaf"}
    assert graph["housepkg.other"] == {"housepkg", "housepkg.leaf"}


def test_no_battle_class_fixes_its_own_dice() -> None:
    """Battles use keyed dice through ``Battle.keyed_dice`` (the benchmarks and a user
    turn it off there for the whole library): a ruleset's battle class does not set it."""
    from ancients.battle import Battle

    for name in ancients.rulesets():
        cls = ancients.ruleset(name).battle_class
        assert "keyed_dice" not in vars(cls), name
        assert issubclass(cls, Battle)
