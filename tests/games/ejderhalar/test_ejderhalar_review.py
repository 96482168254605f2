"""Independent review of the Ejderhalar engine against the source rulebook and the readings of issue 13.

Every test builds real positions (the engine's ``position()`` mapping) and checks what the engine
offers, how ``check()`` refuses and what ``apply()`` does, including edges, chains and the variants.
"""
from __future__ import annotations

from typing import Any

import pytest
from ejderhalar_support import engine, on, pos, verdict

from generator.games.ejderhalar import generate
from generator.games.ejderhalar.engine import EjderhalarRules
from generator.games.ejderhalar.state import Action, State
from generator.games.ejderhalar.turn import can_move, control_counts, trace
from generator.play.selfplay import random_game


def texts(state: State, rules: EjderhalarRules | None = None) -> set[str]:
    """Every legal action of ``state`` in notation."""
    rules = rules or engine()
    return {rules.action_text(a) for a in rules.legal_actions(state)}


def play(state: State, text: str, rules: EjderhalarRules | None = None) -> tuple[State, list[str]]:
    """Apply a legal action (checked first), the invariants held; the state after and the event kinds."""
    rules = rules or engine()
    assert verdict(state, text, rules), text
    outcome = rules.apply(state, rules.parse_action(state, text))
    assert rules.invariants(outcome.state) == [], rules.invariants(outcome.state)
    return outcome.state, [e.kind for e in outcome.events]


def code(state: State, text: str, rules: EjderhalarRules | None = None) -> str:
    """The reason code of a refused action (asserting it is refused)."""
    found = verdict(state, text, rules)
    assert not found, text
    return found.code


def finish_turn(state: State, rules: EjderhalarRules | None = None, avoid: str = "") -> State:
    """Play the first legal action without a push (and not from ``avoid``) until the turn passes."""
    rules = rules or engine()
    player = state.player
    while state.player == player:
        action = next(a for a in rules.legal_actions(state)
                      if not a.push and rules.layout.cells[a.path[0]] != avoid)
        state, _ = play(state, rules.action_text(action), rules)
    return state


def stun_of(state: State, dragon: str, rules: EjderhalarRules | None = None) -> int:
    rules = rules or engine()
    return state.stun[rules.layout.dragon(dragon)]


def strength(state: State, text: str, rules: EjderhalarRules | None = None) -> int:
    rules = rules or engine()
    return int(trace(rules.layout, state, rules.parse_action(state, text)).strength)


def whole(rules: EjderhalarRules, state: State, square: str, dragon: str) -> bool:
    """``dragon`` stands as a full stack on ``square`` and nowhere else."""
    k = rules.layout.dragon(dragon)
    return on(rules, state, square) == [dragon] * rules.layout.tokens and state.squares_of(k) == [
        rules.layout.cell(square)]


# -- setup and turns ---------------------------------------------------------------------------------


def test_setup_squares_control_points_and_opening_actions() -> None:
    rules = engine()
    state = rules.new_game()
    for square in ("a4", "b2", "d1", "f2", "h3"):
        assert on(rules, state, square) == [f"p1-{square}"] * 3
    for square in ("a6", "c7", "e8", "g7", "h5"):
        assert on(rules, state, square) == [f"p2-{square}"] * 3
    assert sorted(rules.layout.cells[c] for c in rules.layout.control) == ["c5", "d3", "e6", "f4"]
    # one step to each free neighbour of each of player one's five stacks; a4-a5 meets a6 three to one: no push
    assert len(rules.legal_actions(state)) == 3 + 4 + 3 + 4 + 3
    assert not any(a.push for a in rules.legal_actions(state))
    assert code(state, "a4-a5 push") == "push-too-weak"
    assert code(state, "a6-a5") == "not-your-dragon"


def test_opening_single_action_then_two_per_turn_for_both() -> None:
    rules = engine()
    state, _ = play(rules.new_game(), "d1-d2")
    assert (state.player, state.action, state.opening) == (1, 1, False)
    state, _ = play(state, "e8-e7")
    assert (state.player, state.action) == (1, 2)
    state, _ = play(state, "e8-d8")
    assert (state.player, state.action) == (0, 1)
    state, _ = play(state, "d1-c1")
    assert (state.player, state.action) == (0, 2)
    state, _ = play(state, "h3-h2")
    assert (state.player, state.action) == (1, 1)


