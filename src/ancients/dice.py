"""Seeded dice: dice specs (``"2d6+1"``), exact distributions, fast scalar rolls and batches.

All randomness in a battle goes through one :class:`Dice`, seeded from an int, a
:class:`numpy.random.SeedSequence` or a :class:`numpy.random.Generator`, so the same seed
gives the same rolls in any process.

*Keyed* dice (``Dice(seed, keyed=True)``, what a battle uses) draw each scalar roll from
a stream of its own, derived from the seed, the dice's :attr:`~Dice.scope` (the battle
sets it to the turn and phase), the roll's key (by default its ``reason``) and how many
rolls of that key came before. Two battles of one seed under two variants of a rule then
roll the same dice for every event the change leaves alone, instead of shifting every
later roll by one: their results are strongly correlated, which is what makes paired
comparisons of variants cheap.

>>> dice = Dice(42)
>>> 2 <= dice.roll("2d6") <= 12
True
>>> pmf("2d6")[7]
Fraction(1, 6)
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from fractions import Fraction
from functools import cache
from hashlib import blake2b
from typing import TypeAlias

import attrs
import numpy as np
import numpy.typing as npt

from ancients.errors import DiceSpecError

__all__ = ["Dice", "DiceSpec", "Roll", "SeedLike", "derive_seed", "parse", "pmf"]

SeedLike: TypeAlias = "int | np.random.SeedSequence | np.random.Generator | None"

_SPEC = re.compile(r"^\s*(\d*)\s*[dD]\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$")
_CONSTANT = re.compile(r"^\s*([+-]?\d+)\s*$")
_MAX_DICE = 1000
_MAX_SIDES = 1000
_BUFFER = 512  # dice pre-drawn per die size; scalar rolls are served from the buffer


@attrs.frozen
class DiceSpec:
    """``count`` dice of ``sides`` faces plus ``modifier``; ``str()`` gives the canonical spec."""

    count: int
    sides: int
    modifier: int = 0

    def __attrs_post_init__(self) -> None:
        if not 0 <= self.count <= _MAX_DICE:
            raise DiceSpecError(f"dice count must be 0..{_MAX_DICE}, got {self.count}")
        if not 1 <= self.sides <= _MAX_SIDES:
            raise DiceSpecError(f"dice must have 1..{_MAX_SIDES} sides, got {self.sides}")

    def __str__(self) -> str:
        mod = f"{self.modifier:+d}" if self.modifier else ""
        return f"{self.count}d{self.sides}{mod}"

    @property
    def minimum(self) -> int:
        return self.count + self.modifier

    @property
    def maximum(self) -> int:
        return self.count * self.sides + self.modifier

    def pmf(self) -> dict[int, Fraction]:
        """Exact probability of each total, as fractions that sum to 1."""
        return dict(_pmf(self.count, self.sides, self.modifier))


@cache
def parse(spec: str | DiceSpec) -> DiceSpec:
    """Parse ``"NdM+K"`` (``N`` defaults to 1; ``d6``, ``2d6``, ``3d6-2``, or a constant)."""
    if isinstance(spec, DiceSpec):
        return spec
    if not isinstance(spec, str):
        raise DiceSpecError(f"a dice spec must be a string like '2d6', got {spec!r}")
    m = _SPEC.match(spec)
    if m is None:
        c = _CONSTANT.match(spec)
        if c is None:
            raise DiceSpecError(
                f"cannot parse dice spec {spec!r}: expected 'NdM', 'NdM+K' or 'NdM-K' (e.g. '2d6')"
            )
        return DiceSpec(0, 1, int(c.group(1)))
    count = int(m.group(1)) if m.group(1) else 1
    modifier = int(m.group(4) or 0) * (-1 if m.group(3) == "-" else 1)
    return DiceSpec(count, int(m.group(2)), modifier)


def pmf(spec: str | DiceSpec) -> dict[int, Fraction]:
    """Exact distribution of a dice spec's total: ``{total: probability}``."""
    return parse(spec).pmf()


@cache
def _pmf(count: int, sides: int, modifier: int) -> tuple[tuple[int, Fraction], ...]:
    ways = [1]  # ways[t] = number of ways to make total t with the dice so far
    for _ in range(count):
        nxt = [0] * (len(ways) + sides)
        for total, w in enumerate(ways):
            if w:
                for face in range(1, sides + 1):
                    nxt[total + face] += w
        ways = nxt
    denom = sides**count
    return tuple(
        (total + modifier, Fraction(w, denom)) for total, w in enumerate(ways) if w
    )


@attrs.frozen
class Roll:
    """One recorded roll: the spec, the faces shown, the total and why it was rolled."""

    spec: str
    faces: tuple[int, ...]
    total: int
    reason: str | None = None

    def __str__(self) -> str:
        why = f" ({self.reason})" if self.reason else ""
        return f"{self.spec}: {'+'.join(map(str, self.faces)) or '0'} = {self.total}{why}"

    def to_json(self) -> dict[str, object]:
        return {"spec": self.spec, "faces": list(self.faces), "total": self.total,
                "reason": self.reason}

    @classmethod
    def from_json(cls, d: dict[str, object]) -> Roll:
        faces, total, reason = d["faces"], d["total"], d.get("reason")
        if not isinstance(faces, list) or not isinstance(total, int):
            raise DiceSpecError(f"not a recorded roll: {d!r}")
        return cls(str(d["spec"]), tuple(int(f) for f in faces), total,
                   None if reason is None else str(reason))


