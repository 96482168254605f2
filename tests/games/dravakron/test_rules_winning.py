"""Rulebook sections on the four ways to win and the special endings, one test class per section.

Default layout: red's flag a1 with ring a2, b1, b2; black's flag p1 with ring p2, o1, o2.
"""
from __future__ import annotations

import pytest

from generator.games.dravakron.rules import Rules, State
from generator.play.selfplay import random_game
from rules_helpers import ENGINE, RULES, code


def result(state: State, action: str) -> tuple[str | None, str | None]:
    after = RULES.apply(state, action).state
    return after.winner, after.win_reason


class TestFirstWayToWin:
    def test_bringing_the_opponents_flag_beside_ones_own_flag_wins(self) -> None:
        state = RULES.position({"c2": "red carrying black-flag", "k8": "black"})
        outcome = RULES.apply(state, "red step c2 b2")
        assert (outcome.winner, outcome.state.win_reason) == ("red", "flag-home")
        assert outcome.events[-1].kind == "won"

    def test_capturing_the_flag_on_ones_own_ring_wins_too(self) -> None:
        state = RULES.position({"c1": "red", "b1": "black carrying black-flag"})
        assert result(state, "red step c1 b1") == ("red", "flag-home")

    def test_carrying_ones_own_flag_home_does_not_win(self) -> None:
        assert result(RULES.position({"c2": "red carrying red-flag", "k8": "black"}), "red step c2 b2") == (None, None)


class TestSecondWayToWin:
    def test_the_third_piece_around_the_flag_wins(self) -> None:
        state = RULES.position({"o1": "red carrying black-flag", "p2": "red", "n2": "red", "k8": "black"})
        assert result(state, "red step n2 o2") == ("red", "siege")

    def test_the_flag_may_also_stand_on_its_square(self) -> None:
        state = RULES.position({"o1": "red carrying elvindra-2", "p2": "red carrying arxval-2",
                                "n2": "red carrying zagmora-1", "k8": "black"})
        assert result(state, "red step n2 o2") == ("red", "siege")

    def test_no_siege_while_the_flag_is_elsewhere(self) -> None:
        state = RULES.position({"o1": "red carrying elvindra-2", "p2": "red carrying arxval-2", "n2": "red",
                                "k8": "black"}, lying={"k6": "black-flag"})
        assert result(state, "red step n2 o2") == (None, None)


class TestThirdWayToWinEliminatingYourOpponentsLastPiece:
    def test_eliminating_the_last_piece_in_play_wins_whatever_waits_at_home(self) -> None:
        state = RULES.position({"d5": "red", "e5": "red", "f5": "red", "d6": "black"})
        assert state.home["black"] == 4
        assert result(state, "red step d5 d6") == ("red", "elimination")

    def test_freezing_one_piece_then_eliminating_the_other_wins(self) -> None:
        state = RULES.position({"e5": "red", "d8": "black frozen", "f6": "black"})
        assert result(state, "red step e5 f6") == ("red", "elimination")

    def test_freezing_the_last_free_piece_wins(self) -> None:
        assert result(RULES.position({"d5": "red carrying elvindra-1", "d7": "black"}), "red freeze d5 d7") == \
            ("red", "elimination")

    def test_a_piece_waiting_on_its_starting_point_keeps_its_side_in_play(self) -> None:
        state = RULES.position({"d5": "red", "d6": "black", "o10": "black"})
        assert result(state, "red step d5 d6") == (None, None)


class TestFourthWayToWinUsingTime:
    def test_an_agreed_time_limit_ends_the_game_for_whoever_runs_out(self) -> None:
        timed = Rules(RULES.tables, time_limit_minutes=30)
        state = timed.position({"d5": "red", "k8": "black"})
        over = timed.time_out(state, "black")
        assert (over.winner, over.win_reason, timed.time_limit_minutes) == ("red", "time", 30)
        assert timed.legal_actions(over) == []

    def test_no_time_out_without_an_agreed_limit(self) -> None:
        with pytest.raises(ValueError, match="no time limit"):
            RULES.time_out(RULES.new_game(), "red")


class TestSpecialCaseYourPiecesInTheOpponentsFlagZoneAndTheFlagSuddenlyReturns:
    def test_a_flag_returning_to_a_besieged_square_wins_at_once(self) -> None:
        state = RULES.position({"o1": "red", "o2": "red", "p2": "red", "d4": "red carrying zagmora-1",
                                "f6": "black carrying black-flag"})
        outcome = RULES.apply(state, "red bomb d4 f6")
        assert (outcome.winner, outcome.state.win_reason) == ("red", "siege")
        assert outcome.state.pieces["p2"].item == "black-flag"

    def test_it_wins_even_when_the_opponent_caused_the_return(self) -> None:
        state = RULES.position({"o1": "red", "o2": "red", "p2": "red", "f6": "red carrying black-flag",
                                "d4": "black carrying zagmora-2"}, to_move="black")
        assert result(state, "black bomb d4 f6") == ("red", "siege")


class TestGoldenVictoryRuleSendingTheFlagToEndTheMatch:
    def test_sending_the_opponents_flag_to_a_piece_beside_ones_own_flag_wins(self) -> None:
        state = RULES.position({"b4": "red carrying black-flag", "b2": "red", "k8": "black"})
        assert result(state, "red send b4 b2") == ("red", "flag-home")

    def test_only_the_opponents_flag_only_to_ones_own_ring_only_by_sending(self) -> None:
        own_flag = RULES.position({"b4": "red carrying red-flag", "b2": "red"})
        assert code(own_flag, "red send b4 b2") == "receiver-on-acquisition-square"
        their_ring = RULES.position({"o4": "red carrying black-flag", "o2": "red"})
        assert code(their_ring, "red send o4 o2") == "receiver-on-acquisition-square"
        swap = RULES.position({"b4": "red carrying black-flag", "b2": "red carrying zagmora-1"})
        assert code(swap, "red exchange b4 b2") == "receiver-on-acquisition-square"

    def test_the_line_must_be_clear(self) -> None:
        state = RULES.position({"b4": "red carrying black-flag", "b3": "black", "b2": "red"})
        assert code(state, "red send b4 b2") == "blocked-by-piece"


class TestIsItPossibleToHaveNoAvailableMove:
    @pytest.mark.parametrize("seed", range(6))
    def test_every_position_of_a_random_game_offers_a_move_until_someone_wins(self, seed: int) -> None:
        for ply in random_game(ENGINE, seed, 150):
            assert ply.legal or ply.state.winner, f"no legal action after {ply.state.ply} actions (seed {seed})"
