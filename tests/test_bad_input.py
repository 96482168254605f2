"""Bad input and faults (issue 11): every mistake gets a located message, nothing escapes the output folder."""
from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest

from generator import kit
from generator.output import outfiles
from generator.cli import main
from generator.errors import Problem, SpecError, UserError
from generator.model.game import Game, load_game
from generator.kit import KitOptions, build
from generator.model.yamlsource import MAX_DEPTH, load_document
from spec_edits import edit, line_of

BOARD_A4: dict[str, Any] = dict(parts=("board",), formats=("a4",), previews=False)


def _problem(caught: pytest.ExceptionInfo[SpecError], fragment: str) -> Problem:
    match = [p for p in caught.value.problems if fragment in p.message]
    assert match, f"expected '{fragment}' in {[p.message for p in caught.value.problems]}"
    return match[0]


BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{b}: &{b} [{', '.join([f'*{a}'] * 9)}]\n" for a, b in zip("abcdefgh", "bcdefghi"))
YAML_CASES = [
    # (name, text, message fragment, line, column)
    ("billion laughs", BOMB, "aliases in this file expand to more than", 6, 4),
    ("deep nesting", "x: " + "[" * 100_000 + "]" * 100_000 + "\n", f"nested more than {MAX_DEPTH} deep", 1, 43),
    ("self alias", "top: &a\n  - *a\n", "alias refers to the list or mapping that contains it", 1, 6),
    ("list as key", "? [a, b]\n: 1\n", "a key must be a plain word or number", 1, 3),
    ("python tag", "name: !!python/name:os.system\n", "tag '!!python/name:os.system' is not allowed", 1, 7),
    ("local tag", "name: !mine x\n", "tag '!mine' is not allowed", 1, 7),
    ("merge key", "a: &a {x: 1}\nb:\n  <<: *a\n", "a key must be a plain word or number", 3, 3),
    ("nan", "columns: .nan\n", "'.nan' is not a finite number", 1, 10),
    ("infinity", "size:\n  - -.inf\n", "'-.inf' is not a finite number", 2, 5),
    ("NUL in text", 'name: "red\\0"\n', "control character U+0000", 1, 7),
    ("raw control character", "title: ok\nname: a\x07b\n", "character U+0007 is not allowed", 2, 8),
    ("bad explicit int", 'rows: !!int "twelve"\n', "cannot read 'twelve' as int", 1, 7),
]


@pytest.mark.parametrize("case", YAML_CASES, ids=[c[0] for c in YAML_CASES])
def test_yaml_loader_refuses_what_is_not_plain_data_at_its_place(tmp_path: Path, case: tuple[Any, ...]) -> None:
    name, text, message, line, column = case
    path = tmp_path / "spec.yaml"
    path.write_text(text, encoding="utf-8")
    start = time.perf_counter()
    with pytest.raises(SpecError) as caught:
        load_document(path)
    assert time.perf_counter() - start < 5, "the loader must refuse quickly, not expand first"
    problem = _problem(caught, message)
    assert Path(problem.file) == path and problem.line == line and problem.hint
    if column is not None:
        assert problem.column == column
    else:
        assert problem.column is not None


def test_a_date_is_read_as_text(tmp_path: Path) -> None:
    path = tmp_path / "spec.yaml"
    path.write_text("designer: 2026-01-01\n", encoding="utf-8")
    assert load_document(path).data == {"designer": "2026-01-01"}


def test_a_whole_number_written_as_a_float_is_an_integer(game_copy: Path) -> None:
    edit(game_copy / "board.yaml", "  columns: 16", "  columns: 16.0")
    edit(game_copy / "print.yaml", "sheets: {rows: 2,", "sheets: {rows: 2.0,")
    game = load_game(game_copy)
    assert len(list(game.board.grid.cells())) == 16 * 12
    assert isinstance(game.format("a4x4").sheet_rows, int) and game.format("a4x4").sheet_count == 4


