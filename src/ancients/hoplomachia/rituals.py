"""The rituals that add to (or take from) an army's Arete: before the battle Breakfast,
Hieres (the formal sacrifice: tries to reach a target number by situation) and Rhetoria
(the hegemon's speech); in battle the Paean after an approach signal (the Spartans'
Grim Resolve instead, draining the enemy) and the Sphagia when the first charge is
declared. Loaded from ``data/rituals.toml``.

>>> from ancients.hoplomachia.rules import default_rules
>>> r = default_rules().rituals
>>> r.breakfast.points_for("athenian"), r.breakfast.points_for("thracian")
(2, 4)
>>> r.hieres.odds(7)[3]  # the target met on the first try
Fraction(7, 12)
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

import attrs

from ancients.dice import Dice, DiceSpec, pmf
from ancients.errors import RuleError
from ancients.hoplomachia._tables import (
    DieChart,
    Provenance,
    Source,
    dice_spec,
    die_chart,
    document,
    keyed,
)
from ancients.hoplomachia.strategoi import CharacterEffect
from ancients.hoplomachia.vocabulary import Role
from ancients.scenario import Field

__all__ = ["Breakfast", "GrimResolve", "Hieres", "HieresResult", "Paean", "Rhetoria",
           "Rituals", "Sphagia", "load_rituals"]


def _points(f: Field) -> int:
    return int(f.as_int(min=-20, max=20))


@attrs.frozen
class Breakfast:
    """Hoplomachia, Preparation: Breakfast adds points (more for some nations)."""

    points: int
    nations: Mapping[str, int]
    provenance: Provenance

    def points_for(self, nation: str) -> int:
        # Hoplomachia, Preparation (Breakfast)
        return self.nations.get(nation, self.points)


@attrs.frozen
class HieresResult:
    """The sacrifice: the tries it took (None: every try failed), the rolls, the points."""

    tries: int | None
    rolls: tuple[int, ...]
    points: int


@attrs.frozen
class Hieres:
    """Hoplomachia, Preparation: roll ``dice`` until the total reaches the target number;
    the try that succeeds sets the points gained or lost."""

    dice: DiceSpec
    points: tuple[int, ...]  # by the try that succeeds: 1st, 2nd, ...
    failed: int  # every try failed
    default_target: int
    targets: Mapping[str, Mapping[Role, int]]  # by situation
    provenance: Provenance

    def target(self, situation: str | None, role: Role) -> int:
        """The target number for a side in a situation (the default with none)."""
        # Hoplomachia, Preparation (Hieres)
        if situation is None:
            return self.default_target
        row = self.targets.get(situation)
        if row is None:
            raise RuleError(f"no Hieres target for situation {situation!r}; the "
                            f"situations are: {', '.join(self.targets)}")
        return row[role]

    def roll(self, target: int, dice: Dice, who: str) -> HieresResult:
        # Hoplomachia, Preparation (Hieres)
        rolls = []
        for n in range(1, len(self.points) + 1):
            rolls.append(dice.roll(self.dice, f"Hieres try {n}: {who}"))
            if rolls[-1] >= target:
                return HieresResult(n, tuple(rolls), self.points[n - 1])
        return HieresResult(None, tuple(rolls), self.failed)

    def odds(self, target: int) -> dict[int, Fraction]:
        """Exact probability of each number of points."""
        hit = sum((p for t, p in pmf(self.dice).items() if t >= target), Fraction(0))
        out: dict[int, Fraction] = {}
        miss = Fraction(1)
        for pts in self.points:
            out[pts] = out.get(pts, Fraction(0)) + miss * hit
            miss *= 1 - hit
        out[self.failed] = out.get(self.failed, Fraction(0)) + miss
        return out


@attrs.frozen
class Rhetoria:
    """Hoplomachia, Preparation: the hegemon's speech on the oratory table, on his
    nation's column, or his character's (Crafty, or the erratic Demagogue)."""

    columns: Mapping[str, DieChart[int]]
    provenance: Provenance

    def column(self, nation: str, character: CharacterEffect | None) -> str:
        # Hoplomachia, Preparation (Rhetoria)
        if character is not None and character.oratory:
            return character.oratory
        if nation not in self.columns:
            raise RuleError(f"no oratory column for nation {nation!r}")
        return nation

    def roll(self, nation: str, character: CharacterEffect | None, dice: Dice, who: str) -> int:
        # Hoplomachia, Preparation (Rhetoria)
        return self.columns[self.column(nation, character)].roll(dice, f"Rhetoria: {who}")[1]

    def odds(self, nation: str, character: CharacterEffect | None) -> dict[int, Fraction]:
        return self.columns[self.column(nation, character)].odds()


@attrs.frozen
class Paean:
    """Hoplomachia, Arete in battle: the Paean sung after an approach signal (not by
    the silent nations)."""

    chart: DieChart[int]
    silent: frozenset[str]
    provenance: Provenance

    def sings(self, nation: str) -> bool:
        # Hoplomachia, Arete in battle (Paean)
        return nation not in self.silent

    def roll(self, dice: Dice, who: str) -> int:
        # Hoplomachia, Arete in battle (Paean)
        return self.chart.roll(dice, f"Paean: {who}")[1]


@attrs.frozen
class GrimResolve:
    """Hoplomachia, Arete in battle: Spartans roll Grim Resolve instead of the Paean,
    draining the enemy's Arete (the chart gives the enemy's change)."""

    chart: DieChart[int]
    nations: frozenset[str]
    provenance: Provenance

    def roll(self, dice: Dice, who: str) -> int:
        # Hoplomachia, Arete in battle (Grim Resolve)
        return self.chart.roll(dice, f"Grim Resolve: {who}")[1]


@attrs.frozen
class Sphagia:
    """Hoplomachia, Arete in battle: the goat sacrificed when the first charge is
    declared."""

    chart: DieChart[int]
    provenance: Provenance

    def roll(self, dice: Dice, who: str) -> int:
        # Hoplomachia, Arete in battle (Sphagia)
        return self.chart.roll(dice, f"Sphagia: {who}")[1]


@attrs.frozen
class Rituals:
    breakfast: Breakfast
    hieres: Hieres
    rhetoria: Rhetoria
    paean: Paean
    grim_resolve: GrimResolve
    sphagia: Sphagia
    provenance: Provenance
    source: str | None = None

    def song(self, nation: str) -> Paean | GrimResolve | None:
        """What an army rolls after its approach signal: Grim Resolve (Spartans), the
        Paean, or nothing (a nation that sings none)."""
        # Hoplomachia, Arete in battle
        if nation in self.grim_resolve.nations:
            return self.grim_resolve
        return self.paean if self.paean.sings(nation) else None


def _chart(f: Field, key: str) -> DieChart[int]:
    return die_chart(f[key], dice_spec(f["dice"]), _points)


def load_rituals(override: Source = "") -> Rituals:
    """Read the rituals' tables (``rituals.toml`` or a replacement)."""
    doc = document("rituals.toml", override)
    doc.check_keys(["reconstructed", "reason", "breakfast", "hieres", "rhetoria", "paean",
                    "grim_resolve", "sphagia"])
    bf = doc["breakfast"].check_keys(["points", "nations", "reconstructed", "reason"])
    breakfast = Breakfast(_points(bf["points"]),
                          {n: _points(v) for n, v in bf["nations"].entries()}, Provenance.of(bf))
    hf = doc["hieres"].check_keys(["dice", "points", "failed", "default_target", "target",
                                   "reconstructed", "reason"])
    tf = hf["target"]
    Provenance.of(tf)
    targets = {s: keyed(row, Role, lambda v: int(v.as_int(min=0, max=40)))
               for s, row in tf.entries() if s not in ("reconstructed", "reason")}
    pts = tuple(_points(v) for v in hf["points"].items())
    if not pts:
        raise hf["points"].error("needs the points of at least one try")
    hieres = Hieres(dice_spec(hf["dice"]), pts, _points(hf["failed"]),
                    hf["default_target"].as_int(min=0, max=40), targets, Provenance.of(hf))
    rf = doc["rhetoria"].check_keys(["dice", "column", "reconstructed", "reason"])
    rdice = dice_spec(rf["dice"])
    Provenance.of(rf["column"])
    rhetoria = Rhetoria({n: die_chart(c, rdice, _points) for n, c in rf["column"].entries()
                         if n not in ("reconstructed", "reason")}, Provenance.of(rf))
    pf = doc["paean"].check_keys(["dice", "points", "silent", "reconstructed", "reason"])
    paean = Paean(_chart(pf, "points"), frozenset(v.as_str() for v in pf["silent"].items()),
                  Provenance.of(pf))
    gf = doc["grim_resolve"].check_keys(["dice", "nations", "enemy", "reconstructed", "reason"])
    grim = GrimResolve(_chart(gf, "enemy"), frozenset(v.as_str() for v in gf["nations"].items()),
                       Provenance.of(gf))
    sf = doc["sphagia"].check_keys(["dice", "points", "reconstructed", "reason"])
    return Rituals(breakfast, hieres, rhetoria, paean, grim, Sphagia(_chart(sf, "points"),
                   Provenance.of(sf)), Provenance.of(doc), doc.source)
