"""Turns on real positions: flips and reveals as chance, the phases, steps, the endings and the draw variant."""
from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from generator.model.game import load_game
from generator.games.dragon_eyes.engine import DragonEyesRules
from generator.games.dragon_eyes.state import State
from generator.play.contract import CHANCE, IllegalAction
from generator.play.registry import rules_for


@pytest.fixture(scope="module")
def rules() -> DragonEyesRules:
    found = rules_for(load_game("dragon-eyes"))
    assert isinstance(found, DragonEyesRules)
    return found


@pytest.fixture(scope="module")
def variant(rules: DragonEyesRules) -> DragonEyesRules:
    """The same board with the declared-draw variant on."""
    return DragonEyesRules(("light", "dark"), rules.tables, rules.per_side, True)


def at(rules: DragonEyesRules, **data: Any) -> State:
    data.setdefault("to_move", "light")
    return rules.position(data)


def texts(rules: DragonEyesRules, state: State) -> list[str]:
    return [rules.action_text(a) for a in rules.legal_actions(state)]


def code(rules: DragonEyesRules, state: State, text: str) -> str:
    verdict = rules.check(state, rules.parse_action(state, text))
    return "legal" if verdict else verdict.code


def test_opening_position(rules: DragonEyesRules) -> None:
    state = rules.new_game(1)
    assert state.board.count(3) == 84 and state.hidden == (42, 42) and state.phase == 1
    views = rules.piece_views(state)
    assert len(views) == 84 and all(v[0].face_down and v[0].owner is None for v in views.values())
    assert not {"a1", "a6", "f1", "f11", "k1", "k6", "f6"} & set(views)
    assert rules.decision(state) == "light"
    assert len(rules.legal_actions(state)) == 84 and all(t.startswith("flip ") for t in texts(rules, state))


def test_flip_is_followed_by_a_chance_reveal_with_exact_odds(rules: DragonEyesRules) -> None:
    state = rules.play(rules.new_game(), "flip f5")
    assert rules.decision(state) == CHANCE and rules.legal_actions(state) == []
    outcomes = [(rules.action_text(a), p) for a, p in rules.chance_outcomes(state)]
    assert outcomes == [("reveal f5 light", Fraction(1, 2)), ("reveal f5 dark", Fraction(1, 2))]
    assert code(rules, state, "flip f4") == "reveal-pending"
    assert code(rules, state, "reveal f4 dark") == "wrong-piece-revealed"
    after = rules.play(state, "reveal f5 dark")
    assert after.hidden == (42, 41) and rules.decision(after) == "dark"
    assert rules.piece_views(after)["f5"][0].owner == "dark"


def test_reveal_odds_follow_the_hidden_counts(rules: DragonEyesRules) -> None:
    state = at(rules, light=["c3"], dark=["c5"], face_down=["h4", "h5", "h6"], hidden={"light": 1, "dark": 2},
               flipped="h5")
    assert [p for _, p in rules.chance_outcomes(state)] == [Fraction(1, 3), Fraction(2, 3)]
    only_dark = at(rules, light=["c3"], dark=["c5"], face_down=["h4", "h5"], hidden={"light": 0, "dark": 2},
                   flipped="h4")
    assert [rules.action_text(a) for a, _ in rules.chance_outcomes(only_dark)] == ["reveal h4 dark"]
    assert code(rules, only_dark, "reveal h4 light") == "none-left"
    assert code(rules, rules.new_game(), "reveal a2 light") == "no-flip-pending"


def test_flip_refusals(rules: DragonEyesRules) -> None:
    state = at(rules, light=["d4"], dark=["g5"], face_down=["h4", "h5"], hidden={"light": 1, "dark": 1})
    assert code(rules, state, "flip g5") == "not-face-down"
    assert code(rules, state, "flip a1") == "not-face-down"
    assert code(rules, state, "flip h4") == "legal"
    capture = at(rules, light=["d4"], dark=["d5"], face_down=["h4"], hidden={"light": 1, "dark": 0})
    assert code(rules, capture, "flip h4") == "capture-compulsory"
    assert texts(rules, capture) == ["d4xd6"]


def test_steps_belong_to_the_second_phase(rules: DragonEyesRules) -> None:
    first = at(rules, light=["d4"], face_down=["k3"], hidden={"light": 0, "dark": 1})
    assert code(rules, first, "d4-d5") == "no-steps-in-phase-one"
    second = at(rules, light=["d4"], dark=["a1", "h5"])
    assert second.phase == 2 and rules.result(second) is None
    assert sorted(texts(rules, second)) == sorted(["d4-d5", "d4-e4", "d4-e5", "d4-d3", "d4-c3", "d4-c4"])
    assert code(rules, second, "flip h5") == "no-face-down-left"
    assert code(rules, second, "d4-d6") == "not-adjacent"
    assert code(rules, second, "h5-h6") == "not-your-piece"
    assert code(rules, second, "e4-e5") == "no-piece"
    assert code(rules, at(rules, light=["d4", "e4"], dark=["a1", "h5"]), "d4-e4") == "cell-occupied"


