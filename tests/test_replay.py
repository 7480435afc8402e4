"""``play --html`` without a browser: each phase lists the events that happened in it,
and the page holds one map and what changes from phase to phase, within 2 MB for a
built-in battle."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from html import escape
from pathlib import Path

import pytest

import ancients
from ancients.pictures.replay import decode_maps, encode_maps, phases, replay_html

pytestmark = pytest.mark.usefixtures("toy")


def _page_data(html: str) -> dict[str, object]:
    blob = re.search(r"<script type='application/json' id='maps'>(.*?)</script>", html, re.S)
    assert blob is not None
    data: dict[str, object] = json.loads(blob.group(1).replace("<\\/", "</"))
    return data


@pytest.mark.parametrize("spec", ["toy", "raphia", "monks_corner"])
def test_each_phase_lists_the_events_that_happened_in_it(spec: str) -> None:
    played = phases(ancients.ruleset(spec).new_battle(seed=3))
    assert played and all(p.title != "setup" for p in played)  # nothing before phase 1
    for p in played:
        for e in p.events:
            assert (e.turn, e.phase) == (p.turn, p.phase), (p.title, e.kind, e.phase)
    whole = ancients.ruleset(spec).new_battle(seed=3)
    whole.run()
    told = [e for p in played for e in p.events]
    assert told == [e for e in whole.log if e.kind != "phase"]  # every event, once
    if spec == "raphia":  # the first phase's events are its own, not left for the next
        assert played[0].phase == "deployment" and played[0].events


def test_the_page_holds_one_map_and_the_changes_within_two_megabytes() -> None:
    rs = ancients.ruleset("raphia")
    html = replay_html(rs.new_battle(seed=0))
    assert len(html.encode()) <= 2_000_000
    played = phases(rs.new_battle(seed=0))
    data = _page_data(html)
    maps = decode_maps(data)
    assert maps == [p.svg[p.svg.index("<svg"):] for p in played]
    assert html.count("<svg") == 1  # one map: the others are what changes from it
    first = played[1]
    assert f"<h2>{first.title}</h2>" in html
    section = html[html.index("id='phase-1'"):html.index("id='phase-2'")]
    assert first.events and all(escape(e.message) in section for e in first.events)


def test_encoded_maps_round_trip() -> None:
    docs = ["<svg><g><a/></g></svg>", "<svg><g><a/><b/></g></svg>", "<svg><b/></svg>", ""]
    assert decode_maps(encode_maps(docs)) == docs


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_pages_script_builds_every_map(tmp_path: Path) -> None:
    from ancients.pictures.replay import _SCRIPT

    rs = ancients.ruleset("monks_corner")
    html = replay_html(rs.new_battle(seed=0))
    (tmp_path / "maps.json").write_text(json.dumps(_page_data(html)))
    want = [p.svg[p.svg.index("<svg"):] for p in phases(rs.new_battle(seed=0))]
    (tmp_path / "want.json").write_text(json.dumps(want))
    build = _SCRIPT[_SCRIPT.index("const built"):_SCRIPT.index("function show")]
    (tmp_path / "t.js").write_text(
        "const fs = require('fs');\n"
        "const data = JSON.parse(fs.readFileSync('maps.json', 'utf8'));\n"
        "const want = JSON.parse(fs.readFileSync('want.json', 'utf8'));\n" + build +
        "let same = 0;\nfor (let i = want.length - 1; i >= 0; i--) "
        "{ if (mapOf(i) === want[i]) same++; }\nconsole.log(same + ' of ' + want.length);\n")
    done = subprocess.run(["node", "t.js"], cwd=tmp_path, capture_output=True, text=True,
                          check=True, timeout=120)
    assert done.stdout.strip() == f"{len(want)} of {len(want)}"
