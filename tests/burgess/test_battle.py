"""The battle through the common interface: the house (decision kinds and their handlers,
no import cycles, no rule module importing the battle), every event's facts in its data
(positions replayed from data alone), the glossary, the standing, the picture."""

from __future__ import annotations

import ast
import re
import struct
from pathlib import Path

import pytest

import ancients
from ancients.battle import RandomCommander
from ancients.burgess.battle import BurgessBattle
from ancients.burgess.commander import HANDLERS
from ancients.burgess.decisions import Kind
from ancients.burgess.glossary import TERMS
from ancients.burgess.state import position
from ancients.testing.conformance import explained_terms

SRC = Path(ancients.__file__).parent / "burgess"

#: the facts each kind of event carries
FACTS = {
    "move": {"unit", "move", "from", "to", "distance"},
    "run": {"unit", "from", "to", "distance"},
    "fall back": {"unit", "from", "to", "distance"},
    "occupies": {"unit", "from", "to", "distance"},
    "charge ends": {"unit", "from", "to", "distance"},
    "contact": {"unit", "target", "aspect", "from", "to", "distance", "impetus"},
    "stampede": {"unit", "from", "to", "distance", "struck"},
    "follow": {"unit", "target", "from", "to"},
    "turn": {"unit", "from", "to"},
    "split": {"unit", "part", "figures", "to"},
    "reformed": {"unit", "figures", "files", "ranks", "to"},
    "rallied": {"unit", "to"},
    "lost": {"unit", "condition", "reason"},
    "c-in-c lost": {"unit"},
    "casualties": {"unit", "figures", "removed", "left", "files", "ranks", "lost"},
    "morale": {"unit", "table", "roll", "face", "result"},
    "shaken": {"unit"},
    "captives": {"unit", "captive", "killed"},
    "volley": {"shooter", "target", "weapon", "band", "distance", "groups", "singles",
               "less", "cover", "hits"},
    "saves": {"unit", "hits", "dice", "lost", "groups"},
    "engine hit": {"unit", "by", "effect", "turns"},
    "fire arrows": {"shooter", "blaze"},
    "battered": {"shooter", "work", "face", "hits", "value", "breached"},
    "blaze out": set(),
    "burnt": {"work"},
    "elephant": {"unit", "harm", "combatants", "driver", "wounds", "dead"},
    "stampede strikes": {"unit", "by", "head_on", "course", "routed", "lost"},
    "charge fails": {"unit", "target"},
    "charge": {"unit", "target", "aspect", "response"},
    "chariots": {"unit", "target", "home", "courses"},
    "spearmen": {"unit", "target", "course"},
    "elephant attack": {"unit", "target", "course"},
    "stand": {"unit", "roll", "need", "stands"},
    "melee": {"sides", "points", "dice", "bonus", "scores", "winner", "values", "figures",
              "fighters",
              "lost"},
    "elephant fight": {"unit", "other"},
    "chariot fight": {"unit", "other", "won", "lost"},
    "declared": {"unit", "target"},
    "response": {"unit", "charger", "response"},
    "standard": {"unit", "by", "taken"},
    "c-in-c test": {"tested", "failed"},
}
MOVERS = ("move", "run", "fall back", "occupies", "charge ends", "contact", "stampede",
          "follow", "reformed", "rallied", "turn")


def play(spec: str, scenario: str, seed: int, doctrine: bool) -> BurgessBattle:
    rs = ancients.ruleset(spec)
    sides = rs.scenario(scenario).sides
    b = rs.new_battle(scenario, seed=seed,
                      commanders=None if doctrine else {s: RandomCommander() for s in sides})
    b.run()
    assert isinstance(b, BurgessBattle)
    return b


def test_every_decision_kind_has_a_handler() -> None:
    assert set(HANDLERS) == set(Kind)


@pytest.mark.parametrize("scenario", ["zama-202bc", "kadesh-1274bc", "assault"])
def test_every_decision_asked_is_of_a_known_kind(scenario: str) -> None:
    rs = ancients.ruleset("burgess")
    seen: set[str] = set()
    for seed in range(3):
        sides = rs.scenario(scenario).sides
        b = rs.new_battle(scenario, seed=seed, commanders=dict.fromkeys(sides))
        pick = RandomCommander()
        while not b.finished:
            b.step()
            if b.pending is not None:
                assert isinstance(b.pending.kind, Kind)
                seen.add(b.pending.kind)
                b.decide(pick.decide(b, b.pending))
    assert {Kind.MOVE, Kind.CHARGE, Kind.SHOOT} <= seen


def _module(name: str) -> bool:
    where = SRC.parent.parent / name.replace(".", "/")
    return where.with_suffix(".py").exists() or (where / "__init__.py").exists()


