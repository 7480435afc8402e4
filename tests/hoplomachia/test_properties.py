"""Properties of the whole battle: the Arete state always matches the track and the
points; fire never removes a figure, nor does anything else (pieces are lost whole),
so figures never increase; no unit overlaps another; ``check_ruleset("hoplomachia")``
passes on the built-in scenarios and on drawn ones."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ancients.battle import RandomCommander
from ancients.hoplomachia.battle import HoplomachiaBattle
from ancients.hoplomachia.invariants import invariants
from ancients.hoplomachia.strategies import positions, scenario_documents
from ancients.testing import check_ruleset

from .play import fielded, ruleset

RS = ruleset()
#: the profile's examples (ci 60, long 2,000): the long run plays more battles
PROFILE = settings().max_examples


@given(positions(max_decisions=120))
@settings(max_examples=max(25, PROFILE // 8), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
def test_any_position_keeps_the_invariants(b: Any) -> None:
    assert isinstance(b, HoplomachiaBattle)
    assert list(invariants(b.state)) == []
    for side, army in b.state.armies.items():
        track = b.state.rules.arete.track(army.nation)
        assert army.arete.level is track.level(army.arete.points), side
        assert army.arete.points == sum(e.points for e in army.arete.history)
        reported = [e for e in b.log if e.kind == "arete" and e.side == side]
        if reported:
            assert reported[-1].data["total"] == army.arete.points
            assert reported[-1].data["level"] == str(army.arete.level)


@given(st.integers(0, 2**32 - 1))
@settings(max_examples=max(6, PROFILE // 40), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
def test_fire_never_removes_a_figure_and_figures_never_increase(seed: int) -> None:
    sc = RS.scenario()
    b = fielded(RS.new_battle(sc, seed=seed,
                              commanders={s: RandomCommander() for s in sc.sides}))
    start = {p.id: p.figures for p in b.state.pieces}
    while not b.finished:
        events = b.step()
        for p in b.state.pieces:
            assert p.figures == start[p.id]
            assert p.view().strength <= p.view().starting_strength
        shot_at = {e.data["target"] for e in events if e.kind == "belos"}
        for e in events:
            if e.kind == "destroyed" and e.data["unit"] in shot_at:
                assert "ekdromoi" in e.data["reason"] or "rout" in e.data["reason"] \
                    or "caught" in e.data["reason"] or "slaughtered" in e.data["reason"] \
                    or "trapped" in e.data["reason"], e.message


@given(scenario_documents())
@settings(max_examples=max(12, PROFILE // 40), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
def test_drawn_scenarios_pass_the_conformance_suite(data: dict[str, Any]) -> None:
    sc = RS.parse_scenario(data, source="drawn")
    check_ruleset("hoplomachia", battles=1, seed=3, scenario=sc)


def test_check_ruleset_passes() -> None:
    report = check_ruleset("hoplomachia", battles=4, seed=11)
    assert report.battles == 4 and report.replays_checked > 0
    check_ruleset("hoplomachia", battles=3, seed=5, scenario="generated")
    for seed in (7, 12, 17, 21):  # rolled: an ambush, encounters, works, an ambush
        check_ruleset("hoplomachia", battles=1, seed=seed, scenario=f"situation-{seed}")
    check_ruleset("hoplomachia(precedence_flank=choose, shield_momentum=attacker, "
                  "crafty_precedence=point, turn_limit=5)", battles=2, seed=2)
