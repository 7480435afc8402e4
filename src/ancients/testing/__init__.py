"""Testing support: the conformance suite every ruleset passes, and hypothesis strategies
(:mod:`ancients.testing.strategies`, which needs the ``test`` extra)."""

from ancients.testing.conformance import CheckReport, check_battle, check_ruleset

__all__ = ["CheckReport", "check_battle", "check_ruleset"]
