"""Rule examples and the game's options (issue 24): an example is checked under the options it was written for,
and where a user's options or board change what it shows, the books leave it out and the build says which."""
from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest

from generator.cli import main
from generator.errors import SpecError
from generator.model.game import SPECS_DIR, game_folders, load_game
from generator.kit import KitOptions, check_inputs
from generator.play.examples import BOARD_KEY, board_fingerprint, example_standing, shown_in_books
from generator.rulebook.book import Rulebook
from generator.rulebook.markup import references
from spec_edits import edit, line_of

NINE_BY_NINE = [("board.yaml", "columns: 8\n  rows: 8\n  column_labels: abcdefgh",
                 "columns: 9\n  rows: 9\n  column_labels: abcdefghi"),
                ("board.yaml", "at: [a6, c7, e8, g7, h5]", "at: [a7, c8, e9, g8, i6]")]
#: Edits the README says work: (case, game folder, edits, what the warning says changed, examples left out).
EDITS = [
    ("declared draw", "dragon-eyes", [("game.yaml", "declare_draw: false", "declare_draw: true")],
     "options (declare_draw: true)", {"declare-draw-variant-off", "eyes-level-draw", "no-eyes-is-a-draw"}),
    ("two-token dragons", "ejderhalar", [("game.yaml", "tokens_per_dragon: 3", "tokens_per_dragon: 2")],
     "options (tokens_per_dragon: 2)", None),
    ("9x9 board", "ejderhalar", NINE_BY_NINE, "board ({board}, where game.yaml's examples_board is 666e219f916a)",
     None),
    ("skewer of 3", "patrakill", [("game.yaml", "skewer: 5", "skewer: 3")], "options (skewer: 3)",
     {"round1-ends-fifth-knight", "round2-skewer"}),
    ("three-player Vatrakill", "vatrakill",
     [("game.yaml", "players: 5\n  factions: [purple, blue, green, yellow]", "players: 3\n  factions: [blue, yellow]")],
     'options (players: 3, factions: ["blue", "yellow"])', None),
]


def _copy(tmp_path: Path, name: str) -> Path:
    """A writable copy of a game's specs (Vatrakill with the Patrakill folder it shares the board with)."""
    for folder in {name, "patrakill"} if name == "vatrakill" else {name}:
        shutil.copytree(SPECS_DIR / folder, tmp_path / folder)
    return tmp_path / name


def _figures(folder: Path) -> set[str]:
    """The figure ids the rulebook of a game places (after checking that its text refers to no other)."""
    blocks = Rulebook(load_game(folder)).blocks()
    placed = {b.args[0] for b in blocks if b.kind == "directive" and b.text == "figure"}
    texts = [t for b in blocks for t in [b.text, *b.items, *[c for row in b.rows for c in row]]]
    assert {ref for t in texts for kind, ref in references(t) if kind == "fig"} <= placed
    return placed


@pytest.mark.parametrize("case, name, edits, changes, expected", EDITS, ids=[e[0] for e in EDITS])
def test_an_option_the_readme_offers_leaves_examples_out_with_one_warning(
        tmp_path: Path, case: str, name: str, edits: list[tuple[str, str, str]], changes: str,
        expected: set[str] | None) -> None:
    folder = _copy(tmp_path, name)
    shipped = _figures(SPECS_DIR / name)
    for file, old, new in edits:
        edit(folder / file, old, new)
    game = load_game(folder)
    warnings: list[str] = []
    check_inputs(game, KitOptions(), warnings.append)  # no error: every example holds where it was written for
    left_out = set(example_standing(game).left_out)
    assert left_out and (expected is None or left_out == expected)
    changes = changes.format(board=board_fingerprint(game.board))
    assert warnings == [f"{len(left_out)} rule examples of {folder / 'examples'} left out of the books, as they do "
                        f"not hold under this game's {changes}: {', '.join(sorted(left_out))}"]
    placed = _figures(folder)
    assert not placed & left_out and placed == shipped - left_out  # the books show every other example
    assert all(shown_in_books(game, f) for f in placed)
    reference = Rulebook(game).blocks("reference")  # places every example but those left out, and asks no more
    assert {b.args[0] for b in reference if b.kind == "directive" and b.text == "figure"} >= \
        {p.stem for p in (folder / "examples").glob("*.yaml")} - left_out
    assert not {b.args[0] for b in reference if b.kind == "directive" and b.text == "figure"} & left_out


