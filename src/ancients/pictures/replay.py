"""One battle replayed phase by phase in one self-contained HTML page: each phase's map
(the ruleset's ``to_svg()`` as it stood when the phase ended), a slider and the arrow
keys to step through them, and beside the map what happened in that phase. Works for
every ruleset through the battle interface. ``#phase=N`` in the address opens phase N.

The page holds one map and what changes from phase to phase: every map is cut into its
tags, each distinct tag is kept once, and each phase's map is written as the runs of
tags it keeps from the phase before and the tags it adds (:func:`encode_maps`), which
the page's script puts back together (:func:`decode_maps` does the same in Python).
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING, Any

import attrs

from ancients.pictures.report import _inline_svg, page

if TYPE_CHECKING:
    from ancients.battle import Battle
    from ancients.events import Event

__all__ = ["Phase", "decode_maps", "encode_maps", "phases", "replay_html"]

_SCRIPT = """
const data = JSON.parse(document.getElementById('maps').textContent);
const frames = document.querySelectorAll('.frame');
const slider = document.getElementById('slider');
const label = document.getElementById('label');
const map = document.getElementById('map');
const built = [];
function mapOf(i) {
  for (let k = built.length; k <= i; k++) {
    const before = k > 0 ? built[k - 1] : [];
    const frame = data.frames[k];
    const out = [];
    for (const op of frame.ops) {
      if (Array.isArray(op)) { for (const t of op) out.push(t); }
      else { for (let j = op; j < op + frame.lengths[op]; j++) out.push(before[j]); }
    }
    built.push(out);
  }
  return built[i].map((t) => data.tags[t]).join('');
}
function show(i) {
  i = Math.max(0, Math.min(frames.length - 1, i));
  frames.forEach((f, k) => { f.hidden = k !== i; });
  slider.value = i;
  label.textContent = frames[i].dataset.title + ' (' + (i + 1) + ' of ' + frames.length + ')';
  map.innerHTML = mapOf(i);
  document.body.dataset.shown = i;
}
slider.addEventListener('input', () => show(Number(slider.value)));
document.addEventListener('keydown', (e) => {
  if (e.key === 'ArrowRight' || e.key === 'ArrowDown') show(Number(slider.value) + 1);
  if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') show(Number(slider.value) - 1);
  if (e.key === 'Home') show(0);
  if (e.key === 'End') show(frames.length - 1);
});
const m = /phase=(\\d+)/.exec(location.hash);
show(m ? Number(m[1]) : 0);
"""

_STYLE = (".replay { display: flex; gap: 1.5em; align-items: flex-start; }"
          ".frame[hidden] { display: none; } .narrative { max-width: 32em; }"
          ".narrative li { margin: 0.15em 0; } #map { flex: 1; min-width: 0; }")

_TAG = re.compile(r"<[^>]*>|[^<]+")


@attrs.frozen
class Phase:
    """One phase of a battle: its title (``turn 1, seleucid movement``), its turn, side
    (None for both) and name, the events that happened in it, and the map as it stood
    when it ended."""

    title: str
    turn: int
    side: str | None
    phase: str
    events: tuple[Event, ...]
    svg: str


def phases(battle: Battle) -> list[Phase]:
    """Play ``battle`` to the end, one phase at a time: each phase with the events that
    happened in it (those after its phase event, up to the next) and its closing map. A
    first ``setup`` phase holds what happened before the first phase event, if anything."""
    heads: list[tuple[str, int, str | None, str]] = [("setup", 0, None, "setup")]
    told: list[list[Event]] = [[]]
    maps: list[str | None] = [None]
    while not battle.finished:
        for event in battle.step():
            if event.kind == "phase":
                side = f"{event.side} " if event.side else ""
                heads.append((f"turn {event.turn}, {side}{event.phase}", event.turn,
                              event.side, event.phase))
                told.append([])
                maps.append(None)
            else:
                told[-1].append(event)
        now = battle.to_svg()
        for k in range(len(maps) - 1):  # every phase that ended during this step
            if maps[k] is None:
                maps[k] = now
    maps[-1] = battle.to_svg()
    out = [Phase(*h, tuple(e), m or "") for h, e, m in zip(heads, told, maps, strict=True)]
    return out[1:] if not out[0].events else out


def encode_maps(svgs: Sequence[str]) -> dict[str, Any]:
    """SVG documents as ``{"tags": [...], "frames": [...]}``: each distinct tag once, and
    each document as a list of runs, ``[tag, ...]`` (tags it adds) or ``start`` (a run of
    ``lengths[start]`` tags kept from the document before, from position ``start``)."""
    index: dict[str, int] = {}
    tags: list[str] = []
    frames: list[Any] = []
    before: list[int] = []
    for svg in svgs:
        now = []
        for tag in _TAG.findall(_inline_svg(svg)):
            if tag not in index:
                index[tag] = len(tags)
                tags.append(tag)
            now.append(index[tag])
        ops: list[Any] = []
        lengths: dict[str, int] = {}
        matcher = difflib.SequenceMatcher(None, before, now)
        for what, a, b, c, d in matcher.get_opcodes():
            if what == "equal":
                ops.append(a)
                lengths[str(a)] = b - a
            elif d > c:
                ops.append(now[c:d])
        frames.append({"ops": ops, "lengths": lengths})
        before = now
    return {"tags": tags, "frames": frames}


def decode_maps(data: dict[str, Any]) -> list[str]:
    """The SVG documents (as inlined: from ``<svg``) that :func:`encode_maps` encoded."""
    out: list[str] = []
    before: list[int] = []
    for frame in data["frames"]:
        now: list[int] = []
        for op in frame["ops"]:
            if isinstance(op, list):
                now.extend(op)
            else:
                now.extend(before[op:op + frame["lengths"][str(op)]])
        out.append("".join(data["tags"][t] for t in now))
        before = now
    return out


def replay_html(battle: Battle) -> str:
    """Play ``battle`` (a new one, with its commanders) to the end and return the page."""
    played = phases(battle)
    encoded = encode_maps([p.svg for p in played])
    data = encoded
    parts = []
    for i, p in enumerate(played):
        items = "".join(f"<li>{escape(e.message)}</li>" for e in p.events) or \
            "<li>(nothing happened)</li>"
        parts.append(f"<section class='frame' id='phase-{i}' data-title='{escape(p.title)}' "
                     f"hidden><h2>{escape(p.title)}</h2><ol>{items}</ol></section>")
    head = (f"<h1>{escape(battle.scenario.title)} — {escape(str(battle.ruleset))}, seed "
            f"{battle.seed}</h1><p>{escape(str(battle.outcome))}</p>"
            f"<p><input type='range' id='slider' min='0' max='{len(played) - 1}' value='0' "
            f"aria-label='phase'> <span id='label'></span></p>"
            "<p class='note'>Arrow keys or the slider step through the phases; each map "
            "is the field as the phase ended.</p>")
    blob = json.dumps(data, separators=(",", ":")).replace("</", "<\\/")
    body = (f"<style>{_STYLE}</style>{head}<div class='replay'><div id='map'></div>"
            f"<div class='narrative'>{''.join(parts)}</div></div>"
            f"<script type='application/json' id='maps'>{blob}</script>")
    return page(f"{battle.scenario.title}: seed {battle.seed}", body, _SCRIPT)
