"""Hoplomachia, Signals: "lights keep stations relative to the core and interpret
signals by battle plan": where a light division's station is, and whether a move keeps
it there."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ancients.hoplomachia.geometry import centre_of
from ancients.hoplomachia.pieces import Division, Piece
from ancients.hoplomachia.precedence import front_of
from ancients.hoplomachia.situations import Station
from ancients.hoplomachia.state import State
from ancients.tabletop import Point, heading

if TYPE_CHECKING:
    from ancients.hoplomachia.manoeuvre import Plan

__all__ = ["keeps_station", "station_of"]

#: the battle plans whose lights skirmish or go round the enemy's flank: no station
_FREE_STATIONS = (Station.SKIRMISH, Station.ENEMY_FLANK)


def _core_reference(state: State, division: Division) -> tuple[Point, float] | None:
    """The centre of the core a light division keeps station with (the division it is
    attached to, else its side's core) and the bearing its army faces (towards the
    enemy: a lochos turned aside or about turns no station); None if none."""
    ref = state.divisions.get(division.attached) if division.attached else None
    pieces = state.members(ref) if ref is not None else []
    if not pieces:
        pieces = [p for d in state.side_divisions(division.side) if d.core
                  for p in state.members(d)]
    if not pieces:
        return None
    return centre_of([p.block for p in pieces]), front_of(state, division.side)


def station_of(state: State, division: Division) -> Point | None:
    """Hoplomachia, Signals: "lights keep stations relative to the core and interpret
    signals by battle plan": where a light division's station is now (where it first
    stood relative to the core, moving with it); None when it is free: not lights,
    released by Forward Psiloi, recalled, or its battle plan sends the lights to
    skirmish or round the enemy's flank, or there is no core."""
    army = state.armies[division.side]
    if not division.lights or army.psiloi_released or not army.psiloi_forward:
        return None
    if state.rules.situations.plans[army.plan].lights in _FREE_STATIONS:
        return None
    ref = _core_reference(state, division)
    members = state.members(division)
    if ref is None or not members:
        return None
    (cx, cy), facing = ref
    fx, fy = heading(facing)
    if division.station is None:
        x, y = centre_of([p.block for p in members])
        division.station = ((x - cx) * fx + (y - cy) * fy, (x - cx) * fy - (y - cy) * fx)
    ahead, right = division.station
    return cx + ahead * fx + right * fy, cy + ahead * fy - right * fx


def keeps_station(state: State, pieces: Sequence[Piece], plan: Plan, station: Point
                   ) -> bool:
    """The move ends within the lights' station range (one of their moves, play.toml)
    of their station, or nearer it than they began."""
    x, y = centre_of(list(plan.end))
    sx, sy = centre_of([p.block for p in pieces])
    gap = math.hypot(x - station[0], y - station[1])
    card = pieces[0].card
    reach = card.movement.rate(pieces[0].arrangement) * state.rules.play.station_moves
    return gap <= reach + 1e-9 or gap <= math.hypot(sx - station[0], sy - station[1]) + 1e-9
