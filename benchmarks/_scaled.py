"""The built-in scenarios at k times their armies, for the growth benchmark.

Each tree (this one, the baseline) scales its *own* built-in files, with only what both
have: Raphia's ``map=`` and ``counters=`` options and ``load_scenario``, Monk's Corner's
scenario files.

- Raphia: the map's band of deployment rows is repeated ``k`` times north to south (a
  longer map: the lines are ``k`` times as long), every combat counter is duplicated
  ``k - 1`` times under new ids (the leaders stay one a side, as §11 has them) and the
  order of battle is repeated down the longer lines, each copy shifted by the band's
  height (a translation of the odd-q layout: the band has an odd number of rows, and a
  shift along a column keeps its parity).
- Monk's Corner: a table ``k`` times as wide with the terrain and the line of battle
  repeated side by side, each copy shifted by the old width (units' ids suffixed).
"""

from __future__ import annotations

import copy
import importlib
import tomllib
from pathlib import Path
from typing import Any

from _baseline import dump_toml


def _package(name: str) -> Path:
    module = importlib.import_module(f"ancients.{name}")
    assert module.__file__ is not None
    return Path(module.__file__).parent


def _read(path: Path) -> dict[str, Any]:
    return tomllib.loads(path.read_text(encoding="utf-8"))


def raphia(k: int, folder: Path) -> tuple[dict[str, str], Path]:
    """Raphia's ``raphia-217bc`` at ``k`` times its armies: the ruleset's options (the
    map and counter files) and the scenario file."""
    pkg = _package("raphia")
    board = _read(pkg / "data" / "map.toml")
    sheet = _read(pkg / "data" / "counters.toml")
    scenario = _read(pkg / "scenarios" / "raphia-217bc.toml")
    lines = list(board["deployment"].values())
    first = min(d["first_row"] for d in lines)
    last = max(d["last_row"] for d in lines)
    rows = board["terrain"].strip("\n").split("\n")
    band = rows[first - 1:last]
    height = len(band)
    assert height % 2 == 1 or k == 1, "an even band would change the hexes' shapes"
    board["terrain"] = "\n" + "\n".join(rows[:first - 1] + band * k + rows[last:]) + "\n"
    board["rows"] = len(rows) + height * (k - 1)
    for d in lines:
        d["last_row"] = d["last_row"] + height * (k - 1)
    originals = list(sheet["counter"])
    renamed: list[dict[str, str]] = [{} for _ in range(k)]
    for i in range(1, k):
        for entry in originals:
            if entry["type"] == "leader":
                continue
            new = copy.deepcopy(entry)
            count = entry.get("count", 1)
            new["id"] = f"{entry['id']}_x{i}" + ("_" if count > 1 else "")
            sheet["counter"].append(new)
            for j in range(1, count + 1):
                old = entry["id"] if count == 1 else f"{entry['id']}{j}"
                renamed[i][old] = new["id"] if count == 1 else f"{new['id']}{j}"
    stacks = []
    leaders = {e["id"] for e in originals if e["type"] == "leader"}
    for i in range(k):
        for stack in scenario["stack"]:
            s = copy.deepcopy(stack)
            col, row = int(s["hex"][:2]), int(s["hex"][2:])
            s["hex"] = f"{col:02d}{row + height * i:02d}"
            if i:
                s["counters"] = [renamed[i][c] for c in s["counters"] if c not in leaders]
            if s["counters"]:
                stacks.append(s)
    scenario["stack"] = stacks
    scenario["name"] = f"{scenario['name']}-x{k}"
    paths = {name: folder / f"raphia-{name}-x{k}.toml" for name in ("map", "counters")}
    paths["map"].write_text(dump_toml(board), encoding="utf-8")
    paths["counters"].write_text(dump_toml(sheet), encoding="utf-8")
    out = folder / f"raphia-217bc-x{k}.toml"
    out.write_text(dump_toml(scenario), encoding="utf-8")
    return {name: str(p) for name, p in paths.items()}, out


def monks_corner(name: str, k: int, folder: Path) -> Path:
    """A Monk's Corner built-in scenario at ``k`` times its armies (a table ``k`` times
    as wide, the line of battle and the terrain repeated side by side)."""
    doc = _read(_package("monks_corner") / "scenarios" / f"{name}.toml")
    table = doc.setdefault("table", {})
    width = float(table.get("width", 72.0))
    table["width"] = width * k
    terrain = table.get("terrain", [])
    table["terrain"] = [
        {**t, "name": f"{t.get('name', t['kind'])} {i + 1}" if i else t.get("name", ""),
         "polygon": [[x + width * i, y] for x, y in t["polygon"]]}
        for i in range(k) for t in terrain]
    if not table["terrain"]:
        del table["terrain"]
    doc["units"] = [
        {**u, "id": f"{u['id']}-x{i}" if i else u["id"], "x": u["x"] + width * i}
        for i in range(k) for u in doc["units"]]
    doc["name"] = f"{name}-x{k}"
    out = folder / f"{name}-x{k}.toml"
    out.write_text(dump_toml(doc), encoding="utf-8")
    return out


def burgess(k: int) -> Any:
    """Burgess's ``zama-202bc`` with each side's units repeated ``k`` times side by side
    on a table ``k`` times as wide (as ``bench_burgess.py`` scales it)."""
    import ancients

    rs = ancients.ruleset("burgess")
    scenario = rs.scenario("zama-202bc")
    doc: dict[str, Any] = copy.deepcopy(dict(scenario.data))
    width = float(doc["table"]["width"])
    doc["table"]["width"] = width * k
    units = []
    for i in range(k):
        for u in scenario.data["units"]:
            v = dict(u)
            v["id"] = f"{u['id']}-{i}" if i else u["id"]
            v["x"] = float(u["x"]) + width * i
            units.append(v)
    doc["units"] = units
    doc["name"] = f"{scenario.name} x{k}"
    return rs, rs.parse_scenario(doc, source=f"{scenario.name} x{k}")


def hoplomachia(k: int) -> Any:
    """Hoplomachia's ``poteidaia-432bc`` with each army ``k`` times over, side by side on
    a table ``k`` times as wide, one Hegemon a side (as ``bench_hoplomachia.py`` scales
    it)."""
    import ancients
    from ancients.hoplomachia.ruleset import Hoplomachia
    from ancients.hoplomachia.translate import overlaid
    from ancients.scenario import Field

    rs = ancients.ruleset("hoplomachia")
    assert isinstance(rs, Hoplomachia)
    sc = rs.scenario("poteidaia-432bc")
    base = overlaid(Field.root(sc.data, "bench"), rs.rules())
    doc: dict[str, Any] = copy.deepcopy(base)
    width = float(doc["table"]["width"])
    doc["table"]["width"] = width * k
    doc["name"] = f"poteidaia-x{k}"
    for side in doc["sides"]:
        divisions, strategoi = [], []
        for i in range(k):
            for d in side["divisions"]:
                e = copy.deepcopy(d)
                e["id"] = f"{d['id']}-{i}"
                e["x"] = d["x"] + i * width
                e["senior"] = bool(d.get("senior")) and i == 0
                divisions.append(e)
            for s in side["strategoi"]:
                e = copy.deepcopy(s)
                e["id"] = f"{s['id']}-{i}"
                e["with"] = f"{s['with']}-{i}"
                e["hegemon"] = bool(s.get("hegemon")) and i == 0
                strategoi.append(e)
        side["divisions"], side["strategoi"] = divisions, strategoi
    return rs, rs.parse_scenario(doc, source=f"bench x{k}")
