"""Options of ``monks_corner(...)``: the turn limit the text lacks, and a switch for each
rule the text states two ways."""

from __future__ import annotations

from typing import Any, Literal

import attrs

from ancients.monks_corner.rules import RULES

__all__ = ["DEFAULT_TURN_LIMIT", "MELEE_OPPONENTS", "MonksCornerOptions"]

#: The text sets no turn limit: the rules' reconstructed one, as printed
#: (``victory.turns.limit``, 12 turns: 24 phasing moves, time for lines 24 inches apart to
#: close, fight and break), where neither the option nor the scenario sets one.
DEFAULT_TURN_LIMIT = RULES.turn_limit

#: the readings of whom a unit in contact with several enemies strikes (Melee 4 is silent)
MELEE_OPPONENTS = ("front", "choose", "contact")


@attrs.frozen
class MonksCornerOptions:
    """Options of the Monk's Corner ruleset (see docs/rulesets/monks_corner.md)."""

    turn_limit: int = attrs.field(default=0, metadata={
        "help": "turns before the battle is scored (the text gives none); 0: the "
                "scenario's own, else the rules' (parameter victory.turns.limit, 12)"})
    charge_horse_unformed: bool = attrs.field(default=True, metadata={
        "help": "Sequence 5: phalanxes charging horse become unformed on 5-6 (true) or, "
                "after Melee 1, are formed only on 5-6 (false)"})
    single_rank_in_melee: bool = attrs.field(default=False, metadata={
        "help": "Morale 3: a phalanx left one rank deep in melee becomes unformed "
                "(false) or, as the text literally says, formed (true)"})
    spartan_retry: bool = attrs.field(default=True, metadata={
        "help": "Phalanxes 3: Spartans who fail to re-form out of melee may try again, "
                "only a failure in melee ending their attempts (true, what gives the "
                "text's last clause a meaning); or are unformed for good like everyone "
                "else (false)"})
    tie_melees: bool = attrs.field(default=True, metadata={
        "help": "Sequence 1: on a tied toss, melees already joined are fought after the "
                "missile exchange (true: the text bars only movement); or they pause "
                "until the next turn (false)"})
    shoot_from_melee: bool = attrs.field(default=True, metadata={
        "help": "Missiles 1: units in melee may shoot at enemies not in melee (true: the "
                "text only protects units in melee from being shot at); or may not "
                "shoot (false)"})
    allies_follow_unformed: bool = attrs.field(default=True, metadata={
        "help": "Movement 3: every phalanx on the table, formed or not, takes part in the "
                "allied-phalanx limit (true, literal); or only formed ones, the limit "
                "lapsing once the leader has no formed phalanx left (false)"})

    melee_opponents: Literal["front", "choose", "contact"] = attrs.field(
        default="front", validator=attrs.validators.in_(MELEE_OPPONENTS), metadata={
            "help": "Melee 4 (silent): a unit touching several enemies strikes one, the one "
                    "its front touches most (else the one touching it most) (front); one, "
                    "chosen by its side (choose); or every enemy it touches, with the "
                    "figures touching each, its phalanx bonuses against the main one "
                    "(contact)"})

    @turn_limit.validator
    def _check_turn_limit(self, attribute: Any, value: int) -> None:
        if not 0 <= value <= 1000:
            raise ValueError(f"turn_limit must be 0..1000, got {value}")
