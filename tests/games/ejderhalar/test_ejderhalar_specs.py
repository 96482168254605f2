"""The spec drives the engine: registry, options, other board sizes, layout errors, and the rule examples."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from ejderhalar_support import SPEC, after, engine, pos, spec_copy, spec_game, verdict

from generator.errors import SpecError
from generator.model.game import load_game
from generator.games.ejderhalar import PLUGIN
from generator.play.examples import check_example_folder, check_rule_example, load_rule_example, run_rule_example
from generator.play.registry import plugins, rules_for, variant_rules
from generator.kit.verify import verify_game
from spec_edits import edit, line_of


def test_registry_finds_the_plugin() -> None:
    assert plugins()["ejderhalar"] is PLUGIN
    assert spec_game().rules == "ejderhalar"
    assert engine().layout_problems() == []


def test_nine_by_nine_variant_with_five_control_points(tmp_path: Path) -> None:
    folder = spec_copy(tmp_path)
    board = folder / "board.yaml"
    edit(board, "columns: 8\n  rows: 8\n  column_labels: abcdefgh", "columns: 9\n  rows: 9\n  column_labels: abcdefghi")
    edit(board, "at: [c5, d3, e6, f4]", "at: [c5, d3, e6, f4, i9]")
    edit(board, "at: [a6, c7, e8, g7, h5]", "at: [a7, c8, e9, g8, i6]")
    rules = rules_for(load_game(folder))
    layout = rules.layout
    assert len(layout.cells) == 81 and len(layout.control) == 5 and layout.dragons[-1] == "p2-i6"
    state = rules.new_game()
    assert "i6-i5" in {rules.action_text(a) for a in rules.legal_actions(rules.play(state, "a4-a5"))}
    # three of five still win
    won = rules.position({"stacks": {"c5": ["p1-a4"] * 3, "d3": ["p1-d1"] * 3, "i8": ["p1-f2"] * 3}})
    assert rules.result(rules.play(won, "i8-i9")) is not None


def test_options_come_from_game_yaml(tmp_path: Path) -> None:
    folder = spec_copy(tmp_path)
    game_yaml = folder / "game.yaml"
    edit(game_yaml, "stun_by_strength: false", "stun_by_strength: true")
    edit(game_yaml, "push_own_dragons: false", "push_own_dragons: true")
    edit(game_yaml, "tokens_per_dragon: 3", "tokens_per_dragon: 2")
    rules = rules_for(load_game(folder))
    assert rules.layout.stun_by_strength and rules.layout.push_own and rules.layout.tokens == 2
    assert sum(rules.new_game().height) == 20


@pytest.mark.parametrize("file, old, new, words", [
    ("game.yaml", "tokens_per_dragon: 3", "tokens_per_dragon: 4", "out of range"),
    ("game.yaml", "push_own_dragons: false", "push_own: false", "unknown key 'push_own'"),
    ("game.yaml", "control_points_to_win: 3", "control_points_to_win: 2", "both players could win"),
    ("game.yaml", "control_points_to_win: 3", "control_points_to_win: 5", "board has 4"),
    ("board.yaml", "  - {kind: dragon-start, owner: p2, at: [a6, c7, e8, g7, h5]}\n", "", "p2 has no dragon-start"),
])
def test_unplayable_specs_are_located_errors(tmp_path: Path, file: str, old: str, new: str, words: str) -> None:
    folder = spec_copy(tmp_path)
    edit(folder / file, old, new)
    with pytest.raises(SpecError) as caught:
        rules_for(load_game(folder))
    assert words in caught.value.format() and "fix:" in caught.value.format()


def test_hex_boards_are_refused(tmp_path: Path) -> None:
    folder = spec_copy(tmp_path)
    (folder / "board.yaml").write_text("grid: {shape: hex, radius: 3}\n", encoding="utf-8")
    with pytest.raises(SpecError, match="square grid"):
        rules_for(load_game(folder))


def test_two_token_dragons_play_without_rule_3b(tmp_path: Path) -> None:
    folder = spec_copy(tmp_path)
    edit(folder / "game.yaml", "tokens_per_dragon: 3", "tokens_per_dragon: 2")
    rules = rules_for(load_game(folder))
    state = rules.position({"stacks": {"c3": ["p1-b2"] * 2, "c5": ["p2-a6"], "c6": ["p2-a6"]}})
    out = rules.play(state, "c3-c4 push")
    assert out.height[rules.layout.cell("c6")] == 2


def test_rule_examples_all_hold_and_are_enough() -> None:
    game = spec_game()
    folder = SPEC / "examples"
    assert len(list(folder.glob("*.yaml"))) >= 25
    problems = check_example_folder(folder, engine(), game.board.grid, variant_rules(game))
    assert problems == [], "\n".join(p.format() for p in problems)


def test_rule_examples_cover_every_section_and_many_reasons() -> None:
    game = spec_game()
    examples = [load_rule_example(p, engine(), game.board.grid, variant_rules(game))
                for p in sorted((SPEC / "examples").glob("*.yaml"))]
    sections = {e.section for e in examples}
    assert sections == {"Set-up", "Turns", "Moving a token", "A dragon stays whole", "The target square",
                        "When a push is allowed", "Where the pushed dragon goes", "Choosing left or right", "Stuns",
                        "Winning", "Variants"}
    codes = {e.expect for e in examples if e.expect != "legal"}
    assert {"token-pinned", "dragon-apart", "path-revisits", "push-too-weak", "won-before-push", "same-token",
            "choice-missing", "choice-extra", "game-over"} <= codes


def test_a_wrong_claim_is_reported(tmp_path: Path) -> None:
    source = SPEC / "examples" / "push-3a-then-3c.yaml"
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(source.read_text(encoding="utf-8").replace("strength: 2", "strength: 3")
                     .replace("g2: [p2-h5, p2-h5, p2-h5]", "h2: [p2-h5, p2-h5, p2-h5]"), encoding="utf-8")
    problems = check_rule_example(load_rule_example(wrong, engine(), spec_game().board.grid))
    text = "\n".join(p.message for p in problems)
    assert "strength 3, the rules say 2" in text and "h2 holds" in text
    wrong.write_text(source.read_text(encoding="utf-8").replace("expect: legal", "expect: {illegal: push-too-weak}")
                     .split("result:")[0], encoding="utf-8")
    problems = check_rule_example(load_rule_example(wrong, engine(), spec_game().board.grid))
    assert problems and "illegal (push-too-weak)" in problems[0].message


def test_example_with_unknown_dragon_is_a_located_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("title: t\ncaption: c\nposition:\n  stacks:\n    a1: [p1-q9, p1-q9, p1-q9]\n", encoding="utf-8")
    with pytest.raises(SpecError, match="not a dragon"):
        load_rule_example(bad, engine(), spec_game().board.grid)


def test_examples_positions_helper_matches_the_engine() -> None:
    assert verdict(pos(stacks={"c3": "p1-b2*3"}), "c3-c4")


def test_verify_checks_the_tokens_only_settings(tmp_path: Path) -> None:
    folder = spec_copy(tmp_path)
    path = folder / "tokens-only.yaml"
    edit(path, "square_mm: 45", "square_mm: 4.5")
    report = verify_game(folder, games=1)
    assert [(p.file, p.line) for p in report.problems] == [(path, line_of(path, "square_mm: 4.5"))]
    assert "less than the minimum of 20" in report.problems[0].message


#: What a refusal's sentence never holds: ids of players or dragons, "(s)", "left/right", or a rule's modal verbs
#: (the sentence names the forbidden thing, "a push of one token against a stack of three", not the rule).
NOT_PLAYERS_WORDS = re.compile(r"\(s\)|/|\bp[12]\b|\bp[12]-[a-z]\d+\b|\b(must|may|cannot|never|only)\b")


def test_every_refusal_names_the_forbidden_thing_in_players_words() -> None:
    """Each reason code, refused on a real position, reads as 'Not allowed: <the thing forbidden>.'."""
    rules = engine()
    base = pos(stacks={"d4": "p1-d1", "d5": "p1-d1", "d6": "p1-d1", "c3": "p1-b2*3", "b3": "p2-c7*3",
                       "c5": "p2-a6*3", "f2": "p1-f2*3", "h5": "p2-h5*3"}, stunned=["p1-f2"])
    won = pos(stacks={"c5": "p1-a4*3", "d3": "p1-d1*3", "f4": "p1-f2*3", "h5": "p2-h5*3"})
    moved = after(pos(stacks={"c3": "p1-b2*3", "h5": "p2-h5*3"}), "c3-c4")
    refusals = {"game-over": (won, "h5-h6"), "empty-square": (base, "a1-a2"), "not-your-dragon": (base, "h5-h4"),
                "dragon-stunned": (base, "f2-f3"), "token-pinned": (base, "d5-e5"), "not-a-step": (base, "c3-e3"),
                "path-revisits": (base, "d4-d5-d4"), "path-off-dragon": (base, "c3-c4-c5"),
                "square-taken": (base, "c3-b3"), "push-too-weak": (base, "c3-c4 push"),
                "same-token": (moved, "c4-d4")}
    found = {}
    for code, (state, text) in refusals.items():
        refused = rules.check(state, rules.parse_action(state, text))
        assert refused.code == code, (text, refused)
        found[code] = refused.message
    for path in sorted((SPEC / "examples").glob("*.yaml")):
        example = load_rule_example(path, rules, spec_game().board.grid, variant_rules(spec_game()))
        if example.expect != "legal":
            refused = run_rule_example(example).verdict
            assert refused is not None
            found[refused.code] = refused.message
    assert {"game-over", "dragon-stunned", "push-too-weak", "choice-extra", "nothing-to-push", "own-dragon"} <= set(found)
    for code, message in found.items():
        assert message and message[0].islower() and not NOT_PLAYERS_WORDS.search(message), (code, message)
    assert found["push-too-weak"] == "a push of one token against a stack of three on c5"
    assert found["game-over"] == "any action after Player One has won"
