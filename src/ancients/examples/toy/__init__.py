"""Toy skirmish: the smallest ruleset that fills every hook of the core, as an example to
copy (``docs/writing-a-ruleset.md`` walks through it).

Two warbands face each other. In each side's orders phase every unit in good order
attacks an enemy unit or holds; the loser of an attack loses a strength point and, if it
still stands, takes a morale test (2d6 against its morale) or routs. In the side's rally
phase each routed unit tries to rally (the same test at -1) or flees the field. A side
with no unit in good order is broken; at the turn limit the side with more strength in
good order wins.

Shipped, not registered: ``ancients.register(Toy)`` makes ``ancients.ruleset("toy")``.
"""

from ancients.examples.toy.battle import ToyBattle, ToyUnit
from ancients.examples.toy.commander import ToyCommander
from ancients.examples.toy.decisions import FLEE, HOLD, RALLY, Attack, DecisionKind, Word
from ancients.examples.toy.options import ToyOptions
from ancients.examples.toy.ruleset import SIDES, Toy, ToySetup, UnitSetup

__all__ = ["FLEE", "HOLD", "RALLY", "SIDES", "Attack", "DecisionKind", "Toy", "ToyBattle",
           "ToyCommander", "ToyOptions", "ToySetup", "ToyUnit", "UnitSetup", "Word"]
