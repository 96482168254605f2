"""Rulebook sections on carrying, taking, throwing, sending and exchanging items, one test class per section."""
from __future__ import annotations

from generator.games.dravakron.rules import Piece
from rules_helpers import RULES, code


class TestFixedRuleOneItem:
    def test_an_empty_handed_piece_takes_the_weapon_in_front_of_it(self) -> None:
        after = RULES.apply(RULES.position({"f6": "red"}), "red step f6 g6").state
        assert after.pieces["g6"].item == "elvindra-1" and "elvindra-1" not in after.stored

    def test_a_piece_carrying_something_takes_nothing_more(self) -> None:
        for carried in ("zagmora-1", "black-flag"):
            after = RULES.apply(RULES.position({"f6": f"red carrying {carried}"}), "red step f6 g6").state
            assert after.pieces["g6"].item == carried and "elvindra-1" in after.stored


class TestHowDoYouAcquireTheFlagOrAWeapon:
    def test_standing_beside_a_flag_takes_it(self) -> None:
        after = RULES.apply(RULES.position({"n2": "red"}), "red step n2 o2").state
        assert after.pieces["o2"].item == "black-flag" and "black-flag" not in after.stored

    def test_a_returning_weapon_goes_straight_to_the_piece_waiting_for_it(self) -> None:
        state = RULES.position({"g5": "red", "k6": "red merged", "k8": "black carrying zagmora-1"})
        outcome = RULES.apply(state, "red merged-move k6 k8")
        assert outcome.state.pieces["g5"].item == "zagmora-1"
        assert [e.kind for e in outcome.events if e.item == "zagmora-1"] == ["returned", "picked-up"]

    def test_a_returning_flag_goes_straight_to_a_piece_waiting_beside_its_square(self) -> None:
        state = RULES.position({"b2": "red", "f2": "red merged", "f4": "black carrying red-flag"})
        after = RULES.apply(state, "red merged-move f2 f4").state
        assert after.pieces["b2"].item == "red-flag"


class TestFixedRuleFlagThrowing:
    def test_a_flag_is_thrown_onto_a_free_neighbouring_square_or_into_a_gate(self) -> None:
        state = RULES.position({"d5": "red carrying black-flag", "d6": "red", "e6": "black"})
        throws = {str(a) for a in RULES.piece_actions(state, "d5") if a.kind == "throw-flag"}
        assert throws == {f"red throw-flag d5 {t}" for t in ("d4", "e4", "c5", "e5", "c6", "c4>n8", "c4>n9")}

    def test_a_thrown_flag_stays_where_it_lands(self) -> None:
        state = RULES.position({"d5": "red carrying black-flag", "k8": "black"})
        after = RULES.apply(state, "red throw-flag d5 d4").state
        assert after.lying == {"d4": "black-flag"} and after.pieces["d5"].item is None
        assert "black-flag" not in after.stored

    def test_never_onto_another_thrown_flag(self) -> None:
        state = RULES.position({"d5": "red carrying black-flag"}, lying={"e5": "red-flag"})
        assert code(state, "red throw-flag d5 e5") == "flag-there"


class TestFixedRuleDiscardingAWeapon:
    def test_a_discarded_weapon_goes_back_to_storage_and_uses_the_turn(self) -> None:
        state = RULES.position({"d5": "red carrying zagmora-1", "k8": "black"})
        after = RULES.apply(state, "red discard-weapon d5").state
        assert "zagmora-1" in after.stored and after.pieces["d5"].item is None and after.to_move == "black"

    def test_a_weapon_is_never_left_on_the_board(self) -> None:
        assert code(RULES.position({"d5": "red carrying zagmora-1"}), "red throw-flag d5 d6") == "not-a-flag"


