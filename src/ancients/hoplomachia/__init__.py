"""Hoplomachia (The Perfect Captain): Greek hoplite battles with miniatures, as an
``ancients`` ruleset plugin.

The cards, charts and army lists are data (``data/*.toml``) read by the modules named
after the rulebook's chapters: :mod:`.troops` (unit cards), :mod:`.arete`,
:mod:`.rituals`, :mod:`.andreia`, :mod:`.belos`, :mod:`.epidromos`, :mod:`.melee`,
:mod:`.strategoi`, :mod:`.command`, :mod:`.movement`, :mod:`.armies`,
:mod:`.situations` (pure functions with exact odds); :mod:`.rules` loads every table,
:mod:`.odds` writes the docs' odds tables.

The table play follows Monk's Corner's house: :class:`~.state.State` holds the pieces
and every cache derived from them (one mutation path: assignments to a piece bump the
state's version); the rule modules of the play take the state (:mod:`.signals`,
:mod:`.flight`, :mod:`.fire`, :mod:`.charges`, :mod:`.manoeuvre`, :mod:`.combat`,
:mod:`.katastrophe`); :func:`.battle.game_turn` yields the phases and decisions of a
turn; :class:`~.battle.HoplomachiaBattle` builds the state and drives the turns; the
decisions are :class:`~.decisions.Kind`, which the doctrine answers through
:data:`.commander.HANDLERS`. See ``docs/rulesets/hoplomachia.md``.
"""

from ancients.hoplomachia.battle import HoplomachiaBattle
from ancients.hoplomachia.options import HoplomachiaOptions
from ancients.hoplomachia.rules import HoplomachiaRules, default_rules, load_rules
from ancients.hoplomachia.ruleset import Hoplomachia

__all__ = ["Hoplomachia", "HoplomachiaBattle", "HoplomachiaOptions", "HoplomachiaRules",
           "default_rules", "load_rules"]
