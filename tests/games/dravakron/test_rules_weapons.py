"""Rulebook sections on the weapons (Zagmora, Elvindra, Arxval) and freezing, one test class per section."""
from __future__ import annotations

from generator.games.dravakron.rules import Piece
from rules_helpers import RULES, code


class TestWeaponRules:
    def test_weapons_never_hit_their_own_side(self) -> None:
        assert code(RULES.position({"d5": "red carrying zagmora-1", "d7": "red"}), "red bomb d5 d7") == "own-target"

    def test_weapons_do_not_cross_restricted_squares(self) -> None:
        state = RULES.position({"g5": "red carrying zagmora-1", "j5": "black"})
        assert code(state, "red bomb g5 j5") == "blocked-by-storage"

    def test_either_side_may_take_either_form(self) -> None:
        state = RULES.position({"f5": "black"}, to_move="black")
        assert RULES.apply(state, "black step f5 g5").state.pieces["g5"].item == "zagmora-1"


class TestZagmoraTheBombWeapon:
    def test_the_bomb_reaches_one_to_three_squares_along_eight_lines(self) -> None:
        state = RULES.position({"f4": "red carrying zagmora-1", "f7": "black", "c7": "black", "f8": "black",
                                "g6": "black"})
        targets = {a.to for a in RULES.piece_actions(state, "f4") if a.kind == "bomb"}
        assert targets == {"f7", "c7"}
        assert code(state, "red bomb f4 f8") == "too-far"
        assert code(state, "red bomb f4 g6") == "not-on-line"

    def test_own_pieces_stop_it_opponent_pieces_do_not(self) -> None:
        own = RULES.position({"f4": "red carrying zagmora-1", "f5": "red", "f6": "black"})
        assert code(own, "red bomb f4 f6") == "blocked-by-own-piece"
        theirs = RULES.position({"f4": "red carrying zagmora-1", "f5": "black", "f6": "black"})
        assert RULES.check(theirs, "red bomb f4 f6").legal

    def test_gates_and_landing_squares_stop_it(self) -> None:
        assert code(RULES.position({"d2": "red carrying zagmora-1", "d4": "black"}), "red bomb d2 d4") == \
            "blocked-by-landing"
        assert code(RULES.position({"c3": "red carrying zagmora-1", "c5": "black"}), "red bomb c3 c5") == \
            "blocked-by-gate"

    def test_the_target_goes_home_and_everything_returns_to_its_place(self) -> None:
        state = RULES.position({"f4": "red carrying zagmora-1", "f6": "black carrying elvindra-2"})
        outcome = RULES.apply(state, "red bomb f4 f6")
        assert outcome.eliminated == [("f6", "black", 1)]
        assert {"zagmora-1", "elvindra-2"} <= outcome.state.stored and outcome.state.pieces["f4"] == Piece("red")

    def test_a_bomb_eliminates_both_pieces_of_a_merged_pair(self) -> None:
        state = RULES.position({"f4": "red carrying zagmora-1", "f6": "black merged"})
        assert RULES.apply(state, "red bomb f4 f6").eliminated == [("f6", "black", 2)]

    def test_the_reach_reports_what_stops_each_line(self) -> None:
        reach = RULES.weapon_reach(RULES.position({"f4": "red carrying zagmora-1", "f5": "red", "f2": "black"}), "f4")
        assert ("f5", "blocked-by-own-piece") in reach.blocked and ("e3", "blocked-by-landing") in reach.blocked
        assert reach.targets == ("f2",) and "f3" in reach.open


class TestElvindraTheFreezingWeapon:
    def test_the_frozen_piece_drops_its_item_and_carries_the_token(self) -> None:
        state = RULES.position({"d5": "red carrying elvindra-1", "d7": "black carrying zagmora-2"})
        after = RULES.apply(state, "red freeze d5 d7").state
        assert after.pieces["d7"] == Piece("black", frozen=True, item="elvindra-1")
        assert "zagmora-2" in after.stored and after.pieces["d5"].item is None

    def test_a_frozen_piece_cannot_act(self) -> None:
        state = RULES.position({"d7": "black frozen", "k8": "black"}, to_move="black")
        assert not RULES.piece_actions(state, "d7")
        assert code(state, "black step d7 d8") == "piece-frozen"

    def test_a_frozen_piece_cannot_be_frozen_again(self) -> None:
        state = RULES.position({"d5": "red carrying elvindra-1", "d7": "black frozen elvindra-2"})
        assert code(state, "red freeze d5 d7") == "target-frozen"

    def test_the_freeze_reaches_like_the_bomb(self) -> None:
        state = RULES.position({"d4": "red carrying elvindra-1", "d8": "black", "d5": "red", "e5": "black"})
        assert code(state, "red freeze d4 d8") == "too-far"
        assert {a.to for a in RULES.piece_actions(state, "d4") if a.kind == "freeze"} == {"e5"}


