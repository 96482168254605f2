"""Independent review of the Dragon Eyes engine against the source rulebook and the readings of issue 14.

Every test builds real positions with ``position()`` and checks what the engine offers, refuses (with
the reason code) and does. The last tests compare the engine's capture chains with a reference written
separately from the issue's cell naming, on seeded random positions.
"""
from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest

from generator.model.game import load_game
from generator.games.dragon_eyes.actions import Capture, DeclareDraw, Flip, Reveal, Step
from generator.games.dragon_eyes.engine import DragonEyesRules
from generator.games.dragon_eyes.state import State
from generator.play.contract import CHANCE
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


def phase1(rules: DragonEyesRules, **data: Any) -> State:
    """A first-phase position: one face-down dark piece on k3 unless told otherwise; Light to move."""
    data.setdefault("face_down", ["k3"])
    data.setdefault("hidden", {"light": 0, "dark": len(data["face_down"])})
    data.setdefault("to_move", "light")
    return rules.position(data)


def phase2(rules: DragonEyesRules, **data: Any) -> State:
    """A second-phase position (nothing face down); Light to move unless told otherwise."""
    data.setdefault("to_move", "light")
    return rules.position(data)


def texts(rules: DragonEyesRules, state: State) -> list[str]:
    return sorted(rules.action_text(a) for a in rules.legal_actions(state))


def code(rules: DragonEyesRules, state: State, text: str) -> str:
    verdict = rules.check(state, rules.parse_action(state, text))
    return "legal" if verdict else verdict.code


def owner(rules: DragonEyesRules, state: State, cell: str) -> str | None:
    """'light', 'dark', 'down' or None for an empty hex."""
    views = rules.piece_views(state)
    if cell not in views:
        return None
    view = views[cell][0]
    return "down" if view.face_down else view.owner


def captured_in(rules: DragonEyesRules, state: State, text: str) -> list[str]:
    outcome = rules.apply(state, rules.parse_action(state, text))
    return [e.cells[1] for e in outcome.events if e.kind == "capture"]


# -- the board ----------------------------------------------------------------------------------

ROWS = "abcdefghijk"


def issue_neighbours(name: str) -> set[str]:
    """The neighbours of a hex by the formula of the issue (not by the engine's geometry)."""
    r, n = ROWS.index(name[0]), int(name[1:])
    length = [6 + i if i <= 5 else 16 - i for i in range(11)]
    found = {(r, n - 1), (r, n + 1)}
    if r < 10:
        found |= {(r + 1, n), (r + 1, n + 1)} if r < 5 else {(r + 1, n - 1), (r + 1, n)}
    if r > 0:
        found |= {(r - 1, n - 1), (r - 1, n)} if r <= 5 else {(r - 1, n), (r - 1, n + 1)}
    return {f"{ROWS[row]}{k}" for row, k in found if 1 <= k <= length[row]}


def test_every_neighbour_follows_the_issue_formula(rules: DragonEyesRules) -> None:
    tables = rules.tables
    assert tables.size == 91
    for cell, name in enumerate(tables.names):
        assert {tables.names[c] for c in tables.neighbours[cell]} == issue_neighbours(name), name
    assert issue_neighbours("f6") == {"f5", "f7", "g5", "g6", "e5", "e6"}
    assert {tables.names[e] for e in tables.eyes} == {"a1", "a6", "f1", "f11", "k1", "k6", "f6"}
    assert rules.layout_problems() == []


def test_opening_position(rules: DragonEyesRules) -> None:
    state = rules.new_game(5)
    views = rules.piece_views(state)
    assert len(views) == 84 and all(v[0].face_down and v[0].owner is None for v in views.values())
    assert not any(eye in views for eye in ("a1", "a6", "f1", "f11", "k1", "k6", "f6"))
    assert state.hidden == (42, 42) and state.phase == 1 and rules.decision(state) == "light"
    assert len(rules.legal_actions(state)) == 84 and all(isinstance(a, Flip) for a in rules.legal_actions(state))


def test_default_options_have_the_draw_variant_off(rules: DragonEyesRules) -> None:
    assert rules.declare_draw is False and "draw" not in rules.action_kinds


