"""The battle: the run loop every ruleset shares, decisions and commanders, the outcome.

A ruleset writes its turn sequence as a generator, :meth:`Battle.play`, which yields a
:class:`Phase` when a new phase begins and a :class:`Decision` whenever a side must
choose, receives the chosen option back, and finally returns the :class:`Outcome`::

    def play(self):
        for self.turn in range(1, 9):
            yield Phase("movement", side=active)
            for unit in self.movable(active):
                choice = yield Decision(active, "move", options, unit=unit.id)
                ...
        return self.final_outcome()

The base class drives that generator: :meth:`Battle.step` advances to the next phase,
letting commanders answer decisions on the way and stopping where a side with no
commander must decide (:attr:`Battle.pending`); :meth:`Battle.decide` answers by hand.
The generator itself is never copied: a battle is saved as ruleset spec + scenario +
seed + the decisions taken, and restored by replaying them (:meth:`Battle.to_dict`).
"""

from __future__ import annotations

import itertools
import operator
import weakref
from abc import ABC, abstractmethod
from collections.abc import Callable, Generator, Hashable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeAlias, runtime_checkable

import attrs
import numpy as np

from ancients._words import count, names
from ancients.dice import Dice
from ancients.errors import AncientsError, BattleStateError, IllegalDecision
from ancients.events import BattleLog, Event
from ancients.units import Condition, TroopKind, UnitView

if TYPE_CHECKING:
    from ancients.commanders.uniform import RandomCommander
    from ancients.ruleset import Ruleset
    from ancients.scenario import Scenario

__all__ = [
    "Battle",
    "Commander",
    "Decision",
    "Engine",
    "Outcome",
    "Phase",
    "RandomCommander",
]

SAVE_FORMAT = "ancients.battle/1"


def __getattr__(name: str) -> Any:
    # RandomCommander lives in ancients.commanders; still importable from here
    if name == "RandomCommander":
        from ancients.commanders.uniform import RandomCommander

        return RandomCommander
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _options(options: Iterable[Hashable]) -> tuple[Hashable, ...]:
    return tuple(options)


@attrs.frozen(eq=False)
class Decision:
    """A choice a side must make: what (``kind``), about which unit, among which options.

    Options are hashable and each has a readable ``str``. Big choices are broken into
    small ones so the options stay enumerable.
    """

    side: str
    kind: str
    options: tuple[Hashable, ...] = attrs.field(converter=_options)
    unit: str | None = None
    target: str | None = None
    prompt: str = ""
    context: Mapping[str, Any] = attrs.field(factory=dict)

    def __attrs_post_init__(self) -> None:
        if not self.options:
            raise AncientsError(f"a decision needs at least one option: {self}")

    def __str__(self) -> str:
        about = f" for {self.unit}" if self.unit else ""
        vs = f" against {self.target}" if self.target else ""
        prompt = f": {self.prompt}" if self.prompt else ""
        return f"{self.side} decides {self.kind}{about}{vs}{prompt}"

    def __contains__(self, option: object) -> bool:
        return option in self.options

    def index(self, option: object) -> int:
        """The position of ``option`` among the legal ones (IllegalDecision if absent):
        found by identity first (a commander most often answers with one of the options
        themselves; the options are distinct, so that is the one an equality search
        finds, without comparing it to every option before it), else by equality."""
        options = self.options
        try:
            return list(map(operator.is_, options, itertools.repeat(option))).index(True)
        except ValueError:
            pass
        try:
            return options.index(option)
        except ValueError:
            raise IllegalDecision(
                f"{option!s} is not a legal answer to '{self}'", option=option,
                legal=self.options,
            ) from None


@attrs.frozen
class Phase:
    """Yielded by :meth:`Battle.play` when a phase begins (``side``: the side acting)."""

    name: str
    side: str | None = None
    message: str | None = None


Engine: TypeAlias = Generator["Decision | Phase", Hashable, "Outcome"]