class TestFixedRuleRegardingTheFreezingWeapon:
    def test_a_piece_with_its_side_beside_it_cannot_be_frozen(self) -> None:
        state = RULES.position({"d5": "red carrying elvindra-1", "d7": "black", "e8": "black"})
        verdict = RULES.check(state, "red freeze d5 d7")
        assert verdict.code == "target-protected" and "e8" in verdict.message

    def test_a_piece_waiting_on_the_starting_point_guards_its_neighbour(self) -> None:
        state = RULES.position({"n12": "red carrying elvindra-1", "n10": "black", "o10": "black"})
        assert code(state, "red freeze n12 n10") == "target-protected"

    def test_the_guard_does_not_stop_a_bomb(self) -> None:
        state = RULES.position({"d5": "red carrying zagmora-1", "d7": "black", "e8": "black"})
        assert RULES.check(state, "red bomb d5 d7").legal


class TestWhatHappensInFrozenStates:
    def test_a_frozen_piece_takes_no_returning_weapon(self) -> None:
        state = RULES.position({"j5": "black frozen elvindra-1", "m8": "black carrying zagmora-2",
                                "m6": "red merged"})
        after = RULES.apply(state, "red merged-move m6 m8").state
        assert "zagmora-2" in after.stored and after.pieces["j5"] == Piece("black", frozen=True, item="elvindra-1")

    def test_a_frozen_piece_takes_no_returning_flag(self) -> None:
        state = RULES.position({"o1": "red frozen elvindra-1", "k4": "red carrying black-flag", "k6": "black merged"},
                               to_move="black")
        after = RULES.apply(state, "black merged-move k6 k4").state
        assert "black-flag" in after.stored and after.pieces["o1"].frozen


class TestWaysToBreakFreeFromFreezing:
    def test_a_piece_of_its_side_standing_beside_it(self) -> None:
        state = RULES.position({"d5": "red frozen elvindra-2", "d7": "red"})
        outcome = RULES.apply(state, "red step d7 d6")
        assert outcome.state.pieces["d5"] == Piece("red") and "elvindra-2" in outcome.state.stored
        assert outcome.of_kind("unfrozen")[0].square == "d5"

    def test_any_merged_pair_passing_over_it(self) -> None:
        state = RULES.position({"d6": "black frozen elvindra-1", "d5": "red merged"})
        after = RULES.apply(state, "red merged-move d5 d7").state
        assert after.pieces["d6"] == Piece("black")

    def test_being_eliminated(self) -> None:
        state = RULES.position({"d4": "red carrying zagmora-1", "d6": "black frozen elvindra-1"})
        after = RULES.apply(state, "red bomb d4 d6").state
        assert {"elvindra-1", "zagmora-1"} <= after.stored and after.home["black"] == 5

    def test_the_token_goes_to_a_piece_waiting_in_front_of_its_storage(self) -> None:
        state = RULES.position({"g6": "red", "d6": "black frozen elvindra-1", "d5": "red merged"})
        after = RULES.apply(state, "red merged-move d5 d7").state
        assert after.pieces["g6"].item == "elvindra-1"


