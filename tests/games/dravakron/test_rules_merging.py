"""Rulebook sections on Merging Technology (Dravacomb), one test class per section."""
from __future__ import annotations

from generator.games.dravakron.rules import Piece, State
from rules_helpers import RULES, code


def destinations(state: State, square: str, kind: str) -> set[str]:
    return {a.land or a.to for a in RULES.piece_actions(state, square) if a.kind == kind}  # type: ignore[misc]


class TestDravacombMergingTechnology:
    def test_two_neighbouring_pieces_merge_in_one_turn(self) -> None:
        state = RULES.position({"d5": "red", "e6": "red", "k8": "black"})
        after = RULES.apply(state, "red merge d5 e6").state
        assert after.pieces["e6"] == Piece("red", merged=True) and "d5" not in after.pieces
        assert after.to_move == "black" and after.home["red"] == 3

    def test_merging_needs_neighbours_carrying_nothing(self) -> None:
        assert code(RULES.position({"d5": "red", "f6": "red"}), "red merge d5 f6") == "not-adjacent"
        assert code(RULES.position({"d5": "red carrying zagmora-1", "e6": "red"}), "red merge d5 e6") == "hands-full"
        assert code(RULES.position({"d5": "red", "e6": "red carrying zagmora-1"}), "red merge d5 e6") == \
            "partner-hands-full"
        assert code(RULES.position({"d5": "red", "e6": "black"}), "red merge d5 e6") == "partner-not-own"

    def test_a_merged_pair_moves_exactly_two_squares_along_a_row_or_column(self) -> None:
        state = RULES.position({"e6": "red merged"})
        assert destinations(state, "e6", "merged-move") == {"e8", "e4", "c6", "g6"}
        assert code(state, "red merged-move e6 e7") == "wrong-distance"
        assert code(state, "red merged-move e6 g8") == "not-straight-line"

    def test_the_piece_set_down_takes_a_thrown_flag_of_the_other_side(self) -> None:
        state = RULES.position({"e6": "red merged"}, lying={"f6": "black-flag", "d6": "red-flag"})
        assert RULES.apply(state, "red unmerge e6 f6").state.pieces["f6"] == Piece("red", item="black-flag")
        assert code(state, "red unmerge e6 d6") == "own-flag-there"

    def test_unmerging_uses_a_turn(self) -> None:
        state = RULES.position({"e6": "red merged", "k8": "black"})
        after = RULES.apply(state, "red unmerge e6 f6").state
        assert after.pieces["e6"] == Piece("red") == after.pieces["f6"] and after.to_move == "black"

    def test_a_merged_pair_jumps_over_the_first_square(self) -> None:
        state = RULES.position({"d5": "red merged", "d6": "black"})
        after = RULES.apply(state, "red merged-move d5 d7").state
        assert after.pieces["d6"].owner == "black" and after.pieces["d7"].merged

    def test_a_merged_pair_eliminates_on_the_second_square(self) -> None:
        state = RULES.position({"d5": "red merged", "d7": "black"})
        assert RULES.apply(state, "red merged-move d5 d7").eliminated == [("d7", "black", 1)]


class TestWhatsRestrictedWithMergingTechnology:
    def test_a_merged_pair_takes_no_spoils_the_flag_goes_home(self) -> None:
        state = RULES.position({"d5": "red merged", "d7": "black carrying red-flag"})
        after = RULES.apply(state, "red merged-move d5 d7").state
        assert "red-flag" in after.stored and after.pieces["d7"] == Piece("red", merged=True)

    def test_a_merged_pair_takes_no_spoils_the_weapon_goes_home(self) -> None:
        state = RULES.position({"d5": "red merged", "d7": "black carrying zagmora-2"})
        assert "zagmora-2" in RULES.apply(state, "red merged-move d5 d7").state.stored

    def test_a_merged_pair_on_an_acquisition_square_takes_nothing(self) -> None:
        state = RULES.position({"e5": "red merged"})
        after = RULES.apply(state, "red merged-move e5 g5").state
        assert after.pieces["g5"] == Piece("red", merged=True) and "zagmora-1" in after.stored


class TestNoDiagonalEliminations:
    def test_a_merged_pair_cannot_strike_a_neighbour_at_all(self) -> None:
        state = RULES.position({"d5": "red merged", "e6": "black", "d6": "black"})
        assert {a.to for a in RULES.piece_actions(state, "d5")}.isdisjoint({"d6", "e6"})
        assert code(state, "red merged-move d5 d6") == "wrong-distance"
        assert code(state, "red merged-move d5 e6") == "not-straight-line"


class TestMergingTechnologyImportantNotes:
    def test_a_merged_pair_is_eliminated_like_any_piece_and_both_go_home(self) -> None:
        state = RULES.position({"d5": "red merged", "d6": "black"}, to_move="black")
        outcome = RULES.apply(state, "black step d6 d5")
        assert outcome.eliminated == [("d5", "red", 2)] and outcome.state.home["red"] == 5

    def test_a_merged_pair_passes_over_a_main_gate_and_a_landing_square(self) -> None:
        assert RULES.check(RULES.position({"c3": "red merged"}), "red merged-move c3 c5").legal
        assert RULES.check(RULES.position({"d2": "red merged"}), "red merged-move d2 d4").legal

    def test_a_merged_pair_never_stops_on_a_landing_square(self) -> None:
        assert code(RULES.position({"d1": "red merged"}), "red merged-move d1 d3") == "enters-landing"


class TestCanIUseAnotherMergeToUnmerge:
    def test_one_piece_of_a_pair_joins_a_neighbour(self) -> None:
        state = RULES.position({"d5": "red merged", "e5": "red"})
        after = RULES.apply(state, "red unmerge-merge d5 e5").state
        assert after.pieces["d5"] == Piece("red") and after.pieces["e5"] == Piece("red", merged=True)

    def test_the_neighbour_must_carry_nothing(self) -> None:
        state = RULES.position({"d5": "red merged", "e5": "red carrying zagmora-1"})
        assert code(state, "red unmerge-merge d5 e5") == "partner-hands-full"


class TestWhatHappensIfYouUnmergeInsideTheWeaponAcquisitionZone:
    def test_both_pieces_take_the_weapon_in_front_of_them(self) -> None:
        state = RULES.position({"g6": "red merged"})
        assert "elvindra-1" in state.stored
        after = RULES.apply(state, "red unmerge g6 g5").state
        assert after.pieces["g6"].item == "elvindra-1" and after.pieces["g5"].item == "zagmora-1"


class TestReconfirmingACrucialGameRule:
    def test_a_merged_pair_reaches_a_gate_two_squares_away_but_not_three(self) -> None:
        assert RULES.check(RULES.position({"c2": "red merged"}), "red merged-move c2 c4>n8").legal
        assert code(RULES.position({"c1": "red merged"}), "red merged-move c1 c4>n8") == "wrong-distance"

    def test_the_rapid_transport_crosses_gates_and_landing_squares(self) -> None:
        assert RULES.check(RULES.position({"c2": "red carrying arxval-1"}), "red rapid-transport c2 c6").legal
        assert RULES.check(RULES.position({"d2": "red carrying arxval-1"}), "red rapid-transport d2 d6").legal