# -- reading 1: face-down pieces ----------------------------------------------------------------

def test_face_down_piece_is_never_jumped_by_an_ordinary_piece(rules: DragonEyesRules) -> None:
    state = phase1(rules, light=["d4"], face_down=["d5", "h4"], hidden={"light": 1, "dark": 1})
    assert texts(rules, state) == ["flip d5", "flip h4"]
    assert code(rules, state, "d4xd6") == "face-down-untouchable"


def test_face_down_piece_is_never_taken_by_a_flight(rules: DragonEyesRules) -> None:
    # a1 is enchanted; the face-down piece on c3 lies alone on its line with empty hexes behind
    state = phase1(rules, light=["a1"], face_down=["c3"], hidden={"light": 0, "dark": 1})
    assert texts(rules, state) == ["flip c3"]
    assert code(rules, state, "a1xd4") == "face-down-untouchable"


def test_face_down_piece_blocks_a_flight(rules: DragonEyesRules) -> None:
    state = phase1(rules, light=["a1"], dark=["d4"], face_down=["b2"], hidden={"light": 0, "dark": 1})
    assert texts(rules, state) == ["flip b2"]
    assert code(rules, state, "a1xe5") == "several-pieces-between"


def test_face_down_piece_blocks_the_landings_behind_it(rules: DragonEyesRules) -> None:
    state = phase1(rules, light=["f1"], dark=["f2"], face_down=["f4"], hidden={"light": 0, "dark": 1})
    assert texts(rules, state) == ["f1xf3"]
    assert code(rules, state, "f1xf5") == "several-pieces-between"
    assert code(rules, state, "f1xf4") == "landing-occupied"


def test_face_down_piece_blocks_an_ordinary_landing(rules: DragonEyesRules) -> None:
    state = phase1(rules, light=["d4"], dark=["d5"], face_down=["d6"], hidden={"light": 0, "dark": 1})
    assert texts(rules, state) == ["flip d6"]
    assert code(rules, state, "d4xd6") == "landing-occupied"


def test_face_down_piece_cannot_act(rules: DragonEyesRules) -> None:
    state = phase1(rules, light=["k5"], face_down=["d4", "k3"], dark=["d5"], hidden={"light": 1, "dark": 1})
    assert code(rules, state, "d4xd6") == "face-down-piece"


# -- reading 2 and 3: the eye ban and enemies on eyes --------------------------------------------

def test_ordinary_piece_jumps_a_piece_on_the_centre_eye(rules: DragonEyesRules) -> None:
    state = phase1(rules, light=["e5"], dark=["f6", "k5"])
    assert texts(rules, state) == ["e5xg6"]
    after = rules.play(state, "e5xg6")
    assert owner(rules, after, "f6") is None and owner(rules, after, "g6") == "light"
    assert captured_in(rules, state, "e5xg6") == ["f6"]


def test_ordinary_piece_lands_on_a_corner_eye_and_flies_on(rules: DragonEyesRules) -> None:
    state = phase1(rules, light=["a3"], dark=["a2", "c1"])
    assert texts(rules, state) == ["a3xa1xd1", "a3xa1xe1"]
    assert code(rules, state, "a3xa1") == "chain-stops-early"
    assert code(rules, state, "a3xa1xf1") == "lands-on-eye"
    outcome = rules.apply(state, rules.parse_action(state, "a3xa1xe1"))
    assert [e.kind for e in outcome.events][:3] == ["capture", "enchanted", "capture"]
    assert [e.cells[1] for e in outcome.events if e.kind == "capture"] == ["a2", "c1"]


def test_ordinary_piece_lands_on_the_centre_eye_mid_chain(rules: DragonEyesRules) -> None:
    # d4 jumps e5 onto f6, is enchanted there and flies over h6 (g6 empty) to i6 or j6, never k6
    state = phase1(rules, light=["d4"], dark=["e5", "h6"])
    assert texts(rules, state) == ["d4xf6xi6", "d4xf6xj6"]
    assert code(rules, state, "d4xf6xk6") == "lands-on-eye"


