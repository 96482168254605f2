"""Captures on real positions: jumps, enchanted flights, the eye ban, chains and the landing duty."""
from __future__ import annotations

from typing import Any

import pytest

from generator.model.game import load_game
from generator.games.dragon_eyes.actions import Capture
from generator.games.dragon_eyes.engine import DragonEyesRules
from generator.games.dragon_eyes.state import State
from generator.play.registry import rules_for


@pytest.fixture(scope="module")
def rules() -> DragonEyesRules:
    found = rules_for(load_game("dragon-eyes"))
    assert isinstance(found, DragonEyesRules)
    return found


def at(rules: DragonEyesRules, **data: Any) -> State:
    """A position; a face-down dark piece on k3 keeps the first phase going unless told otherwise."""
    data.setdefault("face_down", ["k3"])
    data.setdefault("hidden", {"light": 0, "dark": len(data["face_down"])})
    data.setdefault("to_move", "light")
    return rules.position(data)


def texts(rules: DragonEyesRules, state: State) -> list[str]:
    return [rules.action_text(a) for a in rules.legal_actions(state)]


def code(rules: DragonEyesRules, state: State, text: str) -> str:
    verdict = rules.check(state, rules.parse_action(state, text))
    return "legal" if verdict else verdict.code


def test_ordinary_jump_is_the_only_action_and_removes_the_piece(rules: DragonEyesRules) -> None:
    state = at(rules, light=["d4"], dark=["d5"], face_down=["h4", "h5"], hidden={"light": 1, "dark": 1})
    assert texts(rules, state) == ["d4xd6"]
    after = rules.play(state, "d4xd6")
    assert rules.piece_views(after)["d6"][0].owner == "light"
    assert "d5" not in rules.piece_views(after) and "d4" not in rules.piece_views(after)
    assert after.captured[1] == state.captured[1] + 1 and rules.decision(after) == "dark"


@pytest.mark.parametrize("light, dark, action, reason", [
    (["d2"], ["d4"], "d2xd5", "too-far"),                 # ordinary pieces do not fly
    (["d2"], ["d3"], "d2xd5", "too-far"),                 # nor land further than just behind
    (["d4", "d5"], [], "d4xd6", "own-piece"),
    (["d4"], ["e4"], "d4xf5", "not-on-line"),
    (["d4"], ["d5", "d6"], "d4xd6", "landing-occupied"),
    (["d4"], [], "d4xd6", "nothing-to-capture"),
    (["d3"], ["d4", "d5"], "d3xd6", "several-pieces-between"),
    (["k5"], ["d4"], "d4xd6", "not-your-piece"),
    (["k5"], [], "d4xd6", "no-piece"),
])
def test_illegal_ordinary_captures(rules: DragonEyesRules, light: list[str], dark: list[str], action: str,
                                   reason: str) -> None:
    assert code(rules, at(rules, light=light, dark=dark), action) == reason


def test_a_capture_needs_a_landing(rules: DragonEyesRules) -> None:
    state = at(rules, light=["d4"], dark=["d5"])
    assert rules.check(state, Capture((rules.tables.cell("d4"),))).code == "nothing-to-capture"


def test_face_down_pieces_are_never_captured_and_cannot_capture(rules: DragonEyesRules) -> None:
    """Reading 1: a face-down piece is nobody's."""
    state = at(rules, light=["d4"], face_down=["d5", "k3"], hidden={"light": 1, "dark": 1})
    assert code(rules, state, "d4xd6") == "face-down-untouchable"
    assert all(not t.startswith("d4x") for t in texts(rules, state))
    assert code(rules, state, "d5xd3") == "face-down-piece"


def test_face_down_pieces_block_flights(rules: DragonEyesRules) -> None:
    """Reading 1: one face-down piece on the way stops an enchanted flight."""
    blocked = at(rules, light=["a1"], dark=["a4"], face_down=["a3", "k3"])
    assert code(rules, blocked, "a1xa5") == "several-pieces-between"
    assert not any(t.startswith("a1x") for t in texts(rules, blocked))
    behind = at(rules, light=["a1"], dark=["a3"], face_down=["a5", "k3"])
    assert "a1xa4" in texts(rules, behind) and code(rules, behind, "a1xa5") == "landing-occupied"


def test_enchanted_piece_flies_and_picks_any_landing_behind(rules: DragonEyesRules) -> None:
    state = at(rules, light=["f6"], dark=["h6"])
    assert sorted(texts(rules, state)) == ["f6xi6", "f6xj6"]          # k6 is an eye
    state = at(rules, light=["a1"], dark=["a4"])
    assert texts(rules, state) == ["a1xa5"]


