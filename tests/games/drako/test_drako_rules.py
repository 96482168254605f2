"""Every rule of Drako on real positions: a legal case and an illegal case with its reason code."""
from __future__ import annotations

import pytest
from drako_support import code, position, rules

from generator.games.drako.actions import Place, PlaceWound, Play
from generator.games.drako.state import DEAD

DWARVES_TURN = {"turn": "dwarves"}
ADVANCED = {"exchange_opening_hand": True}
LATER = {"first_game": False}
UNPLACED_ALL = {"brald": "unplaced", "urpen": "unplaced", "morin": "unplaced"}
NEAR = {"brald": "d5", "urpen": "e3", "morin": "b2"}

CASES = [
    # sequence of play
    ("first turn has one action", dict(actions=1, hands={"dragon": ["M2", "A2"], "dwarves": ["M2"]}),
     ["play M2 c5", "pass"], "no-pass"),
    ("draw spends an action", dict(hands={"dragon": []}, decks={"dragon": ["M2", "D"]}), ["draw"], "legal"),
    ("draw from an empty deck", dict(hands={"dragon": ["M2"]}, decks={"dragon": 0}), ["draw"], "deck-empty"),
    ("dragon passes only when stuck", dict(hands={"dragon": ["M2"]}, decks={"dragon": 0}), ["pass"], "must-act"),
    ("dragon out of cards passes", dict(hands={"dragon": []}, decks={"dragon": 0}), ["pass"], "legal"),
    ("dwarves never pass", dict(turn="dwarves", hands={"dwarves": ["M2"]}), ["pass"], "no-pass"),
    ("card must be in hand", dict(turn="dwarves", hands={"dwarves": ["M2"]}), ["play A2 brald"], "card-not-in-hand"),
    ("defence is no action", dict(turn="dwarves", hands={"dwarves": ["D"]}), ["play D"], "defence-is-reaction"),
    # hand limit
    ("discard before anything else", dict(turn="dwarves", hands={"dwarves": ["A2", "AA1", "X2", "N", "D"]},
                                          decks={"dwarves": ["M2", "MM1"]}),
     ["draw", "drawn M2", "drawn MM1", "play X2"], "discard-pending"),
    ("discard down to six", dict(turn="dwarves", hands={"dwarves": ["A2", "AA1", "X2", "N", "D"]},
                                 decks={"dwarves": ["M2", "MM1"]}),
     ["draw", "drawn M2", "drawn MM1", "discard D"], "legal"),
    ("no discard within the limit", dict(turn="dwarves", hands={"dwarves": ["D"]}), ["discard D"], "hand-within-limit"),
    ("chance deals only cards of the deck", dict(hands={"dragon": []}, decks={"dragon": ["M2", "D"]}),
     ["draw", "drawn F1"], "card-not-in-deck"),
    ("nobody plays while cards are dealt", dict(hands={"dragon": ["A2"]}, decks={"dragon": ["M2", "D"]}),
     ["draw", "play A2 brald"], "chance-turn"),
    ("no dealing outside a draw", dict(hands={"dragon": ["A2"]}), ["drawn M2"], "not-drawing"),
    # dwarf moves
    ("one dwarf walks two", dict(DWARVES_TURN, hands={"dwarves": ["M2"]}), ["play M2 brald e4"], "legal"),
    ("a move of zero hexes", dict(DWARVES_TURN, hands={"dwarves": ["M2"]}), ["play M2 brald d6"], "legal"),
    ("too far", dict(DWARVES_TURN, hands={"dwarves": ["M2"]}), ["play M2 morin e3"], "too-far"),
    ("onto a figure", dict(DWARVES_TURN, hands={"dwarves": ["M2"]}), ["play M2 brald d4"], "hex-occupied"),
    ("path blocked", dict(dragon="b2", dwarves={"brald": "a2", "urpen": "b1", "morin": "a1"}, turn="dwarves",
                          hands={"dwarves": ["M2"]}), ["play M2 morin c2"], "path-blocked"),
    ("two dwarves move", dict(DWARVES_TURN, hands={"dwarves": ["MM1"]}), ["play MM1 brald d5 urpen e3"], "legal"),
    ("second makes room", dict(dwarves={"brald": "c5", "urpen": "d5", "morin": "b2"}, turn="dwarves",
                               hands={"dwarves": ["MM1"]}), ["play MM1 brald d5 urpen e4"], "legal"),
    ("both named dwarves move", dict(dwarves={"brald": "c5", "urpen": "d5", "morin": "b2"}, turn="dwarves",
                                     hands={"dwarves": ["MM1"]}), ["play MM1 brald c5 urpen e4"], "stays-put-in-pair"),
    ("dwarves in mat order", dict(DWARVES_TURN, hands={"dwarves": ["MM1"]}), ["play MM1 urpen e3 brald d5"],
     "dwarves-out-of-order"),
    ("same dwarf twice", dict(DWARVES_TURN, hands={"dwarves": ["MM1"]}), ["play MM1 brald d5 brald d5"],
     "same-dwarf-twice"),
    ("a dead dwarf does not move", dict(dwarves={"brald": "d6", "urpen": "f2", "morin": "dead"},
                                        wounds={"morin": 4}, turn="dwarves", hands={"dwarves": ["M2"]}),
     ["play M2 morin b3"], "dwarf-dead"),
    # dwarf attacks
    ("adjacent attack", dict(dwarves=NEAR, turn="dwarves", hands={"dwarves": ["A2"], "dragon": ["D"]}),
     ["play A2 brald"], "legal"),
    ("attack from afar", dict(DWARVES_TURN, hands={"dwarves": ["A2"]}), ["play A2 brald"], "not-adjacent"),
    ("two attack", dict(dwarves=NEAR, turn="dwarves", hands={"dwarves": ["AA1"], "dragon": ["D"]}),
     ["play AA1 brald urpen"], "legal"),
    ("one of two not adjacent", dict(dwarves=NEAR, turn="dwarves", hands={"dwarves": ["AA1"]}),
     ["play AA1 brald morin"], "not-adjacent"),
    ("crossbow in line", dict(DWARVES_TURN, hands={"dwarves": ["X2"]}), ["play X2"], "legal"),
    ("crossbow blocked", dict(dwarves={"brald": "d6", "urpen": "c3", "morin": "b2"}, turn="dwarves",
                              hands={"dwarves": ["X2"]}), ["play X2"], "line-blocked"),
    ("crossbow off the line", dict(dwarves={"brald": "d6", "urpen": "f2", "morin": "b3"}, turn="dwarves",
                                   hands={"dwarves": ["X2"]}), ["play X2"], "not-in-line"),
    ("archer dead", dict(dwarves={"brald": "d6", "urpen": "f2", "morin": "dead"}, wounds={"morin": 4},
                         turn="dwarves", hands={"dwarves": ["X2"]}), ["play X2"], "ability-dwarf-dead"),
    ("net from anywhere", dict(DWARVES_TURN, hands={"dwarves": ["N"]}), ["play N"], "legal"),
    ("net twice", dict(DWARVES_TURN, net=True, hands={"dwarves": ["N"]}), ["play N"], "already-netted"),
    ("net dwarf dead", dict(dwarves={"brald": "d6", "urpen": "dead", "morin": "b2"}, wounds={"urpen": 5},
                            turn="dwarves", hands={"dwarves": ["N"]}), ["play N"], "ability-dwarf-dead"),
    # the net on the dragon
    ("netted dragon cannot walk", dict(net=True, hands={"dragon": ["M2"]}), ["play M2 c5"], "netted"),
    ("netted dragon cannot fly", dict(net=True, hands={"dragon": ["W"]}), ["play W a1"], "netted"),
    ("netted dragon attacks", dict(dwarves=NEAR, net=True, hands={"dragon": ["A2"]}), ["play A2 brald"], "legal"),
    ("escape with the whole turn", dict(net=True, hands={"dragon": ["M2"]}), ["escape"], "legal"),
    ("escape with half a turn", dict(net=True, actions=1, hands={"dragon": ["M2"]}), ["escape"],
     "escape-needs-whole-turn"),
    ("no escape without a net", dict(hands={"dragon": ["M2"]}), ["escape"], "not-netted"),
    ("dwarves do not escape", dict(DWARVES_TURN, net=True, hands={"dwarves": ["M2"]}), ["escape"], "dragon-only"),
    # dragon cards
    ("dragon walks", dict(hands={"dragon": ["M2"]}), ["play M2 c5"], "legal"),
    ("dragon walks too far", dict(hands={"dragon": ["M1"]}), ["play M1 c5"], "too-far"),
    ("dragon flies anywhere", dict(hands={"dragon": ["W"]}), ["play W a4"], "legal"),
    ("dragon flies onto a dwarf", dict(hands={"dragon": ["W"]}), ["play W d6"], "hex-occupied"),
    ("dragon flies nowhere", dict(hands={"dragon": ["W"]}), ["play W d4"], "hex-occupied"),
    ("dragon attacks adjacent", dict(dwarves=NEAR, hands={"dragon": ["A3"]}), ["play A3 urpen"], "legal"),
    ("dragon attacks afar", dict(hands={"dragon": ["A3"]}), ["play A3 brald"], "not-adjacent"),
    ("dragon attacks the dead", dict(dwarves={"brald": "d5", "urpen": "dead", "morin": "b2"}, wounds={"urpen": 5},
                                     hands={"dragon": ["A3"]}), ["play A3 urpen"], "dwarf-dead"),
    ("fire along a line", dict(hands={"dragon": ["F2"]}), ["play F2 n"], "legal"),
    ("fire at nobody", dict(hands={"dragon": ["F2"]}), ["play F2 ne"], "fire-hits-nobody"),
    ("option must be on the card", dict(hands={"dragon": ["A2/M1"]}), ["play A2/M1:M1 c4"], "legal"),
    # mats
    ("fire lost", dict(wounds={"armour": 4, "fire": 1}, hands={"dragon": ["F1"]}), ["play F1 n"], "ability-lost"),
    ("movement lost", dict(wounds={"armour": 4, "move": 2}, hands={"dragon": ["M2"]}), ["play M2 c5"],
     "ability-lost"),
    ("flight lost", dict(wounds={"armour": 4, "flight": 2}, hands={"dragon": ["W"]}), ["play W a4"], "ability-lost"),
    ("wounds on an open ability", dict(dwarves=NEAR, wounds={"armour": 4}, turn="dwarves",
                                       hands={"dwarves": ["A2"], "dragon": ["M2"]}),
     ["play A2 brald", "take", "wound move"], "legal"),
    ("wounds not on a full ability", dict(dwarves=NEAR, wounds={"armour": 4, "flight": 2}, turn="dwarves",
                                          hands={"dwarves": ["A2"], "dragon": ["M2"]}),
     ["play A2 brald", "take", "wound flight"], "ability-full"),
    ("wounds placed before play goes on", dict(dwarves=NEAR, wounds={"armour": 4}, turn="dwarves",
                                               hands={"dwarves": ["A2", "M2"], "dragon": ["M2"]}),
     ["play A2 brald", "take", "play M2 morin b3"], "wounds-pending"),
    ("no wound to place", dict(DWARVES_TURN, hands={"dwarves": ["M2"]}), ["wound fire"], "no-wounds-to-place"),
    ("fury", dict(DWARVES_TURN, hands={"dwarves": ["M2"]}), ["fury"], "legal"),
    ("fury once", dict(DWARVES_TURN, fury="used", wounds={"brald": 1}, hands={"dwarves": ["M2"]}), ["fury"],
     "fury-used"),
    ("fury with its dwarf dead", dict(dwarves={"brald": "dead", "urpen": "f2", "morin": "b2"}, wounds={"brald": 6},
                                      turn="dwarves", hands={"dwarves": ["M2"]}), ["fury"], "ability-dwarf-dead"),
    ("no fury for the dragon", dict(hands={"dragon": ["M2"]}), ["fury"], "dwarves-only"),
    # defence
    ("block with a defence", dict(dwarves=NEAR, hands={"dragon": ["A2"], "dwarves": ["M1/D"]}),
     ["play A2 brald", "block M1/D"], "legal"),
    ("block with no defence symbol", dict(dwarves=NEAR, hands={"dragon": ["A2"], "dwarves": ["M2"]}),
     ["play A2 brald", "block M2"], "not-a-defence"),
    ("answer before anything else", dict(dwarves=NEAR, hands={"dragon": ["A2", "M2"], "dwarves": ["D"]}),
     ["play A2 brald", "draw"], "reaction-pending"),
    ("nothing to block", dict(hands={"dragon": ["D"]}), ["block D"], "nothing-to-block"),
    ("nothing to take", dict(hands={"dragon": ["D"]}), ["take"], "nothing-to-block"),
    # set-up
    ("exchange only before play", dict(options=ADVANCED, hands={"dragon": ["D"]}), ["exchange"], "no-exchange-now"),
    ("keep the opening hand", dict(options=ADVANCED, exchange=["dragon", "dwarves"], actions=1,
                                   hands={"dragon": ["D"]}), ["keep"], "legal"),
    ("exchange the opening hand", dict(options=ADVANCED, exchange=["dragon", "dwarves"], actions=1,
                                       hands={"dragon": ["D", "M2"]}),
     ["exchange"], "legal"),
    ("keep comes before play", dict(options=ADVANCED, exchange=["dragon"], actions=1, hands={"dragon": ["M2"]}),
     ["play M2 c5"],
     "exchange-pending"),
    ("place beside the dragon", dict(options=LATER, dwarves=UNPLACED_ALL,
                                     actions=1), ["place brald c4"], "next-to-dragon"),
    ("place in mat order", dict(options=LATER, dwarves=UNPLACED_ALL,
                                actions=1), ["place urpen c5"], "place-in-order"),
    ("place on a free hex", dict(options=LATER, dwarves=UNPLACED_ALL,
                                 actions=1), ["place brald c5"], "legal"),
    ("place on a taken hex", dict(options=LATER, dwarves={"brald": "c5", "urpen": "unplaced", "morin": "unplaced"},
                                  actions=1), ["place urpen c5"], "hex-occupied"),
    ("play waits for the placing", dict(options=LATER, dwarves=UNPLACED_ALL,
                                        actions=1, hands={"dragon": ["M2"]}), ["draw"], "placing-pending"),
    ("no placing once placed", dict(DWARVES_TURN, hands={"dwarves": ["M2"]}), ["place brald c5"], "no-placing-now"),
]


