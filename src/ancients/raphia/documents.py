"""Raphia's data documents as named parameters: every number (and every result) of the
tables and the counter sheet under a name a designer can read (``combat_table.7.3/1``:
the result of a modified roll of 7 at 3/1; ``counters.P-phal-mace.combat``), with its
provenance, and a variant's values put in their places in the raw documents before they
are parsed (:func:`apply`).

Each :class:`Family` is one document: the built-in file (or the file an option names)
read raw, its parameters listed by :func:`family_parameters`. The map has none: it is a
picture, replaced whole with the ``map`` option.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

import attrs

from ancients.parameters import Parameter, Value, apply_overrides, document_parameters
from ancients.raphia.counters import DATA, SIDES, TroopClass
from ancients.raphia.tables import FORCE_RANGES
from ancients.rulesdata import load_document
from ancients.scenario import Field

__all__ = ["FAMILIES", "Entry", "Family", "apply", "family_parameters", "read"]


@attrs.frozen
class Entry:
    """One parameter of a document: its name after the family's prefix, the path of its
    value in the raw document, and what a variant may give it."""

    name: str
    path: tuple[str | int, ...]
    help: str
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] = ()
    #: a printed value in a table (or row) otherwise reconstructed
    printed: bool = False


@attrs.frozen
class Family:
    """A data document and its parameters: ``prefix`` (their names' first word), the
    built-in ``file``, the ``option`` naming a replacement file, the rulebook ``section``
    and how its entries are found in a raw document."""

    prefix: str
    file: str
    option: str
    section: str
    entries: Callable[[Mapping[str, Any]], Iterator[Entry]]


def _combat_table(raw: Mapping[str, Any]) -> Iterator[Entry]:
    columns = raw["columns"]
    for i, row in enumerate(raw["row"]):
        printed = set(row.get("printed", ()))
        for j, column in enumerate(columns):
            roll = row["roll"]
            yield Entry(f"{roll}.{column}", ("row", i, "results", j),
                        f"the result of a modified roll of {roll} at {column}: - no effect, "
                        "T test, X the top counter eliminated", choices=("-", "T", "X"),
                        printed=column in printed)


def _modifiers(raw: Mapping[str, Any]) -> Iterator[Entry]:
    columns = raw["columns"]
    for i, row in enumerate(raw["row"]):
        printed = set(row.get("printed", ()))
        attacker = row["attacker"]
        for j, column in enumerate(columns):
            what = ("a flank attack (a phalanx's flank, a rout, a disordered pursuer)"
                    if column == "flank" else f"an attack on {TroopClass(column).words}")
            yield Entry(f"{attacker}.{column}", ("row", i, "values", j),
                        f"added to the dice of {TroopClass(attacker).words} in {what}",
                        0 if column == "flank" else -12, 12, printed=column in printed)


def _egyptian(raw: Mapping[str, Any]) -> Iterator[Entry]:
    for i, row in enumerate(raw["row"]):
        rolls = "-".join(str(r) for r in row["rolls"])
        yield Entry(rolls, ("row", i, "morale"),
                    f"the Egyptian phalanx's morale for the battle on a die of {rolls}", 2, 12)


def _stacking(raw: Mapping[str, Any]) -> Iterator[Entry]:
    for i, row in enumerate(raw["row"]):
        cls = row["class"]
        yield Entry(f"{cls}.limit", ("row", i, "limit"),
                    f"counters of {TroopClass(cls).words} a hex may hold", 1, 12)
        yield Entry(f"{cls}.form_cost", ("row", i, "form_cost"),
                    f"movement points to form a stack of {TroopClass(cls).words} during play "
                    "(-1: impossible)",
                    -1, 12)
        if "escort" in row:
            yield Entry(f"{cls}.escort", ("row", i, "escort"),
                        "light infantry counters that may escort elephants", 0, 6)


def _victory(raw: Mapping[str, Any]) -> Iterator[Entry]:
    for cls in raw["points"]:
        yield Entry(f"points.{cls}", ("points", cls),
                    f"victory points of a counter of {TroopClass(cls).words} in good order at "
                    "the end", 0, 100)
    yield Entry("tie", ("tie",), "the side that wins a tie of victory points", choices=SIDES)


_MORALE = {"leader_killed": "added to the morale tests of an army whose leader is killed",
           "pursuing": "added to the morale tests of a pursuer",
           "elephant_facing_rout": "added to an elephant's test facing a rout of elephants",
           "leader_near": "added to the tests of a unit with its leader within "
                          "leader_radius hexes",
           "leader_radius": "the hexes within which the leader gives leader_near",
           "leader_in_stack": "added to the tests of a unit with its leader in its stack"}


def _morale(raw: Mapping[str, Any]) -> Iterator[Entry]:
    for name, help_ in _MORALE.items():
        yield Entry(name, (name,), help_, 0 if name == "leader_radius" else -12,
                    20 if name == "leader_radius" else 12)


_FORCE = {"extra_counter": "force added by each counter of a stack under the top one",
          "leader_in_stack": "force added by a leader in the stack",
          "flank_multiplier": "the attacker's force multiplier on a phalanx's flank or "
                              "against a disordered pursuer",
          "fire_per_missile_counter": "fire's force for each missile counter of the stack",
          "fire_per_target_counter": "fire's defence for each counter of the target",
          "inferiority_attack": "attack at inferiority: the ratio's attack side (1 of 1/2)",
          "inferiority_defence": "attack at inferiority: the ratio's defence side (2 of "
                                 "1/2)",
          "light_evasion_hexes": "the hexes light infantry evades by"}


def _force(raw: Mapping[str, Any]) -> Iterator[Entry]:
    for name, help_ in _FORCE.items():
        low, high = FORCE_RANGES[name]
        yield Entry(name, (name,), help_, low, high)


_FACTORS = {"combat": (1, 20), "morale": (2, 12), "movement": (1, 12)}


def _counters(raw: Mapping[str, Any]) -> Iterator[Entry]:
    for key, prefix in (("counter", ""), ("championship", "championship.")):
        for i, c in enumerate(raw.get(key, ())):
            for factor, (low, high) in _FACTORS.items():
                if isinstance(c.get(factor), int):  # not a leader's "L", an Egyptian "?"
                    copies = f" (all {c['count']})" if c.get("count", 1) > 1 else ""
                    yield Entry(f"{prefix}{c['id']}.{factor}", (key, i, factor),
                                f"the {factor} factor of {c['name']}{copies}", low, high)


FAMILIES: tuple[Family, ...] = (
    Family("combat_table", "combat_table.toml", "combat_table", "Annex, combat table",
           _combat_table),
    Family("modifiers", "modifiers.toml", "modifiers_table", "§8, Annex, combat modifiers",
           _modifiers),
    Family("egyptian_morale", "egyptian_morale.toml", "egyptian_table",
           "§11, Annex, Egyptian morale", _egyptian),
    Family("stacking", "stacking.toml", "stacking_table", "§5, stacking tables", _stacking),
    Family("victory", "victory.toml", "victory_table", "§13, victory points", _victory),
    Family("morale", "morale.toml", "morale_table", "§9, morale modifiers", _morale),
    Family("force", "force.toml", "force_table", "§8, force ratio, fire and evasion", _force),
    Family("counters", "counters.toml", "counters", "§1, the counter sheet", _counters),
)


def read(family: Family, path: str = "") -> Field:
    """The raw document of ``family``: the file ``path``, or the built-in one."""
    return load_document(DATA, family.file, path)


def _field(path: tuple[str | int, ...]) -> str:
    out = ""
    for key in path:
        out += f"[{key}]" if isinstance(key, int) else (f".{key}" if out else key)
    return out


def family_parameters(family: Family, doc: Field) -> dict[str, Parameter]:
    """The parameters of one document (read by :func:`read` and already checked), each
    with the provenance of the innermost table giving one (a value a reconstructed table
    lists as ``printed`` is printed)."""
    raw = doc.value
    leaves = document_parameters(raw, family.prefix, str(doc.source))
    out: dict[str, Parameter] = {}
    for e in family.entries(raw):
        leaf = leaves.get(".".join((family.prefix, *map(str, e.path))))
        reconstructed = leaf is not None and leaf.source == "reconstructed" and not e.printed
        value = raw
        for key in e.path:
            value = value[key]
        out[f"{family.prefix}.{e.name}"] = Parameter(
            value, "reconstructed" if reconstructed else "printed",
            f"{family.section}; {doc.source}, {_field(e.path)}",
            leaf.reason if reconstructed and leaf is not None else "",
            low=e.low, high=e.high, choices=e.choices, help=e.help)
    return out


def apply(family: Family, doc: Field, values: Mapping[str, Value]) -> Field:
    """``doc`` with the values of ``family``'s parameters among ``values`` in their places
    (a new document: ``doc`` is left as it was)."""
    ours = {n: v for n, v in values.items() if n.startswith(family.prefix + ".")}
    if not ours:
        return doc
    paths = {f"{family.prefix}.{e.name}": e.path for e in family.entries(doc.value)}
    raw = apply_overrides(doc.value, family.prefix,
                          {".".join((family.prefix, *map(str, paths[n]))): v
                           for n, v in ours.items()})
    return Field.root(raw, source=doc.source)
