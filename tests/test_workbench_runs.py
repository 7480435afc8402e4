"""Runs that answer a designer's question: paired differences, a stated precision, the
per-turn standing and the metrics, checkpoints, and workers that die."""

from __future__ import annotations

import math
import os
import signal
from collections.abc import Hashable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import ancients
from ancients.battle import Battle, Decision
from ancients.dice import derive_seed
from ancients.errors import SimulationError
from ancients.simulate import Results, compare, simulate
from ancients.workbench.metrics import decisive_turns, leaders
from ancients.workbench.runs import PrecisionWarning

pytestmark = pytest.mark.usefixtures("toy")

FIELDS = ("seeds", "winner", "turns", "score", "losses", "standing")


def same(a: Results, b: Results) -> None:
    assert len(a) == len(b)
    for name in FIELDS:
        assert np.array_equal(getattr(a, name), getattr(b, name), equal_nan=True), name
    assert [a.reasons[i] for i in a.reason] == [b.reasons[i] for i in b.reason]
    assert a.reasons == b.reasons


# -- paired differences ----------------------------------------------------------------------
def test_a_variant_against_itself_differs_by_nothing() -> None:
    cmp = compare(["toy", "toy(turn_limit=6)"], "duel", runs=60, seed=2)  # 6 is duel's own
    rows = cmp.differences()
    assert {d.metric for d in rows} >= {"wins", "draws", "score", "losses", "turns"}
    for d in rows:
        assert d.delta == 0 and d.p_value == 1.0 and not d.significant, d


def test_a_strong_change_is_significant_after_holm() -> None:
    cmp = compare(["toy", "toy(stance=cautious)"], "duel", runs=200, seed=2)
    rows = {(d.metric, d.side): d for d in cmp.differences()}
    losses = rows[("losses", "red")]
    assert losses.variant == "toy(stance=cautious)" and losses.baseline == "toy"
    red = cmp["toy(stance=cautious)"].losses[:, 0] - cmp["toy"].losses[:, 0]
    assert losses.delta == pytest.approx(float(red.mean()))
    assert losses.low < losses.delta < losses.high
    assert losses.significant and losses.p_holm >= losses.p_value
    wins = rows[("wins", "red")]
    expected = np.mean(cmp["toy(stance=cautious)"].winner == 0) - np.mean(
        cmp["toy"].winner == 0)
    assert wins.delta == pytest.approx(expected)
    assert "McNemar" in wins.method and "Student" in losses.method


def test_differences_against_another_baseline() -> None:
    cmp = compare(["toy", "toy(stance=cautious)", "toy(defender_bonus=true)"], "duel",
                  runs=40, seed=1)
    rows = cmp.differences(baseline="toy(stance=cautious)")
    assert {d.variant for d in rows} == {"toy", "toy(defender_bonus=true)"}
    with pytest.raises(SimulationError, match="no variant"):
        cmp.differences(baseline="toy(turn_limit=2)")
    table = cmp.table()
    assert table.columns[-2:] == ("Δ toy(stance=cautious)", "Δ toy(defender_bonus=true)")
    assert any("Holm" in note for note in table.notes)


# -- precision ---------------------------------------------------------------------------------
def test_precision_stops_on_the_first_block_that_reaches_it() -> None:
    r = simulate("toy", runs=5000, seed=4, precision=0.05, block=100)
    assert len(r) % 100 == 0 and len(r) < 5000
    assert all((hi - lo) / 2 <= 0.05 for _, lo, hi in (r.win_rate(s) for s in r.sides))
    fewer = simulate("toy", runs=len(r) - 100, seed=4)
    assert any((hi - lo) / 2 > 0.05 for _, lo, hi in (fewer.win_rate(s) for s in r.sides))
    same(simulate("toy", runs=5000, seed=4, precision=0.05, block=100, jobs=2), r)
    assert "+-5.0%" in str(r.summary())


