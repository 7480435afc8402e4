"""The designer's questions asked through the API: sensitivity that skips the steps a
ruleset refuses and takes patterns and a ruleset's tuned parameters, tables that print,
matchups with their draws and intervals."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

import ancients
from ancients.errors import OptionError, ScenarioError, SimulationError
from ancients.examples.toy import Toy
from ancients.parameters import Parameter, default_tuned, select_parameters
from ancients.scenario import Scenario
from ancients.workbench import sensitivity

pytestmark = pytest.mark.usefixtures("toy")


class Picky(Toy):
    """The toy whose scenarios cannot be set up with a defender bonus above 1 (as Raphia's
    stacking limits refuse its own scenario), marking the combat numbers as tuned."""

    name = "picky"

    def parse_scenario(self, data: Mapping[str, Any], source: str | None = None) -> Scenario:
        bonus = self.parameter("rules.combat.defender_bonus")
        if isinstance(bonus, int) and bonus > 1:
            raise ScenarioError(f"a defender bonus of {bonus} leaves no legal set-up",
                                source=source, field="units")
        return super().parse_scenario(data, source)

    def tuned_parameters(self) -> Sequence[str]:
        return ("rules.combat.*",)


@pytest.fixture
def picky() -> Iterator[type[Picky]]:
    ancients.register(Picky)
    yield Picky
    ancients.unregister("picky")


@pytest.mark.usefixtures("picky")
def test_sensitivity_skips_a_refused_step_and_says_why() -> None:
    s = sensitivity("picky", runs=40, seed=1)
    # the ruleset's tuned parameters, by pattern: the numeric ones of rules.combat
    assert {r.parameter for r in s.rows} == {"rules.combat.defender_bonus",
                                             "rules.combat.loss"}
    [refused] = s.refused
    assert (refused.parameter, refused.value) == ("rules.combat.defender_bonus", 2)
    assert "defender bonus of 2" in refused.reason
    row = next(r for r in s.rows if r.parameter == "rules.combat.defender_bonus")
    assert row.up is None and row.up_value == 2 and row.down is not None
    text = str(s)
    assert "2: refused" in text
    assert "refused: rules.combat.defender_bonus=2: " in text and "defender bonus" in text


@pytest.mark.usefixtures("picky")
def test_sensitivity_of_a_ruleset_that_cannot_play_names_it() -> None:
    with pytest.raises(SimulationError, match=r"sensitivity of picky\(rules.combat.defender"):
        sensitivity("picky(rules.combat.defender_bonus=3)", ["rules.combat.loss"], runs=5)


def test_sensitivity_takes_patterns_and_refuses_one_that_matches_nothing() -> None:
    s = sensitivity("toy", ["rules.morale.*"], runs=30, seed=1)
    assert [r.parameter for r in s.rows] == ["rules.morale.rally_modifier"]  # dice: words
    with pytest.raises(OptionError, match=r"'rules.nothing.\*' matches none"):
        sensitivity("toy", ["rules.nothing.*"], runs=5)
    with pytest.raises(OptionError, match=r"rules\.combat\.die is not a number"):
        sensitivity("toy", ["rules.combat.die"], runs=5)
    with pytest.raises(OptionError, match=r"did you mean .rules\.combat\.loss."):
        sensitivity("toy", ["rules.combat.los"], runs=5)


def test_select_parameters_keeps_the_rulesets_order() -> None:
    known = {"a.x": Parameter(1), "a.y": Parameter("w"), "b.x": Parameter(2.0)}
    assert select_parameters("rs", known, ["b.*", "a.*"], numeric=True) == ["a.x", "b.x"]
    assert select_parameters("rs", known, ["*.x", "a.x"]) == ["a.x", "b.x"]


def test_default_tuned_takes_printed_numbers_from_each_table_in_turn() -> None:
    known = {"a.1": Parameter(1), "a.2": Parameter(1), "a.3": Parameter(1),
             "b.1": Parameter(1, source="reconstructed"), "b.2": Parameter(2),
             "c.1": Parameter("word"), "d.1": Parameter(0.5)}
    assert default_tuned(known, count=4) == ("a.1", "b.2", "d.1", "a.2")
    assert default_tuned({"a.1": Parameter(1, source="reconstructed")}) == ("a.1",)
    assert len(ancients.ruleset("toy").tuned_parameters()) <= 6


def test_sweep_and_sensitivity_print_as_tables(tmp_path: Path) -> None:
    sw = ancients.sweep("toy", {"rules.combat.loss": [1, 2]}, runs=30, seed=1)
    text = str(sw)
    assert "rules.combat.loss" in text.splitlines()[1] and "red wins" in text
    assert "Sweep(" not in text and len(text.splitlines()) >= 4
    s = sensitivity("toy", ["rules.combat.loss"], runs=30, seed=1)
    assert str(s).splitlines()[1].split() == ["parameter", "value", "one", "step", "down",
                                              "one", "step", "up"]


class Pointed(Toy):
    """The toy with printed points values for two of its duel types."""

    name = "pointed"

    def points_values(self) -> Mapping[str, float]:
        return {"spearmen": 4, "slingers": 2}


def test_matchups_show_draws_intervals_and_printed_points() -> None:
    m = ancients.matchups("raphia", ["light", "elephant"], runs=20, seed=0)
    assert m.draws.max() > 0.5 and (m.draws_low <= m.draws).all()  # light v light: drawn
    assert (m.draws <= m.draws_high).all()
    rated = m.rating_intervals()
    for t, (r, lo, hi) in rated.items():
        assert lo <= r <= hi and r == pytest.approx(m.ratings()[t])
    assert rated == m.rating_intervals()  # seeded
    text = str(m)
    cell = f"d{m.draws[0, 0]:.0%}"
    assert cell in text.splitlines()[3] and "rating [95 %]" in text
    assert "printed points" not in text  # Raphia prints none
    ancients.register(Pointed)
    try:
        p = ancients.matchups("pointed", ["spearmen", "slingers"], runs=40, seed=1)
    finally:
        ancients.unregister("pointed")
    assert dict(p.points) == {"spearmen": 4.0, "slingers": 2.0}
    head, _, *rows = str(p).splitlines()[1:5]
    assert "printed points" in head and "fitted points" in head
    fitted = {r.split()[0]: float(r.split()[-1]) for r in rows}
    assert sum(fitted.values()) == pytest.approx(6.0, abs=0.11)  # mean kept at 3


@pytest.mark.parametrize("spec", ["raphia", "monks_corner", "burgess", "hoplomachia"])
def test_sensitivity_runs_on_every_ruleset_by_default(spec: str) -> None:
    s = sensitivity(spec, runs=2, seed=0)
    rs = ancients.ruleset(spec)
    tuned = select_parameters(spec, rs.parameters(), rs.tuned_parameters(), numeric=True)
    assert len(s.rows) == len(tuned) <= 6  # a handful: the bare command takes minutes
    assert all(r.down is not None or r.up is not None for r in s.rows)  # each played


def test_a_default_parameter_with_no_playable_step_gives_way_to_the_next(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Under the generic default (a ruleset that names none of its own)."""
    from ancients.hoplomachia import Hoplomachia
    from ancients.ruleset import Ruleset

    monkeypatch.setattr(Hoplomachia, "tuned_parameters", Ruleset.tuned_parameters)
    s = sensitivity("hoplomachia", runs=2, seed=0)
    rs = ancients.ruleset("hoplomachia")
    tuned = select_parameters("hoplomachia", rs.parameters(), rs.tuned_parameters(),
                              numeric=True)
    assert len(s.rows) == len(tuned) == 6
    assert all(r.down is not None or r.up is not None for r in s.rows)  # each played
    # both its steps refused: the next parameter instead
    assert "cards.organisation.hoplite.stands.0" in tuned
    assert "cards.organisation.hoplite.stands.0" not in {r.parameter for r in s.rows}


def test_a_stacking_limit_below_the_scenarios_stacks_is_refused_naming_it() -> None:
    s = sensitivity("raphia", ["stacking.light.limit"], runs=2, seed=0)
    [refused] = s.refused
    assert (refused.parameter, refused.value) == ("stacking.light.limit", 3)
    assert "illegal stack" in refused.reason and "exceed the limit of 3" in refused.reason
    assert "refused: stacking.light.limit=3: " in str(s)


def test_every_ruleset_names_the_parameters_its_designers_tune() -> None:
    """Each installed ruleset lists its own, and every name is one of its parameters."""
    from ancients.parameters import default_tuned

    for name in ("raphia", "monks_corner", "burgess", "hoplomachia"):
        rs = ancients.ruleset(name)
        tuned = list(rs.tuned_parameters())
        assert tuned and tuned != list(default_tuned(rs.parameters())), name
        assert set(tuned) <= set(rs.parameters()), name
