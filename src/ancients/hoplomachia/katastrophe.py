"""The Katastrophe: strategos casualty rolls, the taxeis' Andreia checks (lochoi lost,
strategos lost, a neighbour routed, routers or evaders through them; allied taxeis once
when a Home taxis routs), the per-turn Arete changes (flank enveloped, phalanx in
retreat, phalanx under fire), and the test for Nike: an army below zero Arete
withdraws; if neither side will fight on, the side possessing the slain wins, its
enemy's herald asks for the dead and the winner sets up a trophy; if neither possesses
all the slain the battle goes on unless one side asks for a truce."""

from __future__ import annotations

from collections.abc import Generator, Hashable

from ancients.battle import Decision, Outcome, Phase
from ancients.hoplomachia.andreia import AndreiaResult, Trigger
from ancients.hoplomachia.arete import AreteEvent
from ancients.hoplomachia.checks import andreia
from ancients.hoplomachia.decisions import FIGHT_ON, NO, STAND_DOWN, YES, Kind
from ancients.hoplomachia.flight import apply_result, leaves
from ancients.hoplomachia.geometry import aspect_struck, box_gap
from ancients.hoplomachia.pieces import Status, Strategos
from ancients.hoplomachia.state import State
from ancients.hoplomachia.strategoi import CasualtyOccasion, Fate
from ancients.hoplomachia.vocabulary import Aspect
from ancients.tabletop import EPSILON

__all__ = ["END_REASONS", "katastrophe", "nike", "outcome", "possessor", "score"]

Turn = Generator[Decision | Phase, Hashable, Outcome | None]

#: every reason a battle ends
END_REASONS = ("army withdrew", "both armies withdrew", "army broken",
               "possession of the slain", "truce", "turn limit")
#: the occasions of a casualty roll, the most dangerous first
_OCCASIONS = (CasualtyOccasion.SLAUGHTERED, CasualtyOccasion.ROUTED, CasualtyOccasion.PURSUED,
              CasualtyOccasion.MELEE, CasualtyOccasion.UNDER_FIRE)


def katastrophe(state: State) -> Turn:
    """Hoplomachia, Katastrophe: casualties, taxis checks, per-turn Arete, Nike."""
    _casualties(state)
    yield from _taxis_checks(state)
    _per_turn(state)
    done = yield from nike(state, final=state.turn >= state.turn_limit)
    return done


def _occasion(state: State, s: Strategos) -> CasualtyOccasion | None:
    r = state.record
    found = {CasualtyOccasion.SLAUGHTERED: s.piece in r.slaughtered,
             CasualtyOccasion.ROUTED: s.piece in r.routed,
             CasualtyOccasion.PURSUED: s.piece in r.pursued,
             CasualtyOccasion.MELEE: s.piece in r.in_melee,
             CasualtyOccasion.UNDER_FIRE: s.piece in r.under_fire}
    return next((o for o in _OCCASIONS if found[o]), None)


def _casualties(state: State) -> None:
    """Hoplomachia, Strategoi: a strategos whose lochos was under fire, in melee,
    pursued, routed or slaughtered rolls 2D6 on the casualty chart (Promachos +2); a
    killed strategos costs 2 Arete and his taxis tests; a strategos whose lochos is gone
    joins another of his contingent."""
    rules = state.rules.strategoi
    for s in state.strategoi:
        if not s.alive:
            continue
        occasion = _occasion(state, s)
        if occasion is not None:
            fate = rules.casualty(occasion, s.character, state.dice, s.id)
            state.emit("casualty roll", f"{s.name}: casualty roll ({occasion}): {fate}",
                       side=s.side,
                       strategos=s.id, occasion=str(occasion), fate=str(fate))
            if fate is Fate.KILLED:
                _killed(state, s)
                continue
        piece = state.by_id[s.piece]
        if piece.status.lost or piece.status is Status.ROUTING:
            _rejoin(state, s)


def _killed(state: State, s: Strategos) -> None:
    s.alive = False
    s.killed_turn = state.turn
    piece = state.by_id[s.piece]
    state.record.trigger(piece.division, Trigger.STRATEGOS_LOST)
    state.suffer(s.side, AreteEvent.STRATEGOS_KILLED, why=s.name)
    if s.hegemon:
        s.hegemon = False
        state.armies[s.side].hegemon_lost = state.turn
        state.emit("hegemon killed", f"{s.name}: the Hegemon has fallen", side=s.side,
                   strategos=s.id)


def _rejoin(state: State, s: Strategos) -> None:
    piece = state.by_id[s.piece]
    division = state.division_of(piece)
    others = list(state.members(division)) or [
        p for d in state.side_divisions(s.side) if d.contingent == s.contingent
        for p in state.members(d)]
    if not others:
        s.alive = False  # carried off the field with his troops
        if s.hegemon:
            s.hegemon = False
            state.armies[s.side].hegemon_lost = state.turn
        state.emit("strategos gone", f"{s.name}: leaves the field with his troops",
                   side=s.side, strategos=s.id)
        return
    near = min(others, key=lambda p: (p.block.distance(piece.block), p.id))
    s.piece = near.id
    state.emit("strategos joins", f"{s.name}: joins {near.name}", side=s.side,
               strategos=s.id, unit=near.id)


