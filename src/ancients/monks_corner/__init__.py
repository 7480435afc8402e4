"""The Monk's Corner phalanx rules as an ``ancients`` ruleset plugin.

Modules follow the rulebook's parts: :mod:`.troops`, :mod:`.sequence`, :mod:`.movement`,
:mod:`.phalanx`, :mod:`.missiles`, :mod:`.morale`, :mod:`.melee`, :mod:`.victory`;
:mod:`.scenario` reads scenarios, :mod:`.commander` is the doctrine AI and
:mod:`.render` draws the table. See ``docs/rulesets/monks_corner.md``.
"""

from ancients.monks_corner.battle import MonksCornerBattle
from ancients.monks_corner.options import DEFAULT_TURN_LIMIT, MonksCornerOptions
from ancients.monks_corner.ruleset import MonksCorner
from ancients.monks_corner.troops import LEGAL_SHAPES, Missile, Troop, Unit

__all__ = [
    "DEFAULT_TURN_LIMIT",
    "LEGAL_SHAPES",
    "Missile",
    "MonksCorner",
    "MonksCornerBattle",
    "MonksCornerOptions",
    "Troop",
    "Unit",
]
