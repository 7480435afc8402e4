"""Rulesets and their registry.

A ruleset is found by name through the entry-point group ``ancients.rulesets`` (so a
third party adds one the same way the built-in ones are added) or by :func:`register`.
A *spec* names a ruleset and its options: ``"raphia(edition=1990, egyptian_morale=roll)"``,
and any parameters a variant changes (their names have dots: ``"toy(combat.loss=2)"``).

>>> import ancients
>>> ancients.rulesets()                                  # doctest: +SKIP
['burgess', 'hoplomachia', 'monks_corner', 'raphia']
"""

from __future__ import annotations

import contextlib
import enum
import re
import typing
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import cache
from importlib import import_module, resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Literal

import attrs

from ancients._callable import make_callable
from ancients._words import did_you_mean
from ancients.battle import SAVE_FORMAT, Battle, Commander
from ancients.errors import AncientsError, OptionError, RulesetError, ScenarioError
from ancients.parameters import (
    NAME,
    Parameter,
    Value,
    check_values,
    default_tuned,
    format_parameter,
)
from ancients.scenario import Scenario, read_toml

if TYPE_CHECKING:
    from ancients.oob import OrderOfBattle

__all__ = ["PLUGINS_VARIABLE", "Ruleset", "Translation", "load_plugin", "parse_spec",
           "register", "ruleset", "ruleset_class", "rulesets", "unregister"]

ENTRY_POINT_GROUP = "ancients.rulesets"


@attrs.frozen
class NoOptions:
    """Options of a ruleset that has none."""


def _notes(notes: Iterable[str]) -> tuple[str, ...]:
    return tuple(str(n) for n in notes)


@attrs.frozen
class Translation:
    """A ruleset's reading of an order of battle (:meth:`Ruleset.translate_oob`): a
    scenario document its :meth:`~Ruleset.parse_scenario` accepts, and a note for each
    thing dropped or adjusted to fit its rules."""

    document: Mapping[str, Any]
    notes: tuple[str, ...] = attrs.field(default=(), converter=_notes)


