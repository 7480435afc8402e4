"""The state of a Hoplomachia battle, apart from the battle: the pieces on the table and
what is derived from them (who is on the table, who touches whom), the divisions,
strategoi and armies, the casualty counters, and the record of the turn.

**One mutation path** (the core's :mod:`ancients.versioned`). A piece is changed only by
assignment to its fields, and every assignment goes through its ``on_setattr`` hook
(:mod:`.pieces`), which bumps :attr:`State.version` (but for the ``BOOKKEEPING``
fields, which no cache reads) and tells the state which piece changed: the state is a
:class:`~ancients.tabletop.placed.PlacedState` (every block on the table in the
tabletop's spatial index with who touches whom, brought up to date for the pieces
touched since they were last read; the pieces on the table listed again only when one
comes or goes), and every other cache here is keyed by the version, so no rule module
has a cache to invalidate by hand. The rule modules take the state (with the dice
and ``emit`` it carries); the battle (:mod:`.battle`) builds it and drives the turn
sequence.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Sequence

import attrs

from ancients.dice import Dice
from ancients.events import Event
from ancients.hoplomachia.andreia import Trigger
from ancients.hoplomachia.arete import AreteEvent
from ancients.hoplomachia.movement import DisarrayTally
from ancients.hoplomachia.options import HoplomachiaOptions
from ancients.hoplomachia.pieces import (
    Army,
    CasualtyCounter,
    Division,
    Piece,
    Status,
    Strategos,
)
from ancients.hoplomachia.rules import HoplomachiaRules
from ancients.hoplomachia.vocabulary import AreteLevel
from ancients.tabletop import Block, Table
from ancients.tabletop.index import Box
from ancients.tabletop.placed import PlacedState
from ancients.units import UnitView
from ancients.versioned import ByVersion

__all__ = ["State", "TurnRecord", "position"]


def _ready(piece: Piece) -> bool:
    return piece.status is Status.READY


def position(block: Block) -> list[float]:
    """Where a block stands, for an event's data: [x, y, facing] (inches, degrees)."""
    return [round(block.x, 3), round(block.y, 3), round(block.facing, 3)]


@attrs.define
class TurnRecord:
    """What happened this turn that the Katastrophe phase and the per-turn Arete changes
    read: pieces under fire, in melee, pursued, routed and slaughtered; each division's
    disarray tally and its Katastrophe triggers; the sides whose phalanx retreated."""

    under_fire: set[str] = attrs.field(factory=set)
    in_melee: set[str] = attrs.field(factory=set)
    pursued: set[str] = attrs.field(factory=set)
    routed: set[str] = attrs.field(factory=set)
    slaughtered: set[str] = attrs.field(factory=set)
    charged: set[str] = attrs.field(factory=set)  # pieces that charged (defensive belos)
    evaded: set[str] = attrs.field(factory=set)  # evaders (hit in the rear: routed)
    tallies: dict[str, DisarrayTally] = attrs.field(factory=dict)
    triggers: dict[str, list[Trigger]] = attrs.field(factory=dict)
    retreat: set[str] = attrs.field(factory=set)
    home_routed: set[str] = attrs.field(factory=set)  # sides whose home taxis routed
    #: the worst taxis-level belos reaction applied to each division this phase
    reacted: dict[str, int] = attrs.field(factory=dict)

    def trigger(self, division: str, trigger: Trigger) -> None:
        found = self.triggers.setdefault(division, [])
        if trigger not in found:
            found.append(trigger)

    def tally(self, division: str, source: str, points: int) -> None:
        if points:
            self.tallies[division] = self.tallies.get(division, DisarrayTally()).adding(
                source, points)


