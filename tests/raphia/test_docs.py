"""The ruleset's docs page stays exact: every test and every piece of code its rule
clause table names exists."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

ROOT = Path(__file__).parents[2]
DOC = ROOT / "docs" / "rulesets" / "raphia.md"
PACKAGE = ROOT / "src" / "ancients" / "raphia"


def _section(title: str) -> str:
    text = DOC.read_text(encoding="utf-8")
    return text.split(f"## {title}", 1)[1].split("\n## ", 1)[0]


def _rows() -> list[list[str]]:
    rows = [line.split(" | ") for line in _section("Rule clause → code → test").splitlines()
            if line.startswith("| ") and not line.startswith(("| § |", "|---"))]
    assert rows and all(len(r) == 4 for r in rows)
    return rows


def _tests() -> dict[str, set[str]]:
    """The test functions of each module of tests/raphia."""
    out: dict[str, set[str]] = {}
    for path in Path(__file__).parent.glob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        out[path.stem] = {n.name for n in ast.walk(tree)
                          if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")}
    return out


def test_the_clause_table_names_existing_tests() -> None:
    tests = _tests()
    named = 0
    for row in _rows():
        module = "test_rules"
        for ref in re.findall(r"`([^`]+)`", row[3]):
            if "::" in ref:
                module, ref = ref.split("::")
            elif ref in tests:  # a whole module
                named += 1
                continue
            name = ref.strip("…")  # "…" stands for the rest of the name, either end
            found = [t for t in tests[module] if t == name or (
                ref.endswith("…") and t.startswith(name) and not ref.startswith("…")) or (
                ref.startswith("…") and (name in t if ref.endswith("…")
                                         else t.endswith(name)))]
            assert found, f"{module}::{ref} (row {row[0]} {row[1][:40]!r})"
            named += 1
    assert named > 60


def test_the_clause_table_names_existing_code() -> None:
    modules = {p.stem for p in PACKAGE.glob("*.py")}
    checked = 0
    for row in _rows():
        for ref in re.findall(r"`([^`]+)`", row[2]):
            if ref.endswith((".py", ".toml")):
                assert (PACKAGE / ref).exists(), ref
            elif "." in ref and ref.split(".")[0] in modules:
                module, _, name = ref.partition(".")
                owner: object = importlib.import_module(f"ancients.raphia.{module}")
                for part in name.split("."):
                    assert hasattr(owner, part), f"{ref} (row {row[0]} {row[1][:40]!r})"
                    owner = getattr(owner, part)
            else:
                continue
            checked += 1
    assert checked > 50
