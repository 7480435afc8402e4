"""Commanders by name, as the command line and the workbench take them: ``doctrine``,
``random``, ``noisy:0.2`` (the doctrine erring one time in five), ``search`` or
``search:8`` (rollout search with 8 rollouts per candidate)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from ancients.commanders.noisy import Noisy
from ancients.commanders.search import Search
from ancients.commanders.uniform import RandomCommander
from ancients.errors import CommanderError

if TYPE_CHECKING:
    from ancients.battle import Commander
    from ancients.ruleset import Ruleset

__all__ = ["KINDS", "Named", "named"]

#: the commander names, each with what its argument is
KINDS = {"doctrine": None, "random": None, "noisy": "epsilon, a probability (noisy:0.2)",
         "search": "rollouts per candidate (search:8)"}


def _parse(spec: str) -> tuple[str, float | int | None]:
    """The kind a commander name asks for and its argument, checked."""
    kind, colon, arg = spec.strip().partition(":")
    kind = kind.strip().lower()
    if kind not in KINDS:
        raise CommanderError(f"unknown commander {spec!r}; the commanders are "
                             + ", ".join(KINDS))
    what = KINDS[kind]
    if what is None:
        if colon:
            raise CommanderError(f"commander {spec!r}: {kind} takes no argument")
        return kind, None
    if not arg.strip():
        if kind == "search" and not colon:
            return kind, None
        raise CommanderError(f"commander {spec!r}: {kind} needs {what}")
    try:
        number: float | int = float(arg) if kind == "noisy" else int(arg)
    except ValueError:
        raise CommanderError(f"commander {spec!r}: {kind}'s argument is {what}, "
                             f"got {arg.strip()!r}") from None
    if kind == "noisy":
        Noisy(RandomCommander(), number)  # checks epsilon
    else:
        Search(rollouts=int(number))  # checks rollouts
    return kind, number


@attrs.frozen
class Named:
    """A commander factory ``(ruleset, side) -> Commander`` from a name (see the module);
    picklable, so runs in worker processes make the same commanders."""

    spec: str = attrs.field()

    @spec.validator
    def _check(self, _: object, spec: str) -> None:
        _parse(spec)

    def __call__(self, rs: Ruleset, side: str) -> Commander:
        kind, arg = _parse(self.spec)
        if kind == "random":
            return RandomCommander()
        if kind == "search":
            return Search() if arg is None else Search(rollouts=int(arg))
        doctrine = rs.doctrine_commander(side)
        return doctrine if kind == "doctrine" else Noisy(doctrine, float(arg or 0))

    def __str__(self) -> str:
        return self.spec


def named(spec: str) -> Named:
    """The commander factory a name gives (see the module); a bad name is one
    :class:`~ancients.errors.CommanderError`."""
    if not isinstance(spec, str):
        raise CommanderError(f"a commander name is a string, got {spec!r}")
    return Named(spec)