def test_steps_may_enter_eyes_and_captures_stay_compulsory(rules: DragonEyesRules) -> None:
    state = at(rules, light=["e5"], dark=["a1", "h5"])
    assert "e5-f6" in texts(rules, state)
    capture = at(rules, light=["a1", "d4"], dark=["d5", "h5"])
    assert rules.result(capture) is None and texts(rules, capture) == ["d4xd6"]
    assert code(rules, capture, "d4-d3") == "capture-compulsory"


def test_eye_majority_wins_at_the_start_of_a_turn(rules: DragonEyesRules) -> None:
    state = rules.play(at(rules, light=["d4"], dark=["a1", "h5"]), "d4-d5")
    result = rules.result(state)
    assert result is not None and result.winners == ("dark",) and result.reason == "eye-majority"
    assert rules.decision(state) is None and rules.legal_actions(state) == []
    assert code(rules, state, "h5-h6") == "game-over"
    # a position that starts that way is already over
    assert rules.result(at(rules, light=["a1"], dark=["h5"])) is not None


def test_level_eyes_draw_zero_included(rules: DragonEyesRules) -> None:
    """Reading 6."""
    state = rules.play(at(rules, light=["e5"], dark=["a1", "h5"]), "e5-f6")
    result = rules.result(state)
    assert result is not None and result.draw and result.reason == "eyes-level"
    start = at(rules, light=["b2"], dark=["h5"], face_down=["k3"], hidden={"light": 1, "dark": 0})
    after = rules.play(start, "flip k3", "reveal k3 light")
    result = rules.result(after)
    assert after.phase == 2 and result is not None and result.draw


def test_fewer_eyes_and_no_move_loses(rules: DragonEyesRules) -> None:
    state = at(rules, light=["a1", "a3", "a4", "b2", "b3", "c2", "c3", "c4", "h4"], dark=["a2", "h5"])
    after = rules.play(state, "h4xh6")
    result = rules.result(after)
    assert result is not None and result.winners == ("light",) and result.reason == "cannot-act"


def test_last_piece_lost_even_in_phase_one(rules: DragonEyesRules) -> None:
    """Reading 5."""
    gone = at(rules, light=["d4"], dark=["d5"], face_down=["k3"], hidden={"light": 1, "dark": 0})
    result = rules.result(rules.play(gone, "d4xd6"))
    assert result is not None and result.winners == ("light",) and result.reason == "last-piece-lost"
    alive = at(rules, light=["d4"], dark=["d5"], face_down=["k3"], hidden={"light": 0, "dark": 1})
    after = rules.play(alive, "d4xd6")
    assert rules.result(after) is None and rules.decision(after) == "dark"
    assert texts(rules, after) == ["flip k3"]


def test_declared_draw_variant(rules: DragonEyesRules, variant: DragonEyesRules) -> None:
    assert "draw" in variant.action_kinds and "draw" not in rules.action_kinds
    level = {"light": ["e5"], "dark": ["a1", "h5"]}
    state = variant.play(at(variant, **level), "e5-f6")
    assert variant.result(state) is None and variant.decision(state) == "dark"
    assert "draw" in texts(variant, state) and any("-" in t for t in texts(variant, state))
    over = variant.play(state, "draw")
    result = variant.result(over)
    assert result is not None and result.draw and result.reason == "draw-declared"
    assert code(variant, at(variant, light=["d4"], dark=["a1", "h5"]), "draw") == "eyes-not-level"
    assert code(variant, at(variant, light=["d4"], dark=["d5"], face_down=["k3"], hidden={"light": 1, "dark": 0}),
                "draw") == "draw-only-in-phase-two"
    assert code(variant, at(variant, light=["a1", "d4"], dark=["f6", "d5"]), "draw") == "capture-compulsory"
    assert code(rules, at(rules, light=["d4"], dark=["a1", "h5"]), "draw") == "declare-variant-off"
    # stepping instead of declaring keeps the game going
    stepped = variant.play(state, "h5-h6")
    assert variant.decision(stepped) == "light"


def test_play_raises_with_the_reason(rules: DragonEyesRules) -> None:
    with pytest.raises(IllegalAction, match="not-face-down"):
        rules.play(rules.new_game(), "flip a1")
