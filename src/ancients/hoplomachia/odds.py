"""The docs page's generated tables: the cards, charts and lists as they are in the
data, the exact odds of every check, and the provenance of every table. Each block is
generated from the current data, so a changed table cannot leave stale odds in
``docs/rulesets/hoplomachia.md``; :func:`refresh` rewrites the blocks of a page in
place (between ``<!-- generated: NAME -->`` and ``<!-- end: NAME -->``: the core's
:mod:`ancients.testing.docblocks`).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

from ancients.dice import pmf
from ancients.hoplomachia._tables import document
from ancients.hoplomachia.andreia import AndreiaLine
from ancients.hoplomachia.armies import ItemKind, ListItem
from ancients.hoplomachia.melee import Engaged, Level, MeleeKind, melee_odds
from ancients.hoplomachia.rules import FILES, HoplomachiaRules, default_rules
from ancients.hoplomachia.strategoi import CasualtyOccasion, Character, Stance
from ancients.hoplomachia.troops import Flight
from ancients.hoplomachia.vocabulary import AreteLevel, ArmySize, Category
from ancients.rulesdata import provenances
from ancients.testing import docblocks
from ancients.testing.docblocks import markdown_table as _table

__all__ = ["BLOCKS", "block", "refresh"]

_LEVELS = tuple(AreteLevel)


def _in(p: Fraction, denominator: int) -> str:
    """A probability as a whole number of ``denominator``ths (exact by construction)."""
    n = p * denominator
    assert n.denominator == 1, (p, denominator)
    return str(n.numerator)


def _frac(p: Fraction) -> str:
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def _pct(p: Fraction) -> str:
    return f"{_frac(p)} ({float(p) * 100:.1f} %)"


def _inches(x: float | None) -> str:
    if x is None:
        return "—"
    return f"{x:g}\""


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


# -- cards ---------------------------------------------------------------------------------
def cards(rules: HoplomachiaRules) -> str:
    rows = []
    for c in rules.cards:
        mv = c.movement
        belos = f"{c.belos.number} / {_inches(c.belos.range)}" if c.belos else "—"
        rows.append([
            f"`{c.key}`", c.name, c.category, c.spear, c.shield, c.strength, c.threshold,
            "/".join(_signed(c.arete[lv]) for lv in _LEVELS), c.phobos, c.andreia,
            f"{_inches(mv.cf)}/{_inches(mv.of)}" if mv.disciplined else f"NF {_inches(mv.nf)}",
            "/".join(_inches(c.flight(k)).rstrip('"') for k in Flight),
            "—" if c.disarray is None else c.disarray, belos, c.belos_check,
            f"{c.charts.andreia}, {c.charts.belos}, {c.charts.epidromos or '—'}",
        ])
    return _table(["card", "name", "category", "spear", "shield", "strength", "threshold",
                   "Arete E/F/U/S", "Phobos", "Andreia", "CF/OF or NF", "evade/rout/pursuit",
                   "disarray", "Belos / range", "belos check", "charts (Andreia, belos, "
                   "Epidromos)"], rows)


def organisation(rules: HoplomachiaRules) -> str:
    rows = [[o.category, o.unit, " or ".join(map(str, o.stands)), o.figures, o.group,
             f"{o.group_size[0]}-{o.group_size[1]}"]
            for o in rules.cards.organisation.values()]
    return _table(["category", "unit", "stands", "figures a stand", "grouped in",
                   "units a group"], rows)


# -- Arete and rituals ---------------------------------------------------------------------
def tracks(rules: HoplomachiaRules) -> str:
    rows = []
    for t in rules.arete.tracks.values():
        odds = t.base_odds()
        rows.append([t.nation, f"{t.eager}+", f"{t.firm}-{t.eager - 1}",
                     f"{t.unsteady}-{t.firm - 1}", f"{rules.arete.withdraw_below}-"
                     f"{t.unsteady - 1}", t.base, *(_in(odds[lv], 36) for lv in _LEVELS)])
    return _table(["nation", "Eager", "Firm", "Unsteady", "Shaken", "base roll",
                   *(f"P({lv}) base" for lv in _LEVELS)], rows)


def changes(rules: HoplomachiaRules) -> str:
    rows = [[e.words, _signed(c.own), _signed(c.enemy), "yes" if c.per_turn else "",
             ", ".join(sorted(c.applies_to)) if c.applies_to else "any"]
            for e, c in rules.arete.changes.items()]
    return _table(["event", "own army", "enemy", "per turn", "units"], rows)


def rituals(rules: HoplomachiaRules) -> str:
    r = rules.rituals

    def row(name: str, chart: Any) -> list[object]:
        mean = sum((Fraction(v) * p for v, p in chart.odds().items()), Fraction(0))
        return [name, *(_signed(v) for v in chart.values), _frac(mean)]
    rows = [row(f"Rhetoria: {n}", c) for n, c in r.rhetoria.columns.items()]
    rows.append(row("Paean", r.paean.chart))
    rows.append(row("Grim Resolve (enemy)", r.grim_resolve.chart))
    rows.append(row("Sphagia", r.sphagia.chart))
    return _table(["table", *map(str, range(1, 7)), "mean"], rows)


def hieres(rules: HoplomachiaRules) -> str:
    h = rules.rituals.hieres
    targets = sorted({h.default_target} | {t for row in h.targets.values()
                                           for t in row.values()})
    values = sorted({*h.points, h.failed}, reverse=True)
    rows = []
    for t in targets:
        odds = h.odds(t)
        mean = sum((Fraction(v) * p for v, p in odds.items()), Fraction(0))
        rows.append([t, *(_frac(odds.get(v, Fraction(0))) for v in values), f"{float(mean):.2f}"])
    return _table(["target", *(f"{_signed(v)} AP" for v in values), "mean (rounded)"], rows)


# -- Andreia -------------------------------------------------------------------------------
def andreia_charts(rules: HoplomachiaRules) -> str:
    rows = []
    for chart in rules.andreia.charts.values():
        for line in AndreiaLine:
            rows.append([chart.name, line, *(chart.failure(line, lv) for lv in _LEVELS)])
    return _table(["chart", "line", *(f"fail, {lv}" for lv in _LEVELS)], rows)


def andreia_triggers(rules: HoplomachiaRules) -> str:
    p = rules.andreia.passed
    rows = [[t.trigger.value.replace("_", " "), t.line, "yes" if t.phobos else "no",
             p["charged" if t.charged else str(t.line)]]
            for t in rules.andreia.triggers.values()]
    return _table(["trigger", "line", "Phobos difference", "result of a pass"], rows)


def andreia_odds(rules: HoplomachiaRules) -> str:
    """P(pass) in 36ths by Andreia number (rows) and Arete modifier (columns), one table
    per Phobos difference."""
    cards = list(rules.cards)
    numbers = range(min(c.andreia for c in cards), max(c.andreia for c in cards) + 1)
    mods = sorted({v for c in cards for v in c.arete.values()}, reverse=True)
    most = max(max(0, a.phobos - b.phobos) for a in cards for b in cards)
    out = []
    for d in range(most + 1):
        rows = []
        for n in numbers:
            rows.append([n, *(_in(_under(rules, n + m - d), 36) for m in mods)])
        out.append(f"Phobos difference {d}:\n\n" + _table(
            ["Andreia", *(f"Arete {_signed(m)}" for m in mods)], rows))
    return "\n\n".join(out)


def _under(rules: HoplomachiaRules, target: int) -> Fraction:
    return sum((p for t, p in pmf(rules.andreia.dice).items() if t <= target), Fraction(0))


# -- belos ---------------------------------------------------------------------------------
def belos_odds(rules: HoplomachiaRules) -> str:
    """P(pass) in 6ths by intensity (rows) and belos check number (columns)."""
    numbers = sorted({c.belos_check for c in rules.cards})
    rows = []
    for i in range(1, 7):
        rows.append([i, *(_in(sum((p for t, p in pmf(rules.belos.dice).items()
                                   if t + i <= n), Fraction(0)), 6) for n in numbers)])
    return _table(["intensity", *(f"check {n}" for n in numbers)], rows)


def reaction_charts(rules: HoplomachiaRules) -> str:
    rows = []
    for chart in rules.belos.charts.values():
        for i, row in enumerate(chart.rows, 1):
            last = "+" if i == len(chart.rows) else ""
            rows.append([chart.name, f"{row.intensity}{last}",
                         " / ".join(row.passed[lv] for lv in _LEVELS),
                         " / ".join(row.failed[lv] for lv in _LEVELS)])
    return _table(["chart", "intensity", "Pass: E / F / U / S", "Fail: E / F / U / S"], rows)


def ekdromoi(rules: HoplomachiaRules) -> str:
    e = rules.belos.ekdromoi
    rows = [[d, _in(e.reach_odds(d), 6), *(_in(e.reach_odds(d) * e.kill_odds(c), 36)
                                           for c in e.kills)] for d in range(1, 7)]
    head = ["distance", "P(reach) /6", *(f"P(kill {c}) /36" for c in e.kills)]
    kills = ", ".join(f"{c} {_in(e.kill_odds(c), 6)}/6" for c in e.kills)
    return f"Reaching the shooters, the ekdromoi kill: {kills}.\n\n" + _table(head, rows)


# -- epidromos and melee -------------------------------------------------------------------
def epidromos_charts(rules: HoplomachiaRules) -> str:
    rows = []
    for chart in rules.epidromos.charts.values():
        for r in chart.rows:
            rows.append([chart.name, r.roll, _inches(r.distance), _inches(r.drift), r.disarray,
                         "yes" if r.momentum else "no", r.value])
    return _table(["chart", "1D6", "distance", "drift", "disarray", "momentum", "value"], rows)


def epidromos_odds(rules: HoplomachiaRules) -> str:
    rows = []
    values = sorted({r.value for c in rules.epidromos.charts.values() for r in c.rows})
    for chart in rules.epidromos.charts.values():
        m = chart.momentum_odds(approached=True)
        mean = sum((Fraction(d) * p for d, p in chart.distance_odds().items()), Fraction(0))
        rows.append([chart.name, _inches(chart.max_distance),
                     _inches(rules.epidromos.check_range(chart)), f"{_frac(mean)}\"",
                     *(_in(m.get(v, Fraction(0)), 6) for v in values)])
    return _table(["chart", "maximum", "Andreia checks within", "mean distance",
                   *(f"momentum {v} /6" for v in values)], rows)


def melee_chart(rules: HoplomachiaRules) -> str:
    rows = []
    for a in Level:
        cells = []
        for b in Level:
            result, loser = rules.melee.resolve(a, b)
            who = "" if loser is None else (" (column loses)" if loser == 1 else
                                            " (row loses)")
            cells.append(f"{result}{who}")
        rows.append([a, *cells])
    return _table(["row \\ column", *Level], rows)


def melee_results(rules: HoplomachiaRules) -> str:
    rows = [[r, f.loser, "yes" if f.continues else "no", "yes" if f.melee_check else "no",
             _signed(rules.melee.ground_given[f.ground_given]), "yes" if f.both_disarrayed
             else "no"] for r, f in rules.melee.results.items()]
    return _table(["result", "loser", "othismos next turn", "loser's melee check",
                   "loser's next shield", "both disarrayed"], rows)


def penetration_odds(rules: HoplomachiaRules) -> str:
    """P(none/shield/strength/threshold) in 6ths with the othismos shove, by the attack's
    margin over the shield before the shove, one table per (strength, threshold)."""
    shove = rules.melee.shove_odds()
    pairs = sorted({(c.strength, c.threshold) for c in rules.cards})
    out = []
    for strength, threshold in pairs:
        rows = []
        for margin in range(-3, strength + threshold + 2):
            counts = dict.fromkeys(Level, Fraction(0))
            for s, p in shove.items():
                counts[_penetration(margin + s, strength, threshold)] += p
            rows.append([_signed(margin), "/".join(_in(counts[lv], 6) for lv in Level)])
        out.append(f"Strength {strength}, threshold {threshold}:\n\n" + _table(
            ["spear total − shield total (before the shove)", "none/shield/strength/"
             "threshold (6ths)"], rows))
    return "\n\n".join(out)


def _penetration(excess: int, strength: int, threshold: int) -> Level:
    if excess <= 0:
        return Level.NONE
    if excess <= strength:
        return Level.SHIELD
    return Level.STRENGTH if excess - strength <= threshold else Level.THRESHOLD


def othismos_matrix(rules: HoplomachiaRules) -> str:
    """Hoplite against hoplite in an othismos, both Firm, 2-stand lochoi, no modifiers:
    P(row wins)/P(no loser)/P(column wins) in 36ths."""
    hoplites = rules.cards.by_category[Category.HOPLITE]
    rows = []
    for a in hoplites:
        cells = []
        for b in hoplites:
            odds = melee_odds(rules.melee, Engaged(a, AreteLevel.FIRM),
                              Engaged(b, AreteLevel.FIRM), MeleeKind.OTHISMOS)
            win = sum((p for o, p in odds.items() if o.loser == 1), Fraction(0))
            lose = sum((p for o, p in odds.items() if o.loser == 0), Fraction(0))
            cells.append(f"{_in(win, 36)}/{_in(1 - win - lose, 36)}/{_in(lose, 36)}")
        rows.append([f"`{a.key}`", *cells])
    return _table(["row \\ column", *(f"`{b.key}`" for b in hoplites)], rows)


# -- strategoi -----------------------------------------------------------------------------
def strategoi(rules: HoplomachiaRules) -> str:
    s = rules.strategoi
    rows = [[f"strategoi ({size})", *s.count[size].values] for size in ArmySize]
    rows += [[f"character ({n})", *c.values] for n, c in s.characters.items()]
    rows.append(["allied stance", *s.stance.values])
    return _table(["1D6", *map(str, range(1, 7))], rows)


def casualty_odds(rules: HoplomachiaRules) -> str:
    s = rules.strategoi
    mods = sorted({e.casualty for e in s.effects.values()})
    chars = {m: [c for c, e in s.effects.items() if e.casualty == m] for m in mods}
    rows = [[o, f"{s.killed[o]}+", *(_in(s.casualty_odds(o, chars[m][0]), 36) for m in mods)]
            for o in CasualtyOccasion]
    return _table(["occasion", "killed on 2D6", *(
        f"P(killed) /36, {', '.join(chars[m])} ({_signed(m)})" for m in mods)], rows)


def stance_odds(rules: HoplomachiaRules) -> str:
    s = rules.strategoi
    rows = [[order, *(f"{s.stance_number(st, order)} ({_in(s.stance_odds(st, order), 36)}/36)"
                      for st in Stance)] for order in s.stance_chart]
    return _table(["order", *(f"{st}: number (P obeys)" for st in Stance)], rows)


def vote_odds(rules: HoplomachiaRules) -> str:
    s = rules.strategoi
    chars = list(Character)
    rows = []
    for a in chars:
        rows.append([a, *(_pct(s.vote_odds([a, b])[0]) for b in chars)])
    three = [Character.CRAFTY, Character.DEMAGOGUE, Character.FELLOW_HOPLITE]
    trio = ", ".join(f"{c} {_pct(p)}" for c, p in zip(three, s.vote_odds(three), strict=True))
    return (_table(["P(row is Hegemon) against", *chars], rows)
            + f"\n\nThree strategoi: {trio}.")


# -- lists and situations ------------------------------------------------------------------
def _points(item: ListItem) -> str:
    if isinstance(item.points, int):
        return f"{item.points} (fixed)"
    return " ".join(map(str, item.points.values))


def army_lists(rules: HoplomachiaRules) -> str:
    out = []
    epochs = rules.armies.epochs
    for al in rules.armies.lists.values():
        rows = []
        for part, items in (("Basics", al.basics), ("Options", al.options)):
            for item in items:
                what = {ItemKind.TROOPS: f"`{item.card}` × {item.stands} stands"
                        + (", Epilektoi" if item.epilektoi else ""),
                        ItemKind.OPTIONS: "Options rolls",
                        ItemKind.ALLY: "rounds on " + " or ".join(item.lists),
                        ItemKind.HAMIPPOI: "ilai with hamippoi"}[item.kind]
                mark = "• " if item.dot and part == "Basics" else ""
                ep = "" if item.epochs == al.epochs else ", ".join(map(str, sorted(item.epochs)))
                rows.append([part, f"{mark}{item.item}", what, _points(item), ep])
        names = ", ".join(f"{n} {epochs[n].name}" for n in sorted(al.epochs))
        out.append(f"**{al.name}** (`{al.key}`, nation `{al.nation}`; epochs {names}):\n\n"
                   + _table(["chart", "item", "a point is", "points by 1D6", "epochs"], rows))
    return "\n\n".join(out)


def situations(rules: HoplomachiaRules) -> str:
    s = rules.situations
    rows = [[sit.name, sit.setup,
             ", ".join(f"{r} {_signed(v)}" for r, v in sit.sizes.items()),
             ", ".join(f"{k} {v}" for k, v in sit.terrain.items() if v),
             ", ".join(f"{r}: {o}" for r, o in sit.objectives.items()),
             *(_in(s.odds(m).get(sit.key, Fraction(0)), 36) for m in s.models)]
            for sit in s.situations.values()]
    return _table(["situation", "set-up", "sizes (steps)", "terrain %", "objectives",
                   *(f"{m.name} ({m.size}) /36" for m in s.models.values())], rows)


def plans(rules: HoplomachiaRules) -> str:
    s = rules.situations
    f = _table(["formation", "phalanx", "set-ups"],
               [[x.name, x.phalanx, ", ".join(sorted(x.setups))] for x in s.formations.values()])
    p = _table(["battle plan", "core", "lights", "horse", "objectives", "signals"],
               [[x.name, x.core, x.lights, x.horse, ", ".join(sorted(x.objectives)),
                 ", ".join(x.signals)] for x in s.plans.values()])
    return f + "\n\n" + p


# -- provenance ----------------------------------------------------------------------------
def provenance(rules: HoplomachiaRules) -> str:
    """Every table and row of the built-in files with its provenance."""
    rows = []
    for name in FILES.values():
        for path, rec, reason in provenances(document(name).value):
            rows.append([name, f"`{path or '(whole file)'}`",
                         "reconstructed" if rec else "printed", reason])
    return _table(["file", "table", "values", "reason"], rows)


BLOCKS: dict[str, Callable[[HoplomachiaRules], str]] = {
    "cards": cards, "organisation": organisation, "tracks": tracks, "changes": changes,
    "rituals": rituals, "hieres": hieres, "andreia-triggers": andreia_triggers,
    "andreia-charts": andreia_charts,
    "andreia-odds": andreia_odds, "belos-odds": belos_odds,
    "reaction-charts": reaction_charts, "ekdromoi": ekdromoi,
    "epidromos-charts": epidromos_charts, "epidromos-odds": epidromos_odds,
    "melee-chart": melee_chart, "melee-results": melee_results,
    "penetration-odds": penetration_odds, "othismos-matrix": othismos_matrix,
    "strategoi": strategoi, "casualty-odds": casualty_odds, "stance-odds": stance_odds,
    "vote-odds": vote_odds, "army-lists": army_lists, "situations": situations,
    "plans": plans, "provenance": provenance,
}


def block(name: str, rules: HoplomachiaRules | None = None) -> str:
    """One generated block, with its markers."""
    return docblocks.block(name, BLOCKS[name](rules or default_rules()))


def refresh(path: str | Path, rules: HoplomachiaRules | None = None) -> list[str]:
    """Rewrite every generated block of a Markdown page from the data; returns the names
    of the blocks that changed."""
    r = rules or default_rules()
    return docblocks.refresh(path, lambda name: BLOCKS[name](r))
