"""What stands on the table in a battle: pieces (a lochos, an ile or a group of light
stands, each a :class:`~ancients.tabletop.Block` of stands), the divisions they are
grouped in (taxeis, hipparchies, groups), the strategoi, the casualty counters and each
army's own state (its Arete track, its signal, its rituals).

A piece of a :class:`~.state.State` is changed only by assigning to it; every assignment
tells the state (its ``on_setattr`` hook bumps the state's version, the key of every
cache of positions: :mod:`ancients.versioned`), but for the fields marked
``BOOKKEEPING``, which no cache reads.
Divisions, strategoi and armies hold only such bookkeeping.
"""

from __future__ import annotations

import enum

import attrs

from ancients.hoplomachia.arete import AreteTrack
from ancients.hoplomachia.command import Signal
from ancients.hoplomachia.melee import GroundGiven
from ancients.hoplomachia.movement import Activity
from ancients.hoplomachia.strategoi import Character, Stance
from ancients.hoplomachia.troops import UnitCard
from ancients.hoplomachia.vocabulary import Arrangement, Category, GroupKind
from ancients.tabletop import Block
from ancients.units import Condition, UnitView
from ancients.versioned import BOOKKEEPING, Tracked, touched

__all__ = ["BOOKKEEPING", "Army", "CasualtyCounter", "Division", "Piece", "Reinforcement",
           "Runner", "Status", "Strategos"]


class Status(enum.StrEnum):
    """Where a piece is in the battle."""

    READY = "ready"  # on the table, not routing
    ROUTING = "routing"
    WAITING = "waiting"  # a reinforcement not yet come
    DESTROYED = "destroyed"  # slaughtered, caught, trapped, killed by ekdromoi
    OFF = "left the field"  # routed or marched off the table

    @property
    def on_table(self) -> bool:
        return self in (Status.READY, Status.ROUTING)

    @property
    def lost(self) -> bool:
        return self in (Status.DESTROYED, Status.OFF)


