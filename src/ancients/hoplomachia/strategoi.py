"""Strategoi: how many an army has and their characters (Crafty, Promachos, Demagogue,
Fellow Hoplite) and what each does; the Hegemon's 2D6 vote; allied stances (Symmachos,
Automolos) and the Strategos Stance Chart; the strategos casualty chart. Loaded from
``data/strategoi.toml``.

>>> from ancients.hoplomachia.rules import default_rules
>>> s = default_rules().strategoi
>>> s.casualty_odds(CasualtyOccasion.MELEE, Character.PROMACHOS)
Fraction(5, 18)
>>> s.stance_odds(Stance.AUTOMOLOS, "charge")
Fraction(5, 12)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from fractions import Fraction

import attrs

from ancients.dice import Dice, DiceSpec, pmf
from ancients.hoplomachia._tables import (
    DieChart,
    Provenance,
    Source,
    dice_spec,
    die_chart,
    document,
    keyed,
    members,
)
from ancients.hoplomachia.rolloff import roll_off, roll_off_odds
from ancients.hoplomachia.vocabulary import ArmySize
from ancients.scenario import Field

__all__ = ["CasualtyOccasion", "Character", "CharacterEffect", "Fate", "Stance",
           "StrategoiRules", "load_strategoi"]


class Character(enum.StrEnum):
    CRAFTY = "crafty"  # as Odysseus
    PROMACHOS = "promachos"
    DEMAGOGUE = "demagogue"
    FELLOW_HOPLITE = "fellow hoplite"


class Stance(enum.StrEnum):
    """An allied strategos's political stance."""

    SYMMACHOS = "symmachos"  # ally
    AUTOMOLOS = "automolos"  # deserter


class CasualtyOccasion(enum.StrEnum):
    """When a strategos's lochos puts him at risk."""

    UNDER_FIRE = "under fire"
    MELEE = "melee"
    PURSUED = "pursued"
    ROUTED = "routed"
    SLAUGHTERED = "slaughtered"


class Fate(enum.StrEnum):
    UNHURT = "unhurt"
    KILLED = "killed"


@attrs.frozen
class CharacterEffect:
    """What a character does: his vote modifier, his oratory column ("" for his
    nation's), whether he may call One Step More! and wins precedence at equal Arete,
    and his modifiers to Andreia charge rolls, Katastrophe rolls and casualty rolls."""

    character: Character
    vote: int
    oratory: str
    one_step_more: bool
    precedence: bool
    andreia_charging: int
    katastrophe: int
    casualty: int
    provenance: Provenance


@attrs.frozen
class StrategoiRules:
    """The strategoi's tables."""

    count: Mapping[ArmySize, DieChart[int]]
    characters: Mapping[str, DieChart[Character]]  # by nation; "default" for the rest
    effects: Mapping[Character, CharacterEffect]
    vote_dice: DiceSpec
    stance: DieChart[Stance]
    stance_dice: DiceSpec
    stance_chart: Mapping[str, Mapping[Stance, int]]  # by order (a signal, or "verbal order")
    casualty_dice: DiceSpec
    killed: Mapping[CasualtyOccasion, int]
    hegemon_replaced_after: int
    provenance: Provenance
    source: str | None = None

    def effect(self, character: Character) -> CharacterEffect:
        return self.effects[character]

    def character_chart(self, nation: str) -> DieChart[Character]:
        return self.characters.get(nation, self.characters["default"])

    # -- rolled before the battle ------------------------------------------------------
    def roll_count(self, size: ArmySize, dice: Dice, who: str) -> int:
        """Hoplomachia, Army generation: the number of strategoi is rolled."""
        return self.count[size].roll(dice, f"strategoi: {who}")[1]

    def roll_character(self, nation: str, dice: Dice, who: str) -> Character:
        """Hoplomachia, Army generation: each strategos's character is rolled."""
        return self.character_chart(nation).roll(dice, f"character: {who}")[1]

    def roll_stance(self, dice: Dice, who: str) -> Stance:
        """Hoplomachia, Army generation: allies roll their political stance."""
        return self.stance.roll(dice, f"stance: {who}")[1]

    # -- the Hegemon's vote ----------------------------------------------------------------
    def vote(self, candidates: Sequence[Character], dice: Dice, names: Sequence[str]) -> int:
        """Hoplomachia, Army generation: the Hegemon chosen by a 2D6 vote (+1 Crafty, +2
        Demagogue), the highest total, ties rolled again: the winner's index."""
        mods = [self.effects[c].vote for c in candidates]
        return roll_off(mods, self.vote_dice, dice, [f"Hegemon vote: {n}" for n in names])

    def vote_odds(self, candidates: Sequence[Character]) -> tuple[Fraction, ...]:
        """Exact probability that each candidate is voted Hegemon."""
        return roll_off_odds([self.effects[c].vote for c in candidates], self.vote_dice)

    # -- stance test --------------------------------------------------------------------------
    def stance_number(self, stance: Stance, order: str) -> int | None:
        """The Strategos Stance Chart's test number for an order (None: the order is not
        tested)."""
        # Hoplomachia, Strategoi (Stance Chart)
        row = self.stance_chart.get(order)
        return None if row is None else row[stance]

    def stance_test(self, stance: Stance, order: str, dice: Dice, who: str) -> bool:
        """Hoplomachia, Strategoi: an allied strategos given a tested order obeys on 2D6
        equal to or under the test number; above it he withdraws all his troops."""
        number = self.stance_number(stance, order)
        if number is None:
            return True
        return dice.roll(self.stance_dice, f"stance test ({order}): {who}") <= number

    def stance_odds(self, stance: Stance, order: str) -> Fraction:
        """Exact probability that the strategos obeys."""
        number = self.stance_number(stance, order)
        if number is None:
            return Fraction(1)
        return sum((p for t, p in pmf(self.stance_dice).items() if t <= number), Fraction(0))

    # -- casualties ------------------------------------------------------------------------------
    def casualty(self, occasion: CasualtyOccasion, character: Character, dice: Dice,
                 who: str) -> Fate:
        """Hoplomachia, Strategoi: a strategos whose lochos is under fire, in melee,
        pursued, routed or slaughtered rolls on the casualty chart (Promachos +2)."""
        total = dice.roll(self.casualty_dice, f"strategos casualty ({occasion}): {who}")
        return self._fate(occasion, total + self.effects[character].casualty)

    def casualty_odds(self, occasion: CasualtyOccasion, character: Character) -> Fraction:
        """Exact probability that the strategos is killed."""
        mod = self.effects[character].casualty
        return sum((p for t, p in pmf(self.casualty_dice).items()
                    if self._fate(occasion, t + mod) is Fate.KILLED), Fraction(0))

    def _fate(self, occasion: CasualtyOccasion, total: int) -> Fate:
        return Fate.KILLED if total >= self.killed[occasion] else Fate.UNHURT


