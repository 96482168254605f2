"""Notation: actions and positions as text, and clear errors for bad text and impossible positions."""
from __future__ import annotations

from typing import Any

import pytest
from ejderhalar_support import engine, pos



@pytest.mark.parametrize("text", ["a4-a5", "c2-c3 push left left", "e5-e4-e3", "a6-a7 push", "b1-b2-b3-b4"])
def test_action_text_round_trip(text: str) -> None:
    rules = engine()
    state = rules.new_game()
    assert rules.action_text(rules.parse_action(state, text)) == text


def test_parse_is_forgiving_about_case_and_spaces() -> None:
    rules = engine()
    state = rules.new_game()
    assert rules.parse_action(state, "  A4-A5  PUSH ") == rules.parse_action(state, "a4-a5 push")
    with pytest.raises(ValueError, match="is not a path"):
        rules.parse_action(state, "pass")  # there is no pass: a player without moves is skipped


@pytest.mark.parametrize("text, words", [
    ("", "a path like"), ("a4", "is not a path"), ("a4-z9", "not a square of this board"),
    ("a4-a5 shove", "unexpected 'shove'"), ("a4-a5 left", "without 'push'"),
    ("a4-a5 push up", "unexpected 'up'"), ("a4-a9", "not a square"),
])
def test_bad_notation_says_what_is_wrong(text: str, words: str) -> None:
    rules = engine()
    with pytest.raises(ValueError, match=words):
        rules.parse_action(rules.new_game(), text)


def test_every_legal_action_round_trips() -> None:
    rules = engine()
    state = pos(stacks={"c3": "p1-b2*2", "c2": "p1-b2", "b4": "p2-a6", "c4": "p2-a6", "d4": "p2-a6"})
    for action in rules.legal_actions(state):
        assert rules.parse_action(state, rules.action_text(action)) == action


@pytest.mark.parametrize("data, words", [
    ({"stacks": {"z1": ["p1-a4"] * 3}}, "not a square"),
    ({"stacks": {"a1": ["p1-zz"] * 3}}, "not a dragon"),
    ({"stacks": {"a1": ["p1-a4", "p2-a6"]}}, "mixes dragons"),
    ({"stacks": {"a1": ["p1-a4"] * 2}}, "has 2 token"),
    ({"stacks": {"a1": ["p1-a4"] * 2, "c1": ["p1-a4"]}}, "is split"),
    ({"stacks": {"a1": ["p1-a4"] * 3}, "turn": "p3"}, "not a player"),
    ({"stacks": {"a1": ["p1-a4"] * 3}, "action": 2}, "'moved' names"),
    ({"stacks": {"a1": ["p1-a4"] * 3}, "action": 2, "moved": "b1"}, "holding a token"),
    ({"stacks": {"a1": ["p1-a4"] * 3}, "moved": "a1"}, "action 2 only"),
    ({"stacks": {"a1": ["p1-a4"] * 3}, "stunned": ["p2-a6"]}, "not on the board"),
    ({"stacks": {"a1": ["p1-a4"] * 3}, "turn": "p2", "opening": True}, "opening turn"),
    ({"setup": True, "turn": "p2"}, "remove turn"),
    ({"turn": "p1"}, "needs 'stacks'"),
])
def test_impossible_positions_are_refused(data: dict[str, Any], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        engine().position(data)


def test_state_text_names_dragons_squares_stuns_and_turn() -> None:
    rules = engine()
    text = rules.state_text(pos(turn="p2", action=2, moved="c6", stunned={"p2-e8": 2},
                                stacks={"c6": "p2-c7", "c7": "p2-c7*2", "e8": "p2-e8*3", "a1": "p1-b2*3"}))
    assert "p2-c7: c6 c7x2;" in text and "p2-e8: e8x3 (stunned 2)" in text and "p1-a4: off" in text
    assert "to act: p2, action 2 of 2, token moved first now on c6" in text
    assert "single action of the opening turn" in rules.state_text(rules.new_game())
