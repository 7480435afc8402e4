"""Raphia §8 — attack: eligibility, strengths, the force ratio, modifiers, fire, results,
evasion, advance after combat; and the combat phase."""

from __future__ import annotations

import bisect
import functools
from collections.abc import Callable, Generator, Hashable
from fractions import Fraction

import attrs

from ancients.battle import Decision
from ancients.dice import pmf
from ancients.errors import RuleError
from ancients.hexgrid import Hex
from ancients.raphia.board import Board
from ancients.raphia.counters import TroopClass
from ancients.raphia.morale import ensure_identity, stack_test
from ancients.raphia.options import ADVANCE, END_ATTACKS, EVADE_NOT, STAY, Attack, Evade, Kind, ask
from ancients.raphia.state import Hit, Stack, State, Status
from ancients.raphia.tables import CombatTable, Result

__all__ = ["Assessment", "AttackTable", "assess", "attack_options", "attack_table",
           "combat_phase", "evasion_hexes", "find_pair", "is_flank", "kept_attacks",
           "may_attack", "resolve", "strength", "type_forbids"]

Steps = Generator[Decision, Hashable, None]

_INFANTRY = frozenset({TroopClass.LIGHT, TroopClass.SEMI_HEAVY, TroopClass.PHALANX})


def strength(state: State, stack: Stack) -> int:
    """§8: the top counter's combat factor, +1 per other counter, +1 for a leader in the
    stack (the force table's numbers); a leader alone has 1 point of force (§11)."""
    counters = stack.counters
    force = state.tables.force
    if state.leaders.isdisjoint(counters):  # (no leader: every counter fights)
        return state.counter(counters[0]).combat + force.extra_counter * (len(counters) - 1)
    fighters = state.combatants(stack)
    if not fighters:
        return state.counter(stack.counters[0]).combat
    bonus = force.leader_in_stack if state.leader_in(stack) is not None else 0
    return (state.counter(fighters[0]).combat + force.extra_counter * (len(fighters) - 1)
            + bonus)


def front_at(state: State, stack: Stack, h: Hex) -> tuple[Hex, ...]:
    if stack.facing is not None and state.is_phalanx(stack):
        return state.board.corner_front(h, stack.facing)
    return state.board.neighbors(h)


def is_flank(state: State, attacker_hex: Hex, target: Stack) -> bool:
    """§6: an attack on a phalanx from outside its front is a flank attack."""
    return (state.is_phalanx(target) and target.status is Status.GOOD
            and attacker_hex not in state.front(target))


def type_forbids(state: State, attacker: TroopClass, target: Stack, from_hex: Hex) -> bool:
    """§8: cavalry never attack elephants; elephants never attack a phalanx from its front
    (1990) or heavy infantry at all (French text)."""
    defender = state.stack_class(target)
    if attacker is TroopClass.CAVALRY and defender is TroopClass.ELEPHANT:
        return True
    if attacker is TroopClass.ELEPHANT and defender is TroopClass.PHALANX:
        if state.edition.elephants_vs_phalanx == "never":
            return True
        return target.status is Status.GOOD and from_hex in state.front(target)
    return False


def may_attack(state: State, att: Stack, tgt: Stack, fire: bool = False) -> bool:
    """Whether ``att`` may attack (or fire at) ``tgt`` now, leaving aside what the turn has
    already used (§8)."""
    if att.status is not Status.GOOD or state.leader_alone(att):
        return False
    if tgt.hex not in front_at(state, att, att.hex):
        return False  # §6: phalanxes attack only into their front
    if tgt.side == att.side and not (
            # §10 addendum: one's own elephants in rout may be attacked
            state.edition.attack_own_routed_elephants and tgt.status is Status.ROUTED
            and state.stack_class(tgt) is TroopClass.ELEPHANT):
        return False
    if fire:
        return state.top_counter(att).missile  # §11 missile troops
    return not type_forbids(state, state.stack_class(att), tgt, att.hex)