@runtime_checkable
class Commander(Protocol):
    """Answers decisions. Must return one of ``decision.options``."""

    def decide(self, battle: Battle, decision: Decision) -> Hashable: ...


def _fractions(lost: Mapping[Any, float], start: Mapping[Any, float]) -> dict[Any, float]:
    return {k: (lost.get(k, 0.0) / s if s > 0 else 0.0) for k, s in start.items()}


@attrs.frozen
class Outcome:
    """How a battle ended.

    ``losses`` is each side's lost strength as a fraction of its starting strength;
    ``losses_by_kind`` the same per troop kind (of that kind's starting strength);
    ``losses_by_cause`` the same split by what became of it (:data:`CAUSES`: ``killed`` —
    strength struck off and units eliminated —, ``captured``, and ``left the field`` —
    units routed off or gone), as far as the ruleset tells them apart through its units'
    conditions, so that history's killed and captured can be compared with like.
    ``score`` is the ruleset's own points (victory points, ...).
    """

    winner: str | None
    reason: str
    turns: int
    score: Mapping[str, float] = attrs.field(factory=dict)
    losses: Mapping[str, float] = attrs.field(factory=dict)
    losses_by_kind: Mapping[str, Mapping[TroopKind, float]] = attrs.field(factory=dict)
    losses_by_cause: Mapping[str, Mapping[str, float]] = attrs.field(factory=dict)

    @property
    def draw(self) -> bool:
        return self.winner is None

    def __str__(self) -> str:
        head = f"{self.winner} wins" if self.winner else "draw"
        score = ", ".join(f"{s} {v:g}" for s, v in self.score.items())
        losses = ", ".join(f"{s} {v:.0%}" for s, v in self.losses.items())
        return (f"{head} ({self.reason}) after {count(self.turns, 'turn')}"
                + (f"; score {score}" if score else "") + (f"; losses {losses}" if losses else ""))

    @classmethod
    def from_units(
        cls, *, winner: str | None, reason: str, turns: int, sides: Sequence[str],
        units: Iterable[UnitView], score: Mapping[str, float] | None = None,
    ) -> Outcome:
        """Build an outcome, counting losses from the units' views.

        A unit's loss is its starting strength less its current strength, or all of it
        if it is eliminated, captured or has left the field; by cause, what a unit still
        on the field (or eliminated) lost counts as killed, a captured unit as captured,
        a unit that left the field as left the field (but for the strength struck off
        before it left, counted as killed, where its view still gives the strength it left
        with rather than 0).
        """
        start: dict[str, float] = dict.fromkeys(sides, 0.0)
        lost: dict[str, float] = dict.fromkeys(sides, 0.0)
        start_k: dict[str, dict[TroopKind, float]] = {s: {} for s in sides}
        lost_k: dict[str, dict[TroopKind, float]] = {s: {} for s in sides}
        lost_c: dict[str, dict[str, float]] = {s: dict.fromkeys(CAUSES, 0.0) for s in sides}
        for u in units:
            gone = u.starting_strength if u.lost else u.starting_strength - u.strength
            start[u.side] += u.starting_strength
            lost[u.side] += gone
            start_k[u.side][u.kind] = start_k[u.side].get(u.kind, 0.0) + u.starting_strength
            lost_k[u.side][u.kind] = lost_k[u.side].get(u.kind, 0.0) + gone
            for cause, amount in _causes(u).items():
                lost_c[u.side][cause] += amount
        return cls(
            winner=winner, reason=reason, turns=turns,
            score=dict(score or dict.fromkeys(sides, 0.0)),
            losses=_fractions(lost, start),
            losses_by_kind={s: _fractions(lost_k[s], start_k[s]) for s in sides},
            losses_by_cause={s: {c: (v / start[s] if start[s] > 0 else 0.0)
                                 for c, v in lost_c[s].items()} for s in sides},
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "winner": self.winner, "reason": self.reason, "turns": self.turns,
            "score": dict(self.score), "losses": dict(self.losses),
            "losses_by_kind": {s: {str(k): v for k, v in d.items()}
                               for s, d in self.losses_by_kind.items()},
            "losses_by_cause": {s: dict(d) for s, d in self.losses_by_cause.items()},
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Outcome:
        return cls(
            winner=d["winner"], reason=d["reason"], turns=int(d["turns"]),
            score=dict(d["score"]), losses=dict(d["losses"]),
            losses_by_kind={s: {TroopKind(k): float(v) for k, v in m.items()}
                            for s, m in d["losses_by_kind"].items()},
            losses_by_cause={s: {str(c): float(v) for c, v in m.items()}
                             for s, m in d.get("losses_by_cause", {}).items()},
        )


#: what became of lost strength (:attr:`Outcome.losses_by_cause`)
CAUSES = ("killed", "captured", "left the field")


def _causes(u: UnitView) -> dict[str, float]:
    """What ``u`` lost, by cause (see :meth:`Outcome.from_units`)."""
    struck = u.starting_strength - u.strength
    if u.condition is Condition.CAPTURED:
        return {"captured": u.starting_strength}
    if u.condition is Condition.LEFT_FIELD:  # a view of strength 0: all of it left
        killed = max(struck, 0.0) if u.strength > 0 else 0.0
        return {"killed": killed, "left the field": u.starting_strength - killed}
    if u.condition is Condition.ELIMINATED:
        return {"killed": u.starting_strength}
    return {"killed": struck}


#: mixed into a reseed's streams, so that ``reseed(k)`` never repeats the dice of a
#: battle seeded ``k``
_RESEED = 0x5EED

_DOCTRINE = object()  # sentinel: "use the ruleset's doctrine commander"


class _WeakEmit:
    """:meth:`Battle.emit` of a battle held by a weak reference (:attr:`Battle.weak_emit`)."""

    __slots__ = ("battle",)

    def __init__(self, battle: weakref.ref[Battle]) -> None:
        self.battle = battle

    def __call__(self, kind: str, message: str, **details: Any) -> Event:
        battle = self.battle()
        if battle is None:
            raise BattleStateError(
                f"cannot log {kind!r} ({message}): the battle this state belongs to is gone "
                "(keep the battle while its state is in use)")
        return battle.emit(kind, message, **details)


class Battle(ABC):
    """One battle under one ruleset. Subclasses set up their state in ``__init__`` (after
    calling ``super().__init__``) and implement :meth:`play`, :meth:`units` and
    :meth:`to_svg`; they may override :meth:`explain` and extend :meth:`fingerprint`."""

    #: draw each roll from the stream of what it decides (see :mod:`ancients.dice`)
    keyed_dice: ClassVar[bool] = True

    def __init__(
        self, ruleset: Ruleset, scenario: Scenario, seed: int = 0,
        commanders: Mapping[str, Commander | None] | None = None,
    ) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or seed < 0:
            raise BattleStateError(f"a battle seed must be a non-negative int, got {seed!r}")
        self.ruleset = ruleset
        self.scenario = scenario
        self.seed = int(seed)
        self.sides: tuple[str, ...] = tuple(scenario.sides)
        game, commander = np.random.SeedSequence(self.seed).spawn(2)
        self.dice = Dice(game, record=True, keyed=self.keyed_dice)
        self._commander_dice = dict(zip(self.sides, (Dice(s, keyed=self.keyed_dice)
                                                     for s in commander.spawn(len(self.sides))),
                                        strict=True))
        chosen = dict(commanders or {})
        unknown = sorted(set(chosen) - set(self.sides))
        if unknown:
            what = "an unknown side" if len(unknown) == 1 else "unknown sides"
            raise BattleStateError(f"commanders given for {what} {names(unknown)}; the sides "
                                   f"are {names(self.sides)}")
        self.commanders: dict[str, Commander | None] = {
            side: chosen[side] if side in chosen else ruleset.doctrine_commander(side)
            for side in self.sides
        }
        self.log = BattleLog()
        self.turn = 0
        self.phase = "setup"
        self._engine: Engine | None = None
        self._pending: Decision | None = None
        self._outcome: Outcome | None = None
        self._history: list[int] = []
        self._advances = 0
        self._reseeds: list[tuple[int, int]] = []  # (advances when it took effect, seed)
        self._standings: list[dict[str, float]] = []

    # -- what a ruleset implements ----------------------------------------------------
    @abstractmethod
    def play(self) -> Engine:
        """The turn sequence: yield Phase and Decision, return the Outcome."""

    @abstractmethod
    def units(self) -> Sequence[UnitView]:
        """Every unit of the battle (including lost ones), as read-only views."""

    @abstractmethod
    def to_svg(self) -> str:
        """A picture of the battle as it stands, as SVG text."""

    def explain(self, event: Event) -> Mapping[str, str]:
        """The terms ``event``'s message uses that a reader may not know, each with a
        one-line explanation (``{"T": "the attacker routs", ...}``); none by default.
        ``ancients play`` prints each explanation once, the first time its term appears."""
        return {}

    def standing(self) -> Mapping[str, float]:
        """Each side's standing now, for the per-turn metrics (who leads, lead changes,
        comebacks): by default the strength its units still have on the field as a
        fraction of its starting strength (routed units count; lost ones do not). A
        ruleset whose rules count points (victory points, ...) returns those instead.
        Must only read the state (no dice, no events)."""
        start: dict[str, float] = dict.fromkeys(self.sides, 0.0)
        left: dict[str, float] = dict.fromkeys(self.sides, 0.0)
        for u in self.units():
            start[u.side] += u.starting_strength
            if not u.lost:
                left[u.side] += u.strength
        return {s: (left[s] / start[s] if start[s] > 0 else 0.0) for s in self.sides}

    @property
    def standings(self) -> tuple[Mapping[str, float], ...]:
        """The standing before the first turn, at the end of each turn played so far and,
        once the battle is over, at its end: ``standings[t]`` is the standing after turn
        ``t`` (``standings[0]``: at the start)."""
        return tuple(self._standings)

    def _record_standing(self, turn: int) -> None:
        """Keep the standing as it is after ``turn`` (turns skipped keep the last one)."""
        now = dict(self.standing())
        del self._standings[max(turn, 0):]
        while len(self._standings) <= max(turn, 0):
            self._standings.append(now)

    def _repr_svg_(self) -> str:
        return self.to_svg()

    # -- state -----------------------------------------------------------------------
    @property
    def pending(self) -> Decision | None:
        """The decision the battle is waiting on, or None (at a phase boundary / finished)."""
        return self._pending

    @property
    def finished(self) -> bool:
        return self._outcome is not None

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def decisions(self) -> tuple[int, ...]:
        """The indices of the options chosen so far, in order (what replay needs)."""
        return tuple(self._history)

    def unit(self, unit_id: str) -> UnitView:
        for u in self.units():
            if u.id == unit_id:
                return u
        raise AncientsError(f"no unit {unit_id!r} in this battle")

    def commander_dice(self, side: str) -> Dice:
        """The random stream for ``side``'s commander (separate from the game dice)."""
        return self._commander_dice[side]

    def fingerprint(self) -> Hashable:
        """A hashable summary of the state, for checking that nothing changed. Rulesets
        with state the unit views do not show should extend it."""
        return (self.turn, self.phase, tuple(self.units()), len(self.log),
                self._advances, self.finished)

    def emit(self, kind: str, message: str, *, side: str | None = None,
             units: Iterable[str] = (), **data: Any) -> Event:
        """Add an event to the log, with the dice rolled since the last event."""
        event = Event(self.turn, self.phase, kind, message, side, tuple(units), data,
                      self.dice.take_rolls())
        self.log.append(event)
        return event

    @property
    def weak_emit(self) -> Callable[..., Event]:
        """:meth:`emit`, through a weak reference to the battle: for the state a battle
        holds to log through, so that the state holds nothing back to its battle and a
        battle dropped is freed at once (with all it keeps) rather than left in a
        reference cycle for the cyclic collector's next full pass. Logging through it
        once the battle is gone is a :class:`~ancients.errors.BattleStateError`."""
        return _WeakEmit(weakref.ref(self))

    # -- the loop ------------------------------------------------------------------------
    def _advance(self, answer: Hashable) -> None:
        if self._engine is None:
            self._engine = self.play()
        self._advances += 1
        try:
            item = next(self._engine) if self._advances == 1 else self._engine.send(answer)
        except StopIteration as stop:
            self._pending = None
            outcome = stop.value
            if not isinstance(outcome, Outcome):
                raise AncientsError(
                    f"{type(self).__name__}.play() must return an Outcome, got {outcome!r}"
                ) from None
            self._outcome = outcome
            self._record_standing(self.turn)
            self.emit("end", f"battle over: {outcome}", **outcome.to_dict())
            return
        if isinstance(item, Decision):
            if item.side not in self.sides:
                raise AncientsError(f"decision for unknown side {item.side!r}: {item}")
            self._pending = item
        elif isinstance(item, Phase):
            self._pending = None
            if len(self._standings) < max(self.turn, 1):  # a new turn: the last one is over
                self._record_standing(self.turn - 1)
            self.phase = item.name
            self._set_scope(f"{self.turn}:{item.name}:{item.side or ''}")
            whose = f"{item.side} " if item.side else ""
            self.emit("phase", item.message or f"turn {self.turn}: {whose}{item.name}",
                      side=item.side)
        else:
            raise AncientsError(f"play() must yield Phase or Decision, got {item!r}")

    def _set_scope(self, scope: str) -> None:
        self.dice.scope = scope
        for dice in self._commander_dice.values():
            dice.scope = scope

    def _answer_index(self, index: int) -> None:
        decision = self._pending
        assert decision is not None
        self._history.append(index)
        self._pending = None
        self._advance(decision.options[index])

    def step(self) -> list[Event]:
        """Advance to the next phase, letting commanders answer decisions on the way.

        Stops early where a side with no commander must decide (see :attr:`pending`).
        Returns the new events.
        """
        start = len(self.log)
        if self.finished:
            return []
        if self._advances == 0 or self._pending is None:
            self._advance(None)
        while self._pending is not None:
            commander = self.commanders[self._pending.side]
            if commander is None:
                break
            choice = commander.decide(self, self._pending)
            self._answer_index(self._pending.index(choice))
        return list(self.log[start:])

    def decide(self, option: Hashable) -> list[Event]:
        """Answer the pending decision by hand and advance to the next decision or phase.

        Raises :class:`IllegalDecision` (and changes nothing) if ``option`` is not legal.
        """
        if self._pending is None:
            raise BattleStateError(
                "no decision is pending" + (": the battle is over" if self.finished else
                                            "; call step() to advance")
            )
        index = self._pending.index(option)
        start = len(self.log)
        self._answer_index(index)
        return list(self.log[start:])

    def run(self, max_steps: int | None = None) -> Outcome:
        """Play to the end with the battle's commanders and return the outcome."""
        steps = 0
        while not self.finished:
            if self._pending is not None and self.commanders[self._pending.side] is None:
                raise BattleStateError(
                    f"side {self._pending.side!r} has no commander and must decide "
                    f"({self._pending}); answer battle.pending with battle.decide()"
                )
            self.step()
            steps += 1
            if max_steps is not None and steps >= max_steps and not self.finished:
                raise BattleStateError(
                    f"battle not finished after {count(max_steps, 'step')}")
        assert self._outcome is not None
        return self._outcome

    # -- saving ---------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Everything needed to rebuild this battle exactly: see :meth:`Ruleset.restore`."""
        saved = {
            "format": SAVE_FORMAT,
            "ruleset": str(self.ruleset),
            "revision": self.ruleset.revision,
            "scenario": self.scenario.name,
            "scenario_data": _plain(self.scenario.data),
            "seed": self.seed,
            "decisions": list(self._history),
            "advances": self._advances,
        }
        if self._reseeds:
            saved["reseeds"] = [list(r) for r in self._reseeds]
        return saved

    # -- clones -----------------------------------------------------------------------------
    def clone(self, reseed: int | None = None) -> Battle:
        """An independent battle at this same point — the same state, log, standings and
        pending decision, and the same commanders — to be played on without touching this
        one.

        ``reseed``: every die rolled after this point, the game's and each commander's,
        comes from the streams of ``reseed`` instead of this battle's own, so a commander
        searching ahead cannot see this battle's future rolls (see :meth:`reseed`).
        The clone is rebuilt by replaying the decisions taken so far (:meth:`replay`),
        which costs about half of playing the battle to here; a ruleset may override
        this with a copy of its state."""
        twin = self.ruleset.battle_class(self.ruleset, self.scenario, seed=self.seed,
                                         commanders=self.commanders)
        twin.replay(self._history, self._advances, self._reseeds)
        if reseed is not None:
            twin.reseed(reseed)
        return twin

    def reseed(self, seed: int) -> None:
        """Roll every later die — the game's and each side's commander's — from the
        streams of ``seed`` (the same ``seed`` at the same point gives the same rolls,
        whatever this battle's own seed). Kept in :meth:`to_dict`, so a reseeded battle
        saves and restores as it was played."""
        if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or seed < 0:
            raise BattleStateError(f"a reseed must be a non-negative int, got {seed!r}")
        self._reseeds.append((self._advances, int(seed)))
        game, commander = np.random.SeedSequence([int(seed), _RESEED]).spawn(2)
        self.dice.reseed(game)
        for dice, stream in zip(self._commander_dice.values(),
                                commander.spawn(len(self.sides)), strict=True):
            dice.reseed(stream)

    def replay(self, decisions: Sequence[int], advances: int,
               reseeds: Sequence[tuple[int, int]] = ()) -> None:
        """Drive a fresh battle through recorded decisions (and reseeds, each at the
        point it took effect) to the same point."""
        if self._advances:
            raise BattleStateError("replay() needs a battle that has not started")
        queue = list(decisions)
        later = sorted((int(at), int(seed)) for at, seed in reseeds)
        while self._advances < advances:
            while later and later[0][0] <= self._advances:
                self.reseed(later.pop(0)[1])
            if self.finished:
                raise AncientsError("replay diverged: the battle ended early")
            if self._pending is None:
                self._advance(None)
                continue
            if not queue:
                raise AncientsError("replay diverged: ran out of recorded decisions")
            index = queue.pop(0)
            if not 0 <= index < len(self._pending.options):
                raise AncientsError(
                    f"replay diverged: recorded choice {index} for '{self._pending}' "
                    f"which has {count(len(self._pending.options), 'option')}"
                )
            self._answer_index(index)
        if queue:
            raise AncientsError(
                f"replay diverged: {count(len(queue), 'recorded decision')} left over")
        for _, seed in later:  # reseeded where the recording stopped
            self.reseed(seed)

    def __repr__(self) -> str:
        state = "finished" if self.finished else f"turn {self.turn}, {self.phase}"
        name = type(self).__name__
        return f"<{name} {self.ruleset} {self.scenario.name!r} seed={self.seed}: {state}>"


def _plain(value: Any) -> Any:
    """A JSON-friendly deep copy of a scenario document."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value
