"""Shared units and the icepool oracle for the Burgess rule tests."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import icepool

from ancients.burgess.battle import BurgessBattle
from ancients.burgess.ruleset import Burgess
from ancients.burgess.troops import Armour, TroopClass, Unit, Weapon, load_troops

if TYPE_CHECKING:
    from ancients.burgess.state import State
    from ancients.events import Event

TROOPS = load_troops()


def exact(die: Any) -> dict[int, Fraction]:
    """An icepool die as {outcome: Fraction}."""
    den = die.denominator()
    return {int(k): Fraction(v, den) for k, v in die.items() if v}


def d6_where(faces: Iterable[int]) -> Any:
    """A die giving 1 on ``faces`` and 0 otherwise."""
    wanted = set(faces)
    return icepool.d6.map(lambda x: 1 if x in wanted else 0)


def legio(files: int = 8, ranks: int = 3, **kw: Any) -> Unit:
    kw.setdefault("armour", Armour.FULL_INFANTRY)
    kw.setdefault("weapon", Weapon.PILUM)
    return TROOPS.unit("Legio II", TroopClass.HV_INF, files, ranks, **kw)


def archers(files: int = 4, ranks: int = 2, **kw: Any) -> Unit:
    kw.setdefault("armour", Armour.UNARMOURED_INFANTRY)
    kw.setdefault("weapon", Weapon.LONGBOW)
    return TROOPS.unit("Cretans", TroopClass.LT_INF, files, ranks, **kw)


def horse(troop: TroopClass = TroopClass.LT_CAV, files: int = 4, ranks: int = 2,
          **kw: Any) -> Unit:
    kw.setdefault("armour", Armour.UNARMOURED_CAVALRY)
    return TROOPS.unit("Numidians", troop, files, ranks, **kw)


# -- staged positions on the table -------------------------------------------------------
def entry(uid: str, side: str, troop: str, figures: int, x: float, y: float,
          ranks: int = 1, facing: float | None = None, **extra: Any) -> dict[str, Any]:
    """A scenario ``[[units]]`` entry (name = id)."""
    e: dict[str, Any] = {"id": uid, "name": uid, "side": side, "troop": troop,
                         "figures": figures, "ranks": ranks, "x": x, "y": y, **extra}
    if facing is not None:
        e["facing"] = facing
    return e


def foot(uid: str, side: str, x: float, y: float, figures: int = 12, ranks: int = 2,
         armour: str = "partial armour infantry", **extra: Any) -> dict[str, Any]:
    return entry(uid, side, "HV INF", figures, x, y, ranks, armour=armour, **extra)


def bows(uid: str, side: str, x: float, y: float, figures: int = 6, ranks: int = 2,
         weapon: str = "longbow", **extra: Any) -> dict[str, Any]:
    return entry(uid, side, "LT INF", figures, x, y, ranks, armour="unarmoured infantry",
                 weapon=weapon, **extra)


def cavalry(uid: str, side: str, x: float, y: float, figures: int = 6, ranks: int = 2,
            troop: str = "LT CAV", armour: str = "unarmoured cavalry",
            **extra: Any) -> dict[str, Any]:
    return entry(uid, side, troop, figures, x, y, ranks, armour=armour, **extra)


def document(units: list[dict[str, Any]], *, terrain: list[dict[str, Any]] | None = None,
             lines: list[dict[str, Any]] | None = None,
             buildings: list[dict[str, Any]] | None = None, width: float = 72.0,
             depth: float = 48.0, sides: list[dict[str, Any]] | None = None,
             **extra: Any) -> dict[str, Any]:
    return {"name": "staged", "title": "Staged position",
            "table": {"width": width, "depth": depth, "terrain": terrain or [],
                      "lines": lines or [], "buildings": buildings or []},
            "sides": sides or [{"name": "south"}, {"name": "north"}], "units": units,
            **extra}


def ruleset(spec: str = "burgess") -> Burgess:
    """``ancients.ruleset(spec)``, checked to be Burgess."""
    import ancients

    rs = ancients.ruleset(spec)
    assert isinstance(rs, Burgess)
    return rs


def battle(units: list[dict[str, Any]], spec: str = "burgess", seed: int = 0,
           **kw: Any) -> BurgessBattle:
    """A battle of a staged position, both sides by hand, in the first player turn of
    the first game turn (the south phasing)."""
    import ancients

    rs = ancients.ruleset(spec)
    b = rs.new_battle(rs.parse_scenario(document(units, **kw), "staged.toml"), seed=seed,
                      commanders={"south": None, "north": None})
    assert isinstance(b, BurgessBattle)
    b.turn = b.state.turn = 1
    b.state.player = 0
    b.state.phasing = "south"
    return b


class Loaded:
    """Dice that show the given faces in turn (a spec of n dice takes n faces and adds
    them), recording each roll's reason; past the end they roll ``then``."""

    def __init__(self, faces: list[int], then: int | None = None) -> None:
        self.faces = list(faces)
        self.then = then
        self.reasons: list[str] = []

    def _face(self, reason: str | None) -> int:
        self.reasons.append(reason or "")
        if self.faces:
            return self.faces.pop(0)
        if self.then is None:
            raise AssertionError(f"no face left for {reason!r}")
        return self.then

    def roll(self, spec: Any = "1d6", reason: str | None = None, *, key: str | None = None
             ) -> int:
        from ancients.dice import parse

        s = parse(spec)
        return sum(self._face(reason) for _ in range(s.count)) + s.modifier

    def d6(self, reason: str | None = None, *, key: str | None = None) -> int:
        return self._face(reason)

    def take_rolls(self) -> tuple[()]:
        return ()


def staged(units: list[dict[str, Any]], options: Any = None, dice: Any = None,
           **kw: Any) -> tuple[State, list[Event]]:
    """The state of a staged position without a battle, and the list its events go to
    (the first side phasing, in the first player turn of the first game turn)."""
    from ancients.burgess.options import BurgessOptions
    from ancients.burgess.rules import load_rules
    from ancients.burgess.scenario import parse_scenario
    from ancients.burgess.state import Piece, State, Work
    from ancients.dice import Dice
    from ancients.events import Event

    rules = load_rules(options or BurgessOptions())
    setup = parse_scenario(document(units, **kw), rules, "staged.toml").parsed
    log: list[Event] = []

    def emit(kind: str, message: str, *, side: str | None = None, units: Any = (),
             **data: Any) -> Event:
        event = Event(1, "staged", kind, message, side, tuple(units), data, ())
        log.append(event)
        return event

    pieces = [Piece(u.id, u.side, u.unit, u.block, u.unit, u.unit.figures, u.note,
                    moved_in=-10) for u in setup.units]
    works = [Work(w.id, w.name, w.defence, w.area, w.line, w.faces(rules))
             for w in setup.works]
    state = State(setup.table, ("south", "north"), rules, rules.options,
                  dice if dice is not None else Dice(0), emit, pieces, works)
    state.turn, state.player, state.phasing = 1, 0, "south"
    return state, log


def kinds(log: list[Any]) -> list[str]:
    return [e.kind for e in log]
