"""The user docs: links that lead somewhere, no history of how the library was built."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: the core's pages (each ruleset's page is its own engineers')
PAGES = [ROOT / "README.md", *(ROOT / "docs" / name for name in (
    "index.md", "interface.md", "performance.md", "writing-a-ruleset.md", "workbench.md",
    "clusters.md"))]
LINK = re.compile(r"\]\(([^)\s,#]+)(?:#[^)]*)?\)")  # [text](target); not code's ](a, b)
HISTORY = re.compile(r"\bsessions?\b|\brounds? of work\b|\b(first|second|third|fourth|fifth) "
                     r"round\b|\baudit|\bwe tried\b|\bwas tried\b|\bbefore the fix",
                     re.IGNORECASE)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_links_lead_to_files_in_the_repository(page: Path) -> None:
    targets = [t for t in LINK.findall(page.read_text(encoding="utf-8"))
               if not t.startswith(("http://", "https://"))]
    missing = [t for t in targets if not (page.parent / t).exists()]
    assert missing == []


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_no_build_history(page: Path) -> None:
    found = [m.group(0) for m in HISTORY.finditer(page.read_text(encoding="utf-8"))]
    assert found == []


def test_writing_a_ruleset_is_linked() -> None:
    for page in (ROOT / "README.md", ROOT / "docs" / "index.md"):
        assert "writing-a-ruleset.md" in page.read_text(encoding="utf-8")
