"""The translator: an order of battle fielded at Hoplomachia's scale. Each contingent
becomes lochoi, ilai or groups of light stands at ``scale`` men a figure (50 by
default), its card chosen from its kind, nationality, arms, quality and tags, grouped
into taxeis and hipparchies and laid out line by line, left to right as its side sees
them; the general is the Hegemon, other commanders strategoi (allies' with a stance);
troops Hoplomachia has no cards for (elephants, chariots, war engines) are dropped with
a note. A scenario may take an order of battle and add or change what the rules need
(``from_oob``: :func:`overlaid`)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from ancients.errors import ScenarioError
from ancients.hoplomachia.rules import HoplomachiaRules
from ancients.hoplomachia.scenario import deep_merge
from ancients.hoplomachia.vocabulary import Category
from ancients.oob import Contingent, Line, Missile, OrderOfBattle, Quality, Service, Side, Wing
from ancients.oob import battle as builtin_battle
from ancients.ruleset import Translation
from ancients.scenario import Field
from ancients.units import TroopKind

__all__ = ["DEFAULT_SCALE", "SCALES", "card_for", "nation_for", "overlaid", "translate"]


class _TooBig(Exception):
    """The armies do not fit the table at this scale."""

#: the scales tried, smallest first, when none is given (men to a figure)
SCALES = (50, 75, 100, 150, 200, 250, 300, 400, 500, 750, 1000)
DEFAULT_SCALE = SCALES[0]
#: the troop kinds Hoplomachia has no cards for
DROPPED = frozenset({TroopKind.ELEPHANTS, TroopKind.CHARIOTS, TroopKind.WAR_ENGINES,
                     TroopKind.LEADER})
#: words in a nationality naming a nation's Arete track (first match wins)
NATIONS = (("thessal", "thessalian"), ("thrac", "thracian"), ("persian", "persian"),
           ("ionian", "ionian"), ("macedon", "macedonian"), ("lacedaemon", "spartan"),
           ("spart", "spartan"), ("laconia", "spartan"), ("theban", "theban"),
           ("boeot", "theban"), ("athenian", "athenian"), ("arcadia", "arkadian"),
           ("tegea", "arkadian"), ("mantine", "arkadian"))
_PELOPONNESE = ("argive", "argos", "corinth", "sicyon", "elean", "elis", "achae", "phlius",
                "epidaur", "troezen", "megar", "cleon", "orne", "peloponnes")
_LINES = (Line.SCREEN, Line.FIRST, Line.SECOND, Line.THIRD, Line.RESERVE)
_WINGS = {Wing.LEFT: 0, Wing.CENTRE: 1, Wing.RIGHT: 2}


def nation_for(nationality: str, service: Service | None = None) -> str:
    """The Arete track of a nationality (mercenaries their own; the Greeks of other
    cities the Peloponnesians')."""
    n = nationality.lower()
    if service is Service.MERCENARY and "peloponnes" not in n and "corinth" not in n:
        return "mercenary"
    for word, nation in NATIONS:
        if word in n:
            return nation
    return "peloponnesian"


def card_for(c: Contingent) -> str:
    """Hoplomachia, Troops: the card for a contingent, from its kind, nationality,
    missile, quality and tags."""
    n = c.nationality.lower()
    tags = {t.lower() for t in c.tags}
    kind = c.kind
    if kind is TroopKind.HEAVY_INFANTRY:
        if "spartiate" in tags:
            return "spartiates"
        if tags & {"neodamodeis", "perioeci", "sciritae"} or any(
                w in n for w in ("lacedaemon", "laconia", "spart", "sciri")):
            return "lakonian"
        if "theban" in n:
            return "theban"
        if "boeot" in n:
            return "boiotian"
        if "athenian" in n and "allies" not in n:
            return "athenian"
        if any(w in n for w in ("arcadia", "tegea", "mantine")):
            return "arkadian"
        if "ionian" in n or "allies" in n:
            return "ionian"
        if "persian" in n or "kardak" in tags:
            return "kardakes"
        if c.service is Service.MERCENARY and not any(w in n for w in _PELOPONNESE):
            return "misthophoroi"
        if any(w in n for w in _PELOPONNESE):
            return "peloponnesian"
        return "panhellenic"
    if kind is TroopKind.MEDIUM_INFANTRY:
        if "triball" in n:
            return "triballoi"
        if "thrac" in n:
            return "thracian_peltastes"
        if "persian" in n:
            return "takabara"
        if "iphicrat" in tags or "iphikrat" in tags:
            return "iphikrateans"
        return "peltastes"
    if kind in (TroopKind.LIGHT_INFANTRY, TroopKind.MISSILE_INFANTRY):
        if c.missile is Missile.BOW:
            return "sparabara" if "persian" in n and c.shield.value == "large" else "toxotai"
        if c.missile is Missile.SLING:
            return "sphendonetai"
        return "psiloi"
    if "thessal" in n:
        return "thessalian"
    if "persian" in n:
        return "persian_hippeis"
    if "thrac" in n:
        return "thracian_hippeis"
    if "hetairoi" in tags or "companion" in tags:
        return "hetairoi"
    return "hippeis"


def _stands_per_unit(rules: HoplomachiaRules, c: Contingent, category: Category) -> int:
    """Deeper phalanxes field deeper lochoi (3 stands from 12 deep, 4 from 16)."""
    stands = rules.cards.organisation[category].stands
    if category is Category.HOPLITE and c.depth is not None:
        want = 4 if c.depth.best >= 16 else 3 if c.depth.best >= 12 else 2
        return want if want in stands else stands[0]
    return stands[0]


def _divisions(rules: HoplomachiaRules, c: Contingent, scale: int, notes: list[str]
               ) -> list[dict[str, Any]]:
    """One contingent as divisions (still to be placed)."""
    card_key = card_for(c)
    card = rules.cards[card_key]
    org = rules.cards.organisation[card.category]
    stands = c.men.best / (scale * org.figures)
    per = _stands_per_unit(rules, c, card.category)
    if len(org.stands) > 1 and org.group_size[1] > 1:
        units = max(1, math.floor(stands / per + 0.5))
        if stands / per < 0.5:
            article = "an" if str(org.unit)[0] in "aeiou" else "a"
            notes.append(f"{c.name}: {c.men.best} men are fewer than {article} {org.unit} "
                         f"at {scale} men a figure; fielded as one")
        groups = [(n, per) for n in org.groups(units)]
    else:  # groups of light stands, up to the most a group holds
        total = max(1, math.floor(stands + 0.5))
        if stands < 0.5:
            notes.append(f"{c.name}: {c.men.best} men are fewer than a stand at {scale} "
                         "men a figure; fielded as one")
        most = max(org.stands)
        groups = []
        while total > 0:
            take = min(most, total)
            groups.append((1, take))
            total -= take
    elite = c.quality is Quality.ELITE or bool({"picked", "guard", "epilektoi"} &
                                               {t.lower() for t in c.tags})
    out = []
    for i, (units_in, stands_in) in enumerate(groups, 1):
        did = c.id if len(groups) == 1 else f"{c.id}-{i}"
        out.append({"id": did, "name": c.name if len(groups) == 1 else f"{c.name} {i}",
                    "card": card_key, "units": units_in, "stands": stands_in,
                    "epilektoi": elite, "contingent": c.id,
                    "allied": c.service is Service.ALLIED,
                    "note": f"{c.men.best} men ({c.id})"})
    return out


def _frontage(rules: HoplomachiaRules, d: Mapping[str, Any]) -> float:
    card = rules.cards[d["card"]]
    w, _ = rules.play.base(card.category)
    files, _ranks = rules.play.shape(card.category, d["stands"])
    return float(d["units"] * files * w)


def _depth(rules: HoplomachiaRules, d: Mapping[str, Any]) -> float:
    card = rules.cards[d["card"]]
    _, depth = rules.play.base(card.category)
    return float(rules.play.shape(card.category, d["stands"])[1] * depth)


def translate(oob: OrderOfBattle, rules: HoplomachiaRules, *, scale: int | None = None
              ) -> Translation:
    """Field ``oob`` at ``scale`` men a figure; by default at the smallest of
    :data:`SCALES` at which each line fits the table in one row (ScenarioError for a
    bad scale, or armies that do not fit)."""
    if scale is None:
        why = ""
        for s in SCALES:
            try:
                return _translate(oob, rules, s, strict=True)
            except _TooBig as e:
                why = str(e)
                continue
        raise ScenarioError(f"{oob.name}: the armies do not fit a {rules.play.table[0]:g} "
                            f"inch table even at {SCALES[-1]} men a figure ({why})")
    if isinstance(scale, bool) or not isinstance(scale, int) or not 5 <= scale <= 1000:
        raise ScenarioError(f"hoplomachia scale: men to a figure is a whole number from 5 "
                            f"to 1000, got {scale!r}")
    try:
        return _translate(oob, rules, scale, strict=False)
    except _TooBig as e:
        raise ScenarioError(f"{oob.name} at {scale} men a figure: {e}; try a larger scale "
                            "(scale=...)") from None


def _translate(oob: OrderOfBattle, rules: HoplomachiaRules, scale: int, strict: bool
               ) -> Translation:
    notes: list[str] = []
    width, depth = rules.play.table
    sides = []
    for i, side in enumerate(oob.sides):
        sides.append(_side(rules, oob, side, i, scale, width, depth, notes, strict))
    for i, laid in enumerate(sides):
        _ambush_clear(rules, laid, sides[1 - i])
    document = {"name": oob.name, "title": oob.title, "description": oob.description,
                "scale": f"1 figure = {scale} men; a hoplite lochos of 2 stands = "
                         f"{scale * 8} men", "table": {"width": width, "depth": depth},
                "sides": sides}
    return Translation(document, notes)


def _side(rules: HoplomachiaRules, oob: OrderOfBattle, side: Side, i: int, scale: int,
          width: float, depth: float, notes: list[str], strict: bool) -> dict[str, Any]:
    lay = rules.play.deployment
    general = side.general
    home = next((c for c in side.contingents if c.id == general.contingent), None)
    nation = nation_for(home.nationality if home else side.contingents[0].nationality,
                        home.service if home else None)
    facing = 0.0 if i == 0 else 180.0
    sign = 1.0 if i == 0 else -1.0  # +y towards the enemy for the first side
    front = depth / 2.0 - sign * lay.gap / 2.0
    divisions: list[dict[str, Any]] = []
    placed: dict[str, list[dict[str, Any]]] = {}
    for c in side.contingents:
        if c.kind in DROPPED:
            notes.append(f"{c.name}: Hoplomachia has no cards for {c.kind} (dropped)")
            continue
        ds = _divisions(rules, c, scale, notes)
        if c.id == general.contingent:
            for d in ds:
                d["allied"] = False
        placed[c.id] = ds
    if not any(not d["allied"] for ds in placed.values() for d in ds):
        first = next(iter(placed), None)
        if first is None:
            raise ScenarioError(f"{oob.name}: side {side.name!r} has nothing Hoplomachia can "
                                "field")
        for d in placed[first]:
            d["allied"] = False
        notes.append(f"{side.title}: no contingent of the general's own state; "
                     f"{placed[first][0]['name']} taken as his")
    lines: dict[Line, list[Contingent]] = {}
    for c in side.contingents:
        if c.id in placed:
            lines.setdefault(c.place.line, []).append(c)
    if list(lines) == [Line.AMBUSH]:  # the scenario: a side starts with a division on it
        lines = {Line.FIRST: lines[Line.AMBUSH]}
        notes.append(f"{side.title}: all it fields was sent round in ambush; deployed as "
                     "its first line (a side starts with a division on the table)")
    y = front
    depth_of_last = 0.0
    for line in _LINES:
        found = sorted(lines.get(line, []), key=lambda c: (_WINGS[c.place.wing], c.place.order))
        if not found:
            continue
        row = [d for c in found for d in placed[c.id]]
        if line is Line.SCREEN:
            ly = front + sign * lay.screen
        else:
            if line is not Line.FIRST and divisions:
                y -= sign * (lay.behind + depth_of_last)
            ly = y
        last = _place(rules, row, ly, facing, width, lay.between, lay.margin, lay.behind,
                      side.title, notes, strict=strict)
        depth_of_last = max(_depth(rules, d) for d in row)
        divisions += row
        if line is not Line.SCREEN:
            y = last
    ambush = sorted(lines.get(Line.AMBUSH, []), key=lambda c: (_WINGS[c.place.wing],
                                                               c.place.order))
    if ambush:
        # sent round: they come on later, behind the enemy, each wing's at its end
        every = [d for c in ambush for d in placed[c.id]]
        back = max(_depth(rules, d) for d in every)
        ey = (depth - lay.margin - back) if i == 0 else lay.margin + back
        by_wing = [(w, [d for c in ambush if c.place.wing is w for d in placed[c.id]])
                   for w in (Wing.LEFT, Wing.CENTRE, Wing.RIGHT)]
        starts = _ambush_starts(rules, [(w, r) for w, r in by_wing if r], width,
                                lay.between, lay.margin)
        if starts is None:  # the wings' do not fit side by side: one line, in wing order
            _place(rules, every, ey, facing, width, lay.between, lay.margin, lay.behind,
                   side.title, notes, strict=strict, face_to=180.0 - facing)
        else:
            for (_w, row), start in zip([(w, r) for w, r in by_wing if r], starts,
                                        strict=True):
                _place(rules, row, ey, facing, width, lay.between, lay.margin, lay.behind,
                       side.title, notes, start=start, strict=strict,
                       face_to=180.0 - facing)
        for d in every:
            d["arrives"] = {"first": 6, "last": 8, "roll": 4}
        for c in ambush:
            notes.append(f"{c.name}: in ambush; comes on behind the enemy on turns 6-8, on "
                         "4 or more on 1D6 (reconstructed)")
        divisions += every
    for d in divisions:
        s = sign if "arrives" not in d else -sign
        back = d["y"] - s * _depth(rules, d)
        if not (lay.margin <= back <= depth - lay.margin
                and lay.margin <= d["y"] <= depth - lay.margin):
            raise _TooBig(f"{d['name']} would stand off the {depth:g} inch deep table")
    strategoi = _strategoi(rules, side, divisions, notes)
    return {"name": side.name, "title": side.title, "nation": nation, "arete": "roll",
            "plan": "frontal_attack", "formation": "battle_phalanx",
            "role": "attacker" if i == 0 else "defender", "strategoi": strategoi,
            "divisions": divisions}


def _footprint(rules: HoplomachiaRules, d: Mapping[str, Any]) -> tuple[float, float, float,
                                                                        float]:
    """A laid-out division's rectangle (x from, x to, y from, y to): ``y`` is its front,
    its back is its depth behind it, the way it faces."""
    f, deep = _frontage(rules, d), _depth(rules, d)
    back = d["y"] - deep if d["facing"] == 0.0 else d["y"] + deep
    return (d["x"] - f / 2.0, d["x"] + f / 2.0, min(d["y"], back), max(d["y"], back))


def _ambush_clear(rules: HoplomachiaRules, side: Mapping[str, Any],
                  enemy: Mapping[str, Any]) -> None:
    """An ambush comes on behind the enemy, at the table's edge: where the enemy's lines
    reach that far back, the armies do not fit the table's depth."""
    for d in side["divisions"]:
        if "arrives" not in d:
            continue
        ax0, ax1, ay0, ay1 = _footprint(rules, d)
        for o in enemy["divisions"]:
            if "arrives" in o:
                continue
            ox0, ox1, oy0, oy1 = _footprint(rules, o)
            if ax0 < ox1 and ox0 < ax1 and ay0 < oy1 and oy0 < ay1:
                raise _TooBig(f"{side['title']}: {d['name']} in ambush has no room behind "
                              f"{enemy['title']}'s lines ({o['name']} stands where it "
                              "would come on)")


def _row_width(rules: HoplomachiaRules, row: list[dict[str, Any]], between: float) -> float:
    return sum(_frontage(rules, d) for d in row) + between * (len(row) - 1)


def _ambush_starts(rules: HoplomachiaRules, rows: list[tuple[Wing, list[dict[str, Any]]]],
                   width: float, between: float, margin: float) -> list[float] | None:
    """Where each wing's ambush starts (its left end as its side sees it): the left
    wing's at the left edge, the right's at the right, the centre's centred, moved
    along so that none stands on another's; None when they do not fit side by side."""
    room = width - 2.0 * margin
    widths = [_row_width(rules, r, between) for _w, r in rows]
    if sum(widths) + between * (len(rows) - 1) > room:
        return None
    starts: list[float] = []
    for (wing, _r), w in zip(rows, widths, strict=True):
        if wing is Wing.LEFT:
            starts.append(margin)
        elif wing is Wing.RIGHT:
            starts.append(width - margin - w)
        else:
            starts.append((width - w) / 2.0)
    # push right from the left end, then back left from the right end
    for k in range(1, len(starts)):
        starts[k] = max(starts[k], starts[k - 1] + widths[k - 1] + between)
    starts[-1] = min(starts[-1], width - margin - widths[-1])
    for k in range(len(starts) - 2, -1, -1):
        starts[k] = min(starts[k], starts[k + 1] - between - widths[k])
    return starts


def _place(rules: HoplomachiaRules, row: list[dict[str, Any]], y: float, facing: float,
           width: float, between: float, margin: float, behind: float, title: str,
           notes: list[str], start: float | None = None, strict: bool = False,
           face_to: float | None = None) -> float:
    """Put a line's divisions side by side, left to right as their side sees them,
    centred on the table (or from ``start``, its left end as its side sees it); a line
    too long for the table goes on in rows behind. Returns the y of its last row."""
    room = width - 2.0 * margin
    sign = 1.0 if facing == 0.0 else -1.0
    rows: list[list[dict[str, Any]]] = [[]]
    used = 0.0
    for d in row:
        f = _frontage(rules, d)
        need = f + (between if rows[-1] else 0.0)
        if rows[-1] and used + need > room:
            rows.append([])
            used, need = 0.0, f
        rows[-1].append(d)
        used += need
    if len(rows) > 1 and strict:
        raise _TooBig("a line too long for the table")
    if len(rows) > 1:
        notes.append(f"{title}: a line too long for the {width:g} inch table; it stands "
                     f"{len(rows)} rows deep")
    for k, part in enumerate(rows):
        if k:
            y -= sign * (behind + max(_depth(rules, d) for d in rows[k - 1]))
        fronts = [_frontage(rules, d) for d in part]
        total = sum(fronts) + between * (len(part) - 1)
        left = (width - total) / 2.0 if start is None or len(rows) > 1 else start
        for d, f in zip(part, fronts, strict=True):
            centre = left + f / 2.0
            # the first side's left is the table's west; the second side's its east
            x = centre if facing == 0.0 else width - centre
            d["x"], d["y"] = round(x, 3), round(y, 3)
            d["facing"] = facing if face_to is None else face_to
            left += f + between
    return y


def _strategoi(rules: HoplomachiaRules, side: Side, divisions: list[dict[str, Any]],
               notes: list[str]) -> list[dict[str, Any]]:
    """The general as Hegemon (with his contingent, else the first home division), the
    other commanders as strategoi with theirs; allied ones Symmachoi."""
    def rank(d: dict[str, Any]) -> tuple[int, int]:  # a hoplite taxis of his own first
        return (0 if d["card"] in hoplites else 1, 0 if "arrives" not in d else 1)
    hoplites = {c.key for c in rules.cards if c.category is Category.HOPLITE}
    home = sorted((d for d in divisions if not d["allied"]), key=rank)
    out = []
    general = side.general
    used: set[str] = set()
    for k, c in enumerate(side.commanders):
        mine = sorted((x for x in divisions if x["contingent"] == c.contingent), key=rank)
        d = mine[0] if mine else None
        hegemon = c is general
        if hegemon and (d is None or d["allied"] or "arrives" in d):
            d = home[0]
        if hegemon and d is not None and d["card"] in hoplites:
            d["senior"] = True  # the Hegemon's own taxis is the senior one
        if d is not None and not hegemon and d["id"] in used:
            mine = [x for x in divisions if x["contingent"] == c.contingent
                    and x["id"] not in used]
            d = mine[0] if mine else next((x for x in home if x["id"] not in used), None)
        if d is None:
            notes.append(f"{c.name}: no division of his to lead (not fielded)")
            continue
        used.add(d["id"])
        entry: dict[str, Any] = {"id": f"{side.name}-strategos{k + 1}", "name": c.name,
                                 "character": "fellow hoplite", "hegemon": hegemon,
                                 "with": d["id"]}
        if d["allied"] and not hegemon:
            entry["stance"] = "symmachos"
        out.append(entry)
    return out


def overlaid(doc: Field, rules: HoplomachiaRules) -> dict[str, Any]:
    """A scenario built on an order of battle: ``from_oob = {battle = NAME, scale = N}``
    fields it through the translator, then the document's other keys are put in (a
    side's by its name; its divisions' by id, merged into the translated ones)."""
    f = doc["from_oob"].check_keys(["battle", "scale"])
    name = f["battle"].as_str()
    try:
        oob = builtin_battle(name)
    except ScenarioError as e:
        raise f["battle"].error(str(e)) from None
    base = translate(oob, rules, scale=f.get("scale").as_int(None, min=5, max=1000))
    out = dict(base.document)
    over = {k: v for k, v in doc.value.items() if k != "from_oob"}
    sides = over.pop("sides", None)
    out = deep_merge(out, over)
    if sides is not None:
        named = {s["name"]: s for s in out["sides"]}
        for s in doc["sides"].items():
            sname = s["name"].as_str()
            if sname not in named:
                raise s["name"].error(f"{name} has no side {sname!r}; its sides: "
                                      f"{', '.join(named)}")
            mine = named[sname]
            changes = {key: v for key, v in s.value.items() if key != "divisions"}
            mine.update(deep_merge({}, changes))
            by_id = {d["id"]: d for d in mine["divisions"]}
            listed = s.get("divisions")
            for d in () if listed.missing else listed.items():
                did = d["id"].as_str()
                if did in by_id:
                    by_id[did].update(deep_merge(by_id[did], d.value))
                else:
                    mine["divisions"].append(dict(d.value))
    return out
