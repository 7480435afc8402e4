"""Troops: phalanxes, medium and light infantry, horse; formed and unformed; the figures
of a unit in ranks and files (Monk's Corner, Phalanxes 1 and 2)."""

from __future__ import annotations

import enum
import math

import attrs

from ancients.monks_corner.rules import RULES, Rules
from ancients.tabletop import Block
from ancients.units import Condition, TroopKind, UnitView
from ancients.versioned import BOOKKEEPING, Tracked, touched

__all__ = [
    "LEGAL_SHAPES",
    "Missile",
    "Troop",
    "Unit",
    "counted",
    "legal_shape",
    "legal_shapes_text",
]


def counted(n: int, singular: str, plural: str = "") -> str:
    """``n`` and the noun agreeing with it, for event messages: ``counted(1, "hit")`` is
    "1 hit", ``counted(3, "die", "dice")`` "3 dice"."""
    return f"{n} {singular if n == 1 else plural or singular + 's'}"


class Troop(enum.Enum):
    """The four troop types of the rules."""

    PHALANX = "phalanx"  # heavy infantry in phalanx
    MEDIUM = "medium infantry"
    LIGHT = "light infantry"
    HORSE = "horse"

    @property
    def kind(self) -> TroopKind:
        return _KINDS[self]

    @property
    def foot(self) -> bool:
        return self is not Troop.HORSE


_KINDS = {
    Troop.PHALANX: TroopKind.HEAVY_INFANTRY,
    Troop.MEDIUM: TroopKind.MEDIUM_INFANTRY,
    Troop.LIGHT: TroopKind.LIGHT_INFANTRY,
    Troop.HORSE: TroopKind.LIGHT_CAVALRY,
}


class Missile(enum.Enum):
    """Missile weapons: javelins (horse, medium or light infantry), bows and slings (light
    infantry only) — Monk's Corner, Sequence 3-4."""

    NONE = "none"
    JAVELIN = "javelin"
    BOW = "bow"
    SLING = "sling"

    def range(self, rules: Rules) -> float:
        """Monk's Corner, Missiles 2: the weapon's range under ``rules`` (none: 0)."""
        return rules.missile_range.get(self.value, 0.0)


# Monk's Corner, Phalanxes 1: 2 to 6 companies of 6 figures, at least two ranks deep and
# at least as wide as deep (figures: ((ranks, files), ...)), as printed: the shapes under
# a variant's numbers are its ``Rules.legal_shapes``.
LEGAL_SHAPES: dict[int, tuple[tuple[int, int], ...]] = dict(RULES.legal_shapes)


def legal_shape(figures: int, ranks: int) -> bool:
    """A phalanx of ``figures`` may deploy ``ranks`` deep under the printed rules (Monk's
    Corner, Phalanxes 1; a variant's: ``Rules.legal_shape``)."""
    return RULES.legal_shape(figures, ranks)


def legal_shapes_text() -> str:
    return RULES.legal_shapes_text()


