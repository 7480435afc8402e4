"""Duels for ``ancients.matchups``: one counter of each type of the magazine's key (§1)
against one of each, face to face on a generated plain map (``data/duels.toml``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from ancients.raphia.counters import DATA, SIDES, Counter, CounterSet, TroopType
from ancients.raphia.maps import MapPlan, label, plain_map
from ancients.rulesdata import load_document, provenance

__all__ = ["DuelTable", "duel_document", "load_duels"]


@attrs.frozen
class DuelTable:
    """The duel types, each with the counter of the sheet that stands for it, and the
    plan of the map they fight on."""

    types: Mapping[str, str]
    plan: MapPlan


def load_duels(counters: CounterSet) -> DuelTable:
    """``data/duels.toml``, its counters checked against the sheet ``counters``."""
    doc = load_document(DATA, "duels.toml")
    doc.check_keys(["reconstructed", "reason", "types", "map"])
    provenance(doc)
    types: dict[str, str] = {}
    tf = doc["types"]
    tf.check_keys([t.value for t in TroopType if t is not TroopType.LEADER])
    for name, f in tf.entries():
        line = f.as_str()
        copies = [c for c in counters.counters.values()
                  if c.id == line or (c.id.startswith(line) and c.id[len(line):].isdigit())]
        if not copies or copies[0].type.value != name:
            raise f.error(f"the counter sheet has no {name} counter {line!r}")
        types[name] = copies[0].id
    mf = doc["map"]
    mf.check_keys(["behind", "gap", "margin"])
    plan = MapPlan(1, mf["behind"].as_int(min=1, max=40), mf["gap"].as_int(min=0, max=20),
                   mf["margin"].as_int(min=4, max=40))
    return DuelTable(types, plan)


def _copy(c: Counter, cid: str, side: str) -> dict[str, Any]:
    out: dict[str, Any] = {"id": cid, "name": c.name, "side": side, "type": c.type.value,
                           "combat": c.combat, "morale": c.morale, "movement": c.movement,
                           "mercenary": c.mercenary, "missile": c.missile,
                           "reconstructed": c.reconstructed, "reason": c.reason}
    return out


def duel_document(table: DuelTable, counters: CounterSet, first: str, second: str
                  ) -> dict[str, Any]:
    """The scenario of one ``first`` counter (the Ptolemaic side, facing east) against
    one ``second`` (the Seleucid, facing west), on their deployment lines with the plan's
    gap between them on open ground; a tie of victory points is a draw."""
    plan = table.plan
    west, east = plan.line_columns
    row = plan.first_row
    stacks, own = [], []
    for side, name, column, facing in ((SIDES[0], first, west, "E"),
                                       (SIDES[1], second, east, "W")):
        c = counters[table.types[name]]
        cid = f"{side}-{name}"
        own.append(_copy(c, cid, side))
        stack: dict[str, Any] = {"side": side, "hex": label(column, row), "counters": [cid]}
        if c.phalanx:
            stack["facing"] = facing
        stacks.append(stack)
    return {"name": f"duel-{first}-{second}", "title": f"{first} against {second}",
            "description": "one counter of each type face to face on open ground",
            "sides": list(SIDES), "tie": "draw",
            "map": plain_map(plan, SIDES, "a plain field for duels"),
            "counter": own, "stack": stacks}