@attrs.define(eq=False, on_setattr=touched)
class Piece(Tracked):
    """A lochos, an ile or a group of light stands: its card, its stands, where it stands
    (a block of stands: ``files`` abreast, ``ranks`` deep) and its state."""

    id: str
    name: str
    side: str
    division: str
    card: UnitCard
    stands: int
    figures: int
    block: Block
    arrangement: Arrangement
    status: Status = Status.READY
    disarrayed: bool = False
    epilektoi: bool = False
    hamippoi: bool = False
    # -- the rules' bookkeeping (no cache reads it) ----------------------------------
    #: Othismos: what it suffered in last turn's melee (its next othismos shield)
    ground_given: GroundGiven = attrs.field(default=GroundGiven.NONE, metadata=BOOKKEEPING)
    #: Epidromos: the turn it charged home, and the momentum it brought
    charged_turn: int = attrs.field(default=0, metadata=BOOKKEEPING)
    momentum: int = attrs.field(default=0, metadata=BOOKKEEPING)
    #: Othismos: turns of othismos in a row (horse against horse retreat after 2)
    othismos_turns: int = attrs.field(default=0, metadata=BOOKKEEPING)
    #: Rout and pursuit: the bearing it flees on; the router it pursues; moves made
    flee_bearing: float = attrs.field(default=0.0, metadata=BOOKKEEPING)
    cause: str = attrs.field(default="", metadata=BOOKKEEPING)  # the enemy piece it flees from
    pursuing: str = attrs.field(default="", metadata=BOOKKEEPING)
    pursuit_moves: int = attrs.field(default=0, metadata=BOOKKEEPING)
    outdistanced: bool = attrs.field(default=False, metadata=BOOKKEEPING)
    #: Belos: belos charges made, shots (toxotes, when records are kept), the turn it
    #: last fired (one that held fire may shoot in the Defensive Belos phase)
    belos_charges: int = attrs.field(default=0, metadata=BOOKKEEPING)
    shots: int = attrs.field(default=0, metadata=BOOKKEEPING)
    fired_turn: int = attrs.field(default=0, metadata=BOOKKEEPING)
    #: Ekdromoi: lost (the lochos can release no more)
    ekdromoi_lost: bool = attrs.field(default=False, metadata=BOOKKEEPING)
    #: Epilektoi: the turn it last adjusted a roll
    epilektoi_turn: int = attrs.field(default=0, metadata=BOOKKEEPING)
    #: inches moved this turn (moving archers; hamippoi lost beyond 7 inches)
    moved_turn: int = attrs.field(default=0, metadata=BOOKKEEPING)
    moved: float = attrs.field(default=0.0, metadata=BOOKKEEPING)

    @property
    def category(self) -> Category:
        return self.card.category

    @property
    def on_table(self) -> bool:
        return self.status.on_table

    @property
    def ready(self) -> bool:
        """On the table and not routing."""
        return self.status is Status.READY

    @property
    def hoplite(self) -> bool:
        return self.card.category is Category.HOPLITE

    @property
    def horse(self) -> bool:
        return self.card.category is Category.HIPPEUS

    @property
    def belos_troops(self) -> bool:
        """Lights and peltastes: the belos units that marching hoplites bounce."""
        return self.card.category in (Category.PSILOS, Category.TOXOTES, Category.PELTAST)

    def rate(self) -> float:
        """Its move in its arrangement (inches)."""
        return self.card.movement.rate(self.arrangement)

    def condition(self) -> Condition:
        if self.status is Status.DESTROYED:
            return Condition.ELIMINATED
        if self.status is Status.OFF:
            return Condition.LEFT_FIELD
        if self.status is Status.ROUTING:
            return Condition.ROUTED
        if self.pursuing:
            return Condition.PURSUING
        return Condition.DISORDERED if self.disarrayed else Condition.GOOD_ORDER

    def view(self) -> UnitView:
        on = self.on_table
        b = self.block
        return UnitView(self.id, self.name, self.side, self.card.category.kind,
                        self.condition(), float(self.figures) if not self.status.lost else 0.0,
                        float(self.figures), (b.x, b.y) if on else None,
                        b.facing if on else None)

    def state(self) -> tuple[object, ...]:
        """Everything that changes in a battle (for fingerprints)."""
        return (self.id, self.block, self.arrangement, self.status, self.disarrayed,
                self.hamippoi, self.ground_given, self.charged_turn, self.momentum,
                self.othismos_turns, self.flee_bearing, self.cause, self.pursuing,
                self.pursuit_moves, self.outdistanced, self.belos_charges, self.shots,
                self.fired_turn, self.ekdromoi_lost, self.epilektoi_turn, self.moved_turn,
                self.moved)


@attrs.frozen
class Reinforcement:
    """A division that comes on later: from turn ``first`` to ``last`` it arrives on
    ``roll`` or more on the reinforcement die (on turn ``last`` whatever the roll), at
    the place the scenario gives its pieces."""

    first: int
    last: int
    roll: int


