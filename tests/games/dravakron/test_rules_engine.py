"""The engine as a whole: checker and generator agree, reasons are explained, the API for diagrams, any layout."""
from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Iterator

import pytest

from generator.model.board import Board
from generator.model.game import load_game
from generator.model.geometry import HexGrid
from generator.games.dravakron.rules import ACTION_KINDS, EVENT_KINDS, REASONS, Action, Event, LayoutError, Rules, State, Trace
from generator.games.dravakron.rules.check import refusal
from generator.games.dravakron.rules.reasons import explain
from generator.games.dravakron.contract_rules import DravakronRules
from generator.play.selfplay import random_game
from generator.games.dravakron.rules.state import describe_piece, item_place, parse_piece
from generator.games.dravakron.rules.tables import build_tables

RULES = Rules.for_game("dravakron")
ENGINE = DravakronRules(RULES)
TB = RULES.tables


def candidates(state: State) -> Iterator[Action]:
    """Every action the acting player could name: each kind, from each own piece, to each square."""
    player = state.actor
    yield Action("drop", player, None, TB.start[player])
    yield Action("skip-free-drop", player)
    for frm, piece in state.pieces.items():
        if piece.owner != player:
            continue
        yield Action("discard-weapon", player, frm)
        for kind in ACTION_KINDS:
            if kind in ("drop", "skip-free-drop", "discard-weapon"):
                continue
            for to in TB.squares:
                yield Action(kind, player, frm, to)
                for land in TB.gate_landings.get(to, ()):
                    yield Action(kind, player, frm, to, land)


def sample_positions() -> list[State]:
    return [ply.state for seed in (1, 2, 3) for ply in random_game(ENGINE, seed, 150) if ply.state.ply % 25 == 7]


class TestCheckerAndGeneratorAgree:
    @pytest.mark.parametrize("state", sample_positions(), ids=lambda s: f"ply{s.ply}")
    def test_an_action_is_legal_exactly_when_it_is_generated(self, state: State) -> None:
        legal = set(RULES.legal_actions(state))
        for action in candidates(state):
            found = refusal(TB, state, action)
            assert (found is None) == (action in legal), f"{action}: {found}"
            if found is not None:
                assert found[0] in REASONS and explain(*found)


class TestReasons:
    def test_codes_are_kebab_case_and_sentences_are_plain(self) -> None:
        for reason, sentence in REASONS.items():
            assert re.fullmatch(r"[a-z]+(-[a-z]+)*", reason)
            assert sentence and not sentence.endswith(".") and not sentence[0].isupper()

    def test_odd_requests_are_explained_not_crashed(self) -> None:
        state = RULES.position({"d5": "red"})
        assert RULES.check(state, Action("fly", "red", "d5", "d6")).code == "unknown-action"
        assert RULES.check(state, "red step d5 z99").code == "unknown-square"
        assert RULES.check(state, "red step").code == "square-missing"
        assert RULES.check(state, "red step d5").code == "square-missing"
        assert RULES.check(state, "black step d5 d6").code == "not-your-turn"


class TestActionsAndEvents:
    def test_every_generated_action_reads_back_from_its_text(self) -> None:
        for state in sample_positions():
            for action in RULES.legal_actions(state):
                assert Action.parse(str(action)) == action

    def test_bad_action_text_is_refused(self) -> None:
        with pytest.raises(ValueError, match="kinds:"):
            Action.parse("red jump d5 d6")

    def test_every_event_kind_has_a_sentence(self) -> None:
        for kind in EVENT_KINDS:
            assert Event(kind, square="d5", player="red", item="zagmora-1", other="d6", count=1, how="x").describe()


