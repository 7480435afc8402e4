"""Raphia Annex — the tables as data: combat, combat modifiers, Egyptian morale,
stacking (§5), morale modifiers (§9), victory points (§13) and the numbers of the force
ratio (§8). Each loads from a TOML
file and can be replaced."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Literal, TypeAlias

import attrs

from ancients.raphia.counters import DATA, SIDES, TroopClass
from ancients.rulesdata import load_document, provenance
from ancients.scenario import Field

__all__ = ["COLUMN_VALUES", "FORCE_RANGES", "CombatTable", "EgyptianMoraleTable",
           "ForceTable", "ModifierTable", "MoraleTable", "Result", "StackingTable", "Tables",
           "VictoryTable", "load_tables", "parse_combat_table", "parse_egyptian_table",
           "parse_force_table", "parse_modifier_table", "parse_morale_table", "parse_ratio",
           "parse_stacking_table", "parse_victory_table"]

Result: TypeAlias = Literal["-", "T", "X"]
_RANK = {"-": 0, "T": 1, "X": 2}


def parse_ratio(text: str) -> Fraction:
    """``"1.5/1"`` → 3/2."""
    a, _, b = text.partition("/")
    return Fraction(a) / Fraction(b)


COLUMN_VALUES = tuple(parse_ratio(c) for c in
                      ("1/4", "1/3", "1/2", "1/1", "1.5/1", "2/1", "3/1", "4/1"))


@attrs.frozen(eq=False)
class CombatTable:
    """Rows of results by modified 2d6 roll, columns by force ratio (Annex)."""

    columns: tuple[str, ...]
    ratios: tuple[Fraction, ...]
    rows: Mapping[int, tuple[Result, ...]]
    lowest: int
    highest: int
    reconstructed: bool
    reason: str
    _columns: dict[tuple[int, int], int | None] = attrs.field(
        init=False, factory=dict, repr=False)  # the columns of integer ratios, memoised

    def column(self, attack: Fraction | int, defence: Fraction | int) -> int | None:
        """The column index for a force ratio, rounded down to the nearest column (in the
        defender's favour, §8); None below the first column (no effect); the last column
        above it."""
        if defence <= 0:
            return len(self.ratios) - 1
        if type(attack) is int and type(defence) is int:
            known = self._columns.get((attack, defence), -1)
            if known != -1:
                return known
            # exact, in integers: p/q <= a/d  <=>  p*d <= a*q  (d > 0)
            best = None
            for i, r in enumerate(self.ratios):
                if r.numerator * defence <= attack * r.denominator:
                    best = i
            if len(self._columns) < 1 << 12:
                self._columns[(attack, defence)] = best
            return best
        ratio = Fraction(attack) / Fraction(defence)
        best = None
        for i, r in enumerate(self.ratios):
            if r <= ratio:
                best = i
        return best

    def row(self, roll: int) -> int:
        """The row a modified roll is read on (below/above the table: its end rows)."""
        return min(max(roll, self.lowest), self.highest)

    def result(self, column: int | None, roll: int) -> Result:
        if column is None:
            return "-"
        return self.rows[self.row(roll)][column]


@attrs.frozen
class ModifierTable:
    """Die-roll modifiers, attacker class × defender class, and the flank bonus (Annex)."""

    values: Mapping[tuple[TroopClass, TroopClass], int]
    flank: Mapping[TroopClass, int]
    reconstructed: bool
    reason: str
    _known: dict[tuple[TroopClass, TroopClass, bool, bool], tuple[tuple[str, int], ...]] = \
        attrs.field(init=False, factory=dict, repr=False, eq=False)  # memoised answers

    def modifiers(self, attacker: TroopClass, defender: TroopClass, flank: bool,
                  drop_negatives: bool | None = None) -> list[tuple[str, int]]:
        """The modifiers that apply, with reasons. ``drop_negatives`` (default: ``flank``)
        leaves out the negative ones (§8: against a rout in both editions; in the French
        text also in the ×2 flank cases)."""
        if drop_negatives is None:
            drop_negatives = flank
        key = (attacker, defender, flank, drop_negatives)
        known = self._known.get(key)
        if known is None:
            known = self._known[key] = tuple(self._modifiers(*key))
        return list(known)

    def _modifiers(self, attacker: TroopClass, defender: TroopClass, flank: bool,
                   drop_negatives: bool) -> list[tuple[str, int]]:
        """§8: the class-against-class modifier and the flank bonus."""
        out: list[tuple[str, int]] = []
        base = self.values.get((attacker, defender), 0)
        if base and not (drop_negatives and base < 0):
            out.append((f"{attacker.words} against {defender.words}", base))
        if flank and self.flank.get(attacker, 0):
            out.append(("flank attack", self.flank[attacker]))
        return out


@attrs.frozen
class EgyptianMoraleTable:
    """§11: one die gives the Egyptian phalanx's morale for the game."""

    dice: str
    morale: Mapping[int, int]
    reconstructed: bool
    reason: str


@attrs.frozen
class StackingTable:
    """§5: counters per hex by class, the elephants' light-infantry escort, and the cost of
    forming a stack during play (None: impossible)."""

    limit: Mapping[TroopClass, int]
    form_cost: Mapping[TroopClass, int | None]
    escort: int


@attrs.frozen
class VictoryTable:
    """§13: victory points per counter in good order; the side winning a tie."""

    points: Mapping[TroopClass, int]
    tie: str


@attrs.frozen
class MoraleTable:
    """§9: the morale modifiers, and how near the leader gives his."""

    leader_killed: int
    pursuing: int
    elephant_facing_rout: int
    leader_near: int
    leader_radius: int
    leader_in_stack: int


@attrs.frozen
class ForceTable:
    """§8: the numbers of the force ratio, of fire and of the attacks that test."""

    extra_counter: int
    leader_in_stack: int
    flank_multiplier: int
    fire_per_missile_counter: int
    fire_per_target_counter: int
    inferiority_attack: int
    inferiority_defence: int
    light_evasion_hexes: int

    @property
    def inferiority(self) -> Fraction:
        """The basic force ratio at or below which infantry tests to attack head-on."""
        return Fraction(self.inferiority_attack, self.inferiority_defence)


#: what each number of the force table may be (low, high)
FORCE_RANGES: dict[str, tuple[int, int]] = {
    "extra_counter": (0, 12), "leader_in_stack": (0, 12), "flank_multiplier": (1, 8),
    "fire_per_missile_counter": (1, 12), "fire_per_target_counter": (1, 12),
    "inferiority_attack": (0, 12), "inferiority_defence": (1, 12),
    "light_evasion_hexes": (0, 3)}


@attrs.frozen
class Tables:
    combat: CombatTable
    modifiers: ModifierTable
    egyptian: EgyptianMoraleTable
    stacking: StackingTable
    victory: VictoryTable
    morale: MoraleTable
    force: ForceTable


_CLASSES = [c.value for c in TroopClass if c is not TroopClass.LEADER]


def parse_combat_table(doc: Field, ordered: bool = True) -> CombatTable:
    """The combat table of a document. ``ordered`` also checks that a higher roll or a
    better ratio is never better for the defender (a data file's guard against slips;
    a variant's parameters may set any cell to any result)."""
    doc.check_keys(["reconstructed", "reason", "columns", "lowest", "highest", "row"])
    cols_f = doc["columns"]
    columns = tuple(c.as_str(pattern=r"\d+(\.\d+)?/\d+") for c in cols_f.items())
    ratios = tuple(parse_ratio(c) for c in columns)
    if list(ratios) != sorted(set(ratios)) or not ratios:
        raise cols_f.error("columns must be distinct force ratios in increasing order")
    lowest, highest = doc["lowest"].as_int(min=-20, max=40), doc["highest"].as_int(max=40)
    rows: dict[int, tuple[Result, ...]] = {}
    for rf in doc["row"].items():
        rf.check_keys(["roll", "results", "reconstructed", "reason", "printed"])
        provenance(rf)
        _printed(rf, columns)
        roll = rf["roll"].as_int()
        if roll in rows:
            raise rf["roll"].error(f"row {roll} given twice")
        res = tuple(x.choice(["-", "T", "X"]) for x in rf["results"].items())
        if len(res) != len(columns):
            raise rf["results"].error(f"needs {len(columns)} results, one per column")
        if ordered:
            for i in range(1, len(res)):
                if _RANK[res[i]] < _RANK[res[i - 1]]:
                    raise rf["results"].error(
                        "a better ratio must never be better for the defender")
        rows[roll] = res
    if sorted(rows) != list(range(lowest, highest + 1)):
        raise doc["row"].error(f"rows must be exactly {lowest}..{highest}")
    if ordered:
        for roll in range(lowest + 1, highest + 1):
            if any(_RANK[a] < _RANK[b] for a, b in zip(rows[roll], rows[roll - 1],
                                                       strict=True)):
                raise doc["row"].error(
                    f"row {roll} is better for the defender than row {roll - 1}")
    rec, reason = provenance(doc)
    return CombatTable(columns, ratios, rows, lowest, highest, rec, reason)


def _printed(row: Field, columns: Sequence[str]) -> None:
    """A reconstructed row's ``printed``: the columns in it that the text does print."""
    f = row.get("printed")
    if f.missing:
        return
    for c in f.items():
        c.choice(list(columns))
    if not row["reconstructed"].as_bool():
        raise f.error("only a reconstructed row lists the columns that are printed")


def parse_modifier_table(doc: Field) -> ModifierTable:
    doc.check_keys(["reconstructed", "reason", "columns", "row"])
    cols = [c.choice([*_CLASSES, "flank"]) for c in doc["columns"].items()]
    if sorted(cols) != sorted([*_CLASSES, "flank"]):
        raise doc["columns"].error(f"columns must be {', '.join([*_CLASSES, 'flank'])}")
    values: dict[tuple[TroopClass, TroopClass], int] = {}
    flank: dict[TroopClass, int] = {}
    seen = set()
    for rf in doc["row"].items():
        rf.check_keys(["attacker", "values", "reconstructed", "reason", "printed"])
        provenance(rf)
        _printed(rf, cols)
        att = TroopClass(rf["attacker"].choice(_CLASSES))
        if att in seen:
            raise rf["attacker"].error(f"row {att} given twice")
        seen.add(att)
        vals = [v.as_int(min=-12, max=12) for v in rf["values"].items()]
        if len(vals) != len(cols):
            raise rf["values"].error(f"needs {len(cols)} values")
        for col, v in zip(cols, vals, strict=True):
            if col == "flank":
                if v < 0:
                    raise rf["values"].error("a flank attack cannot be a penalty")
                flank[att] = v
            else:
                values[(att, TroopClass(col))] = v
    if len(seen) != len(_CLASSES):
        raise doc["row"].error(f"needs one row for each of {', '.join(_CLASSES)}")
    rec, reason = provenance(doc)
    return ModifierTable(values, flank, rec, reason)


def parse_egyptian_table(doc: Field) -> EgyptianMoraleTable:
    doc.check_keys(["reconstructed", "reason", "dice", "row"])
    dice = doc["dice"].choice(["1d6"])
    morale: dict[int, int] = {}
    for rf in doc["row"].items():
        rf.check_keys(["rolls", "morale"])
        m = rf["morale"].as_int(min=2, max=12)
        for r in rf["rolls"].items():
            roll = r.as_int(min=1, max=6)
            if roll in morale:
                raise r.error(f"roll {roll} given twice")
            morale[roll] = m
    if sorted(morale) != [1, 2, 3, 4, 5, 6]:
        raise doc["row"].error("every roll 1..6 needs a morale factor")
    rec, reason = provenance(doc)
    return EgyptianMoraleTable(dice, morale, rec, reason)


def parse_stacking_table(doc: Field) -> StackingTable:
    doc.check_keys(["reconstructed", "reason", "row"])
    limit: dict[TroopClass, int] = {}
    cost: dict[TroopClass, int | None] = {}
    escort = 0
    for rf in doc["row"].items():
        rf.check_keys(["class", "limit", "form_cost", "escort"])
        cls = TroopClass(rf["class"].choice(_CLASSES))
        if cls in limit:
            raise rf["class"].error(f"row {cls} given twice")
        limit[cls] = rf["limit"].as_int(min=1, max=12)
        c = rf["form_cost"].as_int(min=-1, max=12)
        cost[cls] = None if c < 0 else c
        if cls is TroopClass.ELEPHANT:
            escort = rf.get("escort").as_int(0, min=0, max=6)
        elif not rf.get("escort").missing:
            raise rf["escort"].error("only elephants have a light infantry escort (§5)")
    if set(limit) != {TroopClass(c) for c in _CLASSES}:
        raise doc["row"].error(f"needs one row for each of {', '.join(_CLASSES)}")
    return StackingTable(limit, cost, escort)


def parse_victory_table(doc: Field) -> VictoryTable:
    doc.check_keys(["reconstructed", "reason", "tie", "points"])
    pts = doc["points"]
    pts.check_keys([c.value for c in TroopClass])
    points = {TroopClass(k): int(pts[k].as_int(min=0, max=100)) for k in
              [c.value for c in TroopClass]}
    return VictoryTable(points, doc["tie"].choice(SIDES))


def parse_morale_table(doc: Field) -> MoraleTable:
    names = [f.name for f in attrs.fields(MoraleTable)]
    doc.check_keys(["reconstructed", "reason", *names])
    provenance(doc)
    values = {n: doc[n].as_int(min=0 if n == "leader_radius" else -12,
                               max=20 if n == "leader_radius" else 12) for n in names}
    return MoraleTable(**values)


def parse_force_table(doc: Field) -> ForceTable:
    names = [f.name for f in attrs.fields(ForceTable)]
    doc.check_keys(["reconstructed", "reason", *names])
    provenance(doc)
    return ForceTable(**{n: doc[n].as_int(min=FORCE_RANGES[n][0], max=FORCE_RANGES[n][1])
                         for n in names})


def load_combat_table(path: str = "") -> CombatTable:
    return parse_combat_table(load_document(DATA, "combat_table.toml", path))


def load_modifier_table(path: str = "") -> ModifierTable:
    return parse_modifier_table(load_document(DATA, "modifiers.toml", path))


def load_egyptian_table(path: str = "") -> EgyptianMoraleTable:
    return parse_egyptian_table(load_document(DATA, "egyptian_morale.toml", path))


def load_stacking_table(path: str = "") -> StackingTable:
    return parse_stacking_table(load_document(DATA, "stacking.toml", path))


def load_victory_table(path: str = "") -> VictoryTable:
    return parse_victory_table(load_document(DATA, "victory.toml", path))


def load_morale_table(path: str = "") -> MoraleTable:
    return parse_morale_table(load_document(DATA, "morale.toml", path))


def load_force_table(path: str = "") -> ForceTable:
    return parse_force_table(load_document(DATA, "force.toml", path))


def load_tables(combat: str = "", modifiers: str = "", egyptian: str = "",
                stacking: str = "", victory: str = "", morale: str = "",
                force: str = "") -> Tables:
    """All the tables; each argument may name a replacement TOML file."""
    return Tables(load_combat_table(combat), load_modifier_table(modifiers),
                  load_egyptian_table(egyptian), load_stacking_table(stacking),
                  load_victory_table(victory), load_morale_table(morale),
                  load_force_table(force))
