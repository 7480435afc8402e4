"""Regression guard for the rules engine and the doctrine: the event logs of seeded
battles must stay byte-identical.

Random commanders exercise only the rules (their choices depend on the options offered
and on their own dice), so any change to the rule modules that is meant to be a pure
refactoring or optimisation must leave these logs alone. Battles between doctrine
commanders pin the AI's decisions as well: an optimisation of the commander (or of what
it reads from the state) must leave those logs alone too. The fixture
``regression_logs.json`` holds the SHA-256 of each battle's ``log.to_jsonl()``, the
doctrine battles under ``"doctrine: SPEC"``.

When a rule (or doctrine) change is *intended* (a correction, a new reading of the rulebook), check
the new logs by hand, then regenerate the fixture and commit it with the change. If the
random battles now replay differently (their logs changed beyond messages and dice
reasons), ``--write`` first asks for ``Raphia.revision`` to be raised (saved battles of the
old revision would not replay as played; ``rules_revision.json`` keeps the revision and
the digest)::

    .venv/bin/python tests/raphia/test_regression.py --write

``--dump DIR`` writes the logs themselves, to diff before/after a change.
"""

from __future__ import annotations

import functools
import hashlib
import json
import sys
from pathlib import Path

import pytest

import ancients
from ancients.battle import RandomCommander
from ancients.errors import AncientsError
from ancients.events import BattleLog
from ancients.raphia.ruleset import Raphia
from ancients.testing.revision import (
    check_record,
    listed_revisions,
    replay_digest,
    write_record,
)

FIXTURE = Path(__file__).with_name("regression_logs.json")
#: the rules revision the fixture was written under, and its random battles' replay digest
REVISION = Path(__file__).with_name("rules_revision.json")
SPECS = ("raphia", "raphia(edition=1990)", "raphia(egyptian_morale=championship)")
SEEDS = range(30)
SIDES = ("ptolemaic", "seleucid")
DOCTRINE = "doctrine: "
DOCTRINE_SPECS = ("raphia", "raphia(edition=1990)")
DOCTRINE_SEEDS = range(10)


@functools.cache
def battle_log(spec: str, seed: int) -> str:
    """The JSON-lines log of one battle: between random commanders, or between doctrine
    commanders when ``spec`` starts with ``"doctrine: "``."""
    if spec.startswith(DOCTRINE):
        battle = ancients.ruleset(spec[len(DOCTRINE):]).new_battle(seed=seed)
    else:
        battle = ancients.ruleset(spec).new_battle(
            seed=seed, commanders={s: RandomCommander() for s in SIDES})
    battle.run()
    return battle.log.to_jsonl()


def _cases() -> list[tuple[str, range]]:
    return [(spec, SEEDS) for spec in SPECS] + \
        [(DOCTRINE + spec, DOCTRINE_SEEDS) for spec in DOCTRINE_SPECS]


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _recorded() -> dict[str, dict[str, str]]:
    data: dict[str, dict[str, str]] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return data


def _check(spec: str, seeds: range) -> None:
    recorded = _recorded()[spec]
    changed = [seed for seed in seeds if digest(battle_log(spec, seed)) != recorded[str(seed)]]
    assert not changed, (
        f"{spec}: the logs of seeds {changed} changed. If the change is intended, "
        "regenerate with: .venv/bin/python tests/raphia/test_regression.py --write")


@pytest.mark.parametrize("spec", SPECS)
def test_random_battle_logs_unchanged(spec: str) -> None:
    _check(spec, SEEDS)


@pytest.mark.parametrize("spec", DOCTRINE_SPECS)
def test_doctrine_battle_logs_unchanged(spec: str) -> None:
    _check(DOCTRINE + spec, DOCTRINE_SEEDS)


def replays() -> str:
    """The replay digest of the random battles (what ``Raphia.revision`` guards)."""
    return replay_digest(BattleLog.from_jsonl(battle_log(spec, seed))
                         for spec in SPECS for seed in SEEDS)


def test_rules_revision_follows_the_replays() -> None:
    problem = check_record(REVISION, "raphia", Raphia.revision, replays())
    assert problem is None, problem


def test_docs_list_every_rules_revision() -> None:
    docs = Path(__file__).parents[2] / "docs" / "rulesets" / "raphia.md"
    assert listed_revisions(docs.read_text(encoding="utf-8")) == \
        list(range(1, Raphia.revision + 1))


def main(argv: list[str]) -> None:
    """``--write``: regenerate the fixture; ``--dump DIR``: write every log to DIR."""
    dump = Path(argv[argv.index("--dump") + 1]) if "--dump" in argv else None
    out: dict[str, dict[str, str]] = {}
    for spec, seeds in _cases():
        out[spec] = {}
        for seed in seeds:
            text = battle_log(spec, seed)
            out[spec][str(seed)] = digest(text)
            if dump is not None:
                dump.mkdir(parents=True, exist_ok=True)
                name = f"{spec.replace(DOCTRINE, 'doctrine-')}-{seed}.jsonl"
                (dump / name).write_text(text, encoding="utf-8")
    if "--write" in argv:
        try:  # first: refused if the replays changed under the same revision
            write_record(REVISION, "raphia", Raphia.revision, replays())
        except AncientsError as e:
            sys.exit(str(e))
        FIXTURE.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n",
                           encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
