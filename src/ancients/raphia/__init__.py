"""*La bataille de Raphia* as an ``ancients`` ruleset plugin.

>>> import ancients
>>> rs = ancients.ruleset("raphia")
>>> rs.new_battle(seed=1).run().winner in ("ptolemaic", "seleucid")
True
"""

from ancients.raphia.ruleset import Raphia, RaphiaOptions

__all__ = ["Raphia", "RaphiaOptions"]
