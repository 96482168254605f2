"""Bad specs: every kind of mistake gives a clear, located error, never a traceback or a partial file."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from generator.errors import SpecError
from generator.model.game import load_game
from generator.play.registry import rules_for
from spec_edits import edit, line_of


def _problems(folder: Path) -> list:
    """What loading the game finds, then what its rules engine adds (Dravakron's own checks of its marks)."""
    with pytest.raises(SpecError) as caught:
        rules_for(load_game(folder))
    return caught.value.problems


CASES = [
    # (file, old text, new text, expected message fragment, expected hint fragment, text on the reported line)
    ("board.yaml", "  column_labels: abcdefghijklmnop", "  colum_labels: abcdefghijklmnop",
     "unknown key 'colum_labels'", "did you mean 'column_labels'", "colum_labels"),
    ("board.yaml", "  rows: 12", "  rows: twelve", "expected a whole number", "", "rows: twelve"),
    ("board.yaml", "at: [b10]}", "at: [q10]}", "square 'q10' is off the board", "columns a..p, rows 1..12",
     "q10"),
    ("board.yaml", "- {kind: start, owner: black, at: [o10]}", "- {kind: start, owner: black, at: [b10]}",
     "square 'b10' is used twice", "one role", "owner: black, at: [b10]"),
    ("board.yaml", "to: [n8, n9]}", "to: [n8]}", "gate 'blue' has 1 landing squares, needs 2",
     "exactly two", "to: [n8]"),
    ("board.yaml", "{kind: start, owner: red, at: [b10]}", "{kind: start, at: [b10]}",
     "a 'start' mark needs an owner", "owner:", "kind: start, at: [b10]"),
    ("board.yaml", "- {kind: storage, at: [h5], item: zagmora-1}", "- {kind: storage, at: [h5]}",
     "a 'storage' mark needs the item kept there", "item:", "kind: storage, at: [h5]}"),
    ("board.yaml", "- {kind: home, owner: red, at", "- {kind: hoem, owner: red, at", "no mark kind named 'hoem'",
     "did you mean 'home'", "kind: hoem"),
    ("board.yaml", "kind: gate, id: blue", "kind: gaet, id: blue", "no link kind named 'gaet'",
     "did you mean 'gate'", "kind: gaet"),
    ("board.yaml", "id: green, name: Green Gate", "id: blue, name: Green Gate", "link id 'blue' is used twice",
     "its own id", "id: blue, name: Green Gate"),
    ("board.yaml", "owner: red, at: [a8", "owner: redd, at: [a8", "unknown player 'redd'", "red", "redd"),
    ("board.yaml", "item: zagmora-1}", "item: zagmora-9}", "unknown item 'zagmora-9'", "zagmora-1",
     "zagmora-9"),
    ("board.yaml", "at: [g5], faces: h5}", "at: [g5], faces: g6}", "'g6' is not a storage square",
     "storage", "faces: g6"),
    ("board.yaml", "shape: square", "shape: triangle", "'triangle' is not allowed here", "square, hex",
     "triangle"),
    ("game.yaml", "  board: board.yaml", "  board: bord.yaml", "board file 'bord.yaml' not found", "check the name",
     "board: bord.yaml"),
    ("board.yaml", "  rows: 12", "  rows: [12", "YAML syntax error", "indentation", None),
    ("board.yaml", "  rows: 12", "  rows: 12\n  rows: 13", "key 'rows' appears twice", "keep one", "rows: 13"),
    ("print.yaml", "    square_mm: 22.5", "    square_mm: -3", "out of range", "", "square_mm: -3"),
    ("game.yaml", "  - id: red\n", "  - id: Red!\n", "'Red!' is not valid", "Lower-case", "id: Red!"),
]


@pytest.mark.parametrize("case", CASES, ids=[c[3].split("'")[0].strip() or c[3] for c in CASES])
def test_bad_spec_is_reported_with_file_line_and_fix(game_copy: Path, case) -> None:
    name, old, new, message, hint, line_text = case
    edit(game_copy / name, old, new)
    problems = _problems(game_copy)
    match = [p for p in problems if message in p.message]
    assert match, f"expected '{message}' in {[p.message for p in problems]}"
    problem = match[0]
    assert Path(problem.file).name == name
    assert hint in problem.hint
    if line_text is not None:
        assert problem.line == line_of(game_copy / name, line_text)
        assert problem.column is not None


def test_all_problems_are_reported_at_once(game_copy: Path) -> None:
    edit(game_copy / "board.yaml", "at: [b10]}", "at: [z10]}")
    edit(game_copy / "board.yaml", "at: [p8, p9", "at: [q8, p9")
    problems = _problems(game_copy)
    assert len(problems) >= 2


def test_bad_theme_colour_and_unknown_colour_key(game_copy: Path, tmp_path: Path) -> None:
    theme = tmp_path / "mine.yaml"
    theme.write_text("base: classic\ncolours:\n  gate-blue: '#12345'\n  gate-bleu: '#123456'\n", encoding="utf-8")
    game = load_game(game_copy)
    with pytest.raises(SpecError) as caught:
        game.theme(theme)
    messages = [(p.line, p.message, p.hint) for p in caught.value.problems]
    assert (3, "'#12345' is not a colour", "write #rrggbb (e.g. #1f4fd1), rgb(31 79 209) or a CSS colour name") \
        in messages
    assert any(line == 4 and "unknown colour key 'gate-bleu'" in m and "gate-blue" in h for line, m, h in messages)


def test_unknown_theme_name_suggests_the_right_one(game) -> None:
    with pytest.raises(SpecError) as caught:
        game.theme("clasic")
    assert "did you mean 'classic'" in caught.value.problems[0].hint


def test_board_too_big_for_its_paper_names_the_fix(game_copy: Path) -> None:
    from generator.compose.board_sheets import check_layout

    edit(game_copy / "print.yaml", "    square_mm: 15", "    square_mm: 19")
    game = load_game(game_copy)
    with pytest.raises(SpecError) as caught:
        check_layout(game, game.format("a4"))
    problem = caught.value.problems[0]
    assert "does not fit" in problem.message or "has only" in problem.message
    assert re.search(r"set square_mm to [0-9.]+ or less", problem.hint)
    assert problem.line == line_of(game_copy / "print.yaml", "square_mm: 19")


def _run_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    repo = Path(__file__).resolve().parent.parent  # the code under test, whatever the working folder
    return subprocess.run([sys.executable, "-m", "generator", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=120, env={**os.environ, "PYTHONPATH": str(repo)})


def test_cli_reports_bad_spec_without_traceback_or_output(game_copy: Path, tmp_path: Path) -> None:
    edit(game_copy / "board.yaml", "at: [b10]}", "at: [q10]}")
    out = tmp_path / "out"
    result = _run_cli("print", str(game_copy), "--out", str(out), "--part", "board", cwd=tmp_path)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "board.yaml:" in result.stderr and "off the board" in result.stderr
    assert not out.exists() or not any(out.rglob("*.pdf"))


def test_cli_unknown_format_gets_a_suggestion(tmp_path: Path) -> None:
    result = _run_cli("print", "dravakron", "--format", "a4x5", "--out", str(tmp_path), cwd=tmp_path)
    assert result.returncode == 2
    assert "no print format named 'a4x5'" in result.stderr and "did you mean" in result.stderr
    assert "Traceback" not in result.stderr
