"""The terms a Monk's Corner event message uses that a reader may not know, each with a
one-line explanation (:meth:`MonksCornerBattle.explain`; a narrative prints each the
first time it appears)."""

from __future__ import annotations

from collections.abc import Mapping

from ancients.events import Event
from ancients.monks_corner.rules import RULES, Rules

__all__ = ["TERMS", "explain", "terms"]


def terms(rules: Rules) -> dict[str, str]:
    """term -> what it means, in the rules' words (paraphrased), with ``rules``' numbers."""
    return {term: text.format(
        need=rules.reform_need, die=rules.die, bonus=rules.spartan_bonus,
        rout=f"{rules.rout_unforms:g}", withdrawal=f"{rules.withdrawal:g}")
        for term, text in _TEXTS.items()}


_TEXTS: Mapping[str, str] = {
    "phases first": "the side that won the toss moves, shoots its javelins and makes its "
                    "contact moves first; then the other side does the same (Sequence 1, 5)",
    "tie": "on a tied toss neither side moves: both shoot at once, and melees already "
           "joined are fought (Sequence 1)",
    "formation lost": "the phalanx is now unformed: it moves like light troops, tests no "
                      "morale, loses its overlap and depth bonuses, and formed phalanxes "
                      "throw double dice against it (Phalanxes 3)",
    "pushed back": "a formed phalanx that contacts unformed troops makes its full move, "
                   "pushing them back before the melee (Melee 2)",
    "re-formed": "an unformed phalanx out of melee formed again on {need}-{die} (Spartans "
                 "+{bonus} out of melee); it may not move otherwise this turn (Phalanxes 3)",
    "re-form failed": "an unformed phalanx failed to form again (it needed {need}-{die}): "
                      "unless it is Spartan and out of melee, it stays unformed for the "
                      "rest of the battle (Phalanxes 3)",
    "rear rank lost": "a phalanx that loses a whole rear rank throws a die: higher than "
                      "the ranks it has left and it breaks (Morale 3)",
    "broken": "the phalanx routs off the table to its rear; friendly formed phalanxes "
              "within {rout}\" of its path lose formation (Morale 3)",
    "reorganise": "a phalanx that lost over half its rear rank spends a turn without "
                  "moving to centre it; the rear rank no longer counts in melee (Morale 2)",
    "two ranks deep": "a phalanx down to one rank may form two even ranks again, the second "
                      "shorter if the figures are odd (Morale 2-3)",
    "one rank deep": "a phalanx down to one rank that does not form two again: a single "
                     "formed rank, with no rank to lose but its last (Morale 3)",
    "charge": "a contact move: the unit moves into contact and both are pinned in melee "
              "until one withdraws or is gone (Sequence 5; Movement 1)",
    "flank": "a formed phalanx attacked in its flank or rear loses formation (Phalanxes 3)",
    "short": "the die that sets a contact move's inches (rough ground, or a phalanx "
             "charging horse) fell short of the target (Melee 1)",
    "withdraw": "unformed troops may withdraw {withdrawal}\" from phalanxes, and horse from "
                "foot, even while in melee (Movement 1)",
}

#: the terms each kind of event may use
_BY_KIND: Mapping[str, tuple[str, ...]] = {
    "toss": ("phases first", "tie"),
    "unformed": ("formation lost",),
    "pushed back": ("pushed back",),
    "re-formed": ("re-formed",),
    "re-form failed": ("re-form failed",),
    "morale": ("rear rank lost", "broken"),
    "broken": ("broken",),
    "reorganising": ("reorganise",),
    "reorganised": ("reorganise", "two ranks deep"),
    "one rank": ("one rank deep",),
    "contact": ("charge", "flank"),
    "short": ("short",),
    "move": ("withdraw",),
}


#: the terms under the printed rules
TERMS: Mapping[str, str] = terms(RULES)


def explain(event: Event, rules: Rules = RULES) -> dict[str, str]:
    """The terms ``event``'s message uses, with their meanings under ``rules``."""
    meanings = TERMS if rules is RULES else terms(rules)
    message = event.message
    found = {}
    for term in _BY_KIND.get(event.kind, ()):
        shown = "tie:" if term == "tie" else term
        words = ("flank", "rear)") if term == "flank" else (shown,)
        if any(w in message for w in words):
            found[term] = meanings[term]
    return found
