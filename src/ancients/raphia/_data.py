"""Reading the package's data files (or a user's replacement) through the core's Field."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

from ancients.scenario import Field, read_toml

DATA_PACKAGE = "ancients.raphia.data"


def data_path(name: str) -> str:
    """A readable name for a built-in data file (used in error messages)."""
    return f"{DATA_PACKAGE}/{name}"


def load_document(default: str, override: str = "") -> Field:
    """The root Field of a data file: ``override`` (a path) if given, else the built-in
    ``default``. Errors are ScenarioErrors naming the file and the field."""
    if override:
        return Field.root(read_toml(Path(override)), source=override)
    entry = resources.files(DATA_PACKAGE).joinpath(default)
    with resources.as_file(entry) as path:
        data: dict[str, Any] = read_toml(path)
    return Field.root(data, source=data_path(default))


def provenance(doc: Field) -> tuple[bool, str]:
    """A document's ``reconstructed`` flag and its one-line reason (both required)."""
    return bool(doc["reconstructed"].as_bool()), str(doc["reason"].as_str())
