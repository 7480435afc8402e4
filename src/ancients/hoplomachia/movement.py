"""Movement arithmetic: drift of phalanxes of more than 8 lochoi and the deliberate
incline, hoplite spacing and the bounce of belos troops, what each arrangement may
wheel or turn, evasion, rout and pursuit distances (+1D6), outdistancing, and the
terrain's disarray numbers summed each turn against the disarray qualifier.
Loaded from ``data/movement.toml``.

>>> from ancients.hoplomachia.rules import default_rules
>>> rules = default_rules()
>>> rules.movement.drift.approach_drift(lochoi=9), rules.movement.drift.approach_drift(lochoi=8)
(0.5, 0.0)
>>> tally = DisarrayTally().crossing(rules.movement.terrain["ford"]).adding("epidromos", 2)
>>> tally.total, tally.disarrays(3), tally.disarrays(2)
(3, False, True)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from fractions import Fraction

import attrs

from ancients.dice import Dice, DiceSpec, pmf
from ancients.hoplomachia._tables import (
    Provenance,
    Source,
    dice_spec,
    document,
    enum_of,
    lookup,
    require,
)
from ancients.hoplomachia.epidromos import EpidromosRow
from ancients.hoplomachia.troops import Flight, UnitCard
from ancients.hoplomachia.vocabulary import Arrangement, Category

__all__ = ["Activity", "ArrangementRules", "DisarrayTally", "DriftRules", "FlightRules",
           "Interpenetration", "MovementRules", "Recovery", "SpacingRules", "Terrain",
           "load_movement"]


@attrs.frozen
class DriftRules:
    """Hoplomachia, Drift: hoplites in a phalanx of more than ``phalanx_over`` lochoi
    drift ``approach`` inches right each approach move, and by their Epidromos roll in a
    charge; the nations that may incline ``incline`` inches deliberately."""

    phalanx_over: int
    approach: float
    incline: float
    incline_nations: frozenset[str]
    provenance: Provenance

    def drifts(self, lochoi: int) -> bool:
        return lochoi > self.phalanx_over

    def approach_drift(self, lochoi: int, moves: int = 1) -> float:
        """Inches right after ``moves`` approach moves of a phalanx of ``lochoi`` lochoi."""
        # Hoplomachia, Drift
        return self.approach * moves if self.drifts(lochoi) else 0.0

    def epidromos_drift(self, row: EpidromosRow, lochoi: int) -> float:
        """A taxis's drift in a charge: its Epidromos roll's, in a drifting phalanx."""
        # Hoplomachia, Drift
        return row.drift if self.drifts(lochoi) else 0.0

    def may_incline(self, nation: str) -> bool:
        # Hoplomachia, Drift (optional incline)
        return nation in self.incline_nations


@attrs.frozen
class SpacingRules:
    """Hoplites keep ``hoplites`` inches from other hoplites unless charging; belos units
    move to ``belos`` inches of others; marching or approaching hoplites bounce belos
    units back ``bounce`` inches (destroyed if terrain traps them)."""

    hoplites: float
    belos: float
    bounce: float
    provenance: Provenance

    def hoplites_too_close(self, gap: float, charging: bool) -> bool:
        # Hoplomachia, Spacing
        return not charging and gap < self.hoplites

    def bounced(self, room: float) -> bool:
        """Is a bounced belos unit destroyed (less room behind it than the bounce)?"""
        # Hoplomachia, Spacing (bounce)
        return room < self.bounce


@attrs.frozen
class ArrangementRules:
    """Changing arrangement costs ``change`` inches; infantry in Open Files wheel up to
    ``open_files_wheel`` degrees or turn lochoi by ``open_files_turns`` for ``turn``
    inches; Close Files wheel up to ``close_files_wheel``; No Files turn at will."""

    change: float
    turn: float
    open_files_wheel: float
    close_files_wheel: float
    open_files_turns: tuple[float, ...]
    horse_close_files_wheel: float
    provenance: Provenance

    def wheel_limit(self, arrangement: Arrangement, horse: bool = False) -> float | None:
        """Hoplomachia, Arrangements: the largest wheel without disarray (None: at will).
        Horse in Open Files wheel freely by ile; in Close Files only by hipparchy."""
        if horse:
            return {Arrangement.OPEN_FILES: None,
                    Arrangement.CLOSE_FILES: self.horse_close_files_wheel,
                    Arrangement.NO_FILES: None}[arrangement]
        return {Arrangement.OPEN_FILES: self.open_files_wheel,
                Arrangement.CLOSE_FILES: self.close_files_wheel,
                Arrangement.NO_FILES: None}[arrangement]

    def may_turn(self, arrangement: Arrangement, degrees: float) -> bool:
        """Close Files only move forward; Open Files turn by the listed angles."""
        # Hoplomachia, Arrangements
        if arrangement is Arrangement.NO_FILES:
            return True
        return arrangement is Arrangement.OPEN_FILES and abs(degrees) in self.open_files_turns


@attrs.frozen
class FlightRules:
    """Evaders and routers turn (``turn`` inches) and move their card's distance plus
    ``dice`` (evaders the first ``away_first`` of it directly away); pursuers move theirs
    plus ``dice``; horse and lights pursue until outdistanced by ``outdistance`` times
    their OF move; hoplites pursue ``hoplite_pursuit_moves`` move."""

    dice: DiceSpec
    turn: float
    away_first: float
    outdistance: float
    hoplite_pursuit_moves: int
    rally: frozenset[Category]
    provenance: Provenance

    def _net(self, card: UnitCard, kind: Flight, roll: int) -> float:
        turn = 0.0 if kind is Flight.PURSUIT else self.turn
        return max(0.0, card.flight(kind) + roll - turn)

    def distance(self, card: UnitCard, kind: Flight, dice: Dice, who: str) -> float:
        """Hoplomachia, Evasion/Rout/Pursuit: the inches moved straight (after the turn)."""
        return self._net(card, kind, dice.roll(self.dice, f"{kind} distance: {who}"))

    def distance_odds(self, card: UnitCard, kind: Flight) -> dict[float, Fraction]:
        return {self._net(card, kind, t): p for t, p in pmf(self.dice).items()}

    def outdistanced(self, pursuer: UnitCard, gap: float) -> bool:
        """Have the pursued outdistanced ``pursuer`` (a gap of twice its OF move)?"""
        # Hoplomachia, Pursuit
        return gap >= self.outdistance * pursuer.movement.loose

    def may_rally(self, router: UnitCard, outdistanced: bool) -> bool:
        """Hoplomachia, Rout: only horse that outdistanced its pursuers may roll to rally;
        all others rout off the board."""
        return outdistanced and router.category in self.rally


class Activity(enum.StrEnum):
    """What a disarrayed unit was doing (how it may recover)."""

    MARCH = "march"
    APPROACH = "approach"
    CHARGE = "charge"


@attrs.frozen
class Interpenetration:
    """Movers of ``movers`` pass through stationary units in ``through`` arrangements
    without harm; any other interpenetration disarrays both."""

    movers: frozenset[Category]
    through: frozenset[Arrangement]
    provenance: Provenance

    def disarrays(self, mover: UnitCard, through: Arrangement, stationary: bool) -> bool:
        """Hoplomachia, Interpenetration: does passing through disarray both units?"""
        return not (mover.category in self.movers and stationary and through in self.through)


@attrs.frozen
class Recovery:
    """Hoplomachia, Disarray: marching units recover by staying halted
    ``march_halted_turns``; approaching units need a Halt signal; charging units only
    by halting after routing their opponents. Recovered units form Open Files."""

    march_halted_turns: int
    provenance: Provenance

    def recovers(self, activity: Activity, halted_turns: int = 0, halt_signal: bool = False,
                 routed_opponents: bool = False) -> bool:
        # Hoplomachia, Disarray (recovery)
        if activity is Activity.MARCH:
            return halted_turns >= self.march_halted_turns
        if activity is Activity.APPROACH:
            return halt_signal
        return routed_opponents and halted_turns >= self.march_halted_turns

    @property
    def arrangement(self) -> Arrangement:
        return Arrangement.OPEN_FILES


@attrs.frozen
class Terrain:
    """A terrain feature's disarray number (None: disarrays automatically)."""

    name: str
    disarray: int | None
    provenance: Provenance