def test_a_win_in_action_one_ends_the_game_without_action_two() -> None:
    rules = engine()
    state = pos(stacks={"c5": "p1-a4*3", "d3": "p1-d1*3", "f3": "p1-f2*3", "h8": "p2-c7*3"})
    out, kinds = play(state, "f3-f4")
    assert "win" in kinds and rules.decision(out) is None and rules.legal_actions(out) == []
    assert code(out, "f3-f2") == "game-over"


# -- picking up and the same token twice -----------------------------------------------------------


def test_refusals_of_the_pick_up() -> None:
    state = pos(stacks={"f2": "p1-f2*3", "h5": "p2-h5*3"})
    assert code(state, "e4-e5") == "empty-square"
    assert code(state, "h5-h4") == "not-your-dragon"
    rules = engine()
    assert rules.check(state, Action((rules.layout.cell("f2"),))).code == "no-step"


def test_same_token_twice_refused_other_token_of_the_dragon_allowed() -> None:
    rules = engine()
    state = pos(action=2, moved="b3", stacks={"b2": "p1-b2*2", "b3": "p1-b2", "h8": "p2-c7*3"})
    assert code(state, "b3-b4") == "same-token"
    assert code(state, "b3-b2") == "same-token"
    assert verdict(state, "b2-c2")
    # another token may be put on top of the one that moved first
    out, _ = play(state, "b2-b3")
    assert on(rules, out, "b3") == ["p1-b2"] * 2 and out.player == 1


def test_token_placed_on_a_stack_freezes_that_stack_in_action_two() -> None:
    rules = engine()
    state = pos(stacks={"b2": "p1-b2*2", "b3": "p1-b2", "h8": "p2-c7*3", "e1": "p1-d1*3"})
    out, _ = play(state, "b3-b2")
    assert out.action == 2 and rules.layout.cells[out.moved] == "b2"
    assert code(out, "b2-b3") == "same-token"
    assert verdict(out, "e1-e2")


def test_player_left_only_with_the_moved_token_is_skipped() -> None:
    # p1-b2 is walled into the corner; p1-d1's token placed on h1 becomes the top of the only other stack
    state = pos(stacks={"a1": "p1-b2*3", "a2": "p2-a6*3", "b1": "p2-c7*3", "h1": "p1-d1*2", "h2": "p1-d1"})
    out, kinds = play(state, "h2-h1")
    assert kinds.count("skip") == 1
    assert (out.player, out.action, out.moved) == (1, 1, -1)


def test_position_with_a_stuck_player_is_skipped_at_once() -> None:
    rules = engine()
    state = pos(turn="p2", stunned=["p2-a6"], stacks={"a6": "p2-a6*3", "d4": "p1-b2*3"})
    assert rules.decision(state) == "p1" and stun_of(state, "p2-a6") == 0


# -- pinned tokens (reading 2) ------------------------------------------------------------------------


def test_reading_2_line_middle_and_l_corner_are_pinned() -> None:
    line = pos(stacks={"c2": "p1-b2", "c3": "p1-b2", "c4": "p1-b2"})
    assert code(line, "c3-b3") == "token-pinned"
    assert code(line, "c3-c4-c5") == "token-pinned"
    corner = pos(stacks={"c2": "p1-b2", "c3": "p1-b2", "d3": "p1-b2"})
    assert code(corner, "c3-b3") == "token-pinned"
    # even a move that would keep the dragon whole is refused for the corner
    assert code(corner, "c3-c2") == "token-pinned"
    assert verdict(corner, "c2-c3")
    assert verdict(corner, "d3-c3")


def test_reading_2_next_to_a_two_stack_may_move_both_ways() -> None:
    rules = engine()
    state = pos(stacks={"c2": "p1-b2", "c3": "p1-b2*2"})
    assert {t for t in texts(state) if t.startswith("c2")} == {"c2-c3", "c2-c3-c4", "c2-c3-b3", "c2-c3-d3"}
    assert {t for t in texts(state) if t.startswith("c3")} == {
        "c3-c2", "c3-c2-b2", "c3-c2-d2", "c3-c2-c1", "c3-b3", "c3-d3", "c3-c4"}
    out, _ = play(state, "c2-c3-c4")
    assert on(rules, out, "c3") == ["p1-b2"] * 2 and on(rules, out, "c4") == ["p1-b2"]


# -- paths and placing (reading 1) -------------------------------------------------------------------


