"""The numbers of the Monk's Corner rules: the TOML files of ``data/`` (one per part of the
rules, each table marked as printed, with its part and clause, or reconstructed, with a
reason), read into one :class:`Rules`, and every number as a named parameter of the
ruleset (``missiles.sling.range``: ``[sling] range`` of ``missiles.toml``).

>>> from ancients.monks_corner.rules import RULES, load_rules
>>> RULES.missile_range["sling"], load_rules({"missiles.sling.range": 12.0}).missile_range["sling"]
(18.0, 12.0)
"""

from __future__ import annotations

import copy
import math
from collections.abc import Mapping
from typing import Any

import attrs

from ancients.errors import OptionError, ScenarioError
from ancients.parameters import Parameter, Value, apply_overrides, document_parameters
from ancients.rulesdata import builtin_document, data_path
from ancients.scenario import Field

__all__ = ["DATA", "FILES", "RULES", "DuelType", "Rules", "load_rules", "parameters",
           "raw_document"]

DATA = "ancients.monks_corner.data"
#: the data files, by the prefix of their parameters' names (and the part of the rules)
FILES = ("sequence", "movement", "phalanx", "missiles", "melee", "morale", "victory",
         "troops", "duel")
#: keys that are words of a set-up, not numbers (left out of the parameters)
_WORDS = frozenset({"troop", "missile"})


@attrs.frozen
class DuelType:
    """A unit type of the duels (``data/duel.toml``) as a scenario's ``[[units]]`` entry
    gives it."""

    troop: str
    missile: str
    figures: int
    ranks: int
    spartan: bool


