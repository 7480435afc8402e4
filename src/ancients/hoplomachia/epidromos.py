"""Epidromos (the charge): who may charge whom, the Andreia checks' range (double the
charger's maximum charge distance), the 1D6 Epidromos chart (charge distance, drift,
disarray points, momentum and its value), momentum only after an approach move, and
the disarray of a charge repeated after failing to contact. Loaded from
``data/epidromos.toml``.

>>> from ancients.hoplomachia.rules import default_rules
>>> rules = default_rules()
>>> chart = rules.epidromos.chart("hoplite")
>>> chart.max_distance, rules.epidromos.check_range(chart)
(7.0, 14.0)
>>> chart.momentum_odds(approached=True)
{0: Fraction(1, 6), 1: Fraction(1, 3), 2: Fraction(1, 3), 3: Fraction(1, 6)}
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cached_property

import attrs

from ancients.dice import Dice, DiceSpec, pmf
from ancients.dietables import distribution
from ancients.errors import RuleError
from ancients.hoplomachia._tables import (
    Provenance,
    Source,
    dice_spec,
    document,
    enum_of,
    lookup,
)
from ancients.hoplomachia.troops import UnitCard
from ancients.hoplomachia.vocabulary import Arrangement, Aspect, Category
from ancients.scenario import Field

__all__ = ["ChargeRestriction", "EpidromosChart", "EpidromosRow", "EpidromosRules",
           "load_epidromos"]


@attrs.frozen
class EpidromosRow:
    """One row of an Epidromos chart."""

    roll: int
    distance: float  # inches
    drift: float  # inches right (phalanxes of more than 8 lochoi)
    disarray: int  # disarray points
    momentum: bool
    value: int  # the momentum value

    def momentum_value(self, approached: bool) -> int:
        """Hoplomachia, Epidromos: momentum counts only after a prior approach move."""
        return self.value if self.momentum and approached else 0


@attrs.frozen
class EpidromosChart:
    name: str
    dice: DiceSpec
    rows: tuple[EpidromosRow, ...]
    provenance: Provenance

    def row(self, roll: int) -> EpidromosRow:
        i = min(max(roll - self.dice.minimum, 0), len(self.rows) - 1)
        return self.rows[i]

    @cached_property
    def max_distance(self) -> float:
        return max(r.distance for r in self.rows)

    def roll(self, dice: Dice, who: str, modifier: int = 0) -> EpidromosRow:
        """Hoplomachia, Epidromos: a passing charger rolls on its Epidromos chart."""
        return self.row(dice.roll(self.dice, f"epidromos: {who}") + modifier)

    def _odds(self, key: str, modifier: int = 0) -> dict[float, Fraction]:
        out = distribution((getattr(self.row(t + modifier), key), p)
                           for t, p in pmf(self.dice).items())
        return dict(sorted(out.items()))

    def distance_odds(self, modifier: int = 0) -> dict[float, Fraction]:
        return self._odds("distance", modifier)

    def reach_odds(self, distance: float, modifier: int = 0) -> Fraction:
        """Exact probability that the charge covers ``distance`` inches."""
        return sum((p for d, p in self.distance_odds(modifier).items() if d >= distance),
                   Fraction(0))

    def momentum_odds(self, approached: bool, modifier: int = 0) -> dict[int, Fraction]:
        """Exact distribution of the momentum value the charge brings."""
        out = distribution((self.row(t + modifier).momentum_value(approached), p)
                           for t, p in pmf(self.dice).items())
        return dict(sorted(out.items()))


@attrs.frozen
class ChargeRestriction:
    """Chargers of these categories may not charge targets of these categories on these
    aspects (all, if none given) or in these arrangements (any, if none given), unless
    the target is disarrayed (where ``unless_disarrayed``) or the charger's card has the
    ``exempt`` flag."""

    chargers: frozenset[Category]
    targets: frozenset[Category]
    aspects: frozenset[Aspect]
    arrangements: frozenset[Arrangement]
    unless_disarrayed: bool
    exempt: str
    provenance: Provenance

    def forbids(self, charger: UnitCard, target: UnitCard, aspect: Aspect,
                arrangement: Arrangement, disarrayed: bool) -> bool:
        # Hoplomachia, Who may charge
        if charger.category not in self.chargers or target.category not in self.targets:
            return False
        if self.aspects and aspect not in self.aspects:
            return False
        if self.arrangements and arrangement not in self.arrangements:
            return False
        if self.unless_disarrayed and disarrayed:
            return False
        return not (self.exempt and getattr(charger, self.exempt))


@attrs.frozen
class EpidromosRules:
    dice: DiceSpec
    check_factor: float  # Andreia checks within this times the maximum charge distance
    failed_repeat_disarray: int
    never: frozenset[Category]
    restrictions: tuple[ChargeRestriction, ...]
    charts: Mapping[str, EpidromosChart]
    provenance: Provenance
    source: str | None = None

    def chart(self, name: str) -> EpidromosChart:
        return lookup(self.charts, name, "Epidromos chart", "the charts are")

    @cached_property
    def longest(self) -> float:
        """The longest charge of any chart (0 with none)."""
        return max((c.max_distance for c in self.charts.values()), default=0.0)

    def card_chart(self, card: UnitCard) -> EpidromosChart:
        if card.charts.epidromos is None:
            raise RuleError(f"{card.name} never charge")
        return self.chart(card.charts.epidromos)

    def check_range(self, chart: EpidromosChart) -> float:
        """Hoplomachia, Epidromos: targets within double the charger's maximum charge
        distance take Andreia checks."""
        return self.check_factor * chart.max_distance

    def charges_at_all(self, card: UnitCard) -> bool:
        """Other belos troops never charge (units that cannot charge evade)."""
        # Hoplomachia, Who may charge
        return card.category not in self.never

    def may_charge(self, charger: UnitCard, target: UnitCard, *, aspect: Aspect = Aspect.FRONT,
                   arrangement: Arrangement = Arrangement.CLOSE_FILES,
                   disarrayed: bool = False) -> bool:
        """Hoplomachia, Epidromos: may a unit of ``charger`` charge a unit of ``target``
        struck on ``aspect``, the target in ``arrangement`` and perhaps disarrayed?"""
        if not self.charges_at_all(charger):
            return False
        return not any(r.forbids(charger, target, aspect, arrangement, disarrayed)
                       for r in self.restrictions)

    def repeat_disarray(self, failed_last_turn: bool) -> int:
        """Hoplomachia, Epidromos: a charger that failed to contact takes this many
        disarray points if it charges again next turn."""
        return self.failed_repeat_disarray if failed_last_turn else 0


def _restriction(f: Field) -> ChargeRestriction:
    f.check_keys(["chargers", "targets", "aspects", "arrangements", "unless_disarrayed",
                  "exempt", "reconstructed", "reason"])

    def cats(key: str) -> frozenset[Category]:
        return frozenset(enum_of(v, Category) for v in f[key].items())
    aspects = frozenset(enum_of(v, Aspect) for v in f["aspects"].items()) \
        if not f.get("aspects").missing else frozenset()
    arrangements = frozenset(enum_of(v, Arrangement) for v in f["arrangements"].items()) \
        if not f.get("arrangements").missing else frozenset()
    exempt = f.get("exempt").choice(["", "charges_hoplites"], "")
    return ChargeRestriction(cats("chargers"), cats("targets"), aspects, arrangements,
                             f.get("unless_disarrayed").as_bool(False), exempt, Provenance.of(f))


def _row(f: Field) -> EpidromosRow:
    f.check_keys(["roll", "distance", "drift", "disarray", "momentum", "value"])
    row = EpidromosRow(f["roll"].as_int(), f["distance"].as_float(min=0.0),
                       f["drift"].as_float(min=0.0), f["disarray"].as_int(min=0),
                       f["momentum"].as_bool(), f["value"].as_int(min=0))
    if row.value and not row.momentum:
        raise f["value"].error("a momentum value needs momentum = true")
    return row


def load_epidromos(override: Source = "") -> EpidromosRules:
    """Read the Epidromos charts and charge rules (``epidromos.toml`` or a replacement)."""
    doc = document("epidromos.toml", override)
    doc.check_keys(["reconstructed", "reason", "charge", "who", "chart"])
    cf = doc["charge"].check_keys(["dice", "check_range", "failed_repeat_disarray",
                                   "reconstructed", "reason"])
    Provenance.of(cf)
    dice = dice_spec(cf["dice"])
    wf = doc["who"].check_keys(["never", "restriction", "reconstructed", "reason"])
    Provenance.of(wf)
    never = frozenset(enum_of(v, Category) for v in wf["never"].items())
    restrictions = tuple(_restriction(r) for r in wf["restriction"].items()) \
        if not wf.get("restriction").missing else ()
    charts = {}
    for name, f in doc["chart"].entries():
        f.check_keys(["rows", "reconstructed", "reason"])
        rows = tuple(_row(r) for r in f["rows"].items())
        if [r.roll for r in rows] != list(range(dice.minimum, dice.maximum + 1)):
            raise f["rows"].error(f"rows must be rolls {dice.minimum}..{dice.maximum} in order")
        charts[name] = EpidromosChart(name, dice, rows, Provenance.of(f))
    return EpidromosRules(dice, cf["check_range"].as_float(min=0.0),
                          cf["failed_repeat_disarray"].as_int(min=0), never, restrictions,
                          charts, Provenance.of(doc), doc.source)