def test_ordinary_piece_on_same_line_cannot_fly(rules: DragonEyesRules) -> None:
    assert code(rules, at(rules, light=["a2"], dark=["a4"]), "a2xa5") == "too-far"


def test_enchanted_piece_may_not_cross_or_land_on_eyes(rules: DragonEyesRules) -> None:
    assert code(rules, at(rules, light=["f1"], dark=["f7"]), "f1xf8") == "passes-eye"
    assert code(rules, at(rules, light=["f1"], dark=["f5"]), "f1xf6") == "lands-on-eye"
    # leaving the eye one starts on is no crossing (entry 12)
    assert code(rules, at(rules, light=["f11"], dark=["e10"]), "f11xd9") == "legal"


def test_ordinary_pieces_may_land_on_eyes(rules: DragonEyesRules) -> None:
    """Reading 2: the eye ban is for enchanted pieces only."""
    assert texts(rules, at(rules, light=["f4"], dark=["f5"])) == ["f4xf6"]
    assert texts(rules, at(rules, light=["a4"], dark=["a5"])) == ["a4xa6"]


def test_enchanted_short_capture_cannot_land_on_eye(rules: DragonEyesRules) -> None:
    """Reading 11: enchanted on a1 mid-chain, the piece may not jump its neighbour e5 onto the centre eye."""
    state = at(rules, light=["a3"], dark=["a2", "c3", "e5"])
    assert texts(rules, state) == ["a3xa1xd4"]
    assert code(rules, state, "a3xa1xd4xf6") == "lands-on-eye"
    ordinary = at(rules, light=["d4"], dark=["e5"])
    assert texts(rules, ordinary) == ["d4xf6"]
    assert code(rules, at(rules, light=["f11"], dark=["f7"]), "f11xf6") == "lands-on-eye"


def test_enemy_on_eye_is_safe_from_flights_but_not_from_jumps(rules: DragonEyesRules) -> None:
    """Readings 2 and 3."""
    assert code(rules, at(rules, light=["f1"], dark=["f6"]), "f1xf7") == "enemy-on-eye"
    assert texts(rules, at(rules, light=["f1"], dark=["f6"])) == ["flip k3"]
    jump = at(rules, light=["f5"], dark=["f6"])
    assert texts(rules, jump) == ["f5xf7"]
    assert rules.play(jump, "f5xf7").captured[1] == jump.captured[1] + 1


def test_landing_on_an_eye_enchants_for_the_rest_of_the_chain(rules: DragonEyesRules) -> None:
    state = at(rules, light=["f4"], dark=["f5", "h6"])
    assert sorted(texts(rules, state)) == ["f4xf6xi6", "f4xf6xj6"]
    assert code(rules, state, "f4xf6") == "chain-stops-early"
    events = rules.apply(state, rules.parse_action(state, "f4xf6xj6")).events
    assert [e.kind for e in events] == ["capture", "enchanted", "capture"]


def test_enchantment_ends_with_the_turn_off_an_eye(rules: DragonEyesRules) -> None:
    state = at(rules, light=["a1"], dark=["a3"], face_down=["c4", "k3"])
    state = rules.play(state, "a1xa4", "flip c4", "reveal c4 dark")
    assert code(rules, state, "a4xd4") == "too-far"
    assert rules.legal_actions(state) == [rules.parse_action(state, "flip k3")]


def test_chain_must_go_on_and_may_end_on_its_start(rules: DragonEyesRules) -> None:
    state = at(rules, light=["c3"], dark=["d4", "e6"])
    assert texts(rules, state) == ["c3xe5xe7"]
    assert code(rules, state, "c3xe5") == "chain-stops-early"
    assert code(rules, state, "c3xe5xe7xe9") == "nothing-to-capture"
    loop = at(rules, light=["d1"], dark=["d2", "e3", "e2"])
    assert "d1xd3xf3xd1" in texts(rules, loop)
    assert rules.play(loop, "d1xd3xf3xd1").board.count(2) == 0


def test_free_choice_between_captures(rules: DragonEyesRules) -> None:
    """Entry 15: no duty to take the most pieces."""
    state = at(rules, light=["c3"], dark=["d4", "e6", "c4"])
    assert sorted(texts(rules, state)) == ["c3xc5", "c3xe5xe7"]


