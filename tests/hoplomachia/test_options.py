"""The options: the text's optional rules and the two-way readings."""

from __future__ import annotations

import attrs
import pytest

from ancients.hoplomachia.options import HoplomachiaOptions


def test_defaults_and_help() -> None:
    o = HoplomachiaOptions()
    assert (o.crafty_precedence, o.shield_momentum, o.spread_fire) == ("tie", "own", "stand")
    assert not (o.incline or o.ekdromoi_signals or o.count_arrows)
    for f in attrs.fields(HoplomachiaOptions):
        assert f.metadata["help"]


def test_readings_are_validated() -> None:
    with pytest.raises(ValueError):
        HoplomachiaOptions(crafty_precedence="always")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        HoplomachiaOptions(shield_momentum="both")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        HoplomachiaOptions(spread_fire="stands")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        HoplomachiaOptions(evade_threatened="always")  # type: ignore[arg-type]
    assert HoplomachiaOptions().evade_threatened == "threat"
