"""The workbench on the command line: compare's Δ column, --precision, --csv, --plot,
report and play --html (opened in headless Chromium), parameters, sensitivity, matchups,
and a real Dask scheduler with two workers."""

from __future__ import annotations

import csv
import html
import json
import os
import re
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
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.svg"]  # what was asked for
    text = (tmp_path / "p.svg").read_text()
    assert text.lstrip().startswith("<?xml") and text.count("<svg") == 5  # four inside
    assert f"pictures: {tmp_path / 'p.svg'}" in result.output


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


@pytest.mark.parametrize("name", ["p.pdf", "p.png"])
def test_several_plots_go_into_the_one_file_asked_for(tmp_path: Path, name: str) -> None:
    pytest.importorskip("matplotlib")
    result = _run("simulate", "toy", "-n", "30", "--no-progress", "-j", "1",
                  "--plot", str(tmp_path / name))
    assert result.exit_code == 0, result.output
    assert [p.name for p in tmp_path.iterdir()] == [name]
    head = (tmp_path / name).read_bytes()
    assert head.startswith(b"%PDF" if name.endswith(".pdf") else b"\x89PNG")
    if name.endswith(".pdf"):
        assert head.count(b"/Type /Page\n") + head.count(b"/Type /Page ") >= 3


def test_plots_into_a_directory_one_file_each(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    result = _run("simulate", "toy", "-n", "30", "--no-progress", "-j", "1",
                  "--plot", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "picture-1.svg", "picture-2.svg", "picture-3.svg"]


def _no_battles(monkeypatch: pytest.MonkeyPatch) -> None:
    from ancients.workbench import runs

    def played(*args: object) -> None:
        raise AssertionError("a battle was played before the check")

    monkeypatch.setattr(runs._Run, "play", played)


@pytest.mark.parametrize("args", [
    ["simulate", "toy", "--plot", "out.jpg"],
    ["compare", "toy", "toy(stance=cautious)", "--plot", "out.svgz"],
    ["sensitivity", "toy", "--plot", "tornado.txt"],
    ["play", "toy", "--svg", "out.png"],
    ["play", "toy", "--html", "out.svg"],
])
def test_a_suffix_that_would_not_be_what_is_written_is_refused_at_once(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, args: list[str]) -> None:
    _no_battles(monkeypatch)
    monkeypatch.chdir(tmp_path)
    result = _run(*args)
    assert result.exit_code == 2 and result.stderr.startswith("error: ")
    assert args[-1] in result.stderr and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("args", "needs"), [
    (["report", "toy", "-o", "r.html"], "matplotlib"),
    (["simulate", "toy", "--plot", "p.svg"], "matplotlib"),
    (["matchups", "toy", "--plot", "m.svg"], "matplotlib"),
    (["simulate", "toy", "--dask-local", "2"], "distributed"),
])
def test_a_missing_optional_dependency_is_found_before_the_first_battle(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, args: list[str], needs: str) -> None:
    import importlib.util

    _no_battles(monkeypatch)
    monkeypatch.chdir(tmp_path)
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == needs else real(name, *a))
    result = _run(*args)
    assert result.exit_code == 2, result.output
    extra = "plot" if needs == "matplotlib" else "dask"
    assert f"needs {needs}: pip install 'ancients[{extra}]'" in result.stderr


def test_sensitivity_on_the_command_line_by_default_and_by_pattern() -> None:
    result = _run("sensitivity", "toy", "-n", "30", "-j", "1", "--no-progress")
    assert result.exit_code == 0, result.output
    import ancients

    for name in ancients.ruleset("toy").tuned_parameters():
        assert name in result.output
    result = _run("sensitivity", "toy", "-p", "rules.morale.*", "-n", "30", "-j", "1")
    assert result.exit_code == 0, result.output
    assert "rules.morale.rally_modifier" in result.output
    assert "rules.combat.loss" not in result.output
    bad = _run("sensitivity", "toy", "-p", "rules.nothing.*", "-n", "30")
    assert bad.exit_code == 2 and "matches none" in bad.stderr


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


@needs_chromium
def test_the_replay_shows_each_phases_own_events_and_map(tmp_path: Path) -> None:
    import ancients
    from ancients.pictures.replay import phases

    out = tmp_path / "battle.html"
    result = _run("play", "raphia", "--seed", "0", "--html", str(out))
    assert result.exit_code == 0, result.output
    played = phases(ancients.ruleset("raphia").new_battle(seed=0))
    n = next(i for i, p in enumerate(played) if p.phase == "movement" and p.events)
    dom, console = open_in_chromium(out.as_uri() + f"#phase={n}")
    assert console == []
    shown = re.findall(r"<section class=\"frame\" id=\"phase-(\d+)\" data-title=\"[^\"]*\">"
                       r"<h2>([^<]*)</h2><ol>(.*?)</ol>", dom)
    assert [(int(i), title) for i, title, _ in shown] == [(n, played[n].title)]
    items = re.findall(r"<li>(.*?)</li>", shown[0][2])
    assert items == [html.escape(e.message, quote=False) for e in played[n].events]
    start = dom.index("<div id=\"map\">") + len("<div id=\"map\">")
    drawn = dom[start:dom.index("<div class=\"narrative\">")]
    want = played[n].svg
    assert drawn.count("<svg") == 1
    assert len(re.findall(r"<(?![/!?])", drawn)) == len(re.findall(r"<(?![/!?])", want))


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