class TestPositionsFromDescriptions:
    def test_a_description_round_trips(self) -> None:
        for text in ("red", "black merged", "red carrying zagmora-1", "black frozen elvindra-2"):
            assert describe_piece(parse_piece(text, TB)) == text

    def test_items_not_placed_rest_at_their_origin(self) -> None:
        state = RULES.position({"d5": "red carrying zagmora-1", "d7": "black frozen"}, lying={"k8": "red-flag"})
        assert item_place(state, "zagmora-1") == ("carried", "d5")
        assert item_place(state, "elvindra-1") == ("token", "d7")
        assert item_place(state, "red-flag") == ("lying", "k8")
        assert item_place(state, "arxval-2") == ("stored", None)

    @pytest.mark.parametrize("pieces, lying, message", [
        ({"h6": "red"}, {}, "cannot stand on"),
        ({"e10": "red"}, {}, "main gate"),
        ({"d5": "red carrying zagmora-1", "d6": "red carrying zagmora-1"}, {}, "placed twice"),
        ({"d5": "red merged carrying zagmora-1"}, {}, "merged pieces carry nothing"),
        ({"d5": "red frozen", "d6": "red frozen", "d7": "red frozen"}, {}, "no freeze token left"),
        ({"d5": "green"}, {}, "starts with a player"),
        ({"d5": "red"}, {"d6": "zagmora-1"}, "only flags"),
        ({"d5": "red"}, {"g5": "red-flag"}, "empty plain or landing"),
        ({s: "red merged" for s in ("c5", "d5", "e5")}, {}, "must have 5 pieces"),
    ])
    def test_impossible_descriptions_are_refused(self, pieces: dict[str, str], lying: dict[str, str],
                                                 message: str) -> None:
        with pytest.raises(ValueError, match=message):
            RULES.position(pieces, lying=lying)


class TestStatesAreValues:
    def test_applying_an_action_leaves_the_old_state_untouched(self) -> None:
        for state in sample_positions():
            before = copy.deepcopy(state)
            for action in RULES.legal_actions(state):
                RULES.apply(state, action, checked=False)
            assert state == before


class TestTraces:
    def test_what_each_legal_action_passes_through(self) -> None:
        state = RULES.position({"d5": "red merged", "f3": "red carrying arxval-1", "l9": "red carrying zagmora-1",
                                "d3": "black", "k4": "red carrying black-flag"})
        traced = {"red merged-move d5 d7": Trace(("d6",), "d7"),
                  "red rapid-transport f3 k3": Trace(("g3", "h3", "i3", "j3"), "k3"),
                  "red bomb l9 d3": Trace((), "d3", "l10"),
                  "red throw-flag k4 k5": Trace((), "k5"),
                  "red step l9 l10>e3": Trace((), "e3", "l10"),
                  "red discard-weapon l9": Trace((), "h5")}
        for action, trace in traced.items():
            assert RULES.check(state, action).legal, action
            assert RULES.trace(state, action) == trace, action
        assert RULES.trace(RULES.new_game(), "red drop") == Trace((), "b10")


class TestAnyLayout:
    def test_the_engine_follows_a_gate_moved_in_the_spec(self, game_copy: Path) -> None:
        board = game_copy / "board.yaml"
        text = board.read_text(encoding="utf-8")
        board.write_text(text.replace("at: e10, to: [l3, m3]", "at: d8, to: [l3, m3]"), encoding="utf-8")
        rules = Rules.for_game(load_game(game_copy))
        state = rules.position({"d9": "red", "d10": "red"})
        assert {"red step d9 d8>l3", "red step d9 d8>m3"} <= {str(a) for a in rules.legal_actions(state)}
        assert rules.apply(state, "red step d10 e10").state.pieces["e10"].owner == "red"

    def test_layouts_the_rules_cannot_use_are_refused(self) -> None:
        game = load_game("dravakron")
        items = {i.id: i.kind for i in game.items}
        with pytest.raises(LayoutError, match="square grid"):
            build_tables(Board(HexGrid(3)), ["red", "black"], items)
        with pytest.raises(LayoutError, match="two players"):
            build_tables(game.board, ["red", "black", "green"], items)
        with pytest.raises(LayoutError, match="no home square"):
            build_tables(Board(game.board.grid), ["red", "black"], items)
