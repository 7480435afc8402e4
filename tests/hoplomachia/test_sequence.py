"""The sequence of play: the phases of a turn, precedence by the Arete sequence and the
taxis-by-taxis alternation, the Command Strophe (signals, charge switching, the Paean
and Grim Resolve, stance tests, verbal orders by runner, the mantis, a fallen Hegemon
replaced)."""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pytest

import ancients
from ancients.battle import Decision
from ancients.hoplomachia.battle import PHASES
from ancients.hoplomachia.command import Signal
from ancients.hoplomachia.decisions import NO_ORDER, Kind, Order, SignalChoice
from ancients.hoplomachia.precedence import alternate, sequence_order
from ancients.hoplomachia.signals import command_strophe, signal_of

from .play import battle, division, doc, drive, events, scripted, side


def _answer(choices: dict[str, Hashable]) -> Callable[[Decision], Hashable]:
    """Answer by side and kind ("athens:signal" -> option), else the first option."""
    def answer(d: Decision) -> Hashable:
        found = choices.get(f"{d.side}:{d.kind}")
        return found if found is not None and found in d.options else d.options[0]
    return answer


def test_a_turn_runs_the_phases_in_order() -> None:
    b = battle(seed=2)
    while b.turn < 2 and not b.finished:
        b.step()
    names = [e.data.get("phase") or e.message.split(": ", 1)[1] for e in b.log
             if e.kind == "phase" and e.turn == 1]
    assert tuple(names) == PHASES


def test_precedence_goes_to_the_better_arete() -> None:
    b = battle()
    st = b.state
    st.armies["sparta"].arete = st.armies["sparta"].arete.add(5, "test")  # 17: eager
    order = drive(alternate(st, "melee", list(st.divisions.values())))
    assert events(b, "precedence")[-1].side == "sparta"
    assert order[0].side == "sparta"
    sides = [d.side for d in order]
    assert sides == ["sparta", "athens"] * 4  # alternately


def test_events_start_from_the_precedence_sides_right_flank() -> None:
    b = battle()
    st = b.state
    divisions = list(st.divisions.values())
    # Sparta faces south: its right flank is the west (low x); Athens' order follows it
    order = [d.id for d in sequence_order(st, "sparta", divisions)]
    assert order[:4] == ["s-horse", "a-taxis1", "s-taxis2", "a-psiloi"]
    left = [d.id for d in sequence_order(st, "sparta", divisions, from_left=True)]
    assert left[0] == "s-taxis1" and left[1] == "a-horse"


def test_precedence_flank_choose_asks_the_precedence_side() -> None:
    b = battle(spec="hoplomachia(precedence_flank=choose)")
    st = b.state
    asked: list[Decision] = []
    drive(alternate(st, "melee", list(st.divisions.values())), asked=asked)
    assert [(d.kind, d.side) for d in asked] == [(Kind.FLANK, events(b, "precedence")[-1].side)]


def test_signals_are_placed_secretly_revealed_in_sequence_and_a_charge_answered() -> None:
    b = battle()
    st = b.state
    st.turn = 1
    asked: list[Decision] = []
    answer = _answer({"sparta:signal": SignalChoice(Signal.CHARGE),
                      "athens:signal": SignalChoice(Signal.MARCH)})
    drive(command_strophe(st, "sparta"), answer, asked)
    kinds = [(d.side, d.kind) for d in asked]
    assert kinds[:2] == [("athens", Kind.SIGNAL), ("sparta", Kind.SIGNAL)]
    assert ("athens", Kind.SWITCH) in kinds  # Sparta revealed a charge first
    revealed = [e.side for e in events(b, "signal")]
    assert revealed == ["sparta", "athens"]
    assert st.armies["athens"].signal is Signal.CHARGE  # the first answer: yes
    # not the first to reveal: no switch offered to the precedence side
    b = battle()
    asked = []
    b.state.turn = 1
    drive(command_strophe(b.state, "athens"), answer, asked)
    assert Kind.SWITCH not in [d.kind for d in asked]


