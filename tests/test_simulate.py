from __future__ import annotations

import math
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import ancients
from ancients.dice import derive_seed
from ancients.errors import AncientsError, SimulationError
from ancients.workbench.results import Results
from ancients.workbench.runs import CHUNK_MOST, chunk_bounds, compare, simulate
from ancients.workbench.stats import mean_interval, t_quantile, wilson

pytestmark = pytest.mark.usefixtures("toy")


FIELDS = ("seeds", "winner", "turns", "score", "losses")


def _same(a: Results, b: Results) -> None:
    for name in FIELDS:
        assert np.array_equal(getattr(a, name), getattr(b, name)), name
    assert np.array_equal(a.losses_by_kind, b.losses_by_kind, equal_nan=True)
    assert [a.reasons[i] for i in a.reason] == [b.reasons[i] for i in b.reason]


@pytest.fixture(scope="module")
def serial(toy: object) -> Results:
    return simulate("toy", runs=120, seed=3)


def test_rows_do_not_depend_on_jobs_or_chunks(serial: Results) -> None:
    _same(serial, simulate("toy", runs=120, seed=3, jobs=2))
    _same(serial, simulate("toy", runs=120, seed=3, chunk_size=7))
    with ThreadPoolExecutor(2) as pool:
        _same(serial, simulate("toy", runs=120, seed=3, jobs=pool))


def test_dask_local_cluster_gives_the_same_rows(serial: Results) -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        _same(serial, simulate("toy", runs=120, seed=3, jobs=client))
        _same(serial, simulate("toy", runs=120, seed=3, jobs=client.get_executor()))


def test_each_row_is_its_battle(serial: Results) -> None:
    rs = ancients.ruleset("toy")
    for i in (0, 17, 119):
        assert int(serial.seeds[i]) == derive_seed(3, i)
        outcome = rs.new_battle(seed=int(serial.seeds[i])).run()
        assert serial.turns[i] == outcome.turns
        winner = serial.sides[serial.winner[i]] if serial.winner[i] >= 0 else None
        assert winner == outcome.winner
        assert serial.losses[i].tolist() == [outcome.losses[s] for s in serial.sides]


def test_losses_by_cause_are_each_battles(serial: Results) -> None:
    rs = ancients.ruleset("toy")
    for i in (0, 3):
        o = rs.new_battle(seed=int(serial.seeds[i])).run()
        for side in serial.sides:
            assert [serial.column(c, side)[i] for c in serial.causes] == pytest.approx(
                [o.losses_by_cause[side][c] for c in serial.causes])
    total = sum(serial.column(c, "red") for c in serial.causes)
    assert total == pytest.approx(serial.column("losses", "red"))
    row = next(serial.rows())
    assert {"losses_red_killed", "losses_red_captured",
            "losses_red_left_the_field"} <= set(row)
    with pytest.raises(AncientsError, match="left the field"):
        serial.column("wounded", "red")


def test_metrics(serial: Results) -> None:
    p, lo, hi = serial.win_rate("red")
    q, _, _ = serial.win_rate("blue")
    d, _, _ = serial.draw_rate()
    assert lo <= p <= hi and math.isclose(p + q + d, 1.0)
    assert serial.mean("turns") == pytest.approx(serial.turns.mean())
    qs = serial.quantiles("losses", "red", (0.0, 1.0))
    assert qs[0.0] == serial.losses[:, 0].min()
    assert sum(serial.reason_counts().values()) == len(serial)
    text = str(serial.summary())
    assert "red wins" in text and "turns" in text
    assert serial.logs is None
    with pytest.raises(AncientsError, match="no side 'green'"):
        serial.win_rate("green")
    with pytest.raises(AncientsError, match="needs a side"):
        serial.column("score")


def test_wilson() -> None:
    p, lo, hi = wilson(50, 100)
    assert p == 0.5 and lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962,
                                                                                      abs=1e-4)
    assert wilson(0, 10)[1] == pytest.approx(0.0) and wilson(10, 10)[2] == pytest.approx(1.0)


def test_csv_pandas_and_logs(tmp_path: Path, serial: Results) -> None:
    path = tmp_path / "rows.csv"
    serial.to_csv(path)
    lines = path.read_text().splitlines()
    assert len(lines) == len(serial) + 1 and lines[0].startswith("battle,seed,winner")
    pd = pytest.importorskip("pandas")
    frame = serial.to_pandas()
    assert isinstance(frame, pd.DataFrame) and len(frame) == len(serial)
    with_logs = simulate("toy", runs=5, seed=3, keep_logs=True)
    assert with_logs.logs is not None and len(with_logs.logs) == 5
    battle = ancients.ruleset("toy").new_battle(seed=int(with_logs.seeds[2]))
    battle.run()
    assert with_logs.logs[2] == battle.log