def test_path_refusals() -> None:
    state = pos(stacks={"c2": "p1-b2", "c3": "p1-b2*2", "e3": "p2-e8*3", "b3": "p1-d1*3", "h8": "p2-c7*3"})
    assert code(state, "c2-d3") == "not-a-step"
    assert code(state, "c2-c4") == "not-a-step"
    assert code(state, "c3-c2-c3") == "path-revisits"  # the start square, although it still holds a token
    assert code(state, "c3-d3-e3") == "path-off-dragon"  # d3 is empty
    assert code(state, "c3-d3-d4") == "path-off-dragon"
    assert code(state, "c3-b3") == "square-taken"  # another dragon of the same player
    assert code(state, "c3-c2-d2-e2") == "path-off-dragon"
    enemy = pos(stacks={"c3": "p1-b2*3", "c4": "p2-a6*3"})
    assert code(enemy, "c3-c4") == "square-taken"


def test_reading_1_lone_end_cannot_step_away_but_swings_round_a_corner() -> None:
    rules = engine()
    line = pos(stacks={"a1": "p1-b2", "a2": "p1-b2", "a3": "p1-b2"})
    assert code(line, "a1-b1") == "dragon-apart"
    assert code(line, "a3-a4") == "dragon-apart"
    assert verdict(line, "a1-a2-a3-a4")  # over its own dragon to the far end: joins a3
    assert verdict(line, "a1-a2-b2")
    corner = pos(stacks={"a1": "p1-b2", "a2": "p1-b2", "b2": "p1-b2"})
    out, _ = play(corner, "a1-b1")  # b1 borders b2: the dragon stays whole
    assert on(rules, out, "b1") == ["p1-b2"] and not on(rules, out, "a1")
    assert verdict(corner, "a1-a2-b2-c2")
    assert code(corner, "b2-c2") == "dragon-apart"


def test_the_last_token_of_a_square_does_not_join_its_own_start() -> None:
    # c2 empties when its only token leaves: d2 touches nothing else of the dragon
    state = pos(stacks={"c2": "p1-b2", "c3": "p1-b2*2"})
    assert code(state, "c2-d2") == "dragon-apart"
    assert code(state, "c2-b2") == "dragon-apart"
    # from the two-stack a token leaves a token behind, so stepping off is fine
    assert verdict(state, "c3-d3")


def test_full_stack_moves_only_to_free_neighbours_and_walled_stack_has_none() -> None:
    state = pos(stacks={"a1": "p1-b2*3", "a2": "p2-a6*3", "b1": "p2-c7*3", "h8": "p1-d1*3"})
    assert {t for t in texts(state) if t.startswith("a1")} == set()
    assert {t for t in texts(state) if t.startswith("h8")} == {"h8-h7", "h8-g8"}


# -- target square --------------------------------------------------------------------------------------


@pytest.mark.parametrize("text, stacks, target", [
    ("c3-c4", {"c3": "p1-b2*3"}, "c5"),
    ("c3-d3", {"c3": "p1-b2*3"}, "e3"),
    ("c3-c2", {"c3": "p1-b2*3"}, "c1"),
    ("c3-b3", {"c3": "p1-b2*3"}, "a3"),
    ("b1-b2-c2", {"b1": "p1-b2", "b2": "p1-b2", "c2": "p1-b2"}, "d2"),
    ("c2-b2-b1", {"b1": "p1-b2", "b2": "p1-b2", "c2": "p1-b2"}, "none"),
    ("h3-h4", {"h2": "p1-h3", "h3": "p1-h3*2"}, "h5"),
    ("h2-h3-g3", {"h2": "p1-h3", "h3": "p1-h3*2"}, "f3"),
    ("a7-a8", {"a7": "p1-h3*3"}, "none"),
    ("b8-a8", {"b8": "p1-h3*3"}, "none"),
])
def test_target_square_is_one_further_in_the_last_direction(text: str, stacks: dict[str, str], target: str) -> None:
    rules = engine()
    state = pos(stacks=dict(stacks))
    done = trace(rules.layout, state, rules.parse_action(state, text))
    assert (rules.layout.cells[done.target] if done.target >= 0 else "none") == target


def test_push_needs_the_last_direction_not_any_neighbour() -> None:
    # the enemy is next to the placing square, but not in the direction of the last step
    state = pos(stacks={"c2": "p1-b2", "c3": "p1-b2*2", "d3": "p2-a6*3"})
    assert code(state, "c2-c3 push") == "nothing-to-push"  # target is c4
    off = pos(stacks={"a7": "p1-h3*3", "b8": "p2-c7*3"})
    assert code(off, "a7-a8 push") == "nothing-to-push"  # target off the board


# -- push strength (reading 3) -----------------------------------------------------------------------


