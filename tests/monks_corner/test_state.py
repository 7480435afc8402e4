"""The house: the state object and its one mutation path, the decision kinds and their
handlers, and no import cycles in the tabletop and Monk's Corner packages."""

from __future__ import annotations

import attrs

import ancients
from ancients.battle import RandomCommander
from ancients.monks_corner.commander import HANDLERS
from ancients.monks_corner.decisions import Kind
from ancients.testing.imports import cycles, imports

from .helpers import battle, phalanx, u


def test_every_decision_kind_has_a_handler() -> None:
    assert set(HANDLERS) == set(Kind)


def test_every_decision_asked_is_of_a_known_kind() -> None:
    rs = ancients.ruleset("monks_corner(melee_opponents=choose)")
    b = rs.new_battle("mantinea-418bc", seed=3, commanders={"sparta": None, "argos": None})
    pick = RandomCommander()
    seen: set[Kind] = set()
    while not b.finished and len(seen) < len(Kind):
        b.step()
        if b.pending is not None:
            assert isinstance(b.pending.kind, Kind)
            seen.add(b.pending.kind)
            b.decide(pick.decide(b, b.pending))
    assert {Kind.SELECT, Kind.MOVE, Kind.CHARGE} <= seen


def test_assigning_to_a_unit_keeps_the_caches_right() -> None:
    """No hand-kept invalidation: moving a unit by assignment is seen at once by the
    contacts, the enemies' arrays and the list of units on the table."""
    b = battle([phalanx("p", "south", 36, 10), phalanx("q", "north", 36, 20)])
    st = b.state
    p, q = u(b, "p"), u(b, "q")
    assert not st.in_melee(p) and st.contacts(q) == ()
    version = st.version
    p.block = attrs.evolve(p.block, y=20.0)  # front to front
    assert st.version > version
    assert st.contacts(q) == (p,) and st.in_melee(p)
    foes = st.foes("north")
    assert foes[1][0].tolist() == [list(c) for c in p.block.corners]
    p.remove(p.figures)
    assert st.present("south") == [] and st.contacts(q) == ()


def test_a_what_if_copy_of_a_unit_leaves_the_state_alone() -> None:
    b = battle([phalanx("p", "south", 36, 10), phalanx("q", "north", 36, 20)])
    st = b.state
    version = st.version
    copy = attrs.evolve(u(b, "p"), formed=False)
    copy.block = attrs.evolve(copy.block, y=12.0)
    assert st.version == version and u(b, "p").formed


def test_no_import_cycles_in_the_tabletop_or_monks_corner() -> None:
    """Not even through a function-level import; no rule module imports the battle, not
    even for type checking (only the package, the ruleset and the commander do)."""
    assert cycles(imports("ancients.tabletop")) == []
    assert cycles(imports("ancients.monks_corner")) == []
    importers = [m for m, deps in imports("ancients.monks_corner", type_checking=True).items()
                 if "ancients.monks_corner.battle" in deps]
    assert sorted(importers) == ["ancients.monks_corner",
                                 "ancients.monks_corner.commander",
                                 "ancients.monks_corner.ruleset"]
