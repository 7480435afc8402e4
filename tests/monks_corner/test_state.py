"""The house: the state object and its one mutation path, the decision kinds and their
handlers, and no import cycles in the tabletop and Monk's Corner packages."""

from __future__ import annotations

import attrs
import numpy as np
from hypothesis import example, given, settings
from hypothesis import strategies as st

import ancients
from ancients.battle import RandomCommander
from ancients.monks_corner import state as state_module
from ancients.monks_corner.commander import HANDLERS
from ancients.monks_corner.decisions import Kind
from ancients.tabletop import distance_matrix
from ancients.tabletop.geometry import frames
from ancients.testing.imports import cycles, imports

from .helpers import battle, phalanx, u


def test_every_decision_kind_has_a_handler() -> None:
    assert set(HANDLERS) == set(Kind)


def test_every_decision_asked_is_of_a_known_kind() -> None:
    rs = ancients.ruleset("monks_corner(melee_opponents=choose)")
    b = rs.new_battle("mantinea-418bc", seed=3, commanders={"sparta": None, "argos": None})
    pick = RandomCommander()
    seen = set()
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



@settings(max_examples=40)
@example(n=420, m=28, seed=0)  # a side's menus at 4x: 12 runs
@example(n=36, m=28, seed=1)  # one run
@given(n=st.integers(1, 300), m=st.integers(1, 40), seed=st.integers(0, 2**32 - 1))
def test_a_distance_matrix_measured_in_runs_is_the_whole_one(n: int, m: int, seed: int) -> None:
    """The gaps a state measures in runs of rows (for the CPU's caches) are the entries
    of the one matrix, bit for bit, whatever the sizes."""
    rng = np.random.default_rng(seed)
    corner = np.array([[-3.0, -1.0], [3.0, -1.0], [3.0, 1.0], [-3.0, 1.0]])
    turn = rng.uniform(0.0, 2 * np.pi, (n + m, 1, 1))
    cos, sin = np.cos(turn), np.sin(turn)
    shapes = np.stack([corner[:, 0] * cos[..., 0] - corner[:, 1] * sin[..., 0],
                       corner[:, 0] * sin[..., 0] + corner[:, 1] * cos[..., 0]], axis=-1)
    rects = shapes + rng.uniform(0.0, 100.0, (n + m, 1, 2))
    a, b = rects[:n], rects[n:]
    assert np.array_equal(state_module.measured(a, b, frames(b)), distance_matrix(a, b))
