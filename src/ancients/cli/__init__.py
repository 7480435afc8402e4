"""The ``ancients`` command: list rulesets and their options, play one battle, simulate
many, compare variants, and ask a ruleset a designer's questions.

Every error is one line on stderr, ``error: ...``, with exit status 2; output paths are
checked before any battle is played. Piped or redirected, the output is not wrapped or
truncated to a terminal's width. :mod:`~ancients.cli.app` holds the group and what the
commands share; :mod:`~ancients.cli.battles`, :mod:`~ancients.cli.runs` and
:mod:`~ancients.cli.questions` the commands.
"""

from __future__ import annotations

from ancients.cli import battles, questions, runs
from ancients.cli.app import main, unwritable

__all__ = ["battles", "main", "questions", "runs", "unwritable"]
