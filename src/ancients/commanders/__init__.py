"""The generic commanders: they play any ruleset through the battle interface alone.

A ruleset's own doctrine (:meth:`ancients.ruleset.Ruleset.doctrine_commander`) lives with
the ruleset; the commanders here know no rules and so serve every ruleset alike.

>>> import ancients
>>> from ancients.commanders import RandomCommander
>>> rs = ancients.ruleset("monks_corner")
>>> sides = rs.scenario("phalanx-duel").sides
>>> battle = rs.new_battle("phalanx-duel", seed=1,
...                        commanders={side: RandomCommander() for side in sides})
>>> battle.run().turns > 0
True
"""

from __future__ import annotations

from ancients.commanders.uniform import RandomCommander

__all__ = ["RandomCommander"]
