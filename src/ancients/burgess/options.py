"""Options of the Burgess rules: a switch for each passage the text leaves open to two
reasonable readings (see ``docs/rulesets/burgess.md``), and the elephant variant."""

from __future__ import annotations

from typing import Literal

import attrs

from ancients.optionfields import choice, choices, number

__all__ = ["CASUALTY_COUNTS", "ELEPHANTS", "ENGINE_POINTS", "OUTNUMBERED_ROUTS", "PIVOTS",
           "POST_CONTACTS", "BurgessOptions"]


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
    post_contact: Literal["repeat", "once"] = choice(
        "repeat", "Morale, post contact, 'after two rounds of melee': rolled after the "
        "second round and after every second round while the melee goes on (repeat), or "
        "once, after the second (once)")
    pivot: Literal["free", "move"] = choice(
        "free", "a unit that only turns in place has not moved (free: it is not fixed when "
        "charged, Hand to hand II, and an engine may still fire, Movement F), or has "
        "(move)")


ELEPHANTS = choices(BurgessOptions, "elephants")
CASUALTY_COUNTS = choices(BurgessOptions, "casualty_count")
OUTNUMBERED_ROUTS = choices(BurgessOptions, "outnumbered_rout")
ENGINE_POINTS = choices(BurgessOptions, "engine_points")
POST_CONTACTS = choices(BurgessOptions, "post_contact")
PIVOTS = choices(BurgessOptions, "pivot")
