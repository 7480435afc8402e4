"""Example rulesets shipped with the library but not registered by default.

:mod:`ancients.examples.toy` is the ruleset that ``docs/writing-a-ruleset.md`` walks
through; register it to play it::

    import ancients
    from ancients.examples.toy import Toy

    ancients.register(Toy)
    ancients.ruleset("toy").new_battle(seed=1).run()
"""