@attrs.frozen
class DisarrayTally:
    """Hoplomachia, Disarray: the points a taxis gathers in one turn (terrain crossed,
    charge-generated, belos), and whether anything disarrays it automatically. Values
    are not carried between turns. Operations return a new tally."""

    points: tuple[tuple[str, int], ...] = ()
    automatic: tuple[str, ...] = ()

    @property
    def total(self) -> int:
        return sum(p for _, p in self.points)

    def adding(self, source: str, points: int) -> DisarrayTally:
        require(points >= 0, f"disarray points are not negative ({source}: {points})")
        return attrs.evolve(self, points=(*self.points, (source, points)))

    def crossing(self, terrain: Terrain) -> DisarrayTally:
        # Hoplomachia, Disarray (terrain)
        if terrain.disarray is None:
            return attrs.evolve(self, automatic=(*self.automatic, terrain.name))
        return self.adding(terrain.name, terrain.disarray)

    def disarrays(self, qualifier: int | None) -> bool:
        """Does the turn's total exceed the qualifier (None: never disarrayed)?"""
        # Hoplomachia, Disarray
        if qualifier is None:
            return False
        return bool(self.automatic) or self.total > qualifier


@attrs.frozen
class MovementRules:
    drift: DriftRules
    spacing: SpacingRules
    arrangement: ArrangementRules
    interpenetration: Interpenetration
    recovery: Recovery
    flight: FlightRules
    terrain: Mapping[str, Terrain]
    provenance: Provenance
    source: str | None = None

    def terrain_named(self, name: str) -> Terrain:
        return lookup(self.terrain, name, "terrain", "the terrain is")


