"""Move actions and turns: picking up, pinned tokens, paths, placing, the same token twice, skipped actions."""
from __future__ import annotations

import pytest
from ejderhalar_support import after, engine, on, pos, verdict

from generator.games.ejderhalar.state import Action


def test_opening_turn_has_one_action_then_two_each() -> None:
    rules = engine()
    state = rules.new_game()
    assert state.opening and rules.decision(state) == "p1"
    state = after(state, "a4-a5")
    assert (rules.decision(state), state.action) == ("p2", 1)
    state = after(state, "a6-a7")
    assert (rules.decision(state), state.action) == ("p2", 2)
    state = after(state, "c7-c6")
    assert (rules.decision(state), state.action, state.opening) == ("p1", 1, False)
    state = after(state, "b2-b3")
    assert (rules.decision(state), state.action) == ("p1", 2)


def test_setup_reads_the_spec() -> None:
    rules = engine()
    state = rules.new_game()
    assert on(rules, state, "a4") == ["p1-a4"] * 3 and on(rules, state, "h5") == ["p2-h5"] * 3
    assert sum(state.height) == 30
    assert [rules.layout.cells[c] for c in rules.layout.control] == ["c5", "d3", "e6", "f4"]


def test_top_token_steps_off_a_stack() -> None:
    rules = engine()
    state = after(pos(stacks={"f2": "p1-f2*3"}), "f2-f3")
    assert on(rules, state, "f2") == ["p1-f2"] * 2 and on(rules, state, "f3") == ["p1-f2"]


@pytest.mark.parametrize("square, code", [("e5", "empty-square"), ("h5", "not-your-dragon")])
def test_pick_up_needs_an_own_token(square: str, code: str) -> None:
    state = pos(stacks={"f2": "p1-f2*3", "h5": "p2-h5*3"})
    assert verdict(state, f"{square}-{square[0]}4").code == code


def test_token_between_two_squares_is_pinned_and_ends_are_free() -> None:
    line = pos(stacks={"d4": "p1-d1", "d5": "p1-d1", "d6": "p1-d1"})
    assert verdict(line, "d5-e5").code == "token-pinned"
    assert verdict(line, "d6-d5-e5")
    corner = pos(stacks={"d4": "p1-d1", "d5": "p1-d1", "e5": "p1-d1"})
    assert verdict(corner, "d5-c5").code == "token-pinned"


def test_single_neighbour_stack_does_not_pin() -> None:
    state = pos(stacks={"d4": "p1-d1*2", "d5": "p1-d1"})
    assert verdict(state, "d5-d4-c4")
    assert verdict(state, "d4-c4")  # the stack's top token: one neighbouring square only


def test_path_runs_over_own_dragon_only() -> None:
    state = pos(stacks={"e5": "p1-d1", "e4": "p1-d1*2"})
    assert verdict(state, "e5-e4-e3")
    empty = pos(stacks={"c3": "p1-b2*3"})
    assert verdict(empty, "c3-c4-c5").code == "path-off-dragon"
    enemy = pos(stacks={"c3": "p1-b2*3", "c4": "p2-c7*3"})
    assert verdict(enemy, "c3-c4-c5").code == "path-off-dragon"


def test_path_never_reenters_a_square_start_included() -> None:
    state = pos(stacks={"c3": "p1-b2*2", "c4": "p1-b2"})
    assert verdict(state, "c3-c4-c3").code == "path-revisits"
    assert verdict(state, "c3-c4")


def test_steps_are_orthogonal() -> None:
    state = pos(stacks={"c3": "p1-b2*3"})
    assert verdict(state, "c3-d4").code == "not-a-step"
    assert verdict(state, "c3-c5").code == "not-a-step"


def test_placed_only_on_own_dragon_or_empty() -> None:
    state = pos(stacks={"c3": "p1-b2*3", "c4": "p2-c7*3", "b3": "p1-a4*3"})
    assert verdict(state, "c3-c4").code == "square-taken"
    assert verdict(state, "c3-b3").code == "square-taken"
    rules = engine()
    stacked = after(pos(stacks={"c6": "p1-a4", "c5": "p1-a4", "b5": "p1-a4"}), "c6-c5-b5")
    assert on(rules, stacked, "b5") == ["p1-a4"] * 2


