"""§8's numbers as data (``data/force.toml``): the force of a stack, fire, the flank and
rout multipliers, the attack at inferiority and evasion read the force table and the
edition, so a variant changes each through one parameter."""

from __future__ import annotations

from fractions import Fraction

import pytest

import ancients
from ancients.errors import OptionError
from ancients.raphia.combat import assess, combat_phase, evasion_hexes, strength

from .helpers import Stage, drive

P, S = "ptolemaic", "seleucid"
C = "1512"  # an open hex in the middle of the plain


def nb(st: Stage, label: str, d: int) -> str:
    return st.state.board.label(st.hex(label).neighbor(d))


def test_the_printed_numbers_are_parameters() -> None:
    known = ancients.ruleset("raphia").parameters()
    assert {n: p.value for n, p in known.items() if n.startswith("force.")} == {
        "force.extra_counter": 1, "force.leader_in_stack": 1, "force.flank_multiplier": 2,
        "force.fire_per_missile_counter": 2, "force.fire_per_target_counter": 1,
        "force.inferiority_attack": 1, "force.inferiority_defence": 2,
        "force.light_evasion_hexes": 1}
    assert all(known[n].source == "printed" for n in known if n.startswith("force."))
    assert known["edition.rout_multiplier"].value == 4
    assert ancients.ruleset("raphia(edition=1990)").parameters()[
        "edition.rout_multiplier"].value == 2
    assert known["edition.evasion_cavalry_hexes"].value == 1


def test_a_stack_s_force_follows_the_table() -> None:
    # §8: the top counter's factor, +1 per other counter, +1 for the leader
    for spec, extra, leader in (("raphia", 1, 1),
                                ("raphia(force.extra_counter=2,force.leader_in_stack=3)",
                                 2, 3)):
        st = Stage(spec)
        top = st.state.counter("P-cretans1").combat
        three = st.put(P, C, ["P-cretans1", "P-cretans2", "P-cretans3"])
        assert strength(st.state, three) == top + 2 * extra
        led = st.put(P, "1808", ["P-cretans1", "P-cretans2", "ptolemy"])
        assert strength(st.state, led) == top + extra + leader


def test_fire_and_the_multipliers_follow_the_table() -> None:
    st = Stage("raphia(force.fire_per_missile_counter=3,force.fire_per_target_counter=2,"
               "force.flank_multiplier=3,edition.rout_multiplier=5)")
    s = st.state
    arch = st.put(P, C, ["P-cretans1", "P-cretans2"])
    tgt = st.put(S, nb(st, C, 3), ["S-agrianians", "S-persians"])
    a = assess(s, arch, tgt, fire=True)
    assert (a.attack, a.defence) == (6, 4)
    ph = st.put(S, "1808", ["S-phal-mace1"], facing=5)
    assert assess(s, st.put(P, nb(st, "1808", 2), ["P-cretans2"]), ph).multiplier == 3
    from ancients.raphia.state import Status
    r = st.put(S, "2008", ["S-arabs1"], status=Status.ROUTED)
    assert assess(s, st.put(P, nb(st, "2008", 6), ["P-cretans3"]), r).multiplier == 5


@pytest.mark.parametrize(("spec", "tests"), [
    ("raphia", False),
    ("raphia(force.inferiority_attack=1,force.inferiority_defence=1)", True)])
def test_the_attack_at_inferiority_ratio_follows_the_table(spec: str, tests: bool) -> None:
    # §8: infantry attacking head-on at a basic ratio of 1/2 or less tests first; at 1/1
    # (Cretans 2 against Cretans 2) only a variant that moves the ratio to 1/1 tests
    st = Stage(spec)
    ratio = Fraction(1, 1) if tests else Fraction(1, 2)
    assert st.state.tables.force.inferiority == ratio
    st.put(P, C, ["P-cretans1"])
    st.put(S, nb(st, C, 3), ["S-cretans1"])
    drive(combat_phase(st.state, P), lambda d: next(
        (o for o in d.options if "attacks" in str(o)), d.options[-1]))
    whys = [e.data.get("why") for e in st.battle.log if e.kind == "morale"]
    assert ("attack at inferiority" in whys) == tests


def test_evasion_distances_follow_the_table_and_the_edition() -> None:
    def reach(spec: str, evader: str, attacker: str) -> int:
        st = Stage(spec)
        ev = st.put(S, C, [evader])
        att = st.put(P, nb(st, C, 6), [attacker])
        hexes = evasion_hexes(st.state, att, ev, fire=False)
        return max((h.distance(st.hex(C)) for h in hexes), default=0)

    assert reach("raphia", "S-arabs1", "P-thracians1") == 1
    assert reach("raphia(force.light_evasion_hexes=2)", "S-arabs1", "P-thracians1") == 2
    assert reach("raphia(force.light_evasion_hexes=0)", "S-arabs1", "P-thracians1") == 0
    assert reach("raphia(edition=1990)", "S-cavalry1", "P-thracians1") == 2
    assert reach("raphia(edition=1990,edition.evasion_cavalry_hexes=1)", "S-cavalry1",
                 "P-thracians1") == 1


def test_a_bad_force_value_is_refused() -> None:
    with pytest.raises(OptionError, match=r"force\.flank_multiplier"):
        ancients.ruleset("raphia(force.flank_multiplier=0)")
