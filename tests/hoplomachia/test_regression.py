"""Regression guard for the rules engine: the event logs of seeded battles between
random commanders must stay byte-identical.

Random commanders exercise only the rules (their choices depend on the options offered
and on their own dice), so a change to the rule modules or the tabletop geometry meant as
a pure refactoring or optimisation must leave these logs alone. The fixture
``regression_logs.json`` holds the SHA-256 of each battle's ``log.to_jsonl()``.

When a rule change is *intended* (a correction, a new reading, a new menu of moves),
check the new logs by hand, then regenerate the fixture with the change. If the random
battles now replay differently (their logs changed beyond messages and dice reasons),
``--write`` first asks for ``Hoplomachia.revision`` to be raised (saved battles of the old
revision would not replay as played; ``rules_revision.json`` keeps the revision and the
digest)::

    .venv/bin/python tests/hoplomachia/test_regression.py --write

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
from ancients.hoplomachia import Hoplomachia
from ancients.testing.revision import (
    check_record,
    listed_revisions,
    replay_digest,
    write_record,
)

FIXTURE = Path(__file__).with_name("regression_logs.json")
#: the rules revision the fixture was written under, and its random battles' replay digest
REVISION = Path(__file__).with_name("rules_revision.json")
CASES: tuple[tuple[str, str, range], ...] = (
    ("hoplomachia", "poteidaia-432bc", range(8)),
    ("hoplomachia(crafty_precedence=point, shield_momentum=attacker, incline=true, "
     "ekdromoi_signals=true, count_arrows=true)", "poteidaia-432bc", range(8, 12)),
    ("hoplomachia(precedence_flank=choose, turn_limit=8)", "poteidaia-432bc", range(12, 15)),
    ("hoplomachia", "generated", range(4)),
)
# Doctrine against doctrine (the scenario's default commanders): pins the AI's decisions
# too, so an optimisation of the geometry it reads must leave its choices alone.
DOCTRINE_CASES: tuple[tuple[str, str, range], ...] = (
    ("hoplomachia", "poteidaia-432bc", range(4)),
    ("hoplomachia", "generated", range(4, 7)),
)


@functools.cache
def battle_log(spec: str, scenario: str, seed: int, doctrine: bool = False) -> str:
    """The JSON-lines log of one battle between random (or doctrine) commanders."""
    rs = ancients.ruleset(spec)
    sides = rs.scenario(scenario).sides
    if doctrine:
        battle = rs.new_battle(scenario, seed=seed)
    else:
        battle = rs.new_battle(scenario, seed=seed,
                               commanders={s: RandomCommander() for s in sides})
    battle.run()
    return battle.log.to_jsonl()


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _key(spec: str, scenario: str, doctrine: bool = False) -> str:
    return f"{spec} / {scenario}" + (" / doctrine" if doctrine else "")


@pytest.mark.parametrize(("spec", "scenario", "seeds"), CASES,
                         ids=[_key(s, sc) for s, sc, _ in CASES])
def test_random_battle_logs_unchanged(spec: str, scenario: str, seeds: range) -> None:
    recorded = json.loads(FIXTURE.read_text(encoding="utf-8"))[_key(spec, scenario)]
    changed = [seed for seed in seeds
               if digest(battle_log(spec, scenario, seed)) != recorded[str(seed)]]
    assert not changed, (
        f"{spec} / {scenario}: the logs of seeds {changed} changed. If the change is "
        "intended, regenerate with: .venv/bin/python tests/hoplomachia/test_regression.py "
        "--write")


@pytest.mark.parametrize(("spec", "scenario", "seeds"), DOCTRINE_CASES,
                         ids=[_key(s, sc, True) for s, sc, _ in DOCTRINE_CASES])
def test_doctrine_battle_logs_unchanged(spec: str, scenario: str, seeds: range) -> None:
    recorded = json.loads(FIXTURE.read_text(encoding="utf-8"))[_key(spec, scenario, True)]
    changed = [seed for seed in seeds
               if digest(battle_log(spec, scenario, seed, True)) != recorded[str(seed)]]
    assert not changed, (
        f"{spec} / {scenario} (doctrine): the logs of seeds {changed} changed; the AI's "
        "decisions moved. If intended, regenerate with: .venv/bin/python "
        "tests/hoplomachia/test_regression.py --write")


def replays() -> str:
    """The replay digest of the random battles (what ``Hoplomachia.revision`` guards)."""
    return replay_digest(BattleLog.from_jsonl(battle_log(spec, scenario, seed))
                         for spec, scenario, seeds in CASES for seed in seeds)


def test_rules_revision_follows_the_replays() -> None:
    problem = check_record(REVISION, "hoplomachia", Hoplomachia.revision, replays())
    assert problem is None, problem


def test_docs_list_every_rules_revision() -> None:
    docs = Path(__file__).parents[2] / "docs" / "rulesets" / "hoplomachia.md"
    assert listed_revisions(docs.read_text(encoding="utf-8")) == \
        list(range(1, Hoplomachia.revision + 1))


def main(argv: list[str]) -> None:
    """``--write``: regenerate the fixture; ``--dump DIR``: write every log to DIR."""
    dump = Path(argv[argv.index("--dump") + 1]) if "--dump" in argv else None
    out: dict[str, dict[str, str]] = {}
    cases = [(c, False) for c in CASES] + [(c, True) for c in DOCTRINE_CASES]
    for (spec, scenario, seeds), doctrine in cases:
        key = _key(spec, scenario, doctrine)
        out[key] = {}
        for seed in seeds:
            text = battle_log(spec, scenario, seed, doctrine)
            out[key][str(seed)] = digest(text)
            if dump is not None:
                dump.mkdir(parents=True, exist_ok=True)
                tag = "-doctrine" if doctrine else ""
                (dump / f"{scenario}{tag}-{seed}.jsonl").write_text(text, encoding="utf-8")
    if "--write" in argv:
        try:  # first: refused if the replays changed under the same revision
            write_record(REVISION, "hoplomachia", Hoplomachia.revision, replays())
        except AncientsError as e:
            sys.exit(str(e))
        FIXTURE.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n",
                           encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