@attrs.define(eq=False)
class Division:
    """A taxis of lochoi, a hipparchia of ilai or a group of light stands: what moves,
    charges and tests as one. Only bookkeeping: its pieces hold its positions."""

    id: str
    name: str
    side: str
    kind: GroupKind
    card: UnitCard
    units: tuple[str, ...]
    contingent: str
    allied: bool = False
    senior: bool = False
    #: the division lights keep station with (and follow in a rout)
    attached: str = ""
    reinforcement: Reinforcement | None = None
    #: what its lochoi were last doing (how they recover from disarray)
    activity: Activity | None = None
    #: it made an approach move before (momentum counts only after one)
    approached: bool = False
    #: Epidromos: the turn it charged and failed to contact (3 disarray if again)
    failed_charge_turn: int = 0
    #: the turn it last moved or charged, and the turn a Halt result holds it
    moved_turn: int = 0
    halted_turn: int = 0
    #: it routed its opponents this turn (a charging unit may then recover)
    routed_opponents_turn: int = 0
    #: pursuers that ceased recover on their next move (this turn)
    recover_turn: int = 0
    #: a verbal order it acts on instead of the salpinx (and from which turn)
    order: Signal | None = None
    order_turn: int = 0
    #: a flank march ordered (Commands): the flank (left or right), the bearing it
    #: marches on and the bearing of its front when the order came
    flank: str = ""
    flank_heading: float = 0.0
    flank_front: float = 0.0
    #: lights: their station relative to the core (inches ahead of its centre, and to
    #: its right), taken where they first stood
    station: tuple[float, float] | None = None
    #: Belos: a Charge reaction: the shooter it must charge this turn
    provoked: str = ""
    #: an allied contingent's strategos failed his stance test: marching off
    withdrawing: bool = False
    routed: bool = False  # the whole division has routed (reported once)

    @property
    def category(self) -> Category:
        return self.card.category

    def failed_charge_before(self, turn: int) -> bool:
        """It charged last turn and failed to contact."""
        return self.failed_charge_turn > 0 and self.failed_charge_turn == turn - 1

    @property
    def core(self) -> bool:
        """The core units that execute the signals' set procedures: the phalanx's
        taxeis (Hoplomachia, Signals)."""
        return self.card.category is Category.HOPLITE

    @property
    def lights(self) -> bool:
        """What the psiloi signals move: light foot and peltastes."""
        return self.card.category in (Category.PSILOS, Category.TOXOTES, Category.PELTAST)

    def state(self) -> tuple[object, ...]:
        return (self.id, self.activity, self.approached, self.failed_charge_turn,
                self.moved_turn, self.halted_turn, self.routed_opponents_turn,
                self.recover_turn, self.order,
                self.order_turn, self.flank, self.flank_heading, self.flank_front,
                self.station,
                self.provoked, self.withdrawing, self.routed)


@attrs.define(eq=False)
class Strategos:
    """A strategos, located in a piece (his lochos); the Hegemon commands the army."""

    id: str
    name: str
    side: str
    contingent: str
    character: Character
    stance: Stance | None  # allied strategoi only
    piece: str
    hegemon: bool = False
    alive: bool = True
    killed_turn: int = 0

    @property
    def philos(self) -> bool:
        """Strategoi of the Hegemon's own state always obey."""
        # Hoplomachia, Strategoi (Philoi)
        return self.stance is None

    def state(self) -> tuple[object, ...]:
        return (self.id, self.piece, self.hegemon, self.alive, self.killed_turn)


@attrs.frozen
class CasualtyCounter:
    """Where a lochos or ile broke or died: its side's dead, for possession of the
    slain."""

    side: str
    piece: str
    x: float
    y: float


@attrs.frozen
class Runner:
    """A verbal order on its way: to ``division``, sent on turn ``sent``, acted on from
    turn ``acted`` (an order of None: follow the salpinx again)."""

    division: str
    order: Signal | None
    sent: int
    acted: int
    flank: str = ""  # a flank march (left or right): the order outside the salpinx


@attrs.define(eq=False)
class Army:
    """One side's own state: its nation, Arete, battle plan and formation, its signal,
    the rituals it has performed, its runners."""

    side: str
    title: str
    nation: str
    arete: AreteTrack
    plan: str
    formation: str
    role: str
    #: the signal in force (the last one placed) and the one placed this turn
    signal: Signal = Signal.MUSTER
    placed: Signal | None = None
    sang: bool = False  # the Paean (or Grim Resolve) after its first approach signal
    mantis: bool = False  # placed for the Sphagia
    sphagia: bool = False  # rolled at its first charge
    one_step_more: int = 0  # times called
    psiloi_forward: bool = True  # not recalled (Recall Psiloi: the lights retire)
    psiloi_released: bool = False  # sent forward to skirmish (Forward Psiloi)
    runners: list[Runner] = attrs.field(factory=list)
    predesignated: tuple[str, Signal] | None = None  # (division, what it does)
    #: the turn its Hegemon fell (he is replaced next turn)
    hegemon_lost: int = 0
    withdrawn: bool = False

    def state(self) -> tuple[object, ...]:
        return (self.side, self.arete, self.signal, self.placed, self.sang, self.mantis,
                self.sphagia, self.one_step_more, self.psiloi_forward, self.psiloi_released,
                tuple(self.runners),
                self.hegemon_lost, self.withdrawn)