def test_enchanted_piece_never_takes_a_piece_on_an_eye(rules: DragonEyesRules) -> None:
    state = phase1(rules, light=["a1"], dark=["f6"])
    assert texts(rules, state) == ["flip k3"]
    assert code(rules, state, "a1xg6") == "enemy-on-eye"


def test_enemy_on_the_centre_eye_is_safe_even_next_to_an_enchanted_piece(rules: DragonEyesRules) -> None:
    # a3 jumps a2 onto the eye a1 (enchanted), flies over c1 to e1, then over e3; stopping on e5, next to the
    # dark piece on f6, ends the chain: an ordinary piece could jump f6 to g6, an enchanted one may not
    state = phase1(rules, light=["a3"], dark=["a2", "c1", "e3", "f6"])
    assert texts(rules, state) == ["a3xa1xe1xe10", "a3xa1xe1xe4", "a3xa1xe1xe5", "a3xa1xe1xe6",
                                   "a3xa1xe1xe7", "a3xa1xe1xe8", "a3xa1xe1xe9"]
    assert code(rules, state, "a3xa1xe1xe5xg6") == "enemy-on-eye"
    after = rules.play(state, "a3xa1xe1xe5")
    assert owner(rules, after, "f6") == "dark"


def test_ordinary_piece_beside_the_centre_takes_it_while_an_enchanted_one_cannot(rules: DragonEyesRules) -> None:
    state = phase1(rules, light=["f1", "e5"], dark=["f6"])
    assert texts(rules, state) == ["e5xg6"]


def test_enchanted_piece_never_flies_across_an_empty_eye(rules: DragonEyesRules) -> None:
    state = phase1(rules, light=["a1"], dark=["g6"])
    assert texts(rules, state) == ["flip k3"]
    assert code(rules, state, "a1xh6") == "passes-eye"


def test_enchanted_landings_stop_before_an_eye(rules: DragonEyesRules) -> None:
    state = phase1(rules, light=["a1"], dark=["c3"])
    assert texts(rules, state) == ["a1xd4", "a1xe5"]
    assert code(rules, state, "a1xf6") == "lands-on-eye"
    assert code(rules, state, "a1xg6") == "passes-eye"


def test_enchanted_short_capture_may_not_land_on_an_eye(rules: DragonEyesRules) -> None:
    # f1 is an eye: the enchanted piece on a1 takes d1 by flying, but cannot land on f1
    state = phase1(rules, light=["a1"], dark=["e1"])
    assert texts(rules, state) == ["flip k3"]
    assert code(rules, state, "a1xf1") == "lands-on-eye"


def test_ordinary_jump_off_the_board_does_not_exist(rules: DragonEyesRules) -> None:
    state = phase1(rules, light=["b2"], dark=["a2"])
    assert texts(rules, state) == ["flip k3"]


# -- flights, chains and the landing duty (reading 4) ---------------------------------------------

def test_flight_offers_every_landing_when_none_goes_on(rules: DragonEyesRules) -> None:
    state = phase1(rules, light=["f11"], dark=["f8"])
    assert texts(rules, state) == ["f11xf7"]  # f6 is an eye: f7 is the only landing
    state = phase1(rules, light=["k6"], dark=["i6"])
    assert texts(rules, state) == ["k6xg6", "k6xh6"]


def test_landing_duty_inside_the_chosen_capture(rules: DragonEyesRules) -> None:
    state = phase1(rules, light=["a1"], dark=["c3", "d6"])
    assert texts(rules, state) == ["a1xd4xd7", "a1xd4xd8", "a1xd4xd9"]
    assert code(rules, state, "a1xe5") == "landing-ends-chain"
    assert code(rules, state, "a1xd4") == "chain-stops-early"


def test_landing_duty_leaves_other_captures_free(rules: DragonEyesRules) -> None:
    state = phase1(rules, light=["a1"], dark=["c3", "d6", "a3"])
    assert texts(rules, state) == ["a1xa4", "a1xa5", "a1xd4xd7", "a1xd4xd8", "a1xd4xd9"]
    after = rules.play(state, "a1xa5")
    assert owner(rules, after, "a3") is None and owner(rules, after, "c3") == "dark"
    assert rules.decision(after) == "dark"


