"""The rule examples of specs/drako/examples: all hold, cover every section, and a wrong claim is reported."""
from __future__ import annotations

import shutil
from pathlib import Path

import yaml
from drako_support import rules

from generator.model.game import SPECS_DIR, load_game
from generator.play.examples import check_example_folder, load_rule_example, run_rule_example
from generator.play.registry import variant_rules

EXAMPLES = SPECS_DIR / "drako" / "examples"


def _check(folder: Path) -> list:
    game = load_game("drako")
    return check_example_folder(folder, rules(), game.board.grid, variant_rules(game))


def test_every_example_holds() -> None:
    problems = _check(EXAMPLES)
    assert problems == [], "\n".join(p.format() for p in problems)


def test_examples_cover_the_rules() -> None:
    game = load_game("drako")
    examples = [load_rule_example(path, rules(), game.board.grid, variant_rules(game))
                for path in sorted(EXAMPLES.glob("*.yaml"))]
    assert len(examples) >= 25
    assert {e.section for e in examples} == {"Setting up", "Turns", "Passing", "Drawing and the hand limit",
                                              "Defence", "Moving", "Attacking", "The crossbow", "The net", "Fury",
                                              "Flight", "Fire", "Wounds and the mats", "The end of the game",
                                              "A second opening hand"}
    legal = [e for e in examples if e.expect == "legal"]
    assert len(legal) >= 10 and len(examples) - len(legal) >= 10
    assert sum(1 for e in examples if "winner" in e.result) >= 3
    shown = {e.engine.action_kind(a) for e in examples if e.expect == "legal" for a in e.actions}
    assert shown >= {"pass", "place", "escape", "fury", "discard", "wound", "block", "take"}
    for example in examples:
        run = run_rule_example(example)
        assert run.verdict is not None
        last = len(example.actions) - 1
        marks = example.engine.action_marks(run.states[last], example.actions[last],
                                     run.outcomes[-1] if run.verdict else None, run.verdict)
        assert run.verdict.legal or any(m.kind == "cross" and m.text == run.verdict.code for m in marks)
        cards = [view for n, action in enumerate(example.actions)
                 for view in example.engine.aside_views(run.states[n], action,
                                                        run.outcomes[n] if n < len(run.outcomes) else None)]
        assert marks or cards, f"{example.id} shows nothing: no mark on the board and no card beside it"


def _broken(tmp_path: Path, name: str, change: dict) -> Path:
    folder = tmp_path / "examples"
    folder.mkdir()
    data = yaml.safe_load((EXAMPLES / name).read_text(encoding="utf-8"))
    data.update(change)
    (folder / name).write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return folder


def test_wrong_result_claim_is_reported(tmp_path: Path) -> None:
    folder = _broken(tmp_path, "37-fire-one-defence.yaml", {"result": {"wounds": {"brald": 0, "urpen": 3}}})
    problems = _check(folder)
    assert len(problems) == 1 and "urpen has 3 wounds, the rules say 2" in problems[0].message


def test_wrong_reason_is_reported(tmp_path: Path) -> None:
    folder = _broken(tmp_path, "14-move-too-far.yaml", {"expect": {"illegal": "path-blocked"}})
    problems = _check(folder)
    assert len(problems) == 1 and "'too-far'" in problems[0].message and "path-blocked" in problems[0].message


def test_impossible_position_is_reported(tmp_path: Path) -> None:
    folder = _broken(tmp_path, "19-dragon-walk.yaml", {"position": {"dragon": "d4", "wounds": {"fire": 1}}})
    problems = _check(folder)
    assert len(problems) == 1 and "impossible position" in problems[0].message


def test_bad_notation_is_reported(tmp_path: Path) -> None:
    folder = _broken(tmp_path, "19-dragon-walk.yaml", {"actions": ["play M2 brald c5"]})
    problems = _check(folder)
    assert len(problems) == 1 and "cannot read" in problems[0].message and problems[0].line is not None


def test_examples_folder_is_self_contained(tmp_path: Path) -> None:
    copy = tmp_path / "copy"
    shutil.copytree(EXAMPLES, copy)
    assert _check(copy) == []
