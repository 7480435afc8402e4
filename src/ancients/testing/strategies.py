"""Hypothesis strategies for the core: dice specs, modifiers, morale tests, seeds, and
battles played to a random mid-battle state under any ruleset.

Rulesets add their own (units, stacks, formations) in their packages' ``strategies``
modules. Needs the ``test`` extra (hypothesis).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from ancients.battle import Battle
from ancients.commanders import RandomCommander
from ancients.dice import DiceSpec
from ancients.errors import OptionError
from ancients.morale import Modifier, MoraleTest
from ancients.ruleset import Ruleset, ruleset
from ancients.scenario import Scenario

__all__ = ["battles", "dice_specs", "modifiers", "morale_tests", "seeds", "variants"]


def seeds() -> st.SearchStrategy[int]:
    """Battle seeds (non-negative, up to 64 bits)."""
    return st.integers(min_value=0, max_value=2**64 - 1)


def dice_specs(max_count: int = 6, sides: tuple[int, ...] = (2, 3, 4, 6, 8, 10, 12, 20),
               max_modifier: int = 6) -> st.SearchStrategy[DiceSpec]:
    """Dice specs ``NdM+K``; ``str()`` of each parses back to it."""
    return st.builds(
        DiceSpec,
        count=st.integers(1, max_count),
        sides=st.sampled_from(sides),
        modifier=st.integers(-max_modifier, max_modifier),
    )


def modifiers(max_value: int = 4) -> st.SearchStrategy[Modifier]:
    return st.builds(
        Modifier,
        reason=st.sampled_from(["leader in the stack", "leader within 2 hexes", "pursuing",
                                "army leader killed", "flank attack", "uphill"]),
        value=st.integers(-max_value, max_value).filter(bool),
    )


def morale_tests(dice: st.SearchStrategy[DiceSpec] | None = None,
                 max_modifiers: int = 3) -> st.SearchStrategy[MoraleTest]:
    """Morale tests with any dice, target, direction and a few modifiers."""
    return st.builds(
        MoraleTest,
        target=st.integers(0, 30),
        dice=dice or dice_specs(max_count=4),
        passes=st.sampled_from(["at_least", "at_most"]),
        modifiers=st.lists(modifiers(), max_size=max_modifiers).map(tuple),
    )


@st.composite
def battles(draw: st.DrawFn, spec: str | Ruleset, scenario: str | Path | Scenario | None = None,
            max_decisions: int = 200) -> Battle:
    """A battle of ``spec`` played with random legal decisions to a random point.

    Every side is driven by hand (no commanders), so the battle is left waiting on a
    decision or at a phase boundary, ready for a test to inspect or continue.
    """
    rs = ruleset(spec)
    sc = rs.scenario(scenario)
    battle = rs.new_battle(sc, seed=draw(seeds()), commanders=dict.fromkeys(sc.sides))
    target = draw(st.integers(0, max_decisions), label="decisions")
    policy = RandomCommander()
    while not battle.finished and len(battle.decisions) < target:
        pending = battle.pending
        if pending is None:
            battle.step()
        else:
            battle.decide(policy.decide(battle, pending))
    return battle


def variants(spec: str | Ruleset, ranges: Mapping[str, Any]) -> st.SearchStrategy[Ruleset]:
    """Variants of ``spec`` drawn from a space of parameter values: ``ranges`` maps a
    parameter's name to ``(low, high)`` (an int parameter draws whole numbers, a float
    one any number between) or to a list of the values to choose from. Every name and
    bound is checked at once (an unknown name gets a "did you mean")::

        @given(variants("toy", ranges={"rules.combat.loss": (1, 3)}), seeds())
        def test_my_house_rule(rs, seed): ...
    """
    rs = ruleset(spec)
    known = rs.parameters()
    rs.with_parameters({n: rs.parameter(n) for n in ranges})  # unknown names refused here
    drawn: dict[str, st.SearchStrategy[Any]] = {}
    for name, space in ranges.items():
        p = known[name]
        if isinstance(space, tuple) and len(space) == 2:
            low, high = (p.convert(name, v) for v in space)
            if isinstance(p.value, bool) or not p.numeric:
                raise OptionError(f"{rs.name} parameter {name} is not a number: give a list "
                                  "of its values, not a range")
            assert isinstance(low, int | float) and isinstance(high, int | float)
            if low > high:
                raise OptionError(f"{rs.name} parameter {name}: range ({low}, {high}) is empty")
            drawn[name] = (st.integers(int(low), int(high)) if isinstance(p.value, int)
                           else st.floats(float(low), float(high), allow_nan=False))
        else:
            values = [p.convert(name, v) for v in space]
            if not values:
                raise OptionError(f"{rs.name} parameter {name}: no values to choose from")
            drawn[name] = st.sampled_from(values)
    return st.fixed_dictionaries(drawn).map(rs.with_parameters)
