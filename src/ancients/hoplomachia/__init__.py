"""Hoplomachia (The Perfect Captain): Greek hoplite battles with miniatures, as an
``ancients`` ruleset package. This is its first part: the cards, charts and army lists
as data, and the rules arithmetic (Arete, Andreia, belos, epidromos, melee, strategoi,
command, movement, scenario generation) as pure functions with exact odds.

Modules follow the rulebook's chapters: :mod:`.troops` (unit cards), :mod:`.arete`,
:mod:`.rituals`, :mod:`.andreia`, :mod:`.belos`, :mod:`.epidromos`, :mod:`.melee`,
:mod:`.strategoi`, :mod:`.command`, :mod:`.movement`, :mod:`.armies`,
:mod:`.situations`; :mod:`.rules` loads every table, :mod:`.odds` writes the docs'
odds tables. See ``docs/rulesets/hoplomachia.md``.
"""

from ancients.hoplomachia.rules import HoplomachiaRules, default_rules, load_rules

__all__ = ["HoplomachiaRules", "default_rules", "load_rules"]
