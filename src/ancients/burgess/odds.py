"""The exact odds of the Burgess rules as the Markdown tables published in
``docs/rulesets/burgess.md`` (``tests/burgess/test_docs.py`` checks the page is current,
through :mod:`ancients.testing.docblocks`).

Single-die tables give their chances in sixths; combinations of several dice in percent,
rounded from the exact fractions.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ancients.burgess.casualties import casualty_dice, save
from ancients.burgess.chariots import (
    Course,
    Duel,
    cavalry_course_odds,
    course_odds,
    duel_odds,
    group_fight_odds,
)
from ancients.burgess.defences import Defence, blaze_odds, burn_odds
from ancients.burgess.elephants import (
    ElephantRules,
    attack_odds,
    infantry_fight_odds,
    kill_odds,
    stand_check,
)
from ancients.burgess.missiles import Band, volley_die_odds
from ancients.burgess.morale import rally_table
from ancients.burgess.options import BurgessOptions
from ancients.burgess.reactions import ReactionTable
from ancients.burgess.rules import BurgessRules, load_rules
from ancients.burgess.troops import Armour, TroopClass, Unit, Weapon
from ancients.testing.docblocks import markdown_table as _md

__all__ = ["BONUSES", "tables"]

#: the morale bonuses the tables are shown for (staff officer, three ranks, guards)
BONUSES = (0, 1, 2, 3)


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}"


def _sixths(p: Fraction, sides: int) -> str:
    n = p * sides
    return str(n.numerator) if n.denominator == 1 else _pct(p) + " %"


def _unit(troop: TroopClass, files: int, ranks: int, armour: Armour | None, r: BurgessRules,
          spearmen: bool = False) -> Unit:
    return r.troops.unit("u", troop, files, ranks, armour=armour, spearmen=spearmen)


def volley_table(r: BurgessRules) -> str:
    """Hits from one volley die by band and points taken off it (cover, firing on the
    move), and the chance a single figure hits, in sixths."""
    sides = r.troops.sides
    head = ["band", "less", *(f"{k} hits" for k in range(sides)), "single figure hits"]
    rows = []
    for band in Band:
        for less in (0, 1, 2, 3):
            dist = dict(volley_die_odds(sides, r.fire.volley_deduct[band] + less))
            rows.append([str(band), f"-{less}" if less else "0",
                         *(_sixths(dist.get(k, Fraction(0)), sides) for k in range(sides)),
                         _sixths(r.fire.single_hit[band].probability(-less), sides)])
    return _md(head, rows)


def casualty_table(r: BurgessRules) -> str:
    """The dice for 1-15 hits, and each armour's chance that a figure hit survives."""
    dice = _md(["hits", *(str(h) for h in range(1, 16))],
               [["dice", *(str(casualty_dice(h, r.casualties)) for h in range(1, 16))]])
    saves = []
    for armour in Armour:
        troop = TroopClass.HV_INF if r.troops.armour[armour].arm.value == "infantry" else \
            TroopClass.HV_CAV
        u = _unit(troop, 1, 1, armour, r)
        close = save(u, Weapon.PILUM, Band.CLOSE, r.casualties)
        saves.append([str(armour), str(r.troops.save(u)),
                      _sixths(r.troops.save(u).probability(), r.troops.sides),
                      _sixths(close.probability(), r.troops.sides)])
    return dice + "\n\n" + _md(["armour", "saves on", "survives (6ths)",
                                "against pilum or crossbow at close range"], saves)


def melee_table(r: BurgessRules) -> str:
    """Percent that the side with the row's dice beats the column's (ties in brackets)."""
    sides = r.troops.sides
    head = ["dice", *(str(b) for b in range(1, 7))]
    rows = []
    for a in range(1, 7):
        cells = []
        for b in range(1, 7):
            o = duel_odds(a, b, sides=sides)
            cells.append(f"{_pct(o[Duel.WON])} ({_pct(o[Duel.TIE])})")
        rows.append([str(a), *cells])
    return _md(head, rows)


def reaction_table_md(table: ReactionTable, sides: int,
                      bonuses: Sequence[int] = BONUSES) -> str:
    """A reaction table's results in sixths, one column per bonus (those it takes)."""
    shown = bonuses if table.morale else (0,)
    head = ["result", *(f"{b:+d}" if table.morale else "any" for b in shown)]
    odds = [table.odds(b) for b in shown]
    rows = [[str(res), *(_sixths(o.get(res, Fraction(0)), sides) for o in odds)]
            for res in table.table.results]
    return _md(head, rows)


def rally_md(r: BurgessRules) -> str:
    """The chance to rally, in sixths, by attempt and bonus."""
    sides = r.troops.sides
    rows = []
    for attempt in (1, 2, 3):
        t = rally_table(attempt, r.morale)
        rallied = t.table.rows[-1]
        rows.append([str(attempt), *(_sixths(t.odds(b).get(rallied, Fraction(0)), sides)
                                     for b in BONUSES)])
    return _md(["attempt", *(f"{b:+d}" for b in BONUSES)], rows)