def test_reading_1_dragon_never_comes_apart() -> None:
    state = pos(stacks={"c3": "p1-b2", "c4": "p1-b2", "d4": "p1-b2"})
    assert verdict(state, "c3-b3").code == "dragon-apart"
    assert verdict(state, "c3-d3")  # next to d4: still one dragon
    lone = pos(stacks={"c3": "p1-b2", "c4": "p1-b2*2"})
    assert verdict(lone, "c3-d3").code == "dragon-apart"


def test_same_token_twice_refused_other_token_of_dragon_allowed() -> None:
    state = pos(turn="p2", action=2, moved="c6", stacks={"c6": "p2-c7", "c7": "p2-c7*2"})
    assert verdict(state, "c6-d6").code == "same-token"
    assert verdict(state, "c7-b7")


def test_stunned_dragon_cannot_move_then_recovers() -> None:
    rules = engine()
    state = pos(turn="p2", stunned=["p2-h5"], stacks={"h5": "p2-h5*3", "e8": "p2-e8*3", "a1": "p1-b2*3"})
    assert verdict(state, "h5-h4").code == "dragon-stunned"
    state = after(after(state, "e8-e7"), "e8-d8")
    assert rules.decision(state) == "p1" and state.stun[rules.layout.dragon("p2-h5")] == 0


def test_player_without_moves_is_skipped_and_stuns_count_down() -> None:
    rules = engine()
    state = pos(action=2, moved="b3", stunned=["p2-a6"],
                stacks={"b2": "p1-b2*2", "b3": "p1-b2", "a6": "p2-a6*3"})
    outcome = rules.apply(state, rules.parse_action(state, "b2-c2"))
    assert [e.kind for e in outcome.events].count("skip") == 2
    after_skip = outcome.state
    assert (rules.decision(after_skip), after_skip.action, any(after_skip.stun)) == ("p1", 1, False)


def test_second_action_skipped_when_only_the_moved_token_is_free() -> None:
    rules = engine()
    state = pos(stacks={"b2": "p1-b2*2", "b3": "p1-b2", "a8": "p2-a6*3"})
    outcome = rules.apply(state, rules.parse_action(state, "b3-b2"))
    # the dragon is one stack topped by the token just moved: player one's second action is skipped
    assert [e.kind for e in outcome.events] == ["move", "skip"]
    assert rules.decision(outcome.state) == "p2" and outcome.state.action == 1


def test_position_without_moves_is_settled() -> None:
    rules = engine()
    settled = pos(turn="p2", stunned=["p2-a6"], stacks={"a6": "p2-a6*3", "b2": "p1-b2*3"})
    assert rules.decision(settled) == "p1" and not any(settled.stun)
    walled = pos(turn="p2", stacks={"a1": "p2-a6*3", "a2": "p1-b2*3", "b1": "p1-d1", "c1": "p1-d1*2"})
    assert rules.decision(walled) == "p1"  # p2's only dragon is walled in by the edge and p1's tokens
    out = rules.play(walled, "b1-c1", "a2-a3")
    assert rules.decision(out) == "p2"
    assert {rules.action_text(a) for a in rules.legal_actions(out)} == {"a1-b1"}


def test_moves_from_the_setup_are_exactly_the_single_steps() -> None:
    rules = engine()
    texts = {rules.action_text(a) for a in rules.legal_actions(rules.new_game())}
    assert len(texts) == 17 and "d1-d2" in texts and "a4-a5" in texts and "h3-h4" in texts


def test_an_action_must_enter_a_square() -> None:
    rules = engine()
    state = rules.new_game()
    assert rules.check(state, Action((rules.layout.cell("a4"),))).code == "no-step"
    assert rules.check(state, Action(())).code == "no-step"
    assert Action((rules.layout.cell("a4"),)) not in rules.legal_actions(state)
