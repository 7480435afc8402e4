"""The regression guard every ruleset's ``tests/<ruleset>/test_regression.py`` builds on:
the event logs of seeded battles must stay byte-identical.

Random commanders exercise only the rules (their choices depend on the options offered
and on their own dice), so a change meant as a pure refactoring or optimisation must
leave their logs alone; battles between doctrine commanders pin the AI's decisions as
well. A ruleset's test module lists its :class:`Case` s and takes its tests from
:meth:`Regression.tests`::

    REGRESSION = Regression("myrules", MyRules.revision, Path(__file__).parent,
                            cases=(Case("myrules", "my-battle", range(10)),))
    (test_random_battle_logs_unchanged, test_doctrine_battle_logs_unchanged,
     test_rules_revision_follows_the_replays,
     test_docs_list_every_rules_revision) = REGRESSION.tests()

    if __name__ == "__main__":
        REGRESSION.main(sys.argv[1:])

Its folder keeps ``regression_logs.json`` (the SHA-256 of each battle's
``log.to_jsonl()``, by case key and seed) and ``rules_revision.json`` (the revision the
fixture was written under and the replay digest of the random battles,
:mod:`ancients.testing.revision`). When a change of the rules is intended, check the new
logs by hand (``--dump DIR`` writes them), then regenerate with ``--write``: refused while
the random battles replay differently under the same revision (raise the ruleset's
``revision`` and list it in its docs page's "Rules revisions" first).
"""

from __future__ import annotations

import functools
import hashlib
import json
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

import attrs
import pytest

import ancients
from ancients.commanders import RandomCommander
from ancients.errors import AncientsError
from ancients.events import BattleLog
from ancients.testing.revision import (
    check_record,
    listed_revisions,
    replay_digest,
    write_record,
)

__all__ = ["Case", "Regression", "digest"]

FIXTURE = "regression_logs.json"
RECORD = "rules_revision.json"


def digest(text: str) -> str:
    """The SHA-256 of a log's JSON lines, as the fixture keeps it."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@attrs.frozen
class Case:
    """Seeded battles of one spec and scenario (None: the ruleset's default), between
    random commanders or (``doctrine``) the scenario's doctrine commanders; ``key`` is the
    fixture's name for them (default ``"SPEC / SCENARIO"``, ``" / doctrine"`` after)."""

    spec: str
    scenario: str | None
    seeds: range
    doctrine: bool = False
    key: str = attrs.field()

    @key.default
    def _key(self) -> str:
        return f"{self.spec} / {self.scenario}" + (" / doctrine" if self.doctrine else "")

    def dump_name(self, seed: int) -> str:
        """The file ``--dump`` writes the log of ``seed`` to."""
        tag = "-doctrine" if self.doctrine else ""
        if self.scenario is None:
            return f"{self.spec}{tag}-{seed}.jsonl"
        return f"{self.scenario}{tag}-{seed}.jsonl"


@functools.cache
def battle_log(spec: str, scenario: str | None, seed: int, doctrine: bool = False) -> str:
    """The JSON-lines log of one battle between random (or doctrine) commanders."""
    rs = ancients.ruleset(spec)
    if doctrine:
        battle = rs.new_battle(scenario, seed=seed)
    else:
        sides = rs.scenario(scenario).sides
        battle = rs.new_battle(scenario, seed=seed,
                               commanders={s: RandomCommander() for s in sides})
    battle.run()
    return battle.log.to_jsonl()


def _cases(cases: Iterable[Case]) -> tuple[Case, ...]:
    return tuple(cases)


@attrs.frozen
class Regression:
    """The pinned battles of ruleset ``name`` (at rules ``revision``), their fixtures in
    ``folder``; ``docs``: its page (default ``docs/rulesets/NAME.md`` of the checkout)."""

    name: str
    revision: int
    folder: Path
    cases: tuple[Case, ...] = attrs.field(converter=_cases)
    docs: Path = attrs.field()

    @docs.default
    def _docs(self) -> Path:
        return self.folder.parents[1] / "docs" / "rulesets" / f"{self.name}.md"

    @property
    def command(self) -> str:
        return f".venv/bin/python tests/{self.folder.name}/test_regression.py --write"

    def log(self, case: Case, seed: int) -> str:
        return battle_log(case.spec, case.scenario, seed, case.doctrine)

    def recorded(self) -> dict[str, dict[str, str]]:
        data: dict[str, dict[str, str]] = json.loads(
            (self.folder / FIXTURE).read_text(encoding="utf-8"))
        return data

    def changed(self, case: Case) -> list[int]:
        """The seeds of ``case`` whose logs no longer match the fixture."""
        recorded = self.recorded()[case.key]
        return [seed for seed in case.seeds
                if digest(self.log(case, seed)) != recorded[str(seed)]]

    def check(self, case: Case) -> None:
        changed = self.changed(case)
        what = "; the AI's decisions moved" if case.doctrine else ""
        assert not changed, (f"{case.key}: the logs of seeds {changed} changed{what}. If "
                             f"the change is intended, regenerate with: {self.command}")

    def replays(self) -> str:
        """The replay digest of the random battles (what the ruleset's revision guards)."""
        return replay_digest(BattleLog.from_jsonl(self.log(case, seed))
                             for case in self.cases if not case.doctrine
                             for seed in case.seeds)

    def revision_problem(self) -> str | None:
        return check_record(self.folder / RECORD, self.name, self.revision, self.replays())

    def listed_revisions(self) -> list[int]:
        return listed_revisions(self.docs.read_text(encoding="utf-8"))

    def tests(self) -> tuple[Callable[..., None], ...]:
        """The module's four tests: random logs, doctrine logs (both parametrized by
        case), the revision record, the docs page's list of revisions."""
        random = [c for c in self.cases if not c.doctrine]
        doctrine = [c for c in self.cases if c.doctrine]

        @pytest.mark.parametrize("case", random, ids=[c.key for c in random])
        def test_random_battle_logs_unchanged(case: Case) -> None:
            self.check(case)

        @pytest.mark.parametrize("case", doctrine, ids=[c.key for c in doctrine])
        def test_doctrine_battle_logs_unchanged(case: Case) -> None:
            self.check(case)

        def test_rules_revision_follows_the_replays() -> None:
            problem = self.revision_problem()
            assert problem is None, problem

        def test_docs_list_every_rules_revision() -> None:
            assert self.listed_revisions() == list(range(1, self.revision + 1))

        return (test_random_battle_logs_unchanged, test_doctrine_battle_logs_unchanged,
                test_rules_revision_follows_the_replays, test_docs_list_every_rules_revision)

    def main(self, argv: Sequence[str]) -> None:
        """``--write``: regenerate the fixture; ``--dump DIR``: write every log to DIR."""
        args = list(argv)
        dump = Path(args[args.index("--dump") + 1]) if "--dump" in args else None
        out: dict[str, dict[str, str]] = {}
        for case in self.cases:
            out[case.key] = {}
            for seed in case.seeds:
                text = self.log(case, seed)
                out[case.key][str(seed)] = digest(text)
                if dump is not None:
                    dump.mkdir(parents=True, exist_ok=True)
                    (dump / case.dump_name(seed)).write_text(text, encoding="utf-8")
        if "--write" in args:
            try:  # first: refused if the replays changed under the same revision
                write_record(self.folder / RECORD, self.name, self.revision, self.replays())
            except AncientsError as e:
                sys.exit(str(e))
            (self.folder / FIXTURE).write_text(json.dumps(out, indent=1, sort_keys=True)
                                               + "\n", encoding="utf-8")
