"""Options of the Burgess rules: a switch for each passage the text leaves open to two
reasonable readings (see ``docs/rulesets/burgess.md``), and the elephant variant."""

from __future__ import annotations

from typing import Literal

import attrs

from ancients.optionfields import choice, choices, number

__all__ = ["CASUALTY_COUNTS", "ELEPHANTS", "ENGINE_POINTS", "OUTNUMBERED_ROUTS",
           "BurgessOptions"]


@attrs.frozen
class BurgessOptions:
    """Options of the Burgess ruleset."""

    elephants: Literal["burgess", "tempered"] = choice(
        "burgess", "the elephant rules as printed (burgess) or the documented milder variant "
        "the text's editor asks for (tempered: data/elephants_tempered.toml)")
    casualty_count: Literal["restart", "continue"] = choice(
        "restart", "Hand to hand C: each casualty's die counts from the left of the first "
        "rank (restart), or on from the last figure removed, round the rank (continue)")
    outnumbered_rout: Literal["captured", "escape"] = choice(
        "escape", "Hand to hand D, a roll of 2, 'unit is routed': the unit runs, its "
        "figures rolling 4/5/6 getting away with the rout and the rest taken (escape), or "
        "its figures rolling 4/5/6 survive as captives and the rest are cut down, none "
        "running (captured)")
    engine_points: Literal["hits", "figures"] = choice(
        "hits", "War engine fire: the 2 or 3 points an engine hit takes off troops are hits "
        "for the casualty dice (hits) or figure values, as melee points are (figures)")
    turn_limit: int = number(
        0, "game turns before the battle is scored (the text gives none; 0: the scenario's "
        "own, else data/victory.toml's 12)", low=0, high=1000)


ELEPHANTS = choices(BurgessOptions, "elephants")
CASUALTY_COUNTS = choices(BurgessOptions, "casualty_count")
OUTNUMBERED_ROUTS = choices(BurgessOptions, "outnumbered_rout")
ENGINE_POINTS = choices(BurgessOptions, "engine_points")