def test_landing_duty_applies_after_an_eye_landing(rules: DragonEyesRules) -> None:
    # a3 jumps a2 onto a1 (enchanted); taking c3 it could stop on d4 or e5, but only d4 lets it take d6
    state = phase1(rules, light=["a3"], dark=["a2", "c3", "d6"])
    assert all(t.startswith("a3xa1xd4x") for t in texts(rules, state))
    assert code(rules, state, "a3xa1xe5") == "landing-ends-chain"


def test_landing_duty_does_not_bind_an_ordinary_piece(rules: DragonEyesRules) -> None:
    # ordinary pieces have a single landing per capture; the chain merely goes on while it can
    state = phase1(rules, light=["c3"], dark=["c4", "c6"])
    assert texts(rules, state) == ["c3xc5xc7"]
    assert code(rules, state, "c3xc5") == "chain-stops-early"


def test_chain_must_go_on_and_player_picks_between_captures(rules: DragonEyesRules) -> None:
    # from d4: d5 then d7 (two pieces), or e5 then... a single capture; both chains are offered
    state = phase1(rules, light=["d4"], dark=["d5", "d7", "e4"])
    offered = texts(rules, state)
    assert "d4xd6xd8" in offered and "d4xf4" in offered
    assert code(rules, state, "d4xd6") == "chain-stops-early"
    assert captured_in(rules, state, "d4xd6xd8") == ["d5", "d7"]


def test_chain_can_end_on_its_own_start(rules: DragonEyesRules) -> None:
    state = phase1(rules, light=["d1"], dark=["d2", "e3", "e2"])
    assert "d1xd3xf3xd1" in texts(rules, state)
    after = rules.play(state, "d1xd3xf3xd1")
    assert owner(rules, after, "d1") == "light"
    assert all(owner(rules, after, c) is None for c in ("d2", "e3", "e2"))


def test_flight_chain_turns_and_duty_picks_the_landing(rules: DragonEyesRules) -> None:
    # over b1 the piece may stop on c1 or d1 (e1 is occupied); only from c1 can it go on (over c2)
    state = phase1(rules, light=["a1"], dark=["b1", "e1", "c2"])
    assert texts(rules, state) == ["a1xc1xc3", "a1xc1xc4", "a1xc1xc5", "a1xc1xc6", "a1xc1xc7", "a1xc1xc8"]
    assert code(rules, state, "a1xd1") == "landing-ends-chain"
    assert captured_in(rules, state, "a1xc1xc8") == ["b1", "c2"]


def test_chain_crosses_its_start_and_a_captured_hex(rules: DragonEyesRules) -> None:
    # h9 jumps g10 onto the eye f11, is enchanted there, then flies back over g10 (just emptied) and h9 (its
    # own start) to take i8, landing on j7 (k6 behind is an eye)
    state = phase1(rules, light=["h9"], dark=["g10", "i8", "a4"])
    assert texts(rules, state) == ["h9xf11xj7", "h9xj7"]  # or simply jump i8 first, which ends the chain
    assert code(rules, state, "h9xf11xk6") == "lands-on-eye"
    assert captured_in(rules, state, "h9xf11xj7") == ["g10", "i8"]
    after = rules.play(state, "h9xf11xj7")
    assert owner(rules, after, "j7") == "light" and owner(rules, after, "f11") is None


def test_two_ordinary_chains_of_equal_length_are_both_offered(rules: DragonEyesRules) -> None:
    state = phase1(rules, light=["c3"], dark=["c4", "d6", "c6"])
    assert texts(rules, state) == ["c3xc5xc7", "c3xc5xe7"]


# -- compulsory capture ----------------------------------------------------------------------------

def test_capture_is_compulsory_in_phase_one(rules: DragonEyesRules) -> None:
    state = phase1(rules, light=["d4"], dark=["d5"], face_down=["h4", "k3"], hidden={"light": 1, "dark": 1})
    assert texts(rules, state) == ["d4xd6"]
    assert code(rules, state, "flip h4") == "capture-compulsory"


def test_capture_is_compulsory_in_phase_two(rules: DragonEyesRules) -> None:
    state = phase2(rules, light=["d4", "a1"], dark=["d5", "k6"])
    assert rules.result(state) is None
    assert texts(rules, state) == ["d4xd6"]
    assert code(rules, state, "a1-a2") == "capture-compulsory"