def test_precision_is_capped_by_runs() -> None:
    with pytest.warns(PrecisionWarning, match="not the"):
        r = simulate("toy", runs=150, seed=4, precision=0.01, block=100)
    assert len(r) == 150 and r.runs == 150
    assert r.precision == 0.01 and r.half_width > 0.05 and r.precision_reached is False
    text = str(r.summary())
    assert "played until every side's win rate was known to +-1.0%" not in text
    assert f"+-{r.half_width:.1%}" in text and "not the +-1.0% asked" in text
    assert "cap of 150 battles" in text
    need = math.ceil(150 * (r.half_width / 0.01) ** 2 / 100) * 100
    assert f"about {need:,} battles" in text


def test_a_precision_reached_says_what_it_reached() -> None:
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error", PrecisionWarning)
        r = simulate("toy", runs=5000, seed=4, precision=0.05, block=100)
    assert r.precision_reached is True and r.half_width <= 0.05
    assert f"reached +-{r.half_width:.1%}" in str(r.summary())


def test_compare_says_when_its_cap_came_first() -> None:
    with pytest.warns(PrecisionWarning, match="not the"):
        cmp = compare(["toy", "toy(defender_bonus=true)"], runs=100, seed=4,
                      precision=0.01, block=100)
    assert cmp.precision == 0.01 and cmp.precision_reached is False
    notes = " ".join(cmp.table().notes)
    assert "played until every win-rate" not in notes
    assert f"+-{cmp.half_width():.1%}" in notes and "not the +-1.0% asked" in notes
    assert "not the +-1.0% asked" in str(cmp)


def test_compare_stops_on_the_differences_half_width() -> None:
    cmp = compare(["toy", "toy(defender_bonus=true)"], runs=4000, seed=4, precision=0.04,
                  block=100)
    n = len(cmp["toy"])
    assert n == len(cmp["toy(defender_bonus=true)"]) and n < 4000
    assert cmp.half_width() <= 0.04
    shorter = compare(["toy", "toy(defender_bonus=true)"], runs=n - 100, seed=4)
    assert shorter.half_width() > 0.04


@pytest.mark.parametrize("bad", [0, 1.5, -0.1, True, "0.02"])
def test_bad_precision_is_refused(bad: Any) -> None:
    with pytest.raises(SimulationError, match="precision"):
        simulate("toy", runs=10, precision=bad)


# -- standing and metrics ----------------------------------------------------------------------
def test_standing_is_kept_per_turn() -> None:
    battle = ancients.ruleset("toy").new_battle(seed=5)
    outcome = battle.run()
    standings = battle.standings
    assert len(standings) == outcome.turns + 1
    assert standings[0] == {"red": 1.0, "blue": 1.0}
    assert standings[-1] == battle.standing()
    r = simulate("toy", runs=30, seed=5)
    i = next(i for i in range(30) if r.seeds[i] == derive_seed(5, i))
    again = ancients.ruleset("toy").new_battle(seed=int(r.seeds[i]))
    again.run()
    rows = r.standing[i, : len(again.standings)]
    assert rows.tolist() == [[s["red"], s["blue"]] for s in again.standings]
    assert (r.standing[i, len(again.standings):] == rows[-1]).all()  # carried on


def test_standing_default_is_the_strength_left_on_the_field() -> None:
    battle = ancients.ruleset("toy").new_battle(seed=5)
    battle.run()
    for side in battle.sides:
        units = [u for u in battle.units() if u.side == side]
        left = sum(u.strength for u in units if not u.lost)
        assert battle.standing()[side] == pytest.approx(
            left / sum(u.starting_strength for u in units))


def test_leaders_and_decisive_turns() -> None:
    standing = np.array([[[1, 1], [2, 1], [0, 3], [1, 4]],     # blue leads from turn 2
                         [[1, 1], [0, 1], [2, 1], [2, 2]]],    # level at the end
                        dtype=float)
    lead = leaders(standing)
    assert lead.tolist() == [[-1, 0, 1, 1], [-1, 1, 0, -1]]
    turns = decisive_turns(lead, np.array([1, 0], np.int8))
    assert turns[0] == 2 and math.isnan(turns[1])