@attrs.frozen
class Assessment:
    """Everything that decides a combat before the dice: strengths, multiplier, column,
    modifiers, and whether X becomes T."""

    attack: int
    defence: int
    multiplier: int
    column: int | None
    modifiers: tuple[tuple[str, int], ...]
    flank: bool
    fire: bool
    x_to_t: bool

    @property
    def modifier(self) -> int:
        return sum(v for _, v in self.modifiers)

    @property
    def basic_ratio(self) -> Fraction:
        return Fraction(self.attack, max(self.defence, 1))

    def result(self, state: State, roll: int) -> Result:
        r = state.tables.combat.result(self.column, roll + self.modifier)
        return "T" if (r == "X" and self.x_to_t) else r

    def probabilities(self, state: State) -> dict[str, Fraction]:
        """Exact probabilities of "-", "T" and "X" (2d6)."""
        return dict(_odds(state.tables.combat, self.column, self.modifier, self.x_to_t))


def float_odds(state: State, a: Assessment) -> tuple[float, float]:
    """The probabilities of X and of T for an assessment, as floats (for the AI)."""
    return _float_odds(state.tables.combat, a.column, a.modifier, a.x_to_t)


@functools.lru_cache(maxsize=4096)
def _float_odds(table: CombatTable, column: int | None, modifier: int,
                x_to_t: bool) -> tuple[float, float]:
    p = dict(_odds(table, column, modifier, x_to_t))
    return float(p["X"]), float(p["T"])


@functools.lru_cache(maxsize=4096)
def _odds(table: CombatTable, column: int | None, modifier: int,
          x_to_t: bool) -> tuple[tuple[str, Fraction], ...]:
    out = {"-": Fraction(0), "T": Fraction(0), "X": Fraction(0)}
    for roll, p in pmf("2d6").items():
        r = table.result(column, roll + modifier)
        out["T" if (r == "X" and x_to_t) else r] += p
    return tuple(out.items())


def assess(state: State, att: Stack, tgt: Stack, fire: bool = False,
           disorder: bool = False) -> Assessment:
    """§8 force ratio and modifiers for ``att`` against ``tgt``."""
    force = state.tables.force
    if fire:  # §8 fire: 2 per missile counter against 1 per counter of the target
        a = force.fire_per_missile_counter * sum(1 for c in state.combatants(att)
                                                 if state.counter(c).missile)
        d = max(1, force.fire_per_target_counter * len(state.combatants(tgt)))
    else:
        a, d = strength(state, att), strength(state, tgt)
    routed = tgt.status is Status.ROUTED
    flank = routed or disorder or is_flank(state, att.hex, tgt)
    # §8: against a rout ×2 (1990) or ×4 (French text), ×2 on a flank (phalanx,
    # disordered pursuer), never both
    mult = (state.edition.rout_multiplier if routed else force.flank_multiplier if flank
            else 1)
    column = state.tables.combat.column(a * mult, d)
    if fire and not state.edition.fire_modifiers:
        mods: list[tuple[str, int]] = []
    else:
        att_class = TroopClass.LIGHT if fire else state.stack_class(att)
        # §8: the negative modifiers no longer apply against a rout (both editions) and,
        # in the French text, in the ×2 flank cases too ("dans un cas comme dans l'autre")
        drop = routed or (flank and state.edition.drop_negatives_on_flank)
        mods = state.tables.modifiers.modifiers(att_class, state.stack_class(tgt), flank,
                                                drop)
    # §8, §11, Annex: X becomes T between mercenaries (top counters, §5 addendum), fire
    # included, whatever the target's state; and in any fire: 1990 (Annex) "except for
    # units in rout", 1991 (French chapter) always
    mercs = state.top_counter(att).mercenary and state.top_counter(tgt).mercenary
    fire_x_to_t = fire and not (routed and state.edition.fire_x_at_rout)
    return Assessment(a, d, mult, column, tuple(mods), flank, fire, mercs or fire_x_to_t)


