"""The opt-in compiled build: the hot modules compiled with mypyc.

``HATCH_BUILD_HOOK_ENABLE_CUSTOM=1 pip install .`` builds a wheel in which the modules
listed in ``MODULES`` are C extensions compiled by mypyc from the same source (no second
implementation); everything else, and the default build, stays pure Python. Hatchling
loads this hook only when that variable is set (``enable-by-default = false`` in
pyproject.toml), and only then installs its build dependencies (mypy, setuptools); it
needs a C compiler and the Python headers. See docs/performance.md, "Compiled build
(opt-in)", for what is compiled, what is left interpreted and why, and the figures.

The compiler runs in a temporary directory: nothing is written into the source tree
(extension modules left next to the sources would shadow them in an editable install).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

# The modules compiled, relative to src/. Hot in a Raphia battle, and the core modules
# they call per decision. Left interpreted: ancients/battle.py (rulesets outside the
# package, and the tests' toy battle, subclass Battle, and a compiled class cannot have
# interpreted subclasses), ancients/dice.py (the same for Dice, which tests stand in for
# with scripted dice), and everything read once per process (ruleset set-up, data files,
# scenarios) or off the battle path (cli, simulate, render, testing).
# Monk's Corner: the tabletop geometry and the ruleset's battle path (movement menus,
# legality, melee, missiles, morale, the turn sequence, the doctrine commander).
# Left interpreted: tabletop/__init__.py (re-exports only), tabletop/terrain.py (terrain
# is built once per scenario; its cached properties stay functools.cached_property),
# monks_corner's set-up and test modules (ruleset, scenario, options, invariants,
# strategies, render), and monks_corner/battle.py: compiled, the hypothesis property
# test test_invariants_hold_while_play_goes_on crashed the interpreter in the garbage
# collector (a freed object still in a dict; the doctrine battles and the regression
# logs were fine): a mypyc bug in the weak-reference slot of a native class with an
# interpreted base, explained in docs/performance.md with the workaround not taken.
MODULES = [
    "ancients/_assigning.py",
    "ancients/events.py",
    "ancients/morale.py",
    "ancients/hexgrid/__init__.py",
    "ancients/hexgrid/board.py",
    "ancients/hexgrid/coords.py",
    "ancients/hexgrid/facing.py",
    "ancients/hexgrid/hexsets.py",
    "ancients/hexgrid/lines.py",
    "ancients/hexgrid/offsets.py",
    "ancients/hexgrid/search.py",
    "ancients/raphia/battle.py",
    "ancients/raphia/bitboard.py",
    "ancients/raphia/board.py",
    "ancients/raphia/combat.py",
    "ancients/raphia/commander.py",
    "ancients/raphia/counters.py",
    "ancients/raphia/edition.py",
    "ancients/raphia/exchange.py",
    "ancients/raphia/morale.py",
    "ancients/raphia/movement.py",
    "ancients/raphia/options.py",
    "ancients/raphia/rally.py",
    "ancients/raphia/rout.py",
    "ancients/raphia/stacking.py",
    "ancients/raphia/state.py",
    "ancients/raphia/tables.py",
    "ancients/raphia/victory.py",
    "ancients/tabletop/block.py",
    "ancients/tabletop/geometry.py",
    "ancients/tabletop/movement.py",
    "ancients/tabletop/overlay.py",
    "ancients/tabletop/table.py",
    "ancients/monks_corner/commander.py",
    "ancients/monks_corner/geometry.py",
    "ancients/monks_corner/melee.py",
    "ancients/monks_corner/missiles.py",
    "ancients/monks_corner/morale.py",
    "ancients/monks_corner/movement.py",
    "ancients/monks_corner/phalanx.py",
    "ancients/monks_corner/sequence.py",
    "ancients/monks_corner/troops.py",
    "ancients/monks_corner/victory.py",
]

_SETUP = """\
import sys
from setuptools import setup
from mypyc.build import mypycify

work, args = sys.argv.pop(1), sys.argv.pop(1).split(",")
setup(name="ancients-mypyc",
      ext_modules=mypycify(args, group_name="ancients", target_dir=work + "/build"))
"""


class MypycBuildHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        if version == "editable":
            self.app.display_warning("compiled build: not for editable installs, skipped")
            return
        src = Path(self.root, "src")
        config = Path(self.root, "pyproject.toml")
        self.app.display_info(f"compiling {len(MODULES)} modules with mypyc")
        # the temporary directory must outlive the build: hatchling copies the
        # force-included files when it writes the wheel, after initialize returns
        work = Path(tempfile.mkdtemp(prefix="ancients-mypyc-"))
        out = work / "lib"
        # mypy's settings from pyproject.toml, but the version of the interpreter building
        args = ",".join(["--config-file", str(config),
                         "--python-version", "{}.{}".format(*sys.version_info[:2]), *MODULES])
        env = dict(os.environ, MYPY_CACHE_DIR=str(work / "mypy_cache"))
        (work / "setup.py").write_text(_SETUP)
        try:
            subprocess.run(
                [sys.executable, str(work / "setup.py"), str(work), args, "build_ext",
                 "--build-lib", str(out), "--build-temp", str(work / "tmp")],
                cwd=src, env=env, check=True,
            )
            built = sorted(p for p in out.rglob("*") if p.suffix in (".so", ".pyd"))
            if len(built) <= len(MODULES):  # one per module, and mypyc's shared library
                raise RuntimeError(f"mypyc built {len(built)} extensions for {len(MODULES)} "
                                   "modules")
        except BaseException:
            shutil.rmtree(work, ignore_errors=True)
            raise
        for path in built:
            build_data["force_include"][str(path)] = path.relative_to(out).as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        self._work = work

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        work = getattr(self, "_work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
