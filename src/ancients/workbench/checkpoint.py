"""Checkpoints of a long run: the battles finished so far, in one ``.npz`` file written as
the run goes (each write replaces the file whole, so an interruption never leaves half a
file), with the arguments of the run, so that the same call resumes it and any other call
is refused.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ancients._words import names
from ancients.errors import SimulationError

__all__ = ["FORMAT", "read_checkpoint", "write_checkpoint"]

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
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {k: data[k] for k in data.files}
        recorded = json.loads(str(arrays.pop("meta")))
    except (OSError, ValueError, KeyError) as e:
        raise SimulationError(f"{path} is not a checkpoint of ancients.simulate: {e}") \
            from None
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
