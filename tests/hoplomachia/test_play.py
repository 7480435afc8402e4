"""The table play's numbers: bases, the lochos's shape, the table, the turn limit, the
layout, and table sets read from a raw document (a variant's)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ancients.errors import ScenarioError
from ancients.hoplomachia.rules import load_rules, raw_document
from ancients.hoplomachia.vocabulary import Category

from .helpers import RULES, replaced


def test_lochoi_are_two_stands_abreast_deeper_with_more_stands() -> None:
    play = RULES.play
    assert play.shape(Category.HOPLITE, 2) == (2, 1)
    assert play.shape(Category.HOPLITE, 3) == (2, 2)
    assert play.shape(Category.HOPLITE, 4) == (2, 2)
    assert play.shape(Category.HIPPEUS, 3) == (2, 2)
    assert play.shape(Category.PSILOS, 3) == (3, 1)  # lights stand in one line
    assert play.shape(Category.TOXOTES, 4, abreast=2) == (2, 2)


def test_play_numbers_are_data(tmp_path: Path) -> None:
    play = RULES.play
    assert play.base(Category.HIPPEUS) == (1.5, 1.5) and play.turn_limit == 15
    assert play.table == (72.0, 48.0) and str(play.reinforcement_dice) == "1d6"
    changed = load_rules(play=replaced(tmp_path, "play.toml", "turn_limit = 15",
                                       "turn_limit = 9"))
    assert changed.play.turn_limit == 9
    bad = replaced(tmp_path, "play.toml", "hippeus = [1.5, 1.5]", "hippeus = [1.5]")
    with pytest.raises(ScenarioError, match=r"play.toml.*stand.hippeus.*\[width, depth\]"):
        load_rules(play=bad)


def test_a_table_set_read_from_a_raw_document() -> None:
    raw = raw_document("cards")
    raw["card"]["spartiates"]["spear"] = 9
    rules = load_rules(cards=raw)
    assert rules.cards["spartiates"].spear == 9
    assert RULES.cards["spartiates"].spear == 6  # the built-in tables are untouched
    assert raw_document("cards")["card"]["spartiates"]["spear"] == 6
    raw["card"]["spartiates"]["spear"] = "x"
    with pytest.raises(ScenarioError, match=r"cards.toml \(variant\).*card.spartiates.spear"):
        load_rules(cards=raw)
    with pytest.raises(ScenarioError, match="no Hoplomachia table set 'cardz'"):
        raw_document("cardz")