@attrs.define(eq=False)
class State(PlacedState[Piece]):
    """Everything that changes in a battle and the data it is played with (rules,
    options, table), with the dice and the battle's ``emit``."""

    rules: HoplomachiaRules
    opts: HoplomachiaOptions
    table: Table
    sides: tuple[str, str]
    armies: dict[str, Army]
    pieces: list[Piece]
    divisions: dict[str, Division]
    strategoi: list[Strategos]
    dice: Dice
    emit: Callable[..., Event]
    turn_limit: int
    turn: int = 0
    counters: list[CasualtyCounter] = attrs.field(factory=list)
    record: TurnRecord = attrs.field(factory=TurnRecord)
    #: what each option of the pending decision stands for (commanders read it)
    menu: dict[Hashable, object] = attrs.field(factory=dict)
    _fighting: ByVersion[dict[str, list[Piece]]] = attrs.field(factory=ByVersion, init=False)

    # -- reading -------------------------------------------------------------------------
    def views(self) -> list[UnitView]:
        return [p.view() for p in self.pieces]

    def fingerprint(self) -> tuple[Hashable, ...]:
        return (tuple(p.state() for p in self.pieces),
                tuple(d.state() for d in self.divisions.values()),
                tuple(s.state() for s in self.strategoi),
                tuple(a.state() for a in self.armies.values()), tuple(self.counters))

    def enemy_of(self, side: str) -> str:
        return self.sides[1 - self.sides.index(side)]

    def ready(self, side: str | None = None) -> list[Piece]:
        """Pieces on the table and not routing."""
        return [p for p in self.present(side) if p.status is Status.READY]

    def others(self, pieces: Sequence[Piece]) -> list[Piece]:
        """The pieces on the table but ``pieces``."""
        ids = {p.id for p in pieces}
        return [p for p in self.present() if p.id not in ids]

    def around(self, pieces: Sequence[Piece], box: Box, margin: float = 0.0) -> list[Piece]:
        """The pieces on the table but ``pieces`` whose bounds come within ``margin`` of
        ``box`` (touching counts), in table order: :meth:`others` near a move, from the
        spatial index (a cut: the caller's own exact test decides)."""
        if len(pieces) == 1:
            me = pieces[0]
            return [o for o in self.near(box, margin) if o is not me]
        ids = {p.id for p in pieces}
        return [o for o in self.near(box, margin) if o.id not in ids]

    def engaged(self, piece: Piece) -> bool:
        return bool(self.contacts(piece))

    def fighting(self, side: str) -> list[Piece]:
        """The side's ready pieces in contact with an enemy, in table order."""
        table = self.kept(self._fighting, dict)
        found = table.get(side)
        if found is None:
            found = table[side] = [p for p in self.ready(side) if self.engaged(p)]
        return list(found)

    def nearest_enemy(self, piece: Piece, block: Block | None = None,
                      ready_only: bool = True) -> tuple[Piece | None, float]:
        """The closest enemy piece on the table (not routing, unless ``ready_only`` is
        False) and its edge-to-edge distance from ``block`` (default: the piece's): the
        first of equals in table order."""
        return self.nearest(block or piece.block, self.enemy_of(piece.side),
                            _ready if ready_only else None)

    # -- divisions and strategoi ------------------------------------------------------------
    def members(self, division: Division | str, present: bool = True) -> list[Piece]:
        """A division's pieces (on the table and not routing, if ``present``)."""
        d = self.divisions[division] if isinstance(division, str) else division
        out = [self.by_id[u] for u in d.units]
        return [p for p in out if p.ready] if present else out

    def division_of(self, piece: Piece) -> Division:
        return self.divisions[piece.division]

    def side_divisions(self, side: str) -> list[Division]:
        return [d for d in self.divisions.values() if d.side == side]

    def strategos_in(self, piece: Piece) -> Strategos | None:
        for s in self.strategoi:
            if s.alive and s.piece == piece.id:
                return s
        return None

    def strategos_of(self, division: Division) -> Strategos | None:
        """The living strategos standing in one of the division's pieces."""
        for s in self.strategoi:
            if s.alive and self.by_id[s.piece].division == division.id:
                return s
        return None

    def hegemon(self, side: str) -> Strategos | None:
        return next((s for s in self.strategoi if s.side == side and s.hegemon and s.alive),
                    None)

    # -- Arete -------------------------------------------------------------------------------
    def level(self, side: str) -> AreteLevel:
        return self.armies[side].arete.level

    def gain(self, side: str, points: int, reason: str) -> None:
        """Change an army's Arete by ``points`` (an event with the new total)."""
        if not points:
            return
        army = self.armies[side]
        army.arete = army.arete.add(points, reason)
        self.emit("arete", f"{army.title}: {points:+d} Arete ({reason}), now "
                  f"{army.arete.points} ({army.arete.level})", side=side, points=points,
                  reason=reason, total=army.arete.points, level=str(army.arete.level))

    def suffer(self, side: str, event: AreteEvent, count: int = 1, why: str = "") -> None:
        """Hoplomachia, Arete in play: ``side`` suffers ``event``; the enemy gains the
        matching points."""
        change = self.rules.arete.changes[event]
        words = event.words + (f" x{count}" if count != 1 else "") + (f": {why}" if why
                                                                      else "")
        self.gain(side, change.own * count, words)
        self.gain(self.enemy_of(side), change.enemy * count, f"enemy {words}")

    # -- iteration helpers -----------------------------------------------------------------------
    def pieces_of(self, side: str) -> Iterator[Piece]:
        return (p for p in self.pieces if p.side == side)
