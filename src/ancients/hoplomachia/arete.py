"""Arete: each army's points on its nation's track, the level they give (Eager, Firm,
Unsteady, Shaken), the changes in play, withdrawal below zero, and the Arete sequence
(precedence each phase). Loaded from ``data/arete.toml``.

>>> from ancients.hoplomachia.rules import default_rules
>>> rules = default_rules()
>>> sparta = rules.arete.start("spartan", 9)
>>> sparta.level
<AreteLevel.FIRM: 'firm'>
>>> sparta = sparta.suffer(rules.arete, AreteEvent.SENIOR_TAXIS_ROUTED)
>>> sparta.points, sparta.level
(4, <AreteLevel.UNSTEADY: 'unsteady'>)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Literal

import attrs

from ancients.dice import Dice, DiceSpec, pmf
from ancients.hoplomachia._tables import (
    Provenance,
    Source,
    dice_spec,
    document,
    lookup,
    require,
)
from ancients.hoplomachia.rolloff import roll_off, roll_off_odds
from ancients.hoplomachia.vocabulary import AreteLevel, Category
from ancients.scenario import Field

__all__ = ["AreteChange", "AreteEntry", "AreteEvent", "AreteRules", "AreteTrack",
           "NationTrack", "arete_sequence", "load_arete", "precedence_odds"]

CraftyPrecedence = Literal["tie", "point"]


class AreteEvent(enum.StrEnum):
    """The events in play that change an army's Arete."""

    LOCHOS_ROUTED = "lochos_routed"
    SENIOR_TAXIS_ROUTED = "senior_taxis_routed"
    STRATEGOS_KILLED = "strategos_killed"
    FLANK_ENVELOPED = "flank_enveloped"
    PHALANX_IN_RETREAT = "phalanx_in_retreat"
    PHALANX_UNDER_FIRE = "phalanx_under_fire"
    EKDROMOI_LOST = "ekdromoi_lost"

    @property
    def words(self) -> str:
        return self.value.replace("_", " ")


@attrs.frozen
class NationTrack:
    """A nation's Arete track: the fewest points of each level (Shaken from the
    withdrawal limit up) and the dice of its base Arete roll."""

    nation: str
    eager: int
    firm: int
    unsteady: int
    base: DiceSpec
    provenance: Provenance

    def level(self, points: int) -> AreteLevel:
        """The level of a number of points (Shaken at and below the lowest band)."""
        # Hoplomachia, Arete: the level is the state the accumulated points give
        if points >= self.eager:
            return AreteLevel.EAGER
        if points >= self.firm:
            return AreteLevel.FIRM
        if points >= self.unsteady:
            return AreteLevel.UNSTEADY
        return AreteLevel.SHAKEN

    def base_odds(self) -> dict[AreteLevel, Fraction]:
        """Exact probability of each level on the base Arete roll alone."""
        out = dict.fromkeys(AreteLevel, Fraction(0))
        for total, p in pmf(self.base).items():
            out[self.level(total)] += p
        return out


@attrs.frozen
class AreteChange:
    """What an event does to the army that suffers it (``own``) and to its enemy;
    ``per_turn`` events count once a turn while they last; ``applies_to`` limits a
    unit event to those categories."""

    event: AreteEvent
    own: int
    enemy: int
    per_turn: bool
    applies_to: frozenset[Category] | None
    provenance: Provenance


@attrs.frozen
class AreteEntry:
    """One change of an army's points, and why."""

    reason: str
    points: int

    def __str__(self) -> str:
        return f"{self.points:+d} {self.reason}"


@attrs.frozen
class AreteRules:
    """The nations' tracks, the changes in play, the withdrawal limit and the
    precedence roll."""

    tracks: Mapping[str, NationTrack]
    changes: Mapping[AreteEvent, AreteChange]
    withdraw_below: int
    precedence_roll: DiceSpec
    crafty_point: int  # the Crafty side's extra point under the "point" reading
    provenance: Provenance
    source: str | None = None

    def track(self, nation: str) -> NationTrack:
        return lookup(self.tracks, nation, "Arete track for nation", "the tracks are")

    def start(self, nation: str, points: int, reason: str = "base Arete") -> AreteTrack:
        """An army's track at ``points`` (a scenario's base Arete, or a rolled one)."""
        return AreteTrack(self.track(nation), 0, self.withdraw_below).add(points, reason)

    def roll_base(self, nation: str, dice: Dice, who: str) -> AreteTrack:
        """Hoplomachia, Preparation: the army's base Arete is rolled."""
        track = self.track(nation)
        return self.start(nation, dice.roll(track.base, f"base Arete: {who}"))


