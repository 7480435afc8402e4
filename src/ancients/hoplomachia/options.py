"""Options of the Hoplomachia rules: the text's optional rules, and a switch for each
passage that reads two reasonable ways. Phase 2's ruleset takes this class as its
``Options``; the rules functions take each reading as a parameter."""

from __future__ import annotations

from typing import Literal

import attrs

__all__ = ["CRAFTY_PRECEDENCE", "PRECEDENCE_FLANK", "SHIELD_MOMENTUM", "HoplomachiaOptions"]

#: the readings of the Crafty hegemon's "+1 Arete precedence"
CRAFTY_PRECEDENCE = ("tie", "point")
#: the readings of "momentum" among the shield modifiers
SHIELD_MOMENTUM = ("own", "attacker")
#: the readings of the flank the Arete sequence's events start from
PRECEDENCE_FLANK = ("right", "choose")


@attrs.frozen
class HoplomachiaOptions:
    """Options of the Hoplomachia ruleset (see docs/rulesets/hoplomachia.md)."""

    crafty_precedence: Literal["tie", "point"] = attrs.field(
        default="tie", validator=attrs.validators.in_(CRAFTY_PRECEDENCE), metadata={
            "help": "Arete sequence: a Crafty hegemon wins precedence when level and points "
                    "are equal (tie), or counts a point more in the comparison, winning "
                    "from a point behind at the same level too (point)"})
    shield_momentum: Literal["own", "attacker"] = attrs.field(
        default="own", validator=attrs.validators.in_(SHIELD_MOMENTUM), metadata={
            "help": "Melee: the momentum among the shield modifiers is the defender's own "
                    "(a unit that charged too defends with it) (own), or the attacker's, "
                    "taken off the shield it strikes (attacker)"})
    incline: bool = attrs.field(default=False, metadata={
        "help": "Drift (optional rule): Spartan, Theban and mercenary armies may incline "
                "1 inch deliberately"})
    ekdromoi_signals: bool = attrs.field(default=False, metadata={
        "help": "Signals (optional): the Release Ekdromoi and Recall Ekdromoi signals"})
    count_arrows: bool = attrs.field(default=False, metadata={
        "help": "Belos (optional): keep records of toxotes' shots (12 a game)"})
    precedence_flank: Literal["right", "choose"] = attrs.field(
        default="right", validator=attrs.validators.in_(PRECEDENCE_FLANK), metadata={
            "help": "Arete sequence: events are resolved from the precedence player's right "
                    "flank (right), or from the flank he chooses each phase (choose)"})
    turn_limit: int = attrs.field(default=0, validator=attrs.validators.ge(0), metadata={
        "help": "Turns before the battle is judged as if neither side would fight on (0: "
                "the scenario's, else play.toml's)"})