@pytest.mark.parametrize("file,old,new,message,hint", [
    ("board.yaml", "colour: gate-blue", "colour: gate-bleu", "unknown colour 'gate-bleu'", "gate-blue"),
    ("game.yaml", "    colour: red\n", "    colour: rouge\n", "unknown colour 'rouge'", ""),
    ("game.yaml", "colour: weapon-form-1}", "colour: weapon-form-9}", "unknown colour 'weapon-form-9'",
     "weapon-form-"),
    ("game.yaml", "  components: components.yaml", "  components: component.yaml",
     "components file 'component.yaml' not found", "check the name"),
    ("game.yaml", "  board: board.yaml", "  board: bord.yaml", "board file 'bord.yaml' not found", "check the name"),
    ("game.yaml", "  examples: examples", "  examples: exemples", "examples folder 'exemples' not found", ""),
])
def test_references_between_spec_files_are_resolved_at_load_time(game_copy: Path, file: str, old: str, new: str,
                                                                  message: str, hint: str) -> None:
    edit(game_copy / file, old, new)
    with pytest.raises(SpecError) as caught:
        load_game(game_copy)
    problem = _problem(caught, message)
    assert Path(problem.file) == game_copy / file and hint in problem.hint
    assert problem.line == line_of(game_copy / file, new.strip().split("\n")[0])