def test_capture_with_more_eyes_comes_before_the_win(rules: DragonEyesRules) -> None:
    # Light holds two eyes to none but has a capture: the capture is played, the game is not over
    state = phase2(rules, light=["a1", "k6", "d4"], dark=["d5", "h2"])
    assert rules.result(state) is None and texts(rules, state) == ["d4xd6"]


# -- phase 2: steps and the end -------------------------------------------------------------------

def test_eye_majority_wins(rules: DragonEyesRules) -> None:
    state = phase2(rules, light=["a1", "d4"], dark=["h2"])
    result = rules.result(state)
    assert result is not None and result.winners == ("light",) and result.reason == "eye-majority"
    assert rules.legal_actions(state) == [] and rules.decision(state) is None
    assert code(rules, state, "d4-d5") == "game-over"


def test_fewer_eyes_must_step(rules: DragonEyesRules) -> None:
    state = phase2(rules, light=["d4"], dark=["a1", "h2"])
    assert rules.result(state) is None
    assert "d4-d5" in texts(rules, state) and all("-" in t for t in texts(rules, state))
    after = rules.play(state, "d4-e5")
    # Dark now begins its turn with no capture and more eyes: Dark wins
    result = rules.result(after)
    assert result is not None and result.winners == ("dark",) and result.reason == "eye-majority"


def test_fewer_eyes_and_no_step_loses(rules: DragonEyesRules) -> None:
    # Light's only piece on a2 is hemmed in by dark pieces, none of which it can jump; Dark holds a1
    state = phase2(rules, light=["a2"], dark=["a1", "a3", "b2", "b3", "a4", "c2", "c4"])
    assert rules.legal_actions(state) == []
    assert code(rules, state, "a2xa4") == "game-over"
    result = rules.result(state)
    assert result is not None and result.winners == ("dark",) and result.reason == "cannot-act"


def test_level_eyes_draw_and_zero_against_zero(rules: DragonEyesRules) -> None:
    zero = phase2(rules, light=["d4"], dark=["h2"])
    result = rules.result(zero)
    assert result is not None and result.draw and result.reason == "eyes-level"
    one_each = phase2(rules, light=["a1", "d4"], dark=["k6", "h2"])
    result = rules.result(one_each)
    assert result is not None and result.draw and result.reason == "eyes-level"


def test_level_eyes_with_a_capture_play_on(rules: DragonEyesRules) -> None:
    state = phase2(rules, light=["d4"], dark=["d5", "h2"])
    assert rules.result(state) is None and texts(rules, state) == ["d4xd6"]


def test_last_reveal_starts_phase_two_for_the_opponent(rules: DragonEyesRules) -> None:
    state = phase1(rules, light=["b2"], dark=["h5"], face_down=["k3"], hidden={"light": 1, "dark": 0})
    flipped = rules.play(state, "flip k3")
    assert rules.decision(flipped) == CHANCE and flipped.phase == 1
    assert rules.chance_outcomes(flipped) == [(Reveal(rules.tables.cell("k3"), 0), Fraction(1))]
    after = rules.play(flipped, "reveal k3 light")
    assert after.phase == 2
    result = rules.result(after)
    assert result is not None and result.draw and result.reason == "eyes-level"


def test_last_reveal_with_a_capture_for_the_opponent_plays_on(rules: DragonEyesRules) -> None:
    state = phase1(rules, light=["b2"], dark=["h5"], face_down=["h4"], hidden={"light": 1, "dark": 0})
    after = rules.play(state, "flip h4", "reveal h4 light")
    assert after.phase == 2 and rules.result(after) is None and rules.decision(after) == "dark"
    assert texts(rules, after) == ["h5xh3"]


def test_eye_won_by_a_chain_counts_at_the_next_turns(rules: DragonEyesRules) -> None:
    state = phase2(rules, light=["a3", "d4"], dark=["a2", "h2", "k6"])
    # Light must jump onto a1 (the chain ends there); then Dark holds one eye, Light one: level, draw
    after = rules.play(state, "a3xa1")
    result = rules.result(after)
    assert result is not None and result.draw and result.reason == "eyes-level"


