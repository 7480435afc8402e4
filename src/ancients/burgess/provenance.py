"""Every reconstructed value of the Burgess tables, read from the data files themselves:
the reconstructions table of ``docs/rulesets/burgess.md`` (a test checks it is current).

>>> rows = reconstructions()
>>> ("victory.toml", "turn_limit") in {(r.file, r.where) for r in rows}
True
"""

from __future__ import annotations

import tomllib
from importlib import resources

import attrs

from ancients.burgess._data import DATA_PACKAGE
from ancients.rulesdata import provenances
from ancients.testing.docblocks import markdown_table

__all__ = ["Reconstruction", "markdown", "reconstructions"]


@attrs.frozen
class Reconstruction:
    """One table or row marked ``reconstructed = true``: its file, where in it, and why."""

    file: str
    where: str
    reason: str


def reconstructions() -> list[Reconstruction]:
    """Every reconstructed table and row of the built-in data files, file by file."""
    out: list[Reconstruction] = []
    files = sorted(f.name for f in resources.files(DATA_PACKAGE).iterdir()
                   if f.name.endswith(".toml"))
    for name in files:
        text = resources.files(DATA_PACKAGE).joinpath(name).read_text(encoding="utf-8")
        out += [Reconstruction(name, where or "(the file)", reason)
                for where, reconstructed, reason in provenances(tomllib.loads(text))
                if reconstructed]
    return out


def markdown() -> str:
    """The reconstructions as a Markdown table."""
    return markdown_table(["file", "where", "reason"],
                          [(f"`{r.file}`", f"`{r.where}`", r.reason) for r in reconstructions()])
