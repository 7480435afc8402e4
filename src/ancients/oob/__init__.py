"""The neutral order of battle: one historical battle described once, from the ancient
sources and at no ruleset's scale, so that every ruleset can field it.

>>> import ancients
>>> oob = ancients.battles()["mantinea-418bc"]
>>> oob.side_names
('sparta', 'argos')
>>> print(oob.side("sparta").men)            # best estimate (low-high)
9,984 (7,136-15,232)

The format is described field by field in ``docs/oob.md``; :func:`schema` is its JSON
Schema. Hypothesis strategies over it are in :mod:`ancients.oob.strategies` (``test``
extra).
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any

from ancients._words import did_you_mean
from ancients.errors import ScenarioError
from ancients.oob.loader import load_oob, parse_oob
from ancients.oob.model import (
    COUNTED_APART,
    FORMAT,
    Anchor,
    Armour,
    Basis,
    Commander,
    Contingent,
    Date,
    Ending,
    Era,
    Estimate,
    Feature,
    FeatureKind,
    Flank,
    Formation,
    HistoricalOutcome,
    Line,
    Losses,
    Missile,
    OrderOfBattle,
    Place,
    Position,
    Quality,
    Role,
    Season,
    Sector,
    Service,
    Shield,
    Side,
    Source,
    Terrain,
    Weapon,
    Wing,
    Zone,
    total,
)

__all__ = [
    "COUNTED_APART",
    "FORMAT",
    "Anchor",
    "Armour",
    "Basis",
    "Commander",
    "Contingent",
    "Date",
    "Ending",
    "Era",
    "Estimate",
    "Feature",
    "FeatureKind",
    "Flank",
    "Formation",
    "HistoricalOutcome",
    "Line",
    "Losses",
    "Missile",
    "OrderOfBattle",
    "Place",
    "Position",
    "Quality",
    "Role",
    "Season",
    "Sector",
    "Service",
    "Shield",
    "Side",
    "Source",
    "Terrain",
    "Weapon",
    "Wing",
    "Zone",
    "battle",
    "battles",
    "load_oob",
    "parse_oob",
    "schema",
    "total",
]

_BATTLES = "ancients.oob.data"


def battles() -> dict[str, OrderOfBattle]:
    """The built-in battles, by name (read on the first call)."""
    return dict(_builtin())


def battle(name: str | OrderOfBattle) -> OrderOfBattle:
    """A built-in battle by name (an :class:`OrderOfBattle` is returned as it is)."""
    if isinstance(name, OrderOfBattle):
        return name
    found = _builtin()
    if name not in found:
        raise ScenarioError(f"no built-in battle {name!r}; {did_you_mean(name, sorted(found))}"
                            f"built-in: {', '.join(sorted(found))}")
    return found[name]


@functools.cache
def _builtin() -> dict[str, OrderOfBattle]:
    found: dict[str, OrderOfBattle] = {}
    for entry in sorted(resources.files(_BATTLES).iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".toml"):
            with resources.as_file(entry) as path:
                oob = load_oob(path)
            found[oob.name] = oob
    return found


@functools.cache
def _schema_text() -> str:
    return resources.files("ancients.oob").joinpath("schema.json").read_text("utf-8")


def schema() -> dict[str, Any]:
    """The format's JSON Schema (a fresh copy)."""
    out: dict[str, Any] = json.loads(_schema_text())
    return out
