"""What a unit does on a morale-type roll: the results of the shaken, post-contact,
outnumbered, withdrawal, officer-loss, flank and rear attack tables, as data.

A :class:`Reaction` is one row of such a table: one or more :class:`Part` of the unit
("1/2 fights, 1/2 runs 1 move"), each with what it does, how far, which way it faces, and
for a unit cut down or routed the roll each figure makes and what becomes of it. A
:class:`ReactionTable` is a die table of reactions that says whether the morale
modifiers apply (Morale: staff officer, three-rank infantry, guards) and what guards,
who "never rout", do instead of running.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from fractions import Fraction

import attrs

from ancients.burgess._data import Provenance, die_table, faces, fraction
from ancients.burgess.counting import split
from ancients.dice import Dice, DiceSpec
from ancients.dietables import Better, DieTable, Faces, Rolled, binomial
from ancients.errors import RuleError
from ancients.scenario import Field

__all__ = ["Action", "Facing", "Fate", "Part", "Reaction", "ReactionTable", "reaction_table"]


class Action(enum.StrEnum):
    """What (part of) a unit does."""

    FIGHT = "fight"  # stays and fights, fights as normal, turns and fights, continues
    HOLD = "hold"  # stays where it is, as it was
    RALLY = "rally"  # rallies: stops, faces front, no longer shaken or running
    STEADY = "steady"  # passes its test
    SHAKEN = "shaken"  # becomes shaken
    FALL_BACK = "fall back"  # falls back in good order
    RUN = "run"  # routs: runs, and goes on running until it rallies
    SURRENDER = "surrender"  # every figure taken captive
    CUT_DOWN = "cut down"  # destroyed (its figures may survive as captives)
    SUPPORT_OR_SURRENDER = "fall back to support or surrender"


class Facing(enum.StrEnum):
    ENEMY = "facing the enemy"
    AWAY = "back to the enemy"


class Fate(enum.StrEnum):
    """What becomes of a figure of a unit cut down or routed."""

    KILLED = "killed"
    CAPTIVE = "captive"
    ESCAPED = "escaped"  # gets away with its unit


@attrs.frozen
class Part:
    """A part of a unit (``fraction`` of its figures) and what it does."""

    action: Action
    fraction: Fraction = Fraction(1)
    moves: int = 0
    double: bool = False
    facing: Facing | None = None
    save: Faces | None = None  # each figure rolls: on these faces it is `saved`,
    saved: Fate | None = None  # else `failed`
    failed: Fate | None = None

    @property
    def rout(self) -> bool:
        return self.action is Action.RUN

    def fates(self, figures: int, dice: Dice, reason: str) -> dict[Fate, int]:
        """Roll each of ``figures``' save (Hand to hand D; Special conditions): how many
        are saved and how many fail, by fate."""
        if self.save is None or self.saved is None or self.failed is None:
            raise RuleError(f"{self} has no save to roll")
        spec = DiceSpec(1, self.save.sides)
        kept = sum(dice.roll(spec, f"{reason} (figure {i + 1} of {figures}, {self.save} "
                                   f"{self.saved})") in self.save for i in range(figures))
        return _fates(self.saved, kept, self.failed, figures - kept)

    def fate_odds(self, figures: int) -> dict[int, Fraction]:
        """The exact distribution of the figures saved (the others fail) by :meth:`fates`."""
        if self.save is None:
            raise RuleError(f"{self} has no save to roll")
        return binomial(figures, self.save.probability)

    def __str__(self) -> str:
        words = [] if self.fraction == 1 else [f"{self.fraction} of the unit"]
        words.append(str(self.action))
        if self.moves:
            words.append(f"{self.moves} {'double ' if self.double else ''}move"
                         f"{'s' if self.moves > 1 else ''}")
        if self.facing is not None:
            words.append(str(self.facing))
        if self.save is not None:
            words.append(f"({self.save}: {self.saved}, else {self.failed})")
        return " ".join(words)


def _fates(saved: Fate, kept: int, failed: Fate, lost: int) -> dict[Fate, int]:
    out = dict.fromkeys(Fate, 0)
    out[saved] += kept
    out[failed] += lost
    return out


@attrs.frozen
class Reaction:
    """One row of a reaction table: the text's words and the parts of the unit."""

    text: str
    parts: tuple[Part, ...]

    @property
    def rout(self) -> bool:
        """Some of the unit runs."""
        return any(p.rout for p in self.parts)

    @property
    def action(self) -> Action:
        """What the largest part does (the whole unit's action, for a single part)."""
        return max(self.parts, key=lambda p: p.fraction).action

    def split(self, figures: int) -> tuple[int, ...]:
        """The figures of each part (the last part takes what rounding leaves)."""
        return split(figures, [p.fraction for p in self.parts])

    def __str__(self) -> str:
        return self.text


