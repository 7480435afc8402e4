"""The state of a Burgess battle, apart from the battle: the units on the table (each a
:class:`Piece`: a :class:`~.troops.Unit` value, its block and what it is doing), the
defences (:class:`Work`), the table, the rules, the dice and the battle's ``emit``.

**One mutation path** (the core's :mod:`ancients.versioned`). A piece or a work of a
state is changed only by assignment to its fields (``piece.unit = ...``, ``piece.block =
...``, ``piece.condition = ...``), and every assignment goes through its ``on_setattr``
hook, which bumps :attr:`State.version`, the key of :meth:`State.memo`, and tells the
state which piece changed: the state is a :class:`~ancients.tabletop.placed.PlacedState`
(the blocks on the table in the tabletop's spatial index with their contacts, brought up
to date for the pieces touched since they were last read, and the units on the table
listed again only when one comes or goes). No rule module invalidates anything by
hand.
The rule modules take the state; the battle (:mod:`.battle`) builds it and drives the
turns (:mod:`.turns`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import attrs

from ancients.burgess.defences import Defence, Face
from ancients.burgess.options import BurgessOptions
from ancients.burgess.rules import BurgessRules
from ancients.burgess.troops import Arm, TroopClass, Unit
from ancients.dice import Dice
from ancients.events import Event
from ancients.tabletop import Aspect, Block, Table, TerrainArea, TerrainLine
from ancients.tabletop.placed import PlacedState
from ancients.units import Condition, UnitView
from ancients.versioned import Tracked, touched

__all__ = ["Piece", "State", "Work", "position"]


def _formed(piece: Piece) -> bool:
    return not piece.running


def position(block: Block) -> list[float]:
    """Where a block stands, for an event's data: [x, y, facing] (inches, degrees)."""
    return [round(block.x, 3), round(block.y, 3), round(block.facing, 3)]


@attrs.define(eq=False, on_setattr=touched)
class Piece(Tracked):
    """A unit on the table: what it is (``unit``: its figures file by file, officer,
    standard, attachments, an elephant's crew), where (``block``), how it stands
    (``condition``: good order, shaken, routed i.e. running, or lost), and what the rules
    remember of it this battle."""

    id: str
    side: str
    unit: Unit
    block: Block
    #: the unit as it began the battle (Morale, pre-contact: half strength; officer and
    #: standard lost)
    start: Unit
    #: the figures this piece counts its losses from (a part that splits off takes its
    #: figures' share with it)
    start_figures: int
    note: str = ""
    #: one of the units its army began with (an army breaks by these: victory.toml)
    original: bool = True
    condition: Condition = Condition.GOOD_ORDER
    #: the rally attempts made since it began to run (Morale, attempt to rally)
    rally_attempts: int = 0
    #: it ran at the double on its last move (Movement D)
    ran: bool = False
    #: the player turn (State.player) in which it last moved in its own player turn
    moved_in: int = -1
    #: it may still fire this player turn (Movement D-F)
    may_fire: bool = True
    #: the rounds of its present melee (Morale, post contact: after two rounds)
    melee_rounds: int = 0
    #: the bonuses of its charge, for the first round of the melee (Hand to hand 1, A)
    impetus: bool = False
    downhill: bool = False
    #: the game turn in which it fights with the occupied ground's bonus (Hand to hand II)
    occupied: int = 0
    #: an engine out of action for so many more of its side's player turns
    out_of_action: int = 0
    #: turns an engine has burnt (0: not alight)
    burning: int = 0
    #: the pre-contact triggers it has tested (each once)
    tested: frozenset[str] = frozenset()
    #: it lost its officer in this round of melee (Hand to hand II D: rolls in morale)
    officer_fell: bool = False
    #: it rolled on the outnumbered table in this melee (Hand to hand D)
    outnumbered: bool = False
    #: the player turn it gave way (began to run)
    gave_way: int = -1
    #: the unit on its immediate flank gave way since its last morale phase
    flank_gave_way: bool = False
    #: the chariots of the unit that went home in its charge (the rest swerved)
    home: int = 0
    #: it charged into its present melee (the attacker has no cover: Hand to hand B)
    attacker: bool = False
    #: the player turn in which it answered a charge, firing or moving to safety (Hand
    #: to hand II: a receiver answers once, however many units charge it)
    answered: int = -1
    #: an elephant stopped by a hit (Elephants 6, hand weapons 5: "elephant stops"): its
    #: charge goes no further, and it makes no move in its side's next movement phase
    stopped: bool = False
    #: it lost its standard while running (Hand to hand II C: "loss of standard equals
    #: shaken"): it rallies shaken
    standard_lost: bool = False
    #: the id of the unit it split off from (its own id, or empty, for a whole unit)
    family: str = ""

    # -- reading ------------------------------------------------------------------------
    @property
    def name(self) -> str:
        return self.unit.name

    @property
    def troop(self) -> TroopClass:
        return self.unit.troop

    @property
    def figures(self) -> int:
        return self.unit.figures

    @property
    def on_table(self) -> bool:
        return self.condition.on_field

    @property
    def running(self) -> bool:
        return self.condition is Condition.ROUTED

    @property
    def shaken(self) -> bool:
        return self.condition is Condition.SHAKEN

    @property
    def engine(self) -> bool:
        return self.unit.troop in (TroopClass.HV_ENGINE, TroopClass.LT_ENGINE)

    @property
    def in_formation(self) -> Unit:
        """The unit as the rules that ask whether it is formed read it: a running unit
        is out of formation (Chariots & Cavalry 1; Elephants 1, 2)."""
        if self.running and self.unit.formed:
            return attrs.evolve(self.unit, formed=False)
        return self.unit

    def view(self) -> UnitView:
        on = self.on_table
        return UnitView(self.id, self.name, self.side, self.unit.kind, self.condition,
                        float(self.figures if on else 0), float(self.start_figures),
                        (self.block.x, self.block.y) if on else None,
                        self.block.facing if on else None)

    def state(self) -> tuple[Hashable, ...]:
        """Everything that changes in a battle (for fingerprints)."""
        return tuple(getattr(self, a.name) for a in attrs.fields(Piece)
                     if a.name not in ("_changed", "start", "note"))


