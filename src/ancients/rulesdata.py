"""A ruleset's tables as data: TOML files shipped in the ruleset's package (or a user's
replacement), read through the core's :class:`~ancients.scenario.Field` so that every
error names the file and the field, each table carrying its provenance.

A table document says whether it is as printed or a reconstruction, and why::

    reconstructed = true
    reason = "only rows 2-4 are in the text; completed with monotone thresholds"

and a ruleset reads it with ``load_document("ancients.myrules.data", "combat.toml",
override=path_from_an_option)``.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

from ancients.scenario import Field, read_toml

__all__ = ["data_path", "load_document", "provenance"]


def data_path(package: str, name: str) -> str:
    """A readable name for a built-in data file (used in error messages)."""
    return f"{package}/{name}"


def load_document(package: str, default: str, override: str | Path = "") -> Field:
    """The root Field of a data file: ``override`` (a path) if given, else the built-in
    file ``default`` of ``package``. Errors are ScenarioErrors naming the file and field."""
    if override:
        return Field.root(read_toml(Path(override)), source=str(override))
    entry = resources.files(package).joinpath(default)
    with resources.as_file(entry) as path:
        data: dict[str, Any] = read_toml(path)
    return Field.root(data, source=data_path(package, default))


def provenance(doc: Field) -> tuple[bool, str]:
    """A document's (or a row's) ``reconstructed`` flag and its one-line reason (both
    required)."""
    return bool(doc["reconstructed"].as_bool()), str(doc["reason"].as_str())