def test_metrics_have_intervals() -> None:
    r = simulate("toy", runs=200, seed=6)
    found = {m.name: m for m in r.metrics()}
    assert set(found) >= {"balance", "decisive_turn", "lead_changes", "comeback_rate",
                          "lethality", "loss_ratio", "duration", "ended"}
    for m in found.values():
        assert m.low <= m.value <= m.high, m
    p_red, p_blue = r.win_rate("red")[0], r.win_rate("blue")[0]
    assert found["balance"].value == pytest.approx(1 - abs(p_red - p_blue))
    assert found["lethality"].value == pytest.approx(float(r.losses.mean()))
    won = r.winner >= 0
    w = r.winner[won].astype(int)
    ratio = r.losses[won, w].sum() / r.losses[won, 1 - w].sum()
    assert found["loss_ratio"].value == pytest.approx(ratio)
    text = str(r.summary())
    assert "balance" in text and "lead changes" in text


def test_skill_sensitivity_pairs_doctrine_and_random() -> None:
    from ancients.workbench import skill

    rows = skill("toy", runs=60, seed=1)
    assert [m.side for m in rows] == ["red", "blue"]
    a = simulate("toy", runs=60, seed=1, commanders={"red": "doctrine", "blue": "random"})
    b = simulate("toy", runs=60, seed=1, commanders={"red": "random", "blue": "doctrine"})
    assert rows[0].value == pytest.approx(np.mean(a.winner == 0) - np.mean(b.winner == 0))
    assert rows[1].value == pytest.approx(np.mean(b.winner == 1) - np.mean(a.winner == 1))


# -- checkpoints -----------------------------------------------------------------------------
class _Interrupt:
    def __init__(self, after: int) -> None:
        self.after = after

    def __call__(self, done: int, total: int) -> None:
        if done >= self.after:
            raise KeyboardInterrupt


@pytest.mark.parametrize("jobs", [None, 2])
def test_an_interrupted_run_resumes_with_the_same_rows(tmp_path: Path, jobs: int | None
                                                       ) -> None:
    path = tmp_path / "run.npz"
    whole = simulate("toy", runs=90, seed=8, keep_logs=True)
    with pytest.raises(KeyboardInterrupt):
        simulate("toy", runs=90, seed=8, checkpoint=path, chunk_size=10, keep_logs=True,
                 progress=_Interrupt(30))
    assert path.exists()
    done: list[int] = []
    resumed = simulate("toy", runs=90, seed=8, checkpoint=path, chunk_size=7, jobs=jobs,
                       keep_logs=True, progress=lambda d, t: done.append(d))
    assert done[0] >= 30  # the checkpoint's battles were not played again
    same(resumed, whole)
    assert resumed.logs == whole.logs


def test_a_checkpoint_of_other_arguments_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "run.npz"
    simulate("toy", runs=20, seed=8, checkpoint=path)
    for changed in ({"seed": 9}, {"runs": 21}, {"ruleset": "toy(stance=cautious)"},
                    {"commanders": {"red": "random"}}):
        args: dict[str, Any] = {"ruleset": "toy", "runs": 20, "seed": 8} | changed
        with pytest.raises(SimulationError, match="other arguments") as info:
            simulate(args.pop("ruleset"), checkpoint=path, **args)
        assert next(iter(changed)) in str(info.value)
    path.write_bytes(b"not a checkpoint")
    with pytest.raises(SimulationError, match="not a checkpoint"):
        simulate("toy", runs=20, seed=8, checkpoint=path)


# -- workers that die ----------------------------------------------------------------------------
class _Killer:
    """A commander that kills the worker process it plays in: at the battle seeded
    ``seed``, once (the first to create ``marker``) or every time."""

    def __init__(self, parent: int, seed: int, marker: Path | None) -> None:
        self.parent, self.seed, self.marker = parent, seed, marker

    def decide(self, battle: Battle, decision: Decision) -> Hashable:
        if battle.seed == self.seed and os.getpid() != self.parent:
            if self.marker is None:
                os.kill(os.getpid(), signal.SIGKILL)
            else:
                try:
                    os.close(os.open(self.marker, os.O_CREAT | os.O_EXCL))
                    os.kill(os.getpid(), signal.SIGKILL)
                except FileExistsError:
                    pass
        return battle.ruleset.doctrine_commander(decision.side).decide(battle, decision)