@pytest.mark.parametrize("stacks, text, expected", [
    ({"c2": "p1-b2*3", "c4": "p2-a6", "c5": "p2-a6*2"}, "c2-c3", 1),  # 1 vs 1
    ({"c2": "p1-b2*2", "c3": "p1-b2", "c4": "p2-a6", "c5": "p2-a6*2"}, "c2-c3", 2),  # 2 vs 1
    ({"c2": "p1-b2", "c3": "p1-b2*2", "c4": "p2-a6", "c5": "p2-a6*2"}, "c2-c3", 3),  # 3 vs 1
    ({"c2": "p1-b2", "c3": "p1-b2*2", "c4": "p2-a6*2", "c5": "p2-a6"}, "c2-c3", 2),  # 3 vs 2
    ({"c2": "p1-b2", "c3": "p1-b2*2", "c4": "p2-a6*3"}, "c2-c3", 1),  # 3 vs 3
    ({"c2": "p1-b2*2", "c3": "p1-b2", "c4": "p2-a6*2", "c5": "p2-a6"}, "c2-c3", 1),  # 2 vs 2
])
def test_strength_is_difference_plus_one(stacks: dict[str, str], text: str, expected: int) -> None:
    state = pos(stacks=dict(stacks))
    assert strength(state, text) == expected
    assert verdict(state, text + " push")


@pytest.mark.parametrize("stacks", [
    {"c1": "p1-b2*3", "c3": "p2-a6*2", "c4": "p2-a6"},  # 1 vs 2
    {"c1": "p1-b2*2", "c2": "p1-b2", "c3": "p2-a6*3"},  # 2 vs 3
    {"c1": "p1-b2*3", "c3": "p2-a6*3"},  # 1 vs 3
])
def test_reading_3_weaker_push_refused_move_alone_legal(stacks: dict[str, str]) -> None:
    rules = engine()
    state = pos(stacks=dict(stacks))
    assert verdict(state, "c1-c2")
    assert code(state, "c1-c2 push") == "push-too-weak"
    assert strength(state, "c1-c2") == 0
    path = rules.parse_action(state, "c1-c2").path
    assert [a for a in rules.legal_actions(state) if a.path == path] == [Action(path)]


def test_a_token_placed_on_its_stack_counts_the_whole_stack() -> None:
    rules = engine()
    # the token walks c1-c2-c3 and lands on c3's token: two high against a lone enemy token
    state = pos(stacks={"c1": "p1-b2", "c2": "p1-b2", "c3": "p1-b2", "c4": "p2-a6", "d4": "p2-a6", "d5": "p2-a6"})
    assert strength(state, "c1-c2-c3") == 2
    out, _ = play(state, "c1-c2-c3 push")
    # 3a: onto d4 (east); d4 is two high with d5 next to it: 3a onto d5 (north)
    assert whole(rules, out, "d5", "p2-a6")


# -- rules 3a, 3b, 3c ------------------------------------------------------------------------------------


def test_3a_sideways_then_3c_carries_on_sideways() -> None:
    rules = engine()
    state = pos(stacks={"c2": "p1-b2", "c3": "p1-b2*2", "c4": "p2-a6", "d4": "p2-a6*2", "h8": "p2-e8*3"})
    out, kinds = play(state, "c2-c3 push")
    assert whole(rules, out, "f4", "p2-a6")  # c4 onto d4 (3a, east), then e4, f4 (3c)
    assert kinds.count("push-point") == 3 and stun_of(out, "p2-a6") == 1


def test_3a_only_gathers_with_strength_one() -> None:
    rules = engine()
    state = pos(stacks={"c2": "p1-b2*3", "c4": "p2-a6", "b4": "p2-a6*2"})
    out, _ = play(state, "c2-c3 push")
    assert whole(rules, out, "b4", "p2-a6") and stun_of(out, "p2-a6") == 1


def test_3a_twice_round_a_corner() -> None:
    rules = engine()
    state = pos(stacks={"d2": "p1-b2*2", "d3": "p1-b2", "d4": "p2-a6", "c4": "p2-a6", "c5": "p2-a6"})
    out, _ = play(state, "d2-d3 push")  # 2 vs 1: strength 2
    # d4 has c4 only next to it: 3a west onto c4 (now two high, c5 next): second point 3a north onto c5
    assert whole(rules, out, "c5", "p2-a6")


