"""The Command Strophe: the Salpinx signals placed in secret and revealed in Arete
sequence (a charge answered by a charge), the Paean after the first approach signal
(Grim Resolve for Spartans), allied strategoi's stance tests, the Hegemon's verbal
order carried by a runner, the mantis placed, a fallen Hegemon replaced; and the signal
each division acts on."""

from __future__ import annotations

from collections.abc import Generator, Hashable

import shapely

from ancients.battle import Decision, Phase
from ancients.hoplomachia.command import Engagement, Signal
from ancients.hoplomachia.decisions import KEEP, NO, NO_ORDER, YES, Kind, Order, SignalChoice
from ancients.hoplomachia.pieces import Division, Runner, Status, Strategos
from ancients.hoplomachia.precedence import front_of
from ancients.hoplomachia.rituals import GrimResolve
from ancients.hoplomachia.state import State
from ancients.tabletop import normalise_angle

__all__ = ["FLANKS", "ORDERS", "command_strophe", "hegemon_engagement", "runner_path", "signal_of"]

Steps = Generator[Decision | Phase, Hashable, None]
#: the orders a runner may carry (besides "follow the salpinx")
ORDERS = (Signal.MARCH, Signal.BEGIN_APPROACH, Signal.CHARGE, Signal.HALT)
#: the flanks a taxis may be ordered to march to (an action outside the salpinx)
FLANKS = ("left", "right")
VERBAL_ORDER = "verbal order"


def signal_of(state: State, division: Division) -> Signal | None:
    """The signal ``division`` acts on this turn: General Withdrawal for an allied
    contingent that withdrew, its verbal order once received (a flank march: March),
    the pre-designated division's own signal (the rest hold: None), else the army's
    signal in force."""
    if division.withdrawing:
        return Signal.GENERAL_WITHDRAWAL
    if division.flank and division.order_turn <= state.turn:
        return Signal.MARCH  # a flank march is made in Open Files (manoeuvre.menu)
    if division.order is not None and division.order_turn <= state.turn:
        return division.order
    army = state.armies[division.side]
    if army.signal is Signal.PREDESIGNATED:
        if army.predesignated is not None and army.predesignated[0] == division.id:
            return army.predesignated[1]
        return None
    return army.signal


def hegemon_engagement(state: State, hegemon: Strategos) -> Engagement | None:
    """Is the Hegemon in melee, rout or pursuit (he then sends no order)?"""
    piece = state.by_id[hegemon.piece]
    if piece.status is Status.ROUTING:
        return Engagement.ROUT
    if piece.pursuing:
        return Engagement.PURSUIT
    if state.engaged(piece):
        return Engagement.MELEE
    return None


def runner_path(state: State, hegemon: Strategos, division: Division) -> float | None:
    """Hoplomachia, Commands: the runner's way from the Hegemon's lochos to the
    division (straight, inches), or None if it would pass within 3 inches of the enemy."""
    start = state.by_id[hegemon.piece]
    members = state.members(division)
    if not members or start.division == division.id:
        return None
    near = min(members, key=lambda p: start.block.distance(p.block))
    a, b = start.block.centre, near.block.centre
    line = shapely.LineString([a, b])
    keep = state.rules.command.runner.keep_off
    x0, x1 = min(a[0], b[0]) - keep, max(a[0], b[0]) + keep
    y0, y1 = min(a[1], b[1]) - keep, max(a[1], b[1]) + keep
    for e in state.ready(state.enemy_of(division.side)):
        q = e.block.bounds
        if q[0] > x1 or q[2] < x0 or q[1] > y1 or q[3] < y0:
            continue
        if not state.rules.command.runner.clear(e.block.distance(line)):
            return None
    return start.block.distance(near.block)


def command_strophe(state: State, first: str) -> Steps:
    """Hoplomachia, Command Strophe: A.1 the Salpinx, A.2 the Commands."""
    for side in state.sides:
        _replace_hegemon(state, side)
        _deliver(state, side)
        army = state.armies[side]
        if not army.mantis:  # the mantis is placed for the Sphagia
            army.mantis = True
            state.emit("mantis", f"{army.title}: the mantis is placed for the sphagia",
                       side=side)
    placed: dict[str, Signal | None] = {}
    for side in state.sides:  # placed in secret: neither sees the other's
        placed[side] = None
        army = state.armies[side]
        if state.hegemon(side) is None:
            continue
        signals = state.rules.command.in_use(state.opts.ekdromoi_signals)
        options = [KEEP, *(SignalChoice(s) for s in signals
                           if s is not Signal.PREDESIGNATED or army.predesignated)]
        choice = yield Decision(side, Kind.SIGNAL, options, prompt="the Salpinx signal")
        assert isinstance(choice, SignalChoice)
        placed[side] = choice.signal
    other = state.enemy_of(first)
    salpinx = state.rules.command.salpinx
    lead = placed[first]
    for side in (first, other):  # revealed in Arete sequence
        signal = placed[side]
        if side == other and lead is not None and signal is not lead and \
                state.hegemon(side) is not None and salpinx.may_switch(lead, Signal.CHARGE):
            choice = yield Decision(side, Kind.SWITCH, (YES, NO),
                                    prompt=f"the enemy signalled {lead}: answer with a "
                                           "charge")
            if choice == YES:
                signal = lead
        _reveal(state, side, signal)
    for side in (first, other):
        yield from _verbal_order(state, side)


