"""Whether a difference between variants is the rules' or the commanders': the same
comparison played under a family of commanders (``compare(..., under=[...])``), and for
each difference whether its sign and significance hold under every one of them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from ancients.workbench.comparison import Comparison, Difference

__all__ = ["Robustness", "robustness"]


def _sign(d: Difference) -> int:
    return (d.delta > 0) - (d.delta < 0)


def _rate(d: Difference) -> str:
    fmt = "{:+.1%}" if d.metric not in ("score", "losses", "turns") else "{:+.2f}"
    star = " *" if d.significant else ""
    return f"{fmt.format(d.delta)} [{fmt.format(d.low)}, {fmt.format(d.high)}]{star}"


@attrs.frozen
class Robustness:
    """One difference (``metric`` of ``side``, ``variant`` against ``baseline``) under
    each commander of the family: ``under[name]`` is its :class:`Difference` there."""

    variant: str
    baseline: str
    metric: str
    side: str | None
    under: Mapping[str, Difference]

    @property
    def label(self) -> str:
        return f"{self.side} {self.metric}" if self.side else self.metric

    @property
    def sign_holds(self) -> bool:
        """The difference points the same way (and is not zero) under every commander."""
        signs = {_sign(d) for d in self.under.values()}
        return len(signs) == 1 and 0 not in signs

    @property
    def holds(self) -> bool:
        """Same sign and significant (5 %, after Holm's correction) under every commander."""
        return self.sign_holds and all(d.significant for d in self.under.values())

    @property
    def significant_anywhere(self) -> bool:
        return any(d.significant for d in self.under.values())

    def verdict(self) -> str:
        """The difference's robustness in words, with each commander's Δ and interval."""
        each = "; ".join(f"{name} {_rate(d)}" for name, d in self.under.items())
        if self.holds:
            how = "holds under every commander"
        elif self.sign_holds and self.significant_anywhere:
            only = [n for n, d in self.under.items() if d.significant]
            how = (f"same sign under every commander, significant under "
                   f"{', '.join(only)} only")
        elif self.sign_holds:
            how = "same sign under every commander, significant under none"
        elif self.significant_anywhere:
            how = "changes sign between commanders: a commanders' effect, not the rules'"
        else:
            how = "no sign that holds, significant under none"
        return f"{self.variant} vs {self.baseline}, {self.label}: {how} ({each})"


def robustness(family: Mapping[str, Comparison], baseline: str | None = None
               ) -> list[Robustness]:
    """Every difference of the first commander's comparison, matched under each other
    commander (the same variants, metric and side); see :class:`Robustness`."""
    rows: dict[tuple[str, str, str | None], dict[str, Difference]] = {}
    for name, comparison in family.items():
        for d in comparison.differences(baseline):
            rows.setdefault((d.variant, d.metric, d.side), {})[name] = d
    out = []
    for (variant, metric, side), under in rows.items():
        if len(under) == len(family):
            first = next(iter(under.values()))
            out.append(Robustness(variant, first.baseline, metric, side, dict(under)))
    return out