@pytest.mark.parametrize("name, data, actions, expected", CASES, ids=[c[0] for c in CASES])
def test_rule(name: str, data: dict, actions: list[str], expected: str) -> None:
    options = data.get("options")
    assert code(position(**data), *actions, options=options) == expected


def test_single_dwarf_card_names_one_dwarf() -> None:
    state = position(turn="dwarves", hands={"dwarves": ["M2"]})
    with pytest.raises(ValueError, match="names a dwarf"):
        rules().parse_action(state, "play M2 brald d5 urpen e3")


def test_dragon_wounds_go_to_armour_first() -> None:
    engine = rules()
    state = position(dwarves=NEAR, wounds={"armour": 3}, turn="dwarves", hands={"dwarves": ["AA2"], "dragon": ["M2"]})
    state = engine.play(state, "play AA2 brald urpen", "take")
    assert state.dragon_wounds[0] == 4 and state.to_place == 1
    # Both blows of the card are answered before the dwarf player places what went past the armour.
    assert engine.decision(state) == "dragon" and len(state.hits) == 1
    with pytest.raises(ValueError, match="wound"):
        engine.play(state, "wound fire")
    state = engine.play(state, "take")
    assert state.to_place == 3 and engine.decision(state) == "dwarves"
    state = engine.play(state, "wound fire", "wound flight", "wound flight")
    assert state.dragon_wounds == (4, 2, 0, 1) and engine.decision(state) == "dwarves"