class TestExchangingAndSendingWeaponsFlagsWithinYourTeam:
    def test_an_item_is_sent_to_a_neighbour(self) -> None:
        state = RULES.position({"d5": "red carrying zagmora-1", "d6": "red"})
        after = RULES.apply(state, "red send d5 d6").state
        assert after.pieces["d6"].item == "zagmora-1" and after.pieces["d5"].item is None

    def test_the_receiver_may_stand_up_to_three_squares_away_along_a_row_or_column(self) -> None:
        assert RULES.check(RULES.position({"d5": "red carrying zagmora-1", "d8": "red"}), "red send d5 d8").legal
        assert code(RULES.position({"d5": "red carrying zagmora-1", "d9": "red"}), "red send d5 d9") == "too-far"
        assert code(RULES.position({"d5": "red carrying zagmora-1", "e6": "red"}), "red send d5 e6") == \
            "not-straight-line"

    def test_nothing_may_stand_between(self) -> None:
        state = RULES.position({"d5": "red carrying zagmora-1", "d6": "black", "d7": "red"})
        assert code(state, "red send d5 d7") == "blocked-by-piece"
        assert code(RULES.position({"c3": "red carrying zagmora-1", "c5": "red"}), "red send c3 c5") == \
            "blocked-by-gate"
        assert code(RULES.position({"d2": "red carrying zagmora-1", "d4": "red"}), "red send d2 d4") == \
            "blocked-by-landing"

    def test_the_receiver_is_empty_handed_and_not_frozen(self) -> None:
        busy = RULES.position({"d5": "red carrying zagmora-1", "d6": "red carrying elvindra-1"})
        assert code(busy, "red send d5 d6") == "receiver-hands-full"
        frozen = RULES.position({"d5": "red carrying zagmora-1", "d7": "red frozen elvindra-2"})
        assert code(frozen, "red send d5 d7") == "receiver-frozen"

    def test_two_carrying_pieces_exchange_their_items(self) -> None:
        state = RULES.position({"d5": "red carrying zagmora-1", "d7": "red carrying black-flag"})
        after = RULES.apply(state, "red exchange d5 d7").state
        assert after.pieces["d5"].item == "black-flag" and after.pieces["d7"].item == "zagmora-1"


class TestTransportViaTemporalGate:
    def test_an_item_is_sent_through_a_gate_to_a_piece_on_its_landing_square(self) -> None:
        state = RULES.position({"d10": "red carrying zagmora-1", "l3": "red"})
        after = RULES.apply(state, "red send d10 l3").state
        assert after.pieces["l3"].item == "zagmora-1"
        assert RULES.trace(state, "red send d10 l3").gate == "e10"

    def test_gates_send_but_do_not_exchange(self) -> None:
        state = RULES.position({"d10": "red carrying zagmora-1", "l3": "red carrying elvindra-1"})
        assert code(state, "red exchange d10 l3") == "gate-sends-only"

    def test_the_sender_stands_beside_the_gate_and_the_receiver_is_free(self) -> None:
        assert code(RULES.position({"c10": "red carrying zagmora-1", "l3": "red"}), "red send c10 l3") == \
            "into-stronghold"
        frozen = RULES.position({"d10": "red carrying zagmora-1", "l3": "red frozen"})
        assert code(frozen, "red send d10 l3") == "receiver-frozen"


class TestSpecialRulesForThrowingTheWeaponOrFlagSendingAndExchanging:
    def test_no_exchange_or_send_with_a_piece_on_an_acquisition_square(self) -> None:
        state = RULES.position({"f5": "red carrying zagmora-2", "g5": "red carrying arxval-2"})
        assert code(state, "red exchange f5 g5") == "receiver-on-acquisition-square"
        assert code(state, "red exchange g5 f5") == "on-acquisition-square"
        ring = RULES.position({"b4": "red carrying zagmora-1", "b2": "red"})
        assert code(ring, "red send b4 b2") == "receiver-on-acquisition-square"

    def test_nothing_is_thrown_or_discarded_from_a_weapon_acquisition_square(self) -> None:
        assert code(RULES.position({"g5": "red carrying arxval-2"}), "red discard-weapon g5") == \
            "on-acquisition-square"
        assert code(RULES.position({"g5": "red carrying black-flag"}), "red throw-flag g5 f5") == \
            "on-acquisition-square"