def test_no_signal_keeps_the_one_in_force() -> None:
    b = battle()
    st = b.state
    st.turn = 1
    drive(command_strophe(st, "athens"), _answer({
        "athens:signal": SignalChoice(Signal.MARCH), "sparta:signal": SignalChoice(None)}))
    assert st.armies["athens"].signal is Signal.MARCH
    assert st.armies["sparta"].signal is Signal.MUSTER  # the signal before the first
    assert signal_of(st, st.divisions["s-taxis1"]) is Signal.MUSTER


def test_the_paean_once_at_the_first_approach_and_grim_resolve_for_spartans() -> None:
    b = battle()
    st = b.state
    st.turn = 1
    scripted(b, Paean=[6], Grim_Resolve=[6])  # Paean +2; Grim Resolve -3 to the enemy
    approach = SignalChoice(Signal.BEGIN_APPROACH)
    drive(command_strophe(st, "athens"), _answer({"athens:signal": approach,
                                                  "sparta:signal": approach}))
    assert [e.data["points"] for e in events(b, "paean")] == [2]
    assert [e.data["points"] for e in events(b, "grim resolve")] == [-3]
    gains = [(e.side, e.data["points"]) for e in events(b, "arete")]
    assert ("athens", 2) in gains and ("athens", -3) in gains
    st.turn = 2
    drive(command_strophe(st, "athens"), _answer({"athens:signal": approach}))
    assert len(events(b, "paean")) == 1  # once a battle


def test_an_allied_strategos_failing_his_stance_test_withdraws_his_troops() -> None:
    data = doc()
    athens = data["sides"][0]
    athens["divisions"][1]["allied"] = True
    athens["divisions"][1]["contingent"] = "plataians"
    athens["strategoi"].append({"id": "ally", "character": "fellow hoplite",
                                "stance": "automolos", "with": "a-taxis2"})
    b = battle(data)
    st = b.state
    st.turn = 1
    scripted(b, stance_test=[11])  # above the Automolos's 8 for Begin Approach
    drive(command_strophe(st, "sparta"), _answer(
        {"athens:signal": SignalChoice(Signal.BEGIN_APPROACH)}))
    stance = events(b, "stance")[0]
    assert stance.data["number"] == 8 and not stance.data["obeys"]
    assert st.divisions["a-taxis2"].withdrawing and not st.divisions["a-taxis1"].withdrawing
    assert signal_of(st, st.divisions["a-taxis2"]) is Signal.GENERAL_WITHDRAWAL
    # a Philos never tests; an order not on the chart is not tested
    b = battle(data)
    b.state.turn = 1
    drive(command_strophe(b.state, "sparta"), _answer(
        {"athens:signal": SignalChoice(Signal.HALT)}))
    assert events(b, "stance") == []


def test_a_verbal_order_goes_by_runner_and_is_acted_on_after_receipt() -> None:
    b = battle()
    st = b.state
    st.turn = 1
    order = Order("a-horse", Signal.CHARGE)
    asked: list[Decision] = []
    drive(command_strophe(st, "sparta"), _answer({"athens:order": order}), asked)
    sent = events(b, "order sent")[0]
    # from the Hegemon's lochos (a-taxis1) to the horse: over 8 inches, two turns' run
    assert sent.data["distance"] > 8.0
    acted = st.rules.command.runner.acted_turn(1, sent.data["distance"])
    assert sent.data["acted"] == acted == 3
    assert signal_of(st, st.divisions["a-horse"]) is Signal.MUSTER
    for turn in (2, 3):
        st.turn = turn
        drive(command_strophe(st, "sparta"), _answer({"athens:order": NO_ORDER}))
        expected = Signal.CHARGE if turn >= 3 else Signal.MUSTER
        assert signal_of(st, st.divisions["a-horse"]) is expected, turn
    orders = [d for d in asked if d.kind == Kind.ORDER]
    assert orders and all(isinstance(o, Order) and o.division != "a-taxis1"
                          for d in orders for o in d.options)  # not his own