def test_sweep_on_the_command_line() -> None:
    result = _run("sweep", "toy", "-p", "rules.combat.loss=1,2,3", "-n", "40", "-j", "1",
                  "--no-progress")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "sweep of toy: 40 battles a point, seed 0"
    assert sum("baseline" in x for x in lines) == 1 and "red wins" in result.output
    bad = _run("sweep", "toy", "-p", "rules.combat.loss")
    assert bad.exit_code == 2 and "NAME=VALUE,VALUE" in bad.stderr
    bad = _run("sweep", "toy", "-p", "rules.combat.loss=0,1")
    assert bad.exit_code == 2 and "below its least value" in bad.stderr


def test_parameters_grep_and_tuned() -> None:
    result = _run("parameters", "toy", "--grep", "morale")
    assert result.exit_code == 0, result.output
    assert "rules.morale.rally_modifier" in result.output
    assert "rules.combat.loss" not in result.output and " of its " in result.output
    result = _run("parameters", "toy", "-g", "rules.duel.types.*.strength")
    assert "rules.duel.types.spearmen.strength" in result.output
    assert "rules.duel.types.spearmen.morale" not in result.output
    result = _run("parameters", "toy", "--tuned")
    assert "rules.combat.loss" in result.output and "rules.combat.die " not in result.output
    bad = _run("parameters", "toy", "--grep", "nothing-like-it")
    assert bad.exit_code == 2 and "no parameter of toy matches" in bad.stderr


def test_matchups_on_the_command_line_show_draws_and_rating_intervals() -> None:
    result = _run("matchups", "raphia", "-t", "light", "-t", "elephant", "-n", "20",
                  "-j", "1")
    assert result.exit_code == 0, result.output
    light = next(x for x in result.output.splitlines() if x.startswith("│ light"))
    assert "d100%" in light  # light v light is always drawn: not a 0 % win rate alone
    assert "rating [95 %]" in result.output and "Wilson" in result.output


def test_ctrl_c_tells_where_the_checkpoint_is_and_how_to_resume(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from ancients.workbench import runs

    store = runs._Run._store
    calls = []

    def interrupted(self: runs._Run, chunk: runs._Chunk) -> None:
        store(self, chunk)
        calls.append(len(chunk.seeds))
        if len(calls) == 2:
            raise KeyboardInterrupt

    path = tmp_path / "run.npz"
    args = ["simulate", "toy", "-n", "300", "-j", "1", "--no-progress",
            "--checkpoint", str(path)]
    with monkeypatch.context() as m:
        m.setattr(runs._Run, "_store", interrupted)
        result = _run(*args)
    assert result.exit_code == 130, result.output
    kept = sum(calls)
    assert f"interrupted: {kept} of 300 battles are kept in {path}" in result.stderr
    assert "run the same command again to resume: ancients simulate toy -n 300" in \
        result.stderr and str(path) in result.stderr.splitlines()[-1]
    resumed = _run(*args)
    assert resumed.exit_code == 0, resumed.output
    whole = _run(*args[:-2])
    assert resumed.output.splitlines()[:8] == whole.output.splitlines()[:8]


@pytest.mark.parametrize("content", [b"", b"not a checkpoint\n", b"PK\x03\x04broken"])
def test_a_file_that_is_not_a_checkpoint_is_one_clear_error(tmp_path: Path,
                                                             content: bytes) -> None:
    path = tmp_path / "run.npz"
    path.write_bytes(content)
    result = _run("simulate", "toy", "-n", "20", "-j", "1", "--checkpoint", str(path))
    assert result.exit_code == 2
    [line] = result.stderr.splitlines()
    assert line.startswith(f"error: {path} is not a checkpoint of ancients.simulate (")
    assert "allow_pickle" not in line and "or a path that does not exist yet" in line


def test_the_summary_has_a_key_for_the_lines_a_reader_would_guess() -> None:
    result = _run("simulate", "toy", "-n", "60", "-j", "1", "--no-progress")
    assert result.exit_code == 0, result.output
    key = result.output[result.output.index("\nkey:\n"):]
    for term in ("score:", "losses:", "balance: 1 - |difference", "winner led for good",
                 "comebacks: of the battles won", "lethality:", "winner's losses / loser's:"):
        assert f"\n  {term}" in key, term


def test_compare_has_the_key_for_its_rows() -> None:
    result = _run("compare", "toy", "toy(stance=cautious)", "-n", "40", "-j", "1",
                  "--no-progress")
    assert result.exit_code == 0, result.output
    key = result.output[result.output.index("\nkey:\n"):]
    assert "\n  score: the ruleset's own points" in key and "\n  losses: " in key
    assert "balance:" not in key  # no such row in a comparison