def test_blows_of_one_card_that_fill_the_mat_kill_the_dragon_at_once() -> None:
    engine = rules()
    spaces = engine.core.dragon_spaces
    almost = {"armour": spaces[0], "flight": spaces[1], "movement": spaces[2] - 1}
    state = position(dwarves=NEAR, wounds=almost, turn="dwarves", hands={"dwarves": ["AA2"], "dragon": ["M2", "M1"]})
    state = engine.play(state, "play AA2 brald urpen", "take")
    # Two of the three spaces left are owed, nothing is placed yet: the second blow is answered first.
    assert state.to_place == 2 and engine.decision(state) == "dragon"
    state = engine.play(state, "take")
    assert engine.result(state) is not None and engine.result(state).reason == "dragon-killed"


def test_a_blocked_second_blow_leaves_the_first_wounds_to_place() -> None:
    engine = rules()
    state = position(dwarves=NEAR, wounds={"armour": 4}, turn="dwarves", hands={"dwarves": ["AA2"], "dragon": ["D"]})
    state = engine.play(state, "play AA2 brald urpen", "take", "block D")
    assert state.to_place == 2 and not state.hits and engine.decision(state) == "dwarves"


def test_attack_on_an_empty_hand_lands_at_once() -> None:
    engine = rules()
    state = engine.play(position(dwarves=NEAR, turn="dwarves", hands={"dwarves": ["A2"], "dragon": []}),
                        "play A2 brald")
    assert state.dragon_wounds[0] == 2 and not state.hits


