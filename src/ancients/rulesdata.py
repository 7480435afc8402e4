"""A ruleset's tables as data: TOML files shipped in the ruleset's package (or a user's
replacement), read through the core's :class:`~ancients.scenario.Field` so that every
error names the file and the field, each table carrying its provenance.

A table document says whether it is as printed or a reconstruction, and why::

    reconstructed = true
    reason = "only rows 2-4 are in the text; completed with monotone thresholds"

and a ruleset reads it with ``load_document("ancients.myrules.data", "combat.toml",
override=path_from_an_option)`` (the override may also be a document already in memory:
a variant's, the built-in file with some of its values changed) and its provenance with
``Provenance.of(field)``. Die tables and charts read from such files are in
:mod:`ancients.dietables`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, TypeAlias

import attrs

from ancients.scenario import Field, read_toml

__all__ = ["Provenance", "Source", "builtin_document", "data_path", "load_document", "provenance",
           "provenances"]

#: where a data file is read from: the built-in file (``""``), a user's replacement file,
#: or a raw document already in memory (a variant's: the built-in one, values changed)
Source: TypeAlias = str | Path | Mapping[str, Any]


def data_path(package: str, name: str) -> str:
    """A readable name for a built-in data file (used in error messages)."""
    return f"{package}/{name}"


@cache
def builtin_document(package: str, name: str) -> Mapping[str, Any]:
    """A built-in data file as read, read once (never change it: a variant's values go
    into a copy, :func:`ancients.parameters.apply_overrides`)."""
    with resources.as_file(resources.files(package).joinpath(name)) as path:
        found: Mapping[str, Any] = read_toml(path)
    return found


def load_document(package: str, default: str, override: Source = "") -> Field:
    """The root Field of a data file: ``override`` (a path, or a raw document read as the
    built-in file ``default``, its source named ``(variant)``) if given, else the built-in
    file ``default`` of ``package``. Errors are ScenarioErrors naming the file and field."""
    if isinstance(override, Mapping):
        return Field.root(override, source=f"{data_path(package, default)} (variant)")
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


@attrs.frozen
class Provenance:
    """Whether a table, row or value is as printed or reconstructed, and why."""

    reconstructed: bool
    reason: str

    @classmethod
    def of(cls, field: Field) -> Provenance:
        """The provenance a document (or a row) states (both keys required)."""
        return cls(*provenance(field))


def provenances(node: Any, where: str = "") -> Iterator[tuple[str, bool, str]]:
    """Every table and row of a raw data document that states its provenance, in document
    order: ``(where, reconstructed, reason)``, ``where`` its dotted path (``""``: the whole
    document; a key with a space quoted, a list's item ``[i]``)."""
    if isinstance(node, Mapping):
        if "reconstructed" in node:
            yield where, bool(node["reconstructed"]), str(node.get("reason", ""))
        for k, v in node.items():
            key = f'"{k}"' if " " in str(k) else str(k)
            yield from provenances(v, f"{where}.{key}" if where else key)
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from provenances(v, f"{where}[{i}]")
