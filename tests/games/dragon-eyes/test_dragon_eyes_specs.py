"""The specs, the plug-in, the rule examples (all pass, wrong claims are caught) and the drawing data."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from generator.errors import SpecError
from generator.model.game import SPECS_DIR, load_game
from generator.games.dragon_eyes.engine import DragonEyesRules
from generator.play.contract import LEGAL, Verdict
from generator.play.examples import check_example_folder, load_rule_example, run_rule_example
from generator.play.registry import plugins, rules_for

FOLDER = SPECS_DIR / "dragon-eyes"
EXAMPLES = FOLDER / "examples"


@pytest.fixture(scope="module")
def rules() -> DragonEyesRules:
    found = rules_for(load_game("dragon-eyes"))
    assert isinstance(found, DragonEyesRules)
    return found


def test_the_plugin_is_registered() -> None:
    plugin = plugins()["dragon-eyes"]
    assert plugin.rules == "dragon-eyes" and plugin.summary
    game = load_game("dragon-eyes")
    assert game.rules == "dragon-eyes" and [p.id for p in game.players] == ["light", "dark"]
    assert game.theme("classic").colour("eye")
    assert set(game.formats) == {"a3", "a4", "a4x4", "letter", "letter-x4"}


def test_the_engine_reads_the_board(rules: DragonEyesRules) -> None:
    assert rules.per_side == 42 and rules.declare_draw is False and rules.layout_problems() == []
    assert rules.players == ("light", "dark")


def test_every_example_passes(rules: DragonEyesRules) -> None:
    grid = load_game("dragon-eyes").board.grid
    assert check_example_folder(EXAMPLES, rules, grid) == []


def test_examples_cover_sections_readings_and_reasons(rules: DragonEyesRules) -> None:
    grid = load_game("dragon-eyes").board.grid
    examples = [load_rule_example(p, rules, grid) for p in sorted(EXAMPLES.glob("*.yaml"))]
    assert len(examples) >= 25
    assert all(e.section and e.caption and e.view for e in examples)
    legal = [e for e in examples if e.expect == "legal"]
    assert len(legal) >= 10 and len(examples) - len(legal) >= 10
    assert sum(1 for e in examples if "winner" in e.result) >= 5
    ledger = (FOLDER / "rules-interpretations.md").read_text(encoding="utf-8")
    names = {e.id for e in examples}
    cited = {name for group in re.findall(r"\((`[a-z0-9-]+`(?:,\s+`[a-z0-9-]+`)*)\)", ledger)
             for name in re.findall(r"`([a-z0-9-]+)`", group)}
    assert cited and cited <= names, cited - names
    for number in range(1, 7):
        entry = re.search(rf"^{number}\. .*?(?=^\d+\. |\Z)", ledger, re.S | re.M)
        assert entry and re.search(r"\(`[a-z0-9-]+`", entry.group(0)), f"reading {number} has no example"
    refused = {e.expect for e in examples} - {"legal"}
    assert len(refused) >= 15


def test_a_wrong_claim_is_reported(rules: DragonEyesRules, tmp_path: Path) -> None:
    grid = load_game("dragon-eyes").board.grid
    for name in ("jump.yaml", "enchanted-landing-duty.yaml", "no-eyes-is-a-draw.yaml"):
        shutil.copy(EXAMPLES / name, tmp_path / name)
    text = (tmp_path / "jump.yaml").read_text()
    (tmp_path / "jump.yaml").write_text(text.replace("captured: [d5]", "captured: [d6]"))
    text = (tmp_path / "enchanted-landing-duty.yaml").read_text()
    (tmp_path / "enchanted-landing-duty.yaml").write_text(text.replace("landing-ends-chain", "lands-on-eye"))
    text = (tmp_path / "no-eyes-is-a-draw.yaml").read_text()
    (tmp_path / "no-eyes-is-a-draw.yaml").write_text(text.replace("winner: draw", "winner: dark"))
    problems = [p.format() for p in check_example_folder(tmp_path, rules, grid)]
    assert len(problems) == 3
    assert any("captured ['d6'], the rules say ['d5']" in p for p in problems)
    assert any("'lands-on-eye'" in p and "'landing-ends-chain'" in p for p in problems)
    assert any("no-eyes-is-a-draw" in p and "dark" in p and "draw" in p for p in problems)


def test_an_impossible_example_position_is_reported(rules: DragonEyesRules, tmp_path: Path) -> None:
    text = (EXAMPLES / "jump.yaml").read_text().replace("face_down: [h4, h5]", "face_down: [h4, f6]")
    (tmp_path / "bad.yaml").write_text(text)
    problems = check_example_folder(tmp_path, rules, load_game("dragon-eyes").board.grid)
    assert len(problems) == 1 and "f6 is a Dragon Eye" in problems[0].format()


def test_drawing_data(rules: DragonEyesRules) -> None:
    grid = load_game("dragon-eyes").board.grid
    example = load_rule_example(EXAMPLES / "eye-enchants-mid-chain.yaml", rules, grid)
    run = run_rule_example(example)
    marks = rules.action_marks(example.state, example.actions[0], run.outcomes[0], LEGAL)
    assert [(m.kind, m.cells, m.role) for m in marks] == [
        ("path", ("f4", "f6", "i6"), "capture"), ("cross", ("f5",), "capture"),
        ("ring", ("f6",), "info"), ("cross", ("h6",), "capture")]
    views = rules.piece_views(run.final)
    assert views["i6"][0].owner == "light" and views["k3"][0].face_down
    refused = load_rule_example(EXAMPLES / "enchanted-passes-eye.yaml", rules, grid)
    verdict = rules.check(refused.state, refused.actions[0])
    marks = rules.action_marks(refused.state, refused.actions[0], None, verdict)
    assert {m.role for m in marks} == {"blocked"}
    assert [m.text for m in marks if m.kind == "cross"] == [verdict.code]  # the sentence is printed once, as the verdict
    on_eye = rules.position({"light": ["a1"], "dark": ["c5"], "to_move": "dark"})
    assert rules.piece_views(on_eye)["a1"][0].marked == "enchanted"
    for text in ("c5-c6", "draw"):
        action = rules.parse_action(on_eye, text)
        assert rules.action_marks(on_eye, action, None, Verdict(False, "x", "why"))


#: A refusal names the forbidden thing ("a step onto an occupied hex"), never the rule (no modal verbs).
RULE_WORDS = re.compile(r"\(s\)|/|\b(must|may|cannot|never|only)\b")


def test_every_refusal_names_the_forbidden_thing(rules: DragonEyesRules) -> None:
    for code, sentence in rules.reasons.items():
        assert sentence[0].islower() and not RULE_WORDS.search(sentence), (code, sentence)
    grid = load_game("dragon-eyes").board.grid
    shown = {}
    for path in sorted(EXAMPLES.glob("*.yaml")):
        example = load_rule_example(path, rules, grid)
        if example.expect != "legal":
            verdict = run_rule_example(example).verdict
            assert verdict is not None
            shown[verdict.code] = verdict.message
    assert shown["landing-occupied"] == "a capture that lands on an occupied hex"
    assert shown["cell-occupied"] == "a step onto an occupied hex"
    assert len(shown) >= 20


def copy_specs(tmp_path: Path) -> Path:
    target = tmp_path / "dragon-eyes"
    shutil.copytree(FOLDER, target)
    return target


@pytest.mark.parametrize("file, old, new, words", [
    ("game.yaml", "declare_draw: false", "declare_draw: maybe", "expected true or false"),
    ("game.yaml", "declare_draw: false", "declare_drawing: true", "unknown key 'declare_drawing'"),
    ("board.yaml", "at: [a1, a6, f1, f11, k1, k6, f6]", "at: [a1, a6, f1, f11, k1, k6]", "cannot be shared equally"),
    ("board.yaml", "shape: hex", "shape: square\n  columns: 11\n  rows: 11\n  # was", "played on hexes"),
])
def test_bad_specs_are_located_errors(tmp_path: Path, file: str, old: str, new: str, words: str) -> None:
    folder = copy_specs(tmp_path)
    path = folder / file
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))
    with pytest.raises(SpecError) as caught:
        rules_for(load_game(folder))
    assert words in caught.value.format()


def test_eyes_away_from_corners_and_centre_are_layout_problems(tmp_path: Path) -> None:
    folder = copy_specs(tmp_path)
    text = (folder / "board.yaml").read_text()
    (folder / "board.yaml").write_text(text.replace("k1, k6, f6]", "k1, k6, e5]"))
    engine = rules_for(load_game(folder))
    assert isinstance(engine, DragonEyesRules)
    assert engine.layout_problems() == ["e5 is marked as a Dragon Eye but is neither a corner nor the centre",
                                        "f6 is a corner or the centre but is not marked as a Dragon Eye"]
    state = engine.new_game()
    assert engine.piece_views(state).get("f6") and not engine.piece_views(state).get("e5")


def test_a_smaller_board_sets_the_piece_count(tmp_path: Path) -> None:
    folder = copy_specs(tmp_path)
    text = (folder / "board.yaml").read_text().replace("radius: 5", "radius: 4").replace("abcdefghijk", "abcdefghi")
    (folder / "board.yaml").write_text(text.replace("[a1, a6, f1, f11, k1, k6, f6]", "[a1, a5, e1, e9, i1, i5, e5]"))
    engine = rules_for(load_game(folder))
    assert isinstance(engine, DragonEyesRules) and engine.per_side == 27 and engine.layout_problems() == []
    assert engine.new_game().hidden == (27, 27)


def test_player_texts_are_in_our_own_words(rules: DragonEyesRules) -> None:
    """No run of eight words of any source rulebook in examples, ledger, reasons, endings or events."""
    from own_words import copied_runs, seed_hashes

    from generator.games.dragon_eyes.ending import ENDINGS
    from generator.play.selfplay import random_game
    texts = [p.read_text(encoding="utf-8") for p in sorted(EXAMPLES.glob("*.yaml"))]
    texts.append((FOLDER / "rules-interpretations.md").read_text(encoding="utf-8"))
    texts += list(rules.reasons.values()) + list(ENDINGS.values())
    texts += [e.text for ply in random_game(rules, 4) if ply.outcome for e in ply.outcome.events]
    hashes = seed_hashes()
    for text in texts:
        assert copied_runs(text, hashes, {"dragon", "eyes", "eye"}) == [], text[:60]
