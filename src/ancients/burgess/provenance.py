"""Every reconstructed value of the Burgess tables, read from the data files themselves:
the reconstructions table of ``docs/rulesets/burgess.md`` (a test checks it is current).

>>> rows = reconstructions()
>>> ("victory.toml", "turn_limit") in {(r.file, r.where) for r in rows}
True
"""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any

import attrs

from ancients.burgess._data import DATA_PACKAGE
from ancients.testing.docblocks import markdown_table

__all__ = ["Reconstruction", "markdown", "reconstructions"]


@attrs.frozen
class Reconstruction:
    """One table or row marked ``reconstructed = true``: its file, where in it, and why."""

    file: str
    where: str
    reason: str


def _walk(node: Any, file: str, where: str, out: list[Reconstruction]) -> None:
    if isinstance(node, dict):
        if node.get("reconstructed") is True:
            out.append(Reconstruction(file, where or "(the file)", str(node.get("reason", ""))))
        for key, value in node.items():
            _walk(value, file, f"{where}.{key}" if where else key, out)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            _walk(value, file, f"{where}[{i}]", out)


def reconstructions() -> list[Reconstruction]:
    """Every reconstructed table and row of the built-in data files, file by file."""
    out: list[Reconstruction] = []
    files = sorted(f.name for f in resources.files(DATA_PACKAGE).iterdir()
                   if f.name.endswith(".toml"))
    for name in files:
        text = resources.files(DATA_PACKAGE).joinpath(name).read_text(encoding="utf-8")
        _walk(tomllib.loads(text), name, "", out)
    return out


def markdown() -> str:
    """The reconstructions as a Markdown table."""
    return markdown_table(["file", "where", "reason"],
                          [(f"`{r.file}`", f"`{r.where}`", r.reason) for r in reconstructions()])
