"""The words of a Raphia battle's log for a newcomer: the terms its messages use, each
with a one-line explanation (:func:`explain`, behind ``RaphiaBattle.explain``)."""

from __future__ import annotations

import re
from collections.abc import Mapping

from ancients.raphia.counters import TroopClass
from ancients.raphia.tables import Tables

__all__ = ["REASONS", "explain", "glossary"]

#: the words of the log for the reasons of morale tests (the events' ``why`` is the data)
REASONS = {"rally": "to rally", "rally from pursuit": "to rally from pursuit",
           "turn in contact": "to turn in contact", "sees a friendly rout":
           "on seeing a friendly rout", "attack at inferiority": "to attack at inferiority",
           "crossed by a rout": "on being crossed by a rout", "crossed by elephants":
           "on being crossed by elephants", "counter-attacked while pursuing":
           "when counter-attacked in pursuit"}

_TERMS: tuple[tuple[str, str, str], ...] = (
    # term, the pattern that finds it in a message, its explanation
    ("—", r"result —", "no effect: the attack was not decisive (§8)"),
    ("T", r"result T\b", "test: the defending unit or stack must pass a morale test or "
     "be put to rout (§8)"),
    ("X", r"result X\b", "elimination: the top counter of the defending stack is removed, "
     "and the rest of the stack tests its morale (§8); between mercenaries, and in fire "
     "(in 1990 except at a rout), an X counts as a T (§8, §11)"),
    ("ratio", r"\bratio\b", "force ratio: the attacker's strength against the defender's, "
     "rounded down to a column of the combat table, in the defender's favour (§8)"),
    ("dice", r"\bdice \d", "two dice, read with the modifiers on the combat table in the "
     "column of the ratio (§8)"),
    ("flank", r"\bflank\b", "a flank attack: on a phalanx from outside its two front "
     "hexes, on a pursuer fighting in disorder, or on any rout; the attacker's strength is "
     "multiplied (§8)"),
    ("×", r"×\d", "a stack: several counters of that name in one hex; only the top one "
     "fights, each other one adds a point of force (§5)"),
    ("MP", r"\bMP\b", "movement points: one a hex, one a 60° turn of a phalanx; a stack "
     "moves at the speed of its slowest counter (§5–§7)"),
    ("facing", r"\bfac(e|ing) (NNE|E|SSE|SSW|W|NNW)\b", "a phalanx faces a corner of its "
     "hex (NNE, E, SSE, SSW, W, NNW): the two hexes beside it are its front, where it "
     "moves and attacks and which stops enemies (§6)"),
    ("rearguard", r"\brearguard\b", "to leave contact with the enemy a stack leaves its "
     "bottom counter or counters behind; a lone counter in contact cannot move (§7)"),
    ("evade", r"\bevade\b", "light infantry attacked by infantry, or cavalry attacked by "
     "anything, may fall back a hex instead of fighting (§8)"),
    ("attack at inferiority", r"\binferiority\b", "infantry attacking head-on at a ratio "
     "of 1/2 or less must first pass a morale test (§8)"),
    ("morale test", r"\bmorale test\b", "two dice plus the modifiers must reach the "
     "counter's morale factor (§9); a phalanx stack not in rout tests once, on its top "
     "counter"),
    ("rout", r"\brout\b", "a unit in rout flees its full movement towards its own map edge "
     "every turn until it rallies, and counts for nothing at the end (§10, §13)"),
    ("pursuit", r"\bpursuit\b", "a unit that routed its enemy may follow it (cavalry must, "
     "a phalanx never): in disorder, it may attack the rout again if still in contact, "
     "and counts for nothing until it rallies (§10)"),
    ("rallied", r"\brallied\b", "back in good order after a passed morale test (§9–§10)"),
    ("stampede", r"\bstampede\b", "elephants in rout run amok in a random direction and "
     "every unit they cross tests its morale (§10)"),
    ("lost", r"\blost\b", "a unit that leaves the map cannot come back (§1, §10)"),
    ("initiative", r"\binitiative\b", "both players roll two dice; the higher total plays "
     "first, and has a last rally phase after the eighth turn (§3–§4)"),
    ("Egyptian phalanx", r"\bEgyptian phalanx\b", "the hastily raised Egyptian phalanx's "
     "morale (printed '?') is rolled once for the battle (§11)"),
)


def glossary(tables: Tables) -> dict[str, tuple[re.Pattern[str], str]]:
    """Every term the log may use, with the pattern that finds it in a message and its
    explanation (victory points as ``tables`` give them)."""
    points = tables.victory.points
    worth = ", ".join(f"{cls.words} {points[cls]}" for cls in TroopClass)
    terms = [*_TERMS, ("victory points", r"\bvictory points\b",
                       f"at the end each counter in good order on the map scores ({worth}); "
                       f"a tie goes to the {tables.victory.tie} player (§13)")]
    return {term: (re.compile(pattern), text) for term, pattern, text in terms}


def explain(message: str, terms: Mapping[str, tuple[re.Pattern[str], str]]
            ) -> dict[str, str]:
    """The terms of ``terms`` that ``message`` uses, each with its explanation."""
    return {term: text for term, (pattern, text) in terms.items() if pattern.search(message)}