class _KillerFactory:
    def __init__(self, seed: int, marker: Path | None) -> None:
        self.killer = _Killer(os.getpid(), seed, marker)

    def __call__(self, rs: Any, side: str) -> _Killer:
        return self.killer


@pytest.fixture(scope="module")
def serial() -> Results:
    return simulate("toy", runs=80, seed=3)


def test_a_killed_local_worker_costs_only_its_chunk(tmp_path: Path, serial: Results) -> None:
    factory = _KillerFactory(derive_seed(3, 45), tmp_path / "killed")
    r = simulate("toy", runs=80, seed=3, jobs=2, chunk_size=10,
                 commanders={"red": factory})
    assert (tmp_path / "killed").exists()  # a worker did die
    same(r, serial)


def test_a_chunk_that_keeps_killing_its_worker_gives_up_clearly(serial: Results) -> None:
    factory = _KillerFactory(derive_seed(3, 45), None)
    with pytest.raises(SimulationError, match=r"battles 40\.\.49 \(seeds \d+") as info:
        simulate("toy", runs=80, seed=3, jobs=2, chunk_size=10, commanders={"red": factory})
    assert "3 times" in str(info.value)
    kept = info.value.results
    assert kept is not None and 0 < len(kept) < 80
    index = {int(s): i for i, s in enumerate(serial.seeds)}
    assert derive_seed(3, 45) not in {int(s) for s in kept.seeds}
    for row, seed in enumerate(kept.seeds):
        assert kept.turns[row] == serial.turns[index[int(seed)]]


def test_a_killed_dask_worker_costs_only_its_chunk(tmp_path: Path, serial: Results) -> None:
    distributed = pytest.importorskip("distributed")
    factory = _KillerFactory(derive_seed(3, 45), tmp_path / "killed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        r = simulate("toy", runs=80, seed=3, jobs=client, chunk_size=10,
                     commanders={"red": factory})
    assert (tmp_path / "killed").exists()
    same(r, serial)


# -- what made a run ---------------------------------------------------------------------------
def test_a_run_records_what_made_it(tmp_path: Path) -> None:
    import json

    r = simulate("toy(stance=cautious)", "duel", runs=40, seed=7,
                 commanders={"blue": "random"})
    made = r.provenance()
    assert made["ruleset"] == "toy(stance=cautious)" and made["scenario"] == "duel"
    assert made["battle"] is None and made["seed"] == 7 and made["runs"] == 40
    assert made["battles"] == 40 and made["precision"] is None
    assert made["commanders"] == {"red": "doctrine", "blue": "random"}
    assert made["rules_revision"] == ancients.ruleset("toy").revision
    assert made["ancients"] == ancients.__version__
    assert made["keyed_dice"] is bool(Battle.keyed_dice)
    assert r.commanders == {"red": "doctrine", "blue": "random"}
    title = r.summary().title
    assert "seed 7" in title and "red doctrine, blue random" in title
    assert "rules revision" in title
    out = tmp_path / "rows.csv"
    sidecar = r.to_csv(out)
    assert sidecar == tmp_path / "rows.csv.json"
    assert json.loads(sidecar.read_text(encoding="utf-8")) == json.loads(json.dumps(made))
    assert out.read_text(encoding="utf-8").startswith("battle,seed,winner")


def test_a_precision_run_records_its_cap_and_precision() -> None:
    r = simulate("toy", runs=5000, seed=4, precision=0.05, block=100)
    made = r.provenance()
    assert made["runs"] == 5000 and made["battles"] == len(r) and made["precision"] == 0.05
    assert made["half_width_reached"] == pytest.approx(r.half_width)
    assert "at most 5000" in r.summary().title
    from ancients.pictures.report import provenance_html
    from ancients.workbench.comparison import Comparison

    html = provenance_html(Comparison({"toy": r}))
    assert f"+-5.0% asked, +-{r.half_width:.1%} reached" in html


