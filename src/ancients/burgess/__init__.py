"""The Burgess ancient/medieval miniatures rules (``docs/rulesets/burgess.md``).

Phase 1 of the package: the troops, the tables as data (``ancients.burgess.data``, each
replaceable by a user's file) and the arithmetic of every rule as pure functions with
exact odds. Modules follow the text's chapters: :mod:`.troops`, :mod:`.movement`,
:mod:`.missiles`, :mod:`.casualties`.
"""
