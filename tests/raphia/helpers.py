"""Helpers for the Raphia tests: a fresh battle with a cleared map to stage positions."""

from __future__ import annotations

import ast
import importlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ancients
from ancients.battle import RandomCommander
from ancients.hexgrid import Hex
from ancients.raphia.battle import RaphiaBattle
from ancients.raphia.state import Stack, State, Status


class Stage:
    """A battle whose map has been cleared, for placing stacks by hand."""

    def __init__(self, spec: str = "raphia") -> None:
        rs = ancients.ruleset(spec)
        b = rs.new_battle(seed=7, commanders={s: RandomCommander() for s in
                                              ("ptolemaic", "seleucid")})
        assert isinstance(b, RaphiaBattle)
        self.battle = b
        self.state: State = b.state
        self.state.stacks.clear()
        for c in b.state.counters.counters.values():
            if c.egyptian:
                self.state.morale_override[c.id] = 8
        self.events: list[Any] = []

    def hex(self, label: str) -> Hex:
        return self.state.board.hex(label)

    def put(self, side: str, label: str, counters: list[str], facing: int | None = None,
            status: Status = Status.GOOD) -> Stack:
        return self.state.new_stack(side, self.hex(label), counters, facing=facing,
                                    status=status)


def drive(gen: Any, answer: Callable[[Any], Any] | None = None) -> list[Any]:
    """Run a rules generator, answering each decision (default: the first option)."""
    asked = []
    try:
        d = next(gen)
        while True:
            asked.append(d)
            d = gen.send(answer(d) if answer else d.options[0])
    except StopIteration:
        pass
    return asked


def runtime_imports(package: str) -> dict[str, set[str]]:
    """Per module of ``package``, the modules of the package it imports when it runs: at
    module level or inside a function, but not under ``if TYPE_CHECKING:``."""
    root = Path(importlib.import_module(package).__file__ or "").parent
    names = {p.stem: package if p.stem == "__init__" else f"{package}.{p.stem}"
             for p in root.glob("*.py")}
    graph: dict[str, set[str]] = {}

    def visit(node: ast.AST, found: set[str]) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                for other in child.orelse:
                    visit(other, found)
                continue
            targets: list[str] = []
            if isinstance(child, ast.Import):
                targets = [a.name for a in child.names]
            elif isinstance(child, ast.ImportFrom) and child.module:
                targets = [child.module] + [f"{child.module}.{a.name}" for a in child.names]
            found.update(t for t in targets if t in names.values())
            visit(child, found)

    for stem, name in names.items():
        found: set[str] = set()
        visit(ast.parse((root / f"{stem}.py").read_text(encoding="utf-8")), found)
        graph[name] = found - {name}
    return graph


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The cycles of an import graph, each as the path that closes it."""
    cycles: list[list[str]] = []
    done: set[str] = set()

    def walk(node: str, path: list[str]) -> None:
        for nxt in sorted(graph.get(node, ())):
            if nxt in path:
                cycles.append([*path[path.index(nxt):], nxt])
            elif nxt not in done:
                walk(nxt, [*path, nxt])
        done.add(node)

    for start in sorted(graph):
        if start not in done:
            walk(start, [start])
    return cycles
