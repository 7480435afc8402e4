"""Checkpoints of a long run: the battles finished so far, in one ``.npz`` file written as
the run goes (each write replaces the file whole, so an interruption never leaves half a
file), with the arguments of the run, so that the same call resumes it and any other call
is refused.
"""

from __future__ import annotations

import json
import os
import zipfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ancients._words import names
from ancients.errors import SimulationError

__all__ = ["FORMAT", "checkpoint_progress", "read_checkpoint", "write_checkpoint"]

FORMAT = "ancients.workbench.checkpoint/1"


def write_checkpoint(path: Path, meta: Mapping[str, Any],
                     arrays: Mapping[str, npt.NDArray[Any]]) -> None:
    """Write ``arrays`` and the run's arguments ``meta`` to ``path`` (atomically)."""
    tmp = path.with_name(path.name + ".tmp")
    with tmp.open("wb") as f:
        everything: dict[str, Any] = {
            "meta": np.array(json.dumps({"format": FORMAT, **meta}, sort_keys=True)), **arrays}
        np.savez(f, **everything)
    os.replace(tmp, path)


def read_checkpoint(path: Path, meta: Mapping[str, Any]) -> dict[str, npt.NDArray[Any]] | None:
    """The arrays of the checkpoint at ``path`` (None if there is none yet), refused with a
    :class:`SimulationError` if it was written by a run with other arguments."""
    if not path.exists():
        return None
    arrays, recorded = _read(path)
    if recorded.get("format") != FORMAT:
        raise SimulationError(f"{path} is not a checkpoint of ancients.simulate (format "
                              f"{recorded.get('format')!r})")
    wanted = {"format": FORMAT, **json.loads(json.dumps(dict(meta)))}
    differ = sorted(k for k in set(wanted) | set(recorded) if wanted.get(k) != recorded.get(k))
    if differ:
        shown = "; ".join(f"{k}: {recorded.get(k)!r} there, {wanted.get(k)!r} now"
                          for k in differ)
        raise SimulationError(f"checkpoint {path} is from a run with other arguments "
                              f"({names(differ)} differ: {shown}); resume it with the same "
                              "arguments, or give another checkpoint file")
    return arrays


def _not_ours(path: Path, why: str) -> SimulationError:
    return SimulationError(f"{path} is not a checkpoint of ancients.simulate ({why}); give "
                           "the checkpoint file of the run to resume, or a path that does "
                           "not exist yet to start one")


def _read(path: Path) -> tuple[dict[str, npt.NDArray[Any]], dict[str, Any]]:
    """The arrays and the recorded arguments of the checkpoint at ``path``, or one
    :class:`SimulationError` saying it is none."""
    try:
        with path.open("rb") as f:
            head = f.read(4)
    except OSError as e:
        raise SimulationError(f"cannot read checkpoint {path}: {e.strerror or e}") from None
    if head != b"PK\x03\x04":  # every .npz is a zip archive
        raise _not_ours(path, "empty" if not head else "not an .npz archive")
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {k: data[k] for k in data.files}
        recorded = json.loads(str(arrays.pop("meta")))
    except KeyError:
        raise _not_ours(path, "an .npz archive without the run's arguments") from None
    except (OSError, ValueError, EOFError, zipfile.BadZipFile) as e:
        raise _not_ours(path, f"an .npz archive that cannot be read: {e}") from None
    if not isinstance(recorded, dict):
        raise _not_ours(path, "its arguments are not a table")
    return arrays, recorded


def checkpoint_progress(path: Path) -> tuple[int, int] | None:
    """``(battles finished, battles asked for)`` in the checkpoint at ``path``, or None if
    there is none there (or it cannot be read)."""
    try:
        arrays, recorded = _read(path)
        return int(np.count_nonzero(arrays["done"])), int(recorded.get("runs", len(
            arrays["done"])))
    except (SimulationError, KeyError, TypeError, ValueError):
        return None