@attrs.frozen
class ReactionTable:
    """A die table of reactions. ``morale``: the morale modifiers apply (a bonus moves
    the roll towards ``table.better``); ``guards``: what a running part of guards does
    instead (Morale: guards never rout)."""

    table: DieTable[Reaction]
    morale: bool
    guards: Part | None

    @property
    def name(self) -> str:
        return self.table.name

    def _for(self, reaction: Reaction, guards: bool) -> Reaction:
        if not guards or self.guards is None or not reaction.rout:
            return reaction
        parts = tuple(attrs.evolve(self.guards, fraction=p.fraction) if p.rout else p
                      for p in reaction.parts)
        return Reaction(f"{reaction.text} (guards never rout: {self.guards})", parts)

    def modifier(self, bonus: int) -> int:
        """The bonus this table takes (none unless it is a morale throw)."""
        return bonus if self.morale else 0

    def result(self, natural: int, bonus: int = 0, guards: bool = False) -> Reaction:
        return self._for(self.table.result(natural, self.modifier(bonus)), guards)

    def odds(self, bonus: int = 0, guards: bool = False) -> dict[Reaction, Fraction]:
        """The exact chance of each reaction."""
        out: dict[Reaction, Fraction] = {}
        for r, p in self.table.odds(self.modifier(bonus)).items():
            r = self._for(r, guards)
            out[r] = out.get(r, Fraction(0)) + p
        return out

    def roll(self, dice: Dice, reason: str, bonus: int = 0,
             guards: bool = False) -> Rolled[Reaction]:
        rolled = self.table.roll(dice, reason, self.modifier(bonus))
        return Rolled(rolled.natural, rolled.face, self._for(rolled.result, guards))


_PART_KEYS = ["action", "fraction", "moves", "double", "facing", "save", "saved", "failed"]


def part(f: Field, die: int) -> Part:
    """One part of a reaction, from its TOML table."""
    f.check_keys(_PART_KEYS)
    save = f.get("save")
    p = Part(
        f["action"].enum(Action),
        fraction(f.get("fraction"), low=Fraction(0), high=Fraction(1))
        if not f.get("fraction").missing else Fraction(1),
        f.get("moves").as_int(0, min=0), f.get("double").as_bool(False),
        None if f.get("facing").missing else f["facing"].enum(Facing),
        None if save.missing else faces(save, die),
        None if f.get("saved").missing else f["saved"].enum(Fate),
        None if f.get("failed").missing else f["failed"].enum(Fate))
    if (p.save is None) != (p.saved is None) or (p.save is None) != (p.failed is None):
        raise f.error("a save needs its faces, `saved` and `failed` together")
    return p


def reaction(f: Field, die: int) -> Reaction:
    """A row: ``{text = ..., parts = [...]}``, or one part's keys beside ``text``."""
    f.check_keys(["text", "parts", *_PART_KEYS])
    text = f["text"].as_str()
    if f.get("parts").missing:
        only = {k: v for k, v in f.value.items() if k != "text"}
        return Reaction(text, (part(Field(only, f.path, f.source), die),))
    parts = tuple(part(p, die) for p in f["parts"].items())
    if not parts or sum((p.fraction for p in parts), Fraction(0)) != 1:
        raise f["parts"].error("the parts of a unit must add up to the whole unit")
    return Reaction(text, parts)


def reaction_table(f: Field, name: str, die: int,
                   extra: Mapping[str, object] | None = None) -> ReactionTable:
    """A reaction table: ``better`` (high, low or none), ``morale``, ``guards`` (a part),
    provenance and ``faces`` (rows keyed by faces)."""
    f.check_keys(["better", "morale", "guards", "faces", "reconstructed", "reason",
                  *(extra or {})])
    better = f.get("better").choice(["high", "low", "none"], "none")
    table = die_table(f, name, die, lambda row: reaction(row, die),
                      None if better == "none" else Better(better))
    guards = f.get("guards")
    Provenance.of(f)
    return ReactionTable(table, f["morale"].as_bool(),
                         None if guards.missing else part(guards, die))
