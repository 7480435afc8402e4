"""IV. Special conditions: the value of defences, their reduction by war engines (a face
that has lost half its value loses its defensive factor), and fire arrows (a blaze on a
6, burning until a 6 puts it out: engines destroyed in 3 or 5 turns, buildings a move per
6 points of value).

>>> face = Face(Defence.WALL)
>>> batter(face, Weapon.HEAVY_ENGINE, 1).cover
<Cover.OPEN: 'open'>
>>> burn_odds(Weapon.LIGHT_ENGINE)
{1: Fraction(1, 6), 2: Fraction(5, 36), 3: Fraction(25, 36)}
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from fractions import Fraction
from functools import cache

import attrs

from ancients.burgess._data import Provenance, Source, check, document, fraction, sides
from ancients.burgess.missiles import Cover, FireRules, engine_points, load_missiles
from ancients.burgess.troops import Unit, Weapon
from ancients.dice import Dice
from ancients.dietables import Check
from ancients.errors import RuleError

__all__ = [
    "Defence",
    "DefenceRules",
    "Face",
    "batter",
    "blaze_odds",
    "burn_odds",
    "burn_time",
    "burns_on",
    "fire_arrows",
    "hits_to_breach",
    "load_defences",
]


class Defence(enum.StrEnum):
    """The defences of the value table."""

    WALL = "wall"
    SMALL_BUILDING = "small building"
    MEDIUM_BUILDING = "medium building"
    LARGE_BUILDING = "large building"
    SMALL_BASTION = "small bastion"
    MEDIUM_BASTION = "medium bastion"
    LARGE_BASTION = "large bastion"
    FORTIFIED_SECTION = "fortified section"


@attrs.frozen
class DefenceData:
    defence: Defence
    value: int
    cover: Cover
    burns: bool
    provenance: Provenance


@attrs.frozen
class DefenceRules:
    """The defence and fire-arrow tables (``data/defences.toml``)."""

    fire: FireRules
    defences: Mapping[Defence, DefenceData]
    breach_lost: Fraction
    arrow_weapons: frozenset[Weapon]
    blaze: Check
    stop: Check
    engine_turns: Mapping[Weapon, int]
    building_per: int
    provenance: Provenance


@attrs.frozen
class Face:
    """One face of a defence and the points war engines have taken off it."""

    defence: Defence
    damage: int = 0
    rules: DefenceRules | None = attrs.field(default=None, eq=False, repr=False)

    @property
    def _data(self) -> DefenceData:
        return (self.rules or load_defences()).defences[self.defence]

    @property
    def value(self) -> int:
        """The points the face has left."""
        return max(self._data.value - self.damage, 0)

    @property
    def breached(self) -> bool:
        """It has lost its defensive factor (Special conditions: half its value lost)."""
        r = self.rules or load_defences()
        return self.damage >= r.breach_lost * self._data.value

    @property
    def cover(self) -> Cover:
        """The cover the face gives troops behind or in it."""
        return Cover.OPEN if self.breached else self._data.cover


# Special conditions: defences may be reduced by war engines
def batter(face: Face, weapon: Weapon, hits: int) -> Face:
    """The face after ``hits`` hits of a ``weapon`` engine."""
    r = face.rules or load_defences()
    if hits < 0:
        raise RuleError(f"{hits} engine hits on a {face.defence}")
    return attrs.evolve(face, damage=face.damage + hits * engine_points(weapon, r.fire))


def hits_to_breach(defence: Defence, weapon: Weapon, rules: DefenceRules | None = None) -> int:
    """The hits of a ``weapon`` engine that take a fresh face's defensive factor."""
    r = rules or load_defences()
    need = r.breach_lost * r.defences[defence].value
    points = engine_points(weapon, r.fire)
    return -(-need.numerator // (need.denominator * points))


# Special conditions: fire arrows, one die per volley group, a blaze on a 6
def fire_arrows(firer: Unit, target: str, dice: Dice, *, figures: int | None = None,
                rules: DefenceRules | None = None) -> bool:
    """Whether ``firer``'s fire arrows set ``target`` alight (its volley groups of the
    figures of its firing ranks, or of ``figures`` of them)."""
    r = rules or load_defences()
    if firer.weapon not in r.arrow_weapons:
        raise RuleError(f"{firer.name}: fire arrows are shot from "
                        f"{', '.join(sorted(r.arrow_weapons))}, not {firer.weapon}")
    t = r.fire.troops
    groups = t.volley_groups(t.firing_figures(firer) if figures is None else figures)[0]
    lit = False
    for g in range(groups):
        lit |= r.blaze.roll(dice, f"fire arrows: {firer.name} at {target} (group {g + 1} "
                                  f"of {groups})").result
    return lit


def blaze_odds(groups: int, rules: DefenceRules | None = None) -> Fraction:
    """The exact chance that ``groups`` volley groups of fire arrows start a blaze."""
    r = rules or load_defences()
    return 1 - (1 - r.blaze.probability()) ** groups


def burn_time(target: Weapon | Defence, rules: DefenceRules | None = None) -> int:
    """The turns a blaze takes to destroy ``target`` (an engine, or a building)."""
    r = rules or load_defences()
    if isinstance(target, Weapon):
        if target not in r.engine_turns:
            raise RuleError(f"a {target} does not burn")
        return r.engine_turns[target]
    data = r.defences[target]
    if not data.burns:
        raise RuleError(f"a {target} does not burn")
    return -(-data.value // r.building_per)


# Special conditions: the blaze continues until a 6 stops it
def burns_on(target: str, turn: int, dice: Dice, rules: DefenceRules | None = None) -> bool:
    """Roll for a blaze at the start of its ``turn``-th turn (2 or later: it burns through
    the turn it is set); whether it goes on burning."""
    r = rules or load_defences()
    if turn < 2:
        raise RuleError(f"a blaze is first rolled for in its second turn, not turn {turn}")
    return not r.stop.roll(dice, f"blaze: {target} (turn {turn})").result


def burn_odds(target: Weapon | Defence, rules: DefenceRules | None = None
              ) -> dict[int, Fraction]:
    """The exact distribution of the turns a blaze burns ``target``: the burn time itself
    means destroyed."""
    r = rules or load_defences()
    time = burn_time(target, r)
    out = r.stop.probability()
    return {k: (1 - out) ** (k - 1) * (out if k < time else 1) for k in range(1, time + 1)}


def load_defences(path: Source = "", fire: FireRules | None = None) -> DefenceRules:
    """The defence tables: the built-in ``defences.toml`` or a user's file at ``path``."""
    if not path and fire is None:
        return _builtin_defences()
    return _read_defences(path, fire)


@cache
def _builtin_defences() -> DefenceRules:
    return _read_defences("", None)


def _read_defences(path: Source, fire: FireRules | None) -> DefenceRules:
    doc = document("defences.toml", path)
    doc.check_keys(["reconstructed", "reason", "sides", "defence", "breach", "fire_arrows"])
    die = sides(doc)
    df, br, fa = doc["defence"], doc["breach"], doc["fire_arrows"]
    df.check_keys([d.value for d in Defence])
    defences = {}
    for d in Defence:
        row = df[d.value]
        row.check_keys(["value", "cover", "burns", "reconstructed", "reason"])
        defences[d] = DefenceData(d, row["value"].as_int(min=0), row["cover"].enum(Cover),
                                  row["burns"].as_bool(), Provenance.of(row))
    br.check_keys(["lost", "reconstructed", "reason"])
    fa.check_keys(["weapons", "blaze", "stop", "engines", "building_per", "reconstructed",
                   "reason"])
    for f in (br, fa):
        Provenance.of(f)
    eng = fa["engines"]
    engines = [Weapon.LIGHT_ENGINE, Weapon.HEAVY_ENGINE]
    eng.check_keys([w.value for w in engines])
    return DefenceRules(
        fire or load_missiles(), defences, fraction(br["lost"], low=Fraction(0), high=Fraction(1)),
        frozenset(w.enum(Weapon) for w in fa["weapons"].items()), check(fa["blaze"], die),
        check(fa["stop"], die), {w: eng[w.value].as_int(min=1) for w in engines},
        fa["building_per"].as_int(min=1), Provenance.of(doc))
