"""``ancients.simulate``: the workbench's run of many battles under its first name.

The code lives in :mod:`ancients.workbench` (:mod:`~ancients.workbench.runs`,
:mod:`~ancients.workbench.results`, :mod:`~ancients.workbench.comparison`); this module
keeps ``from ancients.simulate import Results, compare, simulate`` working and, like
:func:`ancients.simulate` itself, can be called.
"""

from __future__ import annotations

from ancients._callable import make_callable
from ancients.workbench.comparison import Comparison, Difference, Table
from ancients.workbench.results import Results, Summary
from ancients.workbench.runs import compare, resolve_scenario, simulate
from ancients.workbench.stats import mean_interval, t_quantile, wilson

__all__ = ["Comparison", "Difference", "Results", "Summary", "Table", "compare",
           "mean_interval", "resolve_scenario", "simulate", "t_quantile", "wilson"]

make_callable(__name__)  # ancients.simulate is also simulate()