@attrs.frozen
class Rules:
    """Every number the rules use, in force in one variant. Distances in inches, angles
    in degrees, ``need`` numbers on the rules' die (``die`` faces)."""

    # Sequence
    die: int  # the faces of the die of every toss
    keep_off: float  # Sequence 2
    # Movement 1-3, Phalanxes 2
    withdrawal: float
    unformed_move: float
    unformed_rough: float
    phalanx_zone: float  # Movement 2, Melee 1: unformed keep off phalanx fronts and left flanks
    unformed_steps: tuple[float, ...]  # fractions of the move offered, the full move first
    unformed_bearings: tuple[float, ...]
    rough_unformed_on: int
    line_move: float
    about_face: float
    line_steps: tuple[float, ...]  # inches offered for a line's move (and about face)
    column_face: float
    column_move: float
    column_then_move: float
    column_steps: tuple[float, ...]  # inches offered in column (the first: 0, form and stand)
    wheels: tuple[float, ...]  # the wheel angles offered, left ones first
    wheel_steps: tuple[float, ...]  # inches offered for a column head's wheel
    square: int
    square_steps: tuple[float, ...]  # inches offered for a square phalanx's wheel
    # Phalanxes 1, 3
    company: int
    min_companies: int
    max_companies: int
    min_ranks: int
    legal_shapes: Mapping[int, tuple[tuple[int, int], ...]]  # figures: ((ranks, files), ...)
    reform_need: int
    spartan_bonus: int
    # Missiles
    missile_range: Mapping[str, float]  # by Missile value ("javelin", "sling", "bow")
    figures_per_die: int
    volley_need: int
    volley_need_rear: int
    odd_need: int
    sight_arc: float
    # Melee
    contact_reach: float
    horse_reach: float
    contact_unformed_on: int
    charge_arc: float
    push_step: float
    zone_step: float
    dice_per_figure: int
    double: int
    overlap: int
    per_rank: int
    rank_counts: float
    melee_need: int
    melee_need_light: int
    # Morale
    reorganise_over: float
    reform_ranks: int
    rout_unforms: float
    # Victory
    turn_limit: int
    figure_points: float
    phalanx_points: float
    # Troops, duels
    bases: Mapping[str, tuple[float, float]]  # "foot", "horse": (width, depth)
    duel_table: tuple[float, float, float]  # width, depth, gap
    duel_turn_limit: int
    duel_types: Mapping[str, DuelType]

    @property
    def die_spec(self) -> str:
        """One of the rules' dice, as a dice spec (``"1d6"``)."""
        return f"1d{self.die}"

    def dice_spec(self, n: int) -> str:
        """``n`` of the rules' dice (``"8d6"``)."""
        return f"{n}d{self.die}"

    def chance(self, need: int) -> float:
        """The chance that one die shows ``need`` or more."""
        return max(0, self.die + 1 - need) / self.die

    def figures_for(self, companies: int) -> int:
        return companies * self.company

    @property
    def min_reform_figures(self) -> int:
        """The fewest figures that re-form ``reform_ranks`` ranks at least as wide as deep
        with a rear rank (Morale 2-3; Phalanxes 1)."""
        r = self.reform_ranks
        return r * (r - 1) + 1

    def reform_shape(self, figures: int) -> tuple[int, int, int]:
        """(files, ranks, rear) of ``figures`` re-formed in ``reform_ranks`` even ranks, the
        last shorter if they do not divide (Morale 2-3)."""
        ranks = self.reform_ranks
        files = math.ceil(figures / ranks)
        return files, ranks, figures - files * (ranks - 1)

    def legal_shape(self, figures: int, ranks: int) -> bool:
        """A phalanx of ``figures`` may deploy ``ranks`` deep (Phalanxes 1)."""
        return (ranks, figures // ranks if ranks else 0) in self.legal_shapes.get(figures, ())

    def legal_shapes_text(self) -> str:
        return "; ".join(f"{n} = " + " or ".join(f"{r}x{f}" for r, f in shapes)
                         for n, shapes in self.legal_shapes.items())

    def sizes_text(self) -> str:
        sizes = list(self.legal_shapes)
        return ", ".join(map(str, sizes[:-1])) + f" or {sizes[-1]}" if len(sizes) > 1 else \
            ", ".join(map(str, sizes))


def raw_document(name: str) -> dict[str, Any]:
    """The data file ``name`` (one of :data:`FILES`) as read, a fresh copy."""
    return copy.deepcopy(dict(_RAW[name]))


_RAW: dict[str, Mapping[str, Any]] = {name: builtin_document(DATA, f"{name}.toml")
                                      for name in FILES}

# the bounds a variant's values must keep (by the leaf's name): distances and angles at
# least 0, counts and die numbers at least 1
_LOW_ZERO = ("keep_off", "distance", "move", "rough", "zone", "about_face", "face",
             "then_move", "max_angle", "square_move", "range", "arc", "reach",
             "horse_reach", "charge_arc", "over", "rank_counts", "unforms_within",
             "figure", "phalanx", "width", "depth", "gap", "spartan_bonus", "overlap",
             "per_rank", "foot_width", "foot_depth", "horse_width", "horse_depth")
_LOW_ONE = ("steps", "angle_steps", "square", "company", "min_companies",
            "max_companies", "min_ranks", "need", "unformed_on", "figures_per_die",
            "need_rear_or_right", "odd_need", "per_figure", "double", "light", "ranks",
            "limit", "turn_limit", "figures")


def parameters() -> dict[str, Parameter]:
    """Every number of the data files as a parameter ``file.table.key`` (list items by
    position), with its provenance: printed (``where`` names the part and clause) or
    reconstructed (with the reason), and the bounds a variant's value must keep."""
    out: dict[str, Parameter] = {}
    for name in FILES:
        data = _RAW[name]
        found = document_parameters(data, name, data_path(DATA, f"{name}.toml"), skip=_WORDS)
        for pname, p in found.items():
            leaf = pname.rsplit(".", 1)[-1]
            bounds: dict[str, Any] = {}
            if leaf in _LOW_ZERO:
                bounds["low"] = 0
            elif leaf in _LOW_ONE:
                bounds["low"] = 1
            if leaf in ("push_step", "zone_step"):
                bounds["low"] = 0.01
            if leaf == "sides":
                bounds["low"] = 2
            if leaf in ("over", "rank_counts"):
                bounds["high"] = 1
            section = _section(data, pname.split(".")[1:])
            out[pname] = attrs.evolve(p, where=f"{section}; {p.where}", **bounds)
    return out


def _section(data: Mapping[str, Any], path: list[str]) -> str:
    """The innermost ``source`` (the part and clause) on the way to a leaf."""
    found = ""
    node: Any = data
    for key in path:
        if isinstance(node, Mapping):
            found = str(node.get("source", found))
            node = node.get(key)
        elif isinstance(node, list):
            node = node[int(key)]
    return found


def _fractions(total: float, steps: int, *, zero: bool = False) -> tuple[float, ...]:
    """``total`` in ``steps`` equal parts, up to the whole (from 0 if ``zero``)."""
    return tuple(total * k / steps for k in range(0 if zero else 1, steps + 1))


def load_rules(overrides: Mapping[str, Value] | None = None) -> Rules:
    """The rules' numbers with a variant's parameter values in place (``{name: value}``,
    checked by the ruleset first); an :class:`~ancients.errors.OptionError` if together
    they make no rules (a phalanx of no legal shape, a hit number off the die, ...)."""
    values = dict(overrides or {})
    docs = {name: Field.root(apply_overrides(_RAW[name], name, values) if values else _RAW[name],
                             source=data_path(DATA, f"{name}.toml")) for name in FILES}
    try:
        return _build(docs)
    except ScenarioError as e:
        changed = ", ".join(f"{k}={v}" for k, v in sorted(values.items()))
        raise OptionError(f"monks_corner parameters ({changed or 'as printed'}): {e}") from None


def _build(d: Mapping[str, Field]) -> Rules:
    seq, mov, pha, mis, mel, mor, vic, tro, duel = (d[n] for n in FILES)
    die = seq["die"]["sides"].as_int(min=2)

    def need(f: Field) -> int:
        return int(f.as_int(min=1, max=die))

    unformed, menu = mov["unformed"], mov["unformed"]["menu"]
    line, column, wheel = mov["line"], mov["column"], mov["wheel"]
    shape = pha["shape"]
    company = shape["company"].as_int(min=1)
    lo, hi = shape["min_companies"].as_int(min=1), shape["max_companies"].as_int(min=1)
    min_ranks = shape["min_ranks"].as_int(min=1)
    if lo > hi:
        raise shape["min_companies"].error(f"more than max_companies ({hi})")
    shapes = {}
    for n in range(lo, hi + 1):
        figures = n * company
        # Phalanxes 1: at least min_ranks deep and at least as wide as deep
        found = tuple((r, figures // r) for r in range(min_ranks, figures + 1)
                      if figures % r == 0 and figures // r >= r)
        if found:
            shapes[figures] = found
    if not shapes:
        raise shape.error("no phalanx of these numbers has a legal shape")
    angle_steps = wheel["menu"]["angle_steps"].as_int(min=1)
    max_angle = wheel["max_angle"].as_float(min=0.0)
    rights = _fractions(max_angle, angle_steps)
    wheel_steps = wheel["menu"]["steps"].as_int(min=1)
    volley, sight = mis["volley"], mis["volley"]["sight"]
    contact, reading, dice, hit = mel["contact"], mel["contact"]["reading"], mel["dice"], \
        mel["hit"]
    bases = tro["bases"]
    table = duel["table"]
    types = {}
    for tname, t in duel["types"].entries():
        t.check_keys(["troop", "missile", "figures", "ranks", "spartan"])
        types[tname] = DuelType(t["troop"].as_str(), t.get("missile").as_str("none"),
                                t["figures"].as_int(min=1), t["ranks"].as_int(min=1),
                                t.get("spartan").as_bool(False))
    return Rules(
        die=die,
        keep_off=seq["movement"]["keep_off"].as_float(min=0.0),
        withdrawal=mov["withdrawal"]["distance"].as_float(min=0.0),
        unformed_move=unformed["move"].as_float(min=0.0),
        unformed_rough=unformed["rough"].as_float(min=0.0),
        phalanx_zone=unformed["zone"].as_float(min=0.0),
        unformed_steps=tuple(k / menu["steps"].as_int(min=1)
                             for k in range(menu["steps"].as_int(min=1), 0, -1)),
        unformed_bearings=tuple(b.as_float() for b in menu["bearings"].items()),
        rough_unformed_on=need(mov["rough"]["unformed_on"]),
        line_move=line["move"].as_float(min=0.0),
        about_face=line["about_face"].as_float(),
        line_steps=_fractions(line["move"].as_float(min=0.0),
                              line["menu"]["steps"].as_int(min=1)),
        column_face=column["face"].as_float(),
        column_move=column["move"].as_float(min=0.0),
        column_then_move=column["then_move"].as_float(min=0.0),
        column_steps=_fractions(column["move"].as_float(min=0.0),
                                column["menu"]["steps"].as_int(min=1), zero=True),
        wheels=tuple(-a for a in reversed(rights)) + rights,
        wheel_steps=_fractions(wheel["move"].as_float(min=0.0), wheel_steps),
        square=wheel["square"].as_int(min=1),
        square_steps=_fractions(wheel["square_move"].as_float(min=0.0), wheel_steps),
        company=company, min_companies=lo, max_companies=hi, min_ranks=min_ranks,
        legal_shapes=shapes,
        reform_need=need(pha["reform"]["need"]),
        spartan_bonus=pha["reform"]["spartan_bonus"].as_int(min=0),
        missile_range={m: mis[m]["range"].as_float(min=0.0)
                       for m in ("javelin", "sling", "bow")},
        figures_per_die=volley["figures_per_die"].as_int(min=1),
        volley_need=need(volley["need"]),
        volley_need_rear=need(volley["need_rear_or_right"]),
        odd_need=need(volley["odd_need"]),
        sight_arc=sight["arc"].as_float(min=0.0, max=180.0),
        contact_reach=contact["reach"].as_float(min=0.0),
        horse_reach=contact["horse_reach"].as_float(min=0.0),
        contact_unformed_on=need(contact["unformed_on"]),
        charge_arc=reading["charge_arc"].as_float(min=0.0, max=180.0),
        push_step=reading["push_step"].as_float(min=0.01),
        zone_step=reading["zone_step"].as_float(min=0.01),
        dice_per_figure=dice["per_figure"].as_int(min=1),
        double=dice["double"].as_int(min=1),
        overlap=dice["overlap"].as_int(min=0),
        per_rank=dice["per_rank"].as_int(min=0),
        rank_counts=dice["rank_counts"].as_float(min=0.0, max=1.0),
        melee_need=need(hit["need"]),
        melee_need_light=need(hit["light"]),
        reorganise_over=mor["reorganise"]["over"].as_float(min=0.0, max=1.0),
        reform_ranks=mor["reform"]["ranks"].as_int(min=1),
        rout_unforms=mor["rout"]["unforms_within"].as_float(min=0.0),
        turn_limit=vic["turns"]["limit"].as_int(min=1, max=1000),
        figure_points=vic["points"]["figure"].as_float(min=0.0),
        phalanx_points=vic["points"]["phalanx"].as_float(min=0.0),
        bases={"foot": (bases["foot_width"].as_float(min=0.1, max=6.0),
                        bases["foot_depth"].as_float(min=0.1, max=6.0)),
               "horse": (bases["horse_width"].as_float(min=0.1, max=6.0),
                         bases["horse_depth"].as_float(min=0.1, max=6.0))},
        duel_table=(table["width"].as_float(min=6.0), table["depth"].as_float(min=6.0),
                    table["gap"].as_float(min=0.0)),
        duel_turn_limit=table["turn_limit"].as_int(min=1, max=1000),
        duel_types=types,
    )


#: the rules as printed (and reconstructed), with no variant's values
RULES = load_rules()
