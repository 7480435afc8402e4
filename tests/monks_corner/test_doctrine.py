"""The doctrine commander against RandomCommander on 400 seeded battles of Mantinea from
either side (the bar, 80 %, from both: the docs' Balance section gives both rates and a
test keeps them true), and the battle draws itself."""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

import pytest

import ancients
from ancients.battle import Decision
from ancients.monks_corner import MonksCornerBattle
from ancients.monks_corner.commander import (
    DoctrineCommander,
    _charge_worth,
    _crowding,
    _fresh_front,
    _front_clash,
    _worth,
    exchange,
)
from ancients.monks_corner.decisions import Kind
from ancients.monks_corner.melee import ChargePlan, Strike
from ancients.monks_corner.movement import Plan, candidate_moves
from ancients.monks_corner.troops import Unit
from ancients.tabletop import Aspect

from .helpers import battle, phalanx, u, unit

#: the settled bar: at least 80 % of 400 seeded battles (simulate's seeds 418, i)
BATTLES, BAR = 400, 0.80


@functools.cache
def _win_rate(random_side: str) -> float:
    results = ancients.simulate("monks_corner", "mantinea-418bc", runs=BATTLES, seed=418,
                                jobs=2, commanders={random_side: "random"})
    other = next(s for s in ("sparta", "argos") if s != random_side)
    return results.win_rate(other)[0]


def test_doctrine_as_sparta_beats_random() -> None:
    assert _win_rate("argos") >= BAR


def test_doctrine_as_argos_beats_random() -> None:
    assert _win_rate("sparta") >= BAR


def test_the_balance_section_gives_the_doctrines_rates() -> None:
    """The docs' Balance table states what the doctrine wins against random play from
    each side on these 400 battles, and whether the bar is met as Argos (the measured
    rate is what the table gives; a shortfall is reported there, not hidden here by a
    lower bar)."""
    page = (Path(__file__).parents[2] / "docs/rulesets/monks_corner.md").read_text()
    for side, column, random_side in (("Sparta", 1, "argos"), ("Argos", 2, "sparta")):
        row = next(line for line in page.splitlines()
                   if line.startswith(f"| doctrine ({side}) against `RandomCommander`"))
        stated = row.split("|")[column + 1].split("%")[0].strip()
        assert stated == f"{100 * _win_rate(random_side):.1f}", (side, stated)
    met = _win_rate("sparta") >= BAR
    assert ("**as Argos it is not**" in page) == (not met)


def test_leader_waits_for_fresh_phalanxes_to_be_engaged() -> None:
    """The alliance leader's phalanxes make no frontal charge on a formed enemy phalanx
    not yet in melee; allies, flanks and rears are weighed as before."""
    rs = ancients.ruleset("monks_corner")
    b = rs.new_battle("mantinea-418bc", seed=1)
    assert isinstance(b, MonksCornerBattle)
    lochos, argives, mantineans = (b.by_id[u] for u in ("lochoi-1", "argives", "mantineans"))

    def plan(unit: Unit, aspect: Aspect) -> ChargePlan:
        return ChargePlan(lochos, unit.block, aspect, 3.0, False, False, False)

    assert _fresh_front(b.state, argives, plan(argives, Aspect.FRONT))
    assert _charge_worth(b.state, argives, plan(argives, Aspect.FRONT)) == 0.0
    assert not _fresh_front(b.state, argives, plan(argives, Aspect.RIGHT))
    assert not _fresh_front(b.state, mantineans, plan(mantineans, Aspect.FRONT))
    lochos.formed = False
    assert not _fresh_front(b.state, argives, plan(argives, Aspect.FRONT))


def _doctrine_move(b: MonksCornerBattle, uid: str) -> Plan:
    """The plan the doctrine picks for ``uid`` from its menu of moves."""
    plans = candidate_moves(b.state, u(b, uid))
    b.state.menu = {p.order: p for p in plans}
    decision = Decision(u(b, uid).side, Kind.MOVE, [p.order for p in plans], unit=uid)
    order = DoctrineCommander().decide(b, decision)
    plan = b.state.menu[order]
    assert isinstance(plan, Plan)
    return plan


@pytest.mark.parametrize(("mine", "theirs", "into_reach"), [
    ((12, 3), [(18, 3)], False),  # 3 x 4 against 3 x 6: it would lose the clash
    ((18, 3), [(12, 3)], True),  # 3 x 6 against 3 x 4: it would win it
    ((18, 3), [(18, 3)], True),  # level
    ((18, 3), [(18, 3), (18, 3)], False),  # two of them could charge it at once
])
def test_a_phalanx_keeps_out_of_reach_of_fresh_phalanxes_that_would_win_the_clash(
        mine: tuple[int, int], theirs: list[tuple[int, int]], into_reach: bool) -> None:
    """The doctrine advances into the charge reach (Melee 1) of fresh enemy phalanxes only
    where it would not lose the front-to-front clash with all of them (Melee 4; Morale
    3), the alliance leader's phalanxes too; else it halts out of reach."""
    enemies = [phalanx(f"q{i}", "north", 36 + 5.0 * (i - (len(theirs) - 1) / 2), 20, n, r)
               for i, (n, r) in enumerate(theirs)]
    b = battle([phalanx("p", "south", 36, 10, *mine, contingent="a"), *enemies],
               leaders=("a", ""))
    plan = _doctrine_move(b, "p")
    gap = min(plan.end.distance(u(b, q["id"]).block) for q in enemies)
    reach = b.state.rules.contact_reach
    assert (gap <= reach) is into_reach, (plan.order, gap)
    assert plan.order.kind == "advance"  # it comes on, in line


