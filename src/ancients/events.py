"""Events and the battle log, readable by people and written to JSON lines."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO, Any, overload

import attrs

from ancients.dice import Roll
from ancients.errors import AncientsError

__all__ = ["BattleLog", "Event"]


def _str_tuple(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(value)


def _roll_tuple(value: Iterable[Roll]) -> tuple[Roll, ...]:
    return tuple(value)


def _frozen_mapping(value: Mapping[str, Any] | None) -> Mapping[str, Any]:
    return dict(value or {})


@attrs.frozen(eq=True)
class Event:
    """Something that happened: when (turn, phase), what (``kind``), to whom, and the dice.

    ``data`` holds JSON-compatible facts for programs; ``message`` is for people.
    """

    turn: int
    phase: str
    kind: str
    message: str
    side: str | None = None
    units: tuple[str, ...] = attrs.field(default=(), converter=_str_tuple)
    data: Mapping[str, Any] = attrs.field(factory=dict, converter=_frozen_mapping, hash=False)
    rolls: tuple[Roll, ...] = attrs.field(default=(), converter=_roll_tuple)

    def __str__(self) -> str:
        dice = "".join(f" [{r}]" for r in self.rolls)
        return f"T{self.turn} {self.phase}: {self.message}{dice}"

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"turn": self.turn, "phase": self.phase, "kind": self.kind,
                             "message": self.message}
        if self.side is not None:
            d["side"] = self.side
        if self.units:
            d["units"] = list(self.units)
        if self.data:
            d["data"] = dict(self.data)
        if self.rolls:
            d["rolls"] = [r.to_json() for r in self.rolls]
        return d

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Event:
        try:
            return cls(
                turn=int(d["turn"]), phase=str(d["phase"]), kind=str(d["kind"]),
                message=str(d["message"]), side=d.get("side"),
                units=tuple(d.get("units", ())), data=d.get("data", {}),
                rolls=tuple(Roll.from_json(r) for r in d.get("rolls", ())),
            )
        except (KeyError, TypeError, ValueError) as e:
            raise AncientsError(f"not a battle event: {d!r} ({e})") from e


class BattleLog(Sequence[Event]):
    """The ordered events of one battle. Append-only while the battle runs."""

    __slots__ = ("_events",)

    def __init__(self, events: Iterable[Event] = ()) -> None:
        self._events: list[Event] = list(events)

    def append(self, event: Event) -> None:
        self._events.append(event)

    @overload
    def __getitem__(self, i: int) -> Event: ...
    @overload
    def __getitem__(self, i: slice) -> BattleLog: ...
    def __getitem__(self, i: int | slice) -> Event | BattleLog:
        if isinstance(i, slice):
            return BattleLog(self._events[i])
        return self._events[i]

    def __len__(self) -> int:
        return len(self._events)

    def __iter__(self) -> Iterator[Event]:
        return iter(self._events)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BattleLog):
            return NotImplemented
        return self._events == other._events

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<BattleLog of {len(self)} events>"

    def __str__(self) -> str:
        return "\n".join(str(e) for e in self._events)

    def filter(
        self, kind: str | None = None, side: str | None = None, unit: str | None = None,
        where: Callable[[Event], bool] | None = None,
    ) -> BattleLog:
        """The events matching every given criterion."""
        return BattleLog(
            e for e in self._events
            if (kind is None or e.kind == kind) and (side is None or e.side == side)
            and (unit is None or unit in e.units) and (where is None or where(e))
        )

    def to_jsonl(self, target: str | Path | IO[str] | None = None) -> str:
        """The log as JSON lines; written to ``target`` (a path or text file) if given."""
        text = "".join(json.dumps(e.to_json(), sort_keys=True) + "\n" for e in self._events)
        if isinstance(target, str | Path):
            Path(target).write_text(text, encoding="utf-8")
        elif target is not None:
            target.write(text)
        return text

    @classmethod
    def from_jsonl(cls, source: str | Path | IO[str]) -> BattleLog:
        """Read a log written by :meth:`to_jsonl` (a path, an open file, or the text)."""
        if isinstance(source, Path) or (isinstance(source, str) and "\n" not in source
                                        and not source.lstrip().startswith("{")):
            text = Path(source).read_text(encoding="utf-8")
            where = str(source)
        elif isinstance(source, str):
            text, where = source, "<text>"
        else:
            text, where = source.read(), getattr(source, "name", "<file>")
        events = []
        for n, line in enumerate(text.splitlines(), 1):
            if line.strip():
                try:
                    events.append(Event.from_json(json.loads(line)))
                except (json.JSONDecodeError, AncientsError) as e:
                    raise AncientsError(f"{where}, line {n}: {e}") from e
        return cls(events)