class Ruleset(ABC):
    """A set of rules: its options, built-in scenarios, battles and commanders.

    Subclasses set the class attributes and implement :meth:`parse_scenario` and
    :meth:`doctrine_commander`; ``Options`` is a frozen attrs class whose fields are the
    ruleset's options (types: bool, int, float, str, ``Literal[...]`` or an Enum), each
    field's ``metadata["help"]`` a one-line description.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    Options: ClassVar[type[Any]] = NoOptions
    battle_class: ClassVar[type[Battle]]
    default_scenario: ClassVar[str]
    #: package (dotted name) whose ``*.toml`` files are the built-in scenarios
    scenario_package: ClassVar[str | None] = None
    #: the rules revision: raised by one whenever a change to the rules (or to their
    #: reading) changes the decisions a battle asks or what follows from them, so a battle
    #: saved under another revision would not replay as it was played (:meth:`restore`
    #: refuses it); each ruleset's docs list what every revision changed
    revision: ClassVar[int] = 1

    def __init__(self, options: Any = None, *, given: Iterable[str] | None = None,
                 parameters: Mapping[str, Any] | None = None) -> None:
        if options is None:
            options = self.Options()
        elif isinstance(options, Mapping):
            options = build_options(self.Options, self.name, dict(options))
        elif not isinstance(options, self.Options):
            raise OptionError(f"{self.name} options must be {self.Options.__name__}, "
                              f"got {type(options).__name__}")
        self.options = options
        names = [f.name for f in attrs.fields(self.Options)]
        if given is None:
            defaults = self.Options()
            given = [n for n in names if getattr(options, n) != getattr(defaults, n)]
        self._given = tuple(n for n in names if n in set(given))
        self._scenarios: dict[str, Scenario] | None = None
        #: what the ruleset keeps for itself (parsed tables), dropped when pickled
        self._cache: dict[str, Any] = {}
        self._overrides: dict[str, Value] = {}
        if parameters:
            self._set_overrides(parameters)

    def _set_overrides(self, parameters: Mapping[str, Any]) -> None:
        known = self.parameters()
        checked = check_values(self.name, known, parameters)
        self._overrides = {k: v for k, v in sorted(checked.items())
                           if v != known[k].value or type(v) is not type(known[k].value)}
        self._cache = {}

    @classmethod
    def _variant(cls, options: Any, given: Iterable[str] | None,
                 parameters: Mapping[str, Any]) -> Ruleset:
        """A ruleset of these options and parameters (for subclasses whose ``__init__``
        takes only ``options`` and ``given``)."""
        rs = cls(options, given=given)
        if parameters:
            rs._set_overrides(parameters)
        return rs

    # -- identity --------------------------------------------------------------------------
    def __str__(self) -> str:
        if not self._given and not self._overrides:
            return self.name
        args = [f"{n}={format_value(getattr(self.options, n))}" for n in self._given]
        args += [f"{n}={format_parameter(v)}" for n, v in self._overrides.items()]
        return f"{self.name}({', '.join(args)})"

    @property
    def canonical(self) -> str:
        """The shortest spec naming these options (only those that differ from defaults)
        and parameters."""
        return str(type(self)._variant(self.options, None, self._overrides))

    def __repr__(self) -> str:
        return f"ancients.ruleset({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Ruleset):
            return NotImplemented
        return (type(self) is type(other) and self.options == other.options
                and self._overrides == other._overrides)

    def __hash__(self) -> int:
        return hash((type(self), self.options, tuple(self._overrides.items())))

    def __getstate__(self) -> dict[str, Any]:
        return {"options": self.options, "_given": self._given, "_scenarios": None,
                "_cache": {}, "_overrides": dict(self._overrides)}

    def with_options(self, **changes: Any) -> Ruleset:
        """The same ruleset with some options changed (values may be strings)."""
        merged = {n: getattr(self.options, n) for n in self._given} | changes
        with _file_options_named(self.name, merged):
            return type(self)._variant(build_options(self.Options, self.name, merged),
                                       merged, self._overrides)

    # -- parameters -------------------------------------------------------------------------
    def parameters(self) -> dict[str, Parameter]:
        """The numbers the rules use, by name (each with a dot: ``combat.loss``), as the
        rules give them under these options (a variant's own values are
        :attr:`overrides`); none by default. See :mod:`ancients.parameters`."""
        return {}

    @property
    def overrides(self) -> Mapping[str, Value]:
        """The parameters this variant gives other values than the rules' (by name)."""
        return dict(self._overrides)

    def parameter(self, name: str) -> Value:
        """The value of parameter ``name`` in force in this variant."""
        if name in self._overrides:
            return self._overrides[name]
        known = self.parameters()
        if name not in known:
            check_values(self.name, known, {name: None})  # raises, with a "did you mean"
        return known[name].value

    def with_parameters(self, values: Mapping[str, Any]) -> Ruleset:
        """A variant with some parameters changed (values may be strings, as in a spec);
        its ``str()`` is a spec that gives it back. Unknown names and bad values raise
        an :class:`~ancients.errors.OptionError` (with a "did you mean")."""
        given = {n: getattr(self.options, n) for n in self._given}
        return type(self)._variant(self.options, given, {**self._overrides, **dict(values)})

    def tuned_parameters(self) -> Sequence[str]:
        """The parameters its designers tune, by name or ``fnmatch`` pattern
        (``"modifiers.*"``): what :func:`ancients.sensitivity` and ``ancients
        sensitivity SPEC`` vary when given none, so that the bare command finishes in
        minutes. By default a generic handful
        (:func:`ancients.parameters.default_tuned`); a ruleset overrides it with its
        own list."""
        return default_tuned(self.parameters())

    def points_values(self) -> Mapping[str, float]:
        """The printed points value of each unit type of :meth:`duel_types` (where the
        rules give one), which ``ancients matchups`` prints beside the fitted ratings;
        none by default."""
        return {}

    # -- matchups ------------------------------------------------------------------------------
    def duel_types(self) -> Sequence[str]:
        """The unit types :func:`ancients.matchups` pits against each other (none by
        default: a ruleset that has duels lists its types here and builds them in
        :meth:`duel`)."""
        return ()

    def duel(self, first: str, second: str) -> Scenario:
        """A scenario of one unit of type ``first`` (the first side) against one of
        ``second`` (the other) on open ground, for :func:`ancients.matchups`."""
        raise RulesetError(f"{self.name} sets up no duels (Ruleset.duel_types and "
                           "Ruleset.duel), so it has no matchups")

    # -- scenarios -------------------------------------------------------------------------
    @abstractmethod
    def parse_scenario(self, data: Mapping[str, Any], source: str | None = None) -> Scenario:
        """Validate a raw scenario document; raise ScenarioError naming source and field."""

    def scenarios(self) -> dict[str, Scenario]:
        """The built-in scenarios, by name."""
        if self._scenarios is None:
            found: dict[str, Scenario] = {}
            if self.scenario_package:
                for entry in sorted(resources.files(self.scenario_package).iterdir(),
                                    key=lambda e: e.name):
                    if entry.name.endswith(".toml"):
                        with resources.as_file(entry) as path:
                            sc = self.load_scenario(path)
                        found[sc.name] = sc
            self._scenarios = found
        return dict(self._scenarios)

    def scenario(self, name: str | Path | Scenario | None = None) -> Scenario:
        """A built-in scenario by name (default: the ruleset's), or a scenario file path."""
        if isinstance(name, Scenario):
            return name
        if name is None:
            name = self.default_scenario
        builtins = self.scenarios()
        if isinstance(name, str) and name in builtins:
            return builtins[name]
        if isinstance(name, Path) or str(name).endswith(".toml") or Path(str(name)).exists():
            return self.load_scenario(name)
        raise ScenarioError(f"{self.name} has no scenario {str(name)!r}; "
                            f"{did_you_mean(str(name), builtins)}built-in: "
                            f"{', '.join(builtins)}")

    def load_scenario(self, path: str | Path) -> Scenario:
        """Load a scenario from a TOML file. A file this ruleset cannot read that another
        installed ruleset reads is refused saying which (``a monks_corner scenario``)."""
        data = read_toml(path)
        try:
            return self.parse_scenario(data, source=str(path))
        except ScenarioError as e:
            owners = _readers(self, data, str(path))
            if not owners:
                raise
            who = " or ".join(owners)
            raise ScenarioError(f"a scenario of {who}, not of {self.name}: play it with "
                                f"{owners[0]} (ancients play {owners[0]} -s {path}); "
                                f"{self.name} reads: {e.detail}",
                                source=e.source, field=e.field) from None

    # -- orders of battle ------------------------------------------------------------------
    @property
    def fields_oob(self) -> bool:
        """Whether this ruleset can field an order of battle (it has a translator)."""
        return type(self).translate_oob is not Ruleset.translate_oob

    def translate_oob(self, oob: OrderOfBattle, **choices: Any) -> Translation:
        """The hook a ruleset fills to field a historical battle at its own scale: a
        scenario document for :meth:`parse_scenario` and the notes of what it dropped or
        adjusted. ``choices`` are the translator's own keywords (scale, map, ...)."""
        raise RulesetError(f"{self.name} cannot field an order of battle: it has no "
                           "translator (Ruleset.translate_oob)")

    def from_oob(self, oob: str | Path | OrderOfBattle, **choices: Any) -> Scenario:
        """This ruleset's scenario of a historical battle: a built-in battle's name
        (``ancients.battles()``), an order-of-battle file or an :class:`OrderOfBattle`.

        What the rules cannot field is dropped or adjusted to the nearest legal form, each
        with an :class:`~ancients.errors.OOBWarning` and a line in the scenario's
        ``notes``. A battle of the scenario saves and restores like any other (its
        document is the translation).
        """
        from ancients.oob import battle, load_oob
        from ancients.oob.warnings import warn_fielding

        if isinstance(oob, Path) or (isinstance(oob, str) and oob.endswith(".toml")):
            oob = load_oob(oob)
        order = battle(oob)
        translation = self.translate_oob(order, **choices)
        source = f"{order.name} fielded by {self}"
        scenario = self.parse_scenario(translation.document, source=source)
        for note in translation.notes:
            warn_fielding(f"{self.name}, {order.name}: {note}")
        return attrs.evolve(scenario, notes=translation.notes, source=source)

    # -- battles ------------------------------------------------------------------------------
    @abstractmethod
    def doctrine_commander(self, side: str) -> Commander:
        """The ruleset's default AI for ``side``."""

    def new_battle(
        self, scenario: str | Path | Scenario | None = None, seed: int = 0,
        commanders: Mapping[str, Commander | None] | None = None,
    ) -> Battle:
        """A new battle of ``scenario`` (default: the ruleset's default scenario).

        Sides missing from ``commanders`` get the doctrine commander; a side given
        ``None`` is driven by hand through :attr:`Battle.pending` and :meth:`Battle.decide`.
        """
        return self.battle_class(self, self.scenario(scenario), seed=seed, commanders=commanders)

    def restore(self, saved: Mapping[str, Any],
                commanders: Mapping[str, Commander | None] | None = None) -> Battle:
        """Rebuild a battle saved with :meth:`Battle.to_dict` by replaying its decisions."""
        try:
            if saved.get("format") != SAVE_FORMAT:
                raise AncientsError(f"not a saved battle (format {saved.get('format')!r})")
            rs = ruleset(saved["ruleset"])
            if rs.name != self.name:
                raise RulesetError(f"this is a {rs.name} battle, not {self.name}")
            revision = int(saved.get("revision", 1))
            if revision != rs.revision:
                raise RulesetError(
                    f"this {rs.name} battle was saved under rules revision {revision}; this "
                    f"ancients plays revision {rs.revision} (see the ruleset's docs for what "
                    "changed), so replaying its decisions would not give the same battle")
            data = saved["scenario_data"]
            decisions = [int(i) for i in saved["decisions"]]
            advances = int(saved["advances"])
            seed = int(saved["seed"])
            reseeds = [(int(at), int(k)) for at, k in saved.get("reseeds", ())]
        except (KeyError, TypeError, ValueError) as e:
            raise AncientsError(f"malformed saved battle: {e!r}") from e
        scenario = rs.parse_scenario(data, source=f"saved battle ({saved.get('scenario')})")
        battle = rs.battle_class(rs, scenario, seed=seed, commanders=commanders)
        battle.replay(decisions, advances, reseeds)
        return battle

    # -- hooks for the conformance suite ---------------------------------------------------------
    def invariants(self, battle: Battle) -> Iterable[str]:
        """The ruleset's own invariants: yield a message for each one ``battle`` breaks."""
        return ()


