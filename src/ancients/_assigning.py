"""A base class for objects that must hear of every assignment to their attributes."""

from __future__ import annotations

__all__ = ["Assigning"]


class Assigning:
    """Calls :meth:`_assigning` before each assignment to an attribute of the object.

    It does what an attrs ``on_setattr`` hook does, but also for assignments in code
    compiled with mypyc (the opt-in compiled build, docs/performance.md), which write
    the attributes of a native class directly unless its ``__setattr__`` is known when
    the writing module is compiled: hence a base class in a module of its own, imported
    by the modules of its subclasses but by none of their users. It also runs while
    attrs' ``__init__`` assigns the fields (unlike an ``on_setattr`` hook).
    """

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        self._assigning(name)
        object.__setattr__(self, name, value)

    def _assigning(self, name: str) -> None:
        """Called with the attribute's name before it is assigned."""