def load_movement(override: Source = "") -> MovementRules:
    """Read the movement rules (``movement.toml`` or a replacement)."""
    doc = document("movement.toml", override)
    doc.check_keys(["reconstructed", "reason", "drift", "spacing", "arrangement",
                    "interpenetration", "recovery", "flight", "terrain"])
    d = doc["drift"].check_keys(["phalanx_over", "approach", "incline", "incline_nations",
                                 "reconstructed", "reason"])
    drift = DriftRules(d["phalanx_over"].as_int(min=0), d["approach"].as_float(min=0.0),
                       d["incline"].as_float(min=0.0),
                       frozenset(v.as_str() for v in d["incline_nations"].items()),
                       Provenance.of(d))
    s = doc["spacing"].check_keys(["hoplites", "belos", "bounce", "reconstructed", "reason"])
    spacing = SpacingRules(s["hoplites"].as_float(min=0.0), s["belos"].as_float(min=0.0),
                           s["bounce"].as_float(min=0.0), Provenance.of(s))
    a = doc["arrangement"].check_keys(["change", "turn", "open_files_wheel", "close_files_wheel",
                                       "open_files_turns", "horse_close_files_wheel",
                                       "reconstructed", "reason"])
    arrangement = ArrangementRules(
        a["change"].as_float(min=0.0), a["turn"].as_float(min=0.0),
        a["open_files_wheel"].as_float(min=0.0, max=360.0),
        a["close_files_wheel"].as_float(min=0.0, max=360.0),
        tuple(float(v.as_float()) for v in a["open_files_turns"].items()),
        a["horse_close_files_wheel"].as_float(min=0.0, max=360.0), Provenance.of(a))
    i = doc["interpenetration"].check_keys(["harmless_movers", "harmless_through",
                                            "reconstructed", "reason"])
    inter = Interpenetration(
        frozenset(enum_of(v, Category) for v in i["harmless_movers"].items()),
        frozenset(enum_of(v, Arrangement) for v in i["harmless_through"].items()),
        Provenance.of(i))
    r = doc["recovery"].check_keys(["march_halted_turns", "reconstructed", "reason"])
    recovery = Recovery(r["march_halted_turns"].as_int(min=0), Provenance.of(r))
    f = doc["flight"].check_keys(["dice", "turn", "away_first", "outdistance",
                                  "hoplite_pursuit_moves", "rally", "reconstructed", "reason"])
    flight = FlightRules(dice_spec(f["dice"]), f["turn"].as_float(min=0.0),
                         f["away_first"].as_float(min=0.0, max=1.0),
                         f["outdistance"].as_float(min=0.0),
                         f["hoplite_pursuit_moves"].as_int(min=0),
                         frozenset(enum_of(v, Category) for v in f["rally"].items()),
                         Provenance.of(f))
    terrain = {}
    for name, tf in doc["terrain"].entries():
        tf.check_keys(["disarray", "reconstructed", "reason"])
        value = tf["disarray"].value
        number = None if value == "automatic" else tf["disarray"].as_int(min=0)
        terrain[name] = Terrain(name, number, Provenance.of(tf))
    return MovementRules(drift, spacing, arrangement, inter, recovery, flight, terrain,
                         Provenance.of(doc), doc.source)
