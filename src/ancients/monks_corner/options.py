"""Options of ``monks_corner(...)``: the turn limit the text lacks, and a switch for each
rule the text states two ways."""

from __future__ import annotations

from typing import Literal

import attrs

from ancients.monks_corner.rules import RULES
from ancients.optionfields import choice, choices, flag, number

__all__ = ["DEFAULT_TURN_LIMIT", "MELEE_OPPONENTS", "MonksCornerOptions"]

#: The text sets no turn limit: the rules' reconstructed one, as printed
#: (``victory.turns.limit``, 12 turns: 24 phasing moves, time for lines 24 inches apart to
#: close, fight and break), where neither the option nor the scenario sets one.
DEFAULT_TURN_LIMIT = RULES.turn_limit



@attrs.frozen
class MonksCornerOptions:
    """Options of the Monk's Corner ruleset (see docs/rulesets/monks_corner.md)."""

    turn_limit: int = number(
        0, "turns before the battle is scored (the text gives none); 0: the scenario's "
        "own, else the rules' (parameter victory.turns.limit, 12)", low=0, high=1000)
    charge_horse_unformed: bool = flag(
        "Sequence 5: phalanxes charging horse become unformed on 5-6 (true) or, after "
        "Melee 1, are formed only on 5-6 (false)", default=True)
    single_rank_in_melee: bool = flag(
        "Morale 3: a phalanx left one rank deep in melee becomes unformed (false) or, as "
        "the text literally says, formed (true)")
    spartan_retry: bool = flag(
        "Phalanxes 3: Spartans who fail to re-form out of melee may try again, only a "
        "failure in melee ending their attempts (true, what gives the text's last clause "
        "a meaning); or are unformed for good like everyone else (false)", default=True)
    tie_melees: bool = flag(
        "Sequence 1: on a tied toss, melees already joined are fought after the missile "
        "exchange (true: the text bars only movement); or they pause until the next turn "
        "(false)", default=True)
    shoot_from_melee: bool = flag(
        "Missiles 1: units in melee may shoot at enemies not in melee (true: the text "
        "only protects units in melee from being shot at); or may not shoot (false)",
        default=True)
    allies_follow_unformed: bool = flag(
        "Movement 3: every phalanx on the table, formed or not, takes part in the "
        "allied-phalanx limit (true, literal); or only formed ones, the limit lapsing "
        "once the leader has no formed phalanx left (false)", default=True)
    melee_opponents: Literal["front", "choose", "contact"] = choice(
        "front", "Melee 4 (silent): a unit touching several enemies strikes one, the one "
        "its front touches most (else the one touching it most) (front); one, chosen by "
        "its side (choose); or every enemy it touches, with the figures touching each, "
        "its phalanx bonuses against the main one (contact)")


#: the readings of whom a unit in contact with several enemies strikes (Melee 4 is silent)
MELEE_OPPONENTS: tuple[str, ...] = choices(MonksCornerOptions, "melee_opponents")
