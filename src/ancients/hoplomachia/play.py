"""The table play's own numbers (``data/play.toml``): the stands' bases, the table, the
turn limit, the reinforcement roll and the layout of a fielded or generated battle.

>>> from ancients.hoplomachia.rules import default_rules
>>> play = default_rules().play
>>> play.base(Category.HOPLITE), play.lochos_abreast, play.turn_limit
((1.5, 0.75), 2, 15)
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from ancients.dice import DiceSpec
from ancients.hoplomachia._tables import (
    Provenance,
    Source,
    dice_spec,
    document,
    keyed,
)
from ancients.hoplomachia.vocabulary import Category
from ancients.scenario import Field

__all__ = ["Ambush", "Deployment", "Dispersed", "PlayRules", "load_play"]


@attrs.frozen
class Deployment:
    """How a fielded or generated battle is laid out: the gap between the first lines,
    the screen ahead of the first line, each further line behind the one before, the
    room between divisions and from the table's edges (inches)."""

    gap: float
    screen: float
    behind: float
    between: float
    margin: float


@attrs.frozen
class Ambush:
    """Troops in ambush (a rolled situation's set-up) come on from turn ``first`` on
    ``roll`` or more on the reinforcement die, on turn ``last`` whatever the roll."""

    first: int
    last: int
    roll: int


@attrs.frozen
class Dispersed:
    """The Dispersed formation's layout: ``between`` inches between divisions, every
    other one ``back`` inches behind."""

    between: float
    back: float


@attrs.frozen
class PlayRules:
    bases: Mapping[Category, tuple[float, float]]  # a stand's width and depth
    lochos_abreast: int  # stands side by side; more stand behind
    turn_limit: int
    table: tuple[float, float]
    reinforcement_dice: DiceSpec
    deployment: Deployment
    station_moves: float  # lights end a move within this many of their moves of station
    ambush: Ambush
    dispersed: Dispersed
    provenance: Provenance
    source: str | None = None

    def base(self, category: Category) -> tuple[float, float]:
        return self.bases[category]

    def shape(self, category: Category, stands: int, abreast: int | None = None
              ) -> tuple[int, int]:
        """(files, ranks) of stands of a unit: lochoi and ilai ``lochos_abreast`` wide,
        deeper with more stands; a group of light stands in one line (``abreast`` if
        given)."""
        # Hoplomachia, Troops (lochoi of 2 stands, 3- and 4-stand lochoi for depth)
        wide = abreast if abreast is not None else (
            stands if category in (Category.PSILOS, Category.TOXOTES) else self.lochos_abreast)
        wide = max(1, min(wide, stands))
        return wide, -(-stands // wide)


def _base(f: Field) -> tuple[float, float]:
    wd = [float(v.as_float(min=0.1, max=12.0)) for v in f.items()]
    if len(wd) != 2:
        raise f.error("a base is [width, depth] in inches")
    return wd[0], wd[1]


def load_play(override: Source = "") -> PlayRules:
    """Read the table play's numbers (``play.toml`` or a replacement)."""
    doc = document("play.toml", override)
    doc.check_keys(["reconstructed", "reason", "stand", "lochos", "battle", "reinforcements",
                    "deployment", "stations", "ambush", "dispersed"])
    sf = doc["stand"]
    Provenance.of(sf)
    bases = keyed(sf, Category, _base)
    lf = doc["lochos"].check_keys(["abreast", "reconstructed", "reason"])
    Provenance.of(lf)
    bf = doc["battle"].check_keys(["turn_limit", "table", "reconstructed", "reason"])
    Provenance.of(bf)
    table = [float(v.as_float(min=12.0, max=1000.0)) for v in bf["table"].items()]
    if len(table) != 2:
        raise bf["table"].error("the table is [width, depth] in inches")
    rf = doc["reinforcements"].check_keys(["dice", "reconstructed", "reason"])
    Provenance.of(rf)
    df = doc["deployment"].check_keys(["gap", "screen", "behind", "between", "margin",
                                       "reconstructed", "reason"])
    Provenance.of(df)
    deployment = Deployment(*(float(df[k].as_float(min=0.0, max=500.0))
                              for k in ("gap", "screen", "behind", "between", "margin")))
    tf = doc["stations"].check_keys(["moves", "reconstructed", "reason"])
    Provenance.of(tf)
    af = doc["ambush"].check_keys(["first", "last", "roll", "reconstructed", "reason"])
    Provenance.of(af)
    ambush = Ambush(af["first"].as_int(min=1), af["last"].as_int(min=1),
                    af["roll"].as_int(min=1, max=6))
    if ambush.last < ambush.first:
        raise af["last"].error("the last turn comes after the first")
    xf = doc["dispersed"].check_keys(["between", "back", "reconstructed", "reason"])
    Provenance.of(xf)
    dispersed = Dispersed(float(xf["between"].as_float(min=0.0, max=100.0)),
                          float(xf["back"].as_float(min=0.0, max=100.0)))
    return PlayRules(bases, lf["abreast"].as_int(min=1, max=4),
                     bf["turn_limit"].as_int(min=1, max=1000), (table[0], table[1]),
                     dice_spec(rf["dice"]), deployment,
                     float(tf["moves"].as_float(min=0.0, max=100.0)), ambush, dispersed,
                     Provenance.of(doc),
                     doc.source)
