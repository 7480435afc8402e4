"""The terms a Burgess event message uses that a reader may not know, each with a one-line
explanation (:meth:`BurgessBattle.explain`; a narrative prints each the first time it
appears)."""

from __future__ import annotations

from collections.abc import Mapping

from ancients.events import Event

__all__ = ["TERMS", "explain"]

#: term -> what it means, in the rules' words (paraphrased)
TERMS: Mapping[str, str] = {
    "volley": "missile troops fire in groups of 3 figures, a die per group less 3, 2 or 1 "
              "by range, the points left being hits; single figures hit on 6, 5/6 or 4/5/6 "
              "(Method of fire)",
    "engine shot": "a war engine hits on 6, 5/6 or 4/5/6 by range and takes 2 (light) or 3 "
                   "(heavy) points off its target (War Engine fire)",
    "lost": "casualties: a die per 5 hits, each figure hit saving on its armour's number; "
            "the figures are counted off from the left of the first rank (Deciding "
            "casualties; Hand to hand C)",
    "impetus": "an attacker that closed without using its full move adds 1 to its melee "
               "total (Hand to hand 1)",
    "shaken": "a unit whose nerve has gone: it may not charge, and in its rally phase "
              "rolls on the shaken table (Morale)",
    "runs": "a rout: the unit turns its back and runs a move to its own rear each turn "
            "until it rallies (4/5/6, then 5/6, then 6) or leaves the table (Morale)",
    "falls back": "moves a move back from the enemy in good order (Morale; Hand to hand II B)",
    "will charge": "a charge is pointed out before it moves; the unit charged may fire and "
                   "move to safety, or hold, fire at close range and take the shock, unless "
                   "it moved in its own turn (Hand to hand II)",
    "takes the ground": "the unit charged fell away: the attacker occupies its ground and "
                        "adds 1 a volley group to its next melee total (Hand to hand II)",
    "outnumbered": "after the first round a unit outnumbered 2:1 (3:1 light against heavy, "
                   "4:1 infantry against cavalry) rolls: cut down, routed, falls back to "
                   "its supports or fights on (Hand to hand D)",
    "post-contact": "after two rounds of melee each unit rolls: stays and fights, or falls "
                    "back a move (Morale, post contact)",
    "pre-contact": "a unit reduced to half strength, whose neighbour gave way or whose "
                   "officer and standard are both lost rolls: 1/2 shaken (Morale)",
    "standard": "a victor following a routed unit takes its standard on a 1 or 6 "
                "(Hand to hand II C)",
    "stampedes": "an elephant out of control goes to its own rear; a unit it strikes in "
                 "flank or rear is routed (Elephants 2)",
    "swerves": "a charge that does not go home turns aside past the unit it was aimed at "
               "(Chariots & Cavalry 1, 5; Elephants 1)",
    "go home": "chariots charging formed infantry two or more ranks deep go home on 4/5/6, "
               "each chariot rolling (Chariots & Cavalry 1)",
    "out of action": "a war engine hit by one its size is out of action 2 turns, by a "
                     "smaller one 1 turn; by a heavier one it is destroyed (War Engine fire)",
    "fire arrows": "a die per volley group, a 6 setting the target ablaze until a 6 puts it "
                   "out: engines burn in 3 or 5 turns, buildings a turn per 6 points "
                   "(Special conditions)",
    "defensive factor": "a defence that has lost half its value gives no cover on that face "
                        "(Special conditions)",
    "C-in-C": "the army's commander, a figure of the unit he stands with; killed or "
              "captured, every unit of his army rolls for morale (Morale)",
    "captive": "figures of a unit cut down or surrendering that survive their roll are "
               "taken prisoner (Hand to hand D; Special conditions)",
}

#: the terms each kind of event may use
_BY_KIND: Mapping[str, tuple[str, ...]] = {
    "volley": ("volley", "engine shot"),
    "casualties": ("lost", "C-in-C"),
    "contact": ("impetus",),
    "shaken": ("shaken",),
    "run": ("runs",),
    "fall back": ("falls back",),
    "declared": ("will charge",),
    "occupies": ("takes the ground",),
    "morale": ("outnumbered", "post-contact", "pre-contact", "shaken"),
    "standard": ("standard",),
    "stampede": ("stampedes",),
    "charge ends": ("swerves",),
    "chariots": ("go home",),
    "engine hit": ("out of action",),
    "fire arrows": ("fire arrows",),
    "battered": ("defensive factor",),
    "c-in-c lost": ("C-in-C",),
    "captives": ("captive",),
}


def explain(event: Event) -> dict[str, str]:
    """The terms of :data:`TERMS` that ``event``'s message uses, with their meanings."""
    return {term: TERMS[term] for term in _BY_KIND.get(event.kind, ())
            if term in event.message}