def _taxis_checks(state: State) -> Generator[Decision | Phase, Hashable, None]:
    """Hoplomachia, Katastrophe: one Katastrophe check for each taxis that lost lochoi,
    lost its strategos, saw a neighbour rout or had routers or evaders pass through it;
    allied taxeis test once when a Home taxis routs."""
    record = state.record
    for d in list(state.divisions.values()):
        triggers = list(record.triggers.get(d.id, ()))
        if d.allied and d.side in record.home_routed:
            triggers.append(Trigger.HOME_TAXIS_ROUTED)
        if not triggers or not state.members(d) or d.routed:
            continue
        out = yield from andreia(state, d, triggers[0])
        if out.result is AndreiaResult.HALT:
            d.halted_turn = state.turn + 1
        else:
            apply_result(state, d, out.result, None, f"Katastrophe ({triggers[0].value})")


def _per_turn(state: State) -> None:
    """Hoplomachia, Arete in play: -2 a turn while a flank is enveloped, the phalanx is
    in retreat, the phalanx is under fire."""
    record = state.record
    for side in state.sides:
        hoplites = [p for p in state.ready(side) if p.hoplite]
        enveloped = any(aspect_struck(p.block, e.block) is not Aspect.FRONT
                        for p in hoplites for e in state.contacts(p) if e.ready)
        if enveloped:
            state.suffer(side, AreteEvent.FLANK_ENVELOPED)
        if side in record.retreat:
            state.suffer(side, AreteEvent.PHALANX_IN_RETREAT)
        if any(state.by_id[k].hoplite and state.by_id[k].side == side
               for k in record.under_fire):
            state.suffer(side, AreteEvent.PHALANX_UNDER_FIRE)


# -- Nike ---------------------------------------------------------------------------------------
def possessor(state: State) -> str | None:
    """Hoplomachia, End of battle: the side possessing all the slain (every casualty
    counter nearer its units on the field than the enemy's), or None."""
    if not state.counters:
        return None
    held: list[str | None] = []
    ready = state.ready()
    for c in state.counters:
        # the nearest unit in order (the first of equals), nearest bounding box first:
        # none farther than its box's gap is measured once one nearer has been
        spot = (c.x, c.y, c.x, c.y)
        order = sorted((box_gap(spot, p.block.bounds), i) for i, p in enumerate(ready))
        best: tuple[float, int] | None = None
        for gap, i in order:
            if best is not None and gap > best[0] + EPSILON:
                break
            d = ready[i].block.distance((c.x, c.y))
            if best is None or (d, i) < best:
                best = (d, i)
        held.append(None if best is None else ready[best[1]].side)
    sides = set(held)
    if len(sides) == 1 and None not in sides:
        return held[0]
    return None


def score(state: State) -> dict[str, float]:
    """Each side's Arete points: the ruleset's own measure of an army's standing."""
    return {s: float(state.armies[s].arete.points) for s in state.sides}


def outcome(state: State, winner: str | None, reason: str) -> Outcome:
    return Outcome.from_units(winner=winner, reason=reason, turns=state.turn,
                              sides=state.sides, units=state.views(), score=score(state))


def _withdraw(state: State, side: str) -> None:
    army = state.armies[side]
    army.withdrawn = True
    state.emit("withdraws", f"{army.title}: below zero Arete, the army withdraws",
               side=side, arete=army.arete.points)
    for p in state.present(side):
        leaves(state, p, "the army withdrew")


def _trophy(state: State, winner: str) -> None:
    loser = state.enemy_of(winner)
    state.emit("herald", f"{state.armies[loser].title}: the herald asks for the dead",
               side=loser)
    state.emit("trophy", f"{state.armies[winner].title}: sets up a trophy", side=winner)


def _able_to_fight(state: State, side: str) -> bool:
    """Hoplomachia, End of battle: the side has something left able to fight: a piece
    on the table in order, or a reinforcement still to come, of a division that is not
    marching off with a contingent that withdrew (routers and the departing fight no
    more)."""
    for p in state.pieces_of(side):
        if p.status in (Status.READY, Status.WAITING) and \
                not state.division_of(p).withdrawing:
            return True
    return False


def nike(state: State, final: bool = False) -> Turn:
    """Hoplomachia, End of battle: the test for Nike (``final``: the turn limit: neither
    side will fight on)."""
    gone = [s for s in state.sides if state.armies[s].arete.withdraws]
    for side in gone:
        _withdraw(state, side)
    if len(gone) == 2:
        holder = possessor(state)
        if holder is not None:
            _trophy(state, holder)
        return outcome(state, holder, "both armies withdrew")
    if gone:
        victor = state.enemy_of(gone[0])
        _trophy(state, victor)
        return outcome(state, victor, "army withdrew")
    broken = [s for s in state.sides if not _able_to_fight(state, s)]
    if broken:
        winner = None if len(broken) == 2 else state.enemy_of(broken[0])
        if winner is not None:
            _trophy(state, winner)
        return outcome(state, winner, "army broken")
    if final:
        holder = possessor(state)
        if holder is not None:
            _trophy(state, holder)
            return outcome(state, holder, "possession of the slain")
        return outcome(state, None, "turn limit")
    if not state.counters:
        return None
    willing = {}
    for side in state.sides:
        choice = yield Decision(side, Kind.FIGHT_ON, (FIGHT_ON, STAND_DOWN),
                                prompt="fight on, or not")
        willing[side] = choice == FIGHT_ON
    if any(willing.values()):
        return None
    holder = possessor(state)
    state.emit("neither fights on", "neither side will fight on",
               holder=holder)
    if holder is not None:
        _trophy(state, holder)
        return outcome(state, holder, "possession of the slain")
    for side in state.sides:
        choice = yield Decision(side, Kind.TRUCE, (YES, NO), prompt="ask for a truce")
        if choice == YES:
            state.emit("truce", f"{state.armies[side].title}: asks for a truce", side=side)
            return outcome(state, None, "truce")
    return None