def attack_options(state: State, side: str) -> list[Attack]:
    """Every attack ``side`` may still make this turn (§8: once per counter or stack,
    each counter attacked once), in option order."""
    return list(kept_attacks(state, side).options)


_Pair = tuple[Stack, Stack]
#: one attacker's options: per option, the targets it may attack with it (in the order
#: of the stacks in the hex)
_Own = dict[Attack, list[Stack]]
_MAX_CHANGES = 24  # more stacks changed than this: the table is made afresh
_MAX_LOG = 256  # a table updated this many times is made afresh (its log stays short)


def attack_table(state: State, side: str) -> dict[Attack, tuple[Stack, Stack]]:
    """The attacks ``side`` may still make, in option order, each with the stacks it
    pairs."""
    table = kept_attacks(state, side)
    return dict(zip(table.options, map(table.pairs.__getitem__, table.options),
                    strict=True))


@attrs.define(eq=False)
class AttackTable:
    """The attacks one side may still make (§8), kept per option: one table per state
    of the combat phase, read by the phase, the commander and :func:`find_pair` alike,
    and updated (:func:`kept_attacks`) only for the options whose stacks changed and
    those of the counters that have since attacked or defended. Read-only to its
    users."""

    version: Hashable  # the state's version when it was brought up to date
    mark: int  # the state's change mark then
    attacked: frozenset[str]  # what the turn had used then
    defended: frozenset[str]
    #: sid -> (stack, its options): the attackers with attacks, whatever the turn has used
    by_attacker: dict[int, tuple[Stack, _Own]]
    #: option -> sid -> (an attacker with it, its targets)
    holders: dict[Attack, dict[int, tuple[Stack, list[Stack]]]]
    #: counter -> the options whose entry depends on whether it has attacked or defended
    watch: dict[str, set[Attack]]
    watched: dict[Attack, tuple[str, ...]]
    #: the attacks on offer, each with the stacks it pairs
    pairs: dict[Attack, _Pair]
    keys: list[tuple[str, str, bool]]  # their order keys, sorted ...
    options: list[Attack]  # ... and the options in that order
    log: list[set[Attack]]  # per update, the options looked at again
    _menu: tuple[Hashable, ...] | None = None

    @property
    def stamp(self) -> int:
        """A mark of this table's updates, for :meth:`changed_since`."""
        return len(self.log)

    def changed_since(self, stamp: int) -> set[Attack]:
        """The options looked at again since :attr:`stamp` was ``stamp`` (their entry
        may have changed, or they may have come or gone)."""
        return set().union(*self.log[stamp:])

    def menu(self) -> tuple[Hashable, ...]:
        """The attack decision's options: the attacks in order, then "no more attacks"
        (one tuple while the offer stands)."""
        if self._menu is None:
            self._menu = (*self.options, END_ATTACKS)
        return self._menu


def kept_attacks(state: State, side: str) -> AttackTable:
    """The :class:`AttackTable` of ``side`` at this state: kept while no stack changes
    and no attack is made; after a change, only the stacks that changed and the
    attackers next to what changed are looked at again, and only the options they hold
    or the counters that have attacked or defended since are valued again, so that the
    cost of a change does not grow with the size of the armies."""
    name = ("attacks", side)
    table: AttackTable | None = state.kept(name)
    version, attacked, defended = state.version(), state.attacked, state.defended
    if table is not None and table.version == version and \
            table.attacked == attacked and table.defended == defended:
        return table
    changes = None if table is None or len(table.log) >= _MAX_LOG else \
        state.changes_since(table.mark)
    # what the turn has used only grows within a half-turn: else the table starts afresh
    if changes is None or len(changes) > _MAX_CHANGES or not (
            table is not None and table.attacked <= attacked
            and table.defended <= defended):
        table = _made(state, side)
        state.keep(name, table)
    else:
        _update(state, side, table, changes)
    return table


