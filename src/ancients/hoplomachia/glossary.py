"""The terms a Hoplomachia event message uses that a reader may not know, each with a
one-line explanation (:meth:`HoplomachiaBattle.explain`; a narrative prints each the
first time it appears)."""

from __future__ import annotations

from collections.abc import Mapping

from ancients.events import Event

__all__ = ["TERMS", "explain"]

#: term -> what it means, in the rules' words (paraphrased)
TERMS: Mapping[str, str] = {
    "Arete": "the army's morale, as points on its nation's track: Eager, Firm, Unsteady or "
             "Shaken; below zero the army withdraws from the field",
    "Andreia check": "a unit's courage: 2D6 equal to or under its Andreia number plus its "
                     "army's Arete modifier passes; a failure is read on its chart by the "
                     "army's Arete level",
    "precedence": "the side with the better Arete (level, then points) resolves its "
                  "divisions first in a phase, from its right flank, alternately with "
                  "the enemy's",
    "signal": "the Salpinx: one signal a turn, placed in secret and revealed in Arete "
              "sequence; the phalanx's taxeis carry out its set procedure",
    "breakfast": "a fed army fights better: +2 Arete (+4 for Thracians)",
    "hieres": "the formal sacrifice before battle: the fewer tries it takes to reach the "
              "target number, the more Arete",
    "speech": "the Hegemon's speech (Rhetoria) before battle, on his nation's oratory "
              "table or his character's",
    "Paean": "the battle hymn sung after the first approach signal: Arete gained or lost",
    "Grim Resolve": "the Spartans' silent advance, draining the enemy's Arete",
    "sphagia": "the goat sacrificed by the mantis at the army's first charge",
    "runs": "a charge (epidromos): its distance, drift, disarray and momentum rolled on "
            "the charger's Epidromos chart",
    "countercharges": "a charged unit that rushes to meet the charge: the two meet in the "
                      "middle",
    "epidromos": "the first melee after a charge, with the charge's momentum",
    "othismos": "the shoving match of units that stay engaged: each rolls its shove, "
                "with depth and ground given",
    "intensity": "a shot's force: the firer's Belos number less the target's shield, with "
                 "its modifiers; the target rolls 1D6 + intensity against its belos check",
    "ekdromoi": "the youngest hoplites of a lochos under fire, sent running at the "
                "shooters",
    "disarrayed": "out of order: its attack in melee is halved until it recovers",
    "routs": "flees straight away from the enemy and leaves the table (only horse that "
             "outdistance their pursuers may rally)",
    "evades": "turns and runs its evade distance + 1D6 from the enemy",
    "pursues": "follows its routing prey and destroys it if it catches it; hoplites "
               "pursue one move",
    "bounced": "belos troops in front of marching or approaching hoplites fall back 3 "
               "inches",
    "drifts": "a large phalanx drifts right as each man edges into his neighbour's shield",
    "pushed back": "the loser of an othismos gives a base depth of ground; the winner "
                   "follows up",
    "broken into": "the winner's spears are into the loser's ranks: the othismos goes on, "
                   "the loser's shield weaker",
    "slaughtered": "the lochos is cut down where it stands",
    "One Step More!": "a Crafty Hegemon's call: Arete spent for a harder shove in the "
                      "othismos",
    "laps": "a lochos beyond the end of the enemy line wheels onto its flank",
    "casualty roll": "a strategos in the thick of it rolls 2D6: a high roll kills him",
    "herald": "the beaten side (Atomenos) sends its herald to ask for its dead, which "
              "must be granted",
    "trophy": "the winner sets up a trophy on the field",
}

#: the terms each kind of event may use
_BY_KIND: Mapping[str, tuple[str, ...]] = {
    "arete": ("Arete",),
    "andreia": ("Andreia check",),
    "precedence": ("precedence",),
    "signal": ("signal",),
    "breakfast": ("breakfast",),
    "hieres": ("hieres",),
    "rhetoria": ("speech",),
    "paean": ("Paean",),
    "grim resolve": ("Grim Resolve",),
    "sphagia": ("sphagia",),
    "epidromos": ("runs",),
    "countercharge": ("countercharges",),
    "melee": ("epidromos", "othismos", "pushed back", "broken into", "slaughtered"),
    "belos": ("intensity",),
    "ekdromoi": ("ekdromoi",),
    "disarray": ("disarrayed",),
    "routs": ("routs",),
    "evades": ("evades",),
    "pursues": ("pursues",),
    "bounced": ("bounced",),
    "drift": ("drifts",),
    "pushed back": ("pushed back",),
    "one step more": ("One Step More!",),
    "lap": ("laps",),
    "casualty roll": ("casualty roll",),
    "herald": ("herald",),
    "trophy": ("trophy",),
}

def explain(event: Event) -> dict[str, str]:
    """The terms of :data:`TERMS` that ``event``'s message uses, with their meanings."""
    return {term: TERMS[term] for term in _BY_KIND.get(event.kind, ())
            if term in event.message}
