"""The core's house rules that a reader of one module cannot see: attrs' current spelling,
no leftovers of the retired compiled build."""

from __future__ import annotations

import re
from pathlib import Path

import ancients

PACKAGE = Path(ancients.__file__).resolve().parent
#: the core modules (the ruleset packages keep their own house)
CORE = sorted([*PACKAGE.glob("*.py"), *(PACKAGE / "testing").rglob("*.py"),
               *(PACKAGE / "examples").rglob("*.py")])
OLD_ATTRS = re.compile(r"^\s*import attr\s*$|\battr\.(ib|s|attrs|attrib)\b", re.M)


def test_the_core_is_found() -> None:
    names = {p.name for p in CORE}
    assert {"battle.py", "events.py", "morale.py", "conformance.py"} <= names


def test_core_uses_attrs_not_attr() -> None:
    offenders = [p.name for p in CORE if OLD_ATTRS.search(p.read_text(encoding="utf-8"))]
    assert offenders == []


def test_no_compiled_build_leftovers_in_the_core() -> None:
    # _assigning.py goes when raphia/state.py no longer uses it
    offenders = [p.name for p in CORE if p.name != "_assigning.py"
                 and "mypyc" in p.read_text(encoding="utf-8").lower()]
    assert offenders == []