def _made(state: State, side: str) -> AttackTable:
    """The attack table of ``side`` made afresh."""
    occ = state.occupancy()
    # the hexes of the stacks one may ever attack: the enemy's, and one's own routed
    # elephants where the edition allows it (§10 addendum); others are skipped
    own = state.edition.attack_own_routed_elephants
    targets = {s.hex for s in state.stacks if s.side != side or (
        own and s.status is Status.ROUTED and state.stack_class(s) is TroopClass.ELEPHANT)}
    near = {n for h in targets for n in state.board.neighbors(h)}
    by_attacker: dict[int, tuple[Stack, _Own]] = {}
    for att in state.stacks:
        if att.side == side and att.hex in near and att.status is Status.GOOD \
                and not state.leader_alone(att):
            mine = _attacks_of(state, att, occ)
            if mine:
                by_attacker[att.sid] = (att, mine)
    table = AttackTable(state.version(), state.change_mark(), frozenset(state.attacked),
                        frozenset(state.defended), by_attacker, {}, {}, {}, {}, [], [], [])
    holders = table.holders
    for sid, (att, mine) in by_attacker.items():
        for opt, hit in mine.items():
            holders.setdefault(opt, {})[sid] = (att, hit)
    for opt in sorted(holders, key=_key):
        _watch(state, table, opt)
        value = _entry(state, holders[opt])
        if value is not None:
            table.pairs[opt] = value
            table.keys.append(_key(opt))
            table.options.append(opt)
    return table


def _update(state: State, side: str, table: AttackTable,
            changes: list[tuple[Stack | None, Hex | None]]) -> None:
    """Bring ``table`` up to date after ``changes`` (the stacks changed since it was)
    and the attacks made since."""
    again: set[Attack] = set()  # the options to look at again
    if changes:
        _update_attackers(state, side, table, changes, again)
    attacked, defended = state.attacked, state.defended
    watch = table.watch
    if len(attacked) != len(table.attacked):  # (it only grows: see kept_attacks)
        for c in attacked - table.attacked:
            again.update(watch.get(c, ()))
        table.attacked = frozenset(attacked)
    if len(defended) != len(table.defended):
        for c in defended - table.defended:
            again.update(watch.get(c, ()))
        table.defended = frozenset(defended)
    holders, pairs, keys, options = table.holders, table.pairs, table.keys, table.options
    for opt in again:
        held = holders.get(opt)
        value = None if held is None else _entry(state, held)
        if value is None:
            if opt in pairs:
                del pairs[opt]
                i = bisect.bisect_left(keys, _key(opt))
                del keys[i], options[i]
                table._menu = None
        else:
            if opt not in pairs:
                k = _key(opt)
                i = bisect.bisect_left(keys, k)
                keys.insert(i, k)
                options.insert(i, opt)
                table._menu = None
            pairs[opt] = value
    if again:
        table.log.append(again)
    table.version, table.mark = state.version(), state.change_mark()


