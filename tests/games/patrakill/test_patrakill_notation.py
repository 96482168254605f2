"""Notation round trips; bad notation and impossible positions are refused with a clear ValueError."""
from __future__ import annotations

from typing import Any

import pytest
from patrakill_support import duel, multi

from generator.games.patrakill.state import Action


@pytest.mark.parametrize("text, kind", [
    ("@d5", "place"), ("c2-c3", "step"), ("e8>e7", "exit"), ("e1=a5", "passage"), ("d5xd7xf7", "jump"),
    ("pass", "pass")])
def test_each_kind_reads_and_writes_back(text: str, kind: str) -> None:
    rules = duel()
    state = rules.new_game()
    action = rules.parse_action(state, text)
    assert action.kind == kind and rules.action_text(action) == text and rules.action_kind(action) == kind


def test_a_step_from_the_dragon_is_the_dragons_and_from_a_tower_an_exit() -> None:
    rules = duel()
    state = rules.position({"dragon": "e5", "towers": ["b2"], "knights": [{"at": "b2", "facing": "n"}]})
    assert rules.parse_action(state, "e5-e6") == Action("dragon-step", ("e5", "e6"))
    assert rules.parse_action(state, "b2-b3") == Action("exit", ("b2", "b3"))


@pytest.mark.parametrize("text, message", [
    ("e4e5", "is not an action"), ("z1-z2", "off the board"), ("e4-e10", "off the board"), ("@", "is not an action"),
    ("e4 - e5", "is not an action")])
def test_bad_notation(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        duel().parse_action(duel().new_game(), text)


@pytest.mark.parametrize("data, message", [
    ({"knights": [{"at": "d4", "facing": "n"}, {"at": "d4", "facing": "e"}]}, "shares the square"),
    ({"dragon": "d4", "towers": ["d4"]}, "shares the square"),
    ({"broken": ["d4"], "knights": [{"at": "d4", "facing": "n"}]}, "shares the square"),
    ({"knights": [{"at": "d4", "facing": "ne"}]}, "faces 'ne'"),
    ({"knights": [{"at": "j4", "facing": "n"}]}, "off the board"),
    ({"knights": [{"at": "d4", "facing": "n", "faction": "purple"}]}, "faction in play"),
    ({"round": 2, "knights": [{"at": "d4", "facing": "n", "carrying": True}]}, "only in round 1"),
    ({"knights": [{"at": "d4", "facing": "n", "carrying": True, "returning": True}]}, "cannot carry"),
    ({"towers": ["d4"], "knights": [{"at": "d4", "facing": "n", "carrying": True}]}, "onto a square that holds"),
    ({"towers": ["a1", "a2", "a3"], "broken": ["b1", "b2", "b3"]}, "only 5"),
    ({"reserve": 2}, "should make 5"),
    ({"reserve": 0, "towers": ["a1", "a2", "a3", "a4", "a5"]}, "round 1 would already be over"),
    ({"devoured": 5}, "skewer"),
    ({"devoured": 4, "knights": [{"at": f"{c}{r}", "facing": "n"} for c in "abcd" for r in (4, 5, 6)]}, "more than"),
    ({"to_move": "purple"}, "not a seat"),
    ({"start": True, "dragon": "e5"}, "give nothing else"),
    ({"round": 2, "reserve": 1}, "reserve only in round 1"),
    ({"round": 2, "towers": ["e6"], "barred": [{"knight": "e5", "tower": "e6"}]}, "barred"),
])
def test_impossible_duel_positions(data: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        duel().position(data)


def test_impossible_vatrakill_positions() -> None:
    with pytest.raises(ValueError, match="single round"):
        multi().position({"round": 1})
    with pytest.raises(ValueError, match="6 purple knights"):
        multi().position({"knights": [{"at": f"b{r}", "facing": "n", "faction": "purple"} for r in range(1, 7)]})
    with pytest.raises(ValueError, match="not a faction in play"):
        multi().position({"towers": [{"at": "e5", "faction": "knights"}]})


def test_state_text_names_the_round_the_pieces_and_the_end() -> None:
    rules = duel()
    text = rules.state_text(rules.position({"dragon": "e5", "towers": ["c4"], "broken": ["f6"], "knights": [
        {"at": "c4", "facing": "n"}, {"at": "d7", "facing": "s", "carrying": True}]}))
    assert "round 1" in text and "c4 n (in tower)" in text and "d7 s (carrying a tower)" in text
    assert "broken towers: f6" in text and "towers in reserve 2" in text
    assert "Vatrakill" in multi().state_text(multi().new_game())


def test_the_opening_position_by_start() -> None:
    assert duel().position({"start": True}) == duel().new_game()
