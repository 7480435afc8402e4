"""Options of the Hoplomachia rules: the text's optional rules, and a switch for each
passage that reads two reasonable ways. Phase 2's ruleset takes this class as its
``Options``; the rules functions take each reading as a parameter."""

from __future__ import annotations

from typing import Literal

import attrs

from ancients.optionfields import choice, choices, flag, number

__all__ = ["CRAFTY_PRECEDENCE", "DEPTH", "EVADE_THREATENED", "HIPPEIS_WHEEL", "PRECEDENCE_FLANK",
           "SHIELD_MOMENTUM", "SPREAD_FIRE", "HoplomachiaOptions"]


@attrs.frozen
class HoplomachiaOptions:
    """Options of the Hoplomachia ruleset (see docs/rulesets/hoplomachia.md)."""

    crafty_precedence: Literal["tie", "point"] = choice(
        "tie", "Arete sequence: a Crafty hegemon wins precedence when level and points are "
        "equal (tie), or counts a point more in the comparison, winning from a point behind "
        "at the same level too (point)")
    shield_momentum: Literal["own", "attacker"] = choice(
        "own", "Melee: the momentum among the shield modifiers is the defender's own (a "
        "unit that charged too defends with it) (own), or the attacker's, taken off the "
        "shield it strikes (attacker)")
    incline: bool = flag("Drift (optional rule): Spartan, Theban and mercenary armies may "
                         "incline 1 inch deliberately")
    ekdromoi_signals: bool = flag("Signals (optional): the Release Ekdromoi and Recall "
                                  "Ekdromoi signals")
    count_arrows: bool = flag("Belos (optional): keep records of toxotes' shots (12 a game)")
    spread_fire: Literal["stand", "unit"] = choice(
        "stand", "Belos (spreading fire): one firing stand to each stand of the targets' "
        "frontage before any stand concentrates, +1 for each stand beyond (stand), or one "
        "firing stand to each target unit, +1 for each more on a unit (unit)")
    precedence_flank: Literal["right", "choose"] = choice(
        "right", "Arete sequence: events are resolved from the precedence player's right "
        "flank (right), or from the flank he chooses each phase (choose)")
    depth: Literal["othismos", "every"] = choice(
        "othismos", "Melee: depth (+1 a 3-stand, +2 a 4-stand lochos) counts in the "
        "othismos, with the shove (othismos), or in every melee, the epidromos melee too "
        "(every)")
    hippeis_wheel: Literal["wheel", "turn"] = choice(
        "wheel", "Belos charges: hippeis wheel 90 degrees to fire and wheel again to "
        "return, each wheel the arc of the ile's outer flank (wheel), or turn to go back "
        "as every other belos charger does, the inch of a turn (turn)")
    evade_threatened: Literal["threat", "never"] = choice(
        "threat", "Who may charge: \"units that cannot charge evade when threatened\": "
        "those that may not charge the unit threatening them (psiloi before a hoplite's "
        "shielded front) evade without a check (threat), or only troops that never charge "
        "(toxotes, sphendonetes, sparabara) do (never)")
    turn_limit: int = number(
        0, "Turns before the battle is judged as if neither side would fight on (0: the "
        "scenario's, else play.toml's)", low=0)


#: the readings of the Crafty hegemon's "+1 Arete precedence"
CRAFTY_PRECEDENCE = choices(HoplomachiaOptions, "crafty_precedence")
#: the readings of "momentum" among the shield modifiers
SHIELD_MOMENTUM = choices(HoplomachiaOptions, "shield_momentum")
#: the readings of the flank the Arete sequence's events start from
PRECEDENCE_FLANK = choices(HoplomachiaOptions, "precedence_flank")
#: the readings of "spreading fire one stand per stand"
SPREAD_FIRE = choices(HoplomachiaOptions, "spread_fire")
#: the readings of "units that cannot charge evade when threatened"
EVADE_THREATENED = choices(HoplomachiaOptions, "evade_threatened")
#: the readings of depth among the spear modifiers
DEPTH = choices(HoplomachiaOptions, "depth")
#: the readings of the hippeis' wheels in a belos charge
HIPPEIS_WHEEL = choices(HoplomachiaOptions, "hippeis_wheel")