def test_a_verbal_order_sends_a_taxis_on_a_flank_march_outside_the_salpinx() -> None:
    """Commands: "orders are only for actions outside the salpinx signal parameters,
    e.g. a flank march": a taxis ordered to march to a flank turns its lochoi 90 degrees
    that way (Open Files, 1 inch) and marches along the line whatever the salpinx says,
    until it faces front again or follows the salpinx."""
    from ancients.hoplomachia.manoeuvre import execute, menu

    data = {"name": "t", "title": "t", "table": {"width": 72.0, "depth": 48.0},
            "sides": [side("athens", "athenian",
                           [division("a-taxis1", "athenian", 12.0, 10.0, 2),
                            division("a-taxis2", "athenian", 24.0, 10.0, 3)]),
                      side("sparta", "spartan",
                           [division("s", "spartiates", 36.0, 40.0, 2)])]}
    b = battle(data)
    st = b.state
    st.turn = 1
    order = Order("a-taxis2", flank="right")
    drive(command_strophe(st, "sparta"), _answer({"athens:order": order}))
    sent = events(b, "order sent")[0]
    assert sent.data["order"] == "flank march right"
    acted = sent.data["acted"]
    for turn in range(2, acted + 1):
        st.turn = turn
        drive(command_strophe(st, "sparta"), _answer({"athens:order": NO_ORDER}))
    taxis = st.divisions["a-taxis2"]
    st.armies["athens"].signal = Signal.BEGIN_APPROACH  # the salpinx says approach
    plans = menu(st, taxis)
    kinds = {p.order.kind for p in plans}
    assert "flank march" in kinds and "approach" not in kinds
    march = max((p for p in plans if p.order.kind == "flank march"),
                key=lambda p: p.order.distance)
    start = {p.id: p.block.centre[0] for p in st.members(taxis)}
    execute(st, taxis, march)
    cost = st.rules.movement.arrangement.turn
    assert taxis.card.movement.of is not None
    rate = taxis.card.movement.of - cost  # the move in Open Files less the turn
    for p in st.members(taxis):
        assert p.block.facing % 360.0 == pytest.approx(90.0)  # the right flank of 0
        assert p.block.centre[0] - start[p.id] == pytest.approx(march.order.distance)
        assert str(p.arrangement) == "open files"
    assert march.order.distance == pytest.approx(rate)
    st.turn += 1
    plans = menu(st, taxis)  # facing the flank: march on, or face front again
    assert {"flank march", "face front"} <= {p.order.kind for p in plans}
    on = max((p for p in plans if p.order.kind == "flank march"),
             key=lambda p: p.order.distance)
    assert on.order.distance == pytest.approx(taxis.card.movement.of)  # no turn to pay
    front = next(p for p in plans if p.order.kind == "face front")
    execute(st, taxis, front)
    assert all(p.block.facing % 360.0 == pytest.approx(0.0) for p in st.members(taxis))


def test_no_order_while_the_hegemon_is_in_melee_and_no_runner_near_the_enemy() -> None:
    b = battle()
    st = b.state
    st.turn = 1
    strategos = st.hegemon("athens")
    assert strategos is not None
    hegemon = st.by_id[strategos.piece]
    enemy = st.by_id["s-taxis2.1"]
    import attrs

    hegemon.block = attrs.evolve(hegemon.block, x=enemy.block.x, y=enemy.block.y)
    asked: list[Decision] = []
    drive(command_strophe(st, "sparta"), None, asked)
    assert not any(d.kind == Kind.ORDER and d.side == "athens" for d in asked)


