"""Sets of hexes given as a predicate or a container (:data:`HexSet`)."""

from __future__ import annotations

from collections.abc import Callable, Container
from typing import TypeAlias

from ancients.errors import GeometryError
from ancients.hexgrid.coords import Hex

#: A set of hexes given either as a predicate or as anything supporting ``in``.
HexSet: TypeAlias = "Callable[[Hex], bool] | Container[Hex]"


def _as_predicate(hexes: HexSet | None) -> Callable[[Hex], bool]:
    if hexes is None:
        return _never
    if isinstance(hexes, Container):
        return hexes.__contains__
    if callable(hexes):
        return hexes
    raise GeometryError(f"expected a hex predicate or container, got {type(hexes).__name__}")


def _never(_: Hex) -> bool:
    return False
