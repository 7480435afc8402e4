"""Generated blocks of a Markdown page: text written from a ruleset's data (its tables,
their exact odds, the provenance of every value) between two markers, so that a changed
table cannot leave a stale docs page behind. A ruleset's docs test compares the page
with its generators (:func:`stale`); :func:`refresh` rewrites the page in place::

    <!-- generated: NAME -->
    | the table | as generated |
    <!-- end: NAME -->

>>> page = "intro\\n" + block("odds", "old") + "\\nend\\n"
>>> names(page), stale(page, {"odds": "| new |"})
(['odds'], ['odds'])
>>> print(render(page, {"odds": "| new |"}.__getitem__))
intro
<!-- generated: odds -->
| new |
<!-- end: odds -->
end
<BLANKLINE>
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path

__all__ = ["block", "markdown_table", "names", "refresh", "render", "stale"]

_BLOCK = re.compile(r"<!-- generated: ([\w-]+) -->\n(?:.*?\n)?<!-- end: \1 -->", re.S)


def markdown_table(head: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A Markdown table: the header row, the rule, a row per item (cells as ``str``)."""
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def block(name: str, text: str) -> str:
    """``text`` between the markers of block ``name``."""
    return f"<!-- generated: {name} -->\n{text}\n<!-- end: {name} -->"


def names(page: str) -> list[str]:
    """The names of the generated blocks of a page, in page order."""
    return [m.group(1) for m in _BLOCK.finditer(page)]


def stale(page: str, blocks: Mapping[str, str]) -> list[str]:
    """The names of ``blocks`` (name -> text) whose block the page lacks or holds with
    other text."""
    return [name for name, text in blocks.items() if block(name, text) not in page]


def render(page: str, text: Callable[[str], str]) -> str:
    """The page with every generated block rewritten by ``text(name)``."""
    return _BLOCK.sub(lambda m: block(m.group(1), text(m.group(1))), page)


def refresh(path: str | Path, text: Callable[[str], str]) -> list[str]:
    """Rewrite every generated block of the page at ``path`` by ``text(name)``; the names
    of the blocks that changed."""
    p = Path(path)
    page = p.read_text(encoding="utf-8")
    changed: list[str] = []

    def sub(m: re.Match[str]) -> str:
        new = block(m.group(1), text(m.group(1)))
        if new != m.group(0):
            changed.append(m.group(1))
        return new

    p.write_text(_BLOCK.sub(sub, page), encoding="utf-8")
    return changed