def test_a_comparison_records_what_made_each_variant() -> None:
    cmp = compare(["toy", "toy(stance=cautious)"], runs=20, seed=3,
                  commanders={"red": "random"})
    made = cmp.provenance()
    assert [m["ruleset"] for m in made["variants"]] == ["toy", "toy(stance=cautious)"]
    assert all(m["commanders"] == {"red": "random", "blue": "doctrine"}
               for m in made["variants"])
    title = cmp.table().title
    assert "20 battles each, seed 3" in title and "red random, blue doctrine" in title
    assert "duel" in title


# -- rulesets compared: not the same games -----------------------------------------------------
@pytest.fixture(scope="module")
def two_rulesets(toy: Any) -> Any:
    """Two rulesets (not variants of one) that field any order of battle as the duel."""
    from ancients.ruleset import register, unregister

    class Fielding(toy):  # type: ignore[misc]
        name = "fielding"

        def from_oob(self, oob: Any, **choices: Any) -> Any:
            return self.scenario("duel")

    class Other(Fielding):
        name = "other"

    register(Fielding)
    register(Other)
    yield
    unregister("fielding")
    unregister("other")


@pytest.mark.usefixtures("two_rulesets")
def test_rulesets_are_compared_on_one_battle_only() -> None:
    played: list[int] = []
    with pytest.raises(SimulationError, match=r"different rulesets.*one battle") as e:
        compare(["fielding", "other"], runs=20, progress=lambda d, t: played.append(d))
    assert "\n" not in str(e.value) and played == []
    with pytest.raises(SimulationError, match="different rulesets"):
        compare(["toy", "other(stance=cautious)"], "duel", runs=20)


@pytest.mark.usefixtures("two_rulesets")
def test_rulesets_on_one_battle_are_independent_samples() -> None:
    from ancients.workbench.stats import independent_rate, welch

    cmp = compare(["fielding", "other(stance=cautious)", "fielding(stance=cautious)"],
                  runs=150, seed=2, battle="any")
    assert cmp.paired("other(stance=cautious)") is False
    assert cmp.paired("fielding(stance=cautious)") is True
    rows = {(d.variant, d.metric, d.side): d for d in cmp.differences()}
    across = {(m, s) for v, m, s in rows if v == "other(stance=cautious)"}
    assert across == {("wins", "red"), ("wins", "blue"), ("losses", "red"),
                      ("losses", "blue"), ("turns", None)}  # what means the same in both
    base, other = cmp["fielding"], cmp["other(stance=cautious)"]
    wins = rows[("other(stance=cautious)", "wins", "red")]
    expected = independent_rate(base.winner == 0, other.winner == 0)
    assert (wins.delta, wins.low, wins.high, wins.p_value) == pytest.approx(
        (expected.value, expected.low, expected.high, expected.p_value))
    assert "Newcombe" in wins.method
    turns = rows[("other(stance=cautious)", "turns", None)]
    assert turns.low == pytest.approx(welch(base.turns, other.turns).low)
    assert "Welch" in turns.method
    paired = rows[("fielding(stance=cautious)", "wins", "red")]
    assert "McNemar" in paired.method
    assert ("fielding(stance=cautious)", "score", "red") in rows
    notes = " ".join(cmp.table().notes)
    assert "independent" in notes and "Welch" in notes and "own turns" in notes
    assert "paired" in notes  # the variant of the baseline's own ruleset still is
    across_verdict, own = cmp.verdict().variants
    assert across_verdict.winners_changed is None and own.winners_changed is not None
    assert "independent samples of 150 and 150 battles" in str(across_verdict)
    assert "paired on the same 150 battles" in str(own)
    assert "<p class='verdict'>" in cmp._repr_html_()
    from ancients.workbench.power import independent_detectable
    from ancients.workbench.verdict import cautious_rate

    if not any(d.metric == "wins" for d in across_verdict.changed):
        assert across_verdict.detectable == max(
            independent_detectable(150, 150, cautious_rate(base, s)) for s in base.sides)