def test_fire_hits_every_dwarf_in_line() -> None:
    engine = rules()
    state = position(dwarves={"brald": "d5", "urpen": "d6", "morin": "d7"}, hands={"dragon": ["F2"]},
                     wounds={"morin": 2})
    outcome = engine.apply(state, engine.parse_action(state, "play F2 n"))
    assert outcome.state.dwarf_wounds == (2, 2, 4) and outcome.state.dwarves[2] == DEAD
    assert [e.kind for e in outcome.events].count("wounded") == 3


def test_fury_adds_an_action_and_a_wound() -> None:
    engine = rules()
    state = engine.play(position(turn="dwarves", hands={"dwarves": ["M2", "A2", "M1/D"]}), "fury",
                        "play M2 brald d5", "play A2 brald", "play M1/D:M1 morin b3")
    assert state.fury_used and state.dwarf_wounds[0] == 1
    assert engine.decision(state) == "dragon"


def test_fury_may_kill_its_dwarf() -> None:
    engine = rules()
    state = engine.play(position(turn="dwarves", wounds={"brald": 5}, hands={"dwarves": ["M2"]}), "fury")
    assert state.dwarves[0] == DEAD and state.actions_left == 3


def test_turn_passes_after_two_actions() -> None:
    engine = rules()
    state = engine.play(position(hands={"dragon": ["M2", "M1"]}), "play M2 c5", "play M1 c4")
    assert engine.decision(state) == "dwarves" and state.actions_left == 2


