"""Notation and positions: round trips, and clear ValueErrors for bad text and impossible positions."""
from __future__ import annotations

import pytest
from drako_support import position, rules

from generator.games.drako.actions import Play
from generator.games.drako.state import UNPLACED


@pytest.mark.parametrize("text", ["draw", "play M2 brald e4", "play MM1 brald d5 urpen e3", "play A1/D:A1 brald",
                                  "play AA1 brald urpen", "play X2", "play N", "fury", "pass",
                                  "play X1/M1:M1 morin b3"])
def test_dwarf_actions_round_trip(text: str) -> None:
    state = position(turn="dwarves")
    assert rules().action_text(rules().parse_action(state, text)) == text


@pytest.mark.parametrize("text", ["play M2 c5", "play W a1", "play A3 brald", "play F2 n", "escape",
                                  "play A2/M1:M1 c4"])
def test_dragon_actions_round_trip(text: str) -> None:
    state = position()
    assert rules().action_text(rules().parse_action(state, text)) == text


def test_single_option_may_be_named() -> None:
    state = position(turn="dwarves")
    assert rules().parse_action(state, "play M2:M2 brald e4") == rules().parse_action(state, "play M2 brald e4")


@pytest.mark.parametrize("text, message", [
    ("", "empty action"),
    ("jump", "not an action of Drako"),
    ("play", "names a card"),
    ("play Q9", "not a card of the dwarf deck"),
    ("play F2 n", "not a card of the dwarf deck"),
    ("play A1/D brald", "shows two options"),
    ("play A1/D:M1 brald", "does not show M1"),
    ("play M2 brald", "names a dwarf and his hex"),
    ("play M2 gimli d5", "'gimli' is not a dwarf"),
    ("play M2 brald z9", "'z9' is not a hex of the board"),
    ("play AA1 brald urpen morin", "one or two attacking dwarves"),
    ("play X2 morin", "takes nothing after the card"),
    ("draw 2", "takes nothing after it"),
    ("wound wings", "dragon's abilities"),
    ("place brald", "names a dwarf and a hex"),
    ("block", "names one card"),
])
def test_bad_dwarf_notation(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        rules().parse_action(position(turn="dwarves"), text)


@pytest.mark.parametrize("text, message", [("play F2 up", "names a direction"), ("play M2", "names the hex"),
                                            ("play A3", "names the dwarf attacked")])
def test_bad_dragon_notation(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        rules().parse_action(position(), text)


def test_position_defaults() -> None:
    state = position()
    assert state.turn == 0 and state.actions_left == 2 and not state.netted and not state.fury_used
    assert len(state.decks[0]) == 38 and len(state.decks[1]) == 38 and state.hands == ((), ())
    state = position(hands={"dwarves": ["N", "N"]}, decks={"dwarves": 5})
    assert state.hands[1] == ("N", "N") and len(state.decks[1]) == 5
    later = position({"first_game": False}, dwarves={"brald": "unplaced", "urpen": "unplaced", "morin": "unplaced"})
    assert later.dwarves == (UNPLACED,) * 3


@pytest.mark.parametrize("data, message", [
    (dict(dragon="z1"), "not a hex of the board"),
    (dict(dwarves={"brald": "d4", "urpen": "f2", "morin": "b2"}), "two figures stand on one hex"),
    (dict(wounds={"flight": 1}), "only once its armour is full"),
    (dict(wounds={"armour": 5}), "armour has 4 spaces"),
    (dict(wounds={"brald": 7}), "6 wound spaces"),
    (dict(wounds={"brald": 6}), "dead exactly when every space is"),
    (dict(dwarves={"brald": "dead", "urpen": "f2", "morin": "b2"}), "dead exactly when every space is"),
    (dict(dwarves={"brald": "unplaced", "urpen": "f2", "morin": "b2"}, wounds={"brald": 1}), "not placed yet"),
    (dict(dwarves={"brald": "unplaced", "urpen": "f2", "morin": "b2"}), "first game the dwarves start"),
    (dict(exchange=["dragon"]), "only under the advanced rule"),
    (dict(hands={"dragon": ["M2"] * 7}), "more than the hand limit"),
    (dict(hands={"dragon": ["N"]}), "not a card of that deck"),
    (dict(hands={"dwarves": ["N", "N", "N", "N"]}), "more N cards than the deck has"),
    (dict(hands={"dwarves": ["N", "N"]}, decks={"dwarves": ["N", "N"]}), "more N cards than the deck has"),
    (dict(decks={"dragon": 39}), "at most 38 more cards"),
    (dict(actions=3), "only a dwarf Fury turn has 3 actions"),
])
def test_impossible_positions(data: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        position(**data)


def test_state_text_and_kinds() -> None:
    engine = rules()
    state = position(turn="dwarves", net=True, hands={"dwarves": ["N"]})
    text = engine.state_text(state)
    assert "dragon d4 (netted)" in text and "brald d6 0/6" in text and "dwarves to act" in text
    assert "hand [?]" in engine.state_text(engine.view(state, "dragon"))
    assert engine.action_kind(Play("M2", "M2", (0,), (3,))) == "play"
    assert set(engine.action_kinds) == {"draw", "discard", "play", "block", "take", "wound", "fury", "escape", "pass"}
    variant = rules(first_game=False, exchange_opening_hand=True)
    assert set(variant.action_kinds) - set(engine.action_kinds) == {"place", "keep", "exchange"}
