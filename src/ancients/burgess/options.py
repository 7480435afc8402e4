"""Options of the Burgess rules: a switch for each passage the text leaves open to two
reasonable readings (see ``docs/rulesets/burgess.md``), and the elephant variant."""

from __future__ import annotations

from typing import Any, Literal

import attrs

__all__ = ["CASUALTY_COUNTS", "ELEPHANTS", "ENGINE_POINTS", "OUTNUMBERED_ROUTS",
           "BurgessOptions"]

ELEPHANTS = ("burgess", "tempered")
CASUALTY_COUNTS = ("restart", "continue")
OUTNUMBERED_ROUTS = ("captured", "escape")
ENGINE_POINTS = ("hits", "figures")


@attrs.frozen
class BurgessOptions:
    """Options of the Burgess ruleset."""

    elephants: Literal["burgess", "tempered"] = attrs.field(
        default="burgess", validator=attrs.validators.in_(ELEPHANTS), metadata={
            "help": "the elephant rules as printed (burgess) or the documented milder "
                    "variant the text's editor asks for (tempered: data/elephants_tempered"
                    ".toml)"})
    casualty_count: Literal["restart", "continue"] = attrs.field(
        default="restart", validator=attrs.validators.in_(CASUALTY_COUNTS), metadata={
            "help": "Hand to hand C: each casualty's die counts from the left of the first "
                    "rank (restart), or on from the last figure removed, round the rank "
                    "(continue)"})
    outnumbered_rout: Literal["captured", "escape"] = attrs.field(
        default="captured", validator=attrs.validators.in_(OUTNUMBERED_ROUTS), metadata={
            "help": "Hand to hand D, a roll of 2: the routed unit's figures rolling 4/5/6 "
                    "survive as captives and the rest are cut down (captured), or they get "
                    "away with the rout and the rest are taken (escape)"})
    engine_points: Literal["hits", "figures"] = attrs.field(
        default="hits", validator=attrs.validators.in_(ENGINE_POINTS), metadata={
            "help": "War engine fire: the 2 or 3 points an engine hit takes off troops are "
                    "hits for the casualty dice (hits) or figure values, as melee points "
                    "are (figures)"})
    turn_limit: int = attrs.field(default=0, metadata={
        "help": "game turns before the battle is scored (the text gives none; 0: the "
                "scenario's own, else data/victory.toml's 12)"})

    @turn_limit.validator
    def _check_turn_limit(self, attribute: Any, value: int) -> None:
        if not 0 <= value <= 1000:
            raise ValueError(f"turn_limit must be 0..1000, got {value}")
