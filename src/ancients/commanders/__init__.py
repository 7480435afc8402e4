"""The generic commanders: they play any ruleset through the battle interface alone.

- :class:`RandomCommander`: uniformly random among the legal options;
- :class:`Noisy`: a base commander that now and then answers at random;
- :class:`Search`: rollouts of a few candidate answers on clones of the battle
  (:meth:`~ancients.battle.Battle.clone`), valued by its standing;
- :func:`named`: a commander factory from a name (``"doctrine"``, ``"random"``,
  ``"noisy:0.2"``, ``"search:8"``), as ``-c SIDE=NAME`` takes it.

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

from ancients.commanders.named import Named, named
from ancients.commanders.noisy import Noisy
from ancients.commanders.search import Search
from ancients.commanders.uniform import RandomCommander

__all__ = ["Named", "Noisy", "RandomCommander", "Search", "named"]