def _effect(character: Character, f: Field) -> CharacterEffect:
    f.check_keys(["vote", "oratory", "one_step_more", "precedence", "andreia_charging",
                  "katastrophe", "casualty", "reconstructed", "reason"])
    return CharacterEffect(character, f["vote"].as_int(), f["oratory"].as_str(),
                           f["one_step_more"].as_bool(), f["precedence"].as_bool(),
                           f["andreia_charging"].as_int(), f["katastrophe"].as_int(),
                           f["casualty"].as_int(), Provenance.of(f))


def load_strategoi(override: Source = "") -> StrategoiRules:
    """Read the strategoi's tables (``strategoi.toml`` or a replacement)."""
    doc = document("strategoi.toml", override)
    doc.check_keys(["reconstructed", "reason", "count", "character", "effect", "vote",
                    "stance", "stance_chart", "casualty", "hegemon"])
    cf = doc["count"]
    Provenance.of(cf)
    cdice = dice_spec(cf["dice"])
    count = keyed(_without(cf, "dice"), ArmySize,
                  lambda f: die_chart(f, cdice, lambda v: int(v.as_int(min=1, max=20))))
    chf = doc["character"].check_keys(["dice", "column", "reconstructed", "reason"])
    Provenance.of(chf)
    chdice = dice_spec(chf["dice"])
    characters = {nation: die_chart(col, chdice, lambda v: v.enum(Character))
                  for nation, col in chf["column"].entries()}
    if "default" not in characters:
        raise chf["column"].error("needs a 'default' column")
    effects = {c: _effect(c, f) for c, f in members(doc["effect"], Character).items()}
    vf = doc["vote"]
    Provenance.of(vf)
    sf = doc["stance"].check_keys(["dice", "values", "reconstructed", "reason"])
    Provenance.of(sf)
    stance = die_chart(sf["values"], dice_spec(sf["dice"]), lambda v: v.enum(Stance))
    scf = doc["stance_chart"].check_keys(["dice", *Stance, "reconstructed", "reason"])
    Provenance.of(scf)
    numbers: dict[Stance, dict[str, int]] = {}
    stances = Field({k: v for k, v in scf.table().value.items() if k in set(Stance)},
                    scf.path, scf.source)
    for which, nf in members(stances, Stance).items():
        Provenance.of(nf)
        numbers[which] = {o: int(v.as_int(min=0, max=40)) for o, v in nf.entries()
                          if o not in ("reconstructed", "reason")}
    orders = list(numbers[Stance.SYMMACHOS])
    if any(list(n) != orders for n in numbers.values()):
        raise scf.error("each stance needs a number for the same orders")
    chart = {o: {s: numbers[s][o] for s in Stance} for o in orders}
    kf = doc["casualty"].check_keys(["dice", "killed", "reconstructed", "reason"])
    Provenance.of(kf)
    killed = keyed(kf["killed"], CasualtyOccasion, lambda v: int(v.as_int()))
    hf = doc["hegemon"].check_keys(["replaced_after", "reconstructed", "reason"])
    Provenance.of(hf)
    return StrategoiRules(count, characters, effects, dice_spec(vf["dice"]), stance,
                          dice_spec(scf["dice"]), chart, dice_spec(kf["dice"]), killed,
                          hf["replaced_after"].as_int(min=0), Provenance.of(doc), doc.source)


def _without(f: Field, *keys: str) -> Field:
    """A table field without some of its keys (read apart)."""
    return Field({k: v for k, v in f.table().value.items() if k not in keys}, f.path, f.source)
