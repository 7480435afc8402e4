"""The caches updated in place after a change (the table of possible attacks, the
occupancy of the hexes, the doctrine's ranking of the attacks) equal ones made afresh,
and the shortcuts equal the rules functions they stand for, at every decision of a few
battles (at the built-in size and on a map twice as long)."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Hashable, Iterator
from pathlib import Path
from typing import Any

import pytest

import ancients
from ancients.battle import Battle, Decision, RandomCommander
from ancients.raphia.battle import RaphiaBattle
from ancients.raphia.combat import (
    AttackTable,
    _made,
    attack_table,
    kept_attacks,
    may_attack,
    type_forbids,
)
from ancients.raphia.commander import DoctrineCommander, _Ranking, attack_value
from ancients.raphia.counters import TroopClass
from ancients.raphia.movement import _no_contact
from ancients.raphia.options import Evade, Kind
from ancients.raphia.rally import _mates, pursued_rout
from ancients.raphia.state import State, Status

SIDES = ("ptolemaic", "seleucid")
BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def _table(table: AttackTable) -> Any:
    """What an attack table holds, by sid: each option's attackers (their targets),
    the offer in order with its pairs, the index of the counters watched."""
    holders = {o: {k: (a.sid, [t.sid for t in hit]) for k, (a, hit) in held.items()}
               for o, held in table.holders.items()}
    offer = [(o, (p[0].sid, p[1].sid)) for o, p in ((o, table.pairs[o]) for o in table.options)]
    assert len(table.pairs) == len(table.options)
    assert table.keys == [(o.attacker, o.target, o.fire) for o in table.options]
    assert table.keys == sorted(table.keys)
    by_attacker = {k: (s.sid, sorted(own, key=repr)) for k, (s, own) in
                   table.by_attacker.items()}
    return holders, offer, by_attacker, table.watch


class _Checking:
    """Checks the caches at every decision (and, for the doctrine, its choice of attack
    against the full ranking), then lets ``inner`` decide."""

    def __init__(self, inner: Any, everything: bool = True) -> None:
        self.inner = inner
        self.everything = everything  # (False: the attack table and ranking only)
        self.checked = 0
        self.attacks = 0
        self.evasions = 0
        self.seen: dict[int, Any] = {}  # every stack met, by id (some since taken off)

    def decide(self, battle: Battle, decision: Decision) -> Hashable:
        assert isinstance(battle, RaphiaBattle)
        state: State = battle.state
        for side in SIDES:
            kept = kept_attacks(state, side)
            assert _table(kept) == _table(_made(state, side))  # as made afresh
            # the pairs are those may_attack allows (checked at every 8th decision)
            assert not self.everything or self.checked % 16 > 1 or {
                (a.sid, t.sid, o.fire) for o, held in kept.holders.items()
                for a, hit in held.values() for t in hit} == {
                (a.sid, t.sid, fire) for a in state.stacks if a.side == side
                for t in state.stacks for fire in (False, True)
                if may_attack(state, a, t, fire)}
            assert list(attack_table(state, side)) == kept.options
            # each attack on offer is made by the first stack of its hex that may still
            # make it, on the first target there not yet attacked (§8); no other is offered
            assert not self.everything or self.checked % 16 > 1 or {
                (o.attacker_at, o.target_at, o.fire): (p[0].sid, p[1].sid)
                for o, p in kept.pairs.items()} == _pairs(state, side)
            self.checked += 1
        if decision.kind == Kind.ATTACK and isinstance(self.inner, DoctrineCommander):
            table = kept_attacks(state, decision.side)
            assert decision.options is table.menu()  # the table's own menu
            full = self.inner._attack_ranked(state, decision)
            choice = self.inner.decide(battle, decision)
            assert choice is full  # the kept ranking's choice is the full ranking's
            ranking: _Ranking | None = self.inner._memo.get(
                state, "attack ranking", self.inner._ranking_key(state), lambda: None)
            assert ranking is not None and ranking.table is table
            pairs, memo = table.pairs, self.inner._values(state)
            assert {o: -e[0] for o, e in ranking.entries.items()} == {
                o: attack_value(state, *pairs[o],
                                o.fire, memo)
                for o in table.options}
            self.attacks += 1
            self._shared(state)
            return choice
        if decision.kind == Kind.EVADE and isinstance(self.inner, DoctrineCommander):
            for o in decision.options:  # the search near the evader, as the field
                if isinstance(o, Evade):
                    assert o.at is not None
                    assert self.inner._dist_near(battle, state, o.at) == \
                        self.inner._dist(battle, state, o.at)
                    self.evasions += 1
        self._shared(state)
        chosen: Hashable = self.inner.decide(battle, decision)
        return chosen

    def _shared(self, state: State) -> None:
        _kept_stacks(state, self.seen)
        if not self.everything:
            return
        for side in SIDES:  # the cells no mover may end next to, decided per enemy
            for mover in (TroopClass.CAVALRY, TroopClass.ELEPHANT):
                banned = {h for e in state.stacks if e.side != side
                          and e.status is Status.GOOD and not state.leader_alone(e)
                          for h in state.board.neighbors(e.hex)
                          if type_forbids(state, mover, e, h)}
                assert _no_contact(state, side, mover) == state.board.bits.bits(banned)
        for p in state.stacks:  # §10 a pursuer's rout, §9 a rallied part's stack-mates
            near = state.board.neighbors(p.hex)
            assert pursued_rout(state, p) is next((
                s for s in state.stacks if s.status is Status.ROUTED and s.side != p.side
                and p.pursued.intersection(s.counters) and s.hex in near), None)
            assert _mates(state, p) is next((
                s for s in state.stacks if s is not p and s.side == p.side
                and s.hex == p.hex and s.status is Status.GOOD), None)


def _pairs(state: State, side: str) -> dict[Any, tuple[int, int]]:
    """The attacks ``side`` may make now, by the rules functions: per pair of hexes (and
    fire or not) the first stack that may still attack and the first target it may."""
    occ = state.occupancy()
    hexes = {(a.hex, t.hex, fire) for a in state.stacks if a.side == side
             for t in state.stacks for fire in (False, True) if may_attack(state, a, t, fire)}
    out: dict[Any, tuple[int, int]] = {}
    for a_hex, t_hex, fire in hexes:
        pair = next(((a.sid, t.sid) for a in occ[a_hex] if a.side == side
                     and state.attacked.isdisjoint(a.counters) for t in occ[t_hex]
                     if state.top(t) not in state.defended
                     and may_attack(state, a, t, fire)), None)
        if pair is not None:
            out[a_hex, t_hex, fire] = pair
    return out


def _kept_stacks(state: State, seen: dict[int, Any]) -> None:
    """The occupancy (brought up to date in place) and the stacks by sid (kept by the
    state's changes) equal ones made afresh from the list of stacks; ``seen``: the
    stacks met so far (those taken off the map since are not on it)."""
    fresh: dict[object, list[object]] = {}
    for s in state.stacks:
        fresh.setdefault(s.hex, []).append(s)
    occ, cells = state.occupancy_cells()
    assert occ == fresh
    assert state.occupancy() is occ and state.occupied_cells() == cells
    assert cells == state.board.bits.bits(fresh)  # type: ignore[arg-type]
    by_sid = {s.sid: s for s in state.stacks}
    assert all(state.stack(sid) is by_sid.get(sid) for sid in range(state.next_sid + 1))
    holder: dict[str, Any] = {}
    for s in state.stacks:
        for c in s.counters:
            holder.setdefault(c, s)
    assert all(state.stack_of(c) is s for c, s in holder.items())
    seen.update((id(s), s) for s in state.stacks)
    alive = {id(s) for s in state.stacks}
    assert all(state.on_map(s) is (k in alive) for k, s in seen.items())


def _play(rs: Any, scenario: Any, seed: int, random: bool, everything: bool = True
          ) -> tuple[int, int, int]:
    commanders: dict[str, Any] = {
        s: _Checking(RandomCommander() if random else DoctrineCommander(s), everything)
        for s in SIDES}
    rs.new_battle(scenario, seed=seed, commanders=commanders).run()
    return (sum(c.checked for c in commanders.values()),
            sum(c.attacks for c in commanders.values()),
            sum(c.evasions for c in commanders.values()))


def test_caches_updated_in_place_equal_fresh_ones() -> None:
    checked = attacks = evasions = 0
    for spec, seed, random in (("raphia", 1, False), ("raphia(edition=1990)", 2, False),
                               ("raphia", 3, True), ("raphia(edition=1990)", 4, True)):
        rs = ancients.ruleset(spec)
        c, a, e = _play(rs, rs.scenario(), seed, random)
        checked, attacks, evasions = checked + c, attacks + a, evasions + e
    assert checked > 1000 and attacks > 200 and evasions > 20


#: the armies' scales played with every decision checked (``ANCIENTS_SLOW=1``: 4x too)
SCALES = [2, 4] if os.environ.get("ANCIENTS_SLOW") else [2]


@pytest.fixture(params=SCALES)
def scaled(request: pytest.FixtureRequest) -> Iterator[Any]:
    """The growth benchmark's ``raphia-217bc`` with k times its armies on a map k times
    as long (``benchmarks/_scaled.py``): the ruleset and the scenario."""
    sys.path.insert(0, str(BENCHMARKS))
    try:
        import _scaled

        with tempfile.TemporaryDirectory() as tmp:
            options, path = _scaled.raphia(request.param, Path(tmp))
            rs = ancients.ruleset("raphia", **options)
            yield rs, rs.load_scenario(path)
    finally:
        sys.path.remove(str(BENCHMARKS))


def test_caches_equal_fresh_ones_with_more_armies(scaled: Any) -> None:
    rs, scenario = scaled
    checked, attacks, evasions = _play(rs, scenario, 5, False, everything=False)
    assert checked > 1000 and attacks > 200 and evasions > 20


def test_the_search_near_an_evader_reads_as_the_distance_field() -> None:
    # the doctrine's evasion measures the distance to the nearest enemy not in rout (a
    # leader alone is none) by a search outward from each hex: as the whole field does,
    # with enemies in rout and a leader alone nearer, and with no enemy that near or at all
    from ancients.hexgrid import Hex

    from .helpers import Stage
    st = Stage()
    centre = st.hex("1512")
    doctrine = DoctrineCommander("ptolemaic")

    def agree() -> int:
        hexes = [h for h in st.state.board.indices if h.distance(centre) <= 7]
        for h in hexes:
            assert doctrine._dist_near(st.battle, st.state, h) == \
                doctrine._dist(st.battle, st.state, h), h
        return len(hexes)

    assert agree() > 100  # no enemy at all: the field is 0 everywhere
    st.put("ptolemaic", "1512", ["P-libyan-cav"])
    st.put("seleucid", st.state.board.label(centre.neighbor(2)), ["antiochos"])
    st.put("seleucid", st.state.board.label(centre.neighbor(5)), ["S-arabs1"],
           status=Status.ROUTED)
    agree()  # nobody the field counts
    far: Hex = centre
    for _ in range(3):
        far = far.neighbor(1)
    st.put("seleucid", st.state.board.label(far), ["S-cavalry1"])
    agree()  # within the search, and (from the hexes farther off) beyond it
