"""The fields of a ruleset's ``Options`` class: each an ``attrs`` field with its one-line
``help`` (what ``ancients options SPEC`` prints), its default and its check, so that an
Options class is a list of readings and switches with nothing repeated. A bad value
raises ``ValueError`` (a spec's is an :class:`~ancients.errors.OptionError` naming the
ruleset: :func:`ancients.ruleset.build_options`).

The values of a :func:`choice` are its annotation's ``Literal``, written once
(:func:`choices` reads them back)::

    @attrs.frozen
    class MyOptions:
        elephants: Literal["burgess", "tempered"] = choice(
            "burgess", "the printed rules or the milder variant")
        incline: bool = flag("Drift (optional rule): incline 1 inch deliberately")
        turn_limit: int = number(0, "turns before the battle is scored", low=0, high=1000)

>>> from typing import Literal
>>> @attrs.frozen
... class Opts:
...     reading: Literal["tie", "point"] = choice("tie", "how a tie is read")
...     turns: int = number(0, "turns to play", low=0, high=1000)
>>> Opts().reading, attrs.fields(Opts).reading.metadata["help"], choices(Opts, "reading")
('tie', 'how a tie is read', ('tie', 'point'))
>>> Opts(reading="both")
Traceback (most recent call last):
...
ValueError: reading must be one of tie, point, got 'both'
>>> Opts(turns=-1)
Traceback (most recent call last):
...
ValueError: turns must be 0..1000, got -1
"""

from __future__ import annotations

import typing
from typing import Any, Literal

import attrs

__all__ = ["choice", "choices", "flag", "number"]


_CHOICES: dict[tuple[type[Any], str], tuple[Any, ...]] = {}


def choices(cls: type[Any], name: str) -> tuple[Any, ...]:
    """The values of the choice ``name`` of an Options class (its ``Literal``'s)."""
    found = _CHOICES.get((cls, name))
    if found is None:
        tp = typing.get_type_hints(cls)[name]
        if typing.get_origin(tp) is not Literal:
            raise TypeError(f"{cls.__name__}.{name}: a choice is annotated Literal[...]")
        found = _CHOICES[(cls, name)] = typing.get_args(tp)
    return found


def _in_literal(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    values = choices(type(instance), attribute.name)
    if value not in values:
        raise ValueError(f"{attribute.name} must be one of "
                          f"{', '.join(map(str, values))}, got {value!r}")


def choice(default: Any, help: str) -> Any:
    """An option that takes one of its ``Literal`` annotation's values (``default``
    unless given)."""
    return attrs.field(default=default, validator=_in_literal, metadata={"help": help})


def flag(help: str, default: bool = False) -> Any:
    """An option that is on or off (off unless given)."""
    return attrs.field(default=default, metadata={"help": help})


def number(default: int, help: str, *, low: int | None = None,
           high: int | None = None) -> Any:
    """A whole-number option, within ``low``..``high`` where they are given."""

    def check(instance: Any, attribute: attrs.Attribute[Any], value: int) -> None:
        if (low is not None and value < low) or (high is not None and value > high):
            span = f"{'' if low is None else low}..{'' if high is None else high}"
            raise ValueError(f"{attribute.name} must be {span}, got {value}")

    return attrs.field(default=default, validator=check, metadata={"help": help})