@attrs.define(eq=False, on_setattr=touched)
class Work(Tracked):
    """A defence on the table (Special conditions, value of defences): a wall along a
    line, or a building, bastion or fortified section over an area, with its faces (a
    wall's one, an area's edges, in the order of its outline) and whether it burns."""

    id: str
    name: str
    defence: Defence
    area: TerrainArea | None
    line: TerrainLine | None
    faces: tuple[Face, ...]
    #: turns a blaze has burnt it (0: not alight)
    burning: int = 0
    destroyed: bool = False

    def state(self) -> tuple[Hashable, ...]:
        return (self.id, tuple(f.damage for f in self.faces), self.burning, self.destroyed)


@attrs.define(eq=False)
class State(PlacedState[Piece]):
    """Everything that changes in a battle (the pieces, the works, the turn, the phasing
    side, the C-in-Cs) and what it is played with (table, rules, options), with the dice
    and the battle's ``emit``."""

    table: Table
    sides: tuple[str, str]
    rules: BurgessRules
    opts: BurgessOptions
    dice: Dice
    emit: Callable[..., Event]
    pieces: list[Piece]
    works: list[Work] = attrs.field(factory=list)
    turn: int = 0
    #: the player turn: 0, 1 in the first game turn, 2, 3 in the second...
    player: int = -1
    phasing: str | None = None
    #: what each option of the pending decision stands for (commanders read it)
    menu: dict[Hashable, object] = attrs.field(factory=dict)
    #: the C-in-C's side -> True once he is killed or captured
    c_in_c_lost: dict[str, bool] = attrs.field(factory=dict)
    #: per side: units that took the C-in-C test, and how many failed it
    c_in_c_tested: dict[str, int] = attrs.field(factory=dict)
    c_in_c_failed: dict[str, int] = attrs.field(factory=dict)
    #: what is worked out once for the battle (values of the rules that depend on no
    #: piece: a troop class's allowance over a set of crossings)
    lasting: dict[Hashable, Any] = attrs.field(factory=dict, init=False)

    def __attrs_post_init__(self) -> None:
        super().__attrs_post_init__()
        self.track(*self.works)
        for s in self.sides:
            self.c_in_c_lost.setdefault(s, False)
            self.c_in_c_tested.setdefault(s, 0)
            self.c_in_c_failed.setdefault(s, 0)

    # -- reading ------------------------------------------------------------------------
    def views(self) -> list[UnitView]:
        return [p.view() for p in self.pieces]

    def fingerprint(self) -> tuple[Hashable, ...]:
        return (self.player, self.phasing, tuple(p.state() for p in self.pieces),
                tuple(w.state() for w in self.works),
                tuple(sorted(self.c_in_c_lost.items())))

    def enemy_of(self, side: str) -> str:
        return self.sides[1 - self.sides.index(side)]

    def arm(self, piece: Piece) -> Arm:
        return self.rules.troops[piece.troop].arm

    def others(self, piece: Piece) -> list[Piece]:
        return [p for p in self.present() if p is not piece]

    def nearest_enemy(self, piece: Piece, block: Block | None = None,
                      running: bool = True) -> tuple[Piece | None, float]:
        """The closest enemy on the table (``running``: routed ones too) and its
        edge-to-edge distance from ``block`` (default: the piece's own)."""
        return self.nearest(block or piece.block, self.enemy_of(piece.side),
                            None if running else _formed)

    def facing_edge(self, piece: Piece, other: Piece) -> Aspect:
        """The edge of ``piece`` that ``other`` touches (its front if they do not)."""
        return piece.block.contact_edge(other.block) or Aspect.FRONT

    def c_in_c_piece(self, side: str) -> Piece | None:
        """The piece the side's C-in-C stands with (None: lost, or none)."""
        for p in self.present(side):
            if p.unit.c_in_c is not None:
                return p
        return None

    def work_at(self, block: Block) -> Work | None:
        """The standing building (or bastion, fortified section) whose area holds the
        block's centre."""
        for w in self.works:
            if w.area is not None and not w.destroyed and w.area.covers(block.centre):
                return w
        return None

    def wall_of(self, line: TerrainLine) -> Work | None:
        for w in self.works:
            if w.line is line:
                return w
        return None

    def originals(self, side: str) -> list[Piece]:
        return [p for p in self.pieces if p.side == side and p.original]

    def figures(self, side: str) -> tuple[int, int]:
        """(figures at the start, figures on the table now) of ``side``."""
        start = sum(p.start_figures for p in self.pieces if p.side == side)
        now = sum(p.figures for p in self.pieces if p.side == side and p.on_table)
        return start, now

