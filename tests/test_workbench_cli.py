"""The workbench on the command line: compare's Δ column, --precision, --csv, --plot,
report and play --html (opened in headless Chromium), parameters, sensitivity, matchups,
and a real Dask scheduler with two workers."""

from __future__ import annotations

import csv
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from ancients.cli import main
from ancients.simulate import simulate

pytestmark = pytest.mark.usefixtures("toy")


def _run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def test_compare_prints_a_delta_column_with_holm(tmp_path: Path) -> None:
    out = tmp_path / "diff.csv"
    result = _run("compare", "toy", "toy(stance=cautious)", "-n", "150", "--no-progress",
                  "--csv", str(out))
    assert result.exit_code == 0, result.output
    text = result.output
    assert "Δ toy(stance=cautious)" in text and "Holm" in text and "McNemar" in text
    line = next(x for x in text.splitlines() if "turns" in x and "[" in x)
    assert line.rstrip(" │").endswith("*")  # 6-turn grinds: plainly longer
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert {r["metric"] for r in rows} >= {"wins", "draws", "score", "losses", "turns"}
    made = json.loads((tmp_path / "diff.csv.json").read_text(encoding="utf-8"))
    assert [v["ruleset"] for v in made["variants"]] == ["toy", "toy(stance=cautious)"]
    assert f"what made them: {out}.json" in text
    assert all(r["variant"] == "toy(stance=cautious)" and r["baseline"] == "toy"
               for r in rows)


def test_compare_and_simulate_take_a_precision() -> None:
    result = _run("simulate", "toy", "--precision", "0.05", "-n", "5000", "-j", "1",
                  "--no-progress")
    assert result.exit_code == 0, result.output
    n = len(simulate("toy", runs=5000, precision=0.05))
    assert f"toy / duel: {n} battles" in result.output
    assert "+-5.0%" in result.output
    bad = _run("compare", "toy", "toy(stance=cautious)", "--precision", "2")
    assert bad.exit_code == 2 and "precision" in bad.stderr


def test_a_precision_cut_short_by_the_cap_says_so() -> None:
    result = _run("simulate", "toy", "--precision", "0.01", "-n", "1000", "-j", "1",
                  "--no-progress")
    assert result.exit_code == 0, result.output
    assert "known to +-1.0%" not in result.output
    assert "stopped at the cap of 1000 battles" in result.output
    assert "not the +-1.0% asked" in result.output
    assert result.stderr.count("warning: stopped at the cap") == 1
    assert "warnings.warn" not in result.stderr
    cmp = _run("compare", "toy", "toy(defender_bonus=true)", "--precision", "0.01", "-n",
               "200", "-j", "1", "--no-progress")
    assert cmp.exit_code == 0, cmp.output
    assert "not the +-1.0% asked" in cmp.output and "warning:" in cmp.stderr


def test_simulate_records_what_made_it(tmp_path: Path) -> None:
    out = tmp_path / "rows.csv"
    result = _run("simulate", "toy", "-n", "30", "-c", "blue=random", "--seed", "5", "-j",
                  "1", "--no-progress", "--csv", str(out))
    assert result.exit_code == 0, result.output
    assert "seed 5 (rules revision 1; commanders red doctrine, blue random)" in result.output
    made = json.loads((tmp_path / "rows.csv.json").read_text(encoding="utf-8"))
    assert made["commanders"] == {"red": "doctrine", "blue": "random"}
    assert made["seed"] == 5 and made["runs"] == 30 and made["scenario"] == "duel"