def _reveal(state: State, side: str, signal: Signal | None) -> None:
    army = state.armies[side]
    army.placed = signal
    if signal is None:
        state.emit("signal", f"{army.title}: no signal ({army.signal} stands)", side=side,
                   signal=None, standing=str(army.signal))
        return
    army.signal = signal
    state.emit("signal", f"{army.title}: signal {signal}", side=side, signal=str(signal),
               standing=str(signal))
    if signal is Signal.FORWARD_PSILOI:
        army.psiloi_forward = army.psiloi_released = True
    elif signal is Signal.RECALL_PSILOI:
        army.psiloi_forward = army.psiloi_released = False
    if state.rules.command.signal(signal).paean and not army.sang:
        _song(state, side)
    _stance_tests(state, side, str(signal))


def _song(state: State, side: str) -> None:
    """Hoplomachia, Arete in battle: the Paean after the army's first approach signal, or
    the Spartans' Grim Resolve draining the enemy."""
    army = state.armies[side]
    army.sang = True
    song = state.rules.rituals.song(army.nation)
    if song is None:
        return
    if isinstance(song, GrimResolve):
        points = song.roll(state.dice, side)
        state.emit("grim resolve", f"{army.title}: Grim Resolve", side=side, points=points)
        state.gain(state.enemy_of(side), points, "the enemy's Grim Resolve")
    else:
        points = song.roll(state.dice, side)
        state.emit("paean", f"{army.title}: the Paean is sung", side=side, points=points)
        state.gain(side, points, "the Paean")


def _stance_tests(state: State, side: str, order: str,
                  only: Division | None = None) -> None:
    """Hoplomachia, Strategoi: allied strategoi given a tested order roll against the
    Stance Chart; above the number they withdraw all the troops they brought."""
    rules = state.rules.strategoi
    for s in state.strategoi:
        if s.side != side or not s.alive or s.stance is None:
            continue
        mine = [d for d in state.side_divisions(side) if d.contingent == s.contingent]
        if only is not None and only not in mine:
            continue
        if not mine or all(d.withdrawing for d in mine):
            continue
        number = rules.stance_number(s.stance, order)
        if number is None:
            continue
        obeys = rules.stance_test(s.stance, order, state.dice, s.id)
        state.emit("stance", f"{s.name} ({s.stance}): {order}: "
                   + ("obeys" if obeys else "withdraws his troops"), side=side,
                   strategos=s.id, stance=str(s.stance), order=order, number=number,
                   obeys=obeys)
        if not obeys:
            for d in mine:
                d.withdrawing = True


def _verbal_order(state: State, side: str) -> Steps:
    """Hoplomachia, Commands: one verbal order a turn by a Hegemon not in melee, rout or
    pursuit, to a division the runner can reach."""
    hegemon = state.hegemon(side)
    runner = state.rules.command.runner
    if hegemon is None or not runner.may_send(hegemon_engagement(state, hegemon)):
        return
    options: list[Order] = [NO_ORDER]
    paths: dict[str, float] = {}
    for d in state.side_divisions(side):
        if d.routed or d.withdrawing or not state.members(d):
            continue
        path = runner_path(state, hegemon, d)
        if path is None:
            continue
        paths[d.id] = path
        options += [Order(d.id, s) for s in ORDERS if s is not d.order or d.flank]
        if d.core:  # Hoplomachia, Commands: an action outside the salpinx: a flank march
            options += [Order(d.id, flank=f) for f in FLANKS if f != d.flank]
        if d.order is not None or d.flank:
            options.append(Order(d.id, None))
    if len(options) == 1:
        return
    choice = yield Decision(side, Kind.ORDER, options, prompt="the Hegemon's verbal order")
    assert isinstance(choice, Order)
    if not choice.division:
        return
    acted = runner.acted_turn(state.turn, paths[choice.division])
    army = state.armies[side]
    army.runners.append(Runner(choice.division, choice.signal, state.turn, acted,
                               choice.flank))
    state.emit("order sent", f"{hegemon.name}: {choice} (acted on from turn {acted})",
               side=side, division=choice.division,
               order=(choice.what if choice.flank else
                      str(choice.signal) if choice.signal else None), acted=acted,
               distance=round(paths[choice.division], 3))


def _deliver(state: State, side: str) -> None:
    """Runners whose order is acted on this turn deliver it (an order of None: follow
    the salpinx again)."""
    army = state.armies[side]
    keep = []
    for r in army.runners:
        if r.acted > state.turn:
            keep.append(r)
            continue
        d = state.divisions[r.division]
        d.order = r.order
        d.order_turn = state.turn
        d.flank = r.flank
        if r.flank:  # the bearings of the front and of the march, as the order comes
            members = state.members(d)
            d.flank_front = members[0].block.facing if members else front_of(state, side)
            turn = 90.0 if r.flank == "right" else -90.0
            d.flank_heading = normalise_angle(d.flank_front + turn)
        what = f"flank march {r.flank}" if r.flank else str(d.order) if d.order else None
        state.emit("order received", f"{d.name}: "
                   + (f"acts on {what}" if what else "follows the salpinx again"),
                   side=side, division=d.id, order=what)
        if d.allied and (d.order is not None or d.flank):
            _stance_tests(state, side, VERBAL_ORDER, only=d)
    army.runners = keep


def _replace_hegemon(state: State, side: str) -> None:
    """Hoplomachia, Strategoi: "a dead Hegemon is replaced next turn" (``replaced_after``
    turns after the turn he fell; the army has none meanwhile): by the first living
    strategos of his own state."""
    army = state.armies[side]
    if state.hegemon(side) is not None or not army.hegemon_lost:
        return
    after = state.rules.strategoi.hegemon_replaced_after
    if state.turn < army.hegemon_lost + after:
        return
    for s in state.strategoi:
        if s.side == side and s.alive and s.stance is None and \
                state.by_id[s.piece].on_table:
            s.hegemon = True
            army.hegemon_lost = 0
            state.emit("hegemon", f"{s.name}: takes command as Hegemon", side=side,
                       strategos=s.id)
            return

