"""Drako's kit refuses what it cannot print as written (issue 24), at the line that is wrong, before writing
anything: mats laid out from mats.yaml whose spaces cover each other, decks and mats written in components.yaml
(where the kit would not read them), a dwarf set up beside the dragon, a decks file that is missing or a folder."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.errors import Problem, SpecError
from generator.model.game import SPECS_DIR, load_game
from generator.kit import KitOptions, build
from generator.kit.verify import verify_game
from spec_edits import edit, line_of


@pytest.fixture()
def folder(tmp_path: Path) -> Path:
    target = tmp_path / "drako"
    shutil.copytree(SPECS_DIR / "drako", target)
    return target


def _refused(folder: Path, out: Path) -> list[Problem]:
    """The problems a build of the whole kit stops at; it writes nothing."""
    with pytest.raises(SpecError) as caught:
        build(load_game(folder), KitOptions(out=out, previews=False), quiet=True)
    assert not (out / "drako").exists()
    return caught.value.problems


def _column(path: Path, needle: str, inside: str) -> int:
    """The 1-based column of ``inside`` on the first line of ``path`` holding ``needle``."""
    line = path.read_text(encoding="utf-8").splitlines()[line_of(path, needle) - 1]
    return line.index(inside) + 1


def test_fury_and_net_markers_pushed_under_the_deck_box_are_refused_at_the_longest_row(folder: Path,
                                                                                        tmp_path: Path) -> None:
    mats = folder / "mats.yaml"
    edit(mats, "wound_markers: 25", "wound_markers: 27")
    edit(mats, "ability: fury, spaces: 6}", "ability: fury, spaces: 8}")
    problem, = _refused(folder, tmp_path / "out")
    assert (Path(problem.file), problem.line) == (mats, line_of(mats, "ability: fury, spaces: 8"))
    assert problem.message == "on the A4 dwarves' mat, the Fury marker's space (beyond the longest row) lies over " \
                              "the 'Dwarf deck' box"
    assert problem.hint == "at most 6 fit there on the A4 and Letter mats: lower 'spaces' to 6 or less"


def test_a_dragon_row_over_the_wound_supply_is_refused_at_its_line(folder: Path, tmp_path: Path) -> None:
    mats = folder / "mats.yaml"
    edit(mats, "wound_markers: 25", "wound_markers: 28")
    edit(mats, "{ability: move, spaces: 2}", "{ability: move, spaces: 6}")
    problem, = _refused(folder, tmp_path / "out")
    assert (Path(problem.file), problem.line) == (mats, line_of(mats, "ability: move, spaces: 6"))
    assert problem.message == "on the A4 dragon's mat, the dragon's move space 5 lies over the wound markers' supply"
    assert problem.hint == "at most 4 fit there on the A4 and Letter mats: lower 'spaces' to 4 or less"


def test_verify_checks_the_mats_too(folder: Path) -> None:
    mats = folder / "mats.yaml"
    edit(mats, "armour: 4", "armour: 9")
    edit(mats, "wound_markers: 25", "wound_markers: 29")
    edit(folder / "components.yaml", "count: 25, spares: 3", "count: 29, spares: 3")
    report = verify_game(folder, games=0)
    assert [(Path(p.file), p.line) for p in report.problems] == [(mats, line_of(mats, "armour: 9"))]
    assert report.problems[0].message == "on the A4 dragon's mat, the dragon's armour space 9 lies over the " \
                                         "'Dragon deck' box"


@pytest.mark.parametrize("key", ["decks", "mats"])
def test_decks_or_mats_in_components_yaml_are_refused_not_ignored(folder: Path, tmp_path: Path, key: str) -> None:
    components = folder / "components.yaml"
    entry = ("decks:\n  - id: extra\n    back: {ground: paper, ink: text}\n    cards:\n"
             "      - {value: 1, label: One, ground: paper, ink: text}\n") if key == "decks" else \
        ("mats:\n  - id: extra\n    spaces: [{id: pool, shape: circle, at_mm: [100, 100], size_mm: 40}]\n")
    edit(components, "components:\n", entry + "components:\n")
    problem, = _refused(folder, tmp_path / "out")
    assert (Path(problem.file), problem.line) == (components, line_of(components, f"{key}:"))
    source = "decks.yaml" if key == "decks" else "mats.yaml"
    assert problem.message == f"Drako prints its {key} from {source} (the file its rules engine reads): {key} listed " \
                              "in components.yaml would not be printed"
    assert problem.hint.startswith(f"remove '{key}:' here")


def test_a_dwarf_set_up_beside_the_dragon_is_reported_at_its_hex_in_board_yaml(folder: Path, tmp_path: Path) -> None:
    board = folder / "board.yaml"
    edit(board, "at: [d6, f2, b2]", "at: [d6, d5, b2]")
    problem, = _refused(folder, tmp_path / "out")
    assert (Path(problem.file), problem.line, problem.column) == (board, line_of(board, "d5"),
                                                                  _column(board, "d5", "d5"))
    assert problem.message == "dwarf-start hex d5 is next to the dragon's hex d4: a dwarf may not set up beside the " \
                              "dragon"


@pytest.mark.parametrize("target, what", [("no-decks.yaml", "does not exist"), ("emblems", "is a folder, not a file")])
def test_a_decks_file_that_is_missing_or_a_folder_is_reported_at_its_line(folder: Path, tmp_path: Path, target: str,
                                                                          what: str) -> None:
    game = folder / "game.yaml"
    edit(game, "decks: decks.yaml", f"decks: {target}")
    problem, = _refused(folder, tmp_path / "out")
    assert (Path(problem.file), problem.line) == (game, line_of(game, f"decks: {target}"))
    assert problem.message == f"decks file '{target}' {what} in {folder}"
