"""Modules that are also their main function.

``ancients.ruleset`` and ``ancients.simulate`` name both a submodule and the function it
exports. Python binds a package's submodule to the package attribute of the same name as
soon as the submodule is imported, so whichever came last would win; instead, such a
module answers calls itself by forwarding them to its function.
"""

from __future__ import annotations

import sys
import types
from typing import Any


class _CallableModule(types.ModuleType):
    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return getattr(self, self.__name__.rpartition(".")[2])(*args, **kwargs)


def make_callable(module_name: str) -> None:
    """Let the module ``module_name`` be called as its same-named function."""
    sys.modules[module_name].__class__ = _CallableModule
