"""A unit's nerve on the table (III. Morale): the rally phase (shaken units on the shaken
table, running units trying to rally, Morale: attempt to rally) and the morale phase
after the melees (the outnumbered rule after the first round, Hand to hand D; a unit
that lost its officer, II D; the post-contact roll after two rounds; the pre-contact
triggers, each once; every unit's test when its C-in-C is lost)."""

from __future__ import annotations

from ancients.burgess.melee import officer_lost, outnumbered
from ancients.burgess.morale import Trigger, rally_table, take_test
from ancients.burgess.reactions import Action
from ancients.burgess.results import run, take, triggers
from ancients.burgess.state import Piece, State
from ancients.burgess.troops import TroopClass

__all__ = ["contacts_now", "morale_phase", "rally_phase"]

_TESTED = (TroopClass.HV_ENGINE, TroopClass.LT_ENGINE)


def rally_phase(state: State, side: str) -> None:
    """Morale: the phasing side's shaken units roll on the shaken table, its running units
    attempt to rally (4/5/6, then 5/6, then 6) or run on to the rear; its engines count
    down the turns they are out of action."""
    r = state.rules.morale
    for p in state.present(side):
        if p.out_of_action > 0:
            p.out_of_action -= 1
        if p.shaken:
            take(state, p, r.shaken.name, take_test(p.unit, r.shaken, state.dice,
                                                    "its rally phase", r))
        elif p.running:
            crew = p.unit.crew
            if crew is not None and not crew.driver:
                run(state, p, why="no driver to stop it")
                continue
            p.rally_attempts += 1
            table = rally_table(p.rally_attempts, r)
            rolled = take_test(p.unit, table, state.dice, f"attempt {p.rally_attempts}", r)
            if rolled.result.action is Action.RALLY:
                take(state, p, table.name, rolled)
            else:
                state.emit("morale", f"{p.name}: {table.name} roll {rolled.natural}: "
                           f"{rolled.result}", side=p.side, units=(p.id,), unit=p.id,
                           table=table.name, roll=rolled.natural, face=rolled.face,
                           result=rolled.result.text)
                run(state, p, why="failed to rally")


def contacts_now(state: State) -> dict[str, tuple[str, ...]]:
    """Who touches whom now (piece id -> enemy ids)."""
    return {p.id: tuple(e.id for e in state.contacts(p)) for p in state.present()
            if state.in_melee(p)}


def _outnumbered(state: State, p: Piece) -> bool:
    """Hand to hand D: after the initial melee, outnumbered by 2:1 (similar troops), 3:1
    (light against heavy) or 4:1 (infantry against cavalry) by the enemy touching it."""
    classes = state.rules.melee.outnumbered_classes
    foes = [e for e in state.contacts(p) if e.troop in classes]
    if p.troop not in classes or not foes:
        return False
    biggest = max(foes, key=lambda e: e.figures)
    return outnumbered(p.troop, p.figures, biggest.troop, sum(e.figures for e in foes),
                       state.rules.melee)


def morale_phase(state: State) -> None:
    """The morale phase (both sides): the melees' own tests, then every unit's pre-contact
    triggers not yet tested, then the C-in-C test."""
    r = state.rules
    table = r.outnumbered
    for p in state.present():
        if not p.on_table or not state.in_melee(p) or p.running:
            continue
        if p.melee_rounds == 1 and not p.outnumbered and _outnumbered(state, p):
            p.outnumbered = True
            take(state, p, table.name, take_test(p.unit, table, state.dice,
                                                 "outnumbered", r.morale))
    for p in state.present():
        if p.officer_fell:
            p.officer_fell = False
            if p.on_table and not p.running and not p.outnumbered and state.in_melee(p):
                take(state, p, r.melee.officer.name, officer_lost(p.unit, state.dice,
                                                                   r.melee))
    rounds = r.morale.post_contact_rounds
    for p in state.present():
        if not p.on_table or p.running or not state.in_melee(p) or p.outnumbered:
            continue
        # "after two rounds of melee": after every second round (post_contact=repeat),
        # or after the second only (once)
        due = p.melee_rounds == rounds if state.opts.post_contact == "once" else \
            p.melee_rounds > 0 and p.melee_rounds % rounds == 0
        if due:
            take(state, p, r.morale.post_contact.name, take_test(
                p.unit, r.morale.post_contact, state.dice, f"after {p.melee_rounds} rounds",
                r.morale))
    for p in state.present():
        gave_way = _flank_gave_way(state, p)
        # Morale, pre-contact: not for a unit in melee (its triggers that last, half
        # strength and the officer and standard lost, are tested once it is out of it)
        if p.running or p.troop in _TESTED or state.in_melee(p):
            continue
        found = triggers(state, p, gave_way)
        if not found:
            continue
        p.tested = p.tested | frozenset(found)
        rolled = take_test(p.unit, r.morale.precontact, state.dice, "; ".join(found),
                           r.morale)
        take(state, p, r.morale.precontact.name, rolled, "; ".join(found))
    for side in state.sides:
        if state.c_in_c_lost[side] and state.c_in_c_tested[side] == 0:
            _c_in_c_test(state, side)


def _flank_gave_way(state: State, p: Piece) -> bool:
    """Morale, pre-contact: the unit on its immediate flank gave way (results.gave_way
    told it when it began to run)."""
    found = p.flank_gave_way
    p.flank_gave_way = False
    return found


def _c_in_c_test(state: State, side: str) -> None:
    """Morale: the C-in-C killed or captured, every unit of his side rolls (the victory
    rules count those that fail)."""
    r = state.rules.morale
    units = [p for p in state.present(side) if not p.running and p.troop not in _TESTED]
    failed = 0
    for p in units:  # morale.c_in_c_lost, unit by unit (names may repeat)
        rolled = take_test(p.unit, r.c_in_c_test, state.dice, str(Trigger.C_IN_C_LOST), r)
        failed += rolled.result.action is not Action.STEADY
        take(state, p, r.c_in_c_test.name, rolled, "the C-in-C lost")
    state.c_in_c_tested[side] = max(len(units), 1)
    state.c_in_c_failed[side] = failed
    state.emit("c-in-c test", f"{side}: {failed} of {len(units)} units shaken by the loss "
               "of the C-in-C", side=side, tested=len(units), failed=failed)