def _imports(path: Path, typing: bool) -> set[str]:
    """The package's modules ``path`` imports (``from ancients.burgess import ground``
    imports ``ground``: the package itself is initialised before any of its modules)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = set()
    for node in ast.walk(tree):
        if not typing and isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(n) for b in node.body for n in ast.walk(b))
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.ImportFrom) and node.module:
            subs = [f"{node.module}.{a.name}" for a in node.names]
            names = [n for n in subs if _module(n)] or [node.module]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        found.update(n for n in names if n.startswith("ancients.burgess") and _module(n))
    return found


def _graph(typing: bool = False) -> dict[str, set[str]]:
    return {("ancients.burgess" if p.stem == "__init__" else f"ancients.burgess.{p.stem}"):
            _imports(p, typing) for p in SRC.glob("*.py")}


def test_no_import_cycles_and_no_rule_module_imports_the_battle() -> None:
    graph = {k: v - {k} for k, v in _graph().items()}
    for start in graph:
        stack = [(start, [start])]
        while stack:
            node, trail = stack.pop()
            for nxt in graph.get(node, ()):
                assert nxt != start, f"import cycle: {' -> '.join([*trail, nxt])}"
                if nxt not in trail:
                    stack.append((nxt, [*trail, nxt]))
    importers = sorted(m for m, deps in _graph(typing=True).items()
                       if "ancients.burgess.battle" in deps)
    assert importers == ["ancients.burgess.commander", "ancients.burgess.ruleset"]


#: the table play, one module per chapter, top-down: each imports only those below it
TABLE_PLAY = ("turns", "moves", "charges", "fighting", "fire", "works", "chariotry", "beasts",
              "nerve", "losses", "ground", "state")


def test_the_table_play_reads_top_down_one_chapter_a_module() -> None:
    graph = _graph()
    for i, name in enumerate(TABLE_PLAY):
        above = {f"ancients.burgess.{m}" for m in TABLE_PLAY[:i + 1]}
        up = sorted(graph[f"ancients.burgess.{name}"] & above - {f"ancients.burgess.{name}"})
        assert not up, f"{name} imports {up}, above it"


@pytest.mark.parametrize(("spec", "scenario", "seed", "doctrine"), [
    ("burgess", "zama-202bc", 0, False), ("burgess", "zama-202bc", 1, True),
    ("burgess", "kadesh-1274bc", 2, False), ("burgess", "kadesh-1274bc", 3, True),
    ("burgess", "assault", 4, False), ("burgess", "assault", 5, True),
    ("burgess(elephants=tempered, outnumbered_rout=captured)", "zama-202bc", 6, False)])
def test_every_event_carries_its_facts_and_positions_replay_from_them(
        spec: str, scenario: str, seed: int, doctrine: bool) -> None:
    b = play(spec, scenario, seed, doctrine)
    where = {u.id: position(u.block) for u in b.setup.units}
    for e in b.log:
        if e.kind in ("phase", "end"):
            continue
        assert e.kind in FACTS, e.kind
        missing = FACTS[e.kind] - set(e.data)
        assert not missing, (e.kind, missing, e.message)
        if "from" in e.data:
            assert e.data["from"] == where[e.data["unit"]], e.message
        if e.kind in MOVERS:
            where[e.data["unit"]] = e.data["to"]
        if e.kind == "split":
            where[e.data["part"]] = e.data["to"]
    for p in b.state.present():  # each piece ends where its last event put it
        assert where[p.id] == position(p.block), p.id


def test_every_unit_event_message_starts_with_a_units_name() -> None:
    b = play("burgess", "zama-202bc", 7, False)
    names = {p.id: p.name for p in b.state.pieces}
    for e in b.log:
        unit = e.data.get("unit") if e.kind not in ("phase", "end", "c-in-c test") else None
        if isinstance(unit, str) and unit in names:
            assert e.message.startswith(names[unit] + ":"), e.message


def test_explain_gives_the_terms_a_message_uses() -> None:
    b = play("burgess", "zama-202bc", 1, True)
    explained = explained_terms(b, TERMS)
    assert {"volley", "lost"} <= set(explained)
    phase = next(e for e in b.log if e.kind == "phase")
    assert b.explain(phase) == {}


def test_the_standing_is_the_figures_left_and_reads_the_state_only() -> None:
    b = ancients.ruleset("burgess").new_battle("zama-202bc", seed=2)
    assert isinstance(b, BurgessBattle)
    assert b.standing() == {"rome": 1.0, "carthage": 1.0}
    for _ in range(60):
        b.step()
    before = (len(b.log), b.fingerprint())
    standing = b.standing()
    assert (len(b.log), b.fingerprint()) == before and b.standing() == standing
    for side in b.sides:
        start, now = b.state.figures(side)
        assert standing[side] == pytest.approx(now / start)
    b.run()
    assert b.outcome is not None and len(b.standings) == b.outcome.turns + 1


def test_the_picture_to_scale_with_units_marks_and_colours() -> None:
    b = ancients.ruleset("burgess").new_battle("assault", seed=4)
    assert isinstance(b, BurgessBattle)
    svg = b._repr_svg_()
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert 'width="600" height="570"' in svg  # 60 x 48 inches at 10 px, with the bands
    figures = sum(p.figures for p in b.state.present())
    assert svg.count('class="figure"') == figures
    assert "#b22222" in svg and "#1f4e9c" in svg
    assert svg.count("<polyline") == 3  # the wall, the hedge, the track
    assert "the farmhouse face 1: 18 points" in svg
    b.run()
    assert re.search(r"wins|draw", b.to_svg())


def test_the_picture_renders_to_a_readable_png() -> None:
    resvg_py = pytest.importorskip("resvg_py")
    b = ancients.ruleset("burgess").new_battle("zama-202bc", seed=0)
    assert isinstance(b, BurgessBattle)
    for _ in range(30):
        b.step()
    svg = b.to_svg()
    assert "Zama, 202 BC" in svg and f"turn {b.turn}, {b.phase}" in svg
    assert all(f">{p.name}</text>" in svg.replace("&#x27;", "'") for p in b.state.present())
    assert 'class="legend"' in svg and 'class="scale"' in svg
    png = bytes(resvg_py.svg_to_bytes(svg_string=svg, sans_serif_family="DejaVu Sans"))
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])
    assert (width, height) == (720, 780)
    assert len(png) > 5000
