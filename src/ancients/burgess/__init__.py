"""The Burgess ancient/medieval miniatures rules (``docs/rulesets/burgess.md``): the
ruleset :class:`Burgess` (``ancients.ruleset("burgess")``) and its tables.

The rules' tables as data (``ancients.burgess.data``, each replaceable by a user's file)
and the arithmetic of every rule as pure functions with exact odds; modules follow the
text's chapters: :mod:`.troops`, :mod:`.movement`, :mod:`.missiles`, :mod:`.casualties`,
:mod:`.melee` (hand to hand), :mod:`.morale`, :mod:`.flank` and :mod:`.defences`
(special conditions), :mod:`.chariots`, :mod:`.elephants`; :mod:`.sequence` and
:mod:`.victory` hold what the text does not give. :func:`load_rules` gives every table
under one set of :class:`BurgessOptions`.
"""

from ancients.burgess.options import BurgessOptions
from ancients.burgess.rules import BurgessRules, load_rules
from ancients.burgess.ruleset import Burgess
from ancients.burgess.troops import Armour, TroopClass, Unit, Weapon
from ancients.errors import RuleError

__all__ = [
    "Armour",
    "Burgess",
    "BurgessOptions",
    "BurgessRules",
    "RuleError",
    "TroopClass",
    "Unit",
    "Weapon",
    "load_rules",
]
