"""`verify`: the project's specs pass; broken layouts fail with messages that name the file and the fault."""
from __future__ import annotations

import io
from pathlib import Path
from typing import Any, Callable

import pytest
import yaml

from generator import cli
from generator.kit import verify
from generator.games.dravakron.contract_rules import DravakronRules
from generator.games.dravakron.rules import ACTION_KINDS
from generator.model.game import find_game
from generator.play.selfplay import Ply
from generator.kit.verify import GameReport, VerifyReport, print_report, verify_game, verify_games

Board = dict[str, Any]


def edit_board(folder: Path, change: Callable[[Board], None]) -> Path:
    """Rewrite the copy's board.yaml after ``change`` edits its data."""
    path = folder / "board.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def mark(data: Board, kind: str, owner: str | None = None, faces: str | None = None) -> dict[str, Any]:
    return next(f for f in data["marks"] if f["kind"] == kind and f.get("owner") == owner
                and (faces is None or f.get("faces") == faces))


def gate(data: Board, gate_id: str) -> dict[str, Any]:
    return next(g for g in data["links"] if g["id"] == gate_id)


def messages(report: GameReport) -> str:
    return "\n".join(p.message for p in report.problems)


def test_the_project_specs_pass() -> None:
    report = verify_games([find_game("dravakron")], games=30, seed=0)
    assert report.ok and [g.name for g in report.games] == ["dravakron"]
    game = report.games[0]
    assert game.games == 30 and all(game.kinds[k] for k in ACTION_KINDS)
    out = io.StringIO()
    assert print_report(report, out) == 0
    assert out.getvalue().startswith("dravakron: ok")


def test_an_untouched_copy_passes(game_copy: Path) -> None:
    assert verify_game(game_copy, games=30).ok


def test_too_small_a_batch_says_which_actions_never_came_up(game_copy: Path) -> None:
    text = messages(verify_game(game_copy, games=1, max_plies=10))
    assert "never played in 1 self-play games:" in text and "exchange" in text


def test_a_landing_square_that_cannot_be_left(game_copy: Path) -> None:
    def wall_in(data: Board) -> None:
        data["symmetry"] = "none"
        mark(data, "home", "red")["at"] = ["a8", "a9", "a10", "a11", "b12"]
        mark(data, "start", "red")["at"] = ["b11"]
        gate(data, "teal")["to"] = ["a12", "e3"]
    board = edit_board(game_copy, wall_in)
    report = verify_game(game_copy, games=0)
    assert "gate teal: landing square a12 cannot be left" in messages(report)
    problem = next(p for p in report.problems if "a12 cannot be left" in p.message)
    assert Path(problem.file) == board and problem.line is not None


def test_squares_no_piece_can_reach(game_copy: Path) -> None:
    def enclose(data: Board) -> None:
        data["symmetry"] = "none"
        mark(data, "home", "red")["at"] = ["a8", "a9", "a10", "a11", "b11"]
        gate(data, "green")["at"] = "b12"
    edit_board(game_copy, enclose)
    text = messages(verify_game(game_copy, games=0))
    assert "cannot be reached from red's starting point b10: a12" in text
    assert "cannot be reached from black's starting point o10: a12" in text


def test_a_storage_square_faced_twice(game_copy: Path) -> None:
    edit_board(game_copy, lambda data: mark(data, "weapon-acquisition", faces="h5")["at"].append("g4"))
    text = messages(verify_game(game_copy, games=0))
    assert "storage h5 (zagmora-1) is faced by 2 acquisition squares" in text


def test_a_broken_mirror(game_copy: Path) -> None:
    edit_board(game_copy, lambda data: gate(data, "blue").update(at="c5"))
    text = messages(verify_game(game_copy, games=0))
    assert "gate blue: no main gate at n5, the mirror of c5" in text
    assert "gate orange: no main gate at c4, the mirror of n4" in text


def test_wrong_counts(game_copy: Path) -> None:
    def shrink(data: Board) -> None:
        data["symmetry"] = "none"
        mark(data, "home", "red")["at"] = ["a8", "a9", "a10", "a11"]
        mark(data, "flag-acquisition", "black")["at"] = ["p2", "o1"]
        data["links"] = [g for g in data["links"] if g["id"] != "gold"]
    edit_board(game_copy, shrink)
    text = messages(verify_game(game_copy, games=0))
    assert "player red: the home base has 4 squares, the rules need 5" in text
    assert "flag square p1 has 2 acquisition squares, the rules need 3" in text
    assert "the board has 5 gates, the rules need 6" in text


def test_a_spec_that_does_not_load_reports_why(game_copy: Path) -> None:
    (game_copy / "board.yaml").write_text("grid: [unclosed\n", encoding="utf-8")
    report = verify_game(game_copy, games=0)
    assert not report.ok and "YAML syntax error" in messages(report)


def test_games_whose_rules_name_no_engine_fail_at_the_rules_line(game_copy: Path) -> None:
    path = game_copy / "game.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("rules: dravakron", "rules: dravakronn"),
                    encoding="utf-8")
    report = VerifyReport([verify_game(game_copy)])
    out = io.StringIO()
    assert not report.ok and print_report(report, out) == 1
    problem = report.games[0].problems[0]
    assert "rules 'dravakronn' name no registered game engine" in problem.message
    assert problem.line == 7 and "did you mean 'dravakron'?" in problem.hint


def test_a_position_without_legal_action_is_reported_with_the_position(game_copy: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    def stuck(rules: DravakronRules, seed: int, max_plies: int | None) -> list[Ply[object, object]]:
        return [Ply(0, rules.position({"pieces": {"d5": "red frozen", "k8": "black"}}), "red", [], None, None)]
    monkeypatch.setattr(verify, "random_game", stuck)
    report = verify_game(game_copy, games=1)
    text = messages(report)
    assert "red must decide but has no legal action" in text and "  5 .   .   .   R~" in text
    out = io.StringIO()
    assert print_report(VerifyReport([report]), out) == 1 and "FAILED" in out.getvalue()


def test_lost_items_are_reported(game_copy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(DravakronRules, "invariants", lambda self, state: ["zagmora-1 is in 0 places"])
    text = messages(verify_game(game_copy, games=1))
    assert "self-play game 0, action 1" in text and "zagmora-1 is in 0 places" in text


def test_the_command_line_exit_status(game_copy: Path) -> None:
    assert cli.main(["verify", "--games", "30", "--seed", "0", str(game_copy)]) == 0
    edit_board(game_copy, lambda data: gate(data, "blue").update(at="c5"))
    assert cli.main(["verify", "--games", "30", str(game_copy)]) == 1
    assert cli.main(["verify", "no-such-game"]) == 2