def _update_attackers(state: State, side: str, table: AttackTable,
                      changes: list[tuple[Stack | None, Hex | None]],
                      again: set[Attack]) -> None:
    """The attackers' options after ``changes``: what may have changed is the stacks
    changed (those taken off the map leave) and the stacks next to what changed; an
    attacker's attacks depend on it, on the stacks in its hex (the first one attacks)
    and on those in its front (next to it); every other attacker keeps its attacks.
    Adds the options of the attackers looked at again to ``again``."""
    occ = state.occupancy()
    by_attacker = table.by_attacker
    moved = {id(s) for s, _ in changes}
    hexes = {h for s, h in changes if h is not None} | {s.hex for s, _ in changes
                                                         if s is not None}
    zone = hexes.union(*(state.board.neighbors(h) for h in hexes))
    on_map = state.on_map
    candidates: dict[int, Stack] = {}
    redone: dict[int, tuple[Stack, _Own] | None] = {}  # sid -> its options before
    for c, _ in changes:
        if c is not None:
            if on_map(c):  # (not taken off the map)
                candidates[c.sid] = c
            elif (kept := by_attacker.get(c.sid)) is not None and kept[0] is c:
                redone.setdefault(c.sid, kept)
                del by_attacker[c.sid]
    for h in zone:
        for s in occ.get(h, ()):
            if s.side == side:
                candidates.setdefault(s.sid, s)
    for sid, att in candidates.items():
        kept = by_attacker.get(sid)
        if att.side != side or att.status is not Status.GOOD or state.leader_alone(att):
            if kept is not None:
                redone.setdefault(sid, kept)
                del by_attacker[sid]
            continue
        if kept is None or kept[0] is not att or id(att) in moved or (
                att.hex in hexes or not hexes.isdisjoint(front_at(state, att, att.hex))):
            redone.setdefault(sid, kept)
            mine = _attacks_of(state, att, occ)
            if mine:
                by_attacker[sid] = (att, mine)
            elif kept is not None:
                del by_attacker[sid]
    holders = table.holders
    for sid, old in redone.items():
        if old is not None:
            for opt in old[1]:
                held = holders.get(opt)
                if held is not None:
                    held.pop(sid, None)
                    if not held:
                        del holders[opt]
                again.add(opt)
        new = by_attacker.get(sid)
        if new is not None:
            for opt, hit in new[1].items():
                holders.setdefault(opt, {})[sid] = (new[0], hit)
                again.add(opt)
    for opt in again:
        _watch(state, table, opt)


def _watch(state: State, table: AttackTable, opt: Attack) -> None:
    """Index ``opt`` under the counters whose attacking or defending changes its entry:
    its attackers' counters and its targets' top counters."""
    watch = table.watch
    for c in table.watched.pop(opt, ()):
        opts = watch[c]
        opts.discard(opt)
        if not opts:
            del watch[c]
    held = table.holders.get(opt)
    if held is None:
        return
    top = state.top
    counters: set[str] = set()
    for att, hit in held.values():
        counters.update(att.counters)
        counters.update(map(top, hit))
    table.watched[opt] = tuple(counters)
    for c in counters:
        watch.setdefault(c, set()).add(opt)


def _entry(state: State, held: dict[int, tuple[Stack, list[Stack]]]) -> _Pair | None:
    """An option's entry in the table: the stacks it pairs, or None (not on offer) if no
    attacker with it may still attack one of its targets (§8: a unit attacks an enemy on its front,
    each counter or stack once, each counter attacked once). Of two stacks in good order
    in the attacker's hex (a rallied part with no room to rejoin its stack-mates, §5, §9)
    the first in the list of stacks that may still make the attack makes it, on the
    first of its targets in the hex not yet attacked."""
    attacked, defended, top = state.attacked, state.defended, state.top
    for sid in (sorted(held) if len(held) > 1 else held):
        att, hit = held[sid]
        if attacked.isdisjoint(att.counters):
            for t in hit:
                if top(t) not in defended:
                    return att, t
    return None


def _attacks_of(state: State, att: Stack, occ: dict[Hex, list[Stack]]) -> _Own:
    """The attacks ``att`` (of its side, in good order, not a leader alone) may make, per
    option: the targets it may attack with it (§8)."""
    side, board = att.side, state.board
    own = state.edition.attack_own_routed_elephants
    mine: _Own = {}
    a_hex, a_class = att.hex, state.stack_class(att)
    missile = state.top_counter(att).missile  # §11 missile troops fire
    for h in front_at(state, att, a_hex):
        here = occ.get(h)
        if not here:
            continue
        melee: list[Stack] = []
        fire: list[Stack] = []
        for tgt in here:
            # may_attack, knowing that att is in good order and h on its front
            # §10 addendum: one's own elephants in rout may be attacked (and fired at)
            foe = tgt.side != side or (own and tgt.status is Status.ROUTED and
                                       state.stack_class(tgt) is TroopClass.ELEPHANT)
            if foe and not type_forbids(state, a_class, tgt, a_hex):
                melee.append(tgt)
            if foe and missile:  # §8: fire is an attack, wherever one may attack
                fire.append(tgt)
        for fired, hit in ((False, melee), (True, fire)):
            if hit:
                mine[_attack(board, a_hex, h, fired)] = hit
    return mine


