"""Every Burgess table at once, for a set of options: what phase 2's battle holds and
passes to the rule functions.

>>> rules = load_rules(BurgessOptions(elephants="tempered"))
>>> rules.elephants.variant, rules.outnumbered.name
('tempered', 'outnumbered')
>>> load_rules() is load_rules(BurgessOptions())
True
"""

from __future__ import annotations

from functools import cache

import attrs

from ancients.burgess.casualties import CasualtyRules, load_casualties
from ancients.burgess.chariots import ChariotRules, load_chariots
from ancients.burgess.defences import DefenceRules, load_defences
from ancients.burgess.elephants import ElephantRules, load_elephants
from ancients.burgess.flank import FlankRules, load_flank
from ancients.burgess.melee import MeleeRules, load_melee, outnumbered_table
from ancients.burgess.missiles import FireRules, load_missiles
from ancients.burgess.morale import MoraleRules, load_morale
from ancients.burgess.movement import MovementRules, load_movement
from ancients.burgess.options import BurgessOptions
from ancients.burgess.reactions import ReactionTable
from ancients.burgess.sequence import SequenceRules, load_sequence
from ancients.burgess.troops import TroopRules, load_troops
from ancients.burgess.victory import VictoryRules, load_victory

__all__ = ["BurgessRules", "load_rules"]


@attrs.frozen
class BurgessRules:
    """The tables of every chapter under one set of options."""

    options: BurgessOptions
    troops: TroopRules
    movement: MovementRules
    fire: FireRules
    casualties: CasualtyRules
    morale: MoraleRules
    melee: MeleeRules
    flank: FlankRules
    defences: DefenceRules
    chariots: ChariotRules
    elephants: ElephantRules
    sequence: SequenceRules
    victory: VictoryRules

    @property
    def outnumbered(self) -> ReactionTable:
        """The outnumbered table under the ``outnumbered_rout`` option."""
        return outnumbered_table(self.options.outnumbered_rout, self.melee)

    @property
    def turn_limit(self) -> int:
        """The option's turn limit, else the data's (a scenario's own comes first, phase 2)."""
        return self.options.turn_limit or self.victory.turn_limit


@cache
def load_rules(options: BurgessOptions | None = None) -> BurgessRules:
    """The built-in tables under ``options`` (default: the defaults)."""
    o = options or BurgessOptions()
    if options is None:
        return load_rules(o)
    return BurgessRules(o, load_troops(), load_movement(), load_missiles(), load_casualties(),
                        load_morale(), load_melee(), load_flank(), load_defences(),
                        load_chariots(), load_elephants(o.elephants), load_sequence(),
                        load_victory())
