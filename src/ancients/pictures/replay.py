"""One battle replayed phase by phase in one self-contained HTML page: each phase's map
(the ruleset's ``to_svg()`` as it stood when the phase ended), a slider and the arrow
keys to step through them, and that phase's narrative beside the map. Works for every
ruleset through the battle interface. ``#phase=N`` in the address opens phase N."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from ancients.pictures.report import _inline_svg, page

if TYPE_CHECKING:
    from ancients.battle import Battle

__all__ = ["replay_html"]

_SCRIPT = """
const frames = document.querySelectorAll('.frame');
const slider = document.getElementById('slider');
const label = document.getElementById('label');
function show(i) {
  i = Math.max(0, Math.min(frames.length - 1, i));
  frames.forEach((f, k) => { f.hidden = k !== i; });
  slider.value = i;
  label.textContent = frames[i].dataset.title + ' (' + (i + 1) + ' of ' + frames.length + ')';
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

_STYLE = (".frame { display: flex; gap: 1.5em; align-items: flex-start; }"
          ".frame[hidden] { display: none; } .narrative { max-width: 32em; }"
          ".narrative li { margin: 0.15em 0; } .map { flex: 1; min-width: 0; }")


def replay_html(battle: Battle) -> str:
    """Play ``battle`` (a new one, with its commanders) to the end and return the page."""
    frames: list[tuple[str, str, list[str]]] = []
    title = "setup"
    lines: list[str] = []
    while not battle.finished:
        events = battle.step()
        for event in events:
            if event.kind == "phase":
                title = f"turn {event.turn}, {event.side + ' ' if event.side else ''}{event.phase}"
            else:
                lines.append(event.message)
        frames.append((title, battle.to_svg(), lines))
        lines = []
    parts = []
    for i, (name, svg, told) in enumerate(frames):
        items = "".join(f"<li>{escape(t)}</li>" for t in told) or "<li>(nothing happened)</li>"
        parts.append(f"<section class='frame' id='phase-{i}' data-title='{escape(name)}' "
                     f"hidden><div class='map'>{_inline_svg(svg)}</div><div class='narrative'>"
                     f"<h2>{escape(name)}</h2><ol>{items}</ol></div></section>")
    head = (f"<h1>{escape(battle.scenario.title)} — {escape(str(battle.ruleset))}, seed "
            f"{battle.seed}</h1><p>{escape(str(battle.outcome))}</p>"
            f"<p><input type='range' id='slider' min='0' max='{len(frames) - 1}' value='0' "
            f"aria-label='phase'> <span id='label'></span></p>"
            "<p class='note'>Arrow keys or the slider step through the phases.</p>")
    return page(f"{battle.scenario.title}: seed {battle.seed}",
                f"<style>{_STYLE}</style>{head}{''.join(parts)}", _SCRIPT)
