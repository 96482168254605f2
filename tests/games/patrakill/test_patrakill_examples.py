"""Every rule example of both spec folders holds; a wrong claim is reported; drawing data comes from the engine."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from patrakill_support import duel, game, multi

from generator.play.looks import piece_looks
from generator.rulebook.diagram_art import draw_rule_example
from generator.play.examples import check_example_folder, load_rule_example, run_rule_example
from generator.play.registry import variant_rules
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
    assert sum(1 for d in data if d.get("expect") == "legal") >= 10
    assert sum(1 for d in data if isinstance(d.get("expect"), dict)) >= 10
    assert all(("focus" in d) != ("actions" in d) for d in data)
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
        if example.focus is not None:
            marks = example.engine.focus_marks(run.states[0], example.focus)
            assert [m.kind for m in marks] == ["dot"] and len(marks[0].cells) >= 3
            continue
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


VATRAKILL_LINES = {"purple": ("n", "c1 d1 e1 f1 g1"), "blue": ("e", "a3 a4 a5 a6 a7"),
                   "green": ("s", "c9 d9 e9 f9 g9"), "yellow": ("w", "i3 i4 i5 i6 i7")}


def _full_vatrakill(**moved: str) -> list[dict[str, str]]:
    """Every Vatrakill knight on its line, facing the middle; ``moved`` sends some (square=new square) elsewhere."""
    return [{"at": moved.get(square, square), "facing": facing, "faction": faction}
            for faction, (facing, squares) in VATRAKILL_LINES.items() for square in squares.split()]


@pytest.mark.parametrize("name, position, words", [
    # Vatrakill's towers stand on the middles of the zones for good (a tower on e6 was drawn before)
    ("vatrakill", {"dragon": "e5", "towers": [{"at": "e6", "faction": "green"}], "knights": _full_vatrakill()},
     "middles of the zones"),
    # nothing turns a Vatrakill knight: green faces south all game
    ("vatrakill", {"dragon": "e5", "knights": [{**k, "facing": "n"} if k["at"] == "e7" else k
                                              for k in _full_vatrakill(e9="e7")]}, "faces n"),
    # a knight cannot leave the board but by being eaten
    ("vatrakill", {"dragon": "e5", "knights": _full_vatrakill()[:18]}, "2 are missing"),
    # the duel: a knight stepping out of a tower keeps its facing, so round 2 knights all face north
    ("patrakill", {"round": 2, "dragon": "e5", "knights": [{"at": s, "facing": "e" if s == "d2" else "n"} for s in
                                                          "a1 b1 c1 d1 e1 f1 g1 h1 i1 b2 d2 f2 h2".split()]},
     "faces e"),
    # thirteen knights: two on the board and none eaten is not a position of the game
    ("patrakill", {"dragon": "e5", "knights": [{"at": "e6", "facing": "n"}, {"at": "a1", "facing": "n"}]},
     "11 are missing"),
])
def test_an_example_cannot_start_from_a_position_play_cannot_reach(tmp_path: Path, name: str,
                                                                    position: dict[str, object], words: str) -> None:
    data = {"title": "Unreachable", "caption": "A position no game can come to.", "section": "Moving",
            "view": "board", "position": position, "actions": ["pass"] if name == "vatrakill" else ["e5-f5"],
            "expect": "legal"}
    (tmp_path / "unreachable.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
    problems = check_example_folder(tmp_path, duel() if name == "patrakill" else multi(), game(name).board.grid)
    assert problems and words in problems[0].message, problems


@pytest.mark.parametrize("name, example, words", [
    ("patrakill", "round2-capture-diagonal", "The dragon is caught between two knights, one of them in a tower: "
                                             "the knights win."),
    ("patrakill", "round2-skewer", "The dragon's skewer is full: the dragon wins."),
    ("vatrakill", "immobilised-closer-wins", "The dragon has no move left: the yellow faction wins."),
])
def test_a_diagram_tells_the_end_of_the_game_in_players_words(name: str, example: str, words: str) -> None:
    art = draw_rule_example(game(name), game(name).folder / "examples" / f"{example}.yaml", captioned=True)
    text = " ".join(re.findall(r">([^<>]+)</text>", art.svg))
    assert words in text and " wins (" not in text