def test_enchantment_lasts_while_the_piece_stays_on_the_eye(rules: DragonEyesRules) -> None:
    # Light's chain ends on the eye a1; Dark turns over c1 (dark); on its next turn the piece flies from a1
    state = phase1(rules, light=["a3"], dark=["a2"], face_down=["c1", "k3"], hidden={"light": 0, "dark": 2})
    assert texts(rules, state) == ["a3xa1"]
    after = rules.play(state, "a3xa1")
    assert rules.piece_views(after)["a1"][0].marked == "enchanted"
    assert texts(rules, after) == ["flip c1", "flip k3"]
    after = rules.play(after, "flip c1", "reveal c1 dark")
    assert rules.decision(after) == "light" and texts(rules, after) == ["a1xd1", "a1xe1"]


def test_enchantment_ends_when_the_turn_ends_off_an_eye(rules: DragonEyesRules) -> None:
    # d4 jumps e5 onto f6 and flies over h6 to i6; Dark turns over i4 (dark); the piece on i6 is ordinary
    # again and cannot fly over the empty i5 to take i4
    state = phase1(rules, light=["d4"], dark=["e5", "h6"], face_down=["i4", "k3"], hidden={"light": 0, "dark": 2})
    assert texts(rules, state) == ["d4xf6xi6", "d4xf6xj6"]
    after = rules.play(state, "d4xf6xi6", "flip i4", "reveal i4 dark")
    assert rules.decision(after) == "light" and texts(rules, after) == ["flip k3"]
    assert code(rules, after, "i6xi3") == "too-far"
    assert rules.piece_views(after)["i6"][0].marked == ""


# -- reading 5: the last piece --------------------------------------------------------------------

def test_last_piece_lost_in_phase_one(rules: DragonEyesRules) -> None:
    state = phase1(rules, light=["d4"], dark=["d5"], face_down=["k3"], hidden={"light": 1, "dark": 0})
    after = rules.play(state, "d4xd6")
    result = rules.result(after)
    assert result is not None and result.winners == ("light",) and result.reason == "last-piece-lost"


def test_face_down_pieces_keep_a_side_in(rules: DragonEyesRules) -> None:
    state = phase1(rules, light=["d4"], dark=["d5"], face_down=["k3"], hidden={"light": 0, "dark": 1})
    after = rules.play(state, "d4xd6")
    assert rules.result(after) is None and texts(rules, after) == ["flip k3"]


def test_side_with_only_face_down_pieces_plays_on_and_one_with_none_has_lost(rules: DragonEyesRules) -> None:
    playing = phase1(rules, dark=["d5"], face_down=["k3"], hidden={"light": 1, "dark": 0})
    assert rules.result(playing) is None and texts(rules, playing) == ["flip k3"]
    lost = phase1(rules, dark=["d5"], face_down=["k3"], hidden={"light": 0, "dark": 1})
    result = rules.result(lost)
    assert result is not None and result.winners == ("dark",) and result.reason == "last-piece-lost"


# -- phases and steps ------------------------------------------------------------------------------

def test_step_rules(rules: DragonEyesRules) -> None:
    state = phase2(rules, light=["e5", "d4"], dark=["a1", "h2"])
    assert code(rules, state, "e5-f6") == "legal"          # onto an eye
    assert code(rules, state, "e5-e7") == "not-adjacent"
    assert code(rules, state, "e5-d4") == "cell-occupied"
    assert code(rules, state, "h2-h3") == "not-your-piece"
    assert code(rules, state, "c3-c4") == "no-piece"
    assert code(rules, state, "flip c3") == "no-face-down-left"
    one = phase1(rules, light=["d4"], dark=["h2"])
    assert code(rules, one, "d4-d5") == "no-steps-in-phase-one"


