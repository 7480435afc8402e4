"""The docs page is current: its generated tables match the data, and every code and test
its clause table names exists.

Regenerate the generated parts with ``python tests/burgess/test_docs.py --write``.
"""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path

import ancients.burgess
from ancients.burgess import odds, provenance
from ancients.testing import docblocks

DOC = Path(__file__).parents[2] / "docs" / "rulesets" / "burgess.md"
TESTS = Path(__file__).parent


def generated() -> dict[str, str]:
    """The page's generated blocks, by name."""
    body = "\n\n".join(f"### {title}\n\n{table}" for title, table in odds.tables().items())
    return {"reconstructions": provenance.markdown(), "odds": body}


def test_the_generated_tables_are_current() -> None:
    page = DOC.read_text()
    assert docblocks.names(page) == list(generated())
    assert docblocks.stale(page, generated()) == [], \
        "run: python tests/burgess/test_docs.py --write"


def test_every_test_the_clause_table_names_exists() -> None:
    page = DOC.read_text()
    named = re.findall(r"`(test_\w+)::(test_\w+)`", page)
    assert len(named) > 80
    for module, test in named:
        source = (TESTS / f"{module}.py").read_text()
        assert re.search(rf"^def {test}\(", source, re.M), f"{module}::{test}"


def test_every_function_the_clause_table_names_exists() -> None:
    page = DOC.read_text()
    table = page[page.index("## Rule clause"):page.index("## Readings")]
    modules = {m.split(".")[-1] for m in sys.modules if m.startswith("ancients.burgess.")}
    modules |= {p.stem for p in Path(ancients.burgess.__file__).parent.glob("*.py")}
    checked = 0
    for module, attr in re.findall(r"`(\w+)\.(\w+(?:\.\w+)?)", table):
        if module not in modules or attr == "toml":
            continue
        obj: object = importlib.import_module(f"ancients.burgess.{module}")
        for part in attr.split("."):
            assert hasattr(obj, part), f"{module}.{attr}"
            obj = getattr(obj, part)
        checked += 1
    assert checked > 60


if __name__ == "__main__":
    if "--write" in sys.argv:
        docblocks.refresh(DOC, generated().__getitem__)
