"""The kinds of decision a Monk's Corner battle asks a side (``Decision.kind``): a
``str`` enum, so the core and saved battles see plain strings."""

from __future__ import annotations

import enum

__all__ = ["Kind"]


class Kind(enum.StrEnum):
    """What a side is asked to decide."""

    REFORM = "reform"  # Phalanxes 3: an unformed phalanx attempts to re-form, or not
    SELECT = "select"  # Sequence 2: which unit moves next (or end the movement phase)
    MOVE = "move"  # Movement 1-3, Phalanxes 2: that unit's move, from its menu
    SHOOT = "shoot"  # Missiles 1-3: a shooter's target, or hold fire
    CHARGE = "charge"  # Sequence 5, Melee 1: a contact move's target, or none
    STRIKE = "strike"  # Melee 4 (melee_opponents=choose): whom a unit in contact strikes
    RANKS = "ranks"  # Morale 3: a phalanx down to one rank re-forms two deep, or not