def _readers(rs: Ruleset, data: Mapping[str, Any], source: str) -> list[str]:
    """The other installed rulesets that read the scenario document ``data``."""
    out = []
    for name in rulesets():
        if name == rs.name:
            continue
        try:
            other = ruleset(name)
            with contextlib.suppress(ScenarioError):
                other.parse_scenario(data, source=source)
                out.append(name)
        except AncientsError:
            continue
    return out


# -- options ------------------------------------------------------------------------------------
def format_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, enum.Enum):
        return str(value.value)
    return str(value)


def _field_types(cls: type[Any]) -> dict[str, Any]:
    return typing.get_type_hints(cls, include_extras=False)


def _convert(cls: type[Any], rs_name: str, name: str, value: Any) -> Any:
    tp = _field_types(cls)[name]
    where = f"{rs_name} option {name}"

    def bad(expected: str) -> OptionError:
        return OptionError(f"{where}: {value!r} is not {expected}")

    if typing.get_origin(tp) is Literal:
        choices = typing.get_args(tp)
        for c in choices:
            if value == c or (isinstance(value, str) and value == format_value(c)):
                return c
        raise bad("one of " + ", ".join(format_value(c) for c in choices))
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        for m in tp:
            if value is m or value == m.value or (isinstance(value, str) and value in
                                                 (format_value(m), m.name.lower())):
                return m
        raise bad("one of " + ", ".join(format_value(m) for m in tp))
    if tp is bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in ("true", "false", "yes", "no", "1", "0"):
            return value.lower() in ("true", "yes", "1")
        raise bad("true or false")
    if tp is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, str) and re.fullmatch(r"[+-]?\d+", value.strip()):
            return int(value)
        raise bad("an integer")
    if tp is float:
        try:
            return float(value)
        except (TypeError, ValueError):
            raise bad("a number") from None
    if tp is str:
        return str(value)
    return value


