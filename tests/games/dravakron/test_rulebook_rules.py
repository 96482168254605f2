"""The rulebook tells the truth: its numbers agree with the rules model, and its names and counts follow the specs."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from generator.model.game import load_game
from generator.play.registry import load_components
from generator.rulebook.book import Rulebook
from generator.games.dravakron.book.facts import book_facts
from generator.games.dravakron.rules import Rules


@pytest.fixture(scope="module")
def rules(game) -> Rules:
    return Rules.for_game(game)


def _distance(a: str, b: str) -> int:
    return max(abs(ord(a[0]) - ord(b[0])), abs(int(a[1:]) - int(b[1:])))


def _targets(rules: Rules, pieces: dict[str, str], kind: str, frm: str) -> list[str]:
    state = rules.position(pieces, to_move="red")
    return [a.to for a in rules.legal_actions(state) if a.kind == kind and a.frm == frm and a.to]


def test_step_reaches_the_eight_neighbours(game, rules: Rules) -> None:
    assert sorted(_targets(rules, {"f5": "red"}, "step", "f5")) == ["e4", "e5", "e6", "f4", "f6", "g4", "g5", "g6"]


def test_merged_distance(game, rules: Rules) -> None:
    facts = book_facts(game)
    found = _targets(rules, {"d6": "red merged"}, "merged-move", "d6")
    assert found and {_distance("d6", t) for t in found} == {facts.merged_distance}


def test_transport_range(game, rules: Rules) -> None:
    facts = book_facts(game)
    found = _targets(rules, {"f2": "red carrying arxval-1"}, "rapid-transport", "f2")
    assert max(_distance("f2", t) for t in found) == facts.transport_range
    assert all(t[0] == "f" or t[1:] == "2" for t in found)  # rows and columns only


@pytest.mark.parametrize("weapon", ["zagmora-1", "elvindra-1"])
def test_weapon_range(game, rules: Rules, weapon: str) -> None:
    facts = book_facts(game)
    state = rules.position({"e4": f"red carrying {weapon}"}, to_move="red")
    reach = rules.weapon_reach(state, "e4")
    assert max(_distance("e4", s) for s in reach.open) == facts.weapon_range
    assert {_distance("e4", s) for s in reach.open} == set(range(1, facts.weapon_range + 1))


def test_pass_range(game, rules: Rules) -> None:
    facts = book_facts(game)
    far = f"f{2 + facts.pass_range}"
    too_far = f"f{3 + facts.pass_range}"
    assert _targets(rules, {"f2": "red carrying zagmora-1", far: "red"}, "send", "f2") == [far]
    assert _targets(rules, {"f2": "red carrying zagmora-1", too_far: "red"}, "send", "f2") == []


def test_counts_come_from_the_specs(game) -> None:
    facts = book_facts(game)
    kit = load_components(game)
    assert kit is not None and facts.pieces_source == "components.yaml"
    assert facts.pieces_per_side == next(c.count for c in kit.components if c.id == game.players[0].id)
    assert facts.squares == facts.columns * facts.rows == len(game.board.squares)
    assert facts.plain + sum(row.count for row in facts.legend) == facts.squares
    assert facts.flags == 2 and facts.weapon_tokens == 6 and facts.tokens_total == 18
    assert [g.at for g in facts.gates] == [g.at for g in game.board.links_of("gate")]


def test_a_changed_spec_changes_the_book(game_copy: Path) -> None:
    spec = game_copy / "game.yaml"
    data = yaml.safe_load(spec.read_text(encoding="utf-8"))
    data["players"][0]["name"] = "Pyrrhax"
    spec.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    board = game_copy / "board.yaml"
    board.write_text(board.read_text(encoding="utf-8").replace("name: Blue Gate", "name: Azure Gate"),
                     encoding="utf-8")
    text = " ".join(b.text + " ".join(b.items) + " ".join(" ".join(r) for r in b.rows)
                    for b in Rulebook(load_game(game_copy)).blocks())
    assert "Pyrrhax" in text and "Draxeth" not in text
    assert "Azure Gate" in text and "Blue Gate" not in text