def test_progress_callback_and_commanders() -> None:
    seen: list[tuple[int, int]] = []
    results = simulate("toy", runs=10, seed=1, progress=lambda d, t: seen.append((d, t)),
                       commanders={"red": "random"})
    assert seen[-1] == (10, 10)
    assert len(results) == 10
    with pytest.raises(AncientsError, match="unknown sides 'blues' and 'green'"):
        simulate("toy", runs=1, commanders={"green": "random", "blues": "random"})
    with pytest.raises(AncientsError, match="commander for 'red': unknown commander 'clever'; "
                                            "the commanders are doctrine, random, noisy"):
        simulate("toy", runs=1, commanders={"red": "clever"})
    with pytest.raises(AncientsError, match="commander for 'red' must be a commander's name"):
        simulate("toy", runs=1, commanders={"red": 3})  # type: ignore[dict-item]
    with pytest.raises(AncientsError, match="jobs must be"):
        simulate("toy", runs=1, jobs="many")


@pytest.mark.parametrize(("arguments", "message"), [
    ({"runs": 0}, "runs must be at least 1, got 0"),
    ({"runs": -5}, "runs must be at least 1, got -5"),
    ({"runs": 2.5}, "runs must be an int, got float 2.5"),
    ({"runs": "10"}, "runs must be an int, got str '10'"),
    ({"runs": True}, "runs must be an int, got bool"),
    ({"seed": -1}, "seed must be at least 0"),
    ({"seed": 1.0}, "seed must be an int"),
    ({"jobs": 0}, "jobs must be at least 1"),
    ({"jobs": -2}, "jobs must be at least 1"),
    ({"jobs": False}, "jobs must be an int, got bool"),
    ({"jobs": "many"}, "jobs must be None, an int, a concurrent.futures.Executor"),
    ({"chunk_size": 0}, "chunk_size must be at least 1"),
    ({"commanders": {"green": "random"}}, "an unknown side 'green'; the sides are 'red' and"),
])
def test_bad_arguments_are_refused_before_any_battle(arguments: dict[str, Any],
                                                     message: str) -> None:
    played: list[int] = []
    kwargs: dict[str, Any] = {"runs": 3,
                              "progress": lambda done, total: played.append(done)} | arguments
    with pytest.raises(SimulationError, match=message):
        simulate("toy", **kwargs)
    with pytest.raises(SimulationError, match=message):
        compare(["toy", "toy(defender_bonus=true)"], **kwargs)
    assert played == []


def test_simulate_gives_no_table_of_nan_for_no_battles() -> None:
    with pytest.raises(SimulationError):
        simulate("toy", runs=0)
    # numpy ints are taken as ints (the annotation names the int they stand for)
    assert simulate("toy", runs=np.int64(2), seed=np.int64(1),  # type: ignore[arg-type]
                    jobs=np.int64(1)).seed == 1


def test_compare() -> None:
    comparison = compare(["toy", "toy(defender_bonus=true)"], runs=30, seed=2)
    assert set(comparison.results) == {"toy", "toy(defender_bonus=true)"}
    assert "toy(defender_bonus=true)" in str(comparison)
    assert comparison["toy"].seed == 2


def test_compare_side_by_side() -> None:
    specs = ["toy(turn_limit=2)", "toy(defender_bonus=true)"]
    comparison = compare(specs, runs=30, seed=5)
    rows = dict(comparison.side_by_side())
    assert list(comparison.results) == specs
    for i, spec in enumerate(specs):
        p, lo, hi = comparison[spec].win_rate("red")
        assert rows["red wins"][i] == f"{p:.1%} [{lo:.1%}, {hi:.1%}]"
        assert rows["turns"][i].startswith(f"{comparison[spec].mean('turns'):.2f} ")
        for metric, cells in rows.items():  # an ending a variant never saw: an empty cell
            if metric.startswith("ended: "):
                seen = metric[len("ended: "):] in comparison[spec].reason_counts()
                assert (cells[i] != "") == seen


def test_compare_refuses_the_same_variant_twice() -> None:
    with pytest.raises(AncientsError, match="same variant"):
        compare(["toy", "toy(turn_limit=0)"], runs=1)