def test_the_dragon_keeps_its_opening_hand_and_the_dwarf_player_decides_next() -> None:
    engine = rules(**ADVANCED)
    hands = {"dragon": ["A2", "F2", "D", "M2"], "dwarves": ["M2", "A2", "X2", "N"]}
    state = engine.play(position(ADVANCED, exchange=["dragon", "dwarves"], actions=1, hands=hands), "keep")
    assert engine.decision(state) == "dwarves" and state.exchange == (1,)
    assert sorted(state.hands[0]) == sorted(hands["dragon"])


def test_an_exchanged_opening_hand_goes_back_and_four_new_cards_are_dealt() -> None:
    engine = rules(**ADVANCED)
    hands = {"dragon": ["A1", "A1", "D", "M1"], "dwarves": ["M2", "A2", "X2", "N"]}
    before = position(ADVANCED, exchange=["dragon", "dwarves"], actions=1, hands=hands)
    state = engine.play(before, "exchange")
    assert state.hands[0] == () and state.draws == (0, 0, 0, 0)
    assert len(state.decks[0]) == len(before.decks[0]) + 4 and engine.decision(state) == "chance"


def test_draw_of_the_last_card() -> None:
    engine = rules()
    state = engine.play(position(hands={"dragon": []}, decks={"dragon": ["W"]}), "draw")
    assert state.draws == (0,)
    assert [engine.action_text(a) for a, _ in engine.chance_outcomes(state)] == ["drawn W"]


def test_game_over_refuses_everything() -> None:
    engine = rules()
    state = position(dwarves={"brald": "d5", "urpen": "dead", "morin": "dead"}, wounds={"brald": 5, "urpen": 5,
                     "morin": 4}, hands={"dragon": ["A2"], "dwarves": ["M2"]})
    state = engine.play(state, "play A2 brald", "take")
    result = engine.result(state)
    assert result is not None and result.winners == ("dragon",) and result.reason == "dwarves-killed"
    assert engine.decision(state) is None and engine.legal_actions(state) == []
    assert engine.check(state, engine.parse_action(state, "draw")).code == "game-over"


def test_dwarves_out_of_cards_lose_even_holding_a_defence() -> None:
    engine = rules()
    state = position(turn="dwarves", hands={"dwarves": ["D"]}, decks={"dwarves": 0})
    result = engine.result(state)
    assert result is not None and result.reason == "dwarf-cards-exhausted"
    state = position(hands={"dragon": ["M2"], "dwarves": ["D"]}, decks={"dwarves": 0})
    assert engine.result(state) is None, "during the dragon's turn the defence may still be used"


def test_hand_built_actions_outside_the_game_are_refused() -> None:
    engine = rules()
    state = position(turn="dwarves", hands={"dwarves": ["M2", "X2"]})
    for action in (Play("M2", "M2", (7,), (3,)), Play("M2", "M2", (0,), (99,)), PlaceWound(5), Place(4, 0)):
        assert engine.check(state, action).code == "unknown-target"
    assert engine.check(position(hands={"dragon": ["F2"]}), Play("F2", "F2", direction=9)).code == "unknown-target"
    assert engine.check(state, Play("M2", "M2", (0, 1), (3,))).code == "wrong-targets"


def test_wounds_owed_must_fit_the_mat() -> None:
    engine = rules()
    state = position(dwarves=NEAR, wounds={"armour": 4}, turn="dwarves", hands={"dwarves": ["AA2"], "dragon": ["M2"]})
    state = engine.play(state, "play AA2 brald urpen", "take")
    assert engine.invariants(state) == []
    free = engine.core.dragon_total - sum(state.dragon_wounds)
    assert any("should be dead" in p for p in engine.invariants(state._replace(to_place=free)))
    early = state._replace(dragon_wounds=(3,) + state.dragon_wounds[1:])
    assert any("before its armour is full" in p for p in engine.invariants(early))
