"""Raphia §9 — morale: 2d6 reaching the morale factor, the modifiers, how stacks test."""

from __future__ import annotations

from ancients.morale import MoraleTest
from ancients.raphia.counters import TroopClass
from ancients.raphia.narrative import REASONS
from ancients.raphia.state import Stack, State, Status

__all__ = ["counter_test", "ensure_identity", "modifiers", "stack_test"]


def ensure_identity(state: State, cid: str) -> None:
    """§11 championship: a "?" counter is replaced, at its first combat (or first test),
    by a right-hand counter of the same combat value drawn at random."""
    c = state.counters.counters.get(cid)
    if c is None or not c.egyptian or cid in state.replaced or cid in state.morale_override:
        return
    pool = [p for p in state.championship_pool if p.combat == c.combat]
    if not pool:
        state.morale_override[cid] = 12
        return
    drawn = pool[state.dice.choice(len(pool), f"championship draw for {cid}")]
    state.championship_pool.remove(drawn)
    state.replace(cid, drawn)
    state.emit("championship", f"{state.counter_name(cid)}: revealed as a {drawn.combat} "
               f"{drawn.morale} {drawn.movement} counter, morale {drawn.morale} (§11 "
               "championship)", side=c.side, units=[cid], counter=cid,
               replacement=drawn.id, combat=drawn.combat, morale=drawn.morale,
               movement=drawn.movement)


def modifiers(state: State, stack: Stack, *, elephant_rout: bool = False
              ) -> list[tuple[str, int]]:
    """§9 morale modifiers for a test by ``stack`` (the morale table's; none that is 0)."""
    t = state.tables.morale
    out: list[tuple[str, int]] = []
    if stack.side in state.leader_dead:
        out.append(("army leader killed", t.leader_killed))
    if stack.status is Status.PURSUING:
        out.append(("pursuing", t.pursuing))
    if elephant_rout and state.stack_class(stack) is TroopClass.ELEPHANT:
        out.append(("elephant facing a rout of elephants", t.elephant_facing_rout))
    if state.leader_in(stack) is not None and stack.side not in state.leader_dead:
        out.append(("leader in the stack", t.leader_in_stack))
    else:
        lh = state.leader_hex(stack.side)
        if lh is not None and lh.distance(stack.hex) <= t.leader_radius:
            out.append((f"leader within {t.leader_radius} hexes", t.leader_near))
    return [m for m in out if m[1]]


def counter_test(state: State, stack: Stack, cid: str, why: str, *,
                 elephant_rout: bool = False) -> bool:
    """One morale test of one counter (its morale factor, the stack's modifiers)."""
    if state.counter(cid).leader:
        return True
    ensure_identity(state, cid)
    test = MoraleTest(state.morale(cid), modifiers=modifiers(state, stack,
                                                             elephant_rout=elephant_rout))
    result = test.roll(state.dice, f"morale {cid}: {why}")
    mods = "".join(f", {m.value:+d} {m.reason}" for m in test.modifiers)
    total = f": {result.total}" if test.modifiers else ""
    state.emit("morale", f"{state.counter_name(cid)} ({state.board.label(stack.hex)}): "
               f"morale test {REASONS.get(why, why)}: dice {result.natural}{mods}{total}, "
               f"needs {test.target}: {'passed' if result.passed else 'failed'}",
               side=stack.side, units=[cid], counter=cid, hex=state.board.label(stack.hex),
               why=why, target=test.target, roll=result.natural,
               modifiers=[[m.reason, m.value] for m in test.modifiers], total=result.total,
               passed=result.passed)
    return result.passed


def stack_test(state: State, stack: Stack, why: str, *, top_only: bool = False,
               elephant_rout: bool = False) -> list[str]:
    """Test a stack; returns the counters that failed.

    §5/§9: a heavy-infantry stack not in rout tests once on its top counter and the result
    applies to all; ``top_only`` does the same for any stack (the addendum's cases); other
    stacks test counter by counter."""
    fighters = state.combatants(stack)
    if not fighters:
        return []
    as_one = top_only or (stack.status is not Status.ROUTED and
                          all(state.counter(c).phalanx for c in fighters))
    if as_one:
        return [] if counter_test(state, stack, fighters[0], why,
                                  elephant_rout=elephant_rout) else list(fighters)
    return [c for c in fighters if not counter_test(state, stack, c, why,
                                                     elephant_rout=elephant_rout)]
