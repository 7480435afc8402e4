"""Named parameters: the numbers a ruleset's rules use (table cells, factors, distances,
thresholds, modifiers, dice), each with where it comes from, so that a variant changes
one of them without a data file.

A ruleset lists them in :meth:`~ancients.ruleset.Ruleset.parameters` (``{name:
Parameter}``; none by default). A parameter's name has a dot in it (``combat.loss``,
``combat_table.7.3/1``), which is how a spec tells it from an option::

    toy(stance=cautious, combat.defender_bonus=2)

A ruleset whose tables are TOML documents read through :mod:`ancients.rulesdata` gets
its parameters with :func:`document_parameters` (every number and string leaf of a
document, with the document's provenance) and applies a variant's values to the raw
document, before parsing it, with :func:`apply_overrides`.
"""

from __future__ import annotations

import copy
import fnmatch
import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, Literal

import attrs

from ancients._words import did_you_mean
from ancients.errors import OptionError

__all__ = ["Parameter", "Value", "apply_overrides", "check_values", "default_tuned",
           "document_parameters", "format_parameter", "select_parameters"]

Value = int | float | str | bool
#: the characters a parameter's name may use (a spec must read it back)
NAME = re.compile(r"^[A-Za-z_][\w+-]*(\.[\w/+-]+)+$")
_UNSAFE = re.compile(r"[,()=\s'\"]")


@attrs.frozen
class Parameter:
    """One number (or dice spec, or word) of the rules.

    ``source``: ``"printed"`` (as the rulebook gives it) or ``"reconstructed"`` (supplied
    where the text is missing, with ``reason``); ``where``: the section or data file and
    field it is read from. ``low``/``high`` bound the values a variant may give it,
    ``choices`` lists the only ones a word may take, and ``step`` is one step of it for
    :func:`ancients.sensitivity` (default: 1 for an int, a tenth of the value for a
    float).
    """

    value: Value
    source: Literal["printed", "reconstructed"] = "printed"
    where: str = ""
    reason: str = ""
    low: float | None = None
    high: float | None = None
    step: float | None = None
    choices: tuple[str, ...] = ()
    help: str = ""

    @property
    def numeric(self) -> bool:
        return isinstance(self.value, int | float) and not isinstance(self.value, bool)

    def convert(self, name: str, raw: Any) -> Value:
        """``raw`` (a Python value or a spec's string) as a value of this parameter's type,
        within its bounds; an :class:`~ancients.errors.OptionError` saying why not."""
        where = f"parameter {name}"
        default = self.value
        value: Value
        if isinstance(default, bool):
            if isinstance(raw, bool):
                value = raw
            elif isinstance(raw, str) and raw.lower() in ("true", "false"):
                value = raw.lower() == "true"
            else:
                raise OptionError(f"{where}: {raw!r} is not true or false")
        elif isinstance(default, int):
            if isinstance(raw, bool) or not (isinstance(raw, int) or (
                    isinstance(raw, str) and re.fullmatch(r"[+-]?\d+", raw.strip()))):
                raise OptionError(f"{where}: {raw!r} is not an integer (it is "
                                  f"{default} as given)")
            value = int(raw)
        elif isinstance(default, float):
            try:
                value = float(raw)
            except (TypeError, ValueError):
                raise OptionError(f"{where}: {raw!r} is not a number") from None
            if value != value or value in (float("inf"), float("-inf")):
                raise OptionError(f"{where}: {raw!r} is not a finite number")
        else:
            value = str(raw)
            if self.choices and value not in self.choices:
                raise OptionError(f"{where}: {raw!r} is not one of {', '.join(self.choices)}")
            if _UNSAFE.search(value):
                raise OptionError(f"{where}: {raw!r} has a character a spec cannot hold")
        if isinstance(value, int | float) and not isinstance(value, bool):
            if self.low is not None and value < self.low:
                raise OptionError(f"{where}: {value} is below its least value {self.low:g}")
            if self.high is not None and value > self.high:
                raise OptionError(f"{where}: {value} is above its greatest value "
                                  f"{self.high:g}")
        return value


