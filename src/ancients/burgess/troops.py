"""Troops: the troop classes, armour classes and missile weapons of the rules, and a unit —
a block of figures in files and ranks with its officer, standard and attachments.

A :class:`Unit` is a value: what a unit is now. Rules that change it (casualties, a split)
return a new one. Its figures are kept file by file (``depths``, left to right, the first
rank in front), so that a casualty taken from one file of the first rank leaves the
figure behind it to step up (Hand to hand C) and the depth of every file is known.

>>> rules = load_troops()
>>> u = Unit.block("Legio II", TroopClass.HV_INF, files=8, ranks=3,
...                armour=Armour.FULL_INFANTRY, weapon=Weapon.PILUM)
>>> u.figures, rules.depth(u), rules.fighting_figures(u), rules.volley_groups(16)
(24, 3, 16, (5, 1))
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from fractions import Fraction
from functools import cache

import attrs

from ancients.burgess._data import Provenance, Source, check, document, fraction, inches, sides
from ancients.burgess.counting import round_half_down
from ancients.dietables import Check
from ancients.errors import RuleError
from ancients.scenario import Field
from ancients.units import TroopKind

__all__ = [
    "Arm",
    "Armour",
    "ArmourClass",
    "Crew",
    "TroopClass",
    "TroopClassData",
    "TroopRules",
    "Unit",
    "Weapon",
    "Weight",
    "load_troops",
]


class TroopClass(enum.StrEnum):
    """The troop classes of Movement and Movement F."""

    HV_INF = "HV INF"
    LT_INF = "LT INF"
    HV_CAV = "HV CAV"
    LT_CAV = "LT CAV"
    CHARIOTS = "chariots"
    ELEPHANTS = "elephants"
    HV_ENGINE = "HV war engine"
    LT_ENGINE = "LT war engine"

    @property
    def kind(self) -> TroopKind:
        """The shared taxonomy's kind (light infantry with missiles: see :attr:`Unit.kind`)."""
        return _KINDS[self]


_KINDS = {
    TroopClass.HV_INF: TroopKind.HEAVY_INFANTRY,
    TroopClass.LT_INF: TroopKind.LIGHT_INFANTRY,
    TroopClass.HV_CAV: TroopKind.HEAVY_CAVALRY,
    TroopClass.LT_CAV: TroopKind.LIGHT_CAVALRY,
    TroopClass.CHARIOTS: TroopKind.CHARIOTS,
    TroopClass.ELEPHANTS: TroopKind.ELEPHANTS,
    TroopClass.HV_ENGINE: TroopKind.WAR_ENGINES,
    TroopClass.LT_ENGINE: TroopKind.WAR_ENGINES,
}


class Arm(enum.StrEnum):
    INFANTRY = "infantry"
    CAVALRY = "cavalry"
    CHARIOTS = "chariots"
    ELEPHANTS = "elephants"
    WAR_ENGINES = "war engines"


class Weight(enum.StrEnum):
    """Light or heavy troops (Movement A)."""

    LIGHT = "light"
    HEAVY = "heavy"


class Armour(enum.StrEnum):
    """The armour classes of Deciding casualties and Hand to hand combat 1."""

    UNARMOURED_INFANTRY = "unarmoured infantry"
    PARTIAL_INFANTRY = "partial armour infantry"
    FULL_INFANTRY = "full armour infantry"
    UNARMOURED_CAVALRY = "unarmoured cavalry"
    MAILED_CAVALRY = "mailed cavalry"
    ARMOURED_CAVALRY = "armoured cavalry"


class Weapon(enum.StrEnum):
    """The missile weapons of the range table."""

    LONGBOW = "longbow"
    SLING = "sling"
    CROSSBOW = "crossbow"
    JAVELIN = "javelin"
    PILUM = "pilum"
    LIGHT_ENGINE = "light war engine"
    HEAVY_ENGINE = "heavy war engine"

    @property
    def engine(self) -> bool:
        return self in (Weapon.LIGHT_ENGINE, Weapon.HEAVY_ENGINE)


@attrs.frozen
class Crew:
    """An elephant's state (Elephants 4-6): its wounds, its driver and its combatants."""

    combatants: int
    driver: bool = True
    wounds: int = 0

    def __attrs_post_init__(self) -> None:
        if self.combatants < 0 or self.wounds < 0:
            raise RuleError(f"an elephant crew cannot be {self}")


def _depths(depths: Iterable[int]) -> tuple[int, ...]:
    return tuple(depths)