def test_a_theme_base_misspelt_is_reported_in_the_users_file(game: Game, tmp_path: Path) -> None:
    theme = tmp_path / "mine.yaml"
    theme.write_text("name: mine\nbase: clasic\n", encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        game.theme(theme)
    problem = _problem(caught, "no built-in theme named 'clasic'")
    assert (Path(problem.file), problem.line, problem.column) == (theme, 2, 7)
    assert "did you mean 'classic'" in problem.hint


def test_a_theme_without_base_must_set_every_colour(game: Game, tmp_path: Path) -> None:
    theme = tmp_path / "mine.yaml"
    theme.write_text("name: mine\ncolours:\n  red: '#aa0000'\n", encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        game.theme(theme)
    problem = _problem(caught, "has no 'base' and does not set")
    assert problem.line == 2 and "gate-blue" in problem.message and "base:" in problem.hint
    complete = "name: mine\ncolours:\n" + "".join(f"  {k}: '{v}'\n" for k, v in game.theme("classic").colours.items())
    theme.write_text(complete, encoding="utf-8")
    assert game.theme(theme).colours == game.theme("classic").colours


@pytest.mark.parametrize("name", ["x/../../../../escaped", "/abs/olute", "..", "a b", "nul\\0"])
def test_a_theme_name_that_would_leave_the_output_folder_is_refused(game: Game, tmp_path: Path, name: str) -> None:
    theme = tmp_path / "mine.yaml"
    theme.write_text(f'base: classic\nname: "{name}"\n', encoding="utf-8")
    out = tmp_path / "deep" / "out"
    with pytest.raises(SpecError) as caught:
        build(game, KitOptions(**BOARD_A4, themes=(str(theme),), out=out), quiet=True)
    assert caught.value.problems[0].line == 2
    assert not any(tmp_path.rglob("*.pdf")) and not any(tmp_path.rglob("*.png"))


@pytest.mark.parametrize("written, message, fix", [
    ('"mine\\n"', "'mine\\n' has a space or line break at its start or end", "write 'mine'"),
    ('" mine"', "' mine' has a space or line break at its start or end", "write 'mine'"),
    ("drachen-grün", "'drachen-grün' holds 'ü', which is not an ASCII letter (a-z, A-Z)",
     "write 'drachen-grun'; the theme's name, used in file names: ASCII letters (a-z, A-Z), digits, '-' and '_'."),
])
def test_a_theme_name_with_a_line_break_or_a_non_ascii_letter_is_refused_at_its_line(
        game: Game, tmp_path: Path, written: str, message: str, fix: str) -> None:
    theme = tmp_path / "mine.yaml"
    theme.write_text(f"base: classic\nname: {written}\n", encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        build(game, KitOptions(**BOARD_A4, themes=(str(theme),), out=tmp_path / "out"), quiet=True)
    problem, = caught.value.problems
    assert (Path(problem.file), problem.line, problem.column) == (theme, 2, 7)
    assert (problem.message, problem.hint) == (message, fix)
    assert not (tmp_path / "out").exists()


def test_a_pattern_that_ends_a_name_ends_the_text(game_copy: Path) -> None:
    edit(game_copy / "game.yaml", "  - id: red\n", '  - id: "red\\n"\n')
    with pytest.raises(SpecError) as caught:
        load_game(game_copy)
    problem = _problem(caught, "has a space or line break at its start or end")
    assert (problem.line, problem.hint) == (line_of(game_copy / "game.yaml", 'id: "red'), "write 'red'")


def test_a_theme_file_name_that_cannot_name_a_board_needs_a_name(game: Game, tmp_path: Path) -> None:
    theme = tmp_path / "my theme.yaml"
    theme.write_text("base: classic\n", encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        game.theme(theme)
    assert "cannot name its boards" in caught.value.problems[0].message


@pytest.mark.parametrize("name", ["../x.pdf", "a/b.pdf", ".hidden.pdf", "..", "x\\0.pdf", ""])
def test_every_written_path_is_proved_inside_the_output_folder(tmp_path: Path, name: str) -> None:
    with pytest.raises(UserError):
        outfiles.inside(tmp_path, name)
    assert outfiles.inside(tmp_path, "board-a4-classic.pdf") == tmp_path / "board-a4-classic.pdf"


def test_a_game_folder_named_dot_dot_cannot_write_beside_the_output(game: Game, tmp_path: Path) -> None:
    from dataclasses import replace

    with pytest.raises(UserError):
        build(replace(game, id=".."), KitOptions(**BOARD_A4, themes=("classic",), out=tmp_path / "out"), quiet=True)
    assert not any(tmp_path.rglob("*.pdf"))


def test_two_themes_with_one_name_are_refused_before_writing(game: Game, tmp_path: Path) -> None:
    theme = tmp_path / "mine.yaml"
    theme.write_text("name: classic\nbase: light\n", encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        build(game, KitOptions(**BOARD_A4, themes=("classic", str(theme)), out=tmp_path / "out"), quiet=True)
    assert "would overwrite each other" in caught.value.problems[0].message
    assert (Path(caught.value.problems[0].file), caught.value.problems[0].line) == (theme, 1)
    assert not (tmp_path / "out").exists()


def test_a_false_rule_example_stops_the_build_before_any_file_is_written(game_copy: Path, tmp_path: Path) -> None:
    example = next(p for p in sorted((game_copy / "examples").glob("*.yaml")) if "expect: legal" in p.read_text())
    edit(example, "expect: legal", "expect: {illegal: occupied}")
    game = load_game(game_copy)
    out = tmp_path / "out"
    with pytest.raises(SpecError) as caught:
        build(game, KitOptions(parts=("board", "rulebook"), formats=("a4",), themes=("classic",), out=out,
                               previews=False), quiet=True)
    assert any(Path(p.file) == example and p.line is not None for p in caught.value.problems)
    assert not any(out.rglob("*.pdf"))


def test_a_focus_square_off_the_board_is_refused(game_copy: Path, tmp_path: Path) -> None:
    from generator.kit import check_inputs

    example = next(p for p in sorted((game_copy / "examples").glob("*.yaml")) if "focus:" in p.read_text())
    text = example.read_text(encoding="utf-8")
    focus_line = next(line for line in text.splitlines() if line.startswith("focus:"))
    edit(example, focus_line, "focus: z99")
    with pytest.raises(SpecError) as caught:
        check_inputs(load_game(game_copy), KitOptions())
    problem = _problem(caught, "focus 'z99' is off the board")
    assert problem.line == line_of(example, "focus: z99")


_FDOPEN = os.fdopen


class _FullDisk:
    """A file object whose writes fail as on a full disk."""

    def __init__(self, fd: int, mode: str):
        self.stream = _FDOPEN(fd, mode)

    def __enter__(self) -> "_FullDisk":
        return self

    def __exit__(self, *exc: object) -> None:
        self.stream.close()

    def write(self, data: bytes) -> int:
        raise OSError(28, "No space left on device")


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_full_disk_ends_the_build_with_one_line_and_no_partial_file(tmp_path: Path, capsys: pytest.CaptureFixture[str], jobs: str,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOARDKIT_JOBS", jobs)
    monkeypatch.setattr(kit, "START_METHOD", "fork")  # the patched writer reaches the workers only through fork
    monkeypatch.setattr(os, "fdopen", _FullDisk)
    status = main(["print", "dravakron", "--part", "board", "--format", "a4", "--theme", "classic,light",
                   "--no-preview", "--out", str(tmp_path), "-q"])
    err = capsys.readouterr().err.strip().splitlines()
    assert status == 2 and len(err) == 1 and "No space left on device" in err[0] and "free some space" in err[0], err
    assert sorted(p.name for p in (tmp_path / "dravakron").iterdir()) == [".build.lock"]


def _die(indices: list[int]) -> list[tuple[int, int, float]]:
    """A job that ends its process as an abort would."""
    os._exit(134)


def test_a_worker_that_dies_ends_the_build_instead_of_hanging(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kit, "START_METHOD", "fork")  # the patched job reaches the worker only through fork
    monkeypatch.setattr(kit, "_run", _die)
    monkeypatch.setattr(kit, "_start_worker", lambda *args: None)
    start = time.perf_counter()
    with pytest.raises(UserError, match="stopped without finishing"):
        jobs = [kit.Job("board", f"{n}.pdf", lambda path: 1) for n in range(3)]
        list(kit._in_workers(kit._Schedule([0, 1, 2], jobs, [], 2), 2, (Path("."), KitOptions(), (), Path("."))))
    assert time.perf_counter() - start < 30


def test_a_build_in_spawned_workers_writes_the_same_bytes(game: Game, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    options: dict[str, Any] = dict(parts=("board", "decals"), formats=("a4",), themes=("classic", "light"),
                                   previews=False)
    monkeypatch.setenv("BOARDKIT_JOBS", "2")
    monkeypatch.setattr(kit, "START_METHOD", "spawn")
    spawned = build(game, KitOptions(**options, out=tmp_path / "spawn"), quiet=True)
    monkeypatch.setenv("BOARDKIT_JOBS", "1")
    alone = build(game, KitOptions(**options, out=tmp_path / "one"), quiet=True)
    assert len(spawned) == 3 and not any(w.skipped for w in spawned)
    for a, b in zip(spawned, alone):
        assert a.path.read_bytes() == b.path.read_bytes() and a.pages == b.pages


def test_leftovers_of_a_killed_save_are_removed_by_the_next_build(game: Game, tmp_path: Path) -> None:
    folder = tmp_path / "dravakron"
    folder.mkdir()
    leftover = folder / f".board-a4-classic.pdf.k1ll3d{outfiles.PARTIAL_SUFFIX}"
    leftover.write_bytes(b"%PDF-1.7 half")
    build(game, KitOptions(**BOARD_A4, themes=("classic",), out=tmp_path), quiet=True)
    assert not leftover.exists()
    assert sorted(p.name for p in folder.iterdir() if p.name.startswith(".")) == [".build-manifest.json",
                                                                                  ".build.lock"]


def test_a_format_name_that_would_leave_the_output_folder_is_refused_at_its_key(game_copy: Path) -> None:
    edit(game_copy / "print.yaml", "\n  a4:", '\n  "../../a4":')
    with pytest.raises(SpecError) as caught:
        load_game(game_copy)
    problem = _problem(caught, "'../../a4' is not valid")
    assert (problem.line, problem.column) == (line_of(game_copy / "print.yaml", '"../../a4":'), 3)
    assert "lower-case letters" in problem.hint


@pytest.mark.parametrize("file,old,new,message", [
    ("board.yaml", 'area: "i1:p12"', 'area: "h1:p12"', "zone 'nerovax' of black overlaps zone 'draxeth' of red"),
    ("board.yaml", "at: [a8, a9", "at: [a08, a9", "'a08' is not valid"),
    ("components.yaml", "{player: red, count: 5}", "{player: red, count: 4}",
     "count 4, but the game needs exactly 5: red starts with a piece on each of its 5 home squares"),
])
def test_specs_that_would_break_the_kit_are_refused_at_their_line(game_copy: Path, file: str, old: str, new: str,
                                                                   message: str) -> None:
    from generator.kit import check_inputs

    edit(game_copy / file, old, new)
    with pytest.raises(SpecError) as caught:
        check_inputs(load_game(game_copy), KitOptions())
    problem = _problem(caught, message)
    assert Path(problem.file) == game_copy / file and problem.hint
    assert problem.line == line_of(game_copy / file, new)