def test_the_report_says_what_made_it(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    out = tmp_path / "report.html"
    result = _run("report", "toy", "toy(stance=cautious)", "-n", "20", "-c", "red=random",
                  "--no-progress", "-j", "1", "-o", str(out))
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    assert "<table class='provenance'>" in page
    assert page.count("red random, blue doctrine") >= 3  # the table and both summaries
    assert "<h2>Verdict</h2>" in page
    assert "toy(stance=cautious) against toy, paired on the same 20 battles" in page


def test_rulesets_are_compared_on_one_battle_only() -> None:
    result = _run("compare", "toy", "monks_corner", "-n", "5", "--no-progress", "-j", "1")
    assert result.exit_code == 2 and result.output.count("\n") == 1
    assert "different rulesets" in result.stderr and "--battle" in result.stderr


def test_battle_needs_a_ruleset_that_fields_orders_of_battle() -> None:
    result = _run("compare", "toy", "toy(stance=cautious)", "--battle", "mantinea-418bc",
                  "-n", "5", "--no-progress", "-j", "1")
    assert result.exit_code == 2 and "cannot field an order of battle" in result.stderr


def test_plots_are_written(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    result = _run("compare", "toy", "toy(stance=cautious)", "-n", "60", "--no-progress",
                  "-j", "1", "--plot", str(tmp_path / "p.svg"))
    assert result.exit_code == 0, result.output
    pictures = sorted(p.name for p in tmp_path.glob("p-*.svg"))
    assert pictures == ["p-1.svg", "p-2.svg", "p-3.svg", "p-4.svg"]
    assert all((tmp_path / p).read_text().lstrip().startswith("<?xml") for p in pictures)


def test_parameters_sensitivity_and_matchups(tmp_path: Path) -> None:
    result = _run("parameters", "toy(rules.combat.loss=2)")
    assert result.exit_code == 0 and "rules.combat.loss" in result.output
    assert "2 *" in result.output
    bad = _run("parameters", "toy(rules.combat.los=2)")
    assert bad.exit_code == 2 and "did you mean" in bad.stderr
    result = _run("sensitivity", "toy", "-p", "rules.combat.loss", "-p",
                  "rules.morale.rally_modifier", "-n", "60", "-j", "1")
    assert result.exit_code == 0, result.output
    assert "one step up" in result.output and "rules.morale.rally_modifier" in result.output
    result = _run("matchups", "toy", "-n", "20", "--plot", str(tmp_path / "m.svg"))
    assert result.exit_code == 0, result.output
    assert "spearmen" in result.output and "rating" in result.output
    assert (tmp_path / "m.svg").exists()


# -- pages in headless Chromium --------------------------------------------------------------
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed "
                                    "(.ci/run installs Debian's package)")


def open_in_chromium(url: str) -> tuple[str, list[str]]:
    """The DOM after the page's scripts ran, and every console message it logged."""
    assert CHROMIUM is not None
    with tempfile.TemporaryDirectory() as profile:
        done = subprocess.run(
            [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
             "--disable-background-networking", "--disable-component-update",
             "--disable-sync", "--no-first-run", f"--user-data-dir={profile}",
             "--enable-logging=stderr", "--v=0", "--dump-dom", url],
            capture_output=True, text=True, timeout=120, check=True)
    console = [line for line in done.stderr.splitlines() if ":CONSOLE" in line]
    return done.stdout, console


@needs_chromium
def test_the_console_check_catches_a_broken_page(tmp_path: Path) -> None:
    page = tmp_path / "bad.html"
    page.write_text("<html><body><script>notAFunction();</script></body></html>")
    _, console = open_in_chromium(page.as_uri())
    assert any("notAFunction" in line for line in console)


@needs_chromium
def test_the_report_renders_with_its_tables(tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    result = _run("report", "toy", "toy(stance=cautious)", "-n", "60", "--no-progress",
                  "-j", "1", "-o", str(out))
    assert result.exit_code == 0, result.output
    dom, console = open_in_chromium(out.as_uri())
    assert console == []
    assert "<table class=\"comparison\">" in dom and dom.count("<table class=\"summary\">") == 2
    assert "<table class=\"revisions\">" in dom and "rules revision" in dom
    assert dom.count("<svg") >= 5  # four plots and the map of one battle
    assert "ancients report toy 'toy(stance=cautious)' --runs 60 --seed 0 -o" in dom
    assert "src=" not in dom and "href=\"http" not in dom  # self-contained


@needs_chromium
@pytest.mark.parametrize("spec", ["toy", "monks_corner"])
def test_the_replay_steps_through_the_phases(tmp_path: Path, spec: str) -> None:
    out = tmp_path / "battle.html"
    args = ["play", spec, "--seed", "3", "--html", str(out)]
    if spec == "monks_corner":
        args += ["-s", "phalanx-duel"]
    result = _run(*args)
    assert result.exit_code == 0, result.output
    dom, console = open_in_chromium(out.as_uri() + "#phase=2")
    assert console == []
    assert 'data-shown="2"' in dom and "(3 of " in dom
    frames = dom.count("class=\"frame\"")
    assert frames > 3 and dom.count("hidden=\"\"") == frames - 1  # one phase shown
    assert "<input type=\"range\"" in dom and "<ol>" in dom


# -- a real Dask scheduler and two workers ------------------------------------------------------
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    distributed = pytest.importorskip("distributed")
    dask = Path(sys.executable).parent / "dask"
    if not dask.exists():
        pytest.skip("no dask command next to this Python")
    address = f"tcp://127.0.0.1:{_free_port()}"
    env = os.environ | {"DASK_DISTRIBUTED__WORKER__DAEMON": "False"}
    procs = [subprocess.Popen([str(dask), "scheduler", "--host", "127.0.0.1", "--port",
                               address.rsplit(":", 1)[1], "--no-dashboard"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)]
    try:
        for _ in range(2):
            procs.append(subprocess.Popen(
                [str(dask), "worker", address, "--nthreads", "1", "--nworkers", "1",
                 "--no-dashboard", "--host", "127.0.0.1"],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env))
        deadline = time.monotonic() + 60
        while True:
            try:
                with distributed.Client(address, timeout="5s") as client:
                    client.wait_for_workers(2, timeout=max(1, deadline - time.monotonic()))
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)
        yield address
    finally:
        for p in reversed(procs):
            p.terminate()
        for p in procs:
            try:
                p.wait(timeout=20)
            except subprocess.TimeoutExpired:
                p.kill()


def test_a_dask_cluster_gives_the_serial_rows(scheduler: str) -> None:
    distributed = pytest.importorskip("distributed")
    serial = simulate("toy", runs=60, seed=5)
    with distributed.Client(scheduler) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        remote = simulate("toy", runs=60, seed=5, jobs=client, chunk_size=6)
    for name in ("seeds", "winner", "turns", "score", "losses"):
        assert (getattr(remote, name) == getattr(serial, name)).all(), name
    result = _run("compare", "toy", "toy(stance=cautious)", "-n", "60", "--no-progress",
                  "--scheduler", scheduler)
    local = _run("compare", "toy", "toy(stance=cautious)", "-n", "60", "--no-progress",
                 "-j", "1")
    assert result.exit_code == 0, result.output
    assert result.output == local.output
    both = _run("simulate", "toy", "--scheduler", scheduler, "-j", "2")
    assert both.exit_code == 2 and "--jobs" in both.stderr


def test_dask_local_gives_the_serial_rows() -> None:
    pytest.importorskip("distributed")
    result = _run("simulate", "toy", "-n", "40", "--no-progress", "--dask-local", "2")
    local = _run("simulate", "toy", "-n", "40", "--no-progress", "-j", "1")
    assert result.exit_code == 0, result.output
    assert result.output == local.output