def build_options(cls: type[Any], rs_name: str, values: Mapping[str, Any]) -> Any:
    """Typed, validated options from raw values (strings from a spec, or Python values)."""
    names = [f.name for f in attrs.fields(cls)]
    for key in values:
        if key not in names:
            hint = did_you_mean(key, names)
            listing = ", ".join("{}={} ({})".format(*describe_option(cls, n)[:3])
                                for n in names)
            raise OptionError(f"{rs_name} has no option {key!r}; {hint}its options: "
                              f"{listing or '(none)'} (`ancients options {rs_name}` "
                              "explains them)")
    converted = {k: _convert(cls, rs_name, k, v) for k, v in values.items()}
    try:
        return cls(**converted)
    except (TypeError, ValueError) as e:
        if isinstance(e, AncientsError):
            raise
        raise OptionError(f"{rs_name} options {dict(values)}: {e}") from e


def describe_option(cls: type[Any], name: str) -> tuple[str, str, str, str]:
    """``(name, default, values, help)`` of one option of an Options class."""
    field = attrs.fields_dict(cls)[name]
    tp = _field_types(cls)[name]
    if typing.get_origin(tp) is Literal:
        kind = "|".join(format_value(c) for c in typing.get_args(tp))
    elif isinstance(tp, type) and issubclass(tp, enum.Enum):
        kind = "|".join(format_value(m) for m in tp)
    else:
        kind = getattr(tp, "__name__", str(tp))
    default: Any = field.default
    if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
        default = default.factory()
    return (name, format_value(default), kind, str(field.metadata.get("help", "")))


