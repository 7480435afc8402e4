"""The results of many battles: one row per battle as numpy arrays, and their summary."""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs
import numpy as np
import numpy.typing as npt

from ancients._words import count
from ancients.battle import CAUSES
from ancients.errors import AncientsError, PrecisionWarning
from ancients.events import BattleLog
from ancients.units import TroopKind
from ancients.workbench.stats import (
    Interval,
    mean_interval,
    wilson,
)

if TYPE_CHECKING:
    from ancients.workbench.metrics import Metric


__all__ = ["KINDS", "PrecisionWarning", "Results", "Summary", "precision_note",
           "write_provenance"]

KINDS: tuple[TroopKind, ...] = tuple(TroopKind)


def _version() -> str:
    from ancients import __version__

    return __version__


def write_provenance(path: str | Path, provenance: Mapping[str, Any]) -> Path:
    """Write ``provenance`` as JSON beside the file ``path`` (``path`` + ``.json``)."""
    import json

    out = Path(str(path) + ".json")
    out.write_text(json.dumps(provenance, indent=2) + "\n", encoding="utf-8")
    return out


# -- results -----------------------------------------------------------------------------------
@attrs.frozen(eq=False)
class Results:
    """One row per battle, held as numpy arrays (index ``i`` is battle ``i``).

    ``winner`` is an index into ``sides`` (-1 for a draw); ``reason`` an index into
    ``reasons``; ``score``/``losses`` have a column per side; ``losses_by_kind`` a
    ``(battles, sides, kinds)`` array (NaN where a side had none of that kind);
    ``losses_by_cause`` a ``(battles, sides, causes)`` array (``causes``: killed, captured,
    left the field; see :attr:`~ancients.battle.Outcome.losses_by_cause`);
    ``standing`` a ``(battles, turns + 1, sides)`` array of each side's
    :meth:`~ancients.battle.Battle.standing` at the start and after each turn (a battle's
    last standing carried on past its end). ``precision``: the half-width the run was
    asked to reach, if any; ``runs`` the most battles asked for; ``commanders`` who
    commanded each side (``doctrine``, ``random`` or a factory's dotted name);
    ``battle`` the order of battle fielded (None for a scenario); :meth:`provenance`
    all of what made the run.
    """

    ruleset: str
    scenario: str
    seed: int
    sides: tuple[str, ...]
    seeds: npt.NDArray[np.uint64]
    winner: npt.NDArray[np.int8]
    reason: npt.NDArray[np.int16]
    reasons: tuple[str, ...]
    turns: npt.NDArray[np.int32]
    score: npt.NDArray[np.float64]
    losses: npt.NDArray[np.float64]
    losses_by_kind: npt.NDArray[np.float64]
    revision: int = 1  # the ruleset's rules revision (Ruleset.revision) the battles ran under
    kinds: tuple[TroopKind, ...] = KINDS
    losses_by_cause: npt.NDArray[np.float64] = attrs.field(default=attrs.Factory(
        lambda self: np.stack([self.losses, np.zeros_like(self.losses),
                               np.zeros_like(self.losses)], axis=-1), takes_self=True))
    causes: tuple[str, ...] = CAUSES
    logs: tuple[BattleLog, ...] | None = None
    standing: npt.NDArray[np.float64] = attrs.field(default=attrs.Factory(
        lambda self: np.full((len(self.seeds), 1, len(self.sides)), np.nan), takes_self=True))
    precision: float | None = None
    runs: int | None = None  # the most battles asked for (with a precision: the cap)
    commanders: Mapping[str, str] = attrs.field(factory=dict)  # side -> who commanded
    battle: str | None = None  # the order of battle fielded, if the run played one
    version: str = attrs.field(factory=_version)  # the ancients that played the battles
    keyed_dice: bool | None = None  # whether the battles drew keyed dice (Battle.keyed_dice)

    def __len__(self) -> int:
        return len(self.seeds)

    def __repr__(self) -> str:
        return f"<Results {self.ruleset} / {self.scenario}: {count(len(self), 'battle')}>"

    def provenance(self) -> dict[str, Any]:
        """What made these battles, as JSON-ready values: the ruleset spec, the scenario
        or order of battle, the seed, the battles asked for and played, the precision
        asked and reached, each side's commander, the rules revision, whether the dice
        were keyed and the version of ancients (what :meth:`to_csv` writes beside the
        rows)."""
        return {"ruleset": self.ruleset, "scenario": self.scenario, "battle": self.battle,
                "seed": self.seed, "runs": self.runs, "battles": len(self),
                "precision": self.precision,
                "half_width_reached": None if self.precision is None else self.half_width,
                "commanders": {s: self.commanders.get(s, "doctrine") for s in self.sides},
                "rules_revision": self.revision, "keyed_dice": self.keyed_dice,
                "ancients": self.version}

    def commanders_text(self) -> str:
        """``red doctrine, blue random``: who commanded each side."""
        return ", ".join(f"{s} {self.commanders.get(s, 'doctrine')}" for s in self.sides)

    def _side(self, side: str) -> int:
        try:
            return self.sides.index(side)
        except ValueError:
            raise AncientsError(f"no side {side!r}; the sides are {list(self.sides)}") from None

    def win_rate(self, side: str) -> tuple[float, float, float]:
        """``side``'s win rate with its 95 % Wilson interval: ``(p, low, high)``."""
        return wilson(float(np.count_nonzero(self.winner == self._side(side))), len(self))

    @property
    def half_width(self) -> float:
        """The widest 95 % half-width of the sides' win rates: the precision reached."""
        return max(((hi - lo) / 2 for _, lo, hi in (self.win_rate(s) for s in self.sides)),
                   default=math.inf)

    @property
    def precision_reached(self) -> bool | None:
        """Whether the precision asked was reached (None if none was asked)."""
        return None if self.precision is None else self.half_width <= self.precision

    def precision_note(self) -> str | None:
        """What a run to a precision reached, in words (None if none was asked)."""
        if self.precision is None:
            return None
        return precision_note("every side's win rate", self.precision, self.half_width,
                              len(self), self.runs)

    def draw_rate(self) -> tuple[float, float, float]:
        return wilson(float(np.count_nonzero(self.winner < 0)), len(self))

    def column(self, name: str, side: str | None = None) -> npt.NDArray[Any]:
        """A numeric column: ``turns``, or ``score`` / ``losses`` / a cause of losses
        (``killed``, ``captured``, ``left the field``) per side."""
        if name == "turns":
            return self.turns
        if name in ("score", "losses", *self.causes):
            if side is None:
                raise AncientsError(f"column {name!r} needs a side: one of {list(self.sides)}")
            if name in self.causes:
                return self.losses_by_cause[:, self._side(side), self.causes.index(name)]
            data: npt.NDArray[Any] = getattr(self, name)
            return data[:, self._side(side)]
        raise AncientsError(f"no column {name!r}; columns: turns, score, losses, "
                            + ", ".join(self.causes))

    def mean(self, name: str, side: str | None = None) -> float:
        return float(np.mean(self.column(name, side))) if len(self) else math.nan

    def quantiles(self, name: str, side: str | None = None,
                  qs: Sequence[float] = (0.05, 0.25, 0.5, 0.75, 0.95)) -> dict[float, float]:
        """Quantiles of a column; those of a whole-number column (``turns``) are values it
        took (the inverted-CDF method), not interpolations between them."""
        values = self.column(name, side)
        if not len(values):
            return dict.fromkeys(qs, math.nan)
        whole = np.issubdtype(values.dtype, np.integer)
        found = np.quantile(values, list(qs), method="inverted_cdf" if whole else "linear")
        return dict(zip(qs, (float(v) for v in found), strict=True))

    def reason_counts(self) -> dict[str, int]:
        counts = np.bincount(self.reason, minlength=len(self.reasons))
        return {r: int(c) for r, c in zip(self.reasons, counts, strict=True) if c}

    def rows(self) -> Iterator[dict[str, Any]]:
        """The battles as flat dicts (what ``to_csv`` writes)."""
        for i in range(len(self)):
            row: dict[str, Any] = {
                "battle": i, "seed": int(self.seeds[i]),
                "winner": self.sides[self.winner[i]] if self.winner[i] >= 0 else "draw",
                "reason": self.reasons[self.reason[i]], "turns": int(self.turns[i]),
            }
            for j, side in enumerate(self.sides):
                row[f"score_{side}"] = float(self.score[i, j])
                row[f"losses_{side}"] = float(self.losses[i, j])
                for c, cause in enumerate(self.causes):
                    row[f"losses_{side}_{cause.replace(' ', '_')}"] = float(
                        self.losses_by_cause[i, j, c])
            for j, side in enumerate(self.sides):
                for k, kind in enumerate(self.kinds):
                    if not np.isnan(self.losses_by_kind[:, j, k]).all():
                        row[f"losses_{side}_{kind.name.lower()}"] = float(
                            self.losses_by_kind[i, j, k])
            yield row

    def to_csv(self, path: str | Path) -> Path:
        """Write the rows to ``path`` and what made them (:meth:`provenance`) to a JSON
        file beside it, ``path`` with ``.json`` added; returns that file's path."""
        import csv

        rows = list(self.rows())
        with Path(path).open("w", newline="", encoding="utf-8") as f:
            if not rows:
                f.write("battle,seed,winner,reason,turns\n")
            else:
                writer = csv.DictWriter(f, fieldnames=list(rows[0]))
                writer.writeheader()
                writer.writerows(rows)
        return write_provenance(path, self.provenance())

    def to_pandas(self) -> Any:
        """The rows as a pandas DataFrame (needs the ``pandas`` extra)."""
        try:
            import pandas as pd
        except ImportError:
            raise AncientsError("to_pandas() needs pandas: pip install 'ancients[pandas]'") \
                from None
        return pd.DataFrame(list(self.rows())).set_index("battle")

    def metrics(self) -> list[Metric]:
        """The designer's measures of these battles, each with its 95 % interval: balance,
        decisiveness, lead changes, comebacks, lethality, the loss ratio, duration and how
        battles ended (:mod:`ancients.workbench.metrics` says how each is computed)."""
        from ancients.workbench.metrics import metrics

        return metrics(self)

    def _repr_html_(self) -> str:
        from ancients.pictures.report import summary_table

        return summary_table(self.summary())

    def summary(self) -> Summary:
        """Win rates, mean scores and losses, each with its 95 % interval (Wilson for the
        rates, Student's t for the means), battle length, how battles ended and the
        metrics of :meth:`metrics`."""
        n = len(self)
        lines: list[tuple[str, list[str]]] = []
        for side in self.sides:
            lines.append((f"{side} wins", _rate(self.win_rate(side))))
        lines.append(("draws", _rate(self.draw_rate())))
        for side in self.sides:
            lines.append((f"{side} score", _mean_line(self.column("score", side), "{:.2f}")))
        for side in self.sides:
            losses = self.column("losses", side)
            line = _mean_line(losses, "{:.1%}")
            if n > 1 and not _constant(losses):
                line[1] += f", median {float(np.median(losses)):.1%}"
            lines.append((f"{side} losses", line))
        turns = self.turns
        if n == 1:
            lines.append(("turns", [f"{int(turns[0])}", "one battle"]))
        elif _constant(turns):
            length = count(int(turns[0]), "turn")
            lines.append(("turns", [f"{int(turns[0])}", f"every battle lasted {length}"]))
        else:
            q = self.quantiles("turns", qs=(0.05, 0.5, 0.95))
            lines.append(("turns", [f"{self.mean('turns'):.2f}", "5/50/95 %: " + "/".join(
                f"{q[k]:g}" for k in (0.05, 0.5, 0.95))]))
        for reason, battles in sorted(self.reason_counts().items(), key=lambda kv: -kv[1]):
            lines.append((f"ended: {reason}", [f"{battles / n:.1%}", count(battles, "battle")]))
        for m in self.metrics():
            if m.name in ("duration", "ended"):
                continue  # said above
            lines.append((m.label, [m.format(m.value), m.interval_text()]))
        title = f"{self.ruleset} / {self.scenario}: {count(n, 'battle')}"
        if self.precision is not None and self.runs is not None:
            title += f" (to +-{self.precision:.1%}, at most {self.runs})"
        if self.battle is not None:
            title += f", battle {self.battle}"
        title += (f", seed {self.seed} (rules revision {self.revision}; commanders "
                  f"{self.commanders_text()})")
        notes = ["[low, high]: 95 % intervals, Wilson score for the rates, Student's t "
                 "for the means, a seeded bootstrap for the loss ratio"]
        note = self.precision_note()
        if note is not None:
            notes.append(note)
        return Summary(title, tuple(lines), tuple(notes))


