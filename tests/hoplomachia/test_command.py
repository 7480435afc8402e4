"""Command: the signals and what each permits; the runner's order."""

from __future__ import annotations

import pytest

from ancients.errors import RuleError
from ancients.hoplomachia.command import CoreAction, Engagement, Signal, order_signal
from ancients.hoplomachia.vocabulary import Arrangement

from .helpers import RULES

K = RULES.command


def test_every_signal_of_the_text() -> None:
    assert set(K.signals) == set(Signal)
    assert K.in_use(ekdromoi_signals=False) == tuple(
        s for s in Signal if s not in (Signal.RELEASE_EKDROMOI, Signal.RECALL_EKDROMOI))
    assert set(K.in_use(ekdromoi_signals=True)) == set(Signal)


def test_begin_approach_forces_close_files_and_the_paean() -> None:
    rule = K.signal(Signal.BEGIN_APPROACH)
    assert rule.arrangement is Arrangement.CLOSE_FILES and rule.paean
    assert rule.permits(CoreAction.APPROACH) and not rule.permits(CoreAction.CHARGE)
    assert K.signal(Signal.CHARGE).permits(CoreAction.CHARGE)
    assert K.signal(Signal.HALT).permits(CoreAction.RECOVER)
    assert not K.signal(Signal.MARCH).paean
    assert K.signal(Signal.MARCH).arrangement is Arrangement.OPEN_FILES


def test_one_signal_a_turn_and_a_charge_answered_by_a_charge() -> None:
    s = K.salpinx
    assert s.per_turn == 1 and s.predesignated == 1
    assert s.may_switch(Signal.CHARGE, Signal.CHARGE)
    assert not s.may_switch(Signal.CHARGE, Signal.HALT)
    assert not s.may_switch(Signal.BEGIN_APPROACH, Signal.CHARGE)


def test_the_runner() -> None:
    r = K.runner
    assert r.arrival_turn(sent=2, distance=8.0) == 2
    assert r.acted_turn(sent=2, distance=8.0) == 3  # the turn after receipt
    assert r.acted_turn(sent=2, distance=8.5) == 4
    assert r.acted_turn(sent=2, distance=0.0) == 3
    assert r.may_send(None) and not r.may_send(None, sent_this_turn=1)
    for state in Engagement:
        assert not r.may_send(state)
    assert r.clear(nearest_enemy=3.0) and not r.clear(nearest_enemy=2.9)


def test_a_signal_by_name() -> None:
    assert order_signal("begin approach") is Signal.BEGIN_APPROACH
    with pytest.raises(RuleError, match="no signal 'retreat'; the signals are: muster"):
        order_signal("retreat")