def test_3b_behind_takes_precedence_over_the_sides() -> None:
    rules = engine()
    # d4 has its dragon ahead (d5) and to the right (e4): behind wins, no choice is offered
    state = pos(stacks={"d2": "p1-b2*3", "d4": "p2-a6", "d5": "p2-a6", "e4": "p2-a6"})
    assert "d2-d3 push" in texts(state)
    assert code(state, "d2-d3 push right") == "choice-extra"
    out, _ = play(state, "d2-d3 push")
    assert whole(rules, out, "d5", "p2-a6")


def test_3b_choice_faces_the_push_direction_for_player_two() -> None:
    rules = engine()
    # player two pushes south: facing south, left is east and right is west
    state = pos(turn="p2", stacks={"d7": "p2-a6*3", "d5": "p1-b2", "c5": "p1-b2", "e5": "p1-b2",
                                   "h1": "p1-d1*3"})
    pushes = {t for t in texts(state) if "push" in t}
    assert pushes == {"d7-d6 push left", "d7-d6 push right"}
    left, _ = play(state, "d7-d6 push left")
    assert whole(rules, left, "e5", "p1-b2")  # strength 1: the gathering alone
    right, _ = play(state, "d7-d6 push right")
    assert whole(rules, right, "c5", "p1-b2")
    assert code(state, "d7-d6 push") == "choice-missing"


def test_reading_4_after_a_chosen_side_3c_continues_that_way() -> None:
    rules = engine()
    # player one pushes east into a north-south line: c5 is left, c3 is right
    state = pos(stacks={"a4": "p1-b2", "b4": "p1-b2*2", "c3": "p2-a6", "c4": "p2-a6", "c5": "p2-a6"})
    assert strength(state, "a4-b4") == 3
    right, _ = play(state, "a4-b4 push right")
    assert whole(rules, right, "c1", "p2-a6")  # gathered on c3, then c2, c1: straight on south
    left, _ = play(state, "a4-b4 push left")
    assert whole(rules, left, "c7", "p2-a6")  # gathered on c5, then c6, c7


def test_reading_4_after_3b_behind_3c_goes_straight_on() -> None:
    rules = engine()
    state = pos(stacks={"a4": "p1-b2", "b4": "p1-b2*2", "c4": "p2-a6", "d4": "p2-a6", "c5": "p2-a6"})
    out, _ = play(state, "a4-b4 push")
    assert whole(rules, out, "f4", "p2-a6")  # gathered on d4, then e4, f4


def test_3c_ahead_blocked_both_sides_free_pusher_chooses() -> None:
    rules = engine()
    state = pos(stacks={"d3": "p1-b2", "d4": "p1-b2*2", "d5": "p2-a6*3", "d6": "p2-c7*3"})
    assert {t for t in texts(state) if "push" in t} == {"d3-d4 push left", "d3-d4 push right"}
    left, _ = play(state, "d3-d4 push left")
    assert whole(rules, left, "c5", "p2-a6")
    right, _ = play(state, "d3-d4 push right")
    assert whole(rules, right, "e5", "p2-a6")
    assert code(state, "d3-d4 push") == "choice-missing"
    assert code(state, "d3-d4 push left left") == "choice-extra"


def test_3c_blocked_by_the_pusher_own_token_and_the_edge_is_forced() -> None:
    rules = engine()
    # pushed east against the board's edge at h: left (north) holds p1-h3, right (south) is free
    state = pos(stacks={"f5": "p1-h3", "g5": "p1-h3*2", "h5": "p2-h5*3", "h6": "p1-d1*3"})
    assert strength(state, "f5-g5") == 1
    out, _ = play(state, "f5-g5 push")
    assert whole(rules, out, "h4", "p2-h5")
    assert code(state, "f5-g5 push right") == "choice-extra"


def test_3c_all_blocked_push_is_legal_but_moves_and_stuns_nothing() -> None:
    rules = engine()
    state = pos(stacks={"g8": "p1-h3", "g7": "p1-h3*2", "g6": "p2-g7*3", "g5": "p2-h5*3", "f6": "p2-c7*3",
                        "h6": "p1-d1*3"})
    assert "g8-g7 push" in texts(state)
    out, kinds = play(state, "g8-g7 push")
    assert "push-blocked" in kinds and "stun" not in kinds
    assert whole(rules, out, "g6", "p2-g7") and stun_of(out, "p2-g7") == 0


def test_3c_remaining_points_lost_when_blocked_midway() -> None:
    rules = engine()
    # 3 vs 1: 3a north onto b6, 3c north to b7, then b8 is taken and both sides too
    state = pos(stacks={"b3": "p1-b2", "b4": "p1-b2*2", "b5": "p2-a6", "b6": "p2-a6*2", "b8": "p2-c7*3",
                        "a7": "p1-a4*3", "c7": "p2-e8*3"})
    out, kinds = play(state, "b3-b4 push")
    assert whole(rules, out, "b7", "p2-a6") and kinds.count("push-point") == 2
    assert stun_of(out, "p2-a6") == 1


