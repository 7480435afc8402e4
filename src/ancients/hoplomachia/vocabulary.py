"""The rulebook's categories, as enums every other module shares: troop categories and
organisation, arrangements, the aspect a unit is struck on, Arete levels, army sizes
and the two sides of a situation."""

from __future__ import annotations

import enum

from ancients.units import TroopKind

__all__ = [
    "AreteLevel",
    "ArmySize",
    "Arrangement",
    "Aspect",
    "Category",
    "GroupKind",
    "Role",
    "UnitKind",
]


class Category(enum.StrEnum):
    """What the rules treat a card as (who may charge whom, belos charges, ekdromoi)."""

    HOPLITE = "hoplite"
    PELTAST = "peltast"
    PSILOS = "psilos"  # javelin and stone lights
    TOXOTES = "toxotes"  # the other belos troops (bows, slings): they never charge
    HIPPEUS = "hippeus"

    @property
    def kind(self) -> TroopKind:
        """The shared troop taxonomy's kind."""
        return _KINDS[self]


_KINDS = {Category.HOPLITE: TroopKind.HEAVY_INFANTRY, Category.PELTAST: TroopKind.MEDIUM_INFANTRY,
          Category.PSILOS: TroopKind.LIGHT_INFANTRY, Category.TOXOTES: TroopKind.MISSILE_INFANTRY,
          Category.HIPPEUS: TroopKind.LIGHT_CAVALRY}


class UnitKind(enum.StrEnum):
    """What one point of an army list buys."""

    LOCHOS = "lochos"
    ILE = "ile"
    STANDS = "stands"  # a group of light stands


class GroupKind(enum.StrEnum):
    """How units are grouped: lochoi into taxeis, ilai into hipparchies; lights alone."""

    TAXIS = "taxis"
    HIPPARCHIA = "hipparchia"
    GROUP = "group"


class Arrangement(enum.StrEnum):
    """Close Files and Open Files (disciplined troops), No Files (undisciplined)."""

    CLOSE_FILES = "close files"
    OPEN_FILES = "open files"
    NO_FILES = "no files"


class Aspect(enum.StrEnum):
    """Where a unit is struck (by an attack or by fire)."""

    FRONT = "front"
    SHIELDED_FLANK = "shielded flank"  # the left
    UNSHIELDED_FLANK = "unshielded flank"  # the right
    REAR = "rear"

    @property
    def shielded(self) -> bool:
        """The shield counts (front or shielded flank)."""
        return self in (Aspect.FRONT, Aspect.SHIELDED_FLANK)


class AreteLevel(enum.StrEnum):
    """An army's Arete level, best first."""

    EAGER = "eager"
    FIRM = "firm"
    UNSTEADY = "unsteady"
    SHAKEN = "shaken"

    @property
    def rank(self) -> int:
        """0 for Eager (the best) to 3 for Shaken."""
        return list(AreteLevel).index(self)


class ArmySize(enum.StrEnum):
    """Small, medium and large armies (one, two and three rounds on the lists)."""

    SMALL = "small"
    MEDIUM = "medium"
    LARGE = "large"


class Role(enum.StrEnum):
    """The two sides of a situation: the one holding the initiative attacks."""

    ATTACKER = "attacker"
    DEFENDER = "defender"