def test_flip_rules_and_chance(rules: DragonEyesRules) -> None:
    state = phase1(rules, light=["d4"], face_down=["k3", "k4", "k5"], hidden={"light": 1, "dark": 2})
    assert code(rules, state, "flip d4") == "not-face-down"
    assert code(rules, state, "reveal k3 light") == "no-flip-pending"
    flipped = rules.play(state, "flip k3")
    assert sorted(p for _, p in rules.chance_outcomes(flipped)) == [Fraction(1, 3), Fraction(2, 3)]
    assert code(rules, flipped, "reveal k4 light") == "wrong-piece-revealed"
    assert code(rules, flipped, "flip k4") == "reveal-pending"
    assert code(rules, flipped, "d4-d5") == "reveal-pending"
    one_side = phase1(rules, light=["d4"], face_down=["k3", "k4"], hidden={"light": 0, "dark": 2})
    one_flipped = rules.play(one_side, "flip k3")
    assert rules.chance_outcomes(one_flipped) == [(Reveal(rules.tables.cell("k3"), 1), Fraction(1))]
    assert code(rules, one_flipped, "reveal k3 light") == "none-left"
    after = rules.play(one_flipped, "reveal k3 dark")
    assert owner(rules, after, "k3") == "dark" and rules.decision(after) == "dark" and after.hidden == (0, 1)


def test_view_shows_no_more_than_the_table(rules: DragonEyesRules) -> None:
    state = rules.new_game(1)
    assert rules.view(state, "light") == rules.view(state, "dark") == state
    assert set(state.board) == {0, 3}  # every piece is simply face down: no owner is stored per hex


# -- the draw variant -------------------------------------------------------------------------------

def test_variant_level_eyes_offer_the_draw_and_steps(variant: DragonEyesRules) -> None:
    state = phase2(variant, light=["d4"], dark=["h2"])
    assert variant.result(state) is None
    actions = variant.legal_actions(state)
    assert DeclareDraw() in actions and any(isinstance(a, Step) for a in actions)
    over = variant.play(state, "draw")
    result = variant.result(over)
    assert result is not None and result.draw and result.reason == "draw-declared"


def test_variant_draw_alone_when_no_step(variant: DragonEyesRules) -> None:
    # Light holds a1, Dark k6 (level); Light's pieces on a1 and a2 can neither capture nor step
    hemmed = {"light": ["a1", "a2"], "dark": ["k6", "b1", "b2", "a3", "b3", "c1", "c3", "a4", "c2", "c4"]}
    state = phase2(variant, **hemmed)
    assert variant.result(state) is None
    assert [variant.action_text(a) for a in variant.legal_actions(state)] == ["draw"]
    plain = phase2(rules_for(load_game("dragon-eyes")), **hemmed)
    assert plain.over is not None and plain.over.reason == "eyes-level"


def test_variant_keeps_majority_win_and_refuses_draw_with_fewer(variant: DragonEyesRules) -> None:
    won = phase2(variant, light=["a1", "d4"], dark=["h2"])
    result = variant.result(won)
    assert result is not None and result.reason == "eye-majority"
    fewer = phase2(variant, light=["d4"], dark=["a1", "h2"])
    assert code(variant, fewer, "draw") == "eyes-not-level"
    assert code(variant, phase1(variant, light=["d4"], dark=["h2"]), "draw") == "draw-only-in-phase-two"


# -- a reference for capture chains, written from the issue's cell naming ------------------------------

DOUBLED: dict[str, tuple[int, int]] = {}
for _r, _letter in enumerate(ROWS):
    for _n in range(1, (6 + _r if _r <= 5 else 16 - _r) + 1):
        DOUBLED[f"{_letter}{_n}"] = (2 * (_n - 1) + abs(_r - 5), _r)
AT = {xy: name for name, xy in DOUBLED.items()}
EYES = {"a1", "a6", "f1", "f11", "k1", "k6", "f6"}
LINES = ((2, 0), (-2, 0), (1, 1), (-1, 1), (1, -1), (-1, -1))


def ref_line(name: str, d: tuple[int, int]) -> list[str]:
    x, y = DOUBLED[name]
    out = []
    while (x + d[0], y + d[1]) in AT:
        x, y = x + d[0], y + d[1]
        out.append(AT[(x, y)])
    return out