def test_landing_duty_inside_the_chosen_capture(rules: DragonEyesRules) -> None:
    """Reading 4."""
    duty = at(rules, light=["a1"], dark=["c3", "d6"])
    assert texts(rules, duty) == ["a1xd4xd7", "a1xd4xd8", "a1xd4xd9"]
    assert code(rules, duty, "a1xe5") == "landing-ends-chain"
    other = at(rules, light=["a1"], dark=["c3", "d6", "a3"])
    assert sorted(texts(rules, other)) == ["a1xa4", "a1xa5", "a1xd4xd7", "a1xd4xd8", "a1xd4xd9"]
    assert code(rules, other, "a1xe5") == "landing-ends-chain"
    # when no landing goes on, every landing is allowed
    free = at(rules, light=["a1"], dark=["c3"])
    assert sorted(texts(rules, free)) == ["a1xd4", "a1xe5"]


def test_landing_duty_mid_chain(rules: DragonEyesRules) -> None:
    """The duty binds every landing of a chain: after the eye, only i6 lets the piece take i5."""
    state = at(rules, light=["f4"], dark=["f5", "h6", "i5"])
    assert texts(rules, state) == ["f4xf6xi6xi4", "f4xf6xi6xi3", "f4xf6xi6xi2", "f4xf6xi6xi1"]
    assert code(rules, state, "f4xf6xj6") == "landing-ends-chain"
    both = at(rules, light=["f4"], dark=["f5", "h6", "j5"])
    assert {t.split("x")[3] for t in texts(rules, both)} == {"k4", "j4", "j3", "j2", "j1"}


def test_a_search_weighs_each_position_a_crowd_of_captures_can_leave_once(rules: DragonEyesRules) -> None:
    """An enchanted piece among ten enemies has 3,298 capture chains but leaves only 447 different positions (where
    it ends, which pieces it takes): a search weighs one chain for each, the first of the legal order, and they
    reach exactly the positions all the chains reach."""
    from generator.games.dragon_eyes.captures import captured_cells, chain_outcomes, chains_from

    state = at(rules, light=["f1"], dark=["b3", "b5", "c4", "d3", "e1", "f4", "f5", "f7", "g7", "i5"])
    tables, board = rules.tables, state.board
    chains = chains_from(tables, board, tables.cell("f1"))
    first: dict[tuple[int, frozenset[int]], tuple[int, ...]] = {}
    for path in chains:
        first.setdefault((path[-1], frozenset(captured_cells(tables, board, path))), path)
    assert (len(chains), len(first)) == (3298, 447)
    assert chain_outcomes(tables, board, tables.cell("f1")) == list(first.values())
    legal, weighed = rules.legal_actions(state), rules.search_actions(state)
    assert weighed == [Capture(path) for path in first.values()] and len(legal) == 3298
    assert {rules.next_state(state, a) for a in weighed} == {rules.next_state(state, a) for a in legal}
    assert len({rules.next_state(state, a) for a in weighed}) == len(weighed)


def test_in_a_crowd_a_search_weighs_the_positions_a_bounded_walk_finds(rules: DragonEyesRules) -> None:
    """A second-phase position met in a balance report: dark's enchanted piece on f11 among 27 light pieces can
    leave 100,152 different positions, seconds of listing for every search that meets it. The search weighs
    those a walk of CROWD steps finds: over a thousand, each a legal chain to a position of its own, the longest
    of 21 captures (22 at most among all); the rules still list every chain."""
    from generator.games.dragon_eyes.captures import chain_outcomes
    from generator.games.dragon_eyes.engine import CROWD

    light = ["k5", "k6", "j6", "i1", "i4", "i6", "h3", "h7", "h8", "h9", "g4", "g5", "f4", "f6", "e3", "e5",
             "e6", "e7", "e10", "c2", "c4", "c6", "b1", "b2", "b3", "b5", "b7"]
    state = at(rules, light=light, dark=["k2", "k3", "f2", "e1", "f11"], face_down=[], hidden={"light": 0, "dark": 0},
               to_move="dark")
    tables, board, f11 = rules.tables, state.board, rules.tables.cell("f11")
    weighed = rules.search_actions(state)
    from_f11 = [action for action in weighed if action.path[0] == f11]
    assert 1000 < len(from_f11) == len(chain_outcomes(tables, board, f11, CROWD)) < 100152
    assert max(len(action.path) for action in from_f11) - 1 == 21
    assert all(rules.check(state, action).legal for action in weighed[::50])
    assert len({rules.next_state(state, action) for action in weighed}) == len(weighed)