class TestRegardingDiscardingTheFlag:
    def test_a_flag_may_be_thrown_from_a_flag_acquisition_square(self) -> None:
        state = RULES.position({"b2": "red carrying red-flag", "k8": "black"})
        assert RULES.apply(state, "red throw-flag b2 c3").state.lying == {"c3": "red-flag"}

    def test_a_flag_is_never_left_on_an_acquisition_square(self) -> None:
        assert code(RULES.position({"c3": "red carrying black-flag"}), "red throw-flag c3 b2") == \
            "onto-acquisition-square"
        assert code(RULES.position({"f6": "red carrying black-flag"}), "red throw-flag f6 g6") == \
            "onto-acquisition-square"


class TestPriorityOfSpoils:
    def test_the_attacker_takes_what_the_victim_carried_not_what_lies_in_storage(self) -> None:
        for carried in ("zagmora-2", "red-flag"):
            state = RULES.position({"f6": "red", "g6": f"black carrying {carried}"})
            after = RULES.apply(state, "red step f6 g6").state
            assert after.pieces["g6"].item == carried and "elvindra-1" in after.stored


class TestCriticalReviewWhenDoesTheFlagReturnToItsOriginalPosition:
    def test_case_one_a_bomb_or_a_freeze_on_the_carrier(self) -> None:
        for weapon, verb in (("zagmora-1", "bomb"), ("elvindra-1", "freeze")):
            state = RULES.position({"d5": f"red carrying {weapon}", "d7": "black carrying red-flag"})
            assert "red-flag" in RULES.apply(state, f"red {verb} d5 d7").state.stored

    def test_case_two_the_attacker_already_carries_something(self) -> None:
        state = RULES.position({"d6": "red carrying zagmora-1", "d7": "black carrying red-flag"})
        after = RULES.apply(state, "red step d6 d7").state
        assert "red-flag" in after.stored and after.pieces["d7"].item == "zagmora-1"

    def test_case_three_landing_on_a_thrown_flag_while_carrying(self) -> None:
        for mover, action in (("red carrying zagmora-1", "red step d6 d7"), ("red merged", "red merged-move d5 d7")):
            square = action.split()[2]
            after = RULES.apply(RULES.position({square: mover}, lying={"d7": "black-flag"}), action).state
            assert "black-flag" in after.stored and not after.lying

    def test_an_empty_handed_piece_picks_the_thrown_flag_up(self) -> None:
        after = RULES.apply(RULES.position({"d6": "red"}, lying={"d7": "black-flag"}), "red step d6 d7").state
        assert after.pieces["d7"].item == "black-flag"

    def test_passing_over_a_thrown_flag_leaves_it_there(self) -> None:
        after = RULES.apply(RULES.position({"d5": "red merged"}, lying={"d6": "black-flag"}),
                            "red merged-move d5 d7").state
        assert after.lying == {"d6": "black-flag"}

    def test_an_arxval_ride_over_a_thrown_flag_leaves_it_there_too(self) -> None:
        # Ledger 23: the source's heading says "passing over", its rule "lands on it" (seed 000: 1449-1457, 1471).
        state = RULES.position({"d4": "red carrying arxval-1"}, lying={"d6": "black-flag"})
        after = RULES.apply(state, "red rapid-transport d4 d8").state
        assert after.lying == {"d6": "black-flag"} and "black-flag" not in after.stored


class TestRuleNoStandingOnYourOwnThrownFlag:
    def test_a_side_never_stands_on_or_crosses_its_own_thrown_flag(self) -> None:
        lying = {"d6": "red-flag"}
        assert code(RULES.position({"d5": "red"}, lying=lying), "red step d5 d6") == "own-flag-there"
        assert code(RULES.position({"d5": "red merged"}, lying=lying), "red merged-move d5 d7") == \
            "path-crosses-own-flag"
        assert code(RULES.position({"d4": "red carrying arxval-1"}, lying=lying), "red rapid-transport d4 d8") == \
            "path-crosses-own-flag"

    def test_the_other_side_may_take_it(self) -> None:
        state = RULES.position({"e6": "black"}, lying={"d6": "red-flag"}, to_move="black")
        assert RULES.apply(state, "black step e6 d6").state.pieces["d6"] == Piece("black", item="red-flag")