def test_3c_goes_straight_on_when_the_square_ahead_is_free() -> None:
    rules = engine()
    state = pos(stacks={"a5": "p1-a4*2", "a4": "p1-a4", "a6": "p2-a6*3", "b7": "p2-c7*3"})
    # 3 vs 3: strength 1, straight north to a7
    out, _ = play(state, "a4-a5 push")
    assert whole(rules, out, "a7", "p2-a6")


# -- stuns ---------------------------------------------------------------------------------------------


def test_stun_lasts_exactly_the_owner_next_turn() -> None:
    state = pos(stacks={"c2": "p1-b2*3", "c4": "p2-a6", "b4": "p2-a6*2", "h1": "p1-d1*3", "h8": "p2-e8*3"})
    state, _ = play(state, "c2-c3 push")
    assert stun_of(state, "p2-a6") == 1
    state, _ = play(state, "h1-h2")
    assert state.player == 1
    assert code(state, "b4-b5") == "dragon-stunned"
    state, _ = play(state, "h8-h7")
    assert code(state, "b4-b5") == "dragon-stunned"
    state, _ = play(state, "h8-g8")
    assert stun_of(state, "p2-a6") == 0 and state.player == 0
    state, _ = play(state, "h1-g1")
    state, _ = play(state, "c2-d2")
    assert state.player == 1 and verdict(state, "b4-b5")


def test_stunned_dragon_may_still_be_pushed_and_still_holds_control() -> None:
    rules = engine()
    state = pos(stunned=["p2-a6"], stacks={"c3": "p1-b2*3", "c5": "p2-a6*3", "h8": "p2-e8*3"})
    assert control_counts(rules.layout, state.dragon_at) == [0, 1]
    out, _ = play(state, "c3-c4")
    assert control_counts(rules.layout, out.dragon_at) == [0, 1]
    state = pos(stunned=["p2-a6"], stacks={"c2": "p1-b2", "c3": "p1-b2*2", "c4": "p2-a6*3", "h8": "p2-e8*3"})
    out, _ = play(state, "c2-c3 push")
    assert whole(rules, out, "c5", "p2-a6") and stun_of(out, "p2-a6") == 1


def test_stun_by_strength_two_lasts_two_owner_turns() -> None:
    rules = engine(stun_by_strength=True)
    state = pos(rules, stacks={"c1": "p1-b2*2", "c2": "p1-b2", "c3": "p2-a6", "c4": "p2-a6*2",
                               "h1": "p1-d1*3", "h8": "p2-e8*3"})
    state, _ = play(state, "c1-c2 push", rules)
    assert whole(rules, state, "c5", "p2-a6") and stun_of(state, "p2-a6", rules) == 2
    state = finish_turn(state, rules)
    for _ in range(2):
        assert state.player == 1 and code(state, "c5-c6", rules) == "dragon-stunned"
        state = finish_turn(state, rules)
        state = finish_turn(state, rules)
    assert stun_of(state, "p2-a6", rules) == 0 and verdict(state, "c5-c6", rules)


def test_push_own_variant_own_dragon_frozen_this_turn_and_next() -> None:
    rules = engine(push_own=True)
    state = pos(rules, stacks={"c2": "p1-b2*3", "c4": "p1-d1", "c5": "p1-d1*2", "h8": "p2-e8*3", "a1": "p1-a4*3"})
    assert code(state, "c2-c3 push") == "own-dragon"  # not without the variant
    state, _ = play(state, "c2-c3 push", rules)
    assert whole(rules, state, "c5", "p1-d1") and state.action == 2
    assert code(state, "c5-c6", rules) == "dragon-stunned"
    state, _ = play(state, "a1-a2", rules)
    state = finish_turn(state, rules)
    assert state.player == 0 and code(state, "c5-c6", rules) == "dragon-stunned"
    state = finish_turn(state, rules, avoid="c5")
    state = finish_turn(state, rules)
    assert state.player == 0 and verdict(state, "c5-c6", rules)


def test_push_own_variant_never_lets_a_dragon_push_itself() -> None:
    rules = engine(push_own=True)
    state = pos(rules, stacks={"a1": "p1-b2", "a2": "p1-b2", "a3": "p1-b2"})
    assert code(state, "a1-a2 push", rules) == "nothing-to-push"


