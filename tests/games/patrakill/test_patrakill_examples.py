"""Every rule example of both spec folders holds; a wrong claim is reported; drawing data comes from the engine."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from patrakill_support import duel, game, multi

from generator.play.examples import check_example_folder, load_rule_example, run_rule_example
from generator.play.registry import variant_rules
from generator.looks import piece_looks
from generator.play.views import FACINGS, MARK_KINDS, MARK_ROLES


@pytest.mark.parametrize("name", ["patrakill", "vatrakill"])
def test_every_example_holds(name: str) -> None:
    rules = duel() if name == "patrakill" else multi()
    folder = game(name).folder / "examples"
    assert check_example_folder(folder, rules, game(name).board.grid, variant_rules(game(name))) == []


def test_enough_examples_with_sections_views_and_both_verdicts() -> None:
    files = sorted((game("patrakill").folder / "examples").glob("*.yaml")) \
        + sorted((game("vatrakill").folder / "examples").glob("*.yaml"))
    assert len(files) >= 25
    data = [yaml.safe_load(f.read_text(encoding="utf-8")) for f in files]
    assert all(d.get("section") and d.get("view") and d.get("caption") for d in data)
    assert sum(1 for d in data if d["expect"] == "legal") >= 10
    assert sum(1 for d in data if isinstance(d["expect"], dict)) >= 10
    assert sum(1 for d in data if "winner" in d.get("result", {})) >= 8


@pytest.mark.parametrize("change, words", [
    ({"result": {"devoured": ["e7"]}}, ("devoured", "e7", "e6")),
    ({"result": {"winner": "knights"}}, ("knights", "none")),
    ({"expect": {"illegal": "occupied"}}, ("illegal", "occupied")),
])
def test_a_wrong_claim_is_reported(tmp_path: Path, change: dict[str, object], words: tuple[str, ...]) -> None:
    source = game("patrakill").folder / "examples" / "dragon-devours-by-jumping.yaml"
    data = {**yaml.safe_load(source.read_text(encoding="utf-8")), **change}
    (tmp_path / "wrong.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
    problems = check_example_folder(tmp_path, duel(), game("patrakill").board.grid)
    assert len(problems) == 1 and all(word in problems[0].message for word in words)


def test_a_wrong_reason_code_is_reported(tmp_path: Path) -> None:
    source = game("patrakill").folder / "examples" / "knight-no-backward.yaml"
    data = {**yaml.safe_load(source.read_text(encoding="utf-8")), "expect": {"illegal": "knight-diagonal"}}
    (tmp_path / "wrong.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
    problems = check_example_folder(tmp_path, duel(), game("patrakill").board.grid)
    assert len(problems) == 1 and "'knight-diagonal'" in problems[0].message
    assert "'no-backward'" in problems[0].message


@pytest.mark.parametrize("name", ["patrakill", "vatrakill"])
def test_drawing_data_is_neutral_and_computed(name: str) -> None:
    rules = duel() if name == "patrakill" else multi()
    printed = piece_looks(game(name))
    for path in sorted((game(name).folder / "examples").glob("*.yaml")):
        example = load_rule_example(path, rules, game(name).board.grid, variant_rules(game(name)))
        run = run_rule_example(example)
        for views in rules.piece_views(run.states[-1]).values():
            for view in views:
                # drawn as the kit prints it: every piece is a printed piece of the game, in its shape
                assert not view.shape and (view.component or view.owner) in printed
                assert view.facing is None or view.facing in FACINGS
        outcome = run.outcomes[-1] if run.verdict else None
        assert run.verdict is not None
        marks = rules.action_marks(run.states[-1], example.actions[-1], outcome, run.verdict)
        assert marks and all(m.kind in MARK_KINDS and m.role in MARK_ROLES for m in marks)
        if not run.verdict:
            assert any(m.role == "blocked" for m in marks)


def test_marks_show_devours_ejections_and_broken_towers() -> None:
    rules = duel()
    state = rules.position({"round": 1, "to_move": "dragon", "dragon": "e5",
                            "knights": [{"at": "e6", "facing": "s", "carrying": True}, {"at": "a1", "facing": "n"}]})
    action = rules.parse_action(state, "e5xe7")
    outcome = rules.apply(state, action)
    marks = rules.action_marks(state, action, outcome, rules.check(state, action))
    assert [(m.kind, m.role, m.cells) for m in marks] == [
        ("arrow", "move", ("e5", "e7")), ("cross", "capture", ("e6",)), ("cross", "capture", ("e6",))]
    views = rules.piece_views(outcome.state)
    # the broken tower is the printed broken-tower token, the dragon its own printed token
    assert (views["e6"][0].component, views["e6"][0].marked) == ("broken-tower", "broken")
    assert (views["e7"][0].owner, views["e7"][0].component) == ("dragon", "")
