from __future__ import annotations

import math
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest

import ancients
from ancients.dice import derive_seed
from ancients.errors import AncientsError
from ancients.simulate import Results, compare, simulate, wilson

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
    with pytest.raises(AncientsError, match="unknown sides"):
        simulate("toy", runs=1, commanders={"green": "random"})
    with pytest.raises(AncientsError, match="must be 'doctrine', 'random'"):
        simulate("toy", runs=1, commanders={"red": "clever"})  # type: ignore[dict-item]
    with pytest.raises(AncientsError, match="jobs must be"):
        simulate("toy", runs=1, jobs="many")
    assert len(simulate("toy", runs=0)) == 0


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
            if metric.startswith("ended by "):
                seen = metric[len("ended by "):] in comparison[spec].reason_counts()
                assert (cells[i] != "") == seen


def test_compare_refuses_the_same_variant_twice() -> None:
    with pytest.raises(AncientsError, match="same variant"):
        compare(["toy", "toy(turn_limit=0)"], runs=1)