_MAX_COMBINATIONS = 1 << 16


@cache
def _combinations(count: int, sides: int) -> int:
    """``sides**count`` if small enough to draw a whole roll at once, else 0."""
    n = sides**count
    return n if count > 1 and n <= _MAX_COMBINATIONS else (sides if count == 1 else 0)


def _faces(index: int, count: int, sides: int) -> tuple[int, ...]:
    """The faces of outcome ``index`` (0-based) among ``sides**count``: its base-sides digits."""
    faces = []
    for _ in range(count):
        index, digit = divmod(index, sides)
        faces.append(digit + 1)
    return tuple(faces)


@cache
def _totals(count: int, sides: int) -> list[int]:
    return [sum(_faces(i, count, sides)) for i in range(sides**count)]


@cache
def _total_table(count: int, sides: int) -> npt.NDArray[np.int64]:
    table = np.asarray(_totals(count, sides), dtype=np.int64)
    table.flags.writeable = False
    return table


def derive_seed(seed: int, index: int) -> int:
    """The seed of battle number ``index`` in a run seeded with ``seed``.

    Depends only on the two numbers (not on how a run is split among workers), so any
    battle of a simulation can be replayed alone: ``rs.new_battle(sc, seed=derive_seed(s, i))``.
    """
    state = np.random.SeedSequence(seed, spawn_key=(index,)).generate_state(2, np.uint32)
    return int(state[0]) << 32 | int(state[1])


def _generator(seed: SeedLike) -> np.random.Generator:
    if isinstance(seed, np.random.Generator):
        return seed
    if seed is None or isinstance(seed, int | np.random.SeedSequence):
        if isinstance(seed, bool):
            raise DiceSpecError("a seed must be an int, SeedSequence or Generator, not a bool")
        if isinstance(seed, int) and seed < 0:
            raise DiceSpecError(f"a seed must be a non-negative int, got {seed}")
        return np.random.Generator(np.random.PCG64(seed))
    raise DiceSpecError(
        f"a seed must be an int, numpy SeedSequence or Generator, got {type(seed).__name__}"
    )


_SPAN = 1 << 64


@cache
def _limit(n: int) -> int:
    """The largest multiple of ``n`` not above 2**64: draws at or above it are redrawn, so
    ``draw % n`` is exactly uniform."""
    return _SPAN - _SPAN % n