def _key(opt: Attack) -> tuple[str, str, bool]:
    return (opt.attacker, opt.target, opt.fire)  # the options' own order, without attrs' cost


@functools.lru_cache(maxsize=1 << 16)
def _attack(board: Board, a_hex: Hex, t_hex: Hex, fire: bool) -> Attack:
    """One Attack option per pair of hexes, shared by every decision that offers it."""
    return Attack(board.label(a_hex), board.label(t_hex), fire, attacker_at=a_hex,
                  target_at=t_hex)


def find_pair(state: State, option: Attack, side: str,
              table: dict[Attack, _Pair] | None = None) -> _Pair:
    """The attacking and defending stacks an Attack option on offer names (``table``:
    the current :attr:`AttackTable.pairs`, if the caller holds it); an attack not on
    offer is refused (:class:`~ancients.errors.RuleError`)."""
    if table is None:
        table = kept_attacks(state, side).pairs
    pair = table.get(option)
    if pair is None:
        raise RuleError(f"{side}: the attack {option} is not on offer (§8: no stack in "
                        f"{option.attacker} may still make it)")
    return pair


def combat_phase(state: State, side: str,
                 after_each: Callable[[], Steps] | None = None) -> Steps:
    """§8: the phasing player attacks as he pleases, one attack at a time
    (``after_each``: what follows each attack at once, the morale tests with
    ``morale_tests=each_combat``)."""
    while True:
        table = kept_attacks(state, side)
        if not table.options:
            return
        # (the table's own menu: the commander knows it for the table's offer)
        choice = yield ask(side, Kind.ATTACK, table.menu(),
                           prompt="choose an attack, or stop attacking")
        if choice == END_ATTACKS:
            return
        assert isinstance(choice, Attack)
        att, tgt = find_pair(state, choice, side)
        yield from resolve(state, att, tgt, fire=choice.fire)
        if after_each is not None:
            yield from after_each()


def evasion_hexes(state: State, att: Stack, tgt: Stack, fire: bool) -> list[Hex]:
    """§8 evasion: light infantry from infantry, cavalry from anything, never from fire or
    in rout, to a free hex not on an enemy front (beside a phalanx's flank, it may); 1 hex
    (cavalry 1–2 in 1990); the French text only at inferiority (1.5/1 or worse)."""
    if fire or tgt.status is Status.ROUTED or state.leader_alone(tgt):
        return []
    classes = {state.counter(c).troop_class for c in state.combatants(tgt)}
    a_class = state.stack_class(att)
    if classes == {TroopClass.LIGHT}:
        if a_class not in _INFANTRY:
            return []
        reach = state.tables.force.light_evasion_hexes
    elif classes == {TroopClass.CAVALRY}:
        reach = state.edition.evasion_cavalry_hexes
    else:
        return []
    if reach <= 0:
        return []
    need = state.edition.evasion_min_ratio
    if need is not None:
        a = assess(state, att, tgt)
        if Fraction(a.attack * a.multiplier, max(a.defence, 1)) < need:
            return []
    occ = state.occupancy()
    zoc = state.zoc(tgt.side)

    def free(h: Hex) -> bool:  # a free hex "that is not on an enemy front" (§8)
        return state.board.passable(h) and not occ.get(h) and h not in zoc

    ring = [h for h in state.board.neighbors(tgt.hex) if free(h)]
    out = set(ring)
    for _ in range(reach - 1):  # "by 1 or 2 hexes, at its choice": any free hex in reach
        ring = [n for h in ring for n in h.neighbors()
                if n != tgt.hex and n not in out and free(n)]
        out.update(ring)
    return sorted(out)


def _record(state: State, tgt: Stack, att: Stack, result: Result) -> None:
    hit = state.hits.setdefault(tgt.sid, Hit([], [], None))
    hit.results.append(result)
    hit.attackers.append(att.sid)
    if tgt.hex in state.board.neighbors(att.hex):
        hit.direction = int(att.hex.direction_to(tgt.hex))


