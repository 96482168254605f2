"""Finish of tiled board sheets, read back from the PDFs: cut marks, what survives assembly, text sizes."""
from __future__ import annotations

from pathlib import Path

import pytest

from fixture_games import fixture
from generator.compose.board_sheets import board_pages, sheet_margin
from generator.model.game import Game
from generator.output.inspect_pdf import text_runs
from generator.kit import KitOptions
from generator.output.pdf import PdfOptions, write_pdf
from generator.kit.preflight import check_cut_marks, check_text_size
from generator.model.printspec import MIN_TEXT_PT


@pytest.fixture(scope="module")
def rings_a4x4(tmp_path_factory: pytest.TempPathFactory) -> tuple[Game, Path]:
    """The 91-hex fixture board on four A4 sheets, as the kit names it."""
    game = fixture("rings")
    folder = tmp_path_factory.mktemp("rings")
    pages, _, _ = board_pages(game, game.theme("classic"), game.format("a4x4"))
    return game, write_pdf(pages, folder / "board-a4x4-classic.pdf", PdfOptions("rings"))


def _tiled_boards(game: Game, boards: Path, rings_a4x4: tuple[Game, Path]) -> list[tuple[Game, Path]]:
    built = [(game, boards / f"board-{name}-{theme}.pdf") for name in ("a4x4", "letter-x4")
             for theme in ("classic", "light")]
    return built + [rings_a4x4]


def test_every_cut_edge_has_marks_at_both_ends(game: Game, boards: Path, rings_a4x4: tuple[Game, Path]) -> None:
    for owner, path in _tiled_boards(game, boards, rings_a4x4):
        [(name, ok, detail)] = check_cut_marks(path, owner, KitOptions(out=path.parent))
        assert ok, f"{path.name}: {detail}"
        assert detail.startswith("32 marks on 4 sheets")  # four edges, two ends each, on every sheet


def test_the_cut_mark_check_finds_missing_marks(tmp_path: Path) -> None:
    game = fixture("rings")
    pages, _, _ = board_pages(game, game.theme("classic"), game.format("a4x4"))
    bare = [page.replace('class="cut-mark"', 'class="cut-mark" display="none"') for page in pages]
    path = write_pdf(bare, tmp_path / "board-a4x4-classic.pdf", PdfOptions("bare"))
    [(_, ok, detail)] = check_cut_marks(path, game, KitOptions(out=tmp_path))
    assert not ok and "page 2 left edge (first end)" in detail


def test_one_sheet_boards_have_no_cut_mark_check(game: Game, boards: Path) -> None:
    assert check_cut_marks(boards / "board-a4-classic.pdf", game, KitOptions(out=boards)) == []


def test_panel_text_lies_in_the_part_kept_after_assembly(game: Game, boards: Path,
                                                         rings_a4x4: tuple[Game, Path]) -> None:
    """Cutting a top edge off, and laying the sheet below over a glue strip, loses none of the panel's text."""
    for owner, path in _tiled_boards(game, boards, rings_a4x4):
        fmt = owner.format(path.stem.removeprefix("board-").rsplit("-", 1)[0])
        _, tiles, _ = board_pages(owner, owner.theme("classic"), fmt)
        runs = text_runs(path)
        for tile in tiles:
            x0, y0, x1, _ = tile.page_box
            kept_top = y0 if tile.row > 0 else sheet_margin(fmt, None)
            kept_bottom = tile.own[3] + tile.offset[1] if tile.row < fmt.sheet_rows - 1 else fmt.page_mm[1]
            panel = [r for r in runs if r.page == tile.index and (r.box[2] < x0 or r.box[0] > x1)]
            assert any("Sheet" in r.text for r in panel) and any("trim" in r.text for r in panel)
            lost = [r.text for r in panel if r.box[1] < kept_top - 0.1 or r.box[3] > kept_bottom + 0.1]
            assert not lost, f"{path.name} sheet {tile.index + 1}: {lost}"


def test_board_text_is_at_least_six_points(game: Game, boards: Path, rings_a4x4: tuple[Game, Path]) -> None:
    files = sorted(boards.glob("board-*.pdf")) + [rings_a4x4[1]]
    for path in files:
        runs = text_runs(path)
        assert runs, path.name
        small = [(r.page + 1, r.text, r.size_pt) for r in runs if r.size_pt < MIN_TEXT_PT - 0.005]
        assert not small, f"{path.name}: {small[:5]}"


def test_text_sizes_are_read_through_every_transform(tmp_path: Path) -> None:
    """A 4 mm font drawn at half scale prints at 2 mm (5.67 pt): the check sees the printed size and fails it."""
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="100mm" height="50mm" viewBox="0 0 100 50">'
           '<text x="10" y="20" font-family="Source Sans Pro" font-size="4">Plain</text>'
           '<g transform="scale(0.5)"><text x="20" y="80" font-family="Source Sans Pro" font-size="4">Half</text></g>'
           '</svg>')
    path = write_pdf([svg], tmp_path / "sizes.pdf", PdfOptions("sizes"))
    sizes = {run.text: run.size_pt for run in text_runs(path)}
    assert sizes["Plain"] == pytest.approx(4 * 72 / 25.4, abs=0.02)
    assert sizes["Half"] == pytest.approx(2 * 72 / 25.4, abs=0.02)
    [(_, ok, detail)] = check_text_size(path, fixture("race"), KitOptions(out=tmp_path))
    assert not ok and "'Half' 5.67 pt" in detail