def test_t_quantile_against_the_printed_tables() -> None:
    # Student's t, 97.5 % points (any statistics table)
    for df, value in ((1, 12.706), (2, 4.303), (10, 2.228), (30, 2.042), (31, 2.040),
                      (40, 2.021), (60, 2.000), (120, 1.980), (1000, 1.962)):
        assert t_quantile(df) == pytest.approx(value, abs=6e-4), df
    with pytest.raises(SimulationError):
        t_quantile(0)


def test_mean_interval() -> None:
    m, lo, hi = mean_interval([1, 2, 3, 4, 5])  # s = 1.5811, t(4) = 2.7764
    assert m == 3 and lo == pytest.approx(1.0368, abs=1e-4) and hi == pytest.approx(4.9632,
                                                                                     abs=1e-4)
    assert mean_interval([4.0])[0] == 4.0 and math.isnan(mean_interval([4.0])[1])


def _results(turns: list[int], reasons: list[str], score: list[float]) -> Results:
    n = len(turns)
    names = sorted(set(reasons))
    return Results(
        ruleset="x", scenario="y", seed=0, sides=("a", "b"),
        seeds=np.arange(n, dtype=np.uint64), winner=np.zeros(n, np.int8),
        reason=np.array([names.index(r) for r in reasons], np.int16), reasons=tuple(names),
        turns=np.array(turns, np.int32), score=np.array([[v, 0.0] for v in score]),
        losses=np.array([[0.1 * (i % 3), 0.25] for i in range(n)]),
        losses_by_kind=np.full((n, 2, 1), np.nan))


def test_summary_intervals_and_whole_turns() -> None:
    r = _results([3, 4, 4, 5, 7, 4], ["army broken"] * 5 + ["army withdrew"], [1, 2, 3, 4, 5, 6])
    lines = r.summary().as_dict()
    m, lo, hi = mean_interval([1, 2, 3, 4, 5, 6])
    assert lines["a score"] == [f"{m:.2f}", f"[{lo:.2f}, {hi:.2f}]"]
    m, lo, hi = mean_interval(r.losses[:, 0])
    assert lines["a losses"][1].startswith(f"[{lo:.1%}, {hi:.1%}], median")
    assert lines["b losses"] == ["25.0%", "in every battle"]
    q = r.quantiles("turns", qs=(0.05, 0.25, 0.5, 0.95))
    assert all(v == int(v) for v in q.values()) and q[0.25] == 4  # linear would give 4.0 too,
    assert r.quantiles("turns", qs=(0.1,))[0.1] == 3  # but 3.5 here
    assert lines["turns"][1] == "5/50/95 %: 3/4/7"
    assert lines["ended: army withdrew"] == ["16.7%", "1 battle"]
    assert lines["ended: army broken"] == ["83.3%", "5 battles"]
    text = str(r.summary())
    assert "ended by" not in text and "Student's t" in text and "Wilson" in text


def test_summary_says_once_that_every_battle_lasted_as_long() -> None:
    r = _results([8] * 5, ["turn limit"] * 5, [70, 71, 72, 73, 74])
    assert r.summary().as_dict()["turns"] == ["8", "every battle lasted 8 turns"]
    assert "8/8/8" not in str(r.summary())
    one = _results([3], ["turn limit"], [5])
    assert one.summary().title.startswith("x / y: 1 battle, seed 0")
    assert one.summary().as_dict()["turns"] == ["3", "one battle"]


@given(st.lists(st.tuples(st.integers(0, 300), st.integers(1, 120)), max_size=4),
       st.integers(1, 8), st.none() | st.integers(1, 40))
def test_chunks_cover_every_battle_once_in_order_and_shrink(
        gaps: list[tuple[int, int]], workers: int, size: int | None) -> None:
    todo, at = [], 0
    for gap, n in gaps:  # disjoint ranges in order, as a checkpoint leaves them
        todo.append((at + gap, at + gap + n))
        at += gap + n
    bounds = chunk_bounds(todo, workers, size)
    assert [i for a, b in bounds for i in range(a, b)] == [
        i for a, b in todo for i in range(a, b)]
    assert all(any(a <= x < y <= b for a, b in todo) for x, y in bounds)
    sizes = [y - x for x, y in bounds]
    if size:
        assert all(n <= size for n in sizes)
    else:
        assert all(n <= CHUNK_MOST for n in sizes)
        total = sum(b - a for a, b in todo)
        if total >= 2 * workers * 2:  # the last chunks are small: a worker waits little
            assert sizes[-1] <= 2 and max(sizes) >= sizes[-1]
