"""Goal of the game (reading 5): control is occupation, counted after the move and after the push."""
from __future__ import annotations

from ejderhalar_support import after, engine, on, pos, verdict

from generator.games.ejderhalar.turn import control_counts


def test_third_control_point_wins_at_once() -> None:
    rules = engine()
    state = pos(stacks={"c5": "p1-a4*3", "d3": "p1-d1*3", "f3": "p1-f2*3"})
    assert rules.result(state) is None
    out = after(state, "f3-f4")
    result = rules.result(out)
    assert result is not None and result.winners == ("p1",) and result.reason == "control-points"
    assert rules.decision(out) is None and rules.legal_actions(out) == []


def test_winning_move_takes_no_push() -> None:
    state = pos(stacks={"c5": "p1-a4*3", "d3": "p1-d1*3", "f3": "p1-f2*3", "f5": "p2-h5", "g5": "p2-h5*2"})
    assert verdict(state, "f3-f4 push").code == "won-before-push"
    assert verdict(state, "f3-f4")


def test_push_onto_the_enemy_third_point_makes_the_enemy_win() -> None:
    rules = engine()
    state = pos(stacks={"c5": "p2-a6*3", "e6": "p2-e8*3", "f5": "p2-g7*3", "f6": "p1-h3*2", "f7": "p1-h3"})
    out = after(state, "f7-f6 push")
    result = rules.result(out)
    assert result is not None and result.winners == ("p2",)
    assert on(rules, out, "f4") == ["p2-g7"] * 3


def test_control_point_emptied_by_a_push_counts_for_nobody() -> None:
    rules = engine()
    state = pos(stacks={"c3": "p1-b2*3", "c5": "p2-a6", "c6": "p2-a6", "b5": "p2-a6",
                        "e6": "p2-e8*3", "g4": "p2-g7*3"})
    assert control_counts(rules.layout, state.dragon_at) == [0, 2]
    out = after(state, "c3-c4 push")
    assert control_counts(rules.layout, out.dragon_at) == [0, 1] and not on(rules, out, "c5")
    assert rules.result(out) is None


def test_game_over_refuses_everything() -> None:
    rules = engine()
    state = pos(turn="p2", stacks={"c5": "p1-a4*3", "d3": "p1-d1*3", "f4": "p1-f2*3", "h5": "p2-h5*3"})
    assert rules.check(state, rules.parse_action(state, "h5-h6")).code == "game-over"
    assert rules.legal_actions(state) == [] and rules.decision(state) is None


def test_control_needs_occupation_not_neighbours() -> None:
    rules = engine()
    state = pos(stacks={"c4": "p1-a4*3", "d2": "p1-d1*3", "f3": "p1-f2*3"})
    assert rules.result(state) is None
