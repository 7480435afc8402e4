"""Staged positions for the Monk's Corner rule tests."""

from __future__ import annotations

from typing import Any

import ancients
from ancients.monks_corner import MonksCorner, MonksCornerBattle, Unit
from ancients.scenario import Scenario


def unit(uid: str, side: str, troop: str, figures: int, x: float, y: float,
         ranks: int = 1, facing: float | None = None, **extra: Any) -> dict[str, Any]:
    entry: dict[str, Any] = {"id": uid, "name": uid, "side": side, "troop": troop,
                             "figures": figures, "ranks": ranks, "x": x, "y": y, **extra}
    if facing is not None:
        entry["facing"] = facing
    return entry


def phalanx(uid: str, side: str, x: float, y: float, figures: int = 18, ranks: int = 3,
            facing: float | None = None, **extra: Any) -> dict[str, Any]:
    return unit(uid, side, "phalanx", figures, x, y, ranks, facing, **extra)


def document(units: list[dict[str, Any]], *, leaders: tuple[str, str] = ("", ""),
             terrain: list[dict[str, Any]] | None = None, width: float = 72.0,
             depth: float = 48.0) -> dict[str, Any]:
    return {
        "name": "staged", "title": "Staged position",
        "table": {"width": width, "depth": depth, "terrain": terrain or []},
        "sides": [{"name": "south", "leader": leaders[0]},
                  {"name": "north", "leader": leaders[1]}],
        "units": units,
    }


def scenario(units: list[dict[str, Any]], **kw: Any) -> Scenario:
    return ancients.ruleset("monks_corner").parse_scenario(document(units, **kw), "staged.toml")


def ruleset(spec: str = "monks_corner") -> MonksCorner:
    """``ancients.ruleset(spec)``, checked to be Monk's Corner."""
    rs = ancients.ruleset(spec)
    assert isinstance(rs, MonksCorner)
    return rs


def battle(units: list[dict[str, Any]], spec: str = "monks_corner", seed: int = 0,
           **kw: Any) -> MonksCornerBattle:
    rs = ancients.ruleset(spec)
    b = rs.new_battle(rs.parse_scenario(document(units, **kw), "staged.toml"), seed=seed,
                      commanders={"south": None, "north": None})
    assert isinstance(b, MonksCornerBattle)
    b.turn = b.state.turn = 1
    return b


def u(b: MonksCornerBattle, uid: str) -> Unit:
    return b.by_id[uid]


def place(b: MonksCornerBattle, uid: str, **changes: Any) -> Unit:
    """Move a unit's block by hand (x, y, facing)."""
    import attrs

    unit_ = b.by_id[uid]
    unit_.block = attrs.evolve(unit_.block, **changes)
    return unit_


class FixedDice:
    """Dice that show the given faces in turn (for forcing a rule's branch)."""

    def __init__(self, faces: list[int]) -> None:
        self.faces_left = list(faces)

    def d6(self, reason: str | None = None) -> int:
        return self.faces_left.pop(0)

    def roll(self, spec: str = "1d6", reason: str | None = None) -> int:
        return sum(self.faces(spec, reason))

    def faces(self, spec: str = "1d6", reason: str | None = None) -> tuple[int, ...]:
        count = int(spec.split("d")[0] or 1)
        return tuple(self.faces_left.pop(0) for _ in range(count))

    def take_rolls(self) -> tuple[()]:
        return ()
