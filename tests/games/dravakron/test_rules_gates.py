"""Rulebook sections on the Temporal Gates (Dravagate) and their landing squares, one test class per section.

Default layout: green gate e10 -> l3, m3; teal gate l10 -> d3, e3; blue gate c4 -> n8, n9.
"""
from __future__ import annotations

from generator.games.dravakron.rules import Piece
from rules_helpers import RULES, code, legal


class TestDravagateTemporalGates:
    def test_entering_a_gate_carries_the_piece_to_the_landing_square_chosen(self) -> None:
        state = RULES.position({"d10": "red"})
        assert {"red step d10 e10>l3", "red step d10 e10>m3"} <= legal(state)
        outcome = RULES.apply(state, "red step d10 e10>m3")
        assert "d10" not in outcome.state.pieces and outcome.state.pieces["m3"].owner == "red"
        assert [e.kind for e in outcome.events][:2] == ["transported", "moved"]
        assert outcome.state.to_move == "black"

    def test_the_landing_square_must_be_chosen_and_belong_to_the_gate(self) -> None:
        state = RULES.position({"d10": "red"})
        assert code(state, "red step d10 e10") == "landing-missing"
        assert code(state, "red step d10 e10>d3") == "not-a-landing"
        assert code(state, "red step d10 d9>l3") == "landing-without-gate"

    def test_a_gate_whose_landing_squares_hold_own_pieces_cannot_be_used(self) -> None:
        state = RULES.position({"d10": "red", "l3": "red", "m3": "red"})
        assert not any(a.to == "e10" for a in RULES.piece_actions(state, "d10"))
        assert code(state, "red step d10 e10>l3") == "own-piece-there"


class TestFixedAndVeryImportantRulesConcerningTemporalGates:
    def test_a_landing_square_is_entered_only_through_its_gate(self) -> None:
        assert code(RULES.position({"k3": "red"}), "red step k3 l3") == "enters-landing"
        assert code(RULES.position({"d5": "red merged"}), "red merged-move d5 d3") == "enters-landing"
        assert code(RULES.position({"d7": "red carrying arxval-1"}), "red rapid-transport d7 d3") == "enters-landing"

    def test_from_a_landing_square_a_piece_only_goes_out(self) -> None:
        state = RULES.position({"l3": "red"})
        assert code(state, "red step l3 m3") == "enters-landing"
        assert {a.to for a in RULES.piece_actions(state, "l3")} == {"k2", "l2", "m2", "k3", "k4", "l4", "m4"}


class TestTemporalGateLandingZoneProtectedFromDirectCombatOnly:
    def test_a_piece_on_a_landing_square_cannot_be_struck_from_outside(self) -> None:
        state = RULES.position({"d3": "black", "c2": "red", "d5": "red carrying zagmora-1"})
        assert code(state, "red step c2 d3") == "target-in-stronghold"
        assert code(state, "red bomb d5 d3") == "target-in-stronghold"

    def test_a_freeze_in_reach_along_a_line_does_not_reach_it_either(self) -> None:
        # Ledger 13: the source says both (seed 000: 512 against 899, 1128-1135, 1565); the kit follows the gate.
        state = RULES.position({"d3": "black", "d5": "red carrying elvindra-1", "e5": "red carrying zagmora-1"})
        assert code(state, "red freeze d5 d3") == "target-in-stronghold"
        assert code(state, "red bomb e5 d3") == "not-on-line"
        assert {a.to for a in RULES.legal_actions(state) if a.kind in ("bomb", "freeze")} == set()

    def test_the_piece_inside_may_strike_out(self) -> None:
        state = RULES.position({"d3": "black", "c2": "red"}, to_move="black")
        outcome = RULES.apply(state, "black step d3 c2")
        assert outcome.eliminated == [("c2", "red", 1)]

    def test_the_piece_inside_may_use_a_weapon_outward(self) -> None:
        state = RULES.position({"d3": "black carrying zagmora-2", "d5": "red"}, to_move="black")
        assert RULES.check(state, "black bomb d3 d5").legal


class TestApplicationExampleAttackViaTemporalGate:
    def test_crossing_the_gate_onto_the_piece_eliminates_it(self) -> None:
        state = RULES.position({"l9": "red", "d3": "black"})
        outcome = RULES.apply(state, "red step l9 l10>d3")
        assert outcome.eliminated == [("d3", "black", 1)] and outcome.state.pieces["d3"].owner == "red"

    def test_a_bomb_thrown_from_beside_the_gate_reaches_its_landing_squares(self) -> None:
        state = RULES.position({"l9": "red carrying zagmora-1", "d3": "black carrying red-flag"})
        assert "red bomb l9 d3" in legal(state)
        after = RULES.apply(state, "red bomb l9 d3").state
        assert "d3" not in after.pieces and {"red-flag", "zagmora-1"} <= after.stored
        assert RULES.trace(state, "red bomb l9 d3").gate == "l10"


class TestEliminationAndAcquisitionUponLandingFromATemporalGate:
    def test_an_empty_handed_attacker_takes_what_the_victim_carried(self) -> None:
        state = RULES.position({"l9": "red", "d3": "black carrying zagmora-2"})
        outcome = RULES.apply(state, "red step l9 l10>d3")
        assert outcome.state.pieces["d3"].item == "zagmora-2" and outcome.of_kind("captured")

    def test_an_attacker_already_carrying_sends_the_spoils_home(self) -> None:
        state = RULES.position({"l9": "red carrying arxval-1", "d3": "black carrying zagmora-2"})
        after = RULES.apply(state, "red step l9 l10>d3").state
        assert after.pieces["d3"].item == "arxval-1" and "zagmora-2" in after.stored


