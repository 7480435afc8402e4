"""One test per rule clause (§3–§13), on staged positions."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import attrs
import pytest

import ancients
from ancients.hexgrid import Corner, Direction
from ancients.raphia.battle import RaphiaBattle
from ancients.raphia.combat import (
    assess,
    attack_options,
    combat_phase,
    evasion_hexes,
    may_attack,
    strength,
)
from ancients.raphia.movement import _contact_hexes, destinations, move_options
from ancients.raphia.options import HOLD, DisengageTo, Face, MoveTo, SplitTo, Turn
from ancients.raphia.rout import morale_phase, rout_path, rout_phase
from ancients.raphia.stacking import join_cost, merge, stack_problem
from ancients.raphia.state import Hit, Status
from ancients.raphia.victory import victory_points, winner

from .helpers import Stage, drive


def _always(option: Any) -> Callable[[Any], Any]:
    """An answer to every decision: ``option``."""
    return lambda decision: option


P, S = "ptolemaic", "seleucid"
C = "1512"  # an open hex in the middle of the plain


def nb(st: Stage, label: str, d: int) -> str:
    return st.state.board.label(st.hex(label).neighbor(d))


def opts(st: Stage, stack: Any) -> list[Any]:
    s = st.state
    return move_options(s, stack, s.occupancy(), s.zoc(stack.side), _contact_hexes(s, stack.side))


# -- §3 / §4 turn sequence ------------------------------------------------------------------
@pytest.mark.parametrize("spec", ["raphia", "raphia(edition=1990)"])
def test_turn_sequence_and_final_rally(spec: str) -> None:
    b = ancients.ruleset(spec).new_battle(seed=3)
    assert isinstance(b, RaphiaBattle)
    b.run()
    phases = [e.phase for e in b.log if e.kind == "phase"]
    seq = b.state.edition.sequence
    assert seq == ({
        "raphia": ("movement", "combat", "morale", "rout", "pursuit", "rout tests",
                   "back attacks", "rally"),
        "raphia(edition=1990)": ("movement", "combat", "morale", "rout", "pursuit",
                                 "back attacks", "rally"),
    }[spec])
    assert phases[0] == "deployment"
    assert tuple(phases[1:1 + len(seq)]) == seq
    assert len(phases) == 1 + 16 * len(seq) + 1 and phases[-1] == "final rally"
    assert ("rout tests" in seq) == (spec == "raphia")
    rolls = [e for e in b.log if e.kind == "initiative"]  # ties roll again (§3)
    first = next(e for e in b.log if e.kind == "phase" and e.phase == "movement")
    assert rolls[-1].side == rolls[-1].data["first"] == first.side
    assert all(e.data["first"] is None and len(set(e.data["rolls"].values())) == 1
               for e in rolls[:-1])
    winner_roll = rolls[-1].data["rolls"]
    assert winner_roll[first.side] == max(winner_roll.values())
    assert b.outcome is not None and b.outcome.turns == 8


# -- §5 stacking ------------------------------------------------------------------------------
def test_stacking_limits_and_exceptions(stage: Any) -> None:
    st = stage().state
    mace = [f"P-phal-mace{i}" for i in range(1, 8)]
    assert stack_problem(st, mace[:6]) is None
    assert stack_problem(st, mace[:7]) is not None
    assert stack_problem(st, ["P-household-cav1", "P-household-cav2", "P-libyan-cav",
                              "P-egyptian-cav"]) is not None
    assert stack_problem(st, ["P-household-cav1", "P-cretans1"]) is not None
    assert stack_problem(st, [*mace[:6], "ptolemy"]) is None  # a leader ignores the limits
    assert stack_problem(st, ["S-elephants1", "S-elephants2", "S-cretans1", "S-cretans2"]) is None
    assert stack_problem(st, ["S-elephants1", "S-cretans1", "S-cretans2", "S-dahae1"]) is not None
    assert stack_problem(st, ["S-elephants1", "S-elephants2", "S-elephants3"]) is not None


def test_forming_stacks_costs_and_impossibilities(stage: Any) -> None:
    st = stage()
    s = st.state
    a = st.put(P, C, ["P-agema1"])
    b = st.put(P, nb(st, C, 1), ["P-agema2"])
    assert join_cost(s, a, b) == 2
    ph1 = st.put(P, "1508", ["P-phal-mace1"], facing=2)
    ph2 = st.put(P, "1509", ["P-phal-mace2"], facing=2)
    assert join_cost(s, ph1, ph2) is None
    e1 = st.put(P, "1805", ["P-elephants1"])
    e2 = st.put(P, "1806", ["P-elephants2"])
    lt = st.put(P, "1807", ["P-cretans1"])
    assert join_cost(s, e1, e2) is None
    assert join_cost(s, lt, e1) == 1  # the escort may be re-formed
    cav = st.put(P, "1810", ["P-libyan-cav"])
    st.state.update(cav, status=Status.PURSUING)
    cav2 = st.put(P, "1811", ["P-egyptian-cav"])
    assert join_cost(s, cav, cav2) is None  # disorder (§10 addendum)


def test_stacking_order_by_edition(stage: Any) -> None:
    for spec, expect in (("raphia", ["A1", "B1", "A2", "B2"]),
                         ("raphia(edition=1990)", ["A1", "A2", "B1", "B2"])):
        st = stage(spec)
        s = st.state
        a = st.put(P, C, ["P-cretans1", "P-cretans2"])
        b = st.put(P, C, ["P-agema1", "P-agema2"])  # stands in for a second light stack
        names = {"P-cretans1": "A1", "P-cretans2": "A2", "P-agema1": "B1", "P-agema2": "B2"}
        merge(s, a, b)
        assert [names[c] for c in a.counters] == expect
    st = stage("raphia")
    a = st.put(P, C, ["P-cretans1", "P-cretans2", "P-cretans3"])
    b = st.put(P, C, ["S-dahae1"])
    merge(st.state, a, b)
    assert list(a.counters) == ["P-cretans1", "S-dahae1", "P-cretans2", "P-cretans3"]  # under top


def test_only_top_fights_plus_one_per_counter_and_leader(stage: Any) -> None:
    st = stage()
    s = st.state
    stk = st.put(P, C, ["P-phal-mace1", "P-egyptians1", "P-egyptians2", "P-egyptians3"],
                 facing=2)
    assert strength(s, stk) == 13
    st.state.update(stk, counters=[*stk.counters, "ptolemy"])
    assert strength(s, stk) == 14
    alone = st.put(P, "1805", ["ptolemy"])
    assert strength(s, alone) == 1


def test_stack_moves_at_speed_of_slowest(stage: Any) -> None:
    st = stage()
    stk = st.put(P, C, ["P-libyan-cav", "P-egyptian-cav", "ptolemy"])
    assert st.state.speed(stk) == 5
    mixed = st.put(S, "2012", ["S-elephants1", "S-cretans1"])
    assert st.state.speed(mixed) == 3


# -- §6 orientation and §7 movement ------------------------------------------------------------
def test_phalanx_moves_only_into_its_front_and_pays_to_turn(stage: Any) -> None:
    st = stage()
    ph = st.put(P, C, ["P-phal-mace1"], facing=2)  # facing E: front NE and SE
    dests = destinations(st.state, ph, st.state.occupancy(), set(), set())
    front = {nb(st, C, 2), nb(st, C, 3)}
    one_step = {m.to for m in dests if st.hex(m.to).distance(st.hex(C)) == 1
                and m.facing == 2}
    assert one_step == front
    # turning first (1 point) and then stepping (1 point) uses both points
    turned = {m.to for m in dests if st.hex(m.to).distance(st.hex(C)) == 1 and m.facing != 2}
    assert turned - front == {nb(st, C, 1), nb(st, C, 4)}
    assert MoveTo(C, 3) in dests and MoveTo(C, 1) in dests  # 60° turns in place
    assert MoveTo(C, 4) in dests  # two turns, two points
    back = nb(st, C, 5)
    assert all(m.to != back for m in dests)
    assert all(m.facing == 2 for m in dests if st.hex(m.to).distance(st.hex(C)) == 2)


def test_zone_of_control_stops_and_contact_pins(stage: Any) -> None:
    st = stage()
    cav = st.put(P, C, ["P-libyan-cav"])
    far = st.hex(C).neighbor(Direction.SE).neighbor(Direction.SE).neighbor(Direction.SE)
    st.put(S, st.state.board.label(far), ["S-arabs1"])
    zoc = st.state.zoc(P)
    dests = destinations(st.state, cav, st.state.occupancy(), zoc, _contact_hexes(st.state, P))
    for m in dests:
        h = st.hex(m.to)
        assert h.distance(far) >= 1
    # a hex beyond the enemy, in reach of the cavalry's 5 points around the enemy (its
    # neighbours are its front), cannot be reached through that zone of control
    beyond = MoveTo(st.state.board.label(far.neighbor(Direction.SE)))
    assert beyond not in dests
    assert beyond in destinations(st.state, cav, st.state.occupancy(), set(),
                                  _contact_hexes(st.state, P))
    # an isolated counter in contact cannot move
    lone = st.put(P, st.state.board.label(far.neighbor(Direction.N)), ["P-cretans1"])
    assert opts(st, lone) == [HOLD]


def test_rearguard_disengagement(stage: Any) -> None:
    st = stage()
    stack = st.put(P, C, ["P-agema1", "P-agema2", "P-agema3"])
    st.put(S, nb(st, C, 3), ["S-arabs1"])
    o = opts(st, stack)
    assert any(isinstance(x, DisengageTo) for x in o)
    assert not any(type(x) is MoveTo for x in o)
    gen = __import__("ancients.raphia.movement", fromlist=["x"]).movement_phase(st.state, P)
    drive(gen, lambda d: next(x for x in d.options if isinstance(x, DisengageTo))
          if d.kind == "move" else d.options[0])
    assert list(stack.counters) == ["P-agema3"] and stack.hex == st.hex(C)  # bottom stays


def test_phalanx_turn_in_contact_is_offered(stage: Any) -> None:
    st = stage()
    ph = st.put(P, C, ["P-phal-mace1"], facing=2)
    st.put(S, nb(st, C, 2), ["S-arabs1"])
    o = opts(st, ph)
    assert Turn(1) in o and Turn(-1) in o and not any(isinstance(x, MoveTo) for x in o)


def test_phalanx_next_to_pursuers_only_turns_freely_in_place(stage: Any) -> None:
    # §6: the turn costing all movement and a test is for contact with an enemy in good
    # order; next to pursuers only, a phalanx turns 60 degrees a movement point, and
    # §7 still pins it to its hex
    st = stage()
    ph = st.put(P, C, ["P-phal-mace1"], facing=2)
    pursuer = st.put(S, nb(st, C, 2), ["S-arabs1"], status=Status.PURSUING)
    st.state.update(pursuer, pursued=frozenset({"P-cretans1"}))
    o = opts(st, ph)
    assert not any(isinstance(x, Turn) for x in o)
    turns = [x for x in o if type(x) is MoveTo]
    speed = st.state.speed(ph)
    assert {x.to for x in turns} == {C}
    facings = [x.facing for x in turns if x.facing is not None]
    assert len(facings) == len(turns) and sorted(facings) == sorted(
        {Corner(2).turn(k).value for k in range(-speed, speed + 1)} - {2})
    gen = __import__("ancients.raphia.movement", fromlist=["x"]).movement_phase(st.state, P)
    drive(gen, lambda d: turns[0] if d.kind == "move" else d.options[0])
    assert ph.hex == st.hex(C) and ph.facing == turns[0].facing
    assert not [e for e in st.battle.log if e.kind == "morale"]  # no test


def test_only_routs_pass_through_own_units_unless_pass_through_any(stage: Any) -> None:
    # §10 (1990): "a rout is the only means of making stacks interpenetrate", and the
    # addendum's §7 says it again; pass_through=any: the looser reading (any unit passes
    # through friends, not ending there), in either edition
    for spec, allowed in (("raphia", False), ("raphia(edition=1990)", False),
                          ("raphia(edition=1990,pass_through=any)", True),
                          ("raphia(pass_through=any)", True)):
        st = stage(spec)
        cav = st.put(P, C, ["P-libyan-cav"])
        # a wall of friends in the column to the east
        col = st.hex(C)[0] + 1
        for h in st.state.board.grid.hexes:
            if h[0] == col and st.state.board.passable(h):
                st.put(P, st.state.board.label(h), [f"P-cretans{(h[1] % 3) + 1}"])
        dests = destinations(st.state, cav, st.state.occupancy(), set(), set())
        assert any(st.hex(m.to)[0] > col for m in dests) == allowed


def test_split_is_free_and_leaves_the_rest(stage: Any) -> None:
    st = stage()
    stack = st.put(P, C, ["P-cretans1", "P-cretans2"])
    o = opts(st, stack)
    assert any(isinstance(x, SplitTo) for x in o)


def test_no_contact_with_enemies_one_cannot_attack(stage: Any) -> None:
    st = stage()
    cav = st.put(P, C, ["P-libyan-cav"])
    eh = st.hex(C).neighbor(Direction.SE).neighbor(Direction.SE)
    st.put(S, st.state.board.label(eh), ["S-elephants1"])
    dests = destinations(st.state, cav, st.state.occupancy(), st.state.zoc(P),
                         _contact_hexes(st.state, P))
    assert all(st.hex(m.to).distance(eh) > 1 for m in dests)


# -- §8 attack ---------------------------------------------------------------------------------
def test_attack_eligibility(stage: Any) -> None:
    st = stage()
    s = st.state
    cav = st.put(P, C, ["P-libyan-cav"])
    el = st.put(S, nb(st, C, 3), ["S-elephants1"])
    assert not may_attack(s, cav, el)
    ph = st.put(P, "1508", ["P-phal-mace1"], facing=2)
    behind = st.put(S, nb(st, "1508", 5), ["S-arabs1"])
    assert not may_attack(s, ph, behind)  # phalanxes attack only to their front
    ahead = st.put(S, nb(st, "1508", 2), ["S-arabs2"])
    assert may_attack(s, ph, ahead)
    routed = st.put(P, "1808", ["P-cretans1"], status=Status.ROUTED)
    lt = st.put(P, nb(st, "1808", 1), ["P-cretans2"])
    assert not may_attack(s, lt, routed)  # no attacking one's own routs...


@pytest.mark.parametrize(("spec", "front", "flank"), [("raphia", False, False),
                                                       ("raphia(edition=1990)", False, True)])
def test_elephants_against_phalanxes(stage: Any, spec: str, front: bool, flank: bool) -> None:
    st = stage(spec)
    ph = st.put(S, C, ["S-phal-mace1"], facing=5)
    e1 = st.put(P, nb(st, C, 5), ["P-elephants1"])  # in its front
    e2 = st.put(P, nb(st, C, 2), ["P-elephants2"])  # on its flank
    assert may_attack(st.state, e1, ph) == front
    assert may_attack(st.state, e2, ph) == flank


def test_own_routed_elephants_may_be_attacked_1991_only(stage: Any) -> None:
    for spec, ok in (("raphia", True), ("raphia(edition=1990)", False)):
        st = stage(spec)
        el = st.put(P, C, ["P-elephants1"], status=Status.ROUTED)
        lt = st.put(P, nb(st, C, 1), ["P-thracians1"])
        assert may_attack(st.state, lt, el) == ok


@pytest.mark.parametrize(("spec", "times"), [("raphia", 4), ("raphia(edition=1990)", 2),
                                             ("raphia(edition=1990,rout_multiplier=x4)", 4)])
def test_routed_defender_by_edition_and_flank_times_two(stage: Any, spec: str,
                                                        times: int) -> None:
    # §8: the attacker of a rout multiplies its strength by 2 (1990, English) or 4 (the
    # French chapter, the later text); rout_multiplier=x4 reads 1990's "unless already
    # quadrupled" as presuming x4. A rout is always taken in the flank; never x2 on top
    st = stage(spec)
    s = st.state
    att = st.put(P, C, ["P-cretans1"])
    r = st.put(S, nb(st, C, 3), ["S-arabs1"], status=Status.ROUTED)
    a = assess(s, att, r)
    assert a.multiplier == times and a.flank
    rp = st.put(S, "1212", ["S-phal-mace3"], facing=5, status=Status.ROUTED)
    assert assess(s, st.put(P, nb(st, "1212", 2), ["P-cretans3"]), rp).multiplier == times
    ph = st.put(S, "1808", ["S-phal-mace1"], facing=5)
    lt = st.put(P, nb(st, "1808", 2), ["P-cretans2"])  # behind its right
    b = assess(s, lt, ph)
    assert b.multiplier == 2 and b.flank
    assert ("flank attack", 1) in b.modifiers
    assert all(v >= 0 for _, v in b.modifiers) == s.edition.drop_negatives_on_flank
    front = st.put(P, nb(st, "1808", 5), ["P-cretans3"])
    c = assess(s, front, ph)
    assert c.multiplier == 1 and ("light infantry against phalanx", -4) in c.modifiers


def test_fire_ratio_modifiers_and_x_to_t(stage: Any) -> None:
    for spec, mods in (("raphia", True), ("raphia(edition=1990)", False)):
        st = stage(spec)
        s = st.state
        arch = st.put(P, C, ["P-cretans1", "P-cretans2", "P-cretans3"])
        tgt = st.put(S, nb(st, C, 3), ["S-agrianians", "S-persians"])
        a = assess(s, arch, tgt, fire=True)
        assert (a.attack, a.defence) == (6, 2) and a.x_to_t
        ph = st.put(S, "1808", ["S-merc-grec1"], facing=5)
        arch2 = st.put(P, nb(st, "1808", 5), ["P-cretans1"])
        f = assess(s, arch2, ph, fire=True)
        assert bool(f.modifiers) == mods
        r = st.put(S, "2008", ["S-arabs1"], status=Status.ROUTED)
        arch3 = st.put(P, nb(st, "2008", 6), ["P-cretans2"])
        # fire at a rout: 1990 "except for units in rout" (Annex), 1991 X is T as in
        # any fire (French chapter)
        assert assess(s, arch3, r, fire=True).x_to_t == mods


def test_mercenaries_against_mercenaries_x_becomes_t(stage: Any) -> None:
    st = stage()
    a = st.put(P, C, ["P-merc-grec1"], facing=2)
    t = st.put(S, nb(st, C, 2), ["S-merc-grec1"], facing=5)
    assert assess(st.state, a, t).x_to_t
    assert assess(st.state, a, t).probabilities(st.state)["X"] == 0


@pytest.mark.parametrize("spec", ["raphia", "raphia(edition=1990)"])
def test_attack_at_inferiority_needs_a_test(stage: Any, spec: str) -> None:
    # §8/§9: only infantry tests, in both editions (the 1990 text says "infantry"; the
    # addendum confirms that cavalry and elephants need not)
    st = stage(spec)
    st.put(P, C, ["P-libyan-cav"])  # 3 against 6: 1/2
    st.put(S, nb(st, C, 3), ["S-cardaces"])
    drive(combat_phase(st.state, P))
    kinds = [e.data.get("why") for e in st.battle.log if e.kind == "morale"]
    assert "attack at inferiority" not in kinds
    assert any(e.kind == "combat" for e in st.battle.log)
    st2 = stage(spec)
    st2.put(P, C, ["P-cretans1"])
    st2.put(S, nb(st2, C, 3), ["S-cardaces"])
    drive(combat_phase(st2.state, P), lambda d: next(
        o for o in d.options if "attacks" in str(o)) if d.kind == "attack" and any(
        "attacks" in str(o) for o in d.options) else d.options[-1])
    kinds = [e.data.get("why") for e in st2.battle.log if e.kind == "morale"]
    assert "attack at inferiority" in kinds  # infantry always tests


def _morale(st: Stage, cid: str, value: int) -> None:
    """Give counter ``cid`` a morale factor (2: always passes, 13: always fails)."""
    st.state.replace(cid, attrs.evolve(st.state.counter(cid), morale=value))


@pytest.mark.parametrize("passes", [True, False])
def test_attack_at_inferiority_goes_ahead_only_if_the_test_passes(
        stage: Any, passes: bool) -> None:
    st = stage()
    st.put(P, C, ["P-cretans1"])  # 2 against 6: 1/3
    st.put(S, nb(st, C, 3), ["S-cardaces"])
    _morale(st, "P-cretans1", 2 if passes else 13)
    drive(combat_phase(st.state, P), lambda d: next(
        (o for o in d.options if "attacks" in str(o)), d.options[-1])
        if d.kind == "attack" else d.options[-1])
    refused = any(e.kind == "attack refused" for e in st.battle.log)
    fought = any(e.kind == "combat" for e in st.battle.log)
    assert (refused, fought) == (not passes, passes)


def test_refused_attack_at_inferiority_leaves_the_defender_free(stage: Any) -> None:
    from ancients.raphia.combat import find_pair, resolve
    st = stage()
    s = st.state
    st.put(P, C, ["P-cretans1"])  # 2 against 6: must test, and cannot pass
    _morale(st, "P-cretans1", 13)
    tgt = st.put(S, nb(st, C, 3), ["S-cardaces"])
    st.put(P, nb(st, nb(st, C, 3), 3), ["P-agema1"])  # 8 against 6: no test
    weak = next(o for o in attack_options(s, P) if o.attacker == C and not o.fire)
    att, t = find_pair(s, weak, P)
    assert t is tgt
    drive(resolve(s, att, t))
    assert any(e.kind == "attack refused" for e in st.battle.log)
    assert "S-cardaces" not in s.defended
    others = [o for o in attack_options(s, P) if o.attacker != C]
    assert others and all(o.target == st.state.board.label(tgt.hex) for o in others)
    assert not any(o.attacker == C for o in attack_options(s, P))  # its attack is spent


def test_one_attack_per_stack_and_one_defence_per_counter(stage: Any) -> None:
    st = stage()
    s = st.state
    st.put(P, C, ["P-agema1"])
    st.put(P, nb(st, C, 4), ["P-agema2"])
    st.put(S, nb(st, C, 3), ["S-arabs1", "S-arabs2"])
    before = attack_options(s, P)
    assert len({o.attacker for o in before}) == 2
    from ancients.raphia.combat import find_pair, resolve
    att, tgt = find_pair(s, before[0], P)
    s.dice.roll("2d6")
    drive(resolve(s, att, tgt), lambda d: d.options[0])
    after = attack_options(s, P)
    assert all(o.attacker != before[0].attacker for o in after)
    if tgt in s.stacks and s.top(tgt) in s.defended:
        assert not after  # the top counter was attacked once already


def test_evasion_rules(stage: Any) -> None:
    st = stage("raphia(edition=1990)")
    s = st.state
    cav = st.put(S, C, ["S-cavalry1"])
    inf = st.put(P, nb(st, C, 6), ["P-thracians1"])
    hexes = evasion_hexes(s, inf, cav, fire=False)
    assert hexes and max(h.distance(st.hex(C)) for h in hexes) == 2  # cavalry 1 or 2 (1990)
    assert evasion_hexes(s, inf, cav, fire=True) == []  # fire cannot be evaded
    lt = st.put(S, "2008", ["S-arabs1"])
    pc = st.put(P, nb(st, "2008", 6), ["P-libyan-cav"])
    assert evasion_hexes(s, pc, lt, False) == []  # light infantry cannot evade cavalry
    st91 = stage("raphia")
    cav = st91.put(S, C, ["S-cavalry1"])
    weak = st91.put(P, nb(st91, C, 6), ["P-cretans1"])
    assert evasion_hexes(st91.state, weak, cav, False) == []  # French: only at 1.5/1+
    strong = st91.put(P, nb(st91, C, 5), ["P-thracians1"])
    hexes = evasion_hexes(st91.state, strong, cav, False)
    assert hexes and max(h.distance(st91.hex(C)) for h in hexes) == 1


# -- §9 morale -----------------------------------------------------------------------------------
def test_morale_modifiers(stage: Any) -> None:
    from ancients.raphia.morale import modifiers
    st = stage()
    s = st.state
    a = st.put(P, C, ["P-cretans1", "ptolemy"])
    assert ("leader in the stack", 2) in modifiers(s, a)
    b = st.put(P, nb(st, nb(st, C, 4), 4), ["P-cretans2"])
    assert ("leader within 2 hexes", 1) in modifiers(s, b)
    s.leader_dead.add(P)
    st.state.update(b, status=Status.PURSUING)
    m = dict(modifiers(s, b))
    assert m["army leader killed"] == -3 and m["pursuing"] == -2
    e = st.put(P, "1805", ["P-elephants1"])
    assert ("elephant facing a rout of elephants", -1) in modifiers(s, e, elephant_rout=True)


def test_heavy_infantry_tests_once_others_each(stage: Any) -> None:
    st = stage()
    s = st.state
    ph = st.put(P, C, ["P-phal-mace1", "P-phal-mace2", "P-phal-mace3"], facing=2)
    s.hits[ph.sid] = Hit(["T", "X", "T"], [], None)
    drive(morale_phase(s, S))
    assert sum(1 for e in st.battle.log if e.kind == "morale") == 1
    lt = st.put(P, "1808", ["P-cretans1", "P-cretans2", "P-cretans3"])
    s.hits[lt.sid] = Hit(["T"], [], None)
    drive(morale_phase(s, S))
    assert sum(1 for e in st.battle.log if e.kind == "morale") == 4


def test_phalanx_tests_per_result_in_1990(stage: Any) -> None:
    st = stage("raphia(edition=1990)")
    s = st.state
    ph = st.put(P, C, ["P-phal-mace1", "P-phal-mace2"], facing=2)
    s.morale_override.clear()
    s.hits[ph.sid] = Hit(["T", "T"], [], None)
    drive(morale_phase(s, S))
    n = sum(1 for e in st.battle.log if e.kind == "morale")
    assert n in (1, 2) and (n == 2 or ph.status is Status.ROUTED)


# -- §10 rout and pursuit -------------------------------------------------------------------------
def test_rout_goes_to_own_edge_never_north_or_south(stage: Any) -> None:
    st = stage()
    r = st.put(P, C, ["P-cretans1"], status=Status.ROUTED)
    path, edge = rout_path(st.state, r, st.state.occupancy())
    assert edge == "own" and len(path) == 3
    prev = st.hex(C)
    for h in path:
        assert h is not None
        assert prev.direction_to(h) in (Direction.SW, Direction.NW)
        prev = h


def test_rout_prefers_empty_hexes_then_routs_then_others_then_phalanx(stage: Any) -> None:
    st = stage()
    r = st.put(P, C, ["P-libyan-cav"], status=Status.ROUTED)
    sw, nw = nb(st, C, 5), nb(st, C, 6)
    st.put(P, sw, ["P-phal-mace1"], facing=2)
    st.put(P, nw, ["P-cretans1"])
    path, _ = rout_path(st.state, r, st.state.occupancy())
    assert path[0] == st.hex(nw)  # non-phalanx friends before phalanxes
    drive(rout_phase(st.state, P))
    assert any(e.kind == "rout move" for e in st.battle.log)
    assert st.state.to_test_crossed  # crossing causes a test


def test_rout_blocked_by_enemy_goes_to_other_edge(stage: Any) -> None:
    st = stage()
    r = st.put(P, C, ["P-cretans1"], status=Status.ROUTED)
    st.put(S, nb(st, C, 5), ["S-arabs1"])
    st.put(S, nb(st, C, 6), ["S-arabs2"])
    path, edge = rout_path(st.state, r, st.state.occupancy())
    assert edge == "other" and len(path) == 3


def test_rout_surrounded_does_not_move(stage: Any) -> None:
    st = stage()
    r = st.put(P, C, ["P-cretans1"], status=Status.ROUTED)
    for d in (2, 3, 5, 6):
        st.put(S, nb(st, C, d), [f"S-arabs{d}"])
    path, _ = rout_path(st.state, r, st.state.occupancy())
    assert path == []


def test_rout_off_the_map_is_lost_and_leader_killed(stage: Any) -> None:
    st = stage()
    r = st.put(P, "0212", ["P-libyan-cav", "ptolemy"], status=Status.ROUTED)
    drive(rout_phase(st.state, P))
    assert r not in st.state.stacks
    assert st.state.gone["P-libyan-cav"] == "lost" and P in st.state.leader_dead


@pytest.mark.parametrize("spec", ["raphia", "raphia(edition=1990)"])
def test_pursuer_following_its_rout_off_the_map_is_lost(stage: Any, spec: str) -> None:
    # §10: the pursuer moves with the rout along the same route, and "units in rout or
    # in pursuit may leave the map": lost (§1), a leader carried off killed (§11)
    from ancients.raphia.rout import pursuit_phase
    st = stage(spec)
    s = st.state
    st.put(P, "0212", ["P-cretans1"], status=Status.ROUTED)
    p = st.put(S, "0312", ["S-cavalry1", "antiochos"], status=Status.PURSUING)
    st.state.update(p, pursued=frozenset({"P-cretans1"}))
    drive(rout_phase(s, P))
    pursuit_phase(s, S)
    assert p not in s.stacks
    assert s.gone["S-cavalry1"] == s.gone["antiochos"] == "lost" and S in s.leader_dead
    assert [e.kind for e in st.battle.log] == ["lost", "leader killed", "lost"]
    # without a movement point left for the step off the map, it stops on its last hex
    st = stage(spec)
    s = st.state
    st.put(P, "0412", ["P-libyan-cav"], status=Status.ROUTED)  # 0313 0212 0113, off
    slow = st.put(S, "0512", ["S-arabs1"], status=Status.PURSUING)  # 3 movement points
    st.state.update(slow, pursued=frozenset({"P-libyan-cav"}))
    drive(rout_phase(s, P))
    pursuit_phase(s, S)
    assert slow in s.stacks and slow.hex == st.hex("0212") and "S-arabs1" not in s.gone


def test_partial_rout_splits_and_elephant_escort_routs_apart(stage: Any) -> None:
    from ancients.raphia.rout import put_to_rout
    st = stage()
    s = st.state
    stack = st.put(P, C, ["P-elephants1", "P-cretans1"])
    routed = put_to_rout(s, stack, ["P-elephants1", "P-cretans1"], 3)
    assert len(routed) == 2 and {s.stack_class(x).value for x in routed} == {"elephant", "light"}


def test_elephant_rout_1991_pushback_and_ends_on_empty_hex(stage: Any) -> None:
    st = stage()
    s = st.state
    el = st.put(P, C, ["P-elephants1"], status=Status.ROUTED)
    st.state.update(el, push=int(Direction.SW))
    drive(rout_phase(s, P))
    if el in s.stacks:
        assert all(o is el or o.hex != el.hex for o in s.stacks)
    rolls = [r.reason for e in st.battle.log for r in e.rolls]
    assert any(r and "elephant rout direction" in r for r in rolls)


def test_pursuit_cavalry_must_phalanx_never(stage: Any) -> None:
    st = stage()
    s = st.state
    cav = st.put(S, C, ["S-cavalry1"])
    victim = st.put(P, nb(st, C, 6), ["P-cretans1"])
    s.morale_override["P-cretans1"] = 12
    s.hits[victim.sid] = Hit(["T"], [cav.sid], int(Direction.NW))
    for _ in range(20):
        drive(morale_phase(s, S))
        if victim.status is Status.ROUTED:
            break
        s.hits[victim.sid] = Hit(["T"], [cav.sid], int(Direction.NW))
    assert victim.status is Status.ROUTED and cav.status is Status.PURSUING
    st2 = stage()
    ph = st2.put(S, C, ["S-phal-mace1"], facing=5)
    v2 = st2.put(P, nb(st2, C, 5), ["P-cretans1"])
    for _ in range(20):
        st2.state.hits[v2.sid] = Hit(["T"], [ph.sid], None)
        drive(morale_phase(st2.state, S))
        if v2.status is Status.ROUTED:
            break
    assert ph.status is Status.GOOD


# -- §11 special rules --------------------------------------------------------------
def test_egyptian_morale_roll_sets_every_question_mark() -> None:
    b = ancients.ruleset("raphia").new_battle(seed=5)
    assert isinstance(b, RaphiaBattle)
    b.step()
    b.step()
    ev = next(e for e in b.log if e.kind == "egyptian morale")
    vals = {b.state.morale(c) for c in b.deployed if b.state.counters[c].egyptian}
    assert vals == {ev.data["morale"]} and vals <= {7, 8, 9}


def test_championship_reveals_at_first_combat(stage: Any) -> None:
    st = stage("raphia(egyptian_morale=championship)")
    s = st.state
    s.morale_override.clear()
    s.championship_pool = list(s.counters.championship)
    eg = st.put(P, C, ["P-egyptians1"], facing=2)
    foe = st.put(S, nb(st, C, 2), ["S-arabs1"])
    from ancients.raphia.combat import resolve
    drive(resolve(s, eg, foe))
    assert "P-egyptians1" in s.replaced and s.counter("P-egyptians1").combat == 4
    assert len(s.championship_pool) == len(s.counters.championship) - 1


def test_leader_only_eliminated_when_alone(stage: Any) -> None:
    from ancients.raphia.combat import eliminate_top
    st = stage()
    s = st.state
    stack = st.put(P, C, ["P-cretans1", "ptolemy"])
    eliminate_top(s, stack)
    assert list(stack.counters) == ["ptolemy"] and P not in s.leader_dead
    eliminate_top(s, stack)
    assert P in s.leader_dead and stack not in s.stacks


# -- §13 victory --------------------------------------------------------------
def test_victory_points_and_seleucid_tie(stage: Any) -> None:
    st = stage()
    s = st.state
    st.put(P, C, ["P-libyan-cav", "ptolemy"])  # 4 + 5
    st.put(S, "2012", ["S-phal-mace1", "S-phal-mace2", "S-phal-mace3"], facing=5)  # 9
    st.put(S, "2014", ["S-elephants1"])  # 0
    st.put(S, "2016", ["S-arabs1"], status=Status.ROUTED)  # nothing
    st.put(S, "2018", ["S-cavalry1"], status=Status.PURSUING)  # nothing
    vp = victory_points(s)
    tie = st.battle.tie  # the scenario's: by default the victory table's, the Seleucid
    assert tie == S and vp == {P: 9, S: 9} and winner(s, vp, tie) == S
    st.put(P, "1008", ["P-agema1"])  # semi-heavy: 2
    st.put(P, "1010", ["P-cretans1", "P-cretans2"])  # light: 1 each
    s.gone["P-agema2"] = "eliminated"  # off the map: nothing
    s.gone["P-agema3"] = "lost"
    vp = victory_points(s)
    assert vp == {P: 13, S: 9} and winner(s, vp, tie) == P
    assert Fraction(1) == 1


@pytest.mark.parametrize("spec", ["raphia", "raphia(edition=1990)"])
@pytest.mark.parametrize("survivor", [Status.GOOD, Status.ROUTED])
def test_a_side_with_no_counter_left_on_the_map_ends_the_battle_with_the_half_turn(
        stage: Any, spec: str, survivor: Status) -> None:
    # §4 plays eight turns; a side with no counter left on the map can neither act nor
    # score, so the battle is over at the end of the half-turn in which it lost the last
    # one, won on §13's victory points as at the end: troops in good order count, a rout
    # counts nothing, a tie goes to the Seleucid player
    st = stage(spec)
    s, b = st.state, st.battle
    st.put(P, C, ["P-agema1"], status=survivor)
    _morale(st, "P-agema1", 13)  # a rout never rallies
    last = st.put(S, "2012", ["S-arabs1"])
    while b.turn < 1:
        b.step()
    half = b.log[-1].side  # the phase just begun: that side's half-turn
    assert not b.finished and half in (P, S)
    s.discard(last)
    s.gone["S-arabs1"] = "eliminated"
    start = len(b.log)
    out = b.run()
    assert (out.winner, out.reason, out.turns) == (
        P if survivor is Status.GOOD else S, "no troops left", 1)
    assert out.score == {k: float(v) for k, v in victory_points(s).items()}
    phases = [e for e in b.log[start:] if e.kind == "phase"]
    assert phases and all(e.side == half for e in phases)  # that half-turn, no other
    assert b.log[-2].kind == "victory" and "seleucid has no counter left" in b.log[-2].message


def test_victory_is_counted_after_the_final_rally() -> None:
    # §13: counted after the final morale-test phase, i.e. the first player's extra rally
    b = ancients.ruleset("raphia").new_battle(seed=11)
    assert isinstance(b, RaphiaBattle)
    out = b.run()
    last_phase = max(i for i, e in enumerate(b.log) if e.kind == "phase")
    assert b.log[last_phase].phase == "final rally"
    assert out.score == {k: float(v) for k, v in victory_points(b.state).items()}


# -- more clauses: turning in contact, modifiers, stacking order, routs, elephants ------
class _Scripted:
    """Dice whose d6 rolls come from a script first (then from the real dice)."""

    def __init__(self, real: Any, d6: list[int], rolls: list[int] | None = None) -> None:
        self.real, self.script, self.rolls = real, list(d6), list(rolls or [])

    def roll(self, spec: str = "1d6", reason: str | None = None) -> int:
        if spec == "2d6" and self.rolls:
            self.real.roll(spec, reason)
            return self.rolls.pop(0)
        return int(self.real.roll(spec, reason))

    def d6(self, reason: str | None = None) -> int:
        if self.script:
            value = self.script.pop(0)
            self.real.roll("1d6", reason)  # keep the log's roll record
            return value
        return int(self.real.d6(reason))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)


def test_phalanx_turn_in_contact_needs_a_passed_test(stage: Any) -> None:
    from ancients.raphia.movement import movement_phase
    for morale, turned in ((2, True), (13, False)):
        st = stage()
        ph = st.put(P, C, ["P-phal-mace1"], facing=2)
        st.put(S, nb(st, C, 2), ["S-arabs1"])
        _morale(st, "P-phal-mace1", morale)
        drive(movement_phase(st.state, P), lambda d: Turn(1) if Turn(1) in d.options
              else d.options[0])
        assert (ph.facing != 2) == turned


@pytest.mark.parametrize(("spec", "drops"), [("raphia", True), ("raphia(edition=1990)", False)])
def test_negative_modifiers_dropped_per_edition(stage: Any, spec: str, drops: bool) -> None:
    # §8: 1990 drops the negative modifiers only against a rout; the French text in both
    # the ×4 and the ×2 cases ("dans un cas comme dans l'autre")
    st = stage(spec)
    s = st.state
    ph = st.put(S, C, ["S-phal-mace1"], facing=5)
    lt = st.put(P, nb(st, C, 2), ["P-cretans2"])  # on its flank
    a = assess(s, lt, ph)
    assert a.multiplier == 2 and ("flank attack", 1) in a.modifiers
    assert (("light infantry against phalanx", -4) not in a.modifiers) == drops
    r = st.put(S, "1808", ["S-phal-mace2"], facing=5, status=Status.ROUTED)
    lt2 = st.put(P, nb(st, "1808", 5), ["P-cretans3"])  # in what was its front
    b = assess(s, lt2, r)
    assert all(v >= 0 for _, v in b.modifiers)  # both editions


def test_isolated_counter_goes_under_the_top_of_the_stack_that_joins_it(stage: Any) -> None:
    # §5 addendum: reinforcements go under the top counter of the existing stack,
    # whichever of the two moved
    st = stage()
    lone = st.put(P, C, ["S-dahae1"])
    moving = st.put(P, C, ["P-cretans1", "P-cretans2", "P-cretans3"])
    merge(st.state, lone, moving)
    assert list(lone.counters) == ["P-cretans1", "S-dahae1", "P-cretans2", "P-cretans3"]


def test_back_attacks_respect_what_an_arm_may_never_attack(stage: Any) -> None:
    from ancients.raphia.rout import back_attack_phase
    st = stage()
    cav = st.put(S, C, ["S-cavalry1"], status=Status.PURSUING)
    st.state.update(cav, pursued=frozenset({"P-cretans1"}))
    st.put(P, nb(st, C, 5), ["P-elephants1"], status=Status.ROUTED)
    lt = st.put(P, nb(st, C, 6), ["P-cretans1"], status=Status.ROUTED)
    asked = drive(back_attack_phase(st.state, S), lambda d: d.options[-1])
    assert len(asked) == 1
    targets = {o.target for o in asked[0].options if hasattr(o, "target")}
    assert targets == {st.state.board.label(lt.hex)}  # cavalry never attack elephants


@pytest.mark.parametrize(("spec", "shift"), [("raphia", True), ("raphia(edition=1990)", False)])
def test_rout_ending_on_an_occupied_hex(stage: Any, spec: str, shift: bool) -> None:
    # §10: 1990 stops the rout before the occupied hex; the addendum shifts it on, in the
    # direction in force, to an empty hex
    st = stage(spec)
    s = st.state
    r = st.put(P, C, ["P-cretans1"], status=Status.ROUTED)  # 3 MP, own edge to the west
    col = st.hex(C)[0] - 3
    for h in s.board.grid.hexes:
        if h[0] == col and s.board.passable(h) and abs(h[1] - st.hex(C)[1]) <= 4:
            st.put(P, s.board.label(h), ["P-agema2"])
    drive(rout_phase(s, P))
    end = r.hex
    assert not any(o is not r and o.hex == end for o in s.stacks)
    assert end[0] == (st.hex(C)[0] - 4 if shift else st.hex(C)[0] - 2)
    assert bool(s.to_test_crossed) == shift  # shifting on crosses the friends


def _rout_among_stack_mates(st: Stage, walls: int) -> tuple[Any, Any]:
    """A stack of two Cretans in C whose top counter routs (§10: it shares C with the
    steady one), with ``walls`` columns of friends west of C: its way to its own edge is
    all occupied, so it cannot stop before an occupied hex."""
    from ancients.raphia.rout import put_to_rout
    s = st.state
    stack = st.put(P, C, ["P-cretans1", "P-cretans2"])
    (routed,) = put_to_rout(s, stack, ["P-cretans1"], None)  # 3 MP, own edge to the west
    for h in s.board.grid.hexes:
        if 1 <= st.hex(C)[0] - h[0] <= walls and s.board.passable(h) and \
                abs(h[1] - st.hex(C)[1]) <= 4:
            st.put(P, s.board.label(h), ["P-agema2"])
    return stack, routed


@pytest.mark.parametrize("answer", ["first", "second", "doctrine"])
def test_rout_that_cannot_stop_before_an_occupied_hex_is_shifted_1990(
        stage: Any, answer: str) -> None:
    # §10 (1990): "the player stops the rout before that hex, and if impossible, shifts the
    # units towards free hexes": one hex, to a free hex in the rout's directions (its own
    # edge's are taken, so north or south), its player's choice; it crosses nobody
    from ancients.raphia.commander import DoctrineCommander
    from ancients.raphia.options import ShiftTo
    st = stage("raphia(edition=1990)")
    s = st.state
    stack, routed = _rout_among_stack_mates(st, 3)
    north, south = st.hex(nb(st, C, 1)), st.hex(nb(st, C, 4))
    far = st.hex(C)
    for _ in range(4):
        far = far.neighbor(Direction.N)
    st.put(S, s.board.label(far), ["S-arabs1"])  # 3 hexes from the north one, 5 from south
    assert rout_path(s, routed, s.occupancy())[0] and not any(
        e.kind == "rout move" for e in st.battle.log)

    def pick(d: Any) -> Any:
        if answer == "doctrine":
            return DoctrineCommander(P).decide(st.battle, d)
        return d.options[0 if answer == "first" else 1]
    asked = drive(rout_phase(s, P), pick)
    assert [(d.kind, d.side, d.unit) for d in asked] == [("rout shift", P, "P-cretans1")]
    assert all(isinstance(o, ShiftTo) for o in asked[0].options)
    assert {o.at for o in asked[0].options} == {north, south}
    expected = {"first": asked[0].options[0].at, "second": asked[0].options[1].at,
                "doctrine": south}[answer]  # the doctrine: the farthest from the enemy
    assert routed.hex == expected and stack.hex == st.hex(C)
    assert routed.status is Status.ROUTED and not s.to_test_crossed  # nobody crossed
    assert s.paths[routed.sid][0] == [st.hex(C), expected]
    move = next(e for e in st.battle.log if e.kind == "rout move")
    assert move.message.endswith(f"rout shifted to {s.board.label(expected)}")


@pytest.mark.parametrize("free", ["south", "other edge", "none"])
def test_rout_shift_respects_the_rout_priorities_1990(stage: Any, free: str) -> None:
    # §10 (1990): the shift follows the rout's priorities (own edge, else north/south,
    # else the other edge); a single free hex is taken without asking; with none free
    # it stays, sharing its hex
    st = stage("raphia(edition=1990)")
    s = st.state
    stack, routed = _rout_among_stack_mates(st, 3)
    open_dirs = {"south": {4}, "other edge": {2, 3}, "none": set()}[free]
    for d in (1, 2, 3, 4):
        if d not in open_dirs:
            st.put(P, nb(st, C, d), ["P-agema2"])
    asked = drive(rout_phase(s, P))
    if free == "south":
        assert asked == [] and routed.hex == st.hex(nb(st, C, 4))
    elif free == "other edge":
        assert [d.kind for d in asked] == ["rout shift"]
        assert {o.at for o in asked[0].options} == {st.hex(nb(st, C, 2)), st.hex(nb(st, C, 3))}
        assert routed.hex == asked[0].options[0].at
        assert routed.edge == "own"  # a shift is no change of direction
    else:
        assert asked == [] and routed.hex == stack.hex == st.hex(C)
        assert any(e.message.endswith("rout blocked, no move") for e in st.battle.log)
    assert not s.to_test_crossed


def test_rout_shift_is_1990_only(stage: Any) -> None:
    # the addendum's own shift (on, in the direction in force, to an empty hex) stands
    st = stage()
    _, routed = _rout_among_stack_mates(st, 3)
    assert drive(rout_phase(st.state, P)) == []
    assert routed.hex[0] == st.hex(C)[0] - 4 and st.state.to_test_crossed


def test_elephant_rout_1990_moves_on_at_random_until_it_hinders_no_one(stage: Any) -> None:
    st = stage("raphia(edition=1990)")
    s = st.state
    el = st.put(P, C, ["P-elephants1"], status=Status.ROUTED)  # 3 MP, no push
    h = st.hex(C)
    for _ in range(3):
        h = h.neighbor(Direction.NE)
    st.put(P, s.board.label(h), ["P-cretans1"])
    s.dice = _Scripted(s.dice, [2, 2, 2, 2])  # NE ×3, then moved on NE once more
    drive(rout_phase(s, P))
    assert el.hex == h.neighbor(Direction.NE)
    reasons = [r.reason for e in st.battle.log for r in e.rolls]
    assert "elephant moved on at random" in reasons
    assert s.to_test_crossed  # the friends crossed will test


@pytest.mark.parametrize("answer", ["move on", "shift", "doctrine"])
def test_unit_bumped_by_a_routing_elephant_may_shift_it_1990(stage: Any, answer: str) -> None:
    # §9 (1990): a unit bumped by a routing elephant makes it leave the hex or, at its
    # player's choice, shift one hex; the doctrine shifts it away from its own troops
    from ancients.raphia.commander import DoctrineCommander
    from ancients.raphia.options import MOVE_ON, ShiftTo
    st = stage("raphia(edition=1990)")
    s = st.state
    el = st.put(P, C, ["P-elephants1"], status=Status.ROUTED)  # 3 MP, no push
    h = st.hex(C)
    for _ in range(3):
        h = h.neighbor(Direction.NE)
    bumped = st.put(S, s.board.label(h), ["S-arabs1"])  # an enemy: its player answers
    friends = [st.put(S, nb(st, s.board.label(h), d), [f"S-arabs{d}"]) for d in (3, 4)]
    s.dice = _Scripted(s.dice, [2, 2, 2, 2])  # NE ×3, then (moving on) NE once more

    def pick(d: Any) -> Any:
        if answer == "move on":
            return MOVE_ON
        if answer == "shift":
            return next(o for o in d.options if isinstance(o, ShiftTo))
        return DoctrineCommander(S).decide(st.battle, d)
    asked = drive(rout_phase(s, P), pick)
    assert [(d.kind, d.side) for d in asked] == [("elephant bumped", S)]
    opts_ = asked[0].options
    assert opts_[0] == MOVE_ON and all(isinstance(o, ShiftTo) for o in opts_[1:])
    around = {x for x in s.board.neighbors(h) if s.board.passable(x)}
    assert {o.at for o in opts_[1:]} == {x for x in around
                                         if all(o.hex != x for o in (bumped, *friends))}
    if answer == "move on":
        assert el.hex == h.neighbor(Direction.NE)
    elif answer == "shift":
        assert el.hex == opts_[1].at
    else:  # not next to the Seleucid troops around the bumped unit
        assert el.hex in around and all(el.hex.distance(f.hex) > 1 for f in friends)
    assert bumped.sid in s.to_test_crossed  # the bumped unit tests all the same


def test_elephant_panicked_by_a_rout_goes_its_way_first_1990(stage: Any) -> None:
    # §9/§10 (1990): an elephant routed by seeing a friendly rout takes its first hex in
    # the direction of that rout, not a random one
    st = stage("raphia(edition=1990)")
    s = st.state
    cav = st.put(S, nb(st, C, 2), ["S-cavalry1"])
    victim = st.put(P, C, ["P-cretans1"])
    el = st.put(P, nb(st, C, 3), ["P-elephants1"])
    _morale(st, "P-cretans1", 13)
    _morale(st, "P-elephants1", 13)
    s.hits[victim.sid] = Hit(["T"], [cav.sid], int(Direction.SW))
    drive(morale_phase(s, S))
    assert victim.status is Status.ROUTED and el.status is Status.ROUTED
    path, _ = rout_path(s, victim, s.occupancy())
    assert path and path[0] is not None
    way = st.hex(C).direction_to(path[0])
    assert way in (Direction.SW, Direction.NW) and el.push == int(way)
    start = el.hex
    drive(rout_phase(s, P))
    assert s.paths[el.sid][0][1] == start.neighbor(way)


@pytest.mark.parametrize(("spec", "through"), [("raphia", False), ("raphia(edition=1990)", False),
                                               ("raphia(edition=1990,pass_through=any)",
                                                True)])
@pytest.mark.parametrize("friend_status", [Status.ROUTED, Status.GOOD])
def test_pursuers_pass_through_friends_only_with_pass_through_any(
        stage: Any, spec: str, through: bool, friend_status: Status) -> None:
    # §7 addendum, §10 (1990): only a rout passes through its own side's units, so a
    # pursuer stops before any friend on the rout's route; pass_through=any lets it
    # pass (not end) there
    from ancients.raphia.rout import pursuit_phase
    st = stage(spec)
    s = st.state
    route = [st.hex(C)]
    for _ in range(3):
        route.append(route[-1].neighbor(Direction.NW))
    router = st.put(P, s.board.label(route[3]), ["P-cretans1"], status=Status.ROUTED)
    p = st.put(S, C, ["S-cavalry1"], status=Status.PURSUING)
    st.state.update(p, pursued=frozenset({"P-cretans1"}))
    st.put(S, s.board.label(route[1]), ["S-arabs1"], status=friend_status)
    s.paths[router.sid] = (route, None, frozenset(router.counters))
    pursuit_phase(s, S)
    assert p.hex == (route[2] if through else route[0])


def _rally_tests(st: Stage) -> list[Any]:
    from ancients.raphia.rally import rally_phase
    drive(rally_phase(st.state, P), lambda d: d.options[0])
    return [e for e in st.battle.log if e.kind == "morale" and "rally" in e.data["why"]]


@pytest.mark.parametrize("spec", ["raphia", "raphia(edition=1990)"])
def test_rally_not_in_contact_with_an_enemy_not_itself_in_rout(stage: Any, spec: str) -> None:
    st = stage(spec)
    st.put(P, C, ["P-cretans1"], status=Status.ROUTED)
    st.put(S, nb(st, C, 2), ["S-arabs1"])  # in good order: no rally
    assert _rally_tests(st) == []
    st = stage(spec)
    st.put(P, C, ["P-cretans1"], status=Status.ROUTED)
    st.put(S, nb(st, C, 2), ["S-arabs1"], status=Status.ROUTED)  # itself in rout
    assert len(_rally_tests(st)) == 1
    st = stage(spec)
    st.put(P, C, ["P-cretans1"], status=Status.ROUTED)
    st.put(S, nb(st, C, 2), ["S-cavalry1"], status=Status.PURSUING)  # pursuing
    assert _rally_tests(st) == []


@pytest.mark.parametrize(("spec", "tests"), [("raphia", 1), ("raphia(edition=1990)", 0)])
def test_rally_of_a_pursued_rout_by_edition(stage: Any, spec: str, tests: int) -> None:
    # §9 1990: only a unit not being pursued may rally; the addendum asks only that it
    # be out of contact
    st = stage(spec)
    st.put(P, C, ["P-cretans1"], status=Status.ROUTED)
    far = st.put(S, "2520", ["S-cavalry1"], status=Status.PURSUING)
    st.state.update(far, pursued=frozenset({"P-cretans1"}))
    assert len(_rally_tests(st)) == tests


@pytest.mark.parametrize(("spec", "elephants_rally"), [("raphia", False),
                                                       ("raphia(edition=1990)", True)])
def test_routed_elephants_rally_only_in_1990(stage: Any, spec: str,
                                             elephants_rally: bool) -> None:
    st = stage(spec)
    st.put(P, C, ["P-elephants1"], status=Status.ROUTED)
    assert (len(_rally_tests(st)) == 1) == elephants_rally


@pytest.mark.parametrize(("spec", "tests"), [("raphia", 1), ("raphia(edition=1990)", 3)])
def test_pursuers_rally_top_counter_or_each_counter(stage: Any, spec: str, tests: int) -> None:
    # §9: the addendum tests a pursuing stack's top counter once; 1990 each counter
    from ancients.raphia.rally import rally_phase
    st = stage(spec)
    p = st.put(P, C, ["P-household-cav1", "P-household-cav2", "P-libyan-cav"],
               status=Status.PURSUING)
    st.state.update(p, pursued=frozenset({"S-arabs1"}))
    _morale(st, "P-household-cav2", 13)  # always fails: pursues on in 1990
    _morale(st, "P-household-cav1", 2)
    _morale(st, "P-libyan-cav", 2)
    drive(rally_phase(st.state, P), lambda d: d.options[0])
    rallies = [e for e in st.battle.log if e.kind == "morale"]
    assert len(rallies) == tests
    if spec != "raphia":
        left = [x for x in st.state.stacks if x.status is Status.PURSUING]
        assert [list(x.counters) for x in left] == [["P-household-cav2"]]


def test_a_pursuer_rallying_later_rejoins_its_rallied_stack_mates(stage: Any) -> None:
    # (morale 0: passes even with the -2 for pursuing)
    # §9 (1990): a pursuing stack's counters rally one by one; §5: the one that rallies
    # later rejoins those that rallied before it (one stack in good order per hex), at
    # the bottom (1990 stacking order); with no room under §5's limits it pursues on
    from ancients.raphia.rally import rally_phase
    from ancients.raphia.stacking import stack_problem
    st = stage("raphia(edition=1990)")
    p = st.put(P, C, ["P-household-cav1", "P-household-cav2", "P-libyan-cav"],
               status=Status.PURSUING)
    st.state.update(p, pursued=frozenset({"S-arabs1"}))
    _morale(st, "P-household-cav2", 13)
    _morale(st, "P-household-cav1", 0)
    _morale(st, "P-libyan-cav", 0)
    drive(rally_phase(st.state, P), lambda d: d.options[0])
    assert sorted((x.status.name, len(x.counters)) for x in st.state.stacks) == \
        [("GOOD", 2), ("PURSUING", 1)]
    _morale(st, "P-household-cav2", 0)
    drive(rally_phase(st.state, P), lambda d: d.options[0])
    (whole,) = st.state.stacks
    assert whole.status is Status.GOOD and whole.hex == st.hex(C)
    assert list(whole.counters) == ["P-household-cav1", "P-libyan-cav", "P-household-cav2"]
    # no room: a rallied stack-mate already at the limit keeps the late rallier pursuing
    st = stage("raphia(edition=1990)")
    limit = st.state.tables.stacking.limit[st.state.counter("P-household-cav1").troop_class]
    cavalry = [c.id for c in st.state.counters.counters.values()
               if c.side == P and c.troop_class is st.state.counter("P-household-cav1")
               .troop_class]
    assert len(cavalry) > limit
    st.put(P, C, cavalry[:limit])
    late = st.put(P, C, cavalry[limit:limit + 1], status=Status.PURSUING)
    st.state.update(late, pursued=frozenset({"S-arabs1"}))
    assert stack_problem(st.state, cavalry[:limit + 1]) is not None
    _morale(st, cavalry[limit], 0)
    drive(rally_phase(st.state, P), lambda d: d.options[0])
    assert late in st.state.stacks and late.status is Status.PURSUING


@pytest.mark.parametrize("spec", ["raphia", "raphia(edition=1990)"])
def test_a_rout_rallying_beside_its_steady_stack_mates_rejoins_them(stage: Any,
                                                                    spec: str) -> None:
    # §10: a rout never ends its move on an occupied hex, so steady friends in its hex
    # are the rest of its own stack (the part that stood, or rallied before it): rallied,
    # it rejoins them (§5: one stack in good order per hex), keeping their facing; with
    # no room under §5's limits it stays in rout
    from ancients.raphia.rally import rally_phase
    st = stage(spec)
    steady = st.put(P, C, ["P-cretans1"])
    st.put(P, C, ["P-cretans2"], status=Status.ROUTED)
    _morale(st, "P-cretans2", 0)
    drive(rally_phase(st.state, P), lambda d: d.options[0])
    (whole,) = st.state.stacks
    assert whole is steady and whole.status is Status.GOOD
    assert sorted(whole.counters) == ["P-cretans1", "P-cretans2"]
    assert any(e.kind == "join" for e in st.battle.log)
    st = stage(spec)
    cls = st.state.counter("S-arabs1").troop_class
    light = sorted(c.id for c in st.state.counters.counters.values()
                   if c.side == S and c.troop_class is cls)
    limit = st.state.tables.stacking.limit[cls]
    st.put(S, C, light[:limit])
    routed = st.put(S, C, light[limit:limit + 1], status=Status.ROUTED)
    _morale(st, light[limit], 0)
    drive(rally_phase(st.state, S), lambda d: d.options[0])
    assert routed in st.state.stacks and routed.status is Status.ROUTED


def _rolls(st: Stage) -> list[Any]:
    return [r for e in st.battle.log for r in e.rolls]


@pytest.mark.parametrize("spec", ["raphia", "raphia(edition=1990)"])
def test_rally_of_a_rout_is_the_players_choice(stage: Any, spec: str) -> None:
    # §3: the player "may" test to rally a rout; §9: a unit that "wishes" to rally.
    # One decision per stack, before any die (1990: each counter then tests)
    from ancients.raphia.options import RALLY, STAY_IN_ROUT
    from ancients.raphia.rally import rally_phase
    for answer, status, tests in [(STAY_IN_ROUT, Status.ROUTED, 0), (RALLY, Status.GOOD,
                                                                      1 if spec == "raphia"
                                                                      else 2)]:
        st = stage(spec)
        r = st.put(P, C, ["P-cretans1", "P-cretans2"], status=Status.ROUTED)
        _morale(st, "P-cretans1", 0)
        _morale(st, "P-cretans2", 0)
        asked = drive(rally_phase(st.state, P), _always(answer))
        assert [(d.kind, d.options, d.unit) for d in asked] == \
            [("rally", (RALLY, STAY_IN_ROUT), "P-cretans1")]
        assert [str(o) for o in asked[0].options] == ["attempt to rally", "stay in rout"]
        assert r.status is status
        assert len([e for e in st.battle.log if e.kind == "morale"]) == tests
        assert (_rolls(st) == []) == (answer == STAY_IN_ROUT)


@pytest.mark.parametrize("spec", ["raphia", "raphia(edition=1990)"])
def test_pursuer_in_contact_may_continue_the_pursuit(stage: Any, spec: str) -> None:
    # §10 (addendum): "a rally may be made in contact with the pursued unit"; declining,
    # it pursues on (a free attack next time) and rolls nothing
    from ancients.raphia.options import CONTINUE_PURSUIT, RALLY
    from ancients.raphia.rally import rally_phase
    for answer, status in [(CONTINUE_PURSUIT, Status.PURSUING), (RALLY, Status.GOOD)]:
        st = stage(spec)
        p = st.put(P, C, ["P-libyan-cav"], status=Status.PURSUING)
        st.state.update(p, pursued=frozenset({"S-arabs1"}))
        st.put(S, nb(st, C, 2), ["S-arabs1"], status=Status.ROUTED)
        _morale(st, "P-libyan-cav", 0)
        asked = drive(rally_phase(st.state, P), _always(answer))
        assert [(d.kind, d.options) for d in asked] == [("rally", (RALLY, CONTINUE_PURSUIT))]
        assert p.status is status and (_rolls(st) == []) == (answer == CONTINUE_PURSUIT)
        if answer == CONTINUE_PURSUIT:
            assert p.pursued == frozenset({"S-arabs1"})


@pytest.mark.parametrize("spec", ["raphia", "raphia(edition=1990)"])
@pytest.mark.parametrize("why", ["lost contact", "no fugitive left"])
def test_pursuer_out_of_contact_must_test(stage: Any, spec: str, why: str) -> None:
    # §10: having lost contact, or eliminated all the fugitives, it stops and "must"
    # pass a rally test: no choice is offered
    from ancients.raphia.rally import rally_phase
    st = stage(spec)
    p = st.put(P, C, ["P-libyan-cav"], status=Status.PURSUING)
    st.state.update(p, pursued=frozenset({"S-arabs1"}))
    if why == "lost contact":
        st.put(S, "2520", ["S-arabs1"], status=Status.ROUTED)
    else:
        st.put(S, nb(st, C, 2), ["S-arabs2"], status=Status.ROUTED)  # another rout
    _morale(st, "P-libyan-cav", 0)
    assert drive(rally_phase(st.state, P)) == []
    assert p.status is Status.GOOD
    assert [e.kind for e in st.battle.log] == ["morale", "rally"]


def test_the_final_rally_offers_the_same_choice() -> None:
    # §4: the first player's extra rally phase is a rally phase like the others
    from ancients.battle import RandomCommander

    class Recorder(RandomCommander):
        def __init__(self) -> None:
            self.seen: list[tuple[str, str]] = []

        def decide(self, battle: Any, decision: Any) -> Any:
            self.seen.append((battle.phase, decision.kind))
            return super().decide(battle, decision)
    rs = ancients.ruleset("raphia")
    for seed in range(20):
        rec = {P: Recorder(), S: Recorder()}
        rs.new_battle(seed=seed, commanders=rec).run()
        if any(k == ("final rally", "rally") for r in rec.values() for k in r.seen):
            break
    else:
        pytest.fail("no rally decision in the final rally of 20 battles")


def test_rout_keeps_its_direction_next_turn(stage: Any) -> None:
    # §10 addendum: a rout turned towards the other edge keeps going that way
    st = stage()
    s = st.state
    r = st.put(P, C, ["P-cretans1"], status=Status.ROUTED)
    walls = [st.put(S, nb(st, C, d), [f"S-arabs{d}"]) for d in (5, 6)]
    drive(rout_phase(s, P))
    assert r.edge == "other" and r.hex[0] > st.hex(C)[0]
    for w in walls:
        s.remove_stack(w)
    before = r.hex
    drive(rout_phase(s, P))
    assert r.hex[0] > before[0]  # still eastwards, though the west is now open


def test_second_rank_exposed_only_to_a_stack_that_has_not_attacked(stage: Any) -> None:
    # §8 addendum: once per attacker, each counter defends once, the second rank may then
    # be attacked by another adjacent stack that has not yet attacked
    from ancients.raphia.combat import find_pair, resolve
    st = stage()
    s = st.state
    st.put(P, C, ["P-agema1"])
    st.put(P, nb(st, C, 4), ["P-agema2"])
    tgt = st.put(S, nb(st, C, 3), ["S-arabs1", "S-arabs2"])
    s.dice = _Scripted(s.dice, [], rolls=[12, 2])  # X, then no effect
    first = next(o for o in attack_options(s, P) if o.attacker == C and not o.fire)
    def stand(d: Any) -> Any:
        return d.options[0] if d.kind == "evade" else d.options[-1]  # no evasion, stay
    drive(resolve(s, *find_pair(s, first, P)), stand)
    assert list(tgt.counters) == ["S-arabs2"] and "S-arabs1" in s.defended
    left = attack_options(s, P)
    assert left and {o.attacker for o in left} == {nb(st, C, 4)}
    drive(resolve(s, *find_pair(s, left[0], P)), stand)
    assert attack_options(s, P) == []  # S-arabs2 has defended, both have attacked


def test_the_attack_from_a_hex_of_two_stacks_is_made_by_one_that_may_make_it(
        stage: Any) -> None:
    # §8: a unit attacks an enemy on its front, and each stack attacks once; two stacks
    # in good order share a hex when a rallied part has no room to rejoin its stack-mates
    # (§5, §9) and faces as it chose (§6 addendum). The attack from that hex is made by
    # the first of them that may make it: the second, if the target is on its front only;
    # once the target's top counter has defended it is not offered, and find_pair refuses
    # it with a library error
    from ancients.errors import RuleError
    from ancients.raphia.combat import find_pair, resolve
    st = stage()
    s = st.state
    target_hex = nb(st, C, 3)
    facings = [f for f in range(1, 7) if st.hex(target_hex) in s.board.corner_front(
        st.hex(C), f)]
    away = next(f for f in range(1, 7) if f not in facings)
    first = st.put(P, C, ["P-phal-mace1"], facing=away)
    second = st.put(P, C, ["P-phal-mace2"], facing=facings[0])
    tgt = st.put(S, target_hex, ["S-arabs1", "S-arabs2"])

    def melee() -> list[Any]:
        return [o for o in attack_options(s, P) if o.target == target_hex and not o.fire]
    assert len(melee()) == 1 and melee()[0].attacker == C
    assert find_pair(s, melee()[0], P) == (second, tgt)
    s.update(first, facing=facings[-1])  # both may: the first in the list attacks
    attack = melee()[0]
    assert find_pair(s, attack, P) == (first, tgt)
    s.dice = _Scripted(s.dice, [], rolls=[2])  # no effect

    def stand(d: Any) -> Any:
        return d.options[0] if d.kind == "evade" else d.options[-1]
    drive(resolve(s, first, tgt), stand)
    assert "P-phal-mace1" in s.attacked and "S-arabs1" in s.defended
    assert tgt.counters[0] == "S-arabs1" and melee() == []
    with pytest.raises(RuleError, match="not on offer"):
        find_pair(s, attack, P)


# -- pursuit, back attacks, rearguards, fire at routed elephants ----------------------
def test_blocked_pursuer_may_back_attack_other_routs_in_contact(stage: Any) -> None:
    # §10 addendum: a pursuer blocked because its rout crossed steady friends may not
    # back-attack that rout, but may back-attack any other rout in contact with it
    from ancients.raphia.rout import back_attack_phase, pursuit_phase
    st = stage()
    s = st.state
    r0 = st.hex(C).neighbor(Direction.NW)
    r1 = r0.neighbor(Direction.NW)
    r2 = r1.neighbor(Direction.NW)
    p = st.put(S, C, ["S-cavalry1"], status=Status.PURSUING)
    st.state.update(p, pursued=frozenset({"P-cretans1"}))
    st.put(P, s.board.label(r1), ["P-agema1"])  # steady friends crossed: blocked
    pursued = st.put(P, s.board.label(r0.neighbor(Direction.N)), ["P-cretans1"],
                     status=Status.ROUTED)  # (staged next to where the pursuer stops)
    other = st.put(P, s.board.label(r0.neighbor(Direction.SW)), ["P-cretans2"],
                   status=Status.ROUTED)
    s.paths[pursued.sid] = ([r0, r1, r2], 0, frozenset(pursued.counters))
    pursuit_phase(s, S)
    assert p.hex == r0 and p.sid in s.blocked_pursuit
    asked = drive(back_attack_phase(s, S), lambda d: d.options[-1])
    assert [d.kind for d in asked] == ["back attack"]
    targets = {o.target for o in asked[0].options if hasattr(o, "target")}
    assert targets == {s.board.label(other.hex)}


@pytest.mark.parametrize(("spec", "panics"), [("raphia", False), ("raphia(edition=1990)", True)])
def test_elephants_see_routs_caused_by_crossings_1990(stage: Any, spec: str,
                                                      panics: bool) -> None:
    # §9 (1990): an elephant tests on seeing any friendly rout in its stack or next to it
    # (§10: routs caused by other routs included), and an elephant routed so is itself a
    # friendly rout for the elephants next to it; the addendum deletes these tests
    from ancients.raphia.rout import rout_tests
    st = stage(spec)
    s = st.state
    crossed = st.put(P, C, ["P-cretans1"])
    el1 = st.put(P, nb(st, C, 3), ["P-elephants1"])
    el2 = st.put(P, nb(st, nb(st, C, 3), 3), ["P-elephants2"])  # next to el1 only
    assert st.hex(C).distance(el2.hex) == 2
    for cid in ("P-cretans1", "P-elephants1", "P-elephants2"):
        _morale(st, cid, 13)  # always fails
    s.to_test_crossed[crossed.sid] = False
    rout_tests(s)
    assert crossed.status is Status.ROUTED
    assert (el1.status is Status.ROUTED) == panics
    assert (el2.status is Status.ROUTED) == panics
    why = [e.data["why"] for e in st.battle.log if e.kind == "morale"]
    assert why.count("sees a friendly rout") == (2 if panics else 0)


def test_rearguard_of_one_or_more_bottom_counters(stage: Any) -> None:
    # §7: a stack disengages by leaving a rearguard of at least one counter, the bottom
    # counter or counters: the player may leave more than one
    from ancients.raphia.movement import movement_phase
    st = stage()
    stack = st.put(P, C, ["P-agema1", "P-agema2", "P-agema3"])
    st.put(S, nb(st, C, 3), ["S-arabs1"])
    guards = {getattr(x, "rearguard", None) for x in opts(st, stack)
              if isinstance(x, DisengageTo)}
    assert guards == {1, 2}  # never the whole stack
    two = next(x for x in opts(st, stack) if isinstance(x, DisengageTo)
               and getattr(x, "rearguard", 1) == 2)
    drive(movement_phase(st.state, P), lambda d: two if d.kind == "move" else d.options[0])
    assert list(stack.counters) == ["P-agema2", "P-agema3"] and stack.hex == st.hex(C)
    moved = next(s for s in st.state.stacks if "P-agema1" in s.counters)
    assert list(moved.counters) == ["P-agema1"] and moved.hex == two.at


@pytest.mark.parametrize(("spec", "ok"), [("raphia", True), ("raphia(edition=1990)", False)])
def test_missile_troops_may_fire_at_their_own_routed_elephants(stage: Any, spec: str,
                                                               ok: bool) -> None:
    # §10 addendum: one's own elephants in rout may be attacked; §8: fire is a form of
    # attack that missile troops may choose wherever they may attack
    st = stage(spec)
    s = st.state
    st.put(P, C, ["P-elephants1"], status=Status.ROUTED)
    archers = st.put(P, nb(st, C, 1), ["P-cretans1"])
    offered = {(o.target, o.fire) for o in attack_options(s, P)
               if o.attacker == s.board.label(archers.hex)}
    assert offered == ({(C, False), (C, True)} if ok else set())
    if ok:
        el = s.occupancy()[st.hex(C)][0]
        a = assess(s, archers, el, fire=True)
        # a rout (×4); 1991 fire turns its X into T at a rout too (French chapter)
        assert a.multiplier == 4 and a.x_to_t


@pytest.mark.parametrize("elephants_near", [False, True])
def test_no_advance_into_contact_with_enemies_one_cannot_attack(stage: Any,
                                                                 elephants_near: bool) -> None:
    # §5: units may not voluntarily come into contact with enemy units in good order they
    # may not attack; advancing after combat (§8) is voluntary
    from ancients.raphia.combat import resolve
    st = stage()
    s = st.state
    cav = st.put(P, C, ["P-household-cav1"])
    target = nb(st, C, 2)
    victim = st.put(S, target, ["S-arabs1"])
    if elephants_near:
        st.put(S, nb(st, target, 2), ["S-elephants1"])
    s.dice = _Scripted(s.dice, [], rolls=[12])  # X: the hex is vacated
    asked = drive(resolve(s, cav, victim), lambda d: d.options[0])
    assert victim not in s.stacks
    assert ("advance" in [d.kind for d in asked]) == (not elephants_near)
    assert (cav.hex == st.hex(target)) == (not elephants_near)


def test_elephant_directed_to_the_nearest_empty_hex_tests_what_it_crosses(stage: Any) -> None:
    # §10 addendum: a routed elephant may not end on an occupied hex and is directed to the
    # nearest empty hex (hexes and paths chosen at random); what it crosses on the way is
    # crossed too ("tests are made for all forces crossed")
    st = stage()
    s = st.state
    el = st.put(P, C, ["P-elephants1"], status=Status.ROUTED)  # 3 MP, no push
    path = [st.hex(C)]
    for _ in range(3):
        path.append(path[-1].neighbor(Direction.NE))
    stop = path[3]
    ring1 = list(s.board.neighbors(stop))
    ring2 = sorted({n for h in ring1 for n in s.board.neighbors(h)} - set(ring1) - {stop})
    empty = next(h for h in ring2 if h.distance(path[2]) > 1 and s.board.passable(h))
    ids = iter(c.id for c in s.counters.counters.values() if not c.leader and c.side == P
               and c.troop_class.value in ("light", "semi_heavy", "cavalry"))
    for h in {path[1], path[2], stop, *ring1, *ring2} - {empty}:
        if s.board.passable(h):
            st.put(P, s.board.label(h), [next(ids)])
    s.dice = _Scripted(s.dice, [int(Direction.NE)])
    drive(rout_phase(s, P))
    assert el.hex == empty
    occ = s.occupancy()
    crossed = {h for h in s.board.grid.hexes for o in occ.get(h, ())
               if o.sid in s.to_test_crossed}
    between = crossed - {path[1], path[2], stop}
    assert len(between) == 1
    (way,) = between
    assert way in ring1 and way.distance(empty) == 1 and way != path[2]


@pytest.mark.parametrize("dares", [False, True])
def test_championship_counter_not_revealed_by_a_refused_attack(stage: Any,
                                                                dares: bool) -> None:
    # §11 championship: a "?" counter is replaced at the first combat in which it takes
    # part directly; an attack refused at inferiority (§8) is no combat
    from ancients.raphia.combat import resolve
    st = stage("raphia(egyptian_morale=championship)")
    s = st.state
    s.morale_override.clear()
    s.championship_pool = list(s.counters.championship)
    eg = st.put(P, nb(st, C, 2), ["P-egyptians1", "P-egyptians2"], facing=5)
    lt = st.put(S, C, ["S-cretans1"])  # 2 against 5: at inferiority, head-on
    _morale(st, "S-cretans1", 2 if dares else 13)
    drive(resolve(s, lt, eg), lambda d: d.options[-1])
    assert any(e.kind == "attack refused" for e in st.battle.log) == (not dares)
    assert ("P-egyptians1" in s.replaced) == dares



def test_rout_blocked_by_dunes_alone_keeps_its_edge(stage: Any) -> None:
    # §10 addendum: a rout turns towards the other edge only if enemy units make a
    # complete move towards its own edge impossible; hemmed in by dunes it moves what it
    # can (here nothing: directions 1 and 4 are barred)
    st = stage()
    s = st.state
    here = st.hex("0423")  # dunes on both its west sides, open to the north-east
    west = s.board.edge_directions(P, "own")
    assert all(not s.board.passable(here.neighbor(d)) for d in west)
    assert any(s.board.passable(here.neighbor(d)) for d in s.board.edge_directions(P, "other"))
    r = st.put(P, "0423", ["P-cretans1"], status=Status.ROUTED)
    assert rout_path(s, r, s.occupancy()) == ([], "own")
    drive(rout_phase(s, P))
    assert r.hex == here and r.edge == "own"
    # with enemy units in the way instead, it turns towards the other edge
    st2 = stage()
    r2 = st2.put(P, C, ["P-cretans1"], status=Status.ROUTED)
    for d in west:
        st2.put(S, st2.state.board.label(st2.hex(C).neighbor(d)), [f"S-arabs{int(d)}"])
    path, edge = rout_path(st2.state, r2, st2.state.occupancy())
    assert edge == "other" and len(path) == 3


@pytest.mark.parametrize("spec", ["raphia", "raphia(edition=1990)",
                                  "raphia(egyptian_morale=championship)"])
def test_event_messages_need_no_verb_agreement(spec: str) -> None:
    # the log names a unit or stack, "Peltasts x2 (1408)", then a colon and what befell
    # it ("attack on", "rout to", "morale test, ..."): no verb to agree with a plural name
    import re

    from ancients.battle import RandomCommander
    battle = ancients.ruleset(spec).new_battle(
        seed=3, commanders={P: RandomCommander(), S: RandomCommander()})
    battle.run()
    named = [e.message for e in battle.log if e.kind not in ("phase", "end")]
    assert named and not [m for m in named if re.search(r"\(\d{4}\) \w", m)]
    assert any(re.search(r"\(\d{4}\): attack on .* \(\d{4}\): ", m) for m in named)


# -- contact (§5, §6), evasion and results (§8), rally facing (§6), routs (§10) -----------
@pytest.mark.parametrize("enemy", [Status.GOOD, Status.PURSUING, Status.ROUTED])
def test_no_stack_formed_in_contact_with_enemies_in_good_order(stage: Any,
                                                              enemy: Status) -> None:
    # §5: "stacks cannot be formed in contact with enemy units in good order": next to a
    # pursuer or a rout they may
    st = stage()
    s = st.state
    cav = st.put(P, C, ["P-libyan-cav"])  # 5 points; joining cavalry costs 1
    friend = nb(st, nb(st, C, 3), 3)
    st.put(P, friend, ["P-egyptian-cav"])
    foe = st.put(S, nb(st, friend, 3), ["S-cavalry1"], status=enemy)
    if enemy is Status.PURSUING:
        s.update(foe, pursued=frozenset({"P-cretans1"}))
    assert st.hex(C) not in s.contact_hexes(P) | s.good_order_contact(P)
    dests = destinations(s, cav, s.occupancy(), s.zoc(P), _contact_hexes(s, P))
    assert (MoveTo(friend) in dests) == (enemy is not Status.GOOD)
    assert MoveTo(nb(st, friend, 1)) in dests  # (next to the friend, not joining it)


@pytest.mark.parametrize("enemy", [None, Status.GOOD, Status.PURSUING])
def test_phalanx_turns_during_its_move_unless_in_contact_with_an_enemy_in_good_order(
        stage: Any, enemy: Status | None) -> None:
    # §6: a phalanx may change its facing during its move "as long as [it is] not in
    # contact with an enemy unit in good order": not in a hex next to one (here on an
    # enemy phalanx's flank, off its zone of control), though next to a pursuer it may
    st = stage()
    s = st.state
    ph = st.put(P, C, ["P-phal-mace1"], facing=2)  # 2 points, front NE and SE
    ahead = nb(st, C, 2)
    if enemy is Status.GOOD:
        st.put(S, nb(st, ahead, 2), ["S-phal-mace1"], facing=2)  # faces away from us
    elif enemy is Status.PURSUING:
        p = st.put(S, nb(st, ahead, 2), ["S-cavalry1"], status=Status.PURSUING)
        s.update(p, pursued=frozenset({"P-cretans1"}))
    assert st.hex(ahead) not in s.zoc(P) and st.hex(C) not in s.contact_hexes(P)
    dests = destinations(s, ph, s.occupancy(), s.zoc(P), _contact_hexes(s, P))
    facings = {m.facing for m in dests if m.to == ahead}
    # facing 1: turned before the step; facing 3 only by turning in that hex
    assert facings == ({1, 2} if enemy is Status.GOOD else {1, 2, 3})


def test_evasion_beside_a_phalanx_flank(stage: Any) -> None:
    # §8: evasion needs "a free hex ... that is not on an enemy front": a hex next to the
    # attacking phalanx's flank is not on its front
    st = stage()
    s = st.state
    ph = st.put(P, C, ["P-phal-mace1"], facing=2)  # front: NE and SE
    cav = st.put(S, nb(st, C, 2), ["S-cavalry1"])
    hexes = set(evasion_hexes(s, ph, cav, fire=False))
    assert st.hex(nb(st, C, 1)) in hexes  # beside the phalanx, on its flank
    assert st.hex(nb(st, C, 3)) not in hexes  # on its front
    assert not hexes & set(s.zoc(S))


@pytest.mark.parametrize("spec", ["raphia", "raphia(edition=1990)"])
def test_rallied_phalanx_chooses_its_facing_1991(stage: Any, spec: str) -> None:
    # §6 addendum: a unit or stack that rallies from a rout is free to choose its
    # orientation; 1990 keeps the facing it had
    from ancients.raphia.options import RALLY
    from ancients.raphia.rally import rally_phase
    st = stage(spec)
    ph = st.put(P, C, ["P-phal-mace1"], facing=2, status=Status.ROUTED)
    _morale(st, "P-phal-mace1", 2)
    asked = drive(rally_phase(st.state, P), lambda d: RALLY if d.kind == "rally" else Face(4))
    assert ph.status is Status.GOOD
    if spec == "raphia":
        assert [d.kind for d in asked] == ["rally", "facing"]
        assert asked[1].options == tuple(Face(c) for c in range(1, 7))
        assert ph.facing == 4
    else:
        assert [d.kind for d in asked] == ["rally"] and ph.facing == 2


@pytest.mark.parametrize("spec", ["raphia", "raphia(edition=1990)"])
@pytest.mark.parametrize("fire", [False, True])
@pytest.mark.parametrize("attacker_merc", [False, True])
@pytest.mark.parametrize("target_merc", [False, True])
@pytest.mark.parametrize("routed", [False, True])
def test_x_becomes_t_for_fire_and_between_mercenaries(
        stage: Any, spec: str, fire: bool, attacker_merc: bool, target_merc: bool,
        routed: bool) -> None:
    # §8, §11, Annex: between mercenaries X becomes T (fire included, a rout included:
    # "treat every X result as T"); fire turns X into T, in 1990 "except for units in
    # rout" (the Annex), in 1991 always (the French chapter: only "aucun effet" or "test")
    st = stage(spec)
    s = st.state
    cid = "P-cretans1" if fire else "P-agema1"  # neither is a mercenary
    if attacker_merc:
        s.replace(cid, attrs.evolve(s.counter(cid), mercenary=True))
    target = st.put(S, C, ["S-merc-grec1" if target_merc else "S-phal-mace1"], facing=5,
                    status=Status.ROUTED if routed else Status.GOOD)
    att = st.put(P, nb(st, C, 5), [cid])
    a = assess(s, att, target, fire=fire)
    fire_x_to_t = fire and (not routed or spec == "raphia")
    assert a.x_to_t == ((attacker_merc and target_merc) or fire_x_to_t)
    assert a.probabilities(s)["X"] == 0 or not a.x_to_t


@pytest.mark.parametrize(("spec", "eliminated"), [("raphia", False),
                                                  ("raphia(edition=1990)", True)])
def test_fire_at_a_rout_eliminates_only_in_1990(stage: Any, spec: str,
                                                eliminated: bool) -> None:
    # §8 fire, Annex (1990): "treat every X result as T, except for units in rout"; the
    # French chapter (1991): "un tir n'a qu'un résultat 'aucun effet' ou 'test'", with no
    # exception, so a 12 on fire at a rout eliminates its top counter in 1990 only (a T
    # on a rout has no further effect)
    from ancients.raphia.combat import resolve
    st = stage(spec)
    s = st.state
    assert s.edition.fire_x_at_rout is eliminated
    victim = st.put(S, nb(st, C, 2), ["S-arabs1", "S-arabs2"], status=Status.ROUTED)
    archers = st.put(P, C, ["P-cretans1"])
    s.dice = _Scripted(s.dice, [], rolls=[12])
    drive(resolve(s, archers, victim, fire=True), lambda d: d.options[-1])
    combat = next(e for e in st.battle.log if e.kind == "combat")
    assert combat.data["fire"] is True
    assert combat.data["result"] == ("X" if eliminated else "T")
    assert (list(victim.counters) == ["S-arabs2"]) is eliminated
    assert (len(victim.counters) == 2) is not eliminated


@pytest.mark.parametrize(("defence", "tests"), [(["S-arabs1", "S-arabs2"], True),
                                                (["S-arabs1"], False)])
def test_infantry_attack_at_exactly_one_half_tests(stage: Any, defence: list[str],
                                                   tests: bool) -> None:
    # §8: infantry attacking head-on at a basic ratio "of 1/2 or less" tests: 2 against 4
    # (exactly 1/2) does, 2 against 3 does not
    st = stage()
    s = st.state
    att = st.put(P, C, ["P-cretans1"])
    tgt = st.put(S, nb(st, C, 3), defence)
    _morale(st, "P-cretans1", 2)
    assert assess(s, att, tgt).basic_ratio == Fraction(2, 2 + len(defence))
    from ancients.raphia.combat import resolve
    drive(resolve(s, att, tgt), lambda d: d.options[0])
    why = [e.data.get("why") for e in st.battle.log if e.kind == "morale"]
    assert ("attack at inferiority" in why) == tests


@pytest.mark.parametrize("spec", ["raphia", "raphia(edition=1990)"])
@pytest.mark.parametrize("rout_at", [5, 6])
def test_rout_through_friendly_routs_before_other_friends_1991(stage: Any, spec: str,
                                                               rout_at: int) -> None:
    # §10: the addendum's order is a rout, then other troops, then phalanxes; 1990 has
    # only non-phalanx before phalanx, so a friendly rout and other friendly troops rank
    # alike (the itinerary then takes the first direction)
    st = stage(spec)
    s = st.state
    r = st.put(P, C, ["P-libyan-cav"], status=Status.ROUTED)  # its edge is west: SW, NW
    other = 11 - rout_at
    st.put(P, nb(st, C, rout_at), ["P-cretans2"], status=Status.ROUTED)
    st.put(P, nb(st, C, other), ["P-cretans3"])
    path, _ = rout_path(s, r, s.occupancy())
    first = rout_at if spec == "raphia" else min(rout_at, other)
    assert path[0] == st.hex(nb(st, C, first))


@pytest.mark.parametrize("option", ["phase", "each_combat"])
def test_second_rank_exposed_by_a_rout_with_tests_after_each_combat(stage: Any,
                                                                    option: str) -> None:
    # §8 addendum: "if the top counter of a stack is removed (by elimination or rout), the
    # second rank may then be attacked"; the addendum's sequence tests the defender only
    # after every attack, where no rout can expose it; morale_tests=each_combat tests the
    # stacks hit right after each combat, and a top counter routed then exposes it
    from ancients.battle import Phase
    st = stage(f"raphia(morale_tests={option})")
    s = st.state
    tgt = st.put(S, C, ["S-arabs1", "S-arabs2"])
    st.put(P, nb(st, C, 5), ["P-agema1"])
    st.put(P, nb(st, C, 6), ["P-agema2"])
    _morale(st, "S-arabs1", 13)  # always fails: routs
    _morale(st, "S-arabs2", 2)  # always passes: stays
    s.dice = _Scripted(s.dice, [], rolls=[6, 2])  # 8 against 4, +1: T; then no effect

    def answer(d: Any) -> Any:
        if d.kind == "attack":
            return next((o for o in d.options if getattr(o, "fire", True) is False),
                        d.options[-1])
        return d.options[0] if d.kind in ("move", "evade") else d.options[-1]  # hold, stand
    engine = st.battle._half_turn(P)
    item = next(engine)
    while True:
        try:
            item = engine.send(None if isinstance(item, Phase) else answer(item))
        except StopIteration:
            break
    combats = [e for e in st.battle.log if e.kind == "combat"]
    assert combats[0].data["result"] == "T"
    assert any(e.kind == "rout" and "S-arabs1" in e.units for e in st.battle.log)
    exposed = [e for e in combats[1:] if e.units[-1] == "S-arabs2"]
    assert bool(exposed) == (option == "each_combat")
    assert tgt.counters[0] == "S-arabs2" if option == "each_combat" else True



def test_a_moves_cost_in_movement_points(stage: Any) -> None:
    # §6–§7: a hex costs one point, a phalanx's 60° turn one; the log gives the cost of
    # the move chosen (the stack's, or the part of it that moves)
    from ancients.raphia.movement import movement_phase
    st = stage()
    s = st.state
    far = nb(st, nb(st, nb(st, C, 3), 3), 3)
    st.put(P, C, ["P-libyan-cav"])  # 5 points
    st.put(P, "1005", ["P-phal-mace1"], facing=2)
    north = nb(st, "1005", 1)  # a turn to NNE, then a step
    st.put(P, "1020", ["P-cretans1", "P-cretans2"])
    split = nb(st, nb(st, "1020", 4), 4)
    wanted = [MoveTo(far), MoveTo(north, 1), SplitTo(split)]

    def pick(d: Any) -> Any:
        return next((o for o in wanted if o in d.options), HOLD)
    drive(movement_phase(s, P), pick)
    moves = {e.data["to"]: e.data["cost"] for e in st.battle.log if e.kind == "move"}
    assert moves == {far: 3, north: 2, split: 2}