def eliminate_top(state: State, tgt: Stack) -> str:
    """§8 X: the top counter is removed (a leader only when attacked alone, §11)."""
    top = state.top(tgt)
    state.update(tgt, counters=[c for c in tgt.counters if c != top])
    state.gone[top] = "eliminated"
    if state.counter(top).leader:
        state.leader_dead.add(tgt.side)
    if not tgt.counters:
        state.remove_stack(tgt)
    elif state.leader_alone(tgt):
        state.update(tgt, status=Status.GOOD, pursued=frozenset())
        state.hits.pop(tgt.sid, None)
    return top


def resolve(state: State, att: Stack, tgt: Stack, fire: bool = False,
            back: bool = False) -> Steps:
    """One attack, §8 (``back``: the free attack after pursuit, §10)."""
    label = state.board.label
    side = att.side
    ensure_identity(state, state.top(att))
    t_hex = tgt.hex
    if not back:
        # §8: the attacker has made its one attack of the turn (even if it then dares not,
        # below); the defender's top counter is marked only once the attack goes ahead
        state.attacked.update(att.counters)
    disorder = False
    may_evade = True
    if tgt.status is Status.PURSUING and not back:
        # §10: a pursuer counter-attacked tests; failing, it fights in disorder
        disorder = bool(stack_test(state, tgt, "counter-attacked while pursuing",
                                   top_only=True))
        may_evade = not disorder
    a = assess(state, att, tgt, fire, disorder)
    a_class = state.stack_class(att)
    frontal = not (a.flank or tgt.status is Status.ROUTED)
    # §8 attack at inferiority: infantry attacking head-on at a basic ratio of 1/2 or
    # less tests (the top counter once, §9) and attacks only if it passes. Only
    # infantry, in both editions (§8 and the §9 list say "infantry"; the addendum
    # confirms that elephants and cavalry need not test). A refused attack leaves the
    # defender free to be attacked by another stack (it has not defended).
    if (not fire and not back and frontal and a.basic_ratio <= state.tables.force.inferiority
            and a_class in _INFANTRY
            and stack_test(state, att, "attack at inferiority", top_only=True)):  # failed
        state.emit("attack refused", f"{state.name(att)}: attack at inferiority on "
                   f"{state.name(tgt, t_hex)}: called off, morale test failed", side=side,
                   units=att.counters, attacker=list(att.counters),
                   defender=list(tgt.counters), attacker_hex=label(att.hex),
                   defender_hex=label(t_hex))
        return
    # §11 championship: the defender's "?" counter is revealed once the attack goes ahead
    # (the same combat value, so the assessment above stands)
    ensure_identity(state, state.top(tgt))
    if not back:
        state.defended.add(state.top(tgt))  # §8: each counter defends once a turn
    if not back and may_evade:
        hexes = evasion_hexes(state, att, tgt, fire)
        if hexes:
            choice = yield ask(tgt.side, Kind.EVADE, [EVADE_NOT, *[Evade(label(h), at=h)
                                                                     for h in hexes]],
                                    unit=state.top(tgt), target=state.top(att),
                                    prompt=f"{label(att.hex)} attacks {label(t_hex)}")
            if isinstance(choice, Evade):
                state.update(tgt, hex=choice.at if choice.at is not None
                             else state.board.hex(choice.to))
                state.emit("evade", f"{state.name(tgt, t_hex)}: evade to {choice.to}, away "
                           f"from {state.name(att)}", side=tgt.side, units=tgt.counters,
                           counters=list(tgt.counters), attacker=list(att.counters),
                           **{"from": label(t_hex)}, to=choice.to)
                yield from _advance(state, att, t_hex)
                return
    roll = state.dice.roll("2d6", f"combat {label(att.hex)} vs {label(t_hex)}")
    result = a.result(state, roll)
    column = "<1/4" if a.column is None else state.tables.combat.columns[a.column]
    what = "fire at" if fire else "back attack on" if back else "attack on"
    state.emit("combat", f"{state.name(att)}: {what} {state.name(tgt, t_hex)}: "
               f"{_combat_words(state, a, att, tgt, roll, result)}", side=side,
               units=[state.top(att), state.top(tgt)], attacker=list(att.counters),
               defender=list(tgt.counters), attacker_hex=label(att.hex),
               defender_hex=label(t_hex), attack=a.attack, defence=a.defence,
               multiplier=a.multiplier, column=column, roll=roll,
               modifiers=[[r, v] for r, v in a.modifiers], modifier=a.modifier,
               total=roll + a.modifier, result=result, flank=a.flank, fire=fire, back=back)
    routed = tgt.status is Status.ROUTED
    if result == "X":
        gone = eliminate_top(state, tgt)
        state.emit("eliminated", f"{state.counter_name(gone)} ({label(t_hex)}): eliminated",
                   side=tgt.side, units=[gone], counter=gone, hex=label(t_hex))
        if not routed and state.on_map(tgt) and not state.leader_alone(tgt):
            _record(state, tgt, att, "X")
    elif result == "T" and not routed:
        _record(state, tgt, att, "T")
    if not back:
        yield from _advance(state, att, t_hex)


