"""The two editions as data: every rule that differs between the 1990 rules and the 1991
Casus Belli #61 addendum (with the French consolidated combat chapter) is one field here,
consulted by the rules; nothing else in the package asks which edition is in force. The
ruleset's options that choose between readings of the text change these fields too
(``Raphia.edition_rules``)."""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

import attrs

__all__ = ["EDITIONS", "EditionRules"]


@attrs.frozen
class EditionRules:
    year: int
    #: §3 the game turns (§4: then the first player's extra rally; §13: victory)
    turns: int
    #: §3 the phases of a half-turn, in order
    sequence: tuple[str, ...]
    #: §8 fire: 1990 "no modifiers"; French text: the light infantry modifiers apply
    fire_modifiers: bool
    #: §8 fire, X reduced to T: the 1990 Annex "except for units in rout" (fire at a rout
    #: may eliminate); the French chapter: fire has only "aucun effet" or "test"
    fire_x_at_rout: bool
    #: §8 elephants may not attack a phalanx from the front (1990) / heavy infantry at all
    elephants_vs_phalanx: Literal["not_front", "never"]
    #: §8 the attacker of a unit in rout multiplies its strength: 1990 (English) ×2,
    #: the French chapter ×4
    rout_multiplier: int
    #: §8 the negative combat modifiers are dropped: 1990 only against a rout ("the
    #: negative modifiers no longer apply to it"); French text: in both the ×4 (rout) and
    #: the ×2 (phalanx flank, disordered pursuer) cases
    drop_negatives_on_flank: bool
    #: §8 evasion: hexes a cavalry stack may fall back (1990: 1 or 2; French: 1)
    evasion_cavalry_hexes: int
    #: §8 French text: units evade only when at inferiority, ratio 1.5/1 or more
    evasion_min_ratio: Fraction | None
    #: §8 addendum: a phalanx stack tests once even after several results
    phalanx_tests_once: bool
    #: §9 addendum: tests caused by crossings (and rallies of stacks in rout or pursuit)
    #: use the top counter once; 1990: each counter tests
    stack_tests_top_only: bool
    #: §9 1990: an elephant seeing a friendly rout in its stack or next to it tests
    elephant_sees_rout_tests: bool
    #: §10 addendum: rout directions 1 and 4 are forbidden; 1990: allowed as side-steps
    rout_sidesteps: bool
    #: §10 addendum: through friendly routs before other friends, and through enemy
    #: routs/pursuers as a last resort
    rout_via_routers_first: bool
    rout_through_enemy_routers: bool
    #: §10 addendum: a rout turns towards the other edge only if enemy units make a
    #: complete move towards its own edge impossible (1990: whenever it is impossible)
    rout_other_edge_only_for_enemies: bool
    #: §10 a rout may not end on an occupied hex: 1990 the player stops it before that
    #: hex; addendum: it is shifted on, in the direction in force, to an empty hex
    rout_shift_forward: bool
    #: §10 1990: a rout that cannot be stopped before an occupied hex (it could not leave
    #: a hex it shares with other units) is shifted by its player to a free hex next to
    #: it, in the rout's directions; the addendum's shift forward replaces this
    rout_shift_aside: bool
    #: §9 1990: only a unit "not being pursued" may try to rally; the addendum's sequence
    #: asks only that the rout be out of contact
    rally_not_if_pursued: bool
    #: §10 elephant routs: 1990 a random direction each hex, bumped units test, rally
    #: possible; addendum: pushed back, 2 hexes one random way, nearest empty hex, no rally
    elephant_rout: Literal["1990", "1991"]
    elephants_rally: bool
    #: §10 addendum pursuit: no pursuit unless the whole stack routs; blocked by crossed
    #: friends; back attack on any router in contact; disorder forbids joining/splitting
    pursuit_needs_whole_rout: bool
    pursuit_blocked_by_friends: bool
    back_attack_any_router: bool
    disorder_rules: bool
    #: §5 addendum: reinforcements go under the top counter, two stacks interleave;
    #: 1990: joiners go to the bottom
    join_under_top: bool
    #: §7 addendum, §10 (1990): passing through one's own units is impossible except in
    #: rout (both editions; the option ``pass_through=any`` lets any unit pass)
    pass_through_friends: bool
    #: §3, §8 addendum: the defender's morale tests wait for the morale-test phase; the
    #: option ``morale_tests=each_combat`` has the stacks hit test right after each combat
    tests_after_each_combat: bool
    #: §6 addendum: a unit rallied from rout or pursuit chooses its facing
    rally_choose_facing: bool
    #: §10 addendum: one may attack one's own elephants in rout
    attack_own_routed_elephants: bool

    @property
    def name(self) -> str:
        return str(self.year)


_SEQUENCE_1990 = ("movement", "combat", "morale", "rout", "pursuit", "back attacks", "rally")
_SEQUENCE_1991 = ("movement", "combat", "morale", "rout", "pursuit", "rout tests",
                  "back attacks", "rally")

EDITIONS: dict[int, EditionRules] = {
    1990: EditionRules(
        year=1990, turns=8, sequence=_SEQUENCE_1990, fire_modifiers=False, fire_x_at_rout=True,
        elephants_vs_phalanx="not_front", rout_multiplier=2, drop_negatives_on_flank=False,
        evasion_cavalry_hexes=2, evasion_min_ratio=None, phalanx_tests_once=False,
        stack_tests_top_only=False, elephant_sees_rout_tests=True,
        rout_sidesteps=True, rout_via_routers_first=False,
        rout_through_enemy_routers=False, rout_other_edge_only_for_enemies=False,
        rout_shift_forward=False, rout_shift_aside=True,
        rally_not_if_pursued=True, elephant_rout="1990", elephants_rally=True,
        pursuit_needs_whole_rout=False, pursuit_blocked_by_friends=False,
        back_attack_any_router=False, disorder_rules=False, join_under_top=False,
        pass_through_friends=False, tests_after_each_combat=False, rally_choose_facing=False,
        attack_own_routed_elephants=False,
    ),
    1991: EditionRules(
        year=1991, turns=8, sequence=_SEQUENCE_1991, fire_modifiers=True, fire_x_at_rout=False,
        elephants_vs_phalanx="never", rout_multiplier=4, drop_negatives_on_flank=True,
        evasion_cavalry_hexes=1, evasion_min_ratio=Fraction(3, 2), phalanx_tests_once=True,
        stack_tests_top_only=True, elephant_sees_rout_tests=False,
        rout_sidesteps=False, rout_via_routers_first=True,
        rout_through_enemy_routers=True, rout_other_edge_only_for_enemies=True,
        rout_shift_forward=True, rout_shift_aside=False,
        rally_not_if_pursued=False, elephant_rout="1991", elephants_rally=False,
        pursuit_needs_whole_rout=True, pursuit_blocked_by_friends=True,
        back_attack_any_router=True, disorder_rules=True, join_under_top=True,
        pass_through_friends=False, tests_after_each_combat=False, rally_choose_facing=True,
        attack_own_routed_elephants=True,
    ),
}
