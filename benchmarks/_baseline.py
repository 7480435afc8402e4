"""Side-by-side runs against a baseline commit, for the benchmarks of issue 16.

The baseline's ``src/`` is extracted from git (``git archive``, into a temporary
directory removed afterwards; the repository is left as it is) and a benchmark's worker
runs in a fresh interpreter with ``PYTHONPATH`` set to one tree or the other: the
package is pure Python, so the same virtualenv serves both. Workers print one JSON
document on their last line; the caller interleaves the trees (A, B, B, A, ...) so
that the machine's load falls on both alike, and takes medians and ratios from one
run.
"""

from __future__ import annotations

import io
import json
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

#: The last landed commit before the speed work: every figure is a ratio against it.
BASELINE = "c5a6743"
REPO = Path(__file__).resolve().parent.parent
CURRENT = REPO / "src"


@contextmanager
def baseline_src(commit: str = BASELINE) -> Iterator[Path]:
    """The ``src/`` directory of ``commit``, extracted into a temporary directory."""
    tar = subprocess.run(["git", "-C", str(REPO), "archive", "--format=tar", commit, "src"],
                         capture_output=True, check=True).stdout
    tmp = tempfile.mkdtemp(prefix="ancients-baseline-")
    try:
        with tarfile.open(fileobj=io.BytesIO(tar)) as archive:
            archive.extractall(tmp, filter="data")
        yield Path(tmp) / "src"
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


@contextmanager
def trees(baseline: bool = True, commit: str = BASELINE) -> Iterator[dict[str, Path]]:
    """``{"baseline": its src, "current": this tree's src}`` (the baseline only if
    asked for)."""
    if not baseline:
        yield {"current": CURRENT}
        return
    with baseline_src(commit) as base:
        yield {"baseline": base, "current": CURRENT}


def run_worker(src: Path, script: Path, args: Sequence[str], pin: int | None = None,
               env: Mapping[str, str] | None = None) -> Any:
    """Run ``script --worker ARGS`` on the tree ``src``; its last line of output, as
    JSON. ``pin``: a CPU to pin the worker to (``taskset``)."""
    cmd = [sys.executable, str(script), "--worker", *args]
    if pin is not None and shutil.which("taskset"):
        cmd = ["taskset", "-c", str(pin), *cmd]
    full = dict(os.environ, PYTHONPATH=str(src), **(env or {}))
    done = subprocess.run(cmd, env=full, capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"worker failed on {src}: {' '.join(cmd)}\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def interleaved(names: Sequence[str], repeat: int) -> Iterator[tuple[int, str]]:
    """(repeat, name) in the order A B, B A, A B, ...: each tree runs first as often."""
    for r in range(repeat):
        for name in (names if r % 2 == 0 else list(reversed(names))):
            yield r, name


def median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else math.nan


def fit_exponent(sizes: Sequence[float], times: Sequence[float]) -> float:
    """The least-squares slope of log(time) on log(size): time ~ size ** slope."""
    xs = [math.log(s) for s in sizes]
    ys = [math.log(t) for t in times]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    return (sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
            / sum((x - mx) ** 2 for x in xs))


def load(text: str) -> str:
    """The machine's load averages, for the record of a run."""
    try:
        one, five, fifteen = os.getloadavg()
    except OSError:
        return f"{text}: load unknown"
    return f"{text}: load average {one:.2f}, {five:.2f}, {fifteen:.2f} on {os.cpu_count()} CPUs"


# -- a small TOML writer (the benchmarks write scaled scenarios and data files) -------------
_BARE = re.compile(r"[A-Za-z0-9_-]+")


def dump_toml(doc: Mapping[str, Any]) -> str:
    """``doc`` (as ``tomllib`` reads it: tables, arrays of tables, strings, numbers,
    booleans, arrays) as TOML text."""
    out: list[str] = []
    _table(out, doc, ())
    return "\n".join(out) + "\n"


def _key(k: str) -> str:
    return k if _BARE.fullmatch(k) else json.dumps(k)


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | float):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list | tuple):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, Mapping):
        return "{" + ", ".join(f"{_key(k)} = {_value(x)}" for k, x in v.items()) + "}"
    raise TypeError(f"cannot write {v!r} as TOML")


def _is_tables(v: Any) -> bool:
    return isinstance(v, list) and bool(v) and all(isinstance(x, Mapping) for x in v)


def _table(out: list[str], doc: Mapping[str, Any], prefix: tuple[str, ...]) -> None:
    for k, v in doc.items():
        if not isinstance(v, Mapping) and not _is_tables(v):
            out.append(f"{_key(k)} = {_value(v)}")
    for k, v in doc.items():
        name = ".".join(_key(p) for p in (*prefix, k))
        if isinstance(v, Mapping):
            out.append(f"\n[{name}]")
            _table(out, v, (*prefix, k))
        elif _is_tables(v):
            for item in v:
                out.append(f"\n[[{name}]]")
                _table(out, item, (*prefix, k))