_RESULT_WORDS = {"-": "—", "T": "T", "X": "X"}


def _combat_words(state: State, a: Assessment, att: Stack, tgt: Stack, roll: int,
                  result: Result) -> str:
    """The figures of a combat for its message: strengths (and why multiplied), the
    column, the dice with their modifiers, the result."""
    strength = str(a.attack)
    if a.multiplier > 1:
        how = {2: "doubled", 4: "quadrupled"}.get(a.multiplier, f"times {a.multiplier}")
        why = "against a rout" if tgt.status is Status.ROUTED else "on the flank"
        strength = f"{a.attack} {how} {why} ({a.attack * a.multiplier})"
    column = "ratio below 1/4" if a.column is None else \
        f"ratio {state.tables.combat.columns[a.column]}"
    mods = "".join(f", {v:+d} {r}" for r, v in a.modifiers)
    total = f": {roll + a.modifier}" if a.modifiers else ""
    reduced = ""
    if result == "T" and a.x_to_t and state.tables.combat.result(
            a.column, roll + a.modifier) == "X":
        mercs = state.top_counter(att).mercenary and state.top_counter(tgt).mercenary
        reduced = f" (an X, reduced to T {'between mercenaries' if mercs else 'for fire'})"
    return (f"{'fire' if a.fire else 'strength'} {strength} against {a.defence}, {column}; "
            f"dice {roll}{mods}{total}, result {_RESULT_WORDS[result]}{reduced}")


def _advance(state: State, att: Stack, vacated: Hex) -> Steps:
    """§8: the whole attacking stack may occupy a vacated hex, keeping its facing."""
    occ = state.occupancy()
    if vacated in occ or not state.on_map(att) or att.status is not Status.GOOD:
        return
    # §5: no voluntary contact with enemies in good order one may not attack (cavalry and
    # elephants; as for movement)
    cls = state.stack_class(att)
    if any(e.side != att.side and e.status is Status.GOOD and not state.leader_alone(e)
           and type_forbids(state, cls, e, vacated)
           for n in state.board.neighbors(vacated) for e in occ.get(n, ())):
        return
    choice = yield ask(att.side, Kind.ADVANCE, [ADVANCE, STAY], unit=state.top(att),
                            prompt=f"advance into {state.board.label(vacated)}?")
    if choice == ADVANCE:
        start = att.hex
        state.update(att, hex=vacated)
        state.emit("advance", f"{state.name(att, start)}: advance to "
                   f"{state.board.label(vacated)}", side=att.side, units=att.counters,
                   counters=list(att.counters), **{"from": state.board.label(start)},
                   to=state.board.label(vacated))
