"""Andreia checks: 2D6 equal to or under the card's Andreia number plus the Arete
modifier passes; the Phobos difference (when an enemy unit causes the check), a
Promachos (charge rolls), a Demagogue (Katastrophe rolls) and an Epilektoi adjustment
are added to the roll; a failure is read on the check's line of the unit's chart by the
army's Arete level. Loaded from ``data/andreia.toml``.

>>> from ancients.hoplomachia.rules import default_rules
>>> rules = default_rules()
>>> cards = rules.cards
>>> check = andreia_check(rules.andreia, cards["athenian"], AndreiaLine.CHARGING,
...                       AreteLevel.FIRM, charged=True, enemy=cards["spartiates"])
>>> check.target, check.roll_modifier, check.probability()
(8, 2, Fraction(5, 12))
>>> check.odds()[AndreiaResult.HALT]
Fraction(7, 12)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from fractions import Fraction
from pathlib import Path

import attrs

from ancients.dice import Dice, DiceSpec
from ancients.hoplomachia._tables import (
    Provenance,
    RulesInputError,
    by_level,
    dice_spec,
    document,
    enum_of,
    keyed,
)
from ancients.hoplomachia.strategoi import CharacterEffect
from ancients.hoplomachia.troops import Epilektoi, UnitCard
from ancients.hoplomachia.vocabulary import AreteLevel
from ancients.morale import Modifier, MoraleTest

__all__ = ["AndreiaChart", "AndreiaCheck", "AndreiaLine", "AndreiaOutcome", "AndreiaResult",
           "AndreiaRules", "andreia_check", "load_andreia", "phobos_difference"]


class AndreiaLine(enum.StrEnum):
    """The lines of an Andreia chart, by what triggers the check."""

    RECOVERING = "recovering"  # stopping a pursuit; horse rallying
    CHARGING = "charging"  # charging or being charged
    MELEE = "melee"  # receiving an Andreia melee result
    KATASTROPHE = "katastrophe"  # losses, strategos killed, friends routing


class AndreiaResult(enum.StrEnum):
    MAINTAIN = "maintain"
    RECOVER = "recover"
    PURSUE = "pursue"
    CHARGE = "charge"
    EVADE = "evade"
    HALT = "halt"
    DISARRAY = "disarray"
    ROUT = "rout"
    WORSE = "worse"  # one step worse than the unit's state: disarrayed, or routed if so


@attrs.frozen
class AndreiaChart:
    """A unit's Andreia check chart: the result of a failure on each line at each level."""

    name: str
    lines: Mapping[AndreiaLine, Mapping[AreteLevel, AndreiaResult]]
    provenance: Provenance

    def failure(self, line: AndreiaLine, level: AreteLevel) -> AndreiaResult:
        return self.lines[line][level]

    @property
    def results(self) -> frozenset[AndreiaResult]:
        return frozenset(r for cells in self.lines.values() for r in cells.values())


@attrs.frozen
class AndreiaRules:
    """The dice, the result of a pass on each line, and every Andreia chart."""

    dice: DiceSpec
    passed: Mapping[str, AndreiaResult]  # by line, and "charged" for a charged unit
    charts: Mapping[str, AndreiaChart]
    provenance: Provenance
    source: str | None = None

    def chart(self, name: str) -> AndreiaChart:
        found = self.charts.get(name)
        if found is None:
            raise RulesInputError(f"no Andreia chart {name!r}; the charts are: "
                                  f"{', '.join(self.charts)}")
        return found


def phobos_difference(enemy: UnitCard | int, tester: UnitCard | int) -> int:
    """Hoplomachia, Phobos: the enemy's Phobos less the tester's, if positive."""
    e = enemy.phobos if isinstance(enemy, UnitCard) else enemy
    t = tester.phobos if isinstance(tester, UnitCard) else tester
    return max(0, e - t)