@attrs.define(eq=False, on_setattr=touched)
class Unit(Tracked):
    """One unit on the table, with its figures kept as ``ranks`` ranks of ``files`` figures
    in line (the last, ``rear``, may be short). A phalanx in column keeps its line shape;
    its block is the line faced 90 degrees (files and ranks swapped). Assigning to a unit
    of a :class:`~.state.State` tells the state (:meth:`attach`); a unit made apart from
    one (a commander's what-if copy, ``attrs.evolve``) tells nobody."""

    id: str
    name: str
    side: str
    contingent: str
    troop: Troop
    missile: Missile
    spartan: bool
    block: Block
    files: int
    ranks: int
    rear: int
    start_figures: int
    start_ranks: int
    column: bool = False
    formed: bool = False
    condition: Condition = Condition.FORMED
    # the rules' bookkeeping (no cache reads it)
    #: Phalanxes 3: failed to re-form — unformed for good
    reform_failed: bool = attrs.field(default=False, metadata=BOOKKEEPING)
    #: Phalanxes 3: a Spartan who failed in melee
    melee_reform_failed: bool = attrs.field(default=False, metadata=BOOKKEEPING)
    #: Morale 2: must spend its next move not moving
    reorganising: bool = attrs.field(default=False, metadata=BOOKKEEPING)
    #: Phalanxes 3: re-formed this turn: no other move
    reformed_turn: int = attrs.field(default=0, metadata=BOOKKEEPING)
    #: Melee 3: the contact phase (turn, phasing side) of its last defensive volley
    volleyed: tuple[int, str | None] = attrs.field(default=(0, None), metadata=BOOKKEEPING)
    #: (ranks, rear) at the last morale check
    checked: tuple[int, int] = attrs.field(default=(0, 0), metadata=BOOKKEEPING)

    # -- figures -------------------------------------------------------------------
    @property
    def figures(self) -> int:
        return 0 if self.ranks <= 0 else self.files * (self.ranks - 1) + self.rear

    @property
    def is_phalanx(self) -> bool:
        return self.troop is Troop.PHALANX

    @property
    def on_table(self) -> bool:
        return self.condition.on_field

    @property
    def unformed(self) -> bool:
        """Every unit but a formed phalanx counts as unformed troops."""
        return not (self.is_phalanx and self.formed)

    def counted_ranks(self, part: float) -> int:
        """Ranks that count in melee: the rear rank counts if at least ``part`` of it
        remains (``Rules.rank_counts``, half: Monk's Corner, Melee 4; Morale 2)."""
        if self.ranks <= 0:
            return 0
        return self.ranks - 1 + (1 if self.rear >= self.files * part else 0)

    def shaped_block(self) -> Block:
        """The block for the current shape, front-centre and facing kept."""
        files, ranks = (self.ranks, self.files) if self.column else (self.files, self.ranks)
        if (files, ranks) == (self.block.files, self.block.ranks):
            return self.block
        return self.block.reformed(max(files, 1), max(ranks, 1))

    def set_shape(self, files: int, ranks: int, rear: int) -> None:
        self.files, self.ranks, self.rear = files, ranks, rear
        if ranks > 0:
            self.block = self.shaped_block()

    def remove(self, hits: int) -> int:
        """Take ``hits`` casualties off the rear rank (Monk's Corner, Phalanxes 2: from
        the centre rightwards); returns the figures actually removed."""
        removed = 0
        files, ranks, rear = self.files, self.ranks, self.rear
        while hits > 0 and ranks > 0:
            take = min(hits, rear)
            rear -= take
            hits -= take
            removed += take
            if rear == 0:
                ranks -= 1
                rear = files
        if ranks <= 0:
            self.files, self.ranks, self.rear = files, 0, 0
            self.condition = Condition.ELIMINATED
        else:
            self.set_shape(files, ranks, rear)
        return removed

    def legal_formed_shape(self, single_rank_ok: bool = False) -> bool:
        """A formed phalanx's shape: at least two ranks (one where the options allow a
        single formed rank), at least as wide as deep, only the rear rank short, and a
        block matching it (Monk's Corner, Phalanxes 1; Morale 2-3)."""
        min_ranks = 1 if single_rank_ok else 2
        if not (min_ranks <= self.ranks <= self.files and 1 <= self.rear <= self.files):
            return False
        want = (self.ranks, self.files) if self.column else (self.files, self.ranks)
        return (self.block.files, self.block.ranks) == want

    # -- the common view -----------------------------------------------------------
    def view(self) -> UnitView:
        on = self.on_table
        if on:
            condition = Condition.FORMED if not self.unformed else Condition.UNFORMED
        else:
            condition = self.condition
        return UnitView(
            self.id, self.name, self.side, self.troop.kind, condition,
            float(self.figures if on else 0),
            float(self.start_figures), (self.block.x, self.block.y) if on else None,
            self.block.facing if on else None,
        )

    def state(self) -> tuple[object, ...]:
        """Everything that changes in a battle (for fingerprints)."""
        return (self.id, self.block, self.files, self.ranks, self.rear, self.column,
                self.formed, self.condition, self.reform_failed, self.melee_reform_failed,
                self.reorganising, self.reformed_turn, self.checked, self.volleyed)


def files_for(figures: int, ranks: int) -> int:
    """Files of a non-phalanx unit of ``figures`` in ``ranks``."""
    return max(1, math.ceil(figures / ranks))