@attrs.frozen
class AreteTrack:
    """An army's Arete now: its nation's track, its points, the record of changes.
    Operations return a new track."""

    track: NationTrack
    points: int
    withdraw_below: int
    history: tuple[AreteEntry, ...] = ()

    @property
    def nation(self) -> str:
        return self.track.nation

    @property
    def level(self) -> AreteLevel:
        return self.track.level(self.points)

    @property
    def withdraws(self) -> bool:
        """Hoplomachia, End of battle: an army whose points fall below zero withdraws."""
        return self.points < self.withdraw_below

    def add(self, points: int, reason: str) -> AreteTrack:
        """The track after gaining (or losing) ``points``."""
        if not points:
            return self
        return attrs.evolve(self, points=self.points + points,
                            history=(*self.history, AreteEntry(reason, points)))

    def suffer(self, rules: AreteRules, event: AreteEvent, count: int = 1) -> AreteTrack:
        """Hoplomachia, Arete in play: the army suffers ``event`` ``count`` times."""
        require(count >= 0, f"an event happens a whole number of times, not {count}")
        change = rules.changes[event]
        return self.add(change.own * count, f"{event.words} x{count}" if count != 1
                        else event.words)

    def enemy_suffered(self, rules: AreteRules, event: AreteEvent, count: int = 1) -> AreteTrack:
        """Hoplomachia, Arete in play: the matching gain when the enemy suffers ``event``."""
        require(count >= 0, f"an event happens a whole number of times, not {count}")
        change = rules.changes[event]
        words = f"enemy {event.words}"
        return self.add(change.enemy * count, f"{words} x{count}" if count != 1 else words)

    def __str__(self) -> str:
        return f"{self.points} ({self.level})"


def arete_sequence(tracks: Sequence[AreteTrack], crafty: Sequence[bool], rules: AreteRules,
                   dice: Dice, names: Sequence[str],
                   reading: CraftyPrecedence = "tie") -> int:
    """Hoplomachia, Arete sequence: the index of the side with precedence this phase.
    Compare level, then points; if equal, a side with a Crafty hegemon (``reading``
    "tie"; "point": the Crafty side counts a point more); otherwise roll off."""
    keys = _keys(tracks, crafty, reading, rules.crafty_point)
    best = max(keys)
    leaders = [i for i, k in enumerate(keys) if k == best]
    if len(leaders) == 1:
        return leaders[0]
    if reading == "tie":
        wily = [i for i in leaders if crafty[i]]
        if len(wily) == 1:
            return wily[0]
    who = [f"Arete sequence roll-off: {names[i]}" for i in leaders]
    return leaders[roll_off([0] * len(leaders), rules.precedence_roll, dice, who)]


def precedence_odds(tracks: Sequence[AreteTrack], crafty: Sequence[bool], rules: AreteRules,
                    reading: CraftyPrecedence = "tie") -> tuple[Fraction, ...]:
    """Exact probability that each side has precedence."""
    keys = _keys(tracks, crafty, reading, rules.crafty_point)
    best = max(keys)
    leaders = [i for i, k in enumerate(keys) if k == best]
    if reading == "tie":
        wily = [i for i in leaders if crafty[i]]
        if len(wily) == 1:
            leaders = wily
    odds = roll_off_odds([0] * len(leaders), rules.precedence_roll)
    out = [Fraction(0)] * len(tracks)
    for i, p in zip(leaders, odds, strict=True):
        out[i] = p
    return tuple(out)


def _keys(tracks: Sequence[AreteTrack], crafty: Sequence[bool], reading: CraftyPrecedence,
          point: int) -> list[tuple[int, int]]:
    require(len(tracks) == len(crafty) >= 2, "precedence is between two or more armies, "
            "each with a Crafty flag")
    require(reading in ("tie", "point"), f"crafty_precedence is 'tie' or 'point', not "
            f"{reading!r}")
    bonus = point if reading == "point" else 0
    return [(-t.level.rank, t.points + (bonus if c else 0)) for t, c in zip(tracks, crafty,
                                                                            strict=True)]


def _change(event: AreteEvent, f: Field) -> AreteChange:
    f.check_keys(["own", "enemy", "per_turn", "applies_to", "reconstructed", "reason"])
    applies = None
    if not f.get("applies_to").missing:
        applies = frozenset(c.enum(Category) for c in f["applies_to"].items())
    return AreteChange(event, f["own"].as_int(), f["enemy"].as_int(), f["per_turn"].as_bool(),
                       applies, Provenance.of(f))


def load_arete(override: Source = "") -> AreteRules:
    """Read the Arete tracks and changes (``arete.toml`` or a replacement)."""
    doc = document("arete.toml", override)
    doc.check_keys(["reconstructed", "reason", "withdraw", "track", "change", "precedence"])
    wf = doc["withdraw"].check_keys(["below", "reconstructed", "reason"])
    Provenance.of(wf)
    withdraw = wf["below"].as_int()
    tracks: dict[str, NationTrack] = {}
    for nation, f in doc["track"].entries():
        f.check_keys(["eager", "firm", "unsteady", "base", "reconstructed", "reason"])
        t = NationTrack(nation, f["eager"].as_int(), f["firm"].as_int(), f["unsteady"].as_int(),
                        dice_spec(f["base"]), Provenance.of(f))
        if not t.eager > t.firm > t.unsteady > withdraw:
            raise f.error(f"levels must fall: eager > firm > unsteady > {withdraw}")
        tracks[nation] = t
    changes: dict[AreteEvent, AreteChange] = {}
    for key, f in doc["change"].entries():
        event = Field(key, f.path, f.source).enum(AreteEvent)
        changes[event] = _change(event, f)
    missing = [e.value for e in AreteEvent if e not in changes]
    if missing:
        raise doc["change"].error(f"missing {', '.join(missing)}")
    pf = doc["precedence"].check_keys(["roll", "crafty_point", "reconstructed", "reason"])
    Provenance.of(pf)
    return AreteRules(tracks, changes, withdraw, dice_spec(pf["roll"]),
                      pf["crafty_point"].as_int(min=0), Provenance.of(doc), doc.source)
