"""The picture: to scale, every stand drawn in its arrangement, disarray and rout marks,
strategoi, casualty counters, labels, the title band with the turn and phase, a legend
and a scale bar; it renders to a PNG of its size."""

from __future__ import annotations

import re
import struct

import pytest

import ancients
from ancients.hoplomachia.pieces import CasualtyCounter, Status
from ancients.hoplomachia.vocabulary import Arrangement

from .play import fielded


def test_the_picture_is_to_scale_with_every_stand() -> None:
    b = fielded(ancients.ruleset("hoplomachia").new_battle(seed=2))
    st = b.state
    svg = b._repr_svg_()
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert 'width="864" height="666"' in svg  # 72 x 48 inches at 12 px, and the bands
    on = st.present()
    formed = sum(p.stands for p in on if p.arrangement is not Arrangement.NO_FILES)
    loose = sum(p.stands for p in on if p.arrangement is Arrangement.NO_FILES)
    assert svg.count('class="stand"') == formed
    assert svg.count('class="figure"') == 3 * loose
    assert "#b22222" in svg and "#1f4e9c" in svg
    assert svg.count('class="strategos"') == sum(
        1 for s in st.strategoi if s.alive and st.by_id[s.piece].on_table)
    waiting = [p for p in st.pieces if p.status is Status.WAITING]
    assert waiting and all(f"({p.id})" not in svg for p in waiting)  # not yet come


def test_marks_disarray_routs_and_casualty_counters() -> None:
    b = fielded(ancients.ruleset("hoplomachia").new_battle(seed=2))
    st = b.state
    a = st.by_id["athenian-hoplites-1.1"]
    a.disarrayed = True
    st.by_id["athenian-hoplites-1.2"].status = Status.ROUTING
    st.counters.append(CasualtyCounter("athens", "x", 30.0, 20.0))
    svg = b.to_svg()
    assert len(re.findall(r'<polygon points="[^"]*"[^>]*stroke-dasharray', svg)) == 1
    assert "athenian-hoplites-1.2): Athenian hoplites, 2 stands, open files, routing" in svg
    assert svg.count('class="casualty"') == 1
    b.run()
    assert re.search(r"wins|draw", b.to_svg())


def test_the_picture_renders_to_a_readable_png() -> None:
    resvg_py = pytest.importorskip("resvg_py")
    b = fielded(ancients.ruleset("hoplomachia").new_battle(seed=0))
    for _ in range(30):
        b.step()
    svg = b.to_svg()
    assert "Poteidaia, 432 BC" in svg and f"turn {b.turn}, {b.phase}" in svg
    names = {d.name for d in b.state.divisions.values() if b.state.members(d)}
    assert all(f">{n}</text>" in svg for n in names)
    assert 'class="legend"' in svg and 'class="scale"' in svg and '6"</text>' in svg
    png = bytes(resvg_py.svg_to_bytes(svg_string=svg, sans_serif_family="DejaVu Sans"))
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])
    assert (width, height) == (864, 666)
    assert len(png) > 5000
