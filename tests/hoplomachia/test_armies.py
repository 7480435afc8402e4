"""Army generation: rounds by size, Basics and Options, points into lochoi, ilai and
stands, taxeis and hipparchies, epochs, allies, strategoi and the Hegemon."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ancients.dice import Dice
from ancients.errors import RuleError
from ancients.hoplomachia.armies import Army, ItemKind, roll_army
from ancients.hoplomachia.vocabulary import ArmySize, Category, GroupKind, UnitKind

from .helpers import RULES

L = RULES.armies


def _army(key: str, epoch: int, size: ArmySize, seed: int) -> Army:
    return roll_army(RULES, key, epoch, size, Dice(seed))


_LISTS = st.sampled_from(sorted(L.lists))


@st.composite
def armies(draw: st.DrawFn) -> Army:
    key = draw(_LISTS)
    epoch = draw(st.sampled_from(sorted(L.lists[key].epochs)))
    return _army(key, epoch, draw(st.sampled_from(list(ArmySize))), draw(st.integers(0, 2**32)))


def test_the_same_seed_gives_the_same_army() -> None:
    a = _army("boiotian", 5, ArmySize.LARGE, 7)
    assert a == _army("boiotian", 5, ArmySize.LARGE, 7)
    assert a != _army("boiotian", 5, ArmySize.LARGE, 8)


def test_every_roll_says_what_it_decides() -> None:
    dice = Dice(4, record=True)
    roll_army(RULES, "athenian", 3, ArmySize.MEDIUM, dice)
    reasons = [r.reason or "" for r in dice.take_rolls()]
    assert "army list: athenian round 1, hoplites" in reasons
    assert "army list: athenian round 2, hoplites" in reasons
    assert any(r.startswith("Hegemon vote: athenian.strategos") for r in reasons)
    assert all(reasons)


@pytest.mark.parametrize(("size", "rounds"), [(ArmySize.SMALL, 1), (ArmySize.MEDIUM, 2),
                                              (ArmySize.LARGE, 3)])
def test_small_medium_large_are_one_two_three_rounds(size: ArmySize, rounds: int) -> None:
    army = _army("athenian", 2, size, 1)
    home = [r for r in army.record if r.contingent == "athenian"]
    assert sorted({r.round for r in home}) == list(range(1, rounds + 1))
    dotted = [i.item for i in L.lists["athenian"].basics]
    for r in range(1, rounds + 1):
        assert [x.item for x in home if x.round == r][:len(dotted)] == dotted


@given(armies())
def test_points_become_units_in_their_groups(army: Army) -> None:
    lists = {c.id: L.lists[c.list_key] for c in army.contingents}
    for c in army.contingents:
        al = lists[c.id]
        gained: dict[str, int] = {}
        for r in army.record:
            item = next((i for i in (*al.basics, *al.options) if i.item == r.item), None)
            if r.contingent == c.id and item is not None and item.kind is ItemKind.TROOPS:
                gained[item.item] = gained.get(item.item, 0) + r.points
        for name, points in gained.items():
            item = next(i for i in (*al.basics, *al.options) if i.item == name)
            units = [u for u in c.units if u.id.split(".")[1] == name.replace(" ", "-")]
            assert len(units) == points
            org = RULES.cards.organisation[RULES.cards[item.card].category]
            for u in units:
                assert (u.card, u.stands, u.kind) == (item.card, item.stands, org.unit)
                assert u.figures == u.stands * org.figures
                assert u.epilektoi == item.epilektoi
        for d in c.divisions:
            org = RULES.cards.organisation[RULES.cards[d.card].category]
            assert d.kind is org.group
            assert org.group_size[0] <= len(d.units) <= org.group_size[1]
            assert all(u.card == d.card for u in d.units)
            if d.kind is GroupKind.TAXIS:
                assert all(u.kind is UnitKind.LOCHOS for u in d.units)
            if d.kind is GroupKind.HIPPARCHIA:
                assert all(u.kind is UnitKind.ILE for u in d.units)
            assert not d.senior or not c.allied


@given(armies())
def test_strategoi_hegemon_and_allies(army: Army) -> None:
    home, *allies = army.contingents
    assert not home.allied and all(c.allied for c in allies)
    assert len({c.list_key for c in allies}) == len(allies)
    hegemons = [s for s in army.strategoi if s.hegemon]
    assert len(hegemons) == 1 and hegemons[0].contingent == home.id
    assert all(s.philos and s.stance is None for s in home.strategoi)
    assert 1 <= len(home.strategoi) <= max(RULES.strategoi.count[army.size].values)
    for c in allies:
        (s,) = c.strategoi
        assert s.stance is not None and not s.philos
    taxeis = [d for d in home.divisions if d.kind is GroupKind.TAXIS]
    if taxeis:
        assert taxeis[0].senior and army.senior_taxis is taxeis[0]
        assert sum(d.senior for d in army.divisions) == 1


@given(armies())
def test_only_troops_of_the_epoch(army: Army) -> None:
    for c in army.contingents:
        al = L.lists[c.list_key]
        assert army.epoch in al.epochs
        items = {i.item: i for i in (*al.basics, *al.options)}
        for r in army.record:
            if r.contingent == c.id:
                assert items[r.item].available(army.epoch)


@given(armies())
def test_hamippoi_ride_with_ilai(army: Army) -> None:
    for u in army.units:
        if u.hamippoi:
            assert u.kind is UnitKind.ILE
            assert RULES.cards[u.card].category is Category.HIPPEUS


def test_the_sacred_band_is_epilektoi_in_the_last_epoch_only() -> None:
    seen = set()
    for seed in range(40):
        army = roll_army(RULES, "boiotian", 5, ArmySize.LARGE, Dice(seed), prefer=["sacred band"])
        seen |= {u.epilektoi for u in army.units}
        assert any(u.epilektoi and u.card == "theban" for u in army.units)
    assert seen == {True, False}
    early = roll_army(RULES, "boiotian", 2, ArmySize.LARGE, Dice(1), prefer=["sacred band"])
    assert not any(u.epilektoi for u in early.units)


def test_preferred_options_are_picked_first() -> None:
    army = roll_army(RULES, "athenian", 4, ArmySize.SMALL, Dice(2),
                     prefer=["iphikrateans", "hippeis", "nonsense"])
    picked = [r.item for r in army.record if r.item not in ("hoplites", "psiloi", "options")]
    assert picked[:2] == ["iphikrateans", "hippeis"][:len(picked)]


def test_allies_are_rolled_on_their_own_list_without_allies_of_their_own() -> None:
    found = 0
    for seed in range(60):
        army = roll_army(RULES, "lakedaimonian", 3, ArmySize.LARGE, Dice(seed),
                         prefer=["allies"])
        for c in army.contingents[1:]:
            found += 1
            assert c.list_key in ("peloponnesian", "arkadian")
            assert all(r.item != "allies" for r in army.record if r.contingent == c.id)
            assert c.nation == L.lists[c.list_key].nation
    assert found


def test_bad_requests_fail_at_once() -> None:
    with pytest.raises(RuleError, match="no army list"):
        roll_army(RULES, "trojans", 1, ArmySize.SMALL, Dice(1))
    with pytest.raises(RuleError, match="not available in epoch 1"):
        roll_army(RULES, "kyreioi", 1, ArmySize.SMALL, Dice(1))
    with pytest.raises(RuleError, match="no epoch 9"):
        roll_army(RULES, "athenian", 9, ArmySize.SMALL, Dice(1))
