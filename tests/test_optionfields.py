"""The option fields the rulesets' Options classes are written with
(:mod:`ancients.optionfields`)."""

from __future__ import annotations

from typing import Literal

import attrs
import pytest

import ancients
from ancients.burgess.options import ELEPHANTS, BurgessOptions
from ancients.errors import OptionError
from ancients.optionfields import choice, choices, flag, number


@attrs.frozen
class Opts:
    reading: Literal["tie", "point"] = choice("tie", "how a tie is read")
    on: bool = flag("a switch")
    turns: int = number(0, "turns", low=0, high=10)


def test_each_field_has_its_help_default_and_check() -> None:
    assert Opts() == Opts("tie", False, 0)
    assert [f.metadata["help"] for f in attrs.fields(Opts)] == [
        "how a tie is read", "a switch", "turns"]
    assert choices(Opts, "reading") == ("tie", "point")
    with pytest.raises(ValueError, match="reading must be one of tie, point"):
        Opts(reading="both")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"turns must be 0\.\.10, got 11"):
        Opts(turns=11)


def test_a_spec_s_bad_value_is_an_option_error_naming_the_ruleset() -> None:
    assert ELEPHANTS == ("burgess", "tempered") and BurgessOptions().elephants == "burgess"
    with pytest.raises(OptionError, match=r"burgess options .*turn_limit must be 0\.\.1000"):
        ancients.ruleset("burgess(turn_limit=2000)")
    with pytest.raises(OptionError, match="hoplomachia option incline"):
        ancients.ruleset("hoplomachia(incline=perhaps)")
