"""The duels of ``ancients.matchups``: one unit of each of a few typical Burgess troop
types, face to face on open ground (``Burgess.duel_types``, ``Burgess.duel``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ancients.errors import RulesetError

__all__ = ["TYPES", "duel"]

#: the duel types: a unit's troop class, armour, weapon, figures and ranks
TYPES: Mapping[str, Mapping[str, Any]] = {
    "legionaries": {"troop": "HV INF", "armour": "full armour infantry", "weapon": "pilum",
                    "figures": 12, "ranks": 3},
    "spearmen": {"troop": "HV INF", "armour": "partial armour infantry", "figures": 12,
                 "ranks": 3, "spearmen": True},
    "archers": {"troop": "LT INF", "armour": "unarmoured infantry", "weapon": "longbow",
                "figures": 8, "ranks": 2},
    "slingers": {"troop": "LT INF", "armour": "unarmoured infantry", "weapon": "sling",
                 "figures": 8, "ranks": 2},
    "cataphracts": {"troop": "HV CAV", "armour": "armoured cavalry", "figures": 6, "ranks": 2},
    "light-horse": {"troop": "LT CAV", "armour": "unarmoured cavalry", "weapon": "javelin",
                    "figures": 8, "ranks": 2},
    "horse-archers": {"troop": "LT CAV", "armour": "unarmoured cavalry", "weapon": "longbow",
                      "figures": 8, "ranks": 2},
    "chariots": {"troop": "chariots", "armour": "mailed cavalry", "weapon": "longbow",
                 "figures": 4, "ranks": 1},
    "elephant": {"troop": "elephants", "figures": 1},
}


def duel(first: str, second: str) -> dict[str, Any]:
    """The scenario document: ``first`` (side ``a``, facing north) against ``second``
    (side ``b``) 18 inches apart on a 36 by 30 inch table, 8 turns."""
    for name in (first, second):
        if name not in TYPES:
            raise RulesetError(f"burgess has no duel type {name!r}; its types: "
                               f"{', '.join(TYPES)}")
    units = []
    for side, name, y, facing in (("a", first, 6.0, 0.0), ("b", second, 24.0, 180.0)):
        units.append({"id": f"{side}-{name}", "name": f"{name} ({side})", "side": side,
                      "x": 18.0, "y": y, "facing": facing, **TYPES[name]})
    return {"name": f"duel {first} v {second}", "title": f"{first} against {second}",
            "turn_limit": 8, "table": {"width": 36.0, "depth": 30.0},
            "sides": [{"name": "a", "title": first}, {"name": "b", "title": second}],
            "units": units}
