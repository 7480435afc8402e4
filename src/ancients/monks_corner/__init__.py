"""The Monk's Corner phalanx rules as an ``ancients`` ruleset plugin.

Modules follow the rulebook's parts: :mod:`.troops`, :mod:`.sequence`, :mod:`.movement`,
:mod:`.phalanx`, :mod:`.missiles`, :mod:`.morale`, :mod:`.melee`, :mod:`.victory`;
:mod:`.scenario` reads scenarios, :mod:`.commander` is the doctrine AI and
:mod:`.render` draws the table. See ``docs/rulesets/monks_corner.md``.

How it is built (the pattern for a tabletop ruleset):

* :class:`~.state.State` holds the units, the table, the options, the dice and the
  battle's ``emit``, and every cache derived from the units (contacts, the enemies'
  corners, measured gaps). A unit is changed only by assigning to it; each assignment
  goes through the unit's ``on_setattr`` hook, which bumps the state's version, the key
  of every cache: nothing is invalidated by hand.
* The rule modules are functions of the state (``candidate_moves(state, unit)``,
  ``resolve_melees(state)``); :func:`.sequence.game_turn` yields the phases and the
  decisions of one turn; :class:`~.battle.MonksCornerBattle` builds the state and
  drives the turns. No rule module imports the battle.
* Decisions are of the kinds in :class:`~.decisions.Kind` (a ``StrEnum``); the doctrine
  commander answers each through its table of handlers (:data:`.commander.HANDLERS`).
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
