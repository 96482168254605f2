"""Notation, positions and position text: round trips, and clear errors for bad input."""
from __future__ import annotations

from typing import Any

import pytest

from generator.model.game import load_game
from generator.games.dragon_eyes.engine import DragonEyesRules
from generator.play.registry import rules_for
from generator.play.selfplay import random_game


@pytest.fixture(scope="module")
def rules() -> DragonEyesRules:
    found = rules_for(load_game("dragon-eyes"))
    assert isinstance(found, DragonEyesRules)
    return found


def test_cell_names_and_neighbours_follow_the_spec(rules: DragonEyesRules) -> None:
    t = rules.tables
    assert t.size == 91 and [t.names[i] for i in t.eyes] == ["a1", "a6", "f1", "f6", "f11", "k1", "k6"]
    around = {t.names[i] for i in t.neighbours[t.cell("f6")]}
    assert around == {"f5", "f7", "g5", "g6", "e5", "e6"}
    assert {t.names[i] for i in t.neighbours[t.cell("c3")]} == {"c2", "c4", "d3", "d4", "b2", "b3"}
    assert {t.names[i] for i in t.neighbours[t.cell("h4")]} == {"h3", "h5", "i3", "i4", "g4", "g5"}
    assert len(t.neighbours[t.cell("a1")]) == 3


@pytest.mark.parametrize("text", ["flip c3", "reveal c3 light", "reveal k6 dark", "c3xc5", "a1xd4xd7",
                                  "d1xd3xf3xd1", "c3-c4", "draw"])
def test_action_text_round_trip(rules: DragonEyesRules, text: str) -> None:
    state = rules.new_game()
    action = rules.parse_action(state, text)
    assert rules.action_text(action) == text
    assert rules.action_kind(action) in rules.action_kinds + ("reveal", "draw")


def test_every_played_action_round_trips(rules: DragonEyesRules) -> None:
    for ply in random_game(rules, 3):
        for action in ply.legal:
            assert rules.parse_action(ply.state, rules.action_text(action)) == action


@pytest.mark.parametrize("text, words", [
    ("", "cannot be empty"),
    ("flip", "names one hex"),
    ("flip z9", "'z9' is not a cell"),
    ("flip a7", "'a7' is not a cell"),
    ("reveal c3", "names the flipped hex and its owner"),
    ("reveal c3 purple", "owners: light, dark"),
    ("c3x", "joined by 'x'"),
    ("c3xxc5", "joined by 'x'"),
    ("c3-c4-c5", "is not an action"),
    ("jump c3 c5", "is not an action"),
    ("c3", "is not an action"),
    ("f0-f1", "'f0' is not a cell"),
])
def test_bad_notation_is_a_value_error(rules: DragonEyesRules, text: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        rules.parse_action(rules.new_game(), text)


GOOD: dict[str, Any] = {"light": ["d4"], "dark": ["d5"], "face_down": ["k3"], "hidden": {"light": 1, "dark": 0},
                        "to_move": "light"}


@pytest.mark.parametrize("change, words", [
    ({"light": ["d4", "d4x"]}, "'d4x' is not a cell"),
    ({"dark": ["d4"]}, "d4 is named twice"),
    ({"face_down": ["f6"], "hidden": {"light": 1, "dark": 0}}, "f6 is a Dragon Eye"),
    ({"hidden": {"light": 1, "dark": 1}}, "say how many of them belong to each side"),
    ({"hidden": {"light": 2, "dark": -1}}, "say how many"),
    ({"hidden": {"light": 1}}, "whole number of face-down pieces for dark"),
    ({"empty": ["a2"]}, "'empty' goes with 'face_down: rest'"),
    ({"to_move": "blue"}, "to_move must be one of light, dark"),
    ({"flipped": "d5"}, "flipped hex d5 holds no face-down piece"),
    ({"face_down": "rest", "hidden": {"light": 43, "dark": 39}}, "more than the 42 each side owns"),
])
def test_impossible_positions_are_value_errors(rules: DragonEyesRules, change: dict[str, Any], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        rules.position({**GOOD, **change})


def test_rest_and_empty(rules: DragonEyesRules) -> None:
    state = rules.position({"light": ["d4"], "dark": ["d5"], "face_down": "rest", "empty": ["d6"],
                            "hidden": {"light": 41, "dark": 40}, "to_move": "light"})
    assert state.board.count(3) == 81 and state.captured == (0, 1)
    assert rules.invariants(state) == []
    assert [rules.action_text(a) for a in rules.legal_actions(state)] == ["d4xd6"]


def test_state_text(rules: DragonEyesRules) -> None:
    state = rules.position({"light": ["a1", "d4"], "dark": ["d5"], "face_down": ["k3"],
                            "hidden": {"light": 0, "dark": 1}, "to_move": "dark", "flipped": "k3"})
    lines = rules.state_text(state).splitlines()
    assert lines[0] == ("dark to move; phase 1; face down 1 (light 0, dark 1); captured light 40, dark 40; "
                        "k3 turned over, awaiting its reveal")
    assert lines[1] == "k      * . ? . . *"
    assert lines[6] == "f * . . . . * . . . . *"
    assert lines[8] == "d   . . . l d . . . ."
    assert lines[11] == "a      L . . . . *"