@attrs.frozen
class Unit:
    """A unit: its class, armour and weapon, its figures file by file (``depths``, left
    to right), and who is with it. ``officer``, ``standard`` and ``c_in_c`` are the files
    whose front figure is the officer, the standard bearer or the C-in-C (None: none, or
    lost); a staff officer attached to the unit is not a figure of it."""

    name: str
    troop: TroopClass
    depths: tuple[int, ...] = attrs.field(converter=_depths)
    armour: Armour | None = None
    weapon: Weapon | None = None
    officer: int | None = None
    standard: int | None = None
    staff_officer: bool = False
    c_in_c: int | None = None
    guards: bool = False
    spearmen: bool = False
    stabled_with_elephants: bool = False
    formed: bool = True
    crew: Crew | None = None

    def __attrs_post_init__(self) -> None:
        if any(d < 1 for d in self.depths):
            raise RuleError(f"{self.name}: every file needs a figure, got depths {self.depths}")
        for who in ("officer", "standard", "c_in_c"):
            at = getattr(self, who)
            if at is not None and not 0 <= at < len(self.depths):
                raise RuleError(f"{self.name}: the {who} stands in file {at}, but the unit "
                                f"has {len(self.depths)} files")

    @classmethod
    def block(cls, name: str, troop: TroopClass, files: int, ranks: int,
              rear: int | None = None, **kw: object) -> Unit:
        """A block of ``files`` × ``ranks`` figures, the rear rank ``rear`` figures long
        (its figures on the left), with the other fields as keywords."""
        rear = files if rear is None else rear
        if files < 1 or ranks < 1 or not 1 <= rear <= files:
            raise RuleError(f"{name}: no block of {files} files, {ranks} ranks and a rear "
                            f"rank of {rear}")
        depths = tuple(ranks if f < rear else ranks - 1 for f in range(files))
        depths = tuple(d for d in depths if d > 0)
        return cls(name, troop, depths, **kw)  # type: ignore[arg-type]

    # -- counting ------------------------------------------------------------------
    @property
    def figures(self) -> int:
        return sum(self.depths)

    @property
    def files(self) -> int:
        return len(self.depths)

    @property
    def ranks(self) -> int:
        """The ranks with any figure in them."""
        return max(self.depths, default=0)

    def rank_sizes(self) -> tuple[int, ...]:
        """The figures in each rank, front first."""
        return tuple(sum(1 for d in self.depths if d > r) for r in range(self.ranks))

    def figures_in_ranks(self, ranks: int) -> int:
        """The figures of the first ``ranks`` ranks."""
        return sum(min(d, ranks) for d in self.depths)

    @property
    def destroyed(self) -> bool:
        return not self.depths

    @property
    def kind(self) -> TroopKind:
        if self.troop is TroopClass.LT_INF and self.weapon is not None:
            return TroopKind.MISSILE_INFANTRY
        return self.troop.kind

    @property
    def mounted_bowmen(self) -> bool:
        """Cavalry with bows (Missile fire C)."""
        return self.troop in (TroopClass.HV_CAV, TroopClass.LT_CAV) and \
            self.weapon is Weapon.LONGBOW

    def with_depths(self, depths: tuple[int, ...], officer: int | None,
                    standard: int | None, c_in_c: int | None) -> Unit:
        return attrs.evolve(self, depths=depths, officer=officer, standard=standard,
                            c_in_c=c_in_c)


@attrs.frozen
class TroopClassData:
    """One troop class's line of the tables."""

    troop: TroopClass
    move: Fraction
    arm: Arm
    weight: Weight
    armour: Arm | None  # the arm whose armour classes it takes; None: no armour class
    may_double: bool
    weapons: frozenset[Weapon]
    weapon: Weapon | None
    provenance: Provenance


@attrs.frozen
class ArmourClass:
    """One armour class: its arm, its saving number and its figure value."""

    armour: Armour
    arm: Arm
    save: Check
    value: int
    provenance: Provenance


