"""One search algorithm for every ruleset: rollouts of a few candidate answers, played on
clones of the battle to a horizon and valued by :meth:`~ancients.battle.Battle.standing`.

The commander knows no rules: it reads the decision's options, clones the battle
(:meth:`~ancients.battle.Battle.clone`, reseeded so that it never sees the battle's own
future rolls), answers each candidate on the clones and lets a base commander — the
ruleset's doctrine by default — play every side to the horizon.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, TypeAlias

import attrs
import numpy as np

from ancients.errors import CommanderError

if TYPE_CHECKING:
    from ancients.battle import Battle, Commander, Decision
    from ancients.ruleset import Ruleset

__all__ = ["CommanderFactory", "Search", "value"]

CommanderFactory: TypeAlias = "Callable[[Ruleset, str], Commander]"


def _at_least(least: int) -> Callable[[object, attrs.Attribute[int], int], None]:
    def check(_: object, attribute: attrs.Attribute[int], v: int) -> None:
        if isinstance(v, bool) or not isinstance(v, int) or v < least:
            raise CommanderError(f"Search's {attribute.name} must be an int of at least "
                                 f"{least}, got {v!r}")
    return check


def _doctrine(rs: Ruleset, side: str) -> Commander:
    return rs.doctrine_commander(side)


def value(battle: Battle, side: str) -> float:
    """What a rollout's end is worth to ``side``: +1 for a battle won, -1 for one lost
    (0 for a draw or a battle still going), plus half the tanh of ``side``'s standing less
    the best other side's, so that a win always counts for more than any lead."""
    standing = battle.standing()
    best_other = max((v for s, v in standing.items() if s != side), default=0.0)
    lead = 0.5 * math.tanh(standing[side] - best_other)
    outcome = battle.outcome
    if outcome is None or outcome.winner is None:
        return lead
    return lead + (1.0 if outcome.winner == side else -1.0)


def _key(seed: int, battle: Battle, decision: Decision) -> list[int]:
    """The position's entropy for the search's own streams: its seed, how far the battle
    is, and the decision asked (a stable hash, the same in every process)."""
    text = f"{decision.kind}\x1f{decision.unit}\x1f{decision.target}\x1f{len(battle.decisions)}"
    digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
    return [seed, int.from_bytes(digest, "little")]


@attrs.define
class Search:
    """Rollout search: at each decision with more than one option, the base commander's
    answer and ``width - 1`` others drawn at random are each played out ``rollouts``
    times to ``horizon`` turns ahead (the battle's end if sooner), every side played by
    the base commander; the candidate with the best mean :func:`value` is answered (ties
    go to the base's answer).

    Rollout ``j`` of every candidate is played on the same reseeded dice (common random
    numbers), so candidates are compared on the same luck. Every stream the search uses
    comes from its ``seed`` and the position, never from the battle's own dice: its
    answer is the same whatever the battle's seed holds for later. The budget is
    ``width * rollouts`` clones per decision searched; each clone replays the battle's
    decisions so far (:meth:`~ancients.battle.Battle.clone`).

    ``base``: a factory ``(ruleset, side) -> Commander``, the ruleset's doctrine by
    default.
    """

    rollouts: int = attrs.field(default=4, validator=_at_least(1))
    width: int = attrs.field(default=2, validator=_at_least(1))
    horizon: int = attrs.field(default=1, validator=_at_least(1))
    seed: int = attrs.field(default=0, validator=_at_least(0))
    base: CommanderFactory = attrs.field(default=_doctrine)
    _players: dict[tuple[str, str], Commander] = attrs.field(factory=dict, init=False,
                                                              repr=False, eq=False)

    def _player(self, battle: Battle, side: str) -> Commander:
        key = (str(battle.ruleset), side)
        if key not in self._players:
            self._players[key] = self.base(battle.ruleset, side)
        return self._players[key]

    def _twin(self, battle: Battle, reseed: int) -> Battle:
        twin = battle.clone(reseed=reseed)
        twin.commanders = {s: self._player(battle, s) for s in battle.sides}
        return twin

    def _play_out(self, twin: Battle, answer: Hashable, side: str, until: int) -> float:
        twin.decide(answer)
        while not twin.finished and twin.turn < until:
            twin.step()
        return value(twin, side)

    def decide(self, battle: Battle, decision: Decision) -> Hashable:
        options = decision.options
        if len(options) == 1:
            return options[0]
        seq = np.random.SeedSequence(_key(self.seed, battle, decision))
        rng = np.random.Generator(np.random.PCG64(seq))
        luck: Sequence[int] = [int(x) for x in rng.integers(0, 1 << 62, size=self.rollouts)]
        first = self._twin(battle, luck[0])
        assert first.pending is not None
        base = self._player(battle, decision.side).decide(first, first.pending)
        others = [o for o in options if o != base]
        picked = rng.choice(len(others), size=min(self.width - 1, len(others)), replace=False)
        candidates = [base, *(others[int(i)] for i in sorted(picked))]
        if len(candidates) == 1:
            return base
        until = battle.turn + self.horizon
        means = []
        for i, answer in enumerate(candidates):
            total = 0.0
            for j, reseed in enumerate(luck):
                twin = first if i == 0 and j == 0 else self._twin(battle, reseed)
                total += self._play_out(twin, answer, decision.side, until)
            means.append(total / len(luck))
        best = max(range(len(candidates)), key=lambda i: (means[i], -i))
        return candidates[best]
