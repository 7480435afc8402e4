"""The generated set piece (``ancients play hoplomachia --scenario generated --seed N``):
from the seed, a strategic model is chosen and its size read for a Set Piece, an epoch
and two national lists are chosen and each army rolled on its list
(:func:`~.armies.roll_army`: troops, strategoi, characters, allied stances, the
Hegemon's vote), each army's formation and battle plan are chosen among those that suit
the situation, the terrain is laid by the situation's percentages, and the armies are
drawn up facing each other."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from ancients.dice import Dice
from ancients.hoplomachia.armies import Army, roll_army
from ancients.hoplomachia.rules import HoplomachiaRules
from ancients.hoplomachia.scenario import GenerateSpec, Setup, parse_scenario
from ancients.hoplomachia.situations import Objective, RolledSituation, SetUp, Situation
from ancients.hoplomachia.translate import _depth, _place, _TooBig
from ancients.hoplomachia.vocabulary import Category, GroupKind, Role
from ancients.scenario import Field, Scenario
from ancients.tabletop import Table

__all__ = ["LAID_OUT", "ROLL", "SIDES", "SITUATION", "generate_document", "generate_setup",
           "generated_stub"]

SIDES = ("attacker", "defender")
SITUATION = "set_piece"
#: ``generate.situation``: roll 2D6 on the strategic model's table
ROLL = "roll"
#: the formations the table play lays out (the text's Marching Square is not modelled)
LAID_OUT = ("battle_phalanx", "divided_phalanx", "dispersed")
_FEATURES = {"broken": "broken", "hills": "hill", "woods": "woods", "water": "marsh",
             "works": "works"}


def generated_stub(doc: Field, rules: HoplomachiaRules, data: Mapping[str, Any]) -> Scenario:
    """A scenario whose set piece is generated when its battle is made (from the seed
    given, or from the battle's)."""
    doc.check_keys(["name", "title", "description", "generate"])
    g = doc["generate"].check_keys(["seed", "model", "situation"])
    spec = GenerateSpec(g.get("seed").as_int(None, min=0),
                        g.get("model").choice(list(rules.situations.models), None),
                        g.get("situation").choice([ROLL, *rules.situations.situations], None))
    setup = Setup(Table(*rules.play.table), (), (), (), "", rules.play.turn_limit,
                  spec.situation if spec.situation not in (None, ROLL) else SITUATION,
                  doc.get("title").as_str("Generated set piece"), spec)
    return Scenario(name=doc.get("name").as_str("generated"), title=setup.title,
                    sides=SIDES, data=data, parsed=setup,
                    description=doc.get("description").as_str(""), source=doc.source)


def generate_setup(rules: HoplomachiaRules, seed: int, model: str | None = None,
                   situation: str | None = None) -> Setup:
    """The set piece (or ``situation``) of ``seed``, parsed (its document checked like
    any scenario's)."""
    doc = generate_document(rules, seed, model, situation)
    setup = parse_scenario(doc, f"generated set piece (seed {seed})", rules).parsed
    assert isinstance(setup, Setup)
    return setup


def _pick(dice: Dice, items: list[str], what: str) -> str:
    return items[dice.choice(len(items), what)]


def generate_document(rules: HoplomachiaRules, seed: int, model: str | None = None,
                      situation_key: str | None = None) -> dict[str, Any]:
    """Hoplomachia, Scenarios and Army generation: the scenario document of the set
    piece of ``seed`` (``model``: the strategic model, else chosen from the seed;
    ``situation_key``: ``roll`` for the Situation rolled on 2D6 on the model's table,
    else that situation, by default the Set Piece)."""
    dice = Dice(seed, keyed=True)
    dice.scope = "generated set piece"
    s = rules.situations
    chosen = model or _pick(dice, sorted(s.models), "strategic model")
    m = s.model(chosen)
    if situation_key == ROLL:  # Hoplomachia, Scenarios: roll 2d6 for a Situation
        rolled = s.roll(chosen, dice)
    else:  # the Set Piece (or the situation named), not rolled
        named = s.situations[situation_key or SITUATION]
        rolled = RolledSituation(m, 0, named, {role: s.size(m, named.sizes[role])
                                               for role in Role})
    situation = rolled.situation
    sizes = dict(rolled.sizes)
    lists = rules.armies
    epochs = [e for e in sorted(lists.epochs)
              if sum(e in al.epochs for al in lists.lists.values()) >= 2]
    epoch = int(_pick(dice, [str(e) for e in epochs], "epoch"))
    keys = sorted(k for k, al in lists.lists.items() if epoch in al.epochs)
    first = _pick(dice, keys, "attacker's list")
    second = _pick(dice, [k for k in keys if k != first], "defender's list")
    width, depth = rules.play.table
    # the formations that suit the set-up and that the table play lays out (an ambush's
    # Marching Square and Dispersed are not: a Battle Phalanx then)
    formations = sorted(f.key for f in s.formations.values()
                        if situation.setup in f.setups and f.key in LAID_OUT) or [LAID_OUT[0]]
    armies = [roll_army(rules, key, epoch, sizes[role], dice)
              for role, key in zip(Role, (first, second), strict=True)]
    # a table wide enough for the longer line (a large army may need more than 6 feet)
    width = max(width, *(_needed(rules, a) for a in armies))
    doc_sides = []
    for i, (role, army) in enumerate(zip(Role, armies, strict=True)):
        goal = situation.objectives[role]
        plans = sorted(p.key for p in s.plans.values() if goal in p.objectives)
        formation = _pick(dice, formations, f"{role} formation")
        plan = _pick(dice, plans, f"{role} battle plan")
        doc_sides.append(_side(rules, army, SIDES[i], i, formation, plan, role, width, depth))
    terrain = _terrain(dice, {k: v for k, v in situation.terrain.items() if k != "works"},
                       width, depth)
    notes = _set_up(rules, dice, situation, doc_sides, terrain, width, depth)
    rolled_note = f", rolled {rolled.roll} on 2D6" if rolled.roll else ""
    return {"name": f"generated-{seed}", "title": f"{m.name}: a {situation.name}, "
            f"{doc_sides[0]['title']} against {doc_sides[1]['title']}",
            "description": f"Generated from seed {seed}: {m.name}, {situation.name}"
                           f"{rolled_note}, epoch {epoch} ({lists.epochs[epoch].name})."
                           + "".join(f" {n}" for n in notes),
            "scale": "as the army lists: a point a lochos, an ile or a group of stands",
            "situation": situation.key,
            "table": {"width": width, "depth": depth, "terrain": terrain},
            "sides": doc_sides}


def _set_up(rules: HoplomachiaRules, dice: Dice, situation: Situation,
            sides: list[dict[str, Any]], terrain: list[dict[str, Any]], width: float,
            depth: float) -> list[str]:
    """Hoplomachia, Scenarios: the situation's set-up type and its works. Arrayed: both
    drawn up as they chose. Encounter: they meet on the march, the disciplined in Open
    Files. Ambush: the side out to break the other has its horse and lights lying in
    wait, coming on behind the enemy (play.toml ``[ambush]``). Works (a share of the
    table): a palisade along the line of the side that defends them (or is stormed),
    else on the flanks. The notes of what was done."""
    notes: list[str] = []
    if situation.setup is SetUp.ENCOUNTER:
        for side in sides:
            for d in side["divisions"]:
                if rules.cards[d["card"]].movement.disciplined:
                    d["arrangement"] = "open files"
        notes.append("An encounter: both armies on the march, in Open Files.")
    elif situation.setup is SetUp.AMBUSH:
        notes += _ambush(rules, situation, sides, width, depth)
    share = situation.terrain.get("works", 0)
    if share:
        keeper = next((i for i, r in enumerate(Role)
                       if situation.objectives[r] in (Objective.DEFEND_WORKS, Objective.HOLD)),
                      None)
        if keeper is None:
            terrain += _terrain(dice, {"works": share}, width, depth)
        else:
            terrain.append(_works(rules, sides[keeper], keeper))
            notes.append(f"{sides[keeper]['title']} stand behind works.")
    return notes


def _works(rules: HoplomachiaRules, side: dict[str, Any], i: int) -> dict[str, Any]:
    """A palisade about the front line of ``side`` (its taxeis, else everyone)."""
    line = [d for d in side["divisions"] if rules.cards[d["card"]].category is
            Category.HOPLITE and "arrives" not in d] or \
        [d for d in side["divisions"] if "arrives" not in d]
    xs = [d["x"] for d in line]
    front = [d["y"] for d in line]
    sign = 1.0 if i == 0 else -1.0
    half = max(_frontage_of(rules, d) for d in line) / 2.0
    x0, x1 = min(xs) - half - 1.0, max(xs) + half + 1.0
    edge = max(front) if i == 0 else min(front)
    y0, y1 = sorted((edge + sign * 1.0, edge - sign * 2.5))
    return {"kind": "works", "name": "works",
            "polygon": [[round(x0, 2), round(y0, 2)], [round(x1, 2), round(y0, 2)],
                        [round(x1, 2), round(y1, 2)], [round(x0, 2), round(y1, 2)]]}


def _frontage_of(rules: HoplomachiaRules, d: dict[str, Any]) -> float:
    card = rules.cards[d["card"]]
    w, _ = rules.play.base(card.category)
    files, _ranks = rules.play.shape(card.category, d["stands"])
    return float(d["units"] * files * w)


def _ambush(rules: HoplomachiaRules, situation: Situation, sides: list[dict[str, Any]],
            width: float, depth: float) -> list[str]:
    """The ambushing side (out to break the other) sends its horse and lights round:
    they come on behind the enemy, at the table's far edge, facing its rear."""
    lay = rules.play.deployment
    ambush = rules.play.ambush
    i = next((k for k, r in enumerate(Role) if situation.objectives[r] is Objective.BREAK), 0)
    side = sides[i]
    row = [d for d in side["divisions"]
           if rules.cards[d["card"]].category is not Category.HOPLITE and not d["senior"]]
    if not row or len(row) == len(side["divisions"]):
        return []
    facing = 0.0 if i == 0 else 180.0
    back = max(_depth(rules, d) for d in row)
    y = (depth - lay.margin - back) if i == 0 else lay.margin + back
    enemy = sides[1 - i]["divisions"]  # the enemy's rearmost body, which it may not reach
    if i == 0 and max(d["y"] + _depth(rules, d) for d in enemy) > y - lay.behind:
        return []
    if i == 1 and min(d["y"] - _depth(rules, d) for d in enemy) < y + lay.behind:
        return []
    notes: list[str] = []
    try:
        _place(rules, row, y, facing, width, lay.between, lay.margin, lay.behind,
               side["title"], notes, strict=True, face_to=180.0 - facing)
    except _TooBig:
        return []
    for d in row:
        d["arrives"] = {"first": ambush.first, "last": ambush.last, "roll": ambush.roll}
    return [f"An ambush: {side['title']}'s horse and lights lie in wait and come on behind "
            f"the enemy on turns {ambush.first}-{ambush.last}, on {ambush.roll} or more on "
            "1D6."]


def _side(rules: HoplomachiaRules, army: Army, name: str, i: int, formation: str, plan: str,
          role: Role, width: float, depth: float) -> dict[str, Any]:
    """An army drawn up: lights screening the front, the taxeis in line (the senior on
    the right, allies on the left; a Divided Phalanx with a gap in its middle), horse
    on the wings."""
    lay = rules.play.deployment
    facing = 0.0 if i == 0 else 180.0
    sign = 1.0 if i == 0 else -1.0
    front = depth / 2.0 - sign * lay.gap / 2.0
    divisions: dict[str, dict[str, Any]] = {}
    for c in army.contingents:
        for d in c.divisions:
            did = f"{name[0]}-{d.id.replace('.', '-')}"  # (both may have the same allies)
            u = d.units[0]
            divisions[d.id] = {
                "id": did, "name": _name(d.id),
                "card": d.card, "units": len(d.units), "stands": u.stands,
                "epilektoi": u.epilektoi, "hamippoi": sum(x.hamippoi for x in d.units),
                "contingent": c.id, "allied": c.allied, "senior": d.senior}
    ordered = [(d, c) for c in army.contingents for d in c.divisions]
    lights = [divisions[d.id] for d, _ in ordered if rules.cards[d.card].category in
              (Category.PSILOS, Category.TOXOTES)]
    horse = [divisions[d.id] for d, _ in ordered if d.kind is GroupKind.HIPPARCHIA]
    taxeis = [divisions[d.id] for d, _ in ordered if d.kind is GroupKind.TAXIS]
    taxeis.sort(key=lambda d: (not d["allied"], d["senior"]))  # allies left, senior right
    half = len(horse) // 2
    line = [*horse[:half], *taxeis, *horse[half:]]
    notes: list[str] = []
    if formation == "divided_phalanx" and len(taxeis) > 1:
        mid = half + len(taxeis) // 2
        left, right = line[:mid], line[mid:]
        last = min(_place(rules, left, front, facing, width / 2.0, lay.between, lay.margin,
                          lay.behind, name, notes),
                   _place(rules, right, front, facing, width / 2.0, lay.between, lay.margin,
                          lay.behind, name, notes), key=lambda y: sign * y)
        for entry in right if i == 0 else left:
            entry["x"] = round(entry["x"] + width / 2.0, 3)
    elif formation == "dispersed":
        last = _dispersed(rules, line, front, facing, width, name, notes)
    else:
        last = _place(rules, line, front, facing, width, lay.between, lay.margin, lay.behind,
                      name, notes)
    if lights:
        try:  # a screen before the line, if it fits in one row; else behind the line
            _place(rules, lights, front + sign * lay.screen, facing, width, lay.between * 4,
                   lay.margin, lay.behind, name, notes, strict=True)
        except _TooBig:
            back = last - sign * (lay.behind + max(_depth(rules, d) for d in line or lights))
            _place(rules, lights, back, facing, width, lay.between * 4, lay.margin,
                   lay.behind, name, notes)
    for entry in divisions.values():  # a line too long went on in rows: on the table
        lo = lay.margin + _depth(rules, entry)
        entry["y"] = round(min(max(entry["y"], lo), depth - lo), 3)
    strategoi = []
    leading: set[str] = set()
    hoplites = list(taxeis)
    for s in army.strategoi:
        own = [d for d in (hoplites or list(divisions.values()))
               if d["contingent"] == s.contingent and d["id"] not in leading]
        if s.hegemon:
            own = [d for d in own if d["senior"]] or own
        if not own:
            own = [d for d in divisions.values() if d["contingent"] == s.contingent]
        if not own:
            continue
        leading.add(own[0]["id"])
        person: dict[str, Any] = {"id": f"{name[0]}-{s.id.replace('.', '-')}",
                                  "character": str(s.character), "hegemon": s.hegemon,
                                  "with": own[0]["id"]}
        if s.stance is not None:
            person["stance"] = str(s.stance)
        strategoi.append(person)
    return {"name": name, "title": army.name, "nation": army.nation, "arete": "roll",
            "plan": plan, "formation": formation, "role": str(role), "strategoi": strategoi,
            "divisions": list(divisions.values())}


def _dispersed(rules: HoplomachiaRules, line: list[dict[str, Any]], front: float,
               facing: float, width: float, name: str, notes: list[str]) -> float:
    """Hoplomachia, Scenarios (formations): Dispersed, "no formed line": the divisions
    spread out with wide gaps (``play.toml`` ``[dispersed]``), every other one set back,
    the disciplined in Open Files."""
    lay = rules.play.deployment
    spread = rules.play.dispersed
    sign = 1.0 if facing == 0.0 else -1.0
    last = _place(rules, line, front, facing, width, spread.between, lay.margin,
                  lay.behind + spread.back, name, notes)
    for k, entry in enumerate(line):
        if k % 2:
            entry["y"] = round(entry["y"] - sign * spread.back, 3)
        if rules.cards[entry["card"]].movement.disciplined:
            entry["arrangement"] = "open files"
    return min(last, last - sign * spread.back, key=lambda y: sign * y)


def _needed(rules: HoplomachiaRules, army: Army) -> float:
    """Inches of table the army's line (or its screen of lights) needs, with the room
    between divisions, a Divided Phalanx's gap and the margins."""
    lay = rules.play.deployment
    line: list[float] = []
    lights: list[float] = []
    for d in army.divisions:
        card = rules.cards[d.card]
        w, _ = rules.play.base(card.category)
        files, _ranks = rules.play.shape(card.category, d.units[0].stands)
        front = len(d.units) * files * w
        (lights if card.category in (Category.PSILOS, Category.TOXOTES) else line).append(front)
    need = max(sum(line) + lay.between * max(0, len(line) - 1) + lay.gap / 2.0,
               sum(lights) + 4 * lay.between * max(0, len(lights) - 1))
    return float(math.ceil(need + 2.0 * lay.margin))


def _name(did: str) -> str:
    """``athenian.hoplites.taxis1`` -> ``Athenian hoplites, taxis 1``."""
    contingent, item, group = did.split(".")
    word = group.rstrip("0123456789")
    return (f"{contingent.replace('-', ' ').capitalize()} {item.replace('-', ' ')}, "
            f"{word} {group[len(word):]}")


def _terrain(dice: Dice, percentages: Mapping[str, int], width: float, depth: float
             ) -> list[dict[str, Any]]:
    """The situation's terrain but open ground, as one area of each kind on the flanks
    of the field between the armies, its size the kind's share of the table."""
    out = []
    for kind, share in sorted(percentages.items()):
        name = _FEATURES.get(kind)
        if name is None or not share:
            continue
        area = width * depth * share / 100.0
        w = min(width / 5.0, math.sqrt(area * 0.8))
        d = min(depth * 0.4, area / w)
        left = dice.d6(f"terrain: {kind} side") <= 3
        x0 = 0.0 if left else width - w
        y0 = depth / 2.0 - d / 2.0 + (dice.d6(f"terrain: {kind} place") - 3.5) * depth / 24.0
        y0 = min(max(y0, 0.0), depth - d)
        out.append({"kind": name, "name": f"{kind}",
                    "polygon": [[round(x0, 2), round(y0, 2)], [round(x0 + w, 2), round(y0, 2)],
                                [round(x0 + w, 2), round(y0 + d, 2)],
                                [round(x0, 2), round(y0 + d, 2)]]})
    return out
