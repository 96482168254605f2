"""Rulebook sections on set-up, the restricted zones and plain movement, one test class per section."""
from __future__ import annotations

import pytest

from generator.games.dravakron.rules import IllegalAction, Piece
from rules_helpers import RULES, code, legal


class TestStartingPointRules:
    def test_each_side_may_drop_one_piece_for_free_before_play(self) -> None:
        state = RULES.new_game()
        assert legal(state) == {"red drop b10", "red skip-free-drop"}
        state = RULES.play(state, "red drop")
        assert state.actor == "black" and legal(state) == {"black drop o10", "black skip-free-drop"}
        state = RULES.play(state, "black skip-free-drop")
        assert not state.setup and state.to_move == "red"
        assert state.home == {"red": 4, "black": 5} and state.pieces["b10"].owner == "red"

    def test_the_free_drop_does_not_use_the_first_players_turn(self) -> None:
        state = RULES.play(RULES.new_game(first="black"), "red drop", "black drop")
        assert state.to_move == "black"

    def test_only_drops_are_allowed_during_setup(self) -> None:
        state = RULES.play(RULES.new_game(), "red drop")
        assert code(state, "black step o10 n10") == "setup-phase"
        after = RULES.play(state, "black drop")
        assert code(after, "red skip-free-drop") == "setup-over"

    def test_nothing_moves_in_the_arena_before_a_piece_is_dropped(self) -> None:
        state = RULES.new_game(setup=False)
        assert legal(state) == {"red drop b10"}

    def test_a_later_drop_uses_the_turn(self) -> None:
        state = RULES.position({"o10": "black"}, to_move="red")
        after = RULES.apply(state, "red drop").state
        assert after.to_move == "black" and after.home["red"] == 4

    def test_dropping_onto_a_waiting_piece_merges_them(self) -> None:
        state = RULES.position({"b10": "red"}, to_move="red")
        after = RULES.apply(state, "red drop").state
        assert after.pieces["b10"].merged and after.home["red"] == 3

    def test_no_third_piece_on_the_starting_point(self) -> None:
        state = RULES.position({"b10": "red merged"}, to_move="red")
        assert code(state, "red drop") == "start-full"

    def test_no_drop_with_an_empty_home_base(self) -> None:
        state = RULES.position({"c5": "red merged", "d5": "red merged", "e5": "red"}, to_move="red")
        assert code(state, "red drop") == "home-empty"

    def test_pieces_leave_the_starting_point_and_never_return(self) -> None:
        state = RULES.position({"b10": "red"}, to_move="red")
        assert {str(a) for a in RULES.piece_actions(state, "b10")} == {
            "red step b10 b11", "red step b10 c10", "red step b10 b9", "red step b10 c11"}
        assert code(RULES.position({"c10": "red"}), "red step c10 b10") == "enters-start"

    def test_a_piece_waiting_on_its_starting_point_cannot_be_attacked(self) -> None:
        state = RULES.position({"b10": "red", "d10": "black carrying zagmora-2", "c11": "black"}, to_move="black")
        assert code(state, "black bomb d10 b10") == "blocked-by-start"
        assert code(state, "black step c11 b10") == "enters-start"

    def test_any_of_the_five_pieces_can_be_played_next(self) -> None:
        state = RULES.position({"c10": "red"}, to_move="red")
        assert "red drop b10" in legal(state) and "red step c10 d10" in legal(state)


class TestDraxethZone:
    def test_home_base_squares_are_never_entered(self) -> None:
        state = RULES.position({"b9": "red"})
        assert code(state, "red step b9 a9") == "enters-home-base"
        assert not any(a.to == "a9" for a in RULES.legal_actions(state))

    def test_pieces_at_home_are_counted_not_placed(self) -> None:
        state = RULES.position({"c5": "red"})
        assert state.home == {"red": 4, "black": 5}


class TestFlagZone:
    def test_the_flag_square_is_never_entered(self) -> None:
        state = RULES.position({"b2": "red", "a3": "red merged"})
        assert code(state, "red step b2 a1") == "enters-flag-square"
        assert code(state, "red merged-move a3 a1") == "enters-flag-square"

    def test_the_three_surrounding_squares_can_be_stood_on(self) -> None:
        state = RULES.position({"c3": "red carrying zagmora-1"})
        assert {"red step c3 b2"} <= legal(state)


class TestWeaponsZoneVorthenax:
    def test_storage_squares_are_never_entered(self) -> None:
        assert code(RULES.position({"g6": "red carrying elvindra-1"}), "red step g6 h6") == "enters-storage"

    def test_storage_squares_are_never_crossed(self) -> None:
        state = RULES.position({"g6": "red carrying arxval-2", "g7": "red merged"}, lying={}, to_move="red")
        verdict = RULES.check(state, "red rapid-transport g6 j6")
        assert verdict.code == "path-crosses-storage"
        assert verdict.message == "a path across the weapon storage at h6"
        assert code(state, "red merged-move g7 i7") == "path-crosses-storage"

    def test_fighting_on_the_acquisition_squares_is_allowed(self) -> None:
        state = RULES.position({"f5": "red", "g5": "black carrying zagmora-1"})
        outcome = RULES.apply(state, "red step f5 g5")
        assert outcome.eliminated == [("g5", "black", 1)]
        assert outcome.state.pieces["g5"] == Piece("red", item="zagmora-1")


class TestMovementRulesAndTurns:
    def test_a_single_piece_steps_one_square_in_any_direction(self) -> None:
        state = RULES.position({"f5": "red"})
        assert {a.to for a in RULES.piece_actions(state, "f5")} == {"e4", "e5", "e6", "f4", "f6", "g4", "g5", "g6"}
        assert code(state, "red step f5 f7") == "not-adjacent"

    def test_one_action_per_turn_then_the_opponent_moves(self) -> None:
        state = RULES.position({"f4": "red", "k8": "black"})
        after = RULES.apply(state, "red step f4 f5").state
        assert after.to_move == "black" and after.ply == 1
        assert code(after, "red step f5 f6") == "not-your-turn"

    def test_a_single_piece_eliminates_diagonally(self) -> None:
        state = RULES.position({"d5": "red", "e6": "black"})
        outcome = RULES.apply(state, "red step d5 e6")
        assert outcome.eliminated == [("e6", "black", 1)] and outcome.state.home["black"] == 5
        assert outcome.state.pieces["e6"].owner == "red"

    def test_a_piece_cannot_step_onto_its_own_side(self) -> None:
        assert code(RULES.position({"d5": "red carrying zagmora-1", "d6": "red"}), "red step d5 d6") == \
            "own-piece-there"

    def test_illegal_actions_are_refused_with_their_reason(self) -> None:
        state = RULES.position({"d5": "red"})
        with pytest.raises(IllegalAction) as caught:
            RULES.apply(state, "red step d5 d7")
        assert caught.value.verdict.code == "not-adjacent"
        assert code(state, "red step e5 e6") == "no-piece"
        assert code(RULES.position({"d5": "black"}), "red step d5 d6") == "not-your-piece"

    def test_a_finished_game_has_no_moves(self) -> None:
        state = RULES.position({"c2": "red carrying black-flag", "k8": "black"})
        won = RULES.apply(state, "red step c2 b2").state
        assert won.winner == "red" and RULES.legal_actions(won) == []
        assert code(won, "black step k8 k7") == "game-over"
