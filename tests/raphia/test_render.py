"""The picture: readable without hovering (a key, hex numbers, markers clear of the
factors), rendered to PNG."""

from __future__ import annotations

import re
import struct
import xml.etree.ElementTree as ET
import zlib
from typing import Any

import pytest

from ancients.raphia.state import Status

P, S = "ptolemaic", "seleucid"
NS = "{http://www.w3.org/2000/svg}"


def _staged(stage: Any, spec: str = "raphia") -> Any:
    st = stage(spec)
    st.put(P, "1512", ["P-phal-mace1", "P-phal-mace2", "P-phal-mace3"], facing=2)
    st.put(P, "1412", ["P-household-cav1", "P-household-cav2", "ptolemy"])
    st.put(S, "1612", ["S-arabs1", "S-arabs2"], status=Status.ROUTED)
    p = st.put(S, "1711", ["S-cavalry1"], status=Status.PURSUING)
    st.state.update(p, pursued=frozenset({"P-cretans1"}))
    st.put(S, "1812", ["S-elephants1", "S-cretans1"])
    return st


def _png_pixels(png: bytes) -> tuple[int, int, bytes]:
    """Width, height and the raw scanlines of a PNG (decoded: it must be one)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width, height = 8, b"", 0, 0
    while pos < len(png):
        (length,), kind = struct.unpack(">I", png[pos:pos + 4]), png[pos + 4:pos + 8]
        body = png[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6)
            channels = 4 if colour == 6 else 3
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    assert len(raw) == height * (1 + width * channels)
    return width, height, raw


def test_the_picture_renders_to_png(stage: Any) -> None:
    import resvg_py

    svg = _staged(stage).battle.to_svg()
    root = ET.fromstring(svg)
    width, height = int(root.get("width", 0)), int(root.get("height", 0))
    png = bytes(resvg_py.svg_to_bytes(svg_string=svg))
    w, h, raw = _png_pixels(png)
    assert (w, h) == (width, height) and w > 900 and h > 900
    assert len(set(raw[::97])) > 20  # not a blank canvas


def test_the_picture_has_a_key_and_hex_numbers(stage: Any) -> None:
    st = _staged(stage)
    svg = st.battle.to_svg()
    texts = [t.text or "" for t in ET.fromstring(svg).iter(f"{NS}text")]
    for words in ("Key", "Ptolemaic army", "Seleucid army", "leader", "light infantry",
                  "semi-heavy infantry", "phalanx (normal)", "elephants", "cavalry",
                  "ROUT", "PURSUIT", "dunes (impassable)",
                  "blue line: Ptolemaic deployment (§2)",
                  "red line: Seleucid deployment (§2)"):
        assert words in texts, words
    board = st.state.board
    numbers = {t for t in texts if re.fullmatch(r"\d{4}", t)}
    assert numbers == {board.label(h) for h in board.passable_hexes}


def test_status_markers_stay_clear_of_the_factors(stage: Any) -> None:
    svg = _staged(stage).battle.to_svg()
    marked = 0
    for g in ET.fromstring(svg).iter(f"{NS}g"):
        if "stack" not in (g.get("class") or ""):
            continue
        rects = g.findall(f"{NS}rect")
        counter = next(r for r in rects if r.get("stroke-width") == "1.5")
        top = float(counter.get("y", 0))
        factors = [t for t in g.findall(f"{NS}text") if re.fullmatch(r"\d+ [\dL?]+ \d+",
                                                                   t.text or "")]
        assert len(factors) == 1 and float(factors[0].get("y", 0)) > top
        for tag in (r for r in rects if r.get("rx")):
            marked += 1
            assert float(tag.get("y", 0)) + float(tag.get("height", 0)) <= top
    assert marked == 2  # the rout and the pursuer


@pytest.mark.parametrize("spec", ["raphia", "raphia(edition=1990)"])
def test_deployment_lines_in_their_printed_colours(stage: Any, spec: str) -> None:
    # §2 and its 1991 erratum: the printed map's red line is the Seleucids', the blue
    # the Ptolemaic camp's; the 1990 text named them the other way round, but both
    # editions deploy each army on its own line (docs: "deployment-line colours")
    st = stage(spec)
    svg = st.battle.to_svg()
    key = next(float(t.get("x", 0)) for t in ET.fromstring(svg).iter(f"{NS}text")
               if t.text == "Key")

    def drawn(colour: str) -> list[float]:  # the x of the map's lines of that colour
        return [x for x in map(float, re.findall(
            rf'<line x1="([\d.]+)" y1="[\d.]+" x2="[\d.]+" y2="[\d.]+" stroke="{colour}" '
            'stroke-width="3"/>', svg)) if x < key]
    blue, red = drawn("#2456c7"), drawn("#d0312d")
    assert blue and red and max(blue) < min(red)  # the Ptolemaic army is in the west
