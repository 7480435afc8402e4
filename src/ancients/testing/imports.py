"""The import graph of a package, read from its source: for the house rule that no two
modules import each other, even through a function-level import.

>>> graph = imports("ancients.hexgrid")
>>> "ancients.hexgrid.coords" in graph["ancients.hexgrid.lines"]
True
>>> cycles(graph)
[]

Only imports under ``if TYPE_CHECKING:`` are exempt (they never run); pass
``type_checking=True`` to count them too (e.g. to check that no rule module names the
battle even for its types).
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterator, Mapping
from pathlib import Path

__all__ = ["cycles", "imports"]


def _modules(package: str) -> dict[str, Path]:
    """Every module of ``package`` and its subpackages, by dotted name."""
    root = Path(importlib.import_module(package).__file__ or "").parent
    found: dict[str, Path] = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join([package, *parts])] = path
    return found


def _imported(tree: ast.AST, module: str, is_package: bool, type_checking: bool,
              known: Mapping[str, Path]) -> Iterator[str]:
    """The dotted names an ``ast`` imports, relative imports resolved against ``module``.

    ``from a import b`` gives ``a.b``, and ``a`` too unless ``a.b`` is one of the ``known``
    modules (as ``import a.b`` gives only ``a.b``: a package's own modules reaching a
    sibling through it depend on the sibling, not on the package's ``__init__``)."""
    for node in ast.iter_child_nodes(tree):
        if (isinstance(node, ast.If) and not type_checking
                and "TYPE_CHECKING" in ast.unparse(node.test)):
            for other in node.orelse:
                yield from _imported(other, module, is_package, type_checking, known)
            continue
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = module.split(".")
                keep = len(parts) - node.level + (1 if is_package else 0)
                base = ".".join(parts[:keep] + ([base] if base else []))
            names = [f"{base}.{a.name}" for a in node.names]
            if not all(n in known for n in names):
                yield base
            yield from names
        yield from _imported(node, module, is_package, type_checking, known)


def imports(package: str, *, type_checking: bool = False) -> dict[str, set[str]]:
    """Per module of ``package`` (its subpackages included), the modules of the package it
    imports: at module level or inside a function, not under ``if TYPE_CHECKING:``
    unless ``type_checking``."""
    modules = _modules(package)
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found = set(_imported(tree, name, path.name == "__init__.py", type_checking,
                              modules))
        graph[name] = {m for m in found if m in modules and m != name}
    return graph


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The cycles of an import graph, each as the path that closes it (``[a, b, a]``)."""
    out: list[list[str]] = []
    done: set[str] = set()

    def walk(node: str, path: list[str]) -> None:
        for nxt in sorted(graph.get(node, ())):
            if nxt in path:
                out.append([*path[path.index(nxt):], nxt])
            elif nxt not in done:
                walk(nxt, [*path, nxt])
        done.add(node)

    for start in sorted(graph):
        if start not in done:
            walk(start, [start])
    return out
