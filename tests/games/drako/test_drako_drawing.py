"""Neutral drawing data: figures by hex, and the marks actions leave (paths, arrows, lines, refusals)."""
from __future__ import annotations

from drako_support import position, rules

from generator.games.drako.state import State
from generator.play.views import MARK_KINDS, MARK_ROLES, DiagramMark

NEAR = {"brald": "d5", "urpen": "e3", "morin": "b2"}


def marks(state: State, text: str) -> list[DiagramMark]:
    engine = rules()
    action = engine.parse_action(state, text)
    verdict = engine.check(state, action)
    outcome = engine.apply(state, action) if verdict else None
    found = engine.action_marks(state, action, outcome, verdict)
    assert all(m.kind in MARK_KINDS and m.role in MARK_ROLES for m in found)
    return found


def test_piece_views() -> None:
    views = rules().piece_views(position(net=True))
    assert set(views) == {"d4", "d6", "f2", "b2"}
    dragon = views["d4"][0]
    assert dragon.owner == "dragon" and dragon.badge == "D" and dragon.marked == "net"
    assert views["d6"][0].badge == "B" and views["d6"][0].carried == "Fury"
    assert views["b2"][0].carried == "Archery"


def test_dwarf_move_draws_its_path() -> None:  # the card itself is drawn beside the board, not named on it
    found = marks(position(turn="dwarves", hands={"dwarves": ["M2"]}), "play M2 brald e4")
    assert found == [DiagramMark("path", ("d6", "e5", "e4"), "move")]


def test_two_dwarves_draw_two_paths() -> None:
    state = position(dwarves={"brald": "c5", "urpen": "d5", "morin": "b2"}, turn="dwarves", hands={"dwarves": ["MM1"]})
    found = marks(state, "play MM1 brald d5 urpen e4")
    assert [m.cells for m in found] == [("c5", "d5"), ("d5", "e4")]


def test_fire_draws_the_line_and_rings_the_dwarves() -> None:
    state = position(dwarves={"brald": "d5", "urpen": "d6", "morin": "b2"}, hands={"dragon": ["F2"]})
    found = marks(state, "play F2 n")
    assert found[0] == DiagramMark("line", ("d4", "d5", "d6", "d7"), "capture")
    assert [m.cells for m in found[1:]] == [("d5",), ("d6",)]


def test_crossbow_line_and_its_refusal() -> None:
    found = marks(position(turn="dwarves", hands={"dwarves": ["X2"]}), "play X2")
    assert found == [DiagramMark("line", ("b2", "c3", "d4"), "capture")]
    blocked = position(dwarves={"brald": "d6", "urpen": "c3", "morin": "b2"}, turn="dwarves",
                       hands={"dwarves": ["X2"]})
    found = marks(blocked, "play X2")
    assert found[0].role == "blocked" and found[-1] == DiagramMark("cross", ("c3",), "blocked", "line-blocked")


def test_flight_attack_net_and_refused_move() -> None:
    assert marks(position(hands={"dragon": ["W"]}), "play W a4") == [DiagramMark("arrow", ("d4", "a4"), "move")]
    state = position(dwarves=NEAR, hands={"dragon": ["A3"]})
    assert marks(state, "play A3 urpen") == [DiagramMark("arrow", ("d4", "e3"), "capture")]
    state = position(turn="dwarves", hands={"dwarves": ["N"]})
    assert marks(state, "play N")[0].kind == "ring"
    found = marks(position(turn="dwarves", hands={"dwarves": ["M2"]}), "play M2 morin e3")
    assert found[-1] == DiagramMark("cross", ("e3",), "blocked", "too-far")


def test_block_and_take_ring_the_target() -> None:
    engine = rules()
    state = engine.play(position(dwarves=NEAR, hands={"dragon": ["A2"], "dwarves": ["D"]}), "play A2 brald")
    assert marks(state, "block D") == [DiagramMark("ring", ("d5",), "blocked", "blocked by a Defence")]
    assert marks(state, "take") == [DiagramMark("ring", ("d5",), "result", "2 wounds")]


def test_fury_marks_the_wound_it_costs() -> None:
    state = position(turn="dwarves", hands={"dwarves": ["M2"]})
    assert marks(state, "fury") == [DiagramMark("label", ("d6",), "info", "Fury"),
                                    DiagramMark("ring", ("d6",), "result", "1 wound")]
    used = position(turn="dwarves", fury="used", hands={"dwarves": ["M2"]})
    assert [m.kind for m in marks(used, "fury")] == ["label", "cross"]


def test_the_end_of_the_game_is_told_in_players_words() -> None:
    engine = rules()
    state = position(dwarves={"brald": "d5", "urpen": "f2", "morin": "b2"}, turn="dwarves",
                     hands={"dwarves": ["A2"], "dragon": []}, decks={"dwarves": 0})
    after = engine.play(state, "play A2 brald")
    assert engine.result(after) is not None and engine.result(after).reason == "dwarf-cards-exhausted"
    assert engine.result_text(after) == "The dwarves are out of cards and the dragon lives: the dragon wins."
    assert engine.result_text(state) == ""