@attrs.frozen
class TroopRules:
    """The troops tables (``data/troops.toml``) and the counting of a unit's block."""

    classes: Mapping[TroopClass, TroopClassData]
    armour: Mapping[Armour, ArmourClass]
    fighting_ranks: int
    firing_ranks: int
    volley_group: int
    rank_counts_from: Fraction
    officer_at: Fraction
    sides: int
    provenance: Provenance

    def __getitem__(self, troop: TroopClass) -> TroopClassData:
        return self.classes[troop]

    def check(self, unit: Unit) -> Unit:
        """The unit, if its armour and weapon fit its class; else a RuleError."""
        data = self.classes[unit.troop]
        if data.armour is None:
            if unit.armour is not None:
                raise RuleError(f"{unit.name}: {unit.troop} take no armour class, got "
                                f"{unit.armour}")
        elif unit.armour is None or self.armour[unit.armour].arm is not data.armour:
            known = ", ".join(a for a, c in self.armour.items() if c.arm is data.armour)
            raise RuleError(f"{unit.name}: {unit.troop} need an armour class of {known}, "
                            f"got {unit.armour}")
        weapon = unit.weapon
        if data.weapon is not None and weapon is not data.weapon:
            raise RuleError(f"{unit.name}: a {unit.troop} is a {data.weapon}, not {weapon}")
        if weapon is not None and weapon not in data.weapons:
            raise RuleError(f"{unit.name}: {unit.troop} cannot carry a {weapon} (they may "
                            f"have: {', '.join(sorted(data.weapons)) or 'none'})")
        if unit.crew is not None and data.arm is not Arm.ELEPHANTS:
            raise RuleError(f"{unit.name}: only elephants have a crew")
        return unit

    def unit(self, name: str, troop: TroopClass, files: int, ranks: int,
             rear: int | None = None, *, officer: bool = True, standard: bool = True,
             c_in_c: bool = False, **kw: object) -> Unit:
        """A checked block with its officer, standard and (``c_in_c``) the C-in-C where
        the tables put them: the officer at ``officer_at`` of the front, the standard on
        his right, the C-in-C on his left."""
        data = self.classes[troop]
        if data.weapon is not None:
            kw.setdefault("weapon", data.weapon)
        u = Unit.block(name, troop, files, ranks, rear, **kw)
        where = self.officer_file(u.files)
        return self.check(attrs.evolve(
            u, officer=where if officer else None,
            standard=min(where + 1, u.files - 1) if standard else None,
            c_in_c=max(where - 1, 0) if c_in_c else None))

    # -- counting a block ------------------------------------------------------------
    def officer_file(self, files: int) -> int:
        """The file the officer leads in a front of ``files`` figures."""
        return round_half_down(self.officer_at * (files - 1))

    def depth(self, unit: Unit) -> int:
        """The ranks the unit counts as deep: a thinned rear rank counts while at least
        ``rank_counts_from`` of the files have a figure in it."""
        return sum(1 for size in unit.rank_sizes()
                   if size >= self.rank_counts_from * unit.files)

    def fighting_figures(self, unit: Unit) -> int:
        """The figures of the ranks that fight (Hand to hand combat 1)."""
        return unit.figures_in_ranks(self.fighting_ranks)

    def firing_figures(self, unit: Unit) -> int:
        """The figures of the ranks that fire (Missile fire B)."""
        return unit.figures_in_ranks(self.firing_ranks)

    def volley_groups(self, figures: int) -> tuple[int, int]:
        """(volley groups, single figures left over) among ``figures`` (Method of fire)."""
        return divmod(figures, self.volley_group)

    def figure_value(self, unit: Unit) -> int:
        """A figure's points in hand to hand combat (Hand to hand combat 1)."""
        if unit.armour is None:
            raise RuleError(f"{unit.name}: {unit.troop} have no figure value in hand to hand "
                            "combat (their own rules decide their fights)")
        return self.armour[unit.armour].value

    def points(self, unit: Unit, figures: int | None = None) -> int:
        """The hand to hand points of the fighting ranks (or of ``figures`` of them)."""
        n = self.fighting_figures(unit) if figures is None else figures
        return n * self.figure_value(unit)

    def save(self, unit: Unit) -> Check:
        """The roll a figure hit must make to survive (Deciding casualties)."""
        if unit.armour is None:
            raise RuleError(f"{unit.name}: {unit.troop} have no saving number")
        return self.armour[unit.armour].save


def _class(troop: TroopClass, f: Field) -> TroopClassData:
    f.check_keys(["move", "arm", "weight", "armour", "may_double", "weapons", "weapon",
                  "reconstructed", "reason"])
    armour = f["armour"].choice([Arm.INFANTRY.value, Arm.CAVALRY.value, "none"])
    weapon = f.get("weapon")
    return TroopClassData(
        troop, inches(f["move"]), f["arm"].enum(Arm), f["weight"].enum(Weight),
        None if armour == "none" else Arm(armour), f["may_double"].as_bool(),
        frozenset(w.enum(Weapon) for w in f["weapons"].items()),
        None if weapon.missing else weapon.enum(Weapon), Provenance.of(f))


def _armour(armour: Armour, f: Field, die: int) -> ArmourClass:
    f.check_keys(["arm", "save", "value", "reconstructed", "reason"])
    return ArmourClass(armour, Arm(f["arm"].choice([Arm.INFANTRY.value, Arm.CAVALRY.value])),
                       check(f["save"], die), f["value"].as_int(min=0), Provenance.of(f))


def load_troops(path: Source = "") -> TroopRules:
    """The troops tables: the built-in ``troops.toml``, or a user's file at ``path``."""
    return _read_troops(path) if path else _builtin_troops()


@cache
def _builtin_troops() -> TroopRules:
    return _read_troops("")


def _read_troops(path: Source) -> TroopRules:
    doc = document("troops.toml", path)
    doc.check_keys(["reconstructed", "reason", "sides", "class", "armour", "unit"])
    die = sides(doc)
    cls_f, arm_f, unit_f = doc["class"], doc["armour"], doc["unit"]
    cls_f.check_keys([t.value for t in TroopClass])
    arm_f.check_keys([a.value for a in Armour])
    classes = {t: _class(t, cls_f[t.value]) for t in TroopClass}
    armour = {a: _armour(a, arm_f[a.value], die) for a in Armour}
    unit_f.check_keys(["fighting_ranks", "firing_ranks", "volley_group", "rank_counts_from",
                       "officer_at", "reconstructed", "reason"])
    return TroopRules(
        classes, armour, unit_f["fighting_ranks"].as_int(min=1),
        unit_f["firing_ranks"].as_int(min=1), unit_f["volley_group"].as_int(min=1),
        fraction(unit_f["rank_counts_from"], low=Fraction(0), high=Fraction(1)),
        fraction(unit_f["officer_at"], low=Fraction(0), high=Fraction(1)),
        die, Provenance.of(doc))