class Dice:
    """Seeded dice.

    Scalar rolls (:meth:`roll`, :meth:`d6`) are served from a buffer drawn in blocks, so
    they cost far less than one numpy call each; :meth:`sample` draws whole batches.
    With ``record=True`` every scalar roll is kept (with its reason) until
    :meth:`take_rolls` hands it over, which is how a battle puts rolls into its log.

    With ``keyed=True`` a scalar roll that has a key (its ``key``, else its ``reason``) is
    drawn from the stream of (seed, :attr:`scope`, key, the number of earlier rolls of
    that scope and key): a BLAKE2b hash keyed by the seed, so the draw depends on nothing
    else. Rolls without a key, and batches (:meth:`sample`), use the sequential stream.
    """

    __slots__ = ("_buffers", "_counts", "_positions", "_rolls", "_root", "record", "rng",
                 "scope")

    def __init__(self, seed: SeedLike = None, *, record: bool = False,
                 keyed: bool = False) -> None:
        self.rng: np.random.Generator = _generator(seed)
        self.record = record
        self._buffers: dict[int, list[int]] = {}
        self._positions: dict[int, int] = {}
        self._rolls: list[Roll] = []
        #: the hash key of keyed draws: drawn from the seed, so it depends on it alone
        self._root: bytes | None = self.rng.bytes(16) if keyed else None
        self._counts: dict[str, int] = {}
        #: where in the battle the next keyed rolls happen (the battle sets it to the turn
        #: and phase); part of every keyed roll's stream
        self.scope = ""

    def __repr__(self) -> str:
        return f"Dice(record={self.record}, keyed={self._root is not None})"

    @property
    def keyed(self) -> bool:
        return self._root is not None

    def _keyed(self, sides: int, key: str) -> int:
        """A uniform draw in 1..sides from the stream of (scope, key) (see the class)."""
        assert self._root is not None
        name = f"{self.scope}\x1f{key}"
        count = self._counts.get(name, 0)
        self._counts[name] = count + 1
        limit, retry = _limit(sides), 0
        while True:
            digest = blake2b(f"{name}\x1f{count}\x1f{retry}".encode(), digest_size=8,
                             key=self._root).digest()
            draw = int.from_bytes(digest, "little")
            if draw < limit:
                return draw % sides + 1
            retry += 1  # pragma: no cover - probability sides / 2**64

    # -- scalar rolls -------------------------------------------------------------
    def _die(self, sides: int) -> int:
        """A uniform draw in 1..sides, served from a buffer refilled in blocks."""
        pos = self._positions.get(sides, _BUFFER)
        if pos >= _BUFFER:
            self._buffers[sides] = self.rng.integers(1, sides + 1, size=_BUFFER).tolist()
            pos = 0
        self._positions[sides] = pos + 1
        return self._buffers[sides][pos]

    def faces(self, spec: str | DiceSpec = "1d6", reason: str | None = None, *,
              key: str | None = None) -> tuple[int, ...]:
        """Roll and return the individual faces (the modifier is not applied).

        ``key`` names what the roll decides for keyed dice (default: ``reason``)."""
        s = parse(spec)
        key = key if key is not None else reason
        combos = _combinations(s.count, s.sides)
        if self._root is not None and key is not None:
            if combos:
                faces = _faces(self._keyed(combos, key) - 1, s.count, s.sides)
            else:
                faces = tuple(self._keyed(s.sides, key) for _ in range(s.count))
        elif combos:  # one draw among all sides**count outcomes, split into faces
            faces = _faces(self._die(combos) - 1, s.count, s.sides)
        else:
            faces = tuple(self._die(s.sides) for _ in range(s.count))
        if self.record:
            self._rolls.append(Roll(str(s), faces, sum(faces) + s.modifier, reason))
        return faces

    def roll(self, spec: str | DiceSpec = "1d6", reason: str | None = None, *,
             key: str | None = None) -> int:
        """Roll a spec and return its total (faces plus modifier)."""
        s = parse(spec)
        if (self.record or self._root is not None
                or not (combos := _combinations(s.count, s.sides))):
            return sum(self.faces(s, reason, key=key)) + s.modifier
        return _totals(s.count, s.sides)[self._die(combos) - 1] + s.modifier

    def d6(self, reason: str | None = None, *, key: str | None = None) -> int:
        """One six-sided die."""
        if not self.record and self._root is None:
            return self._die(6)
        return self.faces("1d6", reason, key=key)[0]

    def choice(self, n: int, reason: str | None = None, *, key: str | None = None) -> int:
        """A uniform index in ``range(n)`` (for random tie-breaks the rules call for)."""
        if n < 1:
            raise DiceSpecError(f"cannot choose among {n} items")
        return self.roll(DiceSpec(1, n), reason, key=key) - 1 if n > 1 else 0

    # -- batches -------------------------------------------------------------------
    def sample(self, spec: str | DiceSpec, size: int | tuple[int, ...]) -> npt.NDArray[np.int64]:
        """Totals of ``size`` independent rolls of ``spec``, as an int64 array.

        Small specs draw one index among all ``sides**count`` outcomes and look the
        total up (one random number per roll, not one per die).
        """
        s = parse(spec)
        shape = (size,) if isinstance(size, int) else tuple(size)
        if s.count == 0:
            return np.full(shape, s.modifier, dtype=np.int64)
        combos = _combinations(s.count, s.sides)
        if s.count == 1:
            out = self.rng.integers(1, s.sides + 1, size=shape, dtype=np.int64)
        elif combos:
            out = _total_table(s.count, s.sides)[self.rng.integers(0, combos, size=shape)]
        else:
            out = self.rng.integers(1, s.sides + 1, size=shape, dtype=np.int64)
            for _ in range(s.count - 1):
                out += self.rng.integers(1, s.sides + 1, size=shape, dtype=np.int64)
        if s.modifier:
            out += s.modifier
        return out

    def sample_faces(self, spec: str | DiceSpec, size: int) -> npt.NDArray[np.int64]:
        """``size`` rolls of ``spec`` as a ``(size, count)`` array of faces."""
        s = parse(spec)
        return self.rng.integers(1, s.sides + 1, size=(size, s.count), dtype=np.int64)

    # -- streams and records ----------------------------------------------------------
    def spawn(self, n: int = 1) -> list[Dice]:
        """``n`` independent child dice (numpy's ``Generator.spawn``); deterministic."""
        return [Dice(g, record=self.record, keyed=self.keyed) for g in self.rng.spawn(n)]

    def reseed(self, seed: SeedLike) -> None:
        """From now on draw every roll from the streams of ``seed`` instead (in place, so
        whatever holds these dice rolls the new ones); the rolls recorded so far stay."""
        self.rng = _generator(seed)
        self._buffers.clear()
        self._positions.clear()
        self._counts.clear()
        if self._root is not None:
            self._root = self.rng.bytes(16)

    def take_rolls(self) -> tuple[Roll, ...]:
        """Hand over (and forget) the rolls recorded since the last call."""
        rolls, self._rolls = tuple(self._rolls), []
        return rolls

    def __iter__(self) -> Iterator[int]:
        """An endless stream of d6 rolls."""
        while True:
            yield self.d6()