def ref_captures(board: dict[str, str], here: str, side: str, enchanted: bool) -> list[tuple[str, list[str]]]:
    enemy = "D" if side == "L" else "L"
    found = []
    for d in LINES:
        ray = ref_line(here, d)
        if not enchanted:
            if len(ray) >= 2 and board.get(ray[0]) == enemy and ray[1] not in board:
                found.append((ray[0], [ray[1]]))
            continue
        i = 0
        while i < len(ray) and ray[i] not in board and ray[i] not in EYES:
            i += 1
        if i == len(ray) or ray[i] not in board or ray[i] in EYES or board[ray[i]] != enemy:
            continue
        lands = []
        for cell in ray[i + 1:]:
            if cell in board or cell in EYES:
                break
            lands.append(cell)
        if lands:
            found.append((ray[i], lands))
    return found


def ref_chains(board: dict[str, str], side: str) -> set[tuple[str, ...]]:
    out: set[tuple[str, ...]] = set()
    for start in [c for c, s in board.items() if s == side]:
        work = dict(board)
        del work[start]

        def go(path: list[str], enchanted: bool) -> None:
            caps = ref_captures(work, path[-1], side, enchanted)
            if not caps:
                if len(path) > 1:
                    out.add(tuple(path))
                return
            for target, lands in caps:
                piece = work.pop(target)
                allowed = lands
                if enchanted:
                    allowed = [land for land in lands if ref_captures(work, land, side, True)] or lands
                for land in allowed:
                    go(path + [land], enchanted or land in EYES)
                work[target] = piece

        go([start], start in EYES)
    return out


@pytest.mark.parametrize("seed", range(4))
def test_chains_match_an_independent_reference(rules: DragonEyesRules, seed: int) -> None:
    rng = random.Random(seed)
    names = list(DOUBLED)
    tables = rules.tables
    for _ in range(150):
        nl, nd = rng.randint(1, 6), rng.randint(2, 16)  # denser boards give 10^5 chains and minutes of work
        cells = rng.sample(names, nl + nd + 3)
        light, dark = cells[:nl], cells[nl:nl + nd]
        down = [c for c in cells[nl + nd:] if c not in EYES] or ["k3" if "k3" not in cells else "k4"]
        down = [c for c in down if c not in light + dark] or [c for c in names if c not in cells and c not in EYES][:1]
        board = {**{c: "L" for c in light}, **{c: "D" for c in dark}, **{c: "?" for c in down}}
        state = phase1(rules, light=light, dark=dark, face_down=down)
        want = ref_chains(board, "L")
        got = {tuple(tables.names[c] for c in a.path) for a in rules.legal_actions(state) if isinstance(a, Capture)}
        assert got == want, (light, dark, down)
        for path in sorted(want)[:40]:  # the check of every chain and of wrong turns off it, on a sample
            assert rules.check(state, Capture(tuple(tables.cell(c) for c in path)))
            for k in range(1, len(path)):
                wrong = path[:k] + (rng.choice(names),)
                verdict = rules.check(state, Capture(tuple(tables.cell(c) for c in wrong)))
                assert bool(verdict) == (wrong in want), wrong


# -- further edges ------------------------------------------------------------------------------------

def test_flight_may_not_come_back_across_its_own_start_eye(rules: DragonEyesRules) -> None:
    # f6 flies over g6; b2 is out of reach from f6 (only the eye a1 lies behind it), and from h6 the way
    # back crosses f6, an eye even though the piece has just left it
    state = phase1(rules, light=["f6"], dark=["g6", "b2"])
    assert texts(rules, state) == ["f6xh6", "f6xi6", "f6xj6"]
    assert code(rules, state, "f6xh6xa1") == "passes-eye"
    assert code(rules, state, "f6xk6") == "lands-on-eye"


def test_eye_majority_does_not_end_the_first_phase(rules: DragonEyesRules) -> None:
    state = phase1(rules, light=["a1", "k6"], dark=["h2"])
    assert rules.result(state) is None and texts(rules, state) == ["flip k3"]


def test_new_example_face_down_closes_landings(rules: DragonEyesRules) -> None:
    state = phase1(rules, light=["f1"], dark=["f2"], face_down=["f4", "k3"])
    assert texts(rules, state) == ["f1xf3"]
    assert code(rules, state, "f1xf5") == "several-pieces-between"
