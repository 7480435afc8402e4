"""What a battle's replay depends on, as one digest: the guard behind ``Ruleset.revision``.

A saved battle is its spec, scenario, seed and the indices of the options chosen
(:meth:`ancients.battle.Battle.to_dict`), so it replays as it was played only while the
rules ask the same decisions, offer the same options in the same order and do the same
things with the dice. :func:`replay_digest` hashes a log without its readable parts
(event messages, the reasons given for dice): two logs of one seeded battle between
random commanders have the same digest exactly when the rules played it the same way,
whatever the wording. A ruleset's regression tests keep this digest for their random
battles beside the ruleset's ``revision`` and refuse a new digest under the old revision.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from ancients.errors import AncientsError
from ancients.events import Event

__all__ = ["check_record", "listed_revisions", "replay_digest", "revision_problem",
           "write_record"]


def replay_digest(logs: Iterable[Iterable[Event]]) -> str:
    """SHA-256 over the events of ``logs``, each without its message and dice reasons."""
    h = hashlib.sha256()
    for log in logs:
        for event in log:
            d = event.to_json()
            d.pop("message", None)
            for roll in d.get("rolls", ()):
                roll.pop("reason", None)
            h.update(json.dumps(d, sort_keys=True, separators=(",", ":")).encode("utf-8"))
            h.update(b"\n")
        h.update(b"\x00")  # battles apart
    return h.hexdigest()


def revision_problem(recorded: Mapping[str, Any], name: str, revision: int, digest: str
                     ) -> str | None:
    """What is wrong, if anything, between a recorded ``{"revision", "digest"}`` and the
    ruleset ``name``'s current ``revision`` and replay ``digest``."""
    old_revision, old_digest = int(recorded["revision"]), str(recorded["digest"])
    if digest != old_digest and revision == old_revision:
        return (f"{name}: battles now replay differently (their logs changed beyond "
                f"messages) but the rules revision is still {revision}: raise "
                f"{name}'s Ruleset.revision to {revision + 1}, say what changed in its "
                "docs' list of revisions, then regenerate the fixture")
    if revision != old_revision or digest != old_digest:
        return (f"{name}: the fixture records rules revision {old_revision}, the ruleset "
                f"is at {revision}: regenerate the fixture (--write)")
    return None


def check_record(path: Path, name: str, revision: int, digest: str) -> str | None:
    """:func:`revision_problem` against the record kept at ``path``."""
    return revision_problem(json.loads(path.read_text(encoding="utf-8")), name, revision,
                            digest)


def write_record(path: Path, name: str, revision: int, digest: str) -> None:
    """Keep ``{"revision", "digest"}`` at ``path``; refused (``AncientsError``) when the
    digest changed but the revision did not."""
    if path.exists():
        old = json.loads(path.read_text(encoding="utf-8"))
        if digest != old["digest"] and revision == int(old["revision"]):
            raise AncientsError(revision_problem(old, name, revision, digest))
    path.write_text(json.dumps({"revision": revision, "digest": digest}, indent=1) + "\n",
                    encoding="utf-8")


def listed_revisions(markdown: str) -> list[int]:
    """The revision numbers in the table of a ruleset page's "Rules revisions" section."""
    section = markdown.split("## Rules revisions", 1)[-1].split("\n## ", 1)[0]
    cells = [line.split("|")[1].strip() for line in section.splitlines()
             if line.startswith("| ")]
    return [int(c) for c in cells if c.isdigit()]