def test_the_build_says_which_examples_it_leaves_out_once_and_builds(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    folder = _copy(tmp_path, "patrakill")
    edit(folder / "game.yaml", "skewer: 5", "skewer: 3")
    status = main(["print", str(folder), "--part", "board", "--format", "a4", "--theme", "classic", "--no-preview",
                   "--out", str(tmp_path / "out"), "-q"])
    err = capsys.readouterr().err.splitlines()
    assert status == 0 and err == [f"warning: 2 rule examples of {folder / 'examples'} left out of the books, as "
                                   "they do not hold under this game's options (skewer: 3): round1-ends-fifth-knight, "
                                   "round2-skewer"]
    assert [p.name for p in (tmp_path / "out/patrakill").glob("*.pdf")] == ["board-a4-classic.pdf"]


def test_an_example_is_still_checked_under_the_options_it_was_written_for(tmp_path: Path) -> None:
    folder = _copy(tmp_path, "dragon-eyes")
    edit(folder / "game.yaml", "declare_draw: false", "declare_draw: true")
    wrong = folder / "examples/eyes-level-draw.yaml"  # claims a draw: true under the defaults it was written for
    edit(wrong, "eyes: {light: 1, dark: 1}", "eyes: {light: 1, dark: 2}")
    with pytest.raises(SpecError) as caught:
        check_inputs(load_game(folder), KitOptions())
    problem, = caught.value.problems
    assert (Path(problem.file), problem.line) == (wrong, line_of(wrong, "winner: draw"))
    assert "eyes" in problem.message and "dark" in problem.message


def test_an_example_written_for_a_variant_says_so_and_is_checked_under_it(tmp_path: Path) -> None:
    folder = _copy(tmp_path, "ejderhalar")
    variant = folder / "examples/variant-push-own-dragon.yaml"
    assert shown_in_books(load_game(folder), variant)  # written for the variant: shown though the game is without it
    edit(variant, "options: {push_own_dragons: true}\n", "")  # now written for the defaults, where it is false
    with pytest.raises(SpecError) as caught:
        check_inputs(load_game(folder), KitOptions())
    problem, = caught.value.problems
    assert (Path(problem.file), problem.line) == (variant, line_of(variant, "expect: legal"))
    assert "claims the action is legal, but the engine refuses it" in problem.message
    edit(folder / "game.yaml", "push_own_dragons: false", "push_own_dragons: true")  # the user's game: still wrong
    with pytest.raises(SpecError):
        check_inputs(load_game(folder), KitOptions())


def test_on_another_board_a_file_that_is_not_an_example_is_still_an_error(tmp_path: Path) -> None:
    folder = _copy(tmp_path, "ejderhalar")
    for file, old, new in NINE_BY_NINE:
        edit(folder / file, old, new)
    broken = folder / "examples/game-over.yaml"
    edit(broken, "title:", "titel:")
    with pytest.raises(SpecError) as caught:
        check_inputs(load_game(folder), KitOptions())
    assert {Path(p.file) for p in caught.value.problems} == {broken}
    assert any(p.line == line_of(broken, "titel:") and "titel" in p.message for p in caught.value.problems)


@pytest.mark.parametrize("folder", game_folders(), ids=lambda f: f.name)
def test_the_shipped_games_are_what_their_examples_were_written_for(folder: Path) -> None:
    game = load_game(folder)
    recorded = game.documents["game"].data.get(BOARD_KEY)
    assert recorded == board_fingerprint(game.board), \
        f"{folder.name}/board.yaml is not the board its examples were written for: check the examples on it, " \
        f"then write '{BOARD_KEY}: {board_fingerprint(game.board)}' in game.yaml"
    standing = example_standing(game)
    assert (standing.problems, dict(standing.left_out), standing.changes) == ((), {}, ())


def test_the_diagram_command_skips_or_refuses_an_example_left_out(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    folder = _copy(tmp_path, "patrakill")
    edit(folder / "game.yaml", "skewer: 5", "skewer: 3")
    assert main(["diagram", "round2-skewer", "--game", str(folder), "--out", str(tmp_path / "one.svg")]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("error: rule example 'round2-skewer' is left out of this game's "
                                               "books: impossible position: 4 knights devoured: the dragon's skewer of 3")
    assert not (tmp_path / "one.svg").exists()


def test_an_example_file_that_is_not_yaml_is_located_under_any_options(tmp_path: Path) -> None:
    folder = _copy(tmp_path, "patrakill")
    edit(folder / "game.yaml", "skewer: 5", "skewer: 3")
    broken = folder / "examples/broken.yaml"
    broken.write_text("title: [unclosed\n", encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        check_inputs(load_game(folder), KitOptions())
    problem, = caught.value.problems
    assert (Path(problem.file), problem.line) == (broken, 2) and "YAML syntax error" in problem.message


def test_verify_passes_a_game_whose_options_leave_examples_out_and_notes_them(tmp_path: Path) -> None:
    from generator.kit.verify import VerifyReport, print_report, verify_game

    folder = _copy(tmp_path, "patrakill")
    edit(folder / "game.yaml", "skewer: 5", "skewer: 3")
    report = verify_game(folder, games=0)
    assert report.ok and report.examples == len(list((folder / "examples").glob("*.yaml")))
    out = io.StringIO()
    assert print_report(VerifyReport([report]), out) == 0
    assert f"  note: 2 rule examples of {folder / 'examples'} left out of the books" in out.getvalue()
