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

import attrs

from ancients.dice import Dice, DiceSpec
from ancients.errors import RuleError
from ancients.hoplomachia._tables import (
    Provenance,
    Source,
    by_level,
    dice_spec,
    document,
    enum_of,
    keyed,
    lookup,
    members,
)
from ancients.hoplomachia.strategoi import CharacterEffect
from ancients.hoplomachia.troops import Epilektoi, UnitCard
from ancients.hoplomachia.vocabulary import AreteLevel
from ancients.morale import Modifier, MoraleTest

__all__ = ["AndreiaChart", "AndreiaCheck", "AndreiaLine", "AndreiaOutcome", "AndreiaResult",
           "AndreiaRules", "Trigger", "TriggerRule", "andreia_check", "check_for", "load_andreia",
           "phobos_difference"]


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


class Trigger(enum.StrEnum):
    """What causes an Andreia check."""

    STOPPING_PURSUIT = "stopping_pursuit"
    RALLYING = "rallying"  # horse that outdistanced its pursuers
    CHARGING = "charging"
    CHARGED = "charged"
    MELEE_RESULT = "melee_result"  # pushed back or broken into
    LOCHOI_ROUTED = "lochoi_routed"  # the taxis lost lochoi to rout
    STRATEGOS_LOST = "strategos_lost"
    NEIGHBOUR_ROUTED = "neighbour_routed"  # saw a neighbouring taxis rout
    PASSED_THROUGH = "passed_through"  # routers or evaders passed through it
    HOME_TAXIS_ROUTED = "home_taxis_routed"  # allied taxeis, once, when a Home taxis routs


@attrs.frozen
class TriggerRule:
    """The line a trigger's check is read on, whether the Phobos difference of the enemy
    unit causing it is added, and whether the tester is the unit charged."""

    trigger: Trigger
    line: AndreiaLine
    phobos: bool
    charged: bool


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
    triggers: Mapping[Trigger, TriggerRule]
    charts: Mapping[str, AndreiaChart]
    provenance: Provenance
    source: str | None = None

    def chart(self, name: str) -> AndreiaChart:
        return lookup(self.charts, name, "Andreia chart", "the charts are")


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
        raise RuleError("only the Charging line has a charged unit")
    if adjust and epilektoi is None:
        raise RuleError("only Epilektoi may adjust the roll")
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


def check_for(rules: AndreiaRules, card: UnitCard, trigger: Trigger, level: AreteLevel, *,
              enemy: UnitCard | None = None, strategos: CharacterEffect | None = None,
              epilektoi: Epilektoi | None = None, adjust: int = 0,
              modifiers: Sequence[Modifier] = ()) -> AndreiaCheck:
    """Hoplomachia, Andreia: the check ``trigger`` causes, on its line; the Phobos
    difference of ``enemy`` counts only for a direct interaction with an enemy unit."""
    rule = rules.triggers[trigger]
    return andreia_check(rules, card, rule.line, level, charged=rule.charged,
                         enemy=enemy if rule.phobos else None, strategos=strategos,
                         epilektoi=epilektoi, adjust=adjust, modifiers=modifiers)


def load_andreia(override: Source = "") -> AndreiaRules:
    """Read the Andreia charts (``andreia.toml`` or a replacement)."""
    doc = document("andreia.toml", override)
    doc.check_keys(["reconstructed", "reason", "check", "passed", "trigger", "chart"])
    cf = doc["check"].check_keys(["dice", "reconstructed", "reason"])
    Provenance.of(cf)
    pf = doc["passed"].check_keys([*AndreiaLine, "charged", "reconstructed", "reason"])
    Provenance.of(pf)
    passed = {str(line): enum_of(pf[str(line)], AndreiaResult) for line in AndreiaLine}
    passed["charged"] = enum_of(pf["charged"], AndreiaResult)
    tf = doc["trigger"]
    Provenance.of(tf)
    triggers = {}
    for t, f in members(tf, Trigger).items():
        f.check_keys(["line", "phobos", "charged"])
        triggers[t] = TriggerRule(t, enum_of(f["line"], AndreiaLine), f["phobos"].as_bool(),
                                  f["charged"].as_bool())
        if triggers[t].charged and triggers[t].line is not AndreiaLine.CHARGING:
            raise f["charged"].error("only the Charging line has a charged unit")
    charts = {}
    for name, f in doc["chart"].entries():
        f.check_keys([*AndreiaLine, "reconstructed", "reason"])
        lines = keyed(f, AndreiaLine, lambda cells: by_level(
            cells, lambda c: enum_of(c, AndreiaResult)))
        charts[name] = AndreiaChart(name, lines, Provenance.of(f))
    return AndreiaRules(dice_spec(cf["dice"]), passed, triggers, charts, Provenance.of(doc),
                        doc.source)