def test_the_mantis_is_placed_and_a_fallen_hegemon_replaced_next_turn() -> None:
    # Hoplomachia, Strategoi: "a dead Hegemon is replaced next turn": fallen on turn 1,
    # his successor commands (signals) on turn 2
    data = doc()
    data["sides"][0]["strategoi"].append({"id": "second", "character": "crafty",
                                          "with": "a-taxis2"})
    b = battle(data)
    st = b.state
    st.turn = 1
    drive(command_strophe(st, "athens"))
    assert {e.side for e in events(b, "mantis")} == {"athens", "sparta"}
    callias = st.hegemon("athens")
    assert callias is not None
    callias.alive, callias.hegemon = False, False
    st.armies["athens"].hegemon_lost = 1
    asked: list[Decision] = []
    drive(command_strophe(st, "athens"), None, asked)  # still turn 1: no Hegemon
    assert not any(d.side == "athens" and d.kind == Kind.SIGNAL for d in asked)
    assert st.hegemon("athens") is None
    st.turn = 2
    drive(command_strophe(st, "athens"), None, asked)
    second = st.hegemon("athens")
    assert second is not None and second.id == "second"
    assert events(b, "hegemon")[-1].data["strategos"] == "second"
    assert any(d.side == "athens" and d.kind == Kind.SIGNAL for d in asked)


def test_battles_under_every_option_play_to_the_end() -> None:
    rs = ancients.ruleset("hoplomachia(crafty_precedence=point, shield_momentum=attacker, "
                          "incline=true, ekdromoi_signals=true, count_arrows=true, "
                          "precedence_flank=choose, turn_limit=6)")
    from ancients.battle import RandomCommander

    sc = rs.parse_scenario(doc(), "test")
    b = rs.new_battle(sc, seed=4, commanders={s: RandomCommander() for s in sc.sides})
    assert b.run().turns <= 6


def test_before_the_battle_breakfast_hieres_and_rhetoria() -> None:
    from ancients.hoplomachia.battle import prepare
    from ancients.hoplomachia.vocabulary import Role

    b = battle()
    st = b.state
    scripted(b, Hieres_try=[3, 8], Rhetoria=[6])
    before = st.armies["athens"].arete.points
    prepare(st, "athens", "set_piece", Role.ATTACKER)
    hieres = events(b, "hieres")[0]
    assert hieres.data["tries"] == 2 and hieres.data["rolls"] == [3, 8]
    rhetoria = events(b, "rhetoria")[0]
    assert rhetoria.data["column"] == "athenian" and rhetoria.data["points"] == 3
    gained = st.armies["athens"].arete.points - before
    assert gained == 2 + hieres.data["points"] + 3  # breakfast, hieres, rhetoria
    b = battle()
    b.state.armies["athens"].nation = "thracian"
    prepare(b.state, "athens", None, Role.ATTACKER)
    assert events(b, "breakfast")[0].data["points"] == 4  # Thracians


def test_an_epilektoi_unit_declares_its_adjustment_before_its_check() -> None:
    from ancients.hoplomachia.andreia import Trigger
    from ancients.hoplomachia.checks import andreia
    from ancients.hoplomachia.decisions import Points

    data = doc()
    data["sides"][0]["divisions"][0]["epilektoi"] = True
    b = battle(data)
    st = b.state
    asked: list[Decision] = []
    dice = scripted(b, Andreia_check=[9])
    out = drive(andreia(st, st.divisions["a-taxis1"], Trigger.LOCHOI_ROUTED),
                lambda d: Points(-1), asked)
    assert [d.kind for d in asked] == [Kind.EPILEKTOI]
    assert out.total == 8 and "Epilektoi" in str(out)
    assert dice.asked  # declared before the roll
    asked = []
    drive(andreia(st, st.divisions["a-taxis1"], Trigger.LOCHOI_ROUTED), None, asked)
    assert asked == []  # once a turn


def test_the_phobos_of_the_enemy_is_added_to_a_check_it_causes() -> None:
    from ancients.hoplomachia.andreia import Trigger
    from ancients.hoplomachia.checks import andreia

    b = battle()
    st = b.state
    scripted(b, Andreia_check=[5, 5])
    spartan = st.by_id["s-taxis1.1"]  # Spartiates, Phobos 5 against the Athenians' 3
    out = drive(andreia(st, st.divisions["a-taxis1"], Trigger.CHARGED, enemy=spartan))
    assert out.total == 5 + 2
    out = drive(andreia(st, st.divisions["a-taxis1"], Trigger.NEIGHBOUR_ROUTED,
                        enemy=spartan))
    assert out.total == 5  # a Katastrophe check: no enemy unit causes it