class TestArxvalTheRapidTransportWeapon:
    def test_it_moves_one_to_five_squares_along_a_row_or_column(self) -> None:
        state = RULES.position({"f3": "red carrying arxval-1"})
        ends = {a.to for a in RULES.piece_actions(state, "f3") if a.kind == "rapid-transport"}
        assert {"f4", "f8", "f1", "c3", "a3", "k3"} <= ends and ends.isdisjoint({"e3", "d3", "f9"})
        assert code(state, "red rapid-transport f3 f9") == "too-far"
        assert code(state, "red rapid-transport f3 h5") == "not-straight-line"

    def test_it_passes_over_pieces_of_both_sides(self) -> None:
        state = RULES.position({"f3": "red carrying arxval-1", "f4": "red", "f5": "black"})
        assert RULES.check(state, "red rapid-transport f3 f6").legal

    def test_it_eliminates_at_the_end_and_returns_to_storage(self) -> None:
        state = RULES.position({"f3": "red carrying arxval-1", "f8": "black carrying zagmora-2"})
        outcome = RULES.apply(state, "red rapid-transport f3 f8")
        assert outcome.eliminated == [("f8", "black", 1)] and outcome.state.pieces["f8"] == Piece("red")
        assert {"arxval-1", "zagmora-2"} <= outcome.state.stored

    def test_it_can_end_in_a_gate_and_cross_it(self) -> None:
        after = RULES.apply(RULES.position({"b7": "red carrying arxval-1"}), "red rapid-transport b7 e7>k10").state
        assert after.pieces["k10"] == Piece("red") and "arxval-1" in after.stored


class TestWhatsRestrictedWhenUsingThisWeapon:
    def test_no_crossing_restricted_squares(self) -> None:
        assert code(RULES.position({"c10": "red carrying arxval-1"}), "red rapid-transport c10 a10") == \
            "path-crosses-start"

    def test_no_striking_a_piece_in_a_landing_square(self) -> None:
        state = RULES.position({"d7": "red carrying arxval-1", "d3": "black"})
        assert code(state, "red rapid-transport d7 d3") == "target-in-stronghold"


class TestTakingTheRapidTransportWeaponAgainWithTheSamePiece:
    def test_ending_in_front_of_its_storage_reloads_it(self) -> None:
        outcome = RULES.apply(RULES.position({"g2": "red carrying arxval-1"}), "red rapid-transport g2 g7")
        assert outcome.state.pieces["g7"] == Piece("red", item="arxval-1")
        assert [e.kind for e in outcome.events if e.item == "arxval-1"] == ["used", "returned", "picked-up"]


class TestWhatHappensIfYouAcquireAWeaponButDontMove:
    def test_the_bomb_comes_back_to_the_piece_standing_in_front_of_its_storage(self) -> None:
        state = RULES.position({"g5": "red carrying zagmora-1", "g6": "black carrying elvindra-1"})
        after = RULES.apply(state, "red bomb g5 g6").state
        assert after.pieces["g5"] == Piece("red", item="zagmora-1") and "elvindra-1" in after.stored


class TestFrozenStateAndAcquiringAWeaponOrFlag:
    def test_a_freed_piece_and_its_freer_both_take_their_weapons(self) -> None:
        state = RULES.position({"g5": "red frozen elvindra-2", "f7": "red"})
        after = RULES.apply(state, "red step f7 g6").state
        assert after.pieces["g5"] == Piece("red", item="zagmora-1")
        assert after.pieces["g6"] == Piece("red", item="elvindra-1") and "elvindra-2" in after.stored

    def test_the_freeing_piece_takes_the_flag_not_the_freed_one(self) -> None:
        state = RULES.position({"o1": "red frozen elvindra-1", "n3": "red"})
        after = RULES.apply(state, "red step n3 o2").state
        assert after.pieces["o2"] == Piece("red", item="black-flag") and after.pieces["o1"] == Piece("red")


class TestFreezingWeaponExceptionWithMergedState:
    def test_freezing_a_merged_pair_eliminates_both(self) -> None:
        state = RULES.position({"d5": "red carrying elvindra-1", "d7": "black merged"})
        outcome = RULES.apply(state, "red freeze d5 d7")
        assert outcome.eliminated == [("d7", "black", 2)] and "elvindra-1" in outcome.state.stored


class TestPassingOverFrozenPiecesRule:
    def test_a_rapid_transport_over_two_frozen_pieces_frees_both(self) -> None:
        state = RULES.position({"d4": "red carrying arxval-1", "d5": "black frozen elvindra-1",
                                "d7": "black frozen elvindra-2"})
        outcome = RULES.apply(state, "red rapid-transport d4 d8")
        assert {e.square for e in outcome.of_kind("unfrozen")} == {"d5", "d7"}
        assert {"elvindra-1", "elvindra-2", "arxval-1"} <= outcome.state.stored
