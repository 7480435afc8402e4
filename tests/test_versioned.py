"""The version machinery the tabletop states share (:mod:`ancients.versioned`)."""

from __future__ import annotations

import attrs

import ancients
from ancients.versioned import BOOKKEEPING, ByVersion, Tracked, VersionedState, touched


@attrs.define(eq=False, on_setattr=touched)
class Token(Tracked):
    id: str
    side: str
    on_table: bool = True
    seen: int = attrs.field(default=0, metadata=BOOKKEEPING)


@attrs.define(eq=False)
class Board(VersionedState[Token]):
    pieces: list[Token]
    measured: int = 0

    def _compute_contacts(self) -> dict[str, tuple[Token, ...]]:
        self.measured += 1
        a, b = self.pieces[0], self.pieces[1]
        return {a.id: (b,), b.id: (a,)} if a.on_table and b.on_table else {}


def _board() -> Board:
    board = Board([Token("a", "red"), Token("b", "blue")])
    board.track(*board.pieces)
    return board


def test_an_assignment_bumps_the_version_but_bookkeeping_does_not() -> None:
    board = _board()
    a = board.pieces[0]
    a.on_table = True
    assert board.version == 1
    a.seen = 5
    assert board.version == 1
    apart = attrs.evolve(a)  # a what-if copy tells nobody
    apart.on_table = False
    assert board.version == 1


def test_the_caches_hold_until_a_piece_changes() -> None:
    board = _board()
    a, b = board.pieces
    assert board.present("red") == [a] and board.present() == [a, b]
    assert board.contacts(a) == (b,) and board.in_melee(b)
    assert board.contacts(b) == (a,) and board.measured == 1
    b.on_table = False
    assert board.present() == [a] and not board.in_melee(a) and board.measured == 2
    kept = ByVersion[int]()
    assert board.kept(kept, lambda: 7) == 7 and board.kept(kept, lambda: 8) == 7
    a.side = "blue"
    assert board.kept(kept, lambda: 8) == 8


def test_the_three_tabletop_states_use_it() -> None:
    for spec in ("monks_corner", "burgess", "hoplomachia"):
        battle = ancients.ruleset(spec).new_battle(seed=1)
        state = battle.state  # type: ignore[attr-defined]
        assert isinstance(state, VersionedState), spec
        before = state.version
        piece = state.present()[0]
        piece.block = piece.block
        assert state.version == before + 1, spec