@attrs.frozen
class AndreiaCheck:
    """One Andreia check, ready to roll or to give its exact odds."""

    line: AndreiaLine
    level: AreteLevel
    number: int  # the card's Andreia number
    arete_modifier: int  # the card's modifier at the army's level
    modifiers: tuple[Modifier, ...]  # added to the roll
    passed_result: AndreiaResult
    failed_result: AndreiaResult
    dice: DiceSpec

    @property
    def target(self) -> int:
        """The Andreia number plus the Arete modifier: the roll must not exceed it."""
        return self.number + self.arete_modifier

    @property
    def roll_modifier(self) -> int:
        return sum(m.value for m in self.modifiers)

    @property
    def test(self) -> MoraleTest:
        return MoraleTest(self.target, dice=self.dice, passes="at_most",
                          modifiers=self.modifiers)

    def probability(self) -> Fraction:
        """Exact probability of passing."""
        return self.test.exact_probability()

    def odds(self) -> dict[AndreiaResult, Fraction]:
        """Exact probability of each result."""
        p = self.probability()
        out = {self.passed_result: p}
        out[self.failed_result] = out.get(self.failed_result, Fraction(0)) + 1 - p
        return {r: q for r, q in out.items() if q}

    def roll(self, dice: Dice, who: str) -> AndreiaOutcome:
        r = self.test.roll(dice, f"Andreia check, {self.line}: {who}")
        return AndreiaOutcome(self, r.passed, r.natural, r.total,
                              self.passed_result if r.passed else self.failed_result)


@attrs.frozen
class AndreiaOutcome:
    check: AndreiaCheck
    passed: bool
    natural: int
    total: int
    result: AndreiaResult

    def __str__(self) -> str:
        mods = "".join(f" {m}" for m in self.check.modifiers)
        word = "passed" if self.passed else "failed"
        return (f"Andreia check ({self.check.line}) {word}: {self.check.dice} rolled "
                f"{self.natural}{mods} = {self.total} (<= {self.check.target}): {self.result}")


def andreia_check(rules: AndreiaRules, card: UnitCard, line: AndreiaLine, level: AreteLevel,
                  *, charged: bool = False, enemy: UnitCard | None = None,
                  strategos: CharacterEffect | None = None, epilektoi: Epilektoi | None = None,
                  adjust: int = 0, modifiers: Sequence[Modifier] = ()) -> AndreiaCheck:
    """Hoplomachia, Andreia: the check a unit of ``card`` takes on ``line`` at the
    army's ``level``. ``charged``: the unit is the target of a charge (Charging line);
    ``enemy``: the enemy unit that causes the check (its Phobos difference is added);
    ``strategos``: the character of the strategos with the unit (a Promachos's charge
    modifier, a Demagogue's Katastrophe modifier); ``epilektoi`` and ``adjust``: an
    Epilektoi unit's declared adjustment (a parameter of the check)."""
    if charged and line is not AndreiaLine.CHARGING:
        raise RulesInputError("only the Charging line has a charged unit")
    if adjust and epilektoi is None:
        raise RulesInputError("only Epilektoi may adjust the roll")
    chart = rules.chart(card.charts.andreia)
    mods = list(modifiers)
    if enemy is not None and (d := phobos_difference(enemy, card)):
        mods.append(Modifier(f"Phobos {enemy.phobos} against {card.phobos}", d))
    if strategos is not None:
        # Hoplomachia, Strategoi: Promachos -1 to charge rolls, Demagogue +1 Katastrophe
        if line is AndreiaLine.CHARGING and strategos.andreia_charging:
            mods.append(Modifier(str(strategos.character).capitalize(),
                                 strategos.andreia_charging))
        if line is AndreiaLine.KATASTROPHE and strategos.katastrophe:
            mods.append(Modifier(str(strategos.character).capitalize(), strategos.katastrophe))
    if epilektoi is not None and (m := epilektoi.modifier(adjust)) is not None:
        mods.append(m)
    passed = rules.passed["charged" if charged else str(line)]
    return AndreiaCheck(line, level, card.andreia, card.arete_modifier(level), tuple(mods),
                        passed, chart.failure(line, level), rules.dice)


def load_andreia(override: str | Path = "") -> AndreiaRules:
    """Read the Andreia charts (``andreia.toml`` or a replacement)."""
    doc = document("andreia.toml", override)
    doc.check_keys(["reconstructed", "reason", "dice", "passed", "chart"])
    pf = doc["passed"].check_keys([*AndreiaLine, "charged", "reconstructed", "reason"])
    Provenance.of(pf)
    passed = {str(line): enum_of(pf[str(line)], AndreiaResult) for line in AndreiaLine}
    passed["charged"] = enum_of(pf["charged"], AndreiaResult)
    charts = {}
    for name, f in doc["chart"].entries():
        f.check_keys([*AndreiaLine, "reconstructed", "reason"])
        lines = keyed(f, AndreiaLine, lambda cells: by_level(
            cells, lambda c: enum_of(c, AndreiaResult)))
        charts[name] = AndreiaChart(name, lines, Provenance.of(f))
    return AndreiaRules(dice_spec(doc["dice"]), passed, charts, Provenance.of(doc), doc.source)
