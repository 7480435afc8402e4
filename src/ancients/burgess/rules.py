"""Every Burgess table at once, for a set of options: what phase 2's battle holds and
passes to the rule functions.

>>> rules = load_rules(BurgessOptions(elephants="tempered"))
>>> rules.elephants.variant, rules.outnumbered.name
('tempered', 'outnumbered')
>>> load_rules() is load_rules(BurgessOptions())
True
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

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
from ancients.burgess.tablerules import TableRules, load_table
from ancients.burgess.troops import TroopRules, load_troops
from ancients.burgess.victory import VictoryRules, load_victory

__all__ = ["FILES", "BurgessRules", "build_rules", "file_of", "load_rules"]

#: the data files, by the prefix of their parameters' names (``elephants``: the file of
#: the ``elephants`` option)
FILES = ("troops", "movement", "missiles", "casualties", "morale", "melee", "flank",
         "defences", "chariots", "elephants", "sequence", "victory", "table")


def file_of(prefix: str, options: BurgessOptions) -> str:
    """The data file whose parameters are named ``prefix.…`` under ``options``."""
    if prefix == "elephants" and options.elephants == "tempered":
        return "elephants_tempered.toml"
    return f"{prefix}.toml"


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
    table: TableRules

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
                        load_victory(), load_table())


def build_rules(options: BurgessOptions,
                documents: Mapping[str, Mapping[str, Any]]) -> BurgessRules:
    """Every table under ``options``, the files named in ``documents`` (by the prefixes
    of :data:`FILES`) read from the raw documents given there (a variant's tables, its
    parameters applied) and every table that depends on them built on them."""
    unknown = sorted(set(documents) - set(FILES))
    if unknown:
        raise ValueError(f"no Burgess data file {unknown}; the files: {', '.join(FILES)}")
    if not documents:
        return load_rules(options)

    def src(prefix: str) -> Mapping[str, Any] | str:
        return documents.get(prefix, "")

    troops = load_troops(src("troops"))
    fire = load_missiles(src("missiles"), troops)
    morale = load_morale(src("morale"), troops)
    return BurgessRules(
        options, troops, load_movement(src("movement"), troops), fire,
        load_casualties(src("casualties"), troops), morale,
        load_melee(src("melee"), troops, morale), load_flank(src("flank"), morale),
        load_defences(src("defences"), fire), load_chariots(src("chariots"), troops),
        load_elephants(options.elephants, src("elephants"), troops),
        load_sequence(src("sequence")), load_victory(src("victory")), load_table(src("table")))