def test_push_own_variant_win_by_pushing_own_dragon_onto_a_third_point() -> None:
    rules = engine(push_own=True)
    state = pos(rules, stacks={"c5": "p1-a4*3", "e6": "p1-b2*3", "f5": "p1-d1*3", "f6": "p1-f2*2", "f7": "p1-f2",
                               "h8": "p2-e8*3"})
    out, kinds = play(state, "f7-f6 push", rules)
    assert whole(rules, out, "f4", "p1-d1") and "win" in kinds
    result = rules.result(out)
    assert result is not None and result.winners == ("p1",)


# -- control (reading 5) --------------------------------------------------------------------------------


def test_reading_5_passing_a_control_point_mid_push_does_not_count() -> None:
    rules = engine()
    # strength 3: 3a f6 onto f5, 3c to f4 (p2's third point for a moment), 3c on to f3
    state = pos(stacks={"f8": "p1-h3", "f7": "p1-h3*2", "f6": "p2-g7", "f5": "p2-g7*2",
                        "c5": "p2-a6*3", "e6": "p2-e8*3"})
    out, kinds = play(state, "f8-f7 push")
    assert whole(rules, out, "f3", "p2-g7") and "win" not in kinds and rules.result(out) is None


def test_reading_5_push_ending_on_the_enemy_third_point_makes_the_enemy_win() -> None:
    rules = engine()
    # strength 2: 3a f6 onto f5, 3c to f4: player two now holds c5, e6 and f4
    state = pos(stacks={"f8": "p1-h3", "f7": "p1-h3", "e7": "p1-h3", "f6": "p2-g7", "f5": "p2-g7*2",
                        "c5": "p2-a6*3", "e6": "p2-e8*3"})
    out, kinds = play(state, "f8-f7 push")
    result = rules.result(out)
    assert result is not None and result.winners == ("p2",) and "win" in kinds
    assert rules.legal_actions(out) == []


def test_reading_5_win_by_the_move_refuses_the_push_but_not_the_move() -> None:
    rules = engine()
    state = pos(stacks={"c5": "p1-a4*3", "e6": "p1-b2*3", "f2": "p1-f2", "f3": "p1-f2*2", "f5": "p2-h5",
                        "g5": "p2-h5*2"})
    assert strength(state, "f2-f3-f4") == 1
    assert code(state, "f2-f3-f4 push") == "won-before-push"
    assert not any(a.push for a in rules.legal_actions(state) if rules.layout.cells[a.path[-1]] == "f4")
    out, kinds = play(state, "f2-f3-f4")
    assert "win" in kinds and rules.result(out) is not None


def test_reading_5_push_emptying_the_enemy_point_then_winning_next_move() -> None:
    rules = engine()
    # p2 holds d3; the push clears it and p1's second action takes it for the third point
    state = pos(stacks={"c5": "p1-a4*3", "e6": "p1-b2*3", "b3": "p1-d1", "c3": "p1-d1", "c2": "p1-d1",
                        "d3": "p2-h5", "d2": "p2-h5*2", "h8": "p2-e8*3"})
    assert control_counts(rules.layout, state.dragon_at) == [2, 1]
    out, _ = play(state, "b3-c3 push")  # 2 vs 1: d3 onto d2 (3a south), then d1 (3c)
    assert whole(rules, out, "d1", "p2-h5")
    assert control_counts(rules.layout, out.dragon_at) == [2, 0] and rules.result(out) is None
    assert code(out, "c3-d3") == "same-token"  # the token that pushed sits on top of c3
    out, kinds = play(out, "c2-c3-d3")
    assert "win" in kinds


def test_needed_control_points_follow_the_option() -> None:
    rules = engine(needed=4)
    state = pos(rules, stacks={"c5": "p1-a4*3", "d3": "p1-d1*3", "f3": "p1-f2*3", "e7": "p1-b2*3",
                               "h1": "p2-e8*3"})
    out, kinds = play(state, "f3-f4", rules)
    assert "win" not in kinds and rules.result(out) is None
    out, kinds = play(out, "e7-e6", rules)
    assert "win" in kinds


# -- two-token dragons -----------------------------------------------------------------------------------


def test_two_token_dragons_never_pin_and_push_by_3a_then_3c() -> None:
    rules = engine(tokens=2)
    state = pos(rules, stacks={"c2": "p1-b2", "c3": "p1-b2", "c4": "p2-a6", "d4": "p2-a6"})
    assert verdict(state, "c2-c3", rules) and verdict(state, "c3-c2", rules)
    assert strength(state, "c2-c3", rules) == 2  # 2 vs 1
    out, _ = play(state, "c2-c3 push", rules)
    assert whole(rules, out, "e4", "p2-a6")


