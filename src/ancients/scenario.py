"""Scenarios: the data a battle starts from, loaded from TOML with errors that name the file
and the field.

A ruleset turns a raw document (a TOML table) into a :class:`Scenario` with
:meth:`ancients.ruleset.Ruleset.parse_scenario`, reading it through a :class:`Field`,
which knows where in which file each value came from::

    doc = Field.root(data, source="my.toml")
    name = doc["name"].as_str()
    for unit in doc["units"].items():        # units[0], units[1], ...
        hexes = unit["hex"].as_str(pattern=r"\\d{4}")
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from enum import Enum
from pathlib import Path
from typing import Any, TypeVar

import attrs

from ancients.errors import ScenarioError

__all__ = ["Field", "Scenario", "read_toml"]

E = TypeVar("E", bound=Enum)


@attrs.frozen(eq=False)
class Scenario:
    """A battle's starting data. ``data`` is the raw document it was built from (so a battle
    can be saved and replayed); ``parsed`` is the ruleset's own typed form of it."""

    name: str
    title: str
    sides: tuple[str, ...]
    data: Mapping[str, Any] = attrs.field(repr=False)
    parsed: Any = attrs.field(default=None, repr=False)
    description: str = ""
    source: str | None = None
    #: what a translation from an order of battle dropped or adjusted (each also warned
    #: of as an :class:`~ancients.errors.OOBWarning`); empty for hand-made scenarios
    notes: tuple[str, ...] = ()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Scenario):
            return NotImplemented
        return (self.name, self.sides, self.data) == (other.name, other.sides, other.data)

    def __hash__(self) -> int:
        return hash((self.name, self.sides))


def read_toml(path: str | Path) -> dict[str, Any]:
    """Read a TOML file, turning I/O and syntax errors into :class:`ScenarioError`."""
    p = Path(path)
    try:
        with p.open("rb") as f:
            return tomllib.load(f)
    except FileNotFoundError:
        raise ScenarioError("no such scenario file", source=str(p)) from None
    except OSError as e:
        raise ScenarioError(f"cannot read scenario file: {e.strerror}", source=str(p)) from None
    except tomllib.TOMLDecodeError as e:
        raise ScenarioError(f"not valid TOML: {e}", source=str(p)) from None


_MISSING = object()


@attrs.frozen
class Field:
    """A value inside a scenario document, with its path (``units[3].hex``) and source file.

    Every accessor checks the type and raises :class:`ScenarioError` naming both.
    """

    value: Any
    path: str = ""
    source: str | None = None

    @classmethod
    def root(cls, data: Mapping[str, Any], source: str | None = None) -> Field:
        return cls(data, "", source).table()

    def error(self, message: str) -> ScenarioError:
        return ScenarioError(message, source=self.source, field=self.path or None)

    def _child(self, key: str | int, value: Any) -> Field:
        if isinstance(key, int):
            path = f"{self.path}[{key}]"
        else:
            path = f"{self.path}.{key}" if self.path else key
        return Field(value, path, self.source)

    @property
    def missing(self) -> bool:
        return self.value is _MISSING

    # -- structure ----------------------------------------------------------------
    def table(self) -> Field:
        if not isinstance(self.value, Mapping):
            raise self.error(f"expected a table, got {_kind(self.value)}")
        return self

    def __getitem__(self, key: str) -> Field:
        table = self.table().value
        if key not in table:
            raise self._child(key, None).error("required field is missing")
        return self._child(key, table[key])

    def get(self, key: str) -> Field:
        """The child field, which may be missing (check ``.missing`` or use ``default=``)."""
        return self._child(key, self.table().value.get(key, _MISSING))

    def keys(self) -> list[str]:
        return list(self.table().value)

    def check_keys(self, allowed: Sequence[str]) -> Field:
        """Reject unknown keys (a typo in a scenario file should not pass silently)."""
        for key in self.table().value:
            if key not in allowed:
                raise self._child(key, None).error(
                    f"unknown field; expected one of: {', '.join(sorted(allowed))}"
                )
        return self

    def items(self) -> Iterator[Field]:
        """The elements of an array."""
        if not isinstance(self.value, list):
            raise self.error(f"expected an array, got {_kind(self.value)}")
        return (self._child(i, v) for i, v in enumerate(self.value))

    def entries(self) -> Iterator[tuple[str, Field]]:
        """The (key, field) pairs of a table."""
        return ((k, self._child(k, v)) for k, v in self.table().value.items())

    # -- scalars ------------------------------------------------------------------
    def _scalar(self, kinds: tuple[type, ...], what: str, default: Any) -> Any:
        if self.missing:
            if default is _MISSING:
                raise self.error("required field is missing")
            return default
        if isinstance(self.value, bool) and bool not in kinds:
            raise self.error(f"expected {what}, got a boolean")
        if not isinstance(self.value, kinds):
            raise self.error(f"expected {what}, got {_kind(self.value)} {self.value!r}")
        return self.value

    def as_str(self, default: Any = _MISSING, *, pattern: str | None = None) -> Any:
        v = self._scalar((str,), "a string", default)
        if pattern is not None and isinstance(v, str) and not re.fullmatch(pattern, v):
            raise self.error(f"{v!r} does not match the expected form {pattern!r}")
        return v

    def as_int(self, default: Any = _MISSING, *, min: int | None = None,
            max: int | None = None) -> Any:
        v = self._scalar((int,), "an integer", default)
        self._range(v, min, max)
        return v

    def as_float(self, default: Any = _MISSING, *, min: float | None = None,
              max: float | None = None) -> Any:
        v = self._scalar((int, float), "a number", default)
        self._range(v, min, max)
        return v if v is None else float(v)

    def as_points(self, least: int = 1) -> list[tuple[float, float]]:
        """A list of ``[x, y]`` points (a polygon's corners, a line's bends), at least
        ``least`` of them."""
        points = []
        for p in self.items():
            xy = list(p.items())
            if len(xy) != 2:
                raise p.error("a point is [x, y]")
            points.append((xy[0].as_float(), xy[1].as_float()))
        if len(points) < least:
            raise self.error(f"needs at least {least} points, has {len(points)}")
        return points

    def as_bool(self, default: Any = _MISSING) -> Any:
        return self._scalar((bool,), "true or false", default)

    def choice(self, choices: Sequence[str], default: Any = _MISSING) -> Any:
        v = self.as_str(default)
        if v not in choices and not (self.missing and v == default):
            raise self.error(f"{v!r} is not one of: {', '.join(map(repr, choices))}")
        return v

    def enum(self, enum: type[E], default: Any = _MISSING) -> Any:
        values = {str(m.value): m for m in enum}
        v = self.choice(list(values), default)
        return values.get(v, v) if isinstance(v, str) else v

    def _range(self, v: Any, lo: float | None, hi: float | None) -> None:
        if isinstance(v, int | float) and not isinstance(v, bool):
            if lo is not None and v < lo:
                raise self.error(f"{v} is below the minimum {lo}")
            if hi is not None and v > hi:
                raise self.error(f"{v} is above the maximum {hi}")


def _kind(value: Any) -> str:
    if value is _MISSING:
        return "nothing"
    return {dict: "a table", list: "an array", str: "a string", bool: "a boolean",
            int: "an integer", float: "a number"}.get(type(value), type(value).__name__)
