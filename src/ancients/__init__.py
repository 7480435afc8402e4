"""ancients: ancient battles under published wargame rulesets, behind one battle interface.

>>> import ancients
>>> rs = ancients.ruleset("raphia(edition=1990)")        # doctest: +SKIP
>>> outcome = rs.new_battle(seed=42).run()                # doctest: +SKIP

The public names below load lazily so that ``import ancients`` stays cheap; ruleset
packages load only when a ruleset is asked for.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

# public name -> module that defines it
_EXPORTS: dict[str, str] = {
    "AncientsError": "errors",
    "BattleStateError": "errors",
    "CommanderError": "errors",
    "ConformanceError": "errors",
    "DiceSpecError": "errors",
    "GeometryError": "errors",
    "IllegalDecision": "errors",
    "OptionError": "errors",
    "RulesetError": "errors",
    "ScenarioError": "errors",
    "SimulationError": "errors",
    "OOBWarning": "errors",
    "PrecisionWarning": "errors",
    "Dice": "dice",
    "MoraleTest": "morale",
    "Modifier": "morale",
    "Condition": "units",
    "TroopKind": "units",
    "UnitView": "units",
    "Event": "events",
    "BattleLog": "events",
    "Battle": "battle",
    "Commander": "battle",
    "Decision": "battle",
    "Outcome": "battle",
    "RandomCommander": "commanders",
    "Scenario": "scenario",
    "Ruleset": "ruleset",
    "register": "ruleset",
    "unregister": "ruleset",
    "ruleset": "ruleset",
    "rulesets": "ruleset",
    "simulate": "workbench.runs",
    "plausibility": "workbench.plausibility",
    "compare": "workbench.runs",
    "Results": "workbench.results",
    "Comparison": "workbench.comparison",
    # the designer's workbench
    "Parameter": "parameters",
    "sweep": "workbench.sweeps",
    "sensitivity": "workbench.sweeps",
    "matchups": "workbench.matchups",
    # the neutral order of battle
    "OrderOfBattle": "oob",
    "battles": "oob",
    "load_oob": "oob",
}

__all__ = [
    "AncientsError",
    "Battle",
    "BattleLog",
    "BattleStateError",
    "Commander",
    "CommanderError",
    "Comparison",
    "Condition",
    "ConformanceError",
    "Decision",
    "Dice",
    "DiceSpecError",
    "Event",
    "GeometryError",
    "IllegalDecision",
    "Modifier",
    "MoraleTest",
    "OOBWarning",
    "OptionError",
    "OrderOfBattle",
    "Outcome",
    "Parameter",
    "PrecisionWarning",
    "RandomCommander",
    "Results",
    "Ruleset",
    "RulesetError",
    "Scenario",
    "ScenarioError",
    "SimulationError",
    "TroopKind",
    "UnitView",
    "__version__",
    "battles",
    "compare",
    "load_oob",
    "matchups",
    "plausibility",
    "register",
    "ruleset",
    "rulesets",
    "sensitivity",
    "simulate",
    "sweep",
    "unregister",
]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'ancients' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"ancients.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__


if TYPE_CHECKING:  # pragma: no cover - for type checkers and IDEs only
    from ancients.battle import Battle, Commander, Decision, Outcome
    from ancients.commanders import RandomCommander
    from ancients.dice import Dice
    from ancients.errors import (
        AncientsError,
        BattleStateError,
        CommanderError,
        ConformanceError,
        DiceSpecError,
        GeometryError,
        IllegalDecision,
        OOBWarning,
        OptionError,
        PrecisionWarning,
        RulesetError,
        ScenarioError,
        SimulationError,
    )
    from ancients.events import BattleLog, Event
    from ancients.morale import Modifier, MoraleTest
    from ancients.oob import OrderOfBattle, battles, load_oob
    from ancients.parameters import Parameter
    from ancients.ruleset import Ruleset, register, ruleset, rulesets, unregister
    from ancients.scenario import Scenario
    from ancients.units import Condition, TroopKind, UnitView
    from ancients.workbench.comparison import Comparison
    from ancients.workbench.matchups import matchups
    from ancients.workbench.plausibility import plausibility
    from ancients.workbench.results import Results
    from ancients.workbench.runs import compare, simulate
    from ancients.workbench.sweeps import sensitivity, sweep
