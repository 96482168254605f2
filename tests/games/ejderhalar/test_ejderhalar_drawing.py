"""Diagram data from the engine: pieces with shape, height, glyph, colour and stun; marks of actions."""
from __future__ import annotations

from ejderhalar_support import engine, pos


def test_piece_views_tell_players_and_dragons_apart_without_colour() -> None:
    rules = engine()
    views = rules.piece_views(pos(stunned=["p2-c7"], stacks={"a4": "p1-a4*2", "a5": "p1-a4", "c7": "p2-c7*3"}))
    (mine,), (theirs,) = views["a4"], views["c7"]
    assert (mine.owner, mine.shape, mine.height, mine.badge, mine.colour, mine.marked) == \
        ("p1", "disc", 2, "1", "dragon-1", "")
    assert (theirs.owner, theirs.shape, theirs.height, theirs.badge, theirs.marked) == ("p2", "square", 3, "2", "stunned")
    assert set(views) == {"a4", "a5", "c7"}


def test_marks_of_a_push_show_path_target_route_choice_and_stun() -> None:
    rules = engine()
    state = pos(stacks={"c3": "p1-b2*2", "c2": "p1-b2", "b4": "p2-a6", "c4": "p2-a6", "d4": "p2-a6",
                        "h1": "p1-d1*3"})
    action = rules.parse_action(state, "c2-c3 push left left")
    outcome = rules.apply(state, action)
    marks = rules.action_marks(state, action, outcome, rules.check(state, action))
    kinds = [(m.kind, m.cells, m.text) for m in marks]
    assert ("path", ("c2", "c3"), "move") in kinds
    assert ("ring", ("c4",), "target, strength 3") in kinds
    assert ("arrow", ("c4", "b4"), "3b") in kinds and ("arrow", ("d4", "b4"), "gathers") in kinds
    assert ("arrow", ("a4", "a3"), "3c") in kinds
    assert ("label", ("c4",), "chose left") in kinds and ("label", ("a4",), "chose left") in kinds
    assert ("ring", ("a3",), "stunned") in kinds
    long = engine(stun_by_strength=True)
    marks = long.action_marks(state, action, long.apply(state, action), long.check(state, action))
    assert ("ring", ("a3",), "stunned for three of its owner's turns") in [(m.kind, m.cells, m.text) for m in marks]


def test_marks_of_a_refusal_point_at_the_cause() -> None:
    rules = engine()
    state = pos(stacks={"d4": "p1-d1", "d5": "p1-d1", "d6": "p1-d1", "c3": "p1-b2*3", "c5": "p2-a6*3"})
    for text, where, code in (("d5-e5", ("d5",), "token-pinned"), ("c3-c4 push", ("c5",), "push-too-weak"),
                              ("c3-c4-c5", ("c5",), "path-off-dragon")):
        action = rules.parse_action(state, text)
        verdict = rules.check(state, action)
        marks = rules.action_marks(state, action, None, verdict)
        assert ("cross", where, "blocked", code) in [(m.kind, m.cells, m.role, m.text) for m in marks]


def test_win_is_highlighted() -> None:
    rules = engine()
    state = pos(stacks={"c5": "p1-a4*3", "d3": "p1-d1*3", "f3": "p1-f2*3"})
    action = rules.parse_action(state, "f3-f4")
    marks = rules.action_marks(state, action, rules.apply(state, action), rules.check(state, action))
    assert [(set(m.cells), m.text) for m in marks if m.kind == "highlight"] == [({"c5", "d3", "f4"}, "Player One wins")]