def format_parameter(value: Value) -> str:
    """A parameter's value as a spec writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value)
    return str(value)


def check_values(rs_name: str, known: Mapping[str, Parameter], values: Mapping[str, Any]
                 ) -> dict[str, Value]:
    """``values`` converted to their parameters' types, every name known; else one
    :class:`~ancients.errors.OptionError` with a "did you mean"."""

    out: dict[str, Value] = {}
    for name, raw in values.items():
        if name not in known:
            hint = did_you_mean(name, known)
            listing = (f"`ancients parameters {rs_name}` lists its {len(known)}" if known
                       else "it has none")
            raise OptionError(f"{rs_name} has no parameter {name!r}; {hint}{listing}")
        try:
            out[name] = known[name].convert(name, raw)
        except OptionError as e:
            raise OptionError(f"{rs_name} {e}") from None
    return out


#: how many parameters :func:`default_tuned` picks for a ruleset that marks none
DEFAULT_TUNED = 6
_GLOB = re.compile(r"[*?\[]")


def default_tuned(known: Mapping[str, Parameter], count: int = DEFAULT_TUNED
                  ) -> tuple[str, ...]:
    """A generic handful of parameters for a ruleset that marks none as the ones its
    designers tune (:meth:`~ancients.ruleset.Ruleset.tuned_parameters`): the printed
    numeric ones (reconstructed ones if none is printed), taken in turn from each
    top-level table (the first of each table in order, then the second, ...), at most
    ``count``."""
    numeric = [n for n, p in known.items() if p.numeric]
    printed = [n for n in numeric if known[n].source == "printed"] or numeric
    tables: dict[str, list[str]] = {}
    for name in printed:
        tables.setdefault(name.partition(".")[0], []).append(name)
    out: list[str] = []
    depth = 0
    while len(out) < count and any(len(t) > depth for t in tables.values()):
        out += [t[depth] for t in tables.values() if len(t) > depth][:count - len(out)]
        depth += 1
    return tuple(out)


def select_parameters(rs_name: str, known: Mapping[str, Parameter],
                      patterns: Iterable[str], *, numeric: bool = False) -> list[str]:
    """The names ``patterns`` give, in the ruleset's order: each an exact name or an
    ``fnmatch`` pattern (``"combat_table.*"``); with ``numeric``, a pattern keeps only
    the numeric parameters and an exact name must be one. A name or pattern that gives
    nothing is one :class:`~ancients.errors.OptionError` naming it."""
    chosen: set[str] = set()
    for pattern in patterns:
        if _GLOB.search(pattern):
            found = {n for n in known if fnmatch.fnmatchcase(n, pattern)}
            kept = {n for n in found if known[n].numeric} if numeric else found
            if not kept:
                why = (f"matches {len(found)}, none of them numeric" if found
                       else "matches none")
                raise OptionError(f"{rs_name}: the pattern {pattern!r} {why} of its "
                                  f"{len(known)} parameters (`ancients parameters "
                                  f"{rs_name} --grep ...` lists them)")
            chosen |= kept
        else:
            check_values(rs_name, known, {pattern: known[pattern].value}
                         if pattern in known else {pattern: None})
            if numeric and not known[pattern].numeric:
                raise OptionError(f"{rs_name}: parameter {pattern} is not a number "
                                  f"({format_parameter(known[pattern].value)}), so it has "
                                  "no step to take")
            chosen.add(pattern)
    return [n for n in known if n in chosen]


# -- parameters of a TOML document --------------------------------------------------------
_META = frozenset({"reconstructed", "reason", "note", "notes", "title", "description",
                   "source", "sources"})


def _leaves(data: Any, path: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], Any]]:
    if isinstance(data, Mapping):
        for key, value in data.items():
            if key not in _META:
                yield from _leaves(value, (*path, str(key)))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _leaves(value, (*path, str(i)))
    elif isinstance(data, int | float | str) and not isinstance(data, bool):
        yield path, data


def _provenance(data: Any, path: tuple[str, ...], default: tuple[bool, str]
                ) -> tuple[bool, str]:
    """The innermost ``reconstructed``/``reason`` pair on the way to ``path``."""
    found = default
    node = data
    for key in path:
        if isinstance(node, Mapping):
            if "reconstructed" in node:
                found = (bool(node["reconstructed"]), str(node.get("reason", "")))
            node = node.get(key)
        elif isinstance(node, list):
            node = node[int(key)]
    return found


def _named(prefix: str, path: tuple[str, ...], space: str) -> str:
    return ".".join((prefix, *(part.replace(" ", space) for part in path)))


def document_parameters(data: Mapping[str, Any], prefix: str, where: str, *,
                        skip: frozenset[str] = frozenset(), space: str = " "
                        ) -> dict[str, Parameter]:
    """Every number and string leaf of a raw TOML document as a parameter named
    ``prefix.path.to.leaf`` (list items by position), with the provenance of the
    innermost table that gives one (``reconstructed = true``, ``reason = ...``), and
    ``where`` (the file) and the leaf's path. Keys in ``skip`` (at any depth) and the
    documents' own notes are left out. A key's spaces are written ``space`` in the name
    (``"_"``: ``troops.class.HV_INF`` for the key ``"HV INF"``; by default a key with a
    space names no parameter)."""
    out: dict[str, Parameter] = {}
    for path, value in _leaves(data, ()):
        if skip & set(path):
            continue
        reconstructed, reason = _provenance(data, path, (False, ""))
        name = _named(prefix, path, space)
        if not NAME.match(name) or (isinstance(value, str) and _UNSAFE.search(value)):
            continue  # not nameable or writable in a spec
        out[name] = Parameter(value, "reconstructed" if reconstructed else "printed",
                              f"{where}, {'.'.join(path)}", reason if reconstructed else "")
    return out


def apply_overrides(data: Mapping[str, Any], prefix: str, values: Mapping[str, Value],
                    *, space: str = " ") -> dict[str, Any]:
    """A deep copy of a raw document with the values of the parameters named
    ``prefix.path...`` put in their places (others are ignored); ``space`` as given to
    :func:`document_parameters` (a part of the name that is no key of its table names
    the key whose spaces are written so)."""
    out: Any = copy.deepcopy(dict(data))
    for name, value in values.items():
        head, _, rest = name.partition(".")
        if head != prefix or not rest:
            continue
        *parents, leaf = rest.split(".")
        node = out
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[_key(node, key, space)]
        if isinstance(node, list):
            node[int(leaf)] = value
        else:
            node[_key(node, leaf, space)] = value
    result: dict[str, Any] = out
    return result


def _key(table: Mapping[str, Any], part: str, space: str) -> str:
    """The key of ``table`` that the part of a name ``part`` stands for."""
    if part in table or space == " ":
        return part
    return next((k for k in table if k.replace(" ", space) == part), part)