def chariot_md(r: BurgessRules) -> str:
    """Chariots against infantry and cavalry against spearmen, by depth and armour."""
    sides = r.troops.sides
    rows = []
    for ranks in (1, 2, 3):
        u = _unit(TroopClass.HV_INF, 8, ranks, Armour.FULL_INFANTRY, r)
        home = course_odds(u, r.chariots)[Course.HOME]
        spear = _unit(TroopClass.HV_INF, 8, ranks, Armour.FULL_INFANTRY, r, spearmen=True)
        rows.append([str(ranks), _sixths(home, sides),
                     _sixths(cavalry_course_odds(spear, r.chariots)[Course.HOME], sides)])
    spear = _unit(TroopClass.HV_INF, 8, 4, Armour.FULL_INFANTRY, r, spearmen=True)
    rows.append(["4+", rows[-1][1],
                 _sixths(cavalry_course_odds(spear, r.chariots)[Course.HOME], sides)])
    depth = _md(["infantry ranks", "a chariot goes home (6ths)",
                 "cavalry go home on spearmen (6ths)"], rows)
    fights = []
    for armour in (Armour.UNARMOURED_INFANTRY, Armour.PARTIAL_INFANTRY, Armour.FULL_INFANTRY):
        u = _unit(TroopClass.HV_INF, 8, 2, armour, r)
        won, tie, lost = group_fight_odds(u, rules=r.chariots)
        fights.append([str(armour), _pct(won), _pct(tie), _pct(lost)])
    return depth + "\n\n" + _md(["a chariot against a volley group of", "chariot wins %",
                                 "tie %", "infantry win %"], fights)


def elephant_md(e: ElephantRules, r: BurgessRules) -> str:
    """One set of elephant tables: the attack on infantry by depth, standing, killing."""
    rows = []
    for ranks in (1, 2, 3, 4):
        u = _unit(TroopClass.HV_INF, 8, ranks, Armour.FULL_INFANTRY, r)
        o = attack_odds(u, e)
        stand = stand_check(u, e).probability()
        rows.append([str(ranks), *(_pct(o.get(c, Fraction(0))) for c in (
            None, Course.HOME, Course.SWERVE_RIGHT, Course.SWERVE_LEFT, Course.STOPS,
            Course.STAMPEDE)), _pct(stand)])
    attack = _md(["ranks", "no attack %", "home %", "swerve right %", "swerve left %",
                  "stops %", "stampede %", "infantry stand %"], rows)
    kills = _md(["volley groups", *(str(g) for g in range(1, 7))],
                [["elephant killed %", *(_pct(kill_odds(g, e)) for g in range(1, 7))]])
    u = _unit(TroopClass.HV_INF, 6, 2, Armour.FULL_INFANTRY, r)
    fight = infantry_fight_odds(u, rules=e)
    mean = sum((lost * p for (_, lost), p in fight.items()), Fraction(0))
    return attack + "\n\n" + kills + f"\n\nTwelve figures in two ranks that stand lose " \
        f"{float(mean):.2f} figures on average in the fight."


def harm_md(printed: ElephantRules, tempered: ElephantRules) -> str:
    """What each elephant table does, in sixths (the tempered hand-weapon table beside)."""
    tables = [("against elephant", printed.against_elephant),
              ("against cavalry or chariots", printed.against_cavalry),
              ("light engine", printed.missiles["light"]),
              ("heavy engine", printed.missiles["heavy"]),
              ("hand weapons", printed.missiles["hand"]),
              ("hand weapons, tempered", tempered.missiles["hand"])]
    odds = [t.odds() for _, t in tables]
    harms = list(dict.fromkeys(h for o in odds for h in o))
    sides = printed.troops.sides
    rows = [[str(h), *(_sixths(o.get(h, Fraction(0)), sides) for o in odds)] for h in harms]
    return _md(["harm", *(name for name, _ in tables)], rows)


def fire_md(r: BurgessRules) -> str:
    """Fire arrows: a blaze by volley groups, and the chance a blaze destroys."""
    groups = _md(["volley groups", *(str(g) for g in range(1, 7))],
                 [["blaze %", *(_pct(blaze_odds(g, r.defences)) for g in range(1, 7))]])
    targets: list[Weapon | Defence] = [Weapon.LIGHT_ENGINE, Weapon.HEAVY_ENGINE,
                                       Defence.SMALL_BUILDING, Defence.MEDIUM_BUILDING,
                                       Defence.LARGE_BUILDING]
    rows = []
    for t in targets:
        odds = burn_odds(t, r.defences)
        rows.append([str(t), str(max(odds)), _pct(odds[max(odds)])])
    return groups + "\n\n" + _md(["target", "burns (turns)", "destroyed %"], rows)


def tables(options: BurgessOptions | None = None) -> dict[str, str]:
    """Every published odds table, by its heading in the docs page."""
    r = load_rules(options)
    tempered = load_rules(BurgessOptions(elephants="tempered")).elephants
    sides = r.troops.sides

    def react(table: ReactionTable) -> str:
        return reaction_table_md(table, sides)

    return {
        "Missile fire: one volley die and single figures (sixths)": volley_table(r),
        "Casualties": casualty_table(r),
        "Hand to hand: dice against dice": melee_table(r),
        "Pre-contact test (sixths, by morale bonus)": react(r.morale.precontact),
        "Shaken table (sixths, by morale bonus)": react(r.morale.shaken),
        "Post-contact roll (sixths, by morale bonus)": react(r.morale.post_contact),
        "Rallying (sixths, by morale bonus)": rally_md(r),
        "Outnumbered (sixths, by morale bonus)": react(r.outnumbered),
        "Withdrawing from a melee (sixths)": react(r.melee.withdrawal),
        "Officer lost in melee (sixths, by morale bonus)": react(r.melee.officer),
        "Flank attack (sixths, by morale bonus)": react(r.flank.flank),
        "Rear attack (sixths, by morale bonus)": react(r.flank.rear),
        "Chariots and cavalry": chariot_md(r),
        "Elephants as printed": elephant_md(r.elephants, r),
        "Elephants tempered": elephant_md(tempered, r),
        "What a roll does to an elephant (sixths)": harm_md(r.elephants, tempered),
        "Fire arrows": fire_md(r),
    }
