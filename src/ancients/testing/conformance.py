"""The conformance suite every ruleset passes (after OpenSpiel's random simulation test).

:func:`check_ruleset` plays random battles, driving every side by hand with uniformly
random legal decisions, and after every step checks the core's invariants and the
ruleset's own (:meth:`ancients.ruleset.Ruleset.invariants`); it also checks that an
illegal answer is refused with the state unchanged, that a saved battle restores to the
same state at sampled steps, that the same seed gives the same log, and that outcomes are
well formed, and that every event's ``data`` is plain JSON and the whole log reads back
from JSON lines as it was written; and that a battle in which a side has nothing left able
to fight (:func:`able_to_fight`) does not begin another turn.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any

import attrs

from ancients._words import count
from ancients.battle import Battle, Outcome
from ancients.commanders import RandomCommander
from ancients.dice import derive_seed
from ancients.errors import ConformanceError, IllegalDecision
from ancients.events import BattleLog, Event
from ancients.ruleset import Ruleset, ruleset
from ancients.scenario import Scenario
from ancients.units import Condition, TroopKind, UnitView

__all__ = ["CheckReport", "able_to_fight", "check_battle", "check_ruleset", "explained_terms"]

_TOLERANCE = 1e-9


class _NotAnOption:
    """An answer no decision can list."""

    def __str__(self) -> str:
        return "<not an option>"


@attrs.define
class CheckReport:
    """What :func:`check_ruleset` exercised."""

    spec: str
    scenario: str
    battles: int = 0
    steps: int = 0
    decisions: int = 0
    illegal_checked: int = 0
    replays_checked: int = 0
    winners: Counter[str] = attrs.field(factory=Counter)
    reasons: Counter[str] = attrs.field(factory=Counter)

    def __str__(self) -> str:
        wins = ", ".join(f"{k} {v}" for k, v in sorted(self.winners.items()))
        return (f"{self.spec} / {self.scenario}: {count(self.battles, 'battle')}, "
                f"{count(self.steps, 'step')}, {count(self.decisions, 'decision')}, "
                f"{count(self.illegal_checked, 'illegal answer')} refused, "
                f"{count(self.replays_checked, 'replay')} matched; results: {wins or 'none'}")


def _fail(battle: Battle, message: str) -> ConformanceError:
    return ConformanceError(
        f"{battle.ruleset} / {battle.scenario.name} seed={battle.seed} "
        f"(turn {battle.turn}, {battle.phase}, after {count(len(battle.decisions), 'decision')}): "
        f"{message}"
    )


def check_battle(battle: Battle) -> None:
    """Check the core invariants (and the ruleset's own) on a battle's current state."""
    seen: set[str] = set()
    sides = set(battle.sides)
    for u in battle.units():
        if u.id in seen:
            raise _fail(battle, f"unit id {u.id!r} appears twice")
        seen.add(u.id)
        if u.side not in sides:
            raise _fail(battle, f"unit {u.id} has unknown side {u.side!r}")
        if not isinstance(u.kind, TroopKind) or not isinstance(u.condition, Condition):
            raise _fail(battle, f"unit {u.id}: kind/condition must be TroopKind/Condition")
        if not (0 <= u.strength <= u.starting_strength + _TOLERANCE):
            raise _fail(battle, f"unit {u.id}: strength {u.strength} outside "
                                f"0..{u.starting_strength}")
        if u.lost and u.position is not None:
            raise _fail(battle, f"unit {u.id} is {u.condition} but still has a position")
    pending = battle.pending
    if pending is not None:
        if battle.finished:
            raise _fail(battle, "a finished battle has a pending decision")
        if pending.side not in sides:
            raise _fail(battle, f"pending decision for unknown side {pending.side!r}")
        if len(set(pending.options)) != len(pending.options):
            raise _fail(battle, f"duplicate options in {pending}")
        for option in pending.options:
            hash(option)
            if not str(option):
                raise _fail(battle, f"option {option!r} has an empty str()")
    if battle.finished:
        _check_outcome(battle)
    problems = list(battle.ruleset.invariants(battle))
    if problems:
        raise _fail(battle, "ruleset invariant broken: " + "; ".join(problems))


def able_to_fight(unit: UnitView) -> bool:
    """Whether ``unit`` is still in the fight: on the field (not eliminated, captured or
    gone from it). A routed unit counts, since under the rules it may rally (Raphia §9,
    Burgess's and Hoplomachia's rallies); a leader counts."""
    return unit.condition.on_field


def _nothing_left(battle: Battle) -> list[str]:
    """The sides with no unit :func:`able_to_fight`."""
    able = {u.side for u in battle.units() if able_to_fight(u)}
    return [s for s in battle.sides if s not in able]


def _check_ends(battle: Battle, gone_since: dict[str, int]) -> None:
    """A battle ends when a side has nothing left able to fight: it may finish the turn
    in which that happened, never begin another one (``gone_since``: each side's turn of
    losing its last unit, kept from step to step)."""
    if battle.finished:
        return
    for side in _nothing_left(battle):
        since = gone_since.setdefault(side, battle.turn)
        if battle.turn > since:
            raise _fail(battle, f"{side} has had nothing left able to fight since turn "
                                f"{since}, but the battle goes on")


def explained_terms(battle: Battle, glossary: Mapping[str, str],
                    loose: Collection[str] = ()) -> dict[str, str]:
    """Every term :meth:`~ancients.battle.Battle.explain` gives for the events of
    ``battle``'s log, each checked: a term of the ruleset's ``glossary``, explained on one
    line, and named in the event's message (unless it is one of ``loose``, the terms a
    message implies without writing them); raises :class:`ConformanceError` otherwise."""
    explained: dict[str, str] = {}
    for i, event in enumerate(battle.log):
        for term, words in battle.explain(event).items():
            where = f"event {i} ({event.kind})"
            if term not in glossary:
                raise _fail(battle, f"{where}: {term!r} is not in the glossary")
            if not isinstance(words, str) or not words or "\n" in words:
                raise _fail(battle, f"{where}: {term!r} is not explained on one line")
            if term not in event.message and term not in loose:
                raise _fail(battle, f"{where}: {term!r} is not in {event.message!r}")
            explained[term] = words
    return explained


def _check_outcome(battle: Battle) -> None:
    o = battle.outcome
    assert o is not None
    if o.winner is not None and o.winner not in battle.sides:
        raise _fail(battle, f"outcome winner {o.winner!r} is not a side")
    if not o.reason:
        raise _fail(battle, "outcome has no reason")
    if o.turns < 0:
        raise _fail(battle, f"outcome turns {o.turns} < 0")
    for name, mapping in (("score", o.score), ("losses", o.losses),
                          ("losses_by_kind", o.losses_by_kind)):
        if set(mapping) != set(battle.sides):
            raise _fail(battle, f"outcome {name} keys {sorted(mapping)} != sides")
    for side in battle.sides:
        if not math.isfinite(o.score[side]):
            raise _fail(battle, f"outcome score for {side} is not finite")
        fractions = [o.losses[side], *o.losses_by_kind[side].values()]
        if any(not (-_TOLERANCE <= f <= 1 + _TOLERANCE) for f in fractions):
            raise _fail(battle, f"{side} loss fractions outside [0, 1]: {fractions}")
    expected = Outcome.from_units(winner=o.winner, reason=o.reason, turns=o.turns,
                                  sides=battle.sides, units=battle.units(), score=o.score)
    if not _close(expected.losses, o.losses) or any(
        not _close(expected.losses_by_kind[s], o.losses_by_kind[s]) for s in battle.sides
    ):
        raise _fail(battle, f"outcome losses {o.losses} do not match the units' "
                            f"({expected.losses})")


def _close(a: Mapping[Any, float], b: Mapping[Any, float]) -> bool:
    return set(a) == set(b) and all(abs(a[k] - b[k]) <= 1e-9 for k in a)


def _check_json(battle: Battle, events: BattleLog) -> None:
    """Each event as JSON: strict (no NaN), with nothing ``json`` cannot write."""
    for event in events:
        try:
            json.dumps(event.to_json(), allow_nan=False)
        except (TypeError, ValueError) as e:
            raise _fail(battle, f"event {_describe(event)} is not plain JSON ({e}): its data "
                                f"{dict(event.data)!r}") from None


def _check_round_trip(battle: Battle) -> None:
    """The log read back from its JSON lines is the log (a tuple or a non-string key in
    ``data`` comes back changed)."""
    back = BattleLog.from_jsonl(battle.log.to_jsonl())
    for event, read in zip(battle.log, back, strict=True):
        if read != event:
            raise _fail(battle, f"event {_describe(event)} does not read back from JSON lines "
                                f"as it was written: data {dict(event.data)!r} came back as "
                                f"{dict(read.data)!r}")


def _describe(event: Event) -> str:
    return f"{event.kind!r} (turn {event.turn}, {event.phase})"


def _restore_matches(rs: Ruleset, battle: Battle) -> None:
    restored = rs.restore(battle.to_dict(), commanders=dict.fromkeys(battle.sides))
    if restored.fingerprint() != battle.fingerprint():
        raise _fail(battle, "restored battle differs from the original")
    if restored.log != battle.log:
        raise _fail(battle, "restored battle's log differs from the original")
    if str(restored.pending) != str(battle.pending):
        raise _fail(battle, f"restored battle waits on {restored.pending}, "
                            f"the original on {battle.pending}")


def _play_by_hand(rs: Ruleset, scenario: Scenario, seed: int, report: CheckReport,
                  illegal_every: int, max_steps: int) -> Battle:
    battle = rs.new_battle(scenario, seed=seed, commanders=dict.fromkeys(scenario.sides))
    policy = RandomCommander()
    check_battle(battle)
    gone_since: dict[str, int] = {}
    _check_ends(battle, gone_since)
    steps = 0
    while not battle.finished:
        log_before = len(battle.log)
        pending = battle.pending
        if pending is None:
            battle.step()
        else:
            if report.decisions % illegal_every == 0:
                before = battle.fingerprint()
                try:
                    battle.decide(_NotAnOption())
                except IllegalDecision:
                    pass
                else:
                    raise _fail(battle, f"an illegal answer to {pending} was accepted")
                if battle.fingerprint() != before or battle.pending is not pending:
                    raise _fail(battle, "an illegal answer changed the battle")
                report.illegal_checked += 1
            battle.decide(policy.decide(battle, pending))
            report.decisions += 1
        steps += 1
        if len(battle.log) < log_before:
            raise _fail(battle, "the log shrank")
        _check_json(battle, battle.log[log_before:])
        check_battle(battle)
        _check_ends(battle, gone_since)
        if steps & (steps - 1) == 0 or battle.finished:  # at steps 1, 2, 4, 8, ... and the end
            _restore_matches(rs, battle)
            report.replays_checked += 1
        if steps >= max_steps:
            raise _fail(battle, f"not finished after {count(max_steps, 'step')}")
    _check_round_trip(battle)
    report.steps += steps
    return battle


def check_ruleset(
    spec: str | Ruleset, battles: int = 20, seed: int = 0,
    scenario: str | Path | Scenario | None = None, *, illegal_every: int = 7,
    max_steps: int = 1_000_000,
) -> CheckReport:
    """Run the conformance suite on ``battles`` random battles; raise
    :class:`~ancients.errors.ConformanceError` (saying how to reproduce it) on the first
    failure, else return a :class:`CheckReport`.

    A saved battle is restored and compared at steps 1, 2, 4, 8, ... and at the end (so
    replay costs about as much as the battles themselves); every ``illegal_every``-th
    decision is first answered with something illegal, which must be refused.
    """
    rs = ruleset(spec)
    sc = rs.scenario(scenario)
    report = CheckReport(str(rs), sc.name)
    for index in range(battles):
        bseed = derive_seed(seed, index)
        battle = _play_by_hand(rs, sc, bseed, report, illegal_every, max_steps)
        again = rs.new_battle(sc, seed=bseed,
                              commanders={s: RandomCommander() for s in sc.sides})
        again.run(max_steps=max_steps)
        if again.log != battle.log:
            first = next((i for i, (a, b) in enumerate(zip(again.log, battle.log, strict=False))
                          if a != b), min(len(again.log), len(battle.log)))
            raise _fail(battle, f"not deterministic: the same seed gave a different log "
                                f"from event {first}")
        outcome = battle.outcome
        assert outcome is not None
        report.battles += 1
        report.winners[outcome.winner or "draw"] += 1
        report.reasons[outcome.reason] += 1
    return report
