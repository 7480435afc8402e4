"""The house: the state object and its one mutation path, the decision kinds, and the
import graph (no rule module imports the battle)."""

from __future__ import annotations

import ast
from pathlib import Path

import attrs

import ancients
from ancients.battle import RandomCommander
from ancients.hoplomachia.decisions import Kind

from .play import battle, piece

SRC = Path(ancients.__file__).parent / "hoplomachia"
#: the modules that may know the battle
DRIVERS = {"battle", "ruleset", "commander", "__init__", "strategies"}


def test_every_decision_asked_is_of_a_known_kind() -> None:
    rs = ancients.ruleset("hoplomachia")
    sc = rs.scenario()
    seen: set[Kind] = set()
    for seed in range(3):
        b = rs.new_battle(sc, seed=seed, commanders=dict.fromkeys(sc.sides))
        pick = RandomCommander()
        while not b.finished:
            b.step()
            if b.pending is not None:
                assert isinstance(b.pending.kind, Kind)
                seen.add(b.pending.kind)
                b.decide(pick.decide(b, b.pending))
    assert {Kind.SIGNAL, Kind.MOVE, Kind.CHARGE, Kind.FIRE, Kind.ORDER} <= seen


def test_assigning_to_a_piece_keeps_the_caches_right() -> None:
    """No hand-kept invalidation: moving a piece by assignment is seen at once by the
    contacts and the list of pieces on the table."""
    b = battle()
    st = b.state
    a, s = piece(b, "a-taxis1.2"), piece(b, "s-taxis2.2")
    assert not st.engaged(a) and st.contacts(s) == ()
    version = st.version
    a.block = attrs.evolve(a.block, x=s.block.x, y=s.block.y)  # front to front
    assert st.version > version
    assert a in st.contacts(s) and st.engaged(a)
    before = len(st.present("athens"))
    a.status = a.status.DESTROYED
    assert len(st.present("athens")) == before - 1 and a not in st.contacts(s)


def test_bookkeeping_leaves_the_caches_alone() -> None:
    b = battle()
    st = b.state
    version = st.version
    piece(b, "a-taxis1.1").fired_turn = 3
    st.divisions["a-taxis1"].activity = None
    assert st.version == version


def test_a_what_if_copy_of_a_piece_leaves_the_state_alone() -> None:
    b = battle()
    st = b.state
    version = st.version
    copy = attrs.evolve(piece(b, "a-taxis1.1"), disarrayed=True)
    copy.block = attrs.evolve(copy.block, y=20.0)
    assert st.version == version and not piece(b, "a-taxis1.1").disarrayed


def _imports(path: Path) -> set[str]:
    """The hoplomachia modules ``path`` imports (``if TYPE_CHECKING:`` blocks too)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and \
                node.module.startswith("ancients.hoplomachia"):
            found.add(node.module.rsplit(".", 1)[-1])
    return found


def test_no_rule_module_imports_the_battle() -> None:
    for path in SRC.glob("*.py"):
        if path.stem in DRIVERS:
            continue
        assert "battle" not in _imports(path), path.name
        assert "ruleset" not in _imports(path), path.name


def test_every_decision_kind_has_a_handler() -> None:
    from ancients.hoplomachia.commander import HANDLERS

    assert set(HANDLERS) == set(Kind)