def precision_note(what: str, asked: float, reached: float, battles: int,
                   cap: int | None) -> str:
    """The note of a run to a precision: the precision asked and the one reached, and
    when the cap of battles came first, about how many battles would reach it (the
    half-width shrinks as one over the square root of the battles; rounded up to a
    hundred)."""
    if reached <= asked:
        return (f"played until {what} was known to +-{asked:.1%} (95 %): reached "
                f"+-{reached:.1%} in {count(battles, 'battle')}")
    cap_text = f"the cap of {count(cap if cap is not None else battles, 'battle')}"
    if math.isfinite(reached) and battles:
        need = math.ceil(battles * (reached / asked) ** 2 / 100) * 100
        more = f"; about {need:,} battles would reach it"
    else:
        more = ""
    return (f"stopped at {cap_text} before the precision asked: {what} is known to "
            f"+-{reached:.1%} (95 %), not the +-{asked:.1%} asked{more}")


def _rate(interval: tuple[float, float, float] | Interval) -> list[str]:
    p, lo, hi = interval
    return [f"{p:.1%}", f"[{lo:.1%}, {hi:.1%}]"]


def _constant(values: npt.NDArray[Any]) -> bool:
    """Whether two or more battles all gave the same value."""
    return len(values) > 1 and bool(np.all(values == values[0]))


def _mean_line(values: npt.NDArray[Any], fmt: str) -> list[str]:
    """``[mean, "[low, high]"]``, or the value and "in every battle" if it never varied."""
    if _constant(values):
        return [fmt.format(float(values[0])), "in every battle"]
    m, lo, hi = mean_interval(values)
    if math.isnan(lo):
        return [fmt.format(m), "one battle"]
    return [fmt.format(m), f"[{fmt.format(lo)}, {fmt.format(hi)}]"]


@attrs.frozen
class Summary:
    """A titled table of ``(metric, [value, detail])`` lines and notes below it;
    ``str()`` renders it."""

    title: str
    lines: tuple[tuple[str, list[str]], ...]
    notes: tuple[str, ...] = ()

    def __str__(self) -> str:
        width = max((len(k) for k, _ in self.lines), default=0)
        body = "\n".join(f"  {k:<{width}}  {v[0]:>7}  {v[1]}" for k, v in self.lines)
        notes = "".join(f"\n{note}" for note in self.notes)
        return f"{self.title}\n{body}{notes}"

    def as_dict(self) -> dict[str, list[str]]:
        return dict(self.lines)
