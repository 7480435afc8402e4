"""The docs page stays true to the data and the code: every generated table is current,
every test the clause table names exists, every module is listed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import ancients
from ancients.hoplomachia import odds

from .helpers import DOC

TESTS = Path(__file__).parent
TEXT = DOC.read_text()


@pytest.mark.parametrize("name", sorted(odds.BLOCKS))
def test_generated_block_is_current(name: str) -> None:
    assert odds.block(name) in TEXT, f"stale block {name}: run odds.refresh on the page"


def test_every_marker_names_a_block() -> None:
    names = re.findall(r"<!-- generated: ([\w-]+) -->", TEXT)
    assert sorted(names) == sorted(odds.BLOCKS)


def test_refresh_rewrites_a_stale_block(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("intro\n<!-- generated: hieres -->\nold\n<!-- end: hieres -->\nend\n")
    assert odds.refresh(page) == ["hieres"]
    assert odds.block("hieres") in page.read_text() and page.read_text().endswith("end\n")
    assert odds.refresh(page) == []


def test_the_clause_tables_tests_exist() -> None:
    table = TEXT[TEXT.index("## Rule clause"):TEXT.index("## Readings")]
    named = re.findall(r"`(test_\w+)::(test_\w+)`", table)
    assert len(named) > 60
    for module, test in named:
        source = (TESTS / f"{module}.py").read_text()
        assert f"def {test}(" in source, f"{module}::{test}"


def test_every_module_is_listed() -> None:
    package = Path(ancients.__file__).parent / "hoplomachia"
    listing = TEXT[TEXT.index("## Modules"):TEXT.index("## Rule clause")]
    for module in package.glob("*.py"):
        if module.stem != "__init__":
            assert f"`{module.name}`" in listing, module.name
