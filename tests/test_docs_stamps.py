"""Tables in the docs that a script measured say which rules they measured: the
keyed-dice table of docs/workbench.md is stamped with each ruleset's rules revision,
and the stamp must be the revision installed (else run the script again)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import ancients

ROOT = Path(__file__).resolve().parent.parent


def test_the_keyed_dice_table_measured_the_current_rules() -> None:
    text = (ROOT / "docs" / "workbench.md").read_text(encoding="utf-8")
    block = text[text.index("<!-- begin: keyed dice"):text.index("<!-- end: keyed dice")]
    stamped = dict(re.findall(r"(\w+) rules\s+revision\s+(\d+)", block))
    assert set(stamped) == {"raphia", "monks_corner", "burgess", "hoplomachia"}
    stale = {name: (int(rev), ancients.ruleset(name).revision)
             for name, rev in stamped.items() if int(rev) != ancients.ruleset(name).revision}
    assert not stale, (f"docs/workbench.md's keyed-dice table measured other rules "
                       f"revisions (there, now): {stale}; run python "
                       "benchmarks/bench_keyed_dice.py --markdown docs/workbench.md")


def test_the_script_replaces_only_its_table() -> None:
    spec = importlib.util.spec_from_file_location(
        "bench_keyed_dice", ROOT / "benchmarks" / "bench_keyed_dice.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    rows = [("raphia(edition=1990)", False, 0.0, 1.0, ""),
            ("raphia(edition=1990)", True, 0.17, float("inf"), "")]
    block = bench.markdown(rows, {"raphia": (4, "raphia-217bc")}, 160, 11, "2026-12-04")
    assert "raphia rules revision 4 on `raphia-217bc`" in " ".join(block.split())
    assert "| `raphia(edition=1990)` (an edition) | 0.00, 1.0× | 0.17, —× |" not in block
    assert "| `raphia(edition=1990)` (an edition) | 0.00, 1.0× | 0.17, — |" in block
    page = f"before\n{bench.BEGIN}\nold\n{bench.END}\nafter\n"
    assert bench.replace_between(page, block) == f"before\n{block}\nafter\n"