class TestWhatHappensIfYouWantToDiscardAWeaponOrFlagWhileInAStronghold:
    def test_a_weapon_goes_back_to_its_storage(self) -> None:
        state = RULES.position({"d3": "red carrying zagmora-1"})
        after = RULES.apply(state, "red discard-weapon d3").state
        assert after.pieces["d3"].item is None and "zagmora-1" in after.stored

    def test_a_flag_is_thrown_outward_onto_a_neighbouring_square(self) -> None:
        state = RULES.position({"d3": "red carrying black-flag"})
        assert code(state, "red throw-flag d3 e3") == "enters-landing"
        after = RULES.apply(state, "red throw-flag d3 d4").state
        assert after.lying == {"d4": "black-flag"} and after.pieces["d3"].item is None


class TestFifthRule:
    def test_nothing_is_sent_through_a_gate_to_a_piece_already_carrying(self) -> None:
        state = RULES.position({"l9": "red carrying zagmora-1", "d3": "red carrying elvindra-1"})
        assert code(state, "red send l9 d3") == "receiver-hands-full"
        emptied = RULES.position({"l9": "red carrying zagmora-1", "d3": "red"})
        assert RULES.apply(emptied, "red send l9 d3").state.pieces["d3"].item == "zagmora-1"


class TestSendingAFlagToAnEmptyLandingZone:
    def test_a_flag_thrown_into_a_gate_waits_on_the_landing_square(self) -> None:
        state = RULES.position({"l9": "red carrying black-flag"})
        after = RULES.apply(state, "red throw-flag l9 l10>d3").state
        assert after.lying == {"d3": "black-flag"}

    def test_only_a_piece_crossing_that_gate_can_collect_it(self) -> None:
        state = RULES.position({"m10": "red", "c2": "red", "m9": "black"}, lying={"d3": "black-flag"})
        assert code(state, "red step c2 d3") == "enters-landing"
        after = RULES.apply(state, "red step m10 l10>d3").state
        assert after.pieces["d3"].item == "black-flag" and not after.lying

    def test_the_flags_own_side_cannot_land_on_it(self) -> None:
        state = RULES.position({"m9": "black"}, lying={"d3": "black-flag"}, to_move="black")
        assert code(state, "black step m9 l10>d3") == "own-flag-there"
        assert "black step m9 l10>e3" in legal(state)


class TestEnteringAGateMergedAndUnmergingInside:
    def test_a_merged_pair_can_cross_a_gate(self) -> None:
        state = RULES.position({"l12": "red merged"})
        after = RULES.apply(state, "red merged-move l12 l10>d3").state
        assert after.pieces["d3"].merged

    def test_unmerging_inside_puts_the_second_piece_outside(self) -> None:
        state = RULES.position({"d3": "red merged"})
        assert {a.to for a in RULES.piece_actions(state, "d3") if a.kind == "unmerge"} == \
            {"c2", "d2", "e2", "c3", "d4", "e4"}
        after = RULES.apply(state, "red unmerge d3 d4").state
        assert not after.pieces["d3"].merged and after.pieces["d4"].owner == "red"


class TestTemporalGateRuleException:
    def test_a_frozen_piece_inside_is_freed_by_its_side_standing_beside_it(self) -> None:
        state = RULES.position({"d3": "black frozen elvindra-1", "c5": "black"}, to_move="black")
        outcome = RULES.apply(state, "black step c5 d4")
        assert not outcome.state.pieces["d3"].frozen and "elvindra-1" in outcome.state.stored
        assert outcome.of_kind("unfrozen")[0].square == "d3"

    def test_a_rapid_transport_passing_over_it_frees_it_too(self) -> None:
        state = RULES.position({"d3": "black frozen elvindra-1", "d2": "red carrying arxval-1", "k8": "black"})
        after = RULES.apply(state, "red rapid-transport d2 d5").state
        assert not after.pieces["d3"].frozen

    def test_items_leave_a_landing_square_but_never_enter_it_from_outside(self) -> None:
        state = RULES.position({"d3": "red carrying zagmora-1", "d5": "red"})
        assert RULES.check(state, "red send d3 d5").legal
        inward = RULES.position({"d3": "red", "d5": "red carrying zagmora-1"})
        assert code(inward, "red send d5 d3") == "into-stronghold"
        both = RULES.position({"d3": "red carrying zagmora-1", "d5": "red carrying elvindra-1"})
        assert code(both, "red exchange d3 d5") == "sender-in-stronghold"

    def test_two_pieces_in_landing_squares_pass_nothing_between_them(self) -> None:
        state = RULES.position({"d3": "red carrying zagmora-1", "e3": "red"})
        assert code(state, "red send d3 e3") == "into-stronghold"


class TestSpecialExceptionFreezingWeapon:
    def test_a_freeze_thrown_from_beside_the_gate_freezes_a_piece_inside(self) -> None:
        state = RULES.position({"m10": "black carrying elvindra-2", "e3": "red"}, to_move="black")
        after = RULES.apply(state, "black freeze m10 e3").state
        assert after.pieces["e3"] == Piece("red", frozen=True, item="elvindra-2")