def test_the_front_clash_counts_the_wider_fronts_overlap_and_the_deeper_ranks() -> None:
    b = battle([phalanx("p", "south", 36, 10, 12, 3), phalanx("q", "north", 36, 20, 18, 3),
                phalanx("r", "north", 50, 20, 12, 2)])
    rules = b.state.rules
    p, q, r = u(b, "p"), u(b, "q"), u(b, "r")
    # q: its 4 figures facing p's 4 files, 2 overlapping flanks: 6 dice at 5-6; p: 4
    assert _front_clash(rules, q, p) > _front_clash(rules, p, q)
    assert _front_clash(rules, p, q) == pytest.approx(4 / 3)  # q's rear rank of 6 is safe
    # p against the two-deep r: 4 dice and 2 a rank deeper
    assert _front_clash(rules, p, r) > 6 / 3


def _two_foes(spec: str, troop: str) -> MonksCornerBattle:
    # p fights q (2 x 6) front to front; h (light or medium foot) touches p's left flank
    return battle([phalanx("p", "south", 36, 10, 18, 3), phalanx("q", "north", 36, 10, 12, 2),
                   unit("h", "north", troop, 4, 33.75, 8.5, 2, facing=90.0)], spec=spec)


@pytest.mark.parametrize(("troop", "best"), [("light infantry", "h"),
                                             ("medium infantry", "q")])
def test_doctrine_strikes_the_enemy_it_harms_most(troop: str, best: str) -> None:
    """melee_opponents=choose: the doctrine answers by its charge matchup (expected hits
    and the chance of breaking a phalanx), whatever the options' order: 8 dice on light
    foot (4-6) beat 8 on the two-deep phalanx q (5-6, but it may lose its rear rank and
    break); 8 on medium foot (5-6) do not."""
    b = _two_foes("monks_corner(melee_opponents=choose)", troop)
    for options in ((Strike("q"), Strike("h")), (Strike("h"), Strike("q"))):
        decision = Decision("south", "strike", options, unit="p")
        assert DoctrineCommander().decide(b, decision) == Strike(best)


def test_charge_evaluation_follows_the_melee_opponents_option() -> None:
    """The doctrine weighs a charge with the opponents the melee would give it: its
    target (front), the enemy it would choose (choose), or both (contact)."""
    given = {}
    for mode in ("front", "choose", "contact"):
        b = _two_foes(f"monks_corner(melee_opponents={mode})", "light infantry")
        p, q, h = u(b, "p"), u(b, "q"), u(b, "h")
        plan = ChargePlan(q, p.block, Aspect.FRONT, 0.0, False, False, False)
        given[mode] = exchange(b.state, p, plan)[0]
        assert given[mode] > 0.0
    rules = b.state.rules
    at_q, at_h, at_h_too = (_worth(rules, p, q)[0], _worth(rules, p, h)[0],
                            _worth(rules, p, h, False)[0])
    assert given["front"] == pytest.approx(at_q)
    assert given["choose"] == pytest.approx(max(at_q, at_h)) and at_h > at_q
    assert given["contact"] == pytest.approx(at_q + at_h_too)


def test_svg_to_scale_with_units_marks_and_colours() -> None:
    rs = ancients.ruleset("monks_corner")
    b = rs.new_battle("phalanx-duel", seed=4)
    svg = b._repr_svg_()
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    # 36 x 30 inches at 12 px per inch, with a 26 px title band and a 64 px legend band
    assert 'width="432" height="450"' in svg
    assert svg.count('<circle class="figure"') == 18 + 6 + 18 + 6  # every figure drawn
    assert "#b22222" in svg and "#1f4e9c" in svg
    b.run()
    svg = b.to_svg()
    assert re.search(r"wins|draw", svg)


