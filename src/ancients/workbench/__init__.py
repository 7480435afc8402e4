"""The designer's workbench: many battles, their results and comparisons, and the
questions asked of them.

- :mod:`~ancients.workbench.runs`: :func:`simulate` and :func:`compare` play battles
  (in parallel, to a precision, resumable from a checkpoint);
- :mod:`~ancients.workbench.results` and :mod:`~ancients.workbench.comparison`: what they
  return (:class:`Results`, :class:`Comparison` and its paired :class:`Difference` s);
- :mod:`~ancients.workbench.stats` and :mod:`~ancients.workbench.metrics`: intervals,
  tests and the metrics read from results;
- :mod:`~ancients.workbench.sweeps`, :mod:`~ancients.workbench.matchups`,
  :mod:`~ancients.workbench.skill`, :mod:`~ancients.workbench.plausibility`: sweeps and
  sensitivity, unit-type matchups, skill sensitivity, play against history;
- :mod:`~ancients.workbench.executors`, :mod:`~ancients.workbench.checkpoint`: where the
  battles run and how a run is kept.

The most used names are also at the top of the package (``ancients.simulate``,
``ancients.compare``, ``ancients.sweep``, ...).
"""

from __future__ import annotations

from ancients.workbench.comparison import Comparison, Difference, Table
from ancients.workbench.matchups import Matchups, matchups
from ancients.workbench.plausibility import Plausibility, plausibility
from ancients.workbench.results import Results, Summary
from ancients.workbench.runs import compare, simulate
from ancients.workbench.skill import skill
from ancients.workbench.sweeps import (
           Sensitivity,
           SensitivityRow,
           Sweep,
           sensitivity,
           step_values,
           sweep,
)

__all__ = ["Comparison", "Difference", "Matchups", "Plausibility", "Results", "Sensitivity",
           "SensitivityRow", "Summary", "Sweep", "Table", "compare", "matchups",
           "plausibility", "sensitivity", "simulate", "skill", "step_values", "sweep"]