# -- the check/legal agreement on every action of a few busy positions ------------------------------------


@pytest.mark.parametrize("data", [
    {"stacks": {"c3": "p1-b2*2", "c2": "p1-b2", "b4": "p2-a6", "c4": "p2-a6", "d4": "p2-a6", "e1": "p1-d1*3"}},
    {"stacks": {"d4": "p1-b2", "d5": "p1-b2", "e5": "p1-b2", "d6": "p2-a6*2", "d7": "p2-a6",
                "f5": "p2-c7*3", "e4": "p1-f2*3"}},
    {"turn": "p2", "stacks": {"d7": "p2-a6*3", "d5": "p1-b2", "c5": "p1-b2", "e5": "p1-b2"}},
])
def test_every_offered_action_is_checked_legal_and_keeps_the_invariants(data: dict[str, Any]) -> None:
    rules = engine()
    state = pos(**data)
    actions = rules.legal_actions(state)
    assert actions and len(set(actions)) == len(actions)
    for action in actions:
        assert rules.check(state, action), rules.action_text(action)
        assert rules.invariants(rules.apply(state, action).state) == []
        if action.push and action.choices:
            flipped = tuple("right" if c == "left" else "left" for c in action.choices)
            assert bool(rules.check(state, Action(action.path, True, flipped))) == (
                Action(action.path, True, flipped) in actions)


def test_malformed_actions_are_refused_not_crashing() -> None:
    rules = engine()
    state = pos(stacks={"c3": "p1-b2*2", "c2": "p1-b2", "b4": "p2-a6", "c4": "p2-a6", "d4": "p2-a6"})
    path = rules.parse_action(state, "c2-c3").path
    assert rules.check(state, Action(path, True, ("up",))).code == "choice-word"
    assert rules.check(state, Action(path, True, ("left", "up"))).code == "choice-word"
    assert rules.check(state, Action((999, path[0]))).code == "not-a-square"
    assert rules.check(state, Action((-1, path[0]))).code == "not-a-square"
    assert rules.check(state, Action(())).code == "no-step"


# -- the fast move generator equals the plain definitions --------------------------------------------------


@pytest.mark.parametrize("options", [{}, {"stun_by_strength": True, "push_own": True}, {"tokens": 2},
                                     {"needed": 4}])
def test_fast_generation_equals_the_plain_definitions(options: dict[str, Any]) -> None:
    rules = engine(**options)
    seen = 0
    for seed in range(8):
        for ply in random_game(rules, seed, 150):
            state = ply.state
            assert rules.legal_actions(state) == rules.reference_actions(state), rules.state_text(state)
            assert generate.can_move(rules.layout, state) == can_move(rules.layout, state)
            # the same position in the second action, with each own square as the moved one
            if rules.decision(state) is not None:
                for c, k in enumerate(state.dragon_at):
                    if k >= 0 and rules.layout.owner_of[k] == state.player:
                        second = state._replace(action=2, moved=c, opening=False)
                        assert rules.legal_actions(second) == rules.reference_actions(second)
                        assert generate.can_move(rules.layout, second) == can_move(rules.layout, second)
            seen += 1
    assert seen > 500


def test_fast_generation_on_crafted_positions() -> None:
    rules = engine()
    positions: list[dict[str, Any]] = [
        {"stacks": {"a1": "p1-b2", "a2": "p1-b2", "b2": "p1-b2", "b1": "p2-a6*3", "h8": "p2-c7*3"}},
        {"stacks": {"c2": "p1-b2", "c3": "p1-b2*2", "c4": "p2-a6", "d4": "p2-a6*2", "b3": "p2-c7*3"}},
        {"stacks": {"c5": "p1-a4*3", "d3": "p1-d1*2", "d2": "p1-d1", "e4": "p1-f2", "e3": "p1-f2*2",
                    "f4": "p2-g7*3", "e5": "p2-h5*3"}},
        {"stunned": {"p1-b2": 2}, "stacks": {"c3": "p1-b2*3", "d3": "p1-d1*3", "d4": "p2-a6*3"}},
        {"action": 2, "moved": "c3", "stacks": {"c3": "p1-b2*2", "c2": "p1-b2", "c4": "p2-a6*3"}},
    ]
    for data in positions:
        state = pos(**data)
        assert rules.legal_actions(state) == rules.reference_actions(state), data