def describe_options(cls: type[Any]) -> list[str]:
    """``name=default (values): help`` for each option."""
    out = []
    for f in attrs.fields(cls):
        name, default, kind, helptext = describe_option(cls, f.name)
        out.append(f"{name}={default} ({kind})" + (f": {helptext}" if helptext else ""))
    return out


_SPEC = re.compile(r"^\s*([A-Za-z_][\w.-]*)\s*(?:\((.*)\))?\s*$", re.S)


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"raphia(edition=1990, egyptian_morale=roll)"`` → ``("raphia", {...})``."""
    m = _SPEC.match(spec)
    if m is None:
        raise OptionError(f"cannot parse ruleset spec {spec!r}: expected 'name' or "
                          "'name(option=value, ...)'")
    name, args = m.group(1), (m.group(2) or "").strip()
    options: dict[str, str] = {}
    if args:
        for part in args.split(","):
            key, eq, value = part.partition("=")
            key, value = key.strip(), value.strip().strip("'\"")
            if not eq or not key or not value:
                raise OptionError(f"in ruleset spec {spec!r}: {part.strip()!r} is not "
                                  "'option=value'")
            if key in options:
                raise OptionError(f"in ruleset spec {spec!r}: option {key!r} given twice")
            options[key] = value
    return name, options


# -- registry ------------------------------------------------------------------------------------
_registered: dict[str, type[Ruleset] | str] = {}


@cache
def _entry_points() -> dict[str, str]:
    from importlib.metadata import entry_points

    return {ep.name: ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}


def register(cls: type[Ruleset] | str, target: str | None = None) -> None:
    """Register a ruleset class (or ``register("name", "module:Class")``, loaded lazily)."""
    if isinstance(cls, str):
        if target is None:
            raise RulesetError("register(name, 'module:Class') needs a target")
        _registered[cls] = target
    else:
        _registered[cls.name] = cls


def unregister(name: str) -> None:
    """Forget a ruleset given to :func:`register` (an installed plugin stays available)."""
    _registered.pop(name, None)


#: the environment variable naming rulesets to load that are not installed as plugins
PLUGINS_VARIABLE = "ANCIENTS_PLUGINS"


def load_plugin(target: str) -> type[Ruleset]:
    """Register the ruleset class ``target`` (``"module:Class"``, e.g.
    ``"ancients.examples.toy:Toy"``) under its ``name`` and return it; one
    :class:`~ancients.errors.RulesetError` if it cannot be loaded or is no ruleset."""
    module, colon, attr = target.strip().partition(":")
    if not colon or not module or not attr:
        raise RulesetError(f"plugin {target!r}: expected MODULE:CLASS, e.g. "
                           "ancients.examples.toy:Toy")
    cls = _load(target, target)
    _registered[cls.name] = cls
    return cls


def _env_plugins() -> None:
    """Register the rulesets ``$ANCIENTS_PLUGINS`` names (``module:Class``, separated by
    commas or spaces), each loaded once."""
    import os

    for target in os.environ.get(PLUGINS_VARIABLE, "").replace(",", " ").split():
        cls = _env_loaded.get(target)
        if cls is None:
            try:
                cls = _env_loaded[target] = load_plugin(target)
            except RulesetError as e:
                raise RulesetError(f"${PLUGINS_VARIABLE}: {e}") from None
        _registered.setdefault(cls.name, cls)


_env_loaded: dict[str, type[Ruleset]] = {}


def rulesets() -> list[str]:
    """The names of every ruleset available: installed plugins, registered ones and those
    ``$ANCIENTS_PLUGINS`` names (``module:Class``, separated by commas or spaces)."""
    _env_plugins()
    return sorted(set(_entry_points()) | set(_registered))


def _load(name: str, target: str) -> type[Ruleset]:
    module, _, attr = target.partition(":")
    try:
        obj: Any = import_module(module)
        for part in attr.split(".") if attr else ():
            obj = getattr(obj, part)
    except (ImportError, AttributeError) as e:
        raise RulesetError(f"ruleset {name!r} failed to load from {target!r}: {e}") from e
    if not (isinstance(obj, type) and issubclass(obj, Ruleset)):
        raise RulesetError(f"ruleset {name!r}: {target!r} is not a Ruleset subclass")
    return obj


def ruleset_class(name: str) -> type[Ruleset]:
    """The ruleset class registered under ``name`` (its package loads only now)."""
    if name not in _registered:
        _env_plugins()
    target = _registered.get(name) or _entry_points().get(name)
    if target is None:
        known = rulesets()
        raise RulesetError(f"unknown ruleset {name!r}; {did_you_mean(name, known)}"
                           f"available: {', '.join(known) or '(none installed)'}")
    if isinstance(target, str):
        return _load(name, target)
    return target


def ruleset(spec: str | Ruleset, **options: Any) -> Ruleset:
    """A ruleset from a spec: ``ruleset("raphia(edition=1990)")`` or
    ``ruleset("raphia", edition=1990)``; a Ruleset passes through (with options applied)."""
    if isinstance(spec, Ruleset):
        return spec.with_options(**options) if options else spec
    if not isinstance(spec, str):
        raise RulesetError(f"a ruleset spec must be a string, got {type(spec).__name__}")
    name, raw = parse_spec(spec)
    cls = ruleset_class(name)
    overlap = set(raw) & set(options)
    if overlap:
        raise OptionError(f"option(s) {sorted(overlap)} given both in the spec and as keywords")
    values: dict[str, Any] = {**raw, **options}
    parameters = {k: v for k, v in values.items() if "." in k}
    for key in parameters:
        if not NAME.match(key):
            raise OptionError(f"in ruleset spec {spec!r}: {key!r} is not a parameter name "
                              "(words joined by dots)")
    values = {k: v for k, v in values.items() if k not in parameters}
    with _file_options_named(name, values):
        return cls._variant(build_options(cls.Options, name, values), values, parameters)


@contextlib.contextmanager
def _file_options_named(rs_name: str, values: Mapping[str, Any]) -> Iterator[None]:
    """A file an option names that cannot be read or parsed: the
    :class:`~ancients.errors.ScenarioError` names the option (``raphia option
    map=/nope.toml: in /nope.toml: no such file``), not only the file and field."""
    try:
        yield
    except ScenarioError as e:
        given = {k: v for k, v in values.items() if isinstance(v, str | Path) and e.source
                 and Path(str(v)) == Path(e.source)}
        if not given:
            raise
        option, value = next(iter(given.items()))
        told = str(e).replace("no such scenario file", "no such file")
        named = ScenarioError(f"{rs_name} option {option}={value}: {told}")
        named.source, named.field, named.detail = e.source, e.field, e.detail
        raise named from None


make_callable(__name__)  # ancients.ruleset is also ruleset()