def test_svg_draws_terrain_facing_unformed_and_pinned_marks() -> None:
    woods = [{"kind": "woods", "polygon": [[50, 20], [60, 20], [60, 30], [50, 30]]}]
    b = battle([phalanx("p", "south", 36, 10), phalanx("q", "north", 36, 10),
                unit("h", "south", "horse", 3, 10, 10)], terrain=woods)
    u(b, "q").formed = False
    svg = b.to_svg()
    assert 'width="864" height="666"' in svg  # 72 x 48 inches at 12 px per inch, + bands
    assert svg.count('fill="#9cbf8a"') == 1  # the woods
    assert svg.count("<line ") == 3 + 1  # a facing tick per unit (and the legend's)
    assert svg.count("stroke-dasharray") == 2 + 1  # unformed: q, the horse (and legend)
    assert svg.count('class="figure" cx') == 18 + 18 + 3
    assert len(re.findall(r'class="figure"[^>]*fill="white"', svg)) == 18 + 3  # hollow
    assert svg.count("<path ") == 2 + 1 and svg.count(", pinned</title>") == 2  # p and q


def test_svg_renders_to_a_readable_png() -> None:
    """The picture reads without hovering: title, turn and phase, unit labels, a legend
    and a scale bar; rendered to PNG (resvg) it decodes and has the SVG's size."""
    import struct

    resvg_py = pytest.importorskip("resvg_py")
    b = ancients.ruleset("monks_corner").new_battle("mantinea-418bc", seed=0)
    assert isinstance(b, MonksCornerBattle)
    for _ in range(40):
        b.step()
    svg = b.to_svg()
    assert "Mantinea, 418 BC" in svg and f"turn {b.turn}, {b.phase}" in svg
    assert all(f">{u.name}</text>" in svg for u in b.state.present())
    assert 'class="legend"' in svg and 'class="scale"' in svg and '6"</text>' in svg
    png = bytes(resvg_py.svg_to_bytes(svg_string=svg))
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])
    assert (width, height) == (864, 666)
    assert len(png) > 5000


_LABEL = re.compile(r'<text (?:class="label" )?x="([-\d.]+)" y="([-\d.]+)" '
                    r'text-anchor="middle" font-size="([\d.]+)" stroke="white"[^>]*>'
                    r'([^<]*)</text>')


def _label_boxes(svg: str) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Each unit label of a picture with the box its text covers, in pixels: the
    renderer's own generous measure of the text's width (``render.text_width``, which
    counts each glyph at least as wide as common sans-serif faces draw it), the ascent
    and descent of the font size, and the white halo around the letters."""
    from html import unescape

    from ancients.monks_corner.render import LABEL_HALO, text_width
    out = []
    for x, y, size, text in _LABEL.findall(svg):
        cx, base, s = float(x), float(y), float(size)
        half = text_width(unescape(text), s) / 2.0 + LABEL_HALO / 2.0
        out.append((unescape(text), (cx - half, base - 0.95 * s - LABEL_HALO / 2.0,
                                     cx + half, base + 0.25 * s + LABEL_HALO / 2.0)))
    return out


def _built_in_battles() -> list[tuple[str, Any]]:
    import warnings
    rs = ancients.ruleset("monks_corner")
    out: list[tuple[str, Any]] = list(rs.scenarios().items())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # what each translation drops is not the point
        out += [(f"battle {name}", rs.from_oob(name)) for name in ancients.battles()]
    return out


@pytest.mark.parametrize(("name", "scenario"), _built_in_battles(),
                         ids=[n for n, _ in _built_in_battles()])
def test_unit_labels_never_overlap(name: str, scenario: Any) -> None:
    # the picture names every unit on the table, and no two names run into each other:
    # at the start, every few turns of a doctrine battle, and at the end
    b = ancients.ruleset("monks_corner").new_battle(scenario, seed=0)
    assert isinstance(b, MonksCornerBattle)
    seen = 0
    while True:
        if b.finished or b.phase == "movement":
            svg = b.to_svg()
            labels = _label_boxes(svg)
            assert sorted(t for t, _ in labels) == sorted(u.name for u in b.state.present())
            for i, (a, (ax0, ay0, ax1, ay1)) in enumerate(labels):
                for c, (bx0, by0, bx1, by1) in labels[i + 1:]:
                    assert ax1 <= bx0 or bx1 <= ax0 or ay1 <= by0 or by1 <= ay0, (
                        f"{name}, turn {b.turn}: {a!r} overlaps {c!r}")
            seen += 1
        if b.finished:
            break
        b.step()
    assert seen > 1


def test_a_phalanx_keeps_its_neighbours_clear_of_its_rout() -> None:
    """Morale 3 unforms the friendly phalanxes within 6" of a rout's path: the doctrine
    counts them for each end (both ways: its own rout, and theirs), and only formed
    phalanxes."""
    b = battle([phalanx("p", "south", 30, 10, 12, 3), phalanx("near", "south", 36, 10, 12, 3),
                phalanx("far", "south", 50, 10, 12, 3), phalanx("q", "north", 30, 30)])
    st, p = b.state, u(b, "p")
    assert _crowding(st, p, p.block) == 1  # "near": 3" apart
    wide = p.block.derived(24.0, 10.0, p.block.facing, p.block.files, p.block.ranks)
    assert _crowding(st, p, wide) == 0  # 9" apart
    u(b, "near").formed = False
    assert _crowding(st, p, p.block) == 0
